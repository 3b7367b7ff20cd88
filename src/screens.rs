//! Screens: the lobby, the game (and within it its phase), and review.

use bevy::prelude::*;

#[derive(States, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Lobby,
    Game,
    /// 复盘: stepping through a game.
    Review,
}

/// Where a game stands; mirrors [`tengen_rules::Phase`] so systems and entities can be scoped.
#[derive(SubStates, Default, Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Game)]
#[states(scoped_entities)]
pub enum GamePhase {
    #[default]
    Playing,
    Scoring,
    Over,
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>().add_sub_state::<GamePhase>();
}
