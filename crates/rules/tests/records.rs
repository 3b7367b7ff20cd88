//! Saving and loading: the serde record and SGF, both ways, and bad input that must be refused
//! with a message naming what is wrong, never a panic.

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use tengen_rules::{Board, Color, Game, Move, Phase, RECORD_FORMAT, RecordError, RuleSet, parse_vertex};

fn random_game(seed: u64, size: u8, rules: RuleSet, plies: usize) -> Game {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut g = Game::new(size, rules);
    for _ in 0..plies {
        let legal: Vec<Move> = g
            .board()
            .empty_points()
            .map(Move::Place)
            .filter(|&m| g.is_legal(m))
            .chain([Move::Pass])
            .collect();
        let mv = *legal.choose(&mut rng).unwrap();
        g.play(mv).unwrap();
        if g.phase() != Phase::Playing {
            break;
        }
    }
    g
}

fn same_game(a: &Game, b: &Game) {
    assert_eq!(a.board(), b.board());
    assert_eq!(a.to_move(), b.to_move());
    assert_eq!(a.move_number(), b.move_number());
    assert_eq!(a.rules(), b.rules());
    assert_eq!(a.komi(), b.komi());
    assert_eq!(a.phase(), b.phase());
    assert_eq!(a.info, b.info);
    assert_eq!(a.position_hashes(), b.position_hashes());
    let moves = |g: &Game| g.history().iter().map(|t| (t.color, t.mv)).collect::<Vec<_>>();
    assert_eq!(moves(a), moves(b));
}

#[test]
fn sgf_round_trip_keeps_every_move_and_property() {
    for (seed, size, rules) in [
        (1, 9, RuleSet::Chinese),
        (2, 13, RuleSet::Japanese),
        (3, 19, RuleSet::Korean),
    ] {
        let mut g = random_game(seed, size, rules, 150);
        g.info.black = "黑方 [Kuro]".into();
        g.info.white = "White\\Shiro".into();
        g.info.date = "2026-11-30".into();
        let text = g.to_sgf();
        assert!(text.contains(&format!("SZ[{size}]")), "{text}");
        let back = Game::from_sgf(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        same_game(&g, &back);
        assert_eq!(back.to_sgf(), text);
    }
}

#[test]
fn sgf_writes_result_and_reads_setup_stones() {
    let mut g = random_game(4, 9, RuleSet::Chinese, 20);
    g.resign(Color::White);
    assert!(g.to_sgf().contains("RE[B+R]"));

    let text = "(;FF[4]GM[1]SZ[9]KM[0.5]RU[Japanese]AB[cc][gg]AW[cg];W[ee];B[];W[tt])";
    let h = Game::from_sgf(text).unwrap();
    assert_eq!(h.rules(), RuleSet::Japanese);
    assert_eq!(h.komi(), 0.5);
    assert_eq!(
        h.first_to_move(),
        Color::Black,
        "AW present: no handicap rule, black first"
    );
    let at = |v| {
        let (c, r) = parse_vertex(9, v).unwrap();
        h.board().point(c, r)
    };
    assert_eq!(h.board().color_at(at("C7")), Some(Color::Black));
    assert_eq!(h.board().color_at(at("C3")), Some(Color::White));
    assert_eq!(h.board().color_at(at("E5")), Some(Color::White));
    assert_eq!(h.move_number(), 3);
    assert_eq!(h.history()[2].mv, Move::Pass, "tt is a pass on 9x9");
    assert_eq!(h.phase(), Phase::Scoring, "two passes end play");

    let handicap = Game::from_sgf("(;SZ[19]HA[2]AB[dd][pp])").unwrap();
    assert_eq!(handicap.to_move(), Color::White);
    let back = Game::from_sgf(&handicap.to_sgf()).unwrap();
    assert_eq!(back.initial_board(), handicap.initial_board());
    assert_eq!(back.to_move(), Color::White);
}

#[test]
fn bad_sgf_names_the_node_and_move() {
    let cases = [
        ("(;SZ[9];B[ee];W[ee])", Some(2), "move 2 W[ee] is illegal"),
        ("(;SZ[9];B[ee];W[zz])", Some(2), "off the 9x9 board"),
        ("(;SZ[25])", Some(0), "not supported"),
        (
            "(;SZ[9]AB[aa][ba]AW[ab][bb][ca];B[ee])",
            Some(0),
            "without liberties",
        ),
        ("(;SZ[9];B[ee];AB[aa])", Some(2), "set-up stones after the root"),
        ("(;SZ[9]KM[seven])", Some(0), "invalid property KM"),
        ("(;SZ[9];B[ee]", None, ""),
        ("garbage", None, ""),
        ("", None, ""),
    ];
    for (text, node, words) in cases {
        let err = Game::from_sgf(text).expect_err(text);
        assert_eq!(err.node, node, "{text}: {err}");
        assert!(err.to_string().contains(words), "{text}: {err}");
    }
}

#[test]
fn record_round_trips_through_json() {
    let mut g = random_game(5, 13, RuleSet::Korean, 120);
    g.play(Move::Pass).unwrap();
    if g.phase() == Phase::Playing {
        g.play(Move::Pass).unwrap();
    }
    let stone = g
        .board()
        .points()
        .find(|&p| g.board().color_at(p).is_some())
        .unwrap();
    g.toggle_dead(stone);
    let json = serde_json::to_string(&g.to_record()).unwrap();
    let back = Game::from_record(&serde_json::from_str(&json).unwrap()).unwrap();
    same_game(&g, &back);
    assert_eq!(back.dead_stones(), g.dead_stones());
    assert_eq!(back.captures(Color::Black), g.captures(Color::Black));
    assert_eq!(back.captures(Color::White), g.captures(Color::White));
}

#[test]
fn record_from_another_format_or_with_an_illegal_move_is_refused() {
    let g = random_game(6, 9, RuleSet::Chinese, 30);
    let mut old = g.to_record();
    old.format = RECORD_FORMAT - 1;
    assert_eq!(
        Game::from_record(&old).unwrap_err(),
        RecordError::Format {
            found: RECORD_FORMAT - 1,
            expected: RECORD_FORMAT
        }
    );
    let mut bad = g.to_record();
    let first = bad.moves.iter().position(|m| m.at.is_some()).unwrap();
    bad.moves.insert(first + 1, bad.moves[first]);
    assert!(matches!(Game::from_record(&bad), Err(RecordError::Illegal { index, .. }) if index == first + 1));
    let mut off = g.to_record();
    off.moves[first].at = Some((9, 0));
    assert!(matches!(
        Game::from_record(&off),
        Err(RecordError::BadPoint { .. })
    ));
    assert!(serde_json::from_str::<tengen_rules::GameRecord>("{\"format\":1,").is_err());
}

#[test]
fn ascii_pictures_round_trip() {
    let g = random_game(8, 9, RuleSet::Chinese, 60);
    let picture = g.board().to_ascii();
    assert_eq!(&Board::from_ascii(&picture).unwrap(), g.board());
}

proptest! {
    /// No text makes the SGF reader panic.
    #[test]
    fn sgf_reader_never_panics(text in "\\PC{0,80}") {
        let _ = Game::from_sgf(&text);
    }

    #[test]
    fn sgf_reader_never_panics_on_sgf_like_text(text in "\\(;(SZ\\[[0-9]{1,2}\\]|[BW]\\[[a-u]{0,2}\\]|A[BW](\\[[a-u]{2}\\]){1,3}|;|KM\\[[0-9.]{0,4}\\]){0,12}\\)?") {
        let _ = Game::from_sgf(&text);
    }
}
