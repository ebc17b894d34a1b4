//! SOLO-C2: a fighter that holds an objective alone does not leave it: which objective it
//! holds, and how far from it the fighter would stand somewhere else.

use bevy::prelude::*;

use super::sorted_objectives;
use crate::battlefield::measure::{Base, distance_to_point};
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
            let near = |g: &FighterView| distance_to_point(&g.base(), at) <= 3.0 + 1e-4;
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
