//! The computer's turn, and its proposal of dead stones when counting begins, without freezing
//! the picture: on the desktop on Bevy's `AsyncComputeTaskPool` (the hard level searching on
//! every core but one); in the browser in a Web Worker (`platform::worker`), or — where there are
//! no workers — stepped a slice of each frame, sized so the frame stays within 33 ms. The stone
//! appears at max(thinking time, the pacing delay of R11). Any change to the game while it
//! thinks (undo, restart, leaving) cancels the search. Each answer is reported as
//! `tengen:think ms=… simulations=…`.

use bevy::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tengen_ai::remote::{Reply, Request};
use tengen_ai::{DEAD_STONE_PLAYOUTS, Decision, Search};
use tengen_rules::{Game, Phase, Point};
use web_time::{Duration, Instant};

use super::intents::{MovePlayed, Resigned};
use super::setup::Mode;
use super::state::{Match, position_key};
use super::teaching::Teaching;
use crate::AppSystems;
use crate::overlay::Question;
use crate::platform::offframe::Job;
use crate::platform::{clock_seed, emit};
use crate::screens::Screen;
use crate::settings::{Pacing, Settings};

/// The browser's frame while the computer thinks: 30 frames a second at least, unless drawing
/// alone takes longer (then the search still gets its minimum slice, and makes progress).
#[cfg(any(target_arch = "wasm32", test))]
const FRAME_BUDGET: Duration = Duration::from_millis(33);
#[cfg(any(target_arch = "wasm32", test))]
const SLICE_RANGE: (Duration, Duration) = (Duration::from_millis(6), Duration::from_millis(24));

/// The Web Worker's time for a move: R10 counts until the stone is on the screen, and the game
/// sees the answer only at its next frame, so the board's limit less one frame as long as the
/// longest of late (`LongestFrame`: a slow machine's frames are long), but never less than a
/// third of it.
#[cfg(any(target_arch = "wasm32", test))]
fn worker_time_limit(size: u8, frame: Duration) -> Duration {
    let limit = tengen_ai::Limits::for_size(size)
        .time
        .expect("the limits of R10 are times");
    limit.saturating_sub(frame).max(limit / 3)
}

/// The longest recent frame, which the Web Worker's time leaves room for: the frame that sees
/// the answer is as slow as the slowest of late, not only the last (a hitch, the first frames).
#[cfg(target_arch = "wasm32")]
#[derive(Resource)]
struct LongestFrame(Duration);

/// Before any frame is measured, the first ones (fonts, pipelines) are assumed this slow.
#[cfg(target_arch = "wasm32")]
impl Default for LongestFrame {
    fn default() -> Self {
        LongestFrame(Duration::from_millis(400))
    }
}

/// How much of the longest frame is still remembered one frame later.
#[cfg(any(target_arch = "wasm32", test))]
const FRAME_MEMORY: f64 = 0.9;

#[cfg(any(target_arch = "wasm32", test))]
fn remember_frame(longest: Duration, frame: Duration) -> Duration {
    frame.max(longest.mul_f64(FRAME_MEMORY))
}

#[cfg(target_arch = "wasm32")]
fn track_frames(time: Res<Time<Real>>, mut longest: ResMut<LongestFrame>) {
    longest.0 = remember_frame(longest.0, time.delta());
}

/// The next slice for the stepped search: what drawing left of the frame budget last frame
/// (`frame` is the last frame's length, `slice` the search's share of it).
#[cfg(any(target_arch = "wasm32", test))]
fn next_slice(frame: Duration, slice: Duration) -> Duration {
    let drawing = frame.saturating_sub(slice);
    FRAME_BUDGET
        .saturating_sub(drawing)
        .clamp(SLICE_RANGE.0, SLICE_RANGE.1)
}

enum Work {
    /// On the task pool; dropping `_stop` stops the search's threads at once (a search blocks
    /// its task until its time is up otherwise).
    #[cfg(not(target_arch = "wasm32"))]
    Task {
        task: bevy::tasks::Task<(Decision, u64, Search)>,
        _stop: tengen_ai::CancelOnDrop,
    },
    /// Asked of the Web Worker; dropping the request gives it up (the worker stops).
    #[cfg(target_arch = "wasm32")]
    Remote(crate::platform::worker::Pending),
    /// No worker: stepped between frames.
    #[cfg(target_arch = "wasm32")]
    Stepped { search: Box<Search>, slice: Duration },
    /// Decided; waiting for the pacing delay.
    Done(Decision),
}

/// The computer is thinking about the position identified by `key`.
struct Thinking {
    key: (usize, u64),
    work: Work,
    started: Instant,
    show_at: Instant,
}

#[derive(Resource, Default)]
pub struct ComputerTurn {
    thinking: Option<Thinking>,
    /// The last finished search of this game, carried on at the computer's next turn (its tree
    /// kept, as the GTP engine's is and as the levels were measured). In the browser the Web
    /// Worker keeps its own.
    kept: Option<Search>,
    /// From the human's move to the computer's stone, for the last answer.
    last_answer: Option<Duration>,
}

impl ComputerTurn {
    pub fn is_thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// The search the computer's next turn carries on, if any.
    pub fn kept(&self) -> Option<&Search> {
        self.kept.as_ref()
    }

    /// How long the last answer took to appear, pacing included.
    pub fn last_answer(&self) -> Option<Duration> {
        self.last_answer
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ComputerTurn>()
        .init_resource::<DeadProposal>()
        .add_systems(
            Update,
            (start_thinking, advance_thinking, propose_dead_stones)
                .chain()
                .in_set(AppSystems::Computer)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(OnExit(Screen::Game), |mut turn: ResMut<ComputerTurn>| {
            turn.thinking = None;
            turn.kept = None;
        });
    #[cfg(target_arch = "wasm32")]
    app.init_resource::<LongestFrame>()
        .add_systems(First, track_frames.after(bevy::time::TimeSystems));
}

fn pacing_delay(pacing: Pacing, rng: &mut impl Rng) -> Duration {
    let seconds = match pacing {
        Pacing::Realistic => rng.random_range(2.0..5.0),
        Pacing::Fast => rng.random_range(1.0..2.0),
        Pacing::Instant => 0.0,
    };
    Duration::from_secs_f64(seconds)
}

fn start_thinking(
    current: Res<Match>,
    settings: Res<Settings>,
    mut turn: ResMut<ComputerTurn>,
    #[cfg(target_arch = "wasm32")] longest: Res<LongestFrame>,
) {
    let m = current.as_ref();
    let computers_turn =
        m.setup.mode == Mode::VsComputer && m.game.phase() == Phase::Playing && !m.humans_turn();
    let key = position_key(m);
    if turn
        .thinking
        .as_ref()
        .is_some_and(|t| t.key != key || !computers_turn)
    {
        turn.thinking = None; // the game moved on under the search: cancel it
    }
    if !computers_turn || turn.thinking.is_some() {
        return;
    }
    // The clock in the seed: the same position need not get the same answer in every game (the
    // easy level opened at J2 in each of a first-time player's games).
    let seed = key.1 ^ key.0 as u64 ^ clock_seed();
    let mut rng = SmallRng::seed_from_u64(seed.rotate_left(17));
    let show_at = Instant::now() + pacing_delay(settings.pacing, &mut rng);
    let limits = tengen_ai::Limits::for_size(m.game.size());
    #[cfg(not(target_arch = "wasm32"))]
    let work = {
        // Built in the task: on 19×19 carrying a tree on or starting one (the ownership map's
        // playouts) takes 33–55 ms, two or three frames the stone just placed would stall for.
        let stop = tengen_ai::CancelOnDrop::default();
        let signal = stop.signal();
        let (kept, game, level) = (turn.kept.take(), m.game.clone(), m.setup.level);
        Work::Task {
            task: bevy::tasks::AsyncComputeTaskPool::get().spawn(async move {
                let mut search = Search::continuing(kept, &game, level, seed, limits)
                    .with_threads(desktop_threads())
                    .stopped_by(signal);
                let decision = search.run();
                (decision, search.simulations(), search)
            }),
            _stop: stop,
        }
    };
    #[cfg(target_arch = "wasm32")]
    let work = {
        let request = Request::Move {
            record: m.game.to_record(),
            level: m.setup.level,
            seed,
            time_ms: Some(worker_time_limit(m.game.size(), longest.0).as_millis() as u64),
        };
        match crate::platform::worker::post(&request) {
            Some(pending) => Work::Remote(pending),
            None => Work::Stepped {
                search: Box::new(Search::continuing(
                    turn.kept.take(),
                    &m.game,
                    m.setup.level,
                    seed,
                    limits,
                )),
                slice: SLICE_RANGE.0,
            },
        }
    };
    turn.thinking = Some(Thinking {
        key,
        work,
        started: Instant::now(),
        show_at,
    });
}

/// Every core but one: the picture keeps one.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn desktop_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}

fn advance_thinking(
    mut current: ResMut<Match>,
    mut turn: ResMut<ComputerTurn>,
    teaching: Res<Teaching>,
    question: Res<Question>,
    mut played: MessageWriter<MovePlayed>,
    mut resigned: MessageWriter<Resigned>,
    #[cfg(target_arch = "wasm32")] time: Res<Time<Real>>,
) {
    let ComputerTurn { thinking, kept, .. } = &mut *turn;
    let Some(thinking) = thinking.as_mut() else {
        return;
    };
    // The decision and its simulation count, in the frame the search finishes.
    let finished = match &mut thinking.work {
        #[cfg(not(target_arch = "wasm32"))]
        Work::Task { task, .. } => {
            bevy::tasks::block_on(bevy::tasks::poll_once(task)).map(|(decision, simulations, search)| {
                *kept = Some(search);
                (decision, simulations)
            })
        }
        #[cfg(target_arch = "wasm32")]
        Work::Remote(pending) => crate::platform::worker::take(pending).and_then(|reply| match reply {
            Reply::Move { simulations, .. } => reply.decision(&current.game).map(|d| (d, simulations)),
            _ => None,
        }),
        #[cfg(target_arch = "wasm32")]
        Work::Stepped { search, slice } => {
            *slice = next_slice(time.delta(), *slice);
            search.step(*slice);
            search.is_done().then(|| (search.best(), search.simulations()))
        }
        Work::Done(_) => None,
    };
    if let Some((decision, simulations)) = finished {
        let ms = thinking.started.elapsed().as_millis();
        emit(&format!("tengen:think ms={ms} simulations={simulations}"));
        // The stepped search is carried on at the next turn (a task hands its own back above).
        #[cfg(target_arch = "wasm32")]
        if let Work::Stepped { search, .. } = std::mem::replace(&mut thinking.work, Work::Done(decision)) {
            *kept = Some(*search);
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            thinking.work = Work::Done(decision);
        }
    }
    let Work::Done(decision) = thinking.work else {
        return;
    };
    // A teaching game holds the stone while the person's move is judged or questioned.
    if Instant::now() < thinking.show_at || teaching.holds(&current, &question) {
        return;
    }
    turn.last_answer = Some(thinking.started.elapsed());
    turn.thinking = None;
    let m = current.as_mut();
    let color = m.game.to_move();
    match decision {
        Decision::Resign => {
            m.game.resign(color);
            resigned.write(Resigned(color));
        }
        Decision::Play(mv) => {
            if let Ok(captures) = m.game.play(mv) {
                played.write(MovePlayed { color, mv, captures });
            }
        }
    }
}

/// The dead-stone proposal for the position counting began at (R6), worked out off the frame
/// (~80 ms of playouts on 19×19, more in the browser). A proposal no longer wanted (play
/// resumed, the game left) is given up.
#[derive(Resource, Default)]
struct DeadProposal {
    /// The position it is for.
    key: Option<(usize, u64)>,
    work: Option<Job<Vec<Point>>>,
}

/// When counting begins, the judgement runs; its stones are marked dead when it is done —
/// unless the player has marked stones already, or the game moved on.
fn propose_dead_stones(mut current: ResMut<Match>, mut proposal: ResMut<DeadProposal>) {
    if current.game.phase() != Phase::Scoring {
        *proposal = DeadProposal::default();
        return;
    }
    let key = position_key(&current);
    if proposal.key != Some(key) {
        proposal.key = Some(key);
        proposal.work = Some(start_proposal(&current.game, key.0 as u64));
    }
    if let Some(dead) = proposal.work.as_mut().and_then(Job::poll) {
        proposal.work = None;
        if current.game.dead_stones().is_empty() {
            current.game.set_dead(&dead);
        }
    }
}

fn start_proposal(game: &Game, seed: u64) -> Job<Vec<Point>> {
    let here = game.clone();
    let board = game.board().clone();
    let record = game.to_record();
    Job::start(
        move |_| tengen_ai::dead_stones(&here, DEAD_STONE_PLAYOUTS, seed),
        move || Request::DeadStones {
            record,
            playouts: DEAD_STONE_PLAYOUTS,
            seed,
        },
        move |reply| match reply {
            Reply::DeadStones { stones } => {
                Some(stones.into_iter().map(|(c, r)| board.point(c, r)).collect())
            }
            _ => None,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_search_gets_what_drawing_leaves_of_the_frame() {
        // Drawing took 5 ms of a 11 ms frame: 28 ms are left, capped at 24.
        assert_eq!(next_slice(ms(11), ms(6)), ms(24));
        // Drawing took 20 ms: 13 ms for the search.
        assert_eq!(next_slice(ms(30), ms(10)), ms(13));
        // Drawing alone overruns the budget (a software renderer): the search keeps its minimum.
        assert_eq!(next_slice(ms(160), ms(6)), ms(6));
    }

    #[test]
    fn the_worker_leaves_a_frame_of_the_limit_to_show_its_answer() {
        // R10's 1.5 s on 9×9: the search's 1.35 s, less the frame that sees the answer.
        assert_eq!(worker_time_limit(9, ms(16)), ms(1334));
        assert_eq!(worker_time_limit(9, ms(200)), ms(1150));
        assert_eq!(worker_time_limit(19, ms(200)), ms(2100));
        // A stalled frame does not take the whole move.
        assert_eq!(worker_time_limit(9, Duration::from_secs(3)), ms(450));
    }

    #[test]
    fn a_long_frame_is_remembered_for_a_while() {
        let mut longest = ms(400);
        // Fast frames wear the memory down, ten percent a frame...
        longest = remember_frame(longest, ms(16));
        assert_eq!(longest.as_millis(), 360);
        for _ in 0..40 {
            longest = remember_frame(longest, ms(16));
        }
        // ...down to the frames themselves.
        assert_eq!(longest, ms(16));
        // A hitch counts at once.
        assert_eq!(remember_frame(longest, ms(250)), ms(250));
    }
}
