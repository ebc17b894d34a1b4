//! Dice against a picked enemy, each roll of a face dealing it as many damage points as its
//! Wounds characteristic (ABL-5, `DamageWoundsOnRoll`): part of the damage family.

use bevy::prelude::*;

use crate::model::effects::Effect;
use crate::model::ids::FighterId;
use crate::rules::log::EffectOutcome;

/// In words: "roll the value dice against an enemy its melee attacks damaged this activation:
/// each 6 deals as much damage as its Wounds".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    let Effect::DamageWoundsOnRoll {
        only,
        visible,
        dice,
        face,
    } = e
    else {
        return String::new();
    };
    format!(
        "roll {} dice against {} enemy{}: each {face} deals as much damage as its Wounds",
        super::amount_text(dice, value),
        super::a_visible(*visible),
        super::lower::only_words(*only)
    )
}

/// ABL-5: the dice against the picked enemy, and its Wounds in damage for each roll of the
/// face; with nobody picked the log says so.
pub(super) fn run(
    world: &mut World,
    e: &Effect,
    value: u8,
    target: Option<FighterId>,
) -> Vec<EffectOutcome> {
    let Effect::DamageWoundsOnRoll { dice, face, .. } = e else {
        return Vec::new();
    };
    let t = match super::damage::picked_or_nobody(world, target, value) {
        Ok(t) => t,
        Err(nobody) => return nobody,
    };
    let rolls = crate::model::dice::Dice::roll(
        &mut *world.resource_mut::<crate::model::dice::DiceRng>(),
        dice.of(value) as usize,
    );
    let faces = rolls.iter().filter(|r| **r == *face).count() as u32;
    vec![EffectOutcome::Damage {
        fighters: vec![t.id],
        damage: faces * t.profile.wounds,
        rolls,
    }]
}

// The card's wording of this family (`card`: the language's shared pieces).

/// "Pick an enemy fighter that was allocated any damage points this activation by any of this
/// fighter's melee attack actions to be the target and roll a number of dice equal to the
/// value of this ability." + "On any unmodified rolls of 6, allocate a number of damage points
/// to that enemy fighter equal to their Wounds characteristic." (+ "Those damage points cannot
/// be ignored.": nothing ignores an ability's damage in this engine.)
pub(super) fn picked_then_slain(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (pick, dice) = s[0].split_once(" and roll ")?;
    let (_, visible, only) = super::lower_words::picked_only(pick)?;
    let dice = super::card::dice_count(dice)?;
    let rest = s.get(1)?.strip_prefix("on any unmodified rolls of ")?;
    let (face, rest) = super::card::number_prefix(rest)?;
    if rest
        != ", allocate a number of damage points to that enemy fighter equal to their wounds \
            characteristic"
    {
        return None;
    }
    let face = u8::try_from(face).ok()?;
    let e = Effect::DamageWoundsOnRoll {
        only,
        visible,
        dice,
        face,
    };
    let ignored = s
        .get(2)
        .is_some_and(|t| t == "those damage points cannot be ignored");
    Some((2 + usize::from(ignored), vec![e]))
}
