//! `tengen-gtp [--level 1..13|easy|normal|hard|random] [--seed N] [--threads N] [--simulations N] [--verbose]`:
//! the Tengen engine speaking GTP v2 on standard input and output, for Sabaki, GoGui, or a match
//! against GNU Go. `--level` takes a step of the ladder by number (1 weakest, 13 strongest) or
//! R10's names (easy = 1, normal = 3, hard = 13); `random` plays uniformly random moves, a
//! yardstick. `--threads` puts the hard level's search on that many threads (default one);
//! `--simulations` gives the tree search that many simulations a move instead of R10's time limit
//! (never more than a weakened step's own number), so a self-play match measures the same thing
//! however busy the machine is; `--verbose` writes each search's simulations and best candidates
//! to standard error. Besides GTP's commands it answers GNU Go's `estimate_score` and streams
//! Leela Zero's `lz-analyze` for Lizzie and Sabaki.

use std::io::BufRead;

use tengen_ai::Level;
use tengen_ai::gtp::{Engine, serve};

fn main() {
    let mut level = Some(Level::default());
    let mut seed = 0u64;
    let mut threads = 1;
    let mut simulations = None;
    let mut verbose = false;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--verbose" {
            verbose = true;
            continue;
        }
        let value = args.next();
        match (flag.as_str(), value.as_deref()) {
            ("--level", Some(v)) => {
                level = match v {
                    "random" => None,
                    _ => Some(Level::parse(v).unwrap_or_else(|| usage(&format!("unknown level {v}")))),
                }
            }
            ("--seed", Some(v)) => seed = v.parse().unwrap_or_else(|_| usage(&format!("bad seed {v}"))),
            ("--threads", Some(v)) => {
                threads = v
                    .parse()
                    .ok()
                    .filter(|&n: &usize| n >= 1)
                    .unwrap_or_else(|| usage(&format!("bad thread count {v}")))
            }
            ("--simulations", Some(v)) => {
                simulations = Some(
                    v.parse()
                        .ok()
                        .filter(|&n: &u64| n >= 1)
                        .unwrap_or_else(|| usage(&format!("bad simulation count {v}"))),
                )
            }
            _ => usage(&format!("unknown argument {flag}")),
        }
    }
    let mut engine = match level {
        Some(level) => {
            let engine = Engine::new(level, seed)
                .with_threads(threads)
                .with_verbose(verbose);
            match simulations {
                Some(n) => engine.with_simulations(n),
                None => engine,
            }
        }
        None => Engine::uniform_random(seed),
    };
    // Lines are read on their own thread, so that a running lz-analyze hears the next command.
    let (send, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut input = std::io::stdin().lock();
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            match input.read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            // Bytes that are not UTF-8 become replacement characters: a bad line, never a crash.
            if send.send(String::from_utf8_lossy(&bytes).into_owned()).is_err() {
                break;
            }
        }
    });
    // A closed output (the controller gone) ends the engine like the end of input.
    let _ = serve(&mut engine, &lines, &mut std::io::stdout().lock());
}

fn usage(problem: &str) -> ! {
    eprintln!(
        "tengen-gtp: {problem}\nusage: tengen-gtp [--level 1..{}|easy|normal|hard|random] [--seed N] [--threads N] [--simulations N] [--verbose]",
        Level::MAX
    );
    std::process::exit(2)
}
