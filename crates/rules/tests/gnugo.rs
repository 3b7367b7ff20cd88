//! Differential test against GNU Go 3.8 (`/usr/games/gnugo --mode gtp`): random games on 9×9 and
//! 19×19; before every move the legality of candidate points is compared with GNU Go's
//! `is_legal`, and the stones with `list_stones`. GNU Go knows simple ko only, so our side plays
//! under Japanese rules. `TENGEN_GNUGO_GAMES=N` plays N games per size (default 60 on 9×9 and
//! 40 on 19×19).

mod common;

use std::collections::BTreeSet;

use common::{Gtp, color_word as letter};
use rand::rngs::SmallRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use tengen_rules::{Color, Game, Move, Phase, Point, RuleSet, vertex_name};

fn vertex(game: &Game, p: Point) -> String {
    let (c, r) = game.board().coords(p);
    vertex_name(game.size(), c, r)
}

/// Plays one random game against GNU Go's referee; returns (legality checks, refusals among
/// them, stone checks).
fn play_game(gtp: &mut Gtp, size: u8, seed: u64) -> (usize, usize, usize) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(size, RuleSet::Japanese);
    game.set_passes_end_play(false);
    gtp.batch(&[format!("boardsize {size}"), "clear_board".into()]);
    let (mut legality, mut refusals, mut stone_checks) = (0, 0, 0);
    let max_plies = size as usize * size as usize * 3;
    // Filling own eyes now and then makes suicides, captures of big chains and kos likely.
    let eye_fill = rng.random_range(0.0..0.3);
    for ply in 0..max_plies {
        let color = game.to_move();
        let mut candidates: Vec<Point> = game
            .board()
            .points()
            .filter(|&p| game.board().color_at(p).is_none())
            .collect();
        candidates.shuffle(&mut rng);
        if size > 9 {
            candidates.truncate(60);
        }
        if let Some(ko) = game.ko_point() {
            candidates.push(ko);
        }
        let answers = gtp.batch(
            &candidates
                .iter()
                .map(|&p| format!("is_legal {} {}", letter(color), vertex(&game, p)))
                .collect::<Vec<_>>(),
        );
        let mut legal = Vec::new();
        for (&p, answer) in candidates.iter().zip(&answers) {
            let ours = game.check(color, Move::Place(p));
            assert_eq!(
                ours.is_ok(),
                answer == "1",
                "seed {seed} ply {ply}: {} {} ours {ours:?} gnugo {answer}\n{:?}",
                letter(color),
                vertex(&game, p),
                game.board()
            );
            legality += 1;
            refusals += usize::from(ours.is_err());
            if ours.is_ok() && (rng.random_bool(eye_fill) || !game.board().is_eye(p, color)) {
                legal.push(p);
            }
        }
        let mv = match legal.choose(&mut rng) {
            Some(&p) if !rng.random_bool(0.02) => Move::Place(p),
            _ => Move::Pass,
        };
        game.play(mv).unwrap();
        let text = match mv {
            Move::Place(p) => vertex(&game, p),
            Move::Pass => "pass".into(),
        };
        gtp.one(format!("play {} {text}", letter(color)));
        if ply % 8 == 0 || mv == Move::Pass {
            for c in [Color::Black, Color::White] {
                let theirs: BTreeSet<String> = gtp.stones(c);
                assert_eq!(
                    common::stones(game.board(), c),
                    theirs,
                    "seed {seed} ply {ply}: {} stones",
                    letter(c)
                );
                stone_checks += 1;
            }
        }
        let last_two_passed =
            game.history().len() >= 2 && game.history().iter().rev().take(2).all(|t| t.mv == Move::Pass);
        if last_two_passed {
            break;
        }
        assert_eq!(game.phase(), Phase::Playing);
    }
    (legality, refusals, stone_checks)
}

#[test]
fn legality_and_captures_agree_with_gnugo() {
    let games: Option<u64> = std::env::var("TENGEN_GNUGO_GAMES")
        .ok()
        .and_then(|v| v.parse().ok());
    let mut gtp = Gtp::start();
    let mut totals = (0, 0, 0, 0);
    for (size, default_games) in [(9u8, 60u64), (19, 40)] {
        for seed in 0..games.unwrap_or(default_games) {
            let (l, r, s) = play_game(&mut gtp, size, seed * 31 + size as u64);
            totals = (totals.0 + 1, totals.1 + l, totals.2 + r, totals.3 + s);
        }
    }
    eprintln!(
        "gnugo differential: {} games, {} legality checks ({} refused), {} stone-list checks, 0 disagreements",
        totals.0, totals.1, totals.2, totals.3
    );
    assert!(
        totals.2 > 0,
        "the games must reach suicide and ko points to test anything"
    );
}
