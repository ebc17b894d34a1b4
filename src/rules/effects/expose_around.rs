//! Part of the against family (ABL-5): the enemies round this fighter exposed to its side's
//! attacks until the end of the round ("add 1 to the damage points allocated by each
//! critical hit from attack actions made by friendly fighters that target an enemy fighter
//! within 6\" of this fighter"), while they are within reach.

use bevy::prelude::*;

use crate::model::effects::{Effect, Exposers, Stat};
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView};

use super::card::{amount_prefix, fill};
use super::{Useful, Weighed, amount_text, lasts};

/// In words: "until the end of the round, each critical hit of the attacks of friendly
/// fighters on enemies within 6\" of it deals 1 more damage".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    let Effect::ExposeAround {
        range,
        stat,
        by,
        to,
    } = e
    else {
        return String::new();
    };
    let by = amount_text(by, value);
    let attacks = format!("{} on enemies within {range}\" of it", to.words());
    let what = match stat {
        Stat::CritDamage => format!("each critical hit of {attacks} deals {by} more damage"),
        Stat::Damage => format!("each hit of {attacks} deals {by} more damage"),
        s => format!("{attacks} have {by} more {s}"),
    };
    format!("until the end of the round, {what}")
}

/// ABL-5: the aura lasts until the end of the round.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    let Effect::ExposeAround {
        range,
        stat,
        by,
        to,
    } = e
    else {
        return None;
    };
    state::engine(world).expose_around((f.id, *range), (*stat, by.of(value)), (f.side, *to));
    Some(lasts(e, value))
}

/// SOLO-C1: worth it when an enemy stands within its reach now.
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let Effect::ExposeAround { range, .. } = e else {
        return None;
    };
    let near = super::enemies_in_reach(w.world, w.all, w.f, *range, false);
    (!near.is_empty()).then_some(Useful::Because("enemies are within its aura", None))
}

// The card's wording.

/// "Until the end of the battle round, add A to the damage points allocated by each (critical)
/// hit from (melee) attack actions made by friendly fighters (with MARKS) that target an enemy
/// fighter within N\" of this fighter" ("... to the Attacks (Strength) characteristic of ...").
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("until the end of the battle round, add ")?;
    let (by, rest) = amount_prefix(rest)?;
    let (stat, melee_only, who) = super::lower_words::friends_attacks_raised(rest)?;
    let (who, near) = who.split_once(" that target an enemy fighter within ")?;
    let range = fill(near, "{n}\" of this fighter")?[0] as f32;
    let marks = super::lower_words::marks_named(who)?;
    let to = Exposers { marks, melee_only };
    Some(vec![Effect::ExposeAround {
        range,
        stat,
        by,
        to,
    }])
}
