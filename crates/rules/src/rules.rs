//! The three rule sets of R2 and how results are written.

use crate::Color;
use serde::{Deserialize, Serialize};

/// The two languages every user-visible text exists in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    Zh,
    En,
}

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

    pub fn name(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (RuleSet::Chinese, Lang::Zh) => "中国规则",
            (RuleSet::Japanese, Lang::Zh) => "日本规则",
            (RuleSet::Korean, Lang::Zh) => "韩国规则",
            (RuleSet::Chinese, Lang::En) => "Chinese",
            (RuleSet::Japanese, Lang::En) => "Japanese",
            (RuleSet::Korean, Lang::En) => "Korean",
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
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Score { winner, .. } => winner,
            Outcome::Resignation { winner } => Some(winner),
        }
    }

    /// 「黑胜 3.5 目」, 「白中盘胜」, 「和棋」 / "B+3.5", "W+R", "Draw".
    pub fn text(self, lang: Lang) -> String {
        match (self, lang) {
            (
                Outcome::Score {
                    winner: Some(w),
                    margin,
                },
                Lang::Zh,
            ) => {
                format!("{}胜 {} 目", w.name(Lang::Zh), fmt_points(margin))
            }
            (Outcome::Resignation { winner }, Lang::Zh) => format!("{}中盘胜", winner.name(Lang::Zh)),
            (Outcome::Score { winner: None, .. }, Lang::Zh) => "和棋".into(),
            (Outcome::Score { winner: None, .. }, Lang::En) => "Draw".into(),
            _ => self.sgf(),
        }
    }

    /// The SGF `RE` / GTP `final_score` form: "B+3.5", "W+R", "0".
    pub fn sgf(self) -> String {
        let letter = |c: Color| if c == Color::Black { 'B' } else { 'W' };
        match self {
            Outcome::Score {
                winner: Some(w),
                margin,
            } => format!("{}+{}", letter(w), fmt_points(margin)),
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
fn fmt_points(v: f32) -> String {
    if v.fract() == 0.0 {
        format!("{}", v as i64)
    } else {
        format!("{v:.1}")
    }
}
