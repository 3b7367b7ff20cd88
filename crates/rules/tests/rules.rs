//! One test per rule of R2–R8, on hand-made positions.

use tengen_rules::{Board, Color, Game, Move, Outcome, Phase, Point, Refusal, RuleSet, parse_vertex};

fn game(picture: &str, to_move: Color, rules: RuleSet) -> Game {
    Game::with_setup(Board::from_ascii(picture).expect("valid picture"), to_move, rules)
}

fn at(game: &Game, vertex: &str) -> Point {
    let (c, r) = parse_vertex(game.size(), vertex).expect("vertex on the board");
    game.board().point(c, r)
}

fn play(game: &mut Game, vertex: &str) -> Result<u16, Refusal> {
    let mv = if vertex == "pass" {
        Move::Pass
    } else {
        Move::Place(at(game, vertex))
    };
    game.play(mv)
}

/// A refused move must leave everything as it was (R4).
fn assert_refused(game: &mut Game, vertex: &str, reason: Refusal) {
    let before = (
        game.board().clone(),
        game.to_move(),
        game.move_number(),
        game.position_hashes().to_vec(),
    );
    assert_eq!(play(game, vertex), Err(reason), "{vertex}");
    assert_eq!(
        before,
        (
            game.board().clone(),
            game.to_move(),
            game.move_number(),
            game.position_hashes().to_vec()
        )
    );
}

const KO: &str = "
    . X O . .
    X O . O .
    . X O . .
    . . . . .
    . . . . .";

#[test]
fn occupied_point_is_refused() {
    let mut g = game(KO, Color::Black, RuleSet::Chinese);
    assert_refused(&mut g, "B5", Refusal::Occupied);
    assert_refused(&mut g, "C5", Refusal::Occupied);
}

#[test]
fn single_stone_suicide_is_refused() {
    let mut g = game(
        "
        . X . . .
        X . . . .
        . . . . .
        . . . . .
        . . . . .",
        Color::White,
        RuleSet::Chinese,
    );
    assert_refused(&mut g, "A5", Refusal::Suicide);
}

#[test]
fn group_suicide_is_refused() {
    let mut g = game(
        "
        . O X . .
        O O X . .
        X X . . .
        . . . . .
        . . . . .",
        Color::White,
        RuleSet::Japanese,
    );
    assert_refused(&mut g, "A5", Refusal::Suicide);
    assert_eq!(g.forbidden_points(), vec![(at(&g, "A5"), Refusal::Suicide)]);
}

#[test]
fn capture_comes_before_suicide_and_takes_several_groups() {
    let mut g = game(
        "
        . X O . .
        X O . . .
        O . . . .
        . . . . .
        . . . . .",
        Color::White,
        RuleSet::Chinese,
    );
    // White A5 has no liberty of its own, but it takes B5 and A4 (two separate chains) first.
    assert_eq!(play(&mut g, "A5"), Ok(2));
    assert_eq!(g.board().color_at(at(&g, "B5")), None);
    assert_eq!(g.board().color_at(at(&g, "A4")), None);
    assert_eq!(g.captures(Color::White), 2);
    assert_eq!(g.liberties(at(&g, "A5")), 2);
    g.board().check_invariants();
}

#[test]
fn snapback_retakes_more_than_one_stone() {
    let mut g = game(
        "
        X . . X O
        X X X O .
        O O O . .
        . . . . .
        . . . . .",
        Color::White,
        RuleSet::Chinese,
    );
    assert_eq!(play(&mut g, "B5"), Ok(0)); // throw-in
    assert_eq!(play(&mut g, "C5"), Ok(1)); // black takes it …
    assert_eq!(g.liberties(at(&g, "C5")), 1);
    assert_eq!(play(&mut g, "B5"), Ok(6)); // … and white takes back six: not a ko
    assert_eq!(g.captures(Color::White), 6);
    g.board().check_invariants();
}

#[test]
fn ko_retake_is_refused_until_a_threat_is_played() {
    for rules in RuleSet::ALL {
        let mut g = game(KO, Color::Black, rules);
        assert_eq!(play(&mut g, "C4"), Ok(1));
        assert_eq!(g.ko_point(), Some(at(&g, "B4")));
        assert!(g.forbidden_points().contains(&(at(&g, "B4"), Refusal::Ko)));
        assert_refused(&mut g, "B4", Refusal::Ko);
        play(&mut g, "E1").unwrap(); // threat
        play(&mut g, "A1").unwrap(); // answer
        assert_eq!(g.ko_point(), None);
        assert_eq!(play(&mut g, "B4"), Ok(1), "{rules:?}");
    }
}

#[test]
fn retake_after_two_passes_is_superko_but_simple_ko_allows_it() {
    for (rules, expected) in [
        (RuleSet::Chinese, Err(Refusal::Superko)),
        (RuleSet::Korean, Err(Refusal::Superko)),
        (RuleSet::Japanese, Ok(1)),
    ] {
        let mut g = game(KO, Color::Black, rules);
        g.set_passes_end_play(false); // as in GTP
        play(&mut g, "C4").unwrap();
        play(&mut g, "pass").unwrap();
        play(&mut g, "pass").unwrap();
        assert_eq!(play(&mut g, "B4"), expected, "{rules:?}");
    }
}

/// Three kos: black can take in the first and third, white in the second. Six captures in
/// turn bring the opening position back, each one a legal simple-ko retake.
const TRIPLE_KO: &str = "
    . . . . . . . . .
    . X O . . . O X .
    X O . O . O X . X
    . X O . . . O X .
    . . . . . . . . .
    . X O . . . . . .
    X O . O . . . . .
    . X O . . . . . .
    . . . . . . . . .";

#[test]
fn triple_ko_cycle_is_refused_under_superko_only() {
    for (rules, last) in [
        (RuleSet::Chinese, Err(Refusal::Superko)),
        (RuleSet::Korean, Err(Refusal::Superko)),
        (RuleSet::Japanese, Ok(1)),
    ] {
        let mut g = game(TRIPLE_KO, Color::Black, rules);
        for v in ["C7", "H7", "C3", "B7", "G7"] {
            assert_eq!(play(&mut g, v), Ok(1), "{rules:?} {v}");
        }
        assert_eq!(play(&mut g, "B3"), last, "{rules:?}");
    }
    let mut g = game(TRIPLE_KO, Color::Black, RuleSet::Japanese);
    for v in ["C7", "H7", "C3", "B7", "G7", "B3"] {
        play(&mut g, v).unwrap();
    }
    assert_eq!(
        g.board(),
        &Board::from_ascii(TRIPLE_KO).unwrap(),
        "the cycle returns to the start"
    );
}

#[test]
fn two_passes_open_scoring_and_resume_withdraws_them() {
    let mut g = Game::new(9, RuleSet::Chinese);
    play(&mut g, "E5").unwrap();
    play(&mut g, "pass").unwrap();
    assert_eq!(g.phase(), Phase::Playing);
    play(&mut g, "pass").unwrap();
    assert_eq!(g.phase(), Phase::Scoring);
    assert_eq!(g.move_number(), 3, "passes count as moves (R5)");
    assert_eq!(play(&mut g, "D4"), Err(Refusal::Scoring));
    g.resume_play();
    assert_eq!(g.phase(), Phase::Playing);
    assert_eq!(g.move_number(), 1);
    assert_eq!(g.to_move(), Color::White, "the player who passed first moves");
}

#[test]
fn undo_in_scoring_withdraws_the_pass_and_clears_marks() {
    let mut g = Game::new(9, RuleSet::Chinese);
    play(&mut g, "E5").unwrap();
    play(&mut g, "pass").unwrap();
    play(&mut g, "pass").unwrap();
    assert_eq!(g.toggle_dead(at(&g, "E5")), Some(true));
    assert!(g.undo().is_some());
    assert_eq!(g.phase(), Phase::Playing);
    assert_eq!(g.consecutive_passes(), 1);
    assert!(g.dead_stones().is_empty());
    assert_eq!(g.to_move(), Color::Black);
}

#[test]
fn undo_restores_captured_stones_and_counts() {
    let mut g = game(KO, Color::Black, RuleSet::Chinese);
    let start = g.board().clone();
    play(&mut g, "C4").unwrap();
    assert_eq!(g.captures(Color::Black), 1);
    g.undo().unwrap();
    assert_eq!(g.board(), &start);
    assert_eq!(g.board().hash(), start.hash());
    assert_eq!(g.captures(Color::Black), 0);
    assert_eq!(g.to_move(), Color::Black);
    assert!(g.undo().is_none(), "nothing before the set-up");
}

#[test]
fn resigning_ends_the_game_and_forbids_undo() {
    let mut g = Game::new(9, RuleSet::Chinese);
    play(&mut g, "E5").unwrap();
    g.resign(Color::White);
    assert_eq!(
        g.phase(),
        Phase::Over(Outcome::Resignation { winner: Color::Black })
    );
    assert!(g.undo().is_none());
    assert_eq!(play(&mut g, "D4"), Err(Refusal::GameOver));
    assert_eq!(Outcome::Resignation { winner: Color::Black }.sgf(), "B+R");
}

const WALLS: &str = "
    . X O . .
    . X O . .
    O X O . .
    . X O . .
    . X O . .";

#[test]
fn area_and_territory_count_dead_stones_and_prisoners() {
    for rules in [RuleSet::Chinese, RuleSet::Japanese] {
        let mut g = game(WALLS, Color::Black, rules);
        let a3 = at(&g, "A3");
        g.set_dead(&[a3]);
        let s = g.score();
        assert_eq!(
            s.owner(a3),
            Some(Color::Black),
            "a dead stone's point belongs to the surrounder"
        );
        match rules {
            // 5 stones + 5 points (the dead stone's included) against 5 + 10.
            RuleSet::Chinese => assert_eq!((s.points(Color::Black), s.points(Color::White)), (10.0, 15.0)),
            // 5 points + 1 prisoner (the dead stone) against 10 points.
            _ => assert_eq!((s.points(Color::Black), s.points(Color::White)), (6.0, 10.0)),
        }
        assert_eq!(s.total(Color::White), s.points(Color::White) + rules.komi());
    }
}

#[test]
fn territory_counts_prisoners_taken_in_play() {
    let mut g = game(
        "
        . X O . .
        X O . O .
        . X O . .
        . X O . .
        . X O . .",
        Color::Black,
        RuleSet::Japanese,
    );
    play(&mut g, "C4").unwrap(); // takes one stone
    play(&mut g, "D3").unwrap();
    let s = g.score();
    assert_eq!(s.captures, [1, 0]);
    // Black: A5, A3, A2, A1 and B4 are black's; the prisoner adds one.
    assert_eq!(s.territory[Color::Black.index()], 5);
    assert_eq!(s.points(Color::Black), 6.0);
}

#[test]
fn dame_count_for_nobody() {
    let g = game(
        "
        . X . O .
        . X . O .
        . X . O .
        . X . O .
        . X . O .",
        Color::Black,
        RuleSet::Chinese,
    );
    let s = g.score();
    assert_eq!(s.owner(at(&g, "C3")), None);
    assert_eq!((s.points(Color::Black), s.points(Color::White)), (10.0, 10.0));
    assert_eq!(
        s.outcome(),
        Outcome::Score {
            winner: Some(Color::White),
            margin: 7.5
        }
    );
    assert_eq!(s.outcome().sgf(), "W+7.5");
}

/// Black's inner chain (one eye at D7) and white's (one eye at A7) share the liberty A5: whoever
/// fills it puts himself in atari. White's outer wall owns the rest of the board.
const SEKI: &str = "
    . O X . X O .
    O O X X X O .
    . X X O O O .
    X X O O . . .
    O O O . . . .
    . . . . . . .
    . . . . . . .";

#[test]
fn seki_eyes_count_under_area_but_not_under_territory() {
    let chinese = game(SEKI, Color::Black, RuleSet::Chinese).score();
    // Black: 9 stones + its eye; white: 13 stones + its eye + 24 points.
    assert_eq!(
        (chinese.points(Color::Black), chinese.points(Color::White)),
        (10.0, 38.0)
    );
    let g = game(SEKI, Color::Black, RuleSet::Japanese);
    let japanese = g.score();
    assert_eq!(
        (japanese.points(Color::Black), japanese.points(Color::White)),
        (0.0, 24.0)
    );
    assert_eq!(
        japanese.owner(at(&g, "A5")),
        None,
        "the shared liberty is nobody's"
    );
    assert_eq!(
        japanese.owner(at(&g, "D7")),
        None,
        "an eye in seki is not territory"
    );
    assert_eq!(chinese.owner(at(&g, "D7")), Some(Color::Black));
}

#[test]
fn dead_marks_toggle_whole_chains() {
    let mut g = game(WALLS, Color::Black, RuleSet::Chinese);
    assert_eq!(g.toggle_dead(at(&g, "B1")), Some(true));
    assert_eq!(g.dead_stones().len(), 5, "the whole B column");
    assert_eq!(g.toggle_dead(at(&g, "B5")), Some(false));
    assert!(g.dead_stones().is_empty());
    assert_eq!(g.toggle_dead(at(&g, "E5")), None, "empty point");
    g.toggle_dead(at(&g, "C2"));
    g.clear_dead();
    assert!(g.dead_stones().is_empty());
}

#[test]
fn confirm_result_ends_the_game_with_the_count() {
    let mut g = game(WALLS, Color::Black, RuleSet::Chinese);
    play(&mut g, "pass").unwrap();
    play(&mut g, "pass").unwrap();
    let outcome = g.confirm_result().unwrap();
    // With A3 alive, column A is dame: black 5 stones against white's 6 stones + 10 points.
    assert_eq!(g.phase(), Phase::Over(outcome));
    assert_eq!(outcome.winner(), Some(Color::White));
}

#[test]
fn rule_sets_fix_scoring_repetition_and_komi() {
    assert_eq!(RuleSet::Chinese.komi(), 7.5);
    assert_eq!(RuleSet::Japanese.komi(), 6.5);
    assert_eq!(RuleSet::Korean.komi(), 6.5);
    assert!(RuleSet::Chinese.positional_superko() && RuleSet::Korean.positional_superko());
    assert!(!RuleSet::Japanese.positional_superko());
    assert_eq!(RuleSet::parse(RuleSet::Korean.sgf_name()), Some(RuleSet::Korean));
    assert_eq!(RuleSet::parse("Japanese"), Some(RuleSet::Japanese));
    assert_eq!(RuleSet::parse("korean"), Some(RuleSet::Korean));
    assert_eq!(RuleSet::parse("aga"), None);
}

#[test]
fn star_points_per_size() {
    assert_eq!(tengen_rules::star_points(9).len(), 5);
    assert_eq!(tengen_rules::star_points(13).len(), 5);
    assert_eq!(tengen_rules::star_points(19).len(), 9);
    assert!(tengen_rules::star_points(19).contains(&(9, 9)), "tengen");
    assert!(tengen_rules::star_points(19).contains(&(3, 15)));
    assert!(tengen_rules::star_points(9).contains(&(2, 6)));
}

#[test]
fn results_read_back_from_their_sgf_form() {
    for outcome in [
        Outcome::Score {
            winner: Some(Color::Black),
            margin: 3.5,
        },
        Outcome::Score {
            winner: Some(Color::White),
            margin: 12.0,
        },
        Outcome::Score {
            winner: None,
            margin: 0.0,
        },
        Outcome::Resignation { winner: Color::White },
    ] {
        assert_eq!(outcome.sgf().parse::<Outcome>(), Ok(outcome));
    }
    assert!("B+lots".parse::<Outcome>().is_err());
    assert!("X+1".parse::<Outcome>().is_err());
}
