//! The hard level's 9×9 opening book: in the openings it is most likely to meet, the moves
//! KataGo chose (`tools/katago/book.py` wrote `data/book-9x9.txt`; KataGo and its network are
//! not in the repository, only the moves). Without it hard's first twelve moves gave away 3.4
//! points a game against Pachi by KataGo's count, with it 0.6, and hard won 70% of 120 games
//! instead of half (`docs/patterns.md`, "An opening book for 9×9").

use std::collections::HashMap;
use std::sync::OnceLock;

use rand::Rng;
use tengen_rules::{Color, Game, Move, parse_vertex};

const BOOK: &str = include_str!("../data/book-9x9.txt");
const SIZE: u8 = 9;
/// The komi the book was made for is 7.5 under area counting; 6.5 under territory counting is
/// the same game within a point, and the opening moves do not change for a point.
const KOMI: std::ops::RangeInclusive<f32> = 5.5..=7.5;

/// One of the board's eight symmetries: mirror left–right (bit 1), top–bottom (bit 2), then
/// swap columns and rows (bit 4) — as `transform` in `book.py`.
#[derive(Clone, Copy, Debug)]
struct Symmetry(u8);

impl Symmetry {
    fn apply(self, (mut col, mut row): (u8, u8)) -> (u8, u8) {
        if self.0 & 1 != 0 {
            col = SIZE - 1 - col;
        }
        if self.0 & 2 != 0 {
            row = SIZE - 1 - row;
        }
        if self.0 & 4 != 0 {
            (col, row) = (row, col);
        }
        (col, row)
    }

    /// The point `apply` took to `p`: each part undoes itself, so undo them in reverse order.
    fn undo(self, (mut col, mut row): (u8, u8)) -> (u8, u8) {
        if self.0 & 4 != 0 {
            (col, row) = (row, col);
        }
        Symmetry(self.0 & 3).apply((col, row))
    }
}

/// Position (81 cells from the top row, `X` Black, `O` White, `.` empty, a space and the colour
/// to move) → the book's moves there, as written.
fn entries() -> &'static HashMap<&'static str, &'static str> {
    static ENTRIES: OnceLock<HashMap<&'static str, &'static str>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        BOOK.lines()
            .filter(|line| !line.starts_with('#') && !line.is_empty())
            .filter_map(|line| line.rsplit_once(' '))
            .collect()
    })
}

/// The position of `game` seen through `symmetry`, as the book writes it.
fn key(game: &Game, symmetry: Symmetry) -> String {
    let board = game.board();
    let mut cells = [b'.'; (SIZE * SIZE) as usize];
    for p in board.points() {
        if let Some(color) = board.color_at(p) {
            let (col, row) = symmetry.apply(board.coords(p));
            cells[row as usize * SIZE as usize + col as usize] =
                if color == Color::Black { b'X' } else { b'O' };
        }
    }
    let to_move = if game.to_move() == Color::Black { 'B' } else { 'W' };
    format!("{} {to_move}", std::str::from_utf8(&cells).expect("ASCII"))
}

/// A move of the book for the player to move in `game`, one of its choices at random; `None`
/// off the book (another board, a komi far from 7.5, a position it does not hold).
pub(crate) fn book_move(game: &Game, rng: &mut impl Rng) -> Option<Move> {
    if game.size() != SIZE || !KOMI.contains(&game.komi()) {
        return None;
    }
    let (symmetry, moves) = (0..8)
        .map(Symmetry)
        .find_map(|s| entries().get(key(game, s).as_str()).map(|moves| (s, *moves)))?;
    let choices: Vec<Move> = moves
        .split(',')
        .filter_map(|v| parse_vertex(SIZE, v))
        .map(|at| {
            let (col, row) = symmetry.undo(at);
            Move::Place(game.board().point(col, row))
        })
        .filter(|&mv| game.check(game.to_move(), mv).is_ok())
        .collect();
    (!choices.is_empty()).then(|| choices[rng.random_range(0..choices.len())])
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::SmallRng;
    use tengen_rules::RuleSet;

    use super::*;

    fn game_after(moves: &[&str]) -> Game {
        let mut game = Game::new(9, RuleSet::Chinese);
        for v in moves {
            let p = crate::at(game.board(), v);
            game.play(Move::Place(p)).unwrap();
        }
        game
    }

    #[test]
    fn every_symmetry_is_undone() {
        for s in (0..8).map(Symmetry) {
            for col in 0..SIZE {
                for row in 0..SIZE {
                    assert_eq!(s.undo(s.apply((col, row))), (col, row), "{s:?}");
                }
            }
        }
    }

    /// Every line of the book is an opening position (81 cells, fewer than 14 stones, a colour
    /// to move), and its moves are empty points there.
    #[test]
    fn the_book_reads() {
        assert!(entries().len() > 100, "{} positions", entries().len());
        for (key, moves) in entries() {
            let (cells, to_move) = key.split_once(' ').unwrap();
            assert_eq!(cells.len(), 81, "{key}");
            let stones = cells.chars().filter(|&c| c != '.').count();
            assert!(stones < 14 && matches!(to_move, "B" | "W"), "{key}");
            for v in moves.split(',') {
                let (col, row) = parse_vertex(SIZE, v).unwrap_or_else(|| panic!("{v} in {key}"));
                assert_eq!(
                    &cells[row as usize * 9 + col as usize..][..1],
                    ".",
                    "{v} in {key}"
                );
            }
        }
    }

    /// The first of `game`'s eight keys: positions that differ only by a turn or mirror are one.
    fn canonical(game: &Game) -> String {
        (0..8).map(|s| key(game, Symmetry(s))).min().unwrap()
    }

    /// The positions the book's choices in `game` lead to, as [`canonical`] keys, over enough
    /// seeds to see every choice.
    fn outcomes(game: &Game) -> std::collections::BTreeSet<String> {
        (0..40)
            .filter_map(|seed| book_move(game, &mut SmallRng::seed_from_u64(seed)))
            .map(|mv| {
                let mut next = game.clone();
                next.play(mv).unwrap();
                canonical(&next)
            })
            .collect()
    }

    /// The same position turned or mirrored gets the same moves, turned or mirrored alike.
    #[test]
    fn a_turned_position_gets_the_turned_moves() {
        let mut seen = 0;
        for first in ["C3", "C4", "D5", "E5", "D4", "C5", "E3", "G7", "F3"] {
            let game = game_after(&[first]);
            let here = outcomes(&game);
            seen += usize::from(!here.is_empty());
            for s in (0..8).map(Symmetry) {
                let (col, row) = s.apply(game.board().coords(crate::at(game.board(), first)));
                let mut turned = Game::new(9, RuleSet::Chinese);
                turned.play(Move::Place(turned.board().point(col, row))).unwrap();
                assert_eq!(outcomes(&turned), here, "{first} turned by {s:?}");
            }
        }
        assert!(seen >= 3, "only {seen} of the first moves are in the book");
    }

    /// Only the hard level's play reads the book: a step below it searches, and so does a
    /// search for judging (the review, hints), which must weigh the moves itself.
    #[test]
    fn only_hard_play_reads_the_book() {
        use crate::{Decision, Level, Limits, Search};
        let empty = Game::new(9, RuleSet::Chinese);
        let limits = Limits::simulations(300);
        let mut play = Search::continuing(None, &empty, Level::HARD, 3, limits);
        let Decision::Play(mv) = play.run() else {
            panic!("hard resigned an empty board")
        };
        assert_eq!(play.simulations(), 0);
        let mut next = empty.clone();
        next.play(mv).unwrap();
        assert!(outcomes(&empty).contains(&canonical(&next)));
        let mut below = Search::continuing(None, &empty, Level::HARD.down().unwrap(), 3, limits);
        below.run();
        assert!(below.simulations() >= 300);
        let mut judging = Search::with_limits(&empty, Level::HARD, 3, limits);
        judging.run();
        assert!(judging.simulations() >= 300);
    }

    /// Off the book: another board size, a komi far from the book's, and a position no opening
    /// reaches get no move.
    #[test]
    fn off_the_book_there_is_no_move() {
        let mut rng = SmallRng::seed_from_u64(1);
        assert!(book_move(&Game::new(9, RuleSet::Chinese), &mut rng).is_some());
        assert!(book_move(&Game::new(13, RuleSet::Chinese), &mut rng).is_none());
        let mut no_komi = Game::new(9, RuleSet::Chinese);
        no_komi.set_komi(0.5);
        assert!(book_move(&no_komi, &mut rng).is_none());
        let odd = game_after(&["A1", "J9", "A9", "J1"]);
        assert!(book_move(&odd, &mut rng).is_none());
    }
}
