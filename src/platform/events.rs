//! One structured line per event — `tengen:move B E5`, `tengen:refused W E5 ko`,
//! `tengen:phase scoring`, `tengen:result B+3.5`, `tengen:layout …`, `tengen:button …`,
//! `tengen:think …` — on stdout (the browser console on the web), so tests and tools can follow
//! a game without reading pixels. The game's own lines are written by `game::report`.

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
/// again only when a button moves or comes back.
#[derive(Default)]
pub struct ButtonReport(Vec<(&'static str, String)>);

impl ButtonReport {
    pub fn report(&mut self, name: &'static str, centre: (f32, f32)) {
        let line = format!("tengen:button {name} x={:.1} y={:.1}", centre.0, centre.1);
        match self.0.iter_mut().find(|(n, _)| *n == name) {
            Some((_, last)) if *last == line => return,
            Some((_, last)) => *last = line.clone(),
            None => self.0.push((name, line.clone())),
        }
        emit(&line);
    }
}
