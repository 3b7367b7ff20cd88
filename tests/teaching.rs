//! 教学 (teaching game): a move that throws away much of the person's chance of winning holds
//! the computer's answer and asks whether to take it back — yes undoes it, and the good move then
//! asks nothing and gets its answer. The losses are the review's analysis of the two positions.

mod common;

use common::Harness;
use tengen::game::{Match, Mode, TEACHING_LOSS};
use tengen::overlay::{Answer, Question};
use tengen::settings::{Pacing, Settings};
use tengen_ai::Level;
use tengen_rules::{Color, Game, Move, RuleSet};

/// White's D5-E5-F5-G5 in atari (its last liberty G6, beside White G7), Black — the person —
/// to move.
fn four_in_atari() -> Game {
    let mut game = Game::new(9, RuleSet::Chinese);
    let moves = [
        "C5", "D5", "D4", "E5", "E4", "F5", "F4", "G5", "G4", "C7", "H5", "C3", "D6", "G3", "E6", "G7", "F6",
        "B8",
    ];
    for v in moves {
        let (c, r) = tengen_rules::parse_vertex(9, v).unwrap();
        let p = game.board().point(c, r);
        game.play(Move::Place(p)).unwrap();
    }
    game
}

fn question(h: &Harness) -> Question {
    *h.app.world().resource::<Question>()
}

#[test]
fn a_big_mistake_is_flagged_and_taken_back() {
    let mut h = Harness::new(9, (960, 720), |s| {
        s.mode = Mode::VsComputer;
        s.level = Level::EASY;
        s.teaching = true;
    });
    h.app.world_mut().resource_mut::<Settings>().pacing = Pacing::Instant;
    h.app.world_mut().resource_mut::<Match>().game = four_in_atari();
    assert_eq!(h.app.world().resource::<Match>().human, Color::Black);
    let start = h.game().to_record();

    // Leaving the three stones to escape (a far corner instead of F6).
    let (c, r) = tengen_rules::parse_vertex(9, "J1").unwrap();
    h.click(c, r);
    assert!(
        h.update_until(3000, |h| question(h) != Question::None
            || h.game().move_number() > 19),
        "judged"
    );
    let Question::TakeBack { before, after } = question(&h) else {
        panic!("no question; the computer answered: {:?}", h.game().last_move())
    };
    assert!(
        f32::from(before) - f32::from(after) >= TEACHING_LOSS * 100.0 - 1.0,
        "{before}% → {after}%"
    );
    // The computer's stone waits for the answer.
    for _ in 0..30 {
        h.update();
    }
    assert_eq!(h.game().move_number(), 19, "held while asked");
    h.send(Answer(true));
    h.update();
    assert_eq!(h.game().to_record(), start, "taken back");
    assert_eq!(question(&h), Question::None);

    // The capture: nothing to flag, and the computer answers.
    let (c, r) = tengen_rules::parse_vertex(9, "G6").unwrap();
    h.click(c, r);
    assert!(
        h.update_until(3000, |h| h.game().move_number() == 20),
        "answered; question {:?}",
        question(&h)
    );
    assert_eq!(question(&h), Question::None);
}
