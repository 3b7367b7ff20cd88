//! The game screen's controls and status (egui), around the board the `board` module draws.
//! Portrait: the move number at the top, the opponent's card above the board, yours below it,
//! and an action bar of icon buttons where 「确认落子」 takes 虚手's place while a preview is up
//! (so a confirming tap can never pass). Landscape: a side column with both cards, the move
//! number and the controls. Player cards show the stone, who plays it (你 / 电脑·困难 / 黑方 /
//! 白方), captures — or the live total while counting, counting up — the side to move, and dots
//! that move while the computer thinks (R17). Refusals and passes come as short messages (R4);
//! a finished game as a result card with the count for the rule set in use (R7).

use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, FontId, Rect, Stroke, pos2, vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use tengen_rules::{Color, Move, Outcome, Phase, Point, Score, Scoring, vertex_name};

use super::computer::ComputerTurn;
use super::hint::MoveHints;
use super::intents::{Dir, Intent, MovePlayed, MoveRefused, Resigned};
use super::judgement::PositionJudgement;
use super::layout::{self, Layout};
use super::setup::{Mode, Offer, ResultOffer};
use super::state::{Match, PreviewStone};
use crate::i18n::{self, Lang, Text};
use crate::overlay::eased;
use crate::platform::{ButtonReport, TITLE_FAMILY};
use crate::screens::Screen;
use crate::settings::Settings;
use crate::theme::{self, ActiveTheme, Icon, Palette, *};
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

/// Refusals (R4), passes and the computer's resignation get a short message over the board.
fn show_notices(
    mut refused: MessageReader<MoveRefused>,
    mut played: MessageReader<MovePlayed>,
    mut resigned: MessageReader<Resigned>,
    current: Res<Match>,
    time: Res<Time>,
    settings: Res<Settings>,
    mut toast: ResMut<Toast>,
) {
    let lang = settings.language;
    let passes = played.read().filter_map(|p| move_notice(&current, p, lang));
    let refusals = refused.read().map(|r| i18n::refusal(lang, r.reason).to_string());
    let computer_resigned = resigned
        .read()
        .filter(|r| current.setup.mode == Mode::VsComputer && r.0 != current.human)
        .map(|_| Text::ComputerResigns.get(lang).to_string());
    if let Some(text) = passes.chain(refusals).chain(computer_resigned).last() {
        toast.text = text;
        toast.until = time.elapsed_secs_f64() + theme::TOAST_SECS;
    }
}

/// What a move says over the board: a pass, and the computer's stone right after the person's
/// pass (a pass alone does not end the game; beginners took the computer's answer for a
/// mistake).
fn move_notice(m: &Match, played: &MovePlayed, lang: Lang) -> Option<String> {
    let computer = m.setup.mode == Mode::VsComputer && played.color != m.human;
    let history = m.game.history();
    let answers_a_pass = history.len() >= 2 && history[history.len() - 2].mv == Move::Pass;
    match played.mv {
        Move::Pass if computer => Some(Text::ComputerPasses.get(lang).to_string()),
        Move::Pass => Some(i18n::passed(lang, played.color)),
        Move::Place(_) if computer && answers_a_pass => Some(Text::ComputerPlaysOn.get(lang).to_string()),
        Move::Place(_) => None,
    }
}

/// What a player's card shows.
struct PlayerCard {
    color: Color,
    name: String,
    /// Captures while playing; the live total while counting.
    detail: String,
    to_move: bool,
    thinking: bool,
}

/// Both cards: the opponent's first (above the board in portrait), then the player's own. Against
/// the computer "own" is the human's; between two players Black's card is at the bottom.
fn player_cards(m: &Match, thinking: bool, totals: [f32; 2], lang: Lang) -> [PlayerCard; 2] {
    let g = &m.game;
    let own = if m.setup.mode == Mode::VsComputer {
        m.human
    } else {
        Color::Black
    };
    // A resignation counts nothing: the cards keep their captures then.
    let counting = is_counted(g.phase());
    let card = |color: Color| {
        let computer = m.setup.mode == Mode::VsComputer && color != m.human;
        PlayerCard {
            color,
            name: match (m.setup.mode, computer) {
                (Mode::VsComputer, true) => i18n::computer_name(lang, m.setup.level),
                (Mode::VsComputer, false) => Text::You.get(lang).to_string(),
                (Mode::TwoPlayer, _) => i18n::side_name(lang, color),
            },
            detail: if counting {
                i18n::points(lang, totals[color.index()])
            } else {
                i18n::captures(lang, color, g.captures(color))
            },
            to_move: g.phase() == Phase::Playing && g.to_move() == color,
            thinking: computer && thinking,
        }
    };
    [card(own.opponent()), card(own)]
}

/// One button of the action bar or side column: (icon, label, intent, report name, primary).
type Action = (Icon, Text, Intent, &'static str, bool);

/// The buttons of the moment. In portrait 「确认落子」, 「取消」 and the arrows take the bar's
/// place while a preview is up (so a confirming tap never passes); in the side column the
/// game's own buttons stay where they are and 「确认落子」 / 「取消」 come below them, so a
/// click aimed at one never lands on another that moved there.
fn actions(m: &Match, preview: Option<Point>, portrait: bool, advice: bool) -> Vec<Action> {
    // On a forbidden point 确认落子 would only be refused: it does not stand out as the way on.
    let playable = preview.is_some_and(|p| m.game.is_legal(Move::Place(p)));
    let confirm: [Action; 2] = [
        (
            Icon::Confirm,
            Text::ConfirmMove,
            Intent::ConfirmPreview,
            "confirm",
            playable,
        ),
        (Icon::Cancel, Text::Cancel, Intent::CancelPreview, "cancel", false),
    ];
    let playing: Vec<Action> = [
        (Icon::Pass, Text::Pass, Intent::Pass, "pass", false),
        (Icon::Undo, Text::Undo, Intent::Undo, "undo", false),
        (Icon::Hint, Text::Hint, Intent::Hint, "hint", false),
        (Icon::Judge, Text::Judge, Intent::Judge, "judge", false),
        (Icon::Resign, Text::Resign, Intent::Resign, "resign", false),
        (Icon::Restart, Text::Restart, Intent::Restart, "restart", false),
        (Icon::Home, Text::BackToLobby, Intent::BackToLobby, "lobby", false),
    ]
    .into_iter()
    .filter(|a| advice || !matches!(a.2, Intent::Hint | Intent::Judge))
    .collect();
    let mut buttons = match m.game.phase() {
        Phase::Playing if preview.is_some() && portrait => {
            let arrows = [
                (Icon::Left, Text::Left, Dir::Left, "left"),
                (Icon::Up, Text::Up, Dir::Up, "up"),
                (Icon::Down, Text::Down, Dir::Down, "down"),
                (Icon::Right, Text::Right, Dir::Right, "right"),
            ]
            .map(|(icon, text, dir, name)| (icon, text, Intent::MovePreview(dir), name, false));
            confirm.into_iter().chain(arrows).collect()
        }
        Phase::Playing if preview.is_some() => playing.into_iter().chain(confirm).collect(),
        Phase::Playing => playing,
        Phase::Scoring => vec![
            (
                Icon::Confirm,
                Text::ConfirmResult,
                Intent::ConfirmResult,
                "confirm-result",
                true,
            ),
            (
                Icon::Cancel,
                Text::ClearDead,
                Intent::ClearDead,
                "clear-dead",
                false,
            ),
            (Icon::Undo, Text::ResumePlay, Intent::ResumePlay, "resume", false),
        ],
        Phase::Over(_) => vec![
            (Icon::Restart, Text::PlayAgain, Intent::Restart, "again", true),
            (Icon::First, Text::Review, Intent::Review, "review", false),
            (Icon::Save, Text::SaveRecord, Intent::SaveRecord, "save", false),
            (Icon::Home, Text::BackToLobby, Intent::BackToLobby, "lobby", false),
        ],
    };
    if portrait {
        // The phone's bar has room for six: 回大厅 waits in the top corner instead.
        buttons.retain(|a| a.2 != Intent::BackToLobby);
    }
    buttons
}

fn draw_hud(
    mut contexts: EguiContexts,
    current: Res<Match>,
    layout: Res<Layout>,
    preview: Res<PreviewStone>,
    toast: Res<Toast>,
    computer: Res<ComputerTurn>,
    judgement: Res<PositionJudgement>,
    hints: Res<MoveHints>,
    offer: Res<ResultOffer>,
    settings: Res<Settings>,
    theme: Res<ActiveTheme>,
    time: Res<Time>,
    mut intents: MessageWriter<Intent>,
    mut reports: ResMut<ButtonReport>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (lang, p) = (settings.language, &theme.0);
    let g = &current.game;
    let score = is_counted(g.phase()).then(|| g.score());
    // The totals count up from zero when counting begins (R18); a toggle animates the change.
    let tally = |color: Color| {
        let target = score.as_ref().map_or(0.0, |s| s.total(color));
        let id = egui::Id::new(("tally", color.index()));
        if settings.reduced_motion {
            target
        } else {
            ctx.animate_value_with_time(id, target, TALLY_SECS)
        }
    };
    let totals = [tally(Color::Black), tally(Color::White)];
    let cards = player_cards(&current, computer.is_thinking(), totals, lang);
    let buttons = actions(&current, preview.0, layout.portrait, settings.advice);
    let now = time.elapsed_secs();
    let mut send = |i: Intent| {
        intents.write(i);
    };
    let mut root = theme::root_ui(ctx);
    let painter = root.painter().clone();
    let status = status_line(&current, preview.0, (&judgement, &hints), lang);
    if layout.portrait {
        // 回大厅 in the top left corner, as 「设置」 is in the right one; the status between.
        let corner = Rect::from_min_size(pos2(GEAR_MARGIN, GEAR_MARGIN), vec2(TOUCH_TARGET, TOUCH_TARGET));
        let mut home = root.new_child(egui::UiBuilder::new().max_rect(corner));
        let lobby = icon_button(&mut home, p, Icon::Home, "", corner.size(), false)
            .on_hover_text(Text::BackToLobby.get(lang));
        reports.report("lobby", lobby.rect.center().into());
        if lobby.clicked() {
            send(Intent::BackToLobby);
        }
        let left = corner.right() + SPACE_2;
        let room = layout.window.x - left - SPACE_4 - TOUCH_TARGET;
        fit_text(
            &painter,
            pos2(left, layout::STATUS_BAR / 2.0),
            Align2::LEFT_CENTER,
            &status,
            TEXT_BODY,
            p.ink,
            room,
        );
        draw_card(
            &painter,
            p,
            &cards[0],
            ui_rect(layout.top_card()).shrink2(vec2(SPACE_3, SPACE_1)),
            now,
        );
        draw_card(
            &painter,
            p,
            &cards[1],
            ui_rect(layout.bottom_card()).shrink2(vec2(SPACE_3, SPACE_1)),
            now,
        );
        let bar = ui_rect(layout.action_bar()).shrink2(vec2(SPACE_2, SPACE_1));
        action_row(&mut root, p, lang, &buttons, bar, &mut send, &mut reports);
    } else {
        let side = ui_rect(layout.side());
        painter.rect_filled(side, 0.0, p.surface);
        painter.line_segment([side.left_top(), side.left_bottom()], Stroke::new(1.0, p.border));
        let inner = side.shrink(SPACE_4);
        let mut y = inner.top() + TOUCH_TARGET;
        for card in &cards {
            draw_card(
                &painter,
                p,
                card,
                Rect::from_min_size(pos2(inner.left(), y), vec2(inner.width(), 56.0)),
                now,
            );
            y += 56.0 + SPACE_2;
        }
        // The status wraps in the column: the counting hint is a sentence.
        let galley = painter.layout(status, FontId::proportional(TEXT_CAPTION), p.muted, inner.width());
        let height = galley.size().y;
        painter.galley(pos2(inner.left(), y + SPACE_1), galley, p.muted);
        y += height.max(SPACE_6) + SPACE_3;
        let grid = Rect::from_min_max(pos2(inner.left(), y), inner.max);
        action_grid(&mut root, p, lang, &buttons, grid, &mut send, &mut reports);
    }
    let board_area = ui_rect(layout.board_area());
    if time.elapsed_secs_f64() < toast.until {
        // Just inside the grid, below the column letters.
        let top = layout.board.min.y + layout.step;
        draw_toast(ctx, &toast.text, board_area, top);
    }
    if !matches!(g.phase(), Phase::Over(_)) {
        // A new result shows its card again.
        ctx.data_mut(|d| d.remove::<bool>(egui::Id::new("result-card").with("hidden")));
    }
    if let Phase::Over(outcome) = g.phase() {
        let vs_computer = current.setup.mode == Mode::VsComputer;
        let celebrate = vs_computer && outcome.winner() == Some(current.human);
        let card = ResultCard {
            outcome,
            yours: vs_computer.then(|| i18n::your_result(lang, celebrate, current.hints)),
            score: score.as_ref(),
            celebrate: celebrate && !settings.reduced_motion,
            offer: offer.0,
        };
        result_card(ctx, p, lang, &card, board_area, now, &mut send, &mut reports);
    }
    Ok(())
}

/// Whether the game is being counted or ended by a count (not by a resignation).
fn is_counted(phase: Phase) -> bool {
    matches!(phase, Phase::Scoring | Phase::Over(Outcome::Score { .. }))
}

/// A layout rectangle as egui's.
fn ui_rect(r: bevy::math::Rect) -> Rect {
    Rect::from_min_max(pos2(r.min.x, r.min.y), pos2(r.max.x, r.max.y))
}

/// 「第 12 手」 (with the previewed point: 「第 12 手 · Q16」, or the judgement), the hint's
/// moves, 「数子中」 or the result.
fn status_line(
    m: &Match,
    preview: Option<Point>,
    (judgement, hints): (&PositionJudgement, &MoveHints),
    lang: Lang,
) -> String {
    let number = i18n::move_number(lang, m.game.move_number() + 1);
    let name = |p: Point| {
        let (c, r) = m.game.board().coords(p);
        vertex_name(m.game.size(), c, r)
    };
    match m.game.phase() {
        Phase::Playing => {
            let detail = if let Some(p) = preview {
                Some(name(p))
            } else if let Some(shown) = hints.shown() {
                let moves: Vec<_> = shown
                    .iter()
                    .map(|s| {
                        let vertex = match s.mv {
                            Move::Place(p) => Some(name(p)),
                            Move::Pass => None,
                        };
                        (vertex, s.winrate)
                    })
                    .collect();
                // Alone: three moves fill a phone's status line.
                return i18n::hint_line(lang, &moves);
            } else if hints.is_working() {
                Some(Text::Hinting.get(lang).to_string())
            } else if let Some(judged) = judgement.judged() {
                Some(i18n::judgement_line(lang, judged.lead))
            } else if judgement.is_working() {
                Some(Text::Judging.get(lang).to_string())
            } else {
                None
            };
            match detail {
                Some(detail) => format!("{number} · {detail}"),
                None => number,
            }
        }
        Phase::Scoring => format!("{} · {}", Text::Counting.get(lang), Text::TapToToggle.get(lang)),
        // The result stays in view when its card is closed.
        Phase::Over(outcome) => i18n::outcome(lang, outcome),
    }
}

fn draw_card(painter: &egui::Painter, p: &Palette, card: &PlayerCard, rect: Rect, now: f32) {
    let stroke = if card.to_move {
        Stroke::new(2.0, p.primary)
    } else {
        Stroke::new(1.0, p.border)
    };
    painter.rect(rect, RADIUS_CARD, p.surface, stroke, egui::StrokeKind::Inside);
    let r = (rect.height() * 0.28).min(14.0);
    stone_icon(
        painter,
        pos2(rect.left() + SPACE_4 + r, rect.center().y),
        r,
        card.color,
    );
    let x = rect.left() + SPACE_4 + 2.0 * r + SPACE_3;
    // Room for the thinking dots at the right.
    let room = rect.right() - SPACE_6 - 36.0 - x;
    let name = pos2(x, rect.center().y - 9.0);
    fit_text(
        painter,
        name,
        Align2::LEFT_CENTER,
        &card.name,
        TEXT_BODY,
        p.ink,
        room,
    );
    let detail = pos2(x, rect.center().y + 11.0);
    fit_text(
        painter,
        detail,
        Align2::LEFT_CENTER,
        &card.detail,
        TEXT_CAPTION,
        p.muted,
        room,
    );
    if card.thinking {
        // Three dots rising in turn while the computer thinks.
        for i in 0..3 {
            let phase = (now * 4.0 - i as f32 * 0.7).sin().max(0.0);
            let at = pos2(
                rect.right() - SPACE_6 - 14.0 * (2 - i) as f32,
                rect.center().y - 4.0 * phase,
            );
            painter.circle_filled(at, 3.5, p.accent.gamma_multiply(0.5 + 0.5 * phase));
        }
    } else if card.to_move {
        painter.circle_filled(pos2(rect.right() - SPACE_6, rect.center().y), 5.0, p.primary);
    }
}

type Send<'a> = dyn FnMut(Intent) + 'a;

/// Portrait: the buttons side by side across the bar, icon above label.
fn action_row(
    root: &mut egui::Ui,
    p: &Palette,
    lang: Lang,
    buttons: &[Action],
    bar: Rect,
    send: &mut Send,
    reports: &mut ButtonReport,
) {
    let gap = SPACE_1;
    let each = (bar.width() - gap * (buttons.len() as f32 - 1.0)) / buttons.len() as f32;
    for (i, &(icon, text, intent, name, primary)) in buttons.iter().enumerate() {
        let rect = Rect::from_min_size(
            pos2(bar.left() + i as f32 * (each + gap), bar.top()),
            vec2(each, bar.height()),
        );
        let mut ui = root.new_child(egui::UiBuilder::new().max_rect(rect));
        let response = icon_button(&mut ui, p, icon, text.get(lang), rect.size(), primary);
        reports.report(name, response.rect.center().into());
        if response.clicked() {
            send(intent);
        }
    }
}

/// Landscape: the buttons in two columns, icon beside label; the primary one spans both.
fn action_grid(
    root: &mut egui::Ui,
    p: &Palette,
    lang: Lang,
    buttons: &[Action],
    area: Rect,
    send: &mut Send,
    reports: &mut ButtonReport,
) {
    let each = (area.width() - SPACE_2) / 2.0;
    let (mut column, mut y) = (0, area.top());
    for &(icon, text, intent, name, primary) in buttons {
        let (x, width) = if primary {
            if column == 1 {
                y += TOUCH_TARGET + SPACE_2;
            }
            column = 2;
            (area.left(), area.width())
        } else {
            (area.left() + column as f32 * (each + SPACE_2), each)
        };
        let rect = Rect::from_min_size(pos2(x, y), vec2(width, TOUCH_TARGET));
        let mut ui = root.new_child(egui::UiBuilder::new().max_rect(rect));
        let response = icon_button(&mut ui, p, icon, text.get(lang), rect.size(), primary);
        reports.report(name, response.rect.center().into());
        if response.clicked() {
            send(intent);
        }
        column += 1;
        if column >= 2 {
            column = 0;
            y += TOUCH_TARGET + SPACE_2;
        }
    }
}

/// A message over the top of the board from `top` down, wrapped only if wider than the board
/// area.
fn draw_toast(ctx: &egui::Context, text: &str, area: Rect, top: f32) {
    egui::Area::new(egui::Id::new("toast"))
        .fixed_pos(pos2(area.center().x, top))
        .pivot(Align2::CENTER_TOP)
        .interactable(false)
        .show(ctx, |ui| {
            ui.set_max_width(area.width() - SPACE_8);
            egui::Frame::new()
                .fill(theme::TOAST_BACKING)
                .corner_radius(RADIUS_CARD)
                .inner_margin(egui::Margin::symmetric(SPACE_4 as i8, SPACE_2 as i8))
                .show(ui, |ui| {
                    ui.label(
                        egui::RichText::new(text)
                            .size(TEXT_BODY)
                            .color(egui::Color32::WHITE),
                    );
                });
        });
}

struct ResultCard<'a> {
    outcome: Outcome,
    /// Against the computer: 「你赢了」 or 「你输了」, with the hints used.
    yours: Option<String>,
    score: Option<&'a Score>,
    celebrate: bool,
    /// Another level (or a handicap stone) after a streak against the computer.
    offer: Option<Offer>,
}

/// The result over the board: the headline, the count per side for the rule set in use, and
/// 再来一局 / 回大厅. It rises in; a win against the computer scatters a few stones behind it.
fn result_card(
    ctx: &egui::Context,
    p: &Palette,
    lang: Lang,
    card: &ResultCard,
    area: Rect,
    now: f32,
    send: &mut Send,
    reports: &mut ButtonReport,
) {
    let id = egui::Id::new("result-card");
    // The card can be put aside to look at the final position; the action bar stays.
    let hidden_id = id.with("hidden");
    if ctx.data(|d| d.get_temp::<bool>(hidden_id)).unwrap_or(false) {
        return;
    }
    let shown = eased(ctx.animate_bool_with_time(id, true, SHEET_SECS * 2.0));
    if card.celebrate {
        celebrate(
            ctx,
            area,
            ctx.animate_bool_with_time(id.with("burst"), true, 1.6),
            now,
        );
    }
    let width = (area.width() - 4.0 * SPACE_6).clamp(220.0, 360.0);
    egui::Area::new(id)
        .fixed_pos(area.center() + vec2(0.0, (1.0 - shown) * SPACE_8))
        .pivot(Align2::CENTER_CENTER)
        .show(ctx, |ui| {
            ui.multiply_opacity(shown);
            card_frame(p, ctx).show(ui, |ui| {
                ui.set_width(width);
                let corner = Rect::from_min_size(
                    ui.max_rect().right_top() - vec2(TOUCH_TARGET - SPACE_3, SPACE_3),
                    vec2(TOUCH_TARGET, TOUCH_TARGET),
                );
                let mut aside = ui.new_child(egui::UiBuilder::new().max_rect(corner));
                let put_aside = icon_button(&mut aside, p, Icon::Cancel, "", corner.size(), false);
                reports.report("card-aside", put_aside.rect.center().into());
                if put_aside.clicked() {
                    ctx.data_mut(|d| d.insert_temp(hidden_id, true));
                }
                ui.vertical_centered(|ui| {
                    // The headline keeps clear of the close button in the corner, on both sides to stay
                    // centred.
                    let family = egui::FontFamily::Name(TITLE_FAMILY.into());
                    let size = vec2(width, TEXT_HEADLINE + SPACE_3);
                    let (row, _) = ui.allocate_exact_size(size, egui::Sense::hover());
                    let (headline, resigned) = i18n::outcome_parts(lang, card.outcome);
                    fit_text_in(
                        ui.painter(),
                        row.center(),
                        Align2::CENTER_CENTER,
                        &headline,
                        FontId::new(TEXT_HEADLINE, family),
                        p.primary,
                        width - 2.0 * (TOUCH_TARGET - SPACE_3),
                    );
                    if let Some(resigned) = resigned {
                        ui.label(egui::RichText::new(resigned).size(TEXT_BODY).color(p.muted));
                    }
                    if let Some(yours) = &card.yours {
                        ui.label(egui::RichText::new(yours).size(TEXT_BODY).color(p.ink));
                    }
                    if let Some(score) = card.score {
                        ui.label(
                            egui::RichText::new(i18n::counting_rule(lang, score.rules))
                                .size(TEXT_CAPTION)
                                .color(p.muted),
                        );
                        ui.add_space(SPACE_2);
                        score_table(ui, p, lang, score, width);
                    }
                    ui.add_space(SPACE_4);
                    if let Some(offer) = card.offer {
                        let text = match offer {
                            Offer::Up(level) => i18n::offer_up(lang, level),
                            Offer::Down(level) => i18n::offer_down(lang, Some(level), 0),
                            Offer::Handicap(stones) => i18n::offer_down(lang, None, stones),
                        };
                        let take = plain_button(ui, &text, width);
                        reports.report("card-offer", take.rect.center().into());
                        if take.clicked() {
                            send(Intent::TakeOffer(offer));
                        }
                    }
                    let each = (width - SPACE_2) / 2.0;
                    let mut row = |buttons: [(&'static str, egui::Response, Intent); 2]| {
                        for (name, button, intent) in buttons {
                            reports.report(name, button.rect.center().into());
                            if button.clicked() {
                                send(intent);
                            }
                        }
                    };
                    ui.horizontal(|ui| {
                        let review = plain_button(ui, Text::Review.get(lang), each);
                        let save = plain_button(ui, Text::SaveRecord.get(lang), each);
                        row([
                            ("card-review", review, Intent::Review),
                            ("card-save", save, Intent::SaveRecord),
                        ]);
                    });
                    ui.horizontal(|ui| {
                        let lobby = plain_button(ui, Text::BackToLobby.get(lang), each);
                        let again = primary_button(ui, p, Text::PlayAgain.get(lang), each);
                        row([
                            ("card-lobby", lobby, Intent::BackToLobby),
                            ("card-again", again, Intent::Restart),
                        ]);
                    });
                });
            });
        });
}

fn card_frame(p: &Palette, ctx: &egui::Context) -> egui::Frame {
    theme::card(p)
        .inner_margin(SPACE_6 as i8)
        .shadow(ctx.global_style().visuals.window_shadow)
}

/// Rows of the count, black and white side by side: area counting — stones, territory; territory
/// counting — territory, prisoners; then komi (and handicap compensation) and the total.
fn score_table(ui: &mut egui::Ui, p: &Palette, lang: Lang, s: &Score, width: f32) {
    let (b, w) = (Color::Black.index(), Color::White.index());
    let mut rows: Vec<(String, [String; 2])> = match s.rules.scoring() {
        Scoring::Area => vec![
            (
                Text::Stones.get(lang).into(),
                [s.stones[b].to_string(), s.stones[w].to_string()],
            ),
            (
                Text::Territory.get(lang).into(),
                [s.territory[b].to_string(), s.territory[w].to_string()],
            ),
        ],
        Scoring::Territory => vec![
            (
                Text::Territory.get(lang).into(),
                [s.territory[b].to_string(), s.territory[w].to_string()],
            ),
            (
                Text::Prisoners.get(lang).into(),
                [
                    (s.captures[b] + s.dead[w]).to_string(),
                    (s.captures[w] + s.dead[b]).to_string(),
                ],
            ),
        ],
    };
    let white_bonus = s.total(Color::White) - s.points(Color::White);
    rows.push((
        Text::Komi.get(lang).into(),
        [String::new(), tengen_rules::points_text(white_bonus)],
    ));
    let totals = [s.total(Color::Black), s.total(Color::White)].map(tengen_rules::points_text);
    rows.push((Text::Total.get(lang).into(), totals));
    let column = (width - 96.0) / 2.0;
    ui.spacing_mut().interact_size.y = TEXT_BODY + SPACE_2;
    egui::Grid::new("score-table")
        .num_columns(3)
        .min_col_width(column)
        .spacing(vec2(0.0, SPACE_1))
        .show(ui, |ui| {
            ui.label("");
            ui.label(egui::RichText::new(i18n::side_name(lang, Color::Black)).color(p.muted));
            ui.label(egui::RichText::new(i18n::side_name(lang, Color::White)).color(p.muted));
            ui.end_row();
            let last = rows.len() - 1;
            for (i, (name, values)) in rows.into_iter().enumerate() {
                let strong = |t: String| {
                    let text = egui::RichText::new(t);
                    if i == last {
                        text.strong().color(p.ink)
                    } else {
                        text
                    }
                };
                ui.label(strong(name));
                ui.label(strong(values[0].clone()));
                ui.label(strong(values[1].clone()));
                ui.end_row();
            }
        });
}

/// A handful of stones bursting up and falling behind the result card (`t` runs 0 → 1 once).
fn celebrate(ctx: &egui::Context, area: Rect, t: f32, now: f32) {
    if t >= 1.0 {
        return;
    }
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Middle, egui::Id::new("burst")));
    for i in 0..18 {
        let seed = (i as f32 * 12.9898).sin() * 43_758.547;
        let spread = seed.fract() * 2.0 - 1.0;
        let speed = 0.6 + (seed * 7.0).fract() * 0.6;
        let x = area.center().x + spread * area.width() * 0.45 * t;
        let y = area.center().y - area.height() * (0.9 * speed * t - 1.1 * t * t);
        let color = if i % 2 == 0 { Color::Black } else { Color::White };
        let wobble = (now * 3.0 + i as f32).sin() * 2.0;
        stone_icon(&painter, pos2(x + wobble, y), 9.0 * (1.0 - 0.4 * t), color);
    }
    ctx.request_repaint();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::MatchSetup;

    #[test]
    fn the_computer_playing_on_after_a_pass_is_explained() {
        let setup = MatchSetup {
            mode: Mode::VsComputer,
            ..MatchSetup::default()
        };
        let mut m = Match::new(&setup, true);
        let (human, computer) = (m.human, m.human.opponent());
        let stone = |m: &Match, c: u8| Move::Place(m.game.board().point(c, 4));
        let play = |m: &mut Match, color: Color, mv: Move| {
            m.game.play_as(color, mv).unwrap();
            MovePlayed {
                color,
                mv,
                captures: 0,
            }
        };
        let (first, to_move) = (stone(&m, 2), m.game.to_move());
        let played = play(&mut m, to_move, first);
        assert_eq!(
            move_notice(&m, &played, Lang::Zh),
            None,
            "an ordinary stone says nothing"
        );
        let to_move = m.game.to_move();
        if to_move != human {
            let mv = stone(&m, 6);
            play(&mut m, computer, mv);
        }
        let passed = play(&mut m, human, Move::Pass);
        assert_eq!(
            move_notice(&m, &passed, Lang::En),
            Some(i18n::passed(Lang::En, human))
        );
        let mv = stone(&m, 4);
        let answer = play(&mut m, computer, mv);
        assert_eq!(
            move_notice(&m, &answer, Lang::Zh).as_deref(),
            Some(Text::ComputerPlaysOn.get(Lang::Zh))
        );
        let passed_back = play(&mut m, human, Move::Pass);
        assert!(move_notice(&m, &passed_back, Lang::Zh).is_some());
        let computer_passes = play(&mut m, computer, Move::Pass);
        assert_eq!(
            move_notice(&m, &computer_passes, Lang::Zh).as_deref(),
            Some(Text::ComputerPasses.get(Lang::Zh))
        );
    }
}
