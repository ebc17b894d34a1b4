//! Part of the boost family (ABL-5): how the fighter moves, attacks or is spared this
//! activation (flying, climbing for free, moving away from enemies, no damage from reactions):
//! in words, and when the solo AI finds it worth having.

use crate::model::effects::Effect;

use super::{Useful, Weighed};

/// How it moves or attacks this activation, in words: "it can fly when it moves this
/// activation(, rising no more than 3\")"; how its critical hits are scored (`crits`').
pub(super) fn text(e: &Effect, value: Option<u8>) -> String {
    let fly = "it can fly when it moves this activation";
    match e {
        Effect::NextHitsAsCrits { .. }
        | Effect::NextMissesAsCrits { .. }
        | Effect::NextMoreCrits { .. }
        | Effect::HitsAsCrits { .. }
        | Effect::CritOn { .. }
        | Effect::TargetToughnessLess { .. }
        | Effect::NextActionCritOn { .. } => super::crits::describe(e, value),
        Effect::FlyRisingAtMost { up } => format!("{fly}, rising no more than {up}\""),
        Effect::FlyThisActivation => fly.to_string(),
        Effect::StrengthAboveToughness { only: None } => {
            "its Strength counts as higher than the target's Toughness this activation".to_string()
        }
        Effect::StrengthAboveToughness { only } => format!(
            "its {}attacks hit on a 3+ this activation",
            super::crits::kind_words(*only)
        ),
        Effect::FlatAttackRange => {
            "its attacks' range leaves out the vertical distance this activation".to_string()
        }
        Effect::FreeClimb => {
            "its climbs' height does not count against its Move this activation".to_string()
        }
        Effect::DisengageEndNear => {
            "its disengage actions may end within 1\" of enemies this activation".to_string()
        }
        Effect::MoveWhileEngaged => {
            "it can move away from enemies within 1\" of it this activation".to_string()
        }
        Effect::NoReactionDamage => {
            "enemies' reactions allocate it no damage this activation".to_string()
        }
        _ => String::new(),
    }
}

/// SOLO-C1: a manner of moving is worth having when a move comes next (one away from enemies
/// within 1", for moving while engaged); a shield from reactions, when an attack does.
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let next = w.next;
    match e {
        Effect::NoReactionDamage if next.attack.is_some() => {
            w.because("its next action is an attack an enemy may answer")
        }
        Effect::FlyThisActivation | Effect::FlyRisingAtMost { .. } | Effect::FreeClimb
            if next.moves =>
        {
            w.because("its next action is a move")
        }
        Effect::MoveWhileEngaged
            if next.moves && !crate::rules::actions::enemies_within(w.all, w.f, 1.0).is_empty() =>
        {
            w.because("it is within 1\" of an enemy and moves next")
        }
        _ => None,
    }
}
