//! The computer player for Tengen and the `tengen-gtp` engine.
//!
//! For now: light random playouts (the benchmark of the board code and the base of the dead-stone
//! judgement), a move chooser that plays random legal moves without filling its own eyes, and the
//! GTP front end. The three levels and the search come with the computer-player issue.

mod dead;
pub mod gtp;
mod playout;

pub use dead::dead_stones;
pub use playout::{light_playout, random_move};

/// Strength levels of R10. The GTP flag `--level` takes their lowercase names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Level {
    Easy,
    #[default]
    Normal,
    Hard,
}

impl Level {
    pub fn parse(text: &str) -> Option<Level> {
        match text.trim().to_ascii_lowercase().as_str() {
            "easy" => Some(Level::Easy),
            "normal" => Some(Level::Normal),
            "hard" => Some(Level::Hard),
            _ => None,
        }
    }
}
