//! Tengen (天元): the desktop program. `tengen [--mode ai|two] [--size 9|13|19] [--rules …]
//! [--level easy|normal|hard] [--color black|white|random] [--pacing …]` starts straight in a game.
use bevy::prelude::*;

fn main() -> AppExit {
    let mut app = tengen::desktop_app((960, 720));
    app.insert_resource(tengen::storage::Storage::open_default())
        .add_plugins(tengen::plugin);
    tengen::setup::apply_start_flags(&mut app);
    app.run()
}
