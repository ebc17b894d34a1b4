//! Setting up a battle (SET-2..SET-6, SOLO-S2, SOLO-S3): priority roll, solo battle groups,
//! red/blue choice, alternating deployment of battle groups, reserves held back.

use crate::model::RuleId;
use crate::model::ids::Side;
use crate::model::runemark::Runemark;
use bevy::prelude::*;

use crate::battlefield::footprint::Footprint;
use crate::battlefield::spots::SpotFinder;
use crate::battlefield::standing::Standing;
use crate::model::components::*;
use crate::model::dice::{DiceRng, roll_off};
use crate::model::formats::{
    Colour, Controller, DeploymentPoint, GroupName, Mode, Point2, TerrainPiece, TwistEffect,
};
use crate::model::ruleset::Ruleset;
use crate::rules::command::Rejected;
use crate::rules::log::{BattleLog, Event, Placed, Spot};
use crate::rules::solo_setup::form_solo_groups;
use crate::rules::state::Engine;

/// Runs SET-2..SET-6 on a spawned battle as far as it goes without a choice: the priority
/// roll and (solo mode) the automated warband's groups and colours, then deployment. In a
/// standard battle the priority player then chooses red or blue (SET-5, a
/// [`crate::rules::command::Command::ChooseColour`]); deployment follows that choice. Returns
/// the side that chooses its colour, or `None` when setup is complete (every fighter of a
/// round-1 group `Presence::Deployed`, every reserve fighter `Presence::Reserve`).
pub fn run_setup(world: &mut World) -> Option<Side> {
    let mode = world.resource::<BattleInfo>().mode;
    let priority = priority_roll(world);
    world.resource_mut::<BattleInfo>().priority = Some(priority);
    if mode != Mode::Solo {
        return Some(priority);
    }
    // SOLO-S2: the automated warband's groups are rolled; SOLO-S3: it deploys red.
    let ai_side = world
        .resource::<BattleInfo>()
        .sides
        .iter()
        .position(|s| s.controller == Controller::Ai)
        .map(Side::from_index);
    if let Some(ai) = ai_side {
        roll_solo_groups(world, ai);
    }
    let human = world
        .resource::<BattleInfo>()
        .sides
        .iter()
        .position(|s| s.controller == Controller::Human)
        .unwrap_or(0);
    let mut colours = [Colour::Red; 2];
    colours[human] = Colour::Blue;
    set_colours(world, colours, RuleId::SoloS3);
    None
}

/// SET-5: the priority player's choice of colour, then SET-6 deployment.
pub fn choose_colour(
    world: &mut World,
    priority: Side,
    side: Side,
    colour: Colour,
) -> Result<(), Rejected> {
    if side != priority {
        return Err(Rejected::new(
            RuleId::Set5,
            "the priority player chooses the colour",
        ));
    }
    let other = match colour {
        Colour::Red => Colour::Blue,
        Colour::Blue => Colour::Red,
    };
    let mut colours = [other; 2];
    colours[side] = colour;
    set_colours(world, colours, RuleId::Set5);
    Ok(())
}

/// Records each side's colour, logs it, and deploys (SET-6: alternating by group, priority
/// player first, Dagger, Shield, Hammer).
fn set_colours(world: &mut World, colours: [Colour; 2], rule: RuleId) {
    let priority = world.resource::<BattleInfo>().priority.unwrap_or(Side::A);
    {
        let mut info = world.resource_mut::<BattleInfo>();
        info.sides[0].colour = Some(colours[0]);
        info.sides[1].colour = Some(colours[1]);
        let event = Event::Colours {
            red: colours
                .iter()
                .position(|c| *c == Colour::Red)
                .map_or(Side::A, Side::from_index),
            blue: colours
                .iter()
                .position(|c| *c == Colour::Blue)
                .map_or(Side::B, Side::from_index),
        };
        world.resource_mut::<BattleLog>().event(0, &[rule], event);
    }
    let order = [priority, priority.other()];
    for group in GroupName::ALL {
        for side in order {
            deploy_group(world, side, colours[side], group);
        }
    }
}

/// SET-2: the priority roll (a roll-off, GEN-4); returns the priority player.
fn priority_roll(world: &mut World) -> Side {
    let ro = roll_off(world.resource_mut::<DiceRng>().as_mut());
    let event = Event::PriorityRoll {
        rolls: ro.rolls.clone(),
        winner: ro.winner,
    };
    world
        .resource_mut::<BattleLog>()
        .event(0, &[RuleId::Set2, RuleId::Gen4], event);
    ro.winner
}

fn roll_solo_groups(world: &mut World, ai: Side) {
    let mut q = world.query::<(Entity, &Fighter, &Side)>();
    let mut fighters: Vec<(FighterId, Entity)> = q
        .iter(world)
        .filter(|(_, _, s)| **s == ai)
        .map(|(e, f, _)| (f.id, e))
        .collect();
    fighters.sort();
    let ids: Vec<FighterId> = fighters.iter().map(|f| f.0).collect();
    let r = form_solo_groups(&ids, None, world.resource_mut::<DiceRng>().as_mut());
    for ((_, e), g) in fighters.iter().zip(&r.groups) {
        world.entity_mut(*e).insert(BattleGroup(*g));
    }
    let mut log = world.resource_mut::<BattleLog>();
    for step in r.log {
        log.event(0, &[RuleId::SoloS2], Event::SoloGroups { step });
    }
}

fn deploy_group(world: &mut World, side: Side, colour: Colour, group: GroupName) {
    let point = world
        .query::<&DeploymentMarker>()
        .iter(world)
        .find(|p| p.colour == colour && p.spec.group == group)
        .map(|p| p.spec.clone());
    let Some(point) = point else {
        return;
    };
    let mut members: Vec<(FighterId, Entity)> = world
        .query::<(Entity, &Fighter, &Side, &BattleGroup)>()
        .iter(world)
        .filter(|(_, _, s, g)| **s == side && g.0 == group)
        .map(|(e, f, _, _)| (f.id, e))
        .collect();
    members.sort();
    if members.is_empty() {
        return;
    }
    if point.round > 1 {
        for (_, e) in &members {
            world
                .entity_mut(*e)
                .insert(Presence::Reserve { round: point.round });
        }
        let event = Event::Reserve {
            side,
            group,
            fighters: members.len(),
            round: point.round,
        };
        world
            .resource_mut::<BattleLog>()
            .event(0, &[RuleId::Set6, RuleId::Res1], event);
        return;
    }
    place_group(world, side, &point, &members, false);
}

/// RES-1: the reserve groups of `side` due this round arrive (the deployment card's RND2/RND3,
/// delayed by the Late Reinforcements kind of twist); returns who arrived.
pub fn arrive_reserves(world: &mut World, side: Side) -> Vec<FighterId> {
    let mut arrived = Vec::new();
    let round = world.get_resource::<Engine>().map_or(0, |e| e.round);
    let delay = match world.resource::<BattleInfo>().twist.effect {
        TwistEffect::DelayedReserves { rounds } => rounds,
        _ => 0,
    };
    let Some(colour) = world.resource::<BattleInfo>().sides[side].colour else {
        return arrived;
    };
    for group in GroupName::ALL {
        let mut members: Vec<(FighterId, Entity)> = world
            .query::<(Entity, &Fighter, &Side, &BattleGroup, &Presence)>()
            .iter(world)
            .filter(|(_, _, s, g, p)| {
                **s == side
                    && g.0 == group
                    && matches!(p, Presence::Reserve { round: r } if r + delay == round)
            })
            .map(|(e, f, _, _, _)| (f.id, e))
            .collect();
        if members.is_empty() {
            continue;
        }
        members.sort();
        let point = world
            .query::<&DeploymentMarker>()
            .iter(world)
            .find(|p| p.colour == colour && p.spec.group == group)
            .map(|p| p.spec.clone());
        let Some(point) = point else { continue };
        place_group(world, side, &point, &members, true);
        arrived.extend(members.iter().map(|(id, _)| *id));
    }
    arrived
}

/// SET-6 / RES-1 / RES-2: sets up `members` (biggest bases first) wholly within range of the
/// deployment point or of its deployment line; when there is no room, as close as possible.
fn place_group(
    world: &mut World,
    side: Side,
    point: &DeploymentPoint,
    members: &[(FighterId, Entity)],
    arriving: bool,
) {
    let rules = world.resource::<Ruleset>().clone();
    let terrain: Vec<TerrainPiece> = world
        .query::<&Terrain>()
        .iter(world)
        .map(|t| t.0.clone())
        .collect();
    let centres = deployment_centres(point);
    // Face the centre of the battlefield.
    let (cx, cz) = (rules.battlefield.0 / 2.0, rules.battlefield.1 / 2.0);
    let facing = (cx - point.position.0).atan2(cz - point.position.1) - std::f32::consts::FRAC_PI_2;
    let mut where_ = Vec::new();
    let mut spots = SpotFinder::new(
        &terrain,
        rules.battlefield,
        facing,
        standing_fighters(world),
    );
    for (id, e) in biggest_first(world, members) {
        let e = &e;
        let profile = world.get::<Profile>(*e).map(|p| p.0.clone());
        let Some(profile) = profile else { continue };
        let radius = if profile.is(Runemark::Monster) {
            rules.deploy_radius_monster
        } else {
            rules.deploy_radius
        };
        let body = profile.body_height();
        let mut find = |c: Point2, r: f32| spots.find(c, r, &profile.base, body);
        let (pos, spot) = match centres.iter().find_map(|c| find(*c, radius)) {
            Some(p) => (p, Spot::Within(p.to_array())),
            // RES-2: no legal spot wholly within: the legal spot closest to the point or line.
            None => match closest_spot(&centres, radius, find) {
                Some(p) => (p, Spot::Closest(p.to_array())),
                None => {
                    where_.push(Placed {
                        fighter: id,
                        spot: Spot::NoRoom,
                    });
                    continue;
                }
            },
        };
        spots.place(Standing {
            footprint: Footprint::base(&profile.base, (pos.x, pos.z), facing),
            y: pos.y,
            body,
        });
        where_.push(Placed { fighter: id, spot });
        world
            .entity_mut(*e)
            .insert((Position(pos), Facing(facing), Presence::Deployed));
    }
    log_placement(world, side, point, arriving, where_);
}

/// Everyone already on the battlefield, as standing places.
fn standing_fighters(world: &mut World) -> Vec<Standing> {
    world
        .query::<(&Profile, &Position, &Facing, &Presence)>()
        .iter(world)
        .filter(|(_, _, _, p)| **p == Presence::Deployed)
        .map(|(pr, pos, f, _)| Standing {
            footprint: Footprint::base(&pr.0.base, (pos.0.x, pos.0.z), f.0),
            y: pos.0.y,
            body: pr.0.body_height(),
        })
        .collect()
}

/// RES-1: the places a group is set up around: along its deployment line (every 0.5",
/// nearest the deployment point first), else the point itself.
fn deployment_centres(point: &DeploymentPoint) -> Vec<Point2> {
    if point.lines.is_empty() {
        return vec![point.position];
    }
    let mut c = Vec::new();
    for l in &point.lines {
        let len = ((l.to.0 - l.from.0).powi(2) + (l.to.1 - l.from.1).powi(2)).sqrt();
        let n = (len / 0.5).ceil().max(1.0) as usize;
        for i in 0..=n {
            let t = i as f32 / n as f32;
            c.push((
                l.from.0 + (l.to.0 - l.from.0) * t,
                l.from.1 + (l.to.1 - l.from.1) * t,
            ));
        }
    }
    let d = |q: &Point2| (q.0 - point.position.0).powi(2) + (q.1 - point.position.1).powi(2);
    c.sort_by(|a, b| d(a).total_cmp(&d(b)));
    c
}

/// Biggest bases first, so that they find room near the point; then by fighter number.
fn biggest_first(world: &World, members: &[(FighterId, Entity)]) -> Vec<(FighterId, Entity)> {
    let mut members: Vec<(FighterId, Entity)> = members.to_vec();
    let size = |e: Entity| {
        world
            .get::<Profile>(e)
            .map(|p| p.0.base.max_radius())
            .unwrap_or(0.0)
    };
    members.sort_by(|a, b| size(b.1).total_cmp(&size(a.1)).then(a.0.cmp(&b.0)));
    members
}

/// SET-6 / RES-1 / RES-2: one log line for a group set up or arriving.
fn log_placement(
    world: &mut World,
    side: Side,
    point: &DeploymentPoint,
    arriving: bool,
    placed: Vec<Placed>,
) {
    let round = world.get_resource::<Engine>().map_or(0, |e| e.round);
    let rules_ids: &[RuleId] = if !arriving {
        &[RuleId::Set6]
    } else if placed.iter().any(|p| matches!(p.spot, Spot::Closest(_))) {
        &[RuleId::Res1, RuleId::Res2]
    } else {
        &[RuleId::Res1]
    };
    let colour = world.resource::<BattleInfo>().sides[side]
        .colour
        .unwrap_or(Colour::Red);
    let event = Event::Deploy {
        side,
        group: point.group,
        colour,
        point: point.position,
        along_line: !point.lines.is_empty(),
        arriving,
        fighters: placed,
    };
    world
        .resource_mut::<BattleLog>()
        .event(round, rules_ids, event);
}

/// RES-2: the legal spot closest to any of `centres` (a deployment point, or the points of a
/// deployment line), searching ever wider rings beyond `radius` until the whole battlefield is
/// covered. `find` is [`SpotFinder::find`] with everything but the centre and the radius
/// fixed.
fn closest_spot(
    centres: &[Point2],
    radius: f32,
    mut find: impl FnMut(Point2, f32) -> Option<Vec3>,
) -> Option<Vec3> {
    let mut r = radius * 2.0;
    while r <= 80.0 {
        let best = centres
            .iter()
            .filter_map(|c| {
                let p = find(*c, r)?;
                Some(((p.x - c.0).hypot(p.z - c.1), p))
            })
            .min_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((_, p)) = best {
            return Some(p);
        }
        r *= 2.0;
    }
    None
}
