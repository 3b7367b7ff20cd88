//! Review's keys: ← → a move, Home / End the start and the end, Esc back (unless a panel is
//! open: then Esc is the panel's).

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

use super::state::ReviewIntent;
use crate::AppSystems;
use crate::overlay::{self, Panel, Question};
use crate::screens::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        read_review_keys
            .in_set(AppSystems::Input)
            .run_if(in_state(Screen::Review)),
    );
}

fn read_review_keys(
    mut keys: MessageReader<KeyboardInput>,
    question: Res<Question>,
    panel: Res<Panel>,
    mut intents: MessageWriter<ReviewIntent>,
) {
    if overlay::is_open(&question, &panel) {
        keys.clear();
        return;
    }
    for k in keys.read().filter(|k| k.state == ButtonState::Pressed) {
        let intent = match k.key_code {
            KeyCode::ArrowLeft | KeyCode::ArrowUp => ReviewIntent::Back,
            KeyCode::ArrowRight | KeyCode::ArrowDown => ReviewIntent::Forward,
            KeyCode::Home => ReviewIntent::First,
            KeyCode::End => ReviewIntent::Last,
            KeyCode::Escape => ReviewIntent::Leave,
            _ => continue,
        };
        intents.write(intent);
    }
}
