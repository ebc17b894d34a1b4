//! ABL-5: an enemy set up again near the fighter whose ability picked it.

use crate::battlefield::Battlefield;
use crate::battlefield::measure::{Base, distance};
use crate::battlefield::nav::Mover;
use crate::model::RuleId;
use crate::model::components::Position;
use crate::model::ids::FighterId;
use crate::rules::command::Rejected;
use crate::rules::log::EffectOutcome;
use crate::rules::state;
use crate::rules::state::FighterView;
use bevy::prelude::*;

/// ABL-5: the places fighter `t` may be set up within `within` inches of `f`: where its base
/// fits, clear of other fighters and terrain, nearest where it stood first.
pub fn set_up_spots(world: &mut World, f: &FighterView, t: &FighterView, within: f32) -> Vec<Vec3> {
    let all = state::fighters(world);
    let others = state::blockers(&all, t.id);
    let rules = world.resource::<crate::model::ruleset::Ruleset>().clone();
    // Anywhere it could get to flying, from where it stands to past the picker.
    let flyer = Mover {
        can_fly: true,
        ..t.mover(&rules)
    };
    let budget = distance(&t.base(), &f.base()) + within + 2.0 * flyer.base.max_radius() + 1.0;
    let mut spots: Vec<Vec3> = world
        .resource::<Battlefield>()
        .nav
        .reachable(&flyer, t.pos, budget, &others, true)
        .into_iter()
        .map(|(p, _)| p)
        .filter(|p| distance(&Base::new(t.profile.base, *p, t.facing), &f.base()) <= within + 1e-4)
        .collect();
    spots.sort_by(|a, b| {
        a.distance(t.pos)
            .total_cmp(&b.distance(t.pos))
            .then(a.x.total_cmp(&b.x))
            .then(a.z.total_cmp(&b.z))
    });
    spots
}

/// ABL-5: is `at` a place the ability's set-up (within `within` inches of `f`, none: it sets
/// nobody up) may put the enemy `aimed`? Checked before the ability is paid for.
pub(crate) fn check_place(
    world: &mut World,
    f: &FighterView,
    within: Option<f32>,
    aimed: Option<FighterId>,
    at: Vec3,
) -> Result<(), Rejected> {
    let Some(within) = within else {
        return Err(Rejected::new(RuleId::Abl5, "this ability sets nobody up"));
    };
    let t = aimed.and_then(|t| state::fighter(world, t).filter(|t| t.on_board()));
    let Some(t) = t else {
        return Err(Rejected::new(RuleId::Abl5, "nobody in reach to set up"));
    };
    if set_up_spots(world, f, &t, within)
        .iter()
        .any(|p| p.distance(at) <= 0.3)
    {
        return Ok(());
    }
    Err(Rejected::new(
        RuleId::Abl5,
        format!(
            "{} can't be set up there: within {within}\" of {}, where its base fits",
            t.name, f.name
        ),
    ))
}

/// ABL-5: fighter `t` is removed and set up within `within` inches of `f`: at the place its
/// player picked (`place`, checked before), or the place nearest where it stood. What
/// happened, for the log.
pub(super) fn set_up_near(
    world: &mut World,
    f: &FighterView,
    t: FighterId,
    within: f32,
    place: Option<Vec3>,
) -> EffectOutcome {
    let Some(tv) = state::fighter(world, t).filter(|t| t.on_board()) else {
        return EffectOutcome::SetUp {
            fighter: t,
            within,
            at: None,
            gone: true,
        };
    };
    let spots = set_up_spots(world, f, &tv, within);
    let spot = match place {
        Some(at) => spots
            .iter()
            .copied()
            .min_by(|a, b| a.distance(at).total_cmp(&b.distance(at))),
        None => spots.first().copied(),
    };
    if let Some(p) = spot {
        world.entity_mut(tv.entity).insert(Position(p));
    }
    EffectOutcome::SetUp {
        fighter: t,
        within,
        at: spot.map(|p| p.to_array()),
        gone: false,
    }
}
