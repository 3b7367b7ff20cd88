//! Saving and loading the serde record, both ways, and bad records that must be refused with a
//! message naming what is wrong, never a panic. SGF has its own file, `sgf.rs`.

mod common;

use common::{random_game, same_game};
use tengen_rules::{Board, Color, Game, Move, Phase, RECORD_FORMAT, RecordError, RuleSet};

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

#[test]
fn record_keeps_handicap_and_set_up_between_moves() {
    let mut g = Game::with_handicap(13, RuleSet::Chinese, 4).unwrap();
    for v in ["F5", "C3"] {
        let (c, r) = tengen_rules::parse_vertex(13, v).unwrap();
        g.play(Move::Place(g.board().point(c, r))).unwrap();
    }
    let (c, r) = tengen_rules::parse_vertex(13, "G7").unwrap();
    let centre = g.board().point(c, r);
    let corner = g.board().point(0, 0);
    g.set_up(&[(centre, Some(Color::White)), (corner, Some(Color::Black))])
        .unwrap();
    g.play(Move::Pass).unwrap();
    let json = serde_json::to_string(&g.to_record()).unwrap();
    let back = Game::from_record(&serde_json::from_str(&json).unwrap()).unwrap();
    same_game(&g, &back);
    assert_eq!(back.handicap(), 4);
    assert_eq!(back.edits().len(), 1);

    let mut bad = g.to_record();
    bad.edits[0].after = 9;
    assert_eq!(
        Game::from_record(&bad).unwrap_err(),
        RecordError::BadEdit { index: 0 }
    );
}

/// Saves from before handicap games and SGF set-up have neither field, and mean what they did.
#[test]
fn record_without_the_newer_fields_still_loads() {
    let g = random_game(9, 9, RuleSet::Japanese, 40);
    let mut json: serde_json::Value = serde_json::to_value(g.to_record()).unwrap();
    let fields = json.as_object_mut().unwrap();
    assert!(fields.remove("handicap").is_some() && fields.remove("edits").is_some());
    let back = Game::from_record(&serde_json::from_value(json).unwrap()).unwrap();
    same_game(&g, &back);
    assert_eq!(back.handicap(), 0);
}
