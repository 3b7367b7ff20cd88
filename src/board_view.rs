//! The board drawn with Bevy: wood with grain, grid, star points, coordinates, shaded stones
//! with soft shadows, the last-move dot, move numbers, forbidden-point marks, the hover and
//! preview stones, and ownership squares while counting. Redrawn from the game whenever the
//! game, the layout or the pointer changes.

use bevy::prelude::*;
use bevy::text::{FontSize, FontSource};
use tengen_rules::{Cell, Color, Move, Phase, Refusal, column_letter, star_points};

use crate::font::UiFont;
use crate::input::Pointer;
use crate::layout::Layout;
use crate::play::{Match, PreviewStone};
use crate::screens::Screen;

/// Everything drawn for the board; despawned and redrawn together.
#[derive(Component)]
struct BoardItem;

#[derive(Resource)]
struct Palette {
    circle: Handle<Mesh>,
    black: Handle<ColorMaterial>,
    white: Handle<ColorMaterial>,
    white_rim: Handle<ColorMaterial>,
    shadow: Handle<ColorMaterial>,
    shine: Handle<ColorMaterial>,
    ink: Handle<ColorMaterial>,
    red: Handle<ColorMaterial>,
    ghost_black: Handle<ColorMaterial>,
    ghost_white: Handle<ColorMaterial>,
}

const WOOD: bevy::color::Color = bevy::color::Color::srgb(0.87, 0.69, 0.42);
const WOOD_DARK: bevy::color::Color = bevy::color::Color::srgb(0.62, 0.44, 0.24);
const LINE: bevy::color::Color = bevy::color::Color::srgb(0.16, 0.12, 0.08);
const RED: bevy::color::Color = bevy::color::Color::srgb(0.85, 0.10, 0.08);

pub(crate) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(bevy::color::Color::srgb(0.17, 0.15, 0.13)))
        .add_systems(Startup, (spawn_camera, make_palette))
        .add_systems(Update, redraw_board.run_if(in_state(Screen::Game)))
        .add_systems(OnExit(Screen::Game), clear_board);
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

fn make_palette(mut commands: Commands, mut meshes: ResMut<Assets<Mesh>>, mut materials: ResMut<Assets<ColorMaterial>>) {
    let mut color = |c: bevy::color::Color| materials.add(ColorMaterial::from_color(c));
    commands.insert_resource(Palette {
        circle: meshes.add(Circle::new(1.0)),
        black: color(bevy::color::Color::srgb(0.07, 0.07, 0.08)),
        white: color(bevy::color::Color::srgb(0.96, 0.95, 0.92)),
        white_rim: color(bevy::color::Color::srgb(0.62, 0.60, 0.56)),
        shadow: color(bevy::color::Color::srgba(0.0, 0.0, 0.0, 0.32)),
        shine: color(bevy::color::Color::srgba(1.0, 1.0, 1.0, 0.16)),
        ink: color(LINE),
        red: color(RED),
        ghost_black: color(bevy::color::Color::srgba(0.07, 0.07, 0.08, 0.5)),
        ghost_white: color(bevy::color::Color::srgba(0.96, 0.95, 0.92, 0.6)),
    });
}

fn clear_board(mut commands: Commands, items: Query<Entity, With<BoardItem>>) {
    for e in &items {
        commands.entity(e).despawn();
    }
}

/// Spawns board pieces at logical window positions.
struct Painter<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    layout: Layout,
    palette: &'a Palette,
    font: Option<Handle<Font>>,
}

impl Painter<'_, '_, '_> {
    fn rect(&mut self, centre: Vec2, size: Vec2, color: bevy::color::Color, z: f32) {
        let at = self.layout.to_world(centre);
        self.commands.spawn((BoardItem, Sprite::from_color(color, size), Transform::from_xyz(at.x, at.y, z)));
    }

    fn disc(&mut self, centre: Vec2, radius: f32, material: &Handle<ColorMaterial>, z: f32) {
        let at = self.layout.to_world(centre);
        self.commands.spawn((
            BoardItem,
            Mesh2d(self.palette.circle.clone()),
            MeshMaterial2d(material.clone()),
            Transform::from_xyz(at.x, at.y, z).with_scale(Vec3::new(radius, radius, 1.0)),
        ));
    }

    fn text(&mut self, centre: Vec2, text: &str, size: f32, color: bevy::color::Color, z: f32) {
        let at = self.layout.to_world(centre);
        let font = self.font.clone().map(FontSource::Handle).unwrap_or_default();
        self.commands.spawn((
            BoardItem,
            Text2d::new(text),
            TextFont { font, font_size: FontSize::Px(size), ..default() },
            TextColor(color),
            Transform::from_xyz(at.x, at.y, z),
        ));
    }

    fn stone(&mut self, centre: Vec2, color: Color, z: f32) {
        let r = self.layout.step * 0.48;
        let p = self.palette;
        self.disc(centre + Vec2::new(r * 0.08, r * 0.12), r, &p.shadow.clone(), z);
        match color {
            Color::Black => {
                self.disc(centre, r, &p.black.clone(), z + 0.01);
                self.disc(centre + Vec2::new(-r * 0.28, -r * 0.3), r * 0.45, &p.shine.clone(), z + 0.02);
            }
            Color::White => {
                self.disc(centre, r, &p.white_rim.clone(), z + 0.01);
                self.disc(centre, r * 0.93, &p.white.clone(), z + 0.02);
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn redraw_board(
    mut commands: Commands,
    items: Query<Entity, With<BoardItem>>,
    current: Res<Match>,
    layout: Res<Layout>,
    preview: Res<PreviewStone>,
    pointer: Res<Pointer>,
    palette: Option<Res<Palette>>,
    font: Option<Res<UiFont>>,
) {
    let changed = current.is_changed() || layout.is_changed() || preview.is_changed() || pointer.is_changed();
    let (Some(palette), true) = (palette, changed) else { return };
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
    let mut pen = Painter { commands: &mut commands, layout: l, palette: &palette, font: font.map(|f| f.0.clone()) };

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
        pen.rect(Vec2::new(l.board.center().x, y), Vec2::new(side, height), WOOD_DARK.with_alpha(alpha), 0.02);
    }

    // Grid, star points, coordinates.
    let thin = (l.step * 0.035).max(1.0);
    let span = l.step * (n as f32 - 1.0);
    for i in 0..n {
        let a = l.position(i, 0);
        let b = l.position(0, i);
        let edge = if i == 0 || i == n - 1 { thin * 1.8 } else { thin };
        pen.rect(Vec2::new(a.x, l.origin.y + span / 2.0), Vec2::new(edge, span + edge), LINE, 0.1);
        pen.rect(Vec2::new(l.origin.x + span / 2.0, b.y), Vec2::new(span + edge, edge), LINE, 0.1);
    }
    for (c, r) in star_points(n) {
        pen.disc(l.position(c, r), (l.step * 0.1).max(2.0), &palette.ink.clone(), 0.15);
    }
    let label = (l.step * 0.42).clamp(8.0, 18.0);
    let label_color = LINE.with_alpha(0.75);
    for i in 0..n {
        let letter = column_letter(i).to_string();
        let number = (n - i).to_string();
        let off = l.step * 0.62;
        pen.text(l.position(i, 0) - Vec2::new(0.0, off), &letter, label, label_color, 0.2);
        pen.text(l.position(i, n - 1) + Vec2::new(0.0, off), &letter, label, label_color, 0.2);
        pen.text(l.position(0, i) - Vec2::new(off, 0.0), &number, label, label_color, 0.2);
        pen.text(l.position(n - 1, i) + Vec2::new(off, 0.0), &number, label, label_color, 0.2);
    }

    // Counting: ownership squares on every counted point; dead stones drawn faded.
    let counting = matches!(game.phase(), Phase::Scoring | Phase::Over(tengen_rules::Outcome::Score { .. }));
    let score = counting.then(|| game.score());

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
        let Cell::Stone(color) = board.cell(p) else { continue };
        let (c, r) = board.coords(p);
        let at = l.position(c, r);
        if counting && game.is_dead(p) {
            let ghost = if color == Color::Black { &palette.ghost_black } else { &palette.ghost_white };
            pen.disc(at, l.step * 0.46, &ghost.clone(), 1.0);
        } else {
            pen.stone(at, color, 1.0);
        }
        let contrast = if color == Color::Black { bevy::color::Color::WHITE } else { LINE };
        let number = numbers[p.index()];
        if current.setup.options.move_numbers && number > 0 {
            let tint = if Some(p) == last { RED } else { contrast };
            pen.text(at, &number.to_string(), l.step * if number >= 100 { 0.38 } else { 0.5 }, tint, 1.2);
        } else if Some(p) == last {
            pen.disc(at, l.step * 0.12, &palette.red.clone(), 1.2);
        }
    }
    if let Some(score) = &score {
        for p in board.points() {
            let Some(owner) = score.owner(p) else { continue };
            if board.color_at(p) == Some(owner) && !game.is_dead(p) {
                continue;
            }
            let (c, r) = board.coords(p);
            let tone = if owner == Color::Black { bevy::color::Color::srgb(0.05, 0.05, 0.06) } else { bevy::color::Color::srgb(0.97, 0.97, 0.95) };
            pen.rect(l.position(c, r), Vec2::splat(l.step * 0.36), tone, 1.3);
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
            pen.text(l.position(c, r), mark, l.step * 0.62, RED, 1.4);
        }
    }

    // Preview with a cross-hair (R15), else the hover stone (R14).
    let to_move = game.to_move();
    let ghost = if to_move == Color::Black { &palette.ghost_black } else { &palette.ghost_white };
    if let Some(p) = preview.0.filter(|_| game.phase() == Phase::Playing) {
        let (c, r) = board.coords(p);
        let at = l.position(c, r);
        pen.disc(at, l.step * 0.46, &ghost.clone(), 1.5);
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
        pen.disc(l.position(c, r), l.step * 0.46, &ghost.clone(), 1.5);
    }
}
