//! The `Setup` and `Title` screens (drawn by `ui::setup_screen` and `ui::title_screen`): the
//! battle left behind is cleared as they open, and the title screen shows no board.

use bevy::prelude::*;

use super::Screen;
use crate::scenario::spawn::despawn_battle;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Setup), despawn_battle)
        .add_systems(OnEnter(Screen::Title), (despawn_battle, despawn_board));
}

/// The title screen shows no board: what the setup screen would clear goes too.
pub(crate) fn despawn_board(
    mut commands: Commands,
    board: Query<(Entity, &DespawnOnEnter<Screen>)>,
) {
    for (e, when) in &board {
        if when.0 == Screen::Setup {
            commands.entity(e).despawn();
        }
    }
}
