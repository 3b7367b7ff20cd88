//! 形势判断 (position judgement): who owns each point and the result to expect under the game's
//! own rules — area or territory counting, komi, the handicap compensation — from the heavy
//! playouts behind the dead-stone proposal (`ownership.rs`) and the review's search of the
//! position (`analysis.rs`). It judges the position as it stands and changes nothing.

use tengen_rules::{Color, Game, Outcome, Phase, Point, Scoring};

use crate::analysis::{Depth, analyse_with_lead};
use crate::ownership::Ownership;

/// How far a point's ownership (-1 to 1) must lean to count wholly for one side once the board
/// is full: White's or Black's in two thirds of the playouts.
const SURE: f32 = 1.0 / 3.0;

/// How settled the board must be for that sharpening to be whole: the playouts' mean lean over
/// every point (0 on an open board, 1 where every point ends the same in every playout).
const SETTLED: f32 = 0.7;

/// How much of the lead is the search's (its area count after the best move: the mean of its
/// simulations through that move) and how much the playouts' count of the position, by how
/// settled the board is: all the search's while the playouts' mean lean is at most the first
/// number, falling in proportion towards none at the second, but never below
/// [`SEARCH_AT_LEAST`]. Against KataGo's lead on 2,484 positions of 24 9×9 games the playouts
/// alone were 5.2 points off on average, the search alone 3.6, the ramp alone 2.9 (the leader
/// agreeing 94.1%, 97.9%, 98.5% where KataGo's lead is 3 or more); on 304 positions of two
/// 19×19 games 12.7, 7.7 and 7.5 (`docs/katago.md`).
const SEARCH_UNTIL: (f32, f32) = (0.5, 0.9);

/// The search's least share of the lead, on settled boards too: the playouts still lose a safe
/// group now and then where the search has read it. Chosen on 2,700 positions of 26 9×9 games
/// and checked on 3,333 of 32 others: with the playouts answering the last move
/// (`Ownership::of_position`) the mean difference from KataGo's lead went 3.44 → 2.98 and
/// 3.25 → 2.94 points (`docs/katago.md`). More (0.7) was a little better on those games and
/// judged a plain position — White's five columns to Black's four — below the komi.
const SEARCH_AT_LEAST: f32 = 0.6;

/// Playouts behind a judgement: those of the dead-stone proposal, which settle a finished
/// position the same way from one seed to the next.
pub const JUDGE_PLAYOUTS: u32 = crate::ownership::DEAD_STONE_PLAYOUTS;

pub struct Judgement {
    /// Per point (by [`Point::index`]), -1 (White's) to 1 (Black's).
    value: Vec<f32>,
    /// Black's expected lead in points, komi and handicap compensation included; below zero
    /// White leads.
    pub lead: f32,
    /// The fraction of a point by which every result of this game differs from a whole number
    /// of points: the komi's (a count is whole points less the komi and the compensation).
    result_fraction: f32,
}

impl Judgement {
    /// From -1 (White's) to 1 (Black's), as the lead counts the point.
    pub fn owner(&self, p: Point) -> f32 {
        self.value[p.index()]
    }

    /// The expected result in the SGF/GTP form ("B+4.5", "W+0.5", "0"): the nearest result the
    /// game can end with, so never a draw under a komi of 7.5 (a "0" named neither side: 20 of
    /// 1,860 judged 19×19 positions against KataGo, `docs/katago.md`).
    pub fn outcome(&self) -> Outcome {
        let fraction = self.result_fraction;
        Outcome::counted(fraction + (self.lead - fraction).round())
    }
}

/// Judges `game`'s position: who owns what by `playouts` heavy playouts, the lead by them and,
/// while play goes on, by the hard search the review analyses with (a few thousand simulations;
/// `SEARCH_UNTIL`). Deterministic for a given `seed`.
///
/// Each point counts for the side the playouts gave it to, as the rule set counts:
/// under area counting every point, stones included; under territory counting the empty points,
/// the prisoners taken so far, and a stone only if it dies (a prisoner and the point it stood
/// on). Seki is not told apart from life: under territory counting its eyes count.
pub fn judge(game: &Game, playouts: u32, seed: u64) -> Judgement {
    let board = game.board();
    let rules = game.rules();
    let mut ownership = Ownership::of_position(game, seed);
    ownership.run(playouts);
    // A stone lives or dies with its chain. On a settled board a point the playouts give one
    // side in two thirds of them or more counts as that side's, one they dispute in proportion:
    // random playouts lose even safe groups now and then (a finished game's walls end Black's in
    // 70–85% of them). On an open board the playouts' plain average is the better guess (little
    // is settled, and sharpening tripled its noise): the sharpening grows with the board's lean.
    // Against KataGo on 2,409 positions of 9×9 games this and the tempo took the mean error of
    // the lead from 7.5 to 5.4 points (moves 0–20: 15.7 to 7.5), the leader agreeing 93.8%.
    let points = board.points().count() as f32;
    let lean = board
        .points()
        .map(|p| ownership.of(p, Color::Black).abs())
        .sum::<f32>()
        / points;
    let sure = 1.0 - (1.0 - SURE) * (lean / SETTLED).min(1.0);
    let mut value = vec![0.0f32; tengen_rules::MAX_CELLS];
    for p in board.points() {
        let black = match board.color_at(p) {
            Some(_) => {
                let chain: Vec<Point> = board.chain(p).collect();
                chain.iter().map(|&q| ownership.of(q, Color::Black)).sum::<f32>() / chain.len() as f32
            }
            None => ownership.of(p, Color::Black),
        };
        value[p.index()] = (black / sure).clamp(-1.0, 1.0);
    }
    let area: f32 = board.points().map(|p| value[p.index()]).sum();
    let black_minus_white = match rules.scoring() {
        Scoring::Area => area,
        Scoring::Territory => {
            let points: f32 = board
                .points()
                .map(|p| {
                    let black = value[p.index()];
                    match board.color_at(p) {
                        None => black,
                        // A stone scores only when it dies: a prisoner and its point.
                        Some(Color::Black) => black - 1.0,
                        Some(Color::White) => black + 1.0,
                    }
                })
                .sum();
            let prisoners = game.captures(Color::Black) as f32 - game.captures(Color::White) as f32;
            points + prisoners
        }
    };
    let compensation = game.komi() + rules.handicap_compensation(game.handicap());
    // The search counts area, with the same komi and compensation: it moves the playouts' area
    // count towards its own, and the rule set's count moves with it.
    let searched = match game.phase() {
        Phase::Playing => analyse_with_lead(game, seed, Depth::Glance)
            .1
            .map(|lead| lead.mean),
        _ => None,
    };
    let (open, settled) = SEARCH_UNTIL;
    let share = ((settled - lean) / (settled - open)).clamp(SEARCH_AT_LEAST, 1.0);
    let towards_search = searched.map_or(0.0, |lead| share * (lead - (area - compensation)));
    let lead = black_minus_white - compensation + towards_search;
    Judgement {
        value,
        lead,
        result_fraction: compensation.rem_euclid(1.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn judged(lead: f32, komi: f32) -> Outcome {
        let judgement = Judgement {
            value: Vec::new(),
            lead,
            result_fraction: komi.rem_euclid(1.0),
        };
        judgement.outcome()
    }

    #[test]
    fn the_outcome_is_a_result_the_game_can_end_with() {
        let score = |winner, margin| Outcome::Score { winner, margin };
        // Under a half-point komi no game is drawn: a lead near zero still names a side.
        assert_eq!(judged(0.1, 7.5), score(Some(Color::Black), 0.5));
        assert_eq!(judged(-0.2, 6.5), score(Some(Color::White), 0.5));
        assert_eq!(judged(3.2, 7.5), score(Some(Color::Black), 3.5));
        assert_eq!(judged(-3.9, 7.5), score(Some(Color::White), 3.5));
        // Under a whole-point komi a draw can happen, and a half point cannot.
        assert_eq!(judged(0.2, 7.0), score(None, 0.0));
        assert_eq!(judged(3.4, 0.0), score(Some(Color::Black), 3.0));
        assert_eq!(judged(-3.6, 7.0), score(Some(Color::White), 4.0));
    }
}
