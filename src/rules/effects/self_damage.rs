//! What follows the damage rolled against a picked enemy (ABL-5): damage to the ability's own
//! fighter for each roll ("for each 1, allocate 1 damage point to this fighter"), and the
//! same damage to the enemies round the picked one ("... and to each other visible enemy
//! fighter within 2" of that fighter"), and the dice of a face rolled again ("for each roll of
//! 6, roll an extra dice as above (and so on)").

use bevy::prelude::World;

use crate::battlefield::measure::distance;
use crate::model::dice::Dice;
use crate::model::effects::{Amount, Effect};
use crate::model::ids::FighterId;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView};

use super::card::number_prefix;

/// ABL-5: the damage to `f` for each of `rolls` in the band of a `SelfDamagePerRoll` (none
/// when no roll lies in it), dealt by the caller like any damage.
pub(super) fn to_self_per_roll(f: &FighterView, e: &Effect, rolls: &[u8]) -> Option<EffectOutcome> {
    let Effect::SelfDamagePerRoll {
        least,
        most,
        amount,
    } = *e
    else {
        return None;
    };
    let n = rolls.iter().filter(|r| (least..=most).contains(r)).count() as u32;
    (n > 0).then(|| EffectOutcome::Damage {
        fighters: vec![f.id],
        damage: n * amount,
        rolls: Vec::new(),
    })
}

/// "For each 1 (for each roll of 1), allocate N damage point(s) to the fighter using this
/// ability (to this fighter)": damage to this fighter for each such roll of the damage rolled
/// before it.
pub(super) fn self_per_roll(s: &str) -> Option<Vec<Effect>> {
    let (least, most, rest) = super::card::band_prefix(super::card::for_each(s)?)?;
    let rest = rest.strip_prefix("allocate ")?;
    let (amount, rest) = number_prefix(rest)?;
    let rest = rest
        .strip_prefix(" damage points to ")
        .or_else(|| rest.strip_prefix(" damage point to "))?;
    if !matches!(rest, "the fighter using this ability" | "this fighter") {
        return None;
    }
    Some(vec![Effect::SelfDamagePerRoll {
        least,
        most,
        amount,
    }])
}

/// ABL-5: the damage `hit` dealt to the picked enemy (as it stood before it), dealt to each
/// other enemy fighter of `f` within `around` inches of it that `f` can see; none when it
/// dealt none.
pub(super) fn near_target(
    world: &mut World,
    f: &FighterView,
    around: f32,
    hit: Option<&(FighterView, u32)>,
) -> Option<EffectOutcome> {
    let (t, damage) = hit.filter(|(_, d)| *d > 0)?;
    let all = crate::rules::state::fighters(world);
    let world = &*world;
    let near: Vec<_> = (all.iter())
        .filter(|o| o.on_board() && o.side != f.side && o.id != t.id)
        .filter(|o| distance(&o.base(), &t.base()) <= around + 1e-4)
        .filter(|o| crate::rules::state::can_see(world, &all, f, o))
        .map(|o| o.id)
        .collect();
    (!near.is_empty()).then(|| EffectOutcome::Damage {
        fighters: near,
        damage: *damage,
        rolls: Vec::new(),
    })
}

/// ABL-5: "then, do the same for each other visible enemy fighter within N" of that enemy
/// fighter but instead roll D dice": for each (round the picked enemy as it stands, or fell),
/// `dice` dice of the roll of the damage before it, each dealt what its band says.
pub(super) fn rolled_near_target(
    world: &mut World,
    f: &FighterView,
    (effects, around, dice): (&[Effect], f32, Amount),
    value: u8,
    picks: super::Picks,
) -> Vec<EffectOutcome> {
    let roll = effects.iter().find_map(|e| match e {
        Effect::DamageOne { roll: Some(r), .. } => Some(r.clone()),
        _ => None,
    });
    let (Some(roll), Some(t)) = (roll, picks.target.and_then(|t| state::fighter(world, t))) else {
        return Vec::new();
    };
    let all = state::fighters(world);
    let near: Vec<_> = (all.iter())
        .filter(|o| o.on_board() && o.side != f.side && o.id != t.id)
        .filter(|o| distance(&o.base(), &t.base()) <= around + 1e-4)
        .filter(|o| state::can_see(world, &all, f, o))
        .map(|o| o.id)
        .collect();
    let roll = crate::model::effects::Roll { dice, ..roll };
    (near.into_iter())
        .flat_map(|o| {
            super::damage::damage_one(world, &Amount::Fixed(0), Some(&roll), value, Some(o))
        })
        .collect()
}

/// ABL-5: `amount` damage to `f`, or a roll of a dice of `dice` sides (the roll said first),
/// dealt by the caller like any damage.
pub(super) fn to_self(
    world: &mut World,
    f: &FighterView,
    amount: Amount,
    dice: Option<u8>,
    value: u8,
) -> Vec<EffectOutcome> {
    let mut out = Vec::new();
    let damage = match dice {
        Some(sides) => {
            let r = world.resource_mut::<crate::model::dice::DiceRng>().roll(1)[0];
            let got = crate::model::dice::as_sides(r, sides);
            out.push(EffectOutcome::DamageDice {
                dice: vec![(sides, got)],
            });
            got
        }
        None => amount.of(value),
    };
    out.push(EffectOutcome::Damage {
        fighters: vec![f.id],
        damage,
        rolls: Vec::new(),
    });
    out
}

/// "(After all of the dice have been rolled,) allocate N (DN) damage points to this fighter".
pub(super) fn to_self_sentence(s: &str) -> Option<Vec<Effect>> {
    let s = s
        .strip_prefix("after all of the dice have been rolled, ")
        .unwrap_or(s);
    let rest = s.strip_prefix("allocate ")?;
    let (amount, dice, rest) = match rest.strip_prefix('d') {
        Some(r) => {
            let (sides, r) = number_prefix(r)?;
            (Amount::Fixed(0), Some(u8::try_from(sides).ok()?), r)
        }
        None => {
            let (n, r) = number_prefix(rest)?;
            (Amount::Fixed(n), None, r)
        }
    };
    let whom = rest
        .strip_prefix(" damage points to ")
        .or_else(|| rest.strip_prefix(" damage point to "))?;
    (whom == "this fighter").then(|| vec![Effect::SelfDamage { amount, dice }])
}

/// ABL-5: "for each roll of 6, roll an extra dice as above (and so on)": the dice of the roll
/// of damage before `e` in `effects` that showed `face` are rolled again as extra dice, each
/// dealing what the roll's bands say, and so on while some show it (at most 36 more); a
/// line for each new roll.
pub(super) fn roll_again(
    world: &mut World,
    (effects, e): (&[Effect], &Effect),
    (face, rolled): (u8, &[u8]),
    value: u8,
    target: Option<FighterId>,
) -> Vec<EffectOutcome> {
    let before = effects.iter().take_while(|x| !std::ptr::eq(*x, e));
    let roll = before.filter_map(|x| match x {
        Effect::DamageOne { roll: Some(r), .. } => Some(r.clone()),
        _ => None,
    });
    let (Some(mut roll), Some(_)) = (roll.last(), target) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let (mut extra, mut total) = (rolled.iter().filter(|r| **r == face).count(), 0);
    while extra > 0 && total < 36 {
        total += extra;
        roll.dice = Amount::Fixed(extra as u32);
        let more = super::damage::damage_one(world, &Amount::Fixed(0), Some(&roll), value, target);
        extra = more
            .iter()
            .map(|o| match o {
                EffectOutcome::Damage { rolls, .. } => rolls.iter().filter(|r| **r == face).count(),
                _ => 0,
            })
            .sum();
        out.extend(more);
    }
    out
}

/// ABL-5, ATK-5: this fighter taken down: as much damage as its wounds left.
pub(super) fn taken_down(world: &mut World, f: &FighterView) -> Vec<EffectOutcome> {
    let me = crate::rules::state::fighter(world, f.id).filter(|me| me.on_board());
    me.map(|me| EffectOutcome::Damage {
        fighters: vec![me.id],
        damage: me.profile.wounds.saturating_sub(me.damage).max(1),
        rolls: Vec::new(),
    })
    .into_iter()
    .collect()
}
