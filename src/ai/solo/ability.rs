//! SOLO-C1 (rules/solo-mode.md): the ability the active fighter uses before its action.

use crate::model::RuleId;
use crate::model::ids::FighterId;
use bevy::prelude::*;

use super::steps::{Ctx, Step};
use super::{decision, engaged};
use crate::model::effects::{Aura, Effect, MoveTrigger, Stat};
use crate::rules::abilities::{AbilityEffect, abilities_of, inspiring_targets, validate_ability};
use crate::rules::command::Command;
use crate::rules::effects::{check, enemies_in_reach, in_aura};
use crate::rules::engine::Engine;
use crate::rules::initiative::SideDice;

/// SOLO-C1: the eligible ability with the most dice icons, then the highest value, when its
/// effect is not nil.
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
    let mut best: Option<(u8, u8, String, Option<FighterId>, String)> = None;
    for d in abilities_of(&ctx.rules, f) {
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
            let key = (icons, g.value);
            if best.as_ref().is_some_and(|b| key <= (b.0, b.1)) {
                continue;
            }
            // "Provided its conditions hold": the engine has the last word (Reckoning's
            // half the warband down, say); one that fails gives way to the next.
            if validate_ability(world, &ctx.all, f, &d.name, g.value, target).is_ok() {
                best = Some((key.0, key.1, d.name.clone(), target, note.to_string()));
            }
        }
    }
    let Some((icons, value, name, target, note)) = best else {
        return Step::Next;
    };
    let command = Command::Ability {
        fighter: f.id,
        ability: name.clone(),
        dice: value,
        target,
        place: None,
    };
    Step::Decide(decision(
        command,
        &[RuleId::SoloC1],
        format!("{name} ({icons} dice icons, value {value}): {note}"),
    ))
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

/// Is an enemy within a weapon's range of the active fighter horizontally but not in 3D?
fn reach_only_flat(ctx: &Ctx) -> bool {
    use crate::battlefield::measure::{distance, horizontal_distance};
    let f = &ctx.f;
    ctx.all
        .iter()
        .filter(|o| o.on_board() && o.side != f.side)
        .any(|o| {
            let (d3, d2) = (
                distance(&f.base(), &o.base()),
                horizontal_distance(&f.base(), &o.base()),
            );
            f.profile
                .weapons
                .iter()
                .any(|w| d2 <= w.max_range + 1e-4 && d3 > w.max_range + 1e-4)
        })
}

/// Is a friendly fighter (the active one too) in `aura` of the active fighter within 1" of an
/// enemy?
fn friend_fighting_in(world: &World, ctx: &Ctx, aura: &Aura) -> bool {
    ctx.all
        .iter()
        .any(|o| in_aura(world, &ctx.all, &ctx.f, o, aura) && engaged(&ctx.all, o))
}

/// What the fighter does next, for weighing an ability's effects.
struct Next {
    /// Its next action is an attack: with a melee weapon or not.
    attack_melee: Option<bool>,
    /// Its next action is a move.
    moves: bool,
    /// An enemy is within 1" of it.
    engaged: bool,
}

/// Why an effect is not nil here, and the fighter it would aim at.
type Use = (Option<FighterId>, &'static str);

/// SOLO-C1 for an ability of data effects (ABL-5): is one of its effects not nil here, the
/// enemy it would aim at, and why.
fn data_useful(
    world: &World,
    ctx: &Ctx,
    effects: &[Effect],
    engaged: bool,
) -> (bool, Option<FighterId>, &'static str) {
    let f = &ctx.f;
    let attack_melee = match &ctx.next_action {
        Some(Command::Attack { weapon, .. }) => {
            Some(f.profile.weapons.get(*weapon).is_some_and(|w| w.is_melee()))
        }
        _ => None,
    };
    let next = Next {
        attack_melee,
        moves: matches!(ctx.next_action, Some(Command::Move { .. })),
        engaged,
    };
    // What the engine would refuse (a condition unmet, nobody in reach) is nil.
    if check(world, &ctx.all, f, effects, None).is_err() {
        return (false, None, "the rules don't allow it here");
    }
    effects
        .iter()
        .find_map(|e| reach_useful(world, ctx, e).or_else(|| next_useful(e, &next)))
        .map_or((false, None, "nothing for it to do here"), |(t, why)| {
            (true, t, why)
        })
}

/// An effect that reaches other fighters (or heals this one): useful when someone is there.
fn reach_useful(world: &World, ctx: &Ctx, e: &Effect) -> Option<Use> {
    let f = &ctx.f;
    match e {
        // Aimed at an enemy (damage, a restriction, a roll, setting it up).
        _ if e.aim().is_some_and(|a| !a.friends) => {
            let near = crate::rules::effects::reach_of(world, &ctx.all, f, e);
            enemy_for(ctx, &near.unwrap_or_default()).map(|(t, why)| (Some(t), why))
        }
        Effect::DamageEach { range, .. } => (!enemies_in_reach(world, &ctx.all, f, *range, true)
            .is_empty())
        .then_some((None, "enemies are in its reach")),
        Effect::Heal { .. } => (f.damage > 0).then_some((None, "it has damage to remove")),
        Effect::CritsWeaken { runemark, .. } => {
            let target = match &ctx.next_action {
                Some(Command::Attack { target, .. }) => ctx.all.iter().find(|o| o.id == *target),
                _ => None,
            };
            let fits = target.is_some_and(|o| {
                runemark
                    .as_deref()
                    .is_none_or(|m| o.profile.has_runemark(m))
            });
            fits.then_some((None, "its next action is an attack on such an enemy"))
        }
        Effect::FriendBonusAttack { .. } => {
            let friends = crate::rules::effects::reach_of(world, &ctx.all, f, e);
            let armed = friends.unwrap_or_default().into_iter().find(|id| {
                ctx.all.iter().find(|o| o.id == *id).is_some_and(|o| {
                    !crate::rules::actions::legal_attacks(world, &ctx.all, o).is_empty()
                })
            });
            armed.map(|t| (Some(t), "a friend in its reach has an attack to make"))
        }
        Effect::FlatAttackRange => reach_only_flat(ctx)
            .then_some((None, "an enemy is in range once the height is left out")),
        Effect::RoundBoost { aura: Some(a), .. } => friend_fighting_in(world, ctx, a)
            .then_some((None, "a friend in its aura is within 1\" of an enemy")),
        _ => None,
    }
}

/// An effect on this fighter's own next actions: useful when that action comes.
fn next_useful(e: &Effect, next: &Next) -> Option<Use> {
    let attacks = next.attack_melee.is_some();
    let why = match e {
        Effect::BonusMoveOrAttack if !next.engaged || attacks => "it can move or attack again",
        Effect::BonusMove { .. } if !next.engaged => "it can move further",
        Effect::BonusAttack if attacks => "it can attack again",
        Effect::Boost {
            stat: Stat::Move, ..
        } if next.moves => "its next action is a move",
        Effect::Boost {
            stat, melee_only, ..
        }
        | Effect::RoundBoost {
            stat,
            melee_only,
            aura: None,
            ..
        } if stat.of_attacks() && next.attack_melee.is_some_and(|m| m || !melee_only) => {
            "its next action is an attack"
        }
        Effect::NextBoost { stat, .. } if stat.of_attacks() && attacks => {
            "its next action is an attack"
        }
        Effect::StrengthAboveToughness | Effect::AfterEachAttack { .. } if attacks => {
            "its next action is an attack"
        }
        Effect::NextBoost {
            stat: Stat::Move, ..
        }
        | Effect::RoundBoost {
            stat: Stat::Move,
            aura: None,
            ..
        }
        | Effect::AfterMove {
            trigger: MoveTrigger::NearEnemy(_),
            ..
        } if next.moves => "its next action is a move",
        Effect::RoundBoost {
            stat: Stat::Toughness,
            aura: None,
            ..
        } if next.engaged => "an enemy is within 1\" of it",
        _ => return None,
    };
    Some((None, why))
}
