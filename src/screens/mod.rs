//! The app's screens as Bevy States: `Setup` (choose a battle and who plays it), `Roster`
//! (build a warband), `Battle` (the board and the game), `End` (the summary over the finished
//! board). What each screen draws
//! lives in `view` (the 3D board) and `ui` (the egui panels); this module holds the state, the
//! battle the `Battle` screen opens, and the moves between screens.

pub mod preview;
pub mod replay;

use bevy::prelude::*;

use crate::rules::command::Command;
use crate::rules::engine::{Engine, Pending, apply, run_rules};
use crate::scenario::load::BattleSpec;
use crate::scenario::spawn::{despawn_battle, spawn_battle};
use crate::sim::replay::SavedBattle;

/// Where the app is.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// The title screen: new battle, continue, load, build a warband, settings, quit.
    #[default]
    Title,
    /// Choose a battle file, who plays each side, the cards and the seed.
    Setup,
    /// Build a warband from fighter data, and save it.
    Roster,
    /// The battle, from setup to its end.
    Battle,
    /// The winner and the summary, over the finished board.
    End,
}

/// The battle the `Battle` screen opens: chosen on the setup screen or given on the command
/// line. `file`: its battle file as a save names it (`None`: the built-in default).
#[derive(Resource, Clone)]
pub struct NextBattle {
    pub spec: BattleSpec,
    pub file: Option<String>,
}

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

/// The replay of the battle just finished, saved as it ended: its path, or why it could not
/// be written.
#[derive(Resource, Debug, Clone, Default)]
pub struct LastReplay(pub Option<Result<std::path::PathBuf, String>>);

/// Something the player should read (a save that no longer replays), until dismissed.
#[derive(Resource, Debug, Clone, Default)]
pub struct Notice(pub Option<String>);

/// The battle is spawned in this set when the `Battle` screen opens; the board is drawn after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BattleStart;

pub fn plugin(app: &mut App) {
    app.add_plugins((replay::plugin, preview::plugin))
        .init_resource::<Notice>()
        .init_resource::<LastReplay>()
        .add_systems(OnEnter(Screen::Battle), start_battle.in_set(BattleStart))
        .add_systems(OnEnter(Screen::End), save_the_replay)
        .add_systems(OnEnter(Screen::Setup), despawn_battle)
        .add_systems(OnEnter(Screen::Title), (despawn_battle, despawn_board))
        .add_systems(
            Update,
            (battle_over, autosave).run_if(in_state(Screen::Battle)),
        );
}

/// The title screen shows no board: what the setup screen would clear goes too.
fn despawn_board(mut commands: Commands, board: Query<(Entity, &DespawnOnEnter<Screen>)>) {
    for (e, when) in &board {
        if when.0 == Screen::Setup {
            commands.entity(e).despawn();
        }
    }
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

/// Every battle played to its end in the window is kept as a replay (the battle file, seed,
/// commands and round hashes) in the replays folder; one loaded already over is not.
fn save_the_replay(world: &mut World) {
    if replay::watching(world) {
        return;
    }
    let played = world.resource::<Engine>().commands.len();
    if world
        .get_resource::<LoadedAt>()
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
