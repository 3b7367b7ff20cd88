//! What the device remembers (R21, R22), through bevy_pkv (a file store on the desktop, the
//! browser's localStorage on the web): the unfinished game after every move and on leaving, and
//! the record against the computer. Every saved value carries a format version; anything
//! unreadable or from another version is reported once and ignored — never a crash, and never
//! written over other good data.

use bevy::prelude::*;
use bevy_pkv::PkvStore;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use tengen_ai::Level;
use tengen_rules::{Color, Game, GameRecord, Phase};

use crate::AppSystems;
use crate::game::{Elapsed, Match, MatchSetup, Mode, Offer, ResultOffer};
use crate::i18n::{Unreadable, unreadable};
use crate::screens::Screen;
use crate::settings::Settings;

/// Bumped whenever a saved value's shape changes.
pub const SAVE_FORMAT: u32 = 1;
pub const GAME_KEY: &str = "unfinished-game";
pub const RECORD_KEY: &str = "record";
pub const SETTINGS_KEY: &str = "settings";
/// The lobby's choices (mode, level, colour, size, rules, handicap, options), kept across visits.
pub const CHOICES_KEY: &str = "lobby-choices";

/// The store, if it could be opened, and a message for the lobby when something was off.
#[derive(Resource)]
pub struct Storage {
    store: Option<PkvStore>,
    pub notice: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct Versioned<T> {
    format: u32,
    value: T,
}

/// An unfinished game as saved.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedGame {
    pub setup: MatchSetup,
    pub human: Color,
    pub elapsed_secs: f64,
    pub record: GameRecord,
    /// Saved while the game was on screen (not on going back to the lobby): the program was
    /// closed or the page reloaded mid-game, so the next start goes straight back to it.
    #[serde(default)]
    pub interrupted: bool,
    /// Hints asked for so far (a save from before hints has none).
    #[serde(default)]
    pub hints: u32,
}

/// Wins and losses against the computer, all sizes together (R22), and at each level of the
/// ladder. A record saved before levels had records reads with none: its total stays.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub wins: u32,
    pub losses: u32,
    /// By level number.
    #[serde(default)]
    pub levels: std::collections::BTreeMap<u8, LevelRecord>,
}

/// The record at one level, and how the last games there went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelRecord {
    pub wins: u32,
    pub losses: u32,
    /// Wins in a row (positive) or losses in a row (negative) up to the last game.
    pub streak: i32,
}

impl Record {
    /// Counts a game against the computer at `level`.
    pub fn count(&mut self, level: Level, won: bool) {
        let at = self.levels.entry(level.number()).or_default();
        if won {
            self.wins += 1;
            at.wins += 1;
            at.streak = at.streak.max(0) + 1;
        } else {
            self.losses += 1;
            at.losses += 1;
            at.streak = at.streak.min(0) - 1;
        }
    }

    pub fn at(&self, level: Level) -> LevelRecord {
        self.levels.get(&level.number()).copied().unwrap_or_default()
    }

    /// After two wins in a row at `level` the next level up; after three losses in a row the
    /// next one down, or on the lowest a handicap stone more than `handicap` (2 at least).
    pub fn offer(&self, level: Level, handicap: u8, most: u8) -> Option<Offer> {
        match self.at(level).streak {
            s if s >= 2 => level.up().map(Offer::Up),
            s if s <= -3 => match level.down() {
                Some(down) => Some(Offer::Down(down)),
                None => {
                    let more = (handicap + 1).max(2);
                    (more <= most).then_some(Offer::Handicap(more))
                }
            },
            _ => None,
        }
    }
}

/// The unfinished game in the store, offered as 「继续上一局」. A new game replaces it only
/// with its first move (R21: the saved game is kept until then).
#[derive(Resource, Clone, Debug, Default)]
pub struct SavedGameOffer(pub Option<SavedGame>);

impl Storage {
    /// The device's store. A second copy of the game running at the same time finds the file
    /// locked (bevy_pkv's constructor panics then): it runs on without saving, and says so.
    pub fn open_default() -> Storage {
        Storage::open(|| PkvStore::new("Tengen", "tengen"))
    }

    /// A store in `dir` (tests use a temporary folder), with the same care.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn in_dir(dir: &std::path::Path) -> Storage {
        let dir = dir.to_path_buf();
        Storage::open(move || PkvStore::new_in_dir(dir))
    }

    fn open(make: impl FnOnce() -> PkvStore + std::panic::UnwindSafe) -> Storage {
        // The panic message still reaches stderr; the game goes on.
        match std::panic::catch_unwind(make) {
            Ok(store) => Storage {
                store: Some(store),
                notice: None,
            },
            Err(_) => Storage {
                store: None,
                notice: None, // the lobby says it, in the chosen language
            },
        }
    }

    /// Whether progress is being saved.
    pub fn is_saving(&self) -> bool {
        self.store.is_some()
    }

    /// `Ok(None)` when nothing is stored; `Err` with a reason when something unreadable is.
    pub(super) fn get<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>, String> {
        let Some(store) = &self.store else { return Ok(None) };
        // The envelope first, so another format is named as such rather than as garbage.
        match store.get::<Versioned<serde::de::IgnoredAny>>(key) {
            Err(bevy_pkv::GetError::NotFound) => return Ok(None),
            Err(e) => return Err(e.to_string()),
            Ok(v) if v.format != SAVE_FORMAT => {
                return Err(format!("format {} (this version reads {SAVE_FORMAT})", v.format));
            }
            Ok(_) => {}
        }
        store
            .get::<Versioned<T>>(key)
            .map(|v| Some(v.value))
            .map_err(|e| e.to_string())
    }

    pub(super) fn set<T: Serialize>(&mut self, key: &str, value: &T) {
        self.set_with_format(key, SAVE_FORMAT, value);
    }

    /// Writes `value` tagged with `format` (tests write older formats this way).
    #[doc(hidden)]
    pub fn set_with_format<T: Serialize>(&mut self, key: &str, format: u32, value: &T) {
        if let Some(store) = &mut self.store
            && let Err(e) = store.set(key, &Versioned { format, value })
        {
            warn!("could not save {key}: {e}");
        }
    }

    fn remove(&mut self, key: &str) {
        if let Some(store) = &mut self.store {
            let _ = store.remove(key);
        }
    }

    /// Writes raw bytes under a key: for tests of unreadable data.
    #[doc(hidden)]
    pub fn set_raw(&mut self, key: &str, text: &str) {
        if let Some(store) = &mut self.store {
            store.set_string(key, text).expect("test store writes");
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Record>()
        .init_resource::<SavedGameOffer>()
        .add_systems(
            Update,
            save_after_moves
                .in_set(AppSystems::React)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(Update, (save_settings, save_choices).in_set(AppSystems::React))
        .add_systems(OnExit(Screen::Game), save_on_leaving);
}

pub(super) fn load_saved(
    storage: Option<ResMut<Storage>>,
    mut record: ResMut<Record>,
    mut offer: ResMut<SavedGameOffer>,
    mut settings: ResMut<Settings>,
    mut setup: ResMut<MatchSetup>,
    screen: Res<State<Screen>>,
    next: Res<NextState<Screen>>,
) {
    let Some(mut storage) = storage else { return };
    let mut problems = Vec::new();
    match storage.get::<Settings>(SETTINGS_KEY) {
        Ok(s) => *settings = s.unwrap_or_default(),
        Err(e) => problems.push(unreadable(settings.language, Unreadable::Settings, &e)),
    }
    // Start flags that asked for a game bring their own setup.
    let asked_for_a_game = *screen.get() == Screen::Game || matches!(*next, NextState::Pending(_));
    match storage.get::<MatchSetup>(CHOICES_KEY) {
        Ok(Some(choices)) if !asked_for_a_game => *setup = choices,
        Ok(_) => {}
        Err(e) => problems.push(unreadable(settings.language, Unreadable::Choices, &e)),
    }
    match storage.get::<Record>(RECORD_KEY) {
        Ok(r) => *record = r.unwrap_or_default(),
        Err(e) => problems.push(unreadable(settings.language, Unreadable::Record, &e)),
    }
    match storage.get::<SavedGame>(GAME_KEY) {
        Ok(saved) => offer.0 = saved.filter(|s| Game::from_record(&s.record).is_ok()),
        Err(e) => problems.push(unreadable(settings.language, Unreadable::Game, &e)),
    }
    if !problems.is_empty() {
        let text = problems.join("；");
        warn!("{text}");
        storage.notice = Some(text);
    }
}

/// Back into the game that was on screen when the program closed or the page reloaded —
/// unless the start flags asked for a game of their own.
pub(super) fn resume_interrupted(
    offer: Res<SavedGameOffer>,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut setup: ResMut<MatchSetup>,
    mut commands: Commands,
) {
    let asked_for_a_game = *screen.get() == Screen::Game || matches!(*next, NextState::Pending(_));
    if let Some(saved) = offer.0.as_ref().filter(|s| s.interrupted && !asked_for_a_game) {
        continue_saved(saved, &mut setup, &mut commands, &mut next);
    }
}

/// 「继续上一局」: the saved game becomes the match.
pub fn continue_saved(
    saved: &SavedGame,
    setup: &mut MatchSetup,
    commands: &mut Commands,
    next: &mut NextState<Screen>,
) {
    if let Some((m, elapsed)) = restore(saved) {
        *setup = m.setup.clone();
        commands.insert_resource(m);
        commands.insert_resource(elapsed);
        next.set(Screen::Game);
    }
}

fn save_settings(settings: Res<Settings>, storage: Option<ResMut<Storage>>) {
    if let Some(mut storage) = storage
        && settings.is_changed()
        && !settings.is_added()
    {
        storage.set(SETTINGS_KEY, &*settings);
    }
}

/// The lobby's choices, whenever they change — start flags' too (their choice stands on the
/// next visit), and 「继续上一局」's (the lobby then shows the game last played).
fn save_choices(setup: Res<MatchSetup>, storage: Option<ResMut<Storage>>) {
    if let Some(mut storage) = storage
        && setup.is_changed()
    {
        storage.set(CHOICES_KEY, &*setup);
    }
}

/// After every move (any change of the game), the unfinished game is written; a finished one
/// is removed, so 「继续上一局」 only ever offers games that can go on.
fn save_after_moves(
    current: Res<Match>,
    elapsed: Res<Elapsed>,
    storage: Option<ResMut<Storage>>,
    mut offer: ResMut<SavedGameOffer>,
) {
    if current.is_changed() {
        save(&current, &elapsed, true, storage, &mut offer);
    }
}

fn save_on_leaving(
    current: Option<Res<Match>>,
    elapsed: Res<Elapsed>,
    storage: Option<ResMut<Storage>>,
    mut offer: ResMut<SavedGameOffer>,
) {
    if let Some(current) = current {
        save(&current, &elapsed, false, storage, &mut offer);
    }
}

/// Writes the game (and offers it in the lobby). A game without moves writes nothing: the game
/// saved before it stays until this one has a move to keep.
fn save(
    current: &Match,
    elapsed: &Elapsed,
    interrupted: bool,
    storage: Option<ResMut<Storage>>,
    offer: &mut SavedGameOffer,
) {
    if current.game.move_number() == 0 {
        return;
    }
    if matches!(current.game.phase(), Phase::Over(_)) {
        offer.0 = None;
        if let Some(mut storage) = storage {
            storage.remove(GAME_KEY);
        }
        return;
    }
    let saved = SavedGame {
        setup: current.setup.clone(),
        human: current.human,
        elapsed_secs: elapsed.0,
        record: current.game.to_record(),
        interrupted,
        hints: current.hints,
    };
    if let Some(mut storage) = storage {
        storage.set(GAME_KEY, &saved);
    }
    offer.0 = Some(saved);
}

/// R22: a finished game against the computer counts once, as a win or a loss for the human, in
/// the total and at its level; a streak there makes the result card offer another level.
pub(super) fn count_result(
    current: Res<Match>,
    mut record: ResMut<Record>,
    mut offer: ResMut<ResultOffer>,
    storage: Option<ResMut<Storage>>,
) {
    offer.0 = None;
    if current.setup.mode != Mode::VsComputer {
        return;
    }
    let Phase::Over(outcome) = current.game.phase() else {
        return;
    };
    let s = &current.setup;
    record.count(s.level, outcome.winner() == Some(current.human));
    offer.0 = record.offer(s.level, s.handicap, tengen_rules::max_handicap(s.size));
    if let Some(mut storage) = storage {
        storage.set(RECORD_KEY, &*record);
    }
}

pub(super) fn mark_counted(mut current: ResMut<Match>) {
    current.counted = true;
}

/// Restores a saved game as the current match (「继续上一局」).
fn restore(saved: &SavedGame) -> Option<(Match, Elapsed)> {
    let game = Game::from_record(&saved.record).ok()?;
    Some((
        Match {
            game,
            setup: saved.setup.clone(),
            human: saved.human,
            counted: false,
            hints: saved.hints,
        },
        Elapsed(saved.elapsed_secs),
    ))
}
