//! The lobby page (大厅, R19): mode, colour, level, size, rule set (komi shown, not editable),
//! the display options, 「开始」, 「继续上一局」 for a saved game, the record, and the way to the
//! rules and help pages.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_ai::Level;
use tengen_rules::RuleSet;

use super::actions::LobbyIntent;
use crate::UiSystems;
use crate::game::{ColorChoice, MatchSetup, Mode};
use crate::i18n::{self, Text};
use crate::overlay::Panel;
use crate::platform::ButtonReport;
use crate::platform::storage::{Record, SavedGameOffer, Storage};
use crate::screens::Screen;
use crate::settings::Settings;
use crate::theme::{
    self, TEXT_ACTION, TEXT_BODY, TEXT_CAPTION, TEXT_CONTROL, TEXT_DISPLAY, TEXT_EMPHASIS, TEXT_SMALL,
    TOUCH_TARGET,
};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_lobby
            .in_set(UiSystems::Screen)
            .run_if(in_state(Screen::Lobby)),
    );
}

fn draw_lobby(
    mut contexts: EguiContexts,
    mut setup: ResMut<MatchSetup>,
    record: Res<Record>,
    offer: Res<SavedGameOffer>,
    storage: Option<Res<Storage>>,
    settings: Res<Settings>,
    mut panel: ResMut<Panel>,
    mut intents: MessageWriter<LobbyIntent>,
    mut buttons: Local<ButtonReport>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.language;
    let mut root = theme::root_ui(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(12.0);
                ui.label(egui::RichText::new("天元").size(TEXT_DISPLAY).strong());
                ui.label(egui::RichText::new(Text::Subtitle.get(lang)).size(TEXT_BODY));
                ui.label(
                    egui::RichText::new(i18n::record_line(lang, record.wins, record.losses))
                        .size(TEXT_CAPTION),
                );
                let not_saving = storage.as_ref().is_some_and(|s| !s.is_saving());
                let notice = storage.as_ref().and_then(|s| s.notice.clone());
                let not_saving = not_saving.then(|| Text::NotSaving.get(lang).to_string());
                if let Some(notice) = not_saving.or(notice) {
                    ui.label(
                        egui::RichText::new(notice)
                            .size(TEXT_SMALL)
                            .color(theme::NOTICE_AMBER),
                    );
                }
                ui.add_space(12.0);
            });
            let mut s = setup.clone();
            let text = |t: &str| egui::RichText::new(t).size(TEXT_CONTROL);
            egui::Grid::new("lobby")
                .num_columns(2)
                .spacing([16.0, 12.0])
                .show(ui, |ui| {
                    ui.label(text(Text::Mode.get(lang)));
                    ui.horizontal_wrapped(|ui| {
                        if ui
                            .radio_value(&mut s.mode, Mode::VsComputer, text(Text::VsComputer.get(lang)))
                            .changed()
                            && s.size == 19
                        {
                            s.size = 9; // R1: 9×9 is the default against the computer
                        }
                        if ui
                            .radio_value(&mut s.mode, Mode::TwoPlayer, text(Text::TwoPlayer.get(lang)))
                            .changed()
                            && s.size == 9
                        {
                            s.size = 19;
                        }
                    });
                    ui.end_row();
                    if s.mode == Mode::VsComputer {
                        ui.label(text(Text::Side.get(lang)));
                        ui.horizontal_wrapped(|ui| {
                            ui.radio_value(&mut s.color, ColorChoice::Black, text(Text::PlayBlack.get(lang)));
                            ui.radio_value(&mut s.color, ColorChoice::White, text(Text::PlayWhite.get(lang)));
                            ui.radio_value(
                                &mut s.color,
                                ColorChoice::Random,
                                text(Text::RandomSide.get(lang)),
                            );
                        });
                        ui.end_row();
                        ui.label(text(Text::Level.get(lang)));
                        ui.horizontal_wrapped(|ui| {
                            ui.radio_value(&mut s.level, Level::Easy, text(Text::Easy.get(lang)));
                            ui.radio_value(&mut s.level, Level::Normal, text(Text::Normal.get(lang)));
                            ui.radio_value(&mut s.level, Level::Hard, text(Text::Hard.get(lang)));
                        });
                        ui.end_row();
                    }
                    ui.label(text(Text::Board.get(lang)));
                    ui.horizontal_wrapped(|ui| {
                        for size in [9u8, 13, 19] {
                            ui.radio_value(&mut s.size, size, text(&format!("{size}×{size}")));
                        }
                    });
                    ui.end_row();
                    ui.label(text(Text::Rules.get(lang)));
                    ui.vertical(|ui| {
                        for rules in RuleSet::ALL {
                            let label = i18n::rules_label(lang, rules);
                            ui.radio_value(&mut s.rules, rules, text(&label));
                        }
                    });
                    ui.end_row();
                    ui.label(text(Text::Options.get(lang)));
                    ui.vertical(|ui| {
                        ui.checkbox(&mut s.options.move_numbers, text(Text::MoveNumbers.get(lang)));
                        ui.checkbox(
                            &mut s.options.forbidden_marks,
                            text(Text::ForbiddenMarks.get(lang)),
                        );
                        ui.checkbox(&mut s.options.preview_first, text(Text::PreviewFirst.get(lang)));
                    });
                    ui.end_row();
                });
            if s != *setup {
                *setup = s;
            }
            ui.add_space(16.0);
            ui.vertical_centered(|ui| {
                let start = egui::Button::new(egui::RichText::new(Text::Start.get(lang)).size(TEXT_ACTION))
                    .min_size(egui::vec2(160.0, TOUCH_TARGET));
                let start = ui.add(start);
                buttons.report("start", start.rect.center().into());
                if start.clicked() {
                    intents.write(LobbyIntent::Start);
                }
                if offer.0.is_some() {
                    let resume = ui.add(
                        egui::Button::new(egui::RichText::new(Text::Continue.get(lang)).size(TEXT_EMPHASIS))
                            .min_size(egui::vec2(160.0, 38.0)),
                    );
                    buttons.report("continue", resume.rect.center().into());
                    if resume.clicked() {
                        intents.write(LobbyIntent::Continue);
                    }
                }
                ui.add_space(8.0);
                if ui
                    .button(egui::RichText::new(Text::Help.get(lang)).size(TEXT_CONTROL))
                    .clicked()
                {
                    *panel = Panel::Help;
                }
            });
        });
    });
    Ok(())
}
