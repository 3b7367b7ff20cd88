//! The interface itself, headless: egui lays out every screen without a GPU, so its widgets can be
//! measured and clicked. Every screen at a phone's 400×800 and a desktop's 1280×800 keeps its
//! widgets inside the window and apart from each other, and a click on a dialog's button is the
//! dialog's, never the board's.

mod common;

use bevy::input::ButtonState;
use bevy::prelude::*;
use bevy_egui::egui;
use common::Harness;
use tengen::game::{Intent, Match, Mode, PreviewStone};
use tengen::overlay::{Panel, Question};
use tengen::screens::Screen;
use tengen::settings::{Settings, ThemeChoice};
use tengen_rules::{Move, Phase};

const SIZES: [(u32, u32); 3] = [(400, 800), (1280, 800), (1000, 760)];

/// Runs a few frames so that egui's layout settles (it measures, then places).
fn settle(h: &mut Harness) {
    for _ in 0..4 {
        h.update();
    }
}

/// Checks the last pass: every widget that reacts to clicks lies inside the window — or, where
/// the screen may `scroll`, at least within its width — and no two of them in the same layer
/// overlap (whole-screen backdrops and panels aside).
fn check_layout(h: &mut Harness, what: &str, scroll: bool) {
    settle(h);
    let screen = h.egui().viewport_rect();
    let widgets = h.widgets();
    let clickable: Vec<&egui::WidgetRect> = widgets
        .iter()
        .filter(|w| w.sense.senses_click() && w.rect.is_positive())
        .filter(|w| w.rect.area() < screen.area() * 0.5)
        .collect();
    assert!(
        clickable.len() >= 3,
        "{what}: only {} clickable widgets",
        clickable.len()
    );
    let room = if scroll {
        egui::Rect::from_x_y_ranges(screen.x_range(), f32::NEG_INFINITY..=f32::INFINITY)
    } else {
        screen
    };
    for w in &clickable {
        assert!(
            room.expand(0.5).contains_rect(w.rect),
            "{what}: a widget at {:?} leaves the {:?} window",
            w.rect,
            screen.size()
        );
    }
    for (i, a) in clickable.iter().enumerate() {
        for b in &clickable[i + 1..] {
            let overlap = a.rect.intersect(b.rect);
            let nested = a.rect.contains_rect(b.rect) || b.rect.contains_rect(a.rect);
            if a.layer_id == b.layer_id && overlap.is_positive() && overlap.area() > 1.0 && !nested {
                panic!("{what}: widgets at {:?} and {:?} overlap", a.rect, b.rect);
            }
        }
    }
}

fn two_player(s: &mut tengen::game::MatchSetup) {
    s.mode = Mode::TwoPlayer;
}

fn vs_computer(s: &mut tengen::game::MatchSetup) {
    s.mode = Mode::VsComputer;
    s.size = 9;
}

#[test]
fn every_screen_keeps_its_widgets_inside_the_window_and_apart() {
    for window in SIZES {
        for dark in [false, true] {
            for (setup, mode) in [
                (two_player as fn(&mut _), "two players"),
                (vs_computer as fn(&mut _), "vs computer"),
            ] {
                let mut h = Harness::with_interface(19, window, setup, false);
                h.app.world_mut().resource_mut::<Settings>().theme = if dark {
                    ThemeChoice::Dark
                } else {
                    ThemeChoice::Light
                };
                // Two players at 400×800: everything on one screen, no scrolling.
                let scroll = mode == "vs computer";
                check_layout(&mut h, &format!("lobby, {mode}, {window:?}"), scroll);
            }
            let mut h = Harness::with_interface(19, window, two_player, true);
            h.click(3, 3);
            check_layout(&mut h, &format!("game, {window:?}"), false);
            h.app.world_mut().resource_mut::<PreviewStone>().0 = Some(h.point(15, 15));
            check_layout(&mut h, &format!("preview, {window:?}"), false);
            h.app.world_mut().resource_mut::<PreviewStone>().0 = None;
            h.intent(Intent::Resign);
            check_layout(&mut h, &format!("resign question, {window:?}"), false);
            h.key(KeyCode::Escape);
            *h.app.world_mut().resource_mut::<Panel>() = Panel::Settings;
            check_layout(&mut h, &format!("settings, {window:?}"), true);
            h.key(KeyCode::Escape);
            h.intent(Intent::Pass);
            h.intent(Intent::Pass);
            assert_eq!(h.game().phase(), Phase::Scoring);
            check_layout(&mut h, &format!("counting, {window:?}"), false);
            h.intent(Intent::ConfirmResult);
            check_layout(&mut h, &format!("result, {window:?}"), false);
            h.intent(Intent::Review);
            h.update();
            assert_eq!(*h.app.world().resource::<State<Screen>>().get(), Screen::Review);
            check_layout(&mut h, &format!("review, {window:?}"), false);
            h.key(KeyCode::Escape);
            h.update();
            h.intent(Intent::BackToLobby);
            *h.app.world_mut().resource_mut::<Panel>() = Panel::Records;
            check_layout(&mut h, &format!("finished games, {window:?}"), true);
            h.key(KeyCode::Escape);
            *h.app.world_mut().resource_mut::<Panel>() = Panel::Help;
            check_layout(&mut h, &format!("help, {window:?}"), true);
        }
    }
}

/// A click on the resign question's 「取消」, through egui, answers the question and places no
/// stone on the point beneath; the next click on the board plays.
#[test]
fn a_click_on_a_dialog_button_is_the_dialogs() {
    for window in [(400, 800), (1280, 800)] {
        let mut h = Harness::with_interface(19, window, two_player, true);
        settle(&mut h);
        h.click(3, 3);
        h.intent(Intent::Resign);
        settle(&mut h);
        let cancel = h.button("dialog-no");
        let beneath = h.layout().intersection_at(cancel);
        assert!(beneath.is_some(), "{window:?}: the dialog lies over the board");
        h.move_to(cancel);
        h.update();
        h.button_state(ButtonState::Pressed);
        h.update();
        h.button_state(ButtonState::Released);
        settle(&mut h);
        assert_eq!(
            *h.app.world().resource::<Question>(),
            Question::None,
            "{window:?}: 取消 answered"
        );
        assert_eq!(h.game().move_number(), 1, "{window:?}: no stone under the button");
        let (c, r) = beneath.unwrap();
        h.click(c, r);
        assert_eq!(
            h.game().last_move(),
            Some((tengen_rules::Color::White, Move::Place(h.point(c, r)))),
            "{window:?}: the board plays again"
        );
        assert_eq!(*h.app.world().resource::<State<Screen>>().get(), Screen::Game);
        assert!(h.app.world().resource::<Match>().game.move_number() == 2);
    }
}
