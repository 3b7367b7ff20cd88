//! The two friendly levels of R10, one ply deep.

use rand::Rng;
use tengen_rules::{Board, Cell, Color, Game, Move, Point, star_points};

use crate::random_move;
use crate::tactics::{Points, fix_atari, line, shape_after};

/// 简单 easy: a random legal move, except that it takes stones when it can and otherwise saves
/// its own stones in atari.
pub fn easy(game: &Game, color: Color, rng: &mut impl Rng) -> Move {
    let board = game.board();
    let legal = |p: Point| game.check(color, Move::Place(p)).is_ok();
    let mut captures: Points<64> = Points::new();
    let mut escapes: Points<64> = Points::new();
    for p in board.points() {
        let Some(owner) = board.color_at(p) else { continue };
        if board.liberties(p) != 1 {
            continue;
        }
        if owner == color {
            fix_atari(board, p, color, &mut escapes);
        } else {
            fix_atari(board, p, color, &mut captures);
        }
    }
    for candidates in [captures, escapes] {
        let legal: Vec<Point> = candidates
            .as_slice()
            .iter()
            .copied()
            .filter(|&p| legal(p))
            .collect();
        if !legal.is_empty() {
            return Move::Place(legal[rng.random_range(0..legal.len())]);
        }
    }
    random_move(game, color, rng)
}

/// 普通 normal: every legal point scored one ply deep — capture, save, atari, connect, cut,
/// corner and side star points — never filling its own eye, shunning self-atari. The best score
/// wins, ties broken at random; passes when nothing scores above zero late in the game.
pub fn normal(game: &Game, color: Color, rng: &mut impl Rng) -> Move {
    let board = game.board();
    let mut escapes: Points<64> = Points::new();
    for p in board.points() {
        if board.color_at(p) == Some(color) && board.liberties(p) == 1 {
            fix_atari(board, p, color, &mut escapes);
        }
    }
    let stars: Vec<Point> = star_points(board.size())
        .into_iter()
        .map(|(c, r)| board.point(c, r))
        .collect();
    let opening = game.move_number() < board.size() as usize;
    let mut best = (f32::NEG_INFINITY, Move::Pass);
    for i in 0..board.empty_count() {
        let p = board.empty_at(i);
        if board.is_eye(p, color) || game.check(color, Move::Place(p)).is_err() {
            continue;
        }
        let score = point_score(board, p, color, &escapes, &stars, opening) + rng.random_range(0.0..0.5);
        if score > best.0 {
            best = (score, Move::Place(p));
        }
    }
    // A move that only fills own territory or gives stones away is worse than a pass.
    if best.0 < 0.0 { Move::Pass } else { best.1 }
}

fn point_score(
    board: &Board,
    p: Point,
    color: Color,
    escapes: &Points<64>,
    stars: &[Point],
    opening: bool,
) -> f32 {
    let shape = shape_after(board, p, color, 3);
    let mut score = 0.0;
    score += 10.0 * shape.captures as f32;
    if escapes.contains(p) {
        // Saving matters in proportion to what is saved.
        let saved: usize = board
            .neighbors(p)
            .iter()
            .filter(|&&n| board.color_at(n) == Some(color) && board.liberties(n) == 1)
            .map(|&n| board.chain_len(n))
            .sum();
        score += 8.0 * saved.max(1) as f32;
    }
    let mut own_chains: Points<4> = Points::new();
    let mut enemy_chains: Points<4> = Points::new();
    for n in board.neighbors(p) {
        match board.cell(n) {
            Cell::Stone(c) if c == color => own_chains.add(board.chain_id(n)),
            Cell::Stone(_) => {
                enemy_chains.add(board.chain_id(n));
                if board.liberties(n) == 2 && shape.liberties >= 2 {
                    score += 3.0; // atari
                }
            }
            _ => {}
        }
    }
    if own_chains.len() >= 2 {
        score += 2.0; // connect
    }
    if enemy_chains.len() >= 2 {
        score += 2.0; // cut
    }
    if shape.is_self_atari() {
        score -= 12.0;
    } else if shape.liberties == 2 && shape.captures == 0 && !own_chains.is_empty() {
        score -= 1.0; // leaves a chain short of liberties
    }
    if opening && stars.contains(&p) && empty_near(board, p) {
        score += 4.0;
    }
    if opening && line(board, p) == 0 {
        score -= 2.0;
    }
    // Own territory and hopeless spots: surrounded by own stones only, or by enemy ones only.
    let friendly = board
        .neighbors(p)
        .iter()
        .filter(|&&n| board.color_at(n) == Some(color))
        .count();
    let hostile = board
        .neighbors(p)
        .iter()
        .filter(|&&n| board.color_at(n) == Some(color.opponent()))
        .count();
    if shape.captures == 0 && escapes.is_empty() && enemy_chains.is_empty() && friendly >= 3 {
        score -= 1.0;
    }
    if shape.captures == 0 && hostile >= 3 {
        score -= 3.0;
    }
    score + 0.1 // any ordinary move beats a pass
}

fn empty_near(board: &Board, p: Point) -> bool {
    let (c, r) = board.coords(p);
    let s = board.size() as i32;
    (-2i32..=2).all(|dr| {
        (-2i32..=2).all(|dc| {
            let (cc, rr) = (c as i32 + dc, r as i32 + dr);
            !(0..s).contains(&cc)
                || !(0..s).contains(&rr)
                || board.color_at(board.point(cc as u8, rr as u8)).is_none()
        })
    })
}
