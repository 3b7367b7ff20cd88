//! The game screen's HUD (egui): status bar (R17), buttons (R5, R8, R23), the preview pad
//! (R15), counting controls and totals (R6), the result, refusals and passes as short toasts
//! (R4). Buttons write the same intents as keys; the questions are the overlay's.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_rules::{Color, Move, Phase};

use super::computer::ComputerTurn;
use super::intents::{Dir, Intent, MovePlayed, MoveRefused};
use super::layout::{BOTTOM_BAR, Layout, SIDE_PANEL, TOP_BAR};
use super::setup::Mode;
use super::state::{Match, PreviewStone};
use crate::i18n::{self, Lang, Text};
use crate::platform::ButtonReport;
use crate::screens::Screen;
use crate::settings::Settings;
use crate::theme::{self, GEAR_ROOM, TEXT_BODY, TEXT_CONTROL, TEXT_EMPHASIS, TEXT_RESULT, TOUCH_TARGET};
use crate::{AppSystems, UiSystems};

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
            show_notices
                .in_set(AppSystems::React)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw_hud.in_set(UiSystems::Screen).run_if(in_state(Screen::Game)),
        );
}

/// Refusals (R4) and passes get a short message over the board.
fn show_notices(
    mut refused: MessageReader<MoveRefused>,
    mut played: MessageReader<MovePlayed>,
    current: Res<Match>,
    time: Res<Time>,
    settings: Res<Settings>,
    mut toast: ResMut<Toast>,
) {
    let lang = settings.language;
    let passes = played.read().filter(|p| p.mv == Move::Pass).map(|p| {
        if current.setup.mode == Mode::VsComputer && p.color != current.human {
            Text::ComputerPasses.get(lang).to_string()
        } else {
            i18n::passed(lang, p.color)
        }
    });
    let refusals = refused.read().map(|r| i18n::refusal(lang, r.reason).to_string());
    if let Some(text) = passes.chain(refusals).last() {
        toast.text = text;
        toast.until = time.elapsed_secs_f64() + theme::TOAST_SECS;
    }
}

/// The status: one or two parts (whose move; captures), each never broken across lines.
fn status_text(m: &Match, thinking: bool, lang: Lang) -> Vec<String> {
    let g = &m.game;
    match g.phase() {
        Phase::Playing => i18n::playing_status(
            lang,
            g.move_number() + 1,
            g.to_move(),
            thinking,
            [g.captures(Color::Black), g.captures(Color::White)],
        )
        .into(),
        Phase::Scoring => {
            let s = g.score();
            vec![i18n::counting_status(
                lang,
                s.total(Color::Black),
                s.total(Color::White),
                g.komi(),
            )]
        }
        Phase::Over(outcome) => vec![i18n::over_status(lang, &i18n::outcome(lang, outcome))],
    }
}

/// The status parts, side by side when they fit in `width`, else one under the other.
fn show_status(ui: &mut egui::Ui, parts: &[String], width: f32) {
    let size = TEXT_BODY;
    let font = egui::FontId::proportional(size);
    let joined = parts.join(" · ");
    let joined_width = ui.fonts_mut(|f| {
        f.layout_no_wrap(joined.clone(), font, egui::Color32::WHITE)
            .size()
            .x
    });
    ui.vertical(|ui| {
        ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
        if joined_width <= width {
            ui.label(egui::RichText::new(joined).size(size));
        } else {
            for part in parts {
                ui.label(egui::RichText::new(part).size(size));
            }
        }
    });
}

fn draw_hud(
    mut contexts: EguiContexts,
    current: Res<Match>,
    layout: Res<Layout>,
    preview: Res<PreviewStone>,
    toast: Res<Toast>,
    computer: Res<ComputerTurn>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut intents: MessageWriter<Intent>,
    mut reports: Local<ButtonReport>,
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
        ctx.animate_bool_with_time(egui::Id::new("result-banner"), over, theme::BANNER_SECS)
    };
    let buttons = |ui: &mut egui::Ui, send: &mut dyn FnMut(Intent), report: &mut ButtonReport| {
        let big = |t: &str| {
            egui::Button::new(egui::RichText::new(t).size(TEXT_CONTROL))
                .min_size(egui::vec2(TOUCH_TARGET, TOUCH_TARGET))
        };
        match current.game.phase() {
            Phase::Playing => {
                ui.horizontal_wrapped(|ui| {
                    for (name, text, intent) in [
                        ("pass", Text::Pass, Intent::Pass),
                        ("undo", Text::Undo, Intent::Undo),
                        ("resign", Text::Resign, Intent::Resign),
                        ("restart", Text::Restart, Intent::Restart),
                        ("lobby", Text::BackToLobby, Intent::BackToLobby),
                    ] {
                        let button = ui.add(big(text.get(lang)));
                        report.report(name, button.rect.center().into());
                        if button.clicked() {
                            send(intent);
                        }
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
                        egui::RichText::new(i18n::outcome(lang, outcome))
                            .size(TEXT_RESULT)
                            .strong()
                            .color(theme::RESULT_RED.gamma_multiply(eased.max(0.05))),
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

    let mut root = theme::root_ui(ctx);
    if layout.portrait {
        egui::Panel::top("status")
            .exact_size(TOP_BAR)
            .resizable(false)
            .show(&mut root, |ui| {
                // Left-aligned and kept clear of the 「设置」 button at the top right.
                ui.horizontal_centered(|ui| {
                    ui.add_space(8.0);
                    show_status(ui, &status, layout.window.x - GEAR_ROOM);
                });
            });
        egui::Panel::bottom("buttons")
            .exact_size(BOTTOM_BAR)
            .resizable(false)
            .show(&mut root, |ui| {
                ui.add_space(6.0);
                buttons(ui, &mut send, &mut reports);
            });
    } else {
        egui::Panel::right("side")
            .exact_size(SIDE_PANEL)
            .resizable(false)
            .show(&mut root, |ui| {
                ui.add_space(48.0); // below the 「设置」 button
                show_status(ui, &status, SIDE_PANEL - 16.0);
                ui.separator();
                buttons(ui, &mut send, &mut reports);
            });
    }

    if time.elapsed_secs_f64() < toast.until {
        let width = if layout.portrait {
            layout.window.x
        } else {
            layout.window.x - SIDE_PANEL
        };
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
                // Wrapped only if wider than the board area, so a message breaks between
                // words at worst, never into a one-word column.
                ui.set_max_width(width - 32.0);
                egui::Frame::popup(ui.style())
                    .fill(theme::TOAST_BACKING)
                    .show(ui, |ui| {
                        ui.label(
                            egui::RichText::new(&toast.text)
                                .size(TEXT_EMPHASIS)
                                .color(egui::Color32::WHITE),
                        );
                    });
            });
    }
    Ok(())
}
