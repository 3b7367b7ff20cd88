//! What game to play: mode, colours, level, size, rule set and display options — chosen in the
//! lobby, or given as start flags (`--mode ai --size 9 …` on the desktop, the same names as URL
//! parameters in the browser) to go straight into a game.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use tengen_ai::Level;
use tengen_rules::{Color, RuleSet};

use crate::screens::Screen;

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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pacing {
    /// 真实: the computer's stone appears 2–5 s after yours.
    Realistic,
    /// 较快: 1–2 s.
    Fast,
    /// No delay (tests and impatient players).
    Instant,
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
}

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchSetup {
    pub mode: Mode,
    pub color: ColorChoice,
    pub level: Level,
    pub size: u8,
    pub rules: RuleSet,
    pub options: DisplayOptions,
}

impl Default for MatchSetup {
    fn default() -> Self {
        MatchSetup {
            mode: Mode::TwoPlayer,
            color: ColorChoice::Black,
            level: Level::Normal,
            // R1: 19×19 for two players, 9×9 against the computer.
            size: 19,
            rules: RuleSet::Chinese,
            options: DisplayOptions {
                move_numbers: false,
                forbidden_marks: true,
                preview_first: false,
            },
        }
    }
}

/// What start flags (or URL parameters) ask for.
#[derive(Debug)]
pub struct StartFlags {
    pub setup: MatchSetup,
    /// A pacing for this run, overriding the saved setting.
    pub pacing: Option<Pacing>,
    /// Whether any flag was given: then the game starts at once.
    pub start: bool,
    /// Unknown names and bad values, skipped.
    pub problems: Vec<String>,
}

impl MatchSetup {
    /// Reads `name=value` pairs (flags or URL parameters). Unknown names and bad values are
    /// reported and skipped.
    pub fn from_pairs<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> StartFlags {
        let mut setup = MatchSetup::default();
        let mut pacing = None;
        let mut start = false;
        let mut problems = Vec::new();
        let mut size_given = false;
        for (name, value) in pairs {
            let ok = match name {
                "mode" => parse_mode(value).map(|m| setup.mode = m),
                "size" => value
                    .parse::<u8>()
                    .ok()
                    .filter(|s| [9, 13, 19].contains(s))
                    .map(|s| {
                        size_given = true;
                        setup.size = s
                    }),
                "rules" => RuleSet::parse(value).map(|r| setup.rules = r),
                "level" => Level::parse(value).map(|l| setup.level = l),
                "color" => parse_color(value).map(|c| setup.color = c),
                "pacing" => parse_pacing(value).map(|p| pacing = Some(p)),
                "preview" => value
                    .parse::<bool>()
                    .ok()
                    .map(|b| setup.options.preview_first = b),
                _ => None,
            };
            match ok {
                Some(()) => start = true,
                None => problems.push(format!("ignored {name}={value}")),
            }
        }
        if setup.mode == Mode::VsComputer && !size_given {
            setup.size = 9;
        }
        StartFlags {
            setup,
            pacing,
            start,
            problems,
        }
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

fn parse_mode(value: &str) -> Option<Mode> {
    match value {
        "ai" | "computer" => Some(Mode::VsComputer),
        "two" | "local" | "pvp" => Some(Mode::TwoPlayer),
        _ => None,
    }
}

fn parse_color(value: &str) -> Option<ColorChoice> {
    match value {
        "black" | "b" => Some(ColorChoice::Black),
        "white" | "w" => Some(ColorChoice::White),
        "random" => Some(ColorChoice::Random),
        _ => None,
    }
}

fn parse_pacing(value: &str) -> Option<Pacing> {
    match value {
        "realistic" => Some(Pacing::Realistic),
        "fast" => Some(Pacing::Fast),
        "instant" => Some(Pacing::Instant),
        _ => None,
    }
}

/// Start flags from the page's address: `?mode=ai&size=9…`, the same names as on the desktop.
/// They are then taken off the address, so that reloading the page comes back to the game in
/// progress instead of starting another.
#[cfg(target_arch = "wasm32")]
fn start_flags() -> Vec<(String, String)> {
    let Some(window) = web_sys::window() else {
        return Vec::new();
    };
    let location = window.location();
    let query = location.search().unwrap_or_default();
    if !query.is_empty()
        && let (Ok(history), Ok(path)) = (window.history(), location.pathname())
    {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
    }
    query_pairs(&query)
}

/// `?a=1&b=2` → [(a, 1), (b, 2)]; the values are plain words, so no percent-decoding.
pub fn query_pairs(query: &str) -> Vec<(String, String)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(name, value)| (name.to_string(), value.to_string()))
        .collect()
}

/// Start flags from the command line: `--mode ai --size 9 …`.
#[cfg(not(target_arch = "wasm32"))]
fn start_flags() -> Vec<(String, String)> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    args.chunks(2)
        .filter_map(|pair| match pair {
            [name, value] => name.strip_prefix("--").map(|n| (n.to_string(), value.clone())),
            _ => None,
        })
        .collect()
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MatchSetup>();
}

/// Applies start flags: a game starts at once when any are given. Only the real program calls
/// it (tests set the resources they need).
pub fn apply_start_flags(app: &mut App) {
    let flags = start_flags();
    let flags = MatchSetup::from_pairs(flags.iter().map(|(a, b)| (a.as_str(), b.as_str())));
    for p in &flags.problems {
        warn!("{p}");
    }
    app.insert_resource(flags.setup);
    if let Some(pacing) = flags.pacing {
        app.insert_resource(crate::settings::PacingOverride(pacing));
    }
    if flags.start {
        app.insert_state(Screen::Game);
    }
}
