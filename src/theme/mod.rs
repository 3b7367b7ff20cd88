//! How the game looks, named once: colours (`palette`, a light and a dark variant), the type
//! scale, spacing, radii, drawing depths and motion timings (`metrics`, `depth`), the egui style
//! built from them (`style`), and shared widgets (`widgets`).

pub mod depth;
mod metrics;
mod palette;
mod style;
mod widgets;

pub use metrics::*;
pub use palette::*;
pub use style::{ActiveTheme, ThemeChoice};
pub use widgets::*;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(style::plugin);
}
