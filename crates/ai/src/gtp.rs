//! A GTP v2 engine over a [`Game`]. Every input line gets an answer; nothing ends the engine but
//! `quit` or the end of input. Beyond GTP's own commands, GNU Go's `estimate_score` and Leela
//! Zero's `lz-analyze` (`gtp/analyze.rs`), which Lizzie and Sabaki show.

mod analyze;

use std::io::{self, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError};

use tengen_rules::{Cell, Color, Game, Move, RuleSet, SgfTree, column_letter, parse_vertex, vertex_name};

pub use analyze::Analyzing;

use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::{
    DEAD_STONE_PLAYOUTS, Decision, Depth, JUDGE_PLAYOUTS, Level, Limits, Search, analyse, dead_stones, judge,
    random_move,
};

/// Candidates a verbose engine reports after each search.
const REPORT_MOVES: usize = 8;

const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "fixed_handicap",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "final_status_list",
    "estimate_score",
    "tengen-analyse",
    "loadsgf",
    "printsgf",
    "kgs-rules",
    "kgs-genmove_cleanup",
    "list_stones",
    "is_legal",
    "time_settings",
    "time_left",
    "lz-analyze",
];

/// What the engine says to one command.
#[derive(Debug, PartialEq, Eq)]
pub struct Reply {
    pub ok: bool,
    pub text: String,
    /// The command was `quit`.
    pub quit: bool,
}

pub struct Engine {
    game: Game,
    level: Level,
    /// Plays uniformly random legal moves instead (a yardstick for matches).
    uniform_random: bool,
    seed: u64,
    /// Threads of the hard level's search.
    threads: usize,
    /// A fixed number of simulations a move instead of R10's clock (reproducible matches that
    /// no load on the machine can skew).
    simulations: Option<u64>,
    /// The last search, kept so the tree levels carry their tree on to the next move.
    search: Option<Search>,
    /// Main time, byo-yomi time and stones (seconds), from `time_settings`.
    time_settings: (f64, f64, u32),
    /// Time left and stones left in the period, per colour, from `time_left`.
    time_left: [(f64, u32); 2],
    /// Writes what each hard search found to standard error.
    verbose: bool,
}

impl Engine {
    pub fn new(level: Level, seed: u64) -> Engine {
        let mut game = Game::new(19, RuleSet::Chinese);
        game.set_passes_end_play(false);
        Engine {
            game,
            level,
            uniform_random: false,
            seed,
            threads: 1,
            simulations: None,
            search: None,
            time_settings: (0.0, 0.0, 0),
            time_left: [(0.0, 0); 2],
            verbose: false,
        }
    }

    /// Writes each hard search's simulations and best candidates to standard error.
    pub fn with_verbose(self, verbose: bool) -> Engine {
        Engine { verbose, ..self }
    }

    /// Searches the hard level on `threads` threads (one by default, so matches compare).
    pub fn with_threads(self, threads: usize) -> Engine {
        Engine { threads, ..self }
    }

    /// Searches `n` simulations a move (per thread) instead of R10's time limit; a clock the
    /// controller reports (`time_left`) still caps it.
    pub fn with_simulations(self, n: u64) -> Engine {
        Engine {
            simulations: Some(n),
            ..self
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// An engine that plays uniformly random legal moves that fill no own eye (`--level random`),
    /// the yardstick the easy level is measured against.
    pub fn uniform_random(seed: u64) -> Engine {
        Engine {
            uniform_random: true,
            ..Engine::new(Level::EASY, seed)
        }
    }

    /// Handles one raw input line: strips comments and control characters, reads an optional
    /// numeric id. Returns `None` for lines with no command, else the full response text
    /// ("=id …\n\n" or "?id …\n\n"). With no stream to keep writing to, `lz-analyze` answers
    /// with one interval's line ([`serve`] streams it).
    pub fn handle_line(&mut self, line: &str) -> Option<(String, bool)> {
        match self.answer(line)? {
            Answer::Reply { text, quit } => Some((text, quit)),
            Answer::Analyze { id, mut analyzing } => {
                Some((format!("={id}\n{}\n\n", analyzing.step()), false))
            }
        }
    }

    fn answer(&mut self, line: &str) -> Option<Answer> {
        let cleaned: String = line
            .split('#')
            .next()
            .unwrap_or("")
            .chars()
            .filter(|c| !c.is_control() || *c == '\t')
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let mut words = cleaned.split_whitespace().peekable();
        let id = words
            .next_if(|w| w.parse::<u64>().is_ok())
            .unwrap_or_default()
            .to_string();
        let command = words.next()?;
        let args: Vec<&str> = words.collect();
        let reply = if command == "lz-analyze" {
            match Analyzing::start(&self.game, &args, self.seed) {
                Ok(analyzing) => {
                    return Some(Answer::Analyze {
                        id,
                        analyzing: Box::new(analyzing),
                    });
                }
                Err(text) => Reply {
                    ok: false,
                    text,
                    quit: false,
                },
            }
        } else {
            self.execute(command, &args)
        };
        let mark = if reply.ok { '=' } else { '?' };
        let body = well_formed(&reply.text, !reply.ok);
        let text = if body.is_empty() {
            format!("{mark}{id}\n\n")
        } else {
            format!("{mark}{id} {body}\n\n")
        };
        Some(Answer::Reply {
            text,
            quit: reply.quit,
        })
    }

    /// Runs one command with its arguments.
    pub fn execute(&mut self, command: &str, args: &[&str]) -> Reply {
        match self.dispatch(command, args) {
            Ok(text) => Reply {
                ok: true,
                text,
                quit: command == "quit",
            },
            Err(text) => Reply {
                ok: false,
                text,
                quit: false,
            },
        }
    }

    fn dispatch(&mut self, command: &str, args: &[&str]) -> Result<String, String> {
        match command {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("Tengen".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(COMMANDS.contains(&arg(args, 0)?).to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => Ok(String::new()),
            "boardsize" => {
                let size: u8 = arg(args, 0)?.parse().map_err(|_| "boardsize not an integer")?;
                if !(2..=19).contains(&size) {
                    return Err("unacceptable size".into());
                }
                self.new_game(size);
                Ok(String::new())
            }
            "clear_board" => {
                self.new_game(self.game.size());
                Ok(String::new())
            }
            "komi" => {
                let komi: f32 = arg(args, 0)?.parse().map_err(|_| "komi not a float")?;
                if !komi.is_finite() {
                    return Err("komi not a float".into());
                }
                self.game.set_komi(komi);
                Ok(String::new())
            }
            "fixed_handicap" => {
                let stones: u8 = arg(args, 0)?.parse().map_err(|_| "handicap not an integer")?;
                if self.game.board().stone_counts() != [0, 0] {
                    return Err("board not empty".into());
                }
                let (rules, komi) = (self.game.rules(), self.game.komi());
                let mut game =
                    Game::with_handicap(self.game.size(), rules, stones).ok_or("invalid handicap")?;
                // GTP leaves komi to the controller's `komi` command.
                game.set_komi(komi);
                game.set_passes_end_play(false);
                self.game = game;
                Ok(self.stones(Color::Black))
            }
            "kgs-rules" => {
                let rules = RuleSet::parse(arg(args, 0)?).ok_or("unknown rules")?;
                self.game.set_rules(rules);
                Ok(String::new())
            }
            "play" => {
                let color = parse_color(arg(args, 0)?)?;
                let mv = self.parse_move(arg(args, 1)?)?;
                self.game
                    .play_as(color, mv)
                    .map(|_| String::new())
                    .map_err(|r| format!("illegal move: {r}"))
            }
            "is_legal" => {
                let color = parse_color(arg(args, 0)?)?;
                let mv = self.parse_move(arg(args, 1)?)?;
                Ok(if self.game.check(color, mv).is_ok() {
                    "1"
                } else {
                    "0"
                }
                .into())
            }
            "genmove" | "kgs-genmove_cleanup" => {
                let color = parse_color(arg(args, 0)?)?;
                Ok(self.genmove(color))
            }
            "undo" => self
                .game
                .undo()
                .map(|_| String::new())
                .ok_or_else(|| "cannot undo".into()),
            "showboard" => Ok(self.showboard()),
            "final_score" => {
                let mut scored = self.game.clone();
                scored.set_dead(&dead_stones(&self.game, DEAD_STONE_PLAYOUTS, self.seed));
                Ok(scored.score().outcome().sgf())
            }
            // GNU Go's command: the result expected if the game were played out from here.
            "estimate_score" => Ok(judge(&self.game, JUDGE_PLAYOUTS, self.seed).outcome().sgf()),
            // The review's analysis of the position: Black's chance of winning, the best move
            // and Black's lead after it ("0.771 G6 3.2").
            "tengen-analyse" => {
                let analysed = analyse(&self.game, self.seed, Depth::Review);
                let best = analysed
                    .best
                    .map_or("pass".into(), |(c, r)| vertex_name(self.game.size(), c, r));
                let lead = analysed.lead.unwrap_or(0.0);
                Ok(format!("{:.3} {best} {lead:.1}", analysed.black))
            }
            "final_status_list" => {
                let dead = dead_stones(&self.game, DEAD_STONE_PLAYOUTS, self.seed);
                let board = self.game.board();
                let stones: Vec<_> = match arg(args, 0)? {
                    "dead" => dead,
                    "alive" => board
                        .points()
                        .filter(|p| board.color_at(*p).is_some() && !dead.contains(p))
                        .collect(),
                    "seki" => Vec::new(),
                    _ => return Err("invalid status".into()),
                };
                Ok(stones
                    .into_iter()
                    .map(|p| self.vertex(p))
                    .collect::<Vec<_>>()
                    .join(" "))
            }
            "list_stones" => Ok(self.stones(parse_color(arg(args, 0)?)?)),
            "loadsgf" => {
                let path = arg(args, 0)?;
                let bytes = std::fs::read(path).map_err(|e| format!("cannot load file: {e}"))?;
                let tree = SgfTree::from_bytes(&bytes).map_err(|e| format!("cannot load file: {e}"))?;
                let line = tree.main_line();
                let game = match args.get(1) {
                    // GTP: stop before move number n.
                    Some(n) => {
                        let n: usize = n.parse().map_err(|_| "move number not an integer")?;
                        tree.game_before_move(&line, n.max(1))
                    }
                    None => tree.game(&line),
                };
                let mut game = game.map_err(|e| format!("cannot load file: {e}"))?;
                game.set_passes_end_play(false);
                game.reopen_play();
                self.game = game;
                Ok(String::new())
            }
            "printsgf" => {
                let sgf = self.game.to_sgf();
                match args.first() {
                    Some(path) => std::fs::write(path, sgf)
                        .map(|_| String::new())
                        .map_err(|e| e.to_string()),
                    None => Ok(sgf),
                }
            }
            "time_settings" => {
                let main: f64 = parse_number(arg(args, 0)?)?;
                let byo: f64 = parse_number(arg(args, 1)?)?;
                let stones: u32 = arg(args, 2)?.parse().map_err(|_| "syntax error")?;
                self.time_settings = (main, byo, stones);
                Ok(String::new())
            }
            "time_left" => {
                let color = parse_color(arg(args, 0)?)?;
                let time: f64 = parse_number(arg(args, 1)?)?;
                let stones: u32 = arg(args, 2)?.parse().map_err(|_| "syntax error")?;
                self.time_left[color.index()] = (time, stones);
                Ok(String::new())
            }
            _ => Err("unknown command".into()),
        }
    }

    fn new_game(&mut self, size: u8) {
        let (rules, komi) = (self.game.rules(), self.game.komi());
        self.game = Game::new(size, rules);
        self.game.set_komi(komi);
        self.game.set_passes_end_play(false);
    }

    fn genmove(&mut self, color: Color) -> String {
        // GTP lets either colour move at any time; the search plays for the side to move.
        let mut game = self.game.clone();
        if game.to_move() != color {
            game.play_as(color.opponent(), Move::Pass)
                .expect("a pass is legal in play");
        }
        // A large odd step (SplitMix64's): engines started from nearby seeds never share one
        // sequence. With steps of one, seeds 1 and 2 played the same games in two matches side
        // by side once their move counts lined up.
        self.seed = self.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        if self.uniform_random {
            let mv = random_move(&self.game, color, &mut SmallRng::seed_from_u64(self.seed));
            self.game
                .play_as(color, mv)
                .expect("random_move picks a legal move");
            return self.move_text(mv);
        }
        let limits = self
            .simulations
            .map_or(Limits::for_size(game.size()), Limits::simulations);
        let mut search = Search::continuing(self.search.take(), &game, self.level, self.seed, limits)
            .with_threads(self.threads);
        if let Some(budget) = self.clock_budget(color) {
            search.cap_time(budget);
        }
        let decision = search.run();
        if self.verbose
            && let Some(report) = search.report(REPORT_MOVES, |mv| self.move_text(mv))
        {
            let name = if color == Color::Black { "black" } else { "white" };
            eprintln!("move {} {name}: {report}", self.game.move_number() + 1);
        }
        self.search = Some(search);
        match decision {
            Decision::Resign => "resign".into(),
            Decision::Play(mv) => {
                self.game
                    .play_as(color, mv)
                    .expect("the search picks a legal move");
                self.move_text(mv)
            }
        }
    }

    /// A move's share of the clock the controller reported, if any: the period's time over its
    /// stones, or a thirtieth of main time, with a fifth kept in reserve. The R10 limits still
    /// apply on top.
    fn clock_budget(&self, color: Color) -> Option<web_time::Duration> {
        let (left, stones) = self.time_left[color.index()];
        let (main, byo, byo_stones) = self.time_settings;
        let seconds = if left > 0.0 {
            if stones > 0 {
                left / stones as f64
            } else {
                left / 30.0
            }
        } else if main > 0.0 {
            main / 30.0
        } else if byo > 0.0 && byo_stones > 0 {
            byo / byo_stones as f64
        } else {
            return None;
        };
        Some(web_time::Duration::from_secs_f64(seconds * 0.8))
    }

    fn move_text(&self, mv: Move) -> String {
        move_name(&self.game, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Move, String> {
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        let (c, r) = parse_vertex(self.game.size(), text).ok_or("invalid coordinate")?;
        Ok(Move::Place(self.game.board().point(c, r)))
    }

    /// The vertices of `color`'s stones, space-separated.
    fn stones(&self, color: Color) -> String {
        let board = self.game.board();
        board
            .points()
            .filter(|&p| board.color_at(p) == Some(color))
            .map(|p| self.vertex(p))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn vertex(&self, p: tengen_rules::Point) -> String {
        vertex_of(&self.game, p)
    }

    fn showboard(&self) -> String {
        let board = self.game.board();
        let size = board.size();
        let letters: String = (0..size).map(|c| format!(" {}", column_letter(c))).collect();
        let mut out = format!("\n  {letters}\n");
        for row in 0..size {
            out.push_str(&format!("{:>2}", size - row));
            for col in 0..size {
                out.push(' ');
                out.push(match board.cell(board.point(col, row)) {
                    Cell::Stone(Color::Black) => 'X',
                    Cell::Stone(Color::White) => 'O',
                    _ => '.',
                });
            }
            out.push_str(&format!(" {}\n", size - row));
        }
        out.push_str(&format!("  {letters}\n"));
        out.push_str(&format!(
            "captures: black {} white {}; {} to move",
            self.game.captures(Color::Black),
            self.game.captures(Color::White),
            if self.game.to_move() == Color::Black {
                "black"
            } else {
                "white"
            }
        ));
        out
    }
}

/// What the engine does with a line.
enum Answer {
    Reply {
        text: String,
        quit: bool,
    },
    /// `lz-analyze`: "=id" now, then lines until the next command.
    Analyze {
        id: String,
        analyzing: Box<Analyzing>,
    },
}

/// Speaks GTP: answers each line from `lines` on `out` until `quit` or the end of input.
/// `lz-analyze` writes its line every interval until the next line comes, then ends its answer.
pub fn serve(engine: &mut Engine, lines: &Receiver<String>, out: &mut impl Write) -> io::Result<()> {
    let mut next = lines.recv().ok();
    while let Some(line) = next.take() {
        match engine.answer(&line) {
            None => {}
            Some(Answer::Reply { text, quit }) => {
                out.write_all(text.as_bytes())?;
                out.flush()?;
                if quit {
                    return Ok(());
                }
            }
            Some(Answer::Analyze { id, mut analyzing }) => {
                writeln!(out, "={id}")?;
                out.flush()?;
                let ended = loop {
                    if analyzing.is_done() {
                        match lines.recv_timeout(analyzing.interval()) {
                            Ok(line) => break Some(line),
                            Err(RecvTimeoutError::Disconnected) => break None,
                            Err(RecvTimeoutError::Timeout) => {}
                        }
                    }
                    let report = analyzing.step();
                    if !report.is_empty() {
                        writeln!(out, "{report}")?;
                        out.flush()?;
                    }
                    match lines.try_recv() {
                        Ok(line) => break Some(line),
                        Err(TryRecvError::Disconnected) => break None,
                        Err(TryRecvError::Empty) => {}
                    }
                };
                writeln!(out)?;
                out.flush()?;
                next = ended;
                continue;
            }
        }
        next = lines.recv().ok();
    }
    Ok(())
}

/// A move as GTP writes it on `game`'s board: "D4" or "pass".
fn move_name(game: &Game, mv: Move) -> String {
    match mv {
        Move::Place(p) => vertex_of(game, p),
        Move::Pass => "pass".into(),
    }
}

fn vertex_of(game: &Game, p: tengen_rules::Point) -> String {
    let (c, r) = game.board().coords(p);
    vertex_name(game.size(), c, r)
}

fn arg<'a>(args: &[&'a str], i: usize) -> Result<&'a str, String> {
    args.get(i)
        .copied()
        .ok_or_else(|| "syntax error: missing argument".into())
}

fn parse_number(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v >= 0.0)
        .ok_or_else(|| "syntax error".into())
}

fn parse_color(text: &str) -> Result<Color, String> {
    match text.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err("invalid color".into()),
    }
}

/// An answer's text as GTP can carry it: an empty line ends an answer, so there is none inside
/// (a file's text in an error message brought its line breaks along, and the controller read
/// the rest as the next answer); an error is one line.
fn well_formed(text: &str, one_line: bool) -> String {
    let text = text.replace('\r', "\n");
    let lines = text.lines().map(str::trim_end).filter(|l| !l.is_empty());
    if one_line {
        lines.map(str::trim).collect::<Vec<_>>().join(" ")
    } else {
        lines.collect::<Vec<_>>().join("\n")
    }
}
