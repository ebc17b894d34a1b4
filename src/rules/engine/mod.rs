//! The battle engine: the round sequence of seed 001 (initiative, reserve, combat, end of
//! round) driven only by [`Command`]s. [`apply`] validates a command against the rules and
//! either applies it or rejects it with the rule it breaks, leaving the world untouched.
//!
//! The engine keeps the exact decision the battle waits for in [`Engine::pending`], the one
//! state of the battle's progress; its phase ([`BattlePhase`]) follows from it. Each phase is
//! a system of the [`RulesSchedule`] (`phases.rs`): the decision phases take the commands sent
//! through the door, the automatic ones (initiative roll, reserves, end of round) run when the
//! battle reaches them. Everyone sends commands the same way: the app's door, the AI, a
//! replay and a batch run ([`apply`]: one command, then the schedule until the next decision).

use crate::model::RuleId;

use bevy::prelude::*;

use crate::rules::command::{Command, Rejected};

mod combat_phase;
mod end_of_round;
mod initiative_phase;
mod phases;
mod setup_phase;

use end_of_round::finish;
pub use end_of_round::{leader_by_condition, objective_majority};
pub use initiative_phase::start_battle;
pub use phases::{Inbox, Outbox, RulesSchedule, in_phase, phase, run_rules};
pub(crate) use phases::{not_now, take_command};
// The battle's state, where the engine's users have always found it.
pub use crate::rules::state::{
    ActivationState, Bonus, Boost, Engine, FallDue, FighterView, Lowered, Outcome, Overtime,
    Pending, ReactionOffer, Resume, Then, TreasureDrop, WaitingMove, activatable, blockers,
    can_see, deciding_side, describe_pending, describe_pending_with, fighter, fighters,
    fighters_of, objectives, side_can_activate, simultaneous_first, solo_sides, world_hash,
};

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

/// Validates `cmd` and applies it, or rejects it with the rule it breaks (the world is then
/// unchanged): the command goes through the door's [`Inbox`] to the phase system that takes
/// it, and the rules schedule runs until the battle waits for the next decision.
pub fn apply(world: &mut World, cmd: &Command) -> Result<(), Rejected> {
    if world.get_resource::<Engine>().is_none() || world.get_resource::<Inbox>().is_none() {
        return Err(Rejected::new(RuleId::Set4, "no battle is set up"));
    }
    let answered = world.resource::<Outbox>().0.len();
    world.resource_mut::<Inbox>().0.push_back(cmd.clone());
    if !run_rules(world) {
        world.resource_mut::<Inbox>().0.clear();
        return Err(Rejected::new(RuleId::Set4, "no battle is set up"));
    }
    let mut outbox = world.resource_mut::<Outbox>();
    let answer = outbox.0.drain(answered..).next_back();
    answer.map_or_else(
        || Err(Rejected::new(RuleId::Set4, "the battle took no command")),
        |a| a.result,
    )
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Engine>().add_plugins(phases::plugin);
}
