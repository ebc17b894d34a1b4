//! Part of the damage family (ABL-5): a dice for a picked enemy and for each other fighter,
//! friend or foe, round it that it can see ("roll a dice for that fighter and each other
//! fighter within 3\" of that fighter and visible to that fighter"); dice against a picked
//! enemy's Toughness; and the card's words.

use bevy::prelude::*;

use crate::battlefield::measure::distance;
use crate::model::effects::{Amount, Effect};
use crate::model::ids::FighterId;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView, can_see};

use super::card::{bands, picked_enemy};
use super::{Useful, Weighed};

/// In words: "a dice for a visible enemy within 6\" and each other fighter it can see within
/// 3\" of it: 4+ deals the value".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    let Effect::DamageAround {
        range,
        around,
        roll,
    } = e
    else {
        return String::new();
    };
    format!(
        "a dice for a visible enemy {} and for each other fighter, friend or foe, it can see \
         within {around}\" of it: {}",
        super::within_text(*range),
        super::damage::bands_text(roll, value)
    )
}

/// The picked enemy `t`, then every other fighter on the battlefield within `around` inches of
/// it that it can see, nearest first.
fn rolled_for(world: &World, all: &[FighterView], t: &FighterView, around: f32) -> Vec<FighterId> {
    let mut near: Vec<(f32, FighterId)> = all
        .iter()
        .filter(|o| o.on_board() && o.id != t.id)
        .map(|o| (distance(&t.base(), &o.base()), o))
        .filter(|(d, o)| *d <= around + 1e-4 && can_see(world, all, t, o))
        .map(|(d, o)| (d, o.id))
        .collect();
    near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    std::iter::once(t.id)
        .chain(near.into_iter().map(|(_, id)| id))
        .collect()
}

/// ABL-5: a dice for the picked enemy and each fighter round it, each dealt its band's damage
/// (one log line each, dealt by the caller).
pub(super) fn run(
    world: &mut World,
    e: &Effect,
    value: u8,
    target: Option<FighterId>,
) -> Vec<EffectOutcome> {
    let Effect::DamageAround { around, roll, .. } = e else {
        return Vec::new();
    };
    let all = state::fighters(world);
    let Some(t) = target.and_then(|t| all.iter().find(|o| o.id == t && o.on_board())) else {
        return super::damage::damage_one(world, &Amount::Fixed(0), Some(roll), value, None);
    };
    let each = rolled_for(world, &all, t, *around);
    each.into_iter()
        .flat_map(|id| {
            super::damage::damage_one(world, &Amount::Fixed(0), Some(roll), value, Some(id))
        })
        .collect()
}

/// SOLO-C1: worth it on an enemy in reach with no friend of this fighter round it.
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let Effect::DamageAround { around, .. } = e else {
        return None;
    };
    let near = super::reach_of(w.world, w.all, w.f, e).unwrap_or_default();
    let clear = near.into_iter().find(|id| {
        w.all.iter().find(|o| o.id == *id).is_some_and(|t| {
            rolled_for(w.world, w.all, t, *around)
                .iter()
                .all(|o| w.all.iter().any(|v| v.id == *o && v.side != w.f.side))
        })
    });
    clear.map(|t| {
        Useful::Because(
            "an enemy in its reach has no friend of its round it",
            Some(t),
        )
    })
}

/// In words: "roll the value in dice against an enemy within 6\": each roll that equals or
/// beats its Toughness deals 3".
pub(super) fn versus_text(e: &Effect, value: Option<u8>) -> String {
    let Effect::DamageVsToughness {
        range,
        visible,
        dice,
        beat,
        each,
    } = e
    else {
        return String::new();
    };
    format!(
        "roll {} dice against {} enemy {}: each roll that {} its Toughness deals {each}",
        super::amount_text(dice, value),
        super::a_visible(*visible),
        super::within_text(*range),
        if *beat { "beats" } else { "equals or beats" }
    )
}

/// ABL-5: the dice against the picked enemy's Toughness (with what raises it for the round),
/// and the damage of each that equals or beats it; with nobody picked the log says so.
pub(super) fn versus(
    world: &mut World,
    e: &Effect,
    value: u8,
    target: Option<FighterId>,
) -> Vec<EffectOutcome> {
    let Effect::DamageVsToughness {
        dice, beat, each, ..
    } = e
    else {
        return Vec::new();
    };
    let t = match super::damage::picked_or_nobody(world, target, value) {
        Ok(t) => t,
        Err(nobody) => return nobody,
    };
    let all = state::fighters(world);
    // Its Toughness characteristic as it is now: halved, raised and lowered (ABL-4).
    let raised = super::boost::round_bonus(
        world,
        &all,
        &t,
        crate::model::effects::Stat::Toughness,
        (false, None),
    );
    let toughness = t.toughness_with(raised);
    let rolls = crate::model::dice::Dice::roll(
        &mut *world.resource_mut::<crate::model::dice::DiceRng>(),
        dice.of(value) as usize,
    );
    let hits = rolls
        .iter()
        .filter(|r| {
            let r = u32::from(**r);
            if *beat { r > toughness } else { r >= toughness }
        })
        .count() as u32;
    vec![EffectOutcome::Damage {
        fighters: vec![t.id],
        damage: hits * each,
        rolls,
    }]
}

/// "Pick a (visible) enemy fighter within N" of this fighter and roll a number of dice equal to
/// A." + "For each roll that equals or exceeds that enemy fighter's Toughness characteristic
/// (exceeds the Toughness characteristic of that fighter), allocate K damage points to that
/// enemy fighter (to them)".
pub(super) fn rolled_against_toughness(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (range, visible, runemark, dice) = super::card::pick_and_roll_any(&s[0])?;
    if runemark.is_some() {
        return None;
    }
    let next = s.get(1)?.strip_prefix("for each roll that ")?;
    let (beat, rest) = if let Some(r) =
        next.strip_prefix("equals or exceeds that enemy fighter's toughness characteristic, ")
    {
        (false, r)
    } else {
        let r = next.strip_prefix("exceeds the toughness characteristic of that fighter, ")?;
        (true, r)
    };
    let each = ["to that enemy fighter", "to them", "to that fighter"]
        .iter()
        .find_map(|who| super::card::fill(rest, &format!("allocate {{n}} damage points {who}")))?
        [0];
    Some((
        2,
        vec![Effect::DamageVsToughness {
            range,
            visible,
            dice,
            beat,
            each,
        }],
    ))
}

// The card's wording (`card`: the language's shared pieces).

/// "Pick a visible enemy fighter within N" of this fighter and roll a dice for that fighter
/// and each other fighter within M" of that fighter and visible to that fighter." + the bands,
/// said of "the fighter being rolled for".
pub(super) fn picked_and_around(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (pick, rest) =
        s[0].split_once(" and roll a dice for that fighter and each other fighter within ")?;
    let (range, visible) = picked_enemy(pick)?;
    let around = super::card::fill(rest, "{n}\" of that fighter and visible to that fighter")?[0];
    if !visible {
        return None;
    }
    let said: Vec<String> = s[1..]
        .iter()
        .map(|t| t.replace("the fighter being rolled for", "that fighter"))
        .collect();
    let (used, mut roll) = bands(&said)?;
    roll.dice = Amount::Fixed(1);
    Some((
        1 + used,
        vec![Effect::DamageAround {
            range,
            around: around as f32,
            roll,
        }],
    ))
}

/// In words: "the value in damage to this fighter and to each fighter, friend or foe, it can
/// see within 3\"".
pub(super) fn all_text(e: &Effect, value: Option<u8>) -> String {
    let Effect::DamageAll { range, amount } = e else {
        return String::new();
    };
    format!(
        "{} damage to this fighter and to each fighter, friend or foe, it can see within \
         {range}\"",
        super::amount_text(amount, value)
    )
}

/// ABL-5: the damage to this fighter and to every fighter it can see within `range`, one log
/// line (dealt by the caller).
pub(super) fn all(world: &mut World, f: &FighterView, e: &Effect, value: u8) -> Vec<EffectOutcome> {
    let Effect::DamageAll { range, amount } = e else {
        return Vec::new();
    };
    let all = state::fighters(world);
    let near = all.iter().filter(|o| {
        o.on_board()
            && o.id != f.id
            && distance(&f.base(), &o.base()) <= range + 1e-4
            && can_see(world, &all, f, o)
    });
    let fighters = std::iter::once(f.id).chain(near.map(|o| o.id)).collect();
    vec![EffectOutcome::Damage {
        fighters,
        damage: amount.of(value),
        rolls: Vec::new(),
    }]
}

/// SOLO-C1: worth it when twice as many enemies as friends (itself too) stand in its reach.
pub(super) fn all_useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let Effect::DamageAll { range, .. } = e else {
        return None;
    };
    let near = |o: &&FighterView| {
        o.on_board() && o.id != w.f.id && distance(&w.f.base(), &o.base()) <= range + 1e-4
    };
    let (foes, friends) = w.all.iter().filter(near).fold((0, 1), |(e, f), o| {
        if o.side == w.f.side {
            (e, f + 1)
        } else {
            (e + 1, f)
        }
    });
    (foes >= 2 * friends).then_some(Useful::Because("enemies crowd round it", None))
}

/// "Allocate a number of damage points equal to A to this fighter and to all visible fighters
/// within N\" of this fighter".
pub(super) fn all_sentence(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("allocate a number of damage points equal to ")?;
    let (amount, rest) = super::card::amount_prefix(rest)?;
    let v = super::card::fill(
        rest,
        " to this fighter and to all visible fighters within {n}\" of this fighter",
    )?;
    Some(vec![Effect::DamageAll {
        range: v[0] as f32,
        amount,
    }])
}
