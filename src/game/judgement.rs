//! 形势判断 (position judgement): on the player's request, who owns what and who leads by how
//! much under the game's rules, worked out off the frame — a task on the desktop, the Web Worker
//! in the browser, as the computer's moves are — and shown until the game moves on. It is not
//! a move and changes nothing in the game.

use bevy::prelude::*;
use tengen_ai::JUDGE_PLAYOUTS;
use tengen_ai::remote::{Reply, Request};
use tengen_rules::{Game, Phase};

use super::intents::Intent;
use super::state::{Match, position_key};
use crate::AppSystems;
use crate::platform::emit;
use crate::platform::offframe::Job;
use crate::screens::Screen;
use crate::settings::Settings;

/// What the judgement found.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    /// Black's expected lead in points (below zero: White's).
    pub lead: f32,
    /// Per point (by `Point::index`): -1 (White's) to 1 (Black's).
    pub owner: Vec<f32>,
}

impl Judged {
    fn of(game: &Game, owner_in_order: impl Iterator<Item = f32>, lead: f32) -> Judged {
        let mut owner = vec![0.0; tengen_rules::MAX_CELLS];
        for (p, o) in game.board().points().zip(owner_in_order) {
            owner[p.index()] = o;
        }
        Judged { lead, owner }
    }
}

/// The judgement asked for, for the position it was asked at.
#[derive(Resource, Default)]
pub struct PositionJudgement {
    key: Option<(usize, u64)>,
    work: Option<Job<Judged>>,
    judged: Option<Judged>,
}

impl PositionJudgement {
    /// The judgement of the position on the board, once it is there.
    pub fn judged(&self) -> Option<&Judged> {
        self.judged.as_ref()
    }

    /// Asked for and still being worked out.
    pub fn is_working(&self) -> bool {
        self.work.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PositionJudgement>()
        .add_systems(
            Update,
            (toggle_judgement, advance_judgement)
                .chain()
                .in_set(AppSystems::Computer)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(
            OnExit(Screen::Game),
            |mut judgement: ResMut<PositionJudgement>| *judgement = PositionJudgement::default(),
        );
}

/// 「形势判断」 asks for a judgement of the position while the game is played; asked again, it
/// puts the judgement away, as does 「提示」.
fn toggle_judgement(
    mut intents: MessageReader<Intent>,
    current: Res<Match>,
    settings: Res<Settings>,
    mut judgement: ResMut<PositionJudgement>,
) {
    for intent in intents.read() {
        match intent {
            // One piece of advice at a time.
            Intent::Hint => *judgement = PositionJudgement::default(),
            Intent::Judge if judgement.key.is_some() => *judgement = PositionJudgement::default(),
            Intent::Judge if settings.advice && current.game.phase() == Phase::Playing => {
                let key = position_key(&current);
                *judgement = PositionJudgement {
                    key: Some(key),
                    work: Some(start(&current.game, key.0 as u64)),
                    judged: None,
                };
            }
            _ => {}
        }
    }
}

/// Any move, undo or new game puts the judgement away (cancelling the work); a finished
/// judgement is shown.
fn advance_judgement(current: Res<Match>, mut judgement: ResMut<PositionJudgement>) {
    let Some(key) = judgement.key else { return };
    if key != position_key(&current) || current.game.phase() != Phase::Playing {
        *judgement = PositionJudgement::default();
        return;
    }
    let done = judgement.work.as_mut().and_then(Job::poll);
    if let Some(judged) = done {
        emit(&format!("tengen:judgement lead={:.1}", judged.lead));
        judgement.work = None;
        judgement.judged = Some(judged);
    }
}

/// The judgement here, from the same playouts wherever it runs.
fn judge_here(game: &Game, seed: u64) -> Judged {
    let judged = tengen_ai::judge(game, JUDGE_PLAYOUTS, seed);
    Judged::of(game, game.board().points().map(|p| judged.owner(p)), judged.lead)
}

/// The judgement's work: here, or in the browser's worker.
fn start(game: &Game, seed: u64) -> Job<Judged> {
    let here = game.clone();
    let there = game.clone();
    let record = game.to_record();
    Job::start(
        move |_| judge_here(&here, seed),
        move || Request::Judge {
            record,
            playouts: JUDGE_PLAYOUTS,
            seed,
        },
        move |reply| match reply {
            Reply::Judgement { lead, owner } => Some(Judged::of(
                &there,
                owner.into_iter().map(|o| f32::from(o) / 100.0),
                lead,
            )),
            _ => None,
        },
    )
}
