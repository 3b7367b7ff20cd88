//! What lies over the current screen: a yes/no question (resign, restart, a new game over the
//! saved one) or a panel (settings, help). While one is open it owns every press and key —
//! nothing reaches the board or the lobby behind it (the board is dimmed) — Enter answers yes,
//! Esc answers no or closes the panel.

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::i18n::Text;
use crate::platform::ButtonReport;
use crate::settings::Settings;
use crate::theme::{TEXT_BODY, TEXT_CONTROL, TEXT_EMPHASIS, TEXT_TITLE, TOUCH_TARGET};
use crate::{AppSystems, UiSystems};

/// A question waiting for yes or no.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    #[default]
    None,
    /// R5: resigning asks first.
    Resign,
    /// R16: restarting an unfinished game asks first.
    Restart,
    /// R21: 「开始」 while an unfinished game is saved asks before replacing it.
    NewGame,
}

/// A panel open over the screen.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Panel {
    #[default]
    None,
    Settings,
    Help,
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
        .add_message::<Answer>()
        .add_message::<KeyboardInput>()
        .add_systems(Update, read_overlay_keys.in_set(AppSystems::Input));
}

/// The question dialog: drawing only.
pub(super) fn ui_plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, draw_question.in_set(UiSystems::Overlay));
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

/// A panel as a modal sheet: a title, a close button and the contents; the screen behind is
/// dimmed and takes no input. Closes on its button or a click beside it (Esc is read with the
/// other keys).
pub fn show_panel(
    ctx: &egui::Context,
    panel: &mut Panel,
    which: Panel,
    (title, close): (&str, &str),
    place: Placement,
    contents: impl FnOnce(&mut egui::Ui),
) {
    if *panel != which {
        return;
    }
    let id = egui::Id::new(("panel", title));
    let width = place.size.x;
    let area = egui::Modal::default_area(id)
        .anchor(place.anchor, place.offset)
        .default_size(place.size);
    let mut closed = false;
    let modal = egui::Modal::new(id).area(area).show(ctx, |ui| {
        ui.set_width(width);
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(title).size(TEXT_TITLE).strong());
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let button = egui::Button::new(egui::RichText::new(close).size(TEXT_BODY))
                    .min_size(egui::vec2(TOUCH_TARGET, TOUCH_TARGET));
                closed = ui.add(button).clicked();
            });
        });
        ui.separator();
        contents(ui);
    });
    if closed || modal.backdrop_response.clicked() {
        *panel = Panel::None;
    }
}

/// The open question as a modal dialog: the screen behind is dimmed and takes no input.
fn draw_question(
    mut contexts: EguiContexts,
    question: Res<Question>,
    settings: Res<Settings>,
    mut answers: MessageWriter<Answer>,
    mut reports: Local<ButtonReport>,
) -> Result {
    let lang = settings.language;
    let (text, yes) = match *question {
        Question::None => return Ok(()),
        Question::Resign => (Text::AskResign, Text::Resign),
        Question::Restart => (Text::AskRestart, Text::Restart),
        Question::NewGame => (Text::AskNewGame, Text::StartNew),
    };
    let ctx = contexts.ctx_mut()?;
    let modal = egui::Modal::new(egui::Id::new("question")).show(ctx, |ui| {
        ui.set_max_width(320.0);
        let asked = ui.label(egui::RichText::new(text.get(lang)).size(TEXT_EMPHASIS));
        reports.report("dialog-text", asked.rect.center().into());
        ui.add_space(12.0);
        ui.horizontal(|ui| {
            let button = |t: Text| {
                egui::Button::new(egui::RichText::new(t.get(lang)).size(TEXT_CONTROL))
                    .min_size(egui::vec2(96.0, TOUCH_TARGET))
            };
            for (name, text, answer) in [("dialog-yes", yes, true), ("dialog-no", Text::Cancel, false)] {
                let button = ui.add(button(text));
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
