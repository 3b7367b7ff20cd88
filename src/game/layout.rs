//! Where the board sits in the window: the board fills the space the HUD leaves, in portrait
//! (bars above and below) and landscape (a panel on the right). Positions are logical pixels
//! from the window's top-left corner, as pointer and touch positions are.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::setup::MatchSetup;
use super::state::Match;
use crate::platform::emit;

/// Height of the status bar above the board in portrait.
pub const TOP_BAR: f32 = 48.0;
/// Height of the button area below the board in portrait (room for the preview pad too).
pub const BOTTOM_BAR: f32 = 132.0;
/// Width of the side panel in landscape.
pub const SIDE_PANEL: f32 = 250.0;
const MARGIN: f32 = 6.0;

#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct Layout {
    pub size: u8,
    pub window: Vec2,
    /// Centre of the top-left intersection.
    pub origin: Vec2,
    /// Distance between neighbouring lines.
    pub step: f32,
    /// The wooden board, coordinates included.
    pub board: Rect,
    pub portrait: bool,
}

impl Layout {
    pub fn compute(window: Vec2, size: u8) -> Layout {
        let portrait = window.y >= window.x * 1.1;
        let area = if portrait {
            Rect::new(0.0, TOP_BAR, window.x, (window.y - BOTTOM_BAR).max(TOP_BAR + 1.0))
        } else {
            Rect::new(0.0, 0.0, (window.x - SIDE_PANEL).max(1.0), window.y)
        };
        let side = (area.width().min(area.height()) - 2.0 * MARGIN).max(10.0);
        // One step of frame on each side holds the coordinates.
        let step = side / (size as f32 + 1.0);
        let min = area.center() - Vec2::splat(side / 2.0);
        Layout {
            size,
            window,
            origin: min + Vec2::splat(step),
            step,
            board: Rect::from_corners(min, min + Vec2::splat(side)),
            portrait,
        }
    }

    /// Centre of intersection (col, row).
    pub fn position(&self, col: u8, row: u8) -> Vec2 {
        self.origin + Vec2::new(col as f32, row as f32) * self.step
    }

    /// The intersection under `pos`, if `pos` is within half a step of one.
    pub fn intersection_at(&self, pos: Vec2) -> Option<(u8, u8)> {
        let rel = (pos - self.origin) / self.step;
        let (c, r) = (rel.x.round(), rel.y.round());
        let near = (rel.x - c).abs() <= 0.5 && (rel.y - r).abs() <= 0.5;
        let inside = (0.0..self.size as f32).contains(&c) && (0.0..self.size as f32).contains(&r);
        (near && inside).then_some((c as u8, r as u8))
    }

    /// World position (camera at the origin, y up) of a logical window position.
    pub fn to_world(&self, pos: Vec2) -> Vec2 {
        Vec2::new(pos.x - self.window.x / 2.0, self.window.y / 2.0 - pos.y)
    }

    /// The `tengen:layout` line for tests and tools.
    pub fn line(&self) -> String {
        format!(
            "tengen:layout size={} x0={:.1} y0={:.1} step={:.2}",
            self.size, self.origin.x, self.origin.y, self.step
        )
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Layout>()
        .add_systems(PreUpdate, update_layout);
}

fn update_layout(
    windows: Query<&Window, With<PrimaryWindow>>,
    current: Option<Res<Match>>,
    setup: Res<MatchSetup>,
    mut layout: ResMut<Layout>,
) {
    let Ok(window) = windows.single() else { return };
    let size = current.map_or(setup.size, |m| m.game.size());
    let new = Layout::compute(Vec2::new(window.width(), window.height()), size);
    if new != *layout {
        *layout = new;
        emit(&new.line());
    }
}
