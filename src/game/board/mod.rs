//! The board drawn with Bevy sprites: `view` draws it from the game, `pictures` are the stone
//! and dot images it uses, `animation` moves what changed, `labels` paints its few texts.

mod animation;
mod labels;
mod pictures;
mod view;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::screens::Screen;
use crate::{AppSystems, UiSystems, theme};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<labels::BoardLabels>()
        .insert_resource(ClearColor(theme::BACKGROUND))
        .add_systems(Startup, (spawn_camera, pictures::make_pictures))
        .add_systems(
            Update,
            (view::redraw_board, animation::animate)
                .chain()
                .in_set(AppSystems::Draw)
                .run_if(in_state(Screen::Game)),
        )
        .add_systems(OnExit(Screen::Game), view::clear_board)
        .add_systems(
            EguiPrimaryContextPass,
            labels::paint_labels
                .in_set(UiSystems::Board)
                .run_if(in_state(Screen::Game)),
        );
}

/// No MSAA: every round edge is already smooth in its picture, and 4× samples quadrupled the
/// fill cost, which software renderers (and phones) feel most.
fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, Msaa::Off));
}
