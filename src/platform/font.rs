//! The CJK font (a subset of Noto Sans CJK SC made by `tools/subset-font.sh`), egui's only font
//! (every text, the board's labels included, is egui's), compiled in so the first frame can
//! already show Chinese (also in the browser).

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::UiSystems;

pub const FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/tengen-sc.otf");

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, install_egui_font.in_set(UiSystems::Font));
}

/// egui is built without its own fonts (tests/font.rs proves ours covers every character), so
/// ours is the only font of every family. Once.
fn install_egui_font(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        "tengen-sc".into(),
        Arc::new(egui::FontData::from_static(FONT_BYTES)),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        fonts.families.entry(family).or_default().push("tengen-sc".into());
    }
    ctx.set_fonts(fonts);
    *done = true;
    Ok(())
}
