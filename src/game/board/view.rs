//! The board drawn from the game: the table under it, the board with its edge and shadow, kaya
//! grain, grid, star points, coordinates; stones — shell whites each with its own lines, every
//! stone a touch off the intersection as if placed by hand, never touching its neighbours — with
//! soft shadows; the last-move dot (R12), move numbers, ownership squares while counting (R6) and
//! for 形势判断, 提示's numbered moves, forbidden-point marks (R13), and the preview (R15) with what it would do — stones
//! it takes, a warning when it would be in atari, the reason it is not allowed — or the hover
//! stone (R14).
//! Redrawn whenever the game, the layout, the preview, the pointer or the theme changed — in the
//! same frame.

use bevy::prelude::*;
use tengen_rules::{
    Board, Cell, Color, Game, Move, Outcome, Phase, Point, Refusal, column_letter, star_points,
};

use super::animation::{DeadLift, FadeIn, FadeOut, Pulse, Rest, Seen, Settle};
use super::labels::{BoardLabels, Label};
use super::pictures::{Pictures, WHITE_SHELLS};
use crate::game::hint::{MoveHints, Suggestion};
use crate::game::input::Pointer;
use crate::game::judgement::{Judged, PositionJudgement};
use crate::game::layout::Layout;
use crate::game::state::{Match, PreviewStone, Shown, ShownBetter};
use crate::i18n::{self, Lang};
use crate::screens::Screen;
use crate::settings::Settings;
use crate::theme::{
    self, ActiveTheme, DEAD_LIFT_SECS, FADE_OUT_STAGGER_SECS, INK, MARK_RED, REGION_STAGGER_SECS, WOOD_EDGE,
    depth,
};

/// Everything drawn for the board; despawned and redrawn together.
#[derive(Component)]
pub(super) struct BoardItem;

pub(super) fn redraw_board(
    mut commands: Commands,
    items: Query<Entity, With<BoardItem>>,
    current: Option<Res<Match>>,
    shown: Res<Shown>,
    layout: Res<Layout>,
    preview: Res<PreviewStone>,
    pointer: Res<Pointer>,
    pictures: Option<Res<Pictures>>,
    mut labels: ResMut<BoardLabels>,
    settings: Res<Settings>,
    theme: Res<ActiveTheme>,
    judgement: Res<PositionJudgement>,
    hints: Res<MoveHints>,
    better: Res<ShownBetter>,
    time: Res<Time>,
    mut seen: Local<Seen>,
) {
    // A review's position, else the match.
    let match_changed = current.as_ref().is_some_and(|c| c.is_changed());
    let reviewing = shown.0.is_some();
    let Some(current) = shown.0.as_ref().or(current.as_deref()) else {
        return;
    };
    let changed = shown.is_changed()
        || match_changed
        || layout.is_changed()
        || preview.is_changed()
        || pointer.is_changed()
        || theme.is_changed()
        || judgement.is_changed()
        || hints.is_changed()
        || better.is_changed()
        || settings.is_changed();
    let (Some(pictures), true) = (pictures, changed) else {
        return;
    };
    if layout.step <= 0.0 || layout.size != current.game.size() {
        return;
    }
    for e in &items {
        commands.entity(e).despawn();
    }
    let game = &current.game;
    let now = time.elapsed_secs();
    let motion = !settings.reduced_motion;
    let fresh_move = seen.update(game, now);
    seen.note_preview(preview.0, now);
    let counting = matches!(game.phase(), Phase::Scoring | Phase::Over(Outcome::Score { .. }));
    if !counting {
        seen.counting_since = None;
    } else if seen.counting_since.is_none() {
        seen.counting_since = Some(now);
    }
    let mut pen = Painter {
        commands: &mut commands,
        layout: *layout,
        pictures: &pictures,
        labels: &mut labels.0,
    };
    pen.labels.clear();
    draw_table(&mut pen, &theme);
    let hand = HandPlacement::of(game);
    if motion && let Some(vanished) = fresh_move {
        draw_leaving_stones(&mut pen, game.board(), vanished, now);
    }
    draw_wood(&mut pen);
    draw_grid(&mut pen, game.size());
    draw_coordinates(&mut pen, game.size());
    let ceremony = seen.counting_since.filter(|_| motion);
    let motions = StoneMotion {
        settle_from: motion.then_some(seen.last_move_at),
        counting_from: ceremony,
    };
    draw_stones(&mut pen, current, &hand, counting, motions);
    if counting {
        draw_ownership(&mut pen, game, ceremony.map(|t| t + DEAD_LIFT_SECS));
    }
    // A review's analysis: where the last move's player did better.
    if let Some((color, Move::Place(p))) = better.0.filter(|_| reviewing) {
        let at = pen.at(game.board(), p);
        pen.disc(
            at,
            pen.layout.step * 0.56,
            theme::BADGE_GREEN,
            depth::PREVIEW - 0.01,
        );
        pen.stone(at, color, 0.6, depth::PREVIEW, p);
    }
    // A review shows positions, not a game being played: no marks, previews or hover stones.
    let playing = game.phase() == Phase::Playing && !reviewing;
    if let Some(judged) = judgement.judged().filter(|_| playing) {
        draw_judgement(&mut pen, game, judged);
    }
    if let Some(shown) = hints.shown().filter(|_| playing) {
        draw_hints(&mut pen, game, shown);
    }
    if playing && current.setup.options.forbidden_marks && current.humans_turn() {
        draw_forbidden_marks(&mut pen, game, settings.language);
    }
    if playing {
        let ghost = motion.then_some(seen.preview_since);
        draw_preview_or_hover(
            &mut pen,
            current,
            preview.0,
            pointer.hover,
            ghost,
            settings.language,
        );
    }
}

pub(super) fn clear_board(
    mut commands: Commands,
    items: Query<Entity, With<BoardItem>>,
    mut labels: ResMut<BoardLabels>,
) {
    for e in &items {
        commands.entity(e).despawn();
    }
    labels.0.clear();
}

/// The table under the board: the theme's colour, lit in the middle.
///
/// Drawn as the four pieces around the board only: software renderers (and phones) pay for every
/// pixel filled, and the board covers the middle anyway.
fn draw_table(pen: &mut Painter, theme: &ActiveTheme) {
    let window = pen.layout.window;
    let board = pen.layout.board.inflate(2.0);
    let table = pen.pictures.table.clone();
    let pieces = [
        Rect::new(0.0, 0.0, window.x, board.min.y),
        Rect::new(0.0, board.max.y, window.x, window.y),
        Rect::new(0.0, board.min.y, board.min.x, board.max.y),
        Rect::new(board.max.x, board.min.y, window.x, board.max.y),
    ];
    let picture_size = pen.pictures.table_size;
    for piece in pieces.into_iter().filter(|r| r.width() > 0.5 && r.height() > 0.5) {
        // The part of the picture that falls on this piece when the picture spans the window.
        let source = Rect::from_corners(
            piece.min / window * picture_size,
            piece.max / window * picture_size,
        );
        pen.piece(piece, &table, source, theme.0.table_near, depth::TABLE);
    }
}

/// Where each stone sits: a touch off its intersection, as placed by hand — up to
/// `LOOSE` of a step, but only `TIGHT` toward a neighbouring stone, so two stones never touch
/// (their diameter leaves 2 × `TIGHT` between neighbours).
pub(super) struct HandPlacement(Vec<Vec2>);

impl HandPlacement {
    const LOOSE: f32 = 0.06;
    const TIGHT: f32 = 0.02;

    pub fn of(game: &Game) -> HandPlacement {
        let board = game.board();
        // The move that put each stone down seeds its offset, so a stone keeps its place across
        // redraws and a new stone on the same point gets a new one.
        let mut placed = vec![0u32; tengen_rules::MAX_CELLS];
        for (i, t) in game.history().iter().enumerate() {
            if let Move::Place(p) = t.mv {
                placed[p.index()] = i as u32 + 1;
            }
        }
        let mut offsets = vec![Vec2::ZERO; tengen_rules::MAX_CELLS];
        for p in board.points() {
            if board.color_at(p).is_none() {
                continue;
            }
            let seed =
                (p.index() as u32).wrapping_mul(2_654_435_761) ^ placed[p.index()].wrapping_mul(40_503);
            let angle = (seed % 6283) as f32 / 1000.0;
            let reach = Self::LOOSE * ((seed >> 13) % 1000) as f32 / 1000.0;
            let mut o = Vec2::new(angle.cos(), angle.sin()) * reach;
            let [n, w, e, s] = board.neighbors(p);
            let stone = |q: Point| board.color_at(q).is_some();
            if stone(w) {
                o.x = o.x.max(-Self::TIGHT);
            }
            if stone(e) {
                o.x = o.x.min(Self::TIGHT);
            }
            if stone(n) {
                o.y = o.y.max(-Self::TIGHT);
            }
            if stone(s) {
                o.y = o.y.min(Self::TIGHT);
            }
            offsets[p.index()] = o;
        }
        HandPlacement(offsets)
    }

    /// Where the stone at `p` is drawn.
    fn at(&self, pen: &Painter, board: &Board, p: Point) -> Vec2 {
        pen.at(board, p) + self.0[p.index()] * pen.layout.step
    }
}

/// When the stones move: the newest one settles from `settle_from`; dead stones dim and lift
/// from `counting_from` (both `None` with reduced motion).
#[derive(Clone, Copy)]
pub(super) struct StoneMotion {
    pub settle_from: Option<f32>,
    pub counting_from: Option<f32>,
}

/// Stones that just left the board (captures, undo) fade and lift out, a few at a time. They
/// are not board items, so the next redraw leaves them to finish.
fn draw_leaving_stones(pen: &mut Painter, board: &Board, vanished: Vec<(Point, Color)>, now: f32) {
    let rise = pen.layout.step * 0.35;
    for (k, (p, color)) in vanished.into_iter().enumerate() {
        let at = pen.at(board, p);
        for (e, rest) in pen.stone(at, color, 1.0, depth::LEAVING, p).into_iter().flatten() {
            pen.commands.entity(e).remove::<BoardItem>().insert((
                FadeOut {
                    start: now + FADE_OUT_STAGGER_SECS * k as f32,
                    rise,
                },
                Rest(rest),
                DespawnOnExit(Screen::Game),
            ));
        }
    }
}

/// The board: its shadow on the table, its side below the face, the kaya face.
pub(super) fn draw_wood(pen: &mut Painter) {
    let l = pen.layout;
    let side = l.board.width();
    let centre = l.board.center();
    let thickness = (side * 0.012).clamp(3.0, 8.0);
    // The shadow shows only below and right of the board: two soft strips, not a square under it.
    let shadow = pen.pictures.board_shadow.clone();
    let fringe = thickness + 10.0;
    let black = bevy::color::Color::BLACK.with_alpha(0.8);
    let below = Rect::from_corners(
        l.board.min + Vec2::new(fringe, side),
        l.board.max + Vec2::new(fringe * 0.6, fringe),
    );
    let right = Rect::from_corners(
        l.board.min + Vec2::new(side, fringe),
        l.board.max + Vec2::new(fringe * 0.6, 0.0),
    );
    let picture = pen.pictures.shadow_size;
    let soft = |from: Vec2, to: Vec2| Rect::from_corners(from * picture, to * picture);
    pen.piece(
        below,
        &shadow,
        soft(Vec2::new(0.2, 0.85), Vec2::new(0.8, 1.0)),
        black,
        depth::BOARD_SHADOW,
    );
    pen.piece(
        right,
        &shadow,
        soft(Vec2::new(0.85, 0.2), Vec2::new(1.0, 0.8)),
        black,
        depth::BOARD_SHADOW,
    );
    // The board's side, seen below its face; its darker rim frames the face by a pixel.
    let edge = Rect::from_corners(l.board.min - Vec2::ONE, l.board.max + Vec2::new(1.0, thickness));
    pen.rect(edge.center(), edge.size(), WOOD_EDGE, depth::FRAME);
    let wood = pen.pictures.wood.clone();
    pen.image(centre, side, &wood, bevy::color::Color::WHITE, depth::WOOD);
}

/// Lines, the edge a little bolder, and the star points (R1).
pub(super) fn draw_grid(pen: &mut Painter, n: u8) {
    let l = pen.layout;
    // Whole-pixel widths on whole-pixel edges: without multisampling, a line straddling pixels
    // would come out one pixel wide here and two there.
    let thin = (l.step * 0.035).max(1.0).round();
    let snap = |centre: f32, width: f32| (centre - width / 2.0).round() + width / 2.0;
    let span = l.step * (n as f32 - 1.0);
    for i in 0..n {
        let a = l.position(i, 0);
        let b = l.position(0, i);
        let edge = if i == 0 || i == n - 1 {
            (thin * 1.8).round()
        } else {
            thin
        };
        pen.rect(
            Vec2::new(snap(a.x, edge), l.origin.y + span / 2.0),
            Vec2::new(edge, span + edge),
            INK,
            depth::GRID,
        );
        pen.rect(
            Vec2::new(l.origin.x + span / 2.0, snap(b.y, edge)),
            Vec2::new(span + edge, edge),
            INK,
            depth::GRID,
        );
    }
    for (c, r) in star_points(n) {
        pen.disc(l.position(c, r), (l.step * 0.1).max(2.0), INK, depth::STAR_POINTS);
    }
}

/// Letters above and below, numbers left and right (row 1 at the bottom).
fn draw_coordinates(pen: &mut Painter, n: u8) {
    let l = pen.layout;
    let size = (l.step * 0.42).clamp(8.0, 18.0);
    let color = INK.with_alpha(0.75);
    let off = l.step * 0.62;
    for i in 0..n {
        let letter = column_letter(i).to_string();
        let number = (n - i).to_string();
        pen.text(l.position(i, 0) - Vec2::new(0.0, off), &letter, size, color);
        pen.text(l.position(i, n - 1) + Vec2::new(0.0, off), &letter, size, color);
        pen.text(l.position(0, i) - Vec2::new(off, 0.0), &number, size, color);
        pen.text(l.position(n - 1, i) + Vec2::new(off, 0.0), &number, size, color);
    }
}

/// The stones — dead ones dimmed while counting, lifting as counting begins — with move numbers
/// or the last-move dot; the newest stone settles.
pub(super) fn draw_stones(
    pen: &mut Painter,
    current: &Match,
    hand: &HandPlacement,
    counting: bool,
    motion: StoneMotion,
) {
    let game = &current.game;
    let board = game.board();
    let step = pen.layout.step;
    let mut numbers = vec![0usize; tengen_rules::MAX_CELLS];
    for (i, t) in game.history().iter().enumerate() {
        if let Move::Place(p) = t.mv {
            numbers[p.index()] = i + 1;
        }
    }
    let last = game.last_move().and_then(|(_, mv)| match mv {
        Move::Place(p) => Some(p),
        Move::Pass => None,
    });
    for p in board.points() {
        let Cell::Stone(color) = board.cell(p) else {
            continue;
        };
        let at = hand.at(pen, board, p);
        let dead = counting && game.is_dead(p);
        let alpha = if dead && motion.counting_from.is_none() {
            0.45
        } else {
            1.0
        };
        let drawn = pen.stone(at, color, alpha, depth::STONES, p);
        for (e, rest) in drawn.into_iter().flatten() {
            if let Some(start) = motion.counting_from.filter(|_| dead) {
                pen.commands.entity(e).insert((
                    DeadLift {
                        start,
                        rise: step * 0.12,
                    },
                    Rest(rest),
                ));
            } else if let Some(start) = motion.settle_from.filter(|_| Some(p) == last) {
                // Redraws while it settles pick up where it was.
                pen.commands.entity(e).insert(Settle { start });
            }
        }
        let contrast = if color == Color::Black {
            bevy::color::Color::WHITE
        } else {
            INK
        };
        let number = numbers[p.index()];
        if current.setup.options.move_numbers && number > 0 {
            let tint = if Some(p) == last { MARK_RED } else { contrast };
            let size = step * if number >= 100 { 0.34 } else { 0.42 };
            pen.text(at, &number.to_string(), size, tint);
        } else if Some(p) == last {
            pen.disc(at, step * 0.12, MARK_RED, depth::LAST_MOVE);
        }
    }
}

/// A small square on every counted point that is not a living stone of its owner. When counting
/// begins they appear region by region from `reveal_from` — not again on each toggle.
pub(super) fn draw_ownership(pen: &mut Painter, game: &Game, reveal_from: Option<f32>) {
    let board = game.board();
    let score = game.score();
    let counted = |p: Point| {
        score
            .owner(p)
            .filter(|&owner| board.color_at(p) != Some(owner) || game.is_dead(p))
    };
    let mut region = vec![usize::MAX; tengen_rules::MAX_CELLS];
    let mut regions = 0;
    for start in board.points() {
        let Some(owner) = counted(start) else { continue };
        if region[start.index()] == usize::MAX {
            // One region: the connected points one colour owns.
            let mut stack = vec![start];
            region[start.index()] = regions;
            while let Some(q) = stack.pop() {
                for n in board.neighbors(q) {
                    if board.cell(n) != Cell::Edge
                        && region[n.index()] == usize::MAX
                        && counted(n) == Some(owner)
                    {
                        region[n.index()] = regions;
                        stack.push(n);
                    }
                }
            }
            regions += 1;
        }
        let tone = if owner == Color::Black {
            theme::BLACK_AREA
        } else {
            theme::WHITE_AREA
        };
        let at = pen.at(board, start);
        let square = pen.rect(at, Vec2::splat(pen.layout.step * 0.36), tone, depth::OWNERSHIP);
        if let Some(from) = reveal_from {
            let start = from + REGION_STAGGER_SECS * region[start.index()] as f32;
            pen.commands.entity(square).insert(FadeIn { start });
        }
    }
}

/// 形势判断's squares: on each point the judgement gives one side — but not on that side's own
/// living stones — a square of its colour, the larger the surer.
fn draw_judgement(pen: &mut Painter, game: &Game, judged: &Judged) {
    let board = game.board();
    for p in board.points() {
        let lean = judged.owner[p.index()];
        let owner = if lean > 0.0 { Color::Black } else { Color::White };
        if lean.abs() < JUDGED_AT_LEAST || board.color_at(p) == Some(owner) {
            continue;
        }
        let tone = if owner == Color::Black {
            theme::BLACK_AREA
        } else {
            theme::WHITE_AREA
        };
        let side = pen.layout.step * (0.16 + 0.2 * lean.abs());
        pen.rect(pen.at(board, p), Vec2::splat(side), tone, depth::OWNERSHIP);
    }
}

/// 提示's moves: a see-through stone of the side to move on each with its win chance on a
/// pill (not a bare number, which would read as a move number); the best one ringed and
/// labelled in green.
fn draw_hints(pen: &mut Painter, game: &Game, shown: &[Suggestion]) {
    let step = pen.layout.step;
    // A pill 「28%」 is about 1.75 text sizes and 12 px wide: sized to stay inside its point, so
    // that neighbouring hints' pills do not run together. Where even the smallest is wider (19×19
    // on a phone), only the best move's is shown; the status line names them all.
    let room = 0.95 * step;
    let badge = (step * 0.42).min((room - 12.0) / 1.75).clamp(10.0, 16.0);
    let every_pill = 1.75 * badge + 12.0 <= room;
    for (i, s) in shown.iter().enumerate() {
        let Move::Place(p) = s.mv else { continue };
        let at = pen.at(game.board(), p);
        let best = i == 0;
        if best {
            pen.disc(at, step * 0.56, theme::BADGE_GREEN, depth::PREVIEW - 0.01);
        }
        pen.stone(
            at,
            game.to_move(),
            if best { 0.85 } else { 0.6 },
            depth::PREVIEW,
            p,
        );
        let backing = if best {
            theme::BADGE_GREEN
        } else {
            INK.with_alpha(0.8)
        };
        if best || every_pill {
            pen.badge(at, &i18n::percent(s.winrate), badge, backing);
        }
    }
}

/// Below this lean (-1 to 1) a point is not shown as anyone's.
const JUDGED_AT_LEAST: f32 = 0.3;

/// A red 「×」 on forbidden points and 「劫」 (English: "ko") on the ko point (R13).
fn draw_forbidden_marks(pen: &mut Painter, game: &Game, lang: Lang) {
    for (p, reason) in game.forbidden_points() {
        let mark = match reason {
            Refusal::Ko => lang.pick("劫", "ko"),
            Refusal::Suicide | Refusal::Superko => "×",
            _ => continue,
        };
        let at = pen.at(game.board(), p);
        pen.text(at, mark, pen.layout.step * 0.62, MARK_RED);
    }
}

/// What the preview stone would do, told before it is placed.
enum Consequence {
    /// Not allowed, and why.
    Refused(Refusal),
    /// Allowed: how many stones it would take, and whether its own chain would be in atari.
    Played { captures: u16, atari: bool },
}

impl Consequence {
    fn of(game: &Game, p: Point) -> Consequence {
        let mut after = game.clone();
        match after.play(Move::Place(p)) {
            Err(reason) => Consequence::Refused(reason),
            Ok(captures) => Consequence::Played {
                captures,
                atari: after.liberties(p) == 1,
            },
        }
    }
}

/// The preview stone with a cross-hair and its consequence (R15) — a badge with the stones it
/// would take, a red ring and a warning if it would be in atari, struck through with the reason
/// if it is not allowed — fading in from `ghost_from`; else the see-through stone under the
/// mouse (R14).
fn draw_preview_or_hover(
    pen: &mut Painter,
    current: &Match,
    preview: Option<Point>,
    hover: Option<Point>,
    ghost_from: Option<f32>,
    lang: Lang,
) {
    let game = &current.game;
    let step = pen.layout.step;
    let color = game.to_move();
    if let Some(p) = preview {
        let at = pen.at(game.board(), p);
        let consequence = Consequence::of(game, p);
        // Small stones (19×19 on a phone) need more body to be seen under a finger.
        let alpha = match (&consequence, step < 24.0) {
            (Consequence::Refused(_), _) => 0.35,
            (_, true) => 0.8,
            (_, false) => 0.6,
        };
        for (e, _) in pen
            .stone(at, color, alpha, depth::PREVIEW, p)
            .into_iter()
            .flatten()
        {
            if let Some(since) = ghost_from {
                pen.commands.entity(e).insert(Pulse { since });
            }
        }
        let hair = (step * 0.06).max(1.5);
        let red = MARK_RED.with_alpha(0.8);
        pen.rect(at, Vec2::new(step * 1.6, hair), red, depth::CROSS_HAIR);
        pen.rect(at, Vec2::new(hair, step * 1.6), red, depth::CROSS_HAIR);
        let badge = (step * 0.42).clamp(11.0, 16.0);
        let below = at + Vec2::new(0.0, step * 0.95);
        match consequence {
            Consequence::Refused(reason) => {
                let strike = pen.rect(
                    at,
                    Vec2::new(step * 1.1, hair * 1.4),
                    MARK_RED,
                    depth::CROSS_HAIR + 0.01,
                );
                let turn = Quat::from_rotation_z(-std::f32::consts::FRAC_PI_4);
                pen.commands
                    .entity(strike)
                    .entry::<Transform>()
                    .and_modify(move |mut t| t.rotation = turn);
                pen.badge(below, i18n::refusal(lang, reason), badge, MARK_RED);
            }
            Consequence::Played { captures, atari } => {
                if captures > 0 {
                    let above = at - Vec2::new(0.0, step * 0.95);
                    pen.badge(
                        above,
                        &i18n::would_capture(lang, captures),
                        badge,
                        theme::BADGE_GREEN,
                    );
                }
                if atari {
                    pen.disc(at, step * 0.56, MARK_RED.with_alpha(0.75), depth::PREVIEW - 0.01);
                    pen.badge(below, i18n::would_be_in_atari(lang), badge, MARK_RED);
                }
            }
        }
    } else if let Some(p) = hover
        && current.humans_turn()
        && !current.setup.options.preview_first
        && game.is_legal(Move::Place(p))
    {
        let at = pen.at(game.board(), p);
        pen.stone(at, color, 0.45, depth::PREVIEW, p);
    }
}

/// Spawns board pieces at logical window positions.
pub(super) struct Painter<'a, 'w, 's> {
    pub commands: &'a mut Commands<'w, 's>,
    pub layout: Layout,
    pub pictures: &'a Pictures,
    pub labels: &'a mut Vec<Label>,
}

impl Painter<'_, '_, '_> {
    /// Where point `p` is drawn.
    pub fn at(&self, board: &Board, p: Point) -> Vec2 {
        let (c, r) = board.coords(p);
        self.layout.position(c, r)
    }

    pub fn rect(&mut self, centre: Vec2, size: Vec2, color: bevy::color::Color, z: f32) -> Entity {
        let at = self.layout.to_world(centre);
        self.commands
            .spawn((
                BoardItem,
                Sprite::from_color(color, size),
                Transform::from_xyz(at.x, at.y, z),
            ))
            .id()
    }

    fn disc(&mut self, centre: Vec2, radius: f32, color: bevy::color::Color, z: f32) {
        let dot = self.pictures.dot.clone();
        self.image(centre, radius * 2.0, &dot, color, z);
    }

    pub fn text(&mut self, centre: Vec2, text: &str, size: f32, color: bevy::color::Color) {
        self.labels.push(Label {
            centre,
            text: text.into(),
            size,
            color,
            backing: None,
        });
    }

    /// White text on a coloured pill.
    fn badge(&mut self, centre: Vec2, text: &str, size: f32, backing: bevy::color::Color) {
        self.labels.push(Label {
            centre,
            text: text.into(),
            size,
            color: bevy::color::Color::WHITE,
            backing: Some(backing),
        });
    }

    fn image(
        &mut self,
        centre: Vec2,
        diameter: f32,
        image: &Handle<Image>,
        tint: bevy::color::Color,
        z: f32,
    ) -> Entity {
        self.picture(centre, Vec2::splat(diameter), image, tint, z)
    }

    /// Part `source` (in the picture's pixels) of `image`, stretched over `rect`.
    fn piece(
        &mut self,
        rect: Rect,
        image: &Handle<Image>,
        source: Rect,
        tint: bevy::color::Color,
        z: f32,
    ) -> Entity {
        let at = self.layout.to_world(rect.center());
        let sprite = Sprite {
            image: image.clone(),
            custom_size: Some(rect.size()),
            rect: Some(source),
            color: tint,
            ..default()
        };
        self.commands
            .spawn((BoardItem, sprite, Transform::from_xyz(at.x, at.y, z)))
            .id()
    }

    fn picture(
        &mut self,
        centre: Vec2,
        size: Vec2,
        image: &Handle<Image>,
        tint: bevy::color::Color,
        z: f32,
    ) -> Entity {
        let at = self.layout.to_world(centre);
        let sprite = Sprite {
            image: image.clone(),
            custom_size: Some(size),
            color: tint,
            ..default()
        };
        self.commands
            .spawn((BoardItem, sprite, Transform::from_xyz(at.x, at.y, z)))
            .id()
    }

    /// A shaded stone with its soft shadow; `alpha` below 1 for preview stones (no shadow then).
    /// White stones show the shell `p` picks. Returns each entity drawn with where it rests, for
    /// animations.
    fn stone(
        &mut self,
        centre: Vec2,
        color: Color,
        alpha: f32,
        z: f32,
        p: Point,
    ) -> [Option<(Entity, Vec3)>; 2] {
        let d = self.layout.step * 0.96;
        let pictures = self.pictures;
        let picture = match color {
            Color::Black => pictures.black_stone.clone(),
            Color::White => pictures.white_stones[p.index() * 7 % WHITE_SHELLS].clone(),
        };
        let tint = bevy::color::Color::WHITE.with_alpha(alpha);
        let rested = |painter: &mut Self, at: Vec2, size: f32, image: &Handle<Image>, z: f32| {
            let e = painter.image(at, size, image, tint, z);
            let world = painter.layout.to_world(at);
            (e, Vec3::new(world.x, world.y, z))
        };
        let shadow = (alpha >= 1.0).then(|| {
            let offset = centre + Vec2::new(d * 0.05, d * 0.07);
            rested(self, offset, d * 1.12, &pictures.shadow.clone(), z)
        });
        [
            shadow,
            Some(rested(self, centre, d, &picture, z + depth::ABOVE_SHADOW)),
        ]
    }
}
