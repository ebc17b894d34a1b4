//! Part of the guard family (ABL-1, ABL-5): auras that change the value of the abilities used
//! within them for the round (raised for friends, lowered for enemies), and the card's words
//! for them.

use bevy::prelude::*;

use crate::battlefield::measure::distance;
use crate::model::effects::{Amount, Effect};
use crate::model::ids::FighterId;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView, Lasting, Scope, can_see};

use super::card::{amount_prefix, fill};
use super::{Useful, Weighed, amount_text, lasts};

/// In words: "until the end of the round, the value of abilities used by enemy fighters it can
/// see within 9\" of it is lowered by 1 (to at least 1)".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    let Effect::ValueAura {
        range,
        enemies,
        by,
        bound,
    } = e
    else {
        return String::new();
    };
    let by = amount_text(by, value);
    if *enemies {
        format!(
            "until the end of the round, the value of abilities used by enemy fighters it can \
             see within {range}\" of it is lowered by {by} (to at least {bound})"
        )
    } else {
        format!(
            "until the end of the round, the value of other abilities used by friendly fighters \
             within {range}\" of it is raised by {by} (to at most {bound})"
        )
    }
}

/// ABL-5: the aura lasts until the end of the round.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    let Effect::ValueAura {
        range,
        enemies,
        by,
        bound,
    } = e
    else {
        return None;
    };
    let what = Lasting::AbilityValue {
        by: by.of(value),
        bound: *bound,
        lower: *enemies,
        seen: *enemies,
    };
    state::engine(world).value_around(f.id, *range, *enemies, what);
    Some(lasts(e, value))
}

/// SOLO-C1: worth it when a fighter it reaches is near (a friend for a raise, an enemy it can
/// see for a lowering).
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let Effect::ValueAura { range, enemies, .. } = e else {
        return None;
    };
    let near = super::marked_in_reach(
        w.world,
        w.all,
        w.f,
        (*range, *enemies),
        Default::default(),
        !enemies,
    );
    (!near.is_empty()).then_some(Useful::Because("fighters it reaches are near", None))
}

/// ABL-1, ABL-5: the value of the ability `d` that `f` uses with dice showing `value`, after
/// the auras of the round: the value and each aura that changed it (its fighter, the value
/// after it).
pub fn value_after_auras(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    effects: Option<&[Effect]>,
    value: u8,
) -> (u8, Vec<(FighterId, u8)>) {
    let eng = world.resource::<crate::rules::state::Engine>();
    // "Other abilities": an ability that raises values is not raised by another.
    let raises = effects.is_some_and(|e| e.iter().any(|e| matches!(e, Effect::ValueAura { .. })));
    let mut by_whom = Vec::new();
    // A potent vial makes the dice's value 6 (ABL-5), before any aura (said as its own).
    let value = match eng.has(f.id, Lasting::PotentVial) && value != 6 {
        true => {
            by_whom.push((f.id, 6));
            6
        }
        false => value,
    };
    // Its own runemarks first (said as its own).
    let mut v = super::marked::value(f, effects.unwrap_or_default(), u32::from(value));
    if v != u32::from(value) {
        by_whom.push((f.id, u8::try_from(v).unwrap_or(u8::MAX)));
    }
    // ABL-4: additions before subtractions; most battles have no such aura, and nothing is
    // gathered then.
    let mut auras: Vec<_> = (eng.effects.iter())
        .filter(|a| matches!(a.what, Lasting::AbilityValue { .. }))
        .collect();
    auras.sort_by_key(|a| matches!(a.what, Lasting::AbilityValue { lower: true, .. }));
    for a in auras {
        let Lasting::AbilityValue {
            by,
            bound,
            lower,
            seen,
        } = a.what
        else {
            continue;
        };
        let (source, range) = match a.scope {
            Scope::EnemyAura { source, range } => (source, range),
            Scope::Aura { source, aura } => (source, aura.range),
            Scope::Fighter(_) => continue,
        };
        let Some(s) = all.iter().find(|o| o.id == source && o.on_board()) else {
            continue;
        };
        let reached = (s.side != f.side) == lower
            && distance(&s.base(), &f.base()) <= range + 1e-4
            && (!seen || can_see(world, all, s, f));
        if !reached || (!lower && raises) {
            continue;
        }
        let after = if lower {
            v.saturating_sub(by).max(bound.min(v))
        } else {
            (v + by).min(bound.max(v))
        };
        if after != v {
            v = after;
            by_whom.push((source, u8::try_from(v).unwrap_or(u8::MAX)));
        }
    }
    (u8::try_from(v).unwrap_or(u8::MAX), by_whom)
}

// The card's wording (`card`: the language's shared pieces).

/// "Until the end of the battle round, subtract A from the value of abilities (to a minimum
/// of N) used by visible enemy fighters while they are within N" of this fighter", "... add
/// the value of this ability to the value of other abilities (to a maximum of N) used by
/// friendly fighters within N" of this fighter".
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("until the end of the battle round, ")?;
    let (enemies, rest) = match rest.strip_prefix("subtract ") {
        Some(r) => (true, r),
        None => (false, rest.strip_prefix("add ")?),
    };
    let (by, rest) = amount_prefix(rest)?;
    let (bound, range) = if enemies {
        let v = fill(
            rest,
            " from the value of abilities (to a minimum of {n}) used by visible enemy fighters \
             while they are within {n}\" of this fighter",
        )?;
        (v[0], v[1])
    } else {
        let v = fill(
            rest,
            " to the value of other abilities (to a maximum of {n}) used by friendly fighters \
             within {n}\" of this fighter",
        )?;
        (v[0], v[1])
    };
    if !enemies && by != Amount::Value {
        return None;
    }
    Some(vec![Effect::ValueAura {
        range: range as f32,
        enemies,
        by,
        bound,
    }])
}
