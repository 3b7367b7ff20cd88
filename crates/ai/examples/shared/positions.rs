//! The positions files of `tools/katago/playouts.py`, shared by the examples that read them:
//! one position a line (9×9 unless the example is told the size), the judge's value for Black
//! and then the moves from the empty board (`0.4837 B:E5 W:C4 B:pass`), with the judge's move
//! after a tab where `playouts.py best` (or `played`) added it.

use tengen_ai::features::Recent;
use tengen_rules::{Game, Move, RuleSet, parse_vertex};

pub const SIZE: u8 = 9;

/// Line `number` (from 0) of a positions file of `size`×`size` games: the judge's value, the
/// game with its last two moves, the judge's move if the line has one; `None` for a line without
/// a value (a blank line). Panics on a move that does not replay: the file is the tool's own.
pub fn read_line(number: usize, line: &str, size: u8) -> Option<(f64, Game, Recent, Option<&str>)> {
    let (position, judge_move) = match line.split_once('\t') {
        Some((position, judge)) => (position, Some(judge.trim())),
        None => (line, None),
    };
    let mut fields = position.split_whitespace();
    let value = fields.next()?.parse().ok()?;
    let (game, recent) = replay(fields, size).unwrap_or_else(|e| panic!("line {}: {e}", number + 1));
    Some((value, game, recent, judge_move))
}

/// The game after `moves` ("B:E5", "W:pass"), with its last two moves.
fn replay<'a>(moves: impl Iterator<Item = &'a str>, size: u8) -> Result<(Game, Recent), String> {
    let mut game = Game::new(size, RuleSet::Chinese);
    let mut recent = Recent::default();
    for text in moves {
        let vertex = text.split_once(':').map_or(text, |(_, v)| v);
        let point = if vertex.eq_ignore_ascii_case("pass") {
            None
        } else {
            let (c, r) = parse_vertex(size, vertex).ok_or(format!("no vertex: {text}"))?;
            Some(game.board().point(c, r))
        };
        game.play(point.map_or(Move::Pass, Move::Place))
            .map_err(|e| format!("{text}: {e:?}"))?;
        recent = recent.then(point);
    }
    Ok((game, recent))
}
