//! Tengen (天元): the desktop program and, built for wasm32, the browser game.
//! `tengen [--mode ai|two] [--size 9|13|19] [--rules …] [--level easy|normal|hard|1…13]
//! [--color black|white|random] [--pacing …]` starts straight in a game; in the browser the same
//! names come from the address: `index.html?mode=ai&size=9`.
use bevy::prelude::*;

fn main() -> AppExit {
    let mut app = tengen::windowed_app((960, 720));
    app.insert_resource(tengen::platform::storage::Storage::open_default())
        .add_plugins(tengen::plugin);
    tengen::platform::start_flags::apply_start_flags(&mut app);
    app.run()
}
