//! What lies over the current screen: a yes/no question (resign, restart, a new game over the
//! saved one) or a panel (settings, help). While one is open it owns every press and key —
//! nothing reaches the board or the lobby behind it (the board is dimmed) — Enter answers yes,
//! Esc answers no or closes the panel.

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::i18n::{self, Text};
use crate::platform::{ButtonReport, TITLE_FAMILY};
use crate::settings::Settings;
use crate::theme::{ActiveTheme, Icon, Palette, *};
use crate::{AppSystems, UiSystems};

/// A question waiting for yes or no.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    #[default]
    None,
    /// R5: resigning asks first. Two people on one screen: the side that would resign, named in
    /// the question (the player to move; against the computer it is always the person).
    Resign { side: Option<tengen_rules::Color> },
    /// R16: restarting an unfinished game asks first.
    Restart,
    /// R21: 「开始」 while an unfinished game is saved asks before replacing it.
    NewGame,
    /// 教学: the person's move cost them much of their chance of winning (before and after, in
    /// percent); take it back?
    TakeBack { before: u8, after: u8 },
}

/// A panel open over the screen.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Panel {
    #[default]
    None,
    Settings,
    Help,
    /// 棋局记录: the finished games, and opening a record.
    Records,
    /// 从这里继续: against whom, at which level, with which colour.
    ContinueFrom,
}

/// A short message over any screen (an unreadable file, say), until `until` (seconds).
#[derive(Resource, Default, Clone, Debug)]
pub struct Notice {
    pub text: String,
    pub until: f64,
}

impl Notice {
    pub fn show(&mut self, text: impl Into<String>, now: f64) {
        self.text = text.into();
        self.until = now + TOAST_SECS * 2.0;
    }
}

/// The player's answer to the open question: yes (`true`) or no. Whoever asked acts on it and
/// clears the question.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer(pub bool);

/// Whether a question or panel covers the screen.
pub fn is_open(question: &Question, panel: &Panel) -> bool {
    *question != Question::None || *panel != Panel::None
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Question>()
        .init_resource::<Panel>()
        .init_resource::<Notice>()
        .add_message::<Answer>()
        .add_message::<KeyboardInput>()
        .add_systems(Update, read_overlay_keys.in_set(AppSystems::Input));
}

/// The question dialog and the veil that eases screen changes: drawing only.
pub(super) fn ui_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (draw_question, draw_notice, veil_screen_changes).in_set(UiSystems::Overlay),
    );
}

fn draw_notice(mut contexts: EguiContexts, notice: Res<Notice>, time: Res<Time>) -> Result {
    if time.elapsed_secs_f64() >= notice.until {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.viewport_rect();
    egui::Area::new(egui::Id::new("notice"))
        .order(egui::Order::Tooltip)
        .fixed_pos(egui::pos2(
            screen.center().x,
            screen.top() + TOUCH_TARGET + SPACE_4,
        ))
        .pivot(egui::Align2::CENTER_TOP)
        .interactable(false)
        .show(ctx, |ui| {
            ui.set_max_width(screen.width() - 2.0 * SPACE_6);
            egui::Frame::new()
                .fill(TOAST_BACKING)
                .corner_radius(RADIUS_CARD)
                .inner_margin(egui::Margin::symmetric(SPACE_4 as i8, SPACE_2 as i8))
                .show(ui, |ui| {
                    ui.label(
                        egui::RichText::new(&notice.text)
                            .size(TEXT_BODY)
                            .color(egui::Color32::WHITE),
                    );
                });
        });
    Ok(())
}

/// A new screen fades in from the page colour (R18), unless motion is reduced.
fn veil_screen_changes(
    mut contexts: EguiContexts,
    screen: Res<State<crate::screens::Screen>>,
    settings: Res<Settings>,
    theme: Res<ActiveTheme>,
    time: Res<Time>,
    mut since: Local<f32>,
) -> Result {
    let now = time.elapsed_secs();
    if screen.is_changed() {
        *since = now;
    }
    let t = ((now - *since) / SHEET_SECS).clamp(0.0, 1.0);
    if t >= 1.0 || settings.reduced_motion {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Middle, egui::Id::new("veil")));
    painter.rect_filled(
        ctx.viewport_rect(),
        0.0,
        theme.0.page.gamma_multiply(1.0 - eased(t)),
    );
    ctx.request_repaint();
    Ok(())
}

fn read_overlay_keys(
    mut keys: MessageReader<KeyboardInput>,
    question: Res<Question>,
    mut panel: ResMut<Panel>,
    mut answers: MessageWriter<Answer>,
) {
    for k in keys.read() {
        if k.state != ButtonState::Pressed {
            continue;
        }
        match (k.key_code, *question) {
            (KeyCode::Enter | KeyCode::NumpadEnter, q) if q != Question::None => {
                answers.write(Answer(true));
            }
            (KeyCode::Escape, q) if q != Question::None => {
                answers.write(Answer(false));
            }
            (KeyCode::Escape, _) if *panel != Panel::None => *panel = Panel::None,
            _ => {}
        }
    }
}

/// Where a panel sits: anchored at `anchor`, `offset` from it, `size` at most.
pub struct Placement {
    pub anchor: egui::Align2,
    pub offset: egui::Vec2,
    pub size: egui::Vec2,
}

/// A panel as a modal sheet — a card with a title, a close button and the contents — easing
/// in; the screen behind is dimmed and takes no input. Closes on its button or a click beside
/// it (Esc is read with the other keys).
pub fn show_panel(
    ctx: &egui::Context,
    p: &Palette,
    panel: &mut Panel,
    which: Panel,
    (title, close): (&str, &str),
    place: Placement,
    contents: impl FnOnce(&mut egui::Ui),
) {
    let id = egui::Id::new(("panel", title));
    let shown = ctx.animate_bool_with_time(id, *panel == which, SHEET_SECS);
    if *panel != which {
        return;
    }
    let rise = (1.0 - eased(shown)) * SPACE_6;
    let area = egui::Modal::default_area(id)
        .anchor(place.anchor, place.offset + egui::vec2(0.0, rise))
        .default_size(place.size);
    let mut closed = false;
    let modal = egui::Modal::new(id)
        .area(area)
        .backdrop_color(egui::Color32::from_black_alpha((110.0 * shown) as u8))
        .frame(card(p).shadow(ctx.global_style().visuals.window_shadow))
        .show(ctx, |ui| {
            // The size is the card's, margins included.
            ui.set_width(place.size.x - 2.0 * SPACE_4);
            ui.multiply_opacity(shown);
            ui.horizontal(|ui| {
                let family = egui::FontFamily::Name(TITLE_FAMILY.into());
                ui.label(egui::RichText::new(title).font(egui::FontId::new(TEXT_TITLE, family)));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let size = egui::vec2(TOUCH_TARGET, TOUCH_TARGET);
                    closed = icon_button(ui, p, Icon::Cancel, "", size, false)
                        .on_hover_text(close)
                        .clicked();
                });
            });
            ui.add_space(SPACE_1);
            contents(ui);
        });
    if closed || modal.backdrop_response.clicked() {
        *panel = Panel::None;
    }
}

/// Cubic ease-out of `t` in 0..=1.
pub fn eased(t: f32) -> f32 {
    1.0 - (1.0 - t).powi(3)
}

/// The open question as a modal dialog easing in: the screen behind is dimmed and takes no
/// input.
fn draw_question(
    mut contexts: EguiContexts,
    question: Res<Question>,
    settings: Res<Settings>,
    theme: Res<ActiveTheme>,
    mut answers: MessageWriter<Answer>,
    mut reports: ResMut<ButtonReport>,
) -> Result {
    let (lang, p) = (settings.language, &theme.0);
    let ctx = contexts.ctx_mut()?;
    let id = egui::Id::new("question");
    let shown = ctx.animate_bool_with_time(id, *question != Question::None, SHEET_SECS);
    let (text, yes, no) = match *question {
        Question::None => return Ok(()),
        Question::Resign { side } => (i18n::ask_resign(lang, side), Text::Resign, Text::Cancel),
        Question::Restart => (
            Text::AskRestart.get(lang).to_string(),
            Text::Restart,
            Text::Cancel,
        ),
        Question::NewGame => (
            Text::AskNewGame.get(lang).to_string(),
            Text::StartNew,
            Text::Cancel,
        ),
        Question::TakeBack { before, after } => {
            (i18n::ask_take_back(lang, before, after), Text::Undo, Text::PlayOn)
        }
    };
    let screen = ctx.viewport_rect();
    let width = (screen.width() - 2.0 * SPACE_6).min(360.0);
    // The teaching question is about the move on the board: it stands beside the board (below
    // it in portrait, over the side column in landscape) and dims it less, so the move stays in
    // view. (A first-time player found the centred dialog hid the move it asked about.)
    let rise = (1.0 - eased(shown)) * SPACE_4;
    let (anchor, offset, dim) = match (*question, screen.width() > screen.height()) {
        (Question::TakeBack { .. }, true) => (egui::Align2::RIGHT_CENTER, [-SPACE_6, rise], 40.0),
        (Question::TakeBack { .. }, false) => (egui::Align2::CENTER_BOTTOM, [0.0, rise - SPACE_6], 40.0),
        _ => (egui::Align2::CENTER_CENTER, [0.0, rise], 110.0),
    };
    let area = egui::Modal::default_area(id).anchor(anchor, offset);
    let modal = egui::Modal::new(id)
        .area(area)
        .backdrop_color(egui::Color32::from_black_alpha((dim * shown) as u8))
        .frame(
            card(p)
                .shadow(ctx.global_style().visuals.window_shadow)
                .inner_margin(SPACE_6 as i8),
        )
        .show(ctx, |ui| {
            ui.set_width(width - 2.0 * SPACE_6);
            ui.multiply_opacity(shown);
            let asked = ui.label(egui::RichText::new(text).size(TEXT_TITLE));
            reports.report("dialog-text", asked.rect.center().into());
            ui.add_space(SPACE_4);
            let each = (width - 2.0 * SPACE_6 - SPACE_2) / 2.0;
            ui.horizontal(|ui| {
                let no = plain_button(ui, no.get(lang), each);
                let yes = primary_button(ui, p, yes.get(lang), each);
                for (name, button, answer) in [("dialog-yes", yes, true), ("dialog-no", no, false)] {
                    reports.report(name, button.rect.center().into());
                    if button.clicked() {
                        answers.write(Answer(answer));
                    }
                }
            });
        });
    // A click beside the dialog is a "no"; Esc is read with the other keys.
    if modal.backdrop_response.clicked() {
        answers.write(Answer(false));
    }
    Ok(())
}
