//! 复盘's analysis: while a game is reviewed, each of its positions is searched in turn, off the
//! frame (a task on the desktop, the Web Worker in the browser), first to last — Black's chance
//! of winning and the best move at each — for the graph, the mistakes and the better move on the
//! board. It can be stopped and taken up again; a finished analysis of one of the device's
//! finished games is kept with it, so opening that game again shows it at once.

use bevy::prelude::*;
use tengen_ai::{Analysed, Depth, Mistake, mistakes};
use tengen_rules::{GameRecord, Move};
use web_time::Instant;

use super::state::{Review, ReviewIntent, playing_position};
use crate::AppSystems;
use crate::game::ShownBetter;
use crate::platform::archive::{Archive, same_game};
use crate::platform::emit;
use crate::platform::offframe::{self, Job};
use crate::platform::storage::Storage;
use crate::screens::Screen;

/// The analysis of the game under review.
#[derive(Resource, Default)]
pub struct Analysis {
    /// The line analysed (a variation followed is another game, analysed afresh).
    record: Option<GameRecord>,
    /// After each number of moves, from the start to the end.
    positions: Vec<Option<Analysed>>,
    /// The positions being searched, at most [`IN_FLIGHT`].
    jobs: Vec<(usize, Job<Analysed>)>,
    stopped: bool,
    started: Option<Instant>,
}

impl Analysis {
    /// Positions analysed, of all.
    pub fn progress(&self) -> (usize, usize) {
        (self.positions.iter().flatten().count(), self.positions.len())
    }

    pub fn is_complete(&self) -> bool {
        !self.positions.is_empty() && self.positions.iter().all(Option::is_some)
    }

    /// Stopped by the player (and not complete).
    pub fn is_stopped(&self) -> bool {
        self.stopped && !self.is_complete()
    }

    /// Black's chance of winning after each number of moves, where analysed.
    pub fn black_chances(&self) -> impl Iterator<Item = Option<f32>> + '_ {
        self.positions.iter().map(|a| a.map(|a| a.black))
    }

    /// The moves that lost their player most, biggest first.
    pub fn mistakes(&self) -> Vec<Mistake> {
        let Some(record) = &self.record else {
            return Vec::new();
        };
        let moves: Vec<_> = record.moves.iter().map(|m| (m.color, m.at)).collect();
        mistakes(record.size, &self.positions, &moves)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Analysis>()
        .add_systems(
            Update,
            (follow_review, toggle_analysis, advance_analysis, show_better_move)
                .chain()
                .in_set(AppSystems::React)
                .run_if(in_state(Screen::Review)),
        )
        // Leaving gives the position being searched up; what is done stays for coming back.
        .add_systems(OnExit(Screen::Review), |mut analysis: ResMut<Analysis>| {
            analysis.jobs.clear()
        });
}

/// A new line under review starts its analysis: from the device's records when it was kept
/// there, else from nothing.
fn follow_review(review: Res<Review>, archive: Res<Archive>, mut analysis: ResMut<Analysis>) {
    let record = review.record();
    if analysis.record.as_ref().is_some_and(|r| same_game(r, record)) {
        return;
    }
    let kept = archive
        .find(record)
        .and_then(|g| g.analysis.clone())
        .filter(|kept| kept.len() == record.moves.len() + 1);
    *analysis = Analysis {
        record: Some(record.clone()),
        positions: match kept {
            Some(kept) => kept.into_iter().map(Some).collect(),
            None => vec![None; record.moves.len() + 1],
        },
        ..default()
    };
}

fn toggle_analysis(mut intents: MessageReader<ReviewIntent>, mut analysis: ResMut<Analysis>) {
    for intent in intents.read() {
        if *intent == ReviewIntent::ToggleAnalysis {
            analysis.stopped = !analysis.stopped;
            if analysis.stopped {
                analysis.jobs.clear();
            }
        }
    }
}

/// Positions searched at once: the next is asked for before the last is answered, so the worker
/// (or a second core on the desktop) never waits for a frame between two. In the headless
/// browser, whose frames take about 220 ms while the review analyses, that wait was half of each
/// position's time.
const IN_FLIGHT: usize = 2;

/// First to last, [`IN_FLIGHT`] positions at a time, one more asked for each frame (where the
/// browser has no worker each is searched on the spot, and one a frame is the most it should
/// hold a frame up); when all are done, the analysis is kept with the finished game it belongs
/// to.
fn advance_analysis(
    mut analysis: ResMut<Analysis>,
    mut archive: ResMut<Archive>,
    storage: Option<ResMut<Storage>>,
) {
    if analysis.stopped || analysis.is_complete() {
        return;
    }
    let Some(record) = analysis.record.clone() else {
        return;
    };
    let mut done = Vec::new();
    analysis.jobs.retain_mut(|(n, job)| match job.poll() {
        Some(analysed) => {
            done.push((*n, analysed));
            false
        }
        None => true,
    });
    for (n, analysed) in done {
        analysis.positions[n] = Some(analysed);
    }
    if analysis.jobs.len() < IN_FLIGHT
        && let Some(n) = (0..analysis.positions.len())
            .find(|&n| analysis.positions[n].is_none() && analysis.jobs.iter().all(|(m, _)| *m != n))
    {
        analysis.started.get_or_insert_with(Instant::now);
        let job = offframe::analysis(&playing_position(&record, n), n as u64, Depth::Review);
        analysis.jobs.push((n, job));
    }
    if !analysis.is_complete() {
        return;
    }
    let ms = analysis.started.map_or(0, |t| t.elapsed().as_millis());
    emit(&format!(
        "tengen:analysis positions={} ms={ms} mistakes={}",
        analysis.positions.len(),
        analysis.mistakes().len()
    ));
    let complete = analysis.positions.iter().flatten().copied().collect();
    archive.keep_analysis(&record, complete, storage);
}

/// The board shows, beside the last move shown, the move the analysis preferred to it.
fn show_better_move(review: Res<Review>, analysis: Res<Analysis>, mut better: ResMut<ShownBetter>) {
    let n = review.shown();
    let wanted = n
        .checked_sub(1)
        .and_then(|before| analysis.positions.get(before).copied().flatten())
        .zip(review.record().moves.get(n.wrapping_sub(1)))
        .and_then(|(a, played)| {
            let best = a.best?;
            (Some(best) != played.at).then(|| {
                let board = review.position().board();
                (played.color, Move::Place(board.point(best.0, best.1)))
            })
        });
    if better.0 != wanted {
        better.0 = wanted;
    }
}
