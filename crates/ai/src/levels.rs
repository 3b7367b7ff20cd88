//! The two friendly levels of R10, one ply deep, with a sense of the endgame: points that
//! playouts give to one side almost always are settled, and neither level puts a stone there.
//! When nothing unsettled is left, they pass.

use rand::Rng;
use tengen_rules::{Board, Cell, Color, Game, Move, Point, star_points};

use crate::Ownership;
use crate::tactics::{LADDER_DEPTH, Points, fix_atari, is_self_atari, line, prey_escapes, shape_after};

/// Ownership this far to either side makes a point settled on its own: a stone there fills its
/// own territory or dies in the opponent's, and gains nothing.
const SETTLED: f32 = 0.8;
/// A chain this far its own colour's is taken as living, this far the other way as dead.
/// Playouts sometimes kill a group with one large eye space, so the bar is lower than for points.
const ALIVE: f32 = 0.5;
/// An area enclosed by one colour's living stones is its territory when playouts give it to
/// that colour on average at least this much — and when it is at most a third of the board
/// (on an open board, stones judged dead can make nearly everything one "area").
const TERRITORY: f32 = 0.5;
const TERRITORY_SHARE: usize = 3;

/// What the one-ply levels know of the whole board: which empty points are settled, which are
/// inside territory, and which are dame (seams between living groups of both colours).
pub struct Endgame {
    settled: Vec<bool>,
    territory: Vec<bool>,
    dame: Vec<bool>,
    /// After the opponent's pass, filling dame is not worth keeping the game going for.
    opponent_passed: bool,
}

/// Who decides an empty area: its regions run over empty points and dead stones.
#[derive(Clone, Copy, Default)]
struct Area {
    /// Colours of living stones around it.
    borders: [bool; 2],
    /// A stone around or in it is neither living nor dead.
    unsettled: bool,
    /// Every empty point of it touches living stones of both colours.
    seam: bool,
    /// Sum of black ownership over its empty points, and their number.
    black: f32,
    empty: usize,
}

impl Endgame {
    pub fn new(game: &Game, ownership: &Ownership) -> Endgame {
        let board = game.board();
        let life = |q: Point, c: Color| ownership.of(q, c);
        let open = |q: Point| match board.cell(q) {
            Cell::Empty => true,
            Cell::Stone(c) => life(q, c) <= -ALIVE,
            Cell::Edge => false,
        };
        let mut region = vec![usize::MAX; tengen_rules::MAX_CELLS];
        let mut areas: Vec<Area> = Vec::new();
        let mut stack = Vec::new();
        for start in board.points().filter(|&p| open(p)) {
            if region[start.index()] != usize::MAX {
                continue;
            }
            let mut area = Area {
                seam: true,
                ..Area::default()
            };
            region[start.index()] = areas.len();
            stack.push(start);
            while let Some(q) = stack.pop() {
                let mut touches = [false; 2];
                for n in board.neighbors(q) {
                    if open(n) {
                        if region[n.index()] == usize::MAX {
                            region[n.index()] = areas.len();
                            stack.push(n);
                        }
                    } else if let Cell::Stone(c) = board.cell(n) {
                        if life(n, c) >= ALIVE {
                            touches[c.index()] = true;
                        } else {
                            area.unsettled = true;
                        }
                    }
                }
                // A dead stone in the area is neither a living border nor in question.
                if board.cell(q) == Cell::Empty {
                    area.borders[0] |= touches[0];
                    area.borders[1] |= touches[1];
                    area.seam &= touches == [true, true];
                    area.black += life(q, Color::Black);
                    area.empty += 1;
                }
            }
            areas.push(area);
        }
        let mut settled = vec![false; tengen_rules::MAX_CELLS];
        let mut territory = vec![false; tengen_rules::MAX_CELLS];
        let mut dame = vec![false; tengen_rules::MAX_CELLS];
        let most = board.size() as usize * board.size() as usize / TERRITORY_SHARE;
        for p in board.empty_points() {
            let area = areas[region[p.index()]];
            let owned = match area.borders {
                [true, false] => area.black,
                [false, true] => -area.black,
                _ => f32::NEG_INFINITY,
            };
            let enclosed = !area.unsettled && area.empty <= most && owned >= TERRITORY * area.empty as f32;
            territory[p.index()] = enclosed;
            settled[p.index()] = enclosed || life(p, Color::Black).abs() >= SETTLED;
            dame[p.index()] = !area.unsettled && area.seam && area.borders == [true, true];
        }
        Endgame {
            settled,
            territory,
            dame,
            opponent_passed: matches!(game.last_move(), Some((_, Move::Pass))),
        }
    }

    /// Whether a quiet stone at empty `p` can still change who owns something.
    fn worth_a_stone(&self, p: Point) -> bool {
        !(self.settled[p.index()] || self.opponent_passed && self.dame[p.index()])
    }

    /// Whether a capture or an escape from atari at `p` is worth playing: anywhere but inside
    /// territory. Playouts misjudge chains in atari (they rarely find the escape), so ownership
    /// alone must not rule these out.
    fn worth_a_fight(&self, p: Point) -> bool {
        !self.territory[p.index()]
    }
}

/// 简单 easy: a random legal move, except that it takes stones when it can and otherwise saves
/// its own stones in atari; of the random moves it skips self-atari and the first line while it
/// has others. Only unsettled points are considered; with none left it passes.
pub fn easy(game: &Game, color: Color, endgame: &Endgame, rng: &mut impl Rng) -> Move {
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
            .filter(|&p| endgame.worth_a_fight(p) && legal(p))
            .collect();
        if !legal.is_empty() {
            return Move::Place(legal[rng.random_range(0..legal.len())]);
        }
    }
    // Random, but like a beginner who has been told: not into atari, and not on the edge while
    // there is room elsewhere (off it only 60% of the time, easy lost 90% to the step above:
    // `docs/ladder.md`).
    let calm: Vec<Point> = board
        .empty_points()
        .filter(|&p| {
            endgame.worth_a_stone(p) && !board.is_eye(p, color) && legal(p) && !is_self_atari(board, p, color)
        })
        .collect();
    let inner: Vec<Point> = calm.iter().copied().filter(|&p| line(board, p) > 0).collect();
    let pool = if inner.is_empty() { &calm } else { &inner };
    if pool.is_empty() {
        Move::Pass
    } else {
        Move::Place(pool[rng.random_range(0..pool.len())])
    }
}

/// 普通 normal: every legal point scored one ply deep — capture, save, atari, connect, cut,
/// corner and side star points — never filling its own eye, shunning self-atari, never on a
/// settled point. The best score plus a random amount up to `noise` wins (R10's normal:
/// [`NORMAL_NOISE`], only enough to break ties; more makes a player who often misses the best
/// of several good points); passes when nothing scores above zero.
pub fn normal(game: &Game, color: Color, endgame: &Endgame, noise: f32, rng: &mut impl Rng) -> Move {
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
    let regions = Regions::of(board);
    let reach = Reach::of(board);
    let opening = game.move_number() < board.size() as usize;
    // Space matters most while the board is open.
    let influence = if opening { 0.9 } else { 0.45 };
    let mut best = (f32::NEG_INFINITY, Move::Pass);
    for i in 0..board.empty_count() {
        let p = board.empty_at(i);
        let fight = escapes.contains(p) || takes_stones(board, p, color);
        let worth = if fight {
            endgame.worth_a_fight(p)
        } else {
            endgame.worth_a_stone(p)
        };
        if !worth || board.is_eye(p, color) || game.check(color, Move::Place(p)).is_err() {
            continue;
        }
        let score = point_score(board, p, color, &escapes, &stars, opening, &regions)
            + influence * reach.gain(board, p, color)
            + rng.random_range(0.0..noise);
        if score > best.0 {
            best = (score, Move::Place(p));
        }
    }
    // A move that only fills own territory or gives stones away is worse than a pass.
    if best.0 < 0.0 { Move::Pass } else { best.1 }
}

/// The random part of R10's normal level's scores: it breaks ties.
pub const NORMAL_NOISE: f32 = 0.5;

fn point_score(
    board: &Board,
    p: Point,
    color: Color,
    escapes: &Points<64>,
    stars: &[Point],
    opening: bool,
    regions: &Regions,
) -> f32 {
    let shape = shape_after(board, p, color, 3);
    let mut score = 0.0;
    score += 10.0 * shape.captures as f32;
    if escapes.contains(p) {
        // Saving matters in proportion to what is saved — unless the chain runs into a ladder.
        let saved: usize = board
            .neighbors(p)
            .iter()
            .filter(|&&n| board.color_at(n) == Some(color) && board.liberties(n) == 1)
            .filter(|&&n| prey_escapes(board, n, LADDER_DEPTH))
            .map(|&n| board.chain_len(n))
            .sum();
        let takes_attacker = shape.captures > 0;
        if saved > 0 || takes_attacker {
            score += 8.0 * saved.max(1) as f32;
        }
    }
    let mut own_chains: Points<4> = Points::new();
    let mut enemy_chains: Points<4> = Points::new();
    for n in board.neighbors(p) {
        match board.cell(n) {
            Cell::Stone(c) if c == color => {
                // Strengthen an own chain that is short of liberties.
                if board.liberties(n) == 2 && shape.liberties >= 3 && !own_chains.contains(board.chain_id(n))
                {
                    score += 2.5 + board.chain_len(n) as f32 / 2.0;
                }
                own_chains.add(board.chain_id(n));
            }
            Cell::Stone(_) => {
                if !enemy_chains.contains(board.chain_id(n)) && shape.liberties >= 2 {
                    match board.liberties(n) {
                        2 => score += atari_value(board, p, color, n),
                        3 => score += 0.5, // pressure
                        _ => {}
                    }
                }
                enemy_chains.add(board.chain_id(n));
            }
            _ => {}
        }
    }
    if own_chains.len() >= 2 {
        score += 2.0; // connect
    }
    if enemy_chains.len() >= 2 {
        score += 3.5; // cut
    }
    if shape.is_self_atari() {
        score -= 12.0;
    } else if shape.liberties == 2 && shape.captures == 0 && !own_chains.is_empty() {
        score -= 1.0; // leaves a chain short of liberties
    }
    if opening && stars.contains(&p) && empty_near(board, p) {
        score += 4.0;
    }
    score += 0.25 * shape.liberties as f32;
    match line(board, p) {
        0 if shape.captures == 0 => score -= 1.5,
        1 if opening => score -= 0.5,
        _ => {}
    }
    if opening && empty_near(board, p) {
        score += 1.5;
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
    // Filling an area only we surround spends our own eye space for nothing; dropping a stone
    // into a small area only they surround feeds them a prisoner.
    let (size, borders) = regions.at(p);
    let urgent = shape.captures > 0 || escapes.contains(p);
    if !urgent && borders == [color == Color::Black, color == Color::White] {
        score -= 4.0;
    }
    if !urgent && borders == [color == Color::White, color == Color::Black] && size < 8 {
        score -= 3.0;
    }
    score + 0.1 // any ordinary move beats a pass
}

/// Whether a stone of `color` at `p` captures something.
fn takes_stones(board: &Board, p: Point, color: Color) -> bool {
    board
        .neighbors(p)
        .iter()
        .any(|&n| board.color_at(n) == Some(color.opponent()) && board.liberties(n) == 1)
}

/// What putting the enemy chain through `target` in atari with a stone at `p` is worth: a
/// capture in all but name when it cannot escape (ladder included), a small gain otherwise.
fn atari_value(board: &Board, p: Point, color: Color, target: Point) -> f32 {
    let size = board.chain_len(target) as f32;
    let mut after = board.clone();
    after.place(p, color);
    if after.color_at(target).is_some() && !prey_escapes(&after, target, LADDER_DEPTH) {
        6.0 * size
    } else {
        1.0 + size / 2.0
    }
}

/// How far each point is from the nearest stone of each colour (walking over empty points):
/// a point nearer to one colour counts as that colour's sphere of influence.
struct Reach {
    distance: [Vec<u8>; 2],
}

/// Influence reaches this many steps.
const REACH: u8 = 4;

impl Reach {
    fn of(board: &Board) -> Reach {
        let mut distance = [
            vec![u8::MAX; tengen_rules::MAX_CELLS],
            vec![u8::MAX; tengen_rules::MAX_CELLS],
        ];
        for color in [Color::Black, Color::White] {
            let d = &mut distance[color.index()];
            let mut frontier: Vec<Point> = board
                .points()
                .filter(|&p| board.color_at(p) == Some(color))
                .collect();
            for &p in &frontier {
                d[p.index()] = 0;
            }
            spread(board, d, &mut frontier);
        }
        Reach { distance }
    }

    /// Points of influence `color` gains (and the opponent loses) by a stone at empty `p`.
    fn gain(&self, board: &Board, p: Point, color: Color) -> f32 {
        let mut own = vec![u8::MAX; tengen_rules::MAX_CELLS];
        own[p.index()] = 0;
        let mut frontier = vec![p];
        spread(board, &mut own, &mut frontier);
        let (mine, theirs) = (
            &self.distance[color.index()],
            &self.distance[color.opponent().index()],
        );
        let side = |m: u8, t: u8| (m < t) as i32 - (t < m) as i32;
        board
            .points()
            .filter(|q| own[q.index()] < mine[q.index()])
            .map(|q| side(own[q.index()], theirs[q.index()]) - side(mine[q.index()], theirs[q.index()]))
            .sum::<i32>() as f32
    }
}

/// Breadth-first over empty points from `frontier`, up to [`REACH`] steps.
fn spread(board: &Board, distance: &mut [u8], frontier: &mut Vec<Point>) {
    let mut step = 0;
    while !frontier.is_empty() && step < REACH {
        step += 1;
        let mut next = Vec::new();
        for &p in frontier.iter() {
            for n in board.neighbors(p) {
                if board.cell(n) == Cell::Empty && distance[n.index()] > step {
                    distance[n.index()] = step;
                    next.push(n);
                }
            }
        }
        *frontier = next;
    }
}

/// The empty regions of a board: each empty point's region size and which colours border it.
struct Regions {
    id: Vec<u16>,
    info: Vec<(usize, [bool; 2])>,
}

impl Regions {
    fn of(board: &Board) -> Regions {
        let mut id = vec![u16::MAX; tengen_rules::MAX_CELLS];
        let mut info = Vec::new();
        let mut stack = Vec::new();
        for start in board.empty_points() {
            if id[start.index()] != u16::MAX {
                continue;
            }
            let region = info.len() as u16;
            let (mut size, mut borders) = (0, [false; 2]);
            id[start.index()] = region;
            stack.push(start);
            while let Some(q) = stack.pop() {
                size += 1;
                for n in board.neighbors(q) {
                    match board.cell(n) {
                        Cell::Empty if id[n.index()] == u16::MAX => {
                            id[n.index()] = region;
                            stack.push(n);
                        }
                        Cell::Stone(c) => borders[c.index()] = true,
                        _ => {}
                    }
                }
            }
            info.push((size, borders));
        }
        Regions { id, info }
    }

    fn at(&self, p: Point) -> (usize, [bool; 2]) {
        self.info[self.id[p.index()] as usize]
    }
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
