//! The battle's state, the lowest floor of the rules: what the battle waits for
//! ([`Pending`]), the active fighter's activation, the reaction on offer, the fighters as the
//! rules see them, and the world's hash. Data and reads only: the resolution of actions,
//! abilities and effects sits on it, and the flow (the phases, the only code that sets what
//! the battle waits for) on both.

use crate::model::ids::Side;
use bevy::prelude::*;

use crate::model::RuleId;
use crate::model::components::BattleInfo;
use crate::model::dice::{Dice, DiceRng};
use crate::rules::log::{BattleLog, Event};

mod auras;
mod battle;
mod bonus;
mod boosts;
mod fighters;
mod hash;
mod held_words;
mod holds;
mod lasting;
mod lowered;

pub(crate) use battle::rule_of_pending;
pub use battle::{
    ActivationState, Bonus, Boost, Engine, FallDue, MovedThisRound, OnceUse, Outcome, Overtime,
    Pending, Quota, ReactionOffer, Resume, Then, TokenOnBoard, Totalled, TreasureDrop, WaitingMove,
    deciding_side, describe_pending, describe_pending_with, simultaneous_first,
};
pub use fighters::{
    FighterView, activatable, blockers, can_see, fighter, fighters, fighters_of, objectives,
    side_can_activate, standing,
};
pub use hash::world_hash;
pub use lasting::{ActiveEffect, Lasting, Lowered, Scope, Until};

/// Writes `event` to the battle log under `rules`, in the current round.
pub(crate) fn log(world: &mut World, rules: &[RuleId], event: Event) {
    let round = world.resource::<Engine>().round;
    world.resource_mut::<BattleLog>().event(round, rules, event);
}

/// The battle's state, to change.
pub(crate) fn engine(world: &mut World) -> Mut<'_, Engine> {
    world.resource_mut::<Engine>()
}

/// Rolls the dice for a fighter-level effect from the battle's stream.
pub(crate) fn d6(world: &mut World) -> u8 {
    world.resource_mut::<DiceRng>().d6()
}

/// Solo mode (SOLO-S3): (the human's side, the automated warband's side).
pub fn solo_sides(world: &World) -> Option<(Side, Side)> {
    world.resource::<BattleInfo>().solo_sides()
}
