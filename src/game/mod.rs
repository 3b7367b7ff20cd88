//! The game screen: what game to play (`setup`), the game itself (`state`), what the player
//! wants and how it is applied (`intents`), devices to intents (`input`), the computer's turn
//! (`computer`), the judgement of the position and the hints asked for (`judgement`, `hint`),
//! the teaching game's check of each move (`teaching`), where the board sits (`layout`), the
//! board drawn (`board`), the controls and status around it (`hud`), and the event lines
//! (`report`).

mod board;
mod computer;
mod hint;
mod hud;
mod input;
mod intents;
mod judgement;
mod layout;
mod report;
mod setup;
mod state;
mod teaching;

pub use board::{Diagram, DiagramSlots, app_icon};
pub use computer::ComputerTurn;
pub use hint::{MoveHints, Suggestion};
pub use input::Pointer;
pub use intents::{Dir, Intent, MovePlayed, MoveRefused, Resigned};
pub use judgement::{Judged, PositionJudgement};
pub use layout::{Layout, STATUS_BAR};
pub use setup::{ColorChoice, DisplayOptions, MatchSetup, Mode, Offer, ResultOffer};
pub use state::{Elapsed, Match, PreviewStone, Shown, ShownBetter};
pub use teaching::{TEACHING_LOSS, Teaching};

use bevy::prelude::*;

/// Everything that runs without a window.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        setup::plugin,
        state::plugin,
        intents::plugin,
        input::plugin,
        computer::plugin,
        judgement::plugin,
        hint::plugin,
        teaching::plugin,
        layout::plugin,
        report::plugin,
    ));
}

/// The board and the controls around it: drawing only.
pub(super) fn ui_plugin(app: &mut App) {
    app.add_plugins((board::plugin, hud::plugin));
}
