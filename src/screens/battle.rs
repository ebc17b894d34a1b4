//! The `Battle` screen: the chosen battle is spawned as it opens (a loaded save's commands
//! replayed), saved after every round, and left for the end screen once it is over.

use bevy::prelude::*;

use super::{NextBattle, Notice, Screen, replay};
use crate::rules::command::Command;
use crate::rules::engine::{Engine, Pending, apply, run_rules};
use crate::scenario::spawn::spawn_battle;
use crate::sim::replay::SavedBattle;

/// Where the battle is saved after every round, so that a crash or a closed window loses at
/// most a round.
pub const AUTOSAVE: &str = "autosave.save.ron";

/// Commands to replay once the battle opens (a loaded save).
#[derive(Resource, Clone)]
pub struct Resume(pub Vec<Command>);

/// How many commands the open battle had when it was loaded (0: a new battle): a battle
/// loaded already over is not saved again as a replay.
#[derive(Resource, Debug, Clone, Copy, Default)]
pub struct LoadedAt(pub usize);

/// The battle is spawned in this set when the `Battle` screen opens; the board is drawn after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BattleStart;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Battle), start_battle.in_set(BattleStart))
        .add_systems(
            Update,
            (battle_over, autosave).run_if(in_state(Screen::Battle)),
        );
}

/// Spawns the chosen battle (its setup runs in the rules' first pass).
fn start_battle(world: &mut World) {
    let Some(next) = world.get_resource::<NextBattle>() else {
        return;
    };
    let spec = next.spec.clone();
    spawn_battle(world, &spec);
    world.insert_resource(LoadedAt(0));
    let Some(Resume(commands)) = world.remove_resource::<Resume>() else {
        return;
    };
    world.insert_resource(LoadedAt(commands.len()));
    run_rules(world);
    for (i, c) in commands.iter().enumerate() {
        let said = c.describe_with(&world.resource::<crate::rules::log::BattleLog>().names);
        if let Err(e) = apply(world, c) {
            world.resource_mut::<Notice>().0 = Some(format!(
                "The save stops replaying at command {} ({}): {e}. The battle goes on from \
                 there.",
                i + 1,
                said
            ));
            break;
        }
    }
}

/// The battle is over: on to the end screen (a replay stays on the board, its timeline
/// there to go back).
fn battle_over(
    engine: Res<Engine>,
    watching: Option<Res<replay::ReplayView>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if engine.pending == Pending::Ended && watching.is_none() {
        next.set(Screen::End);
    }
}

/// Saves the battle (atomically: a temp file, then a rename) to `path`.
pub fn save(world: &mut World, path: &std::path::Path) -> Result<(), String> {
    let file = world
        .get_resource::<NextBattle>()
        .and_then(|n| n.file.clone());
    SavedBattle::of(world, file)
        .write(path)
        .map_err(|e| format!("{}: can't write the save: {e}", path.display()))
}

/// After every round (and at the end), the battle is saved to [`AUTOSAVE`].
fn autosave(world: &mut World, mut rounds_saved: Local<usize>) {
    let rounds = world.resource::<Engine>().round_hashes.len();
    if rounds == *rounds_saved {
        return;
    }
    *rounds_saved = rounds;
    if rounds == 0 {
        return;
    }
    if let Err(e) = save(world, std::path::Path::new(AUTOSAVE)) {
        world.resource_mut::<Notice>().0 = Some(e);
    }
}
