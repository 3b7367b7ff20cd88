//! Game records in the app: a game saved as SGF opens again in review at the same position; the
//! review steps, follows a file's variations and continues from a position; finished games are
//! kept (the last 100, newest first), and an unreadable one is skipped without losing the others.

mod common;

use bevy::prelude::*;
use common::Harness;
use tengen::game::{Intent, Match, Mode};
use tengen::platform::archive::{ARCHIVE_KEY, ARCHIVE_SIZE, Archive};
use tengen::platform::files::OpenedFile;
use tengen::platform::storage::{SAVE_FORMAT, Storage};
use tengen::review::{ContinueChoice, Review, ReviewIntent};
use tengen::screens::Screen;
use tengen_ai::Level;
use tengen_rules::{Color, Move, Phase};

fn screen(h: &Harness) -> Screen {
    *h.app.world().resource::<State<Screen>>().get()
}

fn review(h: &Harness) -> &Review {
    h.app.world().resource::<Review>()
}

fn step(h: &mut Harness, intent: ReviewIntent) {
    h.send(intent);
    h.update();
}

/// Plays a short game by clicks, with a capture and a pass in it.
fn play_some_moves(h: &mut Harness) {
    for (c, r) in [(2, 2), (3, 2), (6, 6), (2, 3), (6, 2), (1, 2), (5, 5), (2, 1)] {
        h.click(c, r);
    }
    h.key(KeyCode::KeyP);
    h.click(4, 4);
}

#[test]
fn a_saved_game_opens_in_review_at_the_same_position_and_continues_from_any_move() {
    let mut h = Harness::new(9, (960, 720), |_| {});
    play_some_moves(&mut h);
    let played = h.game().clone();
    assert_eq!(played.captures(Color::White), 1, "the game has a capture");
    // What 「保存棋谱」 writes, opened again as a file.
    let text = played.to_sgf();
    h.send(OpenedFile {
        name: "game.sgf".into(),
        bytes: text.into_bytes(),
    });
    h.update();
    h.update();
    assert_eq!(screen(&h), Screen::Review);
    assert_eq!(review(&h).moves(), played.move_number());
    assert_eq!(review(&h).position().board(), played.board(), "the same stones");
    // Stepping.
    step(&mut h, ReviewIntent::First);
    assert_eq!(review(&h).shown(), 0);
    assert_eq!(review(&h).position().board().stone_counts(), [0, 0]);
    step(&mut h, ReviewIntent::Forward);
    step(&mut h, ReviewIntent::Forward);
    assert_eq!(review(&h).position().move_number(), 2);
    step(&mut h, ReviewIntent::Back);
    assert_eq!(review(&h).shown(), 1);
    step(&mut h, ReviewIntent::To(8));
    let mut expected = played.clone();
    while expected.move_number() > 8 {
        expected.undo();
    }
    assert_eq!(review(&h).position().board(), expected.board());
    h.key(KeyCode::End);
    assert_eq!(
        review(&h).shown(),
        played.move_number(),
        "End goes to the last move"
    );
    // 「从这里继续」 from move 8, two players: that position, White to move, undo works.
    step(&mut h, ReviewIntent::To(8));
    let two_players = ContinueChoice {
        mode: Mode::TwoPlayer,
        level: Level::NORMAL,
        human: Color::White,
    };
    step(&mut h, ReviewIntent::ContinueFrom(two_players));
    h.update();
    assert_eq!(screen(&h), Screen::Game);
    assert_eq!(h.game().board(), expected.board());
    assert_eq!(h.game().move_number(), 8);
    h.click(8, 8);
    assert_eq!(h.game().move_number(), 9, "and play goes on");
    h.key(KeyCode::KeyZ);
    h.key(KeyCode::KeyZ);
    assert_eq!(h.game().move_number(), 7, "with the history to undo");
}

#[test]
fn an_opened_file_with_variations_lists_them_and_follows_the_chosen_one() {
    let mut h = Harness::new(9, (960, 720), |_| {});
    // After B E5, two answers: W C3 (the main line, then B G7) or W G3.
    let sgf = "(;GM[1]FF[4]SZ[9];B[ee](;W[cg];B[gc])(;W[gg]))";
    h.send(OpenedFile {
        name: "branch.sgf".into(),
        bytes: sgf.as_bytes().to_vec(),
    });
    h.update();
    h.update();
    assert_eq!(screen(&h), Screen::Review);
    assert_eq!(review(&h).moves(), 3, "the main line");
    step(&mut h, ReviewIntent::To(1));
    let variations = review(&h).variations();
    let moves: Vec<_> = variations.iter().map(|(_, mv)| *mv).collect();
    assert_eq!(
        moves,
        vec![(Color::White, Some((2, 6))), (Color::White, Some((6, 6)))]
    );
    step(&mut h, ReviewIntent::Variation(variations[1].0));
    assert_eq!(review(&h).moves(), 2, "the other line");
    assert_eq!(review(&h).shown(), 2, "showing the variation's move");
    let g = review(&h).position();
    assert_eq!(
        g.last_move(),
        Some((Color::White, Move::Place(g.board().point(6, 6))))
    );
    // A file that is not SGF: a notice, and nothing else changes.
    step(&mut h, ReviewIntent::Leave);
    h.send(OpenedFile {
        name: "junk.sgf".into(),
        bytes: b"(;GM[1]SZ[9];B[zz".to_vec(),
    });
    h.update();
    h.update();
    assert_ne!(screen(&h), Screen::Review);
    let notice = &h.app.world().resource::<tengen::overlay::Notice>().text;
    assert!(notice.contains("junk.sgf"), "{notice}");
}

fn finish_a_game(h: &mut Harness, moves: &[(u8, u8)]) {
    for &(c, r) in moves {
        h.click(c, r);
    }
    h.intent(Intent::Resign);
    h.key(KeyCode::Enter);
    h.update();
    assert!(matches!(h.game().phase(), Phase::Over(_)));
}

#[test]
fn finished_games_are_kept_newest_first_bounded_and_survive_a_bad_entry() {
    let dir = tempfile::tempdir().unwrap();
    let open = |in_game: bool| {
        Harness::with_storage(9, (960, 720), |_| {}, Some(Storage::in_dir(dir.path())), in_game)
    };
    {
        let mut h = open(true);
        finish_a_game(&mut h, &[(2, 2), (6, 6)]);
        h.intent(Intent::Restart);
        finish_a_game(&mut h, &[(4, 4), (3, 3), (5, 5)]);
        let archive = h.app.world().resource::<Archive>();
        assert_eq!(archive.0.len(), 2);
        assert_eq!(archive.0[0].record.moves.len(), 3, "newest first");
        assert!(archive.0[0].record.outcome.is_some(), "with its result");
    }
    // Kept on the device; one entry spoiled: it is skipped, with a notice, and the other kept.
    let kept: Vec<serde_json::Value> = {
        let h = open(false);
        let archive = h.app.world().resource::<Archive>();
        assert_eq!(archive.0.len(), 2, "read back after a restart");
        archive
            .0
            .iter()
            .map(|g| serde_json::to_value(g).unwrap())
            .collect()
    };
    {
        let mut store = Storage::in_dir(dir.path());
        let spoiled = vec![serde_json::json!({"date": 7}), kept[1].clone()];
        store.set_with_format(ARCHIVE_KEY, SAVE_FORMAT, &spoiled);
    }
    let mut h = open(false);
    assert_eq!(
        h.app.world().resource::<Archive>().0.len(),
        1,
        "the readable one survives"
    );
    let notice = h
        .app
        .world()
        .resource::<Storage>()
        .notice
        .clone()
        .unwrap_or_default();
    assert!(notice.contains("无法读取"), "{notice}");
    // Bounded: with the list full, a new game pushes the oldest out.
    let full: Vec<_> = (0..ARCHIVE_SIZE)
        .map(|_| h.app.world().resource::<Archive>().0[0].clone())
        .collect();
    h.app.world_mut().resource_mut::<Archive>().0 = full;
    h.app
        .world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Game);
    h.update();
    h.update();
    finish_a_game(&mut h, &[(1, 1)]);
    let archive = h.app.world().resource::<Archive>();
    assert_eq!(archive.0.len(), ARCHIVE_SIZE);
    assert_eq!(archive.0[0].record.moves.len(), 1, "the new one first");
    assert_eq!(h.app.world().resource::<Match>().game.move_number(), 1);
}
