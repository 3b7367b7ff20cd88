//! Saving and restoring (R21, R22) with a temporary store: a kill (or reload) between moves
//! comes back to the game with its history, 「开始」 asks before replacing a saved game, corrupt
//! bytes, an older format, the record against the computer, and a second copy of the game that
//! finds the store locked.

mod common;

use bevy::prelude::*;
use common::Harness;
use tengen::game::Elapsed;
use tengen::game::Mode;
use tengen::game::{Intent, Match};
use tengen::lobby::LobbyIntent;
use tengen::overlay::{Answer, Question};
use tengen::platform::storage::{GAME_KEY, RECORD_KEY, Record, SAVE_FORMAT, SavedGameOffer, Storage};
use tengen::screens::Screen;
use tengen_rules::Color;

fn app_on(
    dir: &std::path::Path,
    in_game: bool,
    tweak: impl FnOnce(&mut tengen::game::MatchSetup),
) -> Harness {
    Harness::with_storage(9, (960, 720), tweak, Some(Storage::in_dir(dir)), in_game)
}

fn offer(h: &Harness) -> Option<tengen::platform::storage::SavedGame> {
    h.app.world().resource::<SavedGameOffer>().0.clone()
}

/// A record with only its total.
fn total(wins: u32, losses: u32) -> Record {
    Record {
        wins,
        losses,
        ..Record::default()
    }
}

fn total_of(h: &Harness) -> (u32, u32) {
    let record = h.app.world().resource::<Record>();
    (record.wins, record.losses)
}

fn screen(h: &Harness) -> Screen {
    *h.app.world().resource::<State<Screen>>().get()
}

#[test]
fn closing_or_reloading_mid_game_comes_back_to_that_game() {
    let dir = tempfile::tempdir().unwrap();
    let (board, moves) = {
        let mut h = app_on(dir.path(), true, |s| s.options.move_numbers = true);
        for (c, r) in [(2, 2), (6, 6), (2, 6)] {
            h.click(c, r);
        }
        h.app.world_mut().resource_mut::<Elapsed>().0 = 42.0;
        h.click(6, 2);
        (h.game().board().clone(), h.game().move_number())
        // dropped here without leaving the screen: a closed window, a reloaded page, a kill
    };
    // Started again without start flags: straight back into the game, not the lobby.
    let mut h = app_on(dir.path(), false, |_| {});
    assert_eq!(screen(&h), Screen::Game);
    assert_eq!(h.game().board(), &board);
    assert_eq!(h.game().move_number(), moves);
    assert!(
        h.app.world().resource::<Match>().setup.options.move_numbers,
        "options come back too"
    );
    assert!(h.app.world().resource::<Elapsed>().0 >= 42.0);
    h.key(KeyCode::KeyZ);
    assert_eq!(h.game().move_number(), 3, "undo works on the restored history");
    // Going back to the lobby on purpose: the next start shows the lobby, offering the game.
    h.intent(Intent::BackToLobby);
    h.update();
    drop(h);
    let mut h = app_on(dir.path(), false, |_| {});
    assert_eq!(screen(&h), Screen::Lobby);
    assert_eq!(
        offer(&h).expect("「继续上一局」 is offered").record.moves.len(),
        3
    );
    h.send(LobbyIntent::Continue);
    h.update();
    h.update();
    assert_eq!(screen(&h), Screen::Game);
    assert_eq!(h.game().move_number(), 3);
}

#[test]
fn start_with_a_saved_game_asks_and_keeps_it_until_the_new_game_has_a_move() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = app_on(dir.path(), true, |_| {});
        h.click(2, 2);
        h.click(6, 6);
        h.intent(Intent::BackToLobby);
        h.update();
    }
    let mut h = app_on(dir.path(), false, |_| {});
    let question = |h: &Harness| *h.app.world().resource::<Question>();
    h.send(LobbyIntent::Start);
    h.update();
    assert_eq!(question(&h), Question::NewGame, "「开始」 asks first");
    assert_eq!(screen(&h), Screen::Lobby);
    h.key(KeyCode::Escape);
    assert_eq!(question(&h), Question::None);
    assert_eq!(screen(&h), Screen::Lobby, "no: nothing happens");
    h.send(LobbyIntent::Start);
    h.update();
    h.send(Answer(true));
    h.update();
    h.update();
    assert_eq!(screen(&h), Screen::Game);
    assert_eq!(h.game().move_number(), 0, "a new game");
    assert_eq!(
        offer(&h).unwrap().record.moves.len(),
        2,
        "the old one is still saved"
    );
    // Back to the lobby before moving: the old game is still there to continue.
    h.intent(Intent::BackToLobby);
    h.update();
    drop(h);
    let mut h = app_on(dir.path(), false, |_| {});
    assert_eq!(offer(&h).unwrap().record.moves.len(), 2);
    h.send(LobbyIntent::Start);
    h.update();
    h.key(KeyCode::Enter);
    h.update();
    assert_eq!(screen(&h), Screen::Game);
    h.click(4, 4);
    assert_eq!(
        offer(&h).unwrap().record.moves.len(),
        1,
        "the new game's first move replaces it"
    );
    drop(h);
    let h = app_on(dir.path(), false, |_| {});
    assert_eq!(h.game().move_number(), 1, "and it is what the store holds");
}

#[test]
fn corrupt_or_older_saves_are_reported_and_leave_other_data_alone() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut store = Storage::in_dir(dir.path());
        store.set_with_format(RECORD_KEY, SAVE_FORMAT, &total(3, 1));
        store.set_raw(GAME_KEY, "\u{1}\u{2}not a game at all");
    }
    let h = app_on(dir.path(), false, |_| {});
    assert!(offer(&h).is_none());
    assert_eq!(
        *h.app.world().resource::<Record>(),
        total(3, 1),
        "the record is untouched"
    );
    let notice = h.app.world().resource::<Storage>().notice.clone().unwrap();
    assert!(notice.contains("上一局存档无法读取"), "{notice}");
    drop(h);

    {
        let mut store = Storage::in_dir(dir.path());
        store.set_with_format(GAME_KEY, SAVE_FORMAT + 1, &"from the future");
        store.set_with_format(RECORD_KEY, 0, &total(9, 9));
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
        assert_eq!(total_of(&h), (0, 1));
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
    assert_eq!(total_of(&h), (0, 1));
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
        settings.pacing = tengen::settings::Pacing::Fast;
        settings.sound = false;
        settings.language = tengen::i18n::Lang::En;
        h.update();
    }
    let h = app_on(dir.path(), false, |_| {});
    let settings = *h.app.world().resource::<tengen::settings::Settings>();
    assert_eq!(
        settings,
        tengen::settings::Settings {
            pacing: tengen::settings::Pacing::Fast,
            sound: false,
            language: tengen::i18n::Lang::En,
            ..Default::default()
        }
    );
}
