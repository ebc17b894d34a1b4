//! The battle engine: the round sequence of seed 001 (initiative, reserve, combat, end of
//! round) driven only by [`Command`]s. [`apply`] validates a command against the rules and
//! either applies it or rejects it with the rule it breaks, leaving the world untouched.
//!
//! The engine keeps the exact decision the battle waits for in [`Engine::pending`], so that one
//! `app.update()` (or a batch run calling [`apply`] directly) can apply many commands; the
//! [`BattlePhase`] state mirrors the phase for views and per-phase systems.

use crate::model::RuleId;
use std::hash::Hasher;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::battlefield::Battlefield;
use crate::battlefield::measure::{Base, distance, distance_to_point};
use crate::battlefield::nav::Mover;
use crate::battlefield::sight::{Body, visible};
use crate::model::components::*;
use crate::model::dice::{Dice, DiceRng, roll_off};
use crate::model::formats::{FighterProfile, Role, TwistEffect, VictoryCondition};
use crate::model::ruleset::{Ruleset, TieRule};
use crate::rules::actions;
use crate::rules::command::{Command, ReactionKind, Rejected};
use crate::rules::initiative::{Seize, SideDice, WildUse, most_singles, seize};
use crate::rules::log::{BattleLog, EndReason, Event, LogEntry};

mod combat_phase;
mod end_of_round;
mod fighters;
mod hash;
mod initiative_phase;
mod state;

use combat_phase::{activate, first_turn};
pub(crate) use combat_phase::{after_action, end_activation};
use end_of_round::{end_of_round, finish};
pub use end_of_round::{leader_by_condition, objective_majority};
pub use fighters::{FighterView, blockers, can_see, fighter, fighters};
pub use hash::world_hash;
use initiative_phase::{begin_round, declare_wild};
pub use initiative_phase::{solo_sides, start_battle};
use state::rule_of_pending;
pub use state::{
    ActivationState, Bonus, Engine, Outcome, Overtime, Pending, ReactionOffer, Resume,
    deciding_side, describe_pending, simultaneous_first,
};

pub(crate) fn log(world: &mut World, rules: &[RuleId], event: Event) {
    let round = world.resource::<Engine>().round;
    world.resource_mut::<BattleLog>().event(round, rules, event);
}

pub(crate) fn engine(world: &mut World) -> Mut<'_, Engine> {
    world.resource_mut::<Engine>()
}

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

/// Validates `cmd` and applies it, or rejects it with the rule it breaks (the world is then
/// unchanged).
pub fn apply(world: &mut World, cmd: &Command) -> Result<(), Rejected> {
    if world.get_resource::<Engine>().is_none() {
        return Err(Rejected::new(RuleId::Set4, "no battle is set up"));
    }
    let pending = world.resource::<Engine>().pending;
    let result = dispatch(world, pending, cmd);
    if result.is_ok() {
        engine(world).commands.push(cmd.clone());
        sync_phase(world);
    }
    result
}

fn dispatch(world: &mut World, pending: Pending, cmd: &Command) -> Result<(), Rejected> {
    match (pending, cmd) {
        (_, Command::Explain { side, rules, text }) => {
            explain(world, *side, rules, text);
            Ok(())
        }
        (
            _,
            Command::Decided {
                side,
                rules,
                text,
                command,
            },
        ) => decided(world, pending, *side, rules, text, command),
        (Pending::Ended, _) => Err(Rejected::new(RuleId::Vic1, "the battle is over")),
        (Pending::WildDice { side }, Command::WildDice { side: s, uses }) => {
            declare_wild(world, side, *s, uses)
        }
        (Pending::FirstTurn { side }, Command::FirstTurn { side: s, first }) => {
            first_turn(world, side, *s, *first)
        }
        (Pending::Turn { side }, Command::Activate { fighter: id }) => activate(world, side, *id),
        (Pending::Turn { side }, Command::Pass { side: s }) => {
            if *s != side {
                return Err(Rejected::new(RuleId::Cmb1, "it is the other side's turn"));
            }
            Err(Rejected::new(
                RuleId::Cmb1,
                "a side must activate a fighter if it can",
            ))
        }
        (Pending::Action { fighter }, cmd) => actions::action(world, fighter, cmd),
        (Pending::Reaction { side }, cmd) => actions::reaction(world, side, cmd),
        (p, c) => Err(Rejected::new(
            rule_of_pending(p),
            format!(
                "the battle waits for {}, not {}",
                describe_pending(p),
                c.describe()
            ),
        )),
    }
}

/// A command with its reasons: the command is judged as it is; when accepted, the reasons go
/// in the log just before its events.
fn decided(
    world: &mut World,
    pending: Pending,
    side: usize,
    rules: &[String],
    text: &str,
    command: &Command,
) -> Result<(), Rejected> {
    let before = world.resource::<BattleLog>().entries.len();
    let round = world.resource::<Engine>().round;
    dispatch(world, pending, command)?;
    explain(world, side, rules, text);
    let mut log = world.resource_mut::<BattleLog>();
    let entry = log.entries.pop().expect("the explanation was just logged");
    log.entries.insert(before, LogEntry { round, ..entry });
    Ok(())
}

/// Logs a side's reasons for its next command, with every rule ID it cites (SOLO-A..C).
fn explain(world: &mut World, side: usize, rules: &[String], text: &str) {
    let ids: Vec<RuleId> = rules
        .iter()
        .filter_map(|r| crate::rules::log::rule_id(r))
        .collect();
    let event = Event::Decision {
        side,
        text: text.to_string(),
    };
    log(world, &ids, event);
}

/// Mirrors the engine's phase into the [`BattlePhase`] state.
fn sync_phase(world: &mut World) {
    let phase = match world.resource::<Engine>().pending {
        Pending::Setup => BattlePhase::Setup,
        Pending::WildDice { .. } => BattlePhase::Initiative,
        Pending::FirstTurn { .. }
        | Pending::Turn { .. }
        | Pending::Action { .. }
        | Pending::Reaction { .. } => BattlePhase::Combat,
        Pending::Ended => BattlePhase::Ended,
    };
    if let Some(mut next) = world.get_resource_mut::<NextState<BattlePhase>>() {
        next.set(phase);
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Engine>();
}

/// Rolls the dice for a fighter-level effect from the battle's stream.
pub(crate) fn d6(world: &mut World) -> u8 {
    world.resource_mut::<DiceRng>().d6()
}
