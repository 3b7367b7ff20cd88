//! Tengen (天元): the game. One plugin per concern; [`logic_plugin`] is everything that runs
//! without a window (what the headless tests drive), [`plugin`] adds drawing and the UI.

// Query filters and system parameter lists are long by nature in Bevy.
#![allow(clippy::type_complexity, clippy::too_many_arguments)]

use bevy::prelude::*;

pub mod ai_task;
mod audio;
mod board_view;
pub mod events;
mod font;
pub mod help;
mod hud;
pub mod i18n;
pub mod input;
pub mod layout;
pub mod lobby;
pub mod overlay;
pub mod play;
pub mod screens;
pub mod settings;
pub mod setup;
pub mod storage;
#[cfg(target_arch = "wasm32")]
mod web;

/// The order of each frame's work: devices become intents, intents change the game (or the
/// lobby), the computer takes its turn, then everything that reports on what happened (saving,
/// sounds, event lines, messages, phase changes). Every `Update` system is in one of these.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AppSystems {
    Input,
    Apply,
    Computer,
    React,
}

/// States, setup, layout, input and the game itself: no rendering needed.
pub fn logic_plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (
            AppSystems::Input,
            AppSystems::Apply,
            AppSystems::Computer,
            AppSystems::React,
        )
            .chain(),
    );
    app.add_plugins((
        screens::plugin,
        overlay::plugin,
        lobby::plugin,
        setup::plugin,
        settings::plugin,
        play::plugin,
        layout::plugin,
        input::plugin,
        ai_task::plugin,
        storage::plugin,
        events::plugin,
    ));
}

/// The whole game: the logic plus board view, HUD, lobby and fonts.
pub fn plugin(app: &mut App) {
    app.add_plugins((
        logic_plugin,
        font::plugin,
        board_view::plugin,
        hud::plugin,
        lobby::ui_plugin,
        overlay::ui_plugin,
        settings::ui_plugin,
        audio::plugin,
        help::plugin,
        #[cfg(target_arch = "wasm32")]
        web::plugin,
    ));
}

/// Bevy's default plugins with Tengen's window and egui, ready for [`plugin`]: what the program
/// and the examples start from. In the browser the window is the page's `#tengen` canvas, sized
/// by the page (`resolution` is the desktop window's first size).
pub fn windowed_app(resolution: (u32, u32)) -> App {
    let resolution = bevy::window::WindowResolution::from(resolution);
    #[cfg(target_arch = "wasm32")]
    let resolution = web::page_resolution().unwrap_or(resolution);
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
