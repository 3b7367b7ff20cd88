//! Renders the real game in a window and saves PNGs: the lobby, a 19×19 game in progress (wide
//! and 400×800 portrait, with the resign question), and a 9×9 game in its counting phase. The games are played by the
//! normal level on both sides. `cargo run --example screenshots -- OUT_DIR` (under Xvfb in CI).

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::{PrimaryWindow, WindowResolution};
use tengen::game::MatchSetup;
use tengen::game::{Intent, Match};
use tengen::screens::Screen;
use tengen_ai::{Decision, Level, Limits, Search};
use tengen_rules::{Move, Phase};

#[derive(Resource)]
struct OutDir(String);

fn main() -> AppExit {
    let out = std::env::args().nth(1).unwrap_or_else(|| "screenshots".into());
    std::fs::create_dir_all(&out).expect("output folder");
    tengen::windowed_app((1000, 760))
        .add_plugins(tengen::plugin)
        .insert_resource(OutDir(out))
        .add_systems(Update, run_script)
        .run()
}

/// Plays `n` moves of the normal level for whoever is to move, or until counting.
fn autoplay(game: &mut tengen_rules::Game, n: usize, seed: u64) {
    for i in 0..n {
        if game.phase() != Phase::Playing {
            break;
        }
        let mv = match Search::with_limits(game, Level::Normal, seed + i as u64, Limits::simulations(1)).run()
        {
            Decision::Play(mv) => mv,
            Decision::Resign => Move::Pass,
        };
        game.play(mv).expect("the level plays legal moves");
    }
}

#[allow(clippy::too_many_arguments)]
fn run_script(
    mut frame: Local<u32>,
    mut commands: Commands,
    out: Res<OutDir>,
    mut next: ResMut<NextState<Screen>>,
    mut setup: ResMut<MatchSetup>,
    current: Option<ResMut<Match>>,
    mut window: Single<&mut Window, With<PrimaryWindow>>,
    mut intents: MessageWriter<Intent>,
    mut settings: ResMut<tengen::settings::Settings>,
    mut question: ResMut<tengen::overlay::Question>,
    mut panel: ResMut<tengen::overlay::Panel>,
    mut exit: MessageWriter<AppExit>,
) {
    *frame += 1;
    let mut shot = |name: &str| {
        let path = format!("{}/{name}", out.0);
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path));
    };
    match *frame {
        40 => shot("lobby.png"),
        50 => {
            setup.size = 19;
            setup.options.move_numbers = false;
            next.set(Screen::Game);
        }
        60 => {
            if let Some(mut m) = current {
                autoplay(&mut m.game, 70, 1);
            }
        }
        90 => shot("game-19x19.png"),
        100 => window.resolution = WindowResolution::new(400, 800),
        130 => shot("phone-19x19.png"),
        131 => {
            intents.write(Intent::Resign);
        }
        135 => shot("phone-dialog.png"),
        136 => *question = tengen::overlay::Question::None,
        140 => {
            window.resolution = WindowResolution::new(1000, 760);
            intents.write(Intent::BackToLobby);
        }
        150 => {
            *setup = MatchSetup {
                size: 9,
                ..MatchSetup::default()
            };
            setup.options.move_numbers = true;
            commands.remove_resource::<Match>();
            next.set(Screen::Game);
        }
        160 => {
            if let Some(mut m) = current {
                autoplay(&mut m.game, 200, 5);
                // Make sure the game ends in counting: two passes, then the proposal.
                while m.game.phase() == Phase::Playing {
                    m.game.play(Move::Pass).ok();
                }
                let dead = tengen_ai::dead_stones(&m.game, 400, 1);
                m.game.set_dead(&dead);
            }
        }
        190 => shot("scoring-9x9.png"),
        200 => {
            intents.write(Intent::ConfirmResult);
        }
        230 => shot("result-9x9.png"),
        240 => {
            settings.language = tengen::i18n::Lang::En;
            intents.write(Intent::BackToLobby);
        }
        270 => shot("lobby-en.png"),
        280 => {
            settings.language = tengen::i18n::Lang::Zh;
            window.resolution = WindowResolution::new(400, 800);
            *panel = tengen::overlay::Panel::Help;
        }
        310 => shot("help-phone.png"),
        330 => {
            exit.write(AppExit::Success);
        }
        _ => {}
    }
}
