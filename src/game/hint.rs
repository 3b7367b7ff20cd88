//! 提示 (hint): on the player's request, the moves the strongest level would consider in the
//! position — up to three, best first, each with its win chance — marked on the board until
//! the game moves on. Worked out off the frame like 形势判断 (`judgement`), which it puts away
//! (one piece of advice at a time). Each position a hint is asked at counts once in the game's
//! tally, shown with the result against the computer.

use bevy::prelude::*;
use tengen_ai::remote::{Reply, Request};
use tengen_ai::{Level, Search, hints};
use tengen_rules::{Game, Move, Phase};

use super::intents::Intent;
use super::state::{Match, position_key};
use crate::AppSystems;
use crate::platform::emit;
use crate::platform::offframe::Job;
use crate::screens::Screen;
use crate::settings::Settings;

/// One suggested move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Suggestion {
    pub mv: Move,
    /// The chance of winning after it, for the player to move (0 to 1).
    pub winrate: f32,
}

/// The hint asked for, for the position it was asked at.
#[derive(Resource, Default)]
pub struct MoveHints {
    key: Option<(usize, u64)>,
    work: Option<Job<Vec<Suggestion>>>,
    shown: Option<Vec<Suggestion>>,
    /// The position the last hint was counted at: asking again there counts nothing.
    counted_at: Option<(usize, u64)>,
}

impl MoveHints {
    /// The hint for the position on the board, best first, once it is there.
    pub fn shown(&self) -> Option<&[Suggestion]> {
        self.shown.as_deref()
    }

    /// Asked for and still being worked out.
    pub fn is_working(&self) -> bool {
        self.work.is_some()
    }

    /// Puts the hint away (giving up its work).
    fn put_away(&mut self) {
        *self = MoveHints {
            counted_at: self.counted_at,
            ..default()
        };
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MoveHints>()
        .add_systems(
            Update,
            (toggle_hints, advance_hints)
                .chain()
                .in_set(AppSystems::Computer)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(OnExit(Screen::Game), |mut hints: ResMut<MoveHints>| {
            *hints = MoveHints::default()
        });
}

/// 「提示」 asks for a hint on a person's turn; asked again, it puts the hint away, as does
/// 「形势判断」.
fn toggle_hints(
    mut intents: MessageReader<Intent>,
    mut current: ResMut<Match>,
    settings: Res<Settings>,
    mut hints: ResMut<MoveHints>,
) {
    for intent in intents.read() {
        match intent {
            Intent::Judge => hints.put_away(),
            Intent::Hint if hints.key.is_some() => hints.put_away(),
            Intent::Hint
                if settings.advice && current.game.phase() == Phase::Playing && current.humans_turn() =>
            {
                let key = position_key(&current);
                hints.key = Some(key);
                hints.work = Some(start(&current.game, key.1 ^ key.0 as u64));
                if hints.counted_at != Some(key) {
                    hints.counted_at = Some(key);
                    current.hints += 1;
                }
            }
            _ => {}
        }
    }
}

/// Any move, undo or new game puts the hint away (stopping its search); a finished one is
/// shown.
fn advance_hints(current: Res<Match>, mut hints: ResMut<MoveHints>) {
    let Some(key) = hints.key else { return };
    if key != position_key(&current) || current.game.phase() != Phase::Playing {
        hints.put_away();
        return;
    }
    if let Some(found) = hints.work.as_mut().and_then(Job::poll) {
        emit(&format!(
            "tengen:hint moves={} best={:.2}",
            found.len(),
            found.first().map_or(0.0, |s| s.winrate)
        ));
        hints.work = None;
        hints.shown = Some(found);
    }
}

/// The hard level's search for the position, within R10's limit: on the desktop on every core
/// but one (stopped when the hint is put away), in the browser in the worker. Built where it
/// runs: on 19×19 its start (the ownership map's playouts) takes tens of milliseconds.
fn start(game: &Game, seed: u64) -> Job<Vec<Suggestion>> {
    let here = game.clone();
    let there = game.clone();
    let record = game.to_record();
    Job::start(
        move |signal| {
            let mut search = Search::new(&here, Level::HARD, seed).stopped_by(signal);
            #[cfg(not(target_arch = "wasm32"))]
            {
                search = search.with_threads(super::computer::desktop_threads());
            }
            // Without a worker the page waits for the search: a short one.
            #[cfg(target_arch = "wasm32")]
            search.cap_time(web_time::Duration::from_millis(300));
            search.run();
            hints(&search)
                .into_iter()
                .map(|h| Suggestion {
                    mv: h.mv,
                    winrate: h.winrate,
                })
                .collect()
        },
        move || Request::Hint {
            record,
            seed,
            time_ms: None,
        },
        move |reply| match reply {
            Reply::Hints { hints } => Some(
                hints
                    .into_iter()
                    .filter_map(|(play, winrate, _)| {
                        Some(Suggestion {
                            mv: play.on(&there)?,
                            winrate,
                        })
                    })
                    .collect(),
            ),
            _ => None,
        },
    )
}
