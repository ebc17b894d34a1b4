//! How an attack's critical hits are scored (ABL-5): on a lower roll for the activation
//! (`CritOn`), or hits of the next attack counted as critical hits (`NextHitsAsCrits`). The
//! attack and its exact odds ask here.

use bevy::prelude::*;

use crate::model::effects::{AttackKind, Effect};
use crate::model::ids::FighterId;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{ActivationState, Engine};

/// The active fighter `f`'s lasting effects, when it is the active one.
fn lasting_of(world: &World, f: FighterId) -> &[Effect] {
    match world.resource::<Engine>().activation.as_ref() {
        Some(a) if a.fighter == f => &a.lasting,
        _ => &[],
    }
}

/// Does an effect for attacks of kind `only` apply to a (`melee`) attack?
fn fits(only: Option<AttackKind>, melee: bool) -> bool {
    only.is_none_or(|k| (k == AttackKind::Melee) == melee)
}

/// ABL-5: the least hit roll of `f`'s attack (with a melee weapon when `melee`) that is a
/// critical hit: 6, or lower when an ability of its activation says so.
pub fn crit_on(world: &World, f: FighterId, melee: bool) -> u8 {
    lasting_of(world, f)
        .iter()
        .filter_map(|e| match e {
            Effect::CritOn { least, only } if fits(*only, melee) => Some(*least),
            _ => None,
        })
        .fold(6, u8::min)
}

/// ABL-5: how many hits of `f`'s next (`melee`) attack count as critical hits.
pub fn hits_as_crits(world: &World, f: FighterId, melee: bool) -> u32 {
    lasting_of(world, f)
        .iter()
        .filter_map(|e| match e {
            Effect::NextHitsAsCrits { n, only } if fits(*only, melee) => Some(*n),
            _ => None,
        })
        .sum()
}

/// ABL-5: the hits of `attacker`'s (`melee`) attack that count as critical hits, counted so
/// (logged when there are any).
pub fn promote_hits(
    world: &mut World,
    attacker: FighterId,
    melee: bool,
    (hits, crits): (&mut u32, &mut u32),
) {
    let n = hits_as_crits(world, attacker, melee).min(*hits);
    if n > 0 {
        (*hits, *crits) = (*hits - n, *crits + n);
        super::effect_logged(world, attacker, EffectOutcome::HitsAsCrits { n });
    }
}

/// ABL-5: the next (`melee`) attack is made: what counted its hits as critical hits is spent.
pub fn spend_hits_as_crits(a: &mut ActivationState, melee: bool) {
    a.lasting
        .retain(|e| !matches!(e, Effect::NextHitsAsCrits { only, .. } if fits(*only, melee)));
}

/// "You can count N hit(s) from the next (melee, missile) attack action made by this fighter
/// (this activation) as a critical hit(s) instead".
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    let rest = s
        .strip_prefix("you can count ")
        .or_else(|| s.strip_prefix("count "))?;
    let (n, rest) = super::card::count_prefix(rest)?;
    let rest = rest
        .strip_prefix(" hit from ")
        .or_else(|| rest.strip_prefix(" hits from "))?;
    let attack = rest
        .strip_suffix(" as a critical hit instead")
        .or_else(|| rest.strip_suffix(" as critical hits instead"))?;
    let only = super::boost_words::next_attack(&format!("{attack} this activation"))
        .or_else(|| super::boost_words::next_attack(attack))?;
    Some(vec![Effect::NextHitsAsCrits { n, only }])
}
