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
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        if let Some(storage) = storage {
            app.insert_resource(storage);
        }
        app.add_plugins(tengen::logic_plugin);
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

    /// A window event, as winit delivers it: in order with the others of its frame.
    pub fn event(&mut self, e: impl Into<WindowEvent>) {
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

    /// The left button goes down or up where the pointer is (no frame runs).
    pub fn button(&mut self, state: ButtonState) {
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
        self.button(ButtonState::Pressed);
        self.button(ButtonState::Released);
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
