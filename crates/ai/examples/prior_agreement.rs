//! How well the learned move model (the hard level's tree priors) foresees a strong player's
//! move on 9×9: `cargo run --release -p tengen-ai --example prior_agreement -- FILE`.
//!
//! FILE is a positions file of `tools/katago/playouts.py` with KataGo's move after a tab on each
//! line (`playouts.py best` writes it). For the candidates the tree would give priors to (legal,
//! not an own eye, not running into a ladder), the model's probabilities as the tree computes
//! them; printed: how often
//! KataGo's move is the model's first choice, among its first three, and its mean log-probability
//! (positions where KataGo passes, or plays a move the tree leaves out, are counted apart).

use tengen_ai::features::{ESCAPE, ESCAPE_INTO_LADDER, features};
use tengen_ai::model::model;
use tengen_rules::parse_vertex;

#[path = "shared/positions.rs"]
mod positions;
use positions::{SIZE, replay};

fn main() {
    let Some(file) = std::env::args().nth(1) else {
        eprintln!("usage: prior_agreement FILE");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(file).expect("a readable positions file");
    let (mut counted, mut first, mut top3, mut log_p, mut apart) = (0u32, 0u32, 0u32, 0.0f64, 0u32);
    for (number, line) in text.lines().enumerate() {
        let Some((position, judge_move)) = line.split_once('\t') else {
            continue;
        };
        // The first field is the judge's value, the rest the moves.
        let (game, recent) = replay(position.split_whitespace().skip(1))
            .unwrap_or_else(|e| panic!("line {}: {e}", number + 1));
        let board = game.board();
        let color = game.to_move();
        let target = parse_vertex(SIZE, judge_move.trim()).map(|(c, r)| board.point(c, r));
        let strengths: Vec<_> = (0..board.empty_count())
            .map(|i| board.empty_at(i))
            .filter(|&p| !board.is_eye(p, color) && board.is_legal(p, color))
            .map(|p| (p, features(board, p, color, recent)))
            // The tree never tries running into a ladder.
            .filter(|(_, f)| f.values[ESCAPE] != ESCAPE_INTO_LADDER)
            .map(|(p, f)| (p, f64::from(model().strength(&f))))
            .collect();
        let Some(&(_, strength)) = target.and_then(|t| strengths.iter().find(|(p, _)| *p == t)) else {
            apart += 1;
            continue;
        };
        let total: f64 = strengths.iter().map(|(_, s)| s).sum();
        let rank = strengths.iter().filter(|(_, s)| *s > strength).count();
        counted += 1;
        first += u32::from(rank == 0);
        top3 += u32::from(rank < 3);
        log_p += (strength / total).ln();
    }
    let share = |n: u32| 100.0 * f64::from(n) / f64::from(counted.max(1));
    println!(
        "{counted} positions: KataGo's move the model's first {:.1}%, in its first three {:.1}%, \
         mean log-probability {:.3} ({apart} apart: a pass or a move the tree leaves out)",
        share(first),
        share(top3),
        log_p / f64::from(counted.max(1))
    );
}
