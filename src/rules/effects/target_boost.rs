//! Part of the boost family (ABL-5): raises of this fighter's attacks that count against some
//! targets only ("that target an enemy fighter with a Wounds characteristic of 15 or more").

use bevy::prelude::*;

use crate::model::effects::{Effect, TargetIs};
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, Boost, FighterView};

use super::{Useful, Weighed};

/// In words: "against an enemy more than 3\" away: +3 Attacks for its next attack action".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    let Effect::TargetBoost { target, then } = e else {
        return String::new();
    };
    let raises: Vec<String> = then
        .iter()
        .map(|t| super::boost::describe(t, value))
        .collect();
    format!("against {}: {}", target_words(*target), raises.join("; "))
}

/// ABL-5: the raises are made as they would be, then marked for such targets only.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    let Effect::TargetBoost { target, then } = e else {
        return None;
    };
    let before = state::engine(world)
        .activation
        .as_ref()
        .map_or(0, |a| a.boosts.len());
    // How its critical hits are scored waits, whole, for an attack on such a target.
    let (crits, raises): (Vec<Effect>, Vec<Effect>) = then.iter().cloned().partition(|t| {
        matches!(
            t,
            Effect::CritOn { .. } | Effect::HitsAsCrits { .. } | Effect::NextHitsAsCrits { .. }
        )
    });
    for t in &raises {
        super::boost::run(world, f, t, value);
    }
    let mut eng = state::engine(world);
    let a = eng.activation.as_mut().filter(|a| a.fighter == f.id)?;
    for b in a.boosts.iter_mut().skip(before) {
        b.against = Some(*target);
    }
    if !crits.is_empty() {
        let target = *target;
        a.lasting.push(Effect::TargetBoost {
            target,
            then: crits,
        });
    }
    Some(super::lasts(e, value))
}

/// "an enemy with a Wounds characteristic of 15 or more".
fn target_words(t: TargetIs) -> String {
    match t {
        TargetIs::WoundsAtLeast(w) => {
            format!("an enemy with a Wounds characteristic of {w} or more")
        }
        TargetIs::FartherThan(r) => format!("an enemy more than {r}\" away"),
        TargetIs::Flies => "an enemy with the Fly runemark".to_string(),
        TargetIs::NotActivated => "an enemy that has not activated this round".to_string(),
        TargetIs::Activated => "an enemy that has activated this round".to_string(),
        TargetIs::Damaged(n) => format!("an enemy with {n} or more damage"),
    }
}

/// SOLO-C1: worth it when its next action is an attack on such a target.
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let Effect::TargetBoost { target, .. } = e else {
        return None;
    };
    let (t, melee) = w.next.attack?;
    let t = w.all.iter().find(|o| o.id == t);
    let probe = Boost {
        against: Some(*target),
        ..Boost::for_activation(crate::model::effects::Stat::Attacks, 1, false)
    };
    probe.applies_to(melee, w.f, t).then_some(Useful::Because(
        "its next action is an attack on such a target",
        None,
    ))
}
