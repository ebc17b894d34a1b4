//! SOLO-C2: a fighter that holds an objective alone does not leave it: which objective it
//! holds, and how far from it the fighter would stand somewhere else.

use bevy::prelude::*;

use super::sorted_objectives;
use crate::battlefield::measure::{Base, distance_to_point};
use crate::rules::engine::FighterView;

/// The objective `f` holds alone (its index and centre), if any: within 3" of it, with no
/// other fighter of its side within 3".
pub(super) fn held_objective(
    world: &mut World,
    all: &[FighterView],
    f: &FighterView,
) -> Option<(usize, Vec3)> {
    let objectives = sorted_objectives(world);
    objectives.into_iter().find_map(|o| {
        let at = Vec3::new(o.position.0, 0.0, o.position.1);
        let near = |g: &FighterView| distance_to_point(&g.base(), at) <= 3.0 + 1e-4;
        (near(f)
            && !all
                .iter()
                .any(|g| g.on_board() && g.side == f.side && g.id != f.id && near(g)))
        .then_some((o.index, at))
    })
}

/// How far `f`, standing at `p`, would be from the objective centred at `at`.
pub(super) fn away_from(f: &FighterView, p: Vec3, at: Vec3) -> f32 {
    distance_to_point(&Base::new(f.profile.base, p, f.facing), at)
}

/// Would `f` at `p` stay within 3" of the objective it holds (`hold`, if any)?
pub(super) fn keeps_hold(hold: Option<(usize, Vec3)>, f: &FighterView, p: Vec3) -> bool {
    hold.is_none_or(|(_, at)| away_from(f, p, at) <= 3.0)
}
