//! Writes the browser build's home-screen icons (web/icon-192.png, web/icon-512.png) from the
//! game's own board and stones (`tengen::game::app_icon`). Run after changing how they look:
//! `cargo run --example icons`, then `pngquant --quality 70-90 --speed 1 --ext .png --force
//! web/icon-*.png` (the kaya's grain does not compress: 275 KB to 67 KB for the large one).
//! web/build.sh copies them into the site.

use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

fn main() {
    // Read at run time (cargo run sets it): a binary in the shared target dir may come from another clone.
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo run");
    let folder = std::path::Path::new(&manifest).join("web");
    for pixels in [192u32, 512] {
        let image = Image::new(
            Extent3d {
                width: pixels,
                height: pixels,
                depth_or_array_layers: 1,
            },
            TextureDimension::D2,
            tengen::game::app_icon(pixels),
            TextureFormat::Rgba8UnormSrgb,
            RenderAssetUsages::all(),
        );
        let path = folder.join(format!("icon-{pixels}.png"));
        let picture = image.try_into_dynamic().expect("an RGBA picture");
        picture.save(&path).expect("the icon is written");
        println!("{}", path.display());
    }
}
