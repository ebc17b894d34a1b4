//! SOLO-C2: a fighter that holds an objective alone does not leave it: which objective it
//! holds, and how far from it the fighter would stand somewhere else.

use bevy::prelude::*;

use super::sorted_objectives;
use crate::battlefield::Battlefield;
use crate::battlefield::measure::{Base, distance_to_point};
use crate::battlefield::moves::{Bounded, Stop, truncate_until};
use crate::battlefield::nav::Path;
use crate::model::ruleset::Ruleset;
use crate::rules::engine::FighterView;

/// The objectives `f` holds alone (each one's index and centre): within 3" of it, with no
/// other fighter of its side within 3". Near two, it holds both (the README's reading).
pub(super) fn held_objectives(
    world: &mut World,
    all: &[FighterView],
    f: &FighterView,
) -> Vec<(usize, Vec3)> {
    let objectives = sorted_objectives(world);
    objectives
        .into_iter()
        .filter_map(|o| {
            let at = Vec3::new(o.position.0, 0.0, o.position.1);
            let near = |g: &FighterView| g.by_objective(at);
            (near(f)
                && !all
                    .iter()
                    .any(|g| g.on_board() && g.side == f.side && g.id != f.id && near(g)))
            .then_some((o.index, at))
        })
        .collect()
}

/// How far `f`, standing at `p`, would be from the objective centred at `at`.
pub(super) fn away_from(f: &FighterView, p: Vec3, at: Vec3) -> f32 {
    distance_to_point(&Base::new(f.profile.base, p, f.facing), at)
}

/// Would `f` at `p` stay within 3" of every objective it holds (`hold`)?
pub(super) fn keeps_hold(hold: &[(usize, Vec3)], f: &FighterView, p: Vec3) -> bool {
    hold.iter().all(|(_, at)| away_from(f, p, *at) <= 3.0)
}

/// How far inside 3" a SOLO-C2 cut stops, so that float rounding never puts the fighter
/// outside (the cut itself lands within 0.0001" of the boundary).
const BOUNDARY_SLACK: f32 = 1e-4;

/// Cuts a path so that the fighter never leaves 3" of the objectives it holds (SOLO-C2): the
/// move ends on the first 3" boundary the path crosses.
pub(super) fn hold_cut(
    world: &World,
    f: &FighterView,
    rules: &Ruleset,
    hold: &[(usize, Vec3)],
    (path, budget): (&Path, f32),
    stop: &impl Stop,
) -> Path {
    let bf = world.resource::<Battlefield>();
    let mover = f.mover(rules);
    match hold {
        [] => truncate_until(&bf.nav, &mover, path, budget, stop),
        held => {
            // How far inside the nearest 3" boundary the fighter is at `p` (the move stops
            // when it leaves one).
            let inside = |p: Vec3| {
                let away = held.iter().map(|(_, at)| away_from(f, p, *at));
                3.0 - 2.0 * BOUNDARY_SLACK - away.fold(0.0, f32::max)
            };
            let held = Bounded(
                |p: Vec3| stop.holds(p) || inside(p) < 0.0,
                |p: Vec3| stop.clear(p).min(inside(p)),
            );
            truncate_until(&bf.nav, &mover, path, budget, &held)
        }
    }
}
