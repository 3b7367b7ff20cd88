//! The CJK font (a subset of Noto Sans CJK SC made by `tools/subset-font.sh`) for Bevy text and
//! egui alike, compiled in so the first frame can already show Chinese (also in the browser).

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub const FONT_BYTES: &[u8] = include_bytes!("../assets/fonts/tengen-sc.otf");

/// The font handle for Bevy text (board coordinates, move numbers, 「劫」).
#[derive(Resource, Clone)]
pub struct UiFont(pub Handle<Font>);

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, load_font)
        .add_systems(EguiPrimaryContextPass, install_egui_font);
}

fn load_font(mut commands: Commands, mut fonts: ResMut<Assets<Font>>) {
    commands.insert_resource(UiFont(fonts.add(Font::from_bytes(FONT_BYTES.to_vec()))));
}

/// egui's own fonts have no CJK glyphs: add ours as the fallback of every family, once.
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
