//! The 「设置」 button at the top right of every screen and the settings panel it opens (R20).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::values::{Pacing, Settings};
use crate::UiSystems;
use crate::i18n::{Lang, Text};
use crate::overlay::{Panel, Placement, show_panel};
use crate::theme::{TEXT_BODY, TEXT_CONTROL, TOUCH_TARGET};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw_settings.in_set(UiSystems::Overlay));
}

fn draw_settings(
    mut contexts: EguiContexts,
    mut panel: ResMut<Panel>,
    mut settings: ResMut<Settings>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("gear"))
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 6.0])
        .show(ctx, |ui| {
            // At the window's edge egui would wrap the label; keep it on one line.
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            let gear =
                egui::Button::new(egui::RichText::new(Text::Settings.get(settings.language)).size(TEXT_BODY))
                    .min_size(egui::vec2(TOUCH_TARGET, 36.0));
            if ui.add(gear).clicked() {
                *panel = Panel::Settings;
            }
        });
    let mut s = *settings;
    let lang = s.language;
    let place = Placement {
        anchor: egui::Align2::RIGHT_TOP,
        offset: egui::vec2(-8.0, 44.0),
        size: egui::vec2(260.0, 360.0),
    };
    let words = (Text::Settings.get(lang), Text::Close.get(lang));
    show_panel(ctx, &mut panel, Panel::Settings, words, place, |ui| {
        let text = |t: &str| egui::RichText::new(t).size(TEXT_CONTROL);
        ui.label(text(Text::Pacing.get(lang)));
        ui.horizontal(|ui| {
            ui.radio_value(&mut s.pacing, Pacing::Realistic, text(Text::Realistic.get(lang)));
            ui.radio_value(&mut s.pacing, Pacing::Fast, text(Text::Fast.get(lang)));
        });
        ui.checkbox(&mut s.sound, text(Text::Sound.get(lang)));
        ui.checkbox(&mut s.reduced_motion, text(Text::ReducedMotion.get(lang)));
        ui.label(text(Text::Language.get(lang)));
        ui.horizontal(|ui| {
            ui.radio_value(&mut s.language, Lang::Zh, text(Text::Chinese.get(lang)));
            ui.radio_value(&mut s.language, Lang::En, text(Text::English.get(lang)));
        });
    });
    if s != *settings {
        *settings = s;
    }
    Ok(())
}
