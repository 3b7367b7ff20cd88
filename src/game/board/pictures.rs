//! The pictures the board is drawn with, made once at start-up with smooth edges (so the camera
//! needs no multisampling) and sized for sharp stones at a device pixel ratio of 3: slate black
//! and shell white stones — several shells, each with its own lines — a soft shadow, a plain dot,
//! a kaya board face whose grain varies across it, a square drop shadow for the board, and the
//! table's light.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use tengen_rules::Color;

/// How many shell patterns white stones come in.
pub const WHITE_SHELLS: usize = 5;

#[derive(Resource)]
pub(super) struct Pictures {
    pub black_stone: Handle<Image>,
    pub white_stones: [Handle<Image>; WHITE_SHELLS],
    pub shadow: Handle<Image>,
    /// A white disc, tinted per use.
    pub dot: Handle<Image>,
    pub wood: Handle<Image>,
    pub board_shadow: Handle<Image>,
    /// Light falling on the table, white in the middle, tinted per theme.
    pub table: Handle<Image>,
    /// The pictures' sizes in pixels, for drawing parts of them.
    pub table_size: Vec2,
    pub shadow_size: Vec2,
}

pub(super) fn make_pictures(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    commands.insert_resource(Pictures {
        black_stone: images.add(stone_image(Color::Black, 0)),
        white_stones: std::array::from_fn(|i| images.add(stone_image(Color::White, i as u32 + 1))),
        shadow: images.add(shadow_image()),
        dot: images.add(dot_image()),
        wood: images.add(wood_image()),
        board_shadow: images.add(board_shadow_image()),
        table: images.add(table_image()),
        table_size: Vec2::splat(TABLE_PIXELS as f32),
        shadow_size: Vec2::splat(BOARD_SHADOW_PIXELS as f32),
    });
}

const STONE_PIXELS: u32 = 192;

/// A small deterministic hash to [0, 1): the pictures' variation without a random generator.
fn hash(a: u32, b: u32) -> f32 {
    let mut x = a.wrapping_mul(0x9E37_79B9) ^ b.wrapping_mul(0x85EB_CA6B);
    x ^= x >> 15;
    x = x.wrapping_mul(0x2C1B_3C6D);
    x ^= x >> 12;
    (x & 0xFF_FFFF) as f32 / 0x100_0000 as f32
}

fn stone_image(color: Color, shell: u32) -> Image {
    rgba_image(STONE_PIXELS, STONE_PIXELS, stone_pixels(color, shell))
}

/// A stone lit from the upper left: diffuse and specular shading on a lens-shaped cap, with an
/// anti-aliased rim. Slate black; shell white with fine curved lines whose angle, spacing and
/// strength follow `shell` (0 for black). RGBA, `STONE_PIXELS` square.
fn stone_pixels(color: Color, shell: u32) -> Vec<u8> {
    let n = STONE_PIXELS;
    let light = Vec3::new(-0.45, 0.55, 0.70).normalize();
    let half = (light + Vec3::Z).normalize();
    let angle = hash(shell, 1) * std::f32::consts::PI;
    let (sin, cos) = angle.sin_cos();
    let spacing = 20.0 + 12.0 * hash(shell, 2);
    let strength = 0.010 + 0.014 * hash(shell, 3);
    let bend = 0.25 + 0.35 * hash(shell, 4);
    let mut data = Vec::with_capacity((n * n * 4) as usize);
    for y in 0..n {
        for x in 0..n {
            let u = (x as f32 + 0.5) / n as f32 * 2.0 - 1.0;
            let v = 1.0 - (y as f32 + 0.5) / n as f32 * 2.0;
            let d = (u * u + v * v).sqrt();
            let coverage = ((1.0 - d) * n as f32 / 2.0).clamp(0.0, 1.0);
            let normal = Vec3::new(u, v, 1.6 * (1.0 - d * d).max(0.0).sqrt()).normalize();
            let diffuse = normal.dot(light).max(0.0);
            let specular = normal.dot(half).max(0.0).powf(28.0);
            let rgb = match color {
                Color::Black => {
                    let slate = Vec3::new(0.115, 0.115, 0.135);
                    slate * (0.45 + 0.55 * diffuse.powi(2)) + Vec3::splat(0.32 * specular)
                }
                Color::White => {
                    // Shell lines: gently curved bands across the stone.
                    let along = u * cos + v * sin;
                    let across = -u * sin + v * cos;
                    let band = ((along + bend * across * across) * spacing).sin();
                    let lines = strength * band * band * band.signum();
                    let shade = 0.78 + 0.20 * diffuse + 0.12 * specular - 0.09 * d.powi(4) - lines;
                    Vec3::new(shade, shade * 0.988, shade * 0.958)
                }
            };
            let rgb = rgb.clamp(Vec3::ZERO, Vec3::ONE) * 255.0;
            data.extend_from_slice(&[rgb.x as u8, rgb.y as u8, rgb.z as u8, (coverage * 255.0) as u8]);
        }
    }
    data
}

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
    rgba_image(n, n, data)
}

/// A soft round shadow.
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
    rgba_image(n, n, data)
}

fn wood_image() -> Image {
    rgba_image(WOOD_PIXELS, WOOD_PIXELS, wood_pixels())
}

const WOOD_PIXELS: u32 = 512;

/// Kaya: a warm face with fine straight grain that drifts and changes density across the board,
/// a few wider growth bands, and a faint darkening toward the edges. RGBA, `WOOD_PIXELS` square.
fn wood_pixels() -> Vec<u8> {
    let n = WOOD_PIXELS;
    let base = Vec3::new(0.863, 0.702, 0.361);
    let dark = Vec3::new(0.70, 0.52, 0.25);
    let mut data = Vec::with_capacity((n * n * 4) as usize);
    for y in 0..n {
        for x in 0..n {
            let (u, v) = (x as f32 / n as f32, y as f32 / n as f32);
            // The grain runs top to bottom, wandering slowly sideways.
            let drift = 0.035 * (v * 5.3 + 1.7).sin() + 0.02 * (v * 11.0 + u * 3.0).sin();
            let w = u + drift;
            let fine = (w * 220.0 + 3.0 * (w * 17.0).sin()).sin() * 0.5 + 0.5;
            let bands = (w * 23.0 + 2.0 * (w * 5.0 + 0.4).sin()).sin() * 0.5 + 0.5;
            let grain = 0.10 * fine.powf(6.0) + 0.16 * bands.powf(8.0);
            let speckle = 0.03 * (hash(x, y) - 0.5);
            let edge = {
                let e = (u.min(1.0 - u).min(v).min(1.0 - v) * 6.0).min(1.0);
                0.06 * (1.0 - e)
            };
            let t = (grain + edge + speckle).clamp(0.0, 1.0);
            let rgb = (base * (1.0 - t) + dark * t) * 255.0;
            data.extend_from_slice(&[rgb.x as u8, rgb.y as u8, rgb.z as u8, 255]);
        }
    }
    data
}

/// The game's icon (the browser build's home-screen icon), `pixels` square, RGBA: the board's
/// kaya with four lines each way and a black and a white stone on two of their crossings, every
/// mark inside the middle 60% so that a round or squircle mask (a "maskable" icon) keeps it all.
pub fn app_icon(pixels: u32) -> Vec<u8> {
    let (wood, n) = (wood_pixels(), pixels as f32);
    let stones = [
        (Vec2::new(0.375, 0.375), stone_pixels(Color::Black, 0)),
        (Vec2::new(0.625, 0.625), stone_pixels(Color::White, 2)),
    ];
    const LINES: [f32; 4] = [0.125, 0.375, 0.625, 0.875];
    const RADIUS: f32 = 0.12;
    let ink = Vec3::new(0.16, 0.12, 0.08);
    let line_width = (n / 160.0).max(1.0);
    let mut data = Vec::with_capacity((pixels * pixels * 4) as usize);
    for y in 0..pixels {
        for x in 0..pixels {
            let at = Vec2::new(x as f32 + 0.5, y as f32 + 0.5) / n;
            let texel = |image: &[u8], side: u32, u: f32, v: f32| {
                let (tx, ty) = ((u * side as f32) as u32, (v * side as f32) as u32);
                let i = ((ty.min(side - 1) * side + tx.min(side - 1)) * 4) as usize;
                let c = &image[i..i + 4];
                (
                    Vec3::new(c[0] as f32, c[1] as f32, c[2] as f32) / 255.0,
                    c[3] as f32 / 255.0,
                )
            };
            let (mut rgb, _) = texel(&wood, WOOD_PIXELS, at.x, at.y);
            // A line's coverage of this pixel, anti-aliased over one pixel.
            let line = |d: f32| (line_width / 2.0 + 0.5 - d * n).clamp(0.0, 1.0);
            let near = |p: f32| LINES.iter().map(|&l| line((p - l).abs())).fold(0.0, f32::max);
            rgb = rgb.lerp(ink, 0.85 * near(at.x).max(near(at.y)));
            for (centre, picture) in &stones {
                let shadow = (at - centre - Vec2::new(0.012, 0.02)).length() / RADIUS;
                let t = ((1.08 - shadow) / 0.2).clamp(0.0, 1.0);
                rgb *= 1.0 - 0.4 * t * t * (3.0 - 2.0 * t);
                let local = (at - *centre) / (2.0 * RADIUS) + Vec2::splat(0.5);
                if (0.0..1.0).contains(&local.x) && (0.0..1.0).contains(&local.y) {
                    let (stone, alpha) = texel(picture, STONE_PIXELS, local.x, local.y);
                    rgb = rgb.lerp(stone, alpha);
                }
            }
            let rgb = rgb.clamp(Vec3::ZERO, Vec3::ONE) * 255.0;
            data.extend_from_slice(&[rgb.x as u8, rgb.y as u8, rgb.z as u8, 255]);
        }
    }
    data
}

/// A soft square shadow: opaque in the middle, fading over the outer eighth on every side.
const BOARD_SHADOW_PIXELS: u32 = 128;
const TABLE_PIXELS: u32 = 128;

fn board_shadow_image() -> Image {
    let n = BOARD_SHADOW_PIXELS;
    let mut data = Vec::with_capacity((n * n * 4) as usize);
    for y in 0..n {
        for x in 0..n {
            let edge = |i: u32| {
                let t = ((i.min(n - 1 - i)) as f32 / (n as f32 / 8.0)).min(1.0);
                t * t * (3.0 - 2.0 * t)
            };
            let a = edge(x) * edge(y) * 120.0;
            data.extend_from_slice(&[0, 0, 0, a as u8]);
        }
    }
    rgba_image(n, n, data)
}

/// The table's light: white at the middle, falling off toward the corners; the sprite's tint
/// gives the colour, so one picture serves both themes.
fn table_image() -> Image {
    let n = TABLE_PIXELS;
    let mut data = Vec::with_capacity((n * n * 4) as usize);
    for y in 0..n {
        for x in 0..n {
            let u = (x as f32 + 0.5) / n as f32 * 2.0 - 1.0;
            let v = (y as f32 + 0.5) / n as f32 * 2.0 - 1.0;
            let d = ((u * u + v * v) / 2.0).sqrt();
            let light = 1.0 - 0.5 * d * d + 0.02 * (hash(x, y) - 0.5);
            let c = (light.clamp(0.0, 1.0) * 255.0) as u8;
            data.extend_from_slice(&[c, c, c, 255]);
        }
    }
    rgba_image(n, n, data)
}

fn rgba_image(width: u32, height: u32, data: Vec<u8>) -> Image {
    Image::new(
        Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    )
}
