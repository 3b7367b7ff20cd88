//! The browser page's side of the game: the canvas's first size, and telling the page when the
//! first frame is on screen, so it can take its loading indicator away (and a test can time
//! navigation → first frame).

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use bevy::window::WindowResolution;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, signal_ready.run_if(first_frame_drawn));
}

/// Frame 1 is rendered at the end of the update that counts it; from the second update on, the
/// canvas shows it.
fn first_frame_drawn(frames: Res<FrameCount>, mut signalled: Local<bool>) -> bool {
    let now = frames.0 >= 2 && !*signalled;
    *signalled |= now;
    now
}

fn signal_ready() {
    let event = web_sys::Event::new("tengen-ready").expect("a plain event can be created");
    if let Some(window) = web_sys::window() {
        let _ = window.dispatch_event(&event);
    }
}

/// The page's size at the device's pixel ratio: the canvas starts at its final size and
/// sharpness instead of being resized (and the board laid out again) after the first frame.
pub(crate) fn page_resolution() -> Option<WindowResolution> {
    let window = web_sys::window()?;
    let ratio = window.device_pixel_ratio() as f32;
    let width = window.inner_width().ok()?.as_f64()? as f32;
    let height = window.inner_height().ok()?.as_f64()? as f32;
    let mut resolution = WindowResolution::new((width * ratio) as u32, (height * ratio) as u32);
    resolution.set_scale_factor(ratio);
    Some(resolution)
}

/// The page's `prefers-color-scheme: dark`.
pub(crate) fn prefers_dark() -> Option<bool> {
    let query = web_sys::window()?
        .match_media("(prefers-color-scheme: dark)")
        .ok()??;
    Some(query.matches())
}

/// The page's `pointer: coarse`: a finger is the main pointer (a phone or a tablet).
pub(crate) fn coarse_pointer() -> bool {
    web_sys::window()
        .and_then(|window| window.match_media("(pointer: coarse)").ok().flatten())
        .is_some_and(|query| query.matches())
}
