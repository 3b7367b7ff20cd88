//! Measures what players feel while the computer thinks: frame times (longest and mean, split by
//! whether the hard level was thinking) and the time from the human's move to the computer's
//! stone, per pacing. The human's moves come from the normal level. Run under a real window:
//! `cargo run --release --example frames -- [realistic|fast|instant] [computer moves]`.

use bevy::prelude::*;
use tengen::game::ComputerTurn;
use tengen::game::{Intent, Match};
use tengen::game::{MatchSetup, Mode};
use tengen::screens::Screen;
use tengen::settings::{Pacing, PacingOverride, Settings};
use tengen_ai::{Decision, Level, Limits, Search};
use tengen_rules::{Move, Phase};
use web_time::{Duration, Instant};

#[derive(Resource, Default)]
struct Stats {
    thinking: Vec<f32>,
    idle: Vec<f32>,
    answers: Vec<Duration>,
    target: usize,
}

fn main() -> AppExit {
    let pacing = match std::env::args().nth(1).as_deref() {
        Some("realistic") => Pacing::Realistic,
        Some("fast") => Pacing::Fast,
        _ => Pacing::Instant,
    };
    let target = std::env::args().nth(2).and_then(|n| n.parse().ok()).unwrap_or(12);
    let mut app = tengen::windowed_app((1000, 760));
    app.add_plugins(tengen::plugin)
        .insert_resource(MatchSetup {
            mode: Mode::VsComputer,
            size: 9,
            level: Level::HARD,
            ..default()
        })
        .insert_resource(PacingOverride(pacing))
        .insert_resource(Stats { target, ..default() })
        .insert_state(Screen::Game)
        .add_systems(Update, (measure, play_human));
    app.run()
}

fn report(stats: &Stats, pacing: Pacing) {
    let frames = |name: &str, v: &[f32]| {
        let max = v.iter().fold(0.0f32, |m, x| m.max(*x));
        let mean = v.iter().sum::<f32>() / v.len().max(1) as f32;
        println!(
            "frames {name}: {} frames, mean {:.1} ms, longest {:.1} ms",
            v.len(),
            mean * 1000.0,
            max * 1000.0
        );
    };
    println!("pacing {pacing:?}, hard level, 9×9");
    frames("while the computer thinks", &stats.thinking);
    frames("otherwise", &stats.idle);
    let secs: Vec<f64> = stats.answers.iter().map(Duration::as_secs_f64).collect();
    let max = secs.iter().fold(0.0f64, |m, x| m.max(*x));
    let min = secs.iter().fold(f64::MAX, |m, x| m.min(*x));
    println!(
        "human move → computer stone: {} answers, mean {:.2} s, min {:.2} s, max {:.2} s",
        secs.len(),
        secs.iter().sum::<f64>() / secs.len().max(1) as f64,
        min,
        max
    );
}

/// Frame times come from the real clock: Bevy's `Time` clamps long frames to 250 ms.
fn measure(turn: Res<ComputerTurn>, mut stats: ResMut<Stats>, mut last_frame: Local<Option<Instant>>) {
    let now = Instant::now();
    if let Some(before) = last_frame.replace(now) {
        let dt = (now - before).as_secs_f32();
        // Until the first answer the renderer is still building its pipelines (seconds on a
        // software renderer): not what a player feels during a game.
        if stats.answers.is_empty() {
        } else if turn.is_thinking() {
            stats.thinking.push(dt);
        } else {
            stats.idle.push(dt);
        }
    }
    if turn.is_changed()
        && let Some(answer) = turn.last_answer()
        && stats.answers.last() != Some(&answer)
    {
        stats.answers.push(answer);
    }
}

fn play_human(
    current: Option<Res<Match>>,
    stats: Res<Stats>,
    settings: Res<Settings>,
    mut intents: MessageWriter<Intent>,
    mut exit: MessageWriter<AppExit>,
    mut done: Local<bool>,
) {
    let Some(m) = current else { return };
    if *done {
        return;
    }
    if stats.answers.len() >= stats.target || matches!(m.game.phase(), Phase::Over(_) | Phase::Scoring) {
        report(&stats, settings.pacing);
        *done = true;
        exit.write(AppExit::Success);
        return;
    }
    if !m.humans_turn() || m.game.phase() != Phase::Playing {
        return;
    }
    let seed = m.game.move_number() as u64;
    match Search::with_limits(&m.game, Level::NORMAL, seed, Limits::simulations(1)).run() {
        Decision::Play(Move::Place(p)) => {
            intents.write(Intent::Tap {
                at: p,
                preview_first: false,
            });
        }
        _ => {
            intents.write(Intent::Pass);
        }
    }
}
