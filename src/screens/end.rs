//! The `End` screen: the winner and the summary over the finished board (drawn by
//! `ui::end_screen`); the battle just played is kept as a replay as the screen opens.

use bevy::prelude::*;

use super::{NextBattle, Screen, replay};
use crate::rules::engine::Engine;

/// The replay of the battle just finished, saved as it ended: its path, or why it could not
/// be written.
#[derive(Resource, Debug, Clone, Default)]
pub struct LastReplay(pub Option<Result<std::path::PathBuf, String>>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LastReplay>()
        .add_systems(OnEnter(Screen::End), save_the_replay);
}

/// Every battle played to its end in the window is kept as a replay (the battle file, seed,
/// commands and round hashes) in the replays folder; one loaded already over is not.
fn save_the_replay(world: &mut World) {
    if replay::watching(world) {
        return;
    }
    let played = world.resource::<Engine>().commands.len();
    if world
        .get_resource::<super::LoadedAt>()
        .is_some_and(|l| l.0 >= played)
    {
        world.resource_mut::<LastReplay>().0 = None;
        return;
    }
    let file = world
        .get_resource::<NextBattle>()
        .and_then(|n| n.file.clone());
    let dir = std::path::Path::new(crate::sim::replay::REPLAYS_DIR);
    let saved = crate::sim::replay::save_replay(world, file, dir, std::time::SystemTime::now());
    world.resource_mut::<LastReplay>().0 = Some(saved);
}
