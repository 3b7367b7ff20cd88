//! Dead-stone judgement on finished positions.

use tengen_ai::dead_stones;
use tengen_ai::gtp::Engine;
use tengen_rules::{Board, Color, Game, RuleSet, parse_vertex};

/// A finished 9×9 game: each side has a two-column area with one hopeless invader in it.
const FINISHED: &str = "
    . . X X O O O . .
    . . X X O O O . .
    . . X X O O O . .
    . O X X O O O . .
    . . X X O O O . .
    . . X X O O O X .
    . . X X O O O . .
    . . X X O O O . .
    . . X X O O O . .";

#[test]
fn invaders_without_eyes_are_dead_and_walls_alive() {
    let game = Game::with_setup(
        Board::from_ascii(FINISHED).unwrap(),
        Color::Black,
        RuleSet::Chinese,
    );
    let at = |v| {
        let (c, r) = parse_vertex(9, v).unwrap();
        game.board().point(c, r)
    };
    let mut expected = vec![at("B6"), at("H4")];
    expected.sort();
    for seed in 0..20 {
        let mut dead = dead_stones(&game, 300, seed);
        dead.sort();
        assert_eq!(dead, expected, "seed {seed}");
    }
    let dead = expected;

    let mut scored = game.clone();
    scored.set_dead(&dead);
    let s = scored.score();
    assert_eq!((s.points(Color::Black), s.points(Color::White)), (36.0, 45.0));
}

#[test]
fn gtp_final_score_and_status_use_the_judgement() {
    let mut engine = Engine::new(tengen_ai::Level::NORMAL, 5);
    engine.handle_line("boardsize 9").unwrap();
    for (row, line) in FINISHED.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        for (col, ch) in line.split_whitespace().enumerate() {
            let color = match ch {
                "X" => "b",
                "O" => "w",
                _ => continue,
            };
            let vertex = tengen_rules::vertex_name(9, col as u8, row as u8);
            assert!(
                engine
                    .handle_line(&format!("play {color} {vertex}"))
                    .unwrap()
                    .0
                    .starts_with('=')
            );
        }
    }
    assert_eq!(engine.handle_line("final_score").unwrap().0, "= W+16.5\n\n");
    assert_eq!(
        engine.handle_line("final_status_list dead").unwrap().0,
        "= B6 H4\n\n"
    );
}
