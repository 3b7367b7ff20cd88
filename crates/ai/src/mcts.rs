//! Monte Carlo tree search with RAVE (AMAF) and priors, for the hard level.
//!
//! Each iteration copies the root board, descends the tree choosing the child with the best
//! mix of its own win rate and its AMAF win rate (the mix follows the minimum-MSE schedule of
//! Gelly & Silver), expands a leaf once it has been visited a few times — giving each new child
//! prior wins and visits from the learned move model (`docs/patterns.md`: how likely a strong
//! player is to choose it; the likeliest moves get over a hundred won visits, so the tree
//! searches what a strong player would consider first) — plays the rest of the game out with
//! the heavy policy, counts it, and updates the path: real statistics for the nodes on it, AMAF
//! statistics for their children whose move the same player made later in the simulation.
//!
//! Nodes live in one arena (`Vec<Node>`); scratch buffers are reserved once, so a simulation
//! allocates nothing except when the arena grows.
//!
//! On 13×13 and 19×19 the search plays for a margin when it is well ahead (dynamic komi, see
//! [`Mcts::adapt_komi`]): once every playout wins, a win rate no longer tells a safe move from
//! one that gives back half the lead.
//!
//! From 15×15 on, at full strength, the search takes two of Pachi's pieces for large boards
//! ([`Mcts::pieces`]). The priors come from the owner table ([`owner_model`]), whose model also
//! reads who owns the candidate's point: before the root's first priors [`OWNER_SEED_PLAYOUTS`]
//! heavy playouts from it (the player to move first) seed that map, the search's simulations add
//! to it, and every node expanded reads the root's map for its candidates (Pachi's Monte Carlo
//! owner feature). And the playouts give up a chain of any size by self-atari a quarter of the
//! times they try it ([`SelfAtari::Loose`]). Smaller boards and the weakened levels keep the
//! first table and the guarded playouts and never compute the map (`docs/patterns.md`).
//!
//! Below 13×13, while it plays (not while it judges: [`Mcts::play_on`], [`Mcts::aim`]) and at
//! full strength, a playout ends as soon as one side has taken [`MERCY`] stones more than the
//! other since it began, that side the winner (the mercy rule): the moves left would not change
//! it, and not playing them saves a seventh of a 9×9 search's work. Such a simulation adds
//! nothing to the ownership map, and such a search gives no leads.
//!
//! On several threads each searches a tree of its own, with its own random numbers, and the
//! decision counts the root's statistics of all of them together (root parallelism): nothing is
//! shared while they run, and with one tree the decision is that tree's.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tengen_rules::{Board, Color, Game, MAX_CELLS, Move, Point};

use crate::features::{ESCAPE, ESCAPE_INTO_LADDER, OWNER, Recent, features, owner_step};
use crate::ladder::Weakened;
use crate::model::{Model, model, owner_model};
use crate::ownership::Ownership;
use crate::playout::{MERCY, SelfAtari, area_balance, heavy_playout};
use crate::tactics::{bad_self_atari, line};

/// Point index that stands for a pass in a node.
const PASS: u16 = u16::MAX;
/// A leaf grows children after this many visits.
const EXPAND_VISITS: u32 = 8;
/// The root's place in the node array.
const ROOT: u32 = 0;
/// Beyond this many nodes the tree stops growing (memory, also in the browser).
const MAX_NODES: usize = 1_500_000;

/// How far the tree trusts its priors and the AMAF statistics; larger boards trust both longer,
/// as Pachi's do (its `eqex` of 20 instead of 14 from 15×15 on).
#[derive(Clone, Copy, Debug)]
struct Trust {
    /// Prior (visits, wins) every new child gets.
    even: (f32, f32),
    /// Won visits the learned model gives a move it expects a strong player to choose with
    /// probability `p`: this times √p (Pachi's pattern prior has the same shape). Moves below
    /// [`PRIOR_LEARNED_MIN`] get none.
    learned: f32,
    /// Equivalence parameter of the RAVE schedule: visits at which AMAF and real statistics
    /// weigh the same.
    rave_equiv: f32,
}

const TRUST_SMALL: Trust = Trust {
    even: (14.0, 7.0),
    learned: 210.0,
    rave_equiv: 3500.0,
};
const TRUST_LARGE: Trust = Trust {
    even: (20.0, 10.0),
    learned: 300.0,
    rave_equiv: 4000.0,
};
/// Boards from this size on use [`TRUST_LARGE`], and at full strength Pachi's pieces
/// ([`Mcts::pieces`]).
const LARGE_SIZE: u8 = 15;
/// Heavy playouts from the root that seed its ownership map before its first priors, on boards
/// that read it.
const OWNER_SEED_PLAYOUTS: u32 = 200;
/// Mixed into the search's seed for the seeding playouts' own random numbers.
const OWNER_SEED_SALT: u64 = 0x6f77_6e65_7273_6565;

// Other priors, as (visits, wins) added to a new child.
const PRIOR_LEARNED_MIN: f32 = 0.001;
const PRIOR_EMPTY_LOW: (f32, f32) = (10.0, 0.0);
const PRIOR_EMPTY_THIRD: (f32, f32) = (10.0, 10.0);
const PRIOR_PASS: (f32, f32) = (10.0, 1.0);
/// The 3-4, 4-3 and 4-4 points of an empty corner on the large boards, where players open:
/// without it the model, which has no sense of the game's stage, opens anywhere, and hard was
/// 4.5 points behind Pachi by KataGo's lead after ten moves of 19×19 (`docs/patterns.md`,
/// "Where the 19×19 games start to slip").
const PRIOR_CORNER: (f32, f32) = (100.0, 100.0);

/// Boards from this size on use dynamic komi.
const DYNAMIC_KOMI_SIZE: u8 = 13;
/// Simulations between two adjustments of the extra komi.
const KOMI_WINDOW: u32 = 1000;
/// Win rates (for the root player, with the extra komi) above which it gives a point more,
/// and below which it takes one back.
const KOMI_GREEN: f32 = 0.6;
const KOMI_RED: f32 = 0.45;
/// The most it gives: beyond, the playouts' scores are too noisy to aim at.
const KOMI_MAX_EXTRA: f32 = 30.0;
/// Dynamic komi stops when fewer empty points than this share of the board are left: in the
/// endgame the real result is what counts.
const KOMI_ENDGAME_EMPTY: f32 = 0.3;

#[derive(Clone, Copy, Debug)]
struct Node {
    /// The move leading here (a point index, or `PASS`).
    mv: u16,
    /// Real simulations through this node and how many the player who made `mv` won.
    visits: u32,
    wins: f32,
    /// Prior pseudo-simulations.
    prior_visits: f32,
    prior_wins: f32,
    /// AMAF statistics.
    rave_visits: f32,
    rave_wins: f32,
    first_child: u32,
    child_count: u16,
    expanded: bool,
    /// [`Node::urgency`] as of the last change to the statistics above ([`Node::refresh`]): the
    /// selection reads it for every child on every level, and most children have not changed
    /// since it last did. (Root children summed over trees for a decision leave it stale:
    /// nothing selects among those.)
    value: f32,
}

impl Node {
    fn new(mv: u16, prior: (f32, f32), rave_equiv: f32) -> Node {
        let mut node = Node {
            mv,
            visits: 0,
            wins: 0.0,
            prior_visits: prior.0,
            prior_wins: prior.1,
            rave_visits: 0.0,
            rave_wins: 0.0,
            first_child: 0,
            child_count: 0,
            expanded: false,
            value: 0.0,
        };
        node.refresh(rave_equiv);
        node
    }

    #[inline]
    fn refresh(&mut self, rave_equiv: f32) {
        self.value = self.urgency(rave_equiv);
    }

    /// Adds `other`'s statistics, those of the same move in another tree.
    fn add(&mut self, other: &Node) {
        self.visits += other.visits;
        self.wins += other.wins;
        self.prior_visits += other.prior_visits;
        self.prior_wins += other.prior_wins;
        self.rave_visits += other.rave_visits;
        self.rave_wins += other.rave_wins;
    }

    fn as_move(&self) -> Move {
        if self.mv == PASS {
            Move::Pass
        } else {
            Move::Place(Point(self.mv))
        }
    }

    /// Its move and the win rate of its real simulations (0.5 before any).
    fn verdict(&self) -> (Move, f32) {
        let winrate = if self.visits > 0 {
            self.wins / self.visits as f32
        } else {
            0.5
        };
        (self.as_move(), winrate)
    }

    /// The selection value: win rate blended with the AMAF win rate.
    #[inline]
    fn urgency(&self, rave_equiv: f32) -> f32 {
        let v = self.visits as f32 + self.prior_visits;
        let expectation = (self.wins + self.prior_wins) / v.max(1.0);
        if self.rave_visits == 0.0 {
            return expectation;
        }
        let rv = self.rave_visits;
        let beta = rv / (rv + v + v * rv / rave_equiv);
        beta * (self.rave_wins / rv) + (1.0 - beta) * expectation
    }
}

/// The tree search state for one position (and, after [`Mcts::advance`], its successors).
pub struct Mcts {
    game: Game,
    board: Board,
    to_move: Color,
    komi: f32,
    trust: Trust,
    /// A weakened level's tree: without Pachi's pieces for large boards ([`Mcts::pieces`]), as
    /// its rung of the ladder was measured (`docs/ladder.md`).
    weakened: bool,
    /// Points the player at the root gives on top of `komi` while well ahead (never negative),
    /// or, once aimed ([`Mcts::aim`]), the margin it plays for (negative: the loss it keeps to).
    extra_komi: f32,
    /// Whether `extra_komi` was set by [`Mcts::aim`] and stays (no dynamic komi).
    aimed: bool,
    /// The current window of simulations: how many, how many the root player won with the
    /// extra komi, and the sum of its margins without it.
    window: (u32, u32, f32),
    /// The tree, its root at [`ROOT`].
    nodes: Vec<Node>,
    rng: SmallRng,
    max_moves: usize,
    simulations: u64,
    /// Simulations whose board was counted (not stopped by [`Mcts::mercy`]).
    counted: u64,
    /// Per point: counted simulations it ended black minus those it ended white (from the root).
    ownership: Vec<i32>,
    /// With [`Mcts::pieces`]: the playouts run from the root before its first priors. With
    /// `ownership` and `simulations` on top, the map the owner group of every node's candidates
    /// reads; `None` without, where the table without that group is used.
    owner_seed: Option<Box<Ownership>>,
    /// Whether passes just before the root count towards the two that end the game (else a pass
    /// at the root does not end it: `Mcts::play_on`).
    counts_passes: bool,
    /// Per root child: the area counts its simulations ended with since the root became the
    /// root.
    root_leads: RootLeads,
    // Scratch, reserved once.
    path: Vec<u32>,
    moves: Vec<(Point, Color)>,
    amaf_stamp: Vec<u32>,
    amaf_color: Vec<Color>,
    stamp: u32,
    candidates: Vec<(Point, f32)>,
}

impl Mcts {
    /// The hard level's tree (and the analysis's).
    pub fn new(game: &Game, seed: u64) -> Mcts {
        Mcts::start(game, seed, false)
    }

    /// A weakened level's tree ([`Mcts::pieces`] left out).
    pub fn weakened(game: &Game, seed: u64) -> Mcts {
        Mcts::start(game, seed, true)
    }

    fn start(game: &Game, seed: u64, weakened: bool) -> Mcts {
        let area = game.size() as usize * game.size() as usize;
        let mut mcts = Mcts {
            game: game.clone(),
            board: game.board().clone(),
            to_move: game.to_move(),
            // Playouts count area, so White also gets what Chinese counting gives for handicap.
            komi: game.komi() + game.rules().handicap_compensation(game.handicap()),
            trust: if game.size() >= LARGE_SIZE {
                TRUST_LARGE
            } else {
                TRUST_SMALL
            },
            weakened,
            extra_komi: 0.0,
            aimed: false,
            window: (0, 0, 0.0),
            nodes: Vec::with_capacity(64 * 1024),
            rng: SmallRng::seed_from_u64(seed),
            max_moves: area * 3,
            simulations: 0,
            counted: 0,
            ownership: vec![0; MAX_CELLS],
            owner_seed: None,
            counts_passes: true,
            root_leads: RootLeads::default(),
            path: Vec::with_capacity(area * 4),
            moves: Vec::with_capacity(area * 4),
            amaf_stamp: vec![0; MAX_CELLS],
            amaf_color: vec![Color::Black; MAX_CELLS],
            stamp: 0,
            candidates: Vec::with_capacity(MAX_CELLS),
        };
        mcts.nodes
            .push(Node::new(PASS, (0.0, 0.0), mcts.trust.rave_equiv));
        mcts.seed_ownership(seed);
        mcts.expand_root();
        mcts.reset_root_leads();
        mcts
    }

    /// Judges the root as play going on: a pass just before it does not let a pass here end
    /// the game, where the board would be counted as it stands, dead stones and all.
    pub fn play_on(&mut self) {
        self.counts_passes = false;
    }

    /// Plays for a margin of `extra` points beyond komi (a smaller loss when negative) for the
    /// rest of the search, instead of dynamic komi: a simulation is won only above it. For
    /// judging a decided position, where every move wins (or loses) alike by the real komi and
    /// only the points tell one that keeps the lead from one that gives it away.
    pub fn aim(&mut self, extra: f32) {
        self.extra_komi = extra;
        self.aimed = true;
    }

    /// Judges as `other` does ([`Mcts::play_on`], [`Mcts::aim`]): another tree of its search.
    pub fn judge_as(&mut self, other: &Mcts) {
        self.counts_passes = other.counts_passes;
        if other.aimed {
            self.aim(other.extra_komi);
        }
    }

    /// Moves the search on to `game`, keeping the subtree of the moves played since, when `game`
    /// continues this search's position by at most a few moves; otherwise starts afresh. (A
    /// game that starts from another board or counts otherwise never continues one, even with the
    /// same moves: a handicap game after an even one, under the same komi.)
    pub fn advance(mut self, game: &Game, seed: u64) -> Mcts {
        let old = self.game.history().len();
        let new = game.history();
        let continues = new.len() >= old
            && new.len() - old <= 4
            && game.size() == self.game.size()
            && game.komi() == self.game.komi()
            && game.rules() == self.game.rules()
            && game.handicap() == self.game.handicap()
            && game.first_to_move() == self.game.first_to_move()
            && game.initial_board().hash() == self.game.initial_board().hash()
            && game.edits() == self.game.edits()
            && self
                .game
                .history()
                .iter()
                .zip(new)
                .all(|(a, b)| a.color == b.color && a.mv == b.mv);
        if !continues {
            return Mcts::start(game, seed, self.weakened);
        }
        let mut node = ROOT;
        for turn in &new[old..] {
            let n = &self.nodes[node as usize];
            let wanted = match turn.mv {
                Move::Place(p) => p.0,
                Move::Pass => PASS,
            };
            let child = (n.first_child..n.first_child + n.child_count as u32)
                .find(|&c| self.nodes[c as usize].mv == wanted);
            match child {
                Some(c) if n.expanded => node = c,
                _ => return Mcts::start(game, seed, self.weakened),
            }
        }
        self.keep_subtree(node);
        self.game = game.clone();
        self.board = game.board().clone();
        self.to_move = game.to_move();
        self.simulations = 0;
        self.counted = 0;
        self.window = (0, 0, 0.0);
        self.ownership.iter_mut().for_each(|o| *o = 0);
        self.seed_ownership(seed);
        if self.nodes[ROOT as usize].expanded {
            self.drop_illegal_root_children();
        } else {
            self.expand_root();
        }
        self.reset_root_leads();
        self
    }

    /// Makes `node` the root and keeps only its subtree, copied breadth first (every range of
    /// siblings stays contiguous) and back to the front of the node array: the array holds the
    /// live tree alone, so it never outgrows a move's search plus what was kept, and the kept
    /// simulations are never dropped to bound it. The array's allocation is reused: a fresh one
    /// each move left the freed ones resident.
    fn keep_subtree(&mut self, node: u32) {
        let mut kept = vec![self.nodes[node as usize]];
        let mut i = 0;
        while i < kept.len() {
            let n = kept[i];
            if n.expanded {
                let first = n.first_child as usize;
                kept[i].first_child = kept.len() as u32;
                kept.extend_from_slice(&self.nodes[first..first + n.child_count as usize]);
            }
            i += 1;
        }
        self.nodes.clear();
        self.nodes.extend_from_slice(&kept);
    }

    /// With [`Mcts::pieces`], the root's ownership map afresh: [`OWNER_SEED_PLAYOUTS`] heavy
    /// playouts from it, the player to move first, their random numbers drawn from `seed`.
    fn seed_ownership(&mut self, seed: u64) {
        if !self.pieces() {
            return;
        }
        let mut seeded = Ownership::starting(
            &self.board,
            Some(self.to_move),
            Recent::default(),
            seed ^ OWNER_SEED_SALT,
        )
        .with_self_atari(self.self_atari());
        seeded.run(OWNER_SEED_PLAYOUTS);
        self.owner_seed = Some(Box::new(seeded));
    }

    /// Whether this tree uses Pachi's pieces for large boards: from [`LARGE_SIZE`] on and at
    /// full strength, the owner map behind the priors and loose self-ataris in the playouts.
    /// Together they took hard from 8 of 31 games against Pachi on 19×19 to 45 of 120
    /// (`docs/patterns.md`); neither alone did anything measurable.
    fn pieces(&self) -> bool {
        self.board.size() >= LARGE_SIZE && !self.weakened
    }

    /// How the playouts (and the owner map's seed) treat a self-atari that gives stones away.
    fn self_atari(&self) -> SelfAtari {
        if self.pieces() {
            SelfAtari::Loose
        } else {
            SelfAtari::Guarded
        }
    }

    /// The owner group's value of `p` for `color` to move: the root's map, its seeding
    /// playouts and the simulations since (0 where there is none).
    fn owner_step(&self, p: Point, color: Color) -> u32 {
        let Some(seeded) = &self.owner_seed else {
            return 0;
        };
        let searched = self.ownership[p.index()];
        let searched = if color == Color::Black {
            searched
        } else {
            -searched
        };
        let playouts = u32::try_from(self.counted)
            .unwrap_or(u32::MAX)
            .saturating_add(seeded.playouts());
        owner_step(seeded.balance(p, color) + searched, playouts)
    }

    /// The move model the priors come from: the owner table with Pachi's pieces, whose map it
    /// reads.
    fn priors_model(&self) -> &'static Model {
        if self.pieces() { owner_model() } else { model() }
    }

    fn reset_root_leads(&mut self) {
        let children = self.root_children().len();
        let cells = self.board.size() as usize * self.board.size() as usize;
        self.root_leads.reset(children, cells);
    }

    /// Children made below the root skipped the superko check that only the root makes: move
    /// the now-illegal ones out of the root's child range (siblings can swap, as nothing points
    /// to a node but its parent's range).
    fn drop_illegal_root_children(&mut self) {
        let root = self.nodes[ROOT as usize];
        let mut end = root.first_child + root.child_count as u32;
        let mut i = root.first_child;
        while i < end {
            if self
                .game
                .check(self.to_move, self.nodes[i as usize].as_move())
                .is_err()
            {
                end -= 1;
                self.nodes.swap(i as usize, end as usize);
            } else {
                i += 1;
            }
        }
        self.nodes[ROOT as usize].child_count = (end - root.first_child) as u16;
    }

    pub fn simulations(&self) -> u64 {
        self.simulations
    }

    /// Points the player to move currently gives on top of the komi (dynamic komi; 0 when not
    /// well ahead, and always on 9×9). Win rates are counted with it.
    pub fn extra_komi(&self) -> f32 {
        self.extra_komi
    }

    /// Runs `n` simulations.
    pub fn run(&mut self, n: u64) {
        for _ in 0..n {
            self.simulate();
        }
    }

    /// The most visited root child with its win rate for the player to move.
    pub fn best(&self) -> (Move, f32) {
        most_visited(self.root_children(), self.trust)
    }

    /// [`Mcts::best`] over `trees`, searches of one position, their root statistics summed.
    pub fn best_of(trees: &[Mcts]) -> (Move, f32) {
        most_visited(
            &Mcts::merged_root_children(trees),
            trees.first().map_or(TRUST_SMALL, |t| t.trust),
        )
    }

    /// A weakened level's choice after searching `trees` (one position): the most visited root
    /// move or one nearly as good — at least `keep` of its visits and a win rate within `margin`
    /// (prior visits and wins included) — drawn in proportion to visits^(1 / temperature) by
    /// `draw` in [0, 1). Never a pass, a self-atari or a first-line move instead of the best: a
    /// weaker player's choice, not a blunder. Nor the best itself when it leaves three stones or
    /// more in atari: a few dozen simulations do not see the capture that follows, so then the
    /// most visited move that does not (a pass, if nothing else) is the best. The win rate is the
    /// most visited move's.
    pub fn pick_of(trees: &[Mcts], weakened: &Weakened, draw: f32) -> (Move, f32) {
        let children = Mcts::merged_root_children(trees);
        let Some(tree) = trees.first() else {
            return (Move::Pass, 0.5);
        };
        let Some(most) = most_visited_node(&children, tree.trust) else {
            return (Move::Pass, 0.5);
        };
        let winrate = most.verdict().1;
        let (board, color) = (&tree.board, tree.to_move);
        let gives_away = |n: &Node| match n.as_move() {
            Move::Pass => None,
            Move::Place(p) => bad_self_atari(board, p, color),
        };
        let top = if gives_away(most).is_some_and(|stones| stones >= 3) {
            let kept: Vec<Node> = children
                .iter()
                .filter(|n| gives_away(n).is_none_or(|stones| stones < 3))
                .copied()
                .collect();
            most_visited_node(&kept, tree.trust).copied().unwrap_or(*most)
        } else {
            *most
        };
        let best = top.as_move();
        let seen = |n: &Node| n.visits as f32 + n.prior_visits;
        let expectation = |n: &Node| (n.wins + n.prior_wins) / seen(n).max(1.0);
        let sane = |n: &Node| match n.as_move() {
            Move::Pass => false,
            Move::Place(p) => line(board, p) > 0 && gives_away(n).is_none(),
        };
        let weights: Vec<(Move, f32)> = children
            .iter()
            .filter(|n| {
                n.as_move() == best
                    || seen(n) >= weakened.keep * seen(&top)
                        && expectation(n) >= expectation(&top) - weakened.margin
                        && sane(n)
            })
            .map(|n| {
                (
                    n.as_move(),
                    (seen(n) / seen(&top)).powf(1.0 / weakened.temperature),
                )
            })
            .collect();
        let total: f32 = weights.iter().map(|(_, w)| w).sum();
        let mut left = draw * total;
        for &(mv, w) in &weights {
            left -= w;
            if left < 0.0 {
                return (mv, winrate);
            }
        }
        (best, winrate)
    }

    /// The root children of `trees` (searches of one position), their statistics summed.
    fn merged_root_children(trees: &[Mcts]) -> Vec<Node> {
        let Some((first, others)) = trees.split_first() else {
            return Vec::new();
        };
        let mut children = first.root_children().to_vec();
        // Where each move is in `children`; a pass goes in the last slot.
        let slot = |mv: u16| if mv == PASS { MAX_CELLS } else { mv as usize };
        let mut at = vec![usize::MAX; MAX_CELLS + 1];
        for (i, c) in children.iter().enumerate() {
            at[slot(c.mv)] = i;
        }
        for other in others {
            for c in other.root_children() {
                if let Some(merged) = children.get_mut(at[slot(c.mv)]) {
                    merged.add(c);
                }
            }
        }
        children
    }

    /// Share of the counted simulations of `trees` (searches of one position) in which `p`
    /// ended as `color`'s, from -1 to 1.
    pub fn ownership_of(trees: &[Mcts], p: Point, color: Color) -> f32 {
        let simulations: u64 = trees.iter().map(|t| t.counted).sum();
        if simulations == 0 {
            return 0.0;
        }
        let owned: i64 = trees.iter().map(|t| t.ownership[p.index()] as i64).sum();
        let o = owned as f32 / simulations as f32;
        if color == Color::Black { o } else { -o }
    }

    /// The `n` most visited root moves, most visited first.
    pub fn candidates(&self, n: usize) -> Vec<Candidate> {
        let mut children: Vec<(usize, &Node)> = self.root_children().iter().enumerate().collect();
        children.sort_by_key(|(_, c)| std::cmp::Reverse(c.visits));
        children
            .into_iter()
            .take(n)
            .map(|(i, c)| Candidate {
                lead: self
                    .root_leads
                    .lead(i, self.komi)
                    .filter(|_| self.mercy().is_none()),
                ..Candidate::of(c)
            })
            .collect()
    }

    /// The line the search expects after root move `mv`: `mv`, then each time the most visited
    /// reply, as long as one was visited; at most `n` moves (none if `mv` is not a root move).
    pub fn line_after(&self, mv: Move, n: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut next = self.root_children().iter().find(|c| c.as_move() == mv);
        while let Some(node) = next
            && line.len() < n
        {
            line.push(node.as_move());
            next = most_visited_node(self.children(node), self.trust).filter(|c| c.visits > 0);
        }
        line
    }

    fn root_children(&self) -> &[Node] {
        self.children(&self.nodes[ROOT as usize])
    }

    fn children(&self, node: &Node) -> &[Node] {
        let first = node.first_child as usize;
        &self.nodes[first..first + node.child_count as usize]
    }

    fn expand_root(&mut self) {
        let board = self.board.clone();
        let recent = Recent::of_game(&self.game);
        self.expand(ROOT, &board, self.to_move, recent, true);
    }

    fn simulate(&mut self) {
        let mut board = self.board.clone();
        let mut color = self.to_move;
        let mut passes = if self.counts_passes {
            self.game.consecutive_passes()
        } else {
            0
        };
        let mut recent = Recent::of_game(&self.game);
        let mut node = ROOT;
        self.path.clear();
        self.moves.clear();
        self.path.push(node);
        loop {
            if !self.nodes[node as usize].expanded {
                if self.nodes[node as usize].visits < EXPAND_VISITS || self.nodes.len() >= MAX_NODES {
                    break;
                }
                self.expand(node, &board, color, recent, false);
            }
            let Some(child) = self.select(node) else { break };
            match self.nodes[child as usize].mv {
                PASS => {
                    board.pass();
                    passes += 1;
                    recent = recent.then(None);
                }
                p => {
                    let p = Point(p);
                    board.place(p, color);
                    self.moves.push((p, color));
                    passes = 0;
                    recent = recent.then(Some(p));
                }
            }
            self.path.push(child);
            node = child;
            color = color.opponent();
            if passes >= 2 {
                break;
            }
        }
        let tree_moves = self.moves.len();
        let mercy = self.mercy();
        let stopped = if passes < 2 {
            heavy_playout(
                &mut board,
                color,
                recent,
                self.self_atari(),
                &mut self.rng,
                self.max_moves,
                &mut self.moves,
                mercy,
            )
        } else {
            None
        };
        let winner = match stopped {
            Some(winner) => winner,
            None => self.count(&board),
        };
        self.simulations += 1;
        self.backup(winner, tree_moves);
    }

    /// The capture lead at which a playout stops as won ([`heavy_playout`]): only where
    /// nothing reads the count of the board it skips — when playing (not judging, where the
    /// leads and the ownership are the answer), at full strength, on boards without dynamic
    /// komi.
    fn mercy(&self) -> Option<i32> {
        (self.counts_passes && !self.aimed && !self.weakened && self.board.size() < DYNAMIC_KOMI_SIZE)
            .then_some(MERCY)
    }

    /// Counts a played-out `board` into the ownership map, the root child's lead and the
    /// dynamic komi; returns the winner.
    fn count(&mut self, board: &Board) -> Color {
        let ownership = &mut self.ownership;
        let area = area_balance(board, |p, c| {
            ownership[p.index()] += if c == Color::Black { 1 } else { -1 };
        });
        let balance = area as f32 - self.komi;
        self.counted += 1;
        if let Some(&child) = self.path.get(1) {
            let first = self.nodes[ROOT as usize].first_child;
            self.root_leads.add((child - first) as usize, area);
        }
        let margin = if self.to_move == Color::Black {
            balance
        } else {
            -balance
        };
        let won = margin > self.extra_komi;
        self.adapt_komi(margin, won);
        if won {
            self.to_move
        } else {
            self.to_move.opponent()
        }
    }

    /// Dynamic komi. Where the root player wins nearly every playout, all moves look alike to
    /// win rates, and the search drifts into slack moves that give back its lead point by point.
    /// So, after each window of simulations, it gives one more point when it still wins most
    /// of them with the extra komi (at once half its mean margin when that is more), and takes
    /// points back when that makes it lose too many; never below zero, so a position that is
    /// behind or even is searched as it is, and resignation sees true win rates (it waits for
    /// the extra komi to be zero). Only on large boards, and not in the endgame. Statistics
    /// already in the tree keep the komi they were counted with: the steps are small.
    fn adapt_komi(&mut self, margin: f32, won: bool) {
        let size = self.board.size();
        if size < DYNAMIC_KOMI_SIZE || self.aimed {
            return;
        }
        let (sims, wins, margins) = &mut self.window;
        *sims += 1;
        *wins += won as u32;
        *margins += margin;
        if *sims < KOMI_WINDOW {
            return;
        }
        let winrate = *wins as f32 / *sims as f32;
        let mean_margin = *margins / *sims as f32;
        self.window = (0, 0, 0.0);
        let area = size as f32 * size as f32;
        self.extra_komi = if (self.board.empty_count() as f32) < area * KOMI_ENDGAME_EMPTY {
            0.0
        } else if winrate > KOMI_GREEN {
            (self.extra_komi + 1.0).max((mean_margin / 2.0).floor())
        } else if winrate < KOMI_RED {
            (self.extra_komi - 1.0).min((mean_margin / 2.0).floor())
        } else {
            self.extra_komi
        }
        .clamp(0.0, KOMI_MAX_EXTRA);
    }

    /// Updates real statistics along the path and AMAF statistics of the path's children.
    fn backup(&mut self, winner: Color, tree_moves: usize) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.amaf_stamp.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        // First who-played-where from the playout on, walking backwards so earlier moves win.
        for i in (tree_moves..self.moves.len()).rev() {
            let (p, c) = self.moves[i];
            self.amaf_stamp[p.index()] = self.stamp;
            self.amaf_color[p.index()] = c;
        }
        // The player who made the move into path[d] (d >= 1) is the root player for odd d.
        let mut tree_move = tree_moves;
        let rave_equiv = self.trust.rave_equiv;
        for d in (0..self.path.len()).rev() {
            let id = self.path[d] as usize;
            let node_player = if d % 2 == 1 {
                self.to_move
            } else {
                self.to_move.opponent()
            };
            {
                let n = &mut self.nodes[id];
                n.visits += 1;
                if node_player == winner {
                    n.wins += 1.0;
                }
                n.refresh(rave_equiv);
            }
            let n = self.nodes[id];
            if n.expanded {
                // Children of path[d] are moves of the player to move there; the map now holds
                // the moves from depth d + 1 on.
                let child_player = node_player.opponent();
                let won = if child_player == winner { 1.0 } else { 0.0 };
                for c in n.first_child..n.first_child + n.child_count as u32 {
                    let child = &mut self.nodes[c as usize];
                    if child.mv != PASS
                        && self.amaf_stamp[child.mv as usize] == self.stamp
                        && self.amaf_color[child.mv as usize] == child_player
                    {
                        child.rave_visits += 1.0;
                        child.rave_wins += won;
                        child.refresh(rave_equiv);
                    }
                }
            }
            if d >= 1 && n.mv != PASS {
                tree_move -= 1;
                let (p, c) = self.moves[tree_move];
                self.amaf_stamp[p.index()] = self.stamp;
                self.amaf_color[p.index()] = c;
            }
        }
    }

    #[inline]
    fn select(&self, node: u32) -> Option<u32> {
        let n = &self.nodes[node as usize];
        let mut best = None;
        let mut best_value = f32::NEG_INFINITY;
        for c in n.first_child..n.first_child + n.child_count as u32 {
            let value = self.nodes[c as usize].value;
            if value > best_value {
                best_value = value;
                best = Some(c);
            }
        }
        best
    }

    /// Gives `node` its children: every legal move of `color` that neither fills its own eye
    /// nor runs from atari into a ladder, and a pass, each with priors from the learned move
    /// model: won visits in proportion to the square root of the probability it gives the move
    /// among these candidates. At the root the game's full legality (superko) applies.
    fn expand(&mut self, node: u32, board: &Board, color: Color, recent: Recent, root: bool) {
        let mut candidates = std::mem::take(&mut self.candidates);
        let total = tree_candidates(
            board,
            color,
            recent,
            self.priors_model(),
            |p| self.owner_step(p, color),
            |p| !root || self.game.check(color, Move::Place(p)).is_ok(),
            &mut candidates,
        );
        self.candidates = candidates;
        let first_child = self.nodes.len() as u32;
        for &(p, strength) in &self.candidates {
            let mut prior = self.trust.even;
            let chance = strength / total;
            if chance >= PRIOR_LEARNED_MIN {
                let won = self.trust.learned * chance.sqrt();
                prior.0 += won;
                prior.1 += won;
            }
            if board.size() >= LARGE_SIZE && is_open_corner_point(board, p) {
                prior.0 += PRIOR_CORNER.0;
                prior.1 += PRIOR_CORNER.1;
            }
            let l = line(board, p);
            if l <= 2 && empty_around(board, p) {
                let (v, w) = if l <= 1 {
                    PRIOR_EMPTY_LOW
                } else {
                    PRIOR_EMPTY_THIRD
                };
                prior.0 += v;
                prior.1 += w;
            }
            self.nodes.push(Node::new(p.0, prior, self.trust.rave_equiv));
        }
        self.nodes
            .push(Node::new(PASS, PRIOR_PASS, self.trust.rave_equiv));
        let child_count = (self.nodes.len() as u32 - first_child) as u16;
        let n = &mut self.nodes[node as usize];
        n.first_child = first_child;
        n.child_count = child_count;
        n.expanded = true;
    }
}

/// The moves the tree gives children to (besides the pass): legal on `board`, no own eye, not
/// running from atari into a ladder, and `allowed`; each with the strength `model` gives it
/// (its owner group's value from `owner`, 0 where none is known), into `out` (cleared first).
/// Returns the strengths' sum, over which a strength is the model's probability for the move
/// among them.
pub fn tree_candidates(
    board: &Board,
    color: Color,
    recent: Recent,
    model: &Model,
    owner: impl Fn(Point) -> u32,
    allowed: impl Fn(Point) -> bool,
    out: &mut Vec<(Point, f32)>,
) -> f32 {
    out.clear();
    let mut total = 0.0;
    for i in 0..board.empty_count() {
        let p = board.empty_at(i);
        if board.is_eye(p, color) || !board.is_legal(p, color) || !allowed(p) {
            continue;
        }
        let mut features = features(board, p, color, recent);
        features.values[OWNER] = owner(p);
        // Running from atari into a ladder only feeds the opponent stones: the playouts
        // cannot read ladders, so the tree never tries it.
        if features.values[ESCAPE] == ESCAPE_INTO_LADDER {
            continue;
        }
        let strength = model.strength(&features);
        total += strength;
        out.push((p, strength));
    }
    total
}

/// What the search knows of one root move, for reports.
#[derive(Clone, Copy, Debug)]
pub struct Candidate {
    pub mv: Move,
    pub visits: u32,
    /// Win rate of the real simulations (0.5 before any).
    pub winrate: f32,
    /// Prior visits and their win rate.
    pub prior: (f32, f32),
    /// AMAF visits and their win rate.
    pub amaf: (f32, f32),
    /// Black's lead at the end of the move's simulations (those since the search's root
    /// became its root); none from a search whose playouts stop early ([`Mcts::mercy`]), whose
    /// count would leave out the lopsided ones.
    pub lead: Option<Lead>,
}

/// Black's lead at the end of a root move's simulations: area counted, komi included.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lead {
    /// Their mean.
    pub mean: f32,
    /// Their middle (as many ended above it as below, each whole-point count spread over its
    /// point): the komi that would make the move even, which is what a strong judge's "score
    /// lead" means. The few playouts in which a large group lives or dies by chance drag the
    /// mean, not this; the review judges moves by it (`docs/katago.md`, "The middle of the
    /// playouts' counts").
    pub median: f32,
    /// How many simulations.
    pub simulations: u32,
}

impl Lead {
    /// Two trees' leads for the same move together (root parallelism): the mean exact, the
    /// middle the two middles weighed by their simulations, which stands in for the middle of
    /// all the counts (the review, which reads it, searches with one tree).
    pub fn merged(self, other: Lead) -> Lead {
        let simulations = self.simulations + other.simulations;
        let weigh = |a: f32, b: f32| {
            (a * self.simulations as f32 + b * other.simulations as f32) / simulations.max(1) as f32
        };
        Lead {
            mean: weigh(self.mean, other.mean),
            median: weigh(self.median, other.median),
            simulations,
        }
    }
}

/// Per root child, how many of its simulations ended with each area count (Black's points
/// less White's, −cells to +cells): their mean and middle are the child's [`Lead`].
#[derive(Default)]
struct RootLeads {
    /// Counters per child: 2 · cells + 1.
    width: usize,
    counts: Vec<u32>,
}

impl RootLeads {
    fn reset(&mut self, children: usize, cells: usize) {
        self.width = 2 * cells + 1;
        self.counts.clear();
        self.counts.resize(children * self.width, 0);
    }

    fn add(&mut self, child: usize, area: i32) {
        let cells = (self.width / 2) as i32;
        if let Some(count) = self.counts.get_mut(child * self.width + (area + cells) as usize) {
            *count += 1;
        }
    }

    fn lead(&self, child: usize, komi: f32) -> Option<Lead> {
        let counts = self.counts.get(child * self.width..(child + 1) * self.width)?;
        let cells = (self.width / 2) as f32;
        let (simulations, sum) = counts
            .iter()
            .enumerate()
            .fold((0u32, 0.0f64), |(n, sum), (i, &c)| {
                (n + c, sum + c as f64 * (i as f64 - cells as f64))
            });
        if simulations == 0 {
            return None;
        }
        let half = simulations as f32 / 2.0;
        let mut below = 0.0;
        let mut median = 0.0;
        for (i, &c) in counts.iter().enumerate() {
            if c > 0 && below + c as f32 >= half {
                median = i as f32 - cells - 0.5 + (half - below) / c as f32;
                break;
            }
            below += c as f32;
        }
        Some(Lead {
            mean: (sum / simulations as f64) as f32 - komi,
            median: median - komi,
            simulations,
        })
    }
}

impl Candidate {
    fn of(n: &Node) -> Candidate {
        let rate = |wins: f32, visits: f32| if visits > 0.0 { wins / visits } else { 0.5 };
        Candidate {
            mv: n.as_move(),
            visits: n.visits,
            winrate: rate(n.wins, n.visits as f32),
            prior: (n.prior_visits, rate(n.prior_wins, n.prior_visits)),
            amaf: (n.rave_visits, rate(n.rave_wins, n.rave_visits)),
            lead: None,
        }
    }
}

/// The most visited of `children` (the more urgent of equals) with its win rate.
fn most_visited(children: &[Node], trust: Trust) -> (Move, f32) {
    most_visited_node(children, trust).map_or((Move::Pass, 0.5), Node::verdict)
}

fn most_visited_node(children: &[Node], trust: Trust) -> Option<&Node> {
    let urgency = |n: &Node| n.urgency(trust.rave_equiv);
    children
        .iter()
        .max_by(|a, b| a.visits.cmp(&b.visits).then(urgency(a).total_cmp(&urgency(b))))
}

/// Whether `p` is a 3-4, 4-3 or 4-4 point of a corner whose 7×7 square holds no stone.
fn is_open_corner_point(board: &Board, p: Point) -> bool {
    let last = board.size() - 1;
    // Along each axis: the distance from the nearer edge, and the seven lines next to it.
    let axis = |x: u8| {
        if x <= last - x {
            (x, 0..=6)
        } else {
            (last - x, last - 6..=last)
        }
    };
    let (c, r) = board.coords(p);
    let ((dc, columns), (dr, rows)) = (axis(c), axis(r));
    matches!((dc, dr), (2, 3) | (3, 2) | (3, 3))
        && columns.into_iter().all(|cc| {
            rows.clone()
                .all(|rr| board.color_at(board.point(cc, rr)).is_none())
        })
}

/// No stone within Manhattan distance 3 of `p`.
fn empty_around(board: &Board, p: Point) -> bool {
    let (c, r) = board.coords(p);
    let s = board.size() as i32;
    for dr in -3i32..=3 {
        for dc in -(3 - dr.abs())..=(3 - dr.abs()) {
            let (cc, rr) = (c as i32 + dc, r as i32 + dr);
            if (0..s).contains(&cc)
                && (0..s).contains(&rr)
                && board.color_at(board.point(cc as u8, rr as u8)).is_some()
            {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use tengen_rules::RuleSet;

    /// Four simulations of a root move end B+10 by area and one, where a group died by chance,
    /// B−60: the mean falls to −4, the middle stays within B+10's point. Under a 7.5 komi.
    #[test]
    fn the_middle_of_the_counts_is_not_dragged_by_a_tail() {
        let mut leads = RootLeads::default();
        leads.reset(2, 81);
        for area in [10, 10, -60, 10, 10] {
            leads.add(1, area);
        }
        assert_eq!(leads.lead(0, 7.5), None, "no simulations, no lead");
        let lead = leads.lead(1, 7.5).unwrap();
        assert_eq!(lead.simulations, 5);
        assert!((lead.mean - (-4.0 - 7.5)).abs() < 1e-4, "{lead:?}");
        // Half the five is 2.5: one below B+10's point, and 1.5 of its 4 into it.
        assert!((lead.median - (9.5 + 1.5 / 4.0 - 7.5)).abs() < 1e-4, "{lead:?}");
        // At the board's extremes the counters still hold.
        leads.add(0, 81);
        leads.add(0, -81);
        let edge = leads.lead(0, 0.0).unwrap();
        assert_eq!((edge.mean, edge.median), (0.0, -80.5), "{edge:?}");
    }

    /// A `size` board with two living blocks, each leaving one-point eyes: Black's fills the
    /// first `black` lines of one side, White's the first `white` of the other.
    pub(crate) fn lopsided(size: u8, black: u8, white: u8, to_move: Color) -> Game {
        let mut board = Board::new(size);
        for row in 0..size {
            let (color, depth, line) = if row < black {
                (Color::Black, black, row)
            } else if row >= size - white {
                (Color::White, white, size - 1 - row)
            } else {
                continue;
            };
            for col in 0..size {
                let eye = col % 3 == 1 && line % 2 == 1 && line < depth - 1;
                if !eye {
                    board.place(board.point(col, row), color);
                }
            }
        }
        Game::with_setup(board, to_move, RuleSet::Chinese)
    }

    fn extra_komi_after_search(game: &Game) -> f32 {
        let mut tree = Mcts::new(game, 3);
        tree.run(4 * KOMI_WINDOW as u64);
        tree.extra_komi()
    }

    #[test]
    fn gives_komi_only_when_far_ahead_on_a_large_board() {
        let extra = extra_komi_after_search(&lopsided(19, 5, 3, Color::Black));
        assert!((10.0..=KOMI_MAX_EXTRA).contains(&extra), "far ahead: {extra}");
        let behind = lopsided(19, 5, 3, Color::White);
        assert_eq!(
            extra_komi_after_search(&behind),
            0.0,
            "behind: the position as it is"
        );
        let extra = extra_komi_after_search(&lopsided(13, 4, 2, Color::Black));
        assert!(extra >= 5.0, "13×13, far ahead: {extra}");
        let small = lopsided(9, 3, 1, Color::Black);
        assert_eq!(extra_komi_after_search(&small), 0.0, "9×9 counts the real komi");
    }

    #[test]
    fn aimed_at_its_lead_a_won_position_is_even_again() {
        let game = lopsided(9, 3, 1, Color::Black);
        // A search that plays stops lopsided playouts early, and so gives no leads; the review
        // judges as play going on.
        let mut playing = Mcts::new(&game, 3);
        playing.run(200);
        assert!(playing.candidates(usize::MAX).iter().all(|c| c.lead.is_none()));
        let mut plain = Mcts::new(&game, 3);
        plain.play_on();
        plain.run(2000);
        let best = plain.candidates(1)[0];
        let lead = best.lead.expect("simulations through the best move").mean;
        assert!(best.winrate > 0.9 && lead > 10.0, "won: {best:?}");
        let mut aimed = Mcts::new(&game, 3);
        aimed.aim(lead);
        aimed.run(2000);
        let even = aimed.candidates(1)[0];
        assert!((0.2..0.8).contains(&even.winrate), "{even:?}");
        assert!(even.lead.is_some_and(|l| (l.mean - lead).abs() < 5.0), "{even:?}");
        assert_eq!(aimed.extra_komi(), lead, "no dynamic komi once aimed");
    }

    #[test]
    fn counts_the_real_komi_in_the_endgame() {
        let game = lopsided(19, 10, 6, Color::Black);
        assert!((game.board().empty_count() as f32) < 361.0 * KOMI_ENDGAME_EMPTY);
        let mut tree = Mcts::new(&game, 3);
        tree.run(4 * KOMI_WINDOW as u64);
        assert!(tree.best().1 > KOMI_GREEN, "far ahead: {}", tree.best().1);
        assert_eq!(tree.extra_komi(), 0.0);
    }

    fn root_moves(game: &Game) -> Vec<Move> {
        Mcts::new(game, 1)
            .root_children()
            .iter()
            .map(Node::as_move)
            .collect()
    }

    #[test]
    fn never_runs_from_atari_into_a_ladder() {
        // White B2 in atari: the escape at B1 runs into a ladder.
        let caught = crate::ladder_caught();
        let b1 = Move::Place(crate::at(&caught, "B1"));
        let game = Game::with_setup(caught, Color::White, RuleSet::Chinese);
        assert!(game.check(Color::White, b1).is_ok());
        assert!(!root_moves(&game).contains(&b1), "B1 only feeds the ladder");
        // With White C3 and D2 the escape works.
        let free = crate::ladder_escaped();
        let game = Game::with_setup(free, Color::White, RuleSet::Chinese);
        assert!(root_moves(&game).contains(&b1));
    }

    /// A 19×19 board, Black to move: Black's wall two lines thick across the board on the 7th
    /// and 8th lines, White's on the 12th and 13th; below and above them each side's area,
    /// between them open ground.
    fn walls() -> Game {
        let mut board = Board::new(19);
        for col in 0..19 {
            for (row, color) in [
                (6, Color::Black),
                (7, Color::Black),
                (11, Color::White),
                (12, Color::White),
            ] {
                board.place(board.point(col, row), color);
            }
        }
        Game::with_setup(board, Color::Black, RuleSet::Chinese)
    }

    /// Each root move's prior (visits, wins).
    fn root_priors(tree: &Mcts) -> Vec<(Move, (f32, f32))> {
        tree.root_children()
            .iter()
            .map(|n| (n.as_move(), (n.prior_visits, n.prior_wins)))
            .collect()
    }

    /// The model's probability for each candidate of `game`'s root, from `model` with the owner
    /// group's values `owner`.
    fn probabilities(game: &Game, model: &Model, owner: impl Fn(Point) -> u32) -> Vec<(Point, f32)> {
        let mut out = Vec::new();
        let total = tree_candidates(
            game.board(),
            game.to_move(),
            Recent::default(),
            model,
            owner,
            |_| true,
            &mut out,
        );
        out.iter().map(|&(p, s)| (p, s / total)).collect()
    }

    /// The 3-4, 4-3 and 4-4 points of a corner are open until a stone lands in its 7×7 square,
    /// and a search of an empty 19×19 board opens on one of them.
    #[test]
    fn opens_in_an_empty_corner_on_a_large_board() {
        let mut board = Board::new(19);
        let open = |board: &Board, v| is_open_corner_point(board, crate::at(board, v));
        for v in [
            "C16", "D17", "D16", "Q16", "R16", "Q17", "C4", "D3", "D4", "Q4", "R4", "Q3",
        ] {
            assert!(open(&board, v), "{v}");
        }
        for v in ["C17", "R17", "E5", "K10", "D10", "K4", "A1"] {
            assert!(!open(&board, v), "{v}");
        }
        board.place(crate::at(&board, "F14"), Color::White);
        assert!(!open(&board, "D16") && open(&board, "Q16"));

        let mut tree = Mcts::new(&Game::new(19, RuleSet::Chinese), 1);
        tree.run(2000);
        let first = tree.candidates(1)[0].mv;
        let empty = Board::new(19);
        assert!(
            matches!(first, Move::Place(p) if is_open_corner_point(&empty, p)),
            "{first:?}"
        );
    }

    #[test]
    fn large_boards_read_who_owns_the_point_small_ones_never() {
        let game = walls();
        let board = game.board();
        let tree = Mcts::new(&game, 1);
        let seeded = tree.owner_seed.as_ref().expect("19×19 keeps the map");
        assert_eq!(seeded.playouts(), OWNER_SEED_PLAYOUTS);
        // K15 lies in Black's area behind its wall, K10 on the open ground between the walls.
        let (inside, open) = (crate::at(board, "K15"), crate::at(board, "K10"));
        let step = |p| tree.owner_step(p, Color::Black);
        assert!(step(inside) >= 8, "settled: {}", step(inside));
        assert!((3..=7).contains(&step(open)), "undecided: {}", step(open));
        // The root's priors are the owner table's with the seeded map...
        let with = probabilities(&game, owner_model(), step);
        let without = probabilities(&game, model(), |_| 0);
        let chance = |of: &[(Point, f32)], p| of.iter().find(|&&(q, _)| q == p).unwrap().1;
        let prior = |p: Point| {
            let n = tree
                .root_children()
                .iter()
                .find(|n| n.as_move() == Move::Place(p));
            n.unwrap().prior_wins
        };
        for p in [inside, open] {
            let won = TRUST_LARGE.learned * chance(&with, p).sqrt();
            assert!((prior(p) - TRUST_LARGE.even.1 - won).abs() < 1e-3, "{p:?}");
        }
        // ...which turn the settled point down against the open one, where the table without
        // the group would not.
        let ratio = |of: &[(Point, f32)]| chance(of, inside) / chance(of, open);
        assert!(
            ratio(&with) < ratio(&without) / 3.0,
            "{} against {}",
            ratio(&with),
            ratio(&without)
        );
        assert!(prior(inside) < prior(open));
        // The search's simulations add to the map.
        let mut searched = Mcts::new(&game, 1);
        searched.run(100);
        assert_eq!(searched.simulations(), 100);
        let playouts = searched.owner_seed.as_ref().unwrap().playouts() + 100;
        let own = searched.owner_seed.as_ref().unwrap().balance(open, Color::Black)
            + searched.ownership[open.index()];
        assert_eq!(searched.owner_step(open, Color::Black), owner_step(own, playouts));
        // A 15×15 board keeps the map too; 9×9 and 13×13 neither keep it nor read it: their
        // priors come from the table without the group, as before (the owner group's absent
        // value has a gamma of 1).
        assert!(
            Mcts::new(&Game::new(15, RuleSet::Chinese), 1)
                .owner_seed
                .is_some()
        );
        // A weakened level's tree neither: its rung of the ladder was measured without it.
        let weakened = Mcts::weakened(&Game::new(19, RuleSet::Chinese), 1);
        assert!(weakened.owner_seed.is_none() && weakened.self_atari() == SelfAtari::Guarded);
        let self_atari = |size| Mcts::new(&Game::new(size, RuleSet::Chinese), 1).self_atari();
        assert_eq!(
            (self_atari(19), self_atari(13)),
            (SelfAtari::Loose, SelfAtari::Guarded)
        );
        for game in [crate::three_in_atari(), Game::new(13, RuleSet::Chinese)] {
            let mut tree = Mcts::new(&game, 1);
            let before = root_priors(&tree);
            tree.run(200);
            assert!(tree.owner_seed.is_none());
            assert!(std::ptr::eq(tree.priors_model(), model()));
            assert!(
                game.board()
                    .points()
                    .all(|p| tree.owner_step(p, game.to_move()) == 0)
            );
            assert_eq!(
                before,
                root_priors(&Mcts::new(&game, 2)),
                "no playouts behind them"
            );
        }
    }

    #[test]
    fn large_boards_give_every_move_more_even_prior_visits() {
        // Away from the edge a move's prior visits exceed its prior wins by the even prior's
        // lost half alone (the model's share comes as won visits).
        for (size, trust) in [
            (9, TRUST_SMALL),
            (13, TRUST_SMALL),
            (15, TRUST_LARGE),
            (19, TRUST_LARGE),
        ] {
            let tree = Mcts::new(&Game::new(size, RuleSet::Chinese), 1);
            let lost = trust.even.0 - trust.even.1;
            let board = Board::new(size);
            let central: Vec<&Node> = tree
                .root_children()
                .iter()
                .filter(|n| matches!(n.as_move(), Move::Place(p) if line(&board, p) >= 3))
                .collect();
            assert!(!central.is_empty());
            for n in central {
                let lost_here = n.prior_visits - n.prior_wins;
                assert!(
                    (lost_here - lost).abs() < 1e-3,
                    "{size}: {:?} {lost_here}",
                    n.as_move()
                );
            }
        }
    }

    #[test]
    fn the_model_s_likeliest_move_gets_the_largest_prior() {
        // Black C2 in atari between White C3 (one liberty) and D2 (two): moves the model tells
        // far apart. The prior follows its probabilities, by many visits for the likeliest.
        let board = Board::from_ascii(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . X O X . . . . .
            . O X O . . . . .
            . . . . . . . . .",
        )
        .unwrap();
        let likeliest = (0..board.empty_count())
            .map(|i| board.empty_at(i))
            .filter(|&p| board.is_legal(p, Color::Black))
            .max_by(|&a, &b| {
                let strength = |p| model().strength(&features(&board, p, Color::Black, Recent::default()));
                strength(a).total_cmp(&strength(b))
            })
            .unwrap();
        let tree = Mcts::new(&Game::with_setup(board, Color::Black, RuleSet::Chinese), 1);
        let best = tree
            .root_children()
            .iter()
            .max_by(|a, b| a.prior_wins.total_cmp(&b.prior_wins))
            .unwrap();
        assert_eq!(best.as_move(), Move::Place(likeliest));
        assert!(
            best.prior_visits > 5.0 * TRUST_SMALL.even.0,
            "{}",
            best.prior_visits
        );
    }

    /// Black's chain D6 E6 F6 has two liberties, E5 and F5, and either move leaves it in atari
    /// (the board `tests/levels.rs` gives the weakened levels too).
    const SELF_ATARI: &str = include_str!("../tests/boards/self-atari.txt");

    #[test]
    fn a_weakened_choice_takes_good_moves_but_never_gives_stones_away() {
        let board = Board::from_ascii(SELF_ATARI).unwrap();
        let [e5, f5, a1, c3, g3] = ["E5", "F5", "A1", "C3", "G3"].map(|v| Move::Place(crate::at(&board, v)));
        let mut tree = Mcts::new(&Game::with_setup(board, Color::Black, RuleSet::Chinese), 1);
        tree.run(300);
        // Make a self-atari, a first-line move, a pass and one sound move look as good as the
        // most visited move.
        let children = tree.root_children().to_vec();
        let top = *most_visited_node(&children, tree.trust).unwrap();
        let c3 = if top.as_move() == c3 { g3 } else { c3 };
        let root = tree.nodes[ROOT as usize];
        for i in root.first_child..root.first_child + root.child_count as u32 {
            let node = &mut tree.nodes[i as usize];
            if [e5, f5, a1, c3, Move::Pass].contains(&node.as_move()) && node.as_move() != top.as_move() {
                // One visit short of the best, so that it stays the most visited.
                let visits = top.visits - 1;
                *node = Node {
                    mv: node.mv,
                    visits,
                    wins: top.wins * visits as f32 / top.visits as f32,
                    ..top
                };
            }
        }
        let weakened = Weakened {
            simulations: 300,
            on_19: 1_337,
            keep: 0.5,
            margin: 0.05,
            temperature: 1.0,
        };
        let picks: Vec<Move> = (0..100)
            .map(|i| Mcts::pick_of(std::slice::from_ref(&tree), &weakened, i as f32 / 100.0).0)
            .collect();
        for bad in [e5, f5, a1, Move::Pass] {
            assert!(!picks.contains(&bad), "{bad:?} in {picks:?}");
        }
        assert!(picks.contains(&top.as_move()));
        assert!(
            picks.contains(&c3),
            "the equally good sound move is chosen too: {picks:?}"
        );
        // Not even as the most visited move: then the most visited of the others is the best.
        let root = tree.nodes[ROOT as usize];
        for i in root.first_child..root.first_child + root.child_count as u32 {
            if tree.nodes[i as usize].as_move() == e5 {
                tree.nodes[i as usize].visits = top.visits + 10;
            }
        }
        let picks: Vec<Move> = (0..100)
            .map(|i| Mcts::pick_of(std::slice::from_ref(&tree), &weakened, i as f32 / 100.0).0)
            .collect();
        assert!(
            !picks.contains(&e5) && picks.contains(&top.as_move()),
            "{picks:?}"
        );
        // A move with too few visits is never an alternative.
        let scarce = Weakened {
            keep: 1.01,
            ..weakened
        };
        assert!((0..100).all(
            |i| Mcts::pick_of(std::slice::from_ref(&tree), &scarce, i as f32 / 100.0).0 == top.as_move()
        ));
    }

    #[test]
    fn trees_of_one_position_decide_together() {
        let game = Game::new(9, RuleSet::Chinese);
        let mut trees = vec![Mcts::new(&game, 1), Mcts::new(&game, 2)];
        for tree in &mut trees {
            tree.run(400);
        }
        assert_eq!(
            Mcts::best_of(&trees[..1]),
            trees[0].best(),
            "one tree decides alone"
        );

        let visits = |mv: Move| -> u32 {
            trees
                .iter()
                .map(|t| {
                    t.root_children()
                        .iter()
                        .find(|n| n.as_move() == mv)
                        .unwrap()
                        .visits
                })
                .sum()
        };
        let (best, _) = Mcts::best_of(&trees);
        for child in trees[0].root_children() {
            assert!(
                visits(child.as_move()) <= visits(best),
                "{:?} beats {best:?}",
                child.as_move()
            );
        }

        let p = game.board().point(4, 4);
        let counted = trees[0].counted + trees[1].counted;
        assert!(
            counted > 0 && counted < 800,
            "some of the simulations stop early: {counted}"
        );
        let owned = (trees[0].ownership[p.index()] + trees[1].ownership[p.index()]) as f32 / counted as f32;
        assert_eq!(Mcts::ownership_of(&trees, p, Color::Black), owned);
        assert_eq!(Mcts::ownership_of(&trees, p, Color::White), -owned);
    }

    /// The subtree under `node`: every node's move, statistics and place among its siblings, in
    /// the order a depth-first walk meets them.
    fn subtree(tree: &Mcts, node: u32) -> Vec<(u16, u32, u32, usize)> {
        let mut out = Vec::new();
        let mut stack = vec![(node, 0)];
        while let Some((id, place)) = stack.pop() {
            let n = tree.nodes[id as usize];
            out.push((n.mv, n.visits, n.rave_visits as u32, place));
            if n.expanded {
                stack.extend((0..n.child_count as u32).map(|k| (n.first_child + k, k as usize)));
            }
        }
        out
    }

    #[test]
    fn moving_on_keeps_the_subtree_of_the_moves_played_and_nothing_else() {
        let mut game = Game::new(9, RuleSet::Chinese);
        let mut tree = Mcts::new(&game, 7);
        for _ in 0..6 {
            tree.run(3_000);
            // Follow the two most visited moves, as a game between equal players might.
            let mut node = ROOT;
            for _ in 0..2 {
                let n = tree.nodes[node as usize];
                node = (n.first_child..n.first_child + n.child_count as u32)
                    .max_by_key(|&c| tree.nodes[c as usize].visits)
                    .unwrap();
                game.play(tree.nodes[node as usize].as_move()).unwrap();
            }
            let before = subtree(&tree, node);
            assert!(before[0].1 > 0, "the position reached was searched");
            tree = tree.advance(&game, 8);
            // The walk of the kept subtree meets the same nodes (the root's illegal children
            // aside: none here, no ko) with the same statistics; the array holds nothing more.
            assert_eq!(subtree(&tree, ROOT)[1..], before[1..]);
            assert_eq!(tree.nodes.len(), before.len());
        }
    }

    #[test]
    fn a_game_from_another_start_never_continues_a_search() {
        let even = Game::new(9, RuleSet::Chinese);
        let mut handicap = Game::with_handicap(9, RuleSet::Chinese, 2).unwrap();
        handicap.set_komi(even.komi());
        let mut japanese = even.clone();
        japanese.set_rules(RuleSet::Japanese);
        japanese.set_komi(even.komi());
        let searched = |game: &Game| {
            let mut tree = Mcts::new(game, 3);
            tree.run(500);
            tree
        };
        // The same position again continues (with no moves between)...
        assert!(searched(&even).advance(&even, 4).nodes[ROOT as usize].visits > 0);
        // ...but neither the handicap board nor other rules do, though no move was played.
        for other in [&handicap, &japanese] {
            let tree = searched(&even).advance(other, 4);
            assert_eq!(tree.nodes[ROOT as usize].visits, 0);
            assert_eq!(tree.board.hash(), other.board().hash());
        }
    }
}
