//! ABL-5: a fighter set up again: an enemy near the fighter whose ability picked it, or the
//! fighter itself anywhere more than so far from every enemy.

use crate::battlefield::Battlefield;
use crate::battlefield::measure::{Base, distance};
use crate::battlefield::nav::Mover;
use crate::model::RuleId;
use crate::model::components::Position;
use crate::model::effects::{Effect, Placing};
use crate::model::ids::FighterId;
use crate::rules::command::Rejected;
use crate::rules::log::EffectOutcome;
use crate::rules::state;
use crate::rules::state::FighterView;
use bevy::prelude::*;

/// ABL-5: the places fighter `t` may be set up by `f`'s ability as `placing` says: where its
/// base fits, clear of other fighters and terrain, nearest where it stood first.
pub fn set_up_spots(
    world: &mut World,
    f: &FighterView,
    t: &FighterView,
    placing: Placing,
) -> Vec<Vec3> {
    let all = state::fighters(world);
    if let Placing::Point { within, .. } = placing {
        return super::point::spots(world, &all, f, within);
    }
    let others = state::blockers(&all, t.id);
    let rules = world.resource::<crate::model::ruleset::Ruleset>().clone();
    // Anywhere it could get to flying, from where it stands to past the picker (or, set up
    // anywhere, across the whole battlefield).
    let flyer = Mover {
        can_fly: true,
        fly_rise: None,
        ..t.mover(&rules)
    };
    let budget = match placing {
        Placing::Near { within } => {
            distance(&t.base(), &f.base()) + within + 2.0 * flyer.base.max_radius() + 1.0
        }
        // A fighter taken down is searched for from where it fell, across the battlefield.
        Placing::Anywhere { .. }
        | Placing::PickedAnywhere { .. }
        | Placing::Wholly { .. }
        | Placing::Point { .. } => 200.0,
    };
    let enemies: Vec<Base> = (all.iter())
        .filter(|o| o.on_board() && o.side != t.side)
        .map(FighterView::base)
        .collect();
    let fits = |p: &Vec3| {
        let b = Base::new(t.profile.base, *p, t.facing);
        match placing {
            Placing::Near { within } => distance(&b, &f.base()) <= within + 1e-4,
            // Wholly within: its far side too, across the base's widest.
            Placing::Wholly { within } => {
                distance(&b, &f.base()) + 2.0 * t.profile.base.max_radius() <= within + 1e-4
            }
            Placing::Anywhere {
                away, floor_only, ..
            } => {
                (!floor_only || p.y < 0.01)
                    && away.is_none_or(|a| enemies.iter().all(|e| distance(&b, e) > a + 1e-4))
            }
            Placing::PickedAnywhere { away } => {
                enemies.iter().all(|e| distance(&b, e) > away + 1e-4)
            }
            Placing::Point { .. } => false,
        }
    };
    let mut spots: Vec<Vec3> = world
        .resource::<Battlefield>()
        .nav
        .reachable(&flyer, t.pos, budget, &others, true)
        .into_iter()
        .map(|(p, _)| p)
        .filter(fits)
        .collect();
    spots.sort_by(|a, b| {
        a.distance(t.pos)
            .total_cmp(&b.distance(t.pos))
            .then(a.x.total_cmp(&b.x))
            .then(a.z.total_cmp(&b.z))
    });
    spots
}

/// ABL-5: is `at` a place the ability's set-up (`placing`; none: it sets nobody up) may put
/// its fighter (the enemy `aimed`, or `f` itself)? Checked before the ability is paid for.
pub(crate) fn check_place(
    world: &mut World,
    f: &FighterView,
    placing: Option<Placing>,
    aimed: Option<FighterId>,
    at: Vec3,
) -> Result<(), Rejected> {
    let Some(placing) = placing else {
        return Err(Rejected::new(RuleId::Abl5, "this ability sets nobody up"));
    };
    if let Placing::Point { within, .. } = placing {
        return super::point::check(world, f, within, at);
    }
    let who = match placing.places_self() {
        false => aimed,
        true => Some(f.id),
    };
    // A friend taken down is set up again (Placing::Wholly, or a revival's PickedAnywhere).
    let t = who.and_then(|t| state::fighter(world, t).filter(|t| t.on_board() || t.is_down()));
    let Some(t) = t else {
        return Err(Rejected::new(RuleId::Abl5, "nobody in reach to set up"));
    };
    if set_up_spots(world, f, &t, placing)
        .iter()
        .any(|p| p.distance(at) <= 0.3)
    {
        return Ok(());
    }
    Err(Rejected::new(
        RuleId::Abl5,
        format!(
            "{} can't be set up there: {}, where its base fits",
            t.name,
            placing.words()
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
    placing: Placing,
    place: Option<Vec3>,
) -> EffectOutcome {
    let within = match placing {
        Placing::Near { within } | Placing::Wholly { within } => within,
        _ => 0.0,
    };
    let Some(tv) = state::fighter(world, t).filter(|t| t.on_board()) else {
        return EffectOutcome::SetUp {
            fighter: t,
            within,
            at: None,
            gone: true,
        };
    };
    let spots = set_up_spots(world, f, &tv, placing);
    let spot = nearest(&spots, place).or_else(|| spots.first().copied());
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

/// ABL-5: the friend its player picked (`picks.target`) set up again within the effect's
/// reach of `f`, at the place picked (or nearest where it stood).
pub(super) fn friend_set_up(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    picks: super::Picks,
) -> Option<EffectOutcome> {
    let Some(t) = picks.target else {
        return Some(EffectOutcome::NoFriendInReach);
    };
    match *e {
        Effect::FriendSetUp { .. } => {
            let placing = e.placing()?;
            Some(set_up_near(world, f, t, placing, picks.place))
        }
        Effect::FriendRelocate { away, .. } => {
            let tv = state::fighter(world, t).filter(|t| t.on_board())?;
            let spots = set_up_spots(world, f, &tv, Placing::PickedAnywhere { away });
            let spot = nearest(&spots, picks.place).or_else(|| spots.first().copied());
            if let Some(p) = spot {
                world.entity_mut(tv.entity).insert(Position(p));
            }
            Some(EffectOutcome::Relocated {
                fighter: Some(t),
                at: spot.map(|p| p.to_array()),
            })
        }
        _ => None,
    }
}

/// The spot of `spots` nearest the place picked, else nearest the objective closest to `from`
/// (with no objectives, the first: nearest where the fighter stood).
pub(super) fn spot_for(
    world: &mut World,
    spots: &[Vec3],
    place: Option<Vec3>,
    from: Vec3,
) -> Option<Vec3> {
    let goal = state::objectives(world)
        .iter()
        .map(|o| Vec3::new(o.position.0, 0.0, o.position.1))
        .min_by(|a, b| a.distance(from).total_cmp(&b.distance(from)));
    nearest(spots, place)
        .or_else(|| nearest(spots, goal))
        .or_else(|| spots.first().copied())
}

/// The spot nearest the place picked, if one was.
pub(super) fn nearest(spots: &[Vec3], place: Option<Vec3>) -> Option<Vec3> {
    let at = place?;
    spots
        .iter()
        .copied()
        .min_by(|a, b| a.distance(at).total_cmp(&b.distance(at)))
}

/// ABL-5: `f` is removed and set up again as the card says: at the place its player picked
/// (checked before); with none, the spot nearest the closest objective (nearest where it
/// stood, with no objectives). Where it went, for the log.
pub(super) fn relocate(
    world: &mut World,
    f: &FighterView,
    (e, value): (&Effect, u8),
    place: Option<Vec3>,
) -> Option<EffectOutcome> {
    let placing = e.placing()?.at_value(value);
    let spots = set_up_spots(world, f, f, placing);
    let spot = spot_for(world, &spots, place, f.pos);
    if let Some(p) = spot {
        world.entity_mut(f.entity).insert(Position(p));
    }
    Some(EffectOutcome::Relocated {
        fighter: None,
        at: spot.map(|p| p.to_array()),
    })
}

/// In words: "it is set up again anywhere more than 3" from every enemy".
pub(super) fn relocate_text(e: &Effect, value: Option<u8>) -> String {
    let Some(placing) = e.placing() else {
        return String::new();
    };
    let placing = value.map_or(placing, |v| placing.at_value(v));
    format!("it is set up again {}", placing.words())
}

/// SOLO-C1: setting the fighter up elsewhere is worth it to get a hurt fighter (half its
/// wounds or more) away from an enemy within 1" of it, or a fighter no enemy holds to an
/// objective farther than its Move and 3" more, with no enemy within `away` of it (where it
/// can be set up near it).
pub(super) fn relocate_useful(w: &super::Weighed, away: f32) -> Option<super::Useful> {
    let hurt = 2 * w.f.damage >= w.f.profile.wounds;
    let engaged = !crate::rules::actions::enemies_within(w.all, w.f, 1.0).is_empty();
    if hurt && engaged {
        return Some(super::Useful::Because(
            "it is hurt and an enemy is within 1\" of it",
            None,
        ));
    }
    let rules = w.world.resource::<crate::model::ruleset::Ruleset>();
    let far = w.f.move_budget(rules, 0) + 3.0;
    let mut objectives = w
        .world
        .try_query::<&crate::model::components::Objective>()?;
    let at = |o: &crate::model::components::Objective| Vec3::new(o.position.0, 0.0, o.position.1);
    let goal = objectives
        .iter(w.world)
        .map(at)
        .min_by(|a, b| a.distance(w.f.pos).total_cmp(&b.distance(w.f.pos)))?;
    let free = w
        .all
        .iter()
        .filter(|o| o.on_board() && o.side != w.f.side)
        .all(|o| crate::battlefield::measure::distance_to_point(&o.base(), goal) > away + 1.0);
    let reach = crate::battlefield::measure::distance_to_point(&w.f.base(), goal);
    (!engaged && free && reach > far).then_some(super::Useful::Because(
        "it can be set up by an objective it could not reach this activation",
        None,
    ))
}

// The card's wording of this family (`card`: the language's shared pieces).

/// A set-up anywhere more than N" from all enemy fighters + "you can subtract the value of
/// this ability from that N", to a minimum of 0": N less the value (the player may, and a
/// smaller N only lets more places in).
pub(super) fn relocated_less(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let mut e = sentence(&s[0])?;
    let [
        Effect::Relocate {
            away: Some(away),
            less_value,
            ..
        },
    ] = &mut e[..]
    else {
        return None;
    };
    let less =
        format!("you can subtract the value of this ability from that {away}\", to a minimum of 0");
    (s.get(1)? == &less).then_some(())?;
    *less_value = true;
    Some((2, e))
}

/// "Remove this fighter from the battlefield, then set them up on a platform or the
/// battlefield floor, more than N" from all enemy fighters", "... and set them up anywhere on
/// the battlefield floor more than N" from any enemy fighters", "... and then immediately set
/// them up anywhere on the battlefield".
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("remove this fighter from the battlefield")?;
    let rest = [
        ", then set them up again ",
        ", then set them up ",
        ", then set this fighter up ",
        " and set them up ",
        " and then immediately set them up ",
    ]
    .iter()
    .find_map(|p| rest.strip_prefix(p))?;
    let (floor_only, rest) =
        if let Some(r) = rest.strip_prefix("on a platform or the battlefield floor") {
            (false, r)
        } else if let Some(r) = rest.strip_prefix("anywhere on the battlefield floor") {
            (true, r)
        } else {
            (false, rest.strip_prefix("anywhere on the battlefield")?)
        };
    let away = match rest {
        "" => None,
        _ => {
            let rest = (rest.strip_prefix(','))
                .or_else(|| rest.strip_prefix(" and"))
                .unwrap_or(rest);
            let v = super::card::fill(rest, " more than {n}\" from all enemy fighters")
                .or_else(|| super::card::fill(rest, " more than {n}\" from any enemy fighters"))?;
            Some(v[0] as f32)
        }
    };
    Some(vec![Effect::Relocate {
        away,
        floor_only,
        less_value: false,
    }])
}
