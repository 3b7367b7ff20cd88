//! The positions files of `tools/katago/playouts.py`, shared by the examples that read them:
//! one 9×9 position a line, as the moves from the empty board (`B:E5 W:C4 B:pass`).

use tengen_ai::features::Recent;
use tengen_rules::{Game, Move, RuleSet, parse_vertex};

pub const SIZE: u8 = 9;

/// The game after `moves` ("B:E5", "W:pass"), with its last two moves.
pub fn replay<'a>(moves: impl Iterator<Item = &'a str>) -> Result<(Game, Recent), String> {
    let mut game = Game::new(SIZE, RuleSet::Chinese);
    let mut recent = Recent::default();
    for text in moves {
        let vertex = text.split_once(':').map_or(text, |(_, v)| v);
        let point = if vertex.eq_ignore_ascii_case("pass") {
            None
        } else {
            let (c, r) = parse_vertex(SIZE, vertex).ok_or(format!("no vertex: {text}"))?;
            Some(game.board().point(c, r))
        };
        game.play(point.map_or(Move::Pass, Move::Place))
            .map_err(|e| format!("{text}: {e:?}"))?;
        recent = recent.then(point);
    }
    Ok((game, recent))
}
