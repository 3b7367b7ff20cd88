//! egui pieces shared by the screens, drawn from the palette: buttons (primary, plain, with a
//! drawn icon), cards, a segmented control, a switch, stone and mini-board pictures.

use bevy_egui::egui::{self, Align2, Color32, CornerRadius, Pos2, Rect, Sense, Stroke, Vec2, pos2, vec2};
use tengen_rules::Color;

use super::metrics::*;
use super::palette::Palette;

/// A background `Ui` over the whole window, for egui's panels.
pub fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// Text may be shrunk to this share of its size to fit its room, and no further: below it, a
/// label is too small to read on a phone, and the text must be shortened instead.
const SHRINK_AT_MOST: f32 = 0.8;

/// Texts that did not fit their room since the list was last taken (tests read it).
#[derive(Clone, Default)]
struct Misfits(Vec<String>);

fn misfits_id() -> egui::Id {
    egui::Id::new("tengen-misfits")
}

/// The texts drawn too wide for their room since the last call, emptying the list: the
/// interface tests fail on any.
pub fn take_misfits(ctx: &egui::Context) -> Vec<String> {
    ctx.data_mut(|d| std::mem::take(&mut d.get_temp_mut_or_default::<Misfits>(misfits_id()).0))
}

/// Draws one line of `text` anchored at `pos` in at most `width`: shrunk when it would not fit
/// (to [`SHRINK_AT_MOST`] of `size` at most), and noted for [`take_misfits`] when even that is
/// too wide. Returns the rectangle drawn.
pub fn fit_text(
    painter: &egui::Painter,
    pos: Pos2,
    align: Align2,
    text: &str,
    size: f32,
    color: Color32,
    width: f32,
) -> Rect {
    let font = egui::FontId::proportional(size);
    fit_text_in(painter, pos, align, text, font, color, width)
}

/// [`fit_text`] in another font family (the titles' serif).
pub fn fit_text_in(
    painter: &egui::Painter,
    pos: Pos2,
    align: Align2,
    text: &str,
    font: egui::FontId,
    color: Color32,
    width: f32,
) -> Rect {
    let size = font.size;
    let lay =
        |s: f32| painter.layout_no_wrap(text.to_owned(), egui::FontId::new(s, font.family.clone()), color);
    let mut galley = lay(size);
    let natural = galley.size().x;
    if natural > width {
        galley = lay((size * width / natural).max(size * SHRINK_AT_MOST));
        if galley.size().x > width + 0.5 {
            painter.ctx().data_mut(|d| {
                let list = &mut d.get_temp_mut_or_default::<Misfits>(misfits_id()).0;
                if !list.iter().any(|t| t == text) {
                    list.push(text.to_owned());
                }
            });
        }
    }
    let rect = align.anchor_size(pos, galley.size());
    painter.galley(rect.min, galley, color);
    rect
}

/// A card: raised surface, hairline border, rounded.
pub fn card(p: &Palette) -> egui::Frame {
    egui::Frame::new()
        .fill(p.surface)
        .stroke(Stroke::new(1.0, p.border))
        .corner_radius(CornerRadius::same(RADIUS_CARD))
        .inner_margin(egui::Margin::same(SPACE_4 as i8))
}

/// The one primary action of a screen: filled in vermilion, at least a touch target tall.
pub fn primary_button(ui: &mut egui::Ui, p: &Palette, text: &str, width: f32) -> egui::Response {
    let size = vec2(width, TOUCH_TARGET + SPACE_1);
    button(ui, size, text, TEXT_TITLE, Some((p.primary, p.on_primary)))
}

/// A plain button, a touch target tall.
pub fn plain_button(ui: &mut egui::Ui, text: &str, width: f32) -> egui::Response {
    button(ui, vec2(width, TOUCH_TARGET), text, TEXT_BODY, None)
}

/// A button of exactly `size` with its text centred; `colors` (fill, text) or the style's own
/// for the widget's state.
fn button(
    ui: &mut egui::Ui,
    size: Vec2,
    text: &str,
    font: f32,
    colors: Option<(Color32, Color32)>,
) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(size, Sense::click());
    if ui.is_rect_visible(rect) {
        let visuals = ui.style().interact(&response);
        let (fill, ink, stroke) = match colors {
            Some((fill, ink)) => {
                let fill = if response.is_pointer_button_down_on() {
                    fill.gamma_multiply(0.85)
                } else if response.hovered() {
                    fill.gamma_multiply(0.93)
                } else {
                    fill
                };
                (fill, ink, Stroke::NONE)
            }
            None => (visuals.weak_bg_fill, visuals.fg_stroke.color, visuals.bg_stroke),
        };
        let painter = ui.painter();
        painter.rect(
            rect,
            CornerRadius::same(RADIUS_BUTTON),
            fill,
            stroke,
            egui::StrokeKind::Inside,
        );
        fit_text(
            painter,
            rect.center(),
            Align2::CENTER_CENTER,
            text,
            font,
            ink,
            rect.width() - 2.0 * SPACE_1,
        );
    }
    response
}

/// The drawn icons of the game's buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Icon {
    Pass,
    Undo,
    Resign,
    Restart,
    Home,
    /// Back to where the player came from (not the lobby): a hooked arrow.
    Back,
    Confirm,
    Cancel,
    Up,
    Down,
    Left,
    Right,
    Settings,
    First,
    Last,
    Save,
    Judge,
    Hint,
}

/// A button with a drawn icon above (or beside, `inline`) its label.
pub fn icon_button(
    ui: &mut egui::Ui,
    p: &Palette,
    icon: Icon,
    text: &str,
    size: Vec2,
    primary: bool,
) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(size, Sense::click());
    if !ui.is_rect_visible(rect) {
        return response;
    }
    let visuals = ui.style().interact(&response);
    let (fill, ink) = if primary {
        (p.primary, p.on_primary)
    } else {
        (visuals.weak_bg_fill, p.ink)
    };
    let painter = ui.painter_at(rect.expand(1.0));
    painter.rect(
        rect,
        CornerRadius::same(RADIUS_BUTTON),
        fill,
        if primary { Stroke::NONE } else { visuals.bg_stroke },
        egui::StrokeKind::Inside,
    );
    let tall = size.y >= 56.0;
    let (icon_centre, text_pos, align) = if tall {
        (
            pos2(rect.center().x, rect.top() + rect.height() * 0.36),
            pos2(rect.center().x, rect.bottom() - SPACE_2 - TEXT_CAPTION / 2.0),
            egui::Align2::CENTER_CENTER,
        )
    } else if text.is_empty() {
        (rect.center(), rect.center(), egui::Align2::CENTER_CENTER)
    } else {
        (
            pos2(rect.left() + SPACE_3 + 9.0, rect.center().y),
            pos2(rect.left() + SPACE_3 + 18.0 + SPACE_2, rect.center().y),
            egui::Align2::LEFT_CENTER,
        )
    };
    draw_icon(&painter, icon, icon_centre, 9.0, ink);
    if !text.is_empty() {
        let room = if tall {
            rect.width() - 2.0 * SPACE_1
        } else {
            rect.right() - text_pos.x - SPACE_1
        };
        let font = if tall { TEXT_CAPTION } else { TEXT_BODY };
        fit_text(&painter, text_pos, align, text, font, ink, room);
    }
    response
}

/// `icon` drawn in `color` within a circle of `r` around `c`.
pub fn draw_icon(painter: &egui::Painter, icon: Icon, c: Pos2, r: f32, color: Color32) {
    let stroke = Stroke::new((r * 0.2).max(1.6), color);
    let line = |a: Vec2, b: Vec2| painter.line_segment([c + a * r, c + b * r], stroke);
    let arrow = |d: Vec2| {
        let side = vec2(-d.y, d.x);
        painter.add(egui::Shape::convex_polygon(
            vec![
                c + d * r * 0.8,
                c - d * r * 0.5 + side * r * 0.7,
                c - d * r * 0.5 - side * r * 0.7,
            ],
            color,
            Stroke::NONE,
        ));
    };
    match icon {
        // An open hand is hard at 18 px; two vertical bars read as "skip my turn".
        Icon::Pass => {
            line(vec2(-0.35, -0.7), vec2(-0.35, 0.7));
            line(vec2(0.35, -0.7), vec2(0.35, 0.7));
        }
        Icon::Undo => {
            let points: Vec<Pos2> = (0..=12)
                .map(|i| {
                    let a = std::f32::consts::PI * (0.15 + 1.1 * i as f32 / 12.0);
                    c + vec2(a.cos(), -a.sin()) * r * 0.75
                })
                .collect();
            painter.add(egui::Shape::line(points, stroke));
            let tip = c + vec2(-0.8, 0.25) * r;
            painter.add(egui::Shape::convex_polygon(
                vec![
                    tip + vec2(-0.35, -0.35) * r,
                    tip + vec2(0.35, -0.35) * r,
                    tip + vec2(0.0, 0.3) * r,
                ],
                color,
                Stroke::NONE,
            ));
        }
        Icon::Resign => {
            line(vec2(-0.55, -0.85), vec2(-0.55, 0.85));
            painter.add(egui::Shape::convex_polygon(
                vec![
                    c + vec2(-0.5, -0.85) * r,
                    c + vec2(0.75, -0.5) * r,
                    c + vec2(-0.5, -0.1) * r,
                ],
                color,
                Stroke::NONE,
            ));
        }
        Icon::Restart => {
            let points: Vec<Pos2> = (0..=16)
                .map(|i| {
                    let a = std::f32::consts::PI * (0.6 + 1.6 * i as f32 / 16.0);
                    c + vec2(a.cos(), -a.sin()) * r * 0.72
                })
                .collect();
            let end = *points.last().unwrap();
            painter.add(egui::Shape::line(points, stroke));
            painter.add(egui::Shape::convex_polygon(
                vec![
                    end + vec2(-0.1, -0.45) * r,
                    end + vec2(0.45, 0.05) * r,
                    end + vec2(-0.3, 0.3) * r,
                ],
                color,
                Stroke::NONE,
            ));
        }
        Icon::Home => {
            painter.add(egui::Shape::convex_polygon(
                vec![
                    c + vec2(0.0, -0.85) * r,
                    c + vec2(0.85, -0.05) * r,
                    c + vec2(-0.85, -0.05) * r,
                ],
                color,
                Stroke::NONE,
            ));
            painter.rect_filled(
                Rect::from_min_max(c + vec2(-0.55, -0.1) * r, c + vec2(0.55, 0.8) * r),
                1.0,
                color,
            );
        }
        Icon::Back => {
            painter.add(egui::Shape::line(
                vec![
                    c + vec2(0.7, 0.7) * r,
                    c + vec2(0.7, -0.15) * r,
                    c + vec2(-0.3, -0.15) * r,
                ],
                stroke,
            ));
            painter.add(egui::Shape::convex_polygon(
                vec![
                    c + vec2(-0.85, -0.15) * r,
                    c + vec2(-0.25, -0.6) * r,
                    c + vec2(-0.25, 0.3) * r,
                ],
                color,
                Stroke::NONE,
            ));
        }
        Icon::Confirm => {
            painter.add(egui::Shape::line(
                vec![
                    c + vec2(-0.7, 0.0) * r,
                    c + vec2(-0.2, 0.55) * r,
                    c + vec2(0.75, -0.55) * r,
                ],
                Stroke::new(stroke.width * 1.3, color),
            ));
        }
        Icon::Cancel => {
            line(vec2(-0.6, -0.6), vec2(0.6, 0.6));
            line(vec2(-0.6, 0.6), vec2(0.6, -0.6));
        }
        Icon::Up => arrow(vec2(0.0, -1.0)),
        Icon::Down => arrow(vec2(0.0, 1.0)),
        Icon::Left => arrow(vec2(-1.0, 0.0)),
        Icon::Right => arrow(vec2(1.0, 0.0)),
        Icon::First | Icon::Last => {
            let d = if icon == Icon::First { -1.0 } else { 1.0 };
            line(vec2(0.8 * d, -0.7), vec2(0.8 * d, 0.7));
            painter.add(egui::Shape::convex_polygon(
                vec![
                    c + vec2(0.55 * d, 0.0) * r,
                    c + vec2(-0.6 * d, -0.7) * r,
                    c + vec2(-0.6 * d, 0.7) * r,
                ],
                color,
                Stroke::NONE,
            ));
        }
        Icon::Save => {
            line(vec2(0.0, -0.85), vec2(0.0, 0.35));
            painter.add(egui::Shape::convex_polygon(
                vec![
                    c + vec2(0.0, 0.55) * r,
                    c + vec2(-0.5, 0.0) * r,
                    c + vec2(0.5, 0.0) * r,
                ],
                color,
                Stroke::NONE,
            ));
            line(vec2(-0.8, 0.85), vec2(0.8, 0.85));
        }
        // Who leads: a stone half black, half white.
        Icon::Judge => {
            let half: Vec<Pos2> = (0..=16)
                .map(|i| {
                    let a = std::f32::consts::FRAC_PI_2 + std::f32::consts::PI * i as f32 / 16.0;
                    c + vec2(a.cos(), a.sin()) * r * 0.8
                })
                .collect();
            painter.add(egui::Shape::convex_polygon(half, color, Stroke::NONE));
            painter.circle_stroke(c, r * 0.8, stroke);
        }
        // A good point: a stone with a spark above it.
        Icon::Hint => {
            let stone = c + vec2(0.0, r * 0.25);
            painter.circle_filled(stone, r * 0.5, color);
            for (dx, dy) in [(0.0, -1.0), (-0.7, -0.65), (0.7, -0.65)] {
                let d = vec2(dx, dy);
                painter.line_segment(
                    [stone + d * r * 0.72, stone + d * r * 1.05],
                    Stroke::new(stroke.width, color),
                );
            }
        }
        Icon::Settings => {
            painter.circle_stroke(c, r * 0.45, stroke);
            for i in 0..8 {
                let a = std::f32::consts::TAU * i as f32 / 8.0;
                let d = vec2(a.cos(), a.sin());
                painter.line_segment(
                    [c + d * r * 0.6, c + d * r * 0.95],
                    Stroke::new(stroke.width * 1.4, color),
                );
            }
        }
    }
}

/// One choice of several, as a row of equal segments; the chosen one filled. Returns whether the
/// choice changed.
pub fn segmented<T: Copy + PartialEq>(
    ui: &mut egui::Ui,
    p: &Palette,
    value: &mut T,
    options: &[(T, &str)],
    width: f32,
) -> bool {
    let mut changed = false;
    let gap = SPACE_1;
    let each = ((width - gap * (options.len() as f32 - 1.0)) / options.len() as f32).max(TOUCH_TARGET);
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = gap;
        for &(option, label) in options {
            let chosen = *value == option;
            let colors = chosen.then_some((p.primary, p.on_primary));
            if button(ui, vec2(each, TOUCH_TARGET), label, TEXT_BODY, colors).clicked() && !chosen {
                *value = option;
                changed = true;
            }
        }
    });
    changed
}

/// A row with a label on the left and a switch on the right, `width` wide and a touch target
/// tall; the whole row toggles.
pub fn switch(ui: &mut egui::Ui, p: &Palette, on: &mut bool, label: &str, width: f32) -> egui::Response {
    let (rect, mut response) = ui.allocate_exact_size(vec2(width, TOUCH_TARGET), Sense::click());
    if response.clicked() {
        *on = !*on;
        response.mark_changed();
    }
    if ui.is_rect_visible(rect) {
        let t = ui.ctx().animate_bool_with_time(response.id, *on, 0.12);
        let painter = ui.painter();
        fit_text(
            painter,
            pos2(rect.left(), rect.center().y),
            Align2::LEFT_CENTER,
            label,
            TEXT_BODY,
            p.ink,
            rect.width() - 48.0,
        );
        let track = Rect::from_center_size(pos2(rect.right() - 22.0, rect.center().y), vec2(40.0, 24.0));
        let fill = lerp_color(p.sunken, p.primary, t);
        painter.rect(
            track,
            CornerRadius::same(12),
            fill,
            Stroke::new(1.0, p.border),
            egui::StrokeKind::Inside,
        );
        let knob = pos2(track.left() + 12.0 + t * 16.0, track.center().y);
        painter.circle(knob, 9.0, p.surface, Stroke::new(1.0, p.border));
    }
    response
}

fn lerp_color(a: Color32, b: Color32, t: f32) -> Color32 {
    let mix = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round() as u8;
    Color32::from_rgb(mix(a.r(), b.r()), mix(a.g(), b.g()), mix(a.b(), b.b()))
}

/// A small stone: slate black or shell white, lit from the upper left.
pub fn stone_icon(painter: &egui::Painter, centre: Pos2, r: f32, color: Color) {
    let (body, rim, light) = match color {
        Color::Black => (
            Color32::from_rgb(30, 30, 35),
            Color32::from_rgb(10, 10, 12),
            Color32::from_rgba_unmultiplied(255, 255, 255, 45),
        ),
        Color::White => (
            Color32::from_rgb(238, 236, 230),
            Color32::from_rgb(170, 166, 158),
            Color32::from_rgba_unmultiplied(255, 255, 255, 160),
        ),
    };
    painter.circle_filled(centre + vec2(r * 0.06, r * 0.1), r, Color32::from_black_alpha(50));
    painter.circle(centre, r, body, Stroke::new((r * 0.06).max(0.8), rim));
    painter.circle_filled(centre - vec2(r * 0.3, r * 0.32), r * 0.32, light);
}

/// A picture of a board in `rect`: wood, lines and the given stones (column, row, colour).
pub fn mini_board(painter: &egui::Painter, rect: Rect, size: u8, stones: &[(u8, u8, Color)]) {
    let wood = Color32::from_rgb(0xDC, 0xB3, 0x5C);
    let ink = Color32::from_rgb(0x44, 0x22, 0x11);
    painter.rect_filled(rect.translate(vec2(1.0, 2.0)), 3.0, Color32::from_black_alpha(40));
    painter.rect_filled(rect, 3.0, wood);
    let step = rect.width() / size as f32;
    let origin = rect.min + Vec2::splat(step / 2.0);
    let span = step * (size as f32 - 1.0);
    let line = Stroke::new(if size > 9 { 0.5 } else { 0.8 }, ink.gamma_multiply(0.8));
    for i in 0..size {
        let d = i as f32 * step;
        painter.line_segment([origin + vec2(d, 0.0), origin + vec2(d, span)], line);
        painter.line_segment([origin + vec2(0.0, d), origin + vec2(span, d)], line);
    }
    for &(c, r, color) in stones {
        let at = origin + vec2(c as f32, r as f32) * step;
        let fill = if color == Color::Black {
            Color32::from_rgb(30, 30, 35)
        } else {
            Color32::from_rgb(240, 238, 232)
        };
        painter.circle(
            at,
            step * 0.46,
            fill,
            Stroke::new(0.5, Color32::from_black_alpha(90)),
        );
    }
}

/// A number with − and + beside it, `width` wide and a touch target tall: `label` on the left,
/// the value's `text` between the buttons. Returns −1, 0 or +1 for the button pressed.
pub fn stepper(ui: &mut egui::Ui, p: &Palette, label: &str, text: &str, width: f32, can: [bool; 2]) -> i32 {
    let (rect, _) = ui.allocate_exact_size(vec2(width, TOUCH_TARGET), Sense::hover());
    let painter = ui.painter().clone();
    let value = Rect::from_center_size(
        pos2(rect.right() - TOUCH_TARGET - 40.0, rect.center().y),
        vec2(80.0, TOUCH_TARGET),
    );
    let label_room = value.left() - TOUCH_TARGET - rect.left() - SPACE_2;
    fit_text(
        &painter,
        pos2(rect.left(), rect.center().y),
        Align2::LEFT_CENTER,
        label,
        TEXT_BODY,
        p.ink,
        label_room,
    );
    fit_text(
        &painter,
        value.center(),
        Align2::CENTER_CENTER,
        text,
        TEXT_BODY,
        p.ink,
        value.width(),
    );
    let mut step = 0;
    for (i, (delta, icon)) in [(-1, "−"), (1, "+")].into_iter().enumerate() {
        let x = if delta < 0 {
            value.left() - TOUCH_TARGET
        } else {
            rect.right() - TOUCH_TARGET
        };
        let cell = Rect::from_min_size(pos2(x, rect.top()), Vec2::splat(TOUCH_TARGET));
        let mut child = ui.new_child(egui::UiBuilder::new().max_rect(cell));
        child.add_enabled_ui(can[i], |ui| {
            if button(ui, cell.size(), icon, TEXT_TITLE, None).clicked() {
                step = delta;
            }
        });
    }
    step
}
