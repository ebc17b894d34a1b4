//! SOLO-C1 (rules/solo-mode.md): the ability the active fighter uses before its action.

use crate::model::RuleId;
use crate::model::ids::FighterId;
use bevy::prelude::*;

use super::Decision;
use super::steps::{Ctx, Step};
use super::{decision, engaged};
use crate::model::effects::Effect;
use crate::rules::abilities::{AbilityEffect, abilities_of, inspiring_targets, validate_ability};
use crate::rules::command::Command;
use crate::rules::effects::{Next, Useful, check, useful};
use crate::rules::engine::{ActivationState, Engine};
use crate::rules::initiative::SideDice;

/// How SOLO-C1 ranks an ability paid with a group: (its dice icons, the group's value, the
/// fighter's own rather than universal).
type Rank = (u8, u8, bool);

/// The best ability found so far: its rank, (name, way), target and why.
type Best = (Rank, (String, u8), Option<FighterId>, String);

/// SOLO-C1: the eligible ability with the most dice icons, then the highest value, when its
/// effect is not nil; between two paid alike (the rules leave it open), the fighter's own
/// ability before a universal one (ABL-3), then the first.
pub fn step_ability(world: &World, ctx: &Ctx) -> Step {
    let act = world.resource::<Engine>().activation.clone();
    if act
        .as_ref()
        .is_none_or(|a| a.ability_used || !a.bonus.is_empty())
    {
        return Step::Next;
    }
    let dice: SideDice = world.resource::<Engine>().dice[ctx.f.side].clone();
    let f = &ctx.f;
    let eng = engaged(&ctx.all, f);
    let mut best: Option<Best> = None;
    let universal = crate::rules::abilities::universal(&ctx.rules);
    // Each way of an ability that offers two, the one paid with saved wild dice first.
    for (d, choice, way) in crate::rules::ways::each_way(abilities_of(&ctx.rules, f), dice.saved) {
        let own = !universal.iter().any(|u| u.name == d.name);
        // Is its effect not nil here?
        let (useful, target, note) = match &d.effect {
            AbilityEffect::Effects(effects) => data_useful(world, ctx, effects, eng),
            AbilityEffect::Rush => (
                matches!(ctx.next_action, Some(Command::Move { .. })),
                None,
                "its next action is a move",
            ),
            AbilityEffect::Onslaught => (
                matches!(ctx.next_action, Some(Command::Attack { weapon, .. })
                    if f.profile.weapons.get(weapon).is_some_and(|w| w.is_melee())),
                None,
                "its next action is a melee attack",
            ),
            AbilityEffect::Respite => (f.damage > 0 && !eng, None, "it has damage to remove"),
            AbilityEffect::Reckoning => (true, None, "half the warband is down"),
            AbilityEffect::InspiringPresence => {
                let t = inspiring_targets(world, &ctx.all, f).first().copied();
                (t.is_some(), t, "a friend can act right after")
            }
            AbilityEffect::NotAutomated => (false, None, "not automated"),
        };
        if !useful {
            continue;
        }
        let Some(icons) = d.cost.dice() else {
            continue;
        };
        for g in dice.groups.iter().filter(|g| d.cost.paid_by(g.size)) {
            let key = (icons, g.value, own);
            if best.as_ref().is_some_and(|b| key <= b.0) {
                continue;
            }
            // "Provided its conditions hold": the engine has the last word (Reckoning's
            // half the warband down, say); one that fails gives way to the next.
            if validate_ability(world, &ctx.all, f, &d.name, g.value, (target, choice)).is_ok() {
                let note = match &way {
                    Some(way) => format!("{note}, {way}"),
                    None => note.to_string(),
                };
                best = Some((key, (d.name.clone(), choice), target, note));
            }
        }
    }
    let Some(((icons, value, _), (name, choice), target, note)) = best else {
        return Step::Next;
    };
    let command = Command::Ability {
        fighter: f.id,
        ability: name.clone(),
        dice: value,
        target,
        place: None,
        choice,
    };
    Step::Decide(decision(
        command,
        &[RuleId::SoloC1],
        format!("{name} ({icons} dice icons, value {value}): {note}"),
    ))
}

/// SOLO-C1 (seed 002): a move of the active fighter that sets off an effect waiting for it
/// that picks an enemy names the one the paper picks: its target when in reach, else the one
/// with the most wounds left, then the most points.
pub(super) fn pick_after_move(
    world: &World,
    ctx: &Ctx,
    act: &ActivationState,
    mut d: Decision,
) -> Decision {
    if let Command::Move { to, pick, .. } = &mut d.command {
        let to = Vec3::from_array(*to);
        let choices = crate::rules::effects::after_move_choices(world, &ctx.all, &ctx.f, act, to);
        *pick = enemy_for(ctx, &choices).map(|(t, _)| t);
    }
    d
}

/// SOLO-C1 (seed 002: "contre un combattant ennemi"): the enemy an ability aims at, among
/// those in its reach: the AI's target when it is one of them, else the one with the most
/// wounds left, then the most points (SOLO-B's tie-breaks); and why.
fn enemy_for(ctx: &Ctx, in_reach: &[FighterId]) -> Option<(FighterId, &'static str)> {
    if let super::Target::Fighter(t) = ctx.target
        && in_reach.contains(&t)
    {
        return Some((t, "its target is in its reach"));
    }
    ctx.all
        .iter()
        .filter(|o| in_reach.contains(&o.id))
        .min_by(super::active::by_wounds)
        .map(|o| (o.id, "the enemy in its reach with the most wounds left"))
}

/// SOLO-C1 for an ability of data effects (ABL-5): is one of its effects not nil here (each
/// family of effects weighs its own, `rules::effects`), the fighter it would aim at (an enemy
/// picked as SOLO-C1 says), and why.
fn data_useful(
    world: &World,
    ctx: &Ctx,
    effects: &[Effect],
    engaged: bool,
) -> (bool, Option<FighterId>, &'static str) {
    let f = &ctx.f;
    let attack = match &ctx.next_action {
        Some(Command::Attack { weapon, target, .. }) => Some((
            *target,
            f.profile.weapons.get(*weapon).is_some_and(|w| w.is_melee()),
        )),
        _ => None,
    };
    let next = Next {
        attack,
        moves: matches!(ctx.next_action, Some(Command::Move { .. })),
        engaged,
    };
    // A range "equal to the value" is weighed at its longest, 6"; the engine checks it with
    // the dice the AI pays with.
    let effects: Vec<Effect> = effects.iter().map(|e| e.at_value(6)).collect();
    let effects = &crate::rules::effects::as_used(world, &ctx.all, f, &effects, (6, None))[..];
    // What the engine would refuse (a condition unmet, nobody in reach) is nil.
    if check(world, &ctx.all, f, effects, None).is_err() {
        return (false, None, "the rules don't allow it here");
    }
    // Nor does a fighter take itself down: its damage dealt again at the end of its
    // activation must leave it standing (as it stands now).
    let again = Effect::AtActivationEnd(crate::model::effects::AtItsEnd::DamageAgain);
    if effects.contains(&again) && 2 * f.damage >= f.profile.wounds {
        return (
            false,
            None,
            "it would take itself down at the end of its activation",
        );
    }
    // Nor does it give its own fighter up ("then, this fighter is taken down") while it has
    // more than half its wounds left: a fighter near its end trades itself (SOLO-C1 leaves it
    // open).
    if effects.contains(&Effect::SelfTakenDown) && 2 * f.damage < f.profile.wounds {
        return (
            false,
            None,
            "it would give up its own fighter, which has more than half its wounds left",
        );
    }
    // Nor a gamble of its own fighter: dice that may take it down (SOLO-C1 leaves it open).
    let gamble = |e: &Effect| matches!(e, Effect::OnRolled { then, .. } if then.contains(&Effect::SelfTakenDown));
    if effects.iter().any(gamble) {
        return (false, None, "its dice could take its own fighter down");
    }
    let why = effects
        .iter()
        .find_map(|e| match useful(world, &ctx.all, f, e, &next)? {
            Useful::Enemies(near) => enemy_for(ctx, &near).map(|(t, why)| (Some(t), why)),
            Useful::Because(why, friend) => Some((friend, why)),
        });
    match why {
        None => (false, None, "nothing for it to do here"),
        Some((t, why)) => match spare_friend(world, ctx, effects, t) {
            Ok(t) => (true, t, why),
            Err(why) => (false, None, why),
        },
    }
}

/// SOLO-C1 (the solo rules never have a fighter take its own side's down): the friend an
/// ability damages (`FriendDamage`, weighed at its most, a value of 6) is `t` when it survives
/// the damage, else the one in reach with the most wounds left that does; none: not used.
fn spare_friend(
    world: &World,
    ctx: &Ctx,
    effects: &[Effect],
    t: Option<FighterId>,
) -> Result<Option<FighterId>, &'static str> {
    let Some(e @ Effect::FriendDamage { amount, .. }) = effects
        .iter()
        .find(|e| matches!(e, Effect::FriendDamage { .. }))
    else {
        return Ok(t);
    };
    let survives =
        |id: &FighterId| (ctx.all.iter()).any(|o| o.id == *id && o.wounds_left() > amount.of(6));
    let near = crate::rules::effects::reach_of(world, &ctx.all, &ctx.f, e).unwrap_or_default();
    let wounds = |id: &FighterId| (ctx.all.iter().find(|o| o.id == *id)).map(|o| o.wounds_left());
    t.filter(survives)
        .or_else(|| near.iter().copied().filter(survives).max_by_key(wounds))
        .map(Some)
        .ok_or("it would take its own friend down")
}
