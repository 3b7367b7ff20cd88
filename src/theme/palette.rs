//! Colours: the board's wood and ink, and the few accents of the interface.

use bevy::color::Color;
use bevy_egui::egui::Color32;

/// The window behind everything: dark walnut.
pub const BACKGROUND: Color = Color::srgb(0.17, 0.15, 0.13);
/// The board's face, its frame and grain.
pub const WOOD: Color = Color::srgb(0.87, 0.69, 0.42);
pub const WOOD_DARK: Color = Color::srgb(0.62, 0.44, 0.24);
/// Grid lines, star points, coordinates.
pub const INK: Color = Color::srgb(0.16, 0.12, 0.08);
/// The last move, move numbers' latest, forbidden marks, the preview's cross-hair.
pub const MARK_RED: Color = Color::srgb(0.85, 0.10, 0.08);
/// Ownership squares while counting.
pub const BLACK_AREA: Color = Color::srgb(0.05, 0.05, 0.06);
pub const WHITE_AREA: Color = Color::srgb(0.97, 0.97, 0.95);

/// The result banner.
pub const RESULT_RED: Color32 = Color32::from_rgb(200, 40, 30);
/// A store notice in the lobby (unreadable save, not saving).
pub const NOTICE_AMBER: Color32 = Color32::from_rgb(230, 160, 60);
/// The toast's backing.
pub const TOAST_BACKING: Color32 = Color32::from_black_alpha(200);
