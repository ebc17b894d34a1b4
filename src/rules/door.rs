//! The one door into a battle in the app: the human UI, the solo AI and a replay write
//! [`SubmitCommand`] messages; one system applies them in order (the engine validates each the
//! same way for everyone) and answers with a [`CommandResult`] per command and a
//! [`BattleEvent`] per event the battle logged, which the view animates and the log panel shows.
//! Batch runs use [`crate::rules::engine::apply`]: the same inbox and phase systems, one
//! command at a time.

use bevy::prelude::*;

use crate::rules::command::{Command, Rejected};
use crate::rules::engine::{Inbox, Outbox, run_rules};
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

/// How many log entries have gone out as [`BattleEvent`]s.
#[derive(Resource, Debug, Default)]
struct EventsSent(usize);

/// The door: the commands sent this frame go to the phase systems' inbox, the rules run until
/// the battle waits for a decision nobody has sent, and each answer and logged event goes out.
fn apply_submitted(world: &mut World) {
    if world.get_resource::<Inbox>().is_none() {
        return;
    }
    let sent: Vec<Command> = world
        .resource_mut::<Messages<SubmitCommand>>()
        .drain()
        .map(|m| m.0)
        .collect();
    world.resource_mut::<Inbox>().0.extend(sent);
    run_rules(world);
    let answers = std::mem::take(&mut world.resource_mut::<Outbox>().0);
    // Every entry logged since the last frame, whoever sent the command (a batch-style
    // `apply` from a tool or test goes through the same inbox and phase systems).
    // A new battle (its log just put in) starts from its first entry.
    let from = if world.is_resource_added::<BattleLog>() {
        0
    } else {
        world.resource::<EventsSent>().0
    };
    let (from, new): (usize, Vec<LogEntry>) = world
        .get_resource::<BattleLog>()
        .map(|l| {
            let from = from.min(l.entries.len());
            (from, l.entries[from..].to_vec())
        })
        .unwrap_or_default();
    world.resource_mut::<EventsSent>().0 = from + new.len();
    for e in new {
        world.write_message(BattleEvent(e));
    }
    for a in answers {
        world.write_message(a);
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<EventsSent>()
        .add_message::<SubmitCommand>()
        .add_message::<CommandResult>()
        .add_message::<BattleEvent>()
        .configure_sets(
            Update,
            (BattleSet::Decide, BattleSet::Apply, BattleSet::React).chain(),
        )
        .add_systems(Update, apply_submitted.in_set(BattleSet::Apply));
}
