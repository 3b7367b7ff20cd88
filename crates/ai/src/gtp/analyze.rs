//! `lz-analyze`, Leela Zero's live analysis as Lizzie and Sabaki read it: the answer opens with
//! `=` alone on its line, then every interval a line of the search's candidates —
//! `info move D4 visits 812 winrate 5342 prior 2210 lcb 5291 order 0 pv D4 C6 C5 info move …`,
//! win rate, prior and lower confidence bound in hundredths of a percent for the side to move —
//! until the next command arrives, whose coming ends the answer with an empty line.

use tengen_rules::{Game, Move};
use web_time::Duration;

use crate::{Level, Limits, Search};

/// An analysis stops searching here (and then repeats its last line): a bound on its memory.
const MOST_SIMULATIONS: u64 = 1_000_000;
/// Between two lines when the command names no interval: Lizzie's usual tenth of a second.
const DEFAULT_INTERVAL: Duration = Duration::from_millis(100);
/// The longest principal variation shown.
const PV_LENGTH: usize = 12;
/// Candidates a line shows unless `maxmoves` says otherwise.
const DEFAULT_MOVES: usize = 10;

/// A running `lz-analyze`.
pub struct Analyzing {
    /// The position searched (after a pass, when the command named the other colour).
    game: Game,
    search: Search,
    interval: Duration,
    moves: usize,
}

impl Analyzing {
    /// `lz-analyze [colour] [interval] [interval N] [maxmoves N] [minmoves N]` for `game`: the
    /// colour to analyse for (the side to move if none; the other one as if the side to move
    /// passed) and the interval in centiseconds, as Leela Zero takes them.
    pub(super) fn start(game: &Game, args: &[&str], seed: u64) -> Result<Analyzing, String> {
        let mut color = None;
        let mut interval = DEFAULT_INTERVAL;
        let mut moves = DEFAULT_MOVES;
        let mut words = args.iter().copied().peekable();
        if let Some(c) = words.next_if(|w| super::parse_color(w).is_ok()) {
            color = super::parse_color(c).ok();
        }
        let centiseconds = |w: Option<&str>| -> Result<Duration, String> {
            let cs: u64 = w.and_then(|w| w.parse().ok()).ok_or("syntax error: interval")?;
            Ok(Duration::from_millis(cs.max(1) * 10))
        };
        while let Some(word) = words.next() {
            match word.to_ascii_lowercase().as_str() {
                "interval" => interval = centiseconds(words.next())?,
                "maxmoves" => {
                    moves = words
                        .next()
                        .and_then(|w| w.parse().ok())
                        .filter(|&n: &usize| n >= 1)
                        .ok_or("syntax error: maxmoves")?
                }
                // Every root move the search visits is shown anyway.
                "minmoves" => {
                    words.next().ok_or("syntax error: minmoves")?;
                }
                w if w.parse::<u64>().is_ok() => interval = centiseconds(Some(w))?,
                w => return Err(format!("unknown lz-analyze argument {w}")),
            }
        }
        let mut game = game.clone();
        if let Some(color) = color
            && color != game.to_move()
        {
            game.play_as(color.opponent(), Move::Pass)
                .map_err(|r| format!("cannot analyse for {color:?}: {r}"))?;
        }
        let limits = Limits::simulations(MOST_SIMULATIONS);
        Ok(Analyzing {
            search: Search::with_limits(&game, Level::HARD, seed, limits),
            game,
            interval,
            moves,
        })
    }

    pub fn interval(&self) -> Duration {
        self.interval
    }

    /// Searches for one interval (once the search is done, the caller waits it out) and says
    /// what it found so far.
    pub fn step(&mut self) -> String {
        self.search.step(self.interval);
        self.line()
    }

    pub fn is_done(&self) -> bool {
        self.search.is_done()
    }

    /// The candidates' line; empty before the first simulation.
    fn line(&self) -> String {
        let all = self.search.candidates(usize::MAX);
        let priors: f32 = all.iter().map(|c| c.prior.0).sum::<f32>().max(1.0);
        let name = |mv: Move| super::move_name(&self.game, mv);
        let permyriad = |x: f32| (x.clamp(0.0, 1.0) * 10_000.0).round() as u32;
        all.iter()
            .filter(|c| c.visits > 0)
            .take(self.moves)
            .enumerate()
            .map(|(order, c)| {
                // A normal bound (1.96 σ) on the win rate of a move's real simulations.
                let w = c.winrate;
                let lcb = w - 1.96 * (w * (1.0 - w) / c.visits as f32).sqrt();
                let pv: Vec<String> = self
                    .search
                    .line_after(c.mv, PV_LENGTH)
                    .into_iter()
                    .map(name)
                    .collect();
                format!(
                    "info move {} visits {} winrate {} prior {} lcb {} order {order} pv {}",
                    name(c.mv),
                    c.visits,
                    permyriad(w),
                    permyriad(c.prior.0 / priors),
                    permyriad(lcb),
                    pv.join(" ")
                )
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}
