//! How well the learned move model (the hard level's tree priors) foresees a strong player's
//! move: `cargo run --release -p tengen-ai --example prior_agreement -- FILE [SIZE]`.
//!
//! FILE is a positions file of `tools/katago/playouts.py` with a move after a tab on each line:
//! KataGo's (`playouts.py best`, 9×9) or the one the game's player chose (`playouts.py played`,
//! any SIZE; 9 if not given). Over the candidates the tree gives priors to
//! (`tengen_ai::tree_candidates`, the root's superko check aside), printed: how often that move
//! is the model's first choice, among its first three, and its mean log-probability (positions
//! where the move is a pass, or one the tree leaves out, are counted apart). The table is the one
//! without the owner group (the search's from 15×15 on also reads who owns each point).

use tengen_ai::model::model;
use tengen_ai::tree_candidates;
use tengen_rules::parse_vertex;

#[path = "shared/positions.rs"]
mod positions;
use positions::{SIZE, read_line};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size = match args.get(1).map(|s| s.parse::<u8>()) {
        None => Some(SIZE),
        Some(Ok(n)) if (2..=25).contains(&n) => Some(n),
        Some(_) => None,
    };
    let (Some(file), Some(size)) = (args.first(), size) else {
        eprintln!("usage: prior_agreement FILE [SIZE]");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(file).expect("a readable positions file");
    let (mut counted, mut first, mut top3, mut log_p, mut apart) = (0u32, 0u32, 0u32, 0.0f64, 0u32);
    let mut candidates = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let Some((_, game, recent, Some(judge_move))) = read_line(number, line, size) else {
            continue;
        };
        let board = game.board();
        let total = f64::from(tree_candidates(
            board,
            game.to_move(),
            recent,
            model(),
            |_| 0,
            |_| true,
            &mut candidates,
        ));
        let target = parse_vertex(size, judge_move).map(|(c, r)| board.point(c, r));
        let Some(&(_, strength)) = target.and_then(|t| candidates.iter().find(|(p, _)| *p == t)) else {
            apart += 1;
            continue;
        };
        let strength = f64::from(strength);
        let rank = candidates
            .iter()
            .filter(|(_, s)| f64::from(*s) > strength)
            .count();
        counted += 1;
        first += u32::from(rank == 0);
        top3 += u32::from(rank < 3);
        log_p += (strength / total).ln();
    }
    let share = |n: u32| 100.0 * f64::from(n) / f64::from(counted.max(1));
    println!(
        "{counted} positions: the file's move the model's first {:.1}%, in its first three {:.1}%, \
         mean log-probability {:.3} ({apart} apart: a pass or a move the tree leaves out)",
        share(first),
        share(top3),
        log_p / f64::from(counted.max(1))
    );
}
