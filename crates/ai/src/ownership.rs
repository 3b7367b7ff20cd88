//! Who owns each point, judged by heavy playouts from a position (which answer ataris and keep
//! eyes, so living groups and seki survive them). Run in chunks so a caller with a frame budget
//! can spread the work; used for the dead-stone proposal and for the one-ply levels' sense of
//! which points are settled.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tengen_rules::{Board, Cell, Color, Game, Point};

use crate::features::Recent;
use crate::{SelfAtari, heavy_playout};

pub struct Ownership {
    board: Board,
    rng: SmallRng,
    /// Per point: playouts in which it ended black minus those in which it ended white.
    balance: Vec<i32>,
    playouts: u32,
    /// Who moves first in every playout; `None` alternates.
    first: Option<Color>,
    /// The moves just before the position, which the playouts' first replies answer.
    recent: Recent,
    /// Guarded unless the search asks otherwise ([`Ownership::with_self_atari`]).
    self_atari: SelfAtari,
    max_moves: usize,
    moves: Vec<(Point, Color)>,
}

impl Ownership {
    /// No playouts yet: every point counts as undecided. Playouts alternate who moves first, so
    /// that neither side gets the extra tempo in every one (right for a finished position, where
    /// nobody is to move). Deterministic for a given `seed`.
    pub fn new(board: &Board, seed: u64) -> Ownership {
        Ownership::starting(board, None, Recent::default(), seed)
    }

    /// As [`Ownership::new`] for `game`'s position in play: the side to move opens every playout
    /// (its tempo is worth a dozen points on an open 9×9 board, measured against KataGo's
    /// judgement), and the first replies know the last two moves, as the search's playouts do —
    /// without them a stone the last move put in atari went unsaved, and the playouts' count
    /// leaned against the side to move by 6–10 points in 9×9 middle games, with them by 4–5
    /// (against KataGo's lead on 2,700 positions of 26 games, `docs/katago.md`).
    pub fn of_position(game: &Game, seed: u64) -> Ownership {
        Ownership::starting(game.board(), Some(game.to_move()), Recent::of_game(game), seed)
    }

    /// Playouts from `board`, opened by `first` (`None` alternates) and answering `recent`.
    pub fn starting(board: &Board, first: Option<Color>, recent: Recent, seed: u64) -> Ownership {
        let max_moves = board.size() as usize * board.size() as usize * 3;
        Ownership {
            board: board.clone(),
            rng: SmallRng::seed_from_u64(seed),
            balance: vec![0; tengen_rules::MAX_CELLS],
            playouts: 0,
            first,
            recent,
            self_atari: SelfAtari::Guarded,
            max_moves,
            moves: Vec::with_capacity(max_moves),
        }
    }

    /// The same playouts with the search's treatment of self-ataris (its owner map's seed).
    pub fn with_self_atari(self, self_atari: SelfAtari) -> Ownership {
        Ownership { self_atari, ..self }
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
                self.recent,
                self.self_atari,
                &mut self.rng,
                self.max_moves,
                &mut self.moves,
                None,
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

    /// Playouts in which `p` ended `color`'s minus those in which it ended the opponent's.
    pub fn balance(&self, p: Point, color: Color) -> i32 {
        let black = self.balance[p.index()];
        if color == Color::Black { black } else { -black }
    }

    /// The move model's owner group value of `p` for `color` to move
    /// ([`crate::features::owner_step`]).
    pub fn owner_step(&self, p: Point, color: Color) -> u32 {
        crate::features::owner_step(self.balance(p, color), self.playouts)
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

#[cfg(test)]
mod tests {
    use tengen_rules::{Move, RuleSet};

    use super::*;
    use crate::at;

    /// Black's last move (E6) put White's two stones D5–E5 in atari; White, to move, runs out at
    /// F5. Playouts that know the last move make that escape their first reply; playouts that do
    /// not leave the stones to chance.
    #[test]
    fn the_playouts_answer_the_last_move() {
        let mut game = Game::new(9, RuleSet::Chinese);
        for vertex in ["C5", "D5", "D4", "E5", "E4", "G2", "D6", "G8", "E6"] {
            let p = at(game.board(), vertex);
            game.play(Move::Place(p)).unwrap();
        }
        let stones = at(game.board(), "D5");
        let white_share = |mut ownership: Ownership| {
            ownership.run(400);
            ownership.of(stones, Color::White)
        };
        let answering = white_share(Ownership::of_position(&game, 1));
        let unaware = white_share(Ownership::starting(
            game.board(),
            Some(Color::White),
            Recent::default(),
            1,
        ));
        assert!(
            answering > unaware + 0.3,
            "White's stones: {answering} answering the atari, {unaware} not"
        );
    }
}
