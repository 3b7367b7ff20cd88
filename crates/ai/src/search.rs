//! One stepped search API for every level: start from a game, run in slices (a background task
//! on the desktop, a few milliseconds per frame in the browser), ask the best move at any time,
//! drop it to cancel. The time limit of R10 is enforced here, measured from `Search::new`.
//!
//! On the desktop [`Search::run`] can put the hard level on several threads, a tree each
//! ([`Search::with_threads`]); a [`CancelOnDrop`] lets its owner stop it from outside.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tengen_rules::{Color, Game, Move};
use web_time::{Duration, Instant};

use crate::book;
use crate::ladder::Style;
use crate::levels::{self, Endgame};
use crate::mcts::{Candidate, Mcts};
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
    /// threads this counts the calling thread's; the others' come on top.
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
    /// The tree search (hard and the steps below it): a tree per thread of [`Search::run`]; the
    /// first is the calling thread's, and the only one [`Search::step`] grows.
    Trees(Vec<Mcts>),
    /// The hard level's move from its 9×9 opening book: no search ([`crate::book`]).
    Book(Move),
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
/// Made before its search, it stops the one given its [`CancelOnDrop::signal`] by
/// [`Search::stopped_by`], so a search can be built where it runs, off the thread that draws.
#[derive(Default)]
pub struct CancelOnDrop(Arc<AtomicBool>);

impl CancelOnDrop {
    /// What this guard raises when dropped, for a search yet to be built.
    pub fn signal(&self) -> StopSignal {
        StopSignal(self.0.clone())
    }
}

/// The other end of a [`CancelOnDrop`], sent with a search's ingredients to where it is built.
#[derive(Clone)]
pub struct StopSignal(Arc<AtomicBool>);

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
    /// A budget whose clock started at `started`: before the trees were made, so that their
    /// start (on large boards the ownership map's seeding playouts) counts against the time.
    fn since(limits: Limits, started: Instant) -> Budget {
        Budget {
            limits,
            started,
            cancelled: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Runs up to `n` simulations on `tree`, fewer at the simulation limit; returns whether
    /// the search is done.
    fn step(&self, tree: &mut Mcts, n: u64) -> bool {
        let n = match self.limits.simulations {
            Some(max) => n.min(max.saturating_sub(tree.simulations())),
            None => n,
        };
        tree.run(n);
        self.is_spent(tree)
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

/// `limits` with a weakened level's own number of simulations for the board as a cap.
fn level_limits(level: Level, size: u8, mut limits: Limits) -> Limits {
    if let Style::Tree(Some(w)) = level.style() {
        let own = w.simulations_on(size);
        limits.simulations = Some(limits.simulations.map_or(own, |n| n.min(own)));
    }
    limits
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

    /// A search within `limits`; a weakened level's own number of simulations for the board
    /// caps them too (its strength, the same decision for the same seed wherever it has the time).
    pub fn with_limits(game: &Game, level: Level, seed: u64, limits: Limits) -> Search {
        let started = Instant::now();
        let engine = match level.style() {
            Style::OnePly { .. } => Engine::OnePly {
                judge: Box::new(Ownership::new(game.board(), seed)),
                choice: None,
            },
            Style::Tree(None) => Engine::Trees(vec![Mcts::new(game, seed)]),
            Style::Tree(Some(_)) => Engine::Trees(vec![Mcts::weakened(game, seed)]),
        };
        let limits = level_limits(level, game.size(), limits);
        Search {
            game: game.clone(),
            color: game.to_move(),
            level,
            engine,
            rng: SmallRng::seed_from_u64(seed),
            budget: Budget::since(limits, started),
            done: false,
        }
    }

    /// Lets [`Search::run`] search the hard level on `threads` threads, the calling one included
    /// (at least one; always one in the browser, which has no threads). The other levels and
    /// [`Search::step`] stay on the calling thread: the weakened steps' strength is their number
    /// of simulations, which more trees would add to. At one thread a search is what it always
    /// was: the same decision for the same seed.
    pub fn with_threads(mut self, threads: usize) -> Search {
        let threads = if cfg!(target_arch = "wasm32") || self.level != Level::HARD {
            1
        } else {
            threads.max(1)
        };
        let (game, rng) = (&self.game, &mut self.rng);
        if let Engine::Trees(trees) = &mut self.engine {
            trees.truncate(threads);
            let more: Vec<Mcts> = (trees.len()..threads)
                .map(|_| {
                    let mut tree = Mcts::new(game, rng.random());
                    tree.judge_as(&trees[0]);
                    tree
                })
                .collect();
            trees.extend(more);
        }
        self
    }

    /// A search of the position as play going on, for judging it rather than playing in it:
    /// after the opponent's pass, passing here does not end the game, so a board with dead
    /// stones still on it is not counted as it stands (the review's analysis: otherwise its
    /// chance swings from one side to the other at every pass near a game's end).
    pub fn playing_on(mut self) -> Search {
        if let Engine::Trees(trees) = &mut self.engine {
            trees.iter_mut().for_each(Mcts::play_on);
        }
        self
    }

    /// A search of a decided position for points: it plays for `margin` beyond komi (the
    /// player to move's; negative, a loss no bigger), see [`Mcts::aim`].
    pub fn aiming_at(mut self, margin: f32) -> Search {
        if let Engine::Trees(trees) = &mut self.engine {
            trees.iter_mut().for_each(|tree| tree.aim(margin));
        }
        self
    }

    /// Threads [`Search::run`] uses.
    pub fn threads(&self) -> usize {
        match &self.engine {
            Engine::Trees(trees) => trees.len(),
            Engine::OnePly { .. } | Engine::Book(_) => 1,
        }
    }

    /// Stopped — on whatever thread it runs — when `signal`'s guard is dropped; at once, if it
    /// was dropped before.
    pub fn stopped_by(mut self, signal: StopSignal) -> Search {
        self.budget.cancelled = signal.0;
        self
    }

    /// The search for a move in play: of `game` at `level` within `limits`, carrying on
    /// `previous`, a search of the same game a few moves before at the same level, where it can:
    /// each tree keeps what it learnt about the moves played since ([`Mcts::advance`]), on as
    /// many threads. Otherwise, and for the one-ply levels, a search afresh. In the 9×9 openings
    /// of its book the hard level plays the book's move without a search.
    pub fn continuing(
        previous: Option<Search>,
        game: &Game,
        level: Level,
        seed: u64,
        limits: Limits,
    ) -> Search {
        let started = Instant::now();
        if level == Level::HARD
            && let Some(mv) = book::book_move(game, &mut SmallRng::seed_from_u64(seed))
        {
            return Search {
                game: game.clone(),
                color: game.to_move(),
                level,
                engine: Engine::Book(mv),
                rng: SmallRng::seed_from_u64(seed),
                budget: Budget::since(limits, started),
                done: true,
            };
        }
        let trees = match previous {
            Some(Search {
                level: previous_level,
                engine: Engine::Trees(trees),
                ..
            }) if previous_level == level => trees,
            _ => return Search::with_limits(game, level, seed, limits),
        };
        // Seeds as `new` and `with_threads` give them, for the trees that start afresh.
        let mut rng = SmallRng::seed_from_u64(seed);
        let seeds = std::iter::once(seed).chain(std::iter::repeat_with(|| rng.random()));
        let trees = trees
            .into_iter()
            .zip(seeds)
            .map(|(tree, seed)| tree.advance(game, seed))
            .collect();
        Search {
            game: game.clone(),
            color: game.to_move(),
            level,
            engine: Engine::Trees(trees),
            rng,
            budget: Budget::since(level_limits(level, game.size(), limits), started),
            done: false,
        }
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
            Engine::Trees(_) | Engine::Book(_) => CHUNK,
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
            Engine::Trees(trees) => self.done = self.budget.step(&mut trees[0], n),
            Engine::Book(_) => self.done = true,
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

    /// The hard level on a thread per tree. The calling thread steps its tree as a lone search
    /// does and so watches the limits; the others grow theirs until it is done.
    #[cfg(not(target_arch = "wasm32"))]
    fn run_on_threads(&mut self) {
        let Engine::Trees(trees) = &mut self.engine else {
            return;
        };
        let (main, helpers) = trees.split_first_mut().expect("the hard level has a tree");
        let stop = Arc::new(AtomicBool::new(false));
        let budget = &self.budget;
        std::thread::scope(|scope| {
            // Raised however this thread leaves the scope, a panic included: the scope waits
            // for the helpers, so they must always hear it.
            let _stop_helpers = CancelOnDrop(stop.clone());
            for tree in helpers {
                let stop = &stop;
                scope.spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        tree.run(1);
                    }
                });
            }
            while !budget.step(main, CHUNK) {}
        });
        self.done = true;
    }

    /// What the hard level's search found, for engine logs: a line with simulations and time,
    /// then one for each of its `n` most visited moves with win rate, prior and AMAF statistics;
    /// for a move from the opening book, that line alone. `None` for the one-ply levels and for
    /// a search of several trees.
    pub fn report(&self, n: usize, name: impl Fn(Move) -> String) -> Option<String> {
        let trees = match &self.engine {
            Engine::Trees(trees) => trees,
            Engine::Book(mv) => return Some(format!("{} from the opening book", name(*mv))),
            Engine::OnePly { .. } => return None,
        };
        let [tree] = trees.as_slice() else { return None };
        let mut out = format!(
            "{} simulations in {} ms",
            tree.simulations(),
            self.budget.started.elapsed().as_millis()
        );
        if tree.extra_komi() != 0.0 {
            out += &format!(", extra komi {}", tree.extra_komi());
        }
        for c in tree.candidates(n) {
            out += &format!(
                "\n  {:>5} {:>6} {:.3}  prior {:>4.0} {:.2}  amaf {:>6.0} {:.3}",
                name(c.mv),
                c.visits,
                c.winrate,
                c.prior.0,
                c.prior.1,
                c.amaf.0,
                c.amaf.1
            );
        }
        Some(out)
    }

    /// The tree search's `n` most visited root moves, most visited first, its trees' counts
    /// added together (none for the one-ply levels).
    pub fn candidates(&self, n: usize) -> Vec<Candidate> {
        let Engine::Trees(trees) = &self.engine else {
            return Vec::new();
        };
        let mut merged: Vec<Candidate> = Vec::new();
        for c in trees.iter().flat_map(|t| t.candidates(usize::MAX)) {
            match merged.iter_mut().find(|m| m.mv == c.mv) {
                Some(m) => {
                    let visits = m.visits + c.visits;
                    if visits > 0 {
                        m.winrate =
                            (m.winrate * m.visits as f32 + c.winrate * c.visits as f32) / visits as f32;
                    }
                    m.visits = visits;
                    m.lead = match (m.lead, c.lead) {
                        (Some(a), Some(b)) => Some(a.merged(b)),
                        (a, b) => a.or(b),
                    };
                }
                None => merged.push(c),
            }
        }
        merged.sort_by_key(|c| std::cmp::Reverse(c.visits));
        merged.truncate(n);
        merged
    }

    /// The line the tree search expects after root move `mv` (its first tree's), `mv` first, at
    /// most `n` moves; empty for the one-ply levels.
    pub fn line_after(&self, mv: Move, n: usize) -> Vec<Move> {
        match &self.engine {
            Engine::Trees(trees) => trees[0].line_after(mv, n),
            Engine::OnePly { .. } | Engine::Book(_) => Vec::new(),
        }
    }

    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Simulations run so far (the judging playouts for the one-ply levels).
    pub fn simulations(&self) -> u64 {
        match &self.engine {
            Engine::Trees(trees) => trees.iter().map(Mcts::simulations).sum(),
            Engine::OnePly { judge, .. } => judge.playouts() as u64,
            Engine::Book(_) => 0,
        }
    }

    /// The best decision so far. Before their judgement is complete, the one-ply levels decide
    /// now with what they have.
    pub fn best(&self) -> Decision {
        match &self.engine {
            Engine::Book(mv) => Decision::Play(*mv),
            Engine::OnePly { choice: Some(mv), .. } => Decision::Play(*mv),
            Engine::OnePly { judge, choice: None } => {
                Decision::Play(one_ply(&self.game, self.level, judge, &mut self.rng.clone()))
            }
            Engine::Trees(trees) => {
                let (mv, winrate) = match self.level.style() {
                    Style::Tree(Some(weakened)) => Mcts::pick_of(trees, &weakened, self.rng.clone().random()),
                    _ => Mcts::best_of(trees),
                };
                if winrate < RESIGN_BELOW
                    && self.simulations() >= RESIGN_AFTER
                    && self.may_resign()
                    && trees.iter().all(|t| t.extra_komi() == 0.0)
                {
                    return Decision::Resign;
                }
                Decision::Play(self.settle_pass(trees, mv))
            }
        }
    }

    /// Not in the opening: a handicap game starts lost on the board for White, and playouts
    /// that early say little; a quarter of the board's points must have been played first.
    fn may_resign(&self) -> bool {
        let size = self.game.size() as usize;
        self.game.move_number() >= size * size / 4
    }

    /// After the opponent's pass, a move inside settled territory only drags the game on (and
    /// under territory counting costs a point): pass too, which ends play as it stands.
    fn settle_pass(&self, trees: &[Mcts], mv: Move) -> Move {
        let Move::Place(p) = mv else { return mv };
        if !matches!(self.game.last_move(), Some((_, Move::Pass))) {
            return mv;
        }
        let settled = Mcts::ownership_of(trees, p, self.color).abs() > 0.9
            && self.game.board().neighbors(p).iter().all(|&n| {
                self.game
                    .board()
                    .color_at(n)
                    .is_none_or(|c| Mcts::ownership_of(trees, n, c) > 0.9)
            });
        if settled { Move::Pass } else { mv }
    }
}

fn one_ply(game: &Game, level: Level, judge: &Ownership, rng: &mut SmallRng) -> Move {
    let endgame = Endgame::new(game, judge);
    match level.style() {
        Style::OnePly { noise: None } => levels::easy(game, game.to_move(), &endgame, rng),
        Style::OnePly { noise: Some(noise) } => levels::normal(game, game.to_move(), &endgame, noise, rng),
        Style::Tree(_) => unreachable!("a tree level searches no one-ply move"),
    }
}
