//! The 「设置」 button at the top right of every screen and the settings sheet it opens (R20),
//! in sections: 对局 (the computer's pacing, whether 形势判断 and 提示 are offered), 声音, 显示
//! (theme, fewer animations), 语言.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::values::{Pacing, Settings, ThemeChoice};
use crate::UiSystems;
use crate::i18n::{Lang, Text};
use crate::overlay::{Panel, Placement, show_panel};
use crate::platform::ButtonReport;
use crate::theme::{ActiveTheme, Icon, Palette, *};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw_settings.in_set(UiSystems::Overlay));
}

fn draw_settings(
    mut contexts: EguiContexts,
    mut panel: ResMut<Panel>,
    mut settings: ResMut<Settings>,
    theme: Res<ActiveTheme>,
    mut reports: ResMut<ButtonReport>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let p = &theme.0;
    let lang = settings.language;
    egui::Area::new(egui::Id::new("gear"))
        .anchor(egui::Align2::RIGHT_TOP, [-GEAR_MARGIN, GEAR_MARGIN])
        .show(ctx, |ui| {
            let size = egui::vec2(TOUCH_TARGET, TOUCH_TARGET);
            let gear =
                icon_button(ui, p, Icon::Settings, "", size, false).on_hover_text(Text::Settings.get(lang));
            reports.report("settings", gear.rect.center().into());
            if gear.clicked() {
                *panel = Panel::Settings;
            }
        });
    let mut s = *settings;
    let screen = ctx.viewport_rect().size();
    let width = (screen.x - 2.0 * SPACE_4).min(380.0);
    let place = Placement {
        anchor: egui::Align2::RIGHT_TOP,
        offset: egui::vec2(-SPACE_2, TOUCH_TARGET + SPACE_2),
        size: egui::vec2(width, screen.y - TOUCH_TARGET - SPACE_6),
    };
    let words = (Text::Settings.get(lang), Text::Close.get(lang));
    show_panel(ctx, p, &mut panel, Panel::Settings, words, place, |ui| {
        let inner = ui.available_width();
        egui::ScrollArea::vertical().show(ui, |ui| sections(ui, p, lang, &mut s, inner));
    });
    if s != *settings {
        *settings = s;
    }
    Ok(())
}

fn sections(ui: &mut egui::Ui, p: &Palette, lang: Lang, s: &mut Settings, width: f32) {
    let heading = |ui: &mut egui::Ui, t: Text| {
        ui.add_space(SPACE_2);
        ui.label(egui::RichText::new(t.get(lang)).size(TEXT_CAPTION).color(p.muted));
    };
    heading(ui, Text::GameSection);
    ui.label(Text::Pacing.get(lang));
    let pacing = [
        (Pacing::Realistic, Text::Realistic.get(lang)),
        (Pacing::Fast, Text::Fast.get(lang)),
    ];
    segmented(ui, p, &mut s.pacing, &pacing, width);
    switch(ui, p, &mut s.advice, Text::Advice.get(lang), width);
    heading(ui, Text::SoundSection);
    switch(ui, p, &mut s.sound, Text::Sound.get(lang), width);
    heading(ui, Text::DisplaySection);
    ui.label(Text::Theme.get(lang));
    let themes = [
        (ThemeChoice::System, Text::ThemeSystem.get(lang)),
        (ThemeChoice::Light, Text::ThemeLight.get(lang)),
        (ThemeChoice::Dark, Text::ThemeDark.get(lang)),
    ];
    segmented(ui, p, &mut s.theme, &themes, width);
    switch(ui, p, &mut s.reduced_motion, Text::ReducedMotion.get(lang), width);
    heading(ui, Text::Language);
    let languages = [
        (Lang::Zh, Text::Chinese.get(lang)),
        (Lang::En, Text::English.get(lang)),
    ];
    segmented(ui, p, &mut s.language, &languages, width);
}
