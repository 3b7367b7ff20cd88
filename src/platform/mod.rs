//! What differs between the desktop and the browser, and what the game keeps or says outside its
//! window: the store (`storage`), start flags (`start_flags`), the page (`web`), event lines
//! (`events`), the font, the clock, work done off the frame (`offframe`).

pub mod archive;
mod clock;
mod events;
pub mod files;
mod font;
pub mod offframe;
pub mod start_flags;
pub mod storage;
#[cfg(target_arch = "wasm32")]
pub(crate) mod web;
#[cfg(target_arch = "wasm32")]
pub mod worker;

pub use clock::clock_seed;
pub use events::{ButtonReport, emit};
pub use font::{TITLE_FAMILY, fonts_ready};

/// Whether the system prefers a dark interface, where the platform tells (the browser's
/// `prefers-color-scheme`; the desktop reports changes through `WindowThemeChanged`).
pub fn system_prefers_dark() -> Option<bool> {
    #[cfg(target_arch = "wasm32")]
    return web::prefers_dark();
    #[cfg(not(target_arch = "wasm32"))]
    None
}

/// Whether a finger is the main pointer, where the platform tells before the first touch (the
/// browser's `pointer: coarse`; the desktop learns it from touches only).
pub fn touch_screen() -> bool {
    #[cfg(target_arch = "wasm32")]
    return web::coarse_pointer();
    #[cfg(not(target_arch = "wasm32"))]
    false
}

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ButtonReport>()
        .add_plugins((storage::plugin, archive::plugin, files::plugin))
        // What the device keeps, read in order: settings first (the notices are in their
        // language), then the finished games, then back into a game left on screen.
        .add_systems(
            Startup,
            (
                storage::load_saved,
                archive::load_archive,
                storage::resume_interrupted,
            )
                .chain(),
        );
}

/// The font and the page: only with a window.
pub(super) fn ui_plugin(app: &mut App) {
    app.add_plugins((
        font::plugin,
        #[cfg(target_arch = "wasm32")]
        web::plugin,
        #[cfg(target_arch = "wasm32")]
        worker::plugin,
    ));
}
