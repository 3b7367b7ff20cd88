//! Where things sit in the window. Portrait: a status bar and the opponent's card above the
//! board, your card and the action bar below. Landscape: the board on the left, a side column
//! with both cards and the controls on the right. The board fills what is left. Positions are
//! logical pixels from the window's top-left corner, as pointer and touch positions are.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::setup::MatchSetup;
use super::state::{Match, Shown};
use crate::platform::emit;

/// Portrait: the status bar (move number, 「设置」) at the top.
pub const STATUS_BAR: f32 = 48.0;
/// Portrait: a player's card, above and below the board.
pub const CARD_ROW: f32 = 60.0;
/// Portrait: the action bar at the bottom (icon buttons with labels).
pub const ACTION_BAR: f32 = 76.0;
/// Landscape: the side column's width.
pub const SIDE_PANEL: f32 = 300.0;
/// Room around the board for its edge and shadow.
const MARGIN: f32 = 12.0;

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
        let mut layout = Layout {
            size,
            window,
            portrait,
            ..default()
        };
        let area = layout.board_area();
        let area = Rect::from_corners(area.min, area.max.max(area.min + Vec2::ONE));
        let side = (area.width().min(area.height()) - 2.0 * MARGIN).max(10.0);
        // One step of frame on each side holds the coordinates.
        let step = side / (size as f32 + 1.0);
        let min = area.center() - Vec2::splat(side / 2.0);
        layout.origin = min + Vec2::splat(step);
        layout.step = step;
        layout.board = Rect::from_corners(min, min + Vec2::splat(side));
        layout
    }

    /// A board without coordinates filling the square at `min` with sides `side` (the help
    /// pages' diagrams): half a step of wood around the outer lines.
    pub fn in_square(min: Vec2, side: f32, size: u8, window: Vec2) -> Layout {
        let step = side / size as f32;
        Layout {
            size,
            window,
            origin: min + Vec2::splat(step / 2.0),
            step,
            board: Rect::from_corners(min, min + Vec2::splat(side)),
            portrait: false,
        }
    }

    /// Where the HUD draws: portrait — the opponent's card row, your card row and the action
    /// bar; landscape — the side column.
    pub fn top_card(&self) -> Rect {
        Rect::new(0.0, STATUS_BAR, self.window.x, STATUS_BAR + CARD_ROW)
    }

    pub fn bottom_card(&self) -> Rect {
        let bottom = self.window.y - ACTION_BAR;
        Rect::new(0.0, bottom - CARD_ROW, self.window.x, bottom)
    }

    pub fn action_bar(&self) -> Rect {
        Rect::new(0.0, self.window.y - ACTION_BAR, self.window.x, self.window.y)
    }

    /// Where the board may go: between the cards in portrait, left of the column in landscape.
    pub fn board_area(&self) -> Rect {
        if self.portrait {
            Rect::new(
                0.0,
                STATUS_BAR + CARD_ROW,
                self.window.x,
                self.window.y - CARD_ROW - ACTION_BAR,
            )
        } else {
            Rect::new(0.0, 0.0, self.window.x - SIDE_PANEL, self.window.y)
        }
    }

    pub fn side(&self) -> Rect {
        Rect::new(self.window.x - SIDE_PANEL, 0.0, self.window.x, self.window.y)
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
    shown: Res<Shown>,
    setup: Res<MatchSetup>,
    mut layout: ResMut<Layout>,
) {
    let Ok(window) = windows.single() else { return };
    let size = shown
        .0
        .as_ref()
        .or(current.as_deref())
        .map_or(setup.size, |m| m.game.size());
    let new = Layout::compute(Vec2::new(window.width(), window.height()), size);
    if new != *layout {
        *layout = new;
        emit(&new.line());
    }
}
