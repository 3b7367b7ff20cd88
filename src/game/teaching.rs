//! 教学 (teaching game, against the computer): each position on the person's turn is analysed
//! while they think, and the position after their move before the computer's stone appears (the
//! review's analysis, off the frame). When the move cost them at least [`TEACHING_LOSS`] of their
//! chance of winning, the computer's answer waits and the game asks whether to take the move
//! back (「悔棋」) or play on.

use bevy::prelude::*;
use tengen_ai::{Analysed, Depth};
use tengen_rules::{Color, Game, Phase};

use super::setup::Mode;
use super::state::{Match, position_key};
use crate::AppSystems;
use crate::overlay::Question;
use crate::platform::emit;
use crate::platform::offframe::{self, Job};
use crate::screens::Screen;

/// A move losing this much of the mover's chance of winning is worth a word (the review's
/// mistake).
pub const TEACHING_LOSS: f32 = tengen_ai::MISTAKE;

/// One position's analysis, asked for or done.
struct Look {
    key: (usize, u64),
    job: Option<Job<Analysed>>,
    done: Option<Analysed>,
}

impl Look {
    fn of(game: &Game, key: (usize, u64)) -> Look {
        Look {
            key,
            job: Some(offframe::analysis(game, key.0 as u64, Depth::Glance)),
            done: None,
        }
    }

    fn poll(&mut self) {
        if let Some(done) = self.job.as_mut().and_then(Job::poll) {
            self.job = None;
            self.done = Some(done);
        }
    }
}

/// The teaching game's looks at the position before the person's move and after it.
#[derive(Resource, Default)]
pub struct Teaching {
    before: Option<Look>,
    after: Option<Look>,
}

impl Teaching {
    /// The computer's stone waits: the person's move is being judged (both looks are kept
    /// until it is), or its question is open.
    pub fn holds(&self, current: &Match, question: &Question) -> bool {
        let judging = teaching_game(current) && !current.humans_turn() && self.before.is_some();
        judging || matches!(question, Question::TakeBack { .. })
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Teaching>()
        .add_systems(
            Update,
            (look_at_positions, judge_move)
                .chain()
                .in_set(AppSystems::React)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(OnExit(Screen::Game), |mut teaching: ResMut<Teaching>| {
            *teaching = Teaching::default()
        });
}

fn teaching_game(m: &Match) -> bool {
    m.setup.teaching && m.setup.mode == Mode::VsComputer && m.game.phase() == Phase::Playing
}

/// On the person's turn, the position is analysed while they think; their move starts the
/// analysis of the position after it.
fn look_at_positions(current: Res<Match>, mut teaching: ResMut<Teaching>) {
    if !teaching_game(&current) {
        if teaching.before.is_some() || teaching.after.is_some() {
            *teaching = Teaching::default();
        }
        return;
    }
    let key = position_key(&current);
    if current.humans_turn() {
        if teaching.before.as_ref().is_none_or(|b| b.key != key) {
            // After the computer's move, an undo or a take-back: a new position to think in.
            let after_is_here = teaching.after.take().filter(|a| a.key == key);
            teaching.before = Some(after_is_here.unwrap_or_else(|| Look::of(&current.game, key)));
        }
    } else if teaching.before.is_some() {
        if teaching.after.as_ref().is_none_or(|a| a.key != key) {
            teaching.after = Some(Look::of(&current.game, key));
        }
        // A move made before its position's look was started (within the frame the position
        // came): look at the position before it now.
        if teaching.before.as_ref().is_some_and(|b| b.key.0 + 1 != key.0) {
            let mut before = current.game.clone();
            before.undo();
            let key = (before.move_number(), before.board().hash());
            teaching.before = Some(Look::of(&before, key));
        }
    }
    let t = &mut *teaching;
    for look in [&mut t.before, &mut t.after].into_iter().flatten() {
        look.poll();
    }
}

/// Both sides of the person's move analysed: a big loss asks whether to take it back.
fn judge_move(current: Res<Match>, mut teaching: ResMut<Teaching>, mut question: ResMut<Question>) {
    if !teaching_game(&current) || current.humans_turn() {
        return;
    }
    let (Some(before), Some(after)) = (&teaching.before, &teaching.after) else {
        return;
    };
    let (Some(b), Some(a)) = (before.done, after.done) else {
        return;
    };
    if after.key != position_key(&current) {
        return;
    }
    let chance = |x: Analysed| {
        if current.human == Color::Black {
            x.black
        } else {
            1.0 - x.black
        }
    };
    let loss = chance(b) - chance(a);
    emit(&format!(
        "tengen:teaching before={:.2} after={:.2} loss={loss:.2}",
        chance(b),
        chance(a)
    ));
    if loss >= TEACHING_LOSS && *question == Question::None {
        *question = Question::TakeBack {
            before: (chance(b) * 100.0).round() as u8,
            after: (chance(a) * 100.0).round() as u8,
        };
    }
    // Judged: the look before is spent, and the computer's stone may come.
    teaching.before = None;
}
