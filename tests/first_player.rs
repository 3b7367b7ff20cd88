//! What a first-time player tripped over, held headless: the preview choice on a touch screen
//! stands, a resignation says who resigned and counts nothing, 「返回」 from a review goes back
//! where the review was opened from, the lobby remembers its choices, and 「从这里继续」 against
//! the computer takes the level and colour the player picked.

mod common;

use bevy::prelude::*;
use common::Harness;
use tengen::game::{Intent, Match, MatchSetup, Mode, Resigned};
use tengen::overlay::{Answer, Panel};
use tengen::platform::archive::Archive;
use tengen::platform::storage::{CHOICES_KEY, Storage};
use tengen::review::{ContinueChoice, Review, ReviewIntent};
use tengen::screens::Screen;
use tengen_ai::Level;
use tengen_rules::{Color, Outcome, Phase};

fn screen(h: &Harness) -> Screen {
    *h.app.world().resource::<State<Screen>>().get()
}

fn setup(h: &Harness) -> MatchSetup {
    h.app.world().resource::<MatchSetup>().clone()
}

#[test]
fn a_touch_screen_previews_by_default_but_the_players_choice_stands() {
    // Never chosen: the first tap previews, the second plays (R15's default on touch).
    let mut h = Harness::new(9, (400, 800), |_| {});
    h.tap(4, 4);
    assert_eq!(h.preview(), Some(h.point(4, 4)));
    assert_eq!(h.game().move_number(), 0);
    h.tap(4, 4);
    assert_eq!(h.game().move_number(), 1);
    assert!(setup(&h).options.preview_first, "the lobby shows the default on");

    // Switched off by the player (the lobby or the start flag `preview=false`): one tap plays,
    // on every visit, and no touch turns it back on.
    let off = |s: &mut MatchSetup| {
        s.options.preview_first = false;
        s.options.preview_chosen = true;
    };
    for _visit in 0..2 {
        let mut h = Harness::new(9, (400, 800), off);
        h.tap(4, 4);
        assert_eq!(h.preview(), None);
        assert_eq!(h.game().move_number(), 1, "one tap plays");
        h.tap(5, 5);
        assert_eq!(h.game().move_number(), 2);
        assert!(!setup(&h).options.preview_first, "the choice stands");
    }
    let flags = tengen::platform::start_flags::parse_start_flags([("preview", "false")]);
    assert!(flags.setup.options.preview_chosen && !flags.setup.options.preview_first);
}

#[test]
fn a_resignation_says_who_resigned_and_counts_nothing() {
    let mut h = Harness::new(9, (400, 800), |s| s.mode = Mode::TwoPlayer);
    h.click(2, 2);
    h.click(6, 6);
    h.intent(Intent::Resign);
    let mut resigned = h.app.world().resource::<Messages<Resigned>>().get_cursor();
    h.send(Answer(true));
    h.update();
    // Black is to move, so Black resigned.
    let outcome = Outcome::Resignation { winner: Color::White };
    assert_eq!(h.game().phase(), Phase::Over(outcome));
    let told: Vec<_> = resigned
        .read(h.app.world().resource::<Messages<Resigned>>())
        .copied()
        .collect();
    assert_eq!(told, vec![Resigned(Color::Black)]);
    assert_eq!(
        tengen::i18n::outcome(tengen::i18n::Lang::Zh, outcome),
        "黑方认输，白中盘胜"
    );
}

#[test]
fn leaving_a_review_goes_back_where_it_was_opened() {
    // The game just finished: back to its result, the same finished game.
    let mut h = Harness::new(9, (400, 800), |s| s.mode = Mode::TwoPlayer);
    h.click(2, 2);
    h.click(6, 6);
    h.intent(Intent::Pass);
    h.intent(Intent::Pass);
    h.intent(Intent::ConfirmResult);
    let finished = h.game().clone();
    assert!(matches!(finished.phase(), Phase::Over(_)));
    h.intent(Intent::Review);
    h.update();
    assert_eq!(screen(&h), Screen::Review);
    let review = h.app.world().resource::<Review>();
    let Phase::Over(outcome) = finished.phase() else {
        unreachable!()
    };
    assert_eq!(review.outcome_shown(), Some(outcome), "the result is shown");
    assert_eq!(review.position().phase(), finished.phase(), "with its count");
    h.send(ReviewIntent::Leave);
    h.update();
    h.update();
    assert_eq!(screen(&h), Screen::Game);
    assert_eq!(h.game().to_record(), finished.to_record(), "not a new empty game");

    // From the list of finished games: back to the list.
    h.intent(Intent::BackToLobby);
    h.update();
    let kept = h.app.world().resource::<Archive>().0[0].clone();
    let title = String::new();
    let review = Review::of_record(kept.record, kept.setup, title, tengen::review::Back::Records);
    h.app.world_mut().insert_resource(review);
    h.app
        .world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Review);
    h.update();
    assert_eq!(screen(&h), Screen::Review);
    h.send(ReviewIntent::Leave);
    h.update();
    h.update();
    assert_eq!(screen(&h), Screen::Lobby);
    assert_eq!(*h.app.world().resource::<Panel>(), Panel::Records);
}

#[test]
fn continuing_from_a_review_against_the_computer_takes_the_level_and_colour_picked() {
    let mut h = Harness::new(9, (960, 720), |s| {
        s.mode = Mode::TwoPlayer;
        s.level = Level::EASY;
    });
    for (c, r) in [(2, 2), (6, 6), (2, 6)] {
        h.click(c, r);
    }
    h.intent(Intent::Pass);
    h.intent(Intent::Pass);
    h.intent(Intent::ConfirmResult);
    h.intent(Intent::Review);
    h.update();
    h.send(ReviewIntent::To(2));
    h.update();
    // Black is to move after two moves; the player takes White against the hard level.
    let choice = ContinueChoice {
        mode: Mode::VsComputer,
        level: Level::HARD,
        human: Color::White,
    };
    h.send(ReviewIntent::ContinueFrom(choice));
    h.update();
    h.update();
    assert_eq!(screen(&h), Screen::Game);
    let m = h.app.world().resource::<Match>();
    assert_eq!(m.game.move_number(), 2);
    assert_eq!(
        (m.setup.mode, m.setup.level, m.human),
        (Mode::VsComputer, Level::HARD, Color::White)
    );
}

#[test]
fn the_lobby_remembers_mode_level_and_size_and_a_bad_entry_is_only_a_notice() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = Harness::with_storage(9, (400, 800), |_| {}, Some(Storage::in_dir(dir.path())), false);
        let mut s = setup(&h);
        s.choose_mode(Mode::VsComputer);
        s.level = Level::HARD;
        s.choose_size(13);
        *h.app.world_mut().resource_mut::<MatchSetup>() = s;
        h.update();
    }
    let h = Harness::with_storage(19, (400, 800), |_| {}, Some(Storage::in_dir(dir.path())), false);
    let s = setup(&h);
    assert_eq!((s.mode, s.level, s.size), (Mode::VsComputer, Level::HARD, 13));
    drop(h);

    // A choice of size stands when the mode changes; before one, each mode brings its own.
    let mut fresh = MatchSetup::default();
    fresh.choose_mode(Mode::VsComputer);
    assert_eq!(fresh.size, 9);
    fresh.choose_size(19);
    fresh.choose_mode(Mode::TwoPlayer);
    fresh.choose_mode(Mode::VsComputer);
    assert_eq!(fresh.size, 19);

    // Unreadable choices: the defaults and a notice, and nothing else lost.
    let mut store = Storage::in_dir(dir.path());
    store.set_raw(CHOICES_KEY, "{not json");
    drop(store);
    let h = Harness::with_storage(19, (400, 800), |_| {}, Some(Storage::in_dir(dir.path())), false);
    assert_eq!(setup(&h).level, MatchSetup::default().level);
    let notice = h.app.world().resource::<Storage>().notice.clone();
    assert!(
        notice.is_some_and(|n| n.contains("大厅选项")),
        "the lobby says so"
    );
}
