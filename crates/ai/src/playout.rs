//! Playouts. Light: uniformly random legal moves that never fill a one-point eye of the mover.
//! Heavy: the same, but answering ataris and playing good 3×3 shapes near the last move first.

use rand::Rng;
use tengen_rules::{Board, Cell, Color, Game, Move, Point};

use crate::patterns;
use crate::tactics::{Points, atari_moves_near, shape_after};

/// A random empty point where `color` may play by the board alone (ko included, superko not)
/// and that is not its own eye. Scans the empty list from a random start, so no allocation.
#[inline]
fn random_board_move(board: &Board, color: Color, rng: &mut impl Rng) -> Option<Point> {
    let n = board.empty_count();
    if n == 0 {
        return None;
    }
    let start = rng.random_range(0..n);
    (start..n)
        .chain(0..start)
        .map(|i| board.empty_at(i))
        .find(|&p| !board.is_eye(p, color) && board.is_legal(p, color))
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

/// Chances used by the heavy playout policy.
const P_TACTICS: f64 = 0.9;
const P_PATTERN: f64 = 0.95;
const P_REJECT_SELF_ATARI: f64 = 0.9;

/// One move of the heavy policy: answer ataris near the last move, else play a 3×3 shape next to
/// it, else a random move; self-ataris are mostly rejected; own eyes never filled.
#[inline]
pub fn heavy_move(board: &Board, color: Color, last: Option<Point>, rng: &mut impl Rng) -> Option<Point> {
    if let Some(last) = last {
        if rng.random_bool(P_TACTICS) {
            let mut candidates: Points<16> = Points::new();
            atari_moves_near(board, last, color, &mut candidates);
            if let Some(p) = pick(board, color, candidates.as_slice(), rng) {
                return Some(p);
            }
        }
        if rng.random_bool(P_PATTERN) {
            let mut candidates: Points<8> = Points::new();
            let [n, w, e, s] = board.neighbors(last);
            let [nw, ne, sw, se] = board.diagonals(last);
            for q in [n, w, e, s, nw, ne, sw, se] {
                if board.cell(q) == Cell::Empty && patterns::matches(board, q) {
                    candidates.add(q);
                }
            }
            if let Some(p) = pick(board, color, candidates.as_slice(), rng) {
                return Some(p);
            }
        }
    }
    let n = board.empty_count();
    if n == 0 {
        return None;
    }
    let start = rng.random_range(0..n);
    (start..n).chain(0..start).map(|i| board.empty_at(i)).find(|&p| {
        !board.is_eye(p, color)
            && board.is_legal(p, color)
            && !(shape_after(board, p, color, 2).is_self_atari() && rng.random_bool(P_REJECT_SELF_ATARI))
    })
}

/// A candidate from `points`, tried from a random start: legal, not an own eye, and not a
/// self-atari (mostly).
#[inline]
fn pick(board: &Board, color: Color, points: &[Point], rng: &mut impl Rng) -> Option<Point> {
    if points.is_empty() {
        return None;
    }
    let start = rng.random_range(0..points.len());
    (start..points.len())
        .chain(0..start)
        .map(|i| points[i])
        .find(|&p| {
            board.is_legal(p, color)
                && !board.is_eye(p, color)
                && !(shape_after(board, p, color, 2).is_self_atari() && rng.random_bool(P_REJECT_SELF_ATARI))
        })
}

/// Plays heavy-policy moves until two passes in a row or `max_moves`, appending each move to
/// `moves` (whose capacity the caller reserves, so nothing is allocated here).
pub fn heavy_playout(
    board: &mut Board,
    mut to_move: Color,
    mut last: Option<Point>,
    rng: &mut impl Rng,
    max_moves: usize,
    moves: &mut Vec<(Point, Color)>,
) {
    let mut passes = 0;
    let mut played = 0;
    while passes < 2 && played < max_moves {
        match heavy_move(board, to_move, last, rng) {
            Some(p) => {
                board.place(p, to_move);
                moves.push((p, to_move));
                passes = 0;
                last = Some(p);
            }
            None => {
                board.pass();
                passes += 1;
                last = None;
            }
        }
        played += 1;
        to_move = to_move.opponent();
    }
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
