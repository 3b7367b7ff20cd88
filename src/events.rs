//! One structured line per event — `tengen:move B E5`, `tengen:refused W E5 ko`,
//! `tengen:phase scoring`, `tengen:result B+3.5`, `tengen:layout …`, `tengen:button …`,
//! `tengen:think …` — on stdout (the browser console on the web), so tests and tools can follow
//! a game without reading pixels.

use bevy::prelude::*;
use tengen_rules::{Color, Move, Phase, Refusal, vertex_name};

use crate::AppSystems;
use crate::play::{Match, MovePlayed, MoveRefused};
use crate::screens::{GamePhase, Screen};

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

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (report_moves, report_refusals)
            .in_set(AppSystems::React)
            .run_if(in_state(Screen::Game)),
    )
    .add_systems(OnEnter(GamePhase::Playing), || emit("tengen:phase playing"))
    .add_systems(OnEnter(GamePhase::Scoring), || emit("tengen:phase scoring"))
    .add_systems(OnEnter(GamePhase::Over), report_result);
}

fn letter(c: Color) -> char {
    if c == Color::Black { 'B' } else { 'W' }
}

fn vertex(m: &Match, mv: Move) -> String {
    match mv {
        Move::Place(p) => {
            let (c, r) = m.game.board().coords(p);
            vertex_name(m.game.size(), c, r)
        }
        Move::Pass => "pass".into(),
    }
}

fn report_moves(mut played: MessageReader<MovePlayed>, current: Res<Match>) {
    for e in played.read() {
        emit(&format!(
            "tengen:move {} {}",
            letter(e.color),
            vertex(&current, e.mv)
        ));
    }
}

fn report_refusals(mut refused: MessageReader<MoveRefused>, current: Res<Match>) {
    for e in refused.read() {
        let reason = match e.reason {
            Refusal::Occupied => "occupied",
            Refusal::Suicide => "suicide",
            Refusal::Ko => "ko",
            Refusal::Superko => "superko",
            Refusal::Scoring => "scoring",
            Refusal::GameOver => "over",
        };
        emit(&format!(
            "tengen:refused {} {} {reason}",
            letter(e.color),
            vertex(&current, Move::Place(e.point))
        ));
    }
}

fn report_result(current: Res<Match>) {
    emit("tengen:phase over");
    if let Phase::Over(outcome) = current.game.phase() {
        emit(&format!("tengen:result {}", outcome.sgf()));
    }
}
