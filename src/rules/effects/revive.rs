//! Part of the friend family (ABL-5): a friendly fighter taken down (ATK-5) set up on the
//! battlefield again ("Pick a friendly fighter that has been taken down. Set that fighter up
//! ... wholly within 3\" of this fighter. ... no longer counts as being taken down").

use bevy::prelude::*;

use crate::model::components::{Damage, Position, Presence};
use crate::model::dice::{Dice, DiceRng};
use crate::model::effects::{Amount, Effect, Marks, Placing};
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView};

use super::card::{amount_prefix, fill, marks_of};
use super::{Picks, Useful, Weighed, amount_text, reach_of};

/// In words: "a friendly fighter (with the Minion runemark) that was taken down is set up again
/// wholly within 3\" of this fighter, no longer taken down, with up to 4 of its damage removed".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    let Effect::Revive {
        marks,
        place,
        heal,
        roll,
    } = e
    else {
        return String::new();
    };
    let who = format!(
        "a friendly fighter{} that was taken down",
        marks.with_words()
    );
    let place = match place {
        Placing::Wholly { within } => format!("wholly within {within}\" of this fighter"),
        p => p.words(),
    };
    let damage = match (roll, heal) {
        (Some(_), _) => "with 1 of its damage removed for each such roll".to_string(),
        (None, Some(a)) => format!("with up to {} of its damage removed", amount_text(a, value)),
        (None, None) => "with all its damage removed".to_string(),
    };
    let done = format!("{who} is set up again {place}, no longer taken down, {damage}");
    match roll {
        Some(least) => format!(
            "roll {} dice: if any rolls {least}+, {done}",
            amount_text(&Amount::Value, value)
        ),
        None => done,
    }
}

/// ABL-5, ATK-5: the friend picked (`picks.target`, taken down) is set up again at the place
/// picked (else the place nearest where it fell), no longer taken down: its
/// damage less what the card removes, its points no longer the enemy's (attrition).
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
    picks: Picks,
) -> Vec<EffectOutcome> {
    let Effect::Revive {
        place, heal, roll, ..
    } = e
    else {
        return Vec::new();
    };
    let Some(t) = (picks.target)
        .and_then(|t| state::fighter(world, t))
        .filter(FighterView::is_down)
    else {
        return vec![EffectOutcome::NoFriendInReach];
    };
    let rolls = match roll {
        Some(_) => world.resource_mut::<DiceRng>().roll(usize::from(value)),
        None => Vec::new(),
    };
    let least = roll.unwrap_or(0);
    let successes = rolls.iter().filter(|r| **r >= least).count() as u32;
    let wounds = t.profile.wounds;
    let removed = match (roll, heal) {
        (Some(_), _) => successes,
        (None, Some(a)) => a.of(value),
        (None, None) => wounds,
    };
    let damage = t.damage.min(wounds).saturating_sub(removed);
    let spot = match roll.is_some() && successes == 0 {
        true => None,
        false => {
            let spots = super::set_up_spots(world, f, &t, *place);
            super::place::nearest(&spots, picks.place).or_else(|| spots.first().copied())
        }
    };
    if let Some(p) = spot {
        (world.entity_mut(t.entity)).insert((Position(p), Presence::Deployed, Damage(damage)));
        let taken = &mut state::engine(world).points_taken_down[t.side.other()];
        *taken = taken.saturating_sub(t.profile.points);
    }
    vec![EffectOutcome::Revived {
        fighter: t.id,
        at: spot.map(|p| p.to_array()),
        left: wounds - damage,
        rolls,
        least,
    }]
}

/// SOLO-C1: worth it when a friend it may set up again has been taken down (the one with the
/// most points first, [`reach_of`]).
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let down = reach_of(w.world, w.all, w.f, e).unwrap_or_default();
    (down.first()).map(|t| Useful::Because("a friend taken down can be set up again", Some(*t)))
}

// The card's wording (`card`: the language's shared pieces).

/// "Pick a friendly fighter (with MARKS) that has been taken down(, then roll a number of dice
/// equal to the value of this ability)." + "(On any rolls of N+: •) Set that fighter up ...
/// wholly within N\" of this fighter" (or "more than N\" from all enemy fighters") + "The
/// fighter set up on the battlefield no longer counts as being taken down" (or "That fighter
/// no longer counts as being taken down and has no damage points allocated to it") + "Remove a
/// number of damage points allocated to that fighter equal to (up to) A" (or "equal to the
/// number of rolls of N+ that were made").
pub(super) fn read(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (marks, rolled) = picked_down(&s[0])?;
    let (least, set_up) = match rolled {
        true => {
            let rest = s.get(1)?.strip_prefix("on any rolls of ")?;
            let (n, rest) = super::card::number_prefix(rest)?;
            (Some(u8::try_from(n).ok()?), rest.strip_prefix("+: • ")?)
        }
        false => (None, s.get(1)?.as_str()),
    };
    let place = placed(set_up)?;
    let (whole, heal_at) = match s.get(2)?.as_str() {
        "the fighter set up on the battlefield no longer counts as being taken down" => (false, 3),
        "that fighter no longer counts as being taken down and has no damage points allocated \
         to it" => (true, 3),
        _ => return None,
    };
    if whole {
        return least
            .is_none()
            .then(|| (3, vec![revive(marks, place, None, None)]));
    }
    let rest = s
        .get(heal_at)?
        .strip_prefix("remove a number of damage points allocated to that fighter ")?;
    let heal = match least {
        Some(l) => {
            let made = format!("equal to the number of rolls of {l}+ that were made");
            (rest == made).then_some(None)?
        }
        None => {
            let rest = (rest.strip_prefix("equal to ")).or_else(|| rest.strip_prefix("up to "))?;
            Some(amount_prefix(rest).filter(|(_, r)| r.is_empty())?.0)
        }
    };
    Some((heal_at + 1, vec![revive(marks, place, heal, least)]))
}

fn revive(marks: Marks, place: Placing, heal: Option<Amount>, roll: Option<u8>) -> Effect {
    Effect::Revive {
        marks,
        place,
        heal,
        roll,
    }
}

/// "Pick a friendly fighter (with MARKS) that has been taken down(, then roll a number of
/// dice equal to the value of this ability)": the marks, and whether it rolls.
fn picked_down(s: &str) -> Option<(Marks, bool)> {
    let rest = s.strip_prefix("pick a friendly fighter")?;
    let (who, rolled) = match rest.strip_suffix(
        " that has been taken down, then roll a number of dice equal to the value of this ability",
    ) {
        Some(w) => (w, true),
        None => (rest.strip_suffix(" that has been taken down")?, false),
    };
    let marks = match who.strip_prefix(" with ") {
        Some(m) if m.ends_with(" runemark") || m.ends_with(" runemarks") => marks_of(m)?,
        None if who.is_empty() => Marks::default(),
        _ => return None,
    };
    Some((marks, rolled))
}

/// "Set (up) that fighter (up) (once more) on a platform or the battlefield floor(,) wholly
/// within N\" of this fighter" (or "on the battlefield"), or "... more than N\" from all enemy
/// fighters".
fn placed(s: &str) -> Option<Placing> {
    let rest = (s.strip_prefix("set that fighter up "))
        .or_else(|| s.strip_prefix("set up that fighter once more "))
        .or_else(|| s.strip_prefix("set up that fighter "))?;
    let rest = (rest.strip_prefix("on a platform or the battlefield floor"))
        .or_else(|| rest.strip_prefix("on the battlefield"))?;
    let rest = rest.strip_prefix(',').unwrap_or(rest);
    if let Some(v) = fill(rest, " wholly within {n}\" of this fighter") {
        return Some(Placing::Wholly {
            within: v[0] as f32,
        });
    }
    let v = fill(rest, " more than {n}\" from all enemy fighters")?;
    Some(Placing::PickedAnywhere { away: v[0] as f32 })
}
