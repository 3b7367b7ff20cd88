//! Start flags go straight into a game: `--mode ai --size 9 …` on the desktop, the same names
//! as URL parameters in the browser (`index.html?mode=ai&size=9`).

use bevy::prelude::*;
use tengen_ai::Level;
use tengen_rules::RuleSet;

use crate::game::{ColorChoice, MatchSetup, Mode};
use crate::screens::Screen;
use crate::settings::{Pacing, PacingOverride};

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

/// Reads `name=value` pairs (flags or URL parameters). Unknown names and bad values are
/// reported and skipped.
pub fn parse_start_flags<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> StartFlags {
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
                    setup.choose_size(s)
                }),
            "rules" => RuleSet::parse(value).map(|r| setup.rules = r),
            "level" => Level::parse(value).map(|l| setup.level = l),
            "color" => parse_color(value).map(|c| setup.color = c),
            "pacing" => parse_pacing(value).map(|p| pacing = Some(p)),
            "preview" => value.parse::<bool>().ok().map(|b| {
                setup.options.preview_first = b;
                setup.options.preview_chosen = true;
            }),
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

/// Applies start flags: a game starts at once when any are given. Only the real program calls
/// it (tests set the resources they need).
pub fn apply_start_flags(app: &mut App) {
    let flags = start_flags();
    let flags = parse_start_flags(flags.iter().map(|(a, b)| (a.as_str(), b.as_str())));
    for p in &flags.problems {
        warn!("{p}");
    }
    app.insert_resource(flags.setup);
    if let Some(pacing) = flags.pacing {
        app.insert_resource(PacingOverride(pacing));
    }
    if flags.start {
        app.insert_state(Screen::Game);
    }
}
