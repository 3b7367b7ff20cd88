//! The finished games the device keeps — the last 100, newest first — for the lobby's
//! 「棋局记录」: when, which mode, size and rules, the result, and every move (the record), so
//! each can be reviewed again or saved as SGF. Each game is read on its own: an unreadable one
//! is skipped with a notice and never costs the others.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use tengen_rules::{Color, GameRecord, Phase};

use super::storage::{self, Storage};
use crate::game::{Match, MatchSetup, Mode};
use crate::i18n::{Unreadable, unreadable, unreadable_games};
use crate::screens::GamePhase;
use crate::settings::Settings;

pub const ARCHIVE_KEY: &str = "finished-games";
/// How many finished games are kept.
pub const ARCHIVE_SIZE: usize = 100;

/// A finished game as kept.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FinishedGame {
    /// When it ended, `YYYY-MM-DD HH:MM` (UTC).
    pub date: String,
    pub setup: MatchSetup,
    pub human: Color,
    pub record: GameRecord,
    /// Its review's analysis, once complete: each position's (`tengen_ai::analyse`).
    #[serde(default)]
    pub analysis: Option<Vec<tengen_ai::Analysed>>,
}

/// The finished games, newest first.
#[derive(Resource, Default, Clone, Debug)]
pub struct Archive(pub Vec<FinishedGame>);

impl Archive {
    /// The kept game with `record`'s moves.
    pub fn find(&self, record: &GameRecord) -> Option<&FinishedGame> {
        self.0.iter().find(|g| same_game(&g.record, record))
    }

    /// Keeps a complete analysis with the game of `record`'s moves, if it is kept.
    pub fn keep_analysis(
        &mut self,
        record: &GameRecord,
        analysis: Vec<tengen_ai::Analysed>,
        storage: Option<ResMut<Storage>>,
    ) {
        let Some(kept) = self.0.iter_mut().find(|g| same_game(&g.record, record)) else {
            return;
        };
        kept.analysis = Some(analysis);
        if let Some(mut storage) = storage {
            storage.set(ARCHIVE_KEY, &self.0);
        }
    }
}

/// The same moves on the same board (the names and date may differ: the game just finished is
/// reviewed from the board, and kept with its players' names).
pub fn same_game(a: &GameRecord, b: &GameRecord) -> bool {
    a.size == b.size && a.handicap == b.handicap && a.moves == b.moves && a.edits == b.edits
}

pub(super) fn plugin(app: &mut App) {
    // A finished game goes into the list of finished games and the record once.
    app.init_resource::<Archive>().add_systems(
        OnEnter(GamePhase::Over),
        (keep_finished_game, storage::count_result, storage::mark_counted)
            .chain()
            .run_if(|current: Res<Match>| !current.counted),
    );
}

pub(super) fn load_archive(
    storage: Option<ResMut<Storage>>,
    settings: Res<Settings>,
    mut archive: ResMut<Archive>,
) {
    let Some(mut storage) = storage else { return };
    let lang = settings.language;
    let notice = match storage.get::<Vec<serde_json::Value>>(ARCHIVE_KEY) {
        Ok(entries) => {
            let entries = entries.unwrap_or_default();
            let total = entries.len();
            archive.0 = entries
                .into_iter()
                .filter_map(|e| serde_json::from_value::<FinishedGame>(e).ok())
                .filter(|g| tengen_rules::Game::from_record(&g.record).is_ok())
                .collect();
            let skipped = total - archive.0.len();
            (skipped > 0).then(|| unreadable_games(lang, skipped))
        }
        Err(e) => Some(unreadable(lang, Unreadable::Archive, &e)),
    };
    if let Some(notice) = notice {
        warn!("{notice}");
        storage.notice = Some(match storage.notice.take() {
            Some(before) => format!("{before}；{notice}"),
            None => notice,
        });
    }
}

fn keep_finished_game(current: Res<Match>, mut archive: ResMut<Archive>, storage: Option<ResMut<Storage>>) {
    if !matches!(current.game.phase(), Phase::Over(_)) || current.game.move_number() == 0 {
        return;
    }
    let date = now_utc();
    let record = named_record(&current, &date);
    archive.0.insert(
        0,
        FinishedGame {
            date,
            setup: current.setup.clone(),
            human: current.human,
            record,
            analysis: None,
        },
    );
    archive.0.truncate(ARCHIVE_SIZE);
    if let Some(mut storage) = storage {
        storage.set(ARCHIVE_KEY, &archive.0);
    }
}

/// The game's record as kept and saved: who played (the computer by name and level) and the
/// day, from `date` (`YYYY-MM-DD HH:MM`).
pub fn named_record(current: &Match, date: &str) -> GameRecord {
    let mut record = current.game.to_record();
    let (black, white) = match current.setup.mode {
        Mode::VsComputer => {
            let computer = match current.setup.level.name() {
                Some(name) => format!("Tengen ({name})"),
                None => format!("Tengen (level {})", current.setup.level.number()),
            };
            if current.human == Color::Black {
                ("Player".to_string(), computer)
            } else {
                (computer, "Player".to_string())
            }
        }
        Mode::TwoPlayer => ("Black".to_string(), "White".to_string()),
    };
    (record.black, record.white) = (black, white);
    record.date = date.get(..10).unwrap_or(date).to_string();
    record
}

/// A record's file name from when it was played and who played it:
/// `tengen-2026-11-30-19-11-Player-vs-Tengen-hard.sgf` (letters, digits and dashes only: no
/// character a file system or browser would refuse or change).
pub fn sgf_file_name(record: &GameRecord, when: &str) -> String {
    let clean = |text: &str| {
        let kept: String = text
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '-' })
            .collect();
        kept.split('-')
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join("-")
    };
    let players = match (clean(&record.black), clean(&record.white)) {
        (b, w) if b.is_empty() && w.is_empty() => String::new(),
        (b, w) => format!("-{}-vs-{}", or_else(b, "Black"), or_else(w, "White")),
    };
    let when = clean(when);
    let when = if when.is_empty() {
        String::new()
    } else {
        format!("-{when}")
    };
    format!("tengen{when}{players}.sgf")
}

fn or_else(text: String, default: &str) -> String {
    if text.is_empty() {
        default.to_string()
    } else {
        text
    }
}

/// The clock as `YYYY-MM-DD HH:MM` (UTC), from days since 1970 by the civil calendar.
pub fn now_utc() -> String {
    let secs = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    date_time(secs)
}

fn date_time(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let (hour, minute) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    // Howard Hinnant's days-to-civil.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02}")
}

#[cfg(test)]
mod tests {
    use super::{date_time, sgf_file_name};
    use tengen_rules::{Game, RuleSet};

    #[test]
    fn file_names_tell_when_and_who() {
        let mut record = Game::new(9, RuleSet::Chinese).to_record();
        assert_eq!(sgf_file_name(&record, ""), "tengen.sgf");
        (record.black, record.white) = ("Player".into(), "Tengen (hard)".into());
        assert_eq!(
            sgf_file_name(&record, "2026-11-30 19:11"),
            "tengen-2026-11-30-19-11-Player-vs-Tengen-hard.sgf"
        );
        // A file's own names, whatever characters they have.
        (record.black, record.white) = ("天元".into(), "Honinbo Shusai".into());
        assert_eq!(
            sgf_file_name(&record, "1933-10-16"),
            "tengen-1933-10-16-天元-vs-Honinbo-Shusai.sgf"
        );
    }

    #[test]
    fn dates_are_civil() {
        assert_eq!(date_time(0), "1970-01-01 00:00");
        // 2026-11-30 19:11 UTC and a leap day.
        assert_eq!(date_time(1_796_065_860), "2026-11-30 19:11");
        assert_eq!(date_time(951_782_400), "2000-02-29 00:00");
    }
}
