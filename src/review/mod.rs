//! Review (复盘): step through a finished game, an opened SGF file or the game just played —
//! first / back / forward / last, arrow keys, a slider, the move list, the file's variations —
//! save it as SGF, or continue from the position shown, with every position analysed in the
//! background (`state`: what is shown; `analysis`: the analysis; `page`: the controls; `keys`:
//! the keyboard).

mod analysis;
mod keys;
mod page;
mod state;

pub use analysis::Analysis;
pub use state::{Back, ContinueChoice, Review, ReviewIntent};

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((state::plugin, analysis::plugin, keys::plugin));
}

/// The controls: drawing only.
pub(super) fn ui_plugin(app: &mut App) {
    app.add_plugins(page::plugin);
}
