//! Local tactics shared by the levels, the playouts and the tree priors: liberties after a move,
//! self-atari, captures and escapes from atari. All of it works on the board without playing and
//! without allocating.

use tengen_rules::{Board, Cell, Color, Point};

/// Up to `N` points collected without allocating.
#[derive(Clone, Copy)]
pub struct Points<const N: usize> {
    items: [Point; N],
    len: usize,
}

impl<const N: usize> Points<N> {
    pub fn new() -> Self {
        Points {
            items: [Point(0); N],
            len: 0,
        }
    }
    /// Adds `p` unless present or full.
    pub fn add(&mut self, p: Point) {
        if self.len < N && !self.contains(p) {
            self.items[self.len] = p;
            self.len += 1;
        }
    }
    pub fn contains(&self, p: Point) -> bool {
        self.items[..self.len].contains(&p)
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn as_slice(&self) -> &[Point] {
        &self.items[..self.len]
    }
}

impl<const N: usize> Default for Points<N> {
    fn default() -> Self {
        Self::new()
    }
}

/// What a stone of `color` at empty `p` would have: its chain's liberties (counted up to `cap`)
/// and the number of enemy stones it would capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveShape {
    pub liberties: usize,
    pub captures: usize,
}

impl MoveShape {
    /// Leaves its own chain in atari (or worse) without capturing anything.
    pub fn is_self_atari(self) -> bool {
        self.captures == 0 && self.liberties <= 1
    }
}

/// Liberties (up to `cap`) and captures of a stone of `color` at empty `p`, without playing it.
/// Of the points a capture frees, only those next to `p` count: exact without captures, a lower
/// bound (at least one) with them.
pub fn shape_after(board: &Board, p: Point, color: Color, cap: usize) -> MoveShape {
    let mut libs: Points<8> = Points::new();
    let mut captures = 0;
    let mut seen_chains: Points<4> = Points::new();
    for n in board.neighbors(p) {
        match board.cell(n) {
            Cell::Empty => libs.add(n),
            Cell::Stone(c) if c != color && board.liberties(n) == 1 => {
                let id = board.chain_id(n);
                if !seen_chains.contains(id) {
                    seen_chains.add(id);
                    captures += board.chain_len(n);
                }
                // The captured stone next to `p` becomes a liberty.
                libs.add(n);
            }
            _ => {}
        }
    }
    if libs.len() < cap {
        // An own chain with L liberties keeps L − 1 of them besides `p`: often enough to stop
        // without walking any chain.
        let kept = board
            .neighbors(p)
            .into_iter()
            .filter(|&n| board.color_at(n) == Some(color))
            .map(|n| board.liberties(n) - 1)
            .max()
            .unwrap_or(0);
        if kept >= cap {
            return MoveShape {
                liberties: cap,
                captures,
            };
        }
        'chains: for n in board.neighbors(p) {
            if board.color_at(n) != Some(color) {
                continue;
            }
            let id = board.chain_id(n);
            if seen_chains.contains(id) {
                continue;
            }
            seen_chains.add(id);
            for s in board.chain(n) {
                for q in board.neighbors(s) {
                    if q != p && board.cell(q) == Cell::Empty {
                        libs.add(q);
                        if libs.len() >= cap {
                            break 'chains;
                        }
                    }
                }
            }
        }
    }
    MoveShape {
        liberties: libs.len().min(cap),
        captures,
    }
}

/// The single liberty of a chain in atari.
pub fn last_liberty(board: &Board, chain: Point) -> Option<Point> {
    if board.liberties(chain) != 1 {
        return None;
    }
    board
        .chain(chain)
        .flat_map(|s| board.neighbors(s))
        .find(|&q| board.cell(q) == Cell::Empty)
}

/// Moves for `color` that deal with the chain through `chain` in atari: capture it if it is the
/// opponent's; if it is `color`'s own, capture an adjacent attacker in atari or extend at its
/// liberty when that gives at least two liberties.
pub fn fix_atari<const N: usize>(board: &Board, chain: Point, color: Color, out: &mut Points<N>) {
    let Some(lib) = last_liberty(board, chain) else {
        return;
    };
    let owner = board.color_at(chain).expect("a stone");
    if owner != color {
        out.add(lib);
        return;
    }
    for s in board.chain(chain) {
        for n in board.neighbors(s) {
            if board.color_at(n) == Some(color.opponent())
                && let Some(q) = last_liberty(board, n)
            {
                out.add(q);
            }
        }
    }
    if board.is_legal(lib, color) && shape_after(board, lib, color, 2).liberties >= 2 {
        out.add(lib);
    }
}

/// Capture and escape moves for `color` around `around` (the point and its eight neighbours):
/// the tactical answers to the last move.
pub fn atari_moves_near<const N: usize>(board: &Board, around: Point, color: Color, out: &mut Points<N>) {
    let mut chains: Points<9> = Points::new();
    let ring = board
        .neighbors(around)
        .into_iter()
        .chain(board.diagonals(around))
        .chain([around]);
    for q in ring {
        if matches!(board.cell(q), Cell::Stone(_)) && board.liberties(q) == 1 {
            let id = board.chain_id(q);
            if !chains.contains(id) {
                chains.add(id);
                fix_atari(board, q, color, out);
            }
        }
    }
}

/// Distance from `p` to the nearest edge line, 0 on the first line.
pub fn line(board: &Board, p: Point) -> u8 {
    let (c, r) = board.coords(p);
    let s = board.size() - 1;
    c.min(r).min(s - c).min(s - r)
}

/// How many ataris ahead the ladder readers look (deeper ones are not read): more than a ladder
/// on 19×19 usually needs.
pub const LADDER_DEPTH: u8 = 24;

/// Whether the chain through `prey`, in atari with its owner to move, gets away: by taking an
/// attacker in atari, or by [`extension_escapes`].
pub fn prey_escapes(board: &Board, prey: Point, depth: u8) -> bool {
    let Some(color) = board.color_at(prey) else {
        return true;
    };
    for s in board.chain(prey) {
        for n in board.neighbors(s) {
            if board.color_at(n) == Some(color.opponent()) && board.liberties(n) == 1 {
                return true;
            }
        }
    }
    extension_escapes(board, prey, depth)
}

/// Whether the chain through `prey`, in atari with its owner to move, gets away by extending
/// at its liberty: to three liberties, or to two from which no atari (read as a ladder up to
/// `depth` more ataris) catches it.
pub fn extension_escapes(board: &Board, prey: Point, depth: u8) -> bool {
    let Some(color) = board.color_at(prey) else {
        return true;
    };
    let Some(lib) = last_liberty(board, prey) else {
        return true;
    };
    if !board.is_legal(lib, color) {
        return false;
    }
    let mut after = board.clone();
    after.place(lib, color);
    match after.liberties(lib) {
        0 | 1 => return false,
        2 => {}
        _ => return true,
    }
    if depth == 0 {
        return true;
    }
    let attacker = color.opponent();
    let mut libs: Points<2> = Points::new();
    for s in after.chain(lib) {
        for n in after.neighbors(s) {
            if after.cell(n) == Cell::Empty {
                libs.add(n);
            }
        }
    }
    for &a in libs.as_slice() {
        if !after.is_legal(a, attacker) || shape_after(&after, a, attacker, 2).is_self_atari() {
            continue;
        }
        let mut chased = after.clone();
        chased.place(a, attacker);
        if chased.liberties(lib) == 1 && !prey_escapes(&chased, lib, depth - 1) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn the_shape_after_a_move_is_what_playing_it_gives() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        for _ in 0..40 {
            let mut board = Board::new(9);
            let mut color = Color::Black;
            for _ in 0..150 {
                let legal = |board: &Board, c| -> Vec<Point> {
                    board.empty_points().filter(|&p| board.is_legal(p, c)).collect()
                };
                for c in [Color::Black, Color::White] {
                    for p in legal(&board, c) {
                        let mut played = board.clone();
                        let captures = played.place(p, c).captured as usize;
                        for cap in 1..=4 {
                            let shape = shape_after(&board, p, c, cap);
                            let liberties = played.liberties(p).min(cap);
                            assert_eq!(shape.captures, captures, "{p:?} {c:?}\n{board:?}");
                            if captures == 0 {
                                assert_eq!(shape.liberties, liberties, "{p:?} {c:?}\n{board:?}");
                            } else {
                                assert!(
                                    (1..=liberties).contains(&shape.liberties),
                                    "{p:?} {c:?}\n{board:?}"
                                );
                            }
                        }
                    }
                }
                let moves: Vec<Point> = legal(&board, color)
                    .into_iter()
                    .filter(|&p| !board.is_eye(p, color))
                    .collect();
                if moves.is_empty() {
                    break;
                }
                board.place(moves[rng.random_range(0..moves.len())], color);
                color = color.opponent();
            }
        }
    }
}
