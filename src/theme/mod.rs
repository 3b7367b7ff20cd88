//! How the game looks, named once: colours (`palette`), the type scale, spacing, drawing depths
//! and motion timings (`metrics`), and shared egui pieces (`widgets`).

pub mod depth;
mod metrics;
mod palette;
mod widgets;

pub use metrics::*;
pub use palette::*;
pub use widgets::*;
