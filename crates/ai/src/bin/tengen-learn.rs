//! `tengen-learn`: learns the move model of `tengen-ai` from game records and writes the table
//! the search ships (`crates/ai/data/patterns.bin`).
//!
//! Every move of the training games is one competition among all legal moves of its position;
//! each candidate's strength is the product of its features' gammas, and Minorization-Maximization
//! (Coulom 2007) finds the gammas that make the moves played most likely, one feature group at a
//! time, with one virtual win and one virtual loss against a gamma of 1 for every value. Every
//! tenth game is held out and the share of its moves the model ranks first is reported.
//!
//! A 3×3 shape or a larger shape played at least `--min-shape` / `--min-large` times in the
//! training games gets a gamma of its own; rarer 3×3 shapes share one, rarer larger shapes have
//! none (a gamma of 1).
//!
//! ```text
//! tengen-learn [--games 1000] [--iterations 10] [--min-shape 5] [--min-large 10] [--out FILE] DIR...
//! ```

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use tengen_ai::features::{self, GROUP_VALUES, GROUPS, PATTERN, Recent, canonical, canonical_large};
use tengen_ai::learn::{Decision, LARGE, LEARNED, Set, evaluate, improve};
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
    let mut min_large = 10;
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
            "--min-large" => {
                min_large = value("--min-large")?
                    .parse()
                    .map_err(|e| format!("--min-large: {e}"))?
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
    let mut large = Interned::default();
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
        if add_game(&game, set, &mut large) {
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
    let kept = keep(&mut train, &mut test, PATTERN, min_shape);
    let kept_large = keep(&mut train, &mut test, LARGE, min_large);
    let mut gammas: [Vec<f64>; LEARNED] = std::array::from_fn(|g| match g {
        PATTERN => vec![1.0; kept.len() + 1],
        LARGE => vec![1.0; kept_large.len() + 1],
        _ => vec![1.0; GROUP_VALUES[g]],
    });
    eprintln!(
        "{} 3×3 shapes and {} larger shapes kept (of {}); before learning: {}",
        kept.len(),
        kept_large.len(),
        large.codes.len(),
        evaluate(&test, &gammas)
    );
    for i in 0..iterations {
        for g in 0..LEARNED {
            improve(&train, &mut gammas, g);
        }
        eprintln!("iteration {}: {}", i + 1, evaluate(&test, &gammas));
    }
    let shapes: Vec<(u32, f32)> = kept
        .iter()
        .enumerate()
        .map(|(i, &code)| (code, gammas[PATTERN][i + 1] as f32))
        .collect();
    let larger: Vec<(u64, f32)> = kept_large
        .iter()
        .enumerate()
        .map(|(i, &id)| (large.codes[id as usize], gammas[LARGE][i + 1] as f32))
        .collect();
    let small: [Vec<f32>; GROUPS] = std::array::from_fn(|g| {
        if g == PATTERN {
            Vec::new()
        } else {
            gammas[g].iter().map(|&x| x as f32).collect()
        }
    });
    let bytes = Model::to_bytes(&small, gammas[PATTERN][0] as f32, &shapes, &larger);
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

/// Larger shapes (canonical codes) numbered in the order first seen.
#[derive(Default)]
struct Interned {
    ids: HashMap<u64, u32>,
    codes: Vec<u64>,
}

impl Interned {
    fn id(&mut self, code: u64) -> u32 {
        *self.ids.entry(code).or_insert_with(|| {
            self.codes.push(code);
            self.codes.len() as u32 - 1
        })
    }
}

/// Numbers the values of `group` played at least `min` times 1, 2, … in both sets (in
/// increasing order of value) and the others 0; returns the kept values in that order.
fn keep(train: &mut Set, test: &mut Set, group: usize, min: u32) -> Vec<u32> {
    let mut played: HashMap<u32, u32> = HashMap::new();
    for d in &train.decisions {
        *played
            .entry(train.candidates[d.start + d.played][group])
            .or_default() += 1;
    }
    let mut kept: Vec<u32> = played
        .iter()
        .filter(|&(_, &n)| n >= min)
        .map(|(&value, _)| value)
        .collect();
    kept.sort_unstable();
    let id: HashMap<u32, u32> = kept.iter().enumerate().map(|(i, &v)| (v, i as u32 + 1)).collect();
    for set in [train, test] {
        for c in &mut set.candidates {
            c[group] = id.get(&c[group]).copied().unwrap_or(0);
        }
    }
    kept
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
fn add_game(game: &Game, set: &mut Set, large: &mut Interned) -> bool {
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
        add_decision(&board, p, m.color, recent, set, large);
        board.place(p, m.color);
        recent = recent.then(Some(p));
    }
    true
}

fn add_decision(
    board: &Board,
    played: tengen_rules::Point,
    color: Color,
    recent: Recent,
    set: &mut Set,
    large: &mut Interned,
) {
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
        let f = features::features(board, p, color, recent);
        let mut values = [0; LEARNED];
        values[..GROUPS].copy_from_slice(&f.values);
        values[PATTERN] = canonical(f.values[PATTERN]);
        values[LARGE] = large.id(canonical_large(f.large));
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
