//! The move action (MOVE-1..MOVE-10): validating a route (descend, waypoints, short moves,
//! long climbs) and moving along it, with treasure picked up on the way (GEN-8).

use crate::battlefield::Battlefield;
use crate::battlefield::measure::{Base, distance_to_point};
use crate::battlefield::moves::{engaged_end_allowed, path_enters_deadly};
use crate::battlefield::nav::{Descend, Goal, Path, StepKind};
use crate::model::RuleId;
use crate::model::components::Position;
use crate::model::effects::Restriction;
use crate::model::ids::FighterId;
use crate::model::ruleset::Ruleset;
use crate::rules::actions::{
    EPS, enemy_bases, ground_tokens, impact, rules, set_treasure, token_at, token_picked_up,
    treasure_event, v3,
};
use crate::rules::command::Rejected;
use crate::rules::log::{Event, ImpactCause};
use crate::rules::state::{FighterView, blockers, log};
use bevy::prelude::*;

/// How a move goes: how it gets down from higher surfaces and the waypoints it passes through
/// (MOVE-5: the mover's choices).
#[derive(Debug, Clone, Copy, Default)]
pub struct Route<'a> {
    pub descend: Option<Descend>,
    pub via: &'a [[f32; 3]],
    /// GEN-8: pick up a treasure it comes within 1" of.
    pub pick_up: bool,
    /// GEN-8: the treasure it picks up when it comes within 1" of more than one (none: the
    /// first).
    pub treasure: Option<usize>,
    /// ABL-5: the enemy an effect waiting for the move picks (none: the nearest).
    pub pick: Option<FighterId>,
}

/// MOVE-1..MOVE-3: the path of a legal move of `f` to `to` with `budget` inches by the shortest
/// way, or why not.
pub fn validate_move(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    to: Vec3,
    budget: f32,
) -> Result<Path, Rejected> {
    let route = Route {
        pick_up: true,
        ..Route::default()
    };
    validate_route(world, all, f, to, budget, route)
}

/// [`validate_move`] along the mover's chosen [`Route`].
pub fn validate_route(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    to: Vec3,
    budget: f32,
    route: Route,
) -> Result<Path, Rejected> {
    crate::rules::effects::not_barred(world, f, Restriction::Move)?;
    let path = path_within(world, all, f, to, budget, route)?;
    let at = path.end().unwrap_or(f.pos);
    let end_base = Base::new(f.profile.base, at, f.facing);
    crate::rules::effects::held_to(world, all, f, &end_base)?;
    if !engaged_end_allowed(&f.base(), &end_base, &enemy_bases(all, f.side))
        && !crate::rules::effects::moves_while_engaged(world, f.id)
    {
        return Err(Rejected::new(
            RuleId::Move3,
            format!(
                "{} started within 1\" of an enemy and would end farther from it: that needs a disengage",
                f.name
            ),
        ));
    }
    Ok(path)
}

/// ABL-5: the path of a move of `f` by hand, for a not-automated ability: up to `budget`
/// inches to `to` by the shortest way (MOVE-1, MOVE-5), wherever enemies stand; it picks up
/// no treasure and may not end touching any (GEN-8).
pub fn validate_hand_move(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    to: Vec3,
    budget: f32,
) -> Result<Path, Rejected> {
    let path = path_within(world, all, f, to, budget, Route::default())?;
    // MOVE-8 only makes the active fighter fall when its activation ends: another fighter
    // moved by hand may not be left hanging on a climb.
    let end = path.end().unwrap_or(f.pos);
    let bf = world.resource::<Battlefield>();
    if bf.nav.hanging_on(&f.mover(&rules(world)), end).is_some() {
        return Err(Rejected::new(
            RuleId::Move5,
            format!(
                "{} would end part-way up a climb: by hand it must end standing",
                f.name
            ),
        ));
    }
    Ok(path)
}

/// MOVE-1, MOVE-2, MOVE-5, GEN-8: the path along `route` to `to` within `budget` inches, not
/// ending on a treasure it does not pick up.
fn path_within(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    to: Vec3,
    budget: f32,
    route: Route,
) -> Result<Path, Rejected> {
    let mut path = Path::default();
    let mut at = f.pos;
    for p in route.via.iter().map(|p| v3(*p)).chain(std::iter::once(to)) {
        let leg = leg_path(world, all, f, at, p, budget - path.cost, route.descend)?;
        at = leg.end().unwrap_or(at);
        path.steps.extend(leg.steps);
        path.cost += leg.cost;
    }
    if path.cost > budget + EPS {
        return Err(Rejected::new(
            RuleId::Move1,
            format!(
                "{} can't reach that spot: it is {}\" away and {} has {}\"",
                f.name,
                inches_over(path.cost),
                f.name,
                inches(budget)
            ),
        ));
    }
    let end_base = Base::new(f.profile.base, at, f.facing);
    let picked = token_picked_up(world, f, &path, route.pick_up, route.treasure);
    if let Some(i) = route.treasure
        && route.pick_up
        && picked != Some(i)
    {
        return Err(Rejected::new(
            RuleId::Gen8,
            format!(
                "{} can't pick up treasure {}: the move doesn't come within 1\" of it on the \
                 ground, or {} can't carry it",
                f.name,
                i + 1,
                f.name
            ),
        ));
    }
    let radius = world.resource::<Ruleset>().treasure_token_radius;
    if let Some(t) = ground_tokens(world)
        .into_iter()
        .filter(|t| Some(t.index) != picked)
        .find(|t| distance_to_point(&end_base, token_at(t)) < radius - 1e-4)
    {
        return Err(Rejected::new(
            RuleId::Gen8,
            format!(
                "{} may pass over treasure {} but not end its move touching it",
                f.name,
                t.index + 1
            ),
        ));
    }
    Ok(path)
}

/// One leg of a move, from `from` to `to`, with `budget` inches left.
pub(super) fn leg_path(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    from: Vec3,
    to: Vec3,
    budget: f32,
    descend: Option<Descend>,
) -> Result<Path, Rejected> {
    let bf = world
        .get_resource::<Battlefield>()
        .ok_or_else(|| Rejected::new(RuleId::Move2, "the battlefield is not built yet"))?;
    let mover = f.mover(&rules(world));
    let others = blockers(all, f.id);
    let search = |avoid_deadly: bool, others: &[Base]| {
        bf.nav.shortest_path_descending(
            &mover,
            from,
            Goal::Point(to),
            others,
            avoid_deadly,
            descend,
        )
    };
    // MOVE-10: the fighter goes round deadly terrain when that way fits its Move; the
    // shortest way (through it, taking the impact) only when it does not.
    let path = search(true, &others)
        .filter(|p| p.cost <= budget + EPS)
        .or_else(|| search(false, &others))
        .ok_or_else(|| {
            // MOVE-2: say what stands in the way, fighters or the terrain itself.
            let why = match search(false, &[]) {
                Some(_) => "other fighters' bases block every way there".to_string(),
                None => format!(
                    "no way over or round the terrain leads to that spot, {}\" away as the \
                     crow flies",
                    inches(from.distance(to))
                ),
            };
            Rejected::new(RuleId::Move2, format!("{} can't get there: {why}", f.name))
        })?;
    let end = path.end().unwrap_or(from);
    if end.distance(to) > 0.05 {
        return Err(Rejected::new(
            RuleId::Move2,
            format!(
                "{} can't stand there: its base doesn't fit on that spot",
                f.name
            ),
        ));
    }
    Ok(path)
}

/// MOVE-10, for the move preview: does the fighter `f` enter deadly terrain on `path` (the
/// move ends with an impact roll)?
pub fn path_is_deadly(world: &World, f: &FighterView, path: &Path) -> bool {
    let Some(bf) = world.get_resource::<Battlefield>() else {
        return false;
    };
    path_enters_deadly(&bf.nav, &f.mover(&rules(world)), path)
}

/// MOVE-10, for the move preview: for each place, whether `f`'s base standing there touches
/// deadly terrain (the places in reach are drawn apart where they do).
pub fn deadly_places(world: &World, f: &FighterView, places: &[[f32; 3]]) -> Vec<bool> {
    let Some(bf) = world.get_resource::<Battlefield>() else {
        return vec![false; places.len()];
    };
    let r = f.profile.base.max_radius();
    places
        .iter()
        .map(|p| bf.nav.touches_deadly(p[1], Vec2::new(p[0], p[2]), r))
        .collect()
}

/// A distance over a limit, as a player reads it: tenths rounded up, so that 6.01" past a 6"
/// range reads "6.1"", never a "6"" that looks within it.
pub fn inches_over(x: f32) -> String {
    inches(((x - 1e-4) * 10.0).ceil() / 10.0)
}

/// Inches for people: one decimal, none when whole (`5.5`, `4`).
pub fn inches(x: f32) -> String {
    let r = (x * 10.0).round() / 10.0;
    if (r - r.round()).abs() < 1e-4 {
        format!("{}", r.round() as i64)
    } else {
        format!("{r:.1}")
    }
}

pub(super) fn path_points(path: &Path, from: Vec3) -> Vec<[f32; 3]> {
    let mut pts = vec![from.to_array()];
    pts.extend(path.steps.iter().map(|s| s.to.to_array()));
    pts
}

pub(crate) fn do_move(
    world: &mut World,
    f: &FighterView,
    path: &Path,
    pick_up: bool,
    treasure: Option<usize>,
) {
    let r = rules(world);
    let end = path.end().unwrap_or(f.pos);
    world.entity_mut(f.entity).insert(Position(end));
    let mut ids = vec![RuleId::Move1];
    if path.steps.iter().any(|s| s.kind != StepKind::Walk) {
        ids.push(if path.steps.iter().any(|s| s.kind == StepKind::Fly) {
            RuleId::Move7
        } else {
            RuleId::Move5
        });
    }
    log(
        world,
        &ids,
        Event::Move {
            fighter: f.id,
            path: path_points(path, f.pos),
            steps: path.steps.iter().map(|s| s.kind).collect(),
            cost: path.cost,
        },
    );
    // GEN-8: picks up the treasure chosen, or the first it comes within 1" of.
    if let Some(index) = token_picked_up(world, f, path, pick_up, treasure) {
        let at = ground_tokens(world)
            .iter()
            .find(|t| t.index == index)
            .map_or(end, token_at);
        set_treasure(world, index, |tr| tr.carrier = Some(f.id));
        treasure_event(world, f.id, index, true, at);
    }
    // MOVE-6 / MOVE-9: jumping down far enough hurts; MOVE-10: so does deadly terrain.
    let mover = f.mover(&r);
    let (drops, deadly) = {
        let bf = world.resource::<Battlefield>();
        (
            path.impacts(r.jump_impact_height),
            path_enters_deadly(&bf.nav, &mover, path),
        )
    };
    for d in drops {
        impact(
            world,
            f.id,
            &[RuleId::Move6, RuleId::Move9],
            ImpactCause::JumpDown { height: d },
        );
    }
    if deadly {
        impact(
            world,
            f.id,
            &[RuleId::Move10, RuleId::Move9],
            ImpactCause::DeadlyTerrain,
        );
    }
}

pub(super) fn sample_path(path: &Path, from: Vec3) -> Vec<Vec3> {
    let mut out = vec![from];
    for s in &path.steps {
        let n = ((s.from.distance(s.to) / 0.25).ceil() as usize).max(1);
        out.extend((1..=n).map(|i| s.from.lerp(s.to, i as f32 / n as f32)));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{inches, inches_over};

    #[test]
    fn atk2_move1_a_distance_past_a_limit_never_reads_as_within_it() {
        // 6.01" beyond a 6" range (ATK-2) reads 6.1", not "6"; 8.76" reads 8.8".
        assert_eq!(inches_over(6.01), "6.1");
        assert_eq!(inches_over(8.76), "8.8");
        assert_eq!(inches_over(5.0), "5");
        assert_eq!(inches(5.54), "5.5");
        assert_eq!(inches(4.0), "4");
    }
}
