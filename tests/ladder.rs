//! Where you stand on the ladder of levels: the record is kept per level as well as in total,
//! two wins in a row at a level make the result card offer the next level up, three losses in a
//! row the next one down (or, at the bottom, a handicap stone), taking the offer starts that game,
//! and a record saved before levels had records keeps its total.

mod common;

use bevy::prelude::State;
use common::Harness;
use tengen::game::{Intent, Match, MatchSetup, Mode, Offer, ResultOffer};
use tengen::platform::archive::Archive;
use tengen::platform::storage::{RECORD_KEY, Record, SAVE_FORMAT, Storage};
use tengen::review::ReviewIntent;
use tengen::screens::Screen;
use tengen_ai::Level;
use tengen_rules::Move;

/// A game against the computer at `level` that ends with `human_wins` (by resignation), then a
/// new game.
fn finish(h: &mut Harness, human_wins: bool) {
    {
        let mut m = h.app.world_mut().resource_mut::<Match>();
        let loser = if human_wins { m.human.opponent() } else { m.human };
        m.game.resign(loser);
    }
    h.update();
    h.update();
}

fn vs(level: Level) -> impl FnOnce(&mut MatchSetup) {
    move |s: &mut MatchSetup| {
        s.mode = Mode::VsComputer;
        s.level = level;
    }
}

fn offer(h: &Harness) -> Option<Offer> {
    h.app.world().resource::<ResultOffer>().0
}

#[test]
fn two_wins_in_a_row_offer_the_next_level_up_and_taking_it_plays_there() {
    let level = Level::new(5).unwrap();
    let mut h = Harness::new(9, (960, 720), vs(level));
    finish(&mut h, true);
    assert_eq!(offer(&h), None, "one win is no streak");
    h.intent(Intent::Restart);
    finish(&mut h, true);
    assert_eq!(offer(&h), Some(Offer::Up(level.up().unwrap())));
    let record = h.app.world().resource::<Record>().clone();
    assert_eq!((record.wins, record.losses), (2, 0));
    assert_eq!(record.at(level).wins, 2);
    assert_eq!(record.at(Level::HARD).wins, 0, "other levels untouched");
    h.intent(Intent::TakeOffer(Offer::Up(level.up().unwrap())));
    let m = h.app.world().resource::<Match>();
    assert_eq!(m.setup.level, level.up().unwrap());
    assert_eq!(m.game.move_number(), 0, "a new game");
    assert_eq!(
        h.app.world().resource::<MatchSetup>().level,
        level.up().unwrap(),
        "the lobby shows it"
    );
    // The hard level is the top: two wins there offer nothing higher.
    let mut h = Harness::new(9, (960, 720), vs(Level::HARD));
    finish(&mut h, true);
    h.intent(Intent::Restart);
    finish(&mut h, true);
    assert_eq!(offer(&h), None);
}

#[test]
fn three_losses_in_a_row_offer_the_next_level_down_or_a_handicap_stone() {
    let level = Level::new(7).unwrap();
    let mut h = Harness::new(9, (960, 720), vs(level));
    for game in 0..3 {
        if game > 0 {
            h.intent(Intent::Restart);
        }
        finish(&mut h, false);
    }
    assert_eq!(offer(&h), Some(Offer::Down(level.down().unwrap())));
    // A win breaks the streak.
    h.intent(Intent::Restart);
    finish(&mut h, true);
    assert_eq!(offer(&h), None);
    assert_eq!(h.app.world().resource::<Record>().at(level).streak, 1);

    // At the bottom of the ladder: a handicap stone (two, the fewest there are).
    let mut h = Harness::new(9, (960, 720), vs(Level::EASY));
    for game in 0..3 {
        if game > 0 {
            h.intent(Intent::Restart);
        }
        finish(&mut h, false);
    }
    assert_eq!(offer(&h), Some(Offer::Handicap(2)));
    h.intent(Intent::TakeOffer(Offer::Handicap(2)));
    assert_eq!(h.game().handicap(), 2, "the new game has the stones");
}

#[test]
fn a_record_from_before_levels_keeps_its_total() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut store = Storage::in_dir(dir.path());
        // What earlier versions wrote: the total only.
        store.set_with_format(
            RECORD_KEY,
            SAVE_FORMAT,
            &serde_json::json!({"wins": 4, "losses": 6}),
        );
    }
    let mut h = Harness::with_storage(
        9,
        (960, 720),
        vs(Level::NORMAL),
        Some(Storage::in_dir(dir.path())),
        true,
    );
    let record = h.app.world().resource::<Record>().clone();
    assert_eq!((record.wins, record.losses), (4, 6));
    assert!(record.levels.is_empty());
    finish(&mut h, true);
    drop(h);
    let h = Harness::with_storage(
        9,
        (960, 720),
        vs(Level::NORMAL),
        Some(Storage::in_dir(dir.path())),
        false,
    );
    let record = h.app.world().resource::<Record>().clone();
    assert_eq!((record.wins, record.losses), (5, 6), "counted on top, and saved");
    assert_eq!(record.at(Level::NORMAL).wins, 1);
}

/// Coming back to a result from its review counts nothing again: not in the record, not in the
/// list of finished games, and no streak that was not there (it once offered the next level up
/// after one win seen twice).
#[test]
fn a_result_seen_again_after_its_review_counts_once() {
    let level = Level::new(5).unwrap();
    let mut h = Harness::new(9, (400, 800), vs(level));
    {
        let mut m = h.app.world_mut().resource_mut::<Match>();
        let p = m.game.board().point(2, 2);
        m.game.play(Move::Place(p)).unwrap();
    }
    finish(&mut h, true);
    for _ in 0..2 {
        h.intent(Intent::Review);
        h.update();
        assert_eq!(*h.app.world().resource::<State<Screen>>().get(), Screen::Review);
        h.send(ReviewIntent::Leave);
        h.update();
        h.update();
        assert_eq!(*h.app.world().resource::<State<Screen>>().get(), Screen::Game);
    }
    let record = h.app.world().resource::<Record>();
    assert_eq!((record.wins, record.losses), (1, 0));
    assert_eq!(record.at(level).streak, 1);
    assert_eq!(h.app.world().resource::<Archive>().0.len(), 1);
    assert_eq!(offer(&h), None);
}
