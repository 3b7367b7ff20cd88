//! A game analysed after it is played: every position searched by the hard level for a fixed
//! number of simulations (the same answer on any machine, and a known time: about 0.3 s a
//! position on 9×9 in the browser), giving Black's chance of winning and the best move there;
//! from those, each side's mistakes — the moves after which the mover's chance fell most.

use serde::{Deserialize, Serialize};
use tengen_rules::{Color, Game, Move};

use crate::{Level, Limits, Search};

/// One position, analysed.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysed {
    /// Black's chance of winning, 0 to 1.
    pub black: f32,
    /// The best move found for the player to move: (column, row), `None` for a pass.
    pub best: Option<(u8, u8)>,
}

/// Simulations for each position: a few thousand, fewer on the larger boards, whose
/// simulations cost more (a 250-move 19×19 game within five minutes in the browser).
pub fn analysis_simulations(size: u8) -> u64 {
    match size {
        0..=9 => 3000,
        10..=13 => 2500,
        _ => 2000,
    }
}

/// Searches `game`'s position (play going on) for [`analysis_simulations`].
pub fn analyse(game: &Game, seed: u64) -> Analysed {
    let limits = Limits::simulations(analysis_simulations(game.size()));
    let mut search = Search::with_limits(game, Level::HARD, seed, limits);
    search.run();
    let (mover, best) = match search.candidates(1).first() {
        Some(c) => (c.winrate, Some(c.mv)),
        None => (0.5, None),
    };
    Analysed {
        black: if game.to_move() == Color::Black {
            mover
        } else {
            1.0 - mover
        },
        best: match best {
            Some(Move::Place(p)) => Some(game.board().coords(p)),
            _ => None,
        },
    }
}

/// A move that cost its player at least [`MISTAKE`] of their chance of winning.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mistake {
    /// The move's number (1 is the first move).
    pub number: usize,
    pub color: Color,
    /// The chance lost, 0 to 1.
    pub loss: f32,
    /// What the search preferred in the position before it.
    pub better: Option<(u8, u8)>,
}

/// A move losing this much of its player's chance of winning is a mistake (KataGo-based
/// reviews call 15% a mistake, more a blunder).
pub const MISTAKE: f32 = 0.15;

/// The mistakes of a game from its analysed positions (`positions[n]`: after `n` moves; `None`
/// not analysed yet) and who played each move, biggest first.
pub fn mistakes(positions: &[Option<Analysed>], movers: &[Color]) -> Vec<Mistake> {
    let mut found: Vec<Mistake> = movers
        .iter()
        .enumerate()
        .filter_map(|(i, &color)| {
            let (before, after) = (positions.get(i)?.as_ref()?, positions.get(i + 1)?.as_ref()?);
            let chance = |a: &Analysed| {
                if color == Color::Black {
                    a.black
                } else {
                    1.0 - a.black
                }
            };
            let loss = chance(before) - chance(after);
            (loss >= MISTAKE).then_some(Mistake {
                number: i + 1,
                color,
                loss,
                better: before.best,
            })
        })
        .collect();
    found.sort_by(|a, b| b.loss.total_cmp(&a.loss));
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::at;

    fn analysed(black: f32) -> Option<Analysed> {
        Some(Analysed {
            black,
            best: Some((2, 2)),
        })
    }

    #[test]
    fn a_mistake_is_a_fall_in_the_movers_chance() {
        use Color::{Black, White};
        // Black's 2nd move (move 3) drops Black from 0.6 to 0.3; White's (move 4) hands 0.4 back
        // (0.7 → 0.3 for White); the others lose little or nothing, or are not analysed.
        let positions = [
            analysed(0.5),
            analysed(0.55),
            analysed(0.6),
            analysed(0.3),
            analysed(0.7),
            analysed(0.62),
            None,
        ];
        let found = mistakes(&positions, &[Black, White, Black, White, Black, White]);
        assert_eq!(
            found.iter().map(|m| (m.number, m.color)).collect::<Vec<_>>(),
            vec![(4, White), (3, Black)]
        );
        assert!((found[0].loss - 0.4).abs() < 1e-5 && (found[1].loss - 0.3).abs() < 1e-5);
        assert_eq!(found[0].better, Some((2, 2)));
    }

    /// Three stones in atari: for most seeds the analysis's best move takes them (a search of a
    /// few thousand simulations finds the capture for 8 of 10 seeds, not all), and Black, to
    /// take them, is ahead for every seed.
    #[test]
    fn the_best_move_takes_stones_in_atari() {
        let game = crate::three_in_atari();
        let f6 = game.board().coords(at(game.board(), "F6"));
        let all: Vec<Analysed> = (0..8).map(|seed| analyse(&game, seed)).collect();
        let takes = all.iter().filter(|a| a.best == Some(f6)).count();
        assert!(takes >= 5, "F6 best for {takes} of 8 seeds: {all:?}");
        assert!(all.iter().all(|a| a.black > 0.5), "{all:?}");
        assert_eq!(analyse(&game, 3), all[3], "the same for the same seed");
    }
}
