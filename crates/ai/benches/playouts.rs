//! Light random playouts per second (uniform random legal moves, no own-eye filling), one
//! thread: `cargo bench -p tengen-ai --bench playouts`. Anchor on these machines: libego
//! 63.9k/s on 9×9 and 14.8k/s on 19×19. Then the hard level's simulations per second on one
//! and two threads (`uptime` beside the numbers: other work on the machine takes its share).

use std::hint::black_box;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tengen_ai::features::Recent;
use tengen_ai::{Level, Limits, Search, SelfAtari, heavy_playout, light_playout};
use tengen_rules::{Board, Color, Game, RuleSet};

/// Playouts per second and moves per playout from the empty board.
fn measure(size: u8, budget: Duration, heavy: bool) -> (f64, f64) {
    let empty = Board::new(size);
    let mut rng = SmallRng::seed_from_u64(size as u64);
    let max_moves = size as usize * size as usize * 3;
    let mut moves = Vec::with_capacity(max_moves);
    let (mut playouts, mut total) = (0u64, 0u64);
    let start = Instant::now();
    while start.elapsed() < budget {
        for _ in 0..100 {
            let mut board = empty.clone();
            total += if heavy {
                moves.clear();
                heavy_playout(
                    &mut board,
                    Color::Black,
                    Recent::default(),
                    SelfAtari::Guarded,
                    &mut rng,
                    max_moves,
                    &mut moves,
                    None,
                );
                moves.len() as u64
            } else {
                light_playout(&mut board, Color::Black, &mut rng, max_moves) as u64
            };
            black_box(&board);
            playouts += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    (playouts as f64 / secs, total as f64 / playouts as f64)
}

/// Hard-level simulations per second from the empty board (tree, priors, heavy playouts).
fn search_rate(size: u8, simulations: u64, threads: usize) -> f64 {
    let game = Game::new(size, RuleSet::Chinese);
    let start = Instant::now();
    let mut search =
        Search::with_limits(&game, Level::HARD, 1, Limits::simulations(simulations)).with_threads(threads);
    black_box(search.run());
    search.simulations() as f64 / start.elapsed().as_secs_f64()
}

fn main() {
    // `cargo test --benches` passes --bench-less flags; a short run keeps that cheap.
    let quick = std::env::args().any(|a| a == "--test");
    let budget = Duration::from_millis(if quick { 50 } else { 3000 });
    for size in [9, 13, 19] {
        let (rate, length) = measure(size, budget, false);
        println!("light playouts {size}x{size}: {rate:>9.0} /s  ({length:.1} moves each)");
    }
    for size in [9, 19] {
        let (rate, length) = measure(size, budget, true);
        println!("heavy playouts {size}x{size}: {rate:>9.0} /s  ({length:.1} stones each)");
    }
    for size in [9, 19] {
        let n = if quick {
            200
        } else if size == 9 {
            20_000
        } else {
            5_000
        };
        for threads in [1, 2] {
            println!(
                "hard search    {size}x{size}, {threads} thread(s): {:>9.0} simulations/s",
                search_rate(size, n, threads)
            );
        }
    }
}
