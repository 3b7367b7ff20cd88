//! Sentences with numbers and names in them, and the game's own words: refusals (R4), results
//! (R7), colours and rule sets.

use tengen_rules::{Color, Outcome, Refusal, RuleSet, points_text};

use super::text::{Lang, Text};

/// 「黑」 / "Black".
pub fn color_name(lang: Lang, color: Color) -> &'static str {
    match color {
        Color::Black => lang.pick("黑", "Black"),
        Color::White => lang.pick("白", "White"),
    }
}

/// 「中国规则」 / "Chinese".
pub fn rules_name(lang: Lang, rules: RuleSet) -> &'static str {
    match rules {
        RuleSet::Chinese => lang.pick("中国规则", "Chinese"),
        RuleSet::Japanese => lang.pick("日本规则", "Japanese"),
        RuleSet::Korean => lang.pick("韩国规则", "Korean"),
    }
}

/// Why a move was refused, in R4's words.
pub fn refusal(lang: Lang, refusal: Refusal) -> &'static str {
    match refusal {
        Refusal::Occupied => lang.pick("此处已有棋子", "That point is occupied"),
        Refusal::Suicide => lang.pick("禁入点：不能自杀", "Forbidden point: suicide is not allowed"),
        Refusal::Ko => lang.pick("劫争不能立即提回", "Ko: you cannot retake immediately"),
        Refusal::Superko => lang.pick(
            "全局同形：不能重复局面",
            "Superko: the whole-board position may not repeat",
        ),
        Refusal::Scoring => lang.pick(
            "正在数子：请先继续下棋",
            "Counting in progress: resume play first",
        ),
        Refusal::GameOver => lang.pick("对局已结束", "The game is over"),
    }
}

/// 「黑胜 3.5 目」, 「白中盘胜」, 「和棋」 / "B+3.5", "W+R", "Draw" (R7).
pub fn outcome(lang: Lang, outcome: Outcome) -> String {
    match (outcome, lang) {
        (
            Outcome::Score {
                winner: Some(w),
                margin,
            },
            Lang::Zh,
        ) => format!("{}胜 {} 目", color_name(lang, w), points_text(margin)),
        (Outcome::Resignation { winner }, Lang::Zh) => format!("{}中盘胜", color_name(lang, winner)),
        (Outcome::Score { winner: None, .. }, _) => lang.pick("和棋", "Draw").into(),
        (_, Lang::En) => outcome.sgf(),
    }
}

/// The status line while playing (R17), in two parts — whose move, and the captures — so a
/// narrow screen can put them on two lines without breaking either.
pub fn playing_status(
    lang: Lang,
    number: usize,
    to_move: Color,
    thinking: bool,
    captures: [u32; 2],
) -> [String; 2] {
    let thinking = if thinking { Text::Thinking.get(lang) } else { "" };
    match lang {
        Lang::Zh => [
            format!("第 {number} 手 · {}方落子{thinking}", color_name(lang, to_move)),
            format!("黑提 {} / 白提 {}", captures[0], captures[1]),
        ],
        Lang::En => [
            format!("Move {number} · {} to play{thinking}", color_name(lang, to_move)),
            format!("captures B {} / W {}", captures[0], captures[1]),
        ],
    }
}

/// A player passed (the computer's pass says so by name).
pub fn passed(lang: Lang, color: Color) -> String {
    match lang {
        Lang::Zh => format!("{}方虚手", color_name(lang, color)),
        Lang::En => format!("{} passes", color_name(lang, color)),
    }
}

/// The status line while counting: both live totals.
pub fn counting_status(lang: Lang, black: f32, white: f32, komi: f32) -> String {
    match lang {
        Lang::Zh => format!("数子中 · 黑 {black} · 白 {white}（含贴目 {komi}）"),
        Lang::En => format!("Counting · Black {black} · White {white} (komi {komi} included)"),
    }
}

pub fn over_status(lang: Lang, result: &str) -> String {
    match lang {
        Lang::Zh => format!("对局结束 · {result}"),
        Lang::En => format!("Game over · {result}"),
    }
}

pub fn record_line(lang: Lang, wins: u32, losses: u32) -> String {
    match lang {
        Lang::Zh => format!("人机战绩：胜 {wins} · 负 {losses}"),
        Lang::En => format!("Against the computer: {wins} won · {losses} lost"),
    }
}

pub fn rules_label(lang: Lang, rules: RuleSet) -> String {
    match lang {
        Lang::Zh => format!("{}（贴 {} 目）", rules_name(lang, rules), rules.komi()),
        Lang::En => format!("{} (komi {})", rules_name(lang, rules), rules.komi()),
    }
}

/// What went wrong reading a saved value, for the lobby notice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreadable {
    Settings,
    Record,
    Game,
}

pub fn unreadable(lang: Lang, what: Unreadable, why: &str) -> String {
    match (lang, what) {
        (Lang::Zh, Unreadable::Settings) => format!("设置无法读取（{why}），已恢复默认"),
        (Lang::Zh, Unreadable::Record) => format!("战绩无法读取（{why}），已重新计数"),
        (Lang::Zh, Unreadable::Game) => format!("上一局存档无法读取（{why}），已开始新对局"),
        (Lang::En, Unreadable::Settings) => format!("Settings could not be read ({why}); defaults restored"),
        (Lang::En, Unreadable::Record) => format!("The record could not be read ({why}); counting afresh"),
        (Lang::En, Unreadable::Game) => format!("The saved game could not be read ({why}); starting fresh"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_wording_and_english_for_every_kind_of_text() {
        // The Chinese wording docs/requirements.md requires.
        for (key, zh) in [
            (Text::TwoPlayer, "双人同屏"),
            (Text::VsComputer, "人机"),
            (Text::PlayBlack, "执黑"),
            (Text::PlayWhite, "执白"),
            (Text::MoveNumbers, "棋子上显示手数"),
            (Text::ForbiddenMarks, "标出禁入点和劫"),
            (Text::PreviewFirst, "落子先预览再确认"),
            (Text::ClearDead, "恢复死子"),
            (Text::ConfirmResult, "确认结果"),
            (Text::ResumePlay, "继续下棋"),
            (Text::Continue, "继续上一局"),
            (Text::Pacing, "电脑落子节奏"),
        ] {
            assert_eq!(key.get(Lang::Zh), zh);
            let en = key.get(Lang::En);
            assert!(!en.is_empty() && en.is_ascii(), "{key:?}: {en}");
        }
        assert_eq!(
            playing_status(Lang::Zh, 12, Color::White, false, [3, 1])[1],
            "黑提 3 / 白提 1"
        );
        assert!(playing_status(Lang::En, 12, Color::White, true, [3, 1])[0].contains("White to play"));
        assert_eq!(passed(Lang::Zh, Color::Black), "黑方虚手");
        assert!(counting_status(Lang::En, 40.0, 41.5, 7.5).contains("41.5"));
        assert_eq!(rules_label(Lang::Zh, RuleSet::Japanese), "日本规则（贴 6.5 目）");
        assert!(unreadable(Lang::En, Unreadable::Game, "format 9").contains("format 9"));
        assert_eq!(refusal(Lang::Zh, Refusal::Suicide), "禁入点：不能自杀");
        assert_eq!(refusal(Lang::Zh, Refusal::Ko), "劫争不能立即提回");
        assert_eq!(refusal(Lang::Zh, Refusal::Superko), "全局同形：不能重复局面");
        let resigned = Outcome::Resignation { winner: Color::Black };
        assert_eq!(outcome(Lang::Zh, resigned), "黑中盘胜");
        assert_eq!(outcome(Lang::En, resigned), "B+R");
        let counted = Outcome::Score {
            winner: Some(Color::White),
            margin: 7.5,
        };
        assert_eq!(outcome(Lang::Zh, counted), "白胜 7.5 目");
        assert_eq!(rules_name(Lang::Zh, RuleSet::Chinese), "中国规则");
        use Refusal::*;
        for r in [Occupied, Suicide, Ko, Superko, Scoring, GameOver] {
            assert!(refusal(Lang::En, r).is_ascii() && !refusal(Lang::Zh, r).is_ascii());
        }
    }
}
