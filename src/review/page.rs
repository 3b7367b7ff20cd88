//! Review's controls around the board. Portrait: the title and move at the top, the file's
//! variations and 「从这里继续」 (人机 / 双人) above the board, a slider below it, and an action
//! bar — first, back, forward, last, save, back to where review was opened from. Landscape: the
//! same in a side column, with the whole move list to click through.

use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, Rect, Stroke, pos2, vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use tengen_rules::{Color, vertex_name};

use super::analysis::Analysis;
use super::state::{Back, ContinueChoice, Review, ReviewIntent};
use crate::UiSystems;
use crate::game::{Layout, MatchSetup, Mode};
use crate::i18n::{self, Lang, Text};
use crate::lobby::level_choice;
use crate::overlay::{Panel, Placement, show_panel};
use crate::platform::ButtonReport;
use crate::platform::archive::sgf_file_name;
use crate::platform::files::{PendingSaves, save_sgf};
use crate::screens::Screen;
use crate::settings::Settings;
use crate::theme::{self, ActiveTheme, Icon, Palette, *};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_review
            .in_set(UiSystems::Screen)
            .run_if(in_state(Screen::Review)),
    );
}

/// What a click asks for: a review step, saving the record, or choosing how to continue.
enum Action {
    Step(ReviewIntent),
    Save,
    ChooseContinue,
}

fn draw_review(
    mut contexts: EguiContexts,
    review: Res<Review>,
    analysis: Res<Analysis>,
    layout: Res<Layout>,
    settings: Res<Settings>,
    theme: Res<ActiveTheme>,
    setup: Res<MatchSetup>,
    mut panel: ResMut<Panel>,
    mut choice: Local<Option<ContinueChoice>>,
    mut last_shown: Local<Option<usize>>,
    mut intents: MessageWriter<ReviewIntent>,
    mut reports: ResMut<ButtonReport>,
    saves: Res<PendingSaves>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (lang, p) = (settings.language, &theme.0);
    let mut root = theme::root_ui(ctx);
    let mut actions = Vec::new();
    let r = |rect: bevy::math::Rect| {
        Rect::from_min_max(pos2(rect.min.x, rect.min.y), pos2(rect.max.x, rect.max.y))
    };
    if layout.portrait {
        let painter = root.painter().clone();
        fit_text(
            &painter,
            pos2(SPACE_4, crate::game::STATUS_BAR / 2.0),
            Align2::LEFT_CENTER,
            &headline(&review, lang),
            TEXT_BODY,
            p.ink,
            layout.window.x - 2.0 * SPACE_4 - TOUCH_TARGET,
        );
        let top = r(layout.top_card()).shrink2(vec2(SPACE_3, SPACE_1));
        let mut row = root.new_child(
            egui::UiBuilder::new()
                .max_rect(top)
                .layout(egui::Layout::left_to_right(egui::Align::Center)),
        );
        let continue_width = 150.0_f32.min(top.width() / 2.0);
        // Where the file branches, else where the analysis stands (a tap stops or resumes it).
        if review.variations().is_empty() {
            analysis_toggle(
                &mut row,
                lang,
                &analysis,
                top.width() - continue_width - SPACE_2,
                &mut actions,
                &mut reports,
            );
        } else {
            variations(
                &mut row,
                &review,
                top.width() - continue_width,
                &mut actions,
                &mut reports,
            );
        }
        row.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            continue_button(ui, lang, continue_width, &mut actions, &mut reports);
        });
        let bottom = r(layout.bottom_card()).shrink2(vec2(SPACE_4, SPACE_2));
        // The moves as a strip between the board and the slider, where the phone has room.
        let strip = Rect::from_min_max(
            pos2(
                bottom.left(),
                (layout.board.max.y + SPACE_1).max(bottom.top() - TOUCH_TARGET),
            ),
            pos2(bottom.right(), bottom.top()),
        );
        if strip.height() >= 28.0 {
            let mut ui = root.new_child(egui::UiBuilder::new().max_rect(strip));
            let follow = last_shown.replace(review.shown()) != Some(review.shown());
            move_strip(&mut ui, p, &review, strip.height(), follow, &mut actions);
        }
        // The graph of the analysis is the phone's slider: drag along it to a move.
        let mut below = root.new_child(egui::UiBuilder::new().max_rect(bottom));
        analysis_graph(
            &mut below,
            p,
            &review,
            &analysis,
            bottom.size(),
            &mut actions,
            &mut reports,
        );
        let bar = r(layout.action_bar()).shrink2(vec2(SPACE_2, SPACE_1));
        let back = (review.back, review.record().outcome.is_some());
        step_buttons(&mut root, p, lang, back, bar, &mut actions, &mut reports);
    } else {
        let side = r(layout.side());
        root.painter().rect_filled(side, 0.0, p.surface);
        root.painter()
            .line_segment([side.left_top(), side.left_bottom()], Stroke::new(1.0, p.border));
        let inner = side.shrink(SPACE_4);
        let mut column =
            root.new_child(egui::UiBuilder::new().max_rect(inner.with_min_y(inner.top() + TOUCH_TARGET)));
        column.label(
            egui::RichText::new(position_line(&review, lang))
                .size(TEXT_TITLE)
                .color(p.ink),
        );
        // How a finished game ended, on a line of its own that is there at every move: the
        // buttons below must not move when it appears at the last move (a second click on 上一手
        // landed on 终局).
        if review.record().outcome.is_some() {
            let size = vec2(inner.width(), TEXT_BODY + SPACE_2);
            let (row, _) = column.allocate_exact_size(size, egui::Sense::hover());
            if let Some(outcome) = review.outcome_shown() {
                fit_text(
                    column.painter(),
                    row.left_center(),
                    Align2::LEFT_CENTER,
                    &i18n::outcome(lang, outcome),
                    TEXT_BODY,
                    p.primary,
                    row.width(),
                );
            }
        }
        if !review.title.is_empty() {
            column.label(
                egui::RichText::new(&review.title)
                    .size(TEXT_CAPTION)
                    .color(p.muted),
            );
        }
        column.add_space(SPACE_2);
        let buttons = Rect::from_min_size(
            column.cursor().min,
            vec2(inner.width(), TOUCH_TARGET * 3.0 + SPACE_1 * 2.0),
        );
        let back = (review.back, review.record().outcome.is_some());
        step_buttons(&mut column, p, lang, back, buttons, &mut actions, &mut reports);
        column.allocate_space(buttons.size());
        column.add_space(SPACE_2);
        move_slider(&mut column, &review, inner.width(), &mut actions);
        column.horizontal_wrapped(|ui| variations(ui, &review, inner.width(), &mut actions, &mut reports));
        continue_button(&mut column, lang, inner.width(), &mut actions, &mut reports);
        column.add_space(SPACE_2);
        analysis_toggle(
            &mut column,
            lang,
            &analysis,
            inner.width(),
            &mut actions,
            &mut reports,
        );
        let graph = vec2(inner.width(), 64.0);
        analysis_graph(
            &mut column,
            p,
            &review,
            &analysis,
            graph,
            &mut actions,
            &mut reports,
        );
        mistake_list(&mut column, p, lang, &review, &analysis, &mut actions);
        column.add_space(SPACE_2);
        move_list(&mut column, p, &review, &mut actions);
    }
    if *panel != Panel::ContinueFrom {
        *choice = None;
    }
    for action in actions {
        match action {
            Action::Step(intent) => {
                intents.write(intent);
            }
            Action::Save => {
                let record = review.record();
                save_sgf(&saves, &sgf_file_name(record, &record.date), record_sgf(&review))
            }
            Action::ChooseContinue => *panel = Panel::ContinueFrom,
        }
    }
    // The level and colour 「从这里继续」 starts with: the lobby's level, the side to move.
    let chosen = choice.get_or_insert(ContinueChoice {
        mode: Mode::VsComputer,
        level: setup.level,
        human: review.position().to_move(),
    });
    if let Some(start) = continue_sheet(ctx, p, lang, &mut panel, chosen, &mut reports) {
        intents.write(ReviewIntent::ContinueFrom(start));
    }
    Ok(())
}

/// 「复盘 · 第 23 手 / 120」.
fn position_line(review: &Review, lang: Lang) -> String {
    format!(
        "{} · {} / {}",
        Text::Review.get(lang),
        i18n::move_number(lang, review.shown()),
        review.moves()
    )
}

/// The position line, and at the end of a finished game how it ended (one line, on a phone).
fn headline(review: &Review, lang: Lang) -> String {
    let at = position_line(review, lang);
    match review.outcome_shown() {
        Some(outcome) => format!("{at} · {}", i18n::outcome(lang, outcome)),
        None => at,
    }
}

/// 「从这里继续」's sheet: two players or the computer, its level and your colour, then 开始.
fn continue_sheet(
    ctx: &egui::Context,
    p: &Palette,
    lang: Lang,
    panel: &mut Panel,
    choice: &mut ContinueChoice,
    reports: &mut ButtonReport,
) -> Option<ContinueChoice> {
    let screen = ctx.viewport_rect().size();
    let place = Placement {
        anchor: Align2::CENTER_CENTER,
        offset: vec2(0.0, 0.0),
        size: vec2((screen.x - 2.0 * SPACE_4).min(420.0), 360.0),
    };
    let words = (Text::ContinueFromHere.get(lang), Text::Close.get(lang));
    let mut start = None;
    show_panel(ctx, p, panel, Panel::ContinueFrom, words, place, |ui| {
        let width = ui.available_width();
        let modes = [
            (Mode::VsComputer, Text::VsComputer.get(lang)),
            (Mode::TwoPlayer, Text::TwoPlayer.get(lang)),
        ];
        segmented(ui, p, &mut choice.mode, &modes, width);
        if choice.mode == Mode::VsComputer {
            ui.add_space(SPACE_2);
            ui.label(
                egui::RichText::new(Text::Level.get(lang))
                    .size(TEXT_SMALL)
                    .color(p.muted),
            );
            level_choice(ui, p, lang, &mut choice.level, width);
            ui.add_space(SPACE_2);
            ui.label(
                egui::RichText::new(Text::Side.get(lang))
                    .size(TEXT_SMALL)
                    .color(p.muted),
            );
            let sides = [
                (Color::Black, Text::PlayBlack.get(lang)),
                (Color::White, Text::PlayWhite.get(lang)),
            ];
            segmented(ui, p, &mut choice.human, &sides, width);
        }
        ui.add_space(SPACE_4);
        let go = primary_button(ui, p, Text::Start.get(lang), width);
        reports.report("continue-start", go.rect.center().into());
        if go.clicked() {
            start = Some(*choice);
        }
    });
    if start.is_some() {
        *panel = Panel::None;
    }
    start
}

/// The whole game as SGF (not only up to the move shown).
fn record_sgf(review: &Review) -> String {
    tengen_rules::Game::from_record(review.record()).map_or_else(|_| String::new(), |g| g.to_sgf())
}

fn step_buttons(
    root: &mut egui::Ui,
    p: &Palette,
    lang: Lang,
    (back, finished): (Back, bool),
    area: Rect,
    actions: &mut Vec<Action>,
    reports: &mut ButtonReport,
) {
    let buttons = [
        (
            Icon::First,
            Text::First,
            Action::Step(ReviewIntent::First),
            "first",
        ),
        (
            Icon::Left,
            Text::Previous,
            Action::Step(ReviewIntent::Back),
            "back",
        ),
        (
            Icon::Right,
            Text::Next,
            Action::Step(ReviewIntent::Forward),
            "forward",
        ),
        (Icon::Last, Text::Last, Action::Step(ReviewIntent::Last), "last"),
        (Icon::Save, Text::SaveRecord, Action::Save, "save"),
        // Named for where it leads.
        (
            if back == Back::Lobby {
                Icon::Home
            } else {
                Icon::Back
            },
            match back {
                Back::Game if finished => Text::Result,
                Back::Game => Text::BackToGame,
                Back::Records => Text::RecordsShort,
                Back::Lobby => Text::BackToLobby,
            },
            Action::Step(ReviewIntent::Leave),
            "leave",
        ),
    ];
    // One row in the portrait bar (icon over label); three rows of two in the side column, where
    // the label stands beside its icon and needs the width.
    let per_row = if area.height() >= 2.0 * TOUCH_TARGET {
        2
    } else {
        buttons.len()
    };
    let rows = buttons.len().div_ceil(per_row);
    let gap = SPACE_1;
    let (w, h) = (
        (area.width() - gap * (per_row as f32 - 1.0)) / per_row as f32,
        (area.height() - gap * (rows as f32 - 1.0)) / rows as f32,
    );
    for (i, (icon, text, action, name)) in buttons.into_iter().enumerate() {
        let (col, row) = ((i % per_row) as f32, (i / per_row) as f32);
        let rect = Rect::from_min_size(
            pos2(area.left() + col * (w + gap), area.top() + row * (h + gap)),
            vec2(w, h),
        );
        let mut ui = root.new_child(egui::UiBuilder::new().max_rect(rect));
        let response = icon_button(&mut ui, p, icon, text.get(lang), rect.size(), false);
        reports.report(name, response.rect.center().into());
        if response.clicked() {
            actions.push(action);
        }
    }
}

/// Where the analysis stands, as a button that stops it or takes it up again (just the words
/// once it is complete).
fn analysis_toggle(
    ui: &mut egui::Ui,
    lang: Lang,
    analysis: &Analysis,
    width: f32,
    actions: &mut Vec<Action>,
    reports: &mut ButtonReport,
) {
    let progress = analysis.progress();
    let text = i18n::analysis_progress(lang, progress, analysis.is_stopped(), analysis.mistakes().len());
    if analysis.is_complete() {
        ui.add_sized(
            vec2(width, TOUCH_TARGET),
            egui::Label::new(egui::RichText::new(text).size(TEXT_CAPTION)),
        );
        return;
    }
    let verb = if analysis.is_stopped() {
        Text::ResumeAnalysis
    } else {
        Text::StopAnalysis
    };
    let button = plain_button(ui, &format!("{text} · {}", verb.get(lang)), width);
    reports.report("analysis-toggle", button.rect.center().into());
    if button.clicked() {
        actions.push(Action::Step(ReviewIntent::ToggleAnalysis));
    }
}

/// Black's chance of winning across the game (the middle line is even), the mistakes as red
/// dots, the move shown as a line; a tap or drag goes to that move.
fn analysis_graph(
    ui: &mut egui::Ui,
    p: &Palette,
    review: &Review,
    analysis: &Analysis,
    size: egui::Vec2,
    actions: &mut Vec<Action>,
    reports: &mut ButtonReport,
) {
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
    reports.report("graph", rect.center().into());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, RADIUS_BUTTON, p.surface);
    let plot = rect.shrink2(vec2(SPACE_1, SPACE_1));
    let moves = review.moves().max(1) as f32;
    let x_of = |n: usize| plot.left() + plot.width() * n as f32 / moves;
    let y_of = |black: f32| plot.bottom() - plot.height() * black.clamp(0.0, 1.0);
    painter.line_segment(
        [pos2(plot.left(), y_of(0.5)), pos2(plot.right(), y_of(0.5))],
        Stroke::new(1.0, p.border),
    );
    // Black's share below the line: the area under it shaded dark, a line on top.
    let points: Vec<egui::Pos2> = analysis
        .black_chances()
        .enumerate()
        .filter_map(|(n, black)| Some(pos2(x_of(n), y_of(black?))))
        .collect();
    for pair in points.windows(2) {
        let [a, b] = [pair[0], pair[1]];
        let under = vec![a, b, pos2(b.x, plot.bottom()), pos2(a.x, plot.bottom())];
        painter.add(egui::Shape::convex_polygon(
            under,
            p.ink.gamma_multiply(0.18),
            Stroke::NONE,
        ));
        painter.line_segment([a, b], Stroke::new(1.5, p.ink));
    }
    for m in analysis.mistakes() {
        if let Some(black) = analysis.black_chances().nth(m.number).flatten() {
            painter.circle_filled(pos2(x_of(m.number), y_of(black)), 3.0, p.warning);
        }
    }
    let x = x_of(review.shown());
    painter.line_segment(
        [pos2(x, plot.top()), pos2(x, plot.bottom())],
        Stroke::new(2.0, p.primary),
    );
    if let Some(at) = response
        .interact_pointer_pos()
        .filter(|_| response.clicked() || response.dragged())
    {
        let n = ((at.x - plot.left()) / plot.width() * moves)
            .round()
            .clamp(0.0, moves) as usize;
        if n != review.shown() {
            actions.push(Action::Step(ReviewIntent::To(n)));
        }
    }
}

/// Each side's three biggest mistakes: a click shows the move, with the better one on the board.
fn mistake_list(
    ui: &mut egui::Ui,
    p: &Palette,
    lang: Lang,
    review: &Review,
    analysis: &Analysis,
    actions: &mut Vec<Action>,
) {
    let all = analysis.mistakes();
    if all.is_empty() {
        return;
    }
    ui.label(
        egui::RichText::new(Text::Mistakes.get(lang))
            .size(TEXT_SMALL)
            .color(p.muted),
    );
    let size = review.position().size();
    ui.horizontal_top(|ui| {
        for color in [Color::Black, Color::White] {
            ui.vertical(|ui| {
                for m in all.iter().filter(|m| m.color == color).take(3) {
                    let at = review
                        .move_list()
                        .nth(m.number - 1)
                        .and_then(|(_, at)| at)
                        .map_or("pass".into(), |(c, r)| vertex_name(size, c, r));
                    let text = i18n::mistake_line(lang, &at, m);
                    move_label(ui, p, review, text, m.number, actions);
                }
            });
        }
    });
}

fn move_slider(ui: &mut egui::Ui, review: &Review, width: f32, actions: &mut Vec<Action>) {
    let mut shown = review.shown();
    ui.spacing_mut().slider_width = width - 48.0;
    let slider = egui::Slider::new(&mut shown, 0..=review.moves()).show_value(true);
    if ui.add(slider).changed() {
        actions.push(Action::Step(ReviewIntent::To(shown)));
    }
}

/// Where the opened file branches after the move shown: one button per next move, as many as
/// `width` holds.
fn variations(
    ui: &mut egui::Ui,
    review: &Review,
    width: f32,
    actions: &mut Vec<Action>,
    reports: &mut ButtonReport,
) {
    let size = review.position().size();
    let each = 72.0;
    let fits = ((width + SPACE_1) / (each + ui.spacing().item_spacing.x)).floor() as usize;
    for (k, (node, (color, at))) in review.variations().into_iter().take(fits).enumerate() {
        let label = format!(
            "{} {}",
            if color == Color::Black { "●" } else { "○" },
            at.map_or("pass".into(), |(c, r)| vertex_name(size, c, r))
        );
        let response = plain_button(ui, &label, each);
        if k == 1 {
            reports.report("variation", response.rect.center().into());
        }
        if response.clicked() {
            actions.push(Action::Step(ReviewIntent::Variation(node)));
        }
    }
}

/// 「从这里继续」: opens the sheet that asks against whom, at which level, with which colour.
fn continue_button(
    ui: &mut egui::Ui,
    lang: Lang,
    width: f32,
    actions: &mut Vec<Action>,
    reports: &mut ButtonReport,
) {
    let response = plain_button(ui, Text::ContinueFromHere.get(lang), width);
    reports.report("continue-from", response.rect.center().into());
    if response.clicked() {
        actions.push(Action::ChooseContinue);
    }
}

/// The moves as one row of chips, scrolled to keep the one shown in view (the phone's move
/// list).
fn move_strip(
    ui: &mut egui::Ui,
    p: &Palette,
    review: &Review,
    height: f32,
    follow: bool,
    actions: &mut Vec<Action>,
) {
    let size = review.position().size();
    egui::ScrollArea::horizontal()
        .id_salt("move-strip")
        .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysHidden)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = SPACE_1;
                for (i, (color, at)) in review.move_list().enumerate() {
                    let number = i + 1;
                    let text = format!(
                        "{number} {}{}",
                        if color == Color::Black { "●" } else { "○" },
                        at.map_or("pass".into(), |(c, r)| vertex_name(size, c, r))
                    );
                    let shown = number == review.shown();
                    let galley = ui.painter().layout_no_wrap(
                        text,
                        egui::FontId::proportional(TEXT_CAPTION),
                        if shown { p.on_primary } else { p.ink },
                    );
                    let chip = vec2(galley.size().x + 2.0 * SPACE_2, height);
                    let (rect, response) = ui.allocate_exact_size(chip, egui::Sense::click());
                    if shown {
                        ui.painter()
                            .rect_filled(rect.shrink(2.0), RADIUS_BUTTON, p.primary);
                        if follow {
                            response.scroll_to_me(Some(egui::Align::Center));
                        }
                    }
                    let at = rect.center() - galley.size() / 2.0;
                    ui.painter().galley(at, galley, p.ink);
                    if response.clicked() {
                        actions.push(Action::Step(ReviewIntent::To(number)));
                    }
                }
            });
        });
}

/// A move as a label that shows it when clicked, in the primary colour when it is shown.
fn move_label(
    ui: &mut egui::Ui,
    p: &Palette,
    review: &Review,
    text: String,
    number: usize,
    actions: &mut Vec<Action>,
) {
    let colour = if number == review.shown() {
        p.primary
    } else {
        p.ink
    };
    let label = egui::RichText::new(text).size(TEXT_CAPTION).color(colour);
    if ui
        .add(egui::Label::new(label).sense(egui::Sense::click()))
        .clicked()
    {
        actions.push(Action::Step(ReviewIntent::To(number)));
    }
}

/// Every move, clickable; the one shown marked.
fn move_list(ui: &mut egui::Ui, p: &Palette, review: &Review, actions: &mut Vec<Action>) {
    let size = review.position().size();
    egui::ScrollArea::vertical().id_salt("moves").show(ui, |ui| {
        egui::Grid::new("move-list")
            .num_columns(4)
            .spacing(vec2(SPACE_2, SPACE_1))
            .show(ui, |ui| {
                for (i, (color, at)) in review.move_list().enumerate() {
                    let number = i + 1;
                    let text = format!(
                        "{number}. {} {}",
                        if color == Color::Black { "●" } else { "○" },
                        at.map_or("pass".into(), |(c, r)| vertex_name(size, c, r))
                    );
                    move_label(ui, p, review, text, number, actions);
                    if number % 4 == 0 {
                        ui.end_row();
                    }
                }
            });
    });
}
