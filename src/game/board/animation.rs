//! The board's motions (R18): a new stone settles onto the board; captured (or taken back)
//! stones fade and lift out a few at a time; when counting begins the dead stones dim and lift
//! away, then territory appears region by region; the preview ghost fades in and breathes.
//! Input never waits for them; the reduced-motion setting turns them off.

use bevy::prelude::*;
use tengen_rules::{Color, Game, Point};

use crate::theme::{DEAD_LIFT_SECS, FADE_OUT_SECS, GHOST_SECS, PULSE_SECS, REGION_FADE_SECS, SETTLE_SECS};

/// A stone dropping onto the board since `start` (seconds).
#[derive(Component)]
pub(super) struct Settle {
    pub start: f32,
}

/// A captured (or taken back) stone fading out and rising by `rise` (world units) from `start`.
#[derive(Component)]
pub(super) struct FadeOut {
    pub start: f32,
    pub rise: f32,
}

/// A dead stone dimming and lifting by `rise` when counting begins at `start`.
#[derive(Component)]
pub(super) struct DeadLift {
    pub start: f32,
    pub rise: f32,
}

/// An ownership square fading in from `start`.
#[derive(Component)]
pub(super) struct FadeIn {
    pub start: f32,
}

/// The preview stone, fading in from `since` (when it came to its point), then breathing.
#[derive(Component)]
pub(super) struct Pulse {
    pub since: f32,
}

/// Where a moving piece rests, so that an animation can place it relative to that.
#[derive(Component)]
pub(super) struct Rest(pub Vec3);

/// What the board looked like at the last redraw, to tell what changed since.
#[derive(Default)]
pub(super) struct Seen {
    board: Option<tengen_rules::Board>,
    moves: usize,
    pub last_move_at: f32,
    /// When the counting (or its result) was first shown.
    pub counting_since: Option<f32>,
    preview: Option<Point>,
    /// When the preview came to its point (its ghost fades in from then).
    pub preview_since: f32,
}

impl Seen {
    /// Notes where the preview is; a new point restarts its fade-in.
    pub fn note_preview(&mut self, preview: Option<Point>, now: f32) {
        if preview != self.preview {
            self.preview = preview;
            self.preview_since = now;
        }
    }

    /// Notes the game's position; when it changed, returns the stones that left the board.
    pub fn update(&mut self, game: &Game, now: f32) -> Option<Vec<(Point, Color)>> {
        let board = game.board();
        let same_game = self.board.as_ref().is_some_and(|b| b.size() == board.size());
        let changed = !same_game || self.moves != game.move_number() || self.board.as_ref() != Some(board);
        if !changed {
            return None;
        }
        if game.move_number() > self.moves {
            self.last_move_at = now;
        }
        let vanished = match (&self.board, same_game) {
            (Some(before), true) => board
                .points()
                .filter_map(|p| {
                    before
                        .color_at(p)
                        .filter(|_| board.color_at(p).is_none())
                        .map(|c| (p, c))
                })
                .collect(),
            _ => Vec::new(),
        };
        self.board = Some(board.clone());
        self.moves = game.move_number();
        Some(vanished)
    }
}

/// Eased motions (R18): drop-in, fade-out, the preview's breathing. Input never waits for them.
pub(super) fn animate(
    mut commands: Commands,
    time: Res<Time>,
    mut settling: Query<(&Settle, &mut Transform), Without<FadeOut>>,
    mut fading: Query<(Entity, &FadeOut, &Rest, &mut Sprite, &mut Transform), Without<Settle>>,
    mut lifting: Query<(&DeadLift, &Rest, &mut Sprite, &mut Transform), (Without<FadeOut>, Without<Settle>)>,
    mut pulsing: Query<(&Pulse, &mut Sprite), (Without<FadeOut>, Without<FadeIn>, Without<DeadLift>)>,
    mut appearing: Query<(&FadeIn, &mut Sprite), (Without<FadeOut>, Without<Pulse>, Without<DeadLift>)>,
) {
    let now = time.elapsed_secs();
    let progress = |start: f32, secs: f32| ((now - start) / secs).clamp(0.0, 1.0);
    for (settle, mut transform) in &mut settling {
        let t = progress(settle.start, SETTLE_SECS);
        transform.scale = Vec3::splat(1.0 + 0.15 * (1.0 - EaseFunction::CubicOut.sample_clamped(t)));
    }
    for (entity, fade, rest, mut sprite, mut transform) in &mut fading {
        let t = progress(fade.start, FADE_OUT_SECS);
        if t >= 1.0 {
            commands.entity(entity).despawn();
            continue;
        }
        let eased = EaseFunction::QuadraticIn.sample_clamped(t);
        sprite.color = sprite
            .color
            .with_alpha(if now < fade.start { 1.0 } else { 1.0 - eased });
        transform.translation = rest.0 + Vec3::Y * fade.rise * eased;
        transform.scale = Vec3::splat(1.0 + 0.1 * eased);
    }
    for (lift, rest, mut sprite, mut transform) in &mut lifting {
        let eased = EaseFunction::CubicOut.sample_clamped(progress(lift.start, DEAD_LIFT_SECS));
        sprite.color = sprite.color.with_alpha(1.0 - 0.55 * eased);
        transform.translation = rest.0 + Vec3::Y * lift.rise * eased;
    }
    for (fade, mut sprite) in &mut appearing {
        let t = progress(fade.start, REGION_FADE_SECS);
        sprite.color = sprite.color.with_alpha(EaseFunction::CubicOut.sample_clamped(t));
    }
    for (pulse, mut sprite) in &mut pulsing {
        let arrive = progress(pulse.since, GHOST_SECS);
        let breath = 0.5 + 0.15 * (now * std::f32::consts::TAU / PULSE_SECS).sin();
        sprite.color = sprite.color.with_alpha(arrive * breath);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_rules::{Move, RuleSet};

    #[test]
    fn seen_reports_the_stones_a_capture_took() {
        let mut game = Game::with_setup(
            tengen_rules::Board::from_ascii(
                "
                . X O . .
                X O . O .
                . X O . .
                . . . . .
                . . . . .",
            )
            .unwrap(),
            Color::Black,
            RuleSet::Chinese,
        );
        let mut seen = Seen::default();
        assert_eq!(
            seen.update(&game, 1.0),
            Some(vec![]),
            "first sight: nothing vanished"
        );
        assert_eq!(seen.update(&game, 1.5), None, "no change, no report");
        let ko = game.board().point(2, 1);
        game.play(Move::Place(ko)).unwrap();
        let taken = game.board().point(1, 1);
        assert_eq!(seen.update(&game, 2.0), Some(vec![(taken, Color::White)]));
        assert_eq!(seen.last_move_at, 2.0, "the new stone settles from now");
        game.undo();
        assert_eq!(
            seen.update(&game, 3.0),
            Some(vec![(ko, Color::Black)]),
            "undo takes a stone away too"
        );
        assert_eq!(seen.last_move_at, 2.0, "an undo is not a new stone");
    }
}
