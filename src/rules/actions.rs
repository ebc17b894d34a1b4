//! Actions (MOVE, ATK, DIS, WAIT, GEN-8 treasure) and reactions (REA-1..REA-4): validation
//! first, then the effects, so that a rejected command changes nothing.

use bevy::prelude::*;

use crate::battlefield::Battlefield;
use crate::battlefield::measure::{Base, distance, distance_to_point};
use crate::battlefield::moves::{
    engaged_end_allowed, impact_damage, path_enters_deadly, resolve_fall,
};
use crate::battlefield::nav::{Descend, Goal, Mover, Path, StepKind};
use crate::battlefield::sight::cover;
use crate::model::components::*;
use crate::model::dice::{Dice, DiceRng};
use crate::model::formats::{BaseSize, Weapon};
use crate::model::ruleset::Ruleset;
use crate::rules::command::{Command, ReactionKind, Rejected};
use crate::rules::engine::{
    self, Bonus, Engine, FighterView, Pending, ReactionOffer, Resume, after_action, blockers,
    can_see, end_activation, fighter, fighters, log,
};
use crate::rules::log::Event;

const EPS: f32 = 1e-3;

/// ATK-3: the score needed to hit: S > T 3+, S = T 4+, S < T 5+.
pub fn hit_threshold(strength: u32, toughness: u32) -> u8 {
    match strength.cmp(&toughness) {
        std::cmp::Ordering::Greater => 3,
        std::cmp::Ordering::Equal => 4,
        std::cmp::Ordering::Less => 5,
    }
}

/// ATK-3: hits and critical hits among the rolls (a 6 is a critical hit).
pub fn count_hits(rolls: &[u8], needed: u8) -> (u32, u32) {
    let crits = rolls.iter().filter(|&&r| r == 6).count() as u32;
    let hits = rolls.iter().filter(|&&r| r >= needed && r < 6).count() as u32;
    (hits, crits)
}

/// REA-2: damage a counter deals to the attacker: 2 per unmodified 1, and 1 more when two or
/// more rolls missed.
pub fn counter_damage(rolls: &[u8], needed: u8) -> u32 {
    let ones = rolls.iter().filter(|&&r| r == 1).count() as u32;
    let misses = rolls.iter().filter(|&&r| r < needed).count();
    2 * ones + u32::from(misses >= 2)
}

fn v3(a: [f32; 3]) -> Vec3 {
    Vec3::from_array(a)
}

fn rules(world: &World) -> Ruleset {
    world.resource::<Ruleset>().clone()
}

fn enemies_within(all: &[FighterView], f: &FighterView, d: f32) -> Vec<u32> {
    all.iter()
        .filter(|o| o.on_board() && o.side != f.side && distance(&f.base(), &o.base()) <= d + 1e-4)
        .map(|o| o.id)
        .collect()
}

fn enemy_bases(all: &[FighterView], side: usize) -> Vec<Base> {
    all.iter()
        .filter(|o| o.on_board() && o.side != side)
        .map(|o| o.base())
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Dispatch
// ---------------------------------------------------------------------------------------------

/// A command while `active` is activated (CMB-2, CMB-3).
pub(crate) fn action(world: &mut World, active: u32, cmd: &Command) -> Result<(), Rejected> {
    let act = world
        .resource::<Engine>()
        .activation
        .clone()
        .ok_or_else(|| Rejected::new("CMB-2", "no fighter is activated"))?;
    let who = match cmd {
        Command::Move { fighter, .. }
        | Command::Attack { fighter, .. }
        | Command::Disengage { fighter, .. }
        | Command::Wait { fighter }
        | Command::DropTreasure { fighter, .. }
        | Command::Ability { fighter, .. }
        | Command::EndActivation { fighter } => *fighter,
        Command::Activate { fighter } => {
            return Err(Rejected::new(
                "CMB-1",
                format!(
                    "fighter {active} is still activated: fighter {fighter} must wait its turn"
                ),
            ));
        }
        other => {
            return Err(Rejected::new(
                "CMB-2",
                format!(
                    "fighter {active} is activated; {} is not an action",
                    other.describe()
                ),
            ));
        }
    };
    if who != active {
        return Err(Rejected::new(
            "CMB-2",
            format!("fighter {who} is not the active fighter ({active} is)"),
        ));
    }
    let all = fighters(world);
    let f = all
        .iter()
        .find(|f| f.id == active)
        .cloned()
        .ok_or_else(|| Rejected::new("CMB-2", "the active fighter is gone"))?;
    match cmd {
        Command::EndActivation { .. } => {
            log(
                world,
                &["CMB-2"],
                Event::Note {
                    text: format!("{} ends its activation", f.name),
                },
            );
            end_activation(world, false);
            return Ok(());
        }
        Command::Ability {
            ability,
            dice,
            target,
            ..
        } => return crate::rules::abilities::use_ability(world, &all, &f, ability, *dice, *target),
        _ => {}
    }
    // Which action this is: the pending bonus action first (ABL-3 Reckoning), else one of
    // the activation's actions.
    let bonus = act.bonus.first().copied();
    match (bonus, cmd) {
        (Some(Bonus::Move { .. }), Command::Move { .. })
        | (Some(Bonus::Attack), Command::Attack { .. }) => {}
        (Some(b), _) => {
            return Err(Rejected::new(
                "CMB-2",
                format!(
                    "the bonus {} comes first",
                    match b {
                        Bonus::Move { max } => format!("move of up to {max}\""),
                        Bonus::Attack => "attack".into(),
                    }
                ),
            ));
        }
        (None, _) if act.actions_left == 0 => {
            return Err(Rejected::new(
                "CMB-2",
                format!("{} has no actions left this activation", f.name),
            ));
        }
        _ => {}
    }
    match cmd {
        Command::Move {
            to,
            pick_up,
            descend,
            via,
            ..
        } => {
            let budget = match bonus {
                Some(Bonus::Move { max }) => max,
                _ => f.move_budget(&rules(world), act.move_bonus),
            };
            let route = Route {
                descend: *descend,
                via,
                pick_up: *pick_up,
            };
            let path = validate_route(world, &all, &f, v3(*to), budget, route)?;
            spend(world, bonus.is_some());
            do_move(world, &f, &path, *pick_up);
            after_action(world);
        }
        Command::Attack { target, weapon, .. } => {
            validate_attack(world, &all, &f, *target, *weapon)?;
            spend(world, bonus.is_some());
            start_attack(world, &f, *target, *weapon);
        }
        Command::Disengage { to, .. } => {
            validate_disengage(world, &all, &f, v3(*to))?;
            spend(world, false);
            start_disengage(world, &all, &f, *to);
        }
        Command::Wait { .. } => {
            if f.profile.has_runemark("monster") {
                return Err(Rejected::new("WAIT-1", "monsters never wait"));
            }
            let first = act.actions_taken == 0 && act.actions_left == 2 && !act.after_wait;
            spend(world, false);
            let text = if first {
                format!(
                    "{} waits: it may be activated once more this phase with 1 action",
                    f.name
                )
            } else {
                format!("{} waits: its activation ends", f.name)
            };
            log(world, &["WAIT-1"], Event::Note { text });
            end_activation(world, first);
        }
        Command::DropTreasure { at, .. } => {
            let Some(t) = f.carrying else {
                return Err(Rejected::new(
                    "GEN-8",
                    format!("{} carries no treasure", f.name),
                ));
            };
            let at = at.map(v3).unwrap_or(f.pos);
            validate_drop(world, &f, at)?;
            spend(world, false);
            drop_treasure(world, &f, t, at);
            after_action(world);
        }
        _ => unreachable!("handled above"),
    }
    Ok(())
}

fn spend(world: &mut World, bonus: bool) {
    let mut e = engine::engine(world);
    let act = e.activation.as_mut().expect("an activation");
    if bonus {
        act.bonus.remove(0);
    } else {
        act.actions_left = act.actions_left.saturating_sub(1);
        act.actions_taken += 1;
    }
}

// ---------------------------------------------------------------------------------------------
// Move (MOVE-1..MOVE-10, GEN-8)
// ---------------------------------------------------------------------------------------------

/// How a move goes: how it gets down from higher surfaces and the waypoints it passes through
/// (MOVE-5: the mover's choices).
#[derive(Debug, Clone, Copy, Default)]
pub struct Route<'a> {
    pub descend: Option<Descend>,
    pub via: &'a [[f32; 3]],
    /// GEN-8: pick up a treasure it comes within 1" of.
    pub pick_up: bool,
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
            "MOVE-1",
            format!(
                "the move costs {:.2}\" and {} may move {:.0}\"",
                path.cost, f.name, budget
            ),
        ));
    }
    let end_base = Base::new(f.profile.base, at, f.facing);
    let picked = token_picked_up(world, f, &path, route.pick_up);
    let radius = world.resource::<Ruleset>().treasure_token_radius;
    if let Some(t) = ground_tokens(world)
        .into_iter()
        .filter(|t| Some(t.index) != picked)
        .find(|t| distance_to_point(&end_base, token_at(t)) < radius - 1e-4)
    {
        return Err(Rejected::new(
            "GEN-8",
            format!(
                "{} may pass over treasure {} but not end its move touching it",
                f.name,
                t.index + 1
            ),
        ));
    }
    if !engaged_end_allowed(&f.base(), &end_base, &enemy_bases(all, f.side)) {
        return Err(Rejected::new(
            "MOVE-3",
            format!(
                "{} started within 1\" of an enemy and would end farther from it: that needs a disengage",
                f.name
            ),
        ));
    }
    Ok(path)
}

/// One leg of a move, from `from` to `to`, with `budget` inches left.
fn leg_path(
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
        .ok_or_else(|| Rejected::new("MOVE-2", "the battlefield is not built yet"))?;
    let mover = f.mover(&rules(world));
    let others = blockers(all, f.id);
    let search = |avoid_deadly: bool| {
        bf.nav.shortest_path_descending(
            &mover,
            from,
            Goal::Point(to),
            &others,
            avoid_deadly,
            descend,
        )
    };
    // MOVE-10: the fighter goes round deadly terrain when that way fits its Move; the
    // shortest way (through it, taking the impact) only when it does not.
    let path = search(true)
        .filter(|p| p.cost <= budget + EPS)
        .or_else(|| search(false))
        .ok_or_else(|| {
            Rejected::new(
                "MOVE-2",
                format!("{} can't get to {}", f.name, point_text(to)),
            )
        })?;
    let end = path.end().unwrap_or(from);
    if end.distance(to) > 0.05 {
        return Err(Rejected::new(
            "MOVE-2",
            format!("{} can't stand at {}", f.name, point_text(to)),
        ));
    }
    Ok(path)
}

/// A point for people: `(10.20, 0.00, 4.50)`.
pub fn point_text(p: Vec3) -> String {
    format!("({:.2}, {:.2}, {:.2})", p.x, p.y, p.z)
}

fn path_points(path: &Path, from: Vec3) -> Vec<[f32; 3]> {
    let mut pts = vec![from.to_array()];
    pts.extend(path.steps.iter().map(|s| s.to.to_array()));
    pts
}

fn do_move(world: &mut World, f: &FighterView, path: &Path, pick_up: bool) {
    let r = rules(world);
    let end = path.end().unwrap_or(f.pos);
    world.entity_mut(f.entity).insert(Position(end));
    let kinds: Vec<String> = path
        .steps
        .iter()
        .filter(|s| s.kind != StepKind::Walk)
        .map(|s| s.kind.to_string())
        .collect();
    let mut ids = vec!["MOVE-1"];
    if !kinds.is_empty() {
        ids.push(if path.steps.iter().any(|s| s.kind == StepKind::Fly) {
            "MOVE-7"
        } else {
            "MOVE-5"
        });
    }
    let text = format!(
        "{} moves {:.2}\" to ({:.2}, {:.2}, {:.2}){}",
        f.name,
        path.cost,
        end.x,
        end.y,
        end.z,
        if kinds.is_empty() {
            String::new()
        } else {
            format!(" ({})", kinds.join(", "))
        }
    );
    log(
        world,
        &ids,
        Event::Move {
            fighter: f.id,
            path: path_points(path, f.pos),
            cost: path.cost,
            text,
        },
    );
    // GEN-8: picks up the first treasure it comes within 1" of.
    if let Some(index) = token_picked_up(world, f, path, pick_up) {
        set_treasure(world, index, |tr| tr.carrier = Some(f.id));
        let text = format!("{} picks up treasure {}", f.name, index + 1);
        treasure_event(world, f.id, index, true, text);
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
            &["MOVE-6", "MOVE-9"],
            &format!("jumping down {d:.1}\""),
        );
    }
    if deadly {
        impact(
            world,
            f.id,
            &["MOVE-10", "MOVE-9"],
            "moving onto deadly terrain",
        );
    }
}

/// The treasure tokens on the ground, by index.
fn ground_tokens(world: &World) -> Vec<Treasure> {
    let mut tokens: Vec<Treasure> = world
        .try_query::<&Treasure>()
        .map(|mut q| {
            q.iter(world)
                .filter(|t| t.carrier.is_none())
                .copied()
                .collect()
        })
        .unwrap_or_default();
    tokens.sort_by_key(|t| t.index);
    tokens
}

fn token_at(t: &Treasure) -> Vec3 {
    Vec3::new(t.position.0, t.y, t.position.1)
}

/// GEN-8: the treasure `f` picks up moving along `path`: the first it comes within 1" of, when
/// it may carry one and wants to.
fn token_picked_up(world: &World, f: &FighterView, path: &Path, pick_up: bool) -> Option<usize> {
    if !pick_up || !f.can_carry() || f.carrying.is_some() {
        return None;
    }
    let tokens = ground_tokens(world);
    sample_path(path, f.pos).iter().find_map(|p| {
        let b = Base::new(f.profile.base, *p, f.facing);
        tokens
            .iter()
            .find(|t| distance_to_point(&b, token_at(t)) <= 1.0 + 1e-4)
            .map(|t| t.index)
    })
}

fn sample_path(path: &Path, from: Vec3) -> Vec<Vec3> {
    let mut out = vec![from];
    for s in &path.steps {
        let n = ((s.from.distance(s.to) / 0.25).ceil() as usize).max(1);
        out.extend((1..=n).map(|i| s.from.lerp(s.to, i as f32 / n as f32)));
    }
    out
}

fn set_treasure(world: &mut World, index: usize, f: impl FnOnce(&mut Treasure)) {
    let mut q = world.query::<&mut Treasure>();
    if let Some(mut t) = q.iter_mut(world).find(|t| t.index == index) {
        f(&mut t);
    }
}

/// GEN-8: may `f` drop its treasure at `at`? On the floor or a platform, within 1"
/// horizontally of its base, level with it or lower, and visible to it.
pub fn validate_drop(world: &World, f: &FighterView, at: Vec3) -> Result<(), Rejected> {
    let bf = world
        .get_resource::<Battlefield>()
        .ok_or_else(|| Rejected::new("GEN-8", "the battlefield is not built yet"))?;
    let token = Mover {
        base: BaseSize::Round(2.0),
        body: 0.1,
        can_climb: false,
        can_fly: false,
    };
    let near = horizontal_gap_to_point(&f.base(), at) <= 1.0 + 1e-4;
    let why = if !near {
        Some("more than 1\" from it horizontally")
    } else if at.y > f.pos.y + 1e-3 {
        Some("higher than it")
    } else if !bf.nav.can_stop(&token, at) {
        Some("not on the floor or a platform")
    } else if !f
        .body()
        .samples()
        .iter()
        .any(|s| !bf.shapes.blocks(*s, at + Vec3::Y * 0.05))
    {
        Some("out of its sight")
    } else {
        None
    };
    match why {
        None => Ok(()),
        Some(why) => Err(Rejected::new(
            "GEN-8",
            format!(
                "{} can't put its treasure at {}: {why}",
                f.name,
                point_text(at)
            ),
        )),
    }
}

/// The horizontal distance from a base to a point.
fn horizontal_gap_to_point(b: &Base, p: Vec3) -> f32 {
    distance_to_point(b, Vec3::new(p.x, b.centre.y, p.z))
}

fn drop_treasure(world: &mut World, f: &FighterView, index: usize, pos: Vec3) {
    set_treasure(world, index, |t| {
        t.carrier = None;
        t.position = (pos.x, pos.z);
        t.y = pos.y;
    });
    let text = format!(
        "{} drops treasure {} at {}",
        f.name,
        index + 1,
        point_text(pos)
    );
    treasure_event(world, f.id, index, false, text);
}

/// GEN-8: logs a treasure picked up or dropped.
fn treasure_event(world: &mut World, fighter: u32, treasure: usize, picked_up: bool, text: String) {
    let event = Event::Treasure {
        fighter,
        treasure,
        picked_up,
        text,
    };
    log(world, &["GEN-8"], event);
}

/// MOVE-9: one impact roll.
fn impact(world: &mut World, id: u32, ids: &[&'static str], why: &str) {
    let roll = engine::d6(world);
    let dmg = impact_damage(&rules(world), roll);
    let name = fighter(world, id).map(|f| f.name).unwrap_or_default();
    log(
        world,
        ids,
        Event::Roll {
            dice: vec![roll],
            text: format!("Impact roll for {name} ({why}): {roll} -> {dmg} damage"),
        },
    );
    if dmg > 0 {
        deal_damage(world, id, dmg, ids);
    }
}

/// ATK-5: allocates damage; returns true when the fighter is taken down.
pub(crate) fn deal_damage(world: &mut World, id: u32, amount: u32, ids: &[&'static str]) -> bool {
    let Some(f) = fighter(world, id) else {
        return false;
    };
    if !f.on_board() || amount == 0 {
        return false;
    }
    let total = f.damage + amount;
    world.entity_mut(f.entity).insert(Damage(total));
    log(
        world,
        ids,
        Event::Damage {
            fighter: id,
            amount,
            total,
            text: format!(
                "{} suffers {amount} damage ({total}/{})",
                f.name, f.profile.wounds
            ),
        },
    );
    if total >= f.profile.wounds {
        if let Some(t) = f.carrying {
            // GEN-8: where it stood, the legal default (within 1", level, visible).
            drop_treasure(world, &f, t, f.pos);
        }
        world.entity_mut(f.entity).insert(Presence::TakenDown);
        engine::engine(world).points_taken_down[1 - f.side] += f.profile.points;
        log(
            world,
            &["ATK-5"],
            Event::TakenDown {
                fighter: id,
                text: format!("{} is taken down", f.name),
            },
        );
        return true;
    }
    false
}

// ---------------------------------------------------------------------------------------------
// Attack (ATK-1..ATK-6) with counter and take cover (REA-2, REA-3)
// ---------------------------------------------------------------------------------------------

/// ATK-1, ATK-2, GEN-3: is attacking `target` with weapon `weapon` legal for `f`?
pub fn validate_attack<'a>(
    world: &World,
    all: &'a [FighterView],
    f: &FighterView,
    target: u32,
    weapon: usize,
) -> Result<(&'a FighterView, Weapon), Rejected> {
    let w = f.profile.weapons.get(weapon).cloned().ok_or_else(|| {
        Rejected::new("ATK-1", format!("{} has no weapon number {weapon}", f.name))
    })?;
    let t = all
        .iter()
        .find(|t| t.id == target)
        .ok_or_else(|| Rejected::new("ATK-2", format!("there is no fighter {target}")))?;
    if t.side == f.side {
        return Err(Rejected::new(
            "ATK-2",
            format!("{} is not an enemy", t.name),
        ));
    }
    if !t.on_board() {
        return Err(Rejected::new(
            "ATK-2",
            format!("{} is not on the battlefield", t.name),
        ));
    }
    let d = distance(&f.base(), &t.base());
    if d > w.max_range + 1e-4 {
        return Err(Rejected::new(
            "ATK-2",
            format!(
                "{} is {d:.2}\" away, beyond the {}\" range of {}",
                t.name, w.max_range, w.name
            ),
        ));
    }
    if w.min_range > 0.0 && d <= w.min_range + 1e-4 {
        return Err(Rejected::new(
            "ATK-2",
            format!(
                "{} is within the {}\" minimum range of {}",
                t.name, w.min_range, w.name
            ),
        ));
    }
    let near = enemies_within(all, f, 1.0);
    if !near.is_empty() && !near.contains(&t.id) {
        return Err(Rejected::new(
            "ATK-2",
            format!(
                "an enemy is within 1\" of {}: the target must be one of them",
                f.name
            ),
        ));
    }
    if !w.is_melee() {
        let near_friend = all.iter().any(|o| {
            o.on_board()
                && o.side == f.side
                && o.id != f.id
                && distance(&o.base(), &t.base()) <= 1.0 + 1e-4
        });
        if near_friend && !(w.min_range <= 0.0 && d <= 3.0 + 1e-4) {
            return Err(Rejected::new(
                "ATK-2",
                format!(
                    "{} is within 1\" of a fighter friendly to {}: a missile attack can't target it",
                    t.name, f.name
                ),
            ));
        }
    }
    if !can_see(world, all, f, t) {
        return Err(Rejected::new(
            "GEN-3",
            format!("{} can't see {}", f.name, t.name),
        ));
    }
    Ok((t, w))
}

/// Every legal (target, weapon) for `f` (for AI and UI).
pub fn legal_attacks(world: &World, all: &[FighterView], f: &FighterView) -> Vec<(u32, usize)> {
    let mut out = Vec::new();
    for t in all.iter().filter(|t| t.on_board() && t.side != f.side) {
        for wi in 0..f.profile.weapons.len() {
            if validate_attack(world, all, f, t.id, wi).is_ok() {
                out.push((t.id, wi));
            }
        }
    }
    out
}

fn offer(world: &mut World, offer: ReactionOffer) {
    let mut e = engine::engine(world);
    e.pending = Pending::Reaction { side: offer.side };
    e.reaction = Some(offer);
}

fn start_attack(world: &mut World, f: &FighterView, target: u32, weapon: usize) {
    let r = rules(world);
    let Some(t) = fighter(world, target) else {
        return;
    };
    let w = &f.profile.weapons[weapon];
    if r.reactions && w.is_melee() && t.can_react() {
        offer(
            world,
            ReactionOffer {
                side: t.side,
                kind: ReactionKind::Counter,
                fighters: vec![t.id],
                resume: Resume::AttackBeforeHits {
                    attacker: f.id,
                    target,
                    weapon,
                },
            },
        );
        return;
    }
    roll_hits(world, f.id, target, weapon, false);
}

/// ATK-4: the toughness bonus `target` gets against `attacker`, and why.
fn cover_of(world: &World, attacker: &FighterView, target: &FighterView) -> Option<String> {
    let r = world.resource::<Ruleset>();
    let bf = world.get_resource::<Battlefield>()?;
    cover(
        &bf.shapes,
        &attacker.base(),
        &target.base(),
        r.cover_platform_height,
    )
    .map(|c| c.to_string())
}

fn roll_hits(world: &mut World, attacker: u32, target: u32, weapon: usize, counter: bool) {
    let (Some(f), Some(t)) = (fighter(world, attacker), fighter(world, target)) else {
        return;
    };
    let w = f.profile.weapons[weapon].clone();
    let bonus = world
        .resource::<Engine>()
        .activation
        .as_ref()
        .map(|a| if w.is_melee() { a.attacks_bonus } else { 0 })
        .unwrap_or(0);
    let rolls = world
        .resource_mut::<DiceRng>()
        .roll((w.attacks + bonus) as usize);
    let in_cover = cover_of(world, &f, &t).is_some();
    let crits = rolls.iter().filter(|&&r| r == 6).count();
    let r = rules(world);
    if r.reactions
        && !w.is_melee()
        && in_cover
        && crits > 0
        && t.can_react()
        && !t.profile.has_runemark("mount")
    {
        offer(
            world,
            ReactionOffer {
                side: t.side,
                kind: ReactionKind::TakeCover,
                fighters: vec![t.id],
                resume: Resume::AttackAfterHits {
                    attacker,
                    target,
                    weapon,
                    rolls,
                    counter,
                },
            },
        );
        return;
    }
    finish_attack(world, attacker, target, weapon, rolls, counter, false);
}

fn finish_attack(
    world: &mut World,
    attacker: u32,
    target: u32,
    weapon: usize,
    rolls: Vec<u8>,
    counter: bool,
    take_cover: bool,
) {
    let (Some(f), Some(t)) = (fighter(world, attacker), fighter(world, target)) else {
        return;
    };
    let r = rules(world);
    let w = f.profile.weapons[weapon].clone();
    let cover_why = cover_of(world, &f, &t);
    let toughness = t.profile.toughness
        + if cover_why.is_some() {
            r.cover_toughness_bonus
        } else {
            0
        };
    let needed = hit_threshold(w.strength, toughness);
    let (mut hits, mut crits) = count_hits(&rolls, needed);
    let mut ids = vec!["ATK-3"];
    if cover_why.is_some() {
        ids.push("ATK-4");
    }
    let mut extra = String::new();
    if take_cover {
        let saves = world.resource_mut::<DiceRng>().roll(crits as usize);
        let turned = saves.iter().filter(|&&s| s >= 4).count() as u32;
        crits -= turned;
        hits += turned;
        ids.push("REA-3");
        extra = format!(
            "; take cover rolls {}: {turned} critical(s) become hits",
            crate::model::dice::dice_text(&saves)
        );
    }
    let damage = hits * w.damage.0 + crits * w.damage.1;
    let text = format!(
        "{} attacks {} with {} (S{} v T{}{}): rolls {}, {}+ to hit: {} hit(s), {} critical(s){extra} -> {} damage",
        f.name,
        t.name,
        w.name,
        w.strength,
        toughness,
        cover_why
            .as_ref()
            .map(|c| format!(", cover {c}"))
            .unwrap_or_default(),
        crate::model::dice::dice_text(&rolls),
        needed,
        hits,
        crits,
        damage
    );
    log(
        world,
        &ids,
        Event::Attack {
            attacker,
            target,
            weapon: w.name.clone(),
            rolls: rolls.clone(),
            needed,
            hits,
            crits,
            text,
        },
    );
    let down = deal_damage(world, target, damage, &["ATK-3", "ATK-5"]);
    if counter {
        let c = counter_damage(&rolls, needed);
        log(
            world,
            &["REA-2"],
            Event::Note {
                text: format!("{}'s counter: {} damage to {}", t.name, c, f.name),
            },
        );
        deal_damage(world, attacker, c, &["REA-2"]);
    }
    if !down && crits > 0 {
        knocked_off(world, &t, attacker);
    }
    after_action(world);
}

/// ATK-6: a target near an unwalled platform edge that can't fly may fall after a critical hit.
fn knocked_off(world: &mut World, t: &FighterView, attacker: u32) {
    if t.profile.has_runemark("fly") || t.pos.y < 0.01 {
        return;
    }
    let walled = world
        .resource::<Battlefield>()
        .nav
        .platform_under(t.pos)
        .filter(|p| p.walled)
        .map(|p| p.id.clone());
    if let Some(platform) = walled {
        log(
            world,
            &["ATK-6"],
            Event::Note {
                text: format!(
                    "{} stands on the walled platform `{platform}`: it can't be knocked off",
                    t.name
                ),
            },
        );
        return;
    }
    let near_edge = {
        let bf = world.resource::<Battlefield>();
        let probe = Mover {
            base: BaseSize::Round(2.0),
            body: 0.1,
            can_climb: false,
            can_fly: false,
        };
        let reach = t.profile.base.max_radius() + 0.5;
        (0..8).any(|k| {
            let a = k as f32 * std::f32::consts::FRAC_PI_4;
            let p = Vec3::new(
                t.pos.x + reach * a.cos(),
                t.pos.y,
                t.pos.z + reach * a.sin(),
            );
            !bf.nav.can_stop(&probe, p)
        })
    };
    if !near_edge {
        return;
    }
    let roll = engine::d6(world);
    log(
        world,
        &["ATK-6"],
        Event::Roll {
            dice: vec![roll],
            text: format!(
                "{} is within 1/2\" of a platform edge: rolls {roll}{}",
                t.name,
                if roll == 1 { " and falls" } else { ", stays" }
            ),
        },
    );
    if roll != 1 {
        return;
    }
    // MOVE-8: the opponent picks where it lands: the candidate nearest the attacker.
    let toward = fighter(world, attacker).map_or(t.pos, |a| a.pos);
    fall(world, t, toward);
}

/// MOVE-8: `t` falls (knocked off, or still climbing when its activation ends). The opponent
/// picks the landing place: the candidate nearest `toward`.
pub(crate) fn fall(world: &mut World, t: &FighterView, toward: Vec3) {
    let r = rules(world);
    let all = fighters(world);
    let others = blockers(&all, t.id);
    let mover = t.mover(&r);
    let mut dice = world.resource::<DiceRng>().clone();
    let out = {
        let bf = world.resource::<Battlefield>();
        resolve_fall(&bf.nav, &r, &mover, t.pos, &others, &mut dice, |c| {
            c.iter()
                .enumerate()
                .min_by(|a, b| a.1.distance(toward).total_cmp(&b.1.distance(toward)))
                .map(|(i, _)| i)
                .unwrap_or(0)
        })
    };
    world.insert_resource(dice);
    let rolls: Vec<String> = out
        .impacts
        .iter()
        .map(|(die, dmg)| format!("{die} ({dmg} damage)"))
        .collect();
    let text = match out.landing {
        Some(p) => format!(
            "{} falls {:.1}\" to {}{}",
            t.name,
            out.drop,
            point_text(p),
            if rolls.is_empty() {
                String::new()
            } else {
                format!("; impact roll {}", rolls.join(", "))
            }
        ),
        None => format!("{} falls with nowhere to land", t.name),
    };
    log(world, &out.rules, Event::Note { text });
    if let Some(p) = out.landing {
        world.entity_mut(t.entity).insert(Position(p));
    }
    if out.taken_down {
        let left = t.wounds_left();
        deal_damage(world, t.id, left, &["MOVE-8"]);
    }
    for (_, dmg) in out.impacts {
        deal_damage(world, t.id, dmg, &["MOVE-9"]);
    }
}

// ---------------------------------------------------------------------------------------------
// Disengage (DIS-1) with strike them down (REA-4)
// ---------------------------------------------------------------------------------------------

/// DIS-1: is a disengage of `f` to `to` legal? Returns its path.
pub fn validate_disengage(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    to: Vec3,
) -> Result<Path, Rejected> {
    if enemies_within(all, f, 1.0).is_empty() {
        return Err(Rejected::new(
            "DIS-1",
            format!("{} is not within 1\" of an enemy", f.name),
        ));
    }
    let r = rules(world);
    if f.carrying.is_some() && !r.carrier_can_disengage {
        return Err(Rejected::new(
            "GEN-8",
            format!("{} carries treasure and can't disengage", f.name),
        ));
    }
    let bf = world
        .get_resource::<Battlefield>()
        .ok_or_else(|| Rejected::new("DIS-1", "the battlefield is not built yet"))?;
    let walker = Mover {
        can_climb: false,
        can_fly: false,
        ..f.mover(&r)
    };
    let others = blockers(all, f.id);
    let walk = |avoid_deadly: bool| {
        bf.nav
            .shortest_path(&walker, f.pos, Goal::Point(to), &others, avoid_deadly)
            .filter(|p| p.steps.iter().all(|s| s.kind == StepKind::Walk))
    };
    // MOVE-10: round deadly terrain when that way is short enough, through it otherwise.
    let path = walk(true)
        .filter(|p| p.cost <= 3.0 + EPS)
        .or_else(|| walk(false))
        .ok_or_else(|| {
            Rejected::new(
                "DIS-1",
                format!(
                    "{} can't walk to ({:.2}, {:.2}, {:.2}) without climbing or jumping",
                    f.name, to.x, to.y, to.z
                ),
            )
        })?;
    if path.cost > 3.0 + EPS {
        return Err(Rejected::new(
            "DIS-1",
            format!("a disengage is at most 3\"; this one is {:.2}\"", path.cost),
        ));
    }
    let end = path.end().unwrap_or(f.pos);
    if end.distance(to) > 0.05 {
        return Err(Rejected::new(
            "DIS-1",
            format!("{} can't stand there", f.name),
        ));
    }
    let b = Base::new(f.profile.base, end, f.facing);
    if enemy_bases(all, f.side)
        .iter()
        .any(|e| distance(&b, e) <= 1.0 + 1e-4)
    {
        return Err(Rejected::new(
            "DIS-1",
            "a disengage must end more than 1\" from every enemy",
        ));
    }
    Ok(path)
}

fn start_disengage(world: &mut World, all: &[FighterView], f: &FighterView, to: [f32; 3]) {
    let r = rules(world);
    if r.reactions {
        let strikers: Vec<u32> = all
            .iter()
            .filter(|o| {
                o.on_board()
                    && o.side != f.side
                    && o.can_react()
                    && distance(&o.base(), &f.base()) <= 1.0 + 1e-4
                    && can_see(world, all, o, f)
            })
            .map(|o| o.id)
            .collect();
        if !strikers.is_empty() {
            offer(
                world,
                ReactionOffer {
                    side: 1 - f.side,
                    kind: ReactionKind::StrikeThemDown,
                    fighters: strikers,
                    resume: Resume::Disengage { fighter: f.id, to },
                },
            );
            return;
        }
    }
    finish_disengage(world, f.id, to, None);
}

fn finish_disengage(world: &mut World, id: u32, to: [f32; 3], striker: Option<u32>) {
    if let Some(s) = striker {
        let roll = engine::d6(world);
        let (name, target) = (
            fighter(world, s).map(|f| f.name).unwrap_or_default(),
            fighter(world, id).map(|f| f.name).unwrap_or_default(),
        );
        if roll >= 4 {
            let dmg = engine::d6(world);
            log(
                world,
                &["REA-4"],
                Event::Roll {
                    dice: vec![roll, dmg],
                    text: format!(
                        "{name} strikes {target} down as it disengages: {roll} (4+), D6 damage {dmg}"
                    ),
                },
            );
            deal_damage(world, id, dmg as u32, &["REA-4"]);
        } else {
            log(
                world,
                &["REA-4"],
                Event::Roll {
                    dice: vec![roll],
                    text: format!("{name} strikes at {target} as it disengages: {roll}, no damage"),
                },
            );
        }
    }
    let all = fighters(world);
    if let Some(f) = all.iter().find(|f| f.id == id && f.on_board()).cloned() {
        match validate_disengage(world, &all, &f, v3(to)) {
            Ok(path) => {
                world
                    .entity_mut(f.entity)
                    .insert(Position(path.end().unwrap_or(f.pos)));
                log(
                    world,
                    &["DIS-1"],
                    Event::Move {
                        fighter: id,
                        path: path_points(&path, f.pos),
                        cost: path.cost,
                        text: format!(
                            "{} disengages {:.2}\" to ({:.2}, {:.2}, {:.2})",
                            f.name, path.cost, to[0], to[1], to[2]
                        ),
                    },
                );
                // MOVE-10: crossing deadly terrain hurts as in a move.
                let deadly = {
                    let bf = world.resource::<Battlefield>();
                    path_enters_deadly(&bf.nav, &f.mover(&rules(world)), &path)
                };
                if deadly {
                    impact(
                        world,
                        id,
                        &["DIS-1", "MOVE-10", "MOVE-9"],
                        "disengaging across deadly terrain",
                    );
                }
            }
            Err(e) => log(
                world,
                &["DIS-1"],
                Event::Note {
                    text: format!("{} can no longer disengage: {}", f.name, e.reason),
                },
            ),
        }
    }
    after_action(world);
}

// ---------------------------------------------------------------------------------------------
// Reactions (REA-1)
// ---------------------------------------------------------------------------------------------

/// A command while a reaction is on offer to `side`.
pub(crate) fn reaction(world: &mut World, side: usize, cmd: &Command) -> Result<(), Rejected> {
    let offer = world
        .resource::<Engine>()
        .reaction
        .clone()
        .ok_or_else(|| Rejected::new("REA-1", "no reaction is on offer"))?;
    let who = match cmd {
        Command::React {
            fighter: id,
            reaction,
        } => {
            if *reaction != offer.kind {
                return Err(Rejected::new(
                    reaction.rule(),
                    format!("the reaction on offer is {}", offer.kind),
                ));
            }
            if !offer.fighters.contains(id) {
                return Err(Rejected::new(
                    "REA-1",
                    format!("fighter {id} can't make this reaction"),
                ));
            }
            let f = fighter(world, *id).expect("offered fighters exist");
            let used = f.reactions + 1;
            let activated = used >= 2 || f.activation == Activation::Waiting;
            world.entity_mut(f.entity).insert(Reactions(used));
            if activated {
                world.entity_mut(f.entity).insert(Activation::Activated);
            }
            log(
                world,
                &["REA-1", offer.kind.rule()],
                Event::Reaction {
                    fighter: *id,
                    reaction: offer.kind,
                    text: format!(
                        "{} reacts: {} (costs one of its actions this round{})",
                        f.name,
                        offer.kind,
                        if activated {
                            "; it counts as activated"
                        } else {
                            ""
                        }
                    ),
                },
            );
            Some(*id)
        }
        Command::DeclineReaction { side: s } if *s == side => None,
        other => {
            return Err(Rejected::new(
                "REA-1",
                format!(
                    "side {side} is offered a reaction; {} is not an answer",
                    other.describe()
                ),
            ));
        }
    };
    {
        let mut e = engine::engine(world);
        e.reaction = None;
        if let Some(a) = &e.activation {
            e.pending = Pending::Action { fighter: a.fighter };
        }
    }
    match offer.resume {
        Resume::AttackBeforeHits {
            attacker,
            target,
            weapon,
        } => roll_hits(world, attacker, target, weapon, who.is_some()),
        Resume::AttackAfterHits {
            attacker,
            target,
            weapon,
            rolls,
            counter,
        } => finish_attack(
            world,
            attacker,
            target,
            weapon,
            rolls,
            counter,
            who.is_some(),
        ),
        Resume::Disengage { fighter, to } => finish_disengage(world, fighter, to, who),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atk3_hit_table_s_greater_equal_less_than_t() {
        assert_eq!(hit_threshold(5, 4), 3);
        assert_eq!(hit_threshold(4, 4), 4);
        assert_eq!(hit_threshold(3, 4), 5);
    }

    #[test]
    fn atk3_sixes_are_critical_hits() {
        // 4+ to hit: 6 crit, 4 and 5 hits, the rest miss.
        assert_eq!(count_hits(&[6, 5, 4, 3, 1], 4), (2, 1));
        assert_eq!(count_hits(&[6, 6], 5), (0, 2));
        assert_eq!(count_hits(&[2, 3], 3), (1, 0));
    }

    #[test]
    fn rea2_counter_damage_two_per_one_and_one_for_two_misses() {
        // 4+ to hit: 1, 1, 3 missed (three misses) -> 2 + 2 + 1.
        assert_eq!(counter_damage(&[1, 1, 3, 5], 4), 5);
        // One miss, no 1s -> nothing.
        assert_eq!(counter_damage(&[3, 5, 6], 4), 0);
        // Two misses, no 1s -> 1.
        assert_eq!(counter_damage(&[2, 3, 6], 4), 1);
    }
}
