//! Drawing depths of the board's pieces (sprite `z`), back to front.

/// The table under everything, and the board's shadow on it.
pub const TABLE: f32 = -1.0;
pub const BOARD_SHADOW: f32 = -0.5;
pub const FRAME: f32 = 0.0;
pub const WOOD: f32 = 0.01;
pub const GRAIN: f32 = 0.02;
pub const GRID: f32 = 0.1;
pub const STAR_POINTS: f32 = 0.15;
/// Stones leaving the board, under the ones that stay.
pub const LEAVING: f32 = 0.9;
pub const STONES: f32 = 1.0;
pub const LAST_MOVE: f32 = 1.2;
pub const OWNERSHIP: f32 = 1.3;
pub const PREVIEW: f32 = 1.5;
pub const CROSS_HAIR: f32 = 1.6;
/// A stone's picture sits this far above its shadow.
pub const ABOVE_SHADOW: f32 = 0.01;
