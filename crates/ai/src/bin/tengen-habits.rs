//! `tengen-habits [--size 19] [--games 2] [--levels 1,2,…] [--simulations N] [--opening 30]`: how
//! each level plays, in self-play — the share of its moves on the first line before move
//! `--opening`, and the share of its moves that leave a chain of three or more stones in atari
//! (self-atari) — as a Markdown table. Weak levels should play like weak humans, not like random:
//! both shares near the hard level's. `--simulations` caps every level's search (the hard level's
//! too), so the hard row costs less than R10's time limit allows it.

#[path = "common/flags.rs"]
mod flags;

use tengen_ai::{Decision, Level, Limits, Search};
use tengen_rules::{Game, Move, Phase, RuleSet};

struct Options {
    size: u8,
    games: u64,
    levels: Vec<Level>,
    simulations: Option<u64>,
    opening: usize,
}

/// What one level did over its games.
#[derive(Default)]
struct Habits {
    moves: usize,
    opening_moves: usize,
    first_line: usize,
    self_ataris: usize,
}

fn fail(message: &str) -> ! {
    eprintln!(
        "tengen-habits: {message}\nusage: tengen-habits [--size 19] [--games 2] [--levels 1,2,…] [--simulations N] [--opening 30]"
    );
    std::process::exit(2)
}

fn options() -> Options {
    let mut o = Options {
        size: 19,
        games: 2,
        levels: Level::ALL.to_vec(),
        simulations: None,
        opening: 30,
    };
    for (flag, value) in flags::pairs(fail) {
        let number = || flags::number::<u64>(&flag, &value, fail);
        match flag.as_str() {
            "--size" => o.size = number().clamp(5, 19) as u8,
            "--games" => o.games = number(),
            "--simulations" => o.simulations = Some(number().max(1)),
            "--opening" => o.opening = number() as usize,
            "--levels" => {
                o.levels = value
                    .split(',')
                    .map(|v| Level::parse(v).unwrap_or_else(|| fail(&format!("unknown level {v}"))))
                    .collect()
            }
            _ => fail(&format!("unknown flag {flag}")),
        }
    }
    o
}

/// Plays one self-play game at `level`, counting its moves' habits into `habits`.
fn self_play(level: Level, seed: u64, o: &Options, habits: &mut Habits) {
    let mut game = Game::new(o.size, RuleSet::Chinese);
    let max_moves = 3 * o.size as usize * o.size as usize;
    while game.phase() == Phase::Playing && game.move_number() < max_moves {
        let mut limits = Limits::for_size(o.size);
        limits.simulations = o.simulations;
        let seed = seed * 1000 + game.move_number() as u64;
        let mv = match Search::with_limits(&game, level, seed, limits).run() {
            Decision::Play(mv) => mv,
            Decision::Resign => break,
        };
        let opening = game.move_number() < o.opening;
        game.play(mv).expect("the search plays legal moves");
        let Move::Place(p) = mv else { continue };
        habits.moves += 1;
        let board = game.board();
        if opening {
            habits.opening_moves += 1;
            let (c, r) = board.coords(p);
            habits.first_line += usize::from(c.min(r) == 0 || c.max(r) == o.size - 1);
        }
        habits.self_ataris += usize::from(board.liberties(p) == 1 && board.chain_len(p) >= 3);
    }
}

fn share(n: usize, of: usize) -> String {
    if of == 0 {
        "—".into()
    } else {
        format!("{:.1}% ({n} of {of})", 100.0 * n as f64 / of as f64)
    }
}

fn main() {
    let o = options();
    println!(
        "{0}×{0}, {1} self-play games a level{2}\n",
        o.size,
        o.games,
        o.simulations
            .map_or(String::new(), |n| format!(", at most {n} simulations a move"))
    );
    println!(
        "| level | first-line moves before move {} | self-ataris of 3+ stones |",
        o.opening
    );
    println!("| --- | ---: | ---: |");
    for &level in &o.levels {
        let mut habits = Habits::default();
        for seed in 0..o.games {
            self_play(level, seed, &o, &mut habits);
        }
        println!(
            "| {} | {} | {} |",
            level,
            share(habits.first_line, habits.opening_moves),
            share(habits.self_ataris, habits.moves)
        );
    }
}
