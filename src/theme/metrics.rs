//! Sizes and timings: the type scale (logical pixels), touch targets, and how long each motion
//! and message lasts.

/// The game's name on the lobby page.
pub const TEXT_DISPLAY: f32 = 44.0;
/// The result of a finished game.
pub const TEXT_RESULT: f32 = 26.0;
/// The lobby's 「开始」.
pub const TEXT_ACTION: f32 = 22.0;
/// A panel's title.
pub const TEXT_TITLE: f32 = 20.0;
/// A heading inside the help pages.
pub const TEXT_HEADING: f32 = 19.0;
/// Questions, messages over the board, 「继续上一局」.
pub const TEXT_EMPHASIS: f32 = 18.0;
/// Buttons and choices.
pub const TEXT_CONTROL: f32 = 17.0;
/// The status line, subtitles, the 「设置」 button.
pub const TEXT_BODY: f32 = 16.0;
/// The record line.
pub const TEXT_CAPTION: f32 = 15.0;
/// Notices.
pub const TEXT_SMALL: f32 = 14.0;

/// Touch targets are at least this tall (and wide).
pub const TOUCH_TARGET: f32 = 44.0;
/// Room kept free for the 「设置」 button at the top right.
pub const GEAR_ROOM: f32 = 96.0;

/// A new stone drops in.
pub const SETTLE_SECS: f32 = 0.18;
/// A captured (or taken back) stone fades and shrinks out…
pub const FADE_OUT_SECS: f32 = 0.28;
/// …each one this much after the one before.
pub const FADE_OUT_STAGGER_SECS: f32 = 0.04;
/// Ownership squares appear when counting begins.
pub const FADE_IN_SECS: f32 = 0.45;
/// One breath of the preview stone.
pub const PULSE_SECS: f32 = 1.4;
/// The result slides in.
pub const BANNER_SECS: f32 = 0.5;
/// A message over the board (a refusal, a pass) stays this long.
pub const TOAST_SECS: f64 = 2.2;
