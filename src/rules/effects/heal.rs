//! The heal family (ABL-5): damage removed from this fighter, or from each friendly fighter
//! in reach.

use bevy::prelude::*;

use crate::model::RuleId;
use crate::model::dice::{Dice, DiceRng};
use crate::model::effects::{Amount, Effect, Marks};
use crate::rules::command::Rejected;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView};

use super::card::{amount_prefix, count_prefix, fill};
use super::{Checked, Useful, Weighed, amount_text, heal, marked_in_reach};

/// In words: "removes up to 2 damage from this fighter", "removes up to a D3 from each friendly
/// fighter within 3\"".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    match e {
        Effect::Heal { amount } => format!(
            "removes up to {} damage from this fighter",
            amount_text(amount, value)
        ),
        Effect::HealDice { sides } => {
            format!("removes a D{sides} roll of damage from this fighter")
        }
        Effect::HealEach {
            range,
            visible,
            others,
            amount,
            dice,
            marks,
        } => format!(
            "removes up to {} damage from each {}{}friendly fighter{} within {range}\"{}",
            dice.map_or_else(|| amount_text(amount, value), |d| format!("a D{d} roll of")),
            if *others { "other " } else { "" },
            if *visible { "visible " } else { "" },
            marks.with_words(),
            match (*others, marks.is_none()) {
                (true, _) => "",
                (false, true) => " (itself too)",
                (false, false) => " (itself too, if it bears them)",
            },
        ),
        Effect::HealRolled { dice, least, each } => format!(
            "roll {} dice: each {}+ removes up to {each} damage from this fighter",
            amount_text(dice, value),
            least
        ),
        _ => String::new(),
    }
}

/// The fighters a heal reaches, as they stand now (earlier effects may have moved or hurt
/// them): this fighter, or the friends in reach of it (itself too unless `others`).
fn reached(world: &World, all: &[FighterView], f: &FighterView, e: &Effect) -> Vec<FighterView> {
    let ids = match e {
        Effect::Heal { .. } | Effect::HealDice { .. } | Effect::HealRolled { .. } => vec![f.id],
        Effect::HealEach {
            range,
            visible,
            others,
            marks,
            ..
        } => {
            let mut ids = marked_in_reach(world, all, f, (*range, *visible), *marks, true);
            if !others && marks.fit(|m| f.profile.bears(m)) {
                ids.insert(0, f.id);
            }
            ids
        }
        _ => Vec::new(),
    };
    ids.iter()
        .filter_map(|id| all.iter().find(|o| o.id == *id && o.on_board()).cloned())
        .collect()
}

/// A heal with no damage to remove does nothing: refused when the ability does nothing else.
pub(super) fn check(c: &Checked, e: &Effect) -> Result<(), Rejected> {
    if !c.alone || reached(c.world, c.all, c.f, e).iter().any(|o| o.damage > 0) {
        return Ok(());
    }
    let why = match e {
        Effect::HealEach { range, .. } => format!(
            "no friendly fighter within {range}\" of {} has damage to remove",
            c.f.name
        ),
        _ => format!("{} has no damage to remove", c.f.name),
    };
    Err(Rejected::new(RuleId::Abl5, why))
}

/// ABL-5: removes the damage: one log line for this fighter, or one for each friend in reach
/// (with its roll, when a dice says how much).
pub(super) fn run(world: &mut World, f: &FighterView, e: &Effect, value: u8) -> Vec<EffectOutcome> {
    let all = state::fighters(world);
    match e {
        Effect::Heal { amount } => reached(world, &all, f, e)
            .first()
            .map(|me| EffectOutcome::Healed {
                healed: heal(world, me, amount.of(value)),
            })
            .into_iter()
            .collect(),
        Effect::HealDice { sides } => {
            let roll = crate::rules::state::d6(world);
            let up_to = crate::model::dice::as_sides(roll, *sides);
            let Some(me) = reached(world, &all, f, e).into_iter().next() else {
                return Vec::new();
            };
            vec![EffectOutcome::HealedRolled {
                healed: heal(world, &me, up_to),
                rolls: vec![roll],
            }]
        }
        Effect::HealRolled { dice, least, each } => {
            let (rolls, n) = world
                .resource_mut::<DiceRng>()
                .roll_at_least(dice.of(value) as usize, *least);
            let Some(me) = reached(world, &all, f, e).into_iter().next() else {
                return Vec::new();
            };
            vec![EffectOutcome::HealedRolled {
                healed: heal(world, &me, n.saturating_mul(*each)),
                rolls,
            }]
        }
        Effect::HealEach { amount, dice, .. } => {
            let mut out = Vec::new();
            for o in reached(world, &all, f, e) {
                let (up_to, roll) = up_to(world, *dice, amount, value);
                out.push(EffectOutcome::HealedFriend {
                    fighter: o.id,
                    healed: heal(world, &o, up_to),
                    roll,
                });
            }
            out
        }
        _ => Vec::new(),
    }
}

/// How much a heal removes at most: `amount`, or (with `dice`, the sides: 3 or 6) a roll,
/// and that roll. A D3 is a dice halved, rounding up.
pub(super) fn up_to(
    world: &mut World,
    dice: Option<u8>,
    amount: &Amount,
    value: u8,
) -> (u32, Option<u8>) {
    let Some(sides) = dice else {
        return (amount.of(value), None);
    };
    let r = world.resource_mut::<DiceRng>().roll(1)[0];
    (crate::model::dice::as_sides(r, sides), Some(r))
}

/// SOLO-C1: a heal is worth using when a fighter it reaches has damage to remove.
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    reached(w.world, w.all, w.f, e)
        .iter()
        .any(|o| o.damage > 0)
        .then_some(Useful::Because(
            "a fighter it reaches has damage to remove",
            None,
        ))
}

// The card's wording of this family (`card`: the language's shared pieces).

/// "Roll a number of dice equal to A." + "For each roll of N+, remove up to K damage points
/// allocated to this fighter."
pub(super) fn rolled(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let dice = super::card::then_roll(&format!("then, {}", s[0]))?;
    let v = fill(
        s.get(1)?,
        "for each roll of {n}+, remove up to {n} damage points allocated to this fighter",
    )
    .or_else(|| {
        fill(
            s.get(1)?,
            "for each roll of {n}+, remove up to {n} damage point allocated to this fighter",
        )
    })?;
    let least = u8::try_from(v[0]).ok()?;
    Some((
        2,
        vec![Effect::HealRolled {
            dice,
            least,
            each: v[1],
        }],
    ))
}

/// A heal of this fighter or of each friendly fighter in reach.
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    let e = if let Some(amount) = heal_of_amount(s) {
        Effect::Heal { amount }
    } else if let Some(amount) = heal_of_number(s) {
        Effect::Heal { amount }
    } else if let Some(v) = fill(s, "remove d{n} damage points allocated to this fighter") {
        Effect::HealDice {
            sides: u8::try_from(v[0]).ok().filter(|d| matches!(d, 3 | 6))?,
        }
    } else {
        heal_each(s)?
    };
    Some(vec![e])
}

/// "Remove a number of damage points allocated to (from) this fighter equal to (up to) A".
fn heal_of_amount(s: &str) -> Option<Amount> {
    let rest = s.strip_prefix("remove a number of damage points ")?;
    let rest = rest
        .strip_prefix("allocated to this fighter ")
        .or_else(|| rest.strip_prefix("from this fighter "))?;
    let rest = rest
        .strip_prefix("equal to ")
        .or_else(|| rest.strip_prefix("up to "))?;
    let (amount, rest) = amount_prefix(rest)?;
    (rest.is_empty() && !matches!(amount, Amount::Fixed(_))).then_some(amount)
}

/// "Remove (up to) N damage points allocated to (from) this fighter".
fn heal_of_number(s: &str) -> Option<Amount> {
    let rest = s.strip_prefix("remove ")?;
    let rest = rest.strip_prefix("up to ").unwrap_or(rest);
    let (n, rest) = count_prefix(rest)?;
    matches!(
        rest,
        " damage points allocated to this fighter"
            | " damage point allocated to this fighter"
            | " damage points from this fighter"
    )
    .then_some(Amount::Fixed(n))
}

/// "Remove up to dN damage points allocated to each friendly fighter within N" of this
/// fighter (roll for each)", "remove a number of damage points up to A allocated to each
/// friendly fighter within N" of this fighter", "remove a number of damage points allocated to
/// each friendly fighter within N" of this fighter, up to A", "remove a number of damage points
/// from all visible (each other) friendly fighters within N" of this fighter up to A".
fn heal_each(s: &str) -> Option<Effect> {
    if let Some(v) = fill(
        s,
        "remove up to d{n} damage points allocated to each friendly fighter within {n}\" of this \
         fighter (roll for each)",
    ) {
        return Some(each(v[1], false, false, Amount::Fixed(0), Some(v[0])));
    }
    let rest = s.strip_prefix("remove a number of damage points ")?;
    if let Some(rest) = rest.strip_prefix("up to ") {
        let (amount, rest) = amount_prefix(rest)?;
        let rest = rest.strip_prefix(" allocated to each friendly fighter")?;
        // "... with both the X faction runemark and the Y runemark within N\"".
        let (marks, near) = match rest.strip_prefix(" with ") {
            Some(r) => {
                let (m, near) = r.split_once(" within ")?;
                (super::card::marks_of(m)?, format!(" within {near}"))
            }
            None => (Marks::default(), rest.to_string()),
        };
        let v = fill(&near, " within {n}\" of this fighter")?;
        let mut e = each(v[0], false, false, amount, None);
        if let Effect::HealEach { marks: m, .. } = &mut e {
            *m = marks;
        }
        return Some(e);
    }
    let (who, rest) = rest.split_once(" within ")?;
    let (visible, others) = match who {
        "allocated to each friendly fighter" => (false, false),
        "from all visible friendly fighters" => (true, false),
        "from each other friendly fighter" => (false, true),
        _ => return None,
    };
    let (n, rest) = super::card::number_prefix(rest)?;
    let rest = rest
        .strip_prefix("\" of this fighter, up to ")
        .or_else(|| rest.strip_prefix("\" of this fighter up to "))?;
    let (amount, rest) = amount_prefix(rest)?;
    rest.is_empty()
        .then(|| each(n, visible, others, amount, None))
}

fn each(range: u32, visible: bool, others: bool, amount: Amount, dice: Option<u32>) -> Effect {
    Effect::HealEach {
        range: range as f32,
        visible,
        others,
        amount,
        dice: dice.and_then(|d| u8::try_from(d).ok()),
        marks: Marks::default(),
    }
}
