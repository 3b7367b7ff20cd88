//! What a candidate move looks like to the learned move model (Coulom, "Computing Elo Ratings of
//! Move Patterns in the Game of Go", 2007): at most one value in each feature group — the 3×3
//! shape around it with the neighbours in atari, capture, escape (or running into a ladder),
//! self-atari, atari (or catching by ladder), the distance
//! to the last two moves and to the edge; and, where playouts from the position were run, who
//! ended up owning the point ([`owner_step`], Pachi's Monte Carlo owner feature). The same code
//! describes the moves of the training games (`tengen-learn`) and the moves of the search, so
//! the two cannot drift apart.

use std::sync::OnceLock;

use tengen_rules::{Board, Color, Game, Move, Point};

use crate::patterns;
use crate::tactics::{LADDER_DEPTH, extension_escapes, line, prey_escapes, shape_after};

/// Feature groups, in the order of [`Features::values`].
pub const GROUPS: usize = 9;
pub const PATTERN: usize = 0;
pub const CAPTURE: usize = 1;
pub const ESCAPE: usize = 2;
pub const SELF_ATARI: usize = 3;
pub const ATARI: usize = 4;
pub const DISTANCE_LAST: usize = 5;
pub const DISTANCE_BEFORE: usize = 6;
pub const LINE: usize = 7;
/// The share of playouts from the position in which the point ended the mover's
/// ([`owner_step`]); 0 where no playouts were run. Set by the caller, not by [`features`].
pub const OWNER: usize = 8;
/// Number of values of each small group (value 0 means "absent" everywhere); the pattern group
/// has [`PATTERN_CODES`] raw values instead.
pub const GROUP_VALUES: [usize; GROUPS] = [
    0,
    4,
    4,
    3,
    4,
    MAX_DISTANCE as usize + 1,
    MAX_DISTANCE as usize + 1,
    6,
    OWNER_STEPS as usize + 1,
];
/// The escape value of a move that extends a chain out of atari to two liberties from which a
/// ladder catches it.
pub const ESCAPE_INTO_LADDER: u32 = 3;
/// Distances (Coulom's dx + dy + max(dx, dy)) from 17 on are one value.
pub const MAX_DISTANCE: u32 = 17;
/// The owner group's steps: the share of playouts in which the point ended the mover's, in
/// nine equal parts (0–11%, 11–22%, …, 89–100%).
pub const OWNER_STEPS: u32 = 9;
/// Raw 3×3 codes: eight neighbours of 2 bits (empty, own, opponent, edge) and four atari bits.
pub const PATTERN_CODES: usize = 1 << 20;

/// The value of each group for one move (0: the group says nothing), and the larger shape
/// around it ([`large_code`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features {
    pub values: [u32; GROUPS],
    pub large: u64,
}

/// The moves played just before, for the distance features.
#[derive(Clone, Copy, Debug, Default)]
pub struct Recent {
    pub last: Option<Point>,
    pub before: Option<Point>,
}

impl Recent {
    /// The last two moves of `game` (a pass is no point).
    pub fn of_game(game: &Game) -> Recent {
        let history = game.history();
        let at = |back: usize| match history.len().checked_sub(back).map(|i| history[i].mv) {
            Some(Move::Place(p)) => Some(p),
            _ => None,
        };
        Recent {
            last: at(1),
            before: at(2),
        }
    }

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
        values[ESCAPE] = if shape.liberties >= 3 {
            2
        } else if runs_into_ladder(board, p, color) {
            ESCAPE_INTO_LADDER
        } else {
            1
        };
    }
    if shape.is_self_atari() {
        let alone = board
            .neighbors(p)
            .into_iter()
            .all(|n| board.color_at(n) != Some(color));
        values[SELF_ATARI] = if alone { 1 } else { 2 };
    }
    if let Some(size) = atari_given(board, p, color) {
        values[ATARI] = if catches(board, p, color) {
            3
        } else if size >= 3 {
            2
        } else {
            1
        };
    }
    values[DISTANCE_LAST] = recent.last.map_or(0, |q| distance(board, p, q));
    values[DISTANCE_BEFORE] = recent.before.map_or(0, |q| distance(board, p, q));
    values[LINE] = u32::from(line(board, p)).min(4) + 1;
    Features {
        values,
        large: large_code(board, p, color),
    }
}

/// The owner group's value of a point that ended the mover's in `own` of `playouts` playouts
/// and the opponent's in `opponent` — given as `balance` = `own` − `opponent` (a point neither
/// side owned counts half to each): 1 for a share below 1/9, …, [`OWNER_STEPS`] for 8/9 and
/// more; 0 (absent) without playouts.
pub fn owner_step(balance: i32, playouts: u32) -> u32 {
    if playouts == 0 {
        return 0;
    }
    let n = i64::from(playouts);
    // The mover's share is (balance + n) / 2n; its step, counted exactly in integers.
    let share_steps = (i64::from(OWNER_STEPS) * (i64::from(balance) + n)).div_euclid(2 * n);
    share_steps.clamp(0, i64::from(OWNER_STEPS) - 1) as u32 + 1
}

/// The points of the larger shape: the 5×5 square around a move without its corners (Coulom's
/// distance up to 5), in reading order.
const LARGE_OFFSETS: [(i8, i8); 20] = [
    (-1, -2),
    (0, -2),
    (1, -2),
    (-2, -1),
    (-1, -1),
    (0, -1),
    (1, -1),
    (2, -1),
    (-2, 0),
    (-1, 0),
    (1, 0),
    (2, 0),
    (-2, 1),
    (-1, 1),
    (0, 1),
    (1, 1),
    (2, 1),
    (-1, 2),
    (0, 2),
    (1, 2),
];

/// The larger shape around `p` seen by `color`: 2 bits per point of [`LARGE_OFFSETS`] (0 empty,
/// 1 own, 2 opponent, 3 off the board).
pub fn large_code(board: &Board, p: Point, color: Color) -> u64 {
    let (c, r) = board.coords(p);
    let size = board.size() as i8;
    let mut code = 0u64;
    for (i, &(dx, dy)) in LARGE_OFFSETS.iter().enumerate() {
        let (x, y) = (c as i8 + dx, r as i8 + dy);
        let value = if !(0..size).contains(&x) || !(0..size).contains(&y) {
            3
        } else {
            match board.color_at(board.point(x as u8, y as u8)) {
                None => 0,
                Some(s) if s == color => 1,
                Some(_) => 2,
            }
        };
        code |= value << (2 * i);
    }
    code
}

/// The larger shape's code turned by one of the 8 symmetries of the square.
pub fn transform_large(code: u64, symmetry: usize) -> u64 {
    static SLOTS: OnceLock<[[usize; 20]; 8]> = OnceLock::new();
    let slots = SLOTS.get_or_init(|| slots(&LARGE_OFFSETS));
    move_cells(code, &slots[symmetry])
}

/// The smallest code among a larger shape's symmetric images.
pub fn canonical_large(code: u64) -> u64 {
    (0..8)
        .map(|s| transform_large(code, s))
        .min()
        .expect("eight symmetries")
}

/// An offset turned by one of the 8 symmetries: bit 0 mirrors x, bit 1 mirrors y, bit 2 swaps.
fn turn((x, y): (i8, i8), symmetry: usize) -> (i8, i8) {
    let (x, y) = if symmetry & 1 == 1 { (-x, y) } else { (x, y) };
    let (x, y) = if symmetry & 2 == 2 { (x, -y) } else { (x, y) };
    if symmetry & 4 == 4 { (y, x) } else { (x, y) }
}

/// For each symmetry, where each of `offsets` goes (an index into `offsets`).
fn slots<const N: usize>(offsets: &[(i8, i8); N]) -> [[usize; N]; 8] {
    std::array::from_fn(|symmetry| {
        std::array::from_fn(|i| {
            let to = turn(offsets[i], symmetry);
            offsets
                .iter()
                .position(|&o| o == to)
                .expect("the shape is symmetric")
        })
    })
}

/// Moves the 2-bit cell `i` of `code` to cell `slots[i]`.
fn move_cells(code: u64, slots: &[usize]) -> u64 {
    let mut out = 0;
    for (i, &to) in slots.iter().enumerate() {
        out |= (code >> (2 * i) & 3) << (2 * to);
    }
    out
}

/// The neighbourhood of `p` seen by `color`, in reading order NW N NE W E SW S SE, 2 bits each,
/// then whether the N, W, E, S neighbours are stones in atari (bits 16 to 19).
pub fn pattern_code(board: &Board, p: Point, color: Color) -> u32 {
    // The board's neighbourhood (0 empty, 1 black, 2 white, 3 edge) is already "own" and
    // "opponent" for Black; for White the stone codes swap.
    let around = board.neighborhood(p);
    let mut code = u32::from(match color {
        Color::Black => around,
        Color::White => patterns::swap_colours(around),
    });
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
    static SLOTS: OnceLock<[[usize; 8]; 8]> = OnceLock::new();
    let slots = &SLOTS.get_or_init(|| slots(&OFFSETS))[symmetry];
    let mut out = move_cells(u64::from(code & 0xffff), slots) as u32;
    for (bit, &i) in ORTHOGONAL.iter().enumerate() {
        if code >> (16 + bit) & 1 == 1 {
            let to_bit = ORTHOGONAL
                .iter()
                .position(|&j| j == slots[i])
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

/// Whether extending at `p` leaves an own chain in atari next to it caught in a ladder.
fn runs_into_ladder(board: &Board, p: Point, color: Color) -> bool {
    board.neighbors(p).into_iter().any(|n| {
        board.color_at(n) == Some(color)
            && board.liberties(n) == 1
            && !extension_escapes(board, n, LADDER_DEPTH)
    })
}

/// Whether the atari at `p` catches a chain: it cannot get away, even by ladder.
fn catches(board: &Board, p: Point, color: Color) -> bool {
    let mut after = board.clone();
    after.place(p, color);
    after.neighbors(p).into_iter().any(|n| {
        after.color_at(n) == Some(color.opponent())
            && after.liberties(n) == 1
            && !prey_escapes(&after, n, LADDER_DEPTH)
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
    fn the_owner_group_cuts_the_share_in_nine_equal_steps() {
        assert_eq!(owner_step(0, 0), 0, "without playouts the group says nothing");
        // The mover's in `own` of `n` playouts, the opponent's in the others.
        let step = |own: i32, n: u32| owner_step(2 * own - n as i32, n);
        assert_eq!(step(0, 64), 1, "never the mover's");
        assert_eq!(step(64, 64), OWNER_STEPS, "always the mover's");
        assert_eq!(step(32, 64), 5, "half: 44–56%, the middle step");
        assert_eq!(step(7, 64), 1, "10.9%");
        assert_eq!(step(8, 64), 2, "12.5%");
        assert_eq!(step(56, 64), 8, "87.5%");
        assert_eq!(step(57, 64), 9, "89.1%");
        // A share of exactly k/9 opens step k + 1, counted without rounding.
        for k in 0..9 {
            assert_eq!(step(k, 9), k as u32 + 1);
            assert_eq!(step(100 * k, 900), k as u32 + 1);
            if k > 0 {
                assert_eq!(step(100 * k - 1, 900), k as u32, "just below {k}/9");
            }
        }
        // A point nobody owned in some playouts counts half to each side.
        assert_eq!(owner_step(0, 10), 5);
        // Seen by the other side, the steps mirror.
        for own in 0..=64 {
            let black = step(own, 64);
            let white = owner_step(-(2 * own - 64), 64);
            if (own * 9) % 64 != 0 {
                assert_eq!(black + white, OWNER_STEPS + 1, "{own}");
            }
        }
    }

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
        assert_ne!(f.large, g.large, "the raw larger shapes differ");
        assert_eq!(canonical_large(f.large), canonical_large(g.large));
        for s in 0..8 {
            assert_eq!(
                canonical_large(transform_large(f.large, s)),
                canonical_large(f.large)
            );
        }
        assert_eq!(transform_large(f.large, 0), f.large);
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

    #[test]
    fn the_larger_shape_marks_what_lies_off_the_board() {
        let board = Board::new(7);
        let off = |code: u64| (0..20).filter(|i| code >> (2 * i) & 3 == 3).count();
        // From A1, 7 of the 20 points are on the board; from the centre all of them.
        assert_eq!(off(large_code(&board, at(&board, "A1"), Color::Black)), 13);
        assert_eq!(off(large_code(&board, at(&board, "D4"), Color::Black)), 0);
        let stones = Board::from_ascii(
            "
            . . . . . . .
            . . . X . . .
            . . . . . . .
            . . . . . . .
            . . . O . . .
            . . . . . . .
            . . . . . . .",
        )
        .unwrap();
        let black = large_code(&stones, at(&stones, "D4"), Color::Black);
        let white = large_code(&stones, at(&stones, "D4"), Color::White);
        assert_eq!(
            (black >> 2) & 3,
            1,
            "D6, the second point in reading order, is Black's own"
        );
        assert_eq!((white >> 2) & 3, 2, "and White's opponent");
        assert_eq!((black >> (2 * 14)) & 3, 2, "D3, the fifteenth, is White's");
    }

    #[test]
    fn ladders_decide_escapes_and_ataris() {
        // White B2 in atari: the escape at B1 runs into a ladder.
        let caught = crate::ladder_caught();
        let escape = features(&caught, at(&caught, "B1"), Color::White, Recent::default());
        assert_eq!(escape.values[ESCAPE], 3);
        // With White C3 and D2 White gets away.
        let free = crate::ladder_escaped();
        let escape = features(&free, at(&free, "B1"), Color::White, Recent::default());
        assert_eq!(escape.values[CAPTURE], 0);
        assert_eq!(escape.values[ESCAPE], 1);
        // White B2 with two liberties, B1 and C2: Black's atari at C2 catches it (B1 runs into
        // the corner), the atari at B1 does not (C2 has three liberties).
        let open = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . X . . . . .
            X O . . . . .
            . . . . . . .",
        )
        .unwrap();
        let atari = |v| features(&open, at(&open, v), Color::Black, Recent::default()).values[ATARI];
        assert_eq!(atari("C2"), 3);
        assert_eq!(atari("B1"), 1);
    }
}
