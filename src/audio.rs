//! Sounds, synthesised at start-up into small WAV clips (no files to ship): a wooden click for
//! each stone (pitch varied a little), a rattle for captures, a soft tone for a pass, a dull
//! knock for a refused move, a chime at the end. Off when the setting says so.

use bevy::audio::Volume;
use bevy::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tengen_rules::Move;

use crate::AppSystems;
use crate::game::{MovePlayed, MoveRefused};
use crate::platform::clock_seed;
use crate::screens::{GamePhase, Screen};
use crate::settings::Settings;

const RATE: u32 = 44_100;

#[derive(Resource)]
struct Sounds {
    stone: Handle<AudioSource>,
    capture: Handle<AudioSource>,
    pass: Handle<AudioSource>,
    refused: Handle<AudioSource>,
    end: Handle<AudioSource>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, make_sounds)
        .add_systems(
            Update,
            play_game_sounds
                .in_set(AppSystems::React)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(OnEnter(GamePhase::Over), play_end);
}

fn make_sounds(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let mut add = |samples: Vec<f32>| {
        sources.add(AudioSource {
            bytes: wav(&samples).into(),
        })
    };
    commands.insert_resource(Sounds {
        stone: add(click(1.0)),
        capture: add(rattle()),
        pass: add(tone(&[(520.0, 0.09), (390.0, 0.12)], 0.25)),
        refused: add(knock()),
        end: add(tone(&[(523.3, 0.22), (659.3, 0.22), (784.0, 0.5)], 0.3)),
    });
}

fn play(commands: &mut Commands, clip: &Handle<AudioSource>, speed: f32) {
    play_at(commands, clip, speed, 0.8);
}

fn play_at(commands: &mut Commands, clip: &Handle<AudioSource>, speed: f32, volume: f32) {
    commands.spawn((
        AudioPlayer(clip.clone()),
        PlaybackSettings::DESPAWN
            .with_speed(speed)
            .with_volume(Volume::Linear(volume)),
    ));
}

fn play_game_sounds(
    mut commands: Commands,
    sounds: Option<Res<Sounds>>,
    settings: Res<Settings>,
    mut played: MessageReader<MovePlayed>,
    mut refused: MessageReader<MoveRefused>,
    mut rng: Local<Option<SmallRng>>,
) {
    let rng = rng.get_or_insert_with(|| SmallRng::seed_from_u64(clock_seed()));
    let (Some(sounds), true) = (sounds, settings.sound) else {
        played.clear();
        refused.clear();
        return;
    };
    for m in played.read() {
        match m.mv {
            Move::Pass => play(&mut commands, &sounds.pass, 1.0),
            Move::Place(_) => {
                // No two stones sound quite alike.
                play(&mut commands, &sounds.stone, rng.random_range(0.93..1.07));
                if m.captures > 0 {
                    // The more stones taken, the fuller and lower the rattle.
                    let many = (m.captures.min(8) as f32 - 1.0) / 7.0;
                    let speed = rng.random_range(0.95..1.05) * (1.0 - 0.15 * many);
                    play_at(&mut commands, &sounds.capture, speed, 0.55 + 0.4 * many);
                }
            }
        }
    }
    if refused.read().count() > 0 {
        play(&mut commands, &sounds.refused, 1.0);
    }
}

fn play_end(mut commands: Commands, sounds: Option<Res<Sounds>>, settings: Res<Settings>) {
    if let (Some(sounds), true) = (sounds, settings.sound) {
        play(&mut commands, &sounds.end, 1.0);
    }
}

/// A stone on wood: a short noise burst through a resonant body, plus two decaying partials.
fn click(pitch: f32) -> Vec<f32> {
    let n = (RATE as f32 * 0.09) as usize;
    let mut noise = 0x9E37_79B9u32;
    let mut low = 0.0f32;
    (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            noise ^= noise << 13;
            noise ^= noise >> 17;
            noise ^= noise << 5;
            let white = noise as f32 / u32::MAX as f32 * 2.0 - 1.0;
            low += 0.35 * (white - low);
            let body = (t * 1150.0 * pitch * std::f32::consts::TAU).sin() * (-t / 0.018).exp()
                + 0.5 * (t * 2480.0 * pitch * std::f32::consts::TAU).sin() * (-t / 0.008).exp();
            0.55 * low * (-t / 0.004).exp() + 0.45 * body
        })
        .collect()
}

/// Captured stones gathered up: three quieter clicks in quick succession.
fn rattle() -> Vec<f32> {
    let mut out = vec![0.0; (RATE as f32 * 0.25) as usize];
    for (k, (offset, pitch)) in [(0.03, 1.25), (0.09, 1.1), (0.15, 1.35)].into_iter().enumerate() {
        let start = (RATE as f32 * offset) as usize;
        for (i, s) in click(pitch).into_iter().enumerate() {
            if let Some(o) = out.get_mut(start + i) {
                *o += s * (0.55 - 0.1 * k as f32);
            }
        }
    }
    out
}

/// Notes (frequency, seconds) one after another, softly enveloped.
fn tone(notes: &[(f32, f32)], level: f32) -> Vec<f32> {
    notes
        .iter()
        .flat_map(|&(freq, length)| {
            let n = (RATE as f32 * length) as usize;
            (0..n).map(move |i| {
                let t = i as f32 / RATE as f32;
                let envelope = (t / 0.01).min(1.0) * (-t / (length * 0.45)).exp();
                level * envelope * (t * freq * std::f32::consts::TAU).sin()
            })
        })
        .collect()
}

/// A dull, low knock: the move was refused.
fn knock() -> Vec<f32> {
    let n = (RATE as f32 * 0.12) as usize;
    (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            let f = 160.0 - 300.0 * t;
            0.5 * (t * f * std::f32::consts::TAU).sin().signum() * (-t / 0.03).exp() * 0.6
        })
        .collect()
}

/// 16-bit mono PCM in a WAV container.
fn wav(samples: &[f32]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&((s.clamp(-1.0, 1.0) * i16::MAX as f32) as i16).to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn peak(samples: &[f32]) -> f32 {
        samples.iter().fold(0.0f32, |m, s| m.max(s.abs()))
    }

    #[test]
    fn clips_are_short_audible_and_well_formed() {
        for (name, clip, max_secs) in [
            ("stone", click(1.0), 0.1),
            ("capture", rattle(), 0.3),
            ("pass", tone(&[(520.0, 0.09), (390.0, 0.12)], 0.25), 0.25),
            ("refused", knock(), 0.15),
        ] {
            let secs = clip.len() as f32 / RATE as f32;
            assert!(secs > 0.05 && secs <= max_secs, "{name}: {secs} s");
            assert!(
                peak(&clip) > 0.2 && peak(&clip) <= 1.0,
                "{name}: peak {}",
                peak(&clip)
            );
            // It fades out: the last 5 ms are much quieter than the loudest moment.
            let tail = &clip[clip.len() - (RATE as usize / 200)..];
            assert!(peak(tail) < 0.3 * peak(&clip), "{name} ends abruptly");
            let bytes = wav(&clip);
            assert_eq!(&bytes[..4], b"RIFF");
            assert_eq!(bytes.len(), 44 + clip.len() * 2);
            assert!(bytes.len() < 30_000, "{name} is small");
        }
    }
}
