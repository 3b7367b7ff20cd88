//! The player's settings (R20): the computer's pacing (R11), sound, fewer animations, the
//! language, whether advice (形势判断, 提示) is offered. Saved on the device; a start flag may
//! override the pacing for one run.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::i18n::Lang;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pacing {
    /// 真实: the computer's stone appears 2–5 s after yours.
    Realistic,
    /// 较快: 1–2 s.
    Fast,
    /// No delay (tests and impatient players).
    Instant,
}

/// Light or dark: as the system prefers (where the platform says; else light), or fixed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ThemeChoice {
    #[default]
    System,
    Light,
    Dark,
}

#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub pacing: Pacing,
    pub sound: bool,
    /// Fewer animations (R18's "respect a reduced-motion setting").
    #[serde(default)]
    pub reduced_motion: bool,
    #[serde(default)]
    pub language: Lang,
    #[serde(default)]
    pub theme: ThemeChoice,
    /// 形势判断 and 提示 offered while playing (some players want no advice).
    #[serde(default = "offered")]
    pub advice: bool,
}

fn offered() -> bool {
    true
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            pacing: Pacing::Realistic,
            sound: true,
            reduced_motion: false,
            language: Lang::Zh,
            theme: ThemeChoice::System,
            advice: true,
        }
    }
}

/// A pacing given as a start flag: it wins over the saved setting for this run.
#[derive(Resource, Clone, Copy, Debug)]
pub struct PacingOverride(pub Pacing);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Settings>()
        .add_systems(PostStartup, apply_override);
}

fn apply_override(flag: Option<Res<PacingOverride>>, mut settings: ResMut<Settings>) {
    if let Some(flag) = flag {
        settings.pacing = flag.0;
    }
}
