//! Review's controls around the board. Portrait: the title and move at the top, the file's
//! variations and 「从这里继续」 (人机 / 双人) above the board, a slider below it, and an action
//! bar — first, back, forward, last, save, back to where review was opened from. Landscape: the
//! same in a side column, with the whole move list to click through.

use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, FontId, Rect, Stroke, pos2, vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use tengen_rules::{Color, vertex_name};

use super::state::{Review, ReviewIntent};
use crate::UiSystems;
use crate::game::{Layout, Mode};
use crate::i18n::{self, Lang, Text};
use crate::platform::ButtonReport;
use crate::platform::files::save_sgf;
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

/// What a click asks for: a review step, or saving the record.
enum Action {
    Step(ReviewIntent),
    Save,
}

fn draw_review(
    mut contexts: EguiContexts,
    review: Res<Review>,
    layout: Res<Layout>,
    settings: Res<Settings>,
    theme: Res<ActiveTheme>,
    mut intents: MessageWriter<ReviewIntent>,
    mut reports: ResMut<ButtonReport>,
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
        painter.text(
            pos2(SPACE_4, crate::game::STATUS_BAR / 2.0),
            Align2::LEFT_CENTER,
            headline(&review, lang),
            FontId::proportional(TEXT_BODY),
            p.ink,
        );
        let top = r(layout.top_card()).shrink2(vec2(SPACE_3, SPACE_1));
        let mut row = root.new_child(
            egui::UiBuilder::new()
                .max_rect(top)
                .layout(egui::Layout::left_to_right(egui::Align::Center)),
        );
        variations(&mut row, p, &review, &mut actions, &mut reports);
        continue_buttons(&mut row, p, lang, &mut actions, &mut reports);
        let bottom = r(layout.bottom_card()).shrink2(vec2(SPACE_4, SPACE_2));
        let mut slider = root.new_child(egui::UiBuilder::new().max_rect(bottom));
        move_slider(&mut slider, &review, bottom.width(), &mut actions);
        let bar = r(layout.action_bar()).shrink2(vec2(SPACE_2, SPACE_1));
        step_buttons(&mut root, p, lang, bar, &mut actions, &mut reports);
    } else {
        let side = r(layout.side());
        root.painter().rect_filled(side, 0.0, p.surface);
        root.painter()
            .line_segment([side.left_top(), side.left_bottom()], Stroke::new(1.0, p.border));
        let inner = side.shrink(SPACE_4);
        let mut column =
            root.new_child(egui::UiBuilder::new().max_rect(inner.with_min_y(inner.top() + TOUCH_TARGET)));
        column.label(
            egui::RichText::new(headline(&review, lang))
                .size(TEXT_TITLE)
                .color(p.ink),
        );
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
        step_buttons(&mut column, p, lang, buttons, &mut actions, &mut reports);
        column.allocate_space(buttons.size());
        column.add_space(SPACE_2);
        move_slider(&mut column, &review, inner.width(), &mut actions);
        column.horizontal_wrapped(|ui| variations(ui, p, &review, &mut actions, &mut reports));
        column.horizontal(|ui| continue_buttons(ui, p, lang, &mut actions, &mut reports));
        column.add_space(SPACE_2);
        move_list(&mut column, p, &review, &mut actions);
    }
    for action in actions {
        match action {
            Action::Step(intent) => {
                intents.write(intent);
            }
            Action::Save => save_sgf(&file_name(&review), record_sgf(&review)),
        }
    }
    Ok(())
}

/// 「复盘 · 第 23 / 120 手」.
fn headline(review: &Review, lang: Lang) -> String {
    format!(
        "{} · {} / {}",
        Text::Review.get(lang),
        i18n::move_number(lang, review.shown()),
        review.moves()
    )
}

fn file_name(review: &Review) -> String {
    let date = review.record().date.replace([' ', ':'], "-");
    if date.is_empty() {
        "tengen.sgf".into()
    } else {
        format!("tengen-{date}.sgf")
    }
}

/// The whole game as SGF (not only up to the move shown).
fn record_sgf(review: &Review) -> String {
    tengen_rules::Game::from_record(review.record()).map_or_else(|_| String::new(), |g| g.to_sgf())
}

fn step_buttons(
    root: &mut egui::Ui,
    p: &Palette,
    lang: Lang,
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
        (
            Icon::Home,
            Text::Leave,
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

fn move_slider(ui: &mut egui::Ui, review: &Review, width: f32, actions: &mut Vec<Action>) {
    let mut shown = review.shown();
    ui.spacing_mut().slider_width = width - 48.0;
    let slider = egui::Slider::new(&mut shown, 0..=review.moves()).show_value(true);
    if ui.add(slider).changed() {
        actions.push(Action::Step(ReviewIntent::To(shown)));
    }
}

/// Where the opened file branches after the move shown: one button per next move.
fn variations(
    ui: &mut egui::Ui,
    p: &Palette,
    review: &Review,
    actions: &mut Vec<Action>,
    reports: &mut ButtonReport,
) {
    let size = review.position().size();
    for (k, (node, (color, at))) in review.variations().into_iter().enumerate() {
        let label = format!(
            "{} {}",
            if color == Color::Black { "●" } else { "○" },
            at.map_or("pass".into(), |(c, r)| vertex_name(size, c, r))
        );
        let response = plain_button(ui, &label, 72.0);
        if k == 1 {
            reports.report("variation", response.rect.center().into());
        }
        if response.clicked() {
            actions.push(Action::Step(ReviewIntent::Variation(node)));
        }
        let _ = p;
    }
}

/// 「从这里继续」 against the computer or between two players.
fn continue_buttons(
    ui: &mut egui::Ui,
    p: &Palette,
    lang: Lang,
    actions: &mut Vec<Action>,
    reports: &mut ButtonReport,
) {
    ui.label(
        egui::RichText::new(Text::ContinueFromHere.get(lang))
            .size(TEXT_CAPTION)
            .color(p.muted),
    );
    for (mode, text, name) in [
        (Mode::VsComputer, Text::VsComputer, "continue-computer"),
        (Mode::TwoPlayer, Text::TwoPlayerShort, "continue-two"),
    ] {
        let response = plain_button(ui, text.get(lang), 72.0);
        reports.report(name, response.rect.center().into());
        if response.clicked() {
            actions.push(Action::Step(ReviewIntent::ContinueFrom(mode)));
        }
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
                    let shown = number == review.shown();
                    let label = egui::RichText::new(text).size(TEXT_CAPTION).color(if shown {
                        p.primary
                    } else {
                        p.ink
                    });
                    if ui
                        .add(egui::Label::new(label).sense(egui::Sense::click()))
                        .clicked()
                    {
                        actions.push(Action::Step(ReviewIntent::To(number)));
                    }
                    if number % 4 == 0 {
                        ui.end_row();
                    }
                }
            });
    });
}
