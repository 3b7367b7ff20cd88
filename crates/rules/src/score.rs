//! Counting (R2, R6, R7): dead stones are taken off, empty regions go to the colour that alone
//! surrounds them, points touching both colours (dame, seki liberties) go to nobody.
//!
//! Under territory scoring the eyes of chains in seki are not territory either. A chain is in
//! seki when it shares a liberty with a living enemy chain and filling that liberty would leave
//! whoever fills it in atari: the defining trait of seki, and one that dame between two living
//! groups never has.

use crate::board::{Board, Cell, MAX_CELLS};
use crate::rules::{Outcome, RuleSet, Scoring};
use crate::{Color, Point};

/// The count of one position.
#[derive(Clone, Debug)]
pub struct Score {
    pub rules: RuleSet,
    pub komi: f32,
    /// Owner of each point (indexed by [`Point::index`]) for drawing: a living stone's colour,
    /// a surrounded point's (dead stones included), `None` for dame and seki points.
    owner: Vec<Option<Color>>,
    /// Surrounded points per colour, dead stones' points included, seki eyes excluded under
    /// territory scoring.
    pub territory: [u32; 2],
    /// Living stones per colour.
    pub stones: [u32; 2],
    /// Dead stones per colour (the stones *of* that colour marked dead).
    pub dead: [u32; 2],
    /// Stones captured in play *by* each colour.
    pub captures: [u32; 2],
    /// Handicap stones Black was given; see [`RuleSet::handicap_compensation`].
    pub handicap: u8,
}

impl Score {
    pub fn owner(&self, p: Point) -> Option<Color> {
        self.owner[p.index()]
    }

    /// Points for `color` before komi under the rule set's scoring.
    pub fn points(&self, color: Color) -> f32 {
        let i = color.index();
        let raw = match self.rules.scoring() {
            Scoring::Area => self.stones[i] + self.territory[i],
            // Prisoners: captured in play, and the opponent's dead stones taken off at the end.
            Scoring::Territory => self.territory[i] + self.captures[i] + self.dead[1 - i],
        };
        raw as f32
    }

    /// Total including, for white, komi and the handicap compensation of the rule set.
    pub fn total(&self, color: Color) -> f32 {
        match color {
            Color::Black => self.points(color),
            Color::White => self.points(color) + self.komi + self.rules.handicap_compensation(self.handicap),
        }
    }

    pub fn outcome(&self) -> Outcome {
        Outcome::counted(self.total(Color::Black) - self.total(Color::White))
    }
}

/// Counts `board` with `dead[p]` marking dead stones (indexed by [`Point::index`]), as an even
/// game: [`crate::Game::score`] adds the handicap.
pub fn score_position(board: &Board, dead: &[bool], rules: RuleSet, komi: f32, captures: [u32; 2]) -> Score {
    let mut score = Score {
        rules,
        komi,
        owner: vec![None; MAX_CELLS],
        territory: [0; 2],
        stones: [0; 2],
        dead: [0; 2],
        captures,
        handicap: 0,
    };
    let mut alive = Vec::new();
    for p in board.points() {
        if let Some(c) = board.color_at(p) {
            if dead[p.index()] {
                score.dead[c.index()] += 1;
            } else {
                score.stones[c.index()] += 1;
                score.owner[p.index()] = Some(c);
                alive.push((p, c));
            }
        }
    }
    // The position as counted: dead stones off the board.
    let counted = Board::from_stones(board.size(), &alive);
    let in_seki = if rules.scoring() == Scoring::Territory {
        seki_chains(&counted)
    } else {
        Vec::new()
    };

    let mut visited = vec![false; MAX_CELLS];
    for start in counted.points() {
        if counted.cell(start) != Cell::Empty || visited[start.index()] {
            continue;
        }
        let (region, borders) = empty_region(&counted, start, &mut visited);
        let owner = match borders {
            [true, false] => Some(Color::Black),
            [false, true] => Some(Color::White),
            _ => None,
        };
        let Some(owner) = owner else { continue };
        let touches_seki =
            |n: &Point| counted.color_at(*n).is_some() && in_seki.contains(&counted.chain_id(*n));
        if region
            .iter()
            .any(|&p| counted.neighbors(p).iter().any(touches_seki))
        {
            continue;
        }
        score.territory[owner.index()] += region.len() as u32;
        for p in region {
            score.owner[p.index()] = Some(owner);
        }
    }
    score
}

/// The empty region through `start` and which colours border it, `[black, white]`.
fn empty_region(board: &Board, start: Point, visited: &mut [bool]) -> (Vec<Point>, [bool; 2]) {
    let mut region = vec![start];
    let mut borders = [false; 2];
    visited[start.index()] = true;
    let mut i = 0;
    while i < region.len() {
        for n in board.neighbors(region[i]) {
            match board.cell(n) {
                Cell::Empty if !visited[n.index()] => {
                    visited[n.index()] = true;
                    region.push(n);
                }
                Cell::Stone(c) => borders[c.index()] = true,
                _ => {}
            }
        }
        i += 1;
    }
    (region, borders)
}

/// Chain ids of chains in seki: they share a liberty with an enemy chain, and whichever colour
/// filled that liberty would be left with at most one liberty.
fn seki_chains(board: &Board) -> Vec<Point> {
    let mut chains = Vec::new();
    for p in board.points() {
        if board.cell(p) != Cell::Empty {
            continue;
        }
        let adjacent = |c: Color| {
            board
                .neighbors(p)
                .into_iter()
                .filter(move |&n| board.color_at(n) == Some(c))
        };
        if adjacent(Color::Black).next().is_none() || adjacent(Color::White).next().is_none() {
            continue;
        }
        let self_atari = |c: Color| {
            if board.is_suicide(p, c) {
                return true;
            }
            let mut after = board.clone();
            let placed = after.place(p, c);
            placed.captured == 0 && after.liberties(p) <= 1
        };
        if self_atari(Color::Black) && self_atari(Color::White) {
            for n in adjacent(Color::Black).chain(adjacent(Color::White)) {
                let id = board.chain_id(n);
                if !chains.contains(&id) {
                    chains.push(id);
                }
            }
        }
    }
    chains
}
