//! Who owns each point, judged by heavy playouts from a position (which answer ataris and keep
//! eyes, so living groups and seki survive them). Run in chunks so a caller with a frame budget
//! can spread the work; used for the dead-stone proposal and for the one-ply levels' sense of
//! which points are settled.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tengen_rules::{Board, Cell, Color, Game, Point};

use crate::features::Recent;
use crate::heavy_playout;

pub struct Ownership {
    board: Board,
    rng: SmallRng,
    /// Per point: playouts in which it ended black minus those in which it ended white.
    balance: Vec<i32>,
    playouts: u32,
    /// Who moves first in every playout; `None` alternates.
    first: Option<Color>,
    max_moves: usize,
    moves: Vec<(Point, Color)>,
}

impl Ownership {
    /// No playouts yet: every point counts as undecided. Playouts alternate who moves first, so
    /// that neither side gets the extra tempo in every one (right for a finished position, where
    /// nobody is to move). Deterministic for a given `seed`.
    pub fn new(board: &Board, seed: u64) -> Ownership {
        Ownership::starting(board, None, seed)
    }

    /// As [`Ownership::new`], every playout opened by `first` when it is given: a position in
    /// play, where the side to move has the tempo (worth a dozen points on an open 9×9 board,
    /// measured against KataGo's judgement).
    pub fn starting(board: &Board, first: Option<Color>, seed: u64) -> Ownership {
        let max_moves = board.size() as usize * board.size() as usize * 3;
        Ownership {
            board: board.clone(),
            rng: SmallRng::seed_from_u64(seed),
            balance: vec![0; tengen_rules::MAX_CELLS],
            playouts: 0,
            first,
            max_moves,
            moves: Vec::with_capacity(max_moves),
        }
    }

    /// Plays `n` more playouts.
    pub fn run(&mut self, n: u32) {
        for _ in 0..n {
            let mut b = self.board.clone();
            let first = self.first.unwrap_or(if self.playouts.is_multiple_of(2) {
                Color::Black
            } else {
                Color::White
            });
            self.moves.clear();
            heavy_playout(
                &mut b,
                first,
                Recent::default(),
                &mut self.rng,
                self.max_moves,
                &mut self.moves,
            );
            for p in b.points() {
                let owner = match b.cell(p) {
                    Cell::Stone(c) => Some(c),
                    // After a playout every empty point is an eye: its neighbours tell the owner.
                    Cell::Empty => b.neighbors(p).iter().find_map(|&n| b.color_at(n)),
                    Cell::Edge => None,
                };
                self.balance[p.index()] += match owner {
                    Some(Color::Black) => 1,
                    Some(Color::White) => -1,
                    None => 0,
                };
            }
            self.playouts += 1;
        }
    }

    pub fn playouts(&self) -> u32 {
        self.playouts
    }

    /// From -1 (the opponent's in every playout) to 1 (`color`'s in every playout).
    pub fn of(&self, p: Point, color: Color) -> f32 {
        if self.playouts == 0 {
            return 0.0;
        }
        let black = self.balance[p.index()] as f32 / self.playouts as f32;
        if color == Color::Black { black } else { -black }
    }

    /// Every stone of each chain whose points mostly ended the opponent's.
    pub fn dead_stones(&self) -> Vec<Point> {
        let board = &self.board;
        let mut dead = Vec::new();
        let mut judged = vec![false; tengen_rules::MAX_CELLS];
        for p in board.points() {
            let Some(color) = board.color_at(p) else { continue };
            if judged[p.index()] {
                continue;
            }
            let chain: Vec<Point> = board.chain(p).collect();
            let sum: i32 = chain.iter().map(|q| self.balance[q.index()]).sum();
            let own = if color == Color::Black { sum } else { -sum };
            for &q in &chain {
                judged[q.index()] = true;
            }
            if own < 0 {
                dead.extend(chain);
            }
        }
        dead
    }
}

/// Playouts behind the dead-stone proposal when counting begins (the app's and GTP's): enough
/// that the proposal is the same from one seed to the next on finished positions.
pub const DEAD_STONE_PLAYOUTS: u32 = 400;

/// The stones (every stone of each dead chain) judged dead in `game`'s position.
/// Deterministic for a given `seed`.
pub fn dead_stones(game: &Game, playouts: u32, seed: u64) -> Vec<Point> {
    let mut ownership = Ownership::new(game.board(), seed);
    ownership.run(playouts);
    ownership.dead_stones()
}
