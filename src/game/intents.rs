//! What the player wants, whatever the device — the intents input turns into — and the one
//! system that applies them to the game and reports what happened (moves played, refusals).

use bevy::prelude::*;
use tengen_rules::{Color, Game, Move, Phase, Point, Refusal};

use super::setup::{MatchSetup, Mode, Offer};
use super::state::{Match, PreviewStone, rand_coin};
use crate::AppSystems;
use crate::overlay::{Answer, Question};
use crate::screens::Screen;

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
    /// A click or tap on an intersection. What it means depends on the game when it is applied
    /// (several can come in one frame): play there, or preview first when `preview_first`
    /// (R15), confirm the preview, explain a refusal (R4, R13), or toggle a group dead (R6).
    Tap {
        at: Point,
        preview_first: bool,
    },
    MovePreview(Dir),
    ConfirmPreview,
    CancelPreview,
    Pass,
    Undo,
    /// Asks for confirmation first (R5).
    Resign,
    /// Asks first when the game is unfinished (R16).
    Restart,
    ClearDead,
    ConfirmResult,
    ResumePlay,
    BackToLobby,
    /// The result card's offer: a new game at another level, or with more handicap stones.
    TakeOffer(Offer),
    /// 复盘 and 保存棋谱 of the game on the board (the review takes them).
    Review,
    SaveRecord,
    /// 形势判断: who leads in the position, and who owns what (shown until the game moves on).
    Judge,
    /// 提示: the best moves here, marked on the board (until the game moves on).
    Hint,
}

/// A stone was placed or a pass made.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MovePlayed {
    pub color: Color,
    pub mv: Move,
    pub captures: u16,
}

/// A side resigned (the person or the computer): the game is over.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resigned(pub Color);

/// A move was refused; nothing changed.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRefused {
    pub color: Color,
    pub point: Point,
    pub reason: Refusal,
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<Intent>()
        .add_message::<MovePlayed>()
        .add_message::<MoveRefused>()
        .add_message::<Resigned>()
        .add_systems(
            Update,
            (answer_questions, apply_intents)
                .chain()
                .in_set(AppSystems::Apply)
                .run_if(in_state(Screen::Game)),
        );
}

/// Yes to resigning or restarting; no leaves the game as it was.
fn answer_questions(
    mut answers: MessageReader<Answer>,
    mut question: ResMut<Question>,
    mut current: ResMut<Match>,
    mut preview: ResMut<PreviewStone>,
    mut resigned: MessageWriter<Resigned>,
) {
    for &Answer(yes) in answers.read() {
        let asked = std::mem::take(&mut *question);
        match (asked, yes) {
            (Question::Resign { side }, true) => {
                let m = current.as_mut();
                let loser = side.unwrap_or(m.human);
                m.game.resign(loser);
                resigned.write(Resigned(loser));
            }
            (Question::Restart, true) => restart(&mut current, &mut preview),
            // 教学: the computer's answer has waited; the person's move goes.
            (Question::TakeBack { .. }, true) => undo(&mut current),
            // Not this screen's question: leave it to its owner.
            (Question::NewGame, _) => *question = asked,
            _ => {}
        }
    }
}

fn apply_intents(
    mut intents: MessageReader<Intent>,
    mut current: ResMut<Match>,
    mut preview: ResMut<PreviewStone>,
    mut question: ResMut<Question>,
    mut played: MessageWriter<MovePlayed>,
    mut refused: MessageWriter<MoveRefused>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut lobby: ResMut<MatchSetup>,
) {
    // Only a real change of the game marks it changed: previews and questions must not
    // trigger a save of the whole game (storage watches `Match` for changes).
    let before = fingerprint(&current);
    let m = current.bypass_change_detection();
    for intent in intents.read().copied() {
        match intent {
            Intent::Tap { at, preview_first } => {
                tap(m, at, preview_first, &mut preview, &mut played, &mut refused)
            }
            Intent::MovePreview(dir) => {
                preview.0 = Some(match preview.0 {
                    Some(p) => nudge(&m.game, p, dir),
                    None => cursor_start(&m.game),
                });
            }
            Intent::CancelPreview => preview.0 = None,
            Intent::ConfirmPreview => {
                if let Some(p) = preview.0.take() {
                    place(m, p, &mut played, &mut refused);
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
                }
            }
            Intent::Undo => {
                preview.0 = None;
                undo(m);
            }
            Intent::Resign => {
                if !matches!(m.game.phase(), Phase::Over(_)) {
                    // Against the computer the person resigns; two players: the player to move.
                    let side = (m.setup.mode != Mode::VsComputer).then(|| m.game.to_move());
                    *question = Question::Resign { side };
                }
            }
            Intent::Restart => {
                if matches!(m.game.phase(), Phase::Over(_)) || m.game.move_number() == 0 {
                    restart(m, &mut preview);
                } else {
                    *question = Question::Restart;
                }
            }
            Intent::TakeOffer(offer) => {
                if matches!(m.game.phase(), Phase::Over(_)) {
                    // The lobby shows the level (or handicap) taken from now on.
                    offer.apply(&mut m.setup);
                    offer.apply(&mut lobby);
                    restart(m, &mut preview);
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
            Intent::Review | Intent::SaveRecord | Intent::Judge | Intent::Hint => {}
        }
    }
    if fingerprint(&current) != before {
        current.set_changed();
    }
}

/// What the game is now, as far as saving and drawing care.
fn fingerprint(m: &Match) -> (usize, Phase, u64, Vec<Point>, Color) {
    let g = &m.game;
    (
        g.move_number(),
        g.phase(),
        g.board().hash(),
        g.dead_stones(),
        m.human,
    )
}

/// What a click or tap on `at` does now.
fn tap(
    m: &mut Match,
    at: Point,
    preview_first: bool,
    preview: &mut PreviewStone,
    played: &mut MessageWriter<MovePlayed>,
    refused: &mut MessageWriter<MoveRefused>,
) {
    match m.game.phase() {
        Phase::Scoring => {
            m.game.toggle_dead(at);
            return;
        }
        Phase::Over(_) => return,
        Phase::Playing => {}
    }
    if !m.humans_turn() {
        return;
    }
    let color = m.game.to_move();
    let refusal = m.game.check(color, Move::Place(at)).err();
    let marked = m.setup.options.forbidden_marks
        && matches!(refusal, Some(Refusal::Suicide | Refusal::Ko | Refusal::Superko));
    // With preview first, a marked point is previewed struck through with its reason; tapped
    // again (or without preview) it explains itself as a refusal. Either way nothing is placed.
    let explain = refusal == Some(Refusal::Occupied) || marked && (!preview_first || preview.0 == Some(at));
    if let Some(reason) = refusal.filter(|_| explain) {
        refused.write(MoveRefused {
            color,
            point: at,
            reason,
        });
    } else if preview_first && preview.0 != Some(at) {
        // The preview tells what the stone would do — or, struck through, why it may not go there.
        preview.0 = Some(at);
    } else {
        preview.0 = None;
        place(m, at, played, refused);
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

/// The next empty point from `p` in `dir`, stepping over stones; `p` itself at the edge.
fn nudge(game: &Game, p: Point, dir: Dir) -> Point {
    let board = game.board();
    let (dc, dr): (i32, i32) = match dir {
        Dir::Up => (0, -1),
        Dir::Down => (0, 1),
        Dir::Left => (-1, 0),
        Dir::Right => (1, 0),
    };
    let (c, r) = board.coords(p);
    let inside = |v: i32| (0..game.size() as i32).contains(&v);
    (1..game.size() as i32)
        .map(|k| (c as i32 + k * dc, r as i32 + k * dr))
        .take_while(|&(c, r)| inside(c) && inside(r))
        .map(|(c, r)| board.point(c as u8, r as u8))
        .find(|&q| board.color_at(q).is_none())
        .unwrap_or(p)
}

/// Where the keyboard cursor appears: the empty point nearest the last stone played, or the
/// one nearest the centre.
fn cursor_start(game: &Game) -> Point {
    let board = game.board();
    let from = match game.last_move() {
        Some((_, Move::Place(p))) => board.coords(p),
        _ => (game.size() / 2, game.size() / 2),
    };
    let distance = |p: Point| {
        let (c, r) = board.coords(p);
        let (dc, dr) = (c.abs_diff(from.0) as u32, r.abs_diff(from.1) as u32);
        (dc * dc + dr * dr, r, c)
    };
    board
        .empty_points()
        .min_by_key(|&p| distance(p))
        .unwrap_or_else(|| board.point(from.0, from.1))
}
