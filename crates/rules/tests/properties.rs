//! Invariants over random games on every standard size: chains always have liberties, captures
//! match the stones removed, the incremental hash matches a recomputed one, undo is exact, and a
//! saved record replays to the same game.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use tengen_rules::{Game, Move, Phase, RuleSet, STANDARD_SIZES};

/// Everything that undo must restore.
fn state(g: &Game) -> impl PartialEq + std::fmt::Debug + use<> {
    (
        g.board().clone(),
        g.board().hash(),
        g.board().ko(),
        g.to_move(),
        g.move_number(),
        [
            g.captures(tengen_rules::Color::Black),
            g.captures(tengen_rules::Color::White),
        ],
        g.consecutive_passes(),
        g.phase(),
        g.position_hashes().to_vec(),
    )
}

/// A random legal move, eye-filling allowed now and then so that captures and kos happen.
fn random_move(g: &Game, rng: &mut SmallRng) -> Move {
    let mut points: Vec<_> = g.board().empty_points().collect();
    points.shuffle(rng);
    let fill_eyes = rng.random_bool(0.2);
    points
        .into_iter()
        .find(|&p| (fill_eyes || !g.board().is_eye(p, g.to_move())) && g.is_legal(Move::Place(p)))
        .map_or(Move::Pass, Move::Place)
}

fn run_game(seed: u64, size: u8, rules: RuleSet, plies: usize) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut g = Game::new(size, rules);
    g.set_passes_end_play(false);
    for _ in 0..plies {
        let mv = random_move(&g, &mut rng);
        let before = state(&g);
        let stones_before: usize = g.board().stone_counts().iter().sum();
        let captured = g.play(mv).expect("a legal move is accepted");
        let stones_after: usize = g.board().stone_counts().iter().sum();
        let placed = usize::from(matches!(mv, Move::Place(_)));
        assert_eq!(
            stones_before + placed - captured as usize,
            stones_after,
            "captured = removed"
        );
        g.board().check_invariants();
        if rng.random_bool(0.1) {
            g.undo().expect("undo after a move");
            assert_eq!(state(&g), before, "undo restores the exact prior state");
            g.play(mv).unwrap();
        }
    }
    let replayed = Game::from_record(&g.to_record()).expect("own record loads");
    assert_eq!(state(&replayed), state(&g));
    assert_eq!(g.phase(), Phase::Playing);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_invariants(seed in any::<u64>(), size_index in 0usize..3, rules_index in 0usize..3) {
        let size = STANDARD_SIZES[size_index];
        let plies = size as usize * size as usize * 2;
        run_game(seed, size, RuleSet::ALL[rules_index], plies);
    }
}

#[test]
fn undo_all_the_way_returns_to_the_empty_board() {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut g = Game::new(9, RuleSet::Chinese);
    g.set_passes_end_play(false);
    let start = state(&g);
    for _ in 0..300 {
        let mv = random_move(&g, &mut rng);
        g.play(mv).unwrap();
    }
    while g.undo().is_some() {}
    assert_eq!(state(&g), start);
}
