//! `tengen-match`: plays games between two GTP engines with alternating colours, checks every
//! move against the rules, scores each game, writes SGF, and reports the first engine's win rate
//! with a 95% interval and each engine's think time per move.
//!
//! ```text
//! tengen-match --a "tengen-gtp --level hard" --b "gnugo --mode gtp --level 10 --chinese-rules" \
//!     [--games 40] [--size 9] [--komi 7.5] [--sgf-dir DIR] [--referee "gnugo --mode gtp"]
//! ```
//! Without `--referee` the games are counted by Tengen's own dead-stone judgement. With one, the
//! referee's `final_score` decides, and its `final_status_list dead` is compared with ours.

#[path = "common/flags.rs"]
mod flags;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use tengen_ai::dead_stones;
use tengen_rules::{Color, Game, Move, Outcome, Phase, RuleSet, parse_vertex, vertex_name};

struct Engine {
    name: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    think: Vec<Duration>,
}

impl Engine {
    fn start(command: &str) -> Result<Engine, String> {
        let mut child = Command::new("sh")
            .args(["-c", command])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start `{command}`: {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        Ok(Engine {
            name: command.to_string(),
            child,
            input,
            output,
            think: Vec::new(),
        })
    }

    /// Sends one command; `Ok(answer)` for `=`, `Err(answer)` for `?`.
    fn send(&mut self, command: &str) -> Result<String, String> {
        writeln!(self.input, "{command}")
            .and_then(|_| self.input.flush())
            .map_err(|e| e.to_string())?;
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                return Err(format!("`{}` closed its output on `{command}`", self.name));
            }
            if line.trim().is_empty() && !answer.is_empty() {
                break;
            }
            answer.push_str(&line);
        }
        let body = answer.trim_start_matches(['=', '?']).trim().to_string();
        if answer.starts_with('=') {
            Ok(body)
        } else {
            Err(body)
        }
    }

    fn must(&mut self, command: &str) -> String {
        self.send(command)
            .unwrap_or_else(|e| fail(&format!("`{}` refused `{command}`: {e}", self.name)))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

struct Options {
    a: String,
    b: String,
    games: usize,
    size: u8,
    komi: f32,
    sgf_dir: Option<String>,
    referee: Option<String>,
}

fn fail(message: &str) -> ! {
    eprintln!("tengen-match: {message}");
    std::process::exit(2)
}

fn options() -> Options {
    let mut o = Options {
        a: String::new(),
        b: String::new(),
        games: 10,
        size: 9,
        komi: 7.5,
        sgf_dir: None,
        referee: None,
    };
    for (flag, value) in flags::pairs(fail) {
        match flag.as_str() {
            "--games" => o.games = flags::number(&flag, &value, fail),
            "--size" => o.size = flags::number(&flag, &value, fail),
            "--komi" => o.komi = flags::number(&flag, &value, fail),
            "--a" => o.a = value,
            "--b" => o.b = value,
            "--sgf-dir" => o.sgf_dir = Some(value),
            "--referee" => o.referee = Some(value),
            _ => fail(&format!("unknown flag {flag}")),
        }
    }
    if o.a.is_empty() || o.b.is_empty() {
        fail(
            "usage: tengen-match --a CMD --b CMD [--games N] [--size 9] [--komi 7.5] [--sgf-dir DIR] [--referee CMD]",
        );
    }
    o
}

fn gtp_color(c: Color) -> &'static str {
    if c == Color::Black { "b" } else { "w" }
}

fn vertex(game: &Game, mv: Move) -> String {
    match mv {
        Move::Place(p) => {
            let (c, r) = game.board().coords(p);
            vertex_name(game.size(), c, r)
        }
        Move::Pass => "pass".into(),
    }
}

/// Plays one game; `engines[0]` is black. Returns the finished game.
fn play_game(engines: &mut [&mut Engine; 2], o: &Options) -> Game {
    let mut game = Game::new(o.size, RuleSet::Chinese);
    game.set_komi(o.komi);
    for e in engines.iter_mut() {
        e.must(&format!("boardsize {}", o.size));
        e.must("clear_board");
        e.must(&format!("komi {}", o.komi));
        let _ = e.send("kgs-rules chinese"); // engines that lack it play their default rules
    }
    let max_moves = o.size as usize * o.size as usize * 3;
    while game.phase() == Phase::Playing && game.move_number() < max_moves {
        let color = game.to_move();
        let i = color.index();
        let started = Instant::now();
        let answer = engines[i].must(&format!("genmove {}", gtp_color(color)));
        engines[i].think.push(started.elapsed());
        let answer = answer.to_ascii_lowercase();
        if answer == "resign" {
            game.resign(color);
            break;
        }
        let mv = if answer == "pass" {
            Move::Pass
        } else {
            match parse_vertex(o.size, &answer) {
                Some((c, r)) => Move::Place(game.board().point(c, r)),
                None => {
                    eprintln!("{} answered `{answer}`: forfeit", engines[i].name);
                    game.resign(color);
                    break;
                }
            }
        };
        if let Err(reason) = game.play(mv) {
            eprintln!("{} played illegal {answer}: {reason:?}; forfeit", engines[i].name);
            game.resign(color);
            break;
        }
        engines[1 - i].must(&format!("play {} {}", gtp_color(color), vertex(&game, mv)));
    }
    game
}

/// Our judgement of a finished game: dead stones, then area count.
fn own_count(game: &mut Game) -> Outcome {
    let dead = dead_stones(game, 600, game.move_number() as u64);
    if game.phase() == Phase::Playing {
        // Move limit reached: count as it stands.
        game.play(Move::Pass).ok();
        game.play(Move::Pass).ok();
    }
    game.set_dead(&dead);
    game.confirm_result().unwrap_or_else(|| game.score().outcome())
}

fn wilson(wins: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96;
    let p = wins / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (centre - half, centre + half)
}

fn main() {
    let o = options();
    let mut a = Engine::start(&o.a).unwrap_or_else(|e| fail(&e));
    let mut b = Engine::start(&o.b).unwrap_or_else(|e| fail(&e));
    let mut referee = o
        .referee
        .as_deref()
        .map(|r| Engine::start(r).unwrap_or_else(|e| fail(&e)));
    if let Some(dir) = &o.sgf_dir {
        std::fs::create_dir_all(dir).unwrap_or_else(|e| fail(&format!("{dir}: {e}")));
    }
    let (mut a_wins, mut dead_compared, mut dead_same) = (0usize, 0usize, 0usize);
    for n in 0..o.games {
        let a_black = n % 2 == 0;
        let mut game = if a_black {
            play_game(&mut [&mut a, &mut b], &o)
        } else {
            play_game(&mut [&mut b, &mut a], &o)
        };
        let ours = if let Phase::Over(outcome) = game.phase() {
            outcome
        } else {
            own_count(&mut game.clone())
        };
        let outcome = match (&mut referee, game.phase()) {
            (Some(r), Phase::Playing | Phase::Scoring) => {
                r.must(&format!("boardsize {}", o.size));
                r.must("clear_board");
                r.must(&format!("komi {}", o.komi));
                for t in game.history() {
                    r.must(&format!("play {} {}", gtp_color(t.color), vertex(&game, t.mv)));
                }
                let theirs: Outcome = r.must("final_score").parse().unwrap_or_else(|e: String| fail(&e));
                let mut their_dead: Vec<String> = r
                    .must("final_status_list dead")
                    .split_whitespace()
                    .map(str::to_uppercase)
                    .collect();
                let mut our_dead: Vec<String> = dead_stones(&game, 600, n as u64)
                    .into_iter()
                    .map(|p| vertex(&game, Move::Place(p)))
                    .collect();
                their_dead.sort();
                our_dead.sort();
                dead_compared += 1;
                dead_same += usize::from(their_dead == our_dead);
                theirs
            }
            _ => ours,
        };
        if game.phase() != Phase::Over(outcome) {
            game.end_with(outcome);
        }
        let a_color = if a_black { Color::Black } else { Color::White };
        let a_won = outcome.winner() == Some(a_color);
        a_wins += usize::from(a_won);
        println!(
            "game {:>3}: A {} — {} in {} moves{}",
            n + 1,
            if a_black { "black" } else { "white" },
            outcome.sgf(),
            game.move_number(),
            if a_won { " (A wins)" } else { "" }
        );
        if let Some(dir) = &o.sgf_dir {
            game.info.black = if a_black { o.a.clone() } else { o.b.clone() };
            game.info.white = if a_black { o.b.clone() } else { o.a.clone() };
            let path = format!("{dir}/game-{:03}.sgf", n + 1);
            std::fs::write(&path, game.to_sgf()).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
        }
    }
    let (lo, hi) = wilson(a_wins as f64, o.games as f64);
    println!(
        "A wins {a_wins}/{} = {:.1}% (95% interval {:.1}%–{:.1}%)",
        o.games,
        100.0 * a_wins as f64 / o.games.max(1) as f64,
        100.0 * lo,
        100.0 * hi
    );
    for (label, e) in [("A", &a), ("B", &b)] {
        let n = e.think.len().max(1) as f64;
        let mean = e.think.iter().map(Duration::as_secs_f64).sum::<f64>() / n;
        let max = e.think.iter().max().copied().unwrap_or_default().as_secs_f64();
        println!(
            "{label} think per move: mean {:.3} s, max {:.3} s over {} moves ({})",
            mean,
            max,
            e.think.len(),
            e.name
        );
    }
    if dead_compared > 0 {
        println!("dead stones identical to the referee's in {dead_same}/{dead_compared} games");
    }
}
