//! `tengen-learn`: learns the move model of `tengen-ai` from game records and writes the table
//! the search ships (`crates/ai/data/patterns.bin`).
//!
//! Every move of the training games is one competition among all legal moves of its position;
//! each candidate's strength is the product of its features' gammas, and Minorization-Maximization
//! (Coulom 2007) finds the gammas that make the moves played most likely, one feature group at a
//! time, with one virtual win and one virtual loss against a gamma of 1 for every value. Every
//! tenth game is held out and the share of its moves the model ranks first is reported.
//!
//! ```text
//! tengen-learn [--games 1000] [--iterations 10] [--min-shape 5] [--out FILE] DIR...
//! ```

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use tengen_ai::features::{self, Features, GROUP_VALUES, GROUPS, PATTERN, Recent, canonical};
use tengen_ai::learn::{Decision, Set, evaluate, improve};
use tengen_ai::model::Model;
use tengen_rules::{Board, Color, Game};

fn main() {
    if let Err(e) = run() {
        eprintln!("tengen-learn: {e}");
        std::process::exit(2);
    }
}

fn run() -> Result<(), String> {
    let mut games = 1000;
    let mut iterations = 10;
    let mut min_shape = 5;
    let mut out = PathBuf::from("crates/ai/data/patterns.bin");
    let mut dirs = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--games" => games = value("--games")?.parse().map_err(|e| format!("--games: {e}"))?,
            "--iterations" => {
                iterations = value("--iterations")?
                    .parse()
                    .map_err(|e| format!("--iterations: {e}"))?
            }
            "--min-shape" => {
                min_shape = value("--min-shape")?
                    .parse()
                    .map_err(|e| format!("--min-shape: {e}"))?
            }
            "--out" => out = PathBuf::from(value("--out")?),
            _ if arg.starts_with("--") => return Err(format!("unknown option {arg}")),
            _ => dirs.push(PathBuf::from(arg)),
        }
    }
    if dirs.is_empty() {
        return Err("give one or more folders of SGF files".into());
    }
    let mut files = Vec::new();
    for dir in &dirs {
        collect_sgf(dir, &mut files);
    }
    files.sort();
    let started = Instant::now();
    let (mut train, mut test) = (Set::default(), Set::default());
    let (mut used, mut refused) = (0, 0);
    for file in &files {
        if used >= games {
            break;
        }
        let Some(game) = std::fs::read(file)
            .ok()
            .and_then(|b| Game::from_sgf_bytes(&b).ok())
        else {
            refused += 1;
            continue;
        };
        let set = if used % 10 == 9 { &mut test } else { &mut train };
        if add_game(&game, set) {
            used += 1;
        } else {
            refused += 1;
        }
    }
    eprintln!(
        "{used} games ({refused} files skipped), {} training moves with {} candidates, {} test moves, read in {:.1} s",
        train.decisions.len(),
        train.candidates.len(),
        test.decisions.len(),
        started.elapsed().as_secs_f64()
    );
    // Shapes played at least `min_shape` times get a gamma of their own; the others share one.
    let mut played: HashMap<u32, u32> = HashMap::new();
    for d in &train.decisions {
        *played
            .entry(train.candidates[d.start + d.played][PATTERN])
            .or_default() += 1;
    }
    let mut kept: Vec<u32> = played
        .iter()
        .filter(|&(_, &n)| n >= min_shape)
        .map(|(&code, _)| code)
        .collect();
    kept.sort_unstable();
    let id: HashMap<u32, u32> = kept.iter().enumerate().map(|(i, &c)| (c, i as u32 + 1)).collect();
    for set in [&mut train, &mut test] {
        for c in &mut set.candidates {
            c[PATTERN] = id.get(&c[PATTERN]).copied().unwrap_or(0);
        }
    }
    let mut gammas: [Vec<f64>; GROUPS] = std::array::from_fn(|g| {
        let n = if g == PATTERN {
            kept.len() + 1
        } else {
            GROUP_VALUES[g]
        };
        vec![1.0; n]
    });
    eprintln!(
        "{} shapes kept (of {}); before learning: {}",
        kept.len(),
        played.len(),
        evaluate(&test, &gammas)
    );
    for i in 0..iterations {
        for g in 0..GROUPS {
            improve(&train, &mut gammas, g);
        }
        eprintln!("iteration {}: {}", i + 1, evaluate(&test, &gammas));
    }
    let shapes: Vec<(u32, f32)> = kept
        .iter()
        .enumerate()
        .map(|(i, &code)| (code, gammas[PATTERN][i + 1] as f32))
        .collect();
    let small: [Vec<f32>; GROUPS] = std::array::from_fn(|g| {
        if g == PATTERN {
            Vec::new()
        } else {
            gammas[g].iter().map(|&x| x as f32).collect()
        }
    });
    let bytes = Model::to_bytes(&small, gammas[PATTERN][0] as f32, &shapes);
    std::fs::write(&out, &bytes).map_err(|e| format!("{}: {e}", out.display()))?;
    eprintln!(
        "wrote {} ({} bytes) in {:.1} s",
        out.display(),
        bytes.len(),
        started.elapsed().as_secs_f64()
    );
    for (g, values) in small.iter().enumerate().skip(1) {
        let shown: Vec<String> = values.iter().map(|x| format!("{x:.2}")).collect();
        eprintln!("group {g}: {}", shown.join(" "));
    }
    Ok(())
}

fn collect_sgf(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_sgf(&path, out);
        } else if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")) {
            out.push(path);
        }
    }
}

/// Adds every move of `game` as a decision; `false` if the game cannot be replayed plainly
/// (edited positions).
fn add_game(game: &Game, set: &mut Set) -> bool {
    let record = game.to_record();
    if !record.edits.is_empty() || record.moves.len() < 20 {
        return false;
    }
    let size = record.size;
    let empty = Board::new(size);
    let setup: Vec<_> = record
        .setup
        .iter()
        .map(|&(c, x, y)| (empty.point(x, y), c))
        .collect();
    let mut board = Board::from_stones(size, &setup);
    let mut recent = Recent::default();
    for m in &record.moves {
        let Some((x, y)) = m.at else {
            recent = recent.then(None);
            board.pass();
            continue;
        };
        let p = board.point(x, y);
        if !board.is_legal(p, m.color) {
            return true;
        }
        add_decision(&board, p, m.color, recent, set);
        board.place(p, m.color);
        recent = recent.then(Some(p));
    }
    true
}

fn add_decision(board: &Board, played: tengen_rules::Point, color: Color, recent: Recent, set: &mut Set) {
    let start = set.candidates.len();
    let mut index = None;
    for i in 0..board.empty_count() {
        let p = board.empty_at(i);
        if board.is_eye(p, color) || !board.is_legal(p, color) {
            continue;
        }
        if p == played {
            index = Some(set.candidates.len() - start);
        }
        let Features { mut values } = features::features(board, p, color, recent);
        values[PATTERN] = canonical(values[PATTERN]);
        set.candidates.push(values);
    }
    match index {
        Some(played) => set.decisions.push(Decision {
            start,
            end: set.candidates.len(),
            played,
        }),
        // An own eye filled: not a choice among the candidates the search makes.
        None => set.candidates.truncate(start),
    }
}
