//! One stepped search API for every level: start from a game, run in slices (a background task
//! on the desktop, a few milliseconds per frame in the browser), ask the best move at any time,
//! drop it to cancel. The time limit of R10 is enforced here, measured from `Search::new`.
//!
//! On the desktop [`Search::run`] can put the hard level on several threads that share one tree
//! ([`Search::with_threads`]); [`Search::cancel_on_drop`] lets its owner stop it from outside.

use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tengen_rules::{Color, Game, Move};
use web_time::{Duration, Instant};

use crate::levels::{self, Endgame};
use crate::mcts::{Mcts, Shared, Worker, lock};
use crate::{Level, Ownership};

/// What the computer does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    Play(Move),
    Resign,
}

/// Bounds of one search. `time` counts from [`Search::new`]; `None` means unbounded (then
/// `simulations` must bound it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    pub time: Option<Duration>,
    pub simulations: Option<u64>,
}

impl Limits {
    /// R10: never longer than 1.5 s on 9×9 and 2.5 s on larger boards. The budget leaves room
    /// for the last slice and for the caller.
    pub fn for_size(size: u8) -> Limits {
        let ms = if size <= 9 { 1350 } else { 2300 };
        Limits {
            time: Some(Duration::from_millis(ms)),
            simulations: None,
        }
    }

    /// A fixed number of simulations and no clock: reproducible (tests, benchmarks). On several
    /// threads the others' simulations during the last checked stretch come on top.
    pub fn simulations(n: u64) -> Limits {
        Limits {
            time: None,
            simulations: Some(n),
        }
    }
}

/// Below this win rate, after enough simulations, the hard level resigns.
const RESIGN_BELOW: f32 = 0.08;
const RESIGN_AFTER: u64 = 3000;
/// Simulations between clock checks.
const CHUNK: u64 = 32;
const JUDGE_CHUNK: u64 = 4;

enum Engine {
    /// Easy and normal: a few playouts judge which points are settled, then one decision.
    OnePly {
        judge: Box<Ownership>,
        choice: Option<Move>,
    },
    /// Hard: one tree, and a worker per thread that [`Search::run`] uses (the first is the
    /// calling thread's, and the only one [`Search::step`] uses).
    Tree { tree: Box<Mcts>, workers: Vec<Worker> },
}

impl Engine {
    fn tree(game: &Game, seed: u64) -> Engine {
        Engine::Tree {
            tree: Box::new(Mcts::new(game)),
            workers: vec![Worker::new(game.size(), seed)],
        }
    }
}

/// Playouts behind the one-ply levels' judgement: enough that a point owned in ~80% of them is
/// not mistaken for a settled one, few enough to stay a small part of a frame's budget.
fn judge_playouts(size: u8) -> u32 {
    match size {
        0..=9 => 64,
        10..=13 => 40,
        _ => 32,
    }
}

/// Stops a search's [`Search::run`] when dropped: keep it beside whatever runs the search, and
/// letting go of both stops the search within a few milliseconds, every thread of it joined.
pub struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// When a tree search is done: at its limits (time counted from its start), when cancelled, or
/// when one move has clearly won.
struct Budget {
    limits: Limits,
    started: Instant,
    cancelled: Arc<AtomicBool>,
}

impl Budget {
    fn new(limits: Limits) -> Budget {
        Budget {
            limits,
            started: Instant::now(),
            cancelled: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Runs up to `n` simulations on `worker`, fewer at the simulation limit; returns whether
    /// the search is done.
    fn step(&self, tree: &Shared, worker: &mut Worker, n: u64) -> bool {
        let n = match self.limits.simulations {
            Some(max) => n.min(max.saturating_sub(lock(tree).simulations())),
            None => n,
        };
        worker.run(tree, n);
        self.is_spent(&lock(tree))
    }

    fn is_spent(&self, tree: &Mcts) -> bool {
        let out_of_simulations = self
            .limits
            .simulations
            .is_some_and(|max| tree.simulations() >= max);
        let out_of_time = self.limits.time.is_some_and(|t| self.started.elapsed() >= t);
        out_of_simulations || out_of_time || self.cancelled.load(Ordering::Relaxed) || self.clear_winner(tree)
    }

    /// Stop early once one move has won nearly everything for a while (saves time, not strength).
    fn clear_winner(&self, tree: &Mcts) -> bool {
        let Some(limit) = self.limits.time else {
            return false;
        };
        let share = self.started.elapsed().as_secs_f32() / limit.as_secs_f32();
        let winrate = tree.best().1;
        tree.simulations() > 500 && ((share > 0.2 && winrate > 0.9) || (share > 0.05 && winrate > 0.97))
    }
}

pub struct Search {
    game: Game,
    color: Color,
    level: Level,
    engine: Engine,
    rng: SmallRng,
    budget: Budget,
    done: bool,
}

impl Search {
    /// A search for the player to move in `game`, within the R10 time limit of its size.
    pub fn new(game: &Game, level: Level, seed: u64) -> Search {
        Search::with_limits(game, level, seed, Limits::for_size(game.size()))
    }

    pub fn with_limits(game: &Game, level: Level, seed: u64, limits: Limits) -> Search {
        let engine = match level {
            Level::Easy | Level::Normal => Engine::OnePly {
                judge: Box::new(Ownership::new(game.board(), seed)),
                choice: None,
            },
            Level::Hard => Engine::tree(game, seed),
        };
        Search {
            game: game.clone(),
            color: game.to_move(),
            level,
            engine,
            rng: SmallRng::seed_from_u64(seed),
            budget: Budget::new(limits),
            done: false,
        }
    }

    /// Lets [`Search::run`] search the hard level on `threads` threads, the calling one included
    /// (at least one; always one in the browser, which has no threads). The other levels and
    /// [`Search::step`] stay on the calling thread. At one thread a search is what it always
    /// was: the same decision for the same seed.
    pub fn with_threads(mut self, threads: usize) -> Search {
        let threads = if cfg!(target_arch = "wasm32") {
            1
        } else {
            threads.max(1)
        };
        let size = self.game.size();
        let rng = &mut self.rng;
        if let Engine::Tree { workers, .. } = &mut self.engine {
            workers.resize_with(threads, || Worker::new(size, rng.random()));
        }
        self
    }

    /// Threads [`Search::run`] uses.
    pub fn threads(&self) -> usize {
        match &self.engine {
            Engine::Tree { workers, .. } => workers.len(),
            Engine::OnePly { .. } => 1,
        }
    }

    /// A guard that stops [`Search::run`] — on whatever thread it runs — when dropped.
    pub fn cancel_on_drop(&self) -> CancelOnDrop {
        CancelOnDrop(self.budget.cancelled.clone())
    }

    /// A search for the position after `game`'s latest moves that keeps what this one learnt
    /// about them (the hard level's tree), with fresh limits and as many threads.
    pub fn reuse(self, game: &Game, seed: u64) -> Search {
        let limits = Limits {
            time: self
                .budget
                .limits
                .time
                .map(|_| Limits::for_size(game.size()).time.unwrap()),
            ..self.budget.limits
        };
        let threads = self.threads();
        let Engine::Tree { tree, workers } = self.engine else {
            return Search::with_limits(game, self.level, seed, limits);
        };
        let engine = match tree.advance(game) {
            // The workers go on with their random numbers, as a lone tree always did.
            Some(tree) => Engine::Tree {
                tree: Box::new(tree),
                workers,
            },
            None => Engine::tree(game, seed),
        };
        Search {
            game: game.clone(),
            color: game.to_move(),
            level: Level::Hard,
            engine,
            rng: SmallRng::seed_from_u64(seed),
            budget: Budget::new(limits),
            done: false,
        }
        .with_threads(threads)
    }

    /// Lowers the time limit to `cap` (a game clock running short); never raises it.
    pub fn cap_time(&mut self, cap: Duration) {
        let time = &mut self.budget.limits.time;
        *time = Some(time.map_or(cap, |t| t.min(cap)));
    }

    /// Works until `slice` has passed or the search is done; returns whether it is done.
    pub fn step(&mut self, slice: Duration) -> bool {
        let until = Instant::now() + slice;
        // A judging playout costs as much as several tree simulations: check the clock sooner.
        let chunk = match self.engine {
            Engine::OnePly { .. } => JUDGE_CHUNK,
            Engine::Tree { .. } => CHUNK,
        };
        while !self.done && Instant::now() < until {
            self.step_simulations(chunk);
        }
        self.done
    }

    /// Runs up to `n` simulations (judging playouts for easy/normal, which then decide);
    /// returns whether it is done.
    pub fn step_simulations(&mut self, n: u64) -> bool {
        if self.done {
            return true;
        }
        match &mut self.engine {
            Engine::OnePly { judge, choice } => {
                let left = judge_playouts(self.game.size()).saturating_sub(judge.playouts());
                judge.run(left.min(n as u32));
                if judge.playouts() >= judge_playouts(self.game.size()) {
                    *choice = Some(one_ply(&self.game, self.level, judge, &mut self.rng));
                    self.done = true;
                }
            }
            Engine::Tree { tree, workers } => {
                self.done = self.budget.step(&Mutex::new(tree), &mut workers[0], n);
            }
        }
        self.done
    }

    /// Runs to the end of its limits, or until cancelled, and decides. Blocks: on the desktop,
    /// run it off the thread that draws.
    pub fn run(&mut self) -> Decision {
        #[cfg(not(target_arch = "wasm32"))]
        if self.threads() > 1 {
            self.run_on_threads();
        }
        while !self.step_simulations(CHUNK) {}
        self.best()
    }

    /// The hard level on every worker's thread. The calling thread steps as a lone search does
    /// and so watches the limits; the others simulate until it is done.
    #[cfg(not(target_arch = "wasm32"))]
    fn run_on_threads(&mut self) {
        let Engine::Tree { tree, workers } = &mut self.engine else {
            return;
        };
        let (main, helpers) = workers.split_first_mut().expect("a tree has a worker");
        let tree = Mutex::new(&mut **tree);
        let stop = Arc::new(AtomicBool::new(false));
        let budget = &self.budget;
        std::thread::scope(|scope| {
            // Raised however this thread leaves the scope, a panic included: the scope waits
            // for the helpers, so they must always hear it.
            let _stop_helpers = CancelOnDrop(stop.clone());
            for helper in helpers {
                let (tree, stop) = (&tree, &stop);
                scope.spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        helper.simulate(tree);
                    }
                });
            }
            while !budget.step(&tree, main, CHUNK) {}
        });
        self.done = true;
    }

    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Simulations run so far (the judging playouts for the one-ply levels).
    pub fn simulations(&self) -> u64 {
        match &self.engine {
            Engine::Tree { tree, .. } => tree.simulations(),
            Engine::OnePly { judge, .. } => judge.playouts() as u64,
        }
    }

    /// The best decision so far. Before their judgement is complete, the one-ply levels decide
    /// now with what they have.
    pub fn best(&self) -> Decision {
        match &self.engine {
            Engine::OnePly { choice: Some(mv), .. } => Decision::Play(*mv),
            Engine::OnePly { judge, choice: None } => {
                Decision::Play(one_ply(&self.game, self.level, judge, &mut self.rng.clone()))
            }
            Engine::Tree { tree, .. } => {
                let (mv, winrate) = tree.best();
                if winrate < RESIGN_BELOW && tree.simulations() >= RESIGN_AFTER {
                    return Decision::Resign;
                }
                Decision::Play(self.settle_pass(tree, mv))
            }
        }
    }

    /// After the opponent's pass, a move inside settled territory only drags the game on (and
    /// under territory counting costs a point): pass too, which ends play as it stands.
    fn settle_pass(&self, tree: &Mcts, mv: Move) -> Move {
        let Move::Place(p) = mv else { return mv };
        if !matches!(self.game.last_move(), Some((_, Move::Pass))) {
            return mv;
        }
        let settled = tree.ownership(p, self.color).abs() > 0.9
            && self.game.board().neighbors(p).iter().all(|&n| {
                self.game
                    .board()
                    .color_at(n)
                    .is_none_or(|c| tree.ownership(n, c) > 0.9)
            });
        if settled { Move::Pass } else { mv }
    }
}

fn one_ply(game: &Game, level: Level, judge: &Ownership, rng: &mut SmallRng) -> Move {
    let endgame = Endgame::new(game, judge);
    match level {
        Level::Easy => levels::easy(game, game.to_move(), &endgame, rng),
        _ => levels::normal(game, game.to_move(), &endgame, rng),
    }
}
