//! The egui panels drawn over the 3D view, one panel per file. They read the battle's state
//! and the view's (autoplay, palette) and draw nothing in the 3D scene.

mod battle_panel;
mod decision_panel;
mod end_screen;
mod game_menu;
pub(crate) mod setup_screen;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        battle_panel::plugin,
        decision_panel::plugin,
        setup_screen::plugin,
        end_screen::plugin,
        game_menu::plugin,
    ));
}
