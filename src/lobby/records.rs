//! 棋局记录: the finished games the device keeps, newest first — when, against whom, size,
//! rules, result, moves — each opened in review or saved as SGF; and opening a record from a
//! file or from pasted SGF text.

use bevy::prelude::*;
use bevy_egui::egui::{self, vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::UiSystems;
use crate::game::Mode;
use crate::i18n::{self, Lang, Text};
use crate::overlay::{Panel, Placement, show_panel};
use crate::platform::ButtonReport;
use crate::platform::archive::sgf_file_name;
use crate::platform::archive::{Archive, FinishedGame};
use crate::platform::files::{OpenedFile, PendingOpen, PendingSaves, open_sgf, save_sgf};
use crate::review::{Back, Review};
use crate::screens::Screen;
use crate::settings::Settings;
use crate::theme::{ActiveTheme, Palette, *};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_records
            .in_set(UiSystems::Overlay)
            .run_if(in_state(Screen::Lobby)),
    );
}

fn draw_records(
    mut contexts: EguiContexts,
    mut panel: ResMut<Panel>,
    archive: Res<Archive>,
    settings: Res<Settings>,
    theme: Res<ActiveTheme>,
    pending: Res<PendingOpen>,
    saves: Res<PendingSaves>,
    mut opened: MessageWriter<OpenedFile>,
    mut next: ResMut<NextState<Screen>>,
    mut reports: ResMut<ButtonReport>,
    mut commands: Commands,
    mut pasted: Local<String>,
    mut was_open: Local<bool>,
) -> Result {
    let (lang, p) = (settings.language, &theme.0);
    let ctx = contexts.ctx_mut()?;
    // Each opening starts at the top, where the newest game is.
    let opening = *panel == Panel::Records && !*was_open;
    *was_open = *panel == Panel::Records;
    let screen = ctx.viewport_rect().size();
    let place = Placement {
        anchor: egui::Align2::CENTER_TOP,
        offset: vec2(0.0, SPACE_4),
        size: vec2(
            (screen.x - 2.0 * SPACE_4).min(COLUMN_WIDTH),
            screen.y - 2.0 * SPACE_4,
        ),
    };
    let words = (Text::Records.get(lang), Text::Close.get(lang));
    let mut review = None;
    show_panel(ctx, p, &mut panel, Panel::Records, words, place, |ui| {
        let width = ui.available_width();
        let open = plain_button(ui, Text::OpenRecord.get(lang), width);
        reports.report("open-record", open.rect.center().into());
        if open.clicked() {
            open_sgf(&pending);
        }
        ui.label(
            egui::RichText::new(Text::PasteRecord.get(lang))
                .size(TEXT_CAPTION)
                .color(p.muted),
        );
        let paste = egui::TextEdit::multiline(&mut *pasted)
            .desired_rows(2)
            .desired_width(width)
            .font(egui::TextStyle::Monospace);
        ui.add(paste);
        if !pasted.trim().is_empty() && plain_button(ui, Text::Open.get(lang), width).clicked() {
            opened.write(OpenedFile {
                name: "SGF".into(),
                bytes: std::mem::take(&mut *pasted).into_bytes(),
            });
        }
        ui.add_space(SPACE_2);
        let mut list = egui::ScrollArea::vertical().id_salt("records");
        if opening {
            list = list.vertical_scroll_offset(0.0);
        }
        list.show(ui, |ui| {
            if archive.0.is_empty() {
                ui.label(egui::RichText::new(Text::NoRecords.get(lang)).color(p.muted));
            }
            for (i, game) in archive.0.iter().enumerate() {
                match game_row(ui, p, lang, game, width, i == 0, &mut reports) {
                    Some(RowAction::Review) => review = Some(game.clone()),
                    Some(RowAction::Save) => {
                        save_sgf(&saves, &sgf_file_name(&game.record, &game.date), sgf_of(game))
                    }
                    None => {}
                }
            }
        });
    });
    if let Some(game) = review {
        let title = summary(lang, &game);
        commands.insert_resource(Review::of_record(game.record, game.setup, title, Back::Records));
        *panel = Panel::None;
        next.set(Screen::Review);
    }
    Ok(())
}

enum RowAction {
    Review,
    Save,
}

/// 「2026-11-30 19:11 · 电脑 · 困难 · 9×9 · 中国规则」, and 「让 3 子」 when it was a handicap game.
fn summary(lang: Lang, game: &FinishedGame) -> String {
    let opponent = match game.setup.mode {
        Mode::VsComputer => i18n::computer_name(lang, game.setup.level),
        Mode::TwoPlayer => Text::TwoPlayer.get(lang).to_string(),
    };
    let size = game.record.size;
    let rules = i18n::rules_name(lang, game.record.rules);
    let handicap = match game.record.handicap {
        0 => String::new(),
        stones => match lang {
            Lang::Zh => format!(" · {}", i18n::handicap_stones(lang, stones)),
            Lang::En => format!(" · handicap {stones}"),
        },
    };
    format!("{} · {opponent} · {size}×{size} · {rules}{handicap}", game.date)
}

/// One game: its summary, result and length, and its two buttons.
fn game_row(
    ui: &mut egui::Ui,
    p: &Palette,
    lang: Lang,
    game: &FinishedGame,
    width: f32,
    first: bool,
    reports: &mut ButtonReport,
) -> Option<RowAction> {
    let mut action = None;
    card(p).show(ui, |ui| {
        ui.set_width(width - 2.0 * SPACE_4);
        ui.label(
            egui::RichText::new(summary(lang, game))
                .size(TEXT_CAPTION)
                .color(p.muted),
        );
        let result = game
            .record
            .outcome
            .map(|o| i18n::outcome(lang, o))
            .unwrap_or_default();
        let moves = i18n::move_count(lang, game.record.moves.len());
        ui.label(
            egui::RichText::new(format!("{result} · {moves}"))
                .size(TEXT_BODY)
                .color(p.ink),
        );
        ui.horizontal(|ui| {
            let each = (width - 2.0 * SPACE_4 - SPACE_2) / 2.0;
            let review = plain_button(ui, Text::Review.get(lang), each);
            let save = plain_button(ui, Text::SaveRecord.get(lang), each);
            if first {
                reports.report("record-review", review.rect.center().into());
                reports.report("record-save", save.rect.center().into());
            }
            if review.clicked() {
                action = Some(RowAction::Review);
            }
            if save.clicked() {
                action = Some(RowAction::Save);
            }
        });
    });
    ui.add_space(SPACE_2);
    action
}

fn sgf_of(game: &FinishedGame) -> String {
    tengen_rules::Game::from_record(&game.record).map_or_else(|_| String::new(), |g| g.to_sgf())
}
