//! Local tactics shared by the levels, the playouts and the tree priors: liberties after a move,
//! self-atari, captures and escapes from atari. All of it works on the board without playing and
//! without allocating.

use tengen_rules::{Board, Cell, Color, Point};

/// Up to `N` points collected without allocating.
#[derive(Clone, Copy)]
pub struct Points<const N: usize> {
    items: [Point; N],
    len: usize,
}

impl<const N: usize> Points<N> {
    pub fn new() -> Self {
        Points {
            items: [Point(0); N],
            len: 0,
        }
    }
    /// Adds `p` unless present or full.
    pub fn add(&mut self, p: Point) {
        if self.len < N && !self.contains(p) {
            self.items[self.len] = p;
            self.len += 1;
        }
    }
    pub fn contains(&self, p: Point) -> bool {
        self.items[..self.len].contains(&p)
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn as_slice(&self) -> &[Point] {
        &self.items[..self.len]
    }
}

impl<const N: usize> Default for Points<N> {
    fn default() -> Self {
        Self::new()
    }
}

/// What a stone of `color` at empty `p` would have: its chain's liberties (counted up to `cap`)
/// and the number of enemy stones it would capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveShape {
    pub liberties: usize,
    pub captures: usize,
}

impl MoveShape {
    /// Leaves its own chain in atari (or worse) without capturing anything.
    pub fn is_self_atari(self) -> bool {
        self.captures == 0 && self.liberties <= 1
    }
}

/// Liberties (up to `cap`) and captures of a stone of `color` at empty `p`, without playing it.
/// Of the points a capture frees, only those next to `p` count: exact without captures, a lower
/// bound (at least one) with them.
pub fn shape_after(board: &Board, p: Point, color: Color, cap: usize) -> MoveShape {
    let mut libs: Points<8> = Points::new();
    let mut captures = 0;
    let mut seen_chains: Points<4> = Points::new();
    for n in board.neighbors(p) {
        match board.cell(n) {
            Cell::Empty => libs.add(n),
            Cell::Stone(c) if c != color && board.liberties(n) == 1 => {
                let id = board.chain_id(n);
                if !seen_chains.contains(id) {
                    seen_chains.add(id);
                    captures += board.chain_len(n);
                }
                // The captured stone next to `p` becomes a liberty.
                libs.add(n);
            }
            _ => {}
        }
    }
    if libs.len() < cap {
        // An own chain with L liberties keeps L − 1 of them besides `p`: often enough to stop
        // without walking any chain.
        let kept = board
            .neighbors(p)
            .into_iter()
            .filter(|&n| board.color_at(n) == Some(color))
            .map(|n| board.liberties(n) - 1)
            .max()
            .unwrap_or(0);
        if kept >= cap {
            return MoveShape {
                liberties: cap,
                captures,
            };
        }
        'chains: for n in board.neighbors(p) {
            if board.color_at(n) != Some(color) {
                continue;
            }
            let id = board.chain_id(n);
            if seen_chains.contains(id) {
                continue;
            }
            seen_chains.add(id);
            // A chain with one or two liberties names them without a walk.
            let named = match board.liberties(n) {
                1 => board.single_liberty(n).map(|q| [q, q]),
                2 => board.two_liberties(n),
                _ => None,
            };
            if let Some(named) = named {
                for q in named {
                    if q != p {
                        libs.add(q);
                    }
                }
                if libs.len() >= cap {
                    break 'chains;
                }
                continue;
            }
            for s in board.chain(n) {
                for q in board.neighbors(s) {
                    if q != p && board.cell(q) == Cell::Empty {
                        libs.add(q);
                        if libs.len() >= cap {
                            break 'chains;
                        }
                    }
                }
            }
        }
    }
    MoveShape {
        liberties: libs.len().min(cap),
        captures,
    }
}

/// Whether a stone of `color` at empty `p` would have at least `k` liberties as [`shape_after`]
/// counts them, mostly without its walk (see [`LibertyBounds`]).
pub fn reaches(board: &Board, p: Point, color: Color, k: usize) -> bool {
    LibertyBounds::of(board, p, color).reach(board, p, color, k)
}

/// Whether a stone of `color` at empty `p` would capture nothing and have at least `k`
/// liberties: an extension that runs, not one that lives by a capture.
pub fn runs_to(board: &Board, p: Point, color: Color, k: usize) -> bool {
    let bounds = LibertyBounds::of(board, p, color);
    !bounds.captures && bounds.reach(board, p, color, k)
}

/// What the neighbours of empty `p` alone say of the liberties a stone of `color` would have
/// there: the empty ones and those a capture frees, with what each own neighbour chain keeps
/// besides `p`, bound the count from above; those freed points, or the most one chain keeps,
/// bound it from below.
struct LibertyBounds {
    most: usize,
    least: usize,
    captures: bool,
}

impl LibertyBounds {
    #[inline]
    fn of(board: &Board, p: Point, color: Color) -> LibertyBounds {
        let mut chains: Points<4> = Points::new();
        let (mut near, mut kept, mut most, mut captures) = (0, 0, 0, false);
        for n in board.neighbors(p) {
            match board.cell(n) {
                Cell::Empty => near += 1,
                Cell::Stone(c) if c != color => {
                    if board.liberties(n) == 1 {
                        // The captured stone next to `p` becomes a liberty.
                        near += 1;
                        captures = true;
                    }
                }
                Cell::Stone(_) => {
                    if !chains.contains(board.chain_id(n)) {
                        chains.add(board.chain_id(n));
                        let keeps = board.liberties(n) - 1;
                        most += keeps;
                        kept = kept.max(keeps);
                    }
                }
                Cell::Edge => {}
            }
        }
        LibertyBounds {
            most: most + near,
            least: kept.max(near),
            captures,
        }
    }

    /// Whether the count reaches `k`: the walk only when the bounds leave it open.
    #[inline]
    fn reach(&self, board: &Board, p: Point, color: Color, k: usize) -> bool {
        self.least >= k || self.most >= k && shape_after(board, p, color, k).liberties >= k
    }
}

/// Whether a stone of `color` at empty `p` would be left in atari without capturing: with two
/// empty neighbours it cannot be, which spares most points the walk of [`shape_after`].
#[inline]
pub fn is_self_atari(board: &Board, p: Point, color: Color) -> bool {
    if board.has_two_empty_neighbors(p) {
        return false;
    }
    let bounds = LibertyBounds::of(board, p, color);
    !bounds.captures && !bounds.reach(board, p, color, 2)
}

/// Moves for `color` that deal with the chain through `chain` in atari: capture it if it is the
/// opponent's; if it is `color`'s own, capture an adjacent attacker in atari or extend at its
/// liberty when that gives at least two liberties.
pub fn fix_atari<const N: usize>(board: &Board, chain: Point, color: Color, out: &mut Points<N>) {
    let Some(lib) = board.single_liberty(chain) else {
        return;
    };
    let owner = board.color_at(chain).expect("a stone");
    if owner != color {
        out.add(lib);
        return;
    }
    for s in board.chain(chain) {
        for n in board.neighbors(s) {
            if board.color_at(n) == Some(color.opponent())
                && let Some(q) = board.single_liberty(n)
            {
                out.add(q);
            }
        }
    }
    if board.is_legal(lib, color) && reaches(board, lib, color, 2) {
        out.add(lib);
    }
}

/// The playouts' answers for `color` to the ataris around `around` (the point and its eight
/// neighbours), by [`fix_atari`]. Returns whether an own chain of three or more stones is in
/// atari there: such an answer is never skipped. (Reading ladders before running made playouts
/// no more accurate against a strong program's judgement, at a tenth of their time.)
pub fn answer_ataris_near<const N: usize>(
    board: &Board,
    around: Point,
    color: Color,
    out: &mut Points<N>,
) -> bool {
    let mut chains: Points<9> = Points::new();
    let mut urgent = false;
    // One array rather than chained iterators, which cost the playouts 7% of their instructions.
    let [n, w, e, s] = board.neighbors(around);
    let [nw, ne, sw, se] = board.diagonals(around);
    for q in [n, w, e, s, nw, ne, sw, se, around] {
        if board.liberties(q) == 1 {
            let id = board.chain_id(q);
            if !chains.contains(id) {
                chains.add(id);
                urgent |= board.color_at(q) == Some(color) && board.chain_len(q) >= 3;
                fix_atari(board, q, color, out);
            }
        }
    }
    urgent
}

/// Ataris by `attacker` on the opponent's chain through `chain`, which has two liberties, that
/// lead somewhere: the defender's extension at the other liberty would have at most two
/// liberties (so the chase goes on), and the atari is no self-atari of the attacker's.
pub fn attack_two_liberties<const N: usize>(
    board: &Board,
    chain: Point,
    attacker: Color,
    out: &mut Points<N>,
) {
    let defender = attacker.opponent();
    let Some([a, b]) = board.two_liberties(chain) else {
        return;
    };
    for (atari, other) in [(a, b), (b, a)] {
        if !board.is_legal(atari, attacker) {
            continue;
        }
        // The extension's count includes `atari` itself, which the attacker will have filled.
        if !runs_to(board, other, defender, 4) && !is_self_atari(board, atari, attacker) {
            out.add(atari);
        }
    }
}

/// Defences for `color`'s chain through `chain`, which has two liberties: extending at a
/// liberty to three or more (an extension to two only walks into the next atari), taking a
/// neighbour in atari, or putting a two-liberty neighbour in atari.
pub fn defend_two_liberties<const N: usize>(board: &Board, chain: Point, color: Color, out: &mut Points<N>) {
    for lib in board.two_liberties(chain).into_iter().flatten() {
        if board.is_legal(lib, color) && reaches(board, lib, color, 3) {
            out.add(lib);
        }
    }
    let mut seen: Points<8> = Points::new();
    for s in board.chain(chain) {
        for n in board.neighbors(s) {
            if board.color_at(n) != Some(color.opponent()) || seen.contains(board.chain_id(n)) {
                continue;
            }
            seen.add(board.chain_id(n));
            match board.liberties(n) {
                1 => out.add(board.single_liberty(n).expect("a chain in atari has its liberty")),
                2 => attack_two_liberties(board, n, color, out),
                _ => {}
            }
        }
    }
}

/// The playouts' two-liberty fights next to `last`: attack the chain the last move made or
/// touched when it is the opponent's and has two liberties, defend such chains of `color`'s.
pub fn two_liberty_moves_near<const N: usize>(board: &Board, last: Point, color: Color, out: &mut Points<N>) {
    let mut seen: Points<5> = Points::new();
    let [n, w, e, s] = board.neighbors(last);
    for q in [n, w, e, s, last] {
        let Some(owner) = board.color_at(q) else { continue };
        if board.liberties(q) != 2 || seen.contains(board.chain_id(q)) {
            continue;
        }
        seen.add(board.chain_id(q));
        if owner == color {
            defend_two_liberties(board, q, color, out);
        } else {
            attack_two_liberties(board, q, color, out);
        }
    }
}

/// The playouts' answer when the last move left chains of `color`'s around it (its eight
/// neighbours) with three or four liberties: start taking the liberties of the opponent's
/// two-liberty chains next to them, which a capturing race may need at once.
pub fn race_moves_near<const N: usize>(board: &Board, last: Point, color: Color, out: &mut Points<N>) {
    let mut seen: Points<8> = Points::new();
    let [n, w, e, s] = board.neighbors(last);
    let [nw, ne, sw, se] = board.diagonals(last);
    for q in [n, w, e, s, nw, ne, sw, se] {
        if board.color_at(q) != Some(color)
            || !(3..=4).contains(&board.liberties(q))
            || seen.contains(board.chain_id(q))
        {
            continue;
        }
        seen.add(board.chain_id(q));
        let mut enemies: Points<8> = Points::new();
        for stone in board.chain(q) {
            for m in board.neighbors(stone) {
                if board.color_at(m) == Some(color.opponent())
                    && board.liberties(m) == 2
                    && !enemies.contains(board.chain_id(m))
                {
                    enemies.add(board.chain_id(m));
                    attack_two_liberties(board, m, color, out);
                }
            }
        }
    }
}

/// Whether `color` at `p` gives stones away: it leaves its chain in atari without capturing,
/// and is not a sacrifice of one or two stones inside a space only the opponent's stones and the
/// edge enclose (a throw-in, or a nakade that keeps the opponent's eye space from making two
/// eyes). `Some(stones)` with the chain's size when it gives them away, `None` when not.
pub fn bad_self_atari(board: &Board, p: Point, color: Color) -> Option<usize> {
    if !is_self_atari(board, p, color) {
        return None;
    }
    let mut chains: Points<4> = Points::new();
    let mut stones = 1;
    for n in board.neighbors(p) {
        if board.color_at(n) == Some(color) && !chains.contains(board.chain_id(n)) {
            chains.add(board.chain_id(n));
            stones += board.chain_len(n);
        }
    }
    if stones > 2 {
        return Some(stones);
    }
    // The chain after the move: `p` and at most one own stone (two own neighbours would make
    // three). Enclosed when everything around its last liberty is the opponent's, the edge, or
    // the chain itself.
    let own = chains.as_slice().first().copied();
    let in_chain = |q: Point| q == p || Some(q) == own;
    let liberty = [Some(p), own]
        .into_iter()
        .flatten()
        .flat_map(|s| board.neighbors(s))
        .find(|&n| n != p && board.cell(n) == Cell::Empty);
    let enclosed = liberty.is_some_and(|l| {
        board.neighbors(l).into_iter().all(|n| {
            in_chain(n)
                || match board.cell(n) {
                    Cell::Empty => false,
                    Cell::Stone(c) => c != color,
                    Cell::Edge => true,
                }
        })
    });
    if enclosed { None } else { Some(stones) }
}

/// Distance from `p` to the nearest edge line, 0 on the first line.
pub fn line(board: &Board, p: Point) -> u8 {
    let (c, r) = board.coords(p);
    let s = board.size() - 1;
    c.min(r).min(s - c).min(s - r)
}

/// How many ataris ahead the ladder readers look (deeper ones are not read): more than a ladder
/// on 19×19 usually needs.
pub const LADDER_DEPTH: u8 = 24;

/// Whether the chain through `prey`, in atari with its owner to move, gets away: by taking an
/// attacker in atari, or by [`extension_escapes`].
pub fn prey_escapes(board: &Board, prey: Point, depth: u8) -> bool {
    let Some(color) = board.color_at(prey) else {
        return true;
    };
    for s in board.chain(prey) {
        for n in board.neighbors(s) {
            if board.color_at(n) == Some(color.opponent()) && board.liberties(n) == 1 {
                return true;
            }
        }
    }
    extension_escapes(board, prey, depth)
}

/// Whether the chain through `prey`, in atari with its owner to move, gets away by extending
/// at its liberty: to three liberties, or to two from which no atari (read as a ladder up to
/// `depth` more ataris) catches it.
pub fn extension_escapes(board: &Board, prey: Point, depth: u8) -> bool {
    let Some(color) = board.color_at(prey) else {
        return true;
    };
    let Some(lib) = board.single_liberty(prey) else {
        return true;
    };
    if !board.is_legal(lib, color) {
        return false;
    }
    let mut after = board.clone();
    after.place(lib, color);
    match after.liberties(lib) {
        0 | 1 => return false,
        2 => {}
        _ => return true,
    }
    if depth == 0 {
        return true;
    }
    let attacker = color.opponent();
    for a in after.two_liberties(lib).into_iter().flatten() {
        if !after.is_legal(a, attacker) || is_self_atari(&after, a, attacker) {
            continue;
        }
        let mut chased = after.clone();
        chased.place(a, attacker);
        if chased.liberties(lib) == 1 && !prey_escapes(&chased, lib, depth - 1) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The vertex names of `found`, sorted.
    fn names<const N: usize>(board: &Board, found: &Points<N>) -> Vec<String> {
        let mut names: Vec<String> = found
            .as_slice()
            .iter()
            .map(|&p| {
                let (c, r) = board.coords(p);
                tengen_rules::vertex_name(board.size(), c, r)
            })
            .collect();
        names.sort();
        names
    }

    #[test]
    fn ataris_around_the_last_move_are_answered() {
        // White B2 in atari: White extends at B1 (the playouts do not read the ladder).
        let caught = crate::ladder_caught();
        let b2 = crate::at(&caught, "B2");
        let mut found: Points<8> = Points::new();
        assert!(
            !answer_ataris_near(&caught, b2, Color::White, &mut found),
            "one stone"
        );
        assert_eq!(names(&caught, &found), ["B1"]);
        // With White C3 and D2, Black C2 is in atari too: both sides take at C1 or play B1.
        let free = crate::ladder_escaped();
        for color in [Color::White, Color::Black] {
            let mut found: Points<8> = Points::new();
            answer_ataris_near(&free, b2, color, &mut found);
            assert_eq!(names(&free, &found), ["B1", "C1"], "{color:?}");
        }
        // Three white stones in atari are always answered.
        let board = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . X X X . .
            . X O O O . .
            . . X X X . .
            . . . . . . .
            . . . . . . .",
        )
        .unwrap();
        let mut found: Points<8> = Points::new();
        assert!(answer_ataris_near(
            &board,
            crate::at(&board, "D5"),
            Color::White,
            &mut found
        ));
        assert_eq!(names(&board, &found), ["F4"]);
        let mut found: Points<8> = Points::new();
        assert!(!answer_ataris_near(
            &board,
            crate::at(&board, "D5"),
            Color::Black,
            &mut found
        ));
        assert_eq!(names(&board, &found), ["F4"], "Black takes");
    }

    #[test]
    fn two_liberty_chains_are_chased_where_they_cannot_run() {
        // White C4 and C3 have two liberties, C5 and D4. Black's atari at D4 lets White run out
        // at C5 to three liberties; the atari at C5 leaves D4 only two.
        let board = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . X O . . . .
            . X O X . . .
            . . X . . . .
            . . . . . . .",
        )
        .unwrap();
        let white = crate::at(&board, "C4");
        assert_eq!(board.liberties(white), 2);
        let mut found: Points<8> = Points::new();
        attack_two_liberties(&board, white, Color::Black, &mut found);
        assert_eq!(names(&board, &found), ["C5"]);
        // White extends either way to three liberties; no black neighbour is short of them.
        let mut found: Points<8> = Points::new();
        defend_two_liberties(&board, white, Color::White, &mut found);
        assert_eq!(names(&board, &found), ["C5", "D4"]);
        // After Black's D3 both sides see the fight next to it.
        let d3 = crate::at(&board, "D3");
        let mut found: Points<8> = Points::new();
        two_liberty_moves_near(&board, d3, Color::White, &mut found);
        assert_eq!(names(&board, &found), ["C5", "D4"]);
        let mut found: Points<8> = Points::new();
        two_liberty_moves_near(&board, d3, Color::Black, &mut found);
        assert_eq!(names(&board, &found), ["C5"]);
    }

    #[test]
    fn a_race_takes_the_liberties_of_a_short_neighbour() {
        // White's B3 leaves Black's C3–C4 with three liberties next to White's D3–D4 with two,
        // E3 and D2. Black's D2 keeps it to two (E3 then E2, F3); E3 would let it out at D2.
        let board = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . X . . .
            . . X O X . .
            . O X O . . .
            . . . . . . .
            . . . . . . .",
        )
        .unwrap();
        assert_eq!(board.liberties(crate::at(&board, "C3")), 3);
        assert_eq!(board.liberties(crate::at(&board, "D3")), 2);
        let b3 = crate::at(&board, "B3");
        let mut found: Points<8> = Points::new();
        race_moves_near(&board, b3, Color::Black, &mut found);
        assert_eq!(names(&board, &found), ["D2"]);
        let mut found: Points<8> = Points::new();
        two_liberty_moves_near(&board, b3, Color::Black, &mut found);
        assert!(found.is_empty(), "no two-liberty chain touches B3");
    }

    #[test]
    fn only_self_ataris_outside_the_opponent_s_space_give_stones_away() {
        let board = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            X X X X . . .
            . . X . . . .",
        )
        .unwrap();
        // Inside Black's two-point space a white stone is a sacrifice that spoils the eye.
        for inside in ["A1", "B1"] {
            assert_eq!(
                bad_self_atari(&board, crate::at(&board, inside), Color::White),
                None
            );
        }
        // Next to it, at D1, it only feeds Black a stone.
        assert_eq!(
            bad_self_atari(&board, crate::at(&board, "D1"), Color::White),
            Some(1)
        );
        assert_eq!(
            bad_self_atari(&board, crate::at(&board, "E1"), Color::White),
            None
        );
        // Black filling its own space, surrounded, puts five stones in atari.
        let surrounded = Board::from_ascii(
            "
            . . . . . . .
            . . . . . . .
            . . . . . . .
            . . . . . . .
            O O O O . . .
            X X X O . . .
            . . X O . . .",
        )
        .unwrap();
        assert_eq!(
            bad_self_atari(&surrounded, crate::at(&surrounded, "A1"), Color::Black),
            Some(5)
        );
    }

    #[test]
    fn the_shape_after_a_move_is_what_playing_it_gives() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        for _ in 0..40 {
            let mut board = Board::new(9);
            let mut color = Color::Black;
            for _ in 0..150 {
                let legal = |board: &Board, c| -> Vec<Point> {
                    board.empty_points().filter(|&p| board.is_legal(p, c)).collect()
                };
                for c in [Color::Black, Color::White] {
                    for p in legal(&board, c) {
                        let mut played = board.clone();
                        let captures = played.place(p, c).captured as usize;
                        assert_eq!(
                            is_self_atari(&board, p, c),
                            shape_after(&board, p, c, 2).is_self_atari(),
                            "{p:?} {c:?}\n{board:?}"
                        );
                        for cap in 1..=4 {
                            let shape = shape_after(&board, p, c, cap);
                            let liberties = played.liberties(p).min(cap);
                            assert_eq!(shape.captures, captures, "{p:?} {c:?}\n{board:?}");
                            // The bounded tests answer as the full count does.
                            assert_eq!(
                                reaches(&board, p, c, cap),
                                shape.liberties >= cap,
                                "{p:?} {c:?} {cap}\n{board:?}"
                            );
                            assert_eq!(
                                runs_to(&board, p, c, cap),
                                shape.captures == 0 && shape.liberties >= cap,
                                "{p:?} {c:?} {cap}\n{board:?}"
                            );
                            if captures == 0 {
                                assert_eq!(shape.liberties, liberties, "{p:?} {c:?}\n{board:?}");
                            } else {
                                assert!(
                                    (1..=liberties).contains(&shape.liberties),
                                    "{p:?} {c:?}\n{board:?}"
                                );
                            }
                        }
                    }
                }
                let moves: Vec<Point> = legal(&board, color)
                    .into_iter()
                    .filter(|&p| !board.is_eye(p, color))
                    .collect();
                if moves.is_empty() {
                    break;
                }
                board.place(moves[rng.random_range(0..moves.len())], color);
                color = color.opponent();
            }
        }
    }
}
