//! Part of the damage family (ABL-5): dice games against one picked enemy, each a card's own
//! rule ([`Game`]): rolls rising until one does not, the longest run of consecutive faces,
//! faces matching the ability's value. The card's words, their words for people, and the run.

use bevy::prelude::*;

use crate::model::dice::{Dice, DiceRng};
use crate::model::effects::{Amount, Effect, Game};
use crate::model::ids::FighterId;
use crate::rules::log::EffectOutcome;

use super::card::{fill, pick_and_roll_any, picked_enemy};
use super::{a_visible, amount_text, within_text};

/// In words: "a visible enemy within 3\": a dice, 2+ deals 2, then another while each roll
/// beats the last".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    let Effect::DiceGame {
        range,
        visible,
        game,
    } = e
    else {
        return String::new();
    };
    let enemy = format!("{} enemy {}", a_visible(*visible), within_text(*range));
    match game {
        Game::Rising { least, each } => format!(
            "roll a dice against {enemy}: {least}+ deals {each}, and another is rolled while \
             each roll beats the one before, each dealing {each}"
        ),
        Game::Run { dice, each } => format!(
            "roll {} dice against {enemy}: {each} for each dice of the longest run of \
             consecutive faces (2 or more)",
            amount_text(dice, value)
        ),
        Game::Match { dice } => format!(
            "roll {dice} dice against {enemy}: each showing the value deals {}, each other 1",
            amount_text(&Amount::Value, value)
        ),
        Game::PerDamage {
            least,
            each,
            hero_plus,
        } => format!(
            "roll a dice for each damage point on {enemy}: each {least}+ deals {each}{}",
            if *hero_plus {
                " (1 more on each roll for a hero)"
            } else {
                ""
            }
        ),
    }
}

/// ABL-5: the game's dice against the picked enemy, and the damage they deal it (logged with
/// the rolls); with nobody picked the log says so.
pub(super) fn run(
    world: &mut World,
    f: &crate::rules::state::FighterView,
    e: &Effect,
    (value, target): (u8, Option<FighterId>),
) -> Vec<EffectOutcome> {
    let Effect::DiceGame { game, .. } = e else {
        return Vec::new();
    };
    let t = match super::damage::picked_or_nobody(world, target, value) {
        Ok(t) => t,
        Err(nobody) => return nobody,
    };
    let mut rng = world.resource_mut::<DiceRng>();
    let rng = &mut *rng;
    let (rolls, damage) = match *game {
        Game::Rising { least, each } => {
            let mut rolls = Dice::roll(rng, 1);
            let mut hits = u32::from(rolls[0] >= least);
            while hits > 0 && hits as usize == rolls.len() {
                let next = Dice::roll(rng, 1)[0];
                hits += u32::from(next > *rolls.last().unwrap_or(&6));
                rolls.push(next);
            }
            (rolls, hits * each)
        }
        Game::Run { dice, each } => {
            let rolls = Dice::roll(rng, dice.of(value) as usize);
            let run = longest_run(&rolls);
            (rolls, if run >= 2 { run * each } else { 0 })
        }
        Game::Match { dice } => {
            let rolls = Dice::roll(rng, dice as usize);
            let damage = (rolls.iter())
                .map(|&r| if r == value { u32::from(value) } else { 1 })
                .sum();
            (rolls, damage)
        }
        Game::PerDamage {
            least,
            each,
            hero_plus,
        } => {
            let rolls = Dice::roll(rng, t.damage as usize);
            let plus = u8::from(hero_plus && f.profile.is(crate::model::runemark::Runemark::Hero));
            let hits = rolls.iter().filter(|&&r| r + plus >= least).count() as u32;
            (rolls, hits * each)
        }
    };
    vec![EffectOutcome::Damage {
        fighters: vec![t.id],
        damage,
        rolls,
    }]
}

/// The most dice showing consecutive faces, duplicates set aside (the player's best group).
fn longest_run(rolls: &[u8]) -> u32 {
    let mut faces: Vec<u8> = rolls.to_vec();
    faces.sort_unstable();
    faces.dedup();
    let (mut best, mut now) = (0, 0);
    for (k, f) in faces.iter().enumerate() {
        now = if k > 0 && faces[k - 1] + 1 == *f {
            now + 1
        } else {
            1
        };
        best = best.max(now);
    }
    best
}

// The card's wording (`card`: the language's shared pieces).

/// "Pick a visible enemy fighter within N" of this fighter, then roll a dice." + "On a roll
/// of L+, allocate K damage points to the fighter being rolled for." + "Keep rolling in this
/// way and allocating damage points to that fighter until a roll is equal to or lower than
/// the previous roll."; "... and roll a number of dice equal to A (to a minimum of 2)." +
/// "Make a single group of 2 or more dice in consecutive numerical order (e.g. 2, 3, 4),
/// excluding duplicates." + "Then allocate K damage points to the chosen fighter for each dice
/// in that group."; "pick an enemy fighter within N" of this fighter and roll D dice" + "for
/// each result that matches the value of this ability, allocate a number of damage points to
/// that enemy fighter equal to the value of this ability (.) for each other result, allocate 1
/// damage point to that fighter".
pub(super) fn read(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let game = |range, visible, game| Effect::DiceGame {
        range,
        visible,
        game,
    };
    if let Some(pick) = s[0].strip_suffix(", then roll a dice") {
        let (range, visible) = picked_enemy(pick)?;
        let v = fill(
            s.get(1)?,
            "on a roll of {n}+, allocate {n} damage points to the fighter being rolled for",
        )?;
        let rising = "keep rolling in this way and allocating damage points to that fighter \
                      until a roll is equal to or lower than the previous roll";
        (s.get(2)? == rising).then_some(())?;
        let least = u8::try_from(v[0]).ok()?;
        let rising = Game::Rising { least, each: v[1] };
        return Some((3, vec![game(range, visible, rising)]));
    }
    let (first, at_least) = match s[0].strip_suffix(" (to a minimum of 2)") {
        Some(f) => (f, true),
        None => (s[0].as_str(), false),
    };
    let (range, visible, runemark, dice) = pick_and_roll_any(first)?;
    runemark.is_none().then_some(())?;
    if at_least {
        (dice == Amount::Value).then_some(())?;
        // The example's full stop cuts the sentence in two.
        let group = [
            "make a single group of 2 or more dice in consecutive numerical order (e.g",
            "2, 3, 4), excluding duplicates",
        ];
        let grouped = (0..2).all(|k| s.get(1 + k).is_some_and(|t| t == group[k]));
        let used = if grouped { 3 } else { return None };
        let each = fill(
            s.get(used)?,
            "then allocate {n} damage points to the chosen fighter for each dice in that group",
        )?[0];
        let run = Game::Run {
            dice: Amount::ValueAtLeast(2),
            each,
        };
        return Some((used + 1, vec![game(range, visible, run)]));
    }
    let Amount::Fixed(dice) = dice else {
        return None;
    };
    let (matching, other) = (
        "for each result that matches the value of this ability, allocate a number of damage \
         points to that enemy fighter equal to the value of this ability",
        "for each other result, allocate 1 damage point to that fighter",
    );
    // One card leaves out the full stop between the two.
    let used = if s.get(1)? == &format!("{matching} {other}") {
        2
    } else if s.get(1)? == matching && s.get(2)? == other {
        3
    } else {
        return None;
    };
    Some((used, vec![game(range, visible, Game::Match { dice })]))
}

/// "Pick a visible enemy fighter within N" of this fighter to be the target." + "Roll a D6
/// for each damage point allocated to that target." + "For each roll of L+, allocate K damage
/// point(s) to the target." + ("Add 1 to each roll if this fighter has the Hero runemark.")
pub(super) fn per_damage(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (range, visible) = picked_enemy(s[0].strip_suffix(" to be the target")?)?;
    (s.get(1)? == "roll a d6 for each damage point allocated to that target").then_some(())?;
    let v = fill(
        s.get(2)?,
        "for each roll of {n}+, allocate {n} damage point to the target",
    )
    .or_else(|| {
        fill(
            s.get(2)?,
            "for each roll of {n}+, allocate {n} damage points to the target",
        )
    })?;
    let hero_plus = s
        .get(3)
        .is_some_and(|t| t == "add 1 to each roll if this fighter has the hero runemark");
    let game = Game::PerDamage {
        least: u8::try_from(v[0]).ok()?,
        each: v[1],
        hero_plus,
    };
    let e = Effect::DiceGame {
        range,
        visible,
        game,
    };
    Some((3 + usize::from(hero_plus), vec![e]))
}
