//! The ladder of levels, 1 (weakest) to [`Level::MAX`]: what each step is, and how a level is
//! named, parsed and saved.
//!
//! 简单 easy and 普通 normal are R10's one-ply players (`levels.rs`), 困难 hard the full tree search
//! (`mcts.rs`). The step between easy and normal is normal with enough noise in its scores that
//! it often misses the best of several good points. The steps between normal and hard are the
//! tree search weakened the way a weaker player is weaker: it reads less (a fixed, small number
//! of simulations) and does not always choose its best move, but one of the root moves nearly as
//! good, with a chance that grows with how good it looks — never a pass, a first-line move or a
//! self-atari instead of the best (`docs/ladder.md` has the measurements).

use std::fmt;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::levels::NORMAL_NOISE;

/// One step of the ladder. Saved games and the browser worker's messages carry it: the three
/// levels R10 named are written as before ("Easy", "Normal", "Hard", serde's form of the old
/// enum), so old saves and old builds still read them; the other steps as their number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

/// How a level plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Style {
    /// One ply deep: easy's moves (`None`) or normal's scores with this much noise.
    OnePly { noise: Option<f32> },
    /// The tree search at full strength (`None`) or weakened.
    Tree(Option<Weakened>),
}

/// A weakened tree search: a fixed number of simulations a move, then a choice among the root
/// moves nearly as good as the most visited one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Weakened {
    /// Simulations a move on 9×9.
    pub simulations: u64,
    /// Simulations a move on 19×19.
    pub on_19: u64,
    /// A candidate needs at least this share of the best move's visits (prior visits included:
    /// with few simulations the learned model's opinion is most of what the search knows) …
    pub keep: f32,
    /// … and a win rate at most this far below the best move's.
    pub margin: f32,
    /// Candidates are drawn in proportion to visits^(1 / temperature).
    pub temperature: f32,
}

impl Weakened {
    /// Simulations a move on a `size` board: more on larger boards in proportion to their
    /// points, as the root has that many more moves to tell apart (measured on 19×19: scaled by
    /// the side only, level 4 won 7 of 14 against normal; by the points, 7 of 8). Boards up to
    /// 13×13 scale 9×9's count; larger ones 19×19's, which for the top steps is less than 9×9's
    /// scaled (see [`STYLES`]).
    pub fn simulations_on(&self, size: u8) -> u64 {
        let side = u64::from(size.max(9));
        if side <= 13 {
            self.simulations * side * side / 81
        } else {
            self.on_19 * side * side / 361
        }
    }
}

/// A weakened step searching `simulations` a move on 9×9, scaled by the points on larger boards.
const fn weakened(simulations: u64, keep: f32, margin: f32, temperature: f32) -> Style {
    weakened_19(simulations, simulations * 361 / 81, keep, margin, temperature)
}

/// A weakened step with its own count on 19×19.
const fn weakened_19(simulations: u64, on_19: u64, keep: f32, margin: f32, temperature: f32) -> Style {
    Style::Tree(Some(Weakened {
        simulations,
        on_19,
        keep,
        margin,
        temperature,
    }))
}

/// Level n is `STYLES[n - 1]`. Above normal each step searches about twice as much as the one
/// below and chooses less loosely; measured so that each beats the one below in about 70% of
/// games (`docs/ladder.md`). Between easy and normal, normal's scores with noise that often
/// hides the best of several good points. On 19×19, levels 10–12 scaled by the points (7,130,
/// 13,370 and 26,740 simulations) would meet R10's 2.3 s on a two-core machine and play alike,
/// hard with a looser choice (12 against 11 won 3 of 6, both at the clock); steps of 1.3× were
/// too narrow for hard to show above 12. There levels 9–12 climb from level 8's 2,005 by
/// 1.25–1.44× a step to 7,000, leaving hard (10,000–12,700 simulations in its 2.3 s on one such
/// core) 1.45–1.8× above 12; level 8 at 1,750 only drew with level 7 (3 of 6).
const STYLES: [Style; Level::MAX as usize] = [
    Style::OnePly { noise: None },
    Style::OnePly { noise: Some(12.0) },
    Style::OnePly {
        noise: Some(NORMAL_NOISE),
    },
    weakened(32, 0.3, 0.12, 0.9),
    weakened(60, 0.3, 0.12, 0.9),
    weakened(150, 0.35, 0.1, 0.8),
    weakened(270, 0.4, 0.09, 0.7),
    weakened(450, 0.45, 0.08, 0.6),
    weakened_19(850, 2_500, 0.5, 0.07, 0.5),
    weakened_19(1600, 3_600, 0.55, 0.06, 0.4),
    weakened_19(3000, 5_000, 0.6, 0.05, 0.3),
    weakened_19(6000, 7_000, 0.7, 0.04, 0.2),
    Style::Tree(None),
];

/// R10's names, lowercase as `tengen-gtp --level` takes them and capitalised as saves hold them.
const NAMES: [(Level, &str, &str); 3] = [
    (Level::EASY, "easy", "Easy"),
    (Level::NORMAL, "normal", "Normal"),
    (Level::HARD, "hard", "Hard"),
];

impl Level {
    /// The number of the strongest level.
    pub const MAX: u8 = 13;
    /// 简单: random moves, except that it captures and saves stones in atari.
    pub const EASY: Level = Level(1);
    /// 普通: the best move one ply deep.
    pub const NORMAL: Level = Level(3);
    /// 困难: the full tree search.
    pub const HARD: Level = Level(Level::MAX);
    /// Every level, weakest first.
    pub const ALL: [Level; Level::MAX as usize] = {
        let mut all = [Level(1); Level::MAX as usize];
        let mut i = 0;
        while i < all.len() {
            all[i] = Level(i as u8 + 1);
            i += 1;
        }
        all
    };

    /// Level `number`, 1 to [`Level::MAX`].
    pub const fn new(number: u8) -> Option<Level> {
        if number >= 1 && number <= Level::MAX {
            Some(Level(number))
        } else {
            None
        }
    }

    /// 1 (weakest) to [`Level::MAX`].
    pub fn number(self) -> u8 {
        self.0
    }

    /// A level's number (1 to [`Level::MAX`]) or R10's name ("easy", "normal", "hard"), any case.
    pub fn parse(text: &str) -> Option<Level> {
        let text = text.trim();
        match text.parse::<u8>() {
            Ok(n) => Level::new(n),
            Err(_) => NAMES
                .iter()
                .find(|(_, lower, _)| lower.eq_ignore_ascii_case(text))
                .map(|&(level, ..)| level),
        }
    }

    /// R10's name of easy, normal and hard ("easy", …); `None` for the other steps.
    pub fn name(self) -> Option<&'static str> {
        NAMES
            .iter()
            .find(|(l, ..)| *l == self)
            .map(|&(_, lower, _)| lower)
    }

    /// The next level up, if any.
    pub fn up(self) -> Option<Level> {
        Level::new(self.0 + 1)
    }

    /// The next level down, if any.
    pub fn down(self) -> Option<Level> {
        Level::new(self.0 - 1)
    }

    pub(crate) fn style(self) -> Style {
        STYLES[self.0 as usize - 1]
    }

    /// How far the level reads, for the words that describe it to a player.
    pub fn reading(self) -> Reading {
        match self.style() {
            Style::OnePly { .. } => Reading::OneMove,
            Style::Tree(Some(w)) => Reading::Simulations(w.simulations),
            Style::Tree(None) => Reading::Full,
        }
    }
}

/// How far a level reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// One move ahead.
    OneMove,
    /// This many simulations of the tree search a move.
    Simulations(u64),
    /// The whole tree search in R10's time.
    Full,
}

impl Default for Level {
    fn default() -> Level {
        Level::NORMAL
    }
}

/// The name for easy, normal and hard, else the number: what `tengen-gtp --level` takes.
impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.name() {
            Some(name) => f.write_str(name),
            None => write!(f, "{}", self.0),
        }
    }
}

impl Serialize for Level {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match NAMES.iter().find(|(l, ..)| l == self) {
            Some(&(_, _, saved)) => serializer.serialize_str(saved),
            None => serializer.serialize_u8(self.0),
        }
    }
}

impl<'de> Deserialize<'de> for Level {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Level, D::Error> {
        struct LevelVisitor;
        impl Visitor<'_> for LevelVisitor {
            type Value = Level;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(
                    f,
                    "a level number 1 to {} or \"Easy\", \"Normal\", \"Hard\"",
                    Level::MAX
                )
            }

            fn visit_u64<E: de::Error>(self, n: u64) -> Result<Level, E> {
                u8::try_from(n)
                    .ok()
                    .and_then(Level::new)
                    .ok_or_else(|| E::invalid_value(de::Unexpected::Unsigned(n), &self))
            }

            fn visit_i64<E: de::Error>(self, n: i64) -> Result<Level, E> {
                u64::try_from(n)
                    .map_err(|_| E::invalid_value(de::Unexpected::Signed(n), &self))
                    .and_then(|n| self.visit_u64(n))
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<Level, E> {
                Level::parse(text).ok_or_else(|| E::invalid_value(de::Unexpected::Str(text), &self))
            }
        }
        deserializer.deserialize_any(LevelVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_names_parse_and_round_trip() {
        for level in Level::ALL {
            assert_eq!(Level::parse(&level.number().to_string()), Some(level));
            assert_eq!(Level::parse(&level.to_string()), Some(level));
        }
        assert_eq!(Level::parse(" Hard "), Some(Level::HARD));
        assert_eq!(Level::parse("EASY"), Some(Level::EASY));
        assert_eq!(Level::parse("normal"), Some(Level::NORMAL));
        let past_the_top = (Level::MAX + 1).to_string();
        for bad in ["0", &past_the_top, "-1", "256", "", "medium", "3.5"] {
            assert_eq!(Level::parse(bad), None, "{bad:?}");
        }
        assert_eq!(Level::HARD.number(), Level::MAX);
        assert_eq!(Level::HARD.to_string(), "hard");
        assert_eq!(Level::new(5).unwrap().to_string(), "5");
    }

    #[test]
    fn the_ladder_runs_from_one_to_max_and_steps_by_one() {
        let numbers: Vec<u8> = Level::ALL.iter().map(|l| l.number()).collect();
        assert_eq!(numbers, (1..=Level::MAX).collect::<Vec<_>>());
        assert_eq!(Level::EASY.down(), None);
        assert_eq!(Level::HARD.up(), None);
        assert_eq!(Level::EASY.up(), Level::new(2));
        assert_eq!(Level::NORMAL.up().and_then(Level::down), Some(Level::NORMAL));
        assert!(Level::EASY < Level::NORMAL && Level::NORMAL < Level::HARD);
        assert_eq!(Level::default(), Level::NORMAL);
    }

    /// Saves and worker messages written before the ladder hold serde's form of the old enum.
    #[test]
    fn old_saves_read_the_same_levels() {
        for (text, level) in [
            ("\"Easy\"", Level::EASY),
            ("\"Normal\"", Level::NORMAL),
            ("\"Hard\"", Level::HARD),
        ] {
            assert_eq!(serde_json::from_str::<Level>(text).unwrap(), level);
            assert_eq!(serde_json::to_string(&level).unwrap(), text);
        }
        #[derive(serde::Deserialize)]
        struct OldSetup {
            level: Level,
        }
        let old: OldSetup = serde_json::from_str(r#"{"level":"Hard"}"#).unwrap();
        assert_eq!(old.level, Level::HARD);
    }

    #[test]
    fn every_level_survives_json() {
        for level in Level::ALL {
            let text = serde_json::to_string(&level).unwrap();
            assert_eq!(serde_json::from_str::<Level>(&text).unwrap(), level, "{text}");
        }
        assert_eq!(serde_json::to_string(&Level::new(4).unwrap()).unwrap(), "4");
        let past_the_top = (Level::MAX + 1).to_string();
        for bad in ["0", &past_the_top, "-3", "\"Medium\"", "null", "2.5"] {
            assert!(serde_json::from_str::<Level>(bad).is_err(), "{bad}");
        }
    }

    /// Each step up searches at least as much and chooses at least as carefully.
    #[test]
    fn budgets_grow_and_chance_shrinks_up_the_ladder() {
        assert_eq!(Level::EASY.style(), Style::OnePly { noise: None });
        assert_eq!(
            Level::NORMAL.style(),
            Style::OnePly {
                noise: Some(NORMAL_NOISE)
            }
        );
        assert_eq!(Level::HARD.style(), Style::Tree(None));
        for level in Level::ALL
            .into_iter()
            .filter(|&l| l > Level::EASY && l < Level::NORMAL)
        {
            let Style::OnePly { noise: Some(noise) } = level.style() else {
                panic!("{level}: not normal with noise")
            };
            assert!(noise > NORMAL_NOISE, "{level}");
        }
        let weakened: Vec<Weakened> = Level::ALL
            .iter()
            .filter_map(|l| match l.style() {
                Style::Tree(w) => w,
                _ => None,
            })
            .collect();
        let between = Level::HARD.number() - Level::NORMAL.number() - 1;
        assert_eq!(weakened.len(), between as usize, "every step between is weakened");
        for pair in weakened.windows(2) {
            let (lower, upper) = (pair[0], pair[1]);
            for size in [9, 13, 15, 19] {
                let (lower, upper) = (lower.simulations_on(size), upper.simulations_on(size));
                assert!(upper > lower, "{size}: {pair:?}");
            }
            assert!(
                upper.keep >= lower.keep && upper.margin <= lower.margin,
                "{pair:?}"
            );
            assert!(upper.temperature <= lower.temperature, "{pair:?}");
        }
        for w in &weakened {
            assert_eq!(w.simulations_on(9), w.simulations);
            assert_eq!(w.simulations_on(13), w.simulations * 169 / 81);
            assert!(w.on_19 > w.simulations && w.on_19 <= w.simulations * 361 / 81);
            assert_eq!(w.simulations_on(19), w.on_19);
        }
        for w in weakened {
            assert!(w.temperature > 0.0 && (0.0..=1.0).contains(&w.keep) && w.margin >= 0.0);
        }
    }
}
