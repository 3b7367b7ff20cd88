//! The computer player for Tengen and the `tengen-gtp` engine.
//!
//! A ladder of thirteen levels behind one stepped [`Search`] ([`Level`]): easy and normal look
//! one move ahead (R10), hard is a Monte Carlo tree search with RAVE, priors and heavy playouts;
//! between easy and normal is normal with noise, between normal and hard that tree search with
//! fewer simulations, choosing among its good moves with some chance. Also the dead-stone
//! judgement for counting, the position judgement, hints and the
//! analysis of a finished game, and the GTP front end.

mod analysis;
mod book;
pub mod features;
pub mod gtp;
mod hint;
mod judge;
mod ladder;
pub mod learn;
mod levels;
mod mcts;
pub mod model;
mod ownership;
mod patterns;
mod playout;
pub mod remote;
mod search;
mod tactics;

pub use analysis::{Analysed, Depth, MISTAKE, Mistake, analyse, mistakes};
pub use hint::{Hint, MAX_HINTS, hints};
pub use judge::{JUDGE_PLAYOUTS, Judgement, judge};
pub use ladder::{Level, Reading};
pub use mcts::{Candidate, Lead, tree_candidates};
pub use ownership::{DEAD_STONE_PLAYOUTS, Ownership, dead_stones};
pub use playout::{SelfAtari, area_balance, heavy_playout, light_playout, random_move};
pub use search::{CancelOnDrop, Decision, Limits, Search, StopSignal};

/// The point of a vertex name such as "D4" on `board`, for tests.
#[cfg(test)]
fn at(board: &tengen_rules::Board, vertex: &str) -> tengen_rules::Point {
    let (c, r) = tengen_rules::parse_vertex(board.size(), vertex).unwrap();
    board.point(c, r)
}

/// A 9×9 game, Black to move, White's D5-E5-F5 in atari (its last liberty F6), the rest of
/// White's other stones on the 3-3 points: taking the three decides the game.
#[cfg(test)]
fn three_in_atari() -> tengen_rules::Game {
    let mut game = tengen_rules::Game::new(9, tengen_rules::RuleSet::Chinese);
    let moves = [
        "C5", "D5", "D4", "E5", "E4", "F5", "F4", "C7", "G5", "G7", "D6", "C3", "E6", "G3",
    ];
    for v in moves {
        let p = at(game.board(), v);
        game.play(tengen_rules::Move::Place(p)).unwrap();
    }
    game
}

/// White B2 in atari on a 7×7 board, for tests: B1 gives it two liberties, A1 and C1; Black C1 is
/// atari again, and after A1 it has none: a ladder catches the escape.
#[cfg(test)]
fn ladder_caught() -> tengen_rules::Board {
    ladder_board(". X . . . . .", "X O X . . . .")
}

/// [`ladder_caught`] with White C3 and D2: Black's ataris after B1 are self-ataris, the escape works.
#[cfg(test)]
fn ladder_escaped() -> tengen_rules::Board {
    ladder_board(". X O . . . .", "X O X O . . .")
}

#[cfg(test)]
fn ladder_board(third_line: &str, second_line: &str) -> tengen_rules::Board {
    let empty = ". . . . . . .";
    let rows = [empty, empty, empty, empty, third_line, second_line, empty];
    tengen_rules::Board::from_ascii(&rows.join("\n")).unwrap()
}
