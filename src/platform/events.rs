//! One structured line per event — `tengen:move B E5`, `tengen:refused W E5 ko`,
//! `tengen:phase scoring`, `tengen:result B+3.5`, `tengen:layout …`, `tengen:button …`,
//! `tengen:think …` — on stdout (the browser console on the web), so tests and tools can follow
//! a game without reading pixels. The game's own lines are written by `game::report`.

use bevy::prelude::Resource;

/// Writes one event line.
pub fn emit(line: &str) {
    #[cfg(not(target_arch = "wasm32"))]
    println!("{line}");
    // stdout goes nowhere in the browser; the console is where a test (or a player) looks.
    #[cfg(target_arch = "wasm32")]
    web_sys::console::log_1(&wasm_bindgen::JsValue::from_str(line));
}

/// Where the buttons are, for tests that click them: the board has `tengen:layout`, the egui
/// buttons get `tengen:button NAME x=… y=…` (centre, logical pixels = CSS pixels), written
/// again only when a button moves. Headless tests read the centres here.
#[derive(Resource, Default)]
pub struct ButtonReport(Vec<(&'static str, (f32, f32))>);

impl ButtonReport {
    pub fn report(&mut self, name: &'static str, centre: (f32, f32)) {
        match self.0.iter_mut().find(|(n, _)| *n == name) {
            Some((_, last)) if *last == centre => return,
            Some((_, last)) => *last = centre,
            None => self.0.push((name, centre)),
        }
        emit(&format!(
            "tengen:button {name} x={:.1} y={:.1}",
            centre.0, centre.1
        ));
    }

    /// Where the button called `name` was last drawn.
    pub fn centre(&self, name: &str) -> Option<(f32, f32)> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, c)| *c)
    }
}
