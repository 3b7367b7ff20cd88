//! The fonts, compiled in so the first frame can already show Chinese (also in the browser):
//! Noto Sans CJK SC for every text and Noto Serif CJK SC Bold for titles and results, both cut
//! down by `tools/subset-font.sh` to the characters the game shows (tests/font.rs checks them).
//! egui draws every text, the board's labels included.

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::UiSystems;

const SANS: &[u8] = include_bytes!("../../assets/fonts/tengen-sc.otf");
const SERIF: &[u8] = include_bytes!("../../assets/fonts/tengen-serif-sc.otf");

/// The family of titles and results: `egui::FontFamily::Name(TITLE_FAMILY.into())`.
pub const TITLE_FAMILY: &str = "title";

/// Passes since the fonts were handed to egui: it uses them from the next pass on.
#[derive(Resource, Default)]
pub struct FontPasses(Option<u32>);

/// Whether egui has the fonts (nothing that writes text may run before).
pub fn fonts_ready(passes: Res<FontPasses>) -> bool {
    passes.0.is_some_and(|n| n >= 1)
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<FontPasses>().add_systems(
        EguiPrimaryContextPass,
        install_egui_fonts.in_set(UiSystems::Style),
    );
}

/// egui is built without its own fonts, so ours are the only ones of every family. Once.
fn install_egui_fonts(mut contexts: EguiContexts, mut passes: ResMut<FontPasses>) -> Result {
    if let Some(n) = &mut passes.0 {
        *n += 1;
        return Ok(());
    }
    let mut fonts = egui::FontDefinitions::default();
    fonts
        .font_data
        .insert("sans".into(), Arc::new(egui::FontData::from_static(SANS)));
    fonts
        .font_data
        .insert("serif".into(), Arc::new(egui::FontData::from_static(SERIF)));
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        fonts.families.entry(family).or_default().push("sans".into());
    }
    fonts.families.insert(
        egui::FontFamily::Name(TITLE_FAMILY.into()),
        vec!["serif".into(), "sans".into()],
    );
    contexts.ctx_mut()?.set_fonts(fonts);
    passes.0 = Some(0);
    Ok(())
}
