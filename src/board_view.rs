//! The board drawn with Bevy: wood with grain, grid, star points, coordinates, shaded stones
//! with soft shadows, the last-move dot, move numbers, forbidden-point marks, the hover and
//! preview stones, and ownership squares while counting. Redrawn from the game whenever the
//! game, the layout or the pointer changes. Shapes are Bevy sprites; the few texts are painted
//! by egui (see [`BoardLabels`]).

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use tengen_rules::{Cell, Color, Move, Phase, Refusal, column_letter, star_points};

use crate::input::Pointer;
use crate::layout::Layout;
use crate::play::{Match, PreviewStone};
use crate::screens::Screen;
use crate::settings::Settings;

/// Everything drawn for the board; despawned and redrawn together.
#[derive(Component)]
struct BoardItem;

/// A stone dropping onto the board since `start` (seconds).
#[derive(Component)]
struct Settle {
    start: f32,
}

/// A captured (or taken back) stone fading out from `start`.
#[derive(Component)]
struct FadeOut {
    start: f32,
}

/// An ownership square fading in from `start`.
#[derive(Component)]
struct FadeIn {
    start: f32,
}

/// The preview stone breathing gently.
#[derive(Component)]
struct Pulse;

const SETTLE_SECS: f32 = 0.18;
const FADE_SECS: f32 = 0.28;

/// What the board looked like at the last redraw, to tell what changed since.
#[derive(Default)]
struct Seen {
    board: Option<tengen_rules::Board>,
    moves: usize,
    last_move_at: f32,
    /// When the counting (or its result) was first shown.
    counting_since: Option<f32>,
}

impl Seen {
    /// Notes the game's position; when it changed, returns the stones that left the board.
    fn update(&mut self, game: &tengen_rules::Game, now: f32) -> Option<Vec<(tengen_rules::Point, Color)>> {
        let board = game.board();
        let same_game = self.board.as_ref().is_some_and(|b| b.size() == board.size());
        let changed = !same_game || self.moves != game.move_number() || self.board.as_ref() != Some(board);
        if !changed {
            return None;
        }
        if game.move_number() > self.moves {
            self.last_move_at = now;
        }
        let vanished = match (&self.board, same_game) {
            (Some(before), true) => board
                .points()
                .filter_map(|p| {
                    before
                        .color_at(p)
                        .filter(|_| board.color_at(p).is_none())
                        .map(|c| (p, c))
                })
                .collect(),
            _ => Vec::new(),
        };
        self.board = Some(board.clone());
        self.moves = game.move_number();
        Some(vanished)
    }
}

#[derive(Resource)]
struct Palette {
    /// Shaded stone pictures, a soft shadow and a plain round dot (tinted per use), drawn once
    /// at start-up with smooth edges, so the camera needs no multisampling.
    black_stone: Handle<Image>,
    white_stone: Handle<Image>,
    shadow: Handle<Image>,
    dot: Handle<Image>,
}

const WOOD: bevy::color::Color = bevy::color::Color::srgb(0.87, 0.69, 0.42);
const WOOD_DARK: bevy::color::Color = bevy::color::Color::srgb(0.62, 0.44, 0.24);
const LINE: bevy::color::Color = bevy::color::Color::srgb(0.16, 0.12, 0.08);
const RED: bevy::color::Color = bevy::color::Color::srgb(0.85, 0.10, 0.08);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardLabels>()
        .insert_resource(ClearColor(bevy::color::Color::srgb(0.17, 0.15, 0.13)))
        .add_systems(Startup, (spawn_camera, make_palette))
        .add_systems(
            Update,
            (redraw_board, animate).chain().run_if(in_state(Screen::Game)),
        )
        .add_systems(OnExit(Screen::Game), clear_board)
        .add_systems(
            EguiPrimaryContextPass,
            paint_labels.run_if(in_state(Screen::Game)),
        );
}

/// No MSAA: every round edge is already smooth in its picture, and 4× samples quadrupled the
/// fill cost, which software renderers (and phones) feel most.
fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, Msaa::Off));
}

fn make_palette(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    commands.insert_resource(Palette {
        black_stone: images.add(stone_image(Color::Black)),
        white_stone: images.add(stone_image(Color::White)),
        shadow: images.add(shadow_image()),
        dot: images.add(dot_image()),
    });
}

/// Eased motions (R18): drop-in, fade-out, the preview's breathing. Input never waits for them.
fn animate(
    mut commands: Commands,
    time: Res<Time>,
    mut settling: Query<(&Settle, &mut Transform), Without<FadeOut>>,
    mut fading: Query<(Entity, &FadeOut, &mut Sprite, &mut Transform), Without<Settle>>,
    mut pulsing: Query<&mut Sprite, (With<Pulse>, Without<FadeOut>, Without<FadeIn>)>,
    mut appearing: Query<(&FadeIn, &mut Sprite), (Without<FadeOut>, Without<Pulse>)>,
) {
    let now = time.elapsed_secs();
    for (settle, mut transform) in &mut settling {
        let t = ((now - settle.start) / SETTLE_SECS).clamp(0.0, 1.0);
        transform.scale = Vec3::splat(1.0 + 0.28 * (1.0 - EaseFunction::CubicOut.sample_clamped(t)));
    }
    for (entity, fade, mut sprite, mut transform) in &mut fading {
        let t = ((now - fade.start) / FADE_SECS).clamp(0.0, 1.0);
        if t >= 1.0 {
            commands.entity(entity).despawn();
            continue;
        }
        let eased = EaseFunction::QuadraticIn.sample_clamped(t);
        sprite.color = sprite.color.with_alpha(1.0 - eased);
        transform.scale = Vec3::splat(1.0 - 0.4 * eased);
    }
    for (fade, mut sprite) in &mut appearing {
        let t = ((now - fade.start) / 0.45).clamp(0.0, 1.0);
        sprite.color = sprite.color.with_alpha(EaseFunction::CubicOut.sample_clamped(t));
    }
    for mut sprite in &mut pulsing {
        let alpha = 0.5 + 0.15 * (now * std::f32::consts::TAU / 1.4).sin();
        sprite.color = sprite.color.with_alpha(alpha);
    }
}

fn clear_board(
    mut commands: Commands,
    items: Query<Entity, With<BoardItem>>,
    mut labels: ResMut<BoardLabels>,
) {
    for e in &items {
        commands.entity(e).despawn();
    }
    labels.0.clear();
}

/// Coordinates, move numbers and the red ×/劫 marks: text over the board, drawn by egui (whose
/// font is already loaded) rather than Bevy's text stack, which would double the browser download.
#[derive(Resource, Default)]
pub(crate) struct BoardLabels(Vec<Label>);

pub(crate) struct Label {
    /// Logical window position of the text's centre.
    centre: Vec2,
    text: String,
    size: f32,
    color: bevy::color::Color,
}

/// Runs before the HUD (which orders itself after this) in the same background layer, so
/// panels and banners stay on top.
pub(crate) fn paint_labels(mut contexts: EguiContexts, labels: Res<BoardLabels>) -> Result {
    let painter = contexts.ctx_mut()?.layer_painter(egui::LayerId::background());
    for label in &labels.0 {
        let [r, g, b, a] = label.color.to_srgba().to_u8_array();
        painter.text(
            egui::pos2(label.centre.x, label.centre.y),
            egui::Align2::CENTER_CENTER,
            &label.text,
            egui::FontId::proportional(label.size),
            egui::Color32::from_rgba_unmultiplied(r, g, b, a),
        );
    }
    Ok(())
}

/// Spawns board pieces at logical window positions.
struct Painter<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    layout: Layout,
    palette: &'a Palette,
    labels: &'a mut Vec<Label>,
}

impl Painter<'_, '_, '_> {
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
        let dot = self.palette.dot.clone();
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
        let p = self.palette;
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
        [shadow, Some(self.image(centre, d, &picture, tint, z + 0.01))]
    }
}

fn redraw_board(
    mut commands: Commands,
    items: Query<Entity, With<BoardItem>>,
    current: Res<Match>,
    layout: Res<Layout>,
    preview: Res<PreviewStone>,
    pointer: Res<Pointer>,
    palette: Option<Res<Palette>>,
    mut labels: ResMut<BoardLabels>,
    settings: Res<Settings>,
    time: Res<Time>,
    mut seen: Local<Seen>,
) {
    let changed = current.is_changed() || layout.is_changed() || preview.is_changed() || pointer.is_changed();
    let (Some(palette), true) = (palette, changed) else {
        return;
    };
    if layout.step <= 0.0 || layout.size != current.game.size() {
        return;
    }
    for e in &items {
        commands.entity(e).despawn();
    }
    let l = *layout;
    let game = &current.game;
    let board = game.board();
    let n = game.size();
    let now = time.elapsed_secs();
    let motion = !settings.reduced_motion;
    let fresh_move = seen.update(game, now);
    let mut pen = Painter {
        commands: &mut commands,
        layout: l,
        palette: &palette,
        labels: &mut labels.0,
    };
    pen.labels.clear();
    // Stones that just left the board (captures, undo) fade and shrink out, a few at a time.
    if motion && let Some(vanished) = fresh_move {
        for (k, (p, color)) in vanished.into_iter().enumerate() {
            let (c, r) = board.coords(p);
            for e in pen.stone(l.position(c, r), color, 1.0, 0.9).into_iter().flatten() {
                pen.commands.entity(e).remove::<BoardItem>().insert((
                    FadeOut {
                        start: now + 0.04 * k as f32,
                    },
                    DespawnOnExit(Screen::Game),
                ));
            }
        }
    }

    // Wood, frame and a calm grain.
    let side = l.board.width();
    pen.rect(l.board.center(), Vec2::splat(side + 6.0), WOOD_DARK, 0.0);
    pen.rect(l.board.center(), Vec2::splat(side), WOOD, 0.01);
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
            0.02,
        );
    }

    // Grid, star points, coordinates.
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
            LINE,
            0.1,
        );
        pen.rect(
            Vec2::new(l.origin.x + span / 2.0, snap(b.y, edge)),
            Vec2::new(span + edge, edge),
            LINE,
            0.1,
        );
    }
    for (c, r) in star_points(n) {
        pen.disc(l.position(c, r), (l.step * 0.1).max(2.0), LINE, 0.15);
    }
    let label = (l.step * 0.42).clamp(8.0, 18.0);
    let label_color = LINE.with_alpha(0.75);
    for i in 0..n {
        let letter = column_letter(i).to_string();
        let number = (n - i).to_string();
        let off = l.step * 0.62;
        pen.text(
            l.position(i, 0) - Vec2::new(0.0, off),
            &letter,
            label,
            label_color,
        );
        pen.text(
            l.position(i, n - 1) + Vec2::new(0.0, off),
            &letter,
            label,
            label_color,
        );
        pen.text(
            l.position(0, i) - Vec2::new(off, 0.0),
            &number,
            label,
            label_color,
        );
        pen.text(
            l.position(n - 1, i) + Vec2::new(off, 0.0),
            &number,
            label,
            label_color,
        );
    }

    // Counting: ownership squares on every counted point; dead stones drawn faded.
    let counting = matches!(
        game.phase(),
        Phase::Scoring | Phase::Over(tengen_rules::Outcome::Score { .. })
    );
    let score = counting.then(|| game.score());
    if !counting {
        seen.counting_since = None;
    } else if seen.counting_since.is_none() {
        seen.counting_since = Some(now);
    }

    // Stones, with move numbers or the last-move dot.
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
        let (c, r) = board.coords(p);
        let at = l.position(c, r);
        let alpha = if counting && game.is_dead(p) { 0.45 } else { 1.0 };
        let drawn = pen.stone(at, color, alpha, 1.0);
        if motion && Some(p) == last {
            // The newest stone drops in; redraws while it settles pick up where it was.
            for e in drawn.into_iter().flatten() {
                pen.commands.entity(e).insert(Settle {
                    start: seen.last_move_at,
                });
            }
        }
        let contrast = if color == Color::Black {
            bevy::color::Color::WHITE
        } else {
            LINE
        };
        let number = numbers[p.index()];
        if current.setup.options.move_numbers && number > 0 {
            let tint = if Some(p) == last { RED } else { contrast };
            pen.text(
                at,
                &number.to_string(),
                l.step * if number >= 100 { 0.34 } else { 0.42 },
                tint,
            );
        } else if Some(p) == last {
            pen.disc(at, l.step * 0.12, RED, 1.2);
        }
    }
    if let Some(score) = &score {
        for p in board.points() {
            let Some(owner) = score.owner(p) else { continue };
            if board.color_at(p) == Some(owner) && !game.is_dead(p) {
                continue;
            }
            let (c, r) = board.coords(p);
            let tone = if owner == Color::Black {
                bevy::color::Color::srgb(0.05, 0.05, 0.06)
            } else {
                bevy::color::Color::srgb(0.97, 0.97, 0.95)
            };
            let square = pen.rect(l.position(c, r), Vec2::splat(l.step * 0.36), tone, 1.3);
            if motion && let Some(start) = seen.counting_since {
                // The squares appear smoothly when counting begins, not again on each toggle.
                pen.commands.entity(square).insert(FadeIn { start });
            }
        }
    }

    // Forbidden points and the ko on the mover's turn (R13).
    if game.phase() == Phase::Playing && current.setup.options.forbidden_marks && current.humans_turn() {
        for (p, reason) in game.forbidden_points() {
            let mark = match reason {
                Refusal::Ko => "劫",
                Refusal::Suicide | Refusal::Superko => "×",
                _ => continue,
            };
            let (c, r) = board.coords(p);
            pen.text(l.position(c, r), mark, l.step * 0.62, RED);
        }
    }

    // Preview with a cross-hair (R15), else the hover stone (R14).
    let to_move = game.to_move();
    if let Some(p) = preview.0.filter(|_| game.phase() == Phase::Playing) {
        let (c, r) = board.coords(p);
        let at = l.position(c, r);
        for e in pen.stone(at, to_move, 0.6, 1.5).into_iter().flatten() {
            if motion {
                pen.commands.entity(e).insert(Pulse);
            }
        }
        let hair = (l.step * 0.06).max(1.5);
        pen.rect(at, Vec2::new(l.step * 1.6, hair), RED.with_alpha(0.8), 1.6);
        pen.rect(at, Vec2::new(hair, l.step * 1.6), RED.with_alpha(0.8), 1.6);
    } else if let Some(p) = pointer.hover
        && game.phase() == Phase::Playing
        && current.humans_turn()
        && !current.setup.options.preview_first
        && game.is_legal(Move::Place(p))
    {
        let (c, r) = board.coords(p);
        pen.stone(l.position(c, r), to_move, 0.45, 1.5);
    }
}

const STONE_PIXELS: u32 = 128;

/// A stone lit from the upper left: diffuse and specular shading on a sphere cap, with an
/// anti-aliased rim. Slate black and shell white.
fn stone_image(color: Color) -> Image {
    let n = STONE_PIXELS;
    let light = Vec3::new(-0.45, 0.55, 0.70).normalize();
    let half = (light + Vec3::Z).normalize();
    let mut data = Vec::with_capacity((n * n * 4) as usize);
    for y in 0..n {
        for x in 0..n {
            let u = (x as f32 + 0.5) / n as f32 * 2.0 - 1.0;
            let v = 1.0 - (y as f32 + 0.5) / n as f32 * 2.0;
            let d = (u * u + v * v).sqrt();
            let coverage = ((1.0 - d) * n as f32 / 2.0).clamp(0.0, 1.0);
            // A flattened dome: real stones are lens-shaped.
            let normal = Vec3::new(u, v, 1.6 * (1.0 - d * d).max(0.0).sqrt()).normalize();
            let diffuse = normal.dot(light).max(0.0);
            let specular = normal.dot(half).max(0.0).powf(28.0);
            let rgb = match color {
                Color::Black => Vec3::splat(0.05 + 0.16 * diffuse.powi(3) + 0.35 * specular),
                Color::White => {
                    let shade = 0.74 + 0.24 * diffuse + 0.12 * specular - 0.10 * d.powi(4);
                    Vec3::new(shade, shade * 0.985, shade * 0.95)
                }
            };
            let rgb = rgb.clamp(Vec3::ZERO, Vec3::ONE) * 255.0;
            data.extend_from_slice(&[rgb.x as u8, rgb.y as u8, rgb.z as u8, (coverage * 255.0) as u8]);
        }
    }
    rgba_image(n, data)
}

/// A soft round shadow.
/// A white disc with a smooth edge, tinted by the sprite's colour.
fn dot_image() -> Image {
    let n = 64;
    let mut data = Vec::with_capacity((n * n * 4) as usize);
    for y in 0..n {
        for x in 0..n {
            let u = (x as f32 + 0.5) / n as f32 * 2.0 - 1.0;
            let v = (y as f32 + 0.5) / n as f32 * 2.0 - 1.0;
            let coverage = ((1.0 - (u * u + v * v).sqrt()) * n as f32 / 2.0).clamp(0.0, 1.0);
            data.extend_from_slice(&[255, 255, 255, (coverage * 255.0) as u8]);
        }
    }
    rgba_image(n, data)
}

fn shadow_image() -> Image {
    let n = STONE_PIXELS / 2;
    let mut data = Vec::with_capacity((n * n * 4) as usize);
    for y in 0..n {
        for x in 0..n {
            let u = (x as f32 + 0.5) / n as f32 * 2.0 - 1.0;
            let v = (y as f32 + 0.5) / n as f32 * 2.0 - 1.0;
            let d = (u * u + v * v).sqrt();
            let t = ((1.0 - d) / 0.25).clamp(0.0, 1.0);
            data.extend_from_slice(&[0, 0, 0, (t * t * (3.0 - 2.0 * t) * 110.0) as u8]);
        }
    }
    rgba_image(n, data)
}

fn rgba_image(n: u32, data: Vec<u8>) -> Image {
    Image::new(
        Extent3d {
            width: n,
            height: n,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_rules::{Game, Move, RuleSet};

    #[test]
    fn seen_reports_the_stones_a_capture_took() {
        let mut game = Game::with_setup(
            tengen_rules::Board::from_ascii(
                "
                . X O . .
                X O . O .
                . X O . .
                . . . . .
                . . . . .",
            )
            .unwrap(),
            Color::Black,
            RuleSet::Chinese,
        );
        let mut seen = Seen::default();
        assert_eq!(
            seen.update(&game, 1.0),
            Some(vec![]),
            "first sight: nothing vanished"
        );
        assert_eq!(seen.update(&game, 1.5), None, "no change, no report");
        let ko = game.board().point(2, 1);
        game.play(Move::Place(ko)).unwrap();
        let taken = game.board().point(1, 1);
        assert_eq!(seen.update(&game, 2.0), Some(vec![(taken, Color::White)]));
        assert_eq!(seen.last_move_at, 2.0, "the new stone settles from now");
        game.undo();
        assert_eq!(
            seen.update(&game, 3.0),
            Some(vec![(ko, Color::Black)]),
            "undo takes a stone away too"
        );
        assert_eq!(seen.last_move_at, 2.0, "an undo is not a new stone");
    }
}
