//! Every word the game shows, in Chinese and English, from this one folder: the interface's
//! fixed words (`text`), sentences with numbers and the game's own terms (`phrases`), and the
//! rules and help pages (`help`).

mod help;
mod phrases;
mod text;

pub use help::{DIAGRAMS, FAQ, GLOSSARY, HOW_TO_PLAY, TIPS};
pub use phrases::*;
pub use text::{Lang, Text};
