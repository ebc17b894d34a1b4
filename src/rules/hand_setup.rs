//! SET-6 by hand: when the setup screen asks for it (`Choices::deploy_by_hand`), each side a
//! person plays sets up its own fighters before round 1. Every group is first set up as the
//! automatic deployment would (so "deploy the rest for me" is the spots already taken); then
//! the side moves any of its round-1 fighters to another spot wholly within range of its
//! group's deployment point (SET-6: 3", a monster 5" [cfg]), snapped to the nearest place a
//! base can stand, and says when it is done. RES-1 by hand the same way: the reserves that
//! arrive in a round are set up as the automatic arrival would, then their side may move them
//! within range of their point or line before the combat phase.

use crate::model::ids::FighterId;
use crate::model::ids::Side;
use crate::model::runemark::Runemark;
use bevy::prelude::*;

use crate::battlefield::footprint::Footprint;
use crate::battlefield::spots::SpotFinder;
use crate::battlefield::standing::Standing;
use crate::model::RuleId;
use crate::model::components::*;
use crate::model::formats::{Controller, DeploymentPoint, Point2, TerrainPiece};
use crate::model::ruleset::Ruleset;
use crate::rules::command::Rejected;
use crate::rules::state::{Engine, Pending};

/// How far from the spot asked for a fighter may be snapped to the nearest legal place.
const SNAP: f32 = 0.5;

/// The sides that set up by hand, priority player first.
fn hand_sides(world: &World) -> Vec<Side> {
    let info = world.resource::<BattleInfo>();
    if !info.choices.deploy_by_hand {
        return vec![];
    }
    let first = info.priority.unwrap_or(Side::A);
    [first, first.other()]
        .into_iter()
        .filter(|s| info.sides[*s].controller == Controller::Human)
        .collect()
}

/// After the automatic set-up: the first side that sets up by hand; `None` when none does
/// (round 1 may begin).
pub fn first_hand_side(world: &World) -> Option<Side> {
    hand_sides(world).first().copied()
}

/// SET-6: the side is done; the next side that sets up by hand, or `None` (round 1 begins).
pub fn done(world: &mut World, pending: Side, side: Side) -> Result<Option<Side>, Rejected> {
    if side != pending {
        return Err(Rejected::new(RuleId::Set6, "the other side is setting up"));
    }
    let sides = hand_sides(world);
    let at = sides.iter().position(|s| *s == side);
    Ok(at.and_then(|i| sides.get(i + 1)).copied())
}

/// RES-1: the fighters that arrived from reserve this round, which their side may still move
/// (set by the reserve phase; emptied when the combat phase begins).
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct Arrived(pub Vec<FighterId>);

/// RES-1 by hand, after the reserves due arrived: the first side in `order` that sets up by
/// hand and has fighters that arrived; `None` when none has (combat may begin).
pub fn begin_reserves(world: &mut World, order: [Side; 2]) -> Option<Side> {
    let hand = hand_sides(world);
    let waiting = order
        .into_iter()
        .find(|s| hand.contains(s) && !movable_arrivals(world, *s).is_empty());
    if waiting.is_none() {
        world.insert_resource(Arrived::default());
    }
    waiting
}

/// RES-1: the side is done setting up its reserves; the other side, which sets up its own
/// next, or `None`: the initiative side picks who goes first (CMB-1).
pub fn reserves_done(
    world: &mut World,
    pending: Side,
    side: Side,
) -> Result<Option<Side>, Rejected> {
    if side != pending {
        return Err(Rejected::new(RuleId::Res1, "the other side is setting up"));
    }
    let other = side.other();
    let hand = hand_sides(world);
    // The other side sets up after this one only when it has not already.
    let first = crate::rules::state::simultaneous_first(world);
    if side == first && hand.contains(&other) && !movable_arrivals(world, other).is_empty() {
        return Ok(Some(other));
    }
    world.insert_resource(Arrived::default());
    Ok(None)
}

/// The fighters side `side` may still move now: round 1's set up before the battle (SET-6),
/// the reserves that just arrived in the reserve phase (RES-1).
pub fn movable(world: &mut World, side: Side) -> Vec<FighterId> {
    if matches!(world.resource::<Engine>().pending, Pending::Arrive { .. }) {
        return movable_arrivals(world, side);
    }
    let mut ids: Vec<FighterId> = world
        .query::<(&Fighter, &Side, &Presence)>()
        .iter(world)
        .filter(|(_, s, p)| **s == side && **p == Presence::Deployed)
        .map(|(f, ..)| f.id)
        .collect();
    ids.sort();
    ids
}

/// RES-1: the side's fighters that arrived this round.
fn movable_arrivals(world: &mut World, side: Side) -> Vec<FighterId> {
    let arrived = world.get_resource::<Arrived>().cloned().unwrap_or_default();
    let mut ids: Vec<FighterId> = world
        .query::<(&Fighter, &Side)>()
        .iter(world)
        .filter(|(f, s)| **s == side && arrived.0.contains(&f.id))
        .map(|(f, _)| f.id)
        .collect();
    ids.sort();
    ids
}

/// SET-6: moves `fighter` to the legal place nearest `to` (within [`SNAP`]), when that place
/// is wholly within range of its group's deployment point.
pub fn place(
    world: &mut World,
    side: Side,
    fighter: FighterId,
    to: [f32; 3],
) -> Result<(), Rejected> {
    let rule = match world.resource::<Engine>().pending {
        Pending::Arrive { .. } => RuleId::Res1,
        _ => RuleId::Set6,
    };
    if !movable(world, side).contains(&fighter) {
        return Err(Rejected::new(
            rule,
            "only your own fighters being set up now can be moved",
        ));
    }
    let (entity, group, profile) = world
        .query::<(Entity, &Fighter, &Side, &BattleGroup, &Presence, &Profile)>()
        .iter(world)
        .find(|(_, f, s, _, p, _)| f.id == fighter && **s == side && **p == Presence::Deployed)
        .map(|(e, _, _, g, _, pr)| (e, g.0, pr.0.clone()))
        .ok_or_else(|| Rejected::new(rule, "only your own fighters already set up can be moved"))?;
    let colour = world.resource::<BattleInfo>().sides[side].colour;
    let point = world
        .query::<&DeploymentMarker>()
        .iter(world)
        .find(|m| Some(m.colour) == colour && m.spec.group == group)
        .map(|m| m.spec.clone())
        .ok_or_else(|| Rejected::new(rule, "its group has no deployment point"))?;
    let rules = world.resource::<Ruleset>().clone();
    let range = if profile.is(Runemark::Monster) {
        rules.deploy_radius_monster
    } else {
        rules.deploy_radius
    };
    let base_r = profile.base.max_radius();
    let from_zone = zone_gap(&point, (to[0], to[2]));
    if from_zone + base_r > range + 1e-3 {
        return Err(Rejected::new(
            rule,
            format!(
                "that spot is outside its deployment zone: a {group} fighter sets up wholly \
                 within {range}\" of its {} deployment point",
                colour.map_or("own".into(), |c| c.to_string()),
            ),
        ));
    }
    let terrain: Vec<TerrainPiece> = world
        .query::<&Terrain>()
        .iter(world)
        .map(|t| t.0.clone())
        .collect();
    let facing = world.get::<Facing>(entity).map_or(0.0, |f| f.0);
    let others = standing_except(world, fighter);
    let mut spots = SpotFinder::new(&terrain, rules.battlefield, facing, others);
    let snap = spots
        .find(
            (to[0], to[2]),
            base_r + SNAP,
            &profile.base,
            profile.body_height(),
        )
        .filter(|p| zone_gap(&point, (p.x, p.z)) + base_r <= range + 1e-3)
        .ok_or_else(|| {
            Rejected::new(
                rule,
                "there is no room for its base there: another fighter or terrain is in the way",
            )
        })?;
    world.entity_mut(entity).insert(Position(snap));
    let at = snap.to_array();
    crate::rules::state::log(
        world,
        &[rule],
        crate::rules::log::Event::SetUpByHand { fighter, at },
    );
    Ok(())
}

/// How far `p` is, horizontally, from the deployment point or its nearest deployment line.
fn zone_gap(point: &DeploymentPoint, p: Point2) -> f32 {
    let to_point = (p.0 - point.position.0).hypot(p.1 - point.position.1);
    point
        .lines
        .iter()
        .map(|l| segment_gap(l.from, l.to, p))
        .fold(to_point, f32::min)
}

fn segment_gap(a: Point2, b: Point2, p: Point2) -> f32 {
    let (dx, dz) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dz * dz;
    let t = if len2 == 0.0 {
        0.0
    } else {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dz) / len2).clamp(0.0, 1.0)
    };
    (p.0 - a.0 - t * dx).hypot(p.1 - a.1 - t * dz)
}

/// Every fighter standing on the battlefield but `fighter`.
fn standing_except(world: &mut World, fighter: FighterId) -> Vec<Standing> {
    world
        .query::<(&Fighter, &Profile, &Position, &Facing, &Presence)>()
        .iter(world)
        .filter(|(f, .., p)| f.id != fighter && **p == Presence::Deployed)
        .map(|(_, pr, pos, f, _)| Standing {
            footprint: Footprint::base(&pr.0.base, (pos.0.x, pos.0.z), f.0),
            y: pos.0.y,
            body: pr.0.body_height(),
        })
        .collect()
}
