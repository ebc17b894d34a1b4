//! Abilities as data (ABL-5): checking and running an ability's effects (`model::effects`):
//! bonus actions, boosts to the fighter's characteristics for its activation, damage to one
//! enemy or to each enemy within range, healing.

use crate::model::ids::FighterId;
use bevy::prelude::*;

use crate::battlefield::measure::distance;
use crate::model::RuleId;
use crate::model::components::*;
use crate::model::dice::{Dice, DiceRng};
use crate::model::effects::{Aim, Amount, Condition, Effect, Restriction, Roll, Stat};
use crate::rules::actions::deal_damage;
use crate::rules::command::Rejected;
use crate::rules::log::{EffectOutcome, Event};
use crate::rules::state::{
    self, Bonus, Boost, Engine, FighterView, Scope, WaitingMove, can_see, log,
};

mod by_hand;
mod lasting;
mod place;

pub(crate) use by_hand::by_hand;
use lasting::roll_against;
pub(crate) use lasting::{after_attack, after_move, crits_weaken};
pub use lasting::{in_aura, round_bonus};
pub(crate) use place::check_place;
pub use place::set_up_spots;

/// ABL-5: removes up to `n` damage from `t`; how much it removed.
pub(crate) fn heal(world: &mut World, t: &FighterView, n: u32) -> u32 {
    let healed = n.min(t.damage);
    world.entity_mut(t.entity).insert(Damage(t.damage - healed));
    healed
}

/// ABL-5: may `f` make an action of kind `what`, or did an ability bar it this round?
pub fn not_barred(world: &World, f: &FighterView, what: Restriction) -> Result<(), Rejected> {
    let barred = world.resource::<Engine>().is_barred(f.id, what);
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
) -> Vec<FighterId> {
    marked_in_reach(world, all, f, (range, visible), None, false)
}

/// The fighters within `range` inches of `f` (that it can see, when `visible`; with
/// `runemark`, when given), nearest first: its enemies, or (`friends`) the other fighters of
/// its side.
pub fn marked_in_reach(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    (range, visible): (f32, bool),
    runemark: Option<&str>,
    friends: bool,
) -> Vec<FighterId> {
    let marked = |o: &FighterView| runemark.is_none_or(|m| o.profile.has_runemark(m));
    in_reach(world, all, f, range, visible, |o| {
        (o.side == f.side) == friends && o.id != f.id && marked(o)
    })
}

/// The fighters on the battlefield that `pick` takes within `range` inches of `f` (that it can
/// see, when `visible`), nearest first (then by id).
fn in_reach(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    range: f32,
    visible: bool,
    pick: impl Fn(&FighterView) -> bool,
) -> Vec<FighterId> {
    let mut near: Vec<(f32, FighterId)> = all
        .iter()
        .filter(|o| o.on_board() && pick(o))
        .map(|o| (distance(&f.base(), &o.base()), o))
        .filter(|(d, o)| *d <= range + 1e-4 && (!visible || can_see(world, all, f, o)))
        .map(|(d, o)| (d, o.id))
        .collect();
    near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    near.into_iter().map(|(_, id)| id).collect()
}

/// ABL-5: logs what an effect of `fighter`'s ability did.
pub(crate) fn effect_logged(world: &mut World, fighter: FighterId, outcome: EffectOutcome) {
    log(world, &[RuleId::Abl5], Event::Effect { fighter, outcome });
}

/// ABL-5: fighter `t` may not make these actions until the end of the battle round.
fn bar_until_round_end(world: &mut World, t: FighterId, actions: &[Restriction]) {
    let mut eng = state::engine(world);
    for a in actions {
        eng.bar(t, *a);
    }
}

/// The fighters an effect is aimed at may be picked among ([`Effect::aim`]): enemies, or
/// friends for a friend's bonus action; `None` for an effect aimed at nobody.
pub fn reach_of(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    e: &Effect,
) -> Option<Vec<FighterId>> {
    let a = e.aim()?;
    Some(marked_in_reach(
        world,
        all,
        f,
        (a.range, a.visible),
        a.runemark,
        a.friends,
    ))
}

/// Who an aimed effect of `f`'s reaches, for people: "not an enemy it can see within 8\" of
/// Grak" (`none`: "no enemy ..."), "not another friendly fighter with the beast runemark it
/// can see within 4\" of Grak".
fn who_it_reaches(a: Aim, f: &FighterView, none: bool) -> String {
    let who = match (a.friends, none) {
        (false, true) => "no enemy",
        (false, false) => "not an enemy",
        (true, true) => "no other friendly fighter",
        (true, false) => "not another friendly fighter",
    };
    let mark = a
        .runemark
        .map_or(String::new(), |m| format!(" with the {m} runemark"));
    let seen = if a.visible {
        " it can see"
    } else if none {
        ""
    } else {
        " on the battlefield"
    };
    format!("{who}{mark}{seen} within {}\" of {}", a.range, f.name)
}

/// ABL-5: may `f` use an ability with `effects` now? The enemy an effect aimed at one uses:
/// `target` when it qualifies, the nearest that does when none is named.
pub fn check(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    effects: &[Effect],
    target: Option<FighterId>,
) -> Result<Option<FighterId>, Rejected> {
    // An effect with nothing to do here (no enemy in reach, no damage to heal) bars the
    // ability only when the ability does nothing else.
    let alone = effects
        .iter()
        .all(|e| e.aim().is_some() || matches!(e, Effect::Requires(_) | Effect::Heal { .. }));
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
            _ if let Some(aim) = e.aim() => {
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
                            format!("{name} is {}", who_it_reaches(aim, f, false)),
                        ));
                    }
                    None if near.is_empty() && alone && picked.is_none() => {
                        return Err(Rejected::new(RuleId::Abl5, who_it_reaches(aim, f, true)));
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
            // Waiting for an attack on an enemy with the runemark when there is none.
            Effect::CritsWeaken {
                runemark: Some(m), ..
            } if effects.len() == 1
                && !all
                    .iter()
                    .any(|o| o.on_board() && o.side != f.side && o.profile.has_runemark(m)) =>
            {
                return Err(Rejected::new(
                    RuleId::Abl5,
                    format!("there is no enemy {m} on the battlefield"),
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
    if let Some(a) = state::engine(world).activation.as_mut() {
        a.bonus.push(b);
    }
}

/// ABL-5: records a change that lasts (for the next action, the activation or the round) or
/// waits for a move action; `false` when there is no activation to hold it.
fn lasting(world: &mut World, f: &FighterView, e: &Effect, value: u8) -> bool {
    let mut eng = state::engine(world);
    if let Effect::RoundBoost {
        stat,
        by,
        melee_only,
        aura,
    } = e
    {
        let scope = match aura {
            None => Scope::Fighter(f.id),
            Some(aura) => Scope::Aura {
                source: f.id,
                aura: *aura,
            },
        };
        eng.raise(scope, *stat, by.of(value), *melee_only);
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
        Effect::NextBoost { stat, by } => {
            let for_bonus = a
                .bonus
                .iter()
                .any(|b| matches!(b, Bonus::Attack | Bonus::AnyAttack));
            a.boosts.push(Boost {
                stat: *stat,
                by: by.of(value),
                melee_only: false,
                once: true,
                for_bonus,
            })
        }
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

/// What the player of an ability picked: the fighter it aims at (from [`check`]) and where a
/// fighter it sets up goes (none: the place nearest where it stood).
#[derive(Debug, Clone, Copy, Default)]
pub struct Picks {
    pub target: Option<FighterId>,
    pub place: Option<Vec3>,
}

/// ABL-5: runs `effects` for `f`, used with dice showing `value`, with the player's `picks`;
/// logs what each did.
pub fn run(world: &mut World, f: &FighterView, effects: &[Effect], value: u8, picks: Picks) {
    for e in effects {
        let Some(outcome) = run_one(world, f, e, value, picks) else {
            continue;
        };
        effect_logged(world, f.id, outcome.clone());
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

/// What one effect did, or `None` when it does nothing now: a condition (checked before), a
/// reaction's part (the attack's to run), or a pick with nobody to pick.
fn run_one(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
    picks: Picks,
) -> Option<EffectOutcome> {
    let target = picks.target;
    match e {
        Effect::Requires(_)
        | Effect::Reaction(_)
        | Effect::CritsAsHits { .. }
        | Effect::LessDamagePerHit { .. }
        | Effect::DamageAttackerPerRoll { .. } => None,
        Effect::BonusMoveOrAttack
        | Effect::BonusMove { .. }
        | Effect::BonusAttack
        | Effect::FriendBonusAttack { .. } => bonus(world, f, e, value, target),
        Effect::SetUpNear { within, .. } => {
            Some(place::set_up_near(world, f, target?, *within, picks.place))
        }
        Effect::RollAgainst {
            dice, least, then, ..
        } => {
            let t = target?;
            let rolls = world
                .resource_mut::<DiceRng>()
                .roll(dice.of(value) as usize);
            let hits = rolls.iter().filter(|r| **r >= *least).count() as u32;
            let result = roll_against(world, f, t, *then, hits);
            Some(EffectOutcome::RolledAgainst {
                rolls,
                fighter: t,
                result,
            })
        }
        Effect::Boost {
            stat,
            by,
            melee_only,
        } => boost(world, *stat, by.of(value), *melee_only),
        Effect::DamageOne { amount, roll, .. } => {
            Some(damage_one(world, amount, roll.as_ref(), value, target))
        }
        Effect::Restrict { actions, .. } => {
            let t = target?;
            bar_until_round_end(world, t, actions);
            let actions = actions.clone();
            Some(EffectOutcome::Barred {
                fighter: t,
                actions,
            })
        }
        Effect::DamageEach { range, amount } => {
            let all = state::fighters(world);
            Some(EffectOutcome::Damage {
                fighters: enemies_in_reach(world, &all, f, *range, true),
                damage: amount.of(value),
                rolls: Vec::new(),
            })
        }
        Effect::NextBoost { .. }
        | Effect::RoundBoost { .. }
        | Effect::StrengthAboveToughness
        | Effect::FlatAttackRange
        | Effect::AfterEachAttack { .. }
        | Effect::CritsWeaken { .. }
        | Effect::AfterMove { .. } => lasting(world, f, e, value).then(|| EffectOutcome::Lasts {
            effects: vec![e.clone()],
            value,
        }),
        Effect::Heal { amount } => {
            // As it stands now (earlier effects may have changed it).
            let all = state::fighters(world);
            let me = all.iter().find(|o| o.id == f.id)?;
            let healed = heal(world, me, amount.of(value));
            Some(EffectOutcome::Healed { healed })
        }
    }
}

/// CMB-2: a bonus action for this fighter (or, picked in `target`, a friend) waits.
fn bonus(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
    target: Option<FighterId>,
) -> Option<EffectOutcome> {
    let (bonus, outcome) = match e {
        Effect::BonusMoveOrAttack => {
            let max = own_move_length(world, f)?;
            (
                Bonus::MoveOrAttack { max },
                EffectOutcome::BonusMoveOrAttack { max },
            )
        }
        Effect::BonusMove { max } => {
            let inches = match max {
                Some(m) => m.of(value) as f32,
                None => own_move_length(world, f)?,
            };
            (
                Bonus::Move { max: inches },
                EffectOutcome::BonusMove { max: inches },
            )
        }
        Effect::FriendBonusAttack { .. } => {
            let Some(t) = target else {
                // Never silently skipped (ABL-5).
                return Some(EffectOutcome::NoFriendInReach);
            };
            (
                Bonus::FriendAttack { fighter: t },
                EffectOutcome::FriendAttack { fighter: t },
            )
        }
        _ => (Bonus::AnyAttack, EffectOutcome::BonusAttack),
    };
    push_bonus(world, bonus);
    Some(outcome)
}

/// A boost to this fighter's characteristic until the end of its activation.
fn boost(world: &mut World, stat: Stat, by: u32, melee_only: bool) -> Option<EffectOutcome> {
    let mut eng = state::engine(world);
    let a = eng.activation.as_mut()?;
    match stat {
        Stat::Move => a.move_bonus = a.move_bonus.saturating_add(by),
        _ => a.boosts.push(Boost::for_activation(stat, by, melee_only)),
    }
    Some(EffectOutcome::Boost {
        stat,
        by,
        melee_only,
    })
}

/// Damage to the picked enemy, rolled or fixed; with nobody picked it reaches nobody, and the
/// log says so (ABL-5: never silently skipped).
fn damage_one(
    world: &mut World,
    amount: &Amount,
    roll: Option<&Roll>,
    value: u8,
    target: Option<FighterId>,
) -> EffectOutcome {
    let Some(t) = target else {
        return EffectOutcome::Damage {
            fighters: Vec::new(),
            damage: 0,
            rolls: Vec::new(),
        };
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
