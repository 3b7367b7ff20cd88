//! What game to play: mode, colours, level, size, rule set and display options — chosen in the
//! lobby, or given as start flags (`platform::start_flags`).

use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use tengen_ai::Level;
use tengen_rules::{Color, RuleSet};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// 双人同屏: two people on one screen.
    TwoPlayer,
    /// 人机: against the computer.
    VsComputer,
}

/// Which colour the human takes against the computer (R9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ColorChoice {
    Black,
    White,
    Random,
}

/// Lobby options of R12, R13 and R15.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisplayOptions {
    /// 棋子上显示手数
    pub move_numbers: bool,
    /// 标出禁入点和劫
    pub forbidden_marks: bool,
    /// 落子先预览再确认
    pub preview_first: bool,
    /// The player set 落子先预览再确认 (in the lobby or by a start flag): then a touch screen
    /// no longer turns it on by default (R15).
    #[serde(default)]
    pub preview_chosen: bool,
}

impl DisplayOptions {
    /// Whether a tap previews first: the option, or on a touch screen the default of R15
    /// unless the player chose otherwise.
    pub fn preview_on(&self, touch: bool) -> bool {
        self.preview_first || (touch && !self.preview_chosen)
    }
}

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchSetup {
    pub mode: Mode,
    pub color: ColorChoice,
    pub level: Level,
    pub size: u8,
    pub rules: RuleSet,
    pub options: DisplayOptions,
    /// 让子: Black's handicap stones on the fixed points (0, or 2–9; at most 5 on 9×9).
    #[serde(default)]
    pub handicap: u8,
    /// The player chose the board size: changing the mode keeps it.
    #[serde(default)]
    pub size_chosen: bool,
    /// 教学: against the computer, a big mistake is flagged and may be taken back.
    #[serde(default)]
    pub teaching: bool,
}

impl Default for MatchSetup {
    fn default() -> Self {
        MatchSetup {
            mode: Mode::TwoPlayer,
            color: ColorChoice::Black,
            level: Level::NORMAL,
            // R1: 19×19 for two players, 9×9 against the computer.
            size: 19,
            rules: RuleSet::Chinese,
            options: DisplayOptions {
                move_numbers: false,
                forbidden_marks: true,
                preview_first: false,
                preview_chosen: false,
            },
            handicap: 0,
            teaching: false,
            size_chosen: false,
        }
    }
}

impl MatchSetup {
    /// A mode chosen in the lobby: until the player picks a size, each mode brings its own
    /// (R1: 9×9 against the computer, 19×19 between two players).
    pub fn choose_mode(&mut self, mode: Mode) {
        self.mode = mode;
        if !self.size_chosen {
            self.size = if mode == Mode::VsComputer { 9 } else { 19 };
        }
    }

    /// A board size chosen in the lobby, kept from then on.
    pub fn choose_size(&mut self, size: u8) {
        self.size = size;
        self.size_chosen = true;
    }

    /// The human's colour against the computer, resolving 随机 with `coin`.
    pub fn human_color(&self, coin: bool) -> Color {
        match self.color {
            ColorChoice::Black => Color::Black,
            ColorChoice::White => Color::White,
            ColorChoice::Random if coin => Color::Black,
            ColorChoice::Random => Color::White,
        }
    }
}

/// What the result card offers after a streak at one level against the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    /// Two wins in a row: the next level up.
    Up(Level),
    /// Three losses in a row: the next level down…
    Down(Level),
    /// …or, at the bottom of the ladder, this many handicap stones.
    Handicap(u8),
}

impl Offer {
    /// The setup with the offer taken.
    pub fn apply(self, setup: &mut MatchSetup) {
        match self {
            Offer::Up(level) | Offer::Down(level) => setup.level = level,
            Offer::Handicap(stones) => setup.handicap = stones,
        }
    }
}

/// The offer for the game just finished, if any (worked out where the record is kept).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ResultOffer(pub Option<Offer>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MatchSetup>().init_resource::<ResultOffer>();
}
