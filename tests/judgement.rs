//! 形势判断 in the game: asked for, the position is judged off the frame exactly as the engine
//! judges it, nothing in the game changes, and asking again or any move puts it away.

mod common;

use common::Harness;
use tengen::game::{Intent, Mode, PositionJudgement};

fn judgement(h: &Harness) -> &PositionJudgement {
    h.app.world().resource::<PositionJudgement>()
}

#[test]
fn a_judgement_is_the_engines_and_goes_away_with_the_next_move() {
    let mut h = Harness::new(9, (960, 720), |s| s.mode = Mode::TwoPlayer);
    h.click(2, 2);
    h.click(6, 6);
    h.click(2, 6);
    let before = h.game().to_record();
    h.intent(Intent::Judge);
    assert!(
        h.update_until(3000, |h| judgement(h).judged().is_some()),
        "judged in time"
    );
    let judged = judgement(&h).judged().unwrap().clone();
    let game = h.game().clone();
    let here = tengen_ai::judge(&game, tengen_ai::JUDGE_PLAYOUTS, game.move_number() as u64);
    assert_eq!(judged.lead, here.lead);
    for p in game.board().points() {
        assert_eq!(judged.owner[p.index()], here.owner(p));
    }
    assert_eq!(h.game().to_record(), before, "a judgement plays nothing");

    // Asked again: put away.
    h.intent(Intent::Judge);
    assert!(judgement(&h).judged().is_none() && !judgement(&h).is_working());

    // A move puts it away too, finished or not.
    h.intent(Intent::Judge);
    assert!(judgement(&h).is_working() || judgement(&h).judged().is_some());
    h.click(6, 2);
    h.update();
    assert!(judgement(&h).judged().is_none() && !judgement(&h).is_working());
}
