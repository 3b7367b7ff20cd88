//! The interface itself, headless: egui lays out every screen without a GPU, so its widgets can be
//! measured and clicked. Every screen at a phone's 400×800, a desktop's 1280×800 and 1000×760, in
//! Chinese and English, keeps its widgets inside the window, apart from each other and out from
//! under the 「设置」 button, every label fits its widget, and a click on a dialog's button is
//! the dialog's, never the board's.

mod common;

use bevy::input::ButtonState;
use bevy::prelude::*;
use bevy_egui::egui;
use common::Harness;
use tengen::game::{Intent, Match, Mode, Offer, PreviewStone, ResultOffer};
use tengen::i18n::Lang;
use tengen::overlay::{Panel, Question};
use tengen::review::ReviewIntent;
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
/// the screen may `scroll`, at least within its width — no two of them in the same layer
/// overlap (whole-screen backdrops and panels aside), none of the screen's own lies under the
/// 「设置」 button, and every text fitted its room.
fn check_layout(h: &mut Harness, what: &str, scroll: bool) {
    tengen::theme::take_misfits(&h.egui());
    settle(h);
    let misfits = tengen::theme::take_misfits(&h.egui());
    assert!(
        misfits.is_empty(),
        "{what}: texts too wide for their room: {misfits:?}"
    );
    let screen = h.egui().viewport_rect();
    let widgets = h.widgets();
    let gear = widgets
        .iter()
        .find(|w| w.layer_id.id == egui::Id::new("gear") && w.sense.senses_click())
        .map(|w| w.rect);
    if let Some(gear) = gear {
        // A page's scroll bar runs the whole height beside it; the rest of it stays usable.
        let scroll_bar =
            |w: &egui::WidgetRect| w.rect.width() < 12.0 && w.rect.height() > screen.height() / 3.0;
        for w in widgets
            .iter()
            .filter(|w| w.layer_id == egui::LayerId::background() && !scroll_bar(w))
        {
            let under = w.interact_rect.intersect(gear);
            assert!(
                !(w.sense.senses_click() && under.is_positive() && under.area() > 1.0),
                "{what}: the 「设置」 button covers a widget at {:?}",
                w.interact_rect
            );
        }
    }
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
        for (dark, language) in [
            (false, Lang::Zh),
            (true, Lang::En),
            (false, Lang::En),
            (true, Lang::Zh),
        ] {
            let look = |h: &mut Harness| {
                let mut settings = h.app.world_mut().resource_mut::<Settings>();
                settings.theme = if dark {
                    ThemeChoice::Dark
                } else {
                    ThemeChoice::Light
                };
                settings.language = language;
            };
            let name = |what: &str| format!("{what}, {window:?}, {language:?}");
            for (setup, mode) in [
                (two_player as fn(&mut _), "two players"),
                (vs_computer as fn(&mut _), "vs computer"),
            ] {
                let mut h = Harness::with_interface(19, window, setup, false);
                look(&mut h);
                // Two players at 400×800: everything on one screen, no scrolling.
                let scroll = mode == "vs computer";
                check_layout(&mut h, &name(&format!("lobby, {mode}")), scroll);
            }
            let mut h = Harness::with_interface(19, window, two_player, true);
            look(&mut h);
            h.click(3, 3);
            check_layout(&mut h, &name("game"), false);
            h.app.world_mut().resource_mut::<PreviewStone>().0 = Some(h.point(15, 15));
            check_layout(&mut h, &name("preview"), false);
            h.app.world_mut().resource_mut::<PreviewStone>().0 = None;
            h.intent(Intent::Resign);
            check_layout(&mut h, &name("resign question"), false);
            h.key(KeyCode::Escape);
            *h.app.world_mut().resource_mut::<Panel>() = Panel::Settings;
            check_layout(&mut h, &name("settings"), true);
            h.key(KeyCode::Escape);
            h.intent(Intent::Pass);
            h.intent(Intent::Pass);
            assert_eq!(h.game().phase(), Phase::Scoring);
            check_layout(&mut h, &name("counting"), false);
            h.intent(Intent::ConfirmResult);
            check_layout(&mut h, &name("result"), false);
            // The longest offer a streak can bring.
            h.app.world_mut().resource_mut::<ResultOffer>().0 = Some(Offer::Handicap(3));
            check_layout(&mut h, &name("result with an offer"), false);
            h.intent(Intent::Review);
            h.update();
            assert_eq!(*h.app.world().resource::<State<Screen>>().get(), Screen::Review);
            check_layout(&mut h, &name("review"), false);
            h.send(ReviewIntent::First);
            check_layout(&mut h, &name("review at the start"), false);
            *h.app.world_mut().resource_mut::<Panel>() = Panel::ContinueFrom;
            check_layout(&mut h, &name("continue from here"), false);
            h.key(KeyCode::Escape);
            h.key(KeyCode::Escape);
            h.update();
            assert_eq!(
                *h.app.world().resource::<State<Screen>>().get(),
                Screen::Game,
                "back to the result"
            );
            h.intent(Intent::BackToLobby);
            *h.app.world_mut().resource_mut::<Panel>() = Panel::Records;
            check_layout(&mut h, &name("finished games"), true);
            h.key(KeyCode::Escape);
            *h.app.world_mut().resource_mut::<Panel>() = Panel::Help;
            check_layout(&mut h, &name("help"), true);
            // A resignation's result card: its longer headline beside the ✕.
            let mut h = Harness::with_interface(19, window, two_player, true);
            look(&mut h);
            h.click(3, 3);
            h.intent(Intent::Resign);
            h.key(KeyCode::Enter);
            assert!(matches!(h.game().phase(), Phase::Over(_)));
            check_layout(&mut h, &name("resigned"), false);
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

/// The review's buttons stay where they are from move to move: at the last move of a finished
/// game the result shows on a line of its own that is always there (a heading that wrapped there
/// moved every button, and a second click on 上一手 landed on 终局).
#[test]
fn the_review_buttons_stay_put_at_the_last_move() {
    for window in [(1280, 800), (1000, 760), (400, 800)] {
        for lang in [Lang::Zh, Lang::En] {
            let mut h = Harness::with_interface(19, window, two_player, true);
            h.app.world_mut().resource_mut::<Settings>().language = lang;
            h.click(3, 3);
            h.click(15, 15);
            h.intent(Intent::Resign);
            h.key(KeyCode::Enter);
            h.intent(Intent::Review);
            settle(&mut h);
            assert_eq!(*h.app.world().resource::<State<Screen>>().get(), Screen::Review);
            let names = ["first", "back", "forward", "last", "save", "leave"];
            let at_end: Vec<Vec2> = names.iter().map(|n| h.button(n)).collect();
            h.send(ReviewIntent::Back);
            settle(&mut h);
            let before: Vec<Vec2> = names.iter().map(|n| h.button(n)).collect();
            assert_eq!(at_end, before, "{window:?} {lang:?}");
        }
    }
}
