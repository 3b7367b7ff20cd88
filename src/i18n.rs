//! Every text the game shows, in Chinese and English, from this one place. Each key's `match`
//! arm holds both languages, so a key without a translation does not build. Chinese is the
//! default; the language is a setting.

use tengen_rules::{Color, Lang, RuleSet};

/// A fixed text of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Text {
    Subtitle,
    Mode,
    VsComputer,
    TwoPlayer,
    Side,
    PlayBlack,
    PlayWhite,
    RandomSide,
    Level,
    Easy,
    Normal,
    Hard,
    Board,
    Rules,
    Options,
    MoveNumbers,
    ForbiddenMarks,
    PreviewFirst,
    Start,
    Continue,
    Pass,
    Undo,
    Resign,
    Restart,
    BackToLobby,
    ConfirmMove,
    Cancel,
    TapToToggle,
    ClearDead,
    ConfirmResult,
    ResumePlay,
    PlayAgain,
    AskResign,
    AskRestart,
    Confirm,
    Settings,
    Pacing,
    Realistic,
    Fast,
    Sound,
    ReducedMotion,
    Language,
    Chinese,
    English,
    Help,
    HowToPlay,
    RuleSets,
    Tips,
    Glossary,
    Faq,
    Thinking,
    NotSaving,
    AskNewGame,
    StartNew,
    Close,
    ComputerPasses,
}

impl Text {
    pub fn get(self, lang: Lang) -> &'static str {
        let (zh, en) = match self {
            Text::Subtitle => ("围棋 · Go", "Tengen · the game of Go"),
            Text::Mode => ("模式", "Mode"),
            Text::VsComputer => ("人机", "vs computer"),
            Text::TwoPlayer => ("双人同屏", "Two players"),
            Text::Side => ("执子", "You play"),
            Text::PlayBlack => ("执黑", "Black"),
            Text::PlayWhite => ("执白", "White"),
            Text::RandomSide => ("随机", "Random"),
            Text::Level => ("难度", "Level"),
            Text::Easy => ("简单", "Easy"),
            Text::Normal => ("普通", "Normal"),
            Text::Hard => ("困难", "Hard"),
            Text::Board => ("棋盘", "Board"),
            Text::Rules => ("规则", "Rules"),
            Text::Options => ("选项", "Options"),
            Text::MoveNumbers => ("棋子上显示手数", "Show move numbers"),
            Text::ForbiddenMarks => ("标出禁入点和劫", "Mark forbidden points and ko"),
            Text::PreviewFirst => ("落子先预览再确认", "Preview before placing"),
            Text::Start => ("开始", "Start"),
            Text::Continue => ("继续上一局", "Continue last game"),
            Text::Pass => ("虚手", "Pass"),
            Text::Undo => ("悔棋", "Undo"),
            Text::Resign => ("认输", "Resign"),
            Text::Restart => ("重新开始", "Restart"),
            Text::BackToLobby => ("回大厅", "Lobby"),
            Text::ConfirmMove => ("确认落子", "Place stone"),
            Text::Cancel => ("取消", "Cancel"),
            Text::TapToToggle => ("点击棋子可切换死活", "Tap a group to mark it dead or alive"),
            Text::ClearDead => ("恢复死子", "Clear dead marks"),
            Text::ConfirmResult => ("确认结果", "Confirm result"),
            Text::ResumePlay => ("继续下棋", "Resume play"),
            Text::PlayAgain => ("再来一局", "Play again"),
            Text::AskResign => ("确定认输吗？", "Resign this game?"),
            Text::AskRestart => (
                "对局还没结束，确定重新开始吗？",
                "The game is not over. Restart anyway?",
            ),
            Text::Confirm => ("确认", "Confirm"),
            Text::Settings => ("设置", "Settings"),
            Text::Pacing => ("电脑落子节奏", "Computer's pace"),
            Text::Realistic => ("真实", "Realistic"),
            Text::Fast => ("较快", "Fast"),
            Text::Sound => ("声音", "Sound"),
            Text::ReducedMotion => ("减少动画", "Reduce motion"),
            Text::Language => ("语言", "Language"),
            // Each language's name in itself.
            Text::Chinese => ("中文", "中文"),
            Text::English => ("English", "English"),
            Text::Help => ("规则与帮助", "Rules and help"),
            Text::HowToPlay => ("怎么下", "How to play"),
            Text::RuleSets => ("三种规则", "The three rule sets"),
            Text::Tips => ("第一盘的小建议", "Tips for a first game"),
            Text::Glossary => ("术语", "Glossary"),
            Text::Faq => ("常见问题", "Questions"),
            Text::Thinking => ("（电脑思考中…）", " (computer thinking…)"),
            Text::AskNewGame => (
                "开始新对局会替换未完成的对局，确定吗？",
                "A new game replaces your unfinished one. Start anyway?",
            ),
            Text::StartNew => ("开始新对局", "New game"),
            Text::Close => ("关闭", "Close"),
            Text::ComputerPasses => ("电脑虚手", "The computer passes"),
            Text::NotSaving => (
                "另一个天元正在运行：本次不保存进度",
                "Tengen is already running: this window does not save",
            ),
        };
        match lang {
            Lang::Zh => zh,
            Lang::En => en,
        }
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
            format!("第 {number} 手 · {}方落子{thinking}", to_move.name(lang)),
            format!("黑提 {} / 白提 {}", captures[0], captures[1]),
        ],
        Lang::En => [
            format!("Move {number} · {} to play{thinking}", to_move.name(lang)),
            format!("captures B {} / W {}", captures[0], captures[1]),
        ],
    }
}

/// A player passed (the computer's pass says so by name).
pub fn passed(lang: Lang, color: Color) -> String {
    match lang {
        Lang::Zh => format!("{}方虚手", color.name(lang)),
        Lang::En => format!("{} passes", color.name(lang)),
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
        Lang::Zh => format!("{}（贴 {} 目）", rules.name(lang), rules.komi()),
        Lang::En => format!("{} (komi {})", rules.name(lang), rules.komi()),
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
        // The Chinese wording SPEC.md requires.
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
        assert_eq!(playing_status(Lang::Zh, 12, Color::White, false, [3, 1])[1], "黑提 3 / 白提 1");
        assert!(playing_status(Lang::En, 12, Color::White, true, [3, 1])[0].contains("White to play"));
        assert_eq!(passed(Lang::Zh, Color::Black), "黑方虚手");
        assert!(counting_status(Lang::En, 40.0, 41.5, 7.5).contains("41.5"));
        assert_eq!(rules_label(Lang::Zh, RuleSet::Japanese), "日本规则（贴 6.5 目）");
        assert!(unreadable(Lang::En, Unreadable::Game, "format 9").contains("format 9"));
    }
}
