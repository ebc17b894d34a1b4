//! What an ability does only when something holds as it is used (ABL-5, `Effect::When`):
//! read once the value is known, before the ability is checked and run, so the rest of the
//! engine sees plain effects.

use bevy::prelude::*;

use crate::model::effects::{Condition, Effect};
use crate::rules::state::FighterView;

use super::Checked;
use super::condition::{condition_text, why_not};

/// ABL-5: `effects` as they stand for `f` using the ability with dice showing `value`: each
/// conditional effect replaced by what it does now.
pub fn as_used(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    effects: &[Effect],
    value: u8,
) -> Vec<Effect> {
    let c = Checked {
        world,
        all,
        f,
        alone: false,
        only: false,
    };
    let holds = |when: &Condition| match when {
        Condition::ValueAtLeast(n) => value >= *n,
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
