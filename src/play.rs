//! The game being played: one resource holding the rules' `Game` and its setup, the intents
//! that input turns into, and the one system that applies them and reports what happened.

use bevy::prelude::*;
use tengen_rules::{Color, Game, Move, Phase, Point, Refusal};

use crate::screens::{GamePhase, Screen};
use crate::setup::{MatchSetup, Mode};

/// The game on the board and how it was set up.
#[derive(Resource, Clone, Debug)]
pub struct Match {
    pub game: Game,
    pub setup: MatchSetup,
    /// The human's colour against the computer.
    pub human: Color,
}

impl Match {
    pub fn new(setup: &MatchSetup, coin: bool) -> Match {
        Match {
            game: Game::new(setup.size, setup.rules),
            setup: setup.clone(),
            human: setup.human_color(coin),
        }
    }

    /// Whether a person moves now (always in two-player games).
    pub fn humans_turn(&self) -> bool {
        self.setup.mode == Mode::TwoPlayer || self.game.to_move() == self.human
    }
}

/// A direction to nudge the preview stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

/// What the player wants, whatever the device (mouse, touch, keys, buttons).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    PlaceStone(Point),
    Preview(Point),
    MovePreview(Dir),
    ConfirmPreview,
    CancelPreview,
    Pass,
    Undo,
    /// Asks for confirmation first (R5).
    Resign,
    ResignConfirmed,
    /// Asks first when the game is unfinished (R16).
    Restart,
    RestartConfirmed,
    /// Dismisses a pending question.
    CancelQuestion,
    ToggleDead(Point),
    ClearDead,
    ConfirmResult,
    ResumePlay,
    BackToLobby,
    /// Explains why a marked point is forbidden (R13), placing nothing.
    Explain(Point),
}

/// A stone was placed or a pass made.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovePlayed {
    pub color: Color,
    pub mv: Move,
    pub captures: u16,
}

/// A move was refused; nothing changed.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRefused {
    pub color: Color,
    pub point: Point,
    pub reason: Refusal,
}

/// The preview stone of R15, if any.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PreviewStone(pub Option<Point>);

/// A question waiting for yes or no.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    #[default]
    None,
    Resign,
    Restart,
}

/// Runs in this order each frame: devices become intents, intents change the game, the
/// computer takes its turn; whatever reports on the game runs after all three.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlaySet {
    Input,
    Apply,
    Computer,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Intent>()
        .add_message::<MovePlayed>()
        .add_message::<MoveRefused>()
        .init_resource::<PreviewStone>()
        .init_resource::<Question>()
        .configure_sets(
            Update,
            (PlaySet::Input, PlaySet::Apply, PlaySet::Computer)
                .chain()
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(OnEnter(Screen::Game), start_match)
        .add_systems(Update, (apply_intents, sync_phase).chain().in_set(PlaySet::Apply));
}

/// A new game from the setup, unless one is already going with the same setup (coming back).
fn start_match(mut commands: Commands, setup: Res<MatchSetup>, current: Option<Res<Match>>) {
    if current.is_some_and(|m| m.setup == *setup && !matches!(m.game.phase(), Phase::Over(_))) {
        return;
    }
    commands.insert_resource(Match::new(&setup, rand_coin()));
    commands.insert_resource(crate::storage::Elapsed::default());
    commands.insert_resource(PreviewStone::default());
    commands.insert_resource(Question::default());
}

/// Entropy for choices that need no more than a fair coin or a pacing delay: the clock.
pub(crate) fn clock_seed() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

fn rand_coin() -> bool {
    clock_seed() >> 7 & 1 == 1
}

fn apply_intents(
    mut intents: MessageReader<Intent>,
    mut current: ResMut<Match>,
    mut preview: ResMut<PreviewStone>,
    mut question: ResMut<Question>,
    mut played: MessageWriter<MovePlayed>,
    mut refused: MessageWriter<MoveRefused>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    for intent in intents.read().copied() {
        // Only intents that can change the game mark it changed: previews and questions must
        // not trigger a save of the whole game (storage watches `Match` for changes).
        let touches_game = !matches!(
            intent,
            Intent::Preview(_)
                | Intent::MovePreview(_)
                | Intent::CancelPreview
                | Intent::CancelQuestion
                | Intent::Explain(_)
                | Intent::Resign
                | Intent::BackToLobby
        );
        if touches_game {
            current.set_changed();
        }
        let m = current.bypass_change_detection();
        match intent {
            Intent::Preview(p) if m.game.board().color_at(p).is_none() => preview.0 = Some(p),
            Intent::Preview(_) => {}
            Intent::MovePreview(dir) => {
                if let Some(p) = preview.0 {
                    preview.0 = Some(nudge(&m.game, p, dir));
                } else {
                    preview.0 = Some(centre(&m.game));
                }
            }
            Intent::CancelPreview => {
                preview.0 = None;
                *question = Question::None;
            }
            Intent::CancelQuestion => *question = Question::None,
            Intent::ConfirmPreview => {
                if *question != Question::None {
                    continue;
                }
                if let Some(p) = preview.0.take() {
                    place(m, p, &mut played, &mut refused);
                }
            }
            Intent::PlaceStone(p) => {
                preview.0 = None;
                place(m, p, &mut played, &mut refused);
            }
            Intent::Explain(p) => {
                if let Err(reason) = m.game.check(m.game.to_move(), Move::Place(p)) {
                    refused.write(MoveRefused {
                        color: m.game.to_move(),
                        point: p,
                        reason,
                    });
                }
            }
            Intent::Pass => {
                preview.0 = None;
                let color = m.game.to_move();
                if m.humans_turn() && m.game.play(Move::Pass).is_ok() {
                    played.write(MovePlayed {
                        color,
                        mv: Move::Pass,
                        captures: 0,
                    });
                    propose_dead(m);
                }
            }
            Intent::Undo => {
                preview.0 = None;
                undo(m);
            }
            Intent::Resign => {
                if !matches!(m.game.phase(), Phase::Over(_)) {
                    *question = Question::Resign;
                }
            }
            Intent::ResignConfirmed => {
                *question = Question::None;
                // Against the computer the human resigns; two players: the player to move.
                let loser = if m.setup.mode == Mode::VsComputer {
                    m.human
                } else {
                    m.game.to_move()
                };
                m.game.resign(loser);
            }
            Intent::Restart => {
                if matches!(m.game.phase(), Phase::Over(_)) || m.game.move_number() == 0 {
                    restart(m, &mut preview);
                } else {
                    *question = Question::Restart;
                }
            }
            Intent::RestartConfirmed => {
                *question = Question::None;
                restart(m, &mut preview);
            }
            Intent::ToggleDead(p) => {
                if m.game.phase() == Phase::Scoring {
                    m.game.toggle_dead(p);
                }
            }
            Intent::ClearDead => m.game.clear_dead(),
            Intent::ConfirmResult => {
                m.game.confirm_result();
            }
            Intent::ResumePlay => m.game.resume_play(),
            Intent::BackToLobby => {
                preview.0 = None;
                next_screen.set(Screen::Lobby);
            }
        }
    }
}

fn place(
    m: &mut Match,
    p: Point,
    played: &mut MessageWriter<MovePlayed>,
    refused: &mut MessageWriter<MoveRefused>,
) {
    let color = m.game.to_move();
    if !m.humans_turn() {
        return;
    }
    match m.game.play(Move::Place(p)) {
        Ok(captures) => {
            played.write(MovePlayed {
                color,
                mv: Move::Place(p),
                captures,
            });
        }
        Err(reason) => {
            refused.write(MoveRefused {
                color,
                point: p,
                reason,
            });
        }
    }
}

/// R8: two players take back one move; against the computer the computer's move and yours.
fn undo(m: &mut Match) {
    if matches!(m.game.phase(), Phase::Over(_)) {
        return;
    }
    m.game.undo();
    if m.setup.mode == Mode::VsComputer && m.game.to_move() != m.human {
        m.game.undo();
    }
}

fn restart(m: &mut Match, preview: &mut PreviewStone) {
    *m = Match::new(&m.setup, rand_coin());
    preview.0 = None;
}

/// After the second pass the app proposes dead stones (R6).
pub(crate) fn propose_dead(m: &mut Match) {
    if m.game.phase() == Phase::Scoring {
        let dead = tengen_ai::dead_stones(&m.game, 400, m.game.move_number() as u64);
        m.game.set_dead(&dead);
    }
}

fn nudge(game: &Game, p: Point, dir: Dir) -> Point {
    let (c, r) = game.board().coords(p);
    let last = game.size() - 1;
    let (c, r) = match dir {
        Dir::Up => (c, r.saturating_sub(1)),
        Dir::Down => (c, (r + 1).min(last)),
        Dir::Left => (c.saturating_sub(1), r),
        Dir::Right => ((c + 1).min(last), r),
    };
    game.board().point(c, r)
}

fn centre(game: &Game) -> Point {
    game.board().point(game.size() / 2, game.size() / 2)
}

/// Keeps the `GamePhase` state in step with the rules' phase.
fn sync_phase(current: Res<Match>, phase: Res<State<GamePhase>>, mut next: ResMut<NextState<GamePhase>>) {
    let wanted = match current.game.phase() {
        Phase::Playing => GamePhase::Playing,
        Phase::Scoring => GamePhase::Scoring,
        Phase::Over(_) => GamePhase::Over,
    };
    if *phase.get() != wanted {
        next.set(wanted);
    }
}
