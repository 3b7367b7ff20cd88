//! Light playouts: uniformly random legal moves that never fill a one-point eye of the mover.

use rand::Rng;
use tengen_rules::{Board, Color, Game, Move, Point};

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
