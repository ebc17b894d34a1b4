//! Abilities as data (ABL-5) whose effects last or wait: boosts and auras for the round,
//! effects set off by a move or after an attack, characteristics lowered until the end of the
//! battle, taunts.

use crate::battlefield::measure::distance;
use crate::model::dice::{Dice, DiceRng};
use crate::model::effects::{Aura, Effect, MoveTrigger, OnSuccess, Restriction, Stat};
use crate::model::ids::FighterId;
use crate::rules::effects::{
    Picks, bar_until_round_end, check, effect_logged, enemies_in_reach, run,
};
use crate::rules::log::{AgainstResult, EffectOutcome, Lapse};
use crate::rules::state;
use crate::rules::state::{Engine, FighterView, Scope, can_see};
use bevy::prelude::*;

/// ABL-5: is `f` in `source`'s aura: a friendly fighter (or `source` itself) on the
/// battlefield within its range, that `source` can see when the aura says so?
pub fn in_aura(
    world: &World,
    all: &[FighterView],
    source: &FighterView,
    f: &FighterView,
    aura: &Aura,
) -> bool {
    source.on_board()
        && f.on_board()
        && source.side == f.side
        && distance(&source.base(), &f.base()) <= aura.range + 1e-4
        && (!aura.visible || source.id == f.id || can_see(world, all, source, f))
}

/// ABL-5: how much abilities raised `stat` for `f` until the end of the round (for an
/// attack's characteristic: of a melee attack when `melee`): its own boosts, and the auras of
/// friendly fighters it is in (within range, seen by the fighter whose aura it is when the
/// aura says so). `all`, the fighters, is needed for auras only.
pub fn round_bonus(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    stat: Stat,
    melee: bool,
) -> u32 {
    let reaches = |scope: Scope| match scope {
        Scope::Fighter(id) => id == f.id,
        Scope::Aura { source, aura } => all
            .iter()
            .find(|s| s.id == source)
            .is_some_and(|s| in_aura(world, all, s, f, &aura)),
    };
    world
        .resource::<Engine>()
        .raised()
        .filter(|&(scope, s, _, melee_only)| s == stat && (melee || !melee_only) && reaches(scope))
        .fold(0, |sum, r| sum.saturating_add(r.2))
}

/// ABL-5: after the active fighter `id` finishes a move action that began `start_y` high:
/// what was raised for its next move action is spent (by this one, a bonus move too), and the
/// effects waiting for a move action it sets off happen (damage to the nearest enemy it can see in reach, a bonus action, a boost
/// for the next attack). Those waiting for a move near an enemy wait on when this one was not.
pub(crate) fn after_move(world: &mut World, id: FighterId, start_y: f32) {
    let waiting = {
        let mut e = state::engine(world);
        let Some(a) = e.activation.as_mut().filter(|a| a.fighter == id) else {
            return;
        };
        a.next_move = 0;
        std::mem::take(&mut a.after_move)
    };
    if waiting.is_empty() {
        return;
    }
    let Some(f) = state::fighter(world, id).filter(|f| f.on_board()) else {
        // Taken down by its own move (impact damage, deadly terrain): nothing it waited for
        // happens, and the log says so.
        for w in waiting {
            let outcome = EffectOutcome::Lapsed {
                why: Lapse::TakenDownMoving,
                effects: w.then,
                value: w.value,
            };
            effect_logged(world, id, outcome);
        }
        return;
    };
    let mut still = Vec::new();
    for w in waiting {
        let all = state::fighters(world);
        let set_off = match w.trigger {
            MoveTrigger::NearEnemy(range) => {
                !enemies_in_reach(world, &all, &f, range, false).is_empty()
            }
            // GEN-2: a vertical-only distance, rounded up to the next half inch; "lower than
            // their starting position": a drop, never a climb up.
            MoveTrigger::DroppedNext(h) => {
                start_y > f.pos.y
                    && crate::battlefield::measure::round_up_half_inch(start_y - f.pos.y)
                        >= h - 1e-4
            }
        };
        match w.trigger {
            _ if set_off => {
                let target = check(world, &all, &f, &w.then, None).ok().flatten();
                let picks = Picks {
                    target,
                    place: None,
                };
                run(world, &f, &w.then, w.value, picks);
            }
            MoveTrigger::NearEnemy(_) => still.push(w),
            MoveTrigger::DroppedNext(h) => {
                let outcome = EffectOutcome::Lapsed {
                    why: Lapse::NotLowEnough(h),
                    effects: w.then,
                    value: w.value,
                };
                effect_logged(world, id, outcome);
            }
        }
    }
    if let Some(a) = state::engine(world).activation.as_mut() {
        a.after_move.splice(0..0, still);
    }
}

/// ABL-5: after an attack action of the active fighter `attacker` on `target`, each lasting
/// "roll a dice after each attack" effect rolls; on its score or more the target (still on
/// the battlefield) is barred from its actions until the end of the round.
pub(crate) fn after_attack(world: &mut World, attacker: FighterId, target: FighterId) {
    let rolls: Vec<(u8, Vec<Restriction>)> = world
        .resource::<Engine>()
        .activation
        .as_ref()
        .filter(|a| a.fighter == attacker)
        .map(|a| {
            a.lasting
                .iter()
                .filter_map(|e| match e {
                    Effect::AfterEachAttack { least, bar } => Some((*least, bar.clone())),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default();
    for (least, bar) in rolls {
        if !state::fighter(world, target).is_some_and(|t| t.on_board()) {
            return;
        }
        let roll = world.resource_mut::<DiceRng>().roll(1)[0];
        effect_logged(
            world,
            attacker,
            EffectOutcome::RollAfterAttack { roll, least },
        );
        if roll >= least {
            bar_until_round_end(world, target, &bar);
            let outcome = EffectOutcome::Barred {
                fighter: target,
                actions: bar,
            };
            effect_logged(world, attacker, outcome);
        }
    }
}

/// ABL-5: what `hits` successes of `f`'s roll against `t` do, in words for the log.
pub(super) fn roll_against(
    world: &mut World,
    f: &FighterView,
    t: FighterId,
    then: OnSuccess,
    hits: u32,
) -> AgainstResult {
    match then {
        _ if hits == 0 => AgainstResult::Nothing,
        OnSuccess::Weaken { stat, min } => {
            let now = weaken(world, t, stat, hits, min);
            AgainstResult::Weakened { stat, now }
        }
        OnSuccess::Taunt => {
            state::engine(world).taunt(t, f.id);
            AgainstResult::Taunted { taunter: f.id }
        }
    }
}

/// ABL-5: lowers fighter `t`'s `stat` (Move, or the Attacks of each of its weapons) by `by`,
/// not below `min`, until the end of the battle (subtracted after any bonus, ABL-4); the value
/// now, before any bonus (the most Attacks of its weapons).
pub(crate) fn weaken(world: &mut World, t: FighterId, stat: Stat, by: u32, min: u32) -> u32 {
    state::engine(world).lower(t, stat, by, min);
    let Some(v) = state::fighter(world, t) else {
        return 0;
    };
    match stat {
        Stat::Move => v.move_budget(
            &world.resource::<crate::model::ruleset::Ruleset>().clone(),
            0,
        ) as u32,
        _ => (0..v.profile.weapons.len())
            .map(|w| v.attacks_with(w))
            .max()
            .unwrap_or(0),
    }
}

/// ABL-5: after the active fighter `attacker`'s attack on `target` with `rolls`: a lasting
/// "weaken on a critical hit" for an enemy like the target is spent, and lowers the target's
/// characteristic when a roll is a 6.
pub(crate) fn crits_weaken(
    world: &mut World,
    attacker: FighterId,
    target: FighterId,
    rolls: &[u8],
) {
    let waiting = world
        .resource::<Engine>()
        .activation
        .as_ref()
        .is_some_and(|a| {
            a.fighter == attacker
                && a.lasting
                    .iter()
                    .any(|e| matches!(e, Effect::CritsWeaken { .. }))
        });
    if !waiting {
        return;
    }
    let Some(t) = state::fighter(world, target) else {
        return;
    };
    let spent = {
        let mut e = state::engine(world);
        let Some(a) = e.activation.as_mut().filter(|a| a.fighter == attacker) else {
            return;
        };
        let k = a.lasting.iter().position(|e| {
            matches!(e, Effect::CritsWeaken { runemark, .. }
                if runemark.as_deref().is_none_or(|m| t.profile.has_runemark(m)))
        });
        k.map(|k| a.lasting.remove(k))
    };
    if let Some(Effect::CritsWeaken { stat, by, min, .. }) = spent
        && rolls.contains(&6)
        && t.on_board()
    {
        let now = weaken(world, target, stat, by, min);
        let outcome = EffectOutcome::CritWeakened {
            fighter: target,
            stat,
            now,
        };
        effect_logged(world, attacker, outcome);
    }
}
