//! The game's event lines (`tengen:move`, `tengen:refused`, `tengen:phase`, `tengen:result`):
//! see `platform::events`.

use bevy::prelude::*;
use tengen_rules::{Color, Move, Phase, Refusal, vertex_name};

use super::intents::{MovePlayed, MoveRefused};
use super::state::Match;
use crate::AppSystems;
use crate::platform::emit;
use crate::screens::{GamePhase, Screen};

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
