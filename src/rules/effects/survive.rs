//! Part of the guard family (ABL-5): "the next time this battle round that this fighter is
//! taken down, all remaining damage points that would be allocated to them are ignored, then
//! remove 1 damage point allocated to this fighter": it stands, once, with a wound or more left.

use bevy::prelude::*;

use crate::model::effects::{Condition, Effect};
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView};

use super::{Useful, Weighed, lasts};

/// In words: "the next time this round it would be taken down, the rest of the damage is
/// ignored and 1 is removed: it stands with 1 wound left".
pub(super) fn describe(e: &Effect) -> String {
    let Effect::Survive { remove, dice } = e else {
        return String::new();
    };
    let removed = match dice {
        Some(d) => format!("a D{d} roll of damage is removed"),
        None => format!(
            "{remove} damage removed, {remove} wound{} left",
            plural(*remove)
        ),
    };
    format!(
        "the next time this round it would be taken down, it is not: the rest of the damage is \
         ignored and {removed}"
    )
}

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// ABL-5: kept for the round, spent the next time the fighter would be taken down (ATK-5).
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    let Effect::Survive { remove, dice } = e else {
        return None;
    };
    state::engine(world).survive(f.id, *remove, dice.unwrap_or(0));
    Some(lasts(e, value))
}

/// SOLO-C1: worth it when the fighter is hurt to half its wounds or more, or an enemy is
/// within 1" of it.
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let Effect::Survive { .. } = e else {
        return None;
    };
    let hurt = 2 * w.f.damage >= w.f.profile.wounds;
    let engaged = !super::enemies_in_reach(w.world, w.all, w.f, 1.0, false).is_empty();
    (hurt || engaged).then_some(Useful::Because(
        "it is hurt or in combat, and may be taken down this round",
        None,
    ))
}

// The card's wording (`card`: the language's shared pieces).

/// "The next time this battle round that this fighter is taken down, all remaining damage
/// points that would be allocated to them are ignored, then remove N damage point(s) allocated
/// to this fighter." (+ "If the value of this ability is 6, remove D3 damage points allocated
/// to this fighter instead.")
pub(super) fn read(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let rest = s[0].strip_prefix(
        "the next time this battle round that this fighter is taken down, all remaining damage \
         points that would be allocated to them are ignored, then remove ",
    )?;
    let (remove, rest) = super::card::number_prefix(rest)?;
    let tail = [
        " damage point allocated to this fighter",
        " damage points allocated to this fighter",
    ];
    tail.contains(&rest).then_some(())?;
    let plain = Effect::Survive { remove, dice: None };
    let more = "if the value of this ability is 6, remove d3 damage points allocated to this \
                fighter instead";
    if s.get(1).map(String::as_str) != Some(more) {
        return Some((1, vec![plain]));
    }
    let when = Effect::When {
        when: Condition::ValueAtLeast(6),
        then: vec![Effect::Survive {
            remove,
            dice: Some(3),
        }],
        otherwise: vec![plain],
    };
    Some((2, vec![when]))
}
