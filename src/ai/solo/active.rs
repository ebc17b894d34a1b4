//! SOLO-B1..B2 (rules/solo-mode.md): the fighter the automated warband activates.

use crate::model::RuleId;
use crate::model::ids::FighterId;
use crate::model::ids::Side;
use crate::rules::actions::inches;
use std::cmp::Ordering;

use bevy::prelude::*;

use super::{Target, engaged, roll_off_last_tie, target_pos};
use crate::battlefield::measure::{distance, distance_to_point};
use crate::rules::engine::{FighterView, fighters};
use crate::rules::options::{Decision, options};

/// A chosen fighter: its id, the rule that chose it and the figures.
type ActiveChoice = (FighterId, RuleId, String);

/// SOLO-B1..B2: the fighter to activate, with the rule and the figures.
pub fn choose_active(
    world: &mut World,
    side: Side,
    target: Option<Target>,
) -> Option<(FighterId, RuleId, String)> {
    let all = fighters(world);
    choose_active_among(world, &all, side, target)
}

/// [`choose_active`] with every fighter's view `all` already read.
pub fn choose_active_among(
    world: &mut World,
    all: &[FighterView],
    side: Side,
    target: Option<Target>,
) -> Option<(FighterId, RuleId, String)> {
    let seed = super::tie_seed(world);
    // The fighters the rules let it activate now (CMB-1, WAIT-1, REA-1), as the engine says.
    let may: Vec<FighterId> = match options(world).decision {
        Decision::Activate { fighters } => fighters,
        _ => Vec::new(),
    };
    let ready: Vec<&FighterView> = all
        .iter()
        .filter(|f| f.side == side && may.contains(&f.id))
        .collect();
    if let Some(choice) = engaged_active(all, &ready, seed) {
        return Some(choice);
    }
    let Some(target) = target else {
        // CMB-1: the battle never waits on a side that can't decide. With no target (no
        // objective to take and no enemy on the battlefield) SOLO-B2 has no distance to
        // compare: its own tie-breaks decide (most wounds left, then points).
        return untargeted_active(&ready, seed);
    };
    closest_active(all, &ready, target, seed)
}

/// The tie-breaks: most wounds left, then the highest points value (then the lowest id, for a
/// stable order before the roll-off of the last tie).
pub(super) fn by_wounds(a: &&FighterView, b: &&FighterView) -> Ordering {
    (b.wounds_left(), b.profile.points, std::cmp::Reverse(b.id)).cmp(&(
        a.wounds_left(),
        a.profile.points,
        std::cmp::Reverse(a.id),
    ))
}

/// SOLO-B1: an engaged fighter, if any.
fn engaged_active(all: &[FighterView], ready: &[&FighterView], seed: u64) -> Option<ActiveChoice> {
    let mut eng: Vec<&FighterView> = ready.iter().copied().filter(|f| engaged(all, f)).collect();
    eng.sort_by(by_wounds);
    let (f, tie) = roll_off_last_tie(&eng, seed)?;
    Some((
        f.id,
        RuleId::SoloB1,
        format!(
            "{}: engaged, {} wounds left, {} points{tie}",
            f.name,
            f.wounds_left(),
            f.profile.points
        ),
    ))
}

/// SOLO-B2 with no target: the tie-breaks alone.
fn untargeted_active(ready: &[&FighterView], seed: u64) -> Option<ActiveChoice> {
    let mut c = ready.to_vec();
    c.sort_by(by_wounds);
    let (f, tie) = roll_off_last_tie(&c, seed)?;
    Some((
        f.id,
        RuleId::SoloB2,
        format!(
            "{}: no target to be closest to, so the most wounds left ({}) then points ({}){tie}",
            f.name,
            f.wounds_left(),
            f.profile.points
        ),
    ))
}

/// SOLO-B2: the fighter closest to the target, then the tie-breaks.
fn closest_active(
    all: &[FighterView],
    ready: &[&FighterView],
    target: Target,
    seed: u64,
) -> Option<ActiveChoice> {
    let tp = target_pos(all, target)?;
    let dist = |f: &FighterView| distance_to_target(all, f, target, tp);
    let mut c = ready.to_vec();
    c.sort_by(|a, b| {
        let (da, db) = (dist(a), dist(b));
        if (da - db).abs() > 1e-4 {
            da.total_cmp(&db)
        } else {
            by_wounds(a, b)
        }
    });
    let nearest = dist(c.first()?);
    let near: Vec<&FighterView> = c
        .iter()
        .copied()
        .take_while(|f| (dist(f) - nearest).abs() <= 1e-4)
        .collect();
    let (f, tie) = roll_off_last_tie(&near, seed)?;
    Some((
        f.id,
        RuleId::SoloB2,
        format!(
            "{}: closest to the target, {}\" away, {} wounds left, {} points{tie}",
            f.name,
            inches(dist(f)),
            f.wounds_left(),
            f.profile.points
        ),
    ))
}

/// How far `f` is from the target (at `tp`).
fn distance_to_target(all: &[FighterView], f: &FighterView, target: Target, tp: Vec3) -> f32 {
    match target {
        Target::Objective { at, .. } => distance_to_point(&f.base(), Vec3::from_array(at)),
        Target::Fighter(id) => all
            .iter()
            .find(|t| t.id == id)
            .map(|t| distance(&f.base(), &t.base()))
            .unwrap_or(f.pos.distance(tp)),
    }
}
