//! 形势判断: the expected result counts as each rule set counts a finished game, with komi and the
//! handicap compensation, and GTP's `estimate_score` says it.

use tengen_ai::gtp::Engine;
use tengen_ai::{JUDGE_PLAYOUTS, Level, judge};
use tengen_rules::{Board, Color, Game, Move, Outcome, Phase, RuleSet};

/// A finished 9×9 game: Black owns columns A–D, White E–J, and White's stone at B6 is dead
/// inside Black's area.
const SETTLED: &str = "
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . O . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .
    . . . X O . . . .";

/// That game, ended by two passes: judged by the playouts' count alone, as the search is for
/// play going on (see `judge`).
fn settled(rules: RuleSet) -> Game {
    let mut game = Game::with_setup(Board::from_ascii(SETTLED).unwrap(), Color::Black, rules);
    game.set_komi(7.5);
    game.play(Move::Pass).unwrap();
    game.play(Move::Pass).unwrap();
    assert_eq!(game.phase(), Phase::Scoring);
    game
}

#[test]
fn a_finished_position_is_judged_as_its_rules_count_it() {
    // Area: Black 36 points (the dead stone's included), White 45. Territory: Black 27 empty
    // points and the prisoner, White 36.
    for (rules, black_minus_white) in [
        (RuleSet::Chinese, 36.0 - 45.0),
        (RuleSet::Japanese, 27.0 + 1.0 - 36.0),
        (RuleSet::Korean, 27.0 + 1.0 - 36.0),
    ] {
        let game = settled(rules);
        let judged = judge(&game, JUDGE_PLAYOUTS, 1);
        let expected = black_minus_white - 7.5;
        assert!(
            (judged.lead - expected).abs() <= 1.0,
            "{rules:?}: {} for {expected}",
            judged.lead
        );
        let board = game.board();
        let b6 = board.point(1, 5);
        assert!(
            judged.owner(b6) > 0.5,
            "the stone at B6 dies: {}",
            judged.owner(b6)
        );
        assert!(judged.owner(board.point(7, 0)) < -0.9);
        assert_eq!(
            judged.outcome().winner(),
            Some(Color::White),
            "{rules:?}: {:?}",
            judged.outcome()
        );
    }
}

/// Under territory counting stones do not count and prisoners do: the same position judged by
/// the same playouts under both rule sets differs by exactly that.
#[test]
fn territory_counts_prisoners_where_area_counts_stones() {
    let mut game = Game::new(9, RuleSet::Chinese);
    // Black takes White's A1 with B1 and A2; White also has J9 and H8.
    for (color, (c, r)) in [
        (Color::White, (0, 0)),
        (Color::Black, (1, 0)),
        (Color::White, (8, 8)),
        (Color::Black, (0, 1)),
        (Color::White, (7, 7)),
    ] {
        let p = game.board().point(c, r);
        game.play_as(color, Move::Place(p)).unwrap();
    }
    assert_eq!(game.captures(Color::Black), 1);
    let area = judge(&game, 200, 9).lead;
    game.set_rules(RuleSet::Japanese);
    let territory = judge(&game, 200, 9).lead;
    // Two stones each on the board cancel; the prisoner is Black's point.
    assert!((territory - area - 1.0).abs() < 1e-3, "{territory} {area}");
}

#[test]
fn handicap_compensation_counts_as_the_rules_say() {
    for rules in [RuleSet::Chinese, RuleSet::Japanese] {
        let even = settled(rules);
        let mut handicap = even.clone();
        handicap.set_handicap(4);
        let shift = judge(&even, 200, 7).lead - judge(&handicap, 200, 7).lead;
        let expected = if rules == RuleSet::Chinese { 4.0 } else { 0.0 };
        assert!((shift - expected).abs() < 1e-3, "{rules:?}: {shift}");
    }
}

#[test]
fn estimate_score_over_gtp() {
    let mut engine = Engine::new(Level::EASY, 1);
    let mut ask = |line: &str| {
        let (text, _) = engine.handle_line(line).unwrap();
        assert!(text.starts_with('='), "{line}: {text:?}");
        text[1..].trim().to_string()
    };
    assert_eq!(ask("known_command estimate_score"), "true");
    ask("boardsize 9");
    ask("komi 7.5");
    // Black walls off the left four columns, White the rest: White leads by the komi and more.
    for row in 1..=9 {
        ask(&format!("play b d{row}"));
        ask(&format!("play w e{row}"));
    }
    // Play goes on, so the search has its say, and it sees Black's hopes of living in White's
    // wide area: White's lead is the komi and at most the nine points more on the board, given
    // as a result the game can end with (whole points and the komi's half).
    let estimate: Outcome = ask("estimate_score").parse().unwrap();
    assert_eq!(estimate.winner(), Some(Color::White), "{estimate:?}");
    let Outcome::Score { margin, .. } = estimate else {
        panic!("{estimate:?}")
    };
    assert!((7.5..=17.5).contains(&margin), "{margin}");
    assert_eq!(margin.fract(), 0.5, "{margin}");
}

/// The browser's worker gets the same judgement as a judgement here, through JSON.
#[test]
fn a_judgement_from_elsewhere_is_the_same_as_here() {
    use tengen_ai::remote::{Reply, Request, answer};
    let game = settled(RuleSet::Korean);
    let request = Request::Judge {
        record: game.to_record(),
        playouts: 100,
        seed: 2,
    };
    let request: Request = serde_json::from_str(&serde_json::to_string(&request).unwrap()).unwrap();
    let reply = answer(&request, web_time::Duration::ZERO);
    let reply: Reply = serde_json::from_str(&serde_json::to_string(&reply).unwrap()).unwrap();
    let here = judge(&game, 100, 2);
    let Reply::Judgement { lead, owner } = reply else {
        panic!("{reply:?}")
    };
    assert_eq!(lead, here.lead);
    let board = game.board();
    assert_eq!(owner.len(), board.points().count());
    for (p, o) in board.points().zip(owner) {
        assert_eq!(
            f32::from(o),
            (here.owner(p) * 100.0).round(),
            "{:?}",
            board.coords(p)
        );
    }
}

/// The side to move has the tempo: on an open board with no komi it is the one ahead, whoever it
/// is (playouts that took turns opening gave both the same judgement).
#[test]
fn the_side_to_move_has_the_tempo() {
    let mut game = Game::new(9, RuleSet::Chinese);
    game.set_komi(0.0);
    let black_to_move = judge(&game, JUDGE_PLAYOUTS, 3).lead;
    game.play(Move::Pass).unwrap();
    let white_to_move = judge(&game, JUDGE_PLAYOUTS, 3).lead;
    assert!(
        black_to_move > 0.5 && white_to_move < -0.5,
        "Black to move {black_to_move}, White to move {white_to_move}"
    );
}
