//! Part of the damage family (ABL-5): the card's words for a roll of damage against one
//! picked enemy ("pick a visible enemy fighter within N\" of this fighter and roll D dice" +
//! what each roll deals it), and for damage to each enemy in reach.

use crate::model::effects::{Amount, Effect, Roll};

use super::card::{amount_prefix, bands, fill, number_prefix, pick_and_roll};

/// "Pick a visible enemy fighter within N" of this fighter and roll a dice." + bands (or none,
/// when what each roll does follows: a lowering, damage to this fighter).
pub(super) fn pick_roll_bands(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    // "Pick a visible enemy fighter on the battlefield floor within N" ...": only such.
    let floor = "pick a visible enemy fighter on the battlefield floor within ";
    let (only, first) = match s[0].strip_prefix(floor) {
        Some(r) => (
            Some(crate::model::effects::PickOnly::OnFloor),
            format!("pick a visible enemy fighter within {r}"),
        ),
        None => (None, s[0].clone()),
    };
    // "Pick a visible enemy fighter within N" of this fighter. Roll D dice." reads the same.
    let (range, dice, head) = match pick_and_roll(&first) {
        Some((range, dice)) => (range, dice, 1),
        None => {
            let (range, _) = super::card::picked_enemy(&s[0]).filter(|(_, seen)| *seen)?;
            let dice = super::card::then_roll(&format!("then, {}", s.get(1)?))?;
            (range, dice, 2)
        }
    };
    let s = &s[head - 1..];
    let per_roll = |t: &String| {
        super::lower_words::per_roll_sentence(t)
            .or_else(|| super::self_damage::self_per_roll(t))
            .is_some()
    };
    // "... allocate 1 damage point to that fighter and to each other visible enemy fighter
    // within N" of that fighter": one band, dealt round the picked enemy too.
    let (rest, near) = match s.get(1).and_then(|t| near_too(t)) {
        Some((band, around)) => (vec![band], Some(around)),
        None => (s[1..].to_vec(), None),
    };
    let (used, mut roll) = bands(&rest).or_else(|| {
        rest.first()
            .filter(|t| per_roll(t))
            .map(|_| (0, Roll::default()))
    })?;
    roll.dice = dice;
    let mut effects = vec![Effect::DamageOne {
        range,
        amount: Amount::Fixed(0),
        roll: Some(roll),
        only,
    }];
    effects.extend(near.map(|around| Effect::DamageNearTarget { around, dice: None }));
    Some((head + used, effects))
}

/// "Then, do the same for each other visible enemy fighter within N" of that enemy fighter
/// but instead roll a number of dice equal to A": the roll before, again round the enemy.
pub(super) fn same_round_it(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("then, do the same for each other visible enemy fighter within ")?;
    let (around, rest) =
        rest.split_once("\" of that enemy fighter but instead roll a number of dice equal to ")?;
    let around: f32 = around.parse().ok()?;
    let (dice, rest) = super::card::amount_prefix(rest)?;
    rest.is_empty().then_some(vec![Effect::DamageNearTarget {
        around,
        dice: Some(dice),
    }])
}

/// "For each roll of 5+, allocate 1 damage point to that fighter and to each other visible
/// enemy fighter within N" of that fighter": the band without its tail, and N.
fn near_too(s: &str) -> Option<(String, f32)> {
    let (band, tail) = s.split_once(" and to each other ")?;
    let v = fill(tail, "visible enemy fighter within {n}\" of that fighter")?;
    Some((band.to_string(), v[0] as f32))
}

/// "Allocate A damage points (or "a number of damage points equal to A") to each visible
/// enemy fighter (or "all visible enemy fighters") within N" of this fighter"; "... to each
/// enemy fighter (to enemy fighters) within N" ...", seen or not.
pub(super) fn damage_each(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("allocate ")?;
    let (roll, rest) = match rest.strip_prefix("d3 damage points") {
        Some(r) => (Some(Roll::plain(3)), r),
        None => (None, rest),
    };
    let (amount, rest) = match rest.strip_prefix("a number of damage points equal to ") {
        _ if roll.is_some() => (Amount::Fixed(0), rest),
        Some(r) => amount_prefix(r)?,
        None => {
            let (n, r) = number_prefix(rest)?;
            let r = r
                .strip_prefix(" damage points")
                .or_else(|| r.strip_prefix(" damage point"))?;
            (Amount::Fixed(n), r)
        }
    };
    let (visible, rest) = match rest
        .strip_prefix(" to each enemy fighter")
        .or_else(|| rest.strip_prefix(" to enemy fighters"))
    {
        Some(r) => (false, r),
        None => (true, rest),
    };
    let v = fill(rest, " within {n}\" of this fighter")
        .filter(|_| !visible)
        .or_else(|| {
            fill(
                rest,
                " to each visible enemy fighter within {n}\" of this fighter",
            )
        })
        .or_else(|| {
            fill(
                rest,
                " to all visible enemy fighters within {n}\" of this fighter",
            )
        })?;
    Some(vec![Effect::DamageEach {
        range: v[0] as f32,
        amount,
        roll,
        visible,
    }])
}

/// "Roll a dice for each visible enemy fighter within N" of this fighter." + what each roll
/// deals to the fighter rolled for.
pub(super) fn roll_for_each(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let v = fill(
        &s[0],
        "roll a dice for each visible enemy fighter within {n}\" of this fighter",
    )?;
    let (used, mut roll) = bands(&s[1..])?;
    roll.dice = Amount::Fixed(1);
    let effect = Effect::DamageEach {
        range: v[0] as f32,
        amount: Amount::Fixed(0),
        roll: Some(roll),
        visible: true,
    };
    Some((1 + used, vec![effect]))
}
