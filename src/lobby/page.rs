//! The lobby page (大厅, R19), one centred column from 400×800 to 1920×1080: the title; the saved
//! game as a card with a picture of its position; the mode as two cards; for 人机 the level as a
//! segmented row with a line about each level, and the colour as three stone cards; the board as
//! three mini boards; the rule set as a segmented control with its komi; the display options as
//! switches; one primary 「开始」; the record and the way to the rules and help pages.

use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, FontId, Rect, Sense, Stroke, pos2, vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use tengen_ai::Level;
use tengen_rules::{Color, Game, RuleSet};

use super::actions::LobbyIntent;
use crate::UiSystems;
use crate::game::{ColorChoice, MatchSetup, Mode};
use crate::i18n::{self, Lang, Text};
use crate::overlay::Panel;
use crate::platform::storage::{Record, SavedGame, SavedGameOffer, Storage};
use crate::platform::{ButtonReport, TITLE_FAMILY};
use crate::screens::Screen;
use crate::settings::Settings;
use crate::theme::{self, ActiveTheme, Palette, *};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_lobby
            .in_set(UiSystems::Screen)
            .run_if(in_state(Screen::Lobby)),
    );
}

/// The saved game's stones, worked out once per saved game (replaying a record is not free).
#[derive(Default)]
struct SavedPicture {
    moves: usize,
    size: u8,
    stones: Vec<(u8, u8, Color)>,
}

impl SavedPicture {
    fn of(&mut self, saved: &SavedGame) -> &[(u8, u8, Color)] {
        let moves = saved.record.moves.len();
        if (self.moves, self.size) != (moves, saved.record.size) {
            self.moves = moves;
            self.size = saved.record.size;
            self.stones = Game::from_record(&saved.record)
                .map(|g| {
                    let b = g.board();
                    b.points()
                        .filter_map(|p| b.color_at(p).map(|c| (b.coords(p).0, b.coords(p).1, c)))
                        .collect()
                })
                .unwrap_or_default();
        }
        &self.stones
    }
}

fn draw_lobby(
    mut contexts: EguiContexts,
    mut setup: ResMut<MatchSetup>,
    record: Res<Record>,
    offer: Res<SavedGameOffer>,
    storage: Option<Res<Storage>>,
    settings: Res<Settings>,
    theme: Res<ActiveTheme>,
    mut panel: ResMut<Panel>,
    mut intents: MessageWriter<LobbyIntent>,
    mut reports: ResMut<ButtonReport>,
    mut picture: Local<SavedPicture>,
    screen_state: Res<State<Screen>>,
) -> Result {
    if *panel == Panel::Help {
        // The help page covers the lobby, and lets the board renderer's diagrams show through.
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let (lang, p) = (settings.language, &theme.0);
    let screen = ctx.viewport_rect();
    let width = (screen.width() - 2.0 * SPACE_4).min(COLUMN_WIDTH);
    // Where the column would reach under the 「设置」 button (a phone), the title becomes a bar
    // beside the button and the page scrolls below it, so the button never covers a control.
    let gear = GEAR_MARGIN + TOUCH_TARGET + SPACE_1;
    let title_bar = (screen.width() + width) / 2.0 > screen.width() - gear;
    let mut root = theme::root_ui(ctx);
    egui::CentralPanel::default()
        .frame(egui::Frame::new().fill(p.page))
        .show(&mut root, |ui| {
            if title_bar {
                title_row(ui, p, lang, gear);
            }
            let mut scroll = egui::ScrollArea::vertical().auto_shrink([false; 2]);
            // Each visit starts at the top, where 「继续上一局」 is.
            if screen_state.is_changed() {
                scroll = scroll.vertical_scroll_offset(0.0);
            }
            scroll.show(ui, |ui| {
                let margin = ((ui.available_width() - width) / 2.0).max(0.0);
                // Margins are whole bytes in egui: the column is indented by space instead.
                ui.horizontal_top(|ui| {
                    ui.add_space(margin);
                    ui.vertical(|ui| {
                        ui.set_width(width);
                        if !title_bar {
                            ui.add_space(SPACE_6);
                            title(ui, p, lang);
                        }
                        notices(ui, p, lang, storage.as_deref());
                        if let Some(saved) = &offer.0 {
                            let clicked = continue_card(ui, p, lang, saved, picture.of(saved), width);
                            reports.report("continue", clicked.rect.center().into());
                            if clicked.clicked() {
                                intents.write(LobbyIntent::Continue);
                            }
                        }
                        let mut s = setup.clone();
                        mode_cards(ui, p, lang, &mut s, width);
                        if s.mode == Mode::VsComputer {
                            level_row(ui, p, lang, &mut s.level, &record, width);
                            colour_cards(ui, p, lang, &mut s.color, width);
                        }
                        size_buttons(ui, p, lang, &mut s, width);
                        rules_row(ui, p, lang, &mut s.rules, s.handicap, width);
                        handicap(ui, p, lang, &mut s, width);
                        options(ui, p, lang, &mut s, width);
                        if s != *setup {
                            *setup = s;
                        }
                        ui.add_space(SPACE_1);
                        let start = primary_button(ui, p, Text::Start.get(lang), width);
                        reports.report("start", start.rect.center().into());
                        if start.clicked() {
                            intents.write(LobbyIntent::Start);
                        }
                        footer(ui, p, lang, &record);
                        if title_bar {
                            links(ui, p, lang, &mut panel, width, &mut reports);
                        }
                        ui.add_space(SPACE_4);
                    });
                });
            });
        });
    // Where there is room, the finished games and the help wait beside 「设置」 at the top, not
    // under the fold below 「开始」 (and out of the way while a panel is open over the lobby).
    if !title_bar && *panel == Panel::None {
        egui::Area::new(egui::Id::new("lobby-links"))
            .anchor(Align2::RIGHT_TOP, [-gear, GEAR_MARGIN])
            .show(ctx, |ui| {
                links(ui, p, lang, &mut panel, 2.0 * CORNER_LINK + SPACE_2, &mut reports)
            });
    }
    Ok(())
}

/// How wide each of the two links beside 「设置」 is.
const CORNER_LINK: f32 = 150.0;

fn title(ui: &mut egui::Ui, p: &Palette, lang: Lang) {
    ui.vertical_centered(|ui| {
        let family = egui::FontFamily::Name(TITLE_FAMILY.into());
        ui.label(
            egui::RichText::new("天元")
                .font(FontId::new(TEXT_DISPLAY, family))
                .color(p.ink),
        );
        ui.label(
            egui::RichText::new(Text::Subtitle.get(lang))
                .size(TEXT_CAPTION)
                .color(p.muted),
        );
    });
    ui.add_space(SPACE_1);
}

/// The title as a bar across the top of a phone, `height` tall, beside the 「设置」 button.
fn title_row(ui: &mut egui::Ui, p: &Palette, lang: Lang, height: f32) {
    let (rect, _) = ui.allocate_exact_size(vec2(ui.available_width(), height), Sense::hover());
    let painter = ui.painter();
    let family = egui::FontFamily::Name(TITLE_FAMILY.into());
    let name = painter.text(
        pos2(rect.left() + SPACE_4, rect.center().y),
        Align2::LEFT_CENTER,
        "天元",
        FontId::new(TEXT_HEADLINE, family),
        p.ink,
    );
    let room = rect.right() - height - name.right() - SPACE_3;
    let at = pos2(name.right() + SPACE_3, rect.center().y + 2.0);
    fit_text(
        painter,
        at,
        Align2::LEFT_CENTER,
        Text::Subtitle.get(lang),
        TEXT_CAPTION,
        p.muted,
        room,
    );
}

/// A store that could not be read, or a second copy of the game that does not save.
fn notices(ui: &mut egui::Ui, p: &Palette, lang: Lang, storage: Option<&Storage>) {
    let not_saving = storage
        .is_some_and(|s| !s.is_saving())
        .then(|| Text::NotSaving.get(lang).to_string());
    if let Some(notice) = not_saving.or_else(|| storage.and_then(|s| s.notice.clone())) {
        ui.label(egui::RichText::new(notice).size(TEXT_CAPTION).color(p.warning));
        ui.add_space(SPACE_2);
    }
}

/// A small muted heading over a group of controls, left-aligned in the column.
fn section(ui: &mut egui::Ui, p: &Palette, text: &str) {
    ui.add_space(SPACE_1);
    ui.label(egui::RichText::new(text).size(TEXT_SMALL).color(p.muted));
}

/// 「继续上一局」: the saved position, its move number, opponent and size.
fn continue_card(
    ui: &mut egui::Ui,
    p: &Palette,
    lang: Lang,
    saved: &SavedGame,
    stones: &[(u8, u8, Color)],
    width: f32,
) -> egui::Response {
    let height = 76.0;
    let (rect, response) = ui.allocate_exact_size(vec2(width, height), Sense::click());
    let hovered = response.hovered();
    let painter = ui.painter();
    painter.rect(
        rect,
        RADIUS_CARD,
        if hovered { p.sunken } else { p.surface },
        Stroke::new(1.5, p.primary),
        egui::StrokeKind::Inside,
    );
    let picture = Rect::from_min_size(
        rect.min + vec2(SPACE_3, SPACE_2),
        vec2(height - 2.0 * SPACE_2, height - 2.0 * SPACE_2),
    );
    mini_board(painter, picture, saved.record.size, stones);
    let text_x = picture.right() + SPACE_3;
    // The arrow at the right keeps its room.
    let room = rect.right() - SPACE_8 - SPACE_3 - text_x;
    fit_text(
        painter,
        pos2(text_x, rect.top() + 24.0),
        Align2::LEFT_CENTER,
        Text::Continue.get(lang),
        TEXT_TITLE,
        p.ink,
        room,
    );
    let opponent = match saved.setup.mode {
        Mode::VsComputer => i18n::computer_name(lang, saved.setup.level),
        Mode::TwoPlayer => Text::TwoPlayer.get(lang).to_string(),
    };
    // The move to be played next, as the game screen counts it.
    let next = saved.record.moves.len() + 1;
    let detail = i18n::saved_summary(lang, next, &opponent, saved.record.size);
    fit_text(
        painter,
        pos2(text_x, rect.top() + 52.0),
        Align2::LEFT_CENTER,
        &detail,
        TEXT_CAPTION,
        p.muted,
        room,
    );
    draw_icon(
        painter,
        Icon::Right,
        pos2(rect.right() - SPACE_6, rect.center().y),
        7.0,
        p.primary,
    );
    ui.add_space(SPACE_2);
    response
}

/// A selectable card: raised, with the primary colour's border and a tinted fill when chosen.
fn choice_card(ui: &mut egui::Ui, p: &Palette, size: egui::Vec2, chosen: bool) -> (Rect, egui::Response) {
    let (rect, response) = ui.allocate_exact_size(size, Sense::click());
    let fill = if chosen {
        p.primary.gamma_multiply(if p.dark { 0.28 } else { 0.12 })
    } else if response.hovered() {
        p.sunken
    } else {
        p.surface
    };
    let stroke = if chosen {
        Stroke::new(2.0, p.primary)
    } else {
        Stroke::new(1.0, p.border)
    };
    ui.painter()
        .rect(rect, RADIUS_CARD, fill, stroke, egui::StrokeKind::Inside);
    (rect, response)
}

/// Equal cards in a row filling `width`.
fn card_row(
    ui: &mut egui::Ui,
    n: usize,
    width: f32,
    height: f32,
    mut card: impl FnMut(&mut egui::Ui, usize, egui::Vec2),
) {
    let each = (width - SPACE_2 * (n as f32 - 1.0)) / n as f32;
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = SPACE_2;
        for i in 0..n {
            card(ui, i, vec2(each, height));
        }
    });
}

fn mode_cards(ui: &mut egui::Ui, p: &Palette, lang: Lang, s: &mut MatchSetup, width: f32) {
    section(ui, p, Text::Mode.get(lang));
    let modes = [
        (Mode::VsComputer, Text::VsComputer, Text::VsComputerHint),
        (Mode::TwoPlayer, Text::TwoPlayer, Text::TwoPlayerHint),
    ];
    card_row(ui, 2, width, 56.0, |ui, i, size| {
        let (mode, name, hint) = modes[i];
        let (rect, response) = choice_card(ui, p, size, s.mode == mode);
        let painter = ui.painter();
        let icon = pos2(rect.left() + 30.0, rect.center().y);
        match mode {
            Mode::VsComputer => {
                stone_icon(painter, icon - vec2(6.0, 4.0), 10.0, Color::Black);
                painter.rect(
                    Rect::from_center_size(icon + vec2(7.0, 7.0), vec2(18.0, 12.0)),
                    3.0,
                    p.accent,
                    Stroke::NONE,
                    egui::StrokeKind::Inside,
                );
                painter.text(
                    icon + vec2(7.0, 7.0),
                    Align2::CENTER_CENTER,
                    "AI",
                    FontId::proportional(9.0),
                    p.on_primary,
                );
            }
            Mode::TwoPlayer => {
                stone_icon(painter, icon - vec2(6.0, 0.0), 10.0, Color::Black);
                stone_icon(painter, icon + vec2(7.0, 0.0), 10.0, Color::White);
            }
        }
        let x = rect.left() + 58.0;
        let room = rect.right() - SPACE_2 - x;
        let name = name.get(lang);
        fit_text(
            painter,
            pos2(x, rect.top() + 22.0),
            Align2::LEFT_CENTER,
            name,
            TEXT_BODY,
            p.ink,
            room,
        );
        let hint = hint.get(lang);
        fit_text(
            painter,
            pos2(x, rect.top() + 40.0),
            Align2::LEFT_CENTER,
            hint,
            TEXT_SMALL,
            p.muted,
            room,
        );
        if response.clicked() && s.mode != mode {
            s.choose_mode(mode);
        }
    });
}

/// The level: the ladder in one row, how the level plays, and the record there.
fn level_row(ui: &mut egui::Ui, p: &Palette, lang: Lang, level: &mut Level, record: &Record, width: f32) {
    section(ui, p, Text::Level.get(lang));
    level_choice(ui, p, lang, level, width);
    ui.label(
        egui::RichText::new(i18n::level_line(lang, *level))
            .size(TEXT_CAPTION)
            .color(p.muted),
    );
    let at = record.at(*level);
    if at.wins + at.losses > 0 {
        ui.label(
            egui::RichText::new(i18n::level_record_line(lang, at.wins, at.losses))
                .size(TEXT_CAPTION)
                .color(p.muted),
        );
    }
}

/// The computer's level as one row (the lobby's and 「从这里继续」's): − and + at the ends, and
/// between them the level's number and name over the whole ladder as dots, each a tap target.
pub fn level_choice(ui: &mut egui::Ui, p: &Palette, lang: Lang, level: &mut Level, width: f32) {
    let height = TOUCH_TARGET + SPACE_2;
    let (rect, _) = ui.allocate_exact_size(vec2(width, height), Sense::hover());
    let steps = [
        (level.down(), Icon::Left, rect.left()),
        (level.up(), Icon::Right, rect.right() - TOUCH_TARGET),
    ];
    for (to, icon, x) in steps {
        let cell = Rect::from_min_size(
            pos2(x, rect.center().y - TOUCH_TARGET / 2.0),
            vec2(TOUCH_TARGET, TOUCH_TARGET),
        );
        let mut child = ui.new_child(egui::UiBuilder::new().max_rect(cell));
        child.add_enabled_ui(to.is_some(), |ui| {
            if icon_button(ui, p, icon, "", cell.size(), false).clicked()
                && let Some(to) = to
            {
                *level = to;
            }
        });
    }
    let track = Rect::from_min_max(
        pos2(rect.left() + TOUCH_TARGET + SPACE_2, rect.top()),
        pos2(rect.right() - TOUCH_TARGET - SPACE_2, rect.bottom()),
    );
    let response = ui.interact(track, ui.id().with("ladder"), Sense::click());
    let n = Level::ALL.len();
    let gap = track.width() / n as f32;
    let dot = |i: usize| pos2(track.left() + gap * (i as f32 + 0.5), track.bottom() - 10.0);
    if response.clicked()
        && let Some(at) = response.interact_pointer_pos()
    {
        let i = ((at.x - track.left()) / gap).floor().clamp(0.0, n as f32 - 1.0) as usize;
        *level = Level::ALL[i];
    }
    let painter = ui.painter();
    for (i, &step) in Level::ALL.iter().enumerate() {
        let (r, fill) = match step.cmp(level) {
            std::cmp::Ordering::Less => (3.0, p.muted),
            std::cmp::Ordering::Equal => (6.0, p.primary),
            std::cmp::Ordering::Greater => (3.0, p.border),
        };
        painter.circle_filled(dot(i), r, fill);
    }
    fit_text(
        painter,
        pos2(track.center().x, track.top() + 14.0),
        Align2::CENTER_CENTER,
        &i18n::level_label(lang, *level),
        TEXT_BODY,
        p.ink,
        track.width(),
    );
}

fn colour_cards(ui: &mut egui::Ui, p: &Palette, lang: Lang, color: &mut ColorChoice, width: f32) {
    section(ui, p, Text::Side.get(lang));
    let choices = [
        (ColorChoice::Black, Text::PlayBlack),
        (ColorChoice::Random, Text::RandomSide),
        (ColorChoice::White, Text::PlayWhite),
    ];
    card_row(ui, 3, width, 56.0, |ui, i, size| {
        let (choice, name) = choices[i];
        let (rect, response) = choice_card(ui, p, size, *color == choice);
        let painter = ui.painter();
        let icon = pos2(rect.left() + 24.0, rect.center().y);
        match choice {
            ColorChoice::Black => stone_icon(painter, icon, 11.0, Color::Black),
            ColorChoice::White => stone_icon(painter, icon, 11.0, Color::White),
            ColorChoice::Random => {
                stone_icon(painter, icon - vec2(4.0, 0.0), 10.0, Color::White);
                stone_icon(painter, icon + vec2(4.0, 0.0), 10.0, Color::Black);
            }
        }
        let x = rect.left() + 44.0;
        let (at, room) = (pos2(x, rect.center().y), rect.right() - SPACE_2 - x);
        fit_text(
            painter,
            at,
            Align2::LEFT_CENTER,
            name.get(lang),
            TEXT_BODY,
            p.ink,
            room,
        );
        if response.clicked() {
            *color = choice;
        }
    });
}

fn size_buttons(ui: &mut egui::Ui, p: &Palette, lang: Lang, s: &mut MatchSetup, width: f32) {
    section(ui, p, Text::Board.get(lang));
    card_row(ui, 3, width, 56.0, |ui, i, card| {
        let n = [9u8, 13, 19][i];
        let (rect, response) = choice_card(ui, p, card, s.size == n);
        // A smaller picture on a phone leaves the name its room.
        let side = if card.x < 130.0 { 34.0 } else { 44.0 };
        let picture = Rect::from_min_size(
            pos2(rect.left() + SPACE_2, rect.center().y - side / 2.0),
            vec2(side, side),
        );
        mini_board(ui.painter(), picture, n, &[]);
        let x = picture.right() + SPACE_2;
        fit_text(
            ui.painter(),
            pos2((x + rect.right()) / 2.0, rect.center().y),
            Align2::CENTER_CENTER,
            &format!("{n}×{n}"),
            TEXT_BODY,
            p.ink,
            rect.right() - SPACE_1 - x,
        );
        if response.clicked() {
            s.choose_size(n);
        }
    });
}

fn rules_row(ui: &mut egui::Ui, p: &Palette, lang: Lang, rules: &mut RuleSet, handicap: u8, width: f32) {
    section(ui, p, Text::Rules.get(lang));
    let names: Vec<(RuleSet, String)> = RuleSet::ALL
        .iter()
        .map(|&r| (r, i18n::rules_short(lang, r)))
        .collect();
    let options: Vec<(RuleSet, &str)> = names.iter().map(|(r, n)| (*r, n.as_str())).collect();
    segmented(ui, p, rules, &options, width);
    ui.label(
        egui::RichText::new(i18n::rules_summary(lang, *rules, handicap))
            .size(TEXT_CAPTION)
            .color(p.muted),
    );
}

/// 让子: none, or 2 up to what the board has fixed points for; komi becomes ½ (R2's komi is
/// for even games).
fn handicap(ui: &mut egui::Ui, p: &Palette, lang: Lang, s: &mut MatchSetup, width: f32) {
    let most = tengen_rules::max_handicap(s.size);
    s.handicap = s.handicap.min(most);
    let text = i18n::handicap_stones(lang, s.handicap);
    match stepper(
        ui,
        p,
        Text::Handicap.get(lang),
        &text,
        width,
        [s.handicap > 0, s.handicap < most],
    ) {
        -1 => s.handicap = if s.handicap <= 2 { 0 } else { s.handicap - 1 },
        1 => s.handicap = if s.handicap == 0 { 2 } else { s.handicap + 1 },
        _ => {}
    }
    // One stone is no handicap (Black moves first anyway), so the stepper jumps from none to 2.
    if s.handicap > 0 {
        ui.label(
            egui::RichText::new(i18n::handicap_range(lang, most))
                .size(TEXT_CAPTION)
                .color(p.muted),
        );
    }
}

/// The display options as switches, and against the computer 教学: one column on a phone, two
/// where there is room.
fn options(ui: &mut egui::Ui, p: &Palette, lang: Lang, s: &mut MatchSetup, width: f32) {
    section(ui, p, Text::Options.get(lang));
    let vs_computer = s.mode == Mode::VsComputer;
    let o = &mut s.options;
    let mut preview = o.preview_first;
    let mut switches = vec![
        (&mut o.move_numbers, Text::MoveNumbers),
        (&mut o.forbidden_marks, Text::ForbiddenMarks),
        (&mut preview, Text::PreviewFirst),
    ];
    if vs_computer {
        switches.push((&mut s.teaching, Text::Teaching));
    }
    // Two columns when every label fits beside its switch in half the width.
    let half = (width - SPACE_6) / 2.0;
    let font = FontId::proportional(TEXT_BODY);
    let widest = switches
        .iter()
        .map(|(_, text)| {
            ui.fonts_mut(|f| {
                f.layout_no_wrap(text.get(lang).into(), font.clone(), p.ink)
                    .size()
                    .x
            })
        })
        .fold(0.0, f32::max);
    let columns = if widest + 56.0 <= half { 2 } else { 1 };
    let each = (width - SPACE_6 * (columns as f32 - 1.0)) / columns as f32;
    for row in switches.chunks_mut(columns) {
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = SPACE_6;
            for (on, text) in row {
                switch(ui, p, on, text.get(lang), each);
            }
        });
    }
    if preview != o.preview_first {
        // The player's own choice: a touch screen's default no longer overrides it.
        o.preview_first = preview;
        o.preview_chosen = true;
    }
}

/// The record against the computer as a small strip.
fn footer(ui: &mut egui::Ui, p: &Palette, lang: Lang, record: &Record) {
    ui.vertical_centered(|ui| {
        let strip = i18n::record_line(lang, record.wins, record.losses);
        ui.label(egui::RichText::new(strip).size(TEXT_CAPTION).color(p.muted));
    });
}

/// The ways to the finished games and to the rules and help, side by side in `width`.
fn links(
    ui: &mut egui::Ui,
    p: &Palette,
    lang: Lang,
    panel: &mut Panel,
    width: f32,
    reports: &mut ButtonReport,
) {
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = SPACE_2;
        let each = (width - SPACE_2) / 2.0;
        for (text, opens, name) in [
            (Text::Records, Panel::Records, "records"),
            (Text::Help, Panel::Help, "help"),
        ] {
            let link = link_button(ui, p, text.get(lang), each);
            reports.report(name, link.rect.center().into());
            if link.clicked() {
                *panel = opens;
            }
        }
    });
}

/// A quiet button: accent text, no fill until hovered.
fn link_button(ui: &mut egui::Ui, p: &Palette, text: &str, width: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(vec2(width, TOUCH_TARGET), Sense::click());
    if response.hovered() {
        ui.painter().rect_filled(rect, RADIUS_BUTTON, p.sunken);
    }
    let room = rect.width() - 2.0 * SPACE_1;
    fit_text(
        ui.painter(),
        rect.center(),
        Align2::CENTER_CENTER,
        text,
        TEXT_BODY,
        p.accent,
        room,
    );
    response
}
