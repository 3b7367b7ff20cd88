//! Playouts. Light: uniformly random legal moves that never fill a one-point eye of the mover.
//! Heavy: the same, but answering ataris, two-liberty fights and short races near the last move
//! and playing good 3×3 shapes near the last two moves first, and rarely giving stones away by
//! self-atari.

use rand::Rng;
use tengen_rules::{Board, Cell, Color, Game, Move, Point};

use crate::features::Recent;
use crate::patterns::{Shapes, shapes};
use crate::tactics::{Points, answer_ataris_near, bad_self_atari, race_moves_near, two_liberty_moves_near};

/// A random empty point where `color` may play by the board alone (ko included, superko not)
/// and that is not its own eye. Scans the empty list from a random start, so no allocation.
#[inline]
fn random_board_move(board: &Board, color: Color, rng: &mut impl Rng) -> Option<Point> {
    random_empty(board, rng).find(|&p| !board.is_eye(p, color) && board.is_legal(p, color))
}

/// Every empty point once, from a random start in the empty list (so no allocation).
#[inline]
fn random_empty<'b>(board: &'b Board, rng: &mut impl Rng) -> impl Iterator<Item = Point> + 'b {
    let n = board.empty_count();
    let start = if n == 0 { 0 } else { rng.random_range(0..n) };
    (start..n).chain(0..start).map(|i| board.empty_at(i))
}

/// Plays random moves on `board` from `to_move` until two passes in a row or `max_moves`;
/// returns the number of moves made (passes included).
pub fn light_playout(board: &mut Board, mut to_move: Color, rng: &mut impl Rng, max_moves: usize) -> usize {
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 && moves < max_moves {
        match random_board_move(board, to_move, rng) {
            Some(p) => {
                board.place(p, to_move);
                passes = 0;
            }
            None => {
                board.pass();
                passes += 1;
            }
        }
        moves += 1;
        to_move = to_move.opponent();
    }
    moves
}

/// A random move for `color` that is legal in `game` (superko included) and does not fill its
/// own eye; a pass when there is none.
pub fn random_move(game: &Game, color: Color, rng: &mut impl Rng) -> Move {
    let board = game.board();
    let n = board.empty_count();
    if n > 0 {
        let start = rng.random_range(0..n);
        for i in (start..n).chain(0..start) {
            let p = board.empty_at(i);
            if !board.is_eye(p, color) && game.check(color, Move::Place(p)).is_ok() {
                return Move::Place(p);
            }
        }
    }
    Move::Pass
}

/// Chances of the heavy policy's stages. The race stage is rare: a chain with three or four
/// liberties is seldom in a hurry, and taking a liberty too early is as often a wasted move.
const P_ATARI: f64 = 0.9;
const P_TWO_LIBERTIES: f64 = 0.9;
const P_RACE: f64 = 0.25;
const P_PATTERN: f64 = 0.95;
const P_REJECT_SELF_ATARI: f64 = 0.9;
/// [`SelfAtari::Loose`]'s chance of turning a self-atari down, Pachi's on every board.
const P_REJECT_LOOSE: f64 = 0.75;

/// How the heavy policy treats a self-atari that gives stones away.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SelfAtari {
    /// Never one of three stones or more, one or two turned down [`P_REJECT_SELF_ATARI`] of the
    /// time: every seki survives the playouts, which counting a position needs (the dead-stone
    /// proposal, 形势判断) and the search on the smaller boards plays best with.
    Guarded,
    /// Any size turned down [`P_REJECT_LOOSE`] of the time: now and then a large chain is given
    /// up where that kills (a nakade, a race), at the price of a seki broken in some playouts.
    /// Hard's playouts from 15×15 on (`docs/patterns.md`, "Pachi's pieces together on 19×19,
    /// kept").
    Loose,
}

/// One move of the heavy policy, the first stage that finds one: answer the ataris around the
/// last move (always when an own chain of three or more is in atari), fight the two-liberty
/// chains it made or touched, take liberties from two-liberty chains next to own chains it left
/// with three or four, play a 3×3 shape next to it or next to the move before, else a
/// random move. Every candidate is legal, fills no own eye, and is rarely a self-atari that
/// gives stones away (by `self_atari`).
#[inline]
pub fn heavy_move(
    board: &Board,
    color: Color,
    recent: Recent,
    shapes: Shapes,
    self_atari: SelfAtari,
    rng: &mut impl Rng,
) -> Option<Point> {
    if let Some(last) = recent.last {
        let mut candidates: Points<16> = Points::new();
        let urgent = answer_ataris_near(board, last, color, &mut candidates);
        if (urgent || rng.random_bool(P_ATARI))
            && let Some(p) = pick(board, color, candidates.as_slice(), self_atari, rng)
        {
            return Some(p);
        }
        if rng.random_bool(P_TWO_LIBERTIES) {
            let mut candidates: Points<16> = Points::new();
            two_liberty_moves_near(board, last, color, &mut candidates);
            if let Some(p) = pick(board, color, candidates.as_slice(), self_atari, rng) {
                return Some(p);
            }
        }
        if rng.random_bool(P_RACE) {
            let mut candidates: Points<16> = Points::new();
            race_moves_near(board, last, color, &mut candidates);
            if let Some(p) = pick(board, color, candidates.as_slice(), self_atari, rng) {
                return Some(p);
            }
        }
    }
    if rng.random_bool(P_PATTERN) {
        let mut candidates: Points<16> = Points::new();
        for around in [recent.last, recent.before].into_iter().flatten() {
            let [n, w, e, s] = board.neighbors(around);
            let [nw, ne, sw, se] = board.diagonals(around);
            for q in [n, w, e, s, nw, ne, sw, se] {
                if board.cell(q) == Cell::Empty && shapes.matches(board, q) {
                    candidates.add(q);
                }
            }
        }
        if let Some(p) = pick(board, color, candidates.as_slice(), self_atari, rng) {
            return Some(p);
        }
    }
    random_empty(board, rng).find(|&p| allowed(board, color, p, self_atari, rng))
}

/// Whether the policy may play `p`: legal, not an own eye, and not a self-atari that gives
/// stones away — mostly not, and never three or more when `self_atari` is guarded.
#[inline]
fn allowed(board: &Board, color: Color, p: Point, self_atari: SelfAtari, rng: &mut impl Rng) -> bool {
    !board.is_eye(p, color)
        && board.is_legal(p, color)
        && match (bad_self_atari(board, p, color), self_atari) {
            (None, _) => true,
            (Some(stones), SelfAtari::Guarded) => stones <= 2 && !rng.random_bool(P_REJECT_SELF_ATARI),
            (Some(_), SelfAtari::Loose) => !rng.random_bool(P_REJECT_LOOSE),
        }
}

/// An allowed candidate from `points`, tried from a random start.
#[inline]
fn pick(
    board: &Board,
    color: Color,
    points: &[Point],
    self_atari: SelfAtari,
    rng: &mut impl Rng,
) -> Option<Point> {
    if points.is_empty() {
        return None;
    }
    let start = rng.random_range(0..points.len());
    (start..points.len())
        .chain(0..start)
        .map(|i| points[i])
        .find(|&p| allowed(board, color, p, self_atari, rng))
}

/// Stones one side takes more than the other in a playout that end it as that side's win, where
/// the caller asks for it (the hard level's play on the small boards, `Mcts::mercy`): that far
/// behind on 9×9 nobody comes back (`tests::a_mercy_stop_names_the_winner_of_the_count`).
pub(crate) const MERCY: i32 = 20;

/// Plays heavy-policy moves until two passes in a row or `max_moves`, appending each move to
/// `moves` (whose capacity the caller reserves, so nothing is allocated here). `recent` holds
/// the moves just before. With `mercy`, it also stops as soon as one side has taken that many
/// stones more than the other since the playout began, and returns that side: the winner,
/// without a count of the board.
#[allow(clippy::too_many_arguments)]
pub fn heavy_playout(
    board: &mut Board,
    mut to_move: Color,
    mut recent: Recent,
    self_atari: SelfAtari,
    rng: &mut impl Rng,
    max_moves: usize,
    moves: &mut Vec<(Point, Color)>,
    mercy: Option<i32>,
) -> Option<Color> {
    let mut passes = 0;
    let mut played = 0;
    // Stones Black has taken less those White has.
    let mut taken = 0i32;
    let shapes = shapes();
    while passes < 2 && played < max_moves {
        match heavy_move(board, to_move, recent, shapes, self_atari, rng) {
            Some(p) => {
                let captured = board.place(p, to_move).captured as i32;
                moves.push((p, to_move));
                taken += if to_move == Color::Black {
                    captured
                } else {
                    -captured
                };
                if mercy.is_some_and(|m| taken.abs() >= m) {
                    return Some(if taken > 0 { Color::Black } else { Color::White });
                }
                passes = 0;
                recent = recent.then(Some(p));
            }
            None => {
                board.pass();
                passes += 1;
                recent = recent.then(None);
            }
        }
        played += 1;
        to_move = to_move.opponent();
    }
    None
}

/// Area count of a played-out board, black minus white (komi not included): stones plus empty
/// points whose neighbours are of one colour only. Calls `owner` for every point it attributes.
#[inline]
pub fn area_balance(board: &Board, mut owner: impl FnMut(Point, Color)) -> i32 {
    let mut balance = 0;
    for i in 0..board.size() {
        for j in 0..board.size() {
            let p = board.point(j, i);
            let color = match board.cell(p) {
                Cell::Stone(c) => Some(c),
                Cell::Empty => {
                    let mut seen = [false; 2];
                    for n in board.neighbors(p) {
                        if let Cell::Stone(c) = board.cell(n) {
                            seen[c.index()] = true;
                        }
                    }
                    match seen {
                        [true, false] => Some(Color::Black),
                        [false, true] => Some(Color::White),
                        _ => None,
                    }
                }
                Cell::Edge => None,
            };
            if let Some(c) = color {
                owner(p, c);
                balance += if c == Color::Black { 1 } else { -1 };
            }
        }
    }
    balance
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    use super::*;

    /// Black filling its own two-point space puts five stones in atari: guarded playouts never
    /// play it (a seki there survives them), loose ones a quarter of the times it is tried.
    #[test]
    fn only_loose_playouts_give_up_a_large_chain() {
        let board = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O O O O . . .
            X X X O . . .
            . . X O . . .",
        )
        .unwrap();
        let a1 = crate::at(&board, "A1");
        let mut rng = SmallRng::seed_from_u64(1);
        let mut tried = |self_atari| {
            (0..400)
                .filter(|_| allowed(&board, Color::Black, a1, self_atari, &mut rng))
                .count()
        };
        assert_eq!(tried(SelfAtari::Guarded), 0);
        let loose = tried(SelfAtari::Loose);
        assert!((60..140).contains(&loose), "played {loose} of 400 times");
    }

    /// A playout stopped by the mercy rule is the start of the same playout played out (the
    /// same random numbers), and the side it names wins that one's count (komi 7.5): from these
    /// 9×9 positions twelve random moves in, 869 of 2,000 playouts stop, about 80 moves into
    /// 103, and none names the loser.
    #[test]
    fn a_mercy_stop_names_the_winner_of_the_count() {
        let (mut stopped, mut wrong, mut total) = (0, 0, 0);
        let mut moves = Vec::with_capacity(400);
        for opening in 0..40u64 {
            let mut board = Board::new(9);
            let mut rng = SmallRng::seed_from_u64(opening);
            light_playout(&mut board, Color::Black, &mut rng, 12);
            for seed in 0..50u64 {
                let play = |mercy: Option<i32>, moves: &mut Vec<(Point, Color)>| {
                    let mut b = board.clone();
                    moves.clear();
                    let mut rng = SmallRng::seed_from_u64(seed);
                    let winner = heavy_playout(
                        &mut b,
                        Color::Black,
                        Recent::default(),
                        SelfAtari::Guarded,
                        &mut rng,
                        243,
                        moves,
                        mercy,
                    );
                    (winner, b, moves.len())
                };
                let (winner, _, short) = play(Some(MERCY), &mut moves);
                let (none, full, long) = play(None, &mut moves);
                assert_eq!(none, None);
                total += 1;
                if let Some(winner) = winner {
                    stopped += 1;
                    assert!(short <= long, "stopped at move {short} of {long}");
                    let balance = area_balance(&full, |_, _| {}) as f32 - 7.5;
                    let counted = if balance > 0.0 { Color::Black } else { Color::White };
                    wrong += (counted != winner) as u32;
                } else {
                    assert_eq!(short, long);
                }
            }
        }
        assert!(stopped * 20 > total, "{stopped} of {total} stopped");
        assert!(wrong * 100 <= stopped, "{wrong} of {stopped} named the loser");
    }
}
