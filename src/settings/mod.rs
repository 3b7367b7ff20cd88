//! Settings: the values (`values`) and the panel that changes them (`panel`).

mod panel;
mod values;

pub use values::{Pacing, PacingOverride, Settings, ThemeChoice};

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(values::plugin);
}

/// The button and panel: drawing only.
pub(super) fn ui_plugin(app: &mut App) {
    app.add_plugins(panel::plugin);
}
