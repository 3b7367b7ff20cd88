//! Dead-stone judgement for counting: whole chains whose points mostly end up the opponent's in
//! heavy playouts from the final position (which answer ataris and keep eyes, so living groups
//! and seki survive them).

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tengen_rules::{Cell, Color, Game, Point};

use crate::heavy_playout;

/// The stones (every stone of each dead chain) judged dead in `game`'s position.
/// Deterministic for a given `seed`.
pub fn dead_stones(game: &Game, playouts: usize, seed: u64) -> Vec<Point> {
    let board = game.board();
    let mut rng = SmallRng::seed_from_u64(seed);
    // Per point: playouts in which it ended black minus those in which it ended white.
    let mut balance = vec![0i32; tengen_rules::MAX_CELLS];
    let max_moves = board.size() as usize * board.size() as usize * 3;
    let mut moves = Vec::with_capacity(max_moves);
    for i in 0..playouts {
        let mut b = board.clone();
        // Alternate who moves first so that neither side gets the extra tempo in every playout.
        let first = if i % 2 == 0 { Color::Black } else { Color::White };
        moves.clear();
        heavy_playout(&mut b, first, None, &mut rng, max_moves, &mut moves);
        for p in b.points() {
            let owner = match b.cell(p) {
                Cell::Stone(c) => Some(c),
                // After a playout every empty point is an eye: its neighbours tell the owner.
                Cell::Empty => b.neighbors(p).iter().find_map(|&n| b.color_at(n)),
                Cell::Edge => None,
            };
            balance[p.index()] += match owner {
                Some(Color::Black) => 1,
                Some(Color::White) => -1,
                None => 0,
            };
        }
    }
    let mut dead = Vec::new();
    let mut judged = vec![false; tengen_rules::MAX_CELLS];
    for p in board.points() {
        let Some(color) = board.color_at(p) else { continue };
        if judged[p.index()] {
            continue;
        }
        let chain: Vec<Point> = board.chain(p).collect();
        let sum: i32 = chain.iter().map(|q| balance[q.index()]).sum();
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
