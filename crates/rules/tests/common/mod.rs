//! Shared by the test files: GNU Go 3.8 over GTP (`/usr/games/gnugo --mode gtp`), the referee
//! of the differential tests, and random games.

#![allow(dead_code)] // Each test file uses its own part.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use tengen_rules::{Board, Color, Game, Move, Phase, RuleSet, vertex_name};

pub const GNUGO: &str = "/usr/games/gnugo";

pub struct Gtp {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// GNU Go has died (it crashes on a few SGF files); every later command fails.
    pub crashed: bool,
}

impl Gtp {
    pub fn start() -> Gtp {
        let mut child = Command::new(GNUGO)
            .args(["--mode", "gtp", "--level", "0"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            // GNU Go warns on stderr about odd SGF; the answers say all the tests need.
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{GNUGO} must be installed (apt-get install gnugo): {e}"));
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Gtp {
            child,
            input,
            output,
            crashed: false,
        }
    }

    /// Sends all commands at once (GTP answers in order), then reads every answer: `Ok` with the
    /// text after "=", `Err` with the text after "?" (or the news that GNU Go crashed).
    pub fn try_batch(&mut self, commands: &[String]) -> Vec<Result<String, String>> {
        let mut text = commands.join("\n");
        text.push('\n');
        self.crashed |= self
            .input
            .write_all(text.as_bytes())
            .and_then(|()| self.input.flush())
            .is_err();
        commands
            .iter()
            .map(|c| {
                let mut answer = String::new();
                loop {
                    let mut line = String::new();
                    if self.crashed || self.output.read_line(&mut line).unwrap_or(0) == 0 {
                        self.crashed = true;
                        return Err(format!("GNU Go crashed on `{c}`"));
                    }
                    if line.trim().is_empty() {
                        break;
                    }
                    answer.push_str(&line);
                }
                let text = answer[1..].trim().to_string();
                if answer.starts_with('=') {
                    Ok(text)
                } else {
                    Err(text)
                }
            })
            .collect()
    }

    /// Like [`Gtp::try_batch`], for commands that must succeed.
    pub fn batch(&mut self, commands: &[String]) -> Vec<String> {
        self.try_batch(commands)
            .into_iter()
            .zip(commands)
            .map(|(answer, c)| answer.unwrap_or_else(|e| panic!("gnugo refused `{c}`: {e}")))
            .collect()
    }

    pub fn try_one(&mut self, command: &str) -> Result<String, String> {
        self.try_batch(&[command.to_string()]).remove(0)
    }

    pub fn one(&mut self, command: String) -> String {
        self.batch(&[command]).remove(0)
    }

    /// GNU Go's stones of `color` as vertex names.
    pub fn stones(&mut self, color: Color) -> BTreeSet<String> {
        self.one(format!("list_stones {}", color_word(color)))
            .split_whitespace()
            .map(str::to_string)
            .collect()
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = self.input.write_all(b"quit\n");
        let _ = self.child.wait();
    }
}

pub fn color_word(c: Color) -> &'static str {
    if c == Color::Black { "black" } else { "white" }
}

/// Our stones of `color` as vertex names, to compare with [`Gtp::stones`].
pub fn stones(board: &Board, color: Color) -> BTreeSet<String> {
    board
        .points()
        .filter(|&p| board.color_at(p) == Some(color))
        .map(|p| {
            let (c, r) = board.coords(p);
            vertex_name(board.size(), c, r)
        })
        .collect()
}

/// A game of up to `plies` uniformly random legal moves (a pass being one of them), ending early
/// if two passes end play.
pub fn random_game(seed: u64, size: u8, rules: RuleSet, plies: usize) -> Game {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut g = Game::new(size, rules);
    for _ in 0..plies {
        let legal: Vec<Move> = g
            .board()
            .empty_points()
            .map(Move::Place)
            .filter(|&m| g.is_legal(m))
            .chain([Move::Pass])
            .collect();
        let mv = *legal.choose(&mut rng).unwrap();
        g.play(mv).unwrap();
        if g.phase() != Phase::Playing {
            break;
        }
    }
    g
}

/// Asserts that two games are the same game: position, history, rules and names.
pub fn same_game(a: &Game, b: &Game) {
    assert_eq!(a.board(), b.board());
    assert_eq!(a.initial_board(), b.initial_board());
    assert_eq!(a.to_move(), b.to_move());
    assert_eq!(a.move_number(), b.move_number());
    assert_eq!(a.rules(), b.rules());
    assert_eq!(a.komi(), b.komi());
    assert_eq!(a.handicap(), b.handicap());
    assert_eq!(a.phase(), b.phase());
    assert_eq!(a.info, b.info);
    assert_eq!(a.position_hashes(), b.position_hashes());
    assert_eq!(a.edits(), b.edits());
    let moves = |g: &Game| g.history().iter().map(|t| (t.color, t.mv)).collect::<Vec<_>>();
    assert_eq!(moves(a), moves(b));
}
