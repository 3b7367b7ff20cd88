//! The lobby: its page (`page`), what its buttons do (`actions`), the finished games and
//! opening a record (`records`), and the rules and help page (`help`).

mod actions;
mod help;
mod page;
mod records;

pub use actions::LobbyIntent;
pub use help::{HelpJump, Section};
pub use page::level_choice;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(actions::plugin);
}

/// The page and the help: drawing only.
pub(super) fn ui_plugin(app: &mut App) {
    app.add_plugins((page::plugin, help::plugin, records::plugin));
}
