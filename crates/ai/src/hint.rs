//! 提示 (hint): the moves the strongest level would consider for the player to move, best
//! first, with the win chance the search gives each. A hint is the hard level's own search,
//! within R10's limits; only moves the search looked at seriously are shown.

use tengen_rules::Move;

use crate::Search;
use crate::mcts::Candidate;

/// At most this many moves in a hint.
pub const MAX_HINTS: usize = 3;

/// A move the search visited less than this share of the best one's visits is no advice: the
/// search only glanced at it, and its win chance says little.
const LEAST_SHARE: f32 = 0.1;

/// One suggested move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hint {
    pub mv: Move,
    /// The player to move's chance of winning after it, as the search sees it (0 to 1).
    pub winrate: f32,
    pub visits: u32,
}

/// The hints a finished (or stopped) search gives: its most visited move first, then up to two
/// more it weighed seriously. A pass is a hint only as the best move (a game that is over on
/// the board); behind a better move it is no advice. Nor is a move with a higher win chance than
/// the best's on fewer visits: the search has not yet checked it as much, and a first-time
/// player read 「R12 52% · S11 53%」 as the ringed best move being the worse one.
pub fn hints(search: &Search) -> Vec<Hint> {
    select(&search.candidates(MAX_HINTS + 1))
}

fn select(candidates: &[Candidate]) -> Vec<Hint> {
    let Some(best) = candidates.first() else {
        return Vec::new();
    };
    let least = (best.visits as f32 * LEAST_SHARE).max(1.0);
    let mut hints = vec![Hint::of(best)];
    if best.mv != Move::Pass {
        hints.extend(
            candidates[1..]
                .iter()
                .filter(|c| c.mv != Move::Pass && c.visits as f32 >= least && c.winrate <= best.winrate)
                .take(MAX_HINTS - 1)
                .map(Hint::of),
        );
    }
    hints
}

impl Hint {
    fn of(c: &Candidate) -> Hint {
        Hint {
            mv: c.mv,
            winrate: c.winrate,
            visits: c.visits,
        }
    }
}

#[cfg(test)]
mod tests {
    use tengen_rules::{Game, RuleSet};

    use super::*;
    use crate::{Level, Limits, at};

    fn candidate(mv: Move, visits: u32, winrate: f32) -> Candidate {
        Candidate {
            mv,
            visits,
            winrate,
            prior: (0.0, 0.5),
            amaf: (0.0, 0.5),
            lead: None,
        }
    }

    #[test]
    fn only_moves_weighed_seriously_are_hints() {
        let board = Game::new(9, RuleSet::Chinese);
        let p = |v: &str| Move::Place(at(board.board(), v));
        let chosen = select(&[
            candidate(p("E5"), 1000, 0.6),
            candidate(Move::Pass, 300, 0.5),
            candidate(p("C3"), 200, 0.55),
            candidate(p("D4"), 150, 0.62),
            candidate(p("G7"), 90, 0.52),
        ]);
        assert_eq!(
            chosen.iter().map(|h| h.mv).collect::<Vec<_>>(),
            vec![p("E5"), p("C3")],
            "the pass behind a better move, D4 rated above the best on fewer visits and the \
             glanced-at G7 are left out"
        );
        assert_eq!(chosen[0].winrate, 0.6);
        let over = select(&[candidate(Move::Pass, 800, 0.9), candidate(p("E5"), 700, 0.9)]);
        assert_eq!(over.iter().map(|h| h.mv).collect::<Vec<_>>(), vec![Move::Pass]);
        assert!(select(&[]).is_empty());
    }

    /// Three stones in atari: for most seeds the first hint takes them (searched by simulations,
    /// the same on any machine; the hard level's move at 3,000 simulations takes them for about
    /// 70% of seeds), and hints come most visited first, none rated above the first.
    #[test]
    fn the_first_hint_takes_stones_in_atari() {
        let game = crate::three_in_atari();
        assert_eq!(game.liberties(at(game.board(), "E5")), 1);
        let takes = (0..20)
            .filter(|&seed| {
                let mut search = Search::with_limits(&game, Level::HARD, seed, Limits::simulations(3000));
                search.run();
                let hints = hints(&search);
                assert!(!hints.is_empty() && hints.len() <= MAX_HINTS);
                assert!(hints.windows(2).all(|w| w[0].visits >= w[1].visits));
                assert!(hints.iter().all(|h| h.winrate <= hints[0].winrate));
                game.clone().play(hints[0].mv) == Ok(3)
            })
            .count();
        assert!(takes > 10, "the first hint captured for {takes} of 20 seeds");
    }
}
