//! The game on the board: one resource holding the rules' `Game` with its setup, the preview
//! stone, the time spent, and the screen's phase kept in step with the rules.

use bevy::prelude::*;
use tengen_rules::{Color, Game, Move, Phase, Point};

use super::setup::{MatchSetup, Mode};
use crate::AppSystems;
use crate::overlay::Question;
use crate::platform::clock_seed;
use crate::screens::{GamePhase, Screen};

/// The game on the board and how it was set up.
#[derive(Resource, Clone, Debug)]
pub struct Match {
    pub game: Game,
    pub setup: MatchSetup,
    /// The human's colour against the computer.
    pub human: Color,
    /// The finished game is in the record and the list of finished games (R22): counted once,
    /// not again when its result comes back into view from a review.
    pub counted: bool,
    /// Positions a hint was asked at (提示), for the result against the computer.
    pub hints: u32,
}

impl Match {
    pub fn new(setup: &MatchSetup, coin: bool) -> Match {
        let game = Game::with_handicap(setup.size, setup.rules, setup.handicap)
            .filter(|_| setup.handicap >= 2)
            .unwrap_or_else(|| Game::new(setup.size, setup.rules));
        Match {
            game,
            setup: setup.clone(),
            human: setup.human_color(coin),
            counted: false,
            hints: 0,
        }
    }

    /// Whether a person moves now (always in two-player games).
    pub fn humans_turn(&self) -> bool {
        self.setup.mode == Mode::TwoPlayer || self.game.to_move() == self.human
    }
}

/// The position the game is at: a search, a proposal, a judgement, a hint or a teaching look
/// is for one.
pub(super) fn position_key(m: &Match) -> (usize, u64) {
    (m.game.move_number(), m.game.board().hash())
}

/// The preview stone of R15, if any.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PreviewStone(pub Option<Point>);

/// A position the board shows instead of the match: the one a review is at.
#[derive(Resource, Default, Clone, Debug)]
pub struct Shown(pub Option<Match>);

/// The move a review's analysis preferred to the last move shown: who played, and where the
/// better move was.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct ShownBetter(pub Option<(Color, Move)>);

/// Seconds spent in the current game (saved and restored with it).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct Elapsed(pub f64);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PreviewStone>()
        .init_resource::<Elapsed>()
        .init_resource::<Shown>()
        .init_resource::<ShownBetter>()
        .add_systems(OnEnter(Screen::Game), start_match)
        .add_systems(
            Update,
            (count_time, sync_phase)
                .in_set(AppSystems::React)
                .run_if(in_state(Screen::Game)),
        );
}

/// A new game from the setup, unless the game with this setup is still here: coming back to
/// it — from review too, where a finished game comes back to its result. 「开始」 and
/// 「再来一局」 take the old game away first.
fn start_match(mut commands: Commands, setup: Res<MatchSetup>, current: Option<Res<Match>>) {
    if current.is_some_and(|m| m.setup == *setup) {
        return;
    }
    commands.insert_resource(Match::new(&setup, rand_coin()));
    commands.insert_resource(Elapsed::default());
    commands.insert_resource(PreviewStone::default());
    commands.insert_resource(Question::default());
}

/// Who takes Black when the colour is 随机.
pub(super) fn rand_coin() -> bool {
    clock_seed() >> 7 & 1 == 1
}

fn count_time(time: Res<Time>, current: Res<Match>, mut elapsed: ResMut<Elapsed>) {
    if current.game.phase() == Phase::Playing {
        elapsed.0 += time.delta_secs_f64();
    }
}

/// Keeps the `GamePhase` state in step with the rules' phase.
fn sync_phase(current: Res<Match>, phase: Res<State<GamePhase>>, mut next: ResMut<NextState<GamePhase>>) {
    let wanted = match current.game.phase() {
        Phase::Playing => GamePhase::Playing,
        Phase::Scoring => GamePhase::Scoring,
        Phase::Over(_) => GamePhase::Over,
    };
    if *phase.get() != wanted {
        next.set(wanted);
    }
}
