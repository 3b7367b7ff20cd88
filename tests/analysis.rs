//! 复盘's analysis in the app: reviewing a finished game analyses every position off the frame
//! (each the engine's `analyse` of that position), it can be stopped and taken up again, the
//! better move shows on the board, and the finished analysis is kept with the game on the
//! device, so reviewing it again — after a restart too — needs no search.

mod common;

use bevy::prelude::*;
use common::Harness;
use tengen::game::{Intent, ShownBetter};
use tengen::platform::archive::Archive;
use tengen::platform::storage::Storage;
use tengen::review::{Analysis, ReviewIntent};
use tengen::screens::Screen;
use tengen_rules::{Move, Phase};

fn analysis(h: &Harness) -> &Analysis {
    h.app.world().resource::<Analysis>()
}

fn open(dir: &std::path::Path, in_game: bool) -> Harness {
    Harness::with_storage(9, (960, 720), |_| {}, Some(Storage::in_dir(dir)), in_game)
}

/// The position after `n` moves of `record`, play going on.
fn position(record: &tengen_rules::GameRecord, n: usize) -> tengen_rules::Game {
    let mut r = record.clone();
    r.moves.truncate(n);
    r.outcome = None;
    r.passes_end_play = false;
    tengen_rules::Game::from_record(&r).unwrap()
}

#[test]
fn a_reviewed_game_is_analysed_once_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open(dir.path(), true);
    for (c, r) in [(2, 2), (6, 6), (6, 2), (2, 6), (4, 4), (4, 3)] {
        h.click(c, r);
    }
    h.intent(Intent::Resign);
    h.key(KeyCode::Enter);
    h.update();
    assert!(matches!(h.game().phase(), Phase::Over(_)));
    let record = h.game().to_record();
    h.intent(Intent::Review);
    h.update();
    assert_eq!(
        analysis(&h).progress().1,
        7,
        "the start and after each of 6 moves"
    );

    // Stopped: nothing more is searched until it is taken up again.
    h.send(ReviewIntent::ToggleAnalysis);
    h.update();
    let stopped_at = analysis(&h).progress().0;
    for _ in 0..50 {
        h.update();
    }
    assert!(analysis(&h).is_stopped());
    assert_eq!(analysis(&h).progress().0, stopped_at);
    h.send(ReviewIntent::ToggleAnalysis);
    assert!(
        h.update_until(5000, |h| analysis(h).is_complete()),
        "analysed: {:?}",
        analysis(&h).progress()
    );

    // Each position is the engine's analysis of it (a search of fixed size: the same anywhere).
    let chances: Vec<f32> = analysis(&h).black_chances().map(Option::unwrap).collect();
    for n in [0, 3, 6] {
        let game = position(&record, n);
        assert_eq!(
            tengen_ai::analyse(&game, n as u64, tengen_ai::Depth::Review).black,
            chances[n],
            "position {n}"
        );
    }

    // The better move shows with the move it was better than, unless that move was the best.
    h.send(ReviewIntent::To(3));
    h.update();
    h.update();
    let before = position(&record, 2);
    let best = tengen_ai::analyse(&before, 2, tengen_ai::Depth::Review).best;
    let played = record.moves[2];
    let expected = best
        .filter(|&b| Some(b) != played.at)
        .map(|(c, r)| (played.color, Move::Place(before.board().point(c, r))));
    assert_eq!(h.app.world().resource::<ShownBetter>().0, expected);

    // Kept with the finished game, and read back after a restart: complete at once.
    let kept = h.app.world().resource::<Archive>().0[0].analysis.clone();
    assert_eq!(kept.map(|k| k.len()), Some(7));
    drop(h);
    let mut h = open(dir.path(), false);
    let game = h.app.world().resource::<Archive>().0[0].clone();
    h.app
        .world_mut()
        .insert_resource(tengen::review::Review::of_record(
            game.record,
            game.setup,
            String::new(),
            tengen::review::Back::Records,
        ));
    h.app
        .world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Review);
    h.update();
    h.update();
    assert!(analysis(&h).is_complete(), "{:?}", analysis(&h).progress());
    let again: Vec<f32> = analysis(&h).black_chances().map(Option::unwrap).collect();
    assert_eq!(again, chances);
}
