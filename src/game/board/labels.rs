//! Text over the board — coordinates, move numbers and the red ×/劫 marks — painted by egui
//! (whose font is already loaded) rather than Bevy's text stack, which would double the browser
//! download.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

/// The labels of the board as last drawn.
#[derive(Resource, Default)]
pub(super) struct BoardLabels(pub Vec<Label>);

pub(super) struct Label {
    /// Logical window position of the text's centre.
    pub centre: Vec2,
    pub text: String,
    pub size: f32,
    pub color: bevy::color::Color,
    /// A rounded backing behind the text (the preview's consequence badges).
    pub backing: Option<bevy::color::Color>,
}

/// Painted before the HUD in the same background layer, so panels and banners stay on top.
pub(super) fn paint_labels(mut contexts: EguiContexts, labels: Res<BoardLabels>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.viewport_rect();
    let painter = ctx.layer_painter(egui::LayerId::background());
    let color32 = |c: bevy::color::Color| {
        let [r, g, b, a] = c.to_srgba().to_u8_array();
        egui::Color32::from_rgba_unmultiplied(r, g, b, a)
    };
    for label in &labels.0 {
        let mut at = egui::pos2(label.centre.x, label.centre.y);
        let font = egui::FontId::proportional(label.size);
        if let Some(backing) = label.backing {
            let galley = painter.layout_no_wrap(label.text.clone(), font.clone(), color32(label.color));
            let mut rect = egui::Rect::from_center_size(at, galley.size() + egui::vec2(12.0, 4.0));
            // A badge beside the edge of the board moves in to stay whole on the screen.
            let inside = screen.shrink(4.0);
            let shift = (inside.left() - rect.left()).max(0.0) - (rect.right() - inside.right()).max(0.0);
            rect = rect.translate(egui::vec2(shift, 0.0));
            at.x += shift;
            painter.rect_filled(rect, rect.height() / 2.0, color32(backing));
        }
        painter.text(
            at,
            egui::Align2::CENTER_CENTER,
            &label.text,
            font,
            color32(label.color),
        );
    }
    Ok(())
}
