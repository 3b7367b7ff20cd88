//! Devices to intents: mouse (hover preview, click plays — or previews first when the option is
//! on), touch (first tap previews, second tap on the same point plays), keys (R16).

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::prelude::*;
use bevy::window::CursorMoved;
use bevy_egui::input::EguiWantsInput;
use tengen_rules::{Move, Phase, Point, Refusal};

use crate::layout::Layout;
use crate::play::{Dir, Intent, Match, PlaySet, PreviewStone, Question};
use crate::setup::MatchSetup;

/// Where the mouse is, and the intersection under it (for the hover stone of R14).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct Pointer {
    pub position: Option<Vec2>,
    pub hover: Option<Point>,
}

/// Touches in progress: where each began.
#[derive(Resource, Default)]
struct Touches(Vec<(u64, Vec2)>);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<CursorMoved>()
        .add_message::<MouseButtonInput>()
        .add_message::<TouchInput>()
        .add_message::<KeyboardInput>()
        .init_resource::<Pointer>()
        .init_resource::<Touches>()
        .add_systems(
            Update,
            (track_pointer, read_mouse, read_touch, read_keys)
                .chain()
                .in_set(PlaySet::Input),
        )
        .add_systems(Update, prefer_preview_on_touch);
}

/// 「落子先预览再确认」 is on by default on touch devices (R15): the first touch turns it on.
fn prefer_preview_on_touch(
    mut touches: MessageReader<TouchInput>,
    mut setup: ResMut<MatchSetup>,
    mut seen: Local<bool>,
) {
    if !*seen && touches.read().next().is_some() {
        *seen = true;
        setup.options.preview_first = true;
    }
}

fn egui_has_pointer(egui: &Option<Res<EguiWantsInput>>) -> bool {
    egui.as_ref().is_some_and(|e| e.wants_any_pointer_input())
}

fn track_pointer(
    mut moves: MessageReader<CursorMoved>,
    layout: Res<Layout>,
    current: Res<Match>,
    mut pointer: ResMut<Pointer>,
) {
    for m in moves.read() {
        pointer.position = Some(m.position);
    }
    let hover = pointer
        .position
        .and_then(|pos| layout.intersection_at(pos))
        .map(|(c, r)| current.game.board().point(c, r))
        .filter(|&p| current.game.board().color_at(p).is_none());
    if pointer.hover != hover {
        pointer.hover = hover;
    }
}

fn read_mouse(
    mut buttons: MessageReader<MouseButtonInput>,
    pointer: Res<Pointer>,
    layout: Res<Layout>,
    current: Res<Match>,
    preview: Res<PreviewStone>,
    egui: Option<Res<EguiWantsInput>>,
    mut intents: MessageWriter<Intent>,
) {
    for b in buttons.read() {
        if b.button != MouseButton::Left || b.state != ButtonState::Pressed || egui_has_pointer(&egui) {
            continue;
        }
        let Some(pos) = pointer.position else { continue };
        let preview_first = current.setup.options.preview_first;
        if let Some(intent) = tap(pos, &layout, &current, preview.0, preview_first) {
            intents.write(intent);
        }
    }
}

fn read_touch(
    mut touches: MessageReader<TouchInput>,
    mut started: ResMut<Touches>,
    layout: Res<Layout>,
    current: Res<Match>,
    preview: Res<PreviewStone>,
    egui: Option<Res<EguiWantsInput>>,
    mut intents: MessageWriter<Intent>,
) {
    for t in touches.read() {
        match t.phase {
            TouchPhase::Started => started.0.push((t.id, t.position)),
            TouchPhase::Ended => {
                let Some(i) = started.0.iter().position(|(id, _)| *id == t.id) else {
                    continue;
                };
                let (_, from) = started.0.swap_remove(i);
                // A drag is not a tap.
                if from.distance(t.position) > layout.step.max(12.0) || egui_has_pointer(&egui) {
                    continue;
                }
                if let Some(intent) = tap(t.position, &layout, &current, preview.0, true) {
                    intents.write(intent);
                }
            }
            TouchPhase::Canceled => started.0.retain(|(id, _)| *id != t.id),
            TouchPhase::Moved => {}
        }
    }
}

/// What a click or tap at `pos` means. `preview_first`: the first tap only previews (R15).
fn tap(
    pos: Vec2,
    layout: &Layout,
    current: &Match,
    preview: Option<Point>,
    preview_first: bool,
) -> Option<Intent> {
    let (c, r) = layout.intersection_at(pos)?; // off the board: never plays
    let game = &current.game;
    let p = game.board().point(c, r);
    match game.phase() {
        Phase::Scoring => return game.board().color_at(p).map(|_| Intent::ToggleDead(p)),
        Phase::Over(_) => return None,
        Phase::Playing => {}
    }
    if !current.humans_turn() {
        return None;
    }
    let refusal = game.check(game.to_move(), Move::Place(p)).err();
    let marked = current.setup.options.forbidden_marks
        && matches!(refusal, Some(Refusal::Suicide | Refusal::Ko | Refusal::Superko));
    // An occupied point, or a marked one, explains itself and places nothing (R4, R13).
    Some(if marked || refusal == Some(Refusal::Occupied) {
        Intent::Explain(p)
    } else if !preview_first {
        Intent::PlaceStone(p)
    } else if preview == Some(p) {
        Intent::ConfirmPreview
    } else {
        Intent::Preview(p)
    })
}

fn read_keys(
    mut keys: MessageReader<KeyboardInput>,
    question: Res<Question>,
    mut intents: MessageWriter<Intent>,
) {
    for k in keys.read() {
        if k.state != ButtonState::Pressed {
            continue;
        }
        let intent = match k.key_code {
            KeyCode::KeyP => Intent::Pass,
            KeyCode::KeyZ | KeyCode::KeyU => Intent::Undo,
            KeyCode::KeyR => Intent::Restart,
            KeyCode::Enter | KeyCode::NumpadEnter => match *question {
                Question::Resign => Intent::ResignConfirmed,
                Question::Restart => Intent::RestartConfirmed,
                Question::None => Intent::ConfirmPreview,
            },
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
