//! 提示 in the game: asked for, the hard level's best moves for the player to move come back
//! off the frame as legal moves, nothing in the game changes, each position counts once in the
//! game's tally, a move or 形势判断 puts the hint away, and with advice switched off in the
//! settings there is none. (That the hints are good moves is the engine's test, in
//! `crates/ai/src/hint.rs`: a search within a time limit is not the same twice.)

mod common;

use common::Harness;
use tengen::game::{Intent, Match, Mode, MoveHints, PositionJudgement};
use tengen::settings::Settings;
use tengen_rules::Move;

fn hints(h: &Harness) -> &MoveHints {
    h.app.world().resource::<MoveHints>()
}

fn asked(h: &Harness) -> u32 {
    h.app.world().resource::<Match>().hints
}

/// Black D1, White E1, Black F1, White A9: White E1's last liberty is E2, Black to move.
fn stone_in_atari() -> Harness {
    let mut h = Harness::new(9, (960, 720), |s| s.mode = Mode::TwoPlayer);
    for (c, r) in [(3, 8), (4, 8), (5, 8), (0, 0)] {
        h.click(c, r);
    }
    assert_eq!(h.game().move_number(), 4);
    h
}

#[test]
fn a_hint_is_legal_moves_and_changes_nothing() {
    let mut h = stone_in_atari();
    let before = h.game().to_record();
    h.intent(Intent::Hint);
    assert!(hints(&h).is_working());
    assert!(
        h.update_until(2000, |h| hints(h).shown().is_some()),
        "a hint within R10's time"
    );
    let shown = hints(&h).shown().unwrap().to_vec();
    assert!((1..=tengen_ai::MAX_HINTS).contains(&shown.len()), "{shown:?}");
    let game = h.game().clone();
    for s in &shown {
        assert!(game.is_legal(s.mv), "{s:?}");
        assert!((0.0..=1.0).contains(&s.winrate));
    }
    assert_eq!(h.game().to_record(), before, "a hint plays nothing");
    assert_eq!(asked(&h), 1);

    // Put away and asked again at the same position: still one.
    h.intent(Intent::Hint);
    assert!(hints(&h).shown().is_none() && !hints(&h).is_working());
    h.intent(Intent::Hint);
    assert_eq!(asked(&h), 1);

    // 形势判断 puts it away; a hint puts the judgement away.
    h.intent(Intent::Judge);
    assert!(hints(&h).shown().is_none() && !hints(&h).is_working());
    assert!(h.app.world().resource::<PositionJudgement>().is_working());
    h.intent(Intent::Hint);
    let judgement = h.app.world().resource::<PositionJudgement>();
    assert!(!judgement.is_working() && judgement.judged().is_none());

    // A move puts it away; a hint at the next position counts again.
    let Move::Place(p) = shown[0].mv else {
        panic!("a pass as the hint")
    };
    let (c, r) = h.game().board().coords(p);
    h.click(c, r);
    h.update();
    assert!(hints(&h).shown().is_none() && !hints(&h).is_working());
    h.intent(Intent::Hint);
    assert_eq!(asked(&h), 2);
}

#[test]
fn no_hint_when_advice_is_switched_off() {
    let mut h = stone_in_atari();
    h.app.world_mut().resource_mut::<Settings>().advice = false;
    h.intent(Intent::Hint);
    h.intent(Intent::Judge);
    assert!(!hints(&h).is_working() && hints(&h).shown().is_none());
    assert!(!h.app.world().resource::<PositionJudgement>().is_working());
    assert_eq!(asked(&h), 0);
}
