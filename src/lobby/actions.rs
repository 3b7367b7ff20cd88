//! What the lobby's buttons do: 「开始」 starts a new game — asking first when it would replace a
//! saved one (R21) — and 「继续上一局」 brings the saved game back.

use bevy::prelude::*;

use crate::AppSystems;
use crate::game::{Match, MatchSetup};
use crate::overlay::{Answer, Question};
use crate::platform::storage::{SavedGameOffer, continue_saved};
use crate::screens::Screen;

/// What the lobby's buttons ask for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyIntent {
    /// 「开始」: a new game from the setup — asking first when it would replace a saved one.
    Start,
    /// 「继续上一局」.
    Continue,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<LobbyIntent>().add_systems(
        Update,
        (answer_new_game, apply_lobby_intents)
            .chain()
            .in_set(AppSystems::Apply)
            .run_if(in_state(Screen::Lobby)),
    );
}

fn apply_lobby_intents(
    mut intents: MessageReader<LobbyIntent>,
    offer: Res<SavedGameOffer>,
    mut setup: ResMut<MatchSetup>,
    mut question: ResMut<Question>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    for intent in intents.read() {
        match (intent, &offer.0) {
            (LobbyIntent::Start, Some(_)) => *question = Question::NewGame,
            (LobbyIntent::Start, None) => start_new_game(&mut commands, &mut next),
            (LobbyIntent::Continue, Some(saved)) => {
                continue_saved(saved, &mut setup, &mut commands, &mut next);
            }
            (LobbyIntent::Continue, None) => {}
        }
    }
}

fn answer_new_game(
    mut answers: MessageReader<Answer>,
    mut question: ResMut<Question>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    for &Answer(yes) in answers.read() {
        if *question == Question::NewGame {
            *question = Question::None;
            if yes {
                start_new_game(&mut commands, &mut next);
            }
        }
    }
}

/// A new game, even if one with the same setup is unfinished (that one stays saved until the
/// new game's first move).
fn start_new_game(commands: &mut Commands, next: &mut NextState<Screen>) {
    commands.remove_resource::<Match>();
    next.set(Screen::Game);
}
