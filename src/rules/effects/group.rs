//! Part of the boost family (ABL-5): a raise for the round of every friendly fighter in this
//! fighter's battle group (SET-3): "friendly fighters that are in the same battle group as
//! this fighter". It hands the other raises for some friends only to their own files: those
//! beginning an activation near it (`start_aura`), itself counted more (`control`).

use bevy::prelude::*;

use crate::model::components::BattleGroup;
use crate::model::effects::{Effect, Stat};
use crate::model::ids::FighterId;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView, Scope};

use super::{Useful, Weighed, lasts};

/// In words: "+2 Move until the end of the round for each friendly fighter in its battle
/// group".
/// (A count for objective control is `control`'s.)
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    let Effect::GroupBoost { stat, by } = e else {
        return match e {
            Effect::StartRaise { .. } => super::start_aura::describe(e, value),
            _ => super::control::describe(e),
        };
    };
    format!(
        "+{} {stat} until the end of the round for each friendly fighter in its battle group \
         (itself too)",
        super::amount_text(by, value)
    )
}

/// SET-3, ABL-5: the friends in `f`'s battle group (itself too) that are not taken down.
fn group_of(world: &mut World, f: &FighterView) -> Vec<FighterId> {
    let group = world.get::<BattleGroup>(f.entity).copied();
    let all = state::fighters(world);
    all.iter()
        .filter(|o| o.side == f.side && !o.is_down())
        .filter(|o| world.get::<BattleGroup>(o.entity).copied() == group)
        .map(|o| o.id)
        .collect()
}

/// ABL-5: each of them has `by` more of `stat` until the end of the round.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    let Effect::GroupBoost { stat, by } = e else {
        return match e {
            Effect::StartRaise { .. } => super::start_aura::run(world, f, e, value),
            _ => super::control::run(world, f, e, value),
        };
    };
    let group = group_of(world, f);
    let mut eng = state::engine(world);
    for id in group {
        eng.raise(Scope::Fighter(id), *stat, by.of(value), false);
    }
    Some(lasts(e, value))
}

/// SOLO-C1: worth it when a friend in its group (or it) has yet to activate this round.
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let Effect::GroupBoost { .. } = e else {
        return match e {
            Effect::StartRaise { .. } => super::start_aura::useful(w, e),
            _ => super::control::useful(w),
        };
    };
    let group = w.world.get::<BattleGroup>(w.f.entity).copied();
    let ready = w.all.iter().any(|o| {
        o.side == w.f.side
            && o.id != w.f.id
            && o.can_activate()
            && o.activation == crate::model::components::Activation::Ready
            && w.world.get::<BattleGroup>(o.entity).copied() == group
    });
    (ready || w.next.moves).then_some(Useful::Because(
        "a friend in its battle group has yet to activate",
        None,
    ))
}

// The card's wording of it (`card`: the language's shared pieces).

/// "Until the end of the battle round, add A to the Move (Toughness) characteristic of
/// friendly fighters that are in the same battle group as this fighter".
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("until the end of the battle round, ")?;
    let (by, stat, rest) = super::card::add_to_one(rest)?;
    let fits = matches!(stat, Stat::Move | Stat::Toughness);
    (fits && rest == " of friendly fighters that are in the same battle group as this fighter")
        .then(|| vec![Effect::GroupBoost { stat, by }])
}
