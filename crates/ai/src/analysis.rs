//! A game analysed after it is played: every position searched by the hard level for a fixed
//! number of simulations (the same answer on any machine, and a known time: about 0.65 s a
//! position on 9×9 in the headless browser), giving Black's chance of winning, the best move
//! there and Black's lead after it (the middle of the counts of the simulations through it);
//! from those, each side's mistakes — the moves after which the mover's chance or lead fell
//! most.

use serde::{Deserialize, Serialize};
use tengen_rules::{Color, Game, Move};

use crate::{Lead, Level, Limits, Search};

/// One position, analysed.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysed {
    /// Black's chance of winning, 0 to 1.
    pub black: f32,
    /// The best move found for the player to move: (column, row), `None` for a pass.
    pub best: Option<(u8, u8)>,
    /// Black's lead in points after the best move, komi included: the middle of its
    /// simulations' area counts ([`crate::Lead::median`]; area under territory rules too, where
    /// the two differ little from one move to the next); `None` in analyses kept before it was
    /// (and the mean in those kept before the middle was).
    #[serde(default)]
    pub lead: Option<f32>,
}

/// How deeply [`analyse`] searches a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Depth {
    /// During play — 形势判断 and the teaching game's look at each move — where the answer is
    /// awaited at once, and 形势判断 keeps within R10's time in the browser.
    Glance,
    /// 复盘's review of a game, position after position while the player looks on: on 9×9 four
    /// times a glance (a 75-move game in 36–42 s in the headless browser, two positions at a
    /// time on two workers), four times on 13×13 (71.1% / 74.6% of KataGo's mistakes at
    /// 10,000 against 66.4% / 74.2% at 5,000), twice on 19×19 (45.0% / 80.5%; at 8,000 45.4% /
    /// 85.7%, too slow for a 250-move game in the browser's five minutes). On 9×9 more depth
    /// stopped paying: against KataGo on the held-out middle-level games, with either fall alone
    /// and 5.5 points, the review listed 67.5% of its mistakes with 68.6% agreed at 12,000
    /// simulations and 66.3% / 68.1% at 24,000 (`docs/katago.md`).
    Review,
}

impl Depth {
    /// Simulations for each position on a `size` board: fewer on the larger boards, whose
    /// simulations cost more (a 250-move 19×19 game within five minutes in the browser).
    pub fn simulations(self, size: u8) -> u64 {
        match (self, size) {
            (Depth::Review, 0..=9) => 12_000,
            (Depth::Review, 10..=13) => 10_000,
            (Depth::Review, _) => 4000,
            (_, 0..=9) => 3000,
            (_, 10..=13) => 2500,
            _ => 2000,
        }
    }
}

/// The mover's chance from which on (or below one minus it) a position counts as decided, and
/// the review searches it for points ([`analyse`]).
pub const DECIDED: f32 = 0.8;

/// Searches `game`'s position (play going on) for `depth`'s simulations. A quarter of them
/// first judge the chance; in a decided position the rest search afresh for the points, playing
/// for the lead they found ([`Search::aiming_at`]): by the real komi every move wins (or loses)
/// alike there, so the best move would be any safe one and a move that gives back half the lead
/// would not show as a mistake — against KataGo on 24 9×9 games, 285 of the 411 moves it called
/// mistakes were in decided positions, 191 of them the very move the plain search preferred.
pub fn analyse(game: &Game, seed: u64, depth: Depth) -> Analysed {
    analyse_with_lead(game, seed, depth).0
}

/// [`analyse`], and the whole [`Lead`] its lead is the middle of: the judgement takes the mean,
/// which KataGo's lead is nearer to (on the kept middle-level games 2.95 points off on average
/// against the middle's 3.28), where the middle tells more of the review's mistakes
/// (`docs/katago.md`).
pub(crate) fn analyse_with_lead(game: &Game, seed: u64, depth: Depth) -> (Analysed, Option<Lead>) {
    let simulations = depth.simulations(game.size());
    let first = simulations / 4;
    let mut search =
        Search::with_limits(game, Level::HARD, seed, Limits::simulations(simulations)).playing_on();
    search.step_simulations(first);
    let judged = search.candidates(1).first().copied();
    let first_chance = judged.map_or(0.5, |c| c.winrate);
    // The mover's margin to play for, in a decided position: the mean lead (aimed at the
    // middle, the review missed more of KataGo's mistakes; `docs/katago.md`).
    let aim = judged
        .and_then(|c| c.lead)
        .filter(|_| !(1.0 - DECIDED..DECIDED).contains(&first_chance))
        .map(|lead| {
            if game.to_move() == Color::Black {
                lead.mean
            } else {
                -lead.mean
            }
        });
    if let Some(margin) = aim {
        let limits = Limits::simulations(simulations - first);
        search = Search::with_limits(game, Level::HARD, seed, limits)
            .playing_on()
            .aiming_at(margin);
    }
    search.run();
    let best = search.candidates(1).first().copied();
    // An aimed search's win rate is against its margin, not the komi: the chance is the first's.
    let chance = match aim {
        Some(_) => first_chance,
        None => best.map_or(0.5, |c| c.winrate),
    };
    let lead = best.and_then(|c| c.lead).or(judged.and_then(|c| c.lead));
    let analysed = Analysed {
        black: if game.to_move() == Color::Black {
            chance
        } else {
            1.0 - chance
        },
        lead: lead.map(|lead| lead.median),
        best: match best.map(|c| c.mv) {
            Some(Move::Place(p)) => Some(game.board().coords(p)),
            _ => None,
        },
    };
    (analysed, lead)
}

/// A move that cost its player enough of their chance of winning and of their lead, together:
/// its fall in chance over [`MISTAKE`] plus its fall in lead over `mistake_points` reach 1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mistake {
    /// The move's number (1 is the first move).
    pub number: usize,
    pub color: Color,
    /// The chance lost, 0 to 1.
    pub loss: f32,
    /// The points lost, where both positions were judged and the move is judged by points
    /// ([`OPENING_UNJUDGED_BY_POINTS`]).
    pub points: Option<f32>,
    /// What the search preferred in the position before it.
    pub better: Option<(u8, u8)>,
    /// The bar its points were measured against ([`mistake_points`] of the board).
    pub bar: f32,
}

impl Mistake {
    /// Whether the chance lost is the larger part of the mistake (else the points are): in a
    /// game already decided a move can lose many points and no chance.
    pub fn by_chance(&self) -> bool {
        self.points
            .is_none_or(|points| self.loss / MISTAKE >= points / self.bar)
    }

    /// How big: its share of [`MISTAKE`] and its share of the points bar, added (a rise counts
    /// as nothing). A move losing 10% of its chance and 2.25 points on 9×9 is a mistake: with
    /// either bar alone, the review could not list more of KataGo's mistakes without listing
    /// more that are none (`docs/katago.md`).
    fn weight(&self) -> f32 {
        self.loss.max(0.0) / MISTAKE + self.points.unwrap_or(0.0).max(0.0) / self.bar
    }
}

/// A move losing this much of its player's chance of winning is a mistake however little its
/// lead fell (KataGo-based reviews call 15% a mistake, more a blunder) …
pub const MISTAKE: f32 = 0.15;
/// … and so is one losing this many points of its player's lead on a `size` board, however
/// little its chance fell — and one losing some of each ([`Mistake::weight`]): in a decided
/// game the chance hardly moves, and two thirds of KataGo's mistakes in games between middle
/// levels lost points only. KataGo's bar is 5 points. With the middle of the counts as the lead
/// ([`Analysed::lead`]) and the rule of [`mistakes`], the 9×9 bar was chosen on the kept
/// middle-level games (`docs/katago.md`): the two first sets together, the review's 12,000
/// simulations (it lists 71.8% of KataGo's mistakes, KataGo agrees with 71.6% of its list),
/// checked on 40 more (70.0% and 67.5%; with the bars apart, 5.5 points, 67.5% and 68.6%).
/// The larger boards keep 4.5 points × side / 9 (the playouts' count wanders with the side: on
/// 19×19 a 6-point bar on the mean listed 41 moves a game, four in five of them not KataGo's
/// mistakes).
pub fn mistake_points(size: u8) -> f32 {
    match size {
        0..=9 => 6.75,
        10..=13 => 6.5,
        _ => 9.5,
    }
}

/// How many moves, from the first, are not judged by points (the chance still counts). Over an
/// empty board the searched lead of whoever has just moved runs far ahead of the truth, so any
/// first move looked like a mistake: against KataGo on ten 19×19 games (`docs/katago.md`) the
/// lead fell 12.3, 7.8, 7.2 and 5.4 points on average over moves 1 to 4 (KataGo: 0.6–1.0) and
/// 2–3 from move 5 on (KataGo: 1–2), and six of the ten games listed a corner opening among
/// their first four moves as a 13–16 point mistake. The middle of the counts does so on 9×9
/// too: by points alone it would list 98 of moves 1–4 of the 58 kept middle-level games, 14 of
/// them KataGo's mistakes.
pub const OPENING_UNJUDGED_BY_POINTS: usize = 4;

/// The mistakes of a game on a `size` board from its analysed positions (`positions[n]`: after
/// `n` moves; `None` not analysed yet) and its moves (who played, and where: `None` a pass),
/// biggest first. The move the analysis itself preferred is none, whatever the numbers say:
/// their fall is then the searches' noise (against KataGo on 24 9×9 games, leaving those out took
/// the precision from 50% to 61% for 2.5 points of recall).
pub fn mistakes(
    size: u8,
    positions: &[Option<Analysed>],
    moves: &[(Color, Option<(u8, u8)>)],
) -> Vec<Mistake> {
    let mut found: Vec<Mistake> = moves
        .iter()
        .enumerate()
        .filter_map(|(i, &(color, at))| {
            let (before, after) = (positions.get(i)?.as_ref()?, positions.get(i + 1)?.as_ref()?);
            if at == before.best {
                return None;
            }
            let sign = if color == Color::Black { 1.0 } else { -1.0 };
            let mistake = Mistake {
                bar: mistake_points(size),
                number: i + 1,
                color,
                loss: sign * (before.black - after.black),
                points: before
                    .lead
                    .zip(after.lead)
                    .filter(|_| i >= OPENING_UNJUDGED_BY_POINTS)
                    .map(|(b, a)| sign * (b - a)),
                better: before.best,
            };
            (mistake.weight() >= 1.0).then_some(mistake)
        })
        .collect();
    found.sort_by(|a, b| b.weight().total_cmp(&a.weight()));
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::at;

    fn analysed(black: f32) -> Option<Analysed> {
        judged(black, None)
    }

    fn judged(black: f32, lead: Option<f32>) -> Option<Analysed> {
        Some(Analysed {
            black,
            lead,
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
        let moves = [Black, White, Black, White, Black, White].map(|c| (c, Some((4, 4))));
        let found = mistakes(9, &positions, &moves);
        assert_eq!(
            found.iter().map(|m| (m.number, m.color)).collect::<Vec<_>>(),
            vec![(4, White), (3, Black)]
        );
        assert!((found[0].loss - 0.4).abs() < 1e-5 && (found[1].loss - 0.3).abs() < 1e-5);
        assert_eq!(found[0].better, Some((2, 2)));
        assert!(found.iter().all(|m| m.by_chance() && m.points.is_none()));
    }

    /// An analysis kept with a finished game before the lead was still reads, without it.
    #[test]
    fn an_analysis_kept_without_the_lead_reads() {
        let old: Analysed = serde_json::from_str(r#"{"black":0.25,"best":[2,6]}"#).unwrap();
        assert_eq!(
            old,
            judged(0.25, None)
                .map(|a| Analysed {
                    best: Some((2, 6)),
                    ..a
                })
                .unwrap()
        );
    }

    /// In a decided game the chance barely moves, the lead does: White's move 8 gives away
    /// 8 points (B+17 → B+25) for 1% of its chance, a mistake; Black's move 7 loses 3 points,
    /// not one; around the position after move 5, not judged (an analysis kept before the lead
    /// was), only the chance counts, and that barely moved.
    #[test]
    fn a_mistake_is_also_a_fall_in_the_movers_lead() {
        use Color::{Black, White};
        let mut positions = vec![judged(0.95, Some(26.0)); OPENING_UNJUDGED_BY_POINTS + 1];
        positions.extend([
            analysed(0.94),
            judged(0.95, Some(20.0)),
            judged(0.95, Some(17.0)),
            judged(0.96, Some(25.0)),
        ]);
        let mut moves = [Black, White]
            .repeat(4)
            .into_iter()
            .map(|c| (c, Some((4, 4))))
            .collect::<Vec<_>>();
        let found = mistakes(9, &positions, &moves);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!((found[0].number, found[0].color), (8, White));
        assert!(!found[0].by_chance());
        assert!((found[0].points.unwrap() - 8.0).abs() < 1e-5);
        // On 19×19 the bar is higher: 8 points are the playouts' wandering there.
        assert_eq!(mistakes(19, &positions, &moves), []);
        // Nor is it one when White played where the analysis would have.
        moves[7].1 = Some((2, 2));
        assert_eq!(mistakes(9, &positions, &moves), []);
    }

    /// Some chance and some points lost make a mistake together that neither makes alone:
    /// Black's move 7 loses 10% of its chance and 3 points (2/3 of one bar and 4/9 of the other
    /// on 9×9), White's move 8 the 10% alone, Black's move 9 the 3 points alone. On 19×19 the
    /// same 3 points are a third of the bar, and move 7 falls short.
    #[test]
    fn a_little_of_both_is_a_mistake() {
        use Color::{Black, White};
        let mut positions = vec![judged(0.6, Some(2.0)); OPENING_UNJUDGED_BY_POINTS + 3];
        positions.extend([
            judged(0.5, Some(-1.0)),
            judged(0.6, Some(-1.0)),
            judged(0.6, Some(-4.0)),
        ]);
        let moves: Vec<_> = [Black, White]
            .repeat(5)
            .into_iter()
            .take(9)
            .map(|c| (c, Some((4, 4))))
            .collect();
        let found = mistakes(9, &positions, &moves);
        assert_eq!(
            found.iter().map(|m| m.number).collect::<Vec<_>>(),
            [7],
            "{found:?}"
        );
        assert!(found[0].by_chance() && (found[0].points.unwrap() - 3.0).abs() < 1e-5);
        assert_eq!(mistakes(19, &positions, &moves), []);
    }

    /// A move among the first four is judged by its chance alone: there the lead of whoever has
    /// just moved is the empty board's noise. Move 1's 14-point fall is no mistake on either
    /// size; the larger fall at move 5 is one on both, and a fall in the chance at move 2 counts
    /// on both.
    #[test]
    fn the_first_moves_are_judged_by_chance_alone() {
        use Color::{Black, White};
        let positions = [
            judged(0.55, Some(5.0)),
            judged(0.5, Some(-9.0)),
            judged(0.7, Some(-10.0)),
            judged(0.7, Some(-10.0)),
            judged(0.7, Some(-10.0)),
            judged(0.7, Some(-25.0)),
        ];
        let moves = [Black, White, Black, White, Black].map(|c| (c, Some((4, 4))));
        // (move number, a mistake by its chance, its points judged)
        let found = |size| {
            let mut found: Vec<_> = mistakes(size, &positions, &moves)
                .iter()
                .map(|m| (m.number, m.by_chance(), m.points.is_some()))
                .collect();
            found.sort();
            found
        };
        assert_eq!(found(9), [(2, true, false), (5, false, true)]);
        assert_eq!(found(19), found(9));
    }

    /// Three stones in atari: for most seeds the analysis's best move takes them (a search of a
    /// few thousand simulations finds the capture for about 70% of seeds, not all), and Black,
    /// to take them, is ahead for every seed.
    #[test]
    fn the_best_move_takes_stones_in_atari() {
        let game = crate::three_in_atari();
        let f6 = game.board().coords(at(game.board(), "F6"));
        let all: Vec<Analysed> = (0..20).map(|seed| analyse(&game, seed, Depth::Glance)).collect();
        let takes = all.iter().filter(|a| a.best == Some(f6)).count();
        assert!(takes > 10, "F6 best for {takes} of 20 seeds: {all:?}");
        assert!(all.iter().all(|a| a.black > 0.5), "{all:?}");
        assert_eq!(
            analyse(&game, 3, Depth::Glance),
            all[3],
            "the same for the same seed"
        );
    }

    /// In a decided position the rest of the search plays for the lead, but the chance shown is
    /// still the real komi's.
    #[test]
    fn a_decided_position_keeps_its_real_chance() {
        let won = crate::mcts::tests::lopsided(9, 3, 1, Color::Black);
        let analysed = analyse(&won, 1, Depth::Glance);
        assert!(analysed.black > 0.9, "{analysed:?}");
        assert!(analysed.lead.is_some_and(|lead| lead > 10.0), "{analysed:?}");
        let lost = crate::mcts::tests::lopsided(9, 1, 3, Color::Black);
        let analysed = analyse(&lost, 1, Depth::Glance);
        assert!(analysed.black < 0.1, "{analysed:?}");
        assert!(analysed.lead.is_some_and(|lead| lead < -10.0), "{analysed:?}");
    }

    /// Near the end of a real game (KGS, 19×19, Japanese, five stones): after White's pass at
    /// move 261 the board still holds dead stones, and counted as it stands Black would win, so a
    /// search for playing passes at once (the review's chance swung to 100% and back at every
    /// pass). The review judges the game as play going on: lost for Black, as before the pass.
    #[test]
    fn after_a_pass_the_board_is_not_counted_as_it_stands() {
        let tree = tengen_rules::SgfTree::from_bytes(include_bytes!(
            "../../rules/tests/data/sgf/cgoban2-kgs-yagr.sgf"
        ))
        .unwrap();
        let game = tree.game_before_move(&tree.main_line(), 262).unwrap();
        assert_eq!(game.last_move().map(|(_, mv)| mv), Some(Move::Pass));
        let limits = Limits::simulations(Depth::Glance.simulations(19));
        let mut playing = Search::with_limits(&game, Level::HARD, 1, limits);
        playing.run();
        // The trap: a search that lets a pass end the game wins every time it passes.
        let pass = playing
            .candidates(usize::MAX)
            .into_iter()
            .find(|c| c.mv == Move::Pass);
        // (Searched and winning, not leading: with the large boards' owner table the dame the
        // playouts cannot decide draw most of the 2,000 simulations first, and the pass had 68.)
        assert!(
            pass.is_some_and(|c| c.visits >= 50 && c.winrate > 0.9),
            "the trap: {pass:?}"
        );
        let before_the_pass = analyse(
            &tree.game_before_move(&tree.main_line(), 261).unwrap(),
            1,
            Depth::Review,
        );
        let after_it = analyse(&game, 1, Depth::Review);
        assert!(
            before_the_pass.black < 0.2 && after_it.black < 0.2,
            "{before_the_pass:?} {after_it:?}"
        );
        assert!(after_it.lead.is_some_and(|lead| lead < -5.0), "{after_it:?}");
    }
}
