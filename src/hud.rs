//! The game screen's HUD (egui): status bar (R17), buttons (R5, R8, R23), the preview pad
//! (R15), counting controls and totals (R6), the result, refusals as short toasts (R4) and the
//! questions before resigning or restarting. Buttons write the same intents as keys.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_rules::{Color, Lang, Phase};

use crate::ai_task::ComputerTurn;
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
        .add_systems(EguiPrimaryContextPass, draw_hud.run_if(in_state(Screen::Game)));
}

fn show_refusals(mut refused: MessageReader<MoveRefused>, time: Res<Time>, mut toast: ResMut<Toast>) {
    for r in refused.read() {
        toast.text = r.reason.message(Lang::Zh).to_string();
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

fn color_name(c: Color) -> &'static str {
    c.name(Lang::Zh)
}

fn status_text(m: &Match, thinking: bool) -> String {
    let g = &m.game;
    match g.phase() {
        Phase::Playing => format!(
            "第 {} 手 · {}方落子{} · 黑提 {} / 白提 {}",
            g.move_number() + 1,
            color_name(g.to_move()),
            if thinking { "（电脑思考中…）" } else { "" },
            g.captures(Color::Black),
            g.captures(Color::White)
        ),
        Phase::Scoring => {
            let s = g.score();
            format!(
                "数子中 · 黑 {} · 白 {}（含贴目 {}）",
                s.total(Color::Black),
                s.total(Color::White),
                g.komi()
            )
        }
        Phase::Over(outcome) => format!("对局结束 · {}", outcome.text(Lang::Zh)),
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
    let status = status_text(&current, computer.is_thinking());
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
                    if ui.add(big("虚手")).clicked() {
                        send(Intent::Pass);
                    }
                    if ui.add(big("悔棋")).clicked() {
                        send(Intent::Undo);
                    }
                    if ui.add(big("认输")).clicked() {
                        send(Intent::Resign);
                    }
                    if ui.add(big("重新开始")).clicked() {
                        send(Intent::Restart);
                    }
                    if ui.add(big("回大厅")).clicked() {
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
                        if ui.add(big("确认落子")).clicked() {
                            send(Intent::ConfirmPreview);
                        }
                        if ui.add(big("取消")).clicked() {
                            send(Intent::CancelPreview);
                        }
                    });
                }
            }
            Phase::Scoring => {
                ui.label("点击棋子可切换死活");
                ui.horizontal_wrapped(|ui| {
                    if ui.add(big("恢复死子")).clicked() {
                        send(Intent::ClearDead);
                    }
                    if ui.add(big("确认结果")).clicked() {
                        send(Intent::ConfirmResult);
                    }
                    if ui.add(big("继续下棋")).clicked() {
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
                        egui::RichText::new(outcome.text(Lang::Zh))
                            .size(26.0)
                            .strong()
                            .color(egui::Color32::from_rgb(200, 40, 30).gamma_multiply(eased.max(0.05))),
                    );
                });
                ui.horizontal_wrapped(|ui| {
                    if ui.add(big("再来一局")).clicked() {
                        send(Intent::Restart);
                    }
                    if ui.add(big("回大厅")).clicked() {
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
        Question::Resign => Some(("确定认输吗？", "认输", Intent::ResignConfirmed)),
        Question::Restart => Some((
            "对局还没结束，确定重新开始吗？",
            "重新开始",
            Intent::RestartConfirmed,
        )),
    };
    if let Some((text, yes, intent)) = ask {
        egui::Window::new("确认")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.label(egui::RichText::new(text).size(18.0));
                ui.horizontal(|ui| {
                    if ui.button(egui::RichText::new(yes).size(17.0)).clicked() {
                        send(intent);
                    }
                    if ui.button(egui::RichText::new("取消").size(17.0)).clicked() {
                        send(Intent::CancelQuestion);
                    }
                });
            });
    }
    Ok(())
}
