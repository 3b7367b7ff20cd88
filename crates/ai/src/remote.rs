//! Thinking elsewhere: a request the game sends to another thread of execution — a Web Worker
//! in the browser — and the reply it gets back, as plain data (JSON on the way). The position
//! travels as a game record and is replayed through the rules on arrival; moves come back as
//! board coordinates. [`Answerer`] is the whole of the other side.

use serde::{Deserialize, Serialize};
use tengen_rules::{Game, GameRecord, Move};
use web_time::{Duration, Instant};

use crate::{Analysed, Decision, Depth, Level, Limits, Search, analyse, dead_stones, hints, judge};

/// What the game asks.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Request {
    /// The move of the player to move, within R10's limit for the board (or `time_ms`).
    Move {
        record: GameRecord,
        level: Level,
        seed: u64,
        time_ms: Option<u64>,
    },
    /// The dead stones when counting begins.
    DeadStones {
        record: GameRecord,
        playouts: u32,
        seed: u64,
    },
    /// 形势判断: who owns what, and the result to expect.
    Judge {
        record: GameRecord,
        playouts: u32,
        seed: u64,
    },
    /// 提示: the hard level's best moves for the player to move, searched within R10's limit
    /// (or `time_ms`).
    Hint {
        record: GameRecord,
        seed: u64,
        time_ms: Option<u64>,
    },
    /// An analysis of the position at the end of `record` (play going on).
    Analyse {
        record: GameRecord,
        seed: u64,
        depth: Depth,
    },
}

/// What comes back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    /// The decision, with the work done.
    Move {
        play: Play,
        simulations: u64,
        ms: u64,
    },
    DeadStones {
        stones: Vec<(u8, u8)>,
    },
    /// Black's expected lead, and each point's owner from -100 (White's) to 100 (Black's) in
    /// the order of `Board::points`.
    Judgement {
        lead: f32,
        owner: Vec<i8>,
    },
    /// The hints, best first: the move (never a resignation), the win chance for the player
    /// to move, the search's visits.
    Hints {
        hints: Vec<(Play, f32, u32)>,
    },
    Analysed(Analysed),
    /// The record could not be replayed (it never should).
    Refused {
        reason: String,
    },
}

/// A decision as it travels. (Not an `Option<Option<…>>`: JSON writes both a pass, `Some(None)`,
/// and a resignation, `None`, as `null`, and reads `null` back as a resignation.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Play {
    /// A stone at (column, row).
    Stone(u8, u8),
    Pass,
    Resign,
}

/// Shortest search when the request waited about as long as the whole limit.
const LEAST_THINK: Duration = Duration::from_millis(50);

/// What is left of `limit` after `waited`, never less than [`LEAST_THINK`].
fn time_left(limit: Duration, waited: Duration) -> Duration {
    limit.saturating_sub(waited).max(LEAST_THINK)
}

/// Answers a request with nothing kept from earlier ones ([`Answerer::answer`]).
pub fn answer(request: &Request, waited: Duration) -> Reply {
    Answerer::default().answer(request, waited)
}

/// The other side, which answers one request after another: it keeps the search of the last
/// move it was asked for, so the next move of the same game carries its tree on, as the GTP
/// engine's does (and as the levels were measured).
#[derive(Default)]
pub struct Answerer {
    kept: Option<Search>,
}

impl Answerer {
    /// Answers a request: runs the search (or the dead-stone judgement) to its end. `waited` is
    /// how long the request queued before it got here (a worker still starting): R10's limit
    /// counts from the moment the game asked, so the search gets only what is left of it.
    pub fn answer(&mut self, request: &Request, waited: Duration) -> Reply {
        let started = Instant::now();
        let (Request::Move { record, .. }
        | Request::DeadStones { record, .. }
        | Request::Judge { record, .. }
        | Request::Hint { record, .. }
        | Request::Analyse { record, .. }) = request;
        let game = match Game::from_record(record) {
            Ok(game) => game,
            Err(e) => {
                return Reply::Refused {
                    reason: e.to_string(),
                };
            }
        };
        let board = game.board();
        match *request {
            Request::Move {
                level, seed, time_ms, ..
            } => {
                let limits = limits_for(&game, time_ms, waited);
                let mut search = Search::continuing(self.kept.take(), &game, level, seed, limits);
                let play = match search.run() {
                    Decision::Play(mv) => Play::of(&game, mv),
                    Decision::Resign => Play::Resign,
                };
                let simulations = search.simulations();
                self.kept = Some(search);
                Reply::Move {
                    play,
                    simulations,
                    ms: started.elapsed().as_millis() as u64,
                }
            }
            Request::DeadStones { playouts, seed, .. } => Reply::DeadStones {
                stones: dead_stones(&game, playouts, seed)
                    .into_iter()
                    .map(|p| board.coords(p))
                    .collect(),
            },
            Request::Judge { playouts, seed, .. } => {
                let judged = judge(&game, playouts, seed);
                Reply::Judgement {
                    lead: judged.lead,
                    owner: board
                        .points()
                        .map(|p| (judged.owner(p) * 100.0).round() as i8)
                        .collect(),
                }
            }
            Request::Hint { seed, time_ms, .. } => {
                let mut search =
                    Search::with_limits(&game, Level::HARD, seed, limits_for(&game, time_ms, waited));
                search.run();
                Reply::Hints {
                    hints: hints(&search)
                        .into_iter()
                        .map(|h| (Play::of(&game, h.mv), h.winrate, h.visits))
                        .collect(),
                }
            }
            Request::Analyse { seed, depth, .. } => Reply::Analysed(analyse(&game, seed, depth)),
        }
    }
}

/// R10's limit for the board (or `time_ms`), less what the request waited.
fn limits_for(game: &Game, time_ms: Option<u64>, waited: Duration) -> Limits {
    let mut limits = Limits::for_size(game.size());
    if let Some(ms) = time_ms {
        limits.time = Some(Duration::from_millis(ms));
    }
    limits.time = limits.time.map(|limit| time_left(limit, waited));
    limits
}

impl Play {
    fn of(game: &Game, mv: Move) -> Play {
        match mv {
            Move::Place(p) => {
                let (c, r) = game.board().coords(p);
                Play::Stone(c, r)
            }
            Move::Pass => Play::Pass,
        }
    }

    /// The move on `game`'s board (`None` for a resignation).
    pub fn on(self, game: &Game) -> Option<Move> {
        match self {
            Play::Stone(c, r) => Some(Move::Place(game.board().point(c, r))),
            Play::Pass => Some(Move::Pass),
            Play::Resign => None,
        }
    }
}

impl Reply {
    /// The decision, on `game`'s board.
    pub fn decision(&self, game: &Game) -> Option<Decision> {
        let Reply::Move { play, .. } = self else {
            return None;
        };
        Some(play.on(game).map_or(Decision::Resign, Decision::Play))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each decision comes back as itself: a pass once came back from JSON as a resignation.
    #[test]
    fn every_decision_survives_the_journey() {
        for play in [Play::Stone(2, 3), Play::Pass, Play::Resign] {
            let reply = Reply::Move {
                play,
                simulations: 1,
                ms: 1,
            };
            let back: Reply = serde_json::from_str(&serde_json::to_string(&reply).unwrap()).unwrap();
            assert_eq!(back, reply);
        }
    }

    /// A hint asked as the browser asks it comes back as legal moves, best first.
    #[test]
    fn a_hint_request_is_answered_with_moves() {
        let mut game = Game::new(9, tengen_rules::RuleSet::Chinese);
        game.play(Move::Place(game.board().point(4, 4))).unwrap();
        let request = Request::Hint {
            record: game.to_record(),
            seed: 3,
            time_ms: Some(200),
        };
        let request: Request = serde_json::from_str(&serde_json::to_string(&request).unwrap()).unwrap();
        let reply: Reply =
            serde_json::from_str(&serde_json::to_string(&answer(&request, Duration::ZERO)).unwrap()).unwrap();
        let Reply::Hints { hints } = reply else {
            panic!("{reply:?}")
        };
        assert!(!hints.is_empty() && hints.len() <= crate::MAX_HINTS);
        for (play, winrate, _) in &hints {
            let mv = play.on(&game).expect("a hint is never a resignation");
            assert!(game.is_legal(mv), "{play:?}");
            assert!((0.0..=1.0).contains(winrate));
        }
        assert!(hints.windows(2).all(|w| w[0].2 >= w[1].2));
    }

    #[test]
    fn the_limit_counts_from_the_request() {
        let limit = Duration::from_millis(1350);
        assert_eq!(time_left(limit, Duration::ZERO), limit);
        assert_eq!(
            time_left(limit, Duration::from_millis(900)),
            Duration::from_millis(450)
        );
        assert_eq!(time_left(limit, Duration::from_secs(5)), LEAST_THINK);
    }
}
