//! Saving and restoring (R21, R22) with a temporary store: a round trip that keeps history and
//! undo, a kill between moves, corrupt bytes, an older format, the record against the computer,
//! and a second copy of the game that finds the store locked.

mod common;

use bevy::prelude::*;
use common::Harness;
use tengen::play::{Intent, Match};
use tengen::screens::Screen;
use tengen::setup::Mode;
use tengen::storage::{Elapsed, GAME_KEY, RECORD_KEY, Record, SAVE_FORMAT, SavedGameOffer, Storage, restore};
use tengen_rules::Color;

fn app_on(
    dir: &std::path::Path,
    in_game: bool,
    tweak: impl FnOnce(&mut tengen::setup::MatchSetup),
) -> Harness {
    Harness::with_storage(9, (960, 720), tweak, Some(Storage::in_dir(dir)), in_game)
}

fn offer(h: &Harness) -> Option<tengen::storage::SavedGame> {
    h.app.world().resource::<SavedGameOffer>().0.clone()
}

#[test]
fn a_game_survives_a_kill_between_moves_and_continues_with_its_history() {
    let dir = tempfile::tempdir().unwrap();
    let (board, moves) = {
        let mut h = app_on(dir.path(), true, |s| s.options.move_numbers = true);
        for (c, r) in [(2, 2), (6, 6), (2, 6)] {
            h.click(c, r);
        }
        h.app.world_mut().resource_mut::<Elapsed>().0 = 42.0;
        h.click(6, 2);
        (h.game().board().clone(), h.game().move_number())
        // dropped here without leaving the screen: as if the process were killed
    };
    let mut h = app_on(dir.path(), false, |_| {});
    let saved = offer(&h).expect("the unfinished game is offered");
    assert_eq!(saved.record.moves.len(), moves);
    assert!(saved.setup.options.move_numbers, "options come back too");
    assert!(saved.elapsed_secs >= 42.0);
    // What 「继续上一局」 does.
    let (m, elapsed) = restore(&saved).unwrap();
    h.app.insert_resource(m.setup.clone());
    h.app.insert_resource(m);
    h.app.insert_resource(elapsed);
    h.app
        .world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Game);
    h.update();
    h.update();
    assert_eq!(h.game().board(), &board);
    assert_eq!(h.game().move_number(), 4);
    h.key(KeyCode::KeyZ);
    assert_eq!(h.game().move_number(), 3, "undo works on the restored history");
}

#[test]
fn corrupt_or_older_saves_are_reported_and_leave_other_data_alone() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut store = Storage::in_dir(dir.path());
        store.set_with_format(RECORD_KEY, SAVE_FORMAT, &Record { wins: 3, losses: 1 });
        store.set_raw(GAME_KEY, "\u{1}\u{2}not a game at all");
    }
    let h = app_on(dir.path(), false, |_| {});
    assert!(offer(&h).is_none());
    assert_eq!(
        *h.app.world().resource::<Record>(),
        Record { wins: 3, losses: 1 },
        "the record is untouched"
    );
    let notice = h.app.world().resource::<Storage>().notice.clone().unwrap();
    assert!(notice.contains("上一局存档无法读取"), "{notice}");
    drop(h);

    {
        let mut store = Storage::in_dir(dir.path());
        store.set_with_format(GAME_KEY, SAVE_FORMAT + 1, &"from the future");
        store.set_with_format(RECORD_KEY, 0, &Record { wins: 9, losses: 9 });
    }
    let h = app_on(dir.path(), false, |_| {});
    assert!(offer(&h).is_none());
    assert_eq!(*h.app.world().resource::<Record>(), Record::default());
    let notice = h.app.world().resource::<Storage>().notice.clone().unwrap();
    assert!(
        notice.contains("format 0") && notice.contains(&format!("format {}", SAVE_FORMAT + 1)),
        "{notice}"
    );
}

#[test]
fn games_against_the_computer_count_in_the_record_and_finished_games_are_not_offered() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = app_on(dir.path(), true, |s| s.mode = Mode::VsComputer);
        assert_eq!(h.app.world().resource::<Match>().human, Color::Black);
        h.click(4, 4);
        h.intent(Intent::Resign);
        h.key(KeyCode::Enter);
        h.update();
        assert_eq!(*h.app.world().resource::<Record>(), Record { wins: 0, losses: 1 });
    }
    {
        // Two-player games do not count.
        let mut h = app_on(dir.path(), true, |_| {});
        h.click(4, 4);
        h.intent(Intent::Resign);
        h.key(KeyCode::Enter);
        h.update();
        assert_eq!(h.app.world().resource::<Record>().losses, 1);
    }
    let h = app_on(dir.path(), false, |_| {});
    assert_eq!(*h.app.world().resource::<Record>(), Record { wins: 0, losses: 1 });
    assert!(offer(&h).is_none(), "a finished game is not offered");
}

#[test]
fn a_second_copy_runs_without_saving() {
    let dir = tempfile::tempdir().unwrap();
    let first = Storage::in_dir(dir.path());
    assert!(first.is_saving());
    let second = Storage::in_dir(dir.path());
    assert!(!second.is_saving(), "the lobby then says 「另一个天元正在运行」");
    let mut h = Harness::with_storage(9, (960, 720), |_| {}, Some(Storage::in_dir(dir.path())), true);
    h.click(4, 4);
    assert_eq!(h.game().move_number(), 1, "the game plays on without a store");
}

#[test]
fn settings_are_remembered() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = app_on(dir.path(), false, |_| {});
        let mut settings = h.app.world_mut().resource_mut::<tengen::settings::Settings>();
        settings.pacing = tengen::setup::Pacing::Fast;
        settings.sound = false;
        settings.language = tengen_rules::Lang::En;
        h.update();
    }
    let h = app_on(dir.path(), false, |_| {});
    let settings = *h.app.world().resource::<tengen::settings::Settings>();
    assert_eq!(
        settings,
        tengen::settings::Settings {
            pacing: tengen::setup::Pacing::Fast,
            sound: false,
            language: tengen_rules::Lang::En,
            ..Default::default()
        }
    );
}
