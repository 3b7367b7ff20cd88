//! Settings (R20), reachable from every screen through the 「设置」 button at the top right: the
//! computer's pacing (R11) and sound on/off. Saved on the device.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use serde::{Deserialize, Serialize};

use crate::setup::Pacing;

#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub pacing: Pacing,
    pub sound: bool,
    /// Fewer animations (R18's "respect a reduced-motion setting").
    #[serde(default)]
    pub reduced_motion: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            pacing: Pacing::Realistic,
            sound: true,
            reduced_motion: false,
        }
    }
}

/// A pacing given as a start flag: it wins over the saved setting for this run.
#[derive(Resource, Clone, Copy, Debug)]
pub struct PacingOverride(pub Pacing);

/// Whether the settings panel is open.
#[derive(Resource, Default)]
struct Open(bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>()
        .add_systems(PostStartup, apply_override);
}

/// The gear and its panel: drawing only, added with the other UI plugins.
pub(super) fn ui_plugin(app: &mut App) {
    app.init_resource::<Open>()
        .add_systems(EguiPrimaryContextPass, draw_settings);
}

fn apply_override(flag: Option<Res<PacingOverride>>, mut settings: ResMut<Settings>) {
    if let Some(flag) = flag {
        settings.pacing = flag.0;
    }
}

fn draw_settings(
    mut contexts: EguiContexts,
    mut open: ResMut<Open>,
    mut settings: ResMut<Settings>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("gear"))
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 6.0])
        .show(ctx, |ui| {
            if ui.button(egui::RichText::new("设置").size(16.0)).clicked() {
                open.0 = !open.0;
            }
        });
    if !open.0 {
        return Ok(());
    }
    let mut s = *settings;
    let mut still_open = true;
    egui::Window::new("设置")
        .open(&mut still_open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 44.0])
        .show(ctx, |ui| {
            let text = |t: &str| egui::RichText::new(t).size(17.0);
            ui.label(text("电脑落子节奏"));
            ui.horizontal(|ui| {
                ui.radio_value(&mut s.pacing, Pacing::Realistic, text("真实"));
                ui.radio_value(&mut s.pacing, Pacing::Fast, text("较快"));
            });
            ui.checkbox(&mut s.sound, text("声音"));
            ui.checkbox(&mut s.reduced_motion, text("减少动画"));
        });
    open.0 = still_open;
    if s != *settings {
        *settings = s;
    }
    Ok(())
}
