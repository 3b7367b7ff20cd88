//! Light random playouts per second (uniform random legal moves, no own-eye filling), one
//! thread: `cargo bench -p tengen-ai --bench playouts`. Anchor on these machines: libego
//! 63.9k/s on 9×9 and 14.8k/s on 19×19.

use std::hint::black_box;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand::rngs::SmallRng;
use tengen_ai::light_playout;
use tengen_rules::{Board, Color};

fn measure(size: u8, budget: Duration) -> (f64, f64) {
    let empty = Board::new(size);
    let mut rng = SmallRng::seed_from_u64(size as u64);
    let max_moves = size as usize * size as usize * 3;
    let (mut playouts, mut moves) = (0u64, 0u64);
    let start = Instant::now();
    while start.elapsed() < budget {
        for _ in 0..100 {
            let mut board = empty.clone();
            moves += light_playout(&mut board, Color::Black, &mut rng, max_moves) as u64;
            black_box(&board);
            playouts += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    (playouts as f64 / secs, moves as f64 / playouts as f64)
}

fn main() {
    // `cargo test --benches` passes --bench-less flags; a short run keeps that cheap.
    let quick = std::env::args().any(|a| a == "--test");
    let budget = Duration::from_millis(if quick { 50 } else { 3000 });
    for size in [9, 13, 19] {
        let (rate, length) = measure(size, budget);
        println!("light playouts {size}x{size}: {rate:>9.0} /s  ({length:.1} moves each)");
    }
}
