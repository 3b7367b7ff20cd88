//! The hard search's speed on real positions, and a fingerprint of what it decided:
//! `cargo run --release -p tengen-ai --example search_speed -- SIMULATIONS FILE [EVERY]`.
//!
//! FILE is a positions file of `tools/katago/playouts.py` (one 9×9 game a line); every EVERY-th
//! line (default 25) is searched with SIMULATIONS simulations, seed 1, one thread. It prints each
//! position's move, time and the visits of its three most visited moves, then the total time,
//! the simulations a second and a fingerprint of all those visits: a change meant to make the
//! search faster without changing what it plays must leave the fingerprint as it was. Run two
//! builds alternately: this machine's speed drifts by 10% between runs.

use std::time::Instant;

use tengen_ai::{Level, Limits, Search};

#[path = "shared/positions.rs"]
mod positions;
use positions::read_line;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(simulations), Some(file)) = (args.first().and_then(|n| n.parse::<u64>().ok()), args.get(1))
    else {
        eprintln!("usage: search_speed SIMULATIONS FILE [EVERY]");
        std::process::exit(2);
    };
    let every = args
        .get(2)
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(25)
        .max(1);
    let text = std::fs::read_to_string(file).expect("a readable positions file");
    let (mut seconds, mut searched, mut fingerprint) = (0.0, 0u64, 0u64);
    for (number, line) in text.lines().enumerate().step_by(every) {
        let Some((_, game, _, _)) = read_line(number, line, positions::SIZE) else {
            continue;
        };
        let start = Instant::now();
        let mut search = Search::with_limits(&game, Level::HARD, 1, Limits::simulations(simulations));
        let decision = search.run();
        let time = start.elapsed().as_secs_f64();
        let visits: Vec<u32> = search.candidates(3).iter().map(|c| c.visits).collect();
        for &v in &visits {
            fingerprint = fingerprint.wrapping_mul(1_000_003).wrapping_add(u64::from(v));
        }
        println!(
            "line {:4}: {decision:?} in {time:.3} s, visits {visits:?}",
            number + 1
        );
        seconds += time;
        searched += search.simulations();
    }
    println!(
        "{seconds:.3} s, {:.0} simulations a second, fingerprint {fingerprint:016x}",
        searched as f64 / seconds
    );
}
