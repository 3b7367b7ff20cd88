//! The lobby (大厅, R19): mode, colour, level, size, rule set (komi shown, not editable), the
//! display options, 「开始」 and 「继续上一局」 for an unfinished game.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_ai::Level;
use tengen_rules::RuleSet;

use crate::AppSystems;
use crate::events::ButtonReport;
use crate::i18n::{self, Text};
use crate::overlay::{Answer, Panel, Question};
use crate::play::Match;
use crate::screens::Screen;
use crate::settings::Settings;
use crate::setup::{ColorChoice, MatchSetup, Mode};
use crate::storage::{Record, SavedGameOffer, Storage, continue_saved};

/// What the lobby's buttons ask for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum LobbyIntent {
    /// 「开始」: a new game from the setup — asking first when it would replace a saved one.
    Start,
    /// 「继续上一局」.
    Continue,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<LobbyIntent>().add_systems(
        Update,
        (answer_new_game, apply_lobby_intents)
            .chain()
            .in_set(AppSystems::Apply)
            .run_if(in_state(Screen::Lobby)),
    );
}

/// The lobby page: drawing only.
pub(super) fn ui_plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw_lobby.run_if(in_state(Screen::Lobby)));
}

fn apply_lobby_intents(
    mut intents: MessageReader<LobbyIntent>,
    offer: Res<SavedGameOffer>,
    mut setup: ResMut<MatchSetup>,
    mut question: ResMut<Question>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    for intent in intents.read() {
        match (intent, &offer.0) {
            (LobbyIntent::Start, Some(_)) => *question = Question::NewGame,
            (LobbyIntent::Start, None) => start_new_game(&mut commands, &mut next),
            (LobbyIntent::Continue, Some(saved)) => {
                continue_saved(saved, &mut setup, &mut commands, &mut next);
            }
            (LobbyIntent::Continue, None) => {}
        }
    }
}

fn answer_new_game(
    mut answers: MessageReader<Answer>,
    mut question: ResMut<Question>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
) {
    for &Answer(yes) in answers.read() {
        if *question == Question::NewGame {
            *question = Question::None;
            if yes {
                start_new_game(&mut commands, &mut next);
            }
        }
    }
}

/// A new game, even if one with the same setup is unfinished (that one stays saved until the
/// new game's first move).
fn start_new_game(commands: &mut Commands, next: &mut NextState<Screen>) {
    commands.remove_resource::<Match>();
    next.set(Screen::Game);
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
    let mut root = crate::hud::root_ui(ctx);
    egui::CentralPanel::default().show(&mut root, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(12.0);
                ui.label(egui::RichText::new("天元").size(44.0).strong());
                ui.label(egui::RichText::new(Text::Subtitle.get(lang)).size(16.0));
                ui.label(egui::RichText::new(i18n::record_line(lang, record.wins, record.losses)).size(15.0));
                let not_saving = storage.as_ref().is_some_and(|s| !s.is_saving());
                let notice = storage.as_ref().and_then(|s| s.notice.clone());
                let not_saving = not_saving.then(|| Text::NotSaving.get(lang).to_string());
                if let Some(notice) = not_saving.or(notice) {
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
                let start = egui::Button::new(egui::RichText::new(Text::Start.get(lang)).size(22.0))
                    .min_size(egui::vec2(160.0, 44.0));
                let start = ui.add(start);
                buttons.report("start", start.rect.center().into());
                if start.clicked() {
                    intents.write(LobbyIntent::Start);
                }
                if offer.0.is_some() {
                    let resume = ui.add(
                        egui::Button::new(egui::RichText::new(Text::Continue.get(lang)).size(18.0))
                            .min_size(egui::vec2(160.0, 38.0)),
                    );
                    buttons.report("continue", resume.rect.center().into());
                    if resume.clicked() {
                        intents.write(LobbyIntent::Continue);
                    }
                }
                ui.add_space(8.0);
                if ui
                    .button(egui::RichText::new(Text::Help.get(lang)).size(17.0))
                    .clicked()
                {
                    *panel = Panel::Help;
                }
            });
        });
    });
    Ok(())
}
