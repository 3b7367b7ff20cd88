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
}

/// Painted before the HUD in the same background layer, so panels and banners stay on top.
pub(super) fn paint_labels(mut contexts: EguiContexts, labels: Res<BoardLabels>) -> Result {
    let painter = contexts.ctx_mut()?.layer_painter(egui::LayerId::background());
    for label in &labels.0 {
        let [r, g, b, a] = label.color.to_srgba().to_u8_array();
        painter.text(
            egui::pos2(label.centre.x, label.centre.y),
            egui::Align2::CENTER_CENTER,
            &label.text,
            egui::FontId::proportional(label.size),
            egui::Color32::from_rgba_unmultiplied(r, g, b, a),
        );
    }
    Ok(())
}
