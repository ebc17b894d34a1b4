//! Abilities as data (ABL-5): checking and running an ability's effects (`model::effects`):
//! bonus actions, boosts to the fighter's characteristics for its activation, damage to one
//! enemy or to each enemy within range, healing.

use bevy::prelude::*;

use crate::battlefield::measure::distance;
use crate::model::RuleId;
use crate::model::components::*;
use crate::model::dice::{Dice, DiceRng};
use crate::model::effects::{Aura, Condition, Effect, MoveTrigger, OnSuccess, Restriction, Stat};
use crate::rules::actions::deal_damage;
use crate::rules::command::{HandChange, Rejected};
use crate::rules::engine::{
    self, Bonus, Boost, Engine, FighterView, RoundBoost, WaitingMove, can_see, log,
};
use crate::rules::log::{EffectOutcome, Event};

/// ABL-5: removes up to `n` damage from `t`; how much it removed.
pub(crate) fn heal(world: &mut World, t: &FighterView, n: u32) -> u32 {
    let healed = n.min(t.damage);
    world.entity_mut(t.entity).insert(Damage(t.damage - healed));
    healed
}

/// ABL-5: the player of `f` (the active fighter, `act`) resolves part of a not-automated
/// ability by hand: damage to, or healing of, a fighter on the battlefield.
pub(crate) fn by_hand(
    world: &mut World,
    act: &crate::rules::engine::ActivationState,
    f: &FighterView,
    target: u32,
    change: HandChange,
) -> Result<(), Rejected> {
    if !act.by_hand {
        return Err(Rejected::new(
            RuleId::Abl5,
            format!(
                "{} has used no ability to resolve by hand this activation",
                f.name
            ),
        ));
    }
    let n = match change {
        HandChange::Damage(n) | HandChange::Heal(n) => n,
        HandChange::Move { inches, .. } => inches,
    };
    if !(1..=20).contains(&n) {
        return Err(Rejected::new(
            RuleId::Abl5,
            "by hand, 1 to 20 points of damage or healing, or inches of a move, at a time",
        ));
    }
    let Some(t) = engine::fighter(world, target).filter(|t| t.on_board()) else {
        return Err(Rejected::new(
            RuleId::Abl5,
            format!("fighter {target} is not on the battlefield"),
        ));
    };
    let path = match change {
        HandChange::Move { inches, to } => {
            let all = engine::fighters(world);
            let to = Vec3::from_array(to);
            Some(crate::rules::actions::validate_hand_move(
                world,
                &all,
                &t,
                to,
                inches as f32,
            )?)
        }
        _ => None,
    };
    log(
        world,
        &[RuleId::Abl5],
        Event::ByHand {
            fighter: f.id,
            target,
            change,
        },
    );
    match change {
        HandChange::Damage(n) => {
            deal_damage(world, target, n, &[RuleId::Abl5]);
        }
        HandChange::Heal(n) => {
            heal(world, &t, n);
        }
        HandChange::Move { .. } => {
            if let Some(path) = path {
                crate::rules::actions::do_move(world, &t, &path, false);
            }
        }
    }
    crate::rules::engine::after_action(world);
    Ok(())
}

/// ABL-5: may `f` make an action of kind `what`, or did an ability bar it this round?
pub fn not_barred(world: &World, f: &FighterView, what: Restriction) -> Result<(), Rejected> {
    let barred = world
        .resource::<Engine>()
        .restricted
        .iter()
        .any(|&(id, r)| id == f.id && r == what);
    if barred {
        return Err(Rejected::new(
            RuleId::Abl5,
            format!(
                "an ability bars {} from {what} actions until the end of the battle round",
                f.name
            ),
        ));
    }
    Ok(())
}

/// The enemies within `range` inches of `f` (that it can see, when `visible`), nearest first.
pub fn enemies_in_reach(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    range: f32,
    visible: bool,
) -> Vec<u32> {
    marked_enemies_in_reach(world, all, f, range, visible, None)
}

/// [`enemies_in_reach`] with `runemark`, when given.
pub fn marked_enemies_in_reach(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    range: f32,
    visible: bool,
    runemark: Option<&str>,
) -> Vec<u32> {
    let mut near: Vec<(f32, u32)> = all
        .iter()
        .filter(|o| o.on_board() && o.side != f.side)
        .filter(|o| runemark.is_none_or(|m| o.profile.has_runemark(m)))
        .map(|o| (distance(&f.base(), &o.base()), o))
        .filter(|(d, o)| *d <= range + 1e-4 && (!visible || can_see(world, all, f, o)))
        .map(|(d, o)| (d, o.id))
        .collect();
    near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    near.into_iter().map(|(_, id)| id).collect()
}

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
    let reaches = |b: &RoundBoost| match b.aura {
        None => b.source == f.id,
        Some(aura) => all
            .iter()
            .find(|s| s.id == b.source)
            .is_some_and(|s| in_aura(world, all, s, f, &aura)),
    };
    world
        .resource::<Engine>()
        .round_boosts
        .iter()
        .filter(|b| b.stat == stat && (melee || !b.melee_only) && reaches(b))
        .fold(0, |sum, b| sum.saturating_add(b.by))
}

/// ABL-5: after the active fighter `id` finishes a move action that began `start_y` high:
/// what was raised for its next move action is spent (by this one, a bonus move too), and the
/// effects waiting for a move action it sets off happen (damage to the nearest enemy it can see in reach, a bonus action, a boost
/// for the next attack). Those waiting for a move near an enemy wait on when this one was not.
pub(crate) fn after_move(world: &mut World, id: u32, start_y: f32) {
    let waiting = {
        let mut e = engine::engine(world);
        let Some(a) = e.activation.as_mut().filter(|a| a.fighter == id) else {
            return;
        };
        a.next_move = 0;
        std::mem::take(&mut a.after_move)
    };
    let Some(f) = engine::fighter(world, id).filter(|f| f.on_board()) else {
        return;
    };
    let mut still = Vec::new();
    for w in waiting {
        let all = engine::fighters(world);
        let set_off = match w.trigger {
            MoveTrigger::NearEnemy(range) => {
                !enemies_in_reach(world, &all, &f, range, false).is_empty()
            }
            // GEN-2: a vertical-only distance, rounded up to the next half inch.
            MoveTrigger::DroppedNext(h) => {
                crate::battlefield::measure::round_up_half_inch(start_y - f.pos.y) >= h - 1e-4
            }
        };
        match w.trigger {
            _ if set_off => {
                let target = check(world, &all, &f, &w.then, None).ok().flatten();
                run(world, &f, &w.then, w.value, target);
            }
            MoveTrigger::NearEnemy(_) => still.push(w),
            MoveTrigger::DroppedNext(h) => {
                let what = format!(
                    "its move finished less than {h}\" lower than it began, so this does not \
                     happen: {}",
                    crate::model::effects::describe(&w.then, Some(w.value))
                );
                let event = Event::Effect {
                    fighter: id,
                    outcome: EffectOutcome::Lasting { what },
                };
                log(world, &[RuleId::Abl5], event);
            }
        }
    }
    if let Some(a) = engine::engine(world).activation.as_mut() {
        a.after_move.splice(0..0, still);
    }
}

/// ABL-5: after an attack action of the active fighter `attacker` on `target`, each lasting
/// "roll a dice after each attack" effect rolls; on its score or more the target (still on
/// the battlefield) is barred from its actions until the end of the round.
pub(crate) fn after_attack(world: &mut World, attacker: u32, target: u32) {
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
        if !engine::fighter(world, target).is_some_and(|t| t.on_board()) {
            return;
        }
        let roll = world.resource_mut::<DiceRng>().roll(1)[0];
        let what = format!("rolls {roll} after its attack ({}+ bars the target)", least);
        let event = Event::Effect {
            fighter: attacker,
            outcome: EffectOutcome::Lasting { what },
        };
        log(world, &[RuleId::Abl5], event);
        if roll >= least {
            bar_until_round_end(world, target, &bar);
            let outcome = EffectOutcome::Barred {
                fighter: target,
                actions: bar,
            };
            log(
                world,
                &[RuleId::Abl5],
                Event::Effect {
                    fighter: attacker,
                    outcome,
                },
            );
        }
    }
}

/// ABL-5: what `hits` successes of `f`'s roll against `t` do, in words for the log.
fn roll_against(world: &mut World, f: &FighterView, t: u32, then: OnSuccess, hits: u32) -> String {
    let name =
        engine::fighter(world, t).map_or_else(|| format!("fighter {t}"), |o| o.name.to_string());
    match then {
        _ if hits == 0 => "no success, no effect".to_string(),
        OnSuccess::Weaken { stat, min } => {
            let now = weaken(world, t, stat, hits, min);
            format!("{name}'s {stat} is {now} until the end of the battle")
        }
        OnSuccess::Taunt => {
            let mut e = engine::engine(world);
            e.taunts.retain(|(who, _)| *who != t);
            e.taunts.push((t, f.id));
            format!(
                "{name}'s attacks must target {} until the end of the round (or until it is taken down)",
                f.name
            )
        }
    }
}

/// ABL-5: lowers fighter `t`'s `stat` (Move, or the Attacks of each of its weapons) by `by`,
/// not below `min`, until the end of the battle; the value now (the most Attacks of its
/// weapons).
pub(crate) fn weaken(world: &mut World, t: u32, stat: Stat, by: u32, min: u32) -> u32 {
    let Some(v) = engine::fighter(world, t) else {
        return 0;
    };
    let mut profile = (*v.profile).clone();
    let lower = |x: u32| x.saturating_sub(by).max(min.min(x));
    let now = match stat {
        Stat::Move => {
            profile.movement = lower(profile.movement);
            profile.movement
        }
        _ => {
            for w in &mut profile.weapons {
                w.attacks = lower(w.attacks);
            }
            profile.weapons.iter().map(|w| w.attacks).max().unwrap_or(0)
        }
    };
    world
        .entity_mut(v.entity)
        .insert(Profile(std::sync::Arc::new(profile)));
    engine::engine(world).weakened.push((t, stat, by));
    now
}

/// ABL-5: after the active fighter `attacker`'s attack on `target` with `rolls`: a lasting
/// "weaken on a critical hit" for an enemy like the target is spent, and lowers the target's
/// characteristic when a roll is a 6.
pub(crate) fn crits_weaken(world: &mut World, attacker: u32, target: u32, rolls: &[u8]) {
    let Some(t) = engine::fighter(world, target) else {
        return;
    };
    let spent = {
        let mut e = engine::engine(world);
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
        let what = format!(
            "a critical hit: {}'s {stat} is {now} until the end of the battle",
            t.name
        );
        let event = Event::Effect {
            fighter: attacker,
            outcome: EffectOutcome::Lasting { what },
        };
        log(world, &[RuleId::Abl5], event);
    }
}

/// ABL-5: fighter `t` may not make these actions until the end of the battle round.
fn bar_until_round_end(world: &mut World, t: u32, actions: &[Restriction]) {
    let mut eng = engine::engine(world);
    for a in actions {
        if !eng.restricted.contains(&(t, *a)) {
            eng.restricted.push((t, *a));
        }
    }
}

/// The other friendly fighters within `range` inches of `f` (that it can see, when `visible`;
/// with `runemark`, when given), nearest first.
pub fn friends_in_reach(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    range: f32,
    visible: bool,
    runemark: Option<&str>,
) -> Vec<u32> {
    let mut near: Vec<(f32, u32)> = all
        .iter()
        .filter(|o| o.on_board() && o.side == f.side && o.id != f.id)
        .filter(|o| runemark.is_none_or(|m| o.profile.has_runemark(m)))
        .map(|o| (distance(&f.base(), &o.base()), o))
        .filter(|(d, o)| *d <= range + 1e-4 && (!visible || can_see(world, all, f, o)))
        .map(|(d, o)| (d, o.id))
        .collect();
    near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    near.into_iter().map(|(_, id)| id).collect()
}

/// The fighters an effect is aimed at and where they may be: enemies, or friends
/// ([`friends_in_reach`]) for a friend's bonus action; `None` for an effect aimed at nobody.
pub fn reach_of(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    e: &Effect,
) -> Option<Vec<u32>> {
    Some(match e {
        Effect::DamageOne { range, .. } => enemies_in_reach(world, all, f, *range, true),
        Effect::Restrict { range, visible, .. } => {
            enemies_in_reach(world, all, f, *range, *visible)
        }
        Effect::FriendBonusAttack {
            range,
            visible,
            runemark,
        } => friends_in_reach(world, all, f, *range, *visible, runemark.as_deref()),
        Effect::RollAgainst {
            range,
            visible,
            runemark,
            ..
        } => marked_enemies_in_reach(world, all, f, *range, *visible, runemark.as_deref()),
        _ => return None,
    })
}

/// Who an aimed effect of `f`'s reaches, for people: "not an enemy it can see within 8\" of
/// Grak" (`none`: "no enemy ..."), "not another friendly fighter with the beast runemark it
/// can see within 4\" of Grak".
fn who_it_reaches(e: &Effect, f: &FighterView, none: bool) -> String {
    let (friend, range, visible, mark) = match e {
        Effect::DamageOne { range, .. } => (false, *range, true, None),
        Effect::Restrict { range, visible, .. } => (false, *range, *visible, None),
        Effect::FriendBonusAttack {
            range,
            visible,
            runemark,
        } => (true, *range, *visible, runemark.as_deref()),
        Effect::RollAgainst {
            range,
            visible,
            runemark,
            ..
        } => (false, *range, *visible, runemark.as_deref()),
        _ => (false, 0.0, false, None),
    };
    let who = match (friend, none) {
        (false, true) => "no enemy",
        (false, false) => "not an enemy",
        (true, true) => "no other friendly fighter",
        (true, false) => "not another friendly fighter",
    };
    let mark = mark.map_or(String::new(), |m| format!(" with the {m} runemark"));
    let seen = if visible {
        " it can see"
    } else if none {
        ""
    } else {
        " on the battlefield"
    };
    format!("{who}{mark}{seen} within {range}\" of {}", f.name)
}

/// ABL-5: may `f` use an ability with `effects` now? The enemy an effect aimed at one uses:
/// `target` when it qualifies, the nearest that does when none is named.
pub fn check(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    effects: &[Effect],
    target: Option<u32>,
) -> Result<Option<u32>, Rejected> {
    // An effect with nothing to do here (no enemy in reach, no damage to heal) bars the
    // ability only when the ability does nothing else.
    let alone = effects.iter().all(|e| {
        matches!(
            e,
            Effect::Requires(_)
                | Effect::DamageOne { .. }
                | Effect::Restrict { .. }
                | Effect::RollAgainst { .. }
                | Effect::FriendBonusAttack { .. }
                | Effect::Heal { .. }
        )
    });
    let mut picked = None;
    for e in effects {
        match e {
            Effect::Requires(Condition::TookDownThisActivation) => {
                let done = world
                    .resource::<Engine>()
                    .activation
                    .as_ref()
                    .is_some_and(|a| a.fighter == f.id && a.took_down);
                if !done {
                    return Err(Rejected::new(
                        RuleId::Abl5,
                        format!(
                            "{} has taken down no enemy with an attack action this activation",
                            f.name
                        ),
                    ));
                }
            }
            Effect::DamageOne { .. }
            | Effect::Restrict { .. }
            | Effect::RollAgainst { .. }
            | Effect::FriendBonusAttack { .. } => {
                let near = reach_of(world, all, f, e).unwrap_or_default();
                picked = match target {
                    Some(t) if near.contains(&t) => Some(t),
                    Some(t) => {
                        let name = all
                            .iter()
                            .find(|o| o.id == t)
                            .map_or_else(|| format!("fighter {t}"), |o| o.name.to_string());
                        return Err(Rejected::new(
                            RuleId::Abl5,
                            format!("{name} is {}", who_it_reaches(e, f, false)),
                        ));
                    }
                    None if near.is_empty() && alone && picked.is_none() => {
                        return Err(Rejected::new(RuleId::Abl5, who_it_reaches(e, f, true)));
                    }
                    None => picked.or(near.first().copied()),
                };
            }
            Effect::Heal { .. } if f.damage == 0 && alone => {
                return Err(Rejected::new(
                    RuleId::Abl5,
                    format!("{} has no damage to remove", f.name),
                ));
            }
            _ => {}
        }
    }
    Ok(picked)
}

/// MOVE-1, ABL-5: the length of a bonus move of the active fighter `f`'s own Move, with
/// everything raising it (Rush, the round's boosts, its next move action's).
fn own_move_length(world: &World, f: &FighterView) -> Option<f32> {
    let rules = world.resource::<crate::model::ruleset::Ruleset>();
    let eng = world.resource::<Engine>();
    Some(f.move_budget(rules, eng.move_bonus(eng.activation.as_ref()?)))
}

/// CMB-2: a bonus action for the active fighter, after any it has already.
fn push_bonus(world: &mut World, b: Bonus) {
    if let Some(a) = engine::engine(world).activation.as_mut() {
        a.bonus.push(b);
    }
}

/// ABL-5: records a change that lasts (for the next action, the activation or the round) or
/// waits for a move action; `false` when there is no activation to hold it.
fn lasting(world: &mut World, f: &FighterView, e: &Effect, value: u8) -> bool {
    let mut eng = engine::engine(world);
    if let Effect::RoundBoost {
        stat,
        by,
        melee_only,
        aura,
    } = e
    {
        eng.round_boosts.push(RoundBoost {
            source: f.id,
            stat: *stat,
            by: by.of(value),
            melee_only: *melee_only,
            aura: *aura,
        });
        return true;
    }
    let Some(a) = eng.activation.as_mut().filter(|a| a.fighter == f.id) else {
        return false;
    };
    match e {
        Effect::NextBoost {
            stat: Stat::Move,
            by,
        } => a.next_move = a.next_move.saturating_add(by.of(value)),
        Effect::NextBoost { stat, by } => a.boosts.push(Boost {
            stat: *stat,
            by: by.of(value),
            melee_only: false,
            once: true,
        }),
        Effect::StrengthAboveToughness
        | Effect::FlatAttackRange
        | Effect::AfterEachAttack { .. }
        | Effect::CritsWeaken { .. } => a.lasting.push(e.clone()),
        Effect::AfterMove { trigger, then } => a.after_move.push(WaitingMove {
            trigger: *trigger,
            then: then.clone(),
            value,
        }),
        _ => return false,
    }
    true
}

/// ABL-5: runs `effects` for `f`, used with dice showing `value`, against `target` (from
/// [`check`]); logs what each did.
pub fn run(world: &mut World, f: &FighterView, effects: &[Effect], value: u8, target: Option<u32>) {
    for e in effects {
        let all = engine::fighters(world);
        let outcome = match e {
            Effect::Requires(_) => continue,
            Effect::BonusMoveOrAttack => {
                let Some(max) = own_move_length(world, f) else {
                    continue;
                };
                push_bonus(world, Bonus::MoveOrAttack { max });
                EffectOutcome::BonusMoveOrAttack { max }
            }
            Effect::BonusMove { max } => {
                let inches = match max {
                    Some(m) => m.of(value) as f32,
                    None => match own_move_length(world, f) {
                        Some(inches) => inches,
                        None => continue,
                    },
                };
                push_bonus(world, Bonus::Move { max: inches });
                EffectOutcome::BonusMove { max: inches }
            }
            Effect::BonusAttack => {
                push_bonus(world, Bonus::AnyAttack);
                EffectOutcome::BonusAttack
            }
            Effect::FriendBonusAttack { .. } => {
                let Some(t) = target else {
                    continue;
                };
                push_bonus(world, Bonus::FriendAttack { fighter: t });
                EffectOutcome::FriendAttack { fighter: t }
            }
            Effect::RollAgainst {
                dice, least, then, ..
            } => {
                let Some(t) = target else {
                    continue;
                };
                let rolls = world
                    .resource_mut::<DiceRng>()
                    .roll(dice.of(value) as usize);
                let hits = rolls.iter().filter(|r| **r >= *least).count() as u32;
                let what = roll_against(world, f, t, *then, hits);
                let shown: Vec<String> = rolls.iter().map(u8::to_string).collect();
                EffectOutcome::Lasting {
                    what: format!("rolls {}: {what}", shown.join(", ")),
                }
            }
            Effect::Boost {
                stat,
                by,
                melee_only,
            } => {
                let by = by.of(value);
                let mut eng = engine::engine(world);
                let Some(a) = eng.activation.as_mut() else {
                    continue;
                };
                match stat {
                    Stat::Move => a.move_bonus = a.move_bonus.saturating_add(by),
                    _ => a.boosts.push(Boost {
                        stat: *stat,
                        by,
                        melee_only: *melee_only,
                        once: false,
                    }),
                }
                EffectOutcome::Boost {
                    stat: *stat,
                    by,
                    melee_only: *melee_only,
                }
            }
            Effect::DamageOne { amount, roll, .. } => {
                let Some(t) = target else {
                    // Never silently skipped (ABL-5): it reaches nobody.
                    let outcome = EffectOutcome::Damage {
                        fighters: Vec::new(),
                        damage: 0,
                        rolls: Vec::new(),
                    };
                    log(
                        world,
                        &[RuleId::Abl5],
                        Event::Effect {
                            fighter: f.id,
                            outcome,
                        },
                    );
                    continue;
                };
                let (damage, rolls) = match roll {
                    None => (amount.of(value), Vec::new()),
                    Some(r) => {
                        let n = r.dice.of(value) as usize;
                        let rolls = world.resource_mut::<DiceRng>().roll(n);
                        (rolls.iter().map(|d| r.damage(*d, value)).sum(), rolls)
                    }
                };
                EffectOutcome::Damage {
                    fighters: vec![t],
                    damage,
                    rolls,
                }
            }
            Effect::Restrict { actions, .. } => {
                let Some(t) = target else {
                    continue;
                };
                bar_until_round_end(world, t, actions);
                EffectOutcome::Barred {
                    fighter: t,
                    actions: actions.clone(),
                }
            }
            Effect::DamageEach { range, amount } => EffectOutcome::Damage {
                fighters: enemies_in_reach(world, &all, f, *range, true),
                damage: amount.of(value),
                rolls: Vec::new(),
            },
            Effect::NextBoost { .. }
            | Effect::RoundBoost { .. }
            | Effect::StrengthAboveToughness
            | Effect::FlatAttackRange
            | Effect::AfterEachAttack { .. }
            | Effect::CritsWeaken { .. }
            | Effect::AfterMove { .. } => {
                if !lasting(world, f, e, value) {
                    continue;
                }
                EffectOutcome::Lasting {
                    what: crate::model::effects::describe(std::slice::from_ref(e), Some(value)),
                }
            }
            // A reaction's trigger and its answers to an attack are the attack's to run.
            Effect::Reaction(_)
            | Effect::CritsAsHits { .. }
            | Effect::LessDamagePerHit { .. }
            | Effect::DamageAttackerPerRoll { .. } => continue,
            Effect::Heal { amount } => {
                // As it stands now (earlier effects may have changed it).
                let Some(me) = all.iter().find(|o| o.id == f.id) else {
                    continue;
                };
                let healed = heal(world, me, amount.of(value));
                EffectOutcome::Healed { healed }
            }
        };
        log(
            world,
            &[RuleId::Abl5],
            Event::Effect {
                fighter: f.id,
                outcome: outcome.clone(),
            },
        );
        if let EffectOutcome::Damage {
            fighters, damage, ..
        } = outcome
        {
            for t in fighters {
                deal_damage(world, t, damage, &[RuleId::Abl5]);
            }
        }
    }
}
