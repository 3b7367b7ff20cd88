//! Devices to intents: mouse (hover preview, click plays — or previews first when the option is
//! on), touch (first tap previews, second tap on the same point plays), keys (R16).
//!
//! Window events are read in the order they happened, each press and release at its own
//! position: on a slow frame several clicks arrive together and every one of them counts. A
//! click or tap is a press and a release on the same intersection; a press made while a
//! question or panel is open never reaches the board.

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::input::touch::TouchPhase;
use bevy::prelude::*;
use bevy::window::WindowEvent;
use tengen_rules::Point;

use super::intents::{Dir, Intent};
use super::layout::Layout;
use super::setup::MatchSetup;
use super::state::Match;
use crate::AppSystems;
use crate::overlay::{self, Panel, Question};
use crate::screens::Screen;

/// Where the mouse is, and the intersection under it (for the hover stone of R14).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct Pointer {
    pub position: Option<Vec2>,
    pub hover: Option<Point>,
}

/// Who is pressing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Presser {
    Mouse,
    Touch(u64),
}

/// Presses in progress on the board: where each began.
#[derive(Resource, Default)]
struct Presses(Vec<(Presser, Vec2)>);

impl Presses {
    fn take(&mut self, who: Presser) -> Option<Vec2> {
        let i = self.0.iter().position(|(p, _)| *p == who)?;
        Some(self.0.swap_remove(i).1)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<WindowEvent>()
        .add_message::<KeyboardInput>()
        .init_resource::<Pointer>()
        .init_resource::<Presses>()
        .add_systems(
            Update,
            (read_pointer, read_keys)
                .in_set(AppSystems::Input)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(Update, prefer_preview_on_touch.in_set(AppSystems::Input));
}

/// 「落子先预览再确认」 is on by default on touch devices (R15): a phone's page shows it on in the
/// lobby from the start, any other device from its first touch — a default only: once the player
/// has set it, their choice stands. (Found by a first-time player: turned on by the first touch
/// alone, the switch seemed to change itself under their finger.)
fn prefer_preview_on_touch(
    mut events: MessageReader<WindowEvent>,
    mut setup: ResMut<MatchSetup>,
    mut asked: Local<bool>,
    mut seen: Local<bool>,
) {
    let touched = events.read().any(|e| matches!(e, WindowEvent::TouchInput(_)));
    let touch_screen = !std::mem::replace(&mut *asked, true) && crate::platform::touch_screen();
    if !*seen && (touched || touch_screen) {
        *seen = true;
        if !setup.options.preview_chosen && !setup.options.preview_first {
            setup.options.preview_first = true;
        }
    }
}

fn read_pointer(
    mut events: MessageReader<WindowEvent>,
    layout: Res<Layout>,
    current: Res<Match>,
    question: Res<Question>,
    panel: Res<Panel>,
    mut pointer: ResMut<Pointer>,
    mut presses: ResMut<Presses>,
    mut intents: MessageWriter<Intent>,
) {
    let covered = overlay::is_open(&question, &panel);
    // The layout follows a new board size a frame late (a review's 19×19, then a 9×9 game):
    // until then its points are not this board's.
    let on_board = |pos: Vec2| {
        layout
            .intersection_at(pos)
            .filter(|_| layout.size == current.game.size())
            .map(|(c, r)| current.game.board().point(c, r))
    };
    let mut tap = |from: Vec2, to: Vec2, preview_first: bool| {
        if let Some(at) = on_board(to).filter(|&p| on_board(from) == Some(p)) {
            intents.write(Intent::Tap { at, preview_first });
        }
    };
    for event in events.read() {
        match event {
            WindowEvent::CursorMoved(m) => pointer.position = Some(m.position),
            WindowEvent::MouseButtonInput(b) if b.button == MouseButton::Left => {
                let Some(pos) = pointer.position else { continue };
                match b.state {
                    ButtonState::Pressed if !covered => presses.0.push((Presser::Mouse, pos)),
                    ButtonState::Pressed => {}
                    ButtonState::Released => {
                        if let Some(from) = presses.take(Presser::Mouse) {
                            tap(from, pos, current.setup.options.preview_on(false));
                        }
                    }
                }
            }
            WindowEvent::TouchInput(t) => match t.phase {
                TouchPhase::Started if !covered => presses.0.push((Presser::Touch(t.id), t.position)),
                TouchPhase::Started => {}
                TouchPhase::Ended => {
                    // A drag is not a tap.
                    if let Some(from) = presses.take(Presser::Touch(t.id))
                        && from.distance(t.position) <= layout.step.max(12.0)
                    {
                        tap(t.position, t.position, current.setup.options.preview_on(true));
                    }
                }
                TouchPhase::Canceled => {
                    presses.take(Presser::Touch(t.id));
                }
                TouchPhase::Moved => {}
            },
            _ => {}
        }
    }
    let hover = pointer
        .position
        .and_then(on_board)
        .filter(|&p| current.game.board().color_at(p).is_none());
    if pointer.hover != hover {
        pointer.hover = hover;
    }
}

/// Keys while nothing covers the board (the overlay reads them otherwise).
fn read_keys(
    mut keys: MessageReader<KeyboardInput>,
    question: Res<Question>,
    panel: Res<Panel>,
    mut intents: MessageWriter<Intent>,
) {
    if overlay::is_open(&question, &panel) {
        keys.clear();
        return;
    }
    for k in keys.read() {
        if k.state != ButtonState::Pressed {
            continue;
        }
        let intent = match k.key_code {
            KeyCode::KeyP => Intent::Pass,
            KeyCode::KeyZ | KeyCode::KeyU => Intent::Undo,
            KeyCode::KeyR => Intent::Restart,
            KeyCode::Enter | KeyCode::NumpadEnter => Intent::ConfirmPreview,
            KeyCode::Escape => Intent::CancelPreview,
            KeyCode::ArrowUp => Intent::MovePreview(Dir::Up),
            KeyCode::ArrowDown => Intent::MovePreview(Dir::Down),
            KeyCode::ArrowLeft => Intent::MovePreview(Dir::Left),
            KeyCode::ArrowRight => Intent::MovePreview(Dir::Right),
            _ => continue,
        };
        intents.write(intent);
    }
}
