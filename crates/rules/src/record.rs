//! The saved form of a game: plain data with a format version, replayed through the rules on
//! load so that a save can never smuggle in an illegal position.

use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::game::{Game, GameInfo, Phase, Refusal};
use crate::rules::{Outcome, RuleSet};
use crate::{Color, Move};

/// Bumped whenever the record's shape or meaning changes; older records are refused with
/// [`RecordError::Format`] rather than misread. Fields added with a default that keeps older
/// records' meaning (`handicap`, `edits`) need no bump.
pub const RECORD_FORMAT: u32 = 1;

/// One move as saved: `at` is (column, row from the top), `None` for a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedMove {
    pub color: Color,
    pub at: Option<(u8, u8)>,
}

/// Set-up between moves as saved (see [`crate::Edit`]): after `after` moves, each
/// (colour or `None` for emptied, column, row).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedEdit {
    pub after: usize,
    pub stones: Vec<(Option<Color>, u8, u8)>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub format: u32,
    pub size: u8,
    pub rules: RuleSet,
    pub komi: f32,
    /// Set-up stones (handicap, SGF AB/AW) as (colour, column, row).
    pub setup: Vec<(Color, u8, u8)>,
    pub first_to_move: Color,
    pub moves: Vec<RecordedMove>,
    /// Dead-stone marks while counting, as (column, row).
    pub dead: Vec<(u8, u8)>,
    pub outcome: Option<Outcome>,
    /// Whether two passes end play (false for GTP games, where passes may go on).
    pub passes_end_play: bool,
    pub black: String,
    pub white: String,
    pub date: String,
    /// Handicap stones (0 in records from before handicap games).
    #[serde(default)]
    pub handicap: u8,
    /// Set-up between moves (none in records from before SGF set-up was read).
    #[serde(default)]
    pub edits: Vec<RecordedEdit>,
}

/// Why a record could not be turned back into a game.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordError {
    /// Written by another version of the format.
    Format { found: u32, expected: u32 },
    /// The board size is not 2..=19.
    Size(u8),
    /// A set-up stone or move lies off the board, or set-up leaves a chain without liberties.
    BadPoint { index: usize },
    /// Edit `index` (from 0) is out of order, off the board or leaves a chain without liberties.
    BadEdit { index: usize },
    /// Move `index` (from 0) is refused by the rules.
    Illegal { index: usize, reason: Refusal },
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::Format { found, expected } => {
                write!(f, "saved game has format {found}, this version reads {expected}")
            }
            RecordError::Size(s) => write!(f, "board size {s} is not supported"),
            RecordError::BadPoint { index } => write!(f, "entry {index} lies off the board"),
            RecordError::BadEdit { index } => write!(f, "set-up {index} cannot be replayed"),
            RecordError::Illegal { index, reason } => write!(f, "move {} is illegal: {}", index + 1, reason),
        }
    }
}

impl std::error::Error for RecordError {}

impl Game {
    pub fn to_record(&self) -> GameRecord {
        let coords = |p| self.board().coords(p);
        let initial = self.initial_board();
        GameRecord {
            format: RECORD_FORMAT,
            size: self.size(),
            rules: self.rules(),
            komi: self.komi(),
            setup: initial
                .points()
                .filter_map(|p| initial.color_at(p).map(|c| (c, coords(p).0, coords(p).1)))
                .collect(),
            first_to_move: self.first_to_move(),
            moves: self
                .history()
                .iter()
                .map(|t| RecordedMove {
                    color: t.color,
                    at: match t.mv {
                        Move::Place(p) => Some(coords(p)),
                        Move::Pass => None,
                    },
                })
                .collect(),
            dead: self.dead_stones().into_iter().map(coords).collect(),
            outcome: match self.phase() {
                Phase::Over(o) => Some(o),
                _ => None,
            },
            passes_end_play: self.passes_end_play(),
            black: self.info.black.clone(),
            white: self.info.white.clone(),
            date: self.info.date.clone(),
            handicap: self.handicap(),
            edits: self
                .edits()
                .iter()
                .map(|e| RecordedEdit {
                    after: e.after,
                    stones: e
                        .stones
                        .iter()
                        .map(|&(p, c)| (c, coords(p).0, coords(p).1))
                        .collect(),
                })
                .collect(),
        }
    }

    /// Rebuilds a game by replaying the record through the rules.
    pub fn from_record(record: &GameRecord) -> Result<Game, RecordError> {
        if record.format != RECORD_FORMAT {
            return Err(RecordError::Format {
                found: record.format,
                expected: RECORD_FORMAT,
            });
        }
        let size = record.size;
        if !(2..=crate::MAX_SIZE as u8).contains(&size) {
            return Err(RecordError::Size(size));
        }
        let empty = Board::new(size);
        let on_board = |(c, r): (u8, u8)| (c < size && r < size).then(|| empty.point(c, r));
        let mut setup = Vec::new();
        for (index, &(color, c, r)) in record.setup.iter().enumerate() {
            setup.push((on_board((c, r)).ok_or(RecordError::BadPoint { index })?, color));
        }
        let initial = Board::from_stones(size, &setup);
        if initial.has_dead_chain() {
            return Err(RecordError::BadPoint { index: 0 });
        }
        let mut game = Game::with_setup(initial, record.first_to_move, record.rules);
        game.set_komi(record.komi);
        game.set_handicap(record.handicap);
        // Passes end play only once the whole record is replayed, as they did when it was saved.
        game.set_passes_end_play(false);
        game.info = GameInfo {
            black: record.black.clone(),
            white: record.white.clone(),
            date: record.date.clone(),
        };
        let mut edits = record.edits.iter().enumerate().peekable();
        for played in 0..=record.moves.len() {
            while let Some((index, edit)) = edits.next_if(|(_, e)| e.after == played) {
                let stones = edit
                    .stones
                    .iter()
                    .map(|&(c, col, row)| on_board((col, row)).map(|p| (p, c)))
                    .collect::<Option<Vec<_>>>()
                    .ok_or(RecordError::BadEdit { index })?;
                game.set_up(&stones).map_err(|_| RecordError::BadEdit { index })?;
            }
            let Some(m) = record.moves.get(played) else { break };
            let index = played;
            let mv = match m.at {
                Some(at) => Move::Place(on_board(at).ok_or(RecordError::BadPoint { index })?),
                None => Move::Pass,
            };
            game.replay(m.color, mv)
                .map_err(|reason| RecordError::Illegal { index, reason })?;
        }
        if let Some((index, _)) = edits.next() {
            return Err(RecordError::BadEdit { index });
        }
        game.set_passes_end_play(record.passes_end_play);
        game.end_play_after_two_passes();
        let dead: Vec<_> = record.dead.iter().filter_map(|&at| on_board(at)).collect();
        game.set_dead(&dead);
        if let Some(outcome) = record.outcome {
            game.end_with(outcome);
        }
        Ok(game)
    }
}
