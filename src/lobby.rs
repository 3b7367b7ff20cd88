//! The lobby (大厅, R19): mode, colour, level, size, rule set (komi shown, not editable), the
//! display options, 「开始」 and 「继续上一局」 for an unfinished game.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_ai::Level;
use tengen_rules::{Lang, Phase, RuleSet};

use crate::play::Match;
use crate::screens::Screen;
use crate::setup::{ColorChoice, MatchSetup, Mode};
use crate::storage::{Record, SavedGame, SavedGameOffer, Storage, restore};

/// 「继续上一局」 from the store: the saved game becomes the match.
pub fn continue_saved(
    saved: &SavedGame,
    setup: &mut MatchSetup,
    commands: &mut Commands,
    next: &mut NextState<Screen>,
) {
    if let Some((m, elapsed)) = restore(saved) {
        *setup = m.setup.clone();
        commands.insert_resource(m);
        commands.insert_resource(elapsed);
        next.set(Screen::Game);
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw_lobby.run_if(in_state(Screen::Lobby)));
}

fn draw_lobby(
    mut contexts: EguiContexts,
    mut setup: ResMut<MatchSetup>,
    current: Option<Res<Match>>,
    record: Res<Record>,
    mut offer: ResMut<SavedGameOffer>,
    storage: Option<Res<Storage>>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let unfinished = current
        .as_ref()
        .filter(|m| !matches!(m.game.phase(), Phase::Over(_)) && m.game.move_number() > 0);
    let mut root = crate::hud::root_ui(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(12.0);
                ui.label(egui::RichText::new("天元").size(44.0).strong());
                ui.label(egui::RichText::new("围棋 · Go").size(16.0));
                ui.label(
                    egui::RichText::new(format!("人机战绩：胜 {} · 负 {}", record.wins, record.losses))
                        .size(15.0),
                );
                if let Some(notice) = storage.as_ref().and_then(|s| s.notice.as_ref()) {
                    ui.label(
                        egui::RichText::new(notice)
                            .size(14.0)
                            .color(egui::Color32::from_rgb(230, 160, 60)),
                    );
                }
                ui.add_space(12.0);
            });
            let mut s = setup.clone();
            let text = |t: &str| egui::RichText::new(t).size(17.0);
            egui::Grid::new("lobby")
                .num_columns(2)
                .spacing([16.0, 12.0])
                .show(ui, |ui| {
                    ui.label(text("模式"));
                    ui.horizontal_wrapped(|ui| {
                        if ui
                            .radio_value(&mut s.mode, Mode::VsComputer, text("人机"))
                            .changed()
                            && s.size == 19
                        {
                            s.size = 9; // R1: 9×9 is the default against the computer
                        }
                        if ui
                            .radio_value(&mut s.mode, Mode::TwoPlayer, text("双人同屏"))
                            .changed()
                            && s.size == 9
                        {
                            s.size = 19;
                        }
                    });
                    ui.end_row();
                    if s.mode == Mode::VsComputer {
                        ui.label(text("执子"));
                        ui.horizontal_wrapped(|ui| {
                            ui.radio_value(&mut s.color, ColorChoice::Black, text("执黑"));
                            ui.radio_value(&mut s.color, ColorChoice::White, text("执白"));
                            ui.radio_value(&mut s.color, ColorChoice::Random, text("随机"));
                        });
                        ui.end_row();
                        ui.label(text("难度"));
                        ui.horizontal_wrapped(|ui| {
                            ui.radio_value(&mut s.level, Level::Easy, text("简单"));
                            ui.radio_value(&mut s.level, Level::Normal, text("普通"));
                            ui.radio_value(&mut s.level, Level::Hard, text("困难"));
                        });
                        ui.end_row();
                    }
                    ui.label(text("棋盘"));
                    ui.horizontal_wrapped(|ui| {
                        for size in [9u8, 13, 19] {
                            ui.radio_value(&mut s.size, size, text(&format!("{size}×{size}")));
                        }
                    });
                    ui.end_row();
                    ui.label(text("规则"));
                    ui.vertical(|ui| {
                        for rules in RuleSet::ALL {
                            let label = format!("{}（贴 {} 目）", rules.name(Lang::Zh), rules.komi());
                            ui.radio_value(&mut s.rules, rules, text(&label));
                        }
                    });
                    ui.end_row();
                    ui.label(text("选项"));
                    ui.vertical(|ui| {
                        ui.checkbox(&mut s.options.move_numbers, text("棋子上显示手数"));
                        ui.checkbox(&mut s.options.forbidden_marks, text("标出禁入点和劫"));
                        ui.checkbox(&mut s.options.preview_first, text("落子先预览再确认"));
                    });
                    ui.end_row();
                });
            if s != *setup {
                *setup = s;
            }
            ui.add_space(16.0);
            ui.vertical_centered(|ui| {
                let start = egui::Button::new(egui::RichText::new("开始").size(22.0))
                    .min_size(egui::vec2(160.0, 44.0));
                if ui.add(start).clicked() {
                    // A new game, even if one with the same setup is unfinished.
                    commands.remove_resource::<Match>();
                    next.set(Screen::Game);
                }
                let resume = || {
                    egui::Button::new(egui::RichText::new("继续上一局").size(18.0))
                        .min_size(egui::vec2(160.0, 38.0))
                };
                if let Some(m) = unfinished {
                    if ui.add(resume()).clicked() {
                        *setup = m.setup.clone();
                        next.set(Screen::Game);
                    }
                } else if let Some(saved) = offer.0.clone()
                    && ui.add(resume()).clicked()
                {
                    continue_saved(&saved, &mut setup, &mut commands, &mut next);
                    offer.0 = None;
                }
            });
        });
    });
    Ok(())
}
