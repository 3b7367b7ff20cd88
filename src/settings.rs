//! Settings (R20), reachable from every screen through the 「设置」 button at the top right: the
//! computer's pacing (R11) and sound on/off. Saved on the device.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use serde::{Deserialize, Serialize};

use tengen_rules::Lang;

use crate::i18n::Text;
use crate::overlay::{Panel, Placement, TOUCH_TARGET, show_panel};
use crate::setup::Pacing;

#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub pacing: Pacing,
    pub sound: bool,
    /// Fewer animations (R18's "respect a reduced-motion setting").
    #[serde(default)]
    pub reduced_motion: bool,
    #[serde(default)]
    pub language: Lang,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            pacing: Pacing::Realistic,
            sound: true,
            reduced_motion: false,
            language: Lang::Zh,
        }
    }
}

/// A pacing given as a start flag: it wins over the saved setting for this run.
#[derive(Resource, Clone, Copy, Debug)]
pub struct PacingOverride(pub Pacing);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>()
        .add_systems(PostStartup, apply_override);
}

/// The gear and its panel: drawing only, added with the other UI plugins.
pub(super) fn ui_plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw_settings);
}

fn apply_override(flag: Option<Res<PacingOverride>>, mut settings: ResMut<Settings>) {
    if let Some(flag) = flag {
        settings.pacing = flag.0;
    }
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
            let gear = egui::Button::new(egui::RichText::new(Text::Settings.get(settings.language)).size(16.0))
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
            let text = |t: &str| egui::RichText::new(t).size(17.0);
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
