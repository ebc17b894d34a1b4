//! The damage family (ABL-5): damage to an enemy or to each enemy in reach, healing, and
//! effects waiting for a move action.

use bevy::prelude::*;

use crate::model::RuleId;
use crate::model::dice::{Dice, DiceRng};
use crate::model::effects::{Amount, Effect, MoveTrigger, Roll, band_text};
use crate::model::ids::FighterId;
use crate::rules::command::Rejected;
use crate::rules::log::{EffectOutcome, Lapse};
use crate::rules::state::{self, ActivationState, FighterView, WaitingMove};

use super::card::{add_to_one, fill};
use super::{
    Picks, Useful, Weighed, amount_text, describe as describe_all, effect_logged, enemies_in_reach,
    kept, within_text,
};

/// In words: "2 damage to each visible enemy within 3\"".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    match e {
        Effect::DamageOne {
            range,
            amount: a,
            roll,
            only,
        } => damage_one_text(*range, a, roll.as_ref(), value, *only),
        Effect::DiceGame { .. } => super::games::describe(e, value),
        Effect::DamageEach { .. } => each_text(e, value),
        Effect::DamageAround { .. } => super::around::describe(e, value),
        Effect::DamageAtPoint(_) => super::point::describe(e, value),
        Effect::DamagePerFriendNear { .. } => super::per_friend::describe(e),
        Effect::DamageAll { .. } => super::around::all_text(e, value),
        Effect::DamageVsToughness { .. } => super::around::versus_text(e, value),
        Effect::DamageWoundsOnRoll { .. } => super::slay::describe(e, value),
        Effect::SelfTakenDown => "this fighter is taken down".to_string(),
        Effect::SelfDamage { amount, dice } => format!(
            "{} damage to this fighter",
            dice.map_or_else(|| amount_text(amount, value), |d| format!("a D{d} roll of"))
        ),
        Effect::DamageNearTarget { around, dice: None } => {
            format!("the same damage to each other visible enemy within {around}\" of that enemy")
        }
        Effect::DamageNearTarget {
            around,
            dice: Some(d),
        } => format!(
            "then the same with {} dice for each other visible enemy within {around}\" of that \
             enemy",
            amount_text(d, value)
        ),
        Effect::RollAgainOn { face } => {
            format!("each roll of {face} rolls a dice more, as the others (and so on)")
        }
        Effect::SelfDamagePerRoll {
            least,
            most,
            amount,
        } => format!(
            "each roll of {} deals {amount} damage to this fighter",
            crate::model::effects::band_text(*least, *most)
        ),
        Effect::AfterMove { trigger, then } => {
            let when = match trigger {
                MoveTrigger::NearEnemy(r) => {
                    format!("the next time it finishes a move within {r}\" of an enemy")
                }
                MoveTrigger::DroppedNext(h) => {
                    format!("if its next move finishes {h}\" or more lower")
                }
                MoveTrigger::BonusNearEnemy(r) => {
                    format!("if that bonus move finishes within {r}\" of an enemy")
                }
                MoveTrigger::BonusFar(r) => {
                    format!("if that bonus move finishes {r}\" or more from where it began")
                }
            };
            format!("{when}: {}", describe_all(then, value))
        }
        _ => String::new(),
    }
}

/// In words: "2 damage to each visible enemy within 3\"", "a D3 roll of damage to each ...".
fn each_text(e: &Effect, value: Option<u8>) -> String {
    let amount = |a: &Amount| amount_text(a, value);
    match e {
        Effect::DamageEach {
            range,
            amount: a,
            roll: None,
            visible,
        } => format!(
            "{} damage to each {}enemy within {range}\"",
            amount(a),
            if *visible { "visible " } else { "" }
        ),
        Effect::DamageEach {
            range,
            roll: Some(r),
            visible,
            ..
        } if r.plain_sides().is_some() => format!(
            "a D{} roll of damage to each {}enemy within {range}\" (rolled for each)",
            r.plain_sides().unwrap_or(6),
            if *visible { "visible " } else { "" },
        ),
        Effect::DamageEach {
            range,
            roll: Some(r),
            visible,
            ..
        } => format!(
            "roll {} dice for each {}enemy within {range}\": {}",
            amount_text(&r.dice, value),
            if *visible { "visible " } else { "" },
            bands_text(r, value)
        ),
        _ => String::new(),
    }
}

fn damage_one_text(
    range: f32,
    a: &Amount,
    roll: Option<&Roll>,
    value: Option<u8>,
    only: Option<crate::model::effects::PickOnly>,
) -> String {
    let enemy = format!(
        "a visible enemy{} {}",
        only.map_or(String::new(), super::lower::only_words),
        within_text(range)
    );
    let Some(r) = roll else {
        return format!("{} damage to {enemy}", amount_text(a, value));
    };
    let against = format!("roll {} dice against {enemy}", amount_text(&r.dice, value));
    // A roll whose dice deal no damage: what each does follows it.
    if r.bands.is_empty() && r.rolled.is_empty() && r.upto_round.is_none() {
        return against;
    }
    format!("{against}: {}", bands_text(r, value))
}

/// "4-5 deals 1, 6 deals 4".
pub(super) fn bands_text(r: &Roll, value: Option<u8>) -> String {
    let mut bands: Vec<(u8, String)> = r
        .bands
        .iter()
        .map(|(l, m, a)| {
            (
                *l,
                format!("{} deals {}", band_text(*l, *m), amount_text(a, value)),
            )
        })
        .collect();
    bands.extend(
        r.rolled
            .iter()
            .map(|(l, m, sides)| (*l, format!("{} deals D{sides}", band_text(*l, *m)))),
    );
    if let Some(a) = r.upto_round {
        let text = format!(
            "a roll of the battle round or less deals {}",
            amount_text(&a, value)
        );
        bands.push((0, text));
    }
    bands.sort_by_key(|(l, _)| *l);
    bands
        .into_iter()
        .map(|(_, t)| t)
        .collect::<Vec<_>>()
        .join(", ")
}

/// ABL-5: deals or removes the damage (the caller deals what each log line says: a rolled
/// damage to each enemy is one line for each), or waits for a move action.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
    target: Option<FighterId>,
) -> Vec<EffectOutcome> {
    match e {
        Effect::DamageEach {
            range,
            roll: Some(r),
            visible,
            ..
        } => {
            let all = state::fighters(world);
            let each = enemies_in_reach(world, &all, f, *range, *visible);
            let rolled = |world: &mut World, t| {
                damage_one(world, &Amount::Fixed(0), Some(r), value, Some(t))
            };
            each.into_iter().flat_map(|t| rolled(world, t)).collect()
        }
        Effect::DamageOne { amount, roll, .. } => {
            damage_one(world, amount, roll.as_ref(), value, target)
        }
        Effect::DamageAround { .. } => super::around::run(world, e, value, target),
        Effect::DamageAll { .. } => super::around::all(world, f, e, value),
        Effect::DamagePerFriendNear { .. } => super::per_friend::run(world, f, e, target)
            .into_iter()
            .collect(),
        Effect::DamageVsToughness { .. } => super::around::versus(world, e, value, target),
        Effect::DiceGame { .. } => super::games::run(world, f, e, (value, target)),
        Effect::DamageWoundsOnRoll { .. } => super::slay::run(world, e, value, target),
        Effect::SelfTakenDown => super::self_damage::taken_down(world, f),
        Effect::SelfDamage { amount, dice } => {
            super::self_damage::to_self(world, f, *amount, *dice, value)
        }
        _ => run_once(world, f, e, value).into_iter().collect(),
    }
}

/// [`run`] of an effect that has one outcome at most.
fn run_once(world: &mut World, f: &FighterView, e: &Effect, value: u8) -> Option<EffectOutcome> {
    match e {
        Effect::DamageEach {
            range,
            amount,
            visible,
            ..
        } => {
            let all = state::fighters(world);
            Some(EffectOutcome::Damage {
                fighters: enemies_in_reach(world, &all, f, *range, *visible),
                damage: amount.of(value),
                rolls: Vec::new(),
            })
        }
        Effect::AfterMove { trigger, then } => kept(world, f, e, value, |a| {
            a.after_move.push(WaitingMove {
                trigger: *trigger,
                then: then.clone(),
                value,
            });
        }),
        _ => None,
    }
}

/// Damage to the picked enemy, rolled or fixed; with nobody picked it reaches nobody, and the
/// log says so (ABL-5: never silently skipped). The D3s and D6s a band rolls for its damage
/// are a line of their own, before the damage's.
pub(super) fn damage_one(
    world: &mut World,
    amount: &Amount,
    roll: Option<&Roll>,
    value: u8,
    target: Option<FighterId>,
) -> Vec<EffectOutcome> {
    let Some(t) = target else {
        return vec![EffectOutcome::Damage {
            fighters: Vec::new(),
            damage: 0,
            rolls: Vec::new(),
        }];
    };
    let mut dice = Vec::new();
    let (damage, rolls) = match roll {
        None => (amount.of(value), Vec::new()),
        // A D3 of damage is one roll, read as a D3.
        Some(r) if r.plain_sides().is_some() => {
            let sides = r.plain_sides().unwrap_or(6);
            let got = crate::model::dice::as_sides(state::d6(world), sides);
            dice.push((sides, got));
            (got, Vec::new())
        }
        Some(r) => {
            let r = &*r.in_round(world.resource::<state::Engine>().round);
            let n = r.dice.of(value) as usize;
            let rolls = world.resource_mut::<DiceRng>().roll(n);
            let mut d = |sides: u8| {
                let got = crate::model::dice::as_sides(state::d6(world), sides);
                dice.push((sides, got));
                got
            };
            (
                rolls.iter().map(|r6| r.damage(*r6, value, &mut d)).sum(),
                rolls,
            )
        }
    };
    let mut out = Vec::new();
    if !dice.is_empty() {
        out.push(EffectOutcome::DamageDice { dice });
    }
    out.push(EffectOutcome::Damage {
        fighters: vec![t],
        damage,
        rolls,
    });
    out
}

/// SOLO-C1: damage is worth dealing when an enemy is in reach, healing when there is damage
/// to remove, and a wait for a move when the move comes next.
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    match e {
        Effect::DamageAround { .. } => super::around::useful(w, e),
        Effect::DamageAtPoint(_) => super::point::useful(w, e),
        Effect::DamagePerFriendNear { .. } => super::per_friend::useful(w, e),
        Effect::DamageAll { .. } => super::around::all_useful(w, e),
        Effect::DamageVsToughness { .. } | Effect::DamageWoundsOnRoll { .. } => {
            let near = super::reach_of(w.world, w.all, w.f, e).unwrap_or_default();
            near.first()
                .map(|t| Useful::Because("an enemy is in its reach", Some(*t)))
        }
        Effect::DamageEach { range, .. } => {
            let near = enemies_in_reach(w.world, w.all, w.f, *range, true);
            (!near.is_empty()).then_some(Useful::Because("enemies are in its reach", None))
        }
        Effect::AfterMove {
            trigger: MoveTrigger::NearEnemy(_) | MoveTrigger::BonusNearEnemy(_),
            ..
        } if w.next.moves => w.because("its next action is a move"),
        _ => None,
    }
}

/// ABL-5: after the active fighter `id` finishes a move action that began `start_y` high:
/// what was raised for its next move action is spent (by this one, a bonus move too), and the
/// effects waiting for a move action it sets off happen (damage to the nearest enemy it can
/// see in reach, a bonus action, a boost for the next attack). Those waiting for a move near
/// an enemy wait on when this one was not.
pub(crate) fn after_move(
    world: &mut World,
    id: FighterId,
    (start, bonus): (Vec3, bool),
    pick: Option<FighterId>,
) {
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
            lapsed(world, id, Lapse::TakenDownMoving, w);
        }
        return;
    };
    let mut still = Vec::new();
    for w in waiting {
        let all = state::fighters(world);
        match w.trigger {
            MoveTrigger::BonusNearEnemy(_) | MoveTrigger::BonusFar(_) if !bonus => {
                lapsed(world, id, Lapse::NotTheBonusMove, w);
            }
            _ if set_off(world, &all, &f, w.trigger, start) => {
                // The mover's player's pick (checked before the move), else the nearest.
                let target = super::check(world, &all, &f, &w.then, pick)
                    .or_else(|_| super::check(world, &all, &f, &w.then, None))
                    .ok()
                    .flatten();
                let picks = Picks {
                    target,
                    ..Picks::default()
                };
                super::run(world, &f, &w.then, w.value, picks);
            }
            MoveTrigger::NearEnemy(_) => still.push(w),
            MoveTrigger::DroppedNext(h) => lapsed(world, id, Lapse::NotLowEnough(h), w),
            MoveTrigger::BonusNearEnemy(r) => lapsed(world, id, Lapse::NotNear(r), w),
            MoveTrigger::BonusFar(r) => lapsed(world, id, Lapse::NotFar(r), w),
        }
    }
    if let Some(a) = state::engine(world).activation.as_mut() {
        a.after_move.splice(0..0, still);
    }
}

/// ABL-5: may `pick` be the enemy an effect waiting for this move of `f` (the active
/// fighter, `act`) to `to` picks once the move sets it off? Checked before the move.
pub(crate) fn check_after_move_pick(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    act: &ActivationState,
    to: Vec3,
    pick: Option<FighterId>,
) -> Result<(), Rejected> {
    let Some(pick) = pick else {
        return Ok(());
    };
    let (moved, picking) = picking_after(world, all, f, act, to);
    if picking.is_empty() {
        let why = format!(
            "nothing {} waits for picks a fighter after this move",
            f.name
        );
        return Err(Rejected::new(RuleId::Abl5, why));
    }
    for w in picking {
        super::check(world, all, &moved, &w.then, Some(pick))?;
    }
    Ok(())
}

/// `f` as it would stand after moving to `to`, and the effects waiting for that move that it
/// would set off and that pick a fighter.
fn picking_after<'a>(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    act: &'a ActivationState,
    to: Vec3,
) -> (FighterView, Vec<&'a WaitingMove>) {
    let moved = FighterView {
        pos: to,
        ..f.clone()
    };
    let picking = (act.after_move.iter())
        .filter(|w| w.then.iter().any(|e| e.aim().is_some()))
        .filter(|w| set_off(world, all, &moved, w.trigger, f.pos))
        .collect();
    (moved, picking)
}

/// ABL-5: the fighters an effect waiting for a move of the active fighter `f` to `to` may pick
/// once the move sets it off (for whoever names the pick: the solo AI, SOLO-C1).
pub fn after_move_choices(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    act: &ActivationState,
    to: Vec3,
) -> Vec<FighterId> {
    // Asked for every move the solo AI makes: most wait for nothing.
    if act.after_move.is_empty() {
        return Vec::new();
    }
    let (moved, picking) = picking_after(world, all, f, act, to);
    let mut choices: Vec<FighterId> = Vec::new();
    for w in picking {
        for e in &w.then {
            for id in super::reach_of(world, all, &moved, e).unwrap_or_default() {
                if !choices.contains(&id) {
                    choices.push(id);
                }
            }
        }
    }
    choices
}

/// Did the move of `f` (now where it ended, begun at `start`) set off `trigger`?
fn set_off(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    trigger: MoveTrigger,
    start: Vec3,
) -> bool {
    let start_y = start.y;
    match trigger {
        MoveTrigger::NearEnemy(range) | MoveTrigger::BonusNearEnemy(range) => {
            !enemies_in_reach(world, all, f, range, false).is_empty()
        }
        // GEN-2: a vertical-only distance, rounded up to the next half inch; "lower than
        // their starting position": a drop, never a climb up.
        MoveTrigger::DroppedNext(h) => {
            start_y > f.pos.y
                && crate::battlefield::measure::round_up_half_inch(start_y - f.pos.y) >= h - 1e-4
        }
        MoveTrigger::BonusFar(r) => start.distance(f.pos) >= r - 1e-4,
    }
}

/// ABL-5: what waited for a move lapses, and the log says why.
fn lapsed(world: &mut World, id: FighterId, why: Lapse, w: WaitingMove) {
    let outcome = EffectOutcome::Lapsed {
        why,
        effects: w.then,
        value: w.value,
    };
    effect_logged(world, id, outcome);
}

// The card's wording of this family (`card`: the language's shared pieces).

/// Damage to each enemy in reach, or what a drop sets off.
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    // "Remove this fighter from the battlefield (this fighter is taken down)" (ATK-5).
    if s == "remove this fighter from the battlefield (this fighter is taken down)"
        || s == "this fighter is taken down"
    {
        return Some(vec![Effect::SelfTakenDown]);
    }
    super::damage_words::damage_each(s)
        .or_else(|| after_a_drop(s))
        .or_else(|| {
            // "For each roll of 6, roll an extra dice as above (and so on)".
            let v = fill(
                s,
                "for each roll of {n}, roll an extra dice as above (and so on)",
            )?;
            let face = u8::try_from(v[0]).ok()?;
            Some(vec![Effect::RollAgainOn { face }])
        })
}

/// "In addition, if the fighter finishes that move action N" or more vertically lower than
/// their starting position, they can make a bonus attack action" and "Add A to the Strength
/// characteristic of that attack action if the fighter finished the move action N" or more
/// vertically lower than their starting position".
fn after_a_drop(s: &str) -> Option<Vec<Effect>> {
    let (h, then) = if let Some(v) = fill(
        s,
        "in addition, if the fighter finishes that move action {n}\" or more vertically lower \
         than their starting position, they can make a bonus attack action",
    ) {
        (v[0], Effect::BonusAttack)
    } else {
        let (by, stat, rest) = add_to_one(s).filter(|(_, s, _)| s.of_attacks())?;
        let rest = rest.strip_prefix(" of that attack action if ")?;
        let v = fill(
            rest,
            "the fighter finished the move action {n}\" or more vertically lower than their \
             starting position",
        )?;
        (
            v[0],
            Effect::NextBoost {
                only: None,
                stat,
                by,
            },
        )
    };
    Some(vec![Effect::AfterMove {
        trigger: MoveTrigger::DroppedNext(h as f32),
        then: vec![then],
    }])
}

/// The enemy picked, on the battlefield; or, with nobody picked, the log line that says so.
pub(super) fn picked_or_nobody(
    world: &mut World,
    target: Option<FighterId>,
    value: u8,
) -> Result<FighterView, Vec<EffectOutcome>> {
    let t = target
        .and_then(|t| state::fighter(world, t))
        .filter(|t| t.on_board());
    t.ok_or_else(|| damage_one(world, &Amount::Fixed(0), None, value, None))
}
