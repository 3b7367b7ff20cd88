//! The board drawn with Bevy sprites: `view` draws it from the game, `pictures` are the stone
//! and dot images it uses, `animation` moves what changed, `labels` paints its few texts.

mod animation;
mod diagram;
mod labels;
mod pictures;
mod view;

pub use diagram::{Diagram, DiagramSlots};
pub use pictures::app_icon;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::screens::Screen;
use crate::{AppSystems, UiSystems, theme};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<labels::BoardLabels>()
        .insert_resource(ClearColor(theme::LIGHT.table_far))
        .add_systems(Startup, (spawn_camera, pictures::make_pictures))
        .add_systems(
            Update,
            (match_table_to_theme, view::redraw_board, animation::animate)
                .chain()
                .in_set(AppSystems::Draw)
                .run_if(in_state(Screen::Game).or_else(in_state(Screen::Review))),
        )
        .add_systems(OnExit(Screen::Game), view::clear_board)
        .add_systems(OnExit(Screen::Review), view::clear_board)
        .init_resource::<DiagramSlots>()
        .add_systems(
            Update,
            diagram::draw_diagrams
                .in_set(AppSystems::Draw)
                .run_if(in_state(Screen::Lobby)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            labels::paint_labels.in_set(UiSystems::Board),
        );
}

/// No MSAA: every round edge is already smooth in its picture, and 4× samples quadrupled the
/// fill cost, which software renderers (and phones) feel most.
fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, Msaa::Off));
}

/// What shows around the board (and through the page while screens change) is the table's.
fn match_table_to_theme(theme: Res<theme::ActiveTheme>, mut clear: ResMut<ClearColor>) {
    if theme.is_changed() {
        clear.0 = theme.0.table_far;
    }
}
