//! ABL-5: an enemy set up again near the fighter whose ability picked it.

use super::*;
use crate::battlefield::Battlefield;
use crate::battlefield::measure::Base;
use crate::battlefield::nav::Mover;

/// ABL-5: fighter `t` is removed and set up within `within` inches of `f`: on a place where
/// its base fits (clear of other fighters and terrain), the one nearest where it stood. What
/// happened, in words for the log.
pub(super) fn set_up_near(world: &mut World, f: &FighterView, t: u32, within: f32) -> String {
    let Some(tv) = state::fighter(world, t).filter(|t| t.on_board()) else {
        return format!("fighter {t} is not on the battlefield");
    };
    let all = state::fighters(world);
    let others = state::blockers(&all, tv.id);
    let rules = world.resource::<crate::model::ruleset::Ruleset>().clone();
    // Anywhere it could get to flying, from where it stands to past the picker.
    let flyer = Mover {
        can_fly: true,
        ..tv.mover(&rules)
    };
    let budget = distance(&tv.base(), &f.base()) + within + 2.0 * flyer.base.max_radius() + 1.0;
    let spot = world
        .resource::<Battlefield>()
        .nav
        .reachable(&flyer, tv.pos, budget, &others, true)
        .into_iter()
        .map(|(p, _)| p)
        .filter(|p| {
            distance(&Base::new(tv.profile.base, *p, tv.facing), &f.base()) <= within + 1e-4
        })
        .min_by(|a, b| {
            a.distance(tv.pos)
                .total_cmp(&b.distance(tv.pos))
                .then(a.x.total_cmp(&b.x))
                .then(a.z.total_cmp(&b.z))
        });
    match spot {
        Some(p) => {
            world.entity_mut(tv.entity).insert(Position(p));
            format!(
                "{} is set up within {within}\" of {}, {}",
                tv.name,
                f.name,
                world
                    .resource::<crate::rules::log::BattleLog>()
                    .names
                    .place(&p.to_array())
            )
        }
        None => format!(
            "no room for {} within {within}\" of {}: it stays where it is",
            tv.name, f.name
        ),
    }
}
