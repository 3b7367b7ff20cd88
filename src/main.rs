//! Tengen (天元): the desktop program. `tengen [--mode ai|two] [--size 9|13|19] [--rules …]
//! [--level easy|normal|hard] [--color black|white|random] [--pacing …]` starts straight in a game.
use bevy::prelude::*;
use bevy_egui::EguiPlugin;

fn main() -> AppExit {
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "天元 Tengen".into(),
            resolution: (960, 720).into(),
            ..default()
        }),
        ..default()
    }))
    .add_plugins(EguiPlugin::default())
    .insert_resource(tengen::storage::Storage::open_default())
    .add_plugins(tengen::plugin);
    tengen::setup::apply_start_flags(&mut app);
    app.run()
}
