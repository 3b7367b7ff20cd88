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
//! With `--owner-playouts N` every position is also played out N times with the heavy playouts
//! (the player to move first, each position with a seed of its own), and each candidate gets the
//! owner group's value: the share of those playouts in which its point ended the mover's
//! (`features::owner_step`). The table then carries that group (the large boards' table,
//! `crates/ai/data/patterns-owner.bin`).
//!
//! Positions are described on `--threads` threads (all the machine's cores unless given), a batch
//! of games at a time, and gathered in the games' order: the table is the same whatever the
//! number of threads.
//!
//! ```text
//! tengen-learn [--games 1000] [--iterations 10] [--min-shape 5] [--min-large 10]
//!              [--owner-playouts N] [--threads N] [--out FILE] DIR...
//! ```

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use tengen_ai::Ownership;
use tengen_ai::features::{self, GROUP_VALUES, GROUPS, OWNER, PATTERN, Recent, canonical, canonical_large};
use tengen_ai::learn::{Decision, LARGE, LEARNED, Set, evaluate, improve};
use tengen_ai::model::Model;
use tengen_rules::{Board, Color, Game, GameRecord, Point};

/// Games described together, then gathered in order (bounds the memory of the raw descriptions).
const BATCH: usize = 64;

fn main() {
    if let Err(e) = run() {
        eprintln!("tengen-learn: {e}");
        std::process::exit(2);
    }
}

/// Option `name`'s value as a number.
fn parsed<T: std::str::FromStr>(name: &str, value: String) -> Result<T, String>
where
    T::Err: std::fmt::Display,
{
    value.parse().map_err(|e| format!("{name}: {e}"))
}

fn run() -> Result<(), String> {
    let mut games = 1000;
    let mut iterations = 10;
    let mut min_shape = 5;
    let mut min_large = 10;
    let mut owner_playouts = 0;
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut out = PathBuf::from("crates/ai/data/patterns.bin");
    let mut dirs = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--games" => games = parsed(&arg, value(&arg)?)?,
            "--iterations" => iterations = parsed(&arg, value(&arg)?)?,
            "--min-shape" => min_shape = parsed(&arg, value(&arg)?)?,
            "--min-large" => min_large = parsed(&arg, value(&arg)?)?,
            "--owner-playouts" => owner_playouts = parsed(&arg, value(&arg)?)?,
            "--threads" => threads = parsed::<usize>(&arg, value(&arg)?)?.max(1),
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
    let mut batch: Vec<GameRecord> = Vec::with_capacity(BATCH);
    let mut files = files.iter();
    loop {
        let file = if used < games { files.next() } else { None };
        if let Some(file) = file {
            let Some(game) = std::fs::read(file)
                .ok()
                .and_then(|b| Game::from_sgf_bytes(&b).ok())
            else {
                refused += 1;
                continue;
            };
            let record = game.to_record();
            if !plain(&record) {
                refused += 1;
                continue;
            }
            batch.push(record);
            used += 1;
            if batch.len() < BATCH {
                continue;
            }
        }
        if batch.is_empty() {
            break;
        }
        // The games of this batch are numbers `first..used` among those used.
        let first = used - batch.len();
        let described = describe_all(&batch, first, owner_playouts, threads);
        for (i, game) in described.into_iter().enumerate() {
            let set = if (first + i) % 10 == 9 {
                &mut test
            } else {
                &mut train
            };
            game.add_to(set, &mut large);
        }
        batch.clear();
        eprint!(
            "\r{used} games described, {:.0} s",
            started.elapsed().as_secs_f64()
        );
    }
    eprintln!();
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
            // Without playouts the owner group is absent everywhere: nothing to learn.
            if g == OWNER && owner_playouts == 0 {
                continue;
            }
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
        // A table without the owner group has none of its gammas (`Model::to_bytes`).
        if g == PATTERN || (g == OWNER && owner_playouts == 0) {
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
    for (g, values) in small.iter().enumerate().skip(1).filter(|(_, v)| !v.is_empty()) {
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

/// Whether a game can be replayed plainly (no edited positions) and is long enough to learn from.
fn plain(record: &GameRecord) -> bool {
    record.edits.is_empty() && record.moves.len() >= 20
}

/// One game's positions as the learner sees them: each candidate's values (3×3 and larger
/// shapes as canonical codes, numbered only when gathered, in the games' order).
#[derive(Default)]
struct Described {
    /// Per position: its candidates' end in `candidates` and the index of the one played (none
    /// when the move filled an own eye, not a choice among the search's candidates: its larger
    /// shapes are still numbered, as they always were, so the table's order stays).
    positions: Vec<(usize, Option<usize>)>,
    candidates: Vec<([u32; GROUPS], u64)>,
}

impl Described {
    fn add_to(self, set: &mut Set, large: &mut Interned) {
        let mut start = 0;
        for (end, played) in self.positions {
            let first = set.candidates.len();
            for &(values, code) in &self.candidates[start..end] {
                let mut c = [0; LEARNED];
                c[..GROUPS].copy_from_slice(&values);
                c[LARGE] = large.id(code);
                set.candidates.push(c);
            }
            match played {
                Some(played) => set.decisions.push(Decision {
                    start: first,
                    end: set.candidates.len(),
                    played,
                }),
                None => set.candidates.truncate(first),
            }
            start = end;
        }
    }
}

/// Describes `games` (numbers `first..` among the games used) on `threads` threads, in order.
fn describe_all(games: &[GameRecord], first: usize, owner_playouts: u32, threads: usize) -> Vec<Described> {
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, Described)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.min(games.len()))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(record) = games.get(i) else { break };
                        mine.push((i, describe(record, first + i, owner_playouts)));
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a describing thread"))
            .collect()
    });
    done.sort_unstable_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, d)| d).collect()
}

/// Every move of a plain game as a position, up to the first illegal one.
fn describe(record: &GameRecord, number: usize, owner_playouts: u32) -> Described {
    let size = record.size;
    let empty = Board::new(size);
    let setup: Vec<_> = record
        .setup
        .iter()
        .map(|&(c, x, y)| (empty.point(x, y), c))
        .collect();
    let mut board = Board::from_stones(size, &setup);
    let mut recent = Recent::default();
    let mut out = Described::default();
    for (turn, m) in record.moves.iter().enumerate() {
        let Some((x, y)) = m.at else {
            recent = recent.then(None);
            board.pass();
            continue;
        };
        let p = board.point(x, y);
        if !board.is_legal(p, m.color) {
            break;
        }
        // Each position its own playouts' seed.
        let seed = (number as u64) << 20 | turn as u64;
        describe_position(&board, p, m.color, recent, owner_playouts, seed, &mut out);
        board.place(p, m.color);
        recent = recent.then(Some(p));
    }
    out
}

fn describe_position(
    board: &Board,
    played: Point,
    color: Color,
    recent: Recent,
    owner_playouts: u32,
    seed: u64,
    out: &mut Described,
) {
    let start = out.candidates.len();
    let mut index = None;
    let mut ownership: Option<Ownership> = None;
    for i in 0..board.empty_count() {
        let p = board.empty_at(i);
        if board.is_eye(p, color) || !board.is_legal(p, color) {
            continue;
        }
        if p == played {
            index = Some(out.candidates.len() - start);
        }
        let mut f = features::features(board, p, color, recent);
        f.values[PATTERN] = canonical(f.values[PATTERN]);
        if owner_playouts > 0 {
            let ownership = ownership.get_or_insert_with(|| {
                let mut o = Ownership::starting(board, Some(color), Recent::default(), seed);
                o.run(owner_playouts);
                o
            });
            f.values[OWNER] = ownership.owner_step(p, color);
        }
        out.candidates.push((f.values, canonical_large(f.large)));
    }
    out.positions.push((out.candidates.len(), index));
}
