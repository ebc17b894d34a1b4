//! What an ability does only when something holds as it is used (ABL-5, `Effect::When`):
//! read once the value is known, before the ability is checked and run, so the rest of the
//! engine sees plain effects.

use bevy::prelude::*;

use crate::model::effects::{Condition, Effect};
use crate::rules::state::FighterView;

use super::Checked;
use super::condition::{condition_text, why_not};

/// ABL-5: `effects` as they stand for `f` using the ability with dice showing `value` on
/// `target` (the enemy it picks, when known): each conditional effect replaced by what it does
/// now; one on the enemy picked does what it does otherwise while none is.
pub fn as_used(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    effects: &[Effect],
    (value, target): (u8, Option<crate::model::ids::FighterId>),
) -> Vec<Effect> {
    let c = Checked {
        world,
        all,
        f,
        alone: false,
        only: false,
    };
    let t = target.and_then(|t| all.iter().find(|o| o.id == t));
    let holds = |when: &Condition| match when {
        Condition::ValueAtLeast(n) => value >= *n,
        Condition::TargetWithin(range) => t.is_some_and(|t| {
            crate::battlefield::measure::distance(&f.base(), &t.base()) <= range + 1e-4
        }),
        Condition::TargetWoundsAtLeast(n) => t.is_some_and(|t| t.profile.wounds >= *n),
        when => why_not(&c, when).is_none(),
    };
    effects
        .iter()
        .flat_map(|e| match e {
            Effect::When {
                when,
                then,
                otherwise,
            } => match holds(when) {
                true => then.clone(),
                false => otherwise.clone(),
            },
            e => vec![e.clone()],
        })
        .collect()
}

/// In words: "3 more Strength for that attack (with 1 or more damage)"; "...; ... instead (at
/// a value of 6)".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    let Effect::When {
        when,
        then,
        otherwise,
    } = e
    else {
        return String::new();
    };
    let when = condition_text(when);
    let then = super::describe(then, value);
    if otherwise.is_empty() {
        return format!("{then} {when}");
    }
    let otherwise = super::describe(otherwise, value);
    format!("{otherwise}; {then} instead {when}")
}

/// Does a conditional effect of `effects` ask about the enemy picked?
pub fn asks_target(effects: &[Effect]) -> bool {
    effects.iter().any(|e| {
        matches!(
            e,
            Effect::When {
                when: Condition::TargetWithin(_) | Condition::TargetWoundsAtLeast(_),
                ..
            }
        )
    })
}
