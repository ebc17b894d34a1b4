//! The egui panels drawn over the 3D view, one panel per file. They read the battle's state
//! and the view's (autoplay, palette, picking) and draw nothing in the 3D scene but the labels
//! over the fighters.

mod action_bar;
mod battle_panel;
mod board_labels;
mod card_picture;
mod decision_panel;
mod dice_tray;
mod end_screen;
mod fighter_card;
mod game_menu;
mod log_panel;
mod roster_screen;
mod setup_cards;
pub(crate) mod setup_screen;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        battle_panel::plugin,
        board_labels::plugin,
        decision_panel::plugin,
        dice_tray::plugin,
        setup_screen::plugin,
        roster_screen::plugin,
        end_screen::plugin,
        fighter_card::plugin,
        game_menu::plugin,
    ));
}
