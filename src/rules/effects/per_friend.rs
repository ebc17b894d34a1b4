//! Part of the damage family (ABL-5): damage to a picked enemy that counts the friends round
//! it ("allocate a number of damage points to that enemy fighter equal to twice the number of
//! friendly fighters with the X runemark within 3\" of them").

use bevy::prelude::*;

use crate::battlefield::measure::distance;
use crate::model::effects::{ANYWHERE, Effect, Marks};
use crate::model::ids::FighterId;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView};

use super::card::{fill, marks_of};
use super::{Useful, Weighed, within_text};

/// In words: "2 damage to a visible enemy anywhere for each friendly fighter with the X
/// runemark within 3\" of it".
pub(super) fn describe(e: &Effect) -> String {
    let Effect::DamagePerFriendNear {
        range,
        per,
        marks,
        near,
    } = e
    else {
        return String::new();
    };
    format!(
        "{per} damage to a visible enemy {} for each friendly fighter{} within {near}\" of it",
        within_text(*range),
        marks.with_words()
    )
}

/// The friends of `side` bearing `marks` within `near` inches of `t` (the fighter itself too),
/// with how far each is from it.
pub(super) fn bearers_near<'a>(
    all: &'a [FighterView],
    t: &FighterView,
    side: crate::model::ids::Side,
    marks: &Marks,
    near: f32,
) -> Vec<(f32, &'a FighterView)> {
    (all.iter())
        .filter(|o| o.on_board() && o.side == side && marks.fit(|m| o.profile.bears(m)))
        .map(|o| (distance(&o.base(), &t.base()), o))
        .filter(|(d, _)| *d <= near + 1e-4)
        .collect()
}

/// How many [`bearers_near`] there are.
fn friends_near(
    all: &[FighterView],
    t: &FighterView,
    side: crate::model::ids::Side,
    marks: &Marks,
    near: f32,
) -> usize {
    bearers_near(all, t, side, marks, near).len()
}

/// The damage to the picked enemy `target`, counted now.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    target: Option<FighterId>,
) -> Option<EffectOutcome> {
    let Effect::DamagePerFriendNear {
        per, marks, near, ..
    } = e
    else {
        return None;
    };
    let all = state::fighters(world);
    let t = all.iter().find(|o| Some(o.id) == target && o.on_board())?;
    // Logged, then dealt, with the other damage outcomes (`effects::run`).
    let damage = per * friends_near(&all, t, f.side, marks, *near) as u32;
    Some(EffectOutcome::Damage {
        fighters: vec![t.id],
        damage,
        rolls: Vec::new(),
    })
}

/// SOLO-C1: worth it on the enemy in reach it would hurt most (ties: the first in reach).
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let Effect::DamagePerFriendNear { marks, near, .. } = e else {
        return None;
    };
    let reach = super::reach_of(w.world, w.all, w.f, e)?;
    let count = |id: &FighterId| {
        let t = w.all.iter().find(|o| o.id == *id)?;
        Some(friends_near(w.all, t, w.f.side, marks, *near))
    };
    let best = reach
        .iter()
        .filter_map(|id| Some((count(id)?, *id)))
        .filter(|(n, _)| *n > 0)
        .max_by_key(|(n, id)| (*n, std::cmp::Reverse(*id)))?;
    Some(Useful::Because(
        "friends stand round an enemy in its reach",
        Some(best.1),
    ))
}

// The card's wording (`card`: the language's shared pieces).

/// "Choose an enemy fighter that is visible to this fighter" ("pick a visible enemy fighter"),
/// then "Allocate a number of damage points to that enemy fighter equal to twice (three
/// times) the number of friendly fighters with MARKS within N\" of them."
pub(super) fn picked_then_counted(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let range = match s[0].as_str() {
        "choose an enemy fighter that is visible to this fighter"
        | "pick a visible enemy fighter" => ANYWHERE,
        pick => super::card::picked_enemy(pick).filter(|p| p.1)?.0,
    };
    let rest = (s.get(1)?)
        .strip_prefix("allocate a number of damage points to that enemy fighter equal to ")?;
    let (per, rest) = [("twice the", 2), ("three times the", 3), ("the", 1)]
        .into_iter()
        .find_map(|(w, n)| Some((n, rest.strip_prefix(w)?)))?;
    let rest = rest.strip_prefix(" number of friendly fighters ")?;
    let (marks, near) = rest.rsplit_once(" within ")?;
    let marks = marks_of(marks.strip_prefix("with ")?)?;
    let near = fill(near, "{n}\" of them")?[0] as f32;
    Some((
        2,
        vec![Effect::DamagePerFriendNear {
            range,
            per,
            marks,
            near,
        }],
    ))
}
