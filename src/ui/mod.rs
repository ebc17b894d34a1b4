//! The egui panels drawn over the 3D view, one panel per file. They read the battle's state
//! and the view's (autoplay, palette) and draw nothing in the 3D scene.

mod battle_panel;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(battle_panel::plugin);
}
