//! Sizes and timings: one type scale (logical pixels), spacing on a 4-px grid, corner radii,
//! touch targets, and how long each motion and message lasts.

/// The type scale: 12 / 14 / 16 / 20 / 28 / 40.
pub const TEXT_SMALL: f32 = 12.0;
pub const TEXT_CAPTION: f32 = 14.0;
pub const TEXT_BODY: f32 = 16.0;
pub const TEXT_TITLE: f32 = 20.0;
pub const TEXT_HEADLINE: f32 = 28.0;
pub const TEXT_DISPLAY: f32 = 40.0;

/// Spacing steps on the 4-px grid.
pub const SPACE_1: f32 = 4.0;
pub const SPACE_2: f32 = 8.0;
pub const SPACE_3: f32 = 12.0;
pub const SPACE_4: f32 = 16.0;
pub const SPACE_6: f32 = 24.0;
pub const SPACE_8: f32 = 32.0;

/// Corner radii: cards and sheets, buttons and controls.
pub const RADIUS_CARD: u8 = 8;
pub const RADIUS_BUTTON: u8 = 6;

/// Touch targets are at least this tall (and wide).
pub const TOUCH_TARGET: f32 = 44.0;
/// The 「设置」 button sits this far from the top right corner, a touch target square.
pub const GEAR_MARGIN: f32 = SPACE_1;
/// The widest a column of controls gets (lobby, settings, result card).
pub const COLUMN_WIDTH: f32 = 560.0;

/// The preview ghost fades in.
pub const GHOST_SECS: f32 = 0.08;
/// A new stone settles onto the board.
pub const SETTLE_SECS: f32 = 0.12;
/// A captured (or taken back) stone fades and lifts out…
pub const FADE_OUT_SECS: f32 = 0.25;
/// …each one this much after the one before.
pub const FADE_OUT_STAGGER_SECS: f32 = 0.03;
/// Counting: dead stones lift away, then territory appears region by region…
pub const DEAD_LIFT_SECS: f32 = 0.35;
pub const REGION_STAGGER_SECS: f32 = 0.12;
pub const REGION_FADE_SECS: f32 = 0.3;
/// …and the totals count up.
pub const TALLY_SECS: f32 = 0.9;
/// One breath of the preview stone.
pub const PULSE_SECS: f32 = 1.4;
/// Screens, sheets and dialogs ease in.
pub const SHEET_SECS: f32 = 0.22;
/// A message over the board (a refusal, a pass) stays this long.
pub const TOAST_SECS: f64 = 2.2;
