//! The three rule sets of R2 and how results are written in SGF and GTP. The words players
//! read come from the app's `i18n`.

use crate::Color;
use serde::{Deserialize, Serialize};

/// How the board is counted at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Stones on the board plus surrounded points (数子).
    Area,
    /// Surrounded points plus prisoners (数目).
    Territory,
}

/// A rule set fixes scoring, the repetition rule and komi together (R2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RuleSet {
    #[default]
    Chinese,
    Japanese,
    Korean,
}

impl RuleSet {
    pub const ALL: [RuleSet; 3] = [RuleSet::Chinese, RuleSet::Japanese, RuleSet::Korean];

    pub fn scoring(self) -> Scoring {
        match self {
            RuleSet::Chinese => Scoring::Area,
            RuleSet::Japanese | RuleSet::Korean => Scoring::Territory,
        }
    }

    /// Positional superko (no earlier stone layout may recur) instead of simple ko only.
    pub fn positional_superko(self) -> bool {
        matches!(self, RuleSet::Chinese | RuleSet::Korean)
    }

    /// Komi for white; the same on every board size.
    pub fn komi(self) -> f32 {
        match self {
            RuleSet::Chinese => 7.5,
            RuleSet::Japanese | RuleSet::Korean => 6.5,
        }
    }

    /// The name SGF `RU` and GTP `kgs-rules` use.
    pub fn sgf_name(self) -> &'static str {
        match self {
            RuleSet::Chinese => "Chinese",
            RuleSet::Japanese => "Japanese",
            RuleSet::Korean => "Korean",
        }
    }

    /// Reads a rules name as found in SGF `RU` or GTP `kgs-rules` (case-insensitive).
    pub fn parse(text: &str) -> Option<RuleSet> {
        let t = text.trim().to_ascii_lowercase();
        if t.starts_with("chinese") || t == "cn" || t.starts_with("china") {
            Some(RuleSet::Chinese)
        } else if t.starts_with("japan") || t == "jp" {
            Some(RuleSet::Japanese)
        } else if t.starts_with("korea") || t == "kr" {
            Some(RuleSet::Korean)
        } else {
            None
        }
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Outcome {
    /// Counted; `winner` is `None` only for a draw, which a half-point komi rules out.
    Score { winner: Option<Color>, margin: f32 },
    /// The other player resigned.
    Resignation { winner: Color },
}

impl Outcome {
    /// A count's result from Black's points less White's (komi and compensation included):
    /// the side ahead wins by the difference, and a difference of zero is a draw.
    pub fn counted(black_minus_white: f32) -> Outcome {
        let winner = if black_minus_white > 0.0 {
            Some(Color::Black)
        } else if black_minus_white < 0.0 {
            Some(Color::White)
        } else {
            None
        };
        Outcome::Score {
            winner,
            margin: black_minus_white.abs(),
        }
    }

    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Score { winner, .. } => winner,
            Outcome::Resignation { winner } => Some(winner),
        }
    }

    /// The SGF `RE` / GTP `final_score` form: "B+3.5", "W+R", "0".
    pub fn sgf(self) -> String {
        let letter = |c: Color| if c == Color::Black { 'B' } else { 'W' };
        match self {
            Outcome::Score {
                winner: Some(w),
                margin,
            } => format!("{}+{}", letter(w), points_text(margin)),
            Outcome::Score { winner: None, .. } => "0".into(),
            Outcome::Resignation { winner } => format!("{}+R", letter(winner)),
        }
    }
}

impl std::str::FromStr for Outcome {
    type Err = String;

    /// Reads the SGF/GTP form: "B+3.5", "W+R", "W+Resign", "0", "Draw".
    fn from_str(text: &str) -> Result<Outcome, String> {
        let t = text.trim();
        if t == "0" || t.eq_ignore_ascii_case("draw") {
            return Ok(Outcome::Score {
                winner: None,
                margin: 0.0,
            });
        }
        let (who, how) = t.split_once('+').ok_or_else(|| format!("not a result: {t}"))?;
        let winner = match who.to_ascii_uppercase().as_str() {
            "B" => Color::Black,
            "W" => Color::White,
            _ => return Err(format!("not a result: {t}")),
        };
        if how.to_ascii_uppercase().starts_with('R') {
            return Ok(Outcome::Resignation { winner });
        }
        let margin: f32 = how.parse().map_err(|_| format!("not a result: {t}"))?;
        Ok(Outcome::Score {
            winner: Some(winner),
            margin,
        })
    }
}

/// 3.5 → "3.5", 4.0 → "4".
/// A point count as results print it: "7" or "3.5".
pub fn points_text(v: f32) -> String {
    if v.fract() == 0.0 {
        format!("{}", v as i64)
    } else {
        format!("{v:.1}")
    }
}
