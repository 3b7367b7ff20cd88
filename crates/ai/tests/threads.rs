//! The hard level on several threads: one thread is the lone search it always was, more threads
//! answer legal moves within R10's limits, and a dropped guard stops a running search at once.

use std::thread;

use tengen_ai::{CancelOnDrop, Decision, Level, Limits, Search};
use tengen_rules::{Game, Move, RuleSet};
use web_time::{Duration, Instant};

/// Slack over R10's limit for the last chunk of simulations, the threads' join and a busy
/// machine: tests run side by side.
const MARGIN: Duration = Duration::from_millis(300);

/// A search that, left alone, runs far longer than any test waits.
const A_MINUTE: Limits = Limits {
    time: Some(Duration::from_secs(60)),
    simulations: None,
};

/// R10: 1.5 s on 9×9, 2.5 s on larger boards.
fn r10_limit(size: u8) -> Duration {
    Duration::from_millis(if size <= 9 { 1500 } else { 2500 })
}

/// A few moves into a game, so the search has something to think about.
fn opening(size: u8) -> Game {
    let mut game = Game::new(size, RuleSet::Chinese);
    for (c, r) in [(2, 2), (size - 3, size - 3), (size - 3, 2)] {
        let p = game.board().point(c, r);
        game.play(Move::Place(p)).unwrap();
    }
    game
}

#[test]
fn one_thread_searches_as_before() {
    let game = opening(9);
    let lone = Search::with_limits(&game, Level::HARD, 11, Limits::simulations(1500));
    let stepped = {
        let mut s = Search::with_limits(&game, Level::HARD, 11, Limits::simulations(1500));
        while !s.step_simulations(50) {}
        s.best()
    };
    let mut threaded = lone.with_threads(1);
    assert_eq!(threaded.threads(), 1);
    assert_eq!(threaded.run(), stepped);
    assert_eq!(threaded.simulations(), 1500);
}

#[test]
fn only_the_hard_level_takes_threads_and_reuse_keeps_them() {
    let mut game = opening(9);
    for level in [Level::EASY, Level::NORMAL] {
        assert_eq!(Search::new(&game, level, 1).with_threads(4).threads(), 1);
    }
    let mut search = Search::with_limits(&game, Level::HARD, 1, Limits::simulations(600)).with_threads(2);
    assert_eq!(search.threads(), 2);
    let Decision::Play(mv) = search.run() else {
        panic!("resigned")
    };
    assert!(search.simulations() >= 600);
    game.play(mv).unwrap();
    let next = Search::continuing(Some(search), &game, Level::HARD, 2, Limits::simulations(600));
    assert_eq!(next.threads(), 2);
}

#[test]
fn two_threads_answer_a_legal_move_within_the_time_limit() {
    let game = opening(9);
    let started = Instant::now();
    let mut search = Search::new(&game, Level::HARD, 5).with_threads(2);
    let decision = search.run();
    assert!(
        started.elapsed() <= r10_limit(9) + MARGIN,
        "{:?}",
        started.elapsed()
    );
    let Decision::Play(mv) = decision else {
        panic!("resigned in the opening")
    };
    assert!(game.is_legal(mv), "{mv:?}");
    assert!(search.simulations() > 0);
}

#[test]
fn the_time_limit_holds_at_every_thread_count() {
    for size in [9, 19] {
        let game = opening(size);
        for threads in [1, 2, 4] {
            let started = Instant::now();
            let mut search = Search::new(&game, Level::HARD, threads as u64).with_threads(threads);
            assert!(matches!(search.run(), Decision::Play(_)));
            let took = started.elapsed();
            assert!(
                took <= r10_limit(size) + MARGIN,
                "{size}×{size}, {threads} threads: {took:?}"
            );
        }
    }
}

#[test]
fn dropping_the_guard_stops_a_running_search_and_all_its_threads() {
    let game = opening(19);
    for threads in [1, 2, 4] {
        let guard = CancelOnDrop::default();
        let mut search = Search::with_limits(&game, Level::HARD, 3, A_MINUTE)
            .with_threads(threads)
            .stopped_by(guard.signal());
        let running = thread::spawn(move || {
            let decision = search.run();
            (decision, search)
        });
        thread::sleep(Duration::from_millis(200));
        let cancelled = Instant::now();
        drop(guard);
        let (decision, search) = running.join().unwrap();
        // Left alone it would run for a minute; stopped, it ends within a chunk of simulations
        // (milliseconds), given generous room for a machine busy with other work.
        let took = cancelled.elapsed();
        assert!(took <= Duration::from_secs(2), "{threads} threads: {took:?}");
        assert!(matches!(decision, Decision::Play(Move::Place(_))));
        // Nothing simulates on behind the owner's back.
        let simulations = search.simulations();
        assert!(simulations > 0);
        thread::sleep(Duration::from_millis(50));
        assert_eq!(search.simulations(), simulations, "{threads} threads");
    }
}

#[test]
fn a_guard_dropped_before_its_search_was_built_stops_it_at_once() {
    // The game builds its search in the task that runs it; the player may have moved on (an
    // undo) before the task began.
    let game = opening(19);
    let guard = CancelOnDrop::default();
    let signal = guard.signal();
    drop(guard);
    let mut search = Search::with_limits(&game, Level::HARD, 3, A_MINUTE)
        .with_threads(2)
        .stopped_by(signal);
    assert!(matches!(search.run(), Decision::Play(_)));
    // One chunk of simulations at most, where a minute's search runs hundreds of thousands.
    assert!(search.simulations() <= 1_000, "{}", search.simulations());
}
