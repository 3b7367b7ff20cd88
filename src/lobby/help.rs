//! The rules and help, a full page opened from the lobby: a header with the sections as tabs —
//! how to play, illustrated rules (board diagrams drawn by the board's own renderer), the three
//! rule sets side by side, first-game tips, a glossary, questions. Its words are in
//! `i18n::help`; the diagrams are `game::Diagram`s, which follow the page as it scrolls.

use bevy::prelude::*;
use bevy_egui::egui::{self, Align2, Color32, FontId, Rect, Sense, Stroke, pos2, vec2};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use tengen_rules::{Color, RuleSet, Scoring};

use crate::UiSystems;
use crate::game::{Diagram, DiagramSlots};
use crate::i18n::{self, DIAGRAMS, FAQ, GLOSSARY, HOW_TO_PLAY, Lang, TIPS, Text};
use crate::overlay::Panel;
use crate::platform::{ButtonReport, TITLE_FAMILY};
use crate::screens::Screen;
use crate::settings::Settings;
use crate::theme::{ActiveTheme, Icon, Palette, *};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<HelpJump>().add_systems(
        EguiPrimaryContextPass,
        draw_help
            .in_set(UiSystems::Overlay)
            .run_if(in_state(Screen::Lobby)),
    );
}

/// A section the page should scroll to (its tabs set it; so can a screenshot script).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct HelpJump(pub Option<Section>);

/// The page's sections, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    HowToPlay,
    Illustrated,
    RuleSets,
    Tips,
    Glossary,
    Questions,
}

impl Section {
    const ALL: [Section; 6] = [
        Section::HowToPlay,
        Section::Illustrated,
        Section::RuleSets,
        Section::Tips,
        Section::Glossary,
        Section::Questions,
    ];

    fn title(self) -> Text {
        match self {
            Section::HowToPlay => Text::HowToPlay,
            Section::Illustrated => Text::Illustrated,
            Section::RuleSets => Text::RuleSets,
            Section::Tips => Text::Tips,
            Section::Glossary => Text::Glossary,
            Section::Questions => Text::Faq,
        }
    }
}

/// The header's title row; the tabs follow in as many rows as they need.
const TITLE_ROW: f32 = 58.0;

fn draw_help(
    mut contexts: EguiContexts,
    mut panel: ResMut<Panel>,
    settings: Res<Settings>,
    theme: Res<ActiveTheme>,
    mut slots: ResMut<DiagramSlots>,
    mut reports: ResMut<ButtonReport>,
    mut jump: ResMut<HelpJump>,
) -> Result {
    let open = *panel == Panel::Help;
    let mut placed = DiagramSlots {
        open,
        slots: Vec::new(),
    };
    if !open {
        slots.set_if_neq(placed);
        return Ok(());
    }
    let (lang, p) = (settings.language, &theme.0);
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.viewport_rect();
    let width = (screen.width() - 2.0 * SPACE_4).min(760.0);
    let left = (screen.width() - width) / 2.0;
    // The header: its own layer above the body, so the body scrolls beneath it.
    let mut header_height = TITLE_ROW;
    egui::Area::new(egui::Id::new("help-header"))
        .order(egui::Order::Tooltip)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            // The backing goes first (beneath) but its height is known only once the tabs are laid out.
            let backing = ui.painter().add(egui::Shape::Noop);
            let (chosen, rows) = tabs(ui, p, lang, screen.top() + TITLE_ROW, left, width);
            header_height = TITLE_ROW + rows + SPACE_2;
            let header = Rect::from_min_size(screen.min, vec2(screen.width(), header_height));
            ui.painter()
                .set(backing, egui::Shape::rect_filled(header, 0.0, p.page));
            let edge = [header.left_bottom(), header.right_bottom()];
            ui.painter().line_segment(edge, Stroke::new(1.0, p.border));
            if let Some(section) = chosen {
                jump.0 = Some(section);
            }
            if title_row(ui, p, lang, header, left, width, &mut reports) {
                *panel = Panel::None;
            }
        });
    egui::Area::new(egui::Id::new("help-page"))
        .order(egui::Order::Foreground)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            ui.set_min_size(screen.size());
            // The body is transparent: the page's paper and the diagrams are drawn beneath it.
            let body = Rect::from_min_max(pos2(screen.left(), screen.top() + header_height), screen.max);
            let mut page = ui.new_child(egui::UiBuilder::new().max_rect(body.shrink2(vec2(left, 0.0))));
            egui::ScrollArea::vertical()
                .id_salt("help-body")
                .auto_shrink([false; 2])
                .show(&mut page, |ui| {
                    ui.set_width(width);
                    for section in Section::ALL {
                        let heading = section_heading(ui, p, section.title().get(lang));
                        if jump.0 == Some(section) {
                            heading.scroll_to_me(Some(egui::Align::Min));
                            jump.0 = None;
                        }
                        match section {
                            Section::HowToPlay => paragraphs(ui, lang, &HOW_TO_PLAY, ""),
                            Section::Illustrated => diagrams(ui, p, lang, width, &mut placed),
                            Section::RuleSets => rule_sets(ui, p, lang),
                            Section::Tips => paragraphs(ui, lang, &TIPS, "• "),
                            Section::Glossary => glossary(ui, p, lang),
                            Section::Questions => questions(ui, p, lang),
                        }
                    }
                    ui.add_space(SPACE_8);
                });
        });
    // Diagrams scrolled under the header or off the page are not drawn.
    placed
        .slots
        .retain(|(_, [_, y, side])| y + side > screen.top() + header_height && *y < screen.bottom());
    slots.set_if_neq(placed);
    Ok(())
}

fn title_row(
    ui: &mut egui::Ui,
    p: &Palette,
    lang: Lang,
    header: Rect,
    left: f32,
    width: f32,
    reports: &mut ButtonReport,
) -> bool {
    let family = egui::FontFamily::Name(TITLE_FAMILY.into());
    ui.painter().text(
        pos2(left, header.top() + 30.0),
        Align2::LEFT_CENTER,
        Text::Help.get(lang),
        FontId::new(TEXT_HEADLINE, family),
        p.ink,
    );
    let close = Rect::from_min_size(
        pos2(left + width - TOUCH_TARGET, header.top() + 8.0),
        vec2(TOUCH_TARGET, TOUCH_TARGET),
    );
    let mut cell = ui.new_child(egui::UiBuilder::new().max_rect(close));
    let response =
        icon_button(&mut cell, p, Icon::Cancel, "", close.size(), false).on_hover_text(Text::Close.get(lang));
    reports.report("help-close", response.rect.center().into());
    response.clicked()
}

/// The sections as tabs, in as many rows as the page's width needs. Returns the section chosen
/// and the rows' height.
fn tabs(
    ui: &mut egui::Ui,
    p: &Palette,
    lang: Lang,
    top: f32,
    left: f32,
    width: f32,
) -> (Option<Section>, f32) {
    let font = FontId::proportional(TEXT_BODY);
    let (mut x, mut y) = (left, top);
    let mut chosen = None;
    for section in Section::ALL {
        let text = section.title().get(lang);
        let text_width = ui.fonts_mut(|f| f.layout_no_wrap(text.to_string(), font.clone(), p.ink).size().x);
        let tab = text_width + 2.0 * SPACE_3;
        if x + tab > left + width && x > left {
            (x, y) = (left, y + TOUCH_TARGET);
        }
        let rect = Rect::from_min_size(pos2(x, y), vec2(tab, TOUCH_TARGET));
        let response = ui.interact(rect, ui.id().with(("tab", text)), Sense::click());
        let fill = if response.hovered() {
            p.sunken
        } else {
            Color32::TRANSPARENT
        };
        ui.painter().rect_filled(rect, RADIUS_BUTTON, fill);
        ui.painter()
            .text(rect.center(), Align2::CENTER_CENTER, text, font.clone(), p.accent);
        if response.clicked() {
            chosen = Some(section);
        }
        x += tab + SPACE_1;
    }
    (chosen, y + TOUCH_TARGET - top)
}

fn section_heading(ui: &mut egui::Ui, p: &Palette, text: &str) -> egui::Response {
    ui.add_space(SPACE_6);
    let family = egui::FontFamily::Name(TITLE_FAMILY.into());
    let heading = ui.label(
        egui::RichText::new(text)
            .font(FontId::new(TEXT_TITLE, family))
            .color(p.ink),
    );
    ui.add_space(SPACE_1);
    heading
}

fn paragraphs(ui: &mut egui::Ui, lang: Lang, texts: &[(&str, &str)], bullet: &str) {
    for (zh, en) in texts {
        ui.label(format!("{bullet}{}", lang.pick(zh, en)));
        ui.add_space(SPACE_1);
    }
}

/// The diagrams as cards — the board, a title, a caption — one column on a phone, two where
/// there is room. Each board's square goes into `placed` for the renderer.
fn diagrams(ui: &mut egui::Ui, p: &Palette, lang: Lang, width: f32, placed: &mut DiagramSlots) {
    let columns = if width >= 560.0 { 2 } else { 1 };
    let each = (width - SPACE_4 * (columns as f32 - 1.0)) / columns as f32;
    let side = (each - 2.0 * SPACE_4).min(280.0);
    for row in Diagram::ALL.chunks(columns) {
        ui.horizontal_top(|ui| {
            ui.spacing_mut().item_spacing.x = SPACE_4;
            for &diagram in row {
                let index = Diagram::ALL.iter().position(|&d| d == diagram).unwrap_or(0);
                let (title_zh, caption_zh, title_en, caption_en) = DIAGRAMS[index];
                // No fill: the paper beneath is the renderer's, and so is the diagram on it.
                card(p).fill(Color32::TRANSPARENT).show(ui, |ui| {
                    ui.vertical(|ui| {
                        ui.set_width(each - 2.0 * SPACE_4);
                        ui.vertical_centered(|ui| {
                            let (square, _) = ui.allocate_exact_size(vec2(side, side), Sense::hover());
                            placed.slots.push((diagram, [square.left(), square.top(), side]));
                        });
                        ui.label(
                            egui::RichText::new(lang.pick(title_zh, title_en))
                                .size(TEXT_BODY)
                                .strong()
                                .color(p.ink),
                        );
                        ui.label(
                            egui::RichText::new(lang.pick(caption_zh, caption_en))
                                .size(TEXT_CAPTION)
                                .color(p.muted),
                        );
                        if diagram == Diagram::Counting {
                            counting_table(ui, p, lang);
                        }
                    });
                });
            }
        });
        ui.add_space(SPACE_4);
    }
}

/// The counting diagram's game counted both ways: area (Chinese) and territory (Japanese).
fn counting_table(ui: &mut egui::Ui, p: &Palette, lang: Lang) {
    ui.add_space(SPACE_2);
    egui::Grid::new("both-counts")
        .spacing(vec2(SPACE_4, SPACE_1))
        .show(ui, |ui| {
            ui.label("");
            ui.label(egui::RichText::new(i18n::side_name(lang, Color::Black)).color(p.muted));
            ui.label(egui::RichText::new(i18n::side_name(lang, Color::White)).color(p.muted));
            ui.label(egui::RichText::new(Text::Result.get(lang)).color(p.muted));
            ui.end_row();
            for rules in [RuleSet::Chinese, RuleSet::Japanese] {
                let score = Diagram::counted(rules).score();
                let word = match rules.scoring() {
                    Scoring::Area => Text::AreaCounting,
                    Scoring::Territory => Text::TerritoryCounting,
                };
                ui.label(word.get(lang));
                ui.label(tengen_rules::points_text(score.points(Color::Black)));
                ui.label(format!(
                    "{} + {}",
                    tengen_rules::points_text(score.points(Color::White)),
                    tengen_rules::points_text(score.komi)
                ));
                ui.label(
                    egui::RichText::new(i18n::outcome(lang, score.outcome()))
                        .strong()
                        .color(p.ink),
                );
                ui.end_row();
            }
        });
}

fn rule_sets(ui: &mut egui::Ui, p: &Palette, lang: Lang) {
    for rules in RuleSet::ALL {
        ui.horizontal_wrapped(|ui| {
            ui.label(
                egui::RichText::new(i18n::rules_name(lang, rules))
                    .strong()
                    .color(p.ink),
            );
            ui.label(egui::RichText::new(i18n::rules_summary(lang, rules, 0)).color(p.muted));
        });
    }
}

fn glossary(ui: &mut egui::Ui, p: &Palette, lang: Lang) {
    for (term, zh, en) in GLOSSARY {
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(term).strong().color(p.ink));
            ui.label(lang.pick(zh, en));
        });
    }
}

fn questions(ui: &mut egui::Ui, p: &Palette, lang: Lang) {
    for (qz, az, qe, ae) in FAQ {
        ui.label(egui::RichText::new(lang.pick(qz, qe)).strong().color(p.ink));
        ui.label(lang.pick(az, ae));
        ui.add_space(SPACE_2);
    }
}
