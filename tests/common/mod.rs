//! The headless test harness shared by the app tests: `MinimalPlugins` + the game's logic
//! plugins, a primary window entity of a chosen size, input written as the window/input messages
//! Bevy itself would send (pointer input as the ordered `WindowEvent` stream winit writes).
#![allow(dead_code)] // each test file uses its own part of the harness

use bevy::ecs::message::MessageCursor;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::window::{CursorMoved, PrimaryWindow, WindowEvent, WindowResolution};
use bevy_egui::{EguiContext, egui};
use tengen::game::Layout;
use tengen::game::MatchSetup;
use tengen::game::{Intent, Match, MoveRefused, PreviewStone};
use tengen::platform::storage::Storage;
use tengen::screens::{GamePhase, Screen};
use tengen_rules::{Point, Refusal};

pub struct Harness {
    pub app: App,
    pub window: Entity,
    refusals: MessageCursor<MoveRefused>,
}

impl Harness {
    pub fn new(size: u8, window: (u32, u32), tweak: impl FnOnce(&mut MatchSetup)) -> Harness {
        Harness::with_storage(size, window, tweak, None, true)
    }

    /// `storage`: the store the app saves to; `in_game`: start in a game rather than the lobby.
    pub fn with_storage(
        size: u8,
        window: (u32, u32),
        tweak: impl FnOnce(&mut MatchSetup),
        storage: Option<Storage>,
        in_game: bool,
    ) -> Harness {
        Harness::build(size, window, tweak, storage, in_game, false)
    }

    /// The game with its interface: egui runs (without a GPU) and draws every screen, so its
    /// widgets can be clicked and measured.
    pub fn with_interface(
        size: u8,
        window: (u32, u32),
        tweak: impl FnOnce(&mut MatchSetup),
        in_game: bool,
    ) -> Harness {
        Harness::build(size, window, tweak, None, in_game, true)
    }

    fn build(
        size: u8,
        window: (u32, u32),
        tweak: impl FnOnce(&mut MatchSetup),
        storage: Option<Storage>,
        in_game: bool,
        interface: bool,
    ) -> Harness {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        if let Some(storage) = storage {
            app.insert_resource(storage);
        }
        app.add_plugins(tengen::logic_plugin);
        if interface {
            add_interface(&mut app);
        }
        let mut setup = MatchSetup {
            size,
            ..MatchSetup::default()
        };
        tweak(&mut setup);
        app.insert_resource(setup);
        let window = app
            .world_mut()
            .spawn((
                Window {
                    resolution: WindowResolution::from(window),
                    ..default()
                },
                PrimaryWindow,
            ))
            .id();
        if in_game {
            app.world_mut()
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Game);
        }
        app.update();
        app.update();
        let refusals = app.world().resource::<Messages<MoveRefused>>().get_cursor();
        Harness {
            app,
            window,
            refusals,
        }
    }

    /// The interface's egui context (with `with_interface`).
    pub fn egui(&mut self) -> egui::Context {
        let mut contexts = self.app.world_mut().query::<&mut EguiContext>();
        contexts
            .single_mut(self.app.world_mut())
            .expect("an egui context")
            .get_mut()
            .clone()
    }

    /// Every widget egui laid out in the last pass, with its layer.
    pub fn widgets(&mut self) -> Vec<egui::WidgetRect> {
        let ctx = self.egui();
        ctx.viewport(|v| {
            let widgets = &v.prev_pass.widgets;
            widgets
                .layer_ids()
                .flat_map(|layer| widgets.get_layer(layer).copied().collect::<Vec<_>>())
                .collect()
        })
    }

    pub fn game(&self) -> &tengen_rules::Game {
        &self.app.world().resource::<Match>().game
    }

    pub fn layout(&self) -> Layout {
        *self.app.world().resource::<Layout>()
    }

    pub fn point(&self, col: u8, row: u8) -> Point {
        self.game().board().point(col, row)
    }

    pub fn send<M: Message>(&mut self, m: M) {
        self.app.world_mut().write_message(m);
    }

    pub fn update(&mut self) {
        self.app.update();
    }

    /// A window event, as winit delivers it: on its own (egui reads those) and in order with
    /// the others of its frame (the game reads those).
    pub fn event<E: Message + Clone + Into<WindowEvent>>(&mut self, e: E) {
        self.send(e.clone());
        self.send(e.into());
    }

    /// The pointer moves to `pos` (no frame runs).
    pub fn move_to(&mut self, position: Vec2) {
        let window = self.window;
        self.event(CursorMoved {
            window,
            position,
            delta: None,
        });
    }

    /// Where the interface last drew the button called `name`.
    pub fn button(&self, name: &str) -> Vec2 {
        let report = self.app.world().resource::<tengen::platform::ButtonReport>();
        let (x, y) = report
            .centre(name)
            .unwrap_or_else(|| panic!("no button {name} drawn"));
        Vec2::new(x, y)
    }

    /// The left button goes down or up where the pointer is (no frame runs).
    pub fn button_state(&mut self, state: ButtonState) {
        let window = self.window;
        self.event(MouseButtonInput {
            button: MouseButton::Left,
            state,
            window,
        });
    }

    /// The pointer moves to `pos` and clicks there, without a frame in between.
    pub fn queue_click(&mut self, pos: Vec2) {
        self.move_to(pos);
        self.button_state(ButtonState::Pressed);
        self.button_state(ButtonState::Released);
    }

    pub fn click_at(&mut self, pos: Vec2) {
        self.queue_click(pos);
        self.update();
    }

    pub fn click(&mut self, col: u8, row: u8) {
        let pos = self.layout().position(col, row);
        self.click_at(pos);
    }

    pub fn tap(&mut self, col: u8, row: u8) {
        let (window, position) = (self.window, self.layout().position(col, row));
        for phase in [TouchPhase::Started, TouchPhase::Ended] {
            self.event(TouchInput {
                phase,
                position,
                window,
                force: None,
                id: 7,
            });
        }
        self.update();
    }

    pub fn key(&mut self, key_code: KeyCode) {
        let window = self.window;
        for state in [ButtonState::Pressed, ButtonState::Released] {
            self.send(KeyboardInput {
                key_code,
                logical_key: Key::Unidentified(NativeKey::Unidentified),
                state,
                text: None,
                repeat: false,
                window,
            });
        }
        self.update();
    }

    /// Runs frames until `done` holds (work off the frame, like the dead-stone proposal, takes a
    /// few), at most `frames` of them.
    pub fn update_until(&mut self, frames: usize, done: impl Fn(&Harness) -> bool) -> bool {
        for _ in 0..frames {
            if done(self) {
                return true;
            }
            self.update();
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        done(self)
    }

    pub fn intent(&mut self, intent: Intent) {
        self.send(intent);
        self.update();
    }

    pub fn refusals(&mut self) -> Vec<Refusal> {
        let messages = self.app.world().resource::<Messages<MoveRefused>>();
        self.refusals.read(messages).map(|r| r.reason).collect()
    }

    pub fn phase(&self) -> GamePhase {
        *self.app.world().resource::<State<GamePhase>>().get()
    }

    pub fn preview(&self) -> Option<Point> {
        self.app.world().resource::<PreviewStone>().0
    }
}

/// What the windowed program adds for its interface, minus the GPU: assets and images (the board's
/// pictures), input and window messages, egui, and the game's interface plugin. Cameras get their
/// target size from the window each frame, as Bevy's renderer would set it.
fn add_interface(app: &mut App) {
    app.add_plugins((
        AssetPlugin::default(),
        bevy::image::ImagePlugin::default(),
        bevy::input::InputPlugin,
        bevy::window::WindowPlugin {
            primary_window: None,
            exit_condition: bevy::window::ExitCondition::DontExit,
            ..default()
        },
    ))
    .init_asset::<bevy::shader::Shader>()
    .add_plugins(bevy_egui::EguiPlugin::default())
    .add_plugins(tengen::interface_plugin)
    .add_systems(First, size_cameras);
}

fn size_cameras(windows: Query<&Window, With<PrimaryWindow>>, mut cameras: Query<&mut Camera>) {
    let Ok(window) = windows.single() else { return };
    for mut camera in &mut cameras {
        camera.computed.target_info = Some(bevy::camera::RenderTargetInfo {
            physical_size: UVec2::new(window.physical_width(), window.physical_height()),
            scale_factor: window.scale_factor(),
        });
    }
}
