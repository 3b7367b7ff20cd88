//! The fixed words of the interface. Each key's `match` arm holds both languages, so a key
//! without a translation does not build.

use serde::{Deserialize, Serialize};

/// The two languages every user-visible text exists in. Chinese is the default; the language is
/// a setting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    Zh,
    En,
}

impl Lang {
    /// The one of two texts in this language.
    pub fn pick<'a>(self, zh: &'a str, en: &'a str) -> &'a str {
        match self {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }
}

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
        lang.pick(zh, en)
    }
}
