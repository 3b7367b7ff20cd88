//! 3×3 shape patterns around an empty point (the classic hane, cut and edge shapes of MoGo's
//! playouts), expanded to every rotation, reflection and colour swap into a 65,536-entry table
//! indexed by the eight neighbours.

use std::sync::OnceLock;

use tengen_rules::{Board, Point};

use crate::features::transform;

/// Each pattern: three rows, the centre is the (empty) candidate point.
/// `X`/`O` stones of either colour (colours are swapped in the expansion), `.` empty,
/// `#` off the board, `?` anything, `x` not X, `o` not O.
const SOURCES: [[&str; 3]; 13] = [
    ["XOX", "...", "???"], // hane that encloses
    ["XO.", "...", "?.?"], // hane that does not cut
    ["XO?", "X..", "x.?"], // hane after a turn (magari)
    [".O.", "X..", "..."], // attachment beside a diagonal
    ["XO?", "O.o", "?o?"], // cut, unprotected
    ["XO?", "O.X", "???"], // cut after a peep
    ["?X?", "O.O", "ooo"], // cut through a one-point jump
    ["OX?", "o.O", "???"], // cut of a knight's move
    ["X.?", "O.?", "##?"], // edge: chase
    ["OX?", "X.O", "###"], // edge: block the side cut
    ["?X?", "x.O", "###"], // edge: block the side connection
    ["?XO", "x.x", "###"], // edge: descend (sagari)
    ["?OX", "X.O", "###"], // edge: cut
];

/// Cell codes in the table index, as in [`Board::neighborhood`].
const EMPTY: u16 = 0;
const BLACK: u16 = 1;
const WHITE: u16 = 2;
const EDGE: u16 = 3;

/// The expanded table, a bit per neighbourhood. Fetched once per playout: the lazy
/// initialisation's check is not free sixteen times a move.
#[derive(Clone, Copy)]
pub struct Shapes(&'static [u64; 1024]);

pub fn shapes() -> Shapes {
    static TABLE: OnceLock<Box<[u64; 1024]>> = OnceLock::new();
    Shapes(TABLE.get_or_init(build))
}

impl Shapes {
    /// Whether the eight neighbours of empty `p` form one of the patterns.
    #[inline]
    pub fn matches(self, board: &Board, p: Point) -> bool {
        let code = board.neighborhood(p);
        self.0[code as usize >> 6] >> (code & 63) & 1 == 1
    }
}

fn build() -> Box<[u64; 1024]> {
    let mut table = Box::new([0u64; 1024]);
    for source in SOURCES {
        let grid: Vec<Vec<char>> = source.iter().map(|row| row.chars().collect()).collect();
        expand(&grid, 0, 0, &mut |code| {
            // Every rotation and reflection, each also with the colours swapped.
            for symmetry in 0..8 {
                let turned = transform(u32::from(code), symmetry) as u16;
                for c in [turned, swap_colours(turned)] {
                    table[c as usize >> 6] |= 1 << (c & 63);
                }
            }
        });
    }
    table
}

/// The same neighbourhood with Black and White swapped (edge and empty stay).
pub fn swap_colours(code: u16) -> u16 {
    // Stone codes are 1 and 2: xor 3 where exactly one of a cell's two bits is set.
    let stone = (code ^ code >> 1) & 0x5555;
    code ^ (stone | stone << 1)
}

/// Calls `found` with every concrete neighbourhood the wildcard pattern stands for, from
/// neighbour `i` on.
fn expand(grid: &[Vec<char>], i: usize, code: u16, found: &mut impl FnMut(u16)) {
    if i == 8 {
        found(code);
        return;
    }
    // Neighbour i in reading order, skipping the centre.
    let cell = [0, 1, 2, 3, 5, 6, 7, 8][i];
    let choices: &[u16] = match grid[cell / 3][cell % 3] {
        'X' => &[BLACK],
        'O' => &[WHITE],
        '.' => &[EMPTY],
        '#' => &[EDGE],
        'x' => &[EMPTY, WHITE, EDGE],
        'o' => &[EMPTY, BLACK, EDGE],
        _ => &[EMPTY, BLACK, WHITE, EDGE],
    };
    for &v in choices {
        expand(grid, i + 1, code | v << (2 * i), found);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::at;

    #[test]
    fn hane_and_cut_match_in_every_orientation() {
        let board = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . X O X . .
            . . . . . . .
            . . . . X O .
            . . . . O . .
            . . . . . . .",
        )
        .unwrap();
        let shapes = shapes();
        assert!(shapes.matches(&board, at(&board, "D4")), "hane under X O X");
        assert!(shapes.matches(&board, at(&board, "F2")), "cut at the crossing");
        assert!(!shapes.matches(&board, at(&board, "B6")), "empty area");
        let rotated = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O . . . . . .
            X . . . . . .
            O . . . . . .
            . . . . . . .",
        )
        .unwrap();
        assert!(
            shapes.matches(&rotated, at(&rotated, "B3")),
            "the hane turned and in the other colours"
        );
        assert!(!shapes.matches(&rotated, at(&rotated, "C3")));
    }
}
