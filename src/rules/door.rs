//! The one door into a battle in the app: the human UI, the solo AI and a replay write
//! [`SubmitCommand`] messages; one system applies them in order (the engine validates each the
//! same way for everyone) and answers with a [`CommandResult`] per command and a
//! [`BattleEvent`] per event the battle logged, which the view animates and the log panel shows.
//! Batch runs call [`crate::rules::engine::apply`] directly: the same validation, no schedule.

use bevy::prelude::*;

use crate::rules::command::{Command, Rejected};
use crate::rules::engine::apply;
use crate::rules::log::{BattleLog, LogEntry};

/// A command sent to the battle through the app.
#[derive(Message, Debug, Clone)]
pub struct SubmitCommand(pub Command);

/// The answer to each [`SubmitCommand`].
#[derive(Message, Debug, Clone)]
pub struct CommandResult {
    pub command: Command,
    pub result: Result<(), Rejected>,
}

/// Something that happened in the battle (as data, with its rule IDs), in log order.
#[derive(Message, Debug, Clone)]
pub struct BattleEvent(pub LogEntry);

/// The order of a frame: deciders (UI, AI, replay) write commands, then the door applies them.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BattleSet {
    /// Systems that decide and write [`SubmitCommand`]s.
    Decide,
    /// The door applies them and writes [`CommandResult`]s and [`BattleEvent`]s.
    Apply,
    /// Systems that read the results and events (view, log panel, AI bookkeeping).
    React,
}

fn apply_submitted(world: &mut World) {
    let cmds: Vec<Command> = world
        .resource_mut::<Messages<SubmitCommand>>()
        .drain()
        .map(|m| m.0)
        .collect();
    for command in cmds {
        let before = world
            .get_resource::<BattleLog>()
            .map_or(0, |l| l.entries.len());
        let result = apply(world, &command);
        let new: Vec<LogEntry> = world
            .get_resource::<BattleLog>()
            .map(|l| l.entries[before.min(l.entries.len())..].to_vec())
            .unwrap_or_default();
        for e in new {
            world.write_message(BattleEvent(e));
        }
        world.write_message(CommandResult { command, result });
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<SubmitCommand>()
        .add_message::<CommandResult>()
        .add_message::<BattleEvent>()
        .configure_sets(
            Update,
            (BattleSet::Decide, BattleSet::Apply, BattleSet::React).chain(),
        )
        .add_systems(Update, apply_submitted.in_set(BattleSet::Apply));
}
