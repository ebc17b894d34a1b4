//! An attack's damage allocated (ATK-3, ATK-5) once it is totalled, after the reaction its
//! target may make to that total when it would take it down (REA-1, ABL-5), and what follows
//! the attack.

use crate::model::RuleId;
use crate::model::dice::{Dice, DiceRng};
use crate::model::effects::{Effect, Trigger};
use crate::model::ids::FighterId;
use crate::model::ruleset::Ruleset;
use crate::rules::actions::{counter_strike, damage_attacker, deal_damage, knocked_off};
use crate::rules::log::EffectOutcome;
use crate::rules::state::{Engine, ReactionOffer, Resume, Then, Totalled, fighter};
use bevy::prelude::*;

/// REA-1: the reaction to the attack's total on offer when it may be made (one reaction per
/// enemy action: none when the target `reacted` to this attack already), else the total
/// allocated.
pub(super) fn offer_or_allocate(world: &mut World, tot: Totalled, reacted: bool) -> Then {
    let offer = if reacted {
        None
    } else {
        lethal_offer(world, &tot)
    };
    match offer {
        Some(offer) => Then::Reaction(offer),
        None => allocate(world, tot, reacted),
    }
}

/// REA-1, ABL-5: the reaction on offer to the target of a melee attack whose damage, totalled,
/// would take it down; none when it has no reaction ability for that moment or can't react.
fn lethal_offer(world: &mut World, tot: &Totalled) -> Option<ReactionOffer> {
    if !tot.melee || !world.resource::<Ruleset>().reactions {
        return None;
    }
    let t = fighter(world, tot.target)?;
    let lethal = tot.damage >= t.wounds_left();
    if !lethal || !crate::rules::effects::may_react(world, &t) {
        return None;
    }
    let abilities = crate::rules::abilities::reactions_of(world, &t, Trigger::LethalMelee);
    (!abilities.is_empty()).then(|| ReactionOffer {
        side: t.side,
        kind: None,
        fighters: vec![t.id],
        resume: Resume::AttackTotalled(tot.clone()),
        abilities,
    })
}

/// ATK-3, ATK-5: the totalled damage allocated to the target, then what the reactions to the
/// attack deal to the attacker (REA-1, REA-2), a fall from a critical hit (ATK-6), what
/// abilities wait for the attack's end (ABL-5) and the target's reaction to the damage of a
/// melee attack, when it made none to this attack yet (`reacted`).
pub(super) fn allocate(world: &mut World, tot: Totalled, reacted: bool) -> Then {
    let Totalled {
        attacker,
        target,
        melee,
        damage,
        crits,
        rolls,
        to_attacker,
        counter,
    } = tot;
    let down = deal_damage(world, target, damage, &[RuleId::Atk3, RuleId::Atk5]);
    spend_attack(world, (attacker, target), down, melee);
    if to_attacker > 0 {
        damage_attacker(world, target, attacker, to_attacker);
    }
    if let Some(d) = counter {
        counter_strike(world, target, attacker, d);
    }
    if !down
        && crits > 0
        && let Some(t) = fighter(world, target)
    {
        knocked_off(world, &t, attacker);
    }
    crate::rules::effects::crits_weaken(world, attacker, target, &rolls);
    crate::rules::effects::after_attack(world, attacker, target);
    if melee {
        crate::rules::effects::retaliate(world, (attacker, target), damage);
    }
    crate::rules::effects::after_next_attack(world, (attacker, target), melee, (crits, damage));
    if down {
        crate::rules::effects::after_takedown(world, attacker, melee);
    }
    let hurt = super::after_move::Moment::Hurt { attacker, target };
    let offer = (melee && damage > 0 && !down && !reacted)
        .then(|| super::after_move::offer_at(world, hurt))
        .flatten();
    offer.map_or(Then::AfterAction, Then::Reaction)
}

/// REA-1, ABL-5: the damage the target's reaction to the attack's total deals to the
/// attacker before that total is allocated: a dice of damage (a D3 is a dice halved, rounding
/// up), or an amount on a roll; each logged with its roll.
pub(super) fn answer_total(
    world: &mut World,
    target: FighterId,
    attacker: FighterId,
    answer: &[Effect],
) {
    for e in answer {
        let roll = match e {
            Effect::DamageAttackerDice { .. } | Effect::DamageAttackerOnRoll { .. } => {
                world.resource_mut::<DiceRng>().roll(1)[0]
            }
            // "Cremate this fighter. Then, this fighter is taken down" (ABL-5, ATK-5).
            Effect::PlaceToken(..) | Effect::SelfTakenDown => {
                crate::rules::effects::reaction_on_itself(world, target, e);
                continue;
            }
            _ => continue,
        };
        let damage = match e {
            Effect::DamageAttackerDice { sides } => crate::model::dice::as_sides(roll, *sides),
            Effect::DamageAttackerOnRoll { least, amount } => {
                if roll >= *least {
                    *amount
                } else {
                    0
                }
            }
            _ => u32::from(roll),
        };
        let outcome = EffectOutcome::Damage {
            fighters: vec![attacker],
            damage,
            rolls: vec![roll],
        };
        super::reactions::reaction_logged(world, target, outcome);
        if damage > 0 {
            super::reaction_damage(world, attacker, damage, &[RuleId::Abl5]);
        }
    }
}

/// The attacker's activation notes an enemy it took down, and spends what was raised for this
/// attack (ABL-5: a raise for its next melee attack waits for a melee one).
fn spend_attack(
    world: &mut World,
    (attacker, target): (FighterId, FighterId),
    down: bool,
    melee: bool,
) {
    crate::rules::state::engine(world).spend_next_attack(attacker, melee);
    // A raise for attacks on some targets only is spent by an attack on such a target.
    let picky = world
        .resource::<Engine>()
        .activation
        .as_ref()
        .is_some_and(|a| a.boosts.iter().any(|b| b.once && b.against.is_some()));
    let all = if picky {
        crate::rules::state::fighters(world)
    } else {
        Vec::new()
    };
    let (f, t) = (
        all.iter().find(|o| o.id == attacker),
        all.iter().find(|o| o.id == target),
    );
    if let Some(a) = world.resource_mut::<Engine>().activation.as_mut()
        && a.fighter == attacker
    {
        a.took_down |= down;
        a.took_down_melee |= down && melee;
        if down {
            a.downed.push(target);
        }
        let weapon = a.weapon.clone();
        let with = (melee, weapon.as_deref());
        a.boosts.retain(|b| {
            let spent = match f {
                Some(f) => b.applies_to(with, f, t),
                None => b.applies(melee, weapon.as_deref()),
            };
            !(b.once && (spent || b.strict))
        });
        crate::rules::effects::spend_hits_as_crits(a, melee);
    }
}
