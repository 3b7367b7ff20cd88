//! Go rules for Tengen (天元): the board with incremental chains and liberties, the three rule
//! sets (Chinese, Japanese, Korean), ko and positional superko, area and territory scoring with
//! dead stones and seki, undo, a versioned game record and SGF.
//!
//! No engine, no I/O, no global state: every function is a pure step on values the caller owns.

mod board;
mod game;
mod handicap;
mod record;
mod rules;
mod score;
mod sgf;

pub use board::{Board, BoardRefusal, Cell, ChainIter, MAX_CELLS, MAX_SIZE, Placed, STANDARD_SIZES};
pub use game::{Edit, Game, GameInfo, Phase, Refusal, SetupRefusal, Turn};
pub use handicap::{HANDICAP_KOMI, handicap_points, max_handicap};
pub use record::{GameRecord, RECORD_FORMAT, RecordError, RecordedEdit, RecordedMove};
pub use rules::{Outcome, RuleSet, Scoring, points_text};
pub use score::{Score, score_position};
pub use sgf::{SgfError, SgfReason, SgfTree};

use serde::{Deserialize, Serialize};

/// A stone colour; also "the player" of that colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Color {
    Black,
    White,
}

impl Color {
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for black, 1 for white: the index into per-colour arrays.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A point of a board, as an index into the board's padded array. Only meaningful together with
/// the board (size) it came from; use [`Board::point`] and [`Board::coords`] to convert.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub u16);

impl Point {
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A move: a stone on a point, or a pass (虚手). Resigning is not a move; see [`Game::resign`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Place(Point),
    Pass,
}

/// GTP-style vertex text for a point: column letters A–T without I, rows from 1 at the bottom.
pub fn vertex_name(size: u8, col: u8, row: u8) -> String {
    format!("{}{}", column_letter(col), size - row)
}

/// The column letter used on board coordinates and by GTP (no "I").
pub fn column_letter(col: u8) -> char {
    let c = b'A' + col;
    (if c >= b'I' { c + 1 } else { c }) as char
}

/// Parses a GTP vertex ("D4", "q16", case-insensitive) to (col, row from the top).
pub fn parse_vertex(size: u8, text: &str) -> Option<(u8, u8)> {
    let text = text.trim();
    let mut chars = text.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    if !letter.is_ascii_uppercase() || letter == 'I' {
        return None;
    }
    let col = letter as u8 - b'A' - u8::from(letter > 'I');
    let number: u8 = chars.as_str().parse().ok()?;
    (col < size && (1..=size).contains(&number)).then(|| (col, size - number))
}

/// The star points (星位) of a board side as (col, row): the corner points on the third line
/// (fourth from 13×13 up), the side points from 15×15 up, and tengen (天元) in the
/// centre of every odd board.
pub fn star_points(size: u8) -> Vec<(u8, u8)> {
    if size < 7 {
        return if size % 2 == 1 {
            vec![(size / 2, size / 2)]
        } else {
            Vec::new()
        };
    }
    let low = if size < 13 { 2 } else { 3 };
    let high = size - 1 - low;
    let mid = size / 2;
    let lines: Vec<u8> = if size >= 15 && size % 2 == 1 {
        vec![low, mid, high]
    } else {
        vec![low, high]
    };
    let mut points: Vec<(u8, u8)> = lines
        .iter()
        .flat_map(|&r| lines.iter().map(move |&c| (c, r)))
        .collect();
    if size % 2 == 1 && !points.contains(&(mid, mid)) {
        points.push((mid, mid));
    }
    points
}
