//! Sentences with numbers and names in them, and the game's own words: refusals (R4), results
//! (R7), colours and rule sets.

use tengen_ai::{Level, Mistake, Reading};
use tengen_rules::{Color, HANDICAP_KOMI, Outcome, Refusal, RuleSet, Scoring, points_text};

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
        Refusal::Ko => lang.pick("劫争不能立即提回", "Ko: play elsewhere first, then retake"),
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

/// 「黑胜 3.5 目」, 「白方认输，黑中盘胜」, 「和棋」 / "Black wins by 3.5", "White resigned · Black
/// wins", "Draw" (R7): a resignation says who gave up, so an ending nobody counted is not a
/// riddle; in words, not the "B+R" of records, which first-time players could not read.
pub fn outcome(lang: Lang, outcome: Outcome) -> String {
    match (outcome_parts(lang, outcome), lang) {
        ((won, Some(why)), Lang::Zh) => format!("{why}，{won}"),
        ((won, Some(why)), Lang::En) => format!("{why} · {won}"),
        ((won, None), _) => won,
    }
}

/// The result as the result card shows it: who won (and by how much) as the headline, and who
/// resigned, if anyone, as the line below (「黑中盘胜」 over 「白方认输」).
pub fn outcome_parts(lang: Lang, outcome: Outcome) -> (String, Option<String>) {
    match (outcome, lang) {
        (
            Outcome::Score {
                winner: Some(w),
                margin,
            },
            Lang::Zh,
        ) => (
            format!("{}胜 {} 目", color_name(lang, w), points_text(margin)),
            None,
        ),
        (
            Outcome::Score {
                winner: Some(w),
                margin,
            },
            Lang::En,
        ) => (
            format!("{} wins by {}", color_name(lang, w), points_text(margin)),
            None,
        ),
        (Outcome::Score { winner: None, .. }, _) => (lang.pick("和棋", "Draw").into(), None),
        (Outcome::Resignation { winner }, Lang::Zh) => (
            format!("{}中盘胜", color_name(lang, winner)),
            Some(format!("{}认输", side_name(lang, winner.opponent()))),
        ),
        (Outcome::Resignation { winner }, Lang::En) => (
            format!("{} wins", color_name(lang, winner)),
            Some(format!("{} resigned", color_name(lang, winner.opponent()))),
        ),
    }
}

/// The judgement's line: 「黑约领先 4.5 目（含贴目）」, or 「双方相当」 within half a point. It
/// says komi is counted: a first-time player saw White lead beside a board that looked Black's.
pub fn judgement_line(lang: Lang, lead: f32) -> String {
    let ahead = if lead > 0.0 { Color::Black } else { Color::White };
    let points = points_text((lead.abs() * 2.0).round() / 2.0);
    match lang {
        _ if lead.abs() < 0.5 => lang.pick("双方相当", "About even").into(),
        Lang::Zh => format!("{}约领先 {points} 目（含贴目）", color_name(lang, ahead)),
        Lang::En => format!(
            "{} leads by about {points}, komi included",
            color_name(lang, ahead)
        ),
    }
}

/// A win chance as the board and the hint line show it: 「58%」.
pub fn percent(chance: f32) -> String {
    format!("{}%", (chance * 100.0).round() as u32)
}

/// The hint's line: 「胜率 D5 58% · C3 55%」, best first, each move with the win chance after
/// it for the player to move — named, so that it is not read as the judgement's points.
pub fn hint_line(lang: Lang, moves: &[(Option<String>, f32)]) -> String {
    let each: Vec<String> = moves
        .iter()
        .map(|(vertex, winrate)| {
            let at = vertex.as_deref().unwrap_or(lang.pick("虚手", "pass"));
            format!("{at} {}", percent(*winrate))
        })
        .collect();
    format!("{} {}", lang.pick("胜率", "Win chance"), each.join(" · "))
}

/// Against the computer, the result for the person: 「你赢了」 / "You won", with the hints used.
pub fn your_result(lang: Lang, won: bool, hints: u32) -> String {
    let result = match (lang, won) {
        (Lang::Zh, true) => "你赢了",
        (Lang::Zh, false) => "你输了",
        (Lang::En, true) => "You won",
        (Lang::En, false) => "You lost",
    };
    match (lang, hints) {
        (_, 0) => result.into(),
        (Lang::Zh, n) => format!("{result} · 用了 {n} 次提示"),
        (Lang::En, 1) => format!("{result} · 1 hint used"),
        (Lang::En, n) => format!("{result} · {n} hints used"),
    }
}

/// Where a review's analysis stands: 「分析中 23/61」, 「分析已停 23/61」, or when done
/// 「分析完成 · 失误 5」.
pub fn analysis_progress(
    lang: Lang,
    (done, total): (usize, usize),
    stopped: bool,
    mistakes: usize,
) -> String {
    match lang {
        Lang::Zh if done == total => format!("分析完成 · 失误 {mistakes}"),
        Lang::Zh if stopped => format!("分析已停 {done}/{total}"),
        Lang::Zh => format!("分析中 {done}/{total}"),
        Lang::En if done == total => format!("Analysed · {mistakes} mistakes"),
        Lang::En if stopped => format!("Analysis stopped {done}/{total}"),
        Lang::En => format!("Analysing {done}/{total}"),
    }
}

/// A mistake in the review's list: 「黑 第 23 手 E5 −31%」 (the winning chance it lost) or, when
/// the game was decided and only points were lost, 「白 第 40 手 C2 −8 目」.
pub fn mistake_line(lang: Lang, at: &str, mistake: &Mistake) -> String {
    let (stone, number) = (color_name(lang, mistake.color), mistake.number);
    let lost = match (mistake.by_chance(), mistake.points) {
        (false, Some(points)) => {
            let points = points_text(points.round());
            match lang {
                Lang::Zh => format!("{points} 目"),
                Lang::En => format!("{points} pts"),
            }
        }
        _ => format!("{}%", (mistake.loss * 100.0).round() as u32),
    };
    match lang {
        Lang::Zh => format!("{stone} 第 {number} 手 {at} −{lost}"),
        Lang::En => format!("{stone} {number}. {at} −{lost}"),
    }
}

/// 教学's question after a big mistake: the chance of winning before and after it, in percent.
/// R5's question before resigning; two players on one screen hear which side would resign.
pub fn ask_resign(lang: Lang, side: Option<Color>) -> String {
    match (lang, side) {
        (Lang::Zh, None) => "确定认输吗？".to_string(),
        (Lang::En, None) => "Resign this game?".to_string(),
        (Lang::Zh, Some(color)) => format!("{}确定认输吗？", side_name(lang, color)),
        (Lang::En, Some(color)) => format!("{} resigns this game?", side_name(lang, color)),
    }
}

pub fn ask_take_back(lang: Lang, before: u8, after: u8) -> String {
    match lang {
        Lang::Zh => format!("这步棋让你的胜率从 {before}% 降到 {after}%。悔棋重下吗？"),
        Lang::En => {
            format!("This move took your chance of winning from {before}% to {after}%. Take it back?")
        }
    }
}

/// A player passed (the computer's pass says so by name).
pub fn passed(lang: Lang, color: Color) -> String {
    match lang {
        Lang::Zh => format!("{}方虚手", color_name(lang, color)),
        Lang::En => format!("{} passes", color_name(lang, color)),
    }
}

/// The preview's badge: 「提 3 子」.
pub fn would_capture(lang: Lang, n: u16) -> String {
    match lang {
        Lang::Zh => format!("提 {n} 子"),
        Lang::En => format!("takes {n}"),
    }
}

/// The preview's warning when its own chain would be left with one liberty.
pub fn would_be_in_atari(lang: Lang) -> &'static str {
    lang.pick("自己被打吃", "in atari")
}

/// The handicap in the lobby: 「不让子」 or 「让 3 子」.
pub fn handicap_stones(lang: Lang, stones: u8) -> String {
    match (lang, stones) {
        (Lang::Zh, 0) => "不让子".into(),
        (Lang::Zh, n) => format!("让 {n} 子"),
        (Lang::En, 0) => "none".into(),
        (Lang::En, n) => format!("{n} stones"),
    }
}

/// Under the handicap stepper: why it starts at 2 and where the stones go.
pub fn handicap_range(lang: Lang, most: u8) -> String {
    match lang {
        Lang::Zh => format!("2–{most} 子，摆在星位上，然后白先下"),
        Lang::En => format!("2–{most} stones on the star points, then White moves"),
    }
}

/// A game's length: 「123 手」.
pub fn move_count(lang: Lang, n: usize) -> String {
    match lang {
        Lang::Zh => format!("{n} 手"),
        Lang::En => format!("{n} moves"),
    }
}

/// 「第 12 手」 (R17).
pub fn move_number(lang: Lang, number: usize) -> String {
    match lang {
        Lang::Zh => format!("第 {number} 手"),
        Lang::En => format!("Move {number}"),
    }
}

/// A side's captures on its card: 「黑提 3」 / "Captures: 3" (R17; "3 captured" read as stones
/// lost).
pub fn captures(lang: Lang, color: Color, n: u32) -> String {
    match lang {
        Lang::Zh => format!("{}提 {n}", color_name(lang, color)),
        Lang::En => format!("Captures: {n}"),
    }
}

/// A side's total while counting.
pub fn points(lang: Lang, total: f32) -> String {
    let total = points_text((total * 2.0).round() / 2.0);
    match lang {
        Lang::Zh => format!("{total} 目"),
        Lang::En => format!("{total} points"),
    }
}

/// 「黑方」 / "Black": a side, as two players on one screen are called.
pub fn side_name(lang: Lang, color: Color) -> String {
    match lang {
        Lang::Zh => format!("{}方", color_name(lang, color)),
        Lang::En => color_name(lang, color).to_string(),
    }
}

/// The ladder's names, weakest first: R10's 简单 / 普通 / 困难 at their steps, and the steps
/// between named for how strong they feel (no rank: `docs/ladder.md` says where matches
/// place them).
const LEVEL_NAMES: [(&str, &str); Level::MAX as usize] = [
    ("简单", "Easy"),
    ("入门", "Starter"),
    ("普通", "Normal"),
    ("初级", "Novice"),
    ("进阶", "Learner"),
    ("中级", "Club"),
    ("熟练", "Able"),
    ("稳健", "Steady"),
    ("扎实", "Solid"),
    ("敏锐", "Sharp"),
    ("强手", "Strong"),
    ("高手", "Expert"),
    ("困难", "Hard"),
];

/// A level's short name: 「稳健」 / "Steady".
pub fn level_name(lang: Lang, level: Level) -> &'static str {
    let (zh, en) = LEVEL_NAMES[level.number() as usize - 1];
    lang.pick(zh, en)
}

/// A level with its number, as the lobby's stepper shows it: 「8 · 稳健」.
pub fn level_label(lang: Lang, level: Level) -> String {
    format!("{} · {}", level.number(), level_name(lang, level))
}

/// One line on how a level plays, from how far it reads.
pub fn level_line(lang: Lang, level: Level) -> String {
    match (level.reading(), level) {
        (_, Level::EASY) => Text::EasyHint.get(lang).into(),
        (_, Level::NORMAL) => Text::NormalHint.get(lang).into(),
        (Reading::Full, _) => Text::HardHint.get(lang).into(),
        (Reading::OneMove, _) => lang
            .pick(
                "看一步，常漏掉最好的点",
                "Looks one move ahead, often misses the best point",
            )
            .into(),
        // In a player's words, not the engine's (simulations meant nothing to first-time
        // players): the less it reads, the more often it chooses a lesser move too.
        (Reading::Simulations(n), _) => match n {
            0..200 => lang.pick(
                "算得浅，常走次好的棋",
                "Reads a little, often plays a lesser move",
            ),
            200..1000 => lang.pick(
                "算得较深，有时走次好的棋",
                "Reads further, sometimes a lesser move",
            ),
            _ => lang.pick(
                "算得深，偶尔走次好的棋",
                "Reads deeply, now and then a lesser move",
            ),
        }
        .into(),
    }
}

/// 「电脑 · 8 稳健」 / "Computer · 8 Steady".
pub fn computer_name(lang: Lang, level: Level) -> String {
    format!(
        "{} · {} {}",
        Text::Computer.get(lang),
        level.number(),
        level_name(lang, level)
    )
}

/// The record at one level: 「本级战绩：胜 3 · 负 1」.
pub fn level_record_line(lang: Lang, wins: u32, losses: u32) -> String {
    match lang {
        Lang::Zh => format!("本级战绩：胜 {wins} · 负 {losses}"),
        Lang::En => format!("At this level: {wins} won · {losses} lost"),
    }
}

/// The result card's offer after two wins in a row: 「试试 9 级 扎实」.
pub fn offer_up(lang: Lang, level: Level) -> String {
    match lang {
        Lang::Zh => format!("连胜两盘！试试 {}", level_label(lang, level)),
        Lang::En => format!("Two wins in a row! Try {}", level_label(lang, level)),
    }
}

/// The result card's offer after three losses in a row: a level down, or a handicap stone more.
pub fn offer_down(lang: Lang, level: Option<Level>, handicap: u8) -> String {
    match (lang, level) {
        (Lang::Zh, Some(l)) => format!("连输三盘：换 {} 吧", level_label(lang, l)),
        (Lang::En, Some(l)) => format!("Three losses in a row: try {}", level_label(lang, l)),
        (Lang::Zh, None) => format!("连输三盘：让 {handicap} 子再来"),
        (Lang::En, None) => format!("Three losses in a row: take {handicap} handicap stones"),
    }
}

/// The saved game on the lobby's card: 「第 23 手 · 电脑 · 困难 · 9×9」.
pub fn saved_summary(lang: Lang, moves: usize, opponent: &str, size: u8) -> String {
    format!("{} · {opponent} · {size}×{size}", move_number(lang, moves))
}

/// A rule set's name in the lobby's segmented control: 「中国」 / "Chinese".
pub fn rules_short(lang: Lang, rules: RuleSet) -> String {
    match lang {
        Lang::Zh => rules_name(lang, rules).trim_end_matches("规则").to_string(),
        Lang::En => rules_name(lang, rules).to_string(),
    }
}

/// What a rule set means, in one line under the control: 「数子（子 + 空） · 禁全局同形 · 贴 7.5 目」;
/// with handicap stones the komi is ½, and under area counting White also gets a point per
/// stone at the count (「贴 0.5 目，白方另得 4 目」). In words a first-time player reads: not
/// "positional superko", which they met here unexplained.
pub fn rules_summary(lang: Lang, rules: RuleSet, handicap: u8) -> String {
    let counting = counting_word(lang, rules);
    let repetition = if rules.positional_superko() {
        lang.pick("禁全局同形", "no repeated position")
    } else {
        lang.pick("只禁立即提劫", "simple ko")
    };
    let (komi, compensation) = if handicap >= 2 {
        (HANDICAP_KOMI, rules.handicap_compensation(handicap))
    } else {
        (rules.komi(), 0.0)
    };
    let komi = points_text(komi);
    let extra = points_text(compensation);
    match (lang, compensation > 0.0) {
        (Lang::Zh, false) => format!("{counting} · {repetition} · 贴 {komi} 目"),
        (Lang::Zh, true) => format!("{counting} · {repetition} · 贴 {komi} 目，白方另得 {extra} 目"),
        (Lang::En, false) => format!("{counting} · {repetition} · komi {komi}"),
        (Lang::En, true) => format!("{counting} · {repetition} · komi {komi}, White +{extra} for handicap"),
    }
}

fn counting_word(lang: Lang, rules: RuleSet) -> &'static str {
    match rules.scoring() {
        Scoring::Area => lang.pick("数子（子 + 空）", "area (stones + territory)"),
        Scoring::Territory => lang.pick("数目（目 + 提子）", "territory (points + prisoners)"),
    }
}

/// Under the result: 「中国规则 · 数子（子 + 空）」.
pub fn counting_rule(lang: Lang, rules: RuleSet) -> String {
    format!("{} · {}", rules_name(lang, rules), counting_word(lang, rules))
}

pub fn record_line(lang: Lang, wins: u32, losses: u32) -> String {
    match lang {
        Lang::Zh => format!("人机战绩：胜 {wins} · 负 {losses}"),
        Lang::En => format!("Against the computer: {wins} won · {losses} lost"),
    }
}

/// What went wrong reading a saved value, for the lobby notice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreadable {
    Settings,
    Record,
    Game,
    /// The lobby's choices.
    Choices,
    /// The finished games: the whole list.
    Archive,
}

pub fn unreadable(lang: Lang, what: Unreadable, why: &str) -> String {
    match (lang, what) {
        (Lang::Zh, Unreadable::Settings) => format!("设置无法读取（{why}），已恢复默认"),
        (Lang::Zh, Unreadable::Record) => format!("战绩无法读取（{why}），已重新计数"),
        (Lang::Zh, Unreadable::Game) => format!("上一局存档无法读取（{why}），已开始新对局"),
        (Lang::En, Unreadable::Settings) => format!("Settings could not be read ({why}); defaults restored"),
        (Lang::En, Unreadable::Record) => format!("The record could not be read ({why}); counting afresh"),
        (Lang::En, Unreadable::Game) => format!("The saved game could not be read ({why}); starting fresh"),
        (Lang::Zh, Unreadable::Choices) => format!("大厅选项无法读取（{why}），已恢复默认"),
        (Lang::En, Unreadable::Choices) => {
            format!("The lobby's choices could not be read ({why}); defaults restored")
        }
        (Lang::Zh, Unreadable::Archive) => format!("棋局记录无法读取（{why}），已重新开始记录"),
        (Lang::En, Unreadable::Archive) => {
            format!("The finished games could not be read ({why}); keeping new ones")
        }
    }
}

/// An SGF file that could not be opened, and why (the reader's words name the node).
pub fn unreadable_record(lang: Lang, name: &str, why: &str) -> String {
    match lang {
        Lang::Zh => format!("无法打开棋谱 {name}：{why}"),
        Lang::En => format!("{name} could not be opened: {why}"),
    }
}

/// A record written by the desktop's save dialog: 「棋谱已保存：/home/…/x.sgf」.
pub fn saved_to(lang: Lang, path: &str) -> String {
    match lang {
        Lang::Zh => format!("棋谱已保存：{path}"),
        Lang::En => format!("Record saved to {path}"),
    }
}

/// A record handed to the browser: 「棋谱已下载：x.sgf」.
pub fn downloaded_as(lang: Lang, name: &str) -> String {
    match lang {
        Lang::Zh => format!("棋谱已下载：{name}（见浏览器的下载）"),
        Lang::En => format!("Record downloaded as {name} (see the browser's downloads)"),
    }
}

/// A record that could not be written, and why.
pub fn not_saved(lang: Lang, name: &str, why: &str) -> String {
    match lang {
        Lang::Zh => format!("棋谱未能保存到 {name}：{why}"),
        Lang::En => format!("The record could not be saved to {name}: {why}"),
    }
}

/// Some finished games could not be read and were left out.
pub fn unreadable_games(lang: Lang, skipped: usize) -> String {
    match lang {
        Lang::Zh => format!("{skipped} 盘棋局记录无法读取，已跳过"),
        Lang::En => format!("{skipped} finished games could not be read and were skipped"),
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
        // R10's three levels keep their names on the ladder; every step has a name and a line.
        assert_eq!(level_name(Lang::Zh, Level::EASY), "简单");
        assert_eq!(level_name(Lang::Zh, Level::NORMAL), "普通");
        assert_eq!(level_name(Lang::Zh, Level::HARD), "困难");
        for lang in [Lang::Zh, Lang::En] {
            let names: std::collections::HashSet<&str> =
                Level::ALL.iter().map(|&l| level_name(lang, l)).collect();
            assert_eq!(names.len(), Level::ALL.len(), "each step its own name");
        }
        for level in Level::ALL {
            let cjk = |t: String| t.chars().any(|c| u32::from(c) >= 0x3000);
            assert!(!cjk(level_line(Lang::En, level)) && cjk(level_line(Lang::Zh, level)));
        }
        assert_eq!(captures(Lang::Zh, Color::Black, 3), "黑提 3");
        assert_eq!(captures(Lang::Zh, Color::White, 1), "白提 1");
        assert_eq!(move_number(Lang::En, 12), "Move 12");
        assert_eq!(side_name(Lang::Zh, Color::White), "白方");
        assert_eq!(passed(Lang::Zh, Color::Black), "黑方虚手");
        assert_eq!(points(Lang::En, 41.5), "41.5 points");
        assert_eq!(
            rules_summary(Lang::Zh, RuleSet::Japanese, 0),
            "数目（目 + 提子） · 只禁立即提劫 · 贴 6.5 目"
        );
        // With 4 handicap stones komi is ½, and area counting gives White a point a stone.
        assert_eq!(
            rules_summary(Lang::Zh, RuleSet::Chinese, 4),
            "数子（子 + 空） · 禁全局同形 · 贴 0.5 目，白方另得 4 目"
        );
        assert_eq!(
            rules_summary(Lang::En, RuleSet::Japanese, 4),
            "territory (points + prisoners) · simple ko · komi 0.5"
        );
        assert!(unreadable(Lang::En, Unreadable::Game, "format 9").contains("format 9"));
        assert_eq!(refusal(Lang::Zh, Refusal::Suicide), "禁入点：不能自杀");
        assert_eq!(refusal(Lang::Zh, Refusal::Ko), "劫争不能立即提回");
        assert_eq!(refusal(Lang::Zh, Refusal::Superko), "全局同形：不能重复局面");
        let resigned = Outcome::Resignation { winner: Color::Black };
        assert_eq!(outcome(Lang::Zh, resigned), "白方认输，黑中盘胜");
        assert_eq!(ask_resign(Lang::Zh, Some(Color::White)), "白方确定认输吗？");
        assert_eq!(ask_resign(Lang::En, None), "Resign this game?");
        assert_eq!(outcome(Lang::En, resigned), "White resigned · Black wins");
        let counted = Outcome::Score {
            winner: Some(Color::White),
            margin: 7.5,
        };
        assert_eq!(outcome(Lang::Zh, counted), "白胜 7.5 目");
        assert_eq!(outcome(Lang::En, counted), "White wins by 7.5");
        assert_eq!(judgement_line(Lang::Zh, 4.4), "黑约领先 4.5 目（含贴目）");
        assert_eq!(
            judgement_line(Lang::En, -2.1),
            "White leads by about 2, komi included"
        );
        assert_eq!(judgement_line(Lang::Zh, 0.3), "双方相当");
        let moves = [(Some("D5".to_string()), 0.584), (None, 0.55)];
        assert_eq!(hint_line(Lang::Zh, &moves), "胜率 D5 58% · 虚手 55%");
        assert_eq!(hint_line(Lang::En, &moves[..1]), "Win chance D5 58%");
        assert_eq!(your_result(Lang::Zh, true, 2), "你赢了 · 用了 2 次提示");
        assert_eq!(your_result(Lang::En, false, 1), "You lost · 1 hint used");
        assert_eq!(your_result(Lang::En, true, 0), "You won");
        assert_eq!(analysis_progress(Lang::Zh, (23, 61), false, 0), "分析中 23/61");
        assert_eq!(
            analysis_progress(Lang::En, (61, 61), false, 5),
            "Analysed · 5 mistakes"
        );
        let mut mistake = Mistake {
            number: 23,
            color: Color::Black,
            loss: 0.314,
            points: Some(4.0),
            better: None,
            bar: 6.75,
        };
        assert_eq!(mistake_line(Lang::Zh, "E5", &mistake), "黑 第 23 手 E5 −31%");
        (mistake.loss, mistake.points) = (0.02, Some(7.6));
        assert_eq!(mistake_line(Lang::Zh, "E5", &mistake), "黑 第 23 手 E5 −8 目");
        assert_eq!(mistake_line(Lang::En, "E5", &mistake), "Black 23. E5 −8 pts");
        assert_eq!(rules_name(Lang::Zh, RuleSet::Chinese), "中国规则");
        use Refusal::*;
        for r in [Occupied, Suicide, Ko, Superko, Scoring, GameOver] {
            assert!(refusal(Lang::En, r).is_ascii() && !refusal(Lang::Zh, r).is_ascii());
        }
    }
}
