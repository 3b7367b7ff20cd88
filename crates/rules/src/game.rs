//! A game: the board plus everything the rules need beyond it — whose turn, captures, passes,
//! the positions seen (for ko and superko), phases, dead-stone marks, and exact undo.

use std::collections::HashMap;

use crate::board::{Board, BoardRefusal, Cell, MAX_CELLS};
use crate::rules::{Outcome, RuleSet};
use crate::score::{Score, score_position};
use crate::{Color, Move, Point};

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Phase {
    Playing,
    /// Two passes ended play; dead stones are being marked (R6).
    Scoring,
    Over(Outcome),
}

/// Why a move is refused. A refused move changes nothing (R4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    Occupied,
    Suicide,
    /// Immediate retake of a ko: the board would equal the one two plies back.
    Ko,
    /// The board would repeat an earlier position (Chinese and Korean rules).
    Superko,
    /// Play is paused for counting; resume play first.
    Scoring,
    GameOver,
}

/// Machine wording for GTP answers and load errors; players see the app's translation (R4).
impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Refusal::Occupied => "point occupied",
            Refusal::Suicide => "suicide",
            Refusal::Ko => "ko retaken at once",
            Refusal::Superko => "position repeated (superko)",
            Refusal::Scoring => "counting in progress",
            Refusal::GameOver => "game over",
        })
    }
}

impl From<BoardRefusal> for Refusal {
    fn from(r: BoardRefusal) -> Refusal {
        match r {
            BoardRefusal::Occupied => Refusal::Occupied,
            BoardRefusal::Suicide => Refusal::Suicide,
            BoardRefusal::Ko => Refusal::Ko,
        }
    }
}

/// Why set-up stones (SGF `AB`/`AW`/`AE`) are refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetupRefusal {
    /// A chain would be left without liberties.
    NoLiberties,
    /// Play is paused for counting, or the game is over.
    NotPlaying,
}

/// Stones put on or taken off the board between two moves: SGF set-up (`AB`/`AW`/`AE`) after
/// the first move, such as dead stones removed at the end of a game record. Set-up before the
/// first move changes the initial board instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// The number of moves played before the edit (at least 1).
    pub after: usize,
    /// Each point and what it holds afterwards (`None`: emptied), in point order, one entry per
    /// point: set-up at the same place in the game merges into one edit.
    pub stones: Vec<(Point, Option<Color>)>,
}

/// Names and date carried through saves and SGF.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameInfo {
    pub black: String,
    pub white: String,
    pub date: String,
}

/// One played move and what undoing it needs.
#[derive(Clone, Debug)]
pub struct Turn {
    pub color: Color,
    pub mv: Move,
    /// Stones this move captured.
    pub captured: u16,
    before: Board,
    passes_before: u8,
}

#[derive(Clone, Debug)]
pub struct Game {
    rules: RuleSet,
    komi: f32,
    pub info: GameInfo,
    initial: Board,
    first_to_move: Color,
    board: Board,
    to_move: Color,
    history: Vec<Turn>,
    /// Stones captured in play *by* each colour.
    captures: [u32; 2],
    consecutive_passes: u8,
    phase: Phase,
    /// Layout hash after each ply; `hashes[0]` is the start position.
    hashes: Vec<u64>,
    /// How often each layout occurs in `hashes`: O(1) superko look-up.
    seen: HashMap<u64, u32>,
    /// Dead-stone marks for scoring, indexed by point.
    dead: Vec<bool>,
    /// Whether two passes in a row end play (true in the app; GTP turns it off).
    passes_end_play: bool,
    /// Handicap stones Black was given (0 for an even game); White's compensation at the count.
    handicap: u8,
    /// Set-up between moves, in order; every `after` is in `1..=history.len()`.
    edits: Vec<Edit>,
}

impl Game {
    /// A new game on an empty board; komi from the rule set.
    pub fn new(size: u8, rules: RuleSet) -> Game {
        Game::with_setup(Board::new(size), Color::Black, rules)
    }

    /// A game from a set-up position (handicap or SGF `AB`/`AW`).
    pub fn with_setup(initial: Board, first_to_move: Color, rules: RuleSet) -> Game {
        let mut game = Game {
            rules,
            komi: rules.komi(),
            info: GameInfo::default(),
            board: initial.clone(),
            initial,
            first_to_move,
            to_move: first_to_move,
            history: Vec::new(),
            captures: [0; 2],
            consecutive_passes: 0,
            phase: Phase::Playing,
            hashes: Vec::new(),
            seen: HashMap::new(),
            dead: vec![false; MAX_CELLS],
            passes_end_play: true,
            handicap: 0,
            edits: Vec::new(),
        };
        game.push_hash(game.board.hash());
        game
    }

    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn initial_board(&self) -> &Board {
        &self.initial
    }
    pub fn size(&self) -> u8 {
        self.board.size()
    }
    pub fn rules(&self) -> RuleSet {
        self.rules
    }
    pub fn komi(&self) -> f32 {
        self.komi
    }
    /// Overrides the rule set's komi (GTP `komi`, SGF `KM`). The app never does (R2).
    pub fn set_komi(&mut self, komi: f32) {
        self.komi = komi;
    }
    /// Changes the rule set keeping komi (GTP `kgs-rules`).
    pub fn set_rules(&mut self, rules: RuleSet) {
        self.rules = rules;
    }
    pub fn set_passes_end_play(&mut self, on: bool) {
        self.passes_end_play = on;
    }
    pub fn passes_end_play(&self) -> bool {
        self.passes_end_play
    }
    /// Handicap stones Black was given, 0 for an even game (see [`Game::with_handicap`]).
    pub fn handicap(&self) -> u8 {
        self.handicap
    }
    /// Declares the game a handicap game of `stones` stones (SGF `HA`, GTP `fixed_handicap`):
    /// it changes only White's compensation at the count, not the board.
    pub fn set_handicap(&mut self, stones: u8) {
        self.handicap = stones;
    }
    /// Set-up between moves, in order.
    pub fn edits(&self) -> &[Edit] {
        &self.edits
    }
    pub fn to_move(&self) -> Color {
        self.to_move
    }
    pub fn first_to_move(&self) -> Color {
        self.first_to_move
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn history(&self) -> &[Turn] {
        &self.history
    }
    /// Moves played so far, passes included (R5).
    pub fn move_number(&self) -> usize {
        self.history.len()
    }
    /// Stones captured in play by `color`.
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }
    pub fn consecutive_passes(&self) -> u8 {
        self.consecutive_passes
    }
    pub fn last_move(&self) -> Option<(Color, Move)> {
        self.history.last().map(|t| (t.color, t.mv))
    }
    /// Layout hashes after each ply, the start position first.
    pub fn position_hashes(&self) -> &[u64] {
        &self.hashes
    }

    /// Why `color` may not make `mv` now, or `Ok`.
    pub fn check(&self, color: Color, mv: Move) -> Result<(), Refusal> {
        match self.phase {
            Phase::Over(_) => return Err(Refusal::GameOver),
            Phase::Scoring => return Err(Refusal::Scoring),
            Phase::Playing => {}
        }
        let Move::Place(p) = mv else { return Ok(()) };
        if !self.board.contains(p) {
            return Err(Refusal::Occupied);
        }
        match self.board.illegal_reason(p, color) {
            // The board's own ko flag is only a shortcut; the game decides ko by positions below,
            // which also covers moves out of turn (GTP) exactly as R2 words it.
            None | Some(BoardRefusal::Ko) => {}
            Some(r) => return Err(r.into()),
        }
        let after = self.board.hash_after(p, color);
        let n = self.hashes.len();
        if n >= 2 && self.hashes[n - 2] == after {
            return Err(Refusal::Ko);
        }
        if self.rules.positional_superko() && self.seen.contains_key(&after) {
            return Err(Refusal::Superko);
        }
        Ok(())
    }

    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(self.to_move, mv).is_ok()
    }

    /// Plays `mv` for the player to move.
    pub fn play(&mut self, mv: Move) -> Result<u16, Refusal> {
        self.play_as(self.to_move, mv)
    }

    /// Plays `mv` for `color` (either colour, any order: SGF and GTP need it). Returns the number
    /// of stones captured; the move is then the other colour's.
    pub fn play_as(&mut self, color: Color, mv: Move) -> Result<u16, Refusal> {
        self.check(color, mv)?;
        Ok(self.apply(color, mv))
    }

    /// Plays a move read from a game record. A record may have been played under rules without
    /// positional superko (a Japanese game, a server's own rules), and the record is the
    /// authority on what was played: a repeated position is accepted. Every other refusal
    /// stands, simple ko included, as no rule set allows those moves.
    pub(crate) fn replay(&mut self, color: Color, mv: Move) -> Result<u16, Refusal> {
        match self.check(color, mv) {
            Ok(()) | Err(Refusal::Superko) => Ok(self.apply(color, mv)),
            Err(refusal) => Err(refusal),
        }
    }

    /// Plays a move [`Game::check`] allowed (or [`Game::replay`] accepted).
    fn apply(&mut self, color: Color, mv: Move) -> u16 {
        let before = self.board.clone();
        let passes_before = self.consecutive_passes;
        let captured = match mv {
            Move::Place(p) => {
                let placed = self.board.place(p, color);
                self.captures[color.index()] += u32::from(placed.captured);
                self.consecutive_passes = 0;
                placed.captured
            }
            Move::Pass => {
                self.board.pass();
                self.consecutive_passes = self.consecutive_passes.saturating_add(1);
                0
            }
        };
        self.history.push(Turn {
            color,
            mv,
            captured,
            before,
            passes_before,
        });
        self.push_hash(self.board.hash());
        self.to_move = color.opponent();
        self.end_play_after_two_passes();
        self.clear_dead();
        captured
    }

    /// Counting starts once two passes in a row end play (R6), if they do in this game.
    pub(crate) fn end_play_after_two_passes(&mut self) {
        if self.passes_end_play && self.consecutive_passes >= 2 && self.phase == Phase::Playing {
            self.phase = Phase::Scoring;
        }
    }

    /// Puts stones on the board or takes them off outside play (SGF set-up): each point gets
    /// the colour given, or is emptied. Before the first move this changes the initial board;
    /// later it is kept as an [`Edit`], which [`Game::undo`] takes back with the move before
    /// it. The position after it counts for ko and superko; a ko capture before it is over.
    pub fn set_up(&mut self, stones: &[(Point, Option<Color>)]) -> Result<(), SetupRefusal> {
        if self.phase != Phase::Playing {
            return Err(SetupRefusal::NotPlaying);
        }
        let mut cells: Vec<Option<Color>> = vec![None; MAX_CELLS];
        for p in self.board.points() {
            cells[p.index()] = self.board.color_at(p);
        }
        for &(p, color) in stones {
            assert!(self.board.contains(p), "set-up point {p:?} is off the board");
            cells[p.index()] = color;
        }
        let layout: Vec<(Point, Color)> = self
            .board
            .points()
            .filter_map(|p| cells[p.index()].map(|c| (p, c)))
            .collect();
        let board = Board::from_stones(self.size(), &layout);
        if board.has_dead_chain() {
            return Err(SetupRefusal::NoLiberties);
        }
        match self.history.len() {
            0 => self.initial = board.clone(),
            after => {
                if self.edits.last().is_none_or(|last| last.after != after) {
                    self.edits.push(Edit {
                        after,
                        stones: Vec::new(),
                    });
                }
                let edit = self.edits.last_mut().expect("an edit after this move");
                for &(p, color) in stones {
                    match edit.stones.binary_search_by_key(&p, |&(q, _)| q) {
                        Ok(i) => edit.stones[i].1 = color,
                        Err(i) => edit.stones.insert(i, (p, color)),
                    }
                }
            }
        }
        // The position after the last ply is now the edited one.
        let replaced = self.hashes.pop().expect("a hash per ply");
        self.forget_hash(replaced);
        self.push_hash(board.hash());
        self.board = board;
        self.clear_dead();
        Ok(())
    }

    /// Takes back the last move, restoring board, captures, hashes, turn and phase exactly (R8).
    /// Returns the move taken back; `None` when there is none or the game is over.
    pub fn undo(&mut self) -> Option<Turn> {
        if matches!(self.phase, Phase::Over(_)) {
            return None;
        }
        let turn = self.history.pop()?;
        let hash = self.hashes.pop().expect("a hash per ply");
        self.forget_hash(hash);
        self.board = turn.before.clone();
        self.captures[turn.color.index()] -= u32::from(turn.captured);
        self.consecutive_passes = turn.passes_before;
        self.to_move = turn.color;
        self.phase = Phase::Playing;
        // Edits made after the move went with it: its `before` board predates them.
        let moves = self.history.len();
        self.edits.retain(|e| e.after <= moves);
        self.clear_dead();
        Some(turn)
    }

    /// Leaves scoring and goes on playing: the passes that ended play are withdrawn, so the
    /// player who would move after them is to move (R6).
    pub fn resume_play(&mut self) {
        if self.phase != Phase::Scoring {
            return;
        }
        while self.history.last().is_some_and(|t| t.mv == Move::Pass) && self.consecutive_passes > 0 {
            self.undo();
        }
        self.phase = Phase::Playing;
    }

    /// Back to play after the two passes that ended it, keeping them: for GTP, whose games go
    /// on after passes (`loadsgf` of a record that ends with passes continues after them;
    /// [`Game::resume_play`] would take them back).
    pub fn reopen_play(&mut self) {
        if self.phase == Phase::Scoring {
            self.clear_dead();
            self.phase = Phase::Playing;
        }
    }

    /// `color` resigns; the game is over at once (the app confirms first, R5).
    pub fn resign(&mut self, color: Color) {
        if !matches!(self.phase, Phase::Over(_)) {
            self.phase = Phase::Over(Outcome::Resignation {
                winner: color.opponent(),
            });
        }
    }

    /// Ends a scoring phase with the counted result (「确认结果」).
    pub fn confirm_result(&mut self) -> Option<Outcome> {
        if self.phase != Phase::Scoring {
            return None;
        }
        let outcome = self.score().outcome();
        self.phase = Phase::Over(outcome);
        Some(outcome)
    }

    /// Ends the game with a result decided elsewhere (a saved record, a match referee).
    pub fn end_with(&mut self, outcome: Outcome) {
        self.phase = Phase::Over(outcome);
    }

    pub fn is_dead(&self, p: Point) -> bool {
        self.dead[p.index()]
    }

    /// The points marked dead.
    pub fn dead_stones(&self) -> Vec<Point> {
        self.board.points().filter(|&p| self.dead[p.index()]).collect()
    }

    /// Toggles the whole chain through stone `p` between dead and alive. Returns whether the
    /// chain is now dead, or `None` for an empty point.
    pub fn toggle_dead(&mut self, p: Point) -> Option<bool> {
        self.board.color_at(p)?;
        let dead = !self.dead[p.index()];
        for s in self.board.chain(p) {
            self.dead[s.index()] = dead;
        }
        Some(dead)
    }

    /// Marks the chains through the given stones dead, and every other stone alive.
    pub fn set_dead(&mut self, stones: &[Point]) {
        self.clear_dead();
        for &p in stones {
            if self.board.color_at(p).is_some() && !self.dead[p.index()] {
                self.toggle_dead(p);
            }
        }
    }

    /// 「恢复死子」: every stone alive again.
    pub fn clear_dead(&mut self) {
        self.dead.iter_mut().for_each(|d| *d = false);
    }

    /// The count of the current board with the current dead marks, komi and rule set.
    pub fn score(&self) -> Score {
        let mut score = score_position(
            &self.board,
            &self.dead,
            self.rules,
            self.komi,
            [self.captures[0], self.captures[1]],
        );
        score.handicap = self.handicap;
        score
    }

    /// Every empty point the player to move may not play, with the reason (R13).
    pub fn forbidden_points(&self) -> Vec<(Point, Refusal)> {
        if self.phase != Phase::Playing {
            return Vec::new();
        }
        self.board
            .points()
            .filter(|&p| self.board.cell(p) == Cell::Empty)
            .filter_map(|p| self.check(self.to_move, Move::Place(p)).err().map(|r| (p, r)))
            .collect()
    }

    /// The point the player to move may not play because of ko (the 「劫」 mark of R13).
    pub fn ko_point(&self) -> Option<Point> {
        let (p, color) = self.board.ko()?;
        (color == self.to_move && self.check(color, Move::Place(p)) == Err(Refusal::Ko)).then_some(p)
    }

    /// Liberties of the chain through `p` (0 for an empty point).
    pub fn liberties(&self, p: Point) -> usize {
        self.board.liberties(p)
    }

    fn push_hash(&mut self, hash: u64) {
        self.hashes.push(hash);
        *self.seen.entry(hash).or_insert(0) += 1;
    }

    fn forget_hash(&mut self, hash: u64) {
        if let Some(count) = self.seen.get_mut(&hash) {
            *count -= 1;
            if *count == 0 {
                self.seen.remove(&hash);
            }
        }
    }
}
