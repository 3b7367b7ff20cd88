//! Colours: warm paper and ink for the interface — a light and a dark variant — and the board's
//! wood, which is the same in both.

use bevy::color::Color;
use bevy_egui::egui::Color32;

/// The interface's colours in one variant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Palette {
    pub dark: bool,
    /// Behind everything.
    pub page: Color32,
    /// Cards, panels, bars.
    pub surface: Color32,
    /// Pressed or selected surfaces, wells, the track of a switch.
    pub sunken: Color32,
    /// Lines between things.
    pub border: Color32,
    pub ink: Color32,
    /// Secondary text.
    pub muted: Color32,
    /// The one primary action on a screen (「开始」, 「确认落子」, 「再来一局」), and selection.
    pub primary: Color32,
    /// Text on `primary`.
    pub on_primary: Color32,
    /// Secondary accent (links, the thinking indicator).
    pub accent: Color32,
    /// A notice (an unreadable save, not saving).
    pub warning: Color32,
    /// The table the board lies on: a gradient from `table_near` (centre) to `table_far` (edges).
    pub table_near: Color,
    pub table_far: Color,
}

/// Paper #F4ECDD, ink #1E1A16, vermilion #B7412E, indigo #2F4A6D.
pub const LIGHT: Palette = Palette {
    dark: false,
    page: Color32::from_rgb(0xF4, 0xEC, 0xDD),
    surface: Color32::from_rgb(0xFB, 0xF7, 0xEF),
    sunken: Color32::from_rgb(0xE8, 0xDC, 0xC6),
    border: Color32::from_rgb(0xD6, 0xC6, 0xAB),
    ink: Color32::from_rgb(0x1E, 0x1A, 0x16),
    muted: Color32::from_rgb(0x6E, 0x62, 0x54),
    primary: Color32::from_rgb(0xB7, 0x41, 0x2E),
    on_primary: Color32::from_rgb(0xFF, 0xF8, 0xF0),
    accent: Color32::from_rgb(0x2F, 0x4A, 0x6D),
    warning: Color32::from_rgb(0xA8, 0x5C, 0x12),
    table_near: Color::srgb(0.925, 0.890, 0.820),
    table_far: Color::srgb(0.820, 0.760, 0.665),
};

/// Night paper #2E2A24 with light ink; the accents lifted to read on it.
pub const DARK: Palette = Palette {
    dark: true,
    page: Color32::from_rgb(0x2E, 0x2A, 0x24),
    surface: Color32::from_rgb(0x3A, 0x35, 0x2E),
    sunken: Color32::from_rgb(0x24, 0x21, 0x1C),
    border: Color32::from_rgb(0x55, 0x4C, 0x40),
    ink: Color32::from_rgb(0xF1, 0xE8, 0xDA),
    muted: Color32::from_rgb(0xB4, 0xA7, 0x93),
    primary: Color32::from_rgb(0xD0, 0x5A, 0x42),
    on_primary: Color32::from_rgb(0xFF, 0xF8, 0xF0),
    accent: Color32::from_rgb(0x8D, 0xAC, 0xD6),
    warning: Color32::from_rgb(0xE6, 0xA2, 0x4C),
    table_near: Color::srgb(0.235, 0.215, 0.185),
    table_far: Color::srgb(0.135, 0.122, 0.105),
};

/// The board's face (kaya #DCB35C), its grain and edge.
pub const WOOD: Color = Color::srgb(0.863, 0.702, 0.361);
/// The board's side, seen below its face.
pub const WOOD_EDGE: Color = Color::srgb(0.54, 0.37, 0.19);
/// Grid lines, star points, coordinates (#442211).
pub const INK: Color = Color::srgb(0.267, 0.133, 0.067);
/// The last move, the latest move number, forbidden marks, the preview's cross-hair.
pub const MARK_RED: Color = Color::srgb(0.85, 0.10, 0.08);
/// Ownership squares while counting.
pub const BLACK_AREA: Color = Color::srgb(0.05, 0.05, 0.06);
pub const WHITE_AREA: Color = Color::srgb(0.97, 0.97, 0.95);
/// The badge with the stones a preview would take.
pub const BADGE_GREEN: Color = Color::srgb(0.17, 0.45, 0.25);
/// The toast's backing.
pub const TOAST_BACKING: Color32 = Color32::from_rgba_premultiplied(20, 17, 14, 225);
