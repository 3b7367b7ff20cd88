//! Renders the real game in a window and saves a PNG of every screen — the lobby (both modes), a
//! game in play, a preview telling its consequence, the resign question, counting, the result
//! card, settings, the help page and its diagrams, review and the finished games — at 1280×800,
//! 1000×760 and 400×800, in
//! Chinese and English and in the light and dark themes. Games are played by the normal level on
//! both sides. `cargo run --example screenshots -- OUT_DIR [QUICK]` (under Xvfb in CI; with a
//! second argument only the Chinese light set at 1280×800 and 400×800).

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::{PrimaryWindow, WindowResolution};
use tengen::game::{Intent, Match, MatchSetup, Mode, PreviewStone};
use tengen::i18n::Lang;
use tengen::lobby::{HelpJump, Section};
use tengen::overlay::{Panel, Question};
use tengen::platform::archive::{Archive, FinishedGame};
use tengen::platform::storage::{LevelRecord, Record};
use tengen::screens::Screen;
use tengen::settings::{Settings, ThemeChoice};
use tengen_ai::{Decision, Level, Limits, Search};
use tengen_rules::{Move, Phase};

/// What a picture shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scene {
    LobbyTwo,
    LobbyComputer,
    Game,
    Judgement,
    Hint,
    Preview,
    Question,
    /// The teaching game's question after a big mistake, beside the board.
    Teaching,
    Counting,
    Result,
    Settings,
    Help,
    HelpDiagrams,
    Review,
    ReviewContinue,
    Resigned,
    Records,
}

const SCENES: [(Scene, &str); 17] = [
    (Scene::LobbyTwo, "lobby"),
    (Scene::LobbyComputer, "lobby-computer"),
    (Scene::Game, "game"),
    (Scene::Judgement, "judgement"),
    (Scene::Hint, "hint"),
    (Scene::Preview, "preview"),
    (Scene::Question, "question"),
    (Scene::Teaching, "teaching"),
    (Scene::Counting, "counting"),
    (Scene::Result, "result"),
    (Scene::Settings, "settings"),
    (Scene::Help, "help"),
    (Scene::HelpDiagrams, "help-diagrams"),
    (Scene::Review, "review"),
    (Scene::ReviewContinue, "review-continue"),
    (Scene::Resigned, "resigned"),
    (Scene::Records, "records"),
];

/// Frames before a shot at which its scene's later intent is sent.
const LATER_AT: u32 = 40;

#[derive(Resource)]
struct Script {
    out: String,
    shots: Vec<Shot>,
    next: usize,
    /// Frames left before the current shot is taken.
    wait: u32,
    /// An intent for the middle of the wait (once the scene's screen is up)…
    later: Option<Intent>,
    /// …and a panel to open with it…
    later_panel: Option<Panel>,
    /// …when this many frames are left.
    later_at: u32,
}

#[derive(Clone)]
struct Shot {
    scene: Scene,
    size: (u32, u32),
    lang: Lang,
    dark: bool,
    name: String,
}

fn main() -> AppExit {
    let out = std::env::args().nth(1).unwrap_or_else(|| "screenshots".into());
    let quick = std::env::args().nth(2).is_some_and(|a| a == "quick");
    // `SCENES=result,lobby-computer` renders only those scenes (all sizes and variants).
    let only: Option<Vec<String>> = std::env::var("SCENES")
        .ok()
        .map(|list| list.split(',').map(str::to_owned).collect());
    std::fs::create_dir_all(&out).expect("output folder");
    let mut shots = Vec::new();
    let sizes: &[(u32, u32)] = if quick {
        &[(1280, 800), (400, 800)]
    } else {
        &[(1280, 800), (1000, 760), (400, 800)]
    };
    let variants: &[(Lang, bool)] = if quick {
        &[(Lang::Zh, false)]
    } else {
        &[
            (Lang::Zh, false),
            (Lang::En, false),
            (Lang::Zh, true),
            (Lang::En, true),
        ]
    };
    for &(lang, dark) in variants {
        for &size in sizes {
            for (scene, name) in SCENES {
                if only.as_ref().is_some_and(|only| !only.iter().any(|n| n == name)) {
                    continue;
                }
                let tag = match (lang, dark) {
                    (Lang::Zh, false) => "",
                    (Lang::En, false) => "-en",
                    (Lang::Zh, true) => "-dark",
                    (Lang::En, true) => "-en-dark",
                };
                shots.push(Shot {
                    scene,
                    size,
                    lang,
                    dark,
                    name: format!("{name}-{}x{}{tag}.png", size.0, size.1),
                });
            }
        }
    }
    tengen::windowed_app((1280, 800))
        .add_plugins(tengen::plugin)
        .insert_resource(Script {
            out,
            shots,
            next: 0,
            wait: 30,
            later: None,
            later_panel: None,
            later_at: LATER_AT,
        })
        .add_systems(Update, run_script)
        .run()
}

/// The level the lobby and the result card show: one with a level on either side.
const MIDDLE: Level = match Level::new(7) {
    Some(level) => level,
    None => Level::HARD,
};

/// A record at `level` of a few games, the last `streak` of them won (or lost, if negative).
fn set_record_at(world: &mut World, level: Level, streak: i32) {
    let entry = LevelRecord {
        wins: 5,
        losses: 3,
        streak,
    };
    world
        .resource_mut::<Record>()
        .levels
        .insert(level.number(), entry);
}

/// Plays `n` moves of the normal level for whoever is to move, or until counting.
fn autoplay(game: &mut tengen_rules::Game, n: usize, seed: u64) {
    for i in 0..n {
        if game.phase() != Phase::Playing {
            break;
        }
        let mv = match Search::with_limits(game, Level::NORMAL, seed + i as u64, Limits::simulations(1)).run()
        {
            Decision::Play(mv) => mv,
            Decision::Resign => Move::Pass,
        };
        game.play(mv).expect("the level plays legal moves");
    }
}

/// A finished game for the records list: played by the normal level, then resigned.
fn finished_game(setup: &MatchSetup, i: u64) -> FinishedGame {
    let setup = MatchSetup {
        mode: if i.is_multiple_of(2) {
            Mode::VsComputer
        } else {
            Mode::TwoPlayer
        },
        size: [9, 13, 19, 9][i as usize],
        ..setup.clone()
    };
    let mut m = Match::new(&setup, true);
    autoplay(&mut m.game, 30 + 10 * i as usize, i);
    let loser = m.game.to_move();
    m.game.resign(loser);
    FinishedGame {
        date: format!("2026-11-{:02} 2{i}:1{i}", 30 - i),
        setup,
        human: m.human,
        record: m.game.to_record(),
        analysis: None,
    }
}

/// Each shot: set the scene up, wait for it to settle (animations, the window's new size), save.
#[allow(clippy::too_many_arguments)]
fn run_script(
    mut commands: Commands,
    mut script: ResMut<Script>,
    mut next: ResMut<NextState<Screen>>,
    mut setup: ResMut<MatchSetup>,
    mut window: Single<&mut Window, With<PrimaryWindow>>,
    mut intents: MessageWriter<Intent>,
    mut settings: ResMut<Settings>,
    mut question: ResMut<Question>,
    mut panel: ResMut<Panel>,
    mut preview: ResMut<PreviewStone>,
    mut jump: ResMut<HelpJump>,
    mut exit: MessageWriter<AppExit>,
) {
    if script.wait > 0 {
        script.wait -= 1;
        if script.wait == script.later_at
            && let Some(intent) = script.later.take()
        {
            intents.write(intent);
            if let Some(later) = script.later_panel.take() {
                *panel = later;
            }
        }
        if let Some(shot) = script.next.checked_sub(1).and_then(|i| script.shots.get(i))
            && script.wait == 0
        {
            let path = format!("{}/{}", script.out, shot.name);
            commands
                .spawn(Screenshot::primary_window())
                .observe(save_to_disk(path));
        }
        return;
    }
    let Some(shot) = script.shots.get(script.next).cloned() else {
        // A few frames for the last picture to reach the disk.
        script.next += 1;
        script.wait = 10;
        if script.next > script.shots.len() + 1 {
            exit.write(AppExit::Success);
        }
        return;
    };
    script.next += 1;
    script.wait = 24;
    script.later_at = LATER_AT;
    window.resolution = WindowResolution::new(shot.size.0, shot.size.1);
    settings.language = shot.lang;
    settings.theme = if shot.dark {
        ThemeChoice::Dark
    } else {
        ThemeChoice::Light
    };
    settings.reduced_motion = false;
    *question = Question::None;
    *panel = Panel::None;
    preview.0 = None;
    let mut play = |mode: Mode, size: u8, moves: usize, seed: u64, commands: &mut Commands| {
        *setup = MatchSetup {
            mode,
            size,
            level: Level::HARD,
            ..MatchSetup::default()
        };
        setup.options.move_numbers = size == 9;
        commands.remove_resource::<Match>();
        next.set(Screen::Game);
        commands.queue(move |world: &mut World| {
            let mut m = Match::new(&world.resource::<MatchSetup>().clone(), true);
            autoplay(&mut m.game, moves, seed);
            world.insert_resource(m);
        });
    };
    match shot.scene {
        Scene::Review => {
            play(Mode::VsComputer, 19, 90, 2, &mut commands);
            script.later = Some(Intent::Review);
            script.wait = 64;
        }
        Scene::ReviewContinue => {
            play(Mode::VsComputer, 9, 24, 4, &mut commands);
            script.later = Some(Intent::Review);
            script.later_panel = Some(Panel::ContinueFrom);
            script.wait = 64;
        }
        Scene::Resigned => {
            // The computer gives up: the card says who resigned, and nothing was counted.
            play(Mode::VsComputer, 9, 40, 6, &mut commands);
            commands.queue(|world: &mut World| {
                let mut m = world.resource_mut::<Match>();
                let computer = m.human.opponent();
                m.game.resign(computer);
            });
            script.wait = 64;
        }
        Scene::Records => {
            next.set(Screen::Lobby);
            *panel = Panel::Records;
            commands.queue(|world: &mut World| {
                let games = (0..4)
                    .map(|i| finished_game(world.resource::<MatchSetup>(), i))
                    .collect();
                world.resource_mut::<Archive>().0 = games;
            });
        }
        Scene::LobbyTwo | Scene::LobbyComputer | Scene::Help | Scene::HelpDiagrams => {
            next.set(Screen::Lobby);
            setup.mode = if shot.scene == Scene::LobbyComputer {
                Mode::VsComputer
            } else {
                Mode::TwoPlayer
            };
            if shot.scene == Scene::LobbyComputer {
                // The ladder row with a record at the chosen level.
                setup.level = MIDDLE;
                commands.queue(|world: &mut World| set_record_at(world, MIDDLE, 2));
            }
            if matches!(shot.scene, Scene::Help | Scene::HelpDiagrams) {
                *panel = Panel::Help;
                jump.0 = Some(if shot.scene == Scene::Help {
                    Section::HowToPlay
                } else {
                    Section::Illustrated
                });
            }
        }
        Scene::Game | Scene::Question | Scene::Settings => {
            play(Mode::VsComputer, 19, 60, 1, &mut commands);
            if shot.scene == Scene::Question {
                intents.write(Intent::Resign);
            }
            if shot.scene == Scene::Settings {
                *panel = Panel::Settings;
            }
        }
        Scene::Teaching => {
            // The computer's answer waits under the question (the numbers are the issue's).
            play(Mode::VsComputer, 9, 21, 5, &mut commands);
            *question = Question::TakeBack {
                before: 77,
                after: 44,
            };
        }
        Scene::Judgement => {
            // 形势判断 in the middle of a 13×13 game.
            play(Mode::VsComputer, 13, 50, 7, &mut commands);
            script.later = Some(Intent::Judge);
            script.wait = 64;
        }
        Scene::Hint => {
            // 提示 on a 9×9 game, on the player's turn (the hard search takes up to 1.35 s).
            play(Mode::VsComputer, 9, 24, 11, &mut commands);
            script.later = Some(Intent::Hint);
            script.wait = 160;
            script.later_at = 150;
        }
        Scene::Preview => {
            // A position where the preview takes stones: the normal level leaves some in atari.
            play(Mode::TwoPlayer, 13, 40, 3, &mut commands);
            commands.queue(|world: &mut World| {
                let game = world.resource::<Match>().game.clone();
                let taking = game.board().empty_points().find(|&p| {
                    let mut after = game.clone();
                    after.play(Move::Place(p)).is_ok_and(|captures| captures > 0)
                });
                let fallback = game.board().empty_points().next();
                world.resource_mut::<PreviewStone>().0 = taking.or(fallback);
            });
        }
        Scene::Counting | Scene::Result => {
            play(Mode::VsComputer, 9, 200, 5, &mut commands);
            let result = shot.scene == Scene::Result;
            if result {
                // Confirmed once the game screen is up (a finished game would be replaced on entry).
                script.later = Some(Intent::ConfirmResult);
                // A middle level, so that the card can offer the next one up or down.
                setup.level = MIDDLE;
            }
            commands.queue(move |world: &mut World| {
                let mut m = world.resource_mut::<Match>();
                // Make sure the game ends in counting: two passes, then the proposal.
                while m.game.phase() == Phase::Playing {
                    m.game.play(Move::Pass).ok();
                }
                let dead = tengen_ai::dead_stones(&m.game, tengen_ai::DEAD_STONE_PLAYOUTS, 1);
                m.game.set_dead(&dead);
                let score = m.game.score();
                let human_wins = score.total(m.human) > score.total(m.human.opponent());
                if result {
                    // One game short of a streak either way: this result completes it.
                    let streak = if human_wins { 1 } else { -2 };
                    set_record_at(world, MIDDLE, streak);
                }
            });
            script.wait = 64; // the counting ceremony and the result card take their time
        }
    }
}
