//! The pictures the board is drawn with: shaded stones, a soft shadow and a plain dot, made once
//! at start-up with smooth edges, so the camera needs no multisampling.

use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use tengen_rules::Color;

#[derive(Resource)]
pub(super) struct Pictures {
    pub black_stone: Handle<Image>,
    pub white_stone: Handle<Image>,
    pub shadow: Handle<Image>,
    /// A white disc, tinted per use.
    pub dot: Handle<Image>,
}

pub(super) fn make_pictures(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    commands.insert_resource(Pictures {
        black_stone: images.add(stone_image(Color::Black)),
        white_stone: images.add(stone_image(Color::White)),
        shadow: images.add(shadow_image()),
        dot: images.add(dot_image()),
    });
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
