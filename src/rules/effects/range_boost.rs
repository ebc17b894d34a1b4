//! Part of the boost family (ABL-5): the reach of a fighter's attacks raised
//! (`RangeBoost`) or measured without the height (`FlatAttackRange`): the card's words, and
//! when the solo AI finds it worth having.

use bevy::prelude::*;

use crate::battlefield::measure::{distance, horizontal_distance};
use crate::model::effects::{Amount, Effect};
use crate::rules::log::EffectOutcome;
use crate::rules::state::FighterView;

use super::card::amount_prefix;
use super::{Useful, Weighed, amount_text};

/// In words: "+2\" Range for melee attacks until the end of the activation".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    if let Effect::RangeIs { inches } = e {
        let inches = super::inches_text(inches, value);
        return format!("the Range of that attack is {inches}");
    }
    let Effect::RangeBoost { by, melee_only } = e else {
        return String::new();
    };
    format!(
        "+{}\" Range for {}attacks until the end of the activation",
        amount_text(by, value),
        if *melee_only { "melee " } else { "" }
    )
}

/// ABL-5: the raised reach kept for the activation with its number (the attacks ask it
/// without the ability's value).
pub(super) fn kept(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    if let Effect::RangeIs { inches } = e {
        // "That attack action" after a bonus attack is the bonus one, lapsing with it.
        let e = Effect::RangeIs {
            inches: Amount::Fixed(inches.of(value)),
        };
        return super::kept(world, f, &e, value, |a| a.keep_for_next_attack(e.clone()));
    }
    let Effect::RangeBoost { by, melee_only } = e else {
        return None;
    };
    let e = Effect::RangeBoost {
        by: Amount::Fixed(by.of(value)),
        melee_only: *melee_only,
    };
    super::kept(world, f, &e, value, |a| a.lasting.push(e.clone()))
}

/// SOLO-C1: a longer reach is worth having when an enemy is out of range that it would
/// reach.
pub(super) fn useful_reach(w: &Weighed, e: &Effect) -> Option<Useful> {
    let why = match e {
        // The least it raises (the value is not weighed here): never a promise it breaks.
        Effect::RangeBoost { by, melee_only } => reach_only_raised(w, by.of(1) as f32, *melee_only)
            .then_some("an enemy is in range once its range is raised"),
        Effect::FlatAttackRange => {
            reach_only_flat(w).then_some("an enemy is in range once the height is left out")
        }
        _ => None,
    };
    why.map(|why| Useful::Because(why, None))
}

/// Is an enemy out of range of `w`'s fighter's weapons (melee ones, when `melee_only`) that
/// `by` inches more would reach?
fn reach_only_raised(w: &Weighed, by: f32, melee_only: bool) -> bool {
    let f = w.f;
    let weapons = || (f.profile.weapons.iter()).filter(|x| x.is_melee() || !melee_only);
    (w.all.iter().filter(|o| o.on_board() && o.side != f.side)).any(|o| {
        let d = distance(&f.base(), &o.base());
        weapons().any(|x| d > x.max_range + 1e-4 && d <= x.max_range + by + 1e-4)
    })
}

/// Is an enemy within a weapon's range of the active fighter horizontally but not in 3D?
fn reach_only_flat(w: &Weighed) -> bool {
    let f = w.f;
    w.all
        .iter()
        .filter(|o| o.on_board() && o.side != f.side)
        .any(|o| {
            let (d3, d2) = (
                distance(&f.base(), &o.base()),
                horizontal_distance(&f.base(), &o.base()),
            );
            f.profile
                .weapons
                .iter()
                .any(|w| d2 <= w.max_range + 1e-4 && d3 > w.max_range + 1e-4)
        })
}

/// "Add A to the Range characteristic of this fighter's (melee) attack actions until the end
/// of this activation".
pub(super) fn range_raised(s: &str) -> Option<Vec<Effect>> {
    let (by, rest) = amount_prefix(s.strip_prefix("add ")?)?;
    let rest = rest.strip_prefix(" to the range characteristic of this fighter's ")?;
    let (melee_only, rest) = match rest.strip_prefix("melee ") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    (rest == "attack actions until the end of this activation")
        .then(|| vec![Effect::RangeBoost { by, melee_only }])
}
