//! Fixed handicap (置子): where the stones go, and what White gets back for them at the count.

use crate::Color;
use crate::board::Board;
use crate::game::Game;
use crate::rules::{RuleSet, Scoring};

/// Komi in a handicap game: half a point, so that there is no draw.
pub const HANDICAP_KOMI: f32 = 0.5;

/// The most handicap stones `size` has fixed points for: nine on odd boards from 11×11 up, five
/// on 9×9 (the side points of a nine-stone 9×9 handicap sit on the third line, too crowded to
/// be a game), four on the other boards from 7×7 up, none below.
pub fn max_handicap(size: u8) -> u8 {
    match size {
        9 => 5,
        s if s >= 11 && s % 2 == 1 => 9,
        s if s >= 7 => 4,
        _ => 0,
    }
}

/// The fixed handicap points for `stones` stones as (column, row from the top), in GNU Go's
/// order (`fixed_handicap`, the GTP standard): the four corner star points first (upper right,
/// lower left, upper left, lower right), then the centre for an odd count of five or seven, then
/// the left and right side points (six and up), the top and bottom side points (eight and up).
/// Corner points are on the fourth line from 13×13 up and on the third below. `None` for fewer
/// than two stones (one stone is no handicap: Black just moves first) or more than
/// [`max_handicap`].
pub fn handicap_points(size: u8, stones: u8) -> Option<Vec<(u8, u8)>> {
    if stones < 2 || stones > max_handicap(size) {
        return None;
    }
    let near = if size > 11 { 3 } else { 2 };
    let far = size - 1 - near;
    let mid = size / 2;
    // (column, row): upper right, lower left, upper left, lower right, left side, right side,
    // top side, bottom side, centre.
    let order = [
        (far, near),
        (near, far),
        (near, near),
        (far, far),
        (near, mid),
        (far, mid),
        (mid, near),
        (mid, far),
        (mid, mid),
    ];
    let centre_first = stones == 5 || stones == 7;
    let corners_and_sides = usize::from(stones - u8::from(centre_first));
    let mut points: Vec<(u8, u8)> = order[..corners_and_sides].to_vec();
    if centre_first {
        points.push((mid, mid));
    }
    Some(points)
}

impl RuleSet {
    /// Points White receives for Black's `stones` handicap stones at the count.
    ///
    /// Chinese rules (area counting): the Chinese Weiqi Association's competition rules
    /// (中国围棋竞赛规则, 2002 edition, on 让子棋) have Black give back half a stone (子) per
    /// handicap stone when the board is counted; counted in points (目), as the score here is,
    /// that is one point per stone. It makes area counting agree with territory counting, in
    /// which the handicap stones earn Black nothing by themselves. The same N is what KataGo's
    /// and OGS's Chinese rules use; AGA rules give N − 1.
    ///
    /// Japanese and Korean rules (territory counting): none.
    pub fn handicap_compensation(self, stones: u8) -> f32 {
        match self.scoring() {
            Scoring::Area if stones >= 2 => f32::from(stones),
            _ => 0.0,
        }
    }
}

impl Game {
    /// A handicap game: `stones` black stones on the fixed points, komi [`HANDICAP_KOMI`], White
    /// to move. `None` where the board has no fixed points for that many stones.
    pub fn with_handicap(size: u8, rules: RuleSet, stones: u8) -> Option<Game> {
        let empty = Board::new(size);
        let placed: Vec<_> = handicap_points(size, stones)?
            .into_iter()
            .map(|(c, r)| (empty.point(c, r), Color::Black))
            .collect();
        let mut game = Game::with_setup(Board::from_stones(size, &placed), Color::White, rules);
        game.set_handicap(stones);
        game.set_komi(HANDICAP_KOMI);
        Some(game)
    }
}
