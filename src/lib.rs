//! Tengen (天元): the game. Each folder is one concern and adds its own plugin:
//!
//! | module | what it is |
//! |---|---|
//! | `screens` | the lobby and game screens, and the game's phases |
//! | `game` | the game screen: setup, the match, intents, input, the computer, board, HUD |
//! | `lobby` | the lobby page, its buttons, the finished games, the rules and help pages |
//! | `review` | 复盘: stepping through a game, its variations, continuing from a position |
//! | `overlay` | questions and panels over any screen (they own every press and key) |
//! | `settings` | pacing, sound, motion, language, and their panel |
//! | `platform` | the store, start flags, the browser page, event lines, font, clock |
//! | `audio` | the sounds |
//! | `theme` | colours, type scale, spacing, depths, timings |
//! | `i18n` | every word shown, in Chinese and English |
//!
//! [`logic_plugin`] is everything that runs without a window (what the headless tests drive);
//! [`plugin`] adds drawing and the UI. Requirements R1–R24 are in `docs/requirements.md`.

// Query filters and system parameter lists are long by nature in Bevy.
#![allow(clippy::type_complexity, clippy::too_many_arguments)]

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

mod audio;
pub mod game;
pub mod i18n;
pub mod lobby;
pub mod overlay;
pub mod platform;
pub mod review;
pub mod screens;
pub mod settings;
pub mod theme;

/// The order of each frame's work in `Update`: devices become intents; intents change the game
/// (or the lobby); the computer takes its turn; then everything that reacts to what happened
/// (saving, sounds, event lines, messages, phase changes); last the board is drawn, so the
/// picture shows the game as this frame left it. Every `Update` system is in one of these.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    Input,
    Apply,
    Computer,
    React,
    Draw,
}

/// The order of the egui pass, back to front: fonts and style, the board's labels, the screen
/// (HUD or lobby), then what lies over it (the 「设置」 button, panels, questions).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UiSystems {
    Style,
    Board,
    Screen,
    Overlay,
}

/// States, setup, layout, input, the game, saving: no window needed.
pub fn logic_plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            AppSystems::Input,
            AppSystems::Apply,
            AppSystems::Computer,
            AppSystems::React,
            AppSystems::Draw,
        )
            .chain(),
    );
    app.add_plugins((
        screens::plugin,
        settings::plugin,
        overlay::plugin,
        game::plugin,
        lobby::plugin,
        review::plugin,
        platform::plugin,
    ));
}

/// What is drawn: the board, HUD, lobby, panels and questions, with the font (needs egui).
pub fn interface_plugin(app: &mut App) {
    app.configure_sets(
        EguiPrimaryContextPass,
        (
            UiSystems::Style,
            (UiSystems::Board, UiSystems::Screen, UiSystems::Overlay)
                .chain()
                .run_if(platform::fonts_ready),
        )
            .chain(),
    );
    app.add_plugins((
        theme::plugin,
        game::ui_plugin,
        lobby::ui_plugin,
        review::ui_plugin,
        overlay::ui_plugin,
        settings::ui_plugin,
        platform::ui_plugin,
    ));
}

/// The whole game: the logic, the interface and the sounds.
pub fn plugin(app: &mut App) {
    app.add_plugins((logic_plugin, interface_plugin, audio::plugin));
}

/// Bevy's default plugins with Tengen's window and egui, ready for [`plugin`]: what the program
/// and the examples start from. In the browser the window is the page's `#tengen` canvas, sized
/// by the page (`resolution` is the desktop window's first size).
pub fn windowed_app(resolution: (u32, u32)) -> App {
    let resolution = bevy::window::WindowResolution::from(resolution);
    #[cfg(target_arch = "wasm32")]
    let resolution = platform::web::page_resolution().unwrap_or(resolution);
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "天元 Tengen".into(),
                    resolution,
                    canvas: Some("#tengen".into()),
                    fit_canvas_to_parent: true,
                    // Keeps the browser from scrolling, zooming or opening menus on the board.
                    prevent_default_event_handling: true,
                    ..default()
                }),
                ..default()
            })
            // No `.meta` files exist; asking a web server for each would only produce 404s.
            .set(AssetPlugin {
                meta_check: bevy::asset::AssetMetaCheck::Never,
                ..default()
            }),
    )
    .add_plugins(bevy_egui::EguiPlugin::default());
    app
}
