//! The board drawn from the game: wood with grain, grid, star points, coordinates, shaded stones
//! with soft shadows, the last-move dot (R12), move numbers, ownership squares while counting
//! (R6), forbidden-point marks (R13), and the preview (R15) or hover (R14) stone. Redrawn
//! whenever the game, the layout, the preview or the pointer changed — in the same frame.

use bevy::prelude::*;
use tengen_rules::{
    Board, Cell, Color, Game, Move, Outcome, Phase, Point, Refusal, column_letter, star_points,
};

use super::animation::{FadeIn, FadeOut, Pulse, Seen, Settle};
use super::labels::{BoardLabels, Label};
use super::pictures::Pictures;
use crate::game::{Layout, Match, Pointer, PreviewStone};
use crate::screens::Screen;
use crate::settings::Settings;
use crate::theme::{self, FADE_OUT_STAGGER_SECS, INK, MARK_RED, WOOD, WOOD_DARK, depth};

/// Everything drawn for the board; despawned and redrawn together.
#[derive(Component)]
pub(super) struct BoardItem;

pub(super) fn redraw_board(
    mut commands: Commands,
    items: Query<Entity, With<BoardItem>>,
    current: Res<Match>,
    layout: Res<Layout>,
    preview: Res<PreviewStone>,
    pointer: Res<Pointer>,
    pictures: Option<Res<Pictures>>,
    mut labels: ResMut<BoardLabels>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut seen: Local<Seen>,
) {
    let changed = current.is_changed() || layout.is_changed() || preview.is_changed() || pointer.is_changed();
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
    if motion && let Some(vanished) = fresh_move {
        draw_leaving_stones(&mut pen, game.board(), vanished, now);
    }
    draw_wood(&mut pen);
    draw_grid(&mut pen, game.size());
    draw_coordinates(&mut pen, game.size());
    draw_stones(&mut pen, &current, counting, motion.then_some(seen.last_move_at));
    if counting {
        draw_ownership(&mut pen, game, seen.counting_since.filter(|_| motion));
    }
    if game.phase() == Phase::Playing && current.setup.options.forbidden_marks && current.humans_turn() {
        draw_forbidden_marks(&mut pen, game);
    }
    if game.phase() == Phase::Playing {
        draw_preview_or_hover(&mut pen, &current, preview.0, pointer.hover, motion);
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

/// Stones that just left the board (captures, undo) fade and shrink out, a few at a time. They
/// are not board items, so the next redraw leaves them to finish.
fn draw_leaving_stones(pen: &mut Painter, board: &Board, vanished: Vec<(Point, Color)>, now: f32) {
    for (k, (p, color)) in vanished.into_iter().enumerate() {
        let at = pen.at(board, p);
        for e in pen.stone(at, color, 1.0, depth::LEAVING).into_iter().flatten() {
            pen.commands.entity(e).remove::<BoardItem>().insert((
                FadeOut {
                    start: now + FADE_OUT_STAGGER_SECS * k as f32,
                },
                DespawnOnExit(Screen::Game),
            ));
        }
    }
}

/// Wood, frame and a calm grain.
fn draw_wood(pen: &mut Painter) {
    let l = pen.layout;
    let side = l.board.width();
    pen.rect(l.board.center(), Vec2::splat(side + 6.0), WOOD_DARK, depth::FRAME);
    pen.rect(l.board.center(), Vec2::splat(side), WOOD, depth::WOOD);
    let grains = 46;
    for i in 0..grains {
        let t = (i as f32 + 0.5) / grains as f32;
        let wobble = ((i * 7919) % 13) as f32 / 13.0;
        let y = l.board.min.y + t * side;
        let alpha = 0.03 + 0.05 * wobble;
        let height = 1.0 + 2.5 * ((i * 31) % 5) as f32 / 5.0;
        pen.rect(
            Vec2::new(l.board.center().x, y),
            Vec2::new(side, height),
            WOOD_DARK.with_alpha(alpha),
            depth::GRAIN,
        );
    }
}

/// Lines, the edge a little bolder, and the star points (R1).
fn draw_grid(pen: &mut Painter, n: u8) {
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

/// The stones — dead ones faded while counting — with move numbers or the last-move dot. The
/// newest stone drops in from `settle_from` (seconds), when motion is on.
fn draw_stones(pen: &mut Painter, current: &Match, counting: bool, settle_from: Option<f32>) {
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
        let at = pen.at(board, p);
        let alpha = if counting && game.is_dead(p) { 0.45 } else { 1.0 };
        let drawn = pen.stone(at, color, alpha, depth::STONES);
        if let Some(start) = settle_from.filter(|_| Some(p) == last) {
            // Redraws while it settles pick up where it was.
            for e in drawn.into_iter().flatten() {
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

/// A small square on every counted point that is not a living stone of its owner; they fade in
/// from `fade_from` (when counting began — not again on each toggle).
fn draw_ownership(pen: &mut Painter, game: &Game, fade_from: Option<f32>) {
    let board = game.board();
    let score = game.score();
    for p in board.points() {
        let Some(owner) = score.owner(p) else { continue };
        if board.color_at(p) == Some(owner) && !game.is_dead(p) {
            continue;
        }
        let tone = if owner == Color::Black {
            theme::BLACK_AREA
        } else {
            theme::WHITE_AREA
        };
        let at = pen.at(board, p);
        let square = pen.rect(at, Vec2::splat(pen.layout.step * 0.36), tone, depth::OWNERSHIP);
        if let Some(start) = fade_from {
            pen.commands.entity(square).insert(FadeIn { start });
        }
    }
}

/// A red 「×」 on forbidden points and 「劫」 on the ko point (R13).
fn draw_forbidden_marks(pen: &mut Painter, game: &Game) {
    for (p, reason) in game.forbidden_points() {
        let mark = match reason {
            Refusal::Ko => "劫",
            Refusal::Suicide | Refusal::Superko => "×",
            _ => continue,
        };
        let at = pen.at(game.board(), p);
        pen.text(at, mark, pen.layout.step * 0.62, MARK_RED);
    }
}

/// The preview stone with a cross-hair (R15), else the see-through stone under the mouse (R14).
fn draw_preview_or_hover(
    pen: &mut Painter,
    current: &Match,
    preview: Option<Point>,
    hover: Option<Point>,
    motion: bool,
) {
    let game = &current.game;
    let step = pen.layout.step;
    if let Some(p) = preview {
        let at = pen.at(game.board(), p);
        for e in pen
            .stone(at, game.to_move(), 0.6, depth::PREVIEW)
            .into_iter()
            .flatten()
        {
            if motion {
                pen.commands.entity(e).insert(Pulse);
            }
        }
        let hair = (step * 0.06).max(1.5);
        let red = MARK_RED.with_alpha(0.8);
        pen.rect(at, Vec2::new(step * 1.6, hair), red, depth::CROSS_HAIR);
        pen.rect(at, Vec2::new(hair, step * 1.6), red, depth::CROSS_HAIR);
    } else if let Some(p) = hover
        && current.humans_turn()
        && !current.setup.options.preview_first
        && game.is_legal(Move::Place(p))
    {
        let at = pen.at(game.board(), p);
        pen.stone(at, game.to_move(), 0.45, depth::PREVIEW);
    }
}

/// Spawns board pieces at logical window positions.
struct Painter<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    layout: Layout,
    pictures: &'a Pictures,
    labels: &'a mut Vec<Label>,
}

impl Painter<'_, '_, '_> {
    /// Where point `p` is drawn.
    fn at(&self, board: &Board, p: Point) -> Vec2 {
        let (c, r) = board.coords(p);
        self.layout.position(c, r)
    }

    fn rect(&mut self, centre: Vec2, size: Vec2, color: bevy::color::Color, z: f32) -> Entity {
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

    fn text(&mut self, centre: Vec2, text: &str, size: f32, color: bevy::color::Color) {
        self.labels.push(Label {
            centre,
            text: text.into(),
            size,
            color,
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
        let at = self.layout.to_world(centre);
        let sprite = Sprite {
            image: image.clone(),
            custom_size: Some(Vec2::splat(diameter)),
            color: tint,
            ..default()
        };
        self.commands
            .spawn((BoardItem, sprite, Transform::from_xyz(at.x, at.y, z)))
            .id()
    }

    /// A shaded stone with its soft shadow; `alpha` below 1 for preview and dead stones.
    /// Returns the entities drawn, for animations.
    fn stone(&mut self, centre: Vec2, color: Color, alpha: f32, z: f32) -> [Option<Entity>; 2] {
        let d = self.layout.step * 0.96;
        let p = self.pictures;
        let picture = if color == Color::Black {
            p.black_stone.clone()
        } else {
            p.white_stone.clone()
        };
        let tint = bevy::color::Color::WHITE.with_alpha(alpha);
        let shadow = (alpha >= 1.0).then(|| {
            self.image(
                centre + Vec2::new(d * 0.05, d * 0.07),
                d * 1.12,
                &p.shadow.clone(),
                tint,
                z,
            )
        });
        [
            shadow,
            Some(self.image(centre, d, &picture, tint, z + depth::ABOVE_SHADOW)),
        ]
    }
}
