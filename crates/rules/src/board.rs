//! The board: stones, chains with exact liberty counts, Zobrist hash, and the list of empty points.
//!
//! Points are indices into a padded array (`stride = size + 2`) so that every on-board point has
//! four neighbours without bounds checks; the border holds `Cell::Edge`.
//!
//! Invariants, checked by `Board::check_invariants` in tests:
//! - every stone `s` has `head[s]` = the head of its chain, and `next` links the chain's stones in a
//!   cycle; `chain_len[head]` is the number of stones in it; every other point has `head` 0, the
//!   border's first cell, whose `libs` is always 0 (so a point's liberties are one read);
//! - `libs[head]` is the exact number of distinct empty points adjacent to the chain, and is > 0
//!   for every chain on the board (a move that would leave one at 0 captures or is refused);
//! - `lib_sums[head]` holds the sum and the sum of squares of those points' indices, so the
//!   liberties of a chain with one or two are known without walking it;
//! - `hash` is the XOR of `zobrist(colour, point)` over all stones;
//! - `empties[..empty_count]` lists exactly the empty on-board points and `empty_index` inverts it;
//! - `around[p]` holds what the eight points around every on-board `p` are.

use crate::{Color, Point};

/// The largest supported board side.
pub const MAX_SIZE: usize = 19;
/// Cells in the padded array of the largest board.
pub const MAX_CELLS: usize = (MAX_SIZE + 2) * (MAX_SIZE + 2);
/// The board sides the game offers (R1); other sides from 2 to 19 work for SGF/GTP too.
pub const STANDARD_SIZES: [u8; 3] = [9, 13, 19];

/// What occupies one cell of the padded array.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    Empty,
    Stone(Color),
    Edge,
}

/// Zobrist keys derived at compile time from a fixed seed (splitmix64), so hashes are identical
/// across runs and platforms; the side to move is deliberately not part of the hash (R2).
const ZOBRIST: [[u64; MAX_CELLS]; 2] = {
    let mut table = [[0u64; MAX_CELLS]; 2];
    let mut state: u64 = 0x7465_6e67_656e_2021; // "tengen !"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < MAX_CELLS {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            table[c][i] = z ^ (z >> 31);
            i += 1;
        }
        c += 1;
    }
    table
};

pub(crate) fn zobrist(color: Color, p: Point) -> u64 {
    ZOBRIST[color.index()][p.index()]
}

/// Result of placing a stone with [`Board::place`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Placed {
    /// Stones removed from the board by this move.
    pub captured: u16,
    /// Where the single captured stone stood, when exactly one was taken.
    pub single_capture: Option<Point>,
}

/// The sum and the sum of squares of a chain's liberties (point indices): one liberty is the
/// sum, two are the roots of x² − sum·x + (sum² − squares)/2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct LibertySums {
    sum: u32,
    squares: u32,
}

impl LibertySums {
    #[inline]
    fn add(&mut self, q: Point) {
        let i = q.0 as u32;
        self.sum += i;
        self.squares += i * i;
    }
    #[inline]
    fn take(&mut self, q: Point) {
        let i = q.0 as u32;
        self.sum -= i;
        self.squares -= i * i;
    }
}

/// The `head` of every point without a stone: the border's first cell, never a chain's head,
/// so its `libs` stays 0.
const NO_CHAIN: u16 = 0;

/// The 2-bit codes of [`Board::neighborhood`].
const AROUND_EMPTY: u16 = 0;
const AROUND_BLACK: u16 = 1;
const AROUND_WHITE: u16 = 2;
const AROUND_EDGE: u16 = 3;
/// The low bit of each of the four orthogonal neighbours (N, W, E, S) in a neighbourhood code,
/// and of the four diagonal ones (NW, NE, SW, SE).
const AROUND_ORTHOGONAL: u16 = 1 << 2 | 1 << 6 | 1 << 8 | 1 << 12;
const AROUND_DIAGONAL: u16 = 1 | 1 << 4 | 1 << 10 | 1 << 14;
/// Black's and White's codes add up to this.
const AROUND_STONES: u16 = AROUND_BLACK + AROUND_WHITE;

#[derive(Clone)]
pub struct Board {
    size: u8,
    stride: u16,
    cells: [Cell; MAX_CELLS],
    head: [u16; MAX_CELLS],
    next: [u16; MAX_CELLS],
    libs: [u16; MAX_CELLS],
    lib_sums: [LibertySums; MAX_CELLS],
    chain_len: [u16; MAX_CELLS],
    empties: [u16; MAX_CELLS],
    empty_index: [u16; MAX_CELLS],
    empty_count: u16,
    /// Per point, its eight neighbours in 2 bits each ([`Board::neighborhood`]), kept up to date
    /// by every stone put or taken, so shape lookups in playouts cost one read.
    around: [u16; MAX_CELLS],
    hash: u64,
    /// Simple ko: the point where the given colour may not immediately retake a single stone.
    ko: Option<(Point, Color)>,
}

impl Board {
    /// An empty board of side `size` (2..=19).
    pub fn new(size: u8) -> Board {
        assert!(
            (2..=MAX_SIZE as u8).contains(&size),
            "board size {size} is not in 2..=19"
        );
        let stride = size as u16 + 2;
        let mut board = Board {
            size,
            stride,
            cells: [Cell::Edge; MAX_CELLS],
            head: [NO_CHAIN; MAX_CELLS],
            next: [0; MAX_CELLS],
            libs: [0; MAX_CELLS],
            lib_sums: [LibertySums::default(); MAX_CELLS],
            chain_len: [0; MAX_CELLS],
            empties: [0; MAX_CELLS],
            empty_index: [0; MAX_CELLS],
            empty_count: 0,
            around: [0; MAX_CELLS],
            hash: 0,
            ko: None,
        };
        for row in 0..size {
            for col in 0..size {
                let p = board.point(col, row);
                board.cells[p.index()] = Cell::Empty;
                board.push_empty(p);
            }
        }
        for row in 0..size {
            for col in 0..size {
                let p = board.point(col, row);
                board.around[p.index()] = board.count_around(p);
            }
        }
        board
    }

    /// The eight neighbours of `p` in reading order (NW, N, NE, W, E, SW, S, SE), two bits each
    /// from the lowest: 0 empty, 1 black, 2 white, 3 off the board.
    #[inline]
    pub fn neighborhood(&self, p: Point) -> u16 {
        self.around[p.index()]
    }

    /// Whether one of the four orthogonal neighbours of `p` is empty, read from its neighbourhood
    /// code (no cell is visited, nor the bits counted: a bit count is a dozen instructions on
    /// baseline x86-64, and every legality test of the playouts asks this).
    #[inline]
    pub fn has_empty_neighbor(&self, p: Point) -> bool {
        self.occupied_neighbors(p) != AROUND_ORTHOGONAL
    }

    /// Whether at least two of the four orthogonal neighbours of `p` are empty: at most two of
    /// the occupied bits are set, so clearing the lowest set bit twice leaves none.
    #[inline]
    pub fn has_two_empty_neighbors(&self, p: Point) -> bool {
        let occupied = self.occupied_neighbors(p);
        let rest = occupied & occupied.wrapping_sub(1);
        rest & rest.wrapping_sub(1) == 0
    }

    /// One bit (of [`AROUND_ORTHOGONAL`]) for each orthogonal neighbour of `p` that is not empty.
    #[inline]
    fn occupied_neighbors(&self, p: Point) -> u16 {
        let code = self.around[p.index()];
        (code | code >> 1) & AROUND_ORTHOGONAL
    }

    /// The eight points around on-board `p` in reading order.
    #[inline]
    fn around_points(&self, p: Point) -> [Point; 8] {
        let [n, w, e, s] = self.neighbors(p);
        let [nw, ne, sw, se] = self.diagonals(p);
        [nw, n, ne, w, e, sw, s, se]
    }

    /// [`Board::neighborhood`] counted from the cells.
    fn count_around(&self, p: Point) -> u16 {
        let mut code = 0;
        for (k, q) in self.around_points(p).into_iter().enumerate() {
            let v = match self.cells[q.index()] {
                Cell::Empty => AROUND_EMPTY,
                Cell::Stone(Color::Black) => AROUND_BLACK,
                Cell::Stone(Color::White) => AROUND_WHITE,
                Cell::Edge => AROUND_EDGE,
            };
            code |= v << (2 * k);
        }
        code
    }

    /// Writes `code` as what on-board `p` is into the neighbourhood of each point around it
    /// (from a neighbour's side `p` is in the opposite direction: reading-order index 7 − k).
    #[inline]
    fn set_around(&mut self, p: Point, code: u16) {
        // The 3×3 block round `p` spans 2·stride + 3 cells of the padded array from its NW
        // corner: one bounds check for the block instead of one a point.
        let s = self.stride as usize;
        let nw = p.index() - s - 1;
        let block = &mut self.around[nw..nw + 2 * s + 3];
        let offsets = [0, 1, 2, s, s + 2, 2 * s, 2 * s + 1, 2 * s + 2];
        for (k, i) in offsets.into_iter().enumerate() {
            let shift = 2 * (7 - k);
            let a = &mut block[i];
            *a = *a & !(3 << shift) | code << shift;
        }
    }

    pub fn size(&self) -> u8 {
        self.size
    }

    /// The point at column `col` and row `row`, both from 0, row 0 at the top.
    pub fn point(&self, col: u8, row: u8) -> Point {
        debug_assert!(col < self.size && row < self.size);
        Point((row as u16 + 1) * self.stride + col as u16 + 1)
    }

    /// Column and row of an on-board point, row 0 at the top.
    pub fn coords(&self, p: Point) -> (u8, u8) {
        ((p.0 % self.stride - 1) as u8, (p.0 / self.stride - 1) as u8)
    }

    /// Every on-board point, row by row from the top.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.size).flat_map(move |row| (0..self.size).map(move |col| self.point(col, row)))
    }

    /// Whether `p` is a point of this board (not the border, not past it).
    pub fn contains(&self, p: Point) -> bool {
        // Only on-board cells are ever anything but `Edge`.
        p.index() < MAX_CELLS && self.cells[p.index()] != Cell::Edge
    }

    pub fn cell(&self, p: Point) -> Cell {
        self.cells[p.index()]
    }

    pub fn color_at(&self, p: Point) -> Option<Color> {
        match self.cells[p.index()] {
            Cell::Stone(c) => Some(c),
            _ => None,
        }
    }

    /// The four orthogonal neighbours (some may be `Cell::Edge`).
    #[inline]
    pub fn neighbors(&self, p: Point) -> [Point; 4] {
        let s = self.stride;
        [Point(p.0 - s), Point(p.0 - 1), Point(p.0 + 1), Point(p.0 + s)]
    }

    /// The four diagonal neighbours (some may be `Cell::Edge` or outside the padded area's use).
    #[inline]
    pub fn diagonals(&self, p: Point) -> [Point; 4] {
        let s = self.stride;
        [
            Point(p.0 - s - 1),
            Point(p.0 - s + 1),
            Point(p.0 + s - 1),
            Point(p.0 + s + 1),
        ]
    }

    /// Zobrist hash of the stone layout.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The simple-ko point and the colour barred from it for one ply.
    pub fn ko(&self) -> Option<(Point, Color)> {
        self.ko
    }

    /// Number of empty points.
    pub fn empty_count(&self) -> usize {
        self.empty_count as usize
    }

    /// The `i`-th empty point (order changes as stones come and go).
    #[inline]
    pub fn empty_at(&self, i: usize) -> Point {
        Point(self.empties[i])
    }

    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.empties[..self.empty_count as usize]
            .iter()
            .map(|&i| Point(i))
    }

    /// Number of stones of each colour on the board, `[black, white]`.
    pub fn stone_counts(&self) -> [usize; 2] {
        let mut counts = [0; 2];
        for p in self.points() {
            if let Cell::Stone(c) = self.cell(p) {
                counts[c.index()] += 1;
            }
        }
        counts
    }

    /// Liberties of the chain through `p` (0 for an empty point).
    pub fn liberties(&self, p: Point) -> usize {
        // An empty or border point's head is `NO_CHAIN`, whose count is 0: no test of the cell.
        self.libs[self.head[p.index()] as usize] as usize
    }

    /// A stable identifier of the chain through stone `p`: equal for stones of one chain.
    pub fn chain_id(&self, p: Point) -> Point {
        Point(self.head[p.index()])
    }

    pub fn chain_len(&self, p: Point) -> usize {
        self.chain_len[self.head[p.index()] as usize] as usize
    }

    /// The stones of the chain through stone `p`.
    pub fn chain(&self, p: Point) -> ChainIter<'_> {
        ChainIter {
            board: self,
            start: p,
            current: Some(p),
        }
    }

    /// The distinct liberties of the chain through stone `p`.
    pub fn chain_liberties(&self, p: Point) -> Vec<Point> {
        let mut libs = Vec::new();
        for s in self.chain(p) {
            for n in self.neighbors(s) {
                if self.cells[n.index()] == Cell::Empty && !libs.contains(&n) {
                    libs.push(n);
                }
            }
        }
        libs
    }

    /// The liberty of the chain through stone `p` when it has exactly one.
    #[inline]
    pub fn single_liberty(&self, p: Point) -> Option<Point> {
        let h = self.head[p.index()] as usize;
        (self.cells[p.index()] != Cell::Empty && self.libs[h] == 1)
            .then(|| Point(self.lib_sums[h].sum as u16))
    }

    /// The two liberties (lower index first) of the chain through stone `p` when it has exactly
    /// two.
    #[inline]
    pub fn two_liberties(&self, p: Point) -> Option<[Point; 2]> {
        let h = self.head[p.index()] as usize;
        if self.cells[p.index()] == Cell::Empty || self.libs[h] != 2 {
            return None;
        }
        let LibertySums { sum, squares } = self.lib_sums[h];
        // (b − a)² = 2(a² + b²) − (a + b)², exact in integers.
        // A perfect square below 2²⁴: the float root is exact.
        let gap = ((2 * squares - sum * sum) as f32).sqrt() as u32;
        Some([Point(((sum - gap) / 2) as u16), Point(((sum + gap) / 2) as u16)])
    }

    /// Whether empty `q` is adjacent to the chain whose head is `head`.
    #[inline]
    fn is_liberty_of(&self, q: Point, head: u16) -> bool {
        self.neighbors(q)
            .iter()
            .any(|&n| matches!(self.cells[n.index()], Cell::Stone(_)) && self.head[n.index()] == head)
    }

    /// Why `color` may not play at `p` by the board alone (occupied, suicide, simple ko), or `None`.
    /// Repetition beyond simple ko is the game's business ([`crate::Game`]).
    #[inline]
    pub fn illegal_reason(&self, p: Point, color: Color) -> Option<BoardRefusal> {
        if self.cells[p.index()] != Cell::Empty {
            return Some(BoardRefusal::Occupied);
        }
        if self.ko == Some((p, color)) {
            return Some(BoardRefusal::Ko);
        }
        if self.is_suicide(p, color) {
            return Some(BoardRefusal::Suicide);
        }
        None
    }

    /// Legal by the board alone (see [`Board::illegal_reason`]).
    #[inline]
    pub fn is_legal(&self, p: Point, color: Color) -> bool {
        self.cells[p.index()] == Cell::Empty && self.ko != Some((p, color)) && !self.is_suicide(p, color)
    }

    /// Whether a stone of `color` at empty `p` would be left without liberties after captures.
    #[inline]
    pub fn is_suicide(&self, p: Point, color: Color) -> bool {
        // Most points have an empty neighbour: one read of the neighbourhood code says so.
        if self.has_empty_neighbor(p) {
            return false;
        }
        for n in self.neighbors(p) {
            match self.cells[n.index()] {
                Cell::Empty => return false,
                Cell::Stone(c) => {
                    let libs = self.libs[self.head[n.index()] as usize];
                    // An own chain with another liberty keeps us alive; an enemy chain on its last
                    // liberty is captured, which frees `n`.
                    if (c == color) == (libs > 1) {
                        return false;
                    }
                }
                Cell::Edge => {}
            }
        }
        true
    }

    /// Whether `p` is a one-point eye of `color`: every neighbour is `color` (or edge), and the
    /// diagonals don't let the opponent break it (at most one enemy diagonal in the middle, none on
    /// the edge). Playouts never fill such points.
    #[inline]
    pub fn is_eye(&self, p: Point, color: Color) -> bool {
        if self.cells[p.index()] != Cell::Empty {
            return false;
        }
        // Read from the neighbourhood code: playouts ask this of nearly every point they try.
        let code = self.around[p.index()];
        let own = match color {
            Color::Black => AROUND_BLACK,
            Color::White => AROUND_WHITE,
        };
        // Own stones and the edge (both bits) have the own colour's bit.
        let walls = own * AROUND_ORTHOGONAL;
        if code & walls != walls {
            return false;
        }
        // A diagonal field that xors to zero with the enemy's code holds an enemy stone.
        let other = code ^ ((AROUND_STONES - own) * AROUND_DIAGONAL);
        let enemies = !(other | other >> 1) & AROUND_DIAGONAL;
        // One enemy diagonal breaks an eye on the edge, two in the middle (tested without a
        // bit count, which baseline x86-64 does in a dozen instructions).
        let on_edge = code & code >> 1 & AROUND_DIAGONAL != 0;
        if on_edge {
            enemies == 0
        } else {
            enemies & enemies.wrapping_sub(1) == 0
        }
    }

    /// [`Board::is_eye`] read from the cells, for [`Board::check_invariants`].
    fn is_eye_by_cells(&self, p: Point, color: Color) -> bool {
        if self.cells[p.index()] != Cell::Empty {
            return false;
        }
        for n in self.neighbors(p) {
            match self.cells[n.index()] {
                Cell::Stone(c) if c == color => {}
                Cell::Edge => {}
                _ => return false,
            }
        }
        let mut enemy = 0;
        let mut edge = 0;
        for d in self.diagonals(p) {
            match self.cells[d.index()] {
                Cell::Stone(c) if c != color => enemy += 1,
                Cell::Edge => edge = 1,
                _ => {}
            }
        }
        enemy + edge < 2
    }

    /// The layout hash after `color` plays at `p` (which must be legal by the board), without
    /// playing: the game's ko and superko checks need it for every candidate point.
    pub fn hash_after(&self, p: Point, color: Color) -> u64 {
        let mut hash = self.hash ^ zobrist(color, p);
        let mut seen = [u16::MAX; 4];
        for (k, n) in self.neighbors(p).into_iter().enumerate() {
            if self.cells[n.index()] == Cell::Stone(color.opponent()) {
                let h = self.head[n.index()];
                if self.libs[h as usize] == 1 && !seen.contains(&h) {
                    seen[k] = h;
                    for s in self.chain(n) {
                        hash ^= zobrist(color.opponent(), s);
                    }
                }
            }
        }
        hash
    }

    /// Puts a stone of `color` on `p`, capturing enemy chains left without liberties. The caller
    /// guarantees `is_legal(p, color)` (checked in debug builds).
    pub fn place(&mut self, p: Point, color: Color) -> Placed {
        debug_assert!(self.is_legal(p, color), "illegal placement at {p:?}");
        self.put_stone(p, color);
        let mut placed = Placed::default();
        for n in self.neighbors(p) {
            if self.cells[n.index()] == Cell::Stone(color.opponent())
                && self.libs[self.head[n.index()] as usize] == 0
            {
                placed.captured += self.remove_chain(n);
                placed.single_capture = Some(n);
            }
        }
        if placed.captured != 1 {
            placed.single_capture = None;
        }

        let own = self.head[p.index()] as usize;
        self.ko = match placed.single_capture {
            Some(q) if self.chain_len[own] == 1 && self.libs[own] == 1 => Some((q, color.opponent())),
            _ => None,
        };
        placed
    }

    /// A pass: only the ko point changes (the retake ban lasts one ply).
    pub fn pass(&mut self) {
        self.ko = None;
    }

    /// Merges chains `a` and `b` (heads), relabelling the smaller into the larger.
    fn merge(&mut self, a: u16, b: u16) {
        let (big, small) = if self.chain_len[a as usize] >= self.chain_len[b as usize] {
            (a, b)
        } else {
            (b, a)
        };
        // Count the small chain's liberties the big one lacks. Stones are relabelled as we go,
        // so a liberty shared by two small-chain stones is seen as "already the big chain's"
        // the second time.
        let mut s = small;
        loop {
            for n in self.neighbors(Point(s)) {
                if self.cells[n.index()] == Cell::Empty && !self.is_liberty_of(n, big) {
                    self.libs[big as usize] += 1;
                    self.lib_sums[big as usize].add(n);
                }
            }
            self.head[s as usize] = big;
            s = self.next[s as usize];
            if s == small {
                break;
            }
        }
        self.chain_len[big as usize] += self.chain_len[small as usize];
        // Splice the two cycles.
        self.next.swap(big as usize, small as usize);
    }

    /// Removes the chain through `p`; returns how many stones it had.
    fn remove_chain(&mut self, p: Point) -> u16 {
        let color = self.color_at(p).expect("remove_chain on a stone");
        let head = self.head[p.index()];
        let count = self.chain_len[head as usize];
        let mut s = head;
        loop {
            let next = self.next[s as usize];
            let sp = Point(s);
            self.cells[s as usize] = Cell::Empty;
            self.head[s as usize] = NO_CHAIN;
            self.set_around(sp, AROUND_EMPTY);
            self.hash ^= zobrist(color, sp);
            self.push_empty(sp);
            // The freed point is a new liberty, once, of each distinct adjacent chain (all of the
            // capturer's colour: any stone of ours next to it is in the chain being removed).
            let mut seen = [u16::MAX; 4];
            for (k, n) in self.neighbors(sp).into_iter().enumerate() {
                if self.cells[n.index()] == Cell::Stone(color.opponent()) {
                    let h = self.head[n.index()];
                    if !seen.contains(&h) {
                        seen[k] = h;
                        self.libs[h as usize] += 1;
                        self.lib_sums[h as usize].add(sp);
                    }
                }
            }
            s = next;
            if s == head {
                break;
            }
        }
        count
    }

    /// A board with the given stones, added without captures. Chains without liberties are
    /// allowed to exist only transiently; callers (setup, SGF) check [`Board::has_dead_chain`].
    pub fn from_stones(size: u8, stones: &[(Point, Color)]) -> Board {
        let mut board = Board::new(size);
        for &(p, c) in stones {
            if board.cells[p.index()] == Cell::Empty {
                board.add_stone_unchecked(p, c);
            }
        }
        board
    }

    /// Adds a stone with chain bookkeeping but without captures (setup stones, AB/AW).
    pub fn add_stone_unchecked(&mut self, p: Point, color: Color) {
        self.put_stone(p, color);
        self.ko = None;
    }

    /// Puts a stone on empty `p`, takes `p` from its neighbours' liberties and merges it with
    /// friendly chains. Captures are the caller's next step.
    fn put_stone(&mut self, p: Point, color: Color) {
        let pi = p.index();
        debug_assert_eq!(self.cells[pi], Cell::Empty);
        self.cells[pi] = Cell::Stone(color);
        self.set_around(
            p,
            match color {
                Color::Black => AROUND_BLACK,
                Color::White => AROUND_WHITE,
            },
        );
        self.remove_empty(p);
        self.hash ^= zobrist(color, p);
        self.head[pi] = p.0;
        self.next[pi] = p.0;
        self.chain_len[pi] = 1;
        let mut sums = LibertySums::default();
        let mut libs = 0;
        // `p` was a liberty, counted once, of every distinct adjacent chain.
        let mut seen = [u16::MAX; 4];
        for (k, n) in self.neighbors(p).into_iter().enumerate() {
            match self.cells[n.index()] {
                Cell::Empty => {
                    libs += 1;
                    sums.add(n);
                }
                Cell::Stone(_) => {
                    let h = self.head[n.index()];
                    if !seen.contains(&h) {
                        seen[k] = h;
                        self.libs[h as usize] -= 1;
                        self.lib_sums[h as usize].take(p);
                    }
                }
                Cell::Edge => {}
            }
        }
        self.libs[pi] = libs;
        self.lib_sums[pi] = sums;
        for n in self.neighbors(p) {
            if self.cells[n.index()] == Cell::Stone(color) && self.head[n.index()] != self.head[pi] {
                self.merge(self.head[pi], self.head[n.index()]);
            }
        }
    }

    /// Whether some chain has no liberty (possible only after unchecked setup).
    pub fn has_dead_chain(&self) -> bool {
        self.points()
            .any(|p| self.color_at(p).is_some() && self.libs[self.head[p.index()] as usize] == 0)
    }

    fn push_empty(&mut self, p: Point) {
        self.empty_index[p.index()] = self.empty_count;
        self.empties[self.empty_count as usize] = p.0;
        self.empty_count += 1;
    }

    fn remove_empty(&mut self, p: Point) {
        let i = self.empty_index[p.index()];
        self.empty_count -= 1;
        let last = self.empties[self.empty_count as usize];
        self.empties[i as usize] = last;
        self.empty_index[last as usize] = i;
    }

    /// Recomputes everything from the cells and compares; panics with a description on mismatch.
    /// For tests and debugging, O(points²) at worst.
    pub fn check_invariants(&self) {
        assert_eq!(self.libs[NO_CHAIN as usize], 0, "liberties of no chain");
        let mut hash = 0;
        let mut empties = 0;
        for p in self.points() {
            assert_eq!(
                self.neighborhood(p),
                self.count_around(p),
                "neighbourhood of {p:?}"
            );
            let empty_neighbors = self
                .neighbors(p)
                .iter()
                .filter(|&&n| self.cell(n) == Cell::Empty)
                .count();
            assert_eq!(
                self.has_empty_neighbor(p),
                empty_neighbors > 0,
                "an empty neighbour of {p:?}"
            );
            assert_eq!(
                self.has_two_empty_neighbors(p),
                empty_neighbors >= 2,
                "two empty neighbours of {p:?}"
            );
            match self.cell(p) {
                Cell::Empty => {
                    empties += 1;
                    for c in [Color::Black, Color::White] {
                        assert_eq!(
                            self.is_eye(p, c),
                            self.is_eye_by_cells(p, c),
                            "eye of {c:?} at {p:?}"
                        );
                    }
                    let i = self.empty_index[p.index()] as usize;
                    assert!(
                        i < self.empty_count as usize && self.empties[i] == p.0,
                        "empty list at {p:?}"
                    );
                    assert_eq!(self.head[p.index()], NO_CHAIN, "head of empty {p:?}");
                }
                Cell::Stone(c) => {
                    hash ^= zobrist(c, p);
                    // Chain-wide checks once per chain, at its head.
                    if self.head[p.index()] != p.0 {
                        continue;
                    }
                    let flood = self.flood_chain(p);
                    let members: Vec<Point> = self.chain(p).collect();
                    assert_eq!(flood.len(), members.len(), "chain size at {p:?}");
                    assert!(
                        flood.iter().all(|q| self.head[q.index()] == p.0),
                        "chain members and heads at {p:?}"
                    );
                    assert_eq!(self.chain_len(p), members.len(), "chain_len at {p:?}");
                    let liberties = self.chain_liberties(p);
                    let libs = liberties.len();
                    assert_eq!(self.liberties(p), libs, "liberties at {p:?}");
                    let mut sums = LibertySums::default();
                    liberties.iter().for_each(|&q| sums.add(q));
                    assert_eq!(self.lib_sums[p.index()], sums, "liberty sums at {p:?}");
                    let mut sorted = liberties.clone();
                    sorted.sort();
                    assert_eq!(
                        self.single_liberty(p),
                        (libs == 1).then(|| sorted[0]),
                        "single liberty at {p:?}"
                    );
                    assert_eq!(
                        self.two_liberties(p),
                        (libs == 2).then(|| [sorted[0], sorted[1]]),
                        "two liberties at {p:?}"
                    );
                    assert!(libs > 0, "chain without liberty at {p:?}");
                }
                Cell::Edge => panic!("edge inside the board at {p:?}"),
            }
        }
        assert_eq!(empties, self.empty_count as usize, "empty count");
        assert_eq!(hash, self.hash, "hash");
    }

    fn flood_chain(&self, p: Point) -> Vec<Point> {
        let color = self.cell(p);
        let mut seen = vec![p];
        let mut i = 0;
        while i < seen.len() {
            for n in self.neighbors(seen[i]) {
                if self.cell(n) == color && !seen.contains(&n) {
                    seen.push(n);
                }
            }
            i += 1;
        }
        seen
    }

    /// Text picture, `X` black, `O` white, `.` empty, rows from the top.
    pub fn to_ascii(&self) -> String {
        let mut s = String::new();
        for row in 0..self.size {
            for col in 0..self.size {
                s.push(match self.cell(self.point(col, row)) {
                    Cell::Stone(Color::Black) => 'X',
                    Cell::Stone(Color::White) => 'O',
                    _ => '.',
                });
            }
            s.push('\n');
        }
        s
    }

    /// Parses the picture written by [`Board::to_ascii`] (whitespace between points is ignored).
    /// The side is the number of rows. Chains without liberties are refused.
    pub fn from_ascii(text: &str) -> Result<Board, String> {
        let rows: Vec<Vec<char>> = text
            .lines()
            .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect::<Vec<_>>())
            .filter(|r| !r.is_empty())
            .collect();
        let size = rows.len();
        if !(2..=MAX_SIZE).contains(&size) {
            return Err(format!("{size} rows: a board has 2 to 19"));
        }
        let mut stones = Vec::new();
        let board = Board::new(size as u8);
        for (row, line) in rows.iter().enumerate() {
            if line.len() != size {
                return Err(format!(
                    "row {} has {} points, expected {size}",
                    row + 1,
                    line.len()
                ));
            }
            for (col, ch) in line.iter().enumerate() {
                let p = board.point(col as u8, row as u8);
                match ch {
                    'X' | 'x' | 'B' => stones.push((p, Color::Black)),
                    'O' | 'o' | 'W' => stones.push((p, Color::White)),
                    '.' | '+' => {}
                    other => return Err(format!("unknown point '{other}' in row {}", row + 1)),
                }
            }
        }
        let board = Board::from_stones(size as u8, &stones);
        if board.has_dead_chain() {
            return Err("a chain has no liberty".into());
        }
        Ok(board)
    }
}

impl PartialEq for Board {
    /// Same size and same stones (ko state and internal order don't matter).
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.points().all(|p| self.cell(p) == other.cell(p))
    }
}

impl Eq for Board {}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Board {}x{}\n{}", self.size, self.size, self.to_ascii())
    }
}

/// Why the board alone refuses a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardRefusal {
    Occupied,
    Suicide,
    Ko,
}

/// Iterates over the stones of one chain.
pub struct ChainIter<'a> {
    board: &'a Board,
    start: Point,
    current: Option<Point>,
}

impl Iterator for ChainIter<'_> {
    type Item = Point;
    fn next(&mut self) -> Option<Point> {
        let p = self.current?;
        let n = Point(self.board.next[p.index()]);
        self.current = (n != self.start).then_some(n);
        Some(p)
    }
}
