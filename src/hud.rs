//! The game screen's HUD (egui): status bar (R17), buttons (R5, R8, R23), the preview pad
//! (R15), counting controls and totals (R6), the result, refusals as short toasts (R4) and the
//! questions before resigning or restarting. Buttons write the same intents as keys.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_rules::{Color, Lang, Phase};

use crate::ai_task::ComputerTurn;
use crate::i18n::{self, Text};
use crate::layout::{BOTTOM_BAR, Layout, SIDE_PANEL, TOP_BAR};
use crate::play::{Dir, Intent, Match, MoveRefused, PlaySet, PreviewStone, Question};
use crate::screens::Screen;
use crate::settings::Settings;

/// A short message over the board, until `until` (seconds since start).
#[derive(Resource, Default)]
struct Toast {
    text: String,
    until: f64,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Toast>()
        .add_systems(
            Update,
            show_refusals
                .after(PlaySet::Computer)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw_hud
                .after(crate::board_view::paint_labels)
                .run_if(in_state(Screen::Game)),
        );
}

fn show_refusals(
    mut refused: MessageReader<MoveRefused>,
    time: Res<Time>,
    settings: Res<Settings>,
    mut toast: ResMut<Toast>,
) {
    for r in refused.read() {
        toast.text = r.reason.message(settings.language).to_string();
        toast.until = time.elapsed_secs_f64() + 2.2;
    }
}

/// A background `Ui` over the whole window, for egui's panels.
pub(crate) fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

fn status_text(m: &Match, thinking: bool, lang: Lang) -> String {
    let g = &m.game;
    match g.phase() {
        Phase::Playing => i18n::playing_status(
            lang,
            g.move_number() + 1,
            g.to_move(),
            thinking,
            [g.captures(Color::Black), g.captures(Color::White)],
        ),
        Phase::Scoring => {
            let s = g.score();
            i18n::counting_status(lang, s.total(Color::Black), s.total(Color::White), g.komi())
        }
        Phase::Over(outcome) => i18n::over_status(lang, &outcome.text(lang)),
    }
}

fn draw_hud(
    mut contexts: EguiContexts,
    current: Res<Match>,
    layout: Res<Layout>,
    preview: Res<PreviewStone>,
    question: Res<Question>,
    toast: Res<Toast>,
    computer: Res<ComputerTurn>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut intents: MessageWriter<Intent>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut send = |i: Intent| {
        intents.write(i);
    };
    let lang = settings.language;
    let status = status_text(&current, computer.is_thinking(), lang);
    // Tracked every frame so that the banner animates from hidden when the game ends.
    let over = matches!(current.game.phase(), Phase::Over(_));
    let banner = if settings.reduced_motion {
        1.0
    } else {
        ctx.animate_bool_with_time(egui::Id::new("result-banner"), over, 0.5)
    };
    let buttons = |ui: &mut egui::Ui, send: &mut dyn FnMut(Intent)| {
        let big =
            |t: &str| egui::Button::new(egui::RichText::new(t).size(17.0)).min_size(egui::vec2(64.0, 34.0));
        match current.game.phase() {
            Phase::Playing => {
                ui.horizontal_wrapped(|ui| {
                    if ui.add(big(Text::Pass.get(lang))).clicked() {
                        send(Intent::Pass);
                    }
                    if ui.add(big(Text::Undo.get(lang))).clicked() {
                        send(Intent::Undo);
                    }
                    if ui.add(big(Text::Resign.get(lang))).clicked() {
                        send(Intent::Resign);
                    }
                    if ui.add(big(Text::Restart.get(lang))).clicked() {
                        send(Intent::Restart);
                    }
                    if ui.add(big(Text::BackToLobby.get(lang))).clicked() {
                        send(Intent::BackToLobby);
                    }
                });
                if preview.0.is_some() {
                    ui.horizontal_wrapped(|ui| {
                        for (label, dir) in [
                            ("▲", Dir::Up),
                            ("▼", Dir::Down),
                            ("◀", Dir::Left),
                            ("▶", Dir::Right),
                        ] {
                            if ui.add(big(label)).clicked() {
                                send(Intent::MovePreview(dir));
                            }
                        }
                        if ui.add(big(Text::ConfirmMove.get(lang))).clicked() {
                            send(Intent::ConfirmPreview);
                        }
                        if ui.add(big(Text::Cancel.get(lang))).clicked() {
                            send(Intent::CancelPreview);
                        }
                    });
                }
            }
            Phase::Scoring => {
                ui.label(Text::TapToToggle.get(lang));
                ui.horizontal_wrapped(|ui| {
                    if ui.add(big(Text::ClearDead.get(lang))).clicked() {
                        send(Intent::ClearDead);
                    }
                    if ui.add(big(Text::ConfirmResult.get(lang))).clicked() {
                        send(Intent::ConfirmResult);
                    }
                    if ui.add(big(Text::ResumePlay.get(lang))).clicked() {
                        send(Intent::ResumePlay);
                    }
                });
            }
            Phase::Over(outcome) => {
                // The result slides in from the side and fades up (R18).
                let eased = 1.0 - (1.0 - banner).powi(3);
                ui.horizontal(|ui| {
                    ui.add_space(40.0 * (1.0 - eased));
                    ui.label(
                        egui::RichText::new(outcome.text(lang))
                            .size(26.0)
                            .strong()
                            .color(egui::Color32::from_rgb(200, 40, 30).gamma_multiply(eased.max(0.05))),
                    );
                });
                ui.horizontal_wrapped(|ui| {
                    if ui.add(big(Text::PlayAgain.get(lang))).clicked() {
                        send(Intent::Restart);
                    }
                    if ui.add(big(Text::BackToLobby.get(lang))).clicked() {
                        send(Intent::BackToLobby);
                    }
                });
            }
        }
    };

    let mut root = root_ui(ctx);
    if layout.portrait {
        egui::Panel::top("status")
            .exact_size(TOP_BAR)
            .resizable(false)
            .show(&mut root, |ui| {
                // Left-aligned, so the 「设置」 button at the top right never covers it.
                ui.horizontal_centered(|ui| {
                    ui.add_space(8.0);
                    ui.label(egui::RichText::new(&status).size(16.0));
                });
            });
        egui::Panel::bottom("buttons")
            .exact_size(BOTTOM_BAR)
            .resizable(false)
            .show(&mut root, |ui| {
                ui.add_space(6.0);
                buttons(ui, &mut send);
            });
    } else {
        egui::Panel::right("side")
            .exact_size(SIDE_PANEL)
            .resizable(false)
            .show(&mut root, |ui| {
                ui.add_space(40.0); // below the 「设置」 button
                ui.label(egui::RichText::new(&status).size(16.0));
                ui.separator();
                buttons(ui, &mut send);
            });
    }

    if time.elapsed_secs_f64() < toast.until {
        egui::Area::new(egui::Id::new("toast"))
            .anchor(
                egui::Align2::CENTER_TOP,
                [
                    -(if layout.portrait { 0.0 } else { SIDE_PANEL / 2.0 }),
                    TOP_BAR + 12.0,
                ],
            )
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style())
                    .fill(egui::Color32::from_black_alpha(200))
                    .show(ui, |ui| {
                        ui.label(
                            egui::RichText::new(&toast.text)
                                .size(18.0)
                                .color(egui::Color32::WHITE),
                        );
                    });
            });
    }

    let ask = match *question {
        Question::None => None,
        Question::Resign => Some((
            Text::AskResign.get(lang),
            Text::Resign.get(lang),
            Intent::ResignConfirmed,
        )),
        Question::Restart => Some((
            Text::AskRestart.get(lang),
            Text::Restart.get(lang),
            Intent::RestartConfirmed,
        )),
    };
    if let Some((text, yes, intent)) = ask {
        egui::Window::new(Text::Confirm.get(lang))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.label(egui::RichText::new(text).size(18.0));
                ui.horizontal(|ui| {
                    if ui.button(egui::RichText::new(yes).size(17.0)).clicked() {
                        send(intent);
                    }
                    if ui
                        .button(egui::RichText::new(Text::Cancel.get(lang)).size(17.0))
                        .clicked()
                    {
                        send(Intent::CancelQuestion);
                    }
                });
            });
    }
    Ok(())
}
