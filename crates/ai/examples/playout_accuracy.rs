//! How well the heavy playouts alone judge positions, against an outside judge's values:
//! `cargo run --release -p tengen-ai --example playout_accuracy -- PLAYOUTS FILE [SEED]`.
//!
//! FILE has one position a line: Black's winning chance by the judge, then the game's moves from
//! the empty 9×9 board (komi 7.5, area counting), as in `0.4837 B:E5 W:C4 B:pass`
//! (`tools/katago/playouts.py positions` writes it from KataGo's kept answers). For each line it
//! prints the judge's value and the share of PLAYOUTS heavy playouts Black won; then the mean
//! squared difference (also less the playouts' own binomial noise) and the correlation.
//! `tools/katago/playouts.py pachi` measures Pachi's playout policy on the same file.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tengen_ai::{SelfAtari, area_balance, heavy_playout};

#[path = "shared/positions.rs"]
mod positions;
use positions::{SIZE, read_line};

const KOMI: f32 = 7.5;
const MAX_MOVES: usize = 3 * SIZE as usize * SIZE as usize;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(playouts), Some(file)) = (args.first().and_then(|n| n.parse::<u32>().ok()), args.get(1)) else {
        eprintln!("usage: playout_accuracy PLAYOUTS FILE [SEED]");
        std::process::exit(2);
    };
    let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let text = std::fs::read_to_string(file).expect("a readable positions file");
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = Vec::with_capacity(MAX_MOVES);
    let mut pairs = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let Some((judge, game, recent, _)) = read_line(number, line, SIZE) else {
            continue;
        };
        let mut won = 0;
        for _ in 0..playouts {
            let mut board = game.board().clone();
            moves.clear();
            heavy_playout(
                &mut board,
                game.to_move(),
                recent,
                SelfAtari::Guarded,
                &mut rng,
                MAX_MOVES,
                &mut moves,
                None,
            );
            won += (area_balance(&board, |_, _| {}) as f32 > KOMI) as u32;
        }
        let share = won as f64 / playouts as f64;
        println!("{judge:.4} {share:.4}");
        pairs.push((judge, share));
    }
    summarise(&pairs, playouts);
}

fn summarise(pairs: &[(f64, f64)], playouts: u32) {
    let n = pairs.len() as f64;
    let mean = |f: &dyn Fn(&(f64, f64)) -> f64| pairs.iter().map(f).sum::<f64>() / n;
    let mse = mean(&|(j, s)| (s - j).powi(2));
    // A share of finitely many playouts scatters by s(1 − s)/(n − 1) around its own mean.
    let noise = mean(&|(_, s)| s * (1.0 - s) / (playouts as f64 - 1.0));
    let (mj, ms) = (mean(&|p| p.0), mean(&|p| p.1));
    let cov = mean(&|(j, s)| (j - mj) * (s - ms));
    let sd = |m: f64, f: &dyn Fn(&(f64, f64)) -> f64| mean(&|p| (f(p) - m).powi(2)).sqrt();
    let corr = cov / (sd(mj, &|p| p.0) * sd(ms, &|p| p.1));
    eprintln!(
        "{} positions, {playouts} playouts each: MSE {mse:.4}, less binomial noise {:.4}; \
         correlation {corr:.3}; Black's mean share {ms:.3} (judge {mj:.3})",
        pairs.len(),
        mse - noise
    );
}
