//! What a candidate move looks like to the learned move model (Coulom, "Computing Elo Ratings of
//! Move Patterns in the Game of Go", 2007): at most one value in each feature group — the 3×3
//! shape around it with the neighbours in atari, capture, escape, self-atari, atari, the distance
//! to the last two moves and to the edge. The same code describes the moves of the training
//! games (`tengen-learn`) and the moves of the search, so the two cannot drift apart.

use tengen_rules::{Board, Color, Point};

use crate::patterns;
use crate::tactics::{line, shape_after};

/// Feature groups, in the order of [`Features::values`].
pub const GROUPS: usize = 8;
pub const PATTERN: usize = 0;
pub const CAPTURE: usize = 1;
pub const ESCAPE: usize = 2;
pub const SELF_ATARI: usize = 3;
pub const ATARI: usize = 4;
pub const DISTANCE_LAST: usize = 5;
pub const DISTANCE_BEFORE: usize = 6;
pub const LINE: usize = 7;
/// Number of values of each small group (value 0 means "absent" everywhere); the pattern group
/// has [`PATTERN_CODES`] raw values instead.
pub const GROUP_VALUES: [usize; GROUPS] = [
    0,
    4,
    3,
    3,
    3,
    MAX_DISTANCE as usize + 1,
    MAX_DISTANCE as usize + 1,
    6,
];
/// Distances (Coulom's dx + dy + max(dx, dy)) from 17 on are one value.
pub const MAX_DISTANCE: u32 = 17;
/// Raw 3×3 codes: eight neighbours of 2 bits (empty, own, opponent, edge) and four atari bits.
pub const PATTERN_CODES: usize = 1 << 20;

/// The value of each group for one move (0: the group says nothing).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features {
    pub values: [u32; GROUPS],
}

/// The moves played just before, for the distance features.
#[derive(Clone, Copy, Debug, Default)]
pub struct Recent {
    pub last: Option<Point>,
    pub before: Option<Point>,
}

impl Recent {
    /// The recent moves once `played` (a point, or `None` for a pass) follows.
    pub fn then(self, played: Option<Point>) -> Recent {
        Recent {
            last: played,
            before: self.last,
        }
    }
}

/// The features of a stone of `color` at empty, legal `p`.
pub fn features(board: &Board, p: Point, color: Color, recent: Recent) -> Features {
    let mut values = [0; GROUPS];
    values[PATTERN] = pattern_code(board, p, color);
    let shape = shape_after(board, p, color, 3);
    let own_in_atari = board
        .neighbors(p)
        .into_iter()
        .any(|n| board.color_at(n) == Some(color) && board.liberties(n) == 1);
    if shape.captures > 0 {
        values[CAPTURE] = if captures_rescue(board, p, color) {
            3
        } else if shape.captures >= 3 {
            2
        } else {
            1
        };
    } else if own_in_atari && shape.liberties >= 2 {
        values[ESCAPE] = if shape.liberties >= 3 { 2 } else { 1 };
    }
    if shape.is_self_atari() {
        let alone = board
            .neighbors(p)
            .into_iter()
            .all(|n| board.color_at(n) != Some(color));
        values[SELF_ATARI] = if alone { 1 } else { 2 };
    }
    if let Some(size) = atari_given(board, p, color) {
        values[ATARI] = if size >= 3 { 2 } else { 1 };
    }
    values[DISTANCE_LAST] = recent.last.map_or(0, |q| distance(board, p, q));
    values[DISTANCE_BEFORE] = recent.before.map_or(0, |q| distance(board, p, q));
    values[LINE] = u32::from(line(board, p)).min(4) + 1;
    Features { values }
}

/// The neighbourhood of `p` seen by `color`, in reading order NW N NE W E SW S SE, 2 bits each,
/// then whether the N, W, E, S neighbours are stones in atari (bits 16 to 19).
pub fn pattern_code(board: &Board, p: Point, color: Color) -> u32 {
    // The hand shapes' neighbourhood (0 empty, 1 black, 2 white, 3 edge) is already "own" and
    // "opponent" for Black; for White, swap the two stone codes: xor 3 where exactly one bit is set.
    let mut code = u32::from(patterns::neighborhood(board, p));
    if color == Color::White {
        let stone = (code ^ code >> 1) & 0x5555;
        code ^= stone | stone << 1;
    }
    let [n, w, e, s] = board.neighbors(p);
    for (i, q) in [n, w, e, s].into_iter().enumerate() {
        if board.color_at(q).is_some() && board.liberties(q) == 1 {
            code |= 1 << (16 + i);
        }
    }
    code
}

/// Where each of the eight neighbours (reading order) lies on the 3×3 grid.
const OFFSETS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];
/// The neighbours with an atari bit, in bit order N W E S.
const ORTHOGONAL: [usize; 4] = [1, 3, 4, 6];

/// The code of the same shape turned by one of the 8 symmetries of the square.
pub fn transform(code: u32, symmetry: usize) -> u32 {
    let turn = |(x, y): (i8, i8)| {
        let (x, y) = if symmetry & 1 == 1 { (-x, y) } else { (x, y) };
        let (x, y) = if symmetry & 2 == 2 { (x, -y) } else { (x, y) };
        if symmetry & 4 == 4 { (y, x) } else { (x, y) }
    };
    let slot = |offset| OFFSETS.iter().position(|&o| o == offset).expect("a neighbour");
    let mut out = 0;
    for (i, &offset) in OFFSETS.iter().enumerate() {
        out |= (code >> (2 * i) & 3) << (2 * slot(turn(offset)));
    }
    for (bit, &i) in ORTHOGONAL.iter().enumerate() {
        if code >> (16 + bit) & 1 == 1 {
            let to = slot(turn(OFFSETS[i]));
            let to_bit = ORTHOGONAL
                .iter()
                .position(|&j| j == to)
                .expect("orthogonal stays orthogonal");
            out |= 1 << (16 + to_bit);
        }
    }
    out
}

/// The smallest code among a shape's symmetric images: one key per shape.
pub fn canonical(code: u32) -> u32 {
    (0..8)
        .map(|s| transform(code, s))
        .min()
        .expect("eight symmetries")
}

/// Coulom's distance dx + dy + max(dx, dy), capped at [`MAX_DISTANCE`].
fn distance(board: &Board, p: Point, q: Point) -> u32 {
    let ((pc, pr), (qc, qr)) = (board.coords(p), board.coords(q));
    let (dx, dy) = (u32::from(pc.abs_diff(qc)), u32::from(pr.abs_diff(qr)));
    (dx + dy + dx.max(dy)).min(MAX_DISTANCE)
}

/// Whether a chain that `p` captures touches a chain of `color` in atari (saving it).
fn captures_rescue(board: &Board, p: Point, color: Color) -> bool {
    board.neighbors(p).into_iter().any(|n| {
        board.color_at(n) == Some(color.opponent())
            && board.liberties(n) == 1
            && board.chain(n).any(|s| {
                board
                    .neighbors(s)
                    .into_iter()
                    .any(|q| board.color_at(q) == Some(color) && board.liberties(q) == 1)
            })
    })
}

/// The size of the largest enemy chain that `p` puts in atari (two liberties, `p` one of them).
fn atari_given(board: &Board, p: Point, color: Color) -> Option<usize> {
    board
        .neighbors(p)
        .into_iter()
        .filter(|&n| board.color_at(n) == Some(color.opponent()) && board.liberties(n) == 2)
        .map(|n| board.chain_len(n))
        .max()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::at;

    #[test]
    fn symmetries_form_a_group_and_keep_the_shape() {
        let board = Board::from_ascii(
            "
            . . . . .
            . X O . .
            . . . X .
            . . . . .
            . . . . .",
        )
        .unwrap();
        let code = pattern_code(&board, at(&board, "C3"), Color::Black);
        let images: std::collections::HashSet<u32> = (0..8).map(|s| transform(code, s)).collect();
        assert_eq!(images.len(), 8, "this shape has no symmetry of its own");
        for s in 0..8 {
            assert_eq!(canonical(transform(code, s)), canonical(code));
        }
        assert_eq!(transform(code, 0), code);
    }

    #[test]
    fn a_mirrored_position_has_the_mirrored_features() {
        let board = Board::from_ascii(
            "
            . . . . . . .
            . . X O . . .
            . X O . . . .
            . . X . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        )
        .unwrap();
        let mirror = Board::from_ascii(
            "
            . . . . . . .
            . . . O X . .
            . . . . O X .
            . . . . X . .
            . . . . . . .
            . . . . . . .
            . . . . . . .",
        )
        .unwrap();
        let recent = |b: &Board, v: &str| Recent {
            last: Some(at(b, v)),
            before: None,
        };
        let f = features(&board, at(&board, "D5"), Color::Black, recent(&board, "C6"));
        let g = features(&mirror, at(&mirror, "D5"), Color::Black, recent(&mirror, "E6"));
        assert_eq!(canonical(f.values[PATTERN]), canonical(g.values[PATTERN]));
        assert_eq!(f.values[1..], g.values[1..]);
    }

    #[test]
    fn tactical_groups_read_the_position() {
        // White C3 is in atari, its liberty C4.
        let board = Board::from_ascii(
            "
            . . . . .
            . . . . .
            . X O X .
            . . X . .
            . . . . .",
        )
        .unwrap();
        let capture = features(&board, at(&board, "C4"), Color::Black, Recent::default());
        assert_eq!(capture.values[CAPTURE], 1);
        let escape = features(&board, at(&board, "C4"), Color::White, Recent::default());
        assert_eq!(escape.values[CAPTURE], 0);
        assert_eq!(escape.values[ESCAPE], 2, "C3-C4 then has B4, D4 and C5");
        let edge = features(&board, at(&board, "A1"), Color::White, Recent::default());
        assert_eq!(edge.values[LINE], 1);
        assert_eq!(edge.values[DISTANCE_LAST], 0, "no last move, no distance");
        let near = features(
            &board,
            at(&board, "D2"),
            Color::White,
            Recent {
                last: Some(at(&board, "C2")),
                before: Some(at(&board, "A5")),
            },
        );
        assert_eq!(near.values[DISTANCE_LAST], 2);
        assert_eq!(near.values[DISTANCE_BEFORE], 3 + 3 + 3);
        assert_eq!(near.values[ATARI], 0);
    }
}
