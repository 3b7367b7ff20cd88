//! What is being reviewed and where in it: a finished game from the device's records, an SGF
//! file opened from disk (with its variations), or the game just played. Stepping changes only
//! the move shown; 「从这里继续」 makes the shown position a new game.

use bevy::prelude::*;
use tengen_ai::Level;
use tengen_rules::{Color, Game, GameRecord, Move, SgfError, SgfTree};

use crate::AppSystems;
use crate::game::{ColorChoice, Intent, Match, MatchSetup, Mode, Shown};
use crate::i18n;
use crate::overlay::{Notice, Panel};
use crate::platform::archive::{named_record, now_utc, sgf_file_name};
use crate::platform::emit;
use crate::platform::files::{OpenedFile, PendingSaves, save_sgf};
use crate::screens::Screen;
use crate::settings::Settings;

/// A game being stepped through.
#[derive(Resource, Clone, Debug)]
pub struct Review {
    /// Every move of the line followed.
    record: GameRecord,
    /// An opened file's game tree and the line followed through it (node indices from the
    /// root), for its variations.
    tree: Option<(SgfTree, Vec<usize>)>,
    /// Moves shown: 0 is the starting position.
    shown: usize,
    /// The position after `shown` moves.
    position: Game,
    /// Size, rules and display options to draw with.
    pub setup: MatchSetup,
    /// Who played (for a game from this device) or the file's players.
    pub title: String,
    /// Where leaving goes back to.
    pub back: Back,
}

/// Where a review was opened from, and so where 「返回」 leads: the game just finished (its
/// result), the list of finished games, or the lobby.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Back {
    Game,
    Records,
    Lobby,
}

/// What 「从这里继续」 starts: two players, or the computer at a level with the person taking
/// a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ContinueChoice {
    pub mode: Mode,
    pub level: Level,
    pub human: Color,
}

/// What the review's buttons and keys ask for.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewIntent {
    First,
    Back,
    Forward,
    Last,
    /// Show the position after this many moves.
    To(usize),
    /// Follow the variation that starts at this node of the opened file.
    Variation(usize),
    /// 「从这里继续」: a new game from the position shown.
    ContinueFrom(ContinueChoice),
    /// Stops the analysis, or takes it up again.
    ToggleAnalysis,
    Leave,
}

impl Review {
    /// A game of this device (finished, or the one on the board), shown at its end.
    pub fn of_record(record: GameRecord, setup: MatchSetup, title: String, back: Back) -> Review {
        let shown = record.moves.len();
        let position = position(&record, shown);
        Review {
            record,
            tree: None,
            shown,
            position,
            setup,
            title,
            back,
        }
    }

    /// An SGF file's main line (its variations listed where they branch), shown at its end.
    pub fn of_sgf(bytes: &[u8], back: Back) -> Result<Review, SgfError> {
        let tree = SgfTree::from_bytes(bytes)?;
        let line = tree.main_line();
        let game = tree.game(&line)?;
        let record = game.to_record();
        let setup = MatchSetup {
            mode: Mode::TwoPlayer,
            size: record.size,
            rules: record.rules,
            ..MatchSetup::default()
        };
        let title = match (record.black.as_str(), record.white.as_str()) {
            ("", "") => String::new(),
            (b, w) => format!("{b} – {w}"),
        };
        let mut review = Review::of_record(record, setup, title, back);
        review.tree = Some((tree, line));
        Ok(review)
    }

    pub fn shown(&self) -> usize {
        self.shown
    }

    pub fn moves(&self) -> usize {
        self.record.moves.len()
    }

    pub fn position(&self) -> &Game {
        &self.position
    }

    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// Each move of the line: who played and where (`None` for a pass).
    pub fn move_list(&self) -> impl Iterator<Item = (Color, Option<(u8, u8)>)> + '_ {
        self.record.moves.iter().map(|m| (m.color, m.at))
    }

    /// Where the opened file branches after the move shown: each alternative next move (its
    /// node, and the move) — empty when there is no choice.
    pub fn variations(&self) -> Vec<(usize, (Color, Option<(u8, u8)>))> {
        let Some((tree, line)) = &self.tree else {
            return Vec::new();
        };
        let Some(&node) = self.node_after(tree, line) else {
            return Vec::new();
        };
        let children = tree.children(node);
        if children.len() < 2 {
            return Vec::new();
        }
        children
            .iter()
            .filter_map(|&child| tree.node_move(child).map(|mv| (child, mv)))
            .collect()
    }

    /// The node of the line at which `shown` moves have been played (the last one, if set-up
    /// nodes follow it).
    fn node_after<'a>(&self, tree: &SgfTree, line: &'a [usize]) -> Option<&'a usize> {
        let mut played = 0;
        let mut at = line.first();
        for node in line {
            if tree.node_move(*node).is_some() {
                if played == self.shown {
                    break;
                }
                played += 1;
            }
            at = Some(node);
        }
        at
    }

    fn show(&mut self, n: usize) {
        let n = n.min(self.moves());
        if n != self.shown {
            self.shown = n;
            self.position = position(&self.record, n);
        }
    }

    fn follow(&mut self, node: usize) {
        let Some((tree, _)) = &self.tree else { return };
        let line = tree.line_through(node);
        if let Ok(game) = tree.game(&line) {
            self.record = game.to_record();
            let shown = self.shown + 1;
            self.tree = self.tree.take().map(|(tree, _)| (tree, line));
            self.shown = usize::MAX;
            self.show(shown);
        }
    }

    /// The result, once the last move is shown (a game that was finished).
    pub fn outcome_shown(&self) -> Option<tengen_rules::Outcome> {
        self.record.outcome.filter(|_| self.shown == self.moves())
    }

    /// The position shown as a new game, its moves kept (so undo works), play going on, with
    /// the level and colour chosen.
    pub fn continue_from(&self, choice: ContinueChoice, lobby: &MatchSetup) -> Match {
        let mut record = truncated(&self.record, self.shown);
        record.passes_end_play = true;
        let game = Game::from_record(&record).unwrap_or_else(|_| self.position.clone());
        let setup = MatchSetup {
            mode: choice.mode,
            level: choice.level,
            color: match choice.human {
                Color::Black => ColorChoice::Black,
                Color::White => ColorChoice::White,
            },
            size: self.setup.size,
            rules: self.setup.rules,
            handicap: record.handicap,
            ..lobby.clone()
        };
        Match {
            game,
            setup,
            human: choice.human,
            counted: false,
            hints: 0,
        }
    }

    /// The `tengen:review` line: where the review stands.
    fn line(&self) -> String {
        let last = match self.position.last_move() {
            Some((color, Move::Place(p))) => {
                let (c, r) = self.position.board().coords(p);
                let letter = if color == Color::Black { 'B' } else { 'W' };
                format!(
                    "{letter} {}",
                    tengen_rules::vertex_name(self.position.size(), c, r)
                )
            }
            Some((_, Move::Pass)) => "pass".into(),
            None => "-".into(),
        };
        format!(
            "tengen:review size={} shown={} moves={} last={last}",
            self.position.size(),
            self.shown,
            self.moves()
        )
    }
}

/// The record with only its first `n` moves, and nothing decided yet.
fn truncated(record: &GameRecord, n: usize) -> GameRecord {
    let mut r = record.clone();
    r.moves.truncate(n);
    r.edits.retain(|e| e.after <= n);
    r.outcome = None;
    r.dead.clear();
    r
}

/// The position after the first `n` moves of `record`. Passes never end play here: a review
/// steps through a game's end like any other move — until its last move, where a finished game
/// shows how it ended (the dead stones and the count).
fn position(record: &GameRecord, n: usize) -> Game {
    if n >= record.moves.len()
        && record.outcome.is_some()
        && let Ok(finished) = Game::from_record(record)
    {
        return finished;
    }
    playing_position(record, n)
}

/// The position after the first `n` moves of `record` with play going on, however the game
/// ended (passes do not end it).
pub(super) fn playing_position(record: &GameRecord, n: usize) -> Game {
    let mut r = truncated(record, n);
    r.passes_end_play = false;
    Game::from_record(&r).unwrap_or_else(|_| Game::new(record.size, record.rules))
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ReviewIntent>()
        .add_systems(
            Update,
            apply_review_intents
                .in_set(AppSystems::Apply)
                .run_if(in_state(Screen::Review)),
        )
        .add_systems(Update, open_files.in_set(AppSystems::Apply))
        .add_systems(
            Update,
            review_current_game
                .in_set(AppSystems::Apply)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(OnEnter(Screen::Review), |review: Res<Review>| {
            emit(&review.line())
        })
        .add_systems(
            Update,
            show_on_board
                .in_set(AppSystems::React)
                .run_if(in_state(Screen::Review)),
        )
        .add_systems(OnExit(Screen::Review), |mut shown: ResMut<Shown>| shown.0 = None);
}

/// 复盘 and 保存棋谱 from the game screen: the game on the board, reviewed or saved.
fn review_current_game(
    mut intents: MessageReader<Intent>,
    current: Res<Match>,
    saves: Res<PendingSaves>,
    settings: Res<Settings>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    for intent in intents.read() {
        match intent {
            Intent::Review => {
                let title = i18n::move_count(settings.language, current.game.move_number());
                let review =
                    Review::of_record(current.game.to_record(), current.setup.clone(), title, Back::Game);
                commands.insert_resource(review);
                next.set(Screen::Review);
            }
            Intent::SaveRecord => {
                // Named and dated as the finished games' list keeps it.
                let when = now_utc();
                let record = named_record(&current, &when);
                let text = Game::from_record(&record).map_or_else(|_| current.game.to_sgf(), |g| g.to_sgf());
                save_sgf(&saves, &sgf_file_name(&record, &when), text);
            }
            _ => {}
        }
    }
}

/// An SGF file the player opened: shown in review, or why it cannot be.
fn open_files(
    mut opened: MessageReader<OpenedFile>,
    screen: Res<State<Screen>>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut notice: ResMut<Notice>,
    mut panel: ResMut<Panel>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    for file in opened.read() {
        // From the lobby's list of finished games, or from a review (whose own way back is
        // given up for the file's): back to the list either way.
        let back = match screen.get() {
            Screen::Game => Back::Game,
            Screen::Lobby | Screen::Review => Back::Records,
        };
        match Review::of_sgf(&file.bytes, back) {
            Ok(review) => {
                commands.insert_resource(review);
                *panel = Panel::None;
                next.set(Screen::Review);
            }
            Err(e) => {
                let text = i18n::unreadable_record(settings.language, &file.name, &e.to_string());
                warn!("{text}");
                notice.show(text, time.elapsed_secs_f64());
            }
        }
    }
}

/// The board draws the position the review is at.
fn show_on_board(review: Res<Review>, mut shown: ResMut<Shown>) {
    if review.is_changed() || shown.0.is_none() {
        shown.0 = Some(Match {
            game: review.position.clone(),
            setup: review.setup.clone(),
            human: Color::Black,
            counted: true,
            hints: 0,
        });
    }
}

fn apply_review_intents(
    mut intents: MessageReader<ReviewIntent>,
    mut review: ResMut<Review>,
    mut setup: ResMut<MatchSetup>,
    mut panel: ResMut<Panel>,
    mut next: ResMut<NextState<Screen>>,
    mut commands: Commands,
) {
    for intent in intents.read().copied() {
        let shown = review.shown;
        match intent {
            ReviewIntent::First => review.show(0),
            ReviewIntent::Back => review.show(shown.saturating_sub(1)),
            ReviewIntent::Forward => review.show(shown + 1),
            ReviewIntent::Last => review.show(usize::MAX),
            ReviewIntent::To(n) => review.show(n),
            ReviewIntent::Variation(node) => review.follow(node),
            ReviewIntent::ToggleAnalysis => {}
            ReviewIntent::ContinueFrom(choice) => {
                let m = review.continue_from(choice, &setup);
                *setup = m.setup.clone();
                commands.insert_resource(m);
                commands.insert_resource(crate::game::Elapsed::default());
                commands.insert_resource(crate::game::PreviewStone::default());
                next.set(Screen::Game);
            }
            ReviewIntent::Leave => {
                *panel = Panel::None;
                match review.back {
                    Back::Game => next.set(Screen::Game),
                    Back::Lobby => next.set(Screen::Lobby),
                    Back::Records => {
                        *panel = Panel::Records;
                        next.set(Screen::Lobby);
                    }
                }
            }
        }
        if review.shown != shown {
            emit(&review.line());
        }
    }
}
