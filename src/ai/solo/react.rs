//! REA-1: the solo rules say nothing of reactions. The automated warband takes each one
//! offered: a reaction ability of its own when it would change the attack (ABL-5), else the
//! reaction on offer; it holds its reaction back when a reaction ability waits for the damage
//! of a melee attack that can take the fighter down.

use super::{Decision, decision};
use crate::model::RuleId;
use crate::model::effects::{Effect, Trigger};
use crate::model::ids::{FighterId, Side};
use crate::rules::command::Command;
use crate::rules::engine::{Engine, ReactionOffer, Resume};
use bevy::prelude::*;

/// REA-1: the automated warband's answer to the reaction on offer.
pub(super) fn reaction(world: &mut World, side: Side) -> Option<Decision> {
    let offer = world.resource::<Engine>().reaction.clone()?;
    if let Some(d) = reaction_ability(world, &offer)
        .or_else(|| to_total(world, &offer))
        .or_else(|| to_move(world, &offer))
    {
        return Some(d);
    }
    if let Some(d) = holds_back(world, &offer) {
        return Some(d);
    }
    Some(match (offer.kind, offer.fighters.first()) {
        (Some(kind), Some(&f)) => decision(
            Command::React {
                fighter: f,
                reaction: kind,
            },
            &[RuleId::Rea1, kind.rule()],
            format!(
                "the solo rules say nothing of reactions: the automated warband always takes {kind}"
            ),
        ),
        _ => decision(
            Command::DeclineReaction { side },
            &[RuleId::Rea1],
            "no fighter can react",
        ),
    })
}

/// REA-1, ABL-5: the first reaction ability on offer to a lethal attack's total (it deals
/// damage to the attacker before the fighter is taken down, so it is always made), to hit
/// rolls that scored critical hits (it turns some into hits), or to an enemy disengaging when
/// it strikes at least as often as Strike Them Down (on 4+, REA-4).
fn to_total(world: &mut World, offer: &ReactionOffer) -> Option<Decision> {
    let (&id, name) = (offer.fighters.first()?, offer.abilities.first()?);
    let why = match &offer.resume {
        Resume::AttackTotalled(_) => format!(
            "the solo rules say nothing of reactions: the automated warband makes its own \
             {name} before this attack takes {} down",
            fighter_name(world, id)
        ),
        Resume::AttackAfterHits { .. } => format!(
            "the solo rules say nothing of reactions: the automated warband makes its own \
             {name}, which may turn this attack's critical hits into hits"
        ),
        Resume::Disengage { .. } => {
            let answer = crate::rules::abilities::reaction_effects(world, id, name)?;
            // More damage to expect than Strike Them Down's (a 4+, then a D6: 1.75).
            let strikes = |e: &Effect| match e {
                Effect::StrikeOnRoll { least, sides } => {
                    let seen = f32::from(7 - least.clamp(&1, &6)) / 6.0;
                    seen * (f32::from(*sides) + 1.0) / 2.0 >= 1.75
                }
                _ => false,
            };
            answer.iter().any(strikes).then_some(())?;
            format!(
                "the solo rules say nothing of reactions: the automated warband makes its own \
                 {name}, which strikes more often than Strike Them Down"
            )
        }
        _ => return None,
    };
    Some(react_with(id, name, why))
}

/// REA-1 (one reaction per enemy action): a fighter with a reaction ability for a lethal
/// melee attack's total lets the reaction before the hit rolls go when this attack can take it
/// down, to keep its reaction for that moment.
fn holds_back(world: &mut World, offer: &ReactionOffer) -> Option<Decision> {
    let Resume::AttackBeforeHits {
        attacker, weapon, ..
    } = offer.resume
    else {
        return None;
    };
    let &id = offer.fighters.first()?;
    let all = crate::rules::engine::fighters(world);
    let (a, t) = (find(&all, attacker)?, find(&all, id)?);
    let waiting = crate::rules::abilities::reactions_of(world, t, Trigger::LethalMelee);
    let name = waiting.first()?;
    let roll = crate::rules::actions::attack_roll(world, &all, a, t, weapon, false)?;
    let most = roll.attacks * roll.damage.0.max(roll.damage.1);
    (most >= t.wounds_left()).then(|| {
        decision(
            Command::DeclineReaction { side: offer.side },
            &[RuleId::Rea1, RuleId::Abl5],
            format!(
                "this attack can take {} down: it keeps its reaction for {name}, made once the \
                 damage is totalled",
                t.name
            ),
        )
    })
}

/// ABL-5: the first reaction ability on offer before the hit rolls that would change the
/// attack it answers: turn critical hits that deal more than hits into hits, take damage off
/// hits that deal more than 1, take dice off, raise Toughness, remove damage from a hurt
/// fighter, or deal damage to the attacker.
fn reaction_ability(world: &mut World, offer: &ReactionOffer) -> Option<Decision> {
    if offer.abilities.is_empty() {
        return None;
    }
    let &id = offer.fighters.first()?;
    let Resume::AttackBeforeHits {
        attacker, weapon, ..
    } = offer.resume
    else {
        return None;
    };
    // The attack as it will be made (with what abilities raised).
    let all = crate::rules::engine::fighters(world);
    let (a, t) = (find(&all, attacker)?, find(&all, id)?);
    let roll = crate::rules::actions::attack_roll(world, &all, a, t, weapon, false)?;
    let damage = roll.damage;
    offer.abilities.iter().find_map(|name| {
        let answer = crate::rules::abilities::reaction_effects(world, id, name)?;
        let changes = answer.iter().any(|e| match e {
            Effect::CritsAsHits { .. } => damage.1 > damage.0,
            Effect::LessDamagePerHit { .. } => damage.0 > 1,
            Effect::DamageAttackerPerCrit { .. } => damage.1 > 0,
            Effect::DamageAroundPerRoll { .. } => true,
            Effect::DamageAttackerPerRoll { .. }
            | Effect::DamageAttackerPerHit { .. }
            | Effect::DamageAttackerPerMiss { .. }
            | Effect::DamageAttackerIf(crate::model::effects::AttackerIf { .. })
            | Effect::ToughnessThisAttack { .. } => true,
            Effect::FewerAttackDice { min, .. } => roll.attacks > *min,
            Effect::Heal { .. } | Effect::HealDice { .. } => t.damage > 0,
            _ => false,
        });
        changes.then(|| {
            react_with(
                id,
                name,
                format!(
                    "the solo rules say nothing of reactions: the automated warband makes its \
                     own {name}, which changes this attack"
                ),
            )
        })
    })
}

/// REA-1, ABL-5: the first answer on offer to an enemy's move: a bonus action that brings a
/// fighter into combat with it, attacks it, or takes a friend away from it, as the card says.
fn to_move(world: &mut World, offer: &ReactionOffer) -> Option<Decision> {
    let at = crate::rules::actions::Moment::of(&offer.resume)?;
    let a = crate::rules::actions::answers_at(world, at)
        .into_iter()
        .next()?;
    let what = crate::rules::abilities::reaction_effects(world, a.fighter, &a.ability)
        .map(|e| crate::rules::effects::describe(&e, None))
        .unwrap_or_default();
    let actor = fighter_name(world, a.actor);
    let why = format!(
        "the solo rules say nothing of reactions: the automated warband makes its own {}          with {actor} ({what})",
        a.ability
    );
    let pick = (a.actor != a.fighter).then_some(a.actor);
    Some(decision(
        Command::ReactWith {
            fighter: a.fighter,
            ability: a.ability,
            pick,
            to: None,
            target: None,
        },
        &[RuleId::Rea1, RuleId::Abl5],
        why,
    ))
}

/// Fighter `id` makes its reaction ability `name`, for the reason `why`.
fn react_with(id: FighterId, name: &str, why: String) -> Decision {
    decision(
        Command::ReactWith {
            fighter: id,
            ability: name.to_string(),
            pick: None,
            to: None,
            target: None,
        },
        &[RuleId::Rea1, RuleId::Abl5],
        why,
    )
}

fn find(
    all: &[crate::rules::engine::FighterView],
    id: FighterId,
) -> Option<&crate::rules::engine::FighterView> {
    all.iter().find(|f| f.id == id)
}

fn fighter_name(world: &mut World, id: FighterId) -> String {
    crate::rules::engine::fighter(world, id)
        .map_or_else(|| "it".to_string(), |f| f.name.to_string())
}
