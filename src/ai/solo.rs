//! The solo-mode opponent of seed 002 (rules/solo-mode.md): target (SOLO-A), active fighter
//! (SOLO-B) and the activation sequence (SOLO-C1..C7), one function per step, each returning a
//! decision with its rule ID or "next step". It acts only through [`Command`]s, and explains
//! every decision with an `Explain` command so that the log (and every replay) shows why.
//!
//! Ties the paper leaves open are broken by a roll-off from a dice stream of its own, seeded by
//! the battle's seed and the world hash, so the AI never draws from the battle's dice and a
//! replay of its commands reproduces the battle.

use bevy::prelude::*;
use serde::Serialize;

use crate::battlefield::Battlefield;
use crate::battlefield::measure::{distance, distance_to_point};
use crate::battlefield::moves::{disengage_spots, truncate_until};
use crate::battlefield::nav::{Goal, Path};
use crate::model::components::*;
use crate::model::dice::{DiceRng, roll_off_among};
use crate::model::formats::{Controller, Role, VictoryCondition};
use crate::model::ruleset::Ruleset;
use crate::rules::abilities::{AbilityEffect, abilities_of, inspiring_targets, validate_ability};
use crate::rules::actions::{validate_attack, validate_disengage, validate_move};
use crate::rules::command::Command;
use crate::rules::engine::{Engine, FighterView, Pending, blockers, fighters, world_hash};
use crate::rules::initiative::{SideDice, WildUse};

/// What the automated warband is after (SOLO-A).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum Target {
    Objective { index: usize, at: [f32; 3] },
    Fighter(u32),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TargetChoice {
    pub target: Target,
    pub rule: &'static str,
    pub why: String,
}

/// One decision: the command, the rules that chose it and the figures behind it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decision {
    pub command: Command,
    pub rules: Vec<&'static str>,
    pub why: String,
}

fn decision(command: Command, rules: &[&'static str], why: impl Into<String>) -> Decision {
    Decision {
        command,
        rules: rules.to_vec(),
        why: why.into(),
    }
}

/// The AI's own tie-break dice (GEN-4 roll-offs among tied candidates).
fn tie_dice(world: &mut World) -> DiceRng {
    let seed = world.resource::<DiceRng>().seed();
    DiceRng::new(seed ^ world_hash(world).rotate_left(17))
}

// ---------------------------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------------------------

/// "Closest to the warband": distances from each friendly fighter on the battlefield, sorted.
fn closeness(all: &[FighterView], side: usize, dist: impl Fn(&FighterView) -> f32) -> Vec<f32> {
    let mut d: Vec<f32> = all
        .iter()
        .filter(|f| f.on_board() && f.side == side)
        .map(dist)
        .collect();
    d.sort_by(f32::total_cmp);
    d
}

/// Among candidates with their closeness lists, the closest to the warband: nearest to one
/// fighter, then to two, and so on; then a roll-off. Returns (index, tie note).
fn closest_to_warband(world: &mut World, lists: &[Vec<f32>]) -> (usize, String) {
    let mut order: Vec<usize> = (0..lists.len()).collect();
    let cmp = |a: &Vec<f32>, b: &Vec<f32>| {
        for (x, y) in a.iter().zip(b) {
            if (x - y).abs() > 1e-4 {
                return x.total_cmp(y);
            }
        }
        std::cmp::Ordering::Equal
    };
    order.sort_by(|&a, &b| cmp(&lists[a], &lists[b]));
    let tied: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&i| cmp(&lists[i], &lists[order[0]]) == std::cmp::Ordering::Equal)
        .collect();
    if tied.len() == 1 {
        return (tied[0], String::new());
    }
    let mut dice = tie_dice(world);
    let (w, rounds) = roll_off_among(tied.len(), &mut dice);
    (
        tied[w],
        format!(
            " (tied at equal distances: roll-off {}, GEN-4)",
            crate::model::dice::roll_off_text(&rounds, |c| format!("candidate {}", c + 1))
        ),
    )
}

/// Attack range: within the range of one of `f`'s weapons (respecting minimum ranges).
pub fn in_attack_range(f: &FighterView, d: f32) -> bool {
    f.profile
        .weapons
        .iter()
        .any(|w| d <= w.max_range + 1e-4 && !(w.min_range > 0.0 && d <= w.min_range + 1e-4))
}

/// Threat range: Move + the longest weapon range.
pub fn threat_range(f: &FighterView, rules: &Ruleset, move_bonus: u32) -> f32 {
    f.move_budget(rules, move_bonus)
        + f.profile
            .weapons
            .iter()
            .map(|w| w.max_range)
            .fold(0.0, f32::max)
}

/// "An enemy fighter": the target if it is a fighter that qualifies, else the qualifying enemy
/// with the most remaining wounds, then the highest points value, then the lowest id.
fn an_enemy<'a>(
    target: Target,
    candidates: impl Iterator<Item = &'a FighterView>,
) -> Option<&'a FighterView> {
    let c: Vec<&FighterView> = candidates.collect();
    if let Target::Fighter(t) = target
        && let Some(f) = c.iter().find(|f| f.id == t)
    {
        return Some(f);
    }
    c.into_iter().max_by(|a, b| {
        (a.wounds_left(), a.profile.points, std::cmp::Reverse(a.id)).cmp(&(
            b.wounds_left(),
            b.profile.points,
            std::cmp::Reverse(b.id),
        ))
    })
}

fn target_pos(all: &[FighterView], t: Target) -> Option<Vec3> {
    match t {
        Target::Objective { at, .. } => Some(Vec3::from_array(at)),
        Target::Fighter(id) => all.iter().find(|f| f.id == id).map(|f| f.pos),
    }
}

fn target_name(all: &[FighterView], t: Target) -> String {
    match t {
        Target::Objective { index, .. } => format!("objective {}", index + 1),
        Target::Fighter(id) => all
            .iter()
            .find(|f| f.id == id)
            .map(|f| f.name.clone())
            .unwrap_or_default(),
    }
}

// ---------------------------------------------------------------------------------------------
// SOLO-A: the target
// ---------------------------------------------------------------------------------------------

/// SOLO-A1..A6 for the automated warband `side`.
pub fn choose_target(world: &mut World, side: usize) -> Option<TargetChoice> {
    let all = fighters(world);
    let enemy = 1 - side;
    let control = world.resource::<Engine>().control.clone();
    let mut objectives: Vec<Objective> = world.query::<&Objective>().iter(world).copied().collect();
    objectives.sort_by_key(|o| o.index);
    let obj_at = |o: &Objective| Vec3::new(o.position.0, 0.0, o.position.1);
    for (rule, owner, what) in [
        ("SOLO-A1", None, "an objective nobody controls"),
        (
            "SOLO-A2",
            Some(enemy),
            "an objective the player warband controls",
        ),
    ] {
        let cands: Vec<&Objective> = objectives
            .iter()
            .filter(|o| control.get(o.index).copied().flatten() == owner)
            .collect();
        if cands.is_empty() {
            continue;
        }
        let lists: Vec<Vec<f32>> = cands
            .iter()
            .map(|o| closeness(&all, side, |f| distance_to_point(&f.base(), obj_at(o))))
            .collect();
        let (i, tie) = closest_to_warband(world, &lists);
        let o = cands[i];
        return Some(TargetChoice {
            target: Target::Objective {
                index: o.index,
                at: obj_at(o).to_array(),
            },
            rule,
            why: format!(
                "objective {}: {what}, {:.2}\" from the nearest fighter of the warband{tie}",
                o.index + 1,
                lists[i].first().copied().unwrap_or(f32::INFINITY)
            ),
        });
    }
    let victory = world.resource::<BattleInfo>().victory.condition.clone();
    let enemies: Vec<&FighterView> = all
        .iter()
        .filter(|f| f.side == enemy && f.on_board())
        .collect();
    type Filter = Box<dyn Fn(&FighterView) -> bool>;
    let kinds: [(&'static str, &str, Filter); 4] = [
        (
            "SOLO-A3",
            "named by the victory condition (carries treasure)",
            Box::new(move |f: &FighterView| {
                victory == VictoryCondition::TreasureRace && f.carrying.is_some()
            }),
        ),
        (
            "SOLO-A4",
            "the enemy leader",
            Box::new(|f: &FighterView| f.role == Role::Leader),
        ),
        (
            "SOLO-A5",
            "an enemy fighter not yet activated this round",
            Box::new(|f: &FighterView| f.activation != Activation::Activated),
        ),
        (
            "SOLO-A6",
            "an enemy fighter already activated this round",
            Box::new(|f: &FighterView| f.activation == Activation::Activated),
        ),
    ];
    for (rule, what, keep) in kinds {
        let cands: Vec<&&FighterView> = enemies.iter().filter(|f| keep(f)).collect();
        if cands.is_empty() {
            continue;
        }
        let lists: Vec<Vec<f32>> = cands
            .iter()
            .map(|e| closeness(&all, side, |f| distance(&f.base(), &e.base())))
            .collect();
        let (i, tie) = closest_to_warband(world, &lists);
        let t = cands[i];
        return Some(TargetChoice {
            target: Target::Fighter(t.id),
            rule,
            why: format!(
                "{}: {what}, {:.2}\" from the nearest fighter of the warband{tie}",
                t.name,
                lists[i].first().copied().unwrap_or(f32::INFINITY)
            ),
        });
    }
    None
}

// ---------------------------------------------------------------------------------------------
// SOLO-B: the active fighter
// ---------------------------------------------------------------------------------------------

fn engaged(all: &[FighterView], f: &FighterView) -> bool {
    all.iter()
        .any(|o| o.on_board() && o.side != f.side && distance(&o.base(), &f.base()) <= 1.0 + 1e-4)
}

/// SOLO-B1..B2: the fighter to activate, with the rule and the figures.
pub fn choose_active(
    world: &mut World,
    side: usize,
    target: Option<Target>,
) -> Option<(u32, &'static str, String)> {
    let all = fighters(world);
    let ready: Vec<&FighterView> = all
        .iter()
        .filter(|f| f.side == side && f.can_activate())
        .collect();
    let by_wounds = |a: &&FighterView, b: &&FighterView| {
        (b.wounds_left(), b.profile.points, std::cmp::Reverse(b.id)).cmp(&(
            a.wounds_left(),
            a.profile.points,
            std::cmp::Reverse(a.id),
        ))
    };
    let mut eng: Vec<&FighterView> = ready.iter().copied().filter(|f| engaged(&all, f)).collect();
    if !eng.is_empty() {
        eng.sort_by(by_wounds);
        let f = eng[0];
        return Some((
            f.id,
            "SOLO-B1",
            format!(
                "{}: engaged, {} wounds left, {} points",
                f.name,
                f.wounds_left(),
                f.profile.points
            ),
        ));
    }
    let Some(target) = target else {
        // CMB-1: the battle never waits on a side that can't decide. With no target (no
        // objective to take and no enemy on the battlefield) SOLO-B2 has no distance to
        // compare: its own tie-breaks decide (most wounds left, then points).
        let mut c = ready.clone();
        c.sort_by(by_wounds);
        let f = c.first()?;
        return Some((
            f.id,
            "SOLO-B2",
            format!(
                "{}: no target to be closest to, so the most wounds left ({}) then points ({})",
                f.name,
                f.wounds_left(),
                f.profile.points
            ),
        ));
    };
    let tp = target_pos(&all, target)?;
    let dist = |f: &FighterView| match target {
        Target::Objective { at, .. } => distance_to_point(&f.base(), Vec3::from_array(at)),
        Target::Fighter(id) => all
            .iter()
            .find(|t| t.id == id)
            .map(|t| distance(&f.base(), &t.base()))
            .unwrap_or(f.pos.distance(tp)),
    };
    let mut c = ready.clone();
    c.sort_by(|a, b| {
        let (da, db) = (dist(a), dist(b));
        if (da - db).abs() > 1e-4 {
            da.total_cmp(&db)
        } else {
            by_wounds(a, b)
        }
    });
    let f = c.first()?;
    Some((
        f.id,
        "SOLO-B2",
        format!(
            "{}: closest to the target ({:.2}\"), {} wounds left, {} points",
            f.name,
            dist(f),
            f.wounds_left(),
            f.profile.points
        ),
    ))
}

// ---------------------------------------------------------------------------------------------
// SOLO-C: the activation sequence
// ---------------------------------------------------------------------------------------------

/// What one step decides.
pub enum Step {
    Decide(Decision),
    Next,
}

/// The context every step reads.
pub struct Ctx {
    pub all: Vec<FighterView>,
    pub f: FighterView,
    pub target: Target,
    pub rules: Ruleset,
    pub move_bonus: u32,
    /// A bonus move's own limit (it replaces the fighter's Move for that action).
    pub bonus_move: Option<f32>,
    /// SOLO-C2: the objective the fighter holds alone (its centre).
    pub hold: Option<(usize, Vec3)>,
    /// The action SOLO-C3..C6 choose now, looked at by SOLO-C1 to tell whether an ability's
    /// effect would be nil (Rush with no move to make, Onslaught with no melee attack).
    pub next_action: Option<Command>,
}

impl Ctx {
    fn enemies(&self) -> impl Iterator<Item = &FighterView> {
        self.all
            .iter()
            .filter(move |o| o.on_board() && o.side != self.f.side)
    }

    fn dist(&self, o: &FighterView) -> f32 {
        distance(&self.f.base(), &o.base())
    }

    fn rule_ids(&self, step: &'static str) -> Vec<&'static str> {
        if self.hold.is_some() {
            vec!["SOLO-C2", step]
        } else {
            vec![step]
        }
    }
}

/// The best legal weapon of `f` against `t` (most expected damage), if any.
fn weapon_against(world: &World, ctx: &Ctx, t: &FighterView) -> Option<usize> {
    (0..ctx.f.profile.weapons.len())
        .filter(|&w| validate_attack(world, &ctx.all, &ctx.f, t.id, w).is_ok())
        .max_by(|&a, &b| {
            let e = |w: usize| {
                crate::ai::simple::expected_damage(&ctx.f.profile.weapons[w], t.profile.toughness)
            };
            e(a).total_cmp(&e(b)).then(b.cmp(&a))
        })
}

fn attack(
    world: &World,
    ctx: &Ctx,
    t: &FighterView,
    step: &'static str,
    why: &str,
) -> Option<Decision> {
    let w = weapon_against(world, ctx, t)?;
    Some(Decision {
        command: Command::Attack {
            fighter: ctx.f.id,
            target: t.id,
            weapon: w,
        },
        rules: ctx.rule_ids(step),
        why: format!(
            "attack {} with {} ({:.2}\" away, {} wounds left){why}",
            t.name,
            ctx.f.profile.weapons[w].name,
            ctx.dist(t),
            t.wounds_left()
        ),
    })
}

/// Cuts a path so that the fighter never leaves 3" of the objective it holds (SOLO-C2).
fn hold_cut(
    world: &World,
    ctx: &Ctx,
    path: &Path,
    budget: f32,
    stop: impl Fn(Vec3) -> bool,
) -> Path {
    let bf = world.resource::<Battlefield>();
    let mover = ctx.f.mover(&ctx.rules);
    let base = ctx.f.profile.base;
    let facing = ctx.f.facing;
    match ctx.hold {
        None => truncate_until(&bf.nav, &mover, path, budget, stop),
        Some((_, at)) => truncate_until(&bf.nav, &mover, path, budget, |p| {
            stop(p)
                || distance_to_point(&crate::battlefield::measure::Base::new(base, p, facing), at)
                    > 2.95
        }),
    }
}

fn move_decision(
    world: &World,
    ctx: &Ctx,
    goal: Goal,
    stop: impl Fn(Vec3) -> bool,
    step: &'static str,
    why: String,
) -> Option<Decision> {
    let bf = world.get_resource::<Battlefield>()?;
    let mover = ctx.f.mover(&ctx.rules);
    let others = blockers(&ctx.all, ctx.f.id);
    // Round deadly terrain when there is a way round; straight through only if not. When the
    // spot next to the goal is taken (other fighters, terrain), as near as the fighter can get.
    let here = ctx.f.base();
    let now = match goal {
        Goal::Point(_) => f32::INFINITY,
        Goal::NearPoint { point, .. } => distance_to_point(&here, point),
        Goal::NearBase { base, .. } => distance(&here, &base),
    };
    let path = std::iter::successors(Some(goal), |g| {
        let wider = |w: f32| (w + 1.0 < now - 0.25).then_some(w + 1.0);
        match *g {
            Goal::NearPoint { point, within } => {
                wider(within).map(|within| Goal::NearPoint { point, within })
            }
            Goal::NearBase { base, within } => {
                wider(within).map(|within| Goal::NearBase { base, within })
            }
            Goal::Point(_) => None,
        }
    })
    .find_map(|g| {
        bf.nav
            .shortest_path(&mover, ctx.f.pos, g, &others, true)
            .or_else(|| bf.nav.shortest_path(&mover, ctx.f.pos, g, &others, false))
    })?;
    let budget = ctx
        .bonus_move
        .unwrap_or_else(|| ctx.f.move_budget(&ctx.rules, ctx.move_bonus));
    let mut b = budget;
    for _ in 0..4 {
        let cut = hold_cut(world, ctx, &path, b, &stop);
        let to = cut.end()?;
        if to.distance(ctx.f.pos) < 0.05 {
            return None;
        }
        if validate_move(world, &ctx.all, &ctx.f, to, budget).is_ok() {
            return Some(Decision {
                command: Command::Move {
                    fighter: ctx.f.id,
                    to: to.to_array(),
                    pick_up: true,
                    descend: None,
                    via: vec![],
                },
                rules: ctx.rule_ids(step),
                why: format!(
                    "{why}: moves {:.2}\" to ({:.2}, {:.2}, {:.2})",
                    cut.cost, to.x, to.y, to.z
                ),
            });
        }
        b -= 0.5;
    }
    None
}

/// SOLO-C1: the eligible ability with the most dice icons, then the highest value, when its
/// effect is not nil.
pub fn step_ability(world: &World, ctx: &Ctx) -> Step {
    let act = world.resource::<Engine>().activation.clone();
    if act
        .as_ref()
        .is_none_or(|a| a.ability_used || !a.bonus.is_empty())
    {
        return Step::Next;
    }
    let dice: SideDice = world.resource::<Engine>().dice[ctx.f.side].clone();
    let f = &ctx.f;
    let eng = engaged(&ctx.all, f);
    let mut best: Option<(u8, u8, String, Option<u32>, String)> = None;
    for d in abilities_of(&ctx.rules, f) {
        // Is its effect not nil here?
        let (useful, target, note) = match d.effect {
            AbilityEffect::Rush => (
                matches!(ctx.next_action, Some(Command::Move { .. })),
                None,
                "its next action is a move",
            ),
            AbilityEffect::Onslaught => (
                matches!(ctx.next_action, Some(Command::Attack { weapon, .. })
                    if f.profile.weapons.get(weapon).is_some_and(|w| w.is_melee())),
                None,
                "its next action is a melee attack",
            ),
            AbilityEffect::Respite => (f.damage > 0 && !eng, None, "it has damage to remove"),
            AbilityEffect::Reckoning => (true, None, "half the warband is down"),
            AbilityEffect::InspiringPresence => {
                let t = inspiring_targets(world, &ctx.all, f).first().copied();
                (t.is_some(), t, "a friend can act right after")
            }
            AbilityEffect::NotAutomated => (false, None, "not automated"),
        };
        if !useful {
            continue;
        }
        for g in dice.groups.iter().filter(|g| g.size >= d.cost.dice()) {
            let key = (d.cost.dice(), g.value);
            if best.as_ref().is_none_or(|b| key > (b.0, b.1)) {
                best = Some((key.0, key.1, d.name.clone(), target, note.to_string()));
            }
        }
    }
    let Some((icons, value, name, target, note)) = best else {
        return Step::Next;
    };
    let command = Command::Ability {
        fighter: f.id,
        ability: name.clone(),
        dice: value,
        target,
    };
    // The engine has the last word on eligibility (e.g. Reckoning's condition).
    if validate_ability(world, &ctx.all, f, &name, value, target).is_err() {
        return Step::Next;
    }
    Step::Decide(decision(
        command,
        &["SOLO-C1"],
        format!("{name} ({icons} dice icons, value {value}): {note}"),
    ))
}

/// SOLO-C3: engaged.
pub fn step_engaged(world: &World, ctx: &Ctx) -> Step {
    if !engaged(&ctx.all, &ctx.f) {
        return Step::Next;
    }
    let target = match ctx.target {
        Target::Fighter(id) => ctx.all.iter().find(|o| o.id == id && o.on_board()),
        Target::Objective { .. } => None,
    };
    if let Some(t) = target {
        let d = ctx.dist(t);
        if in_attack_range(&ctx.f, d)
            && let Some(dec) = attack(
                world,
                ctx,
                t,
                "SOLO-C3",
                ": engaged, the target is in attack range",
            )
        {
            return Step::Decide(dec);
        }
        let threat = threat_range(&ctx.f, &ctx.rules, ctx.move_bonus);
        if d <= threat + 1e-4
            && let Some(bf) = world.get_resource::<Battlefield>()
        {
            let enemies: Vec<_> = ctx.enemies().map(|o| o.base()).collect();
            let spots = disengage_spots(
                &bf.nav,
                &ctx.f.mover(&ctx.rules),
                ctx.f.pos,
                &enemies,
                &blockers(&ctx.all, ctx.f.id),
            );
            let best = spots
                .into_iter()
                .filter(|p| match ctx.hold {
                    Some((_, at)) => {
                        distance_to_point(
                            &crate::battlefield::measure::Base::new(
                                ctx.f.profile.base,
                                *p,
                                ctx.f.facing,
                            ),
                            at,
                        ) <= 3.0
                    }
                    None => true,
                })
                .filter(|p| validate_disengage(world, &ctx.all, &ctx.f, *p).is_ok())
                .min_by(|a, b| a.distance(t.pos).total_cmp(&b.distance(t.pos)));
            if let Some(p) = best {
                return Step::Decide(Decision {
                    command: Command::Disengage {
                        fighter: ctx.f.id,
                        to: p.to_array(),
                    },
                    rules: ctx.rule_ids("SOLO-C3"),
                    why: format!(
                        "engaged, {} is in threat range ({d:.2}\" <= {threat:.0}\"): disengage towards it",
                        t.name
                    ),
                });
            }
        }
    }
    let cands: Vec<&FighterView> = ctx
        .enemies()
        .filter(|o| weapon_against(world, ctx, o).is_some())
        .collect();
    if let Some(t) = an_enemy(ctx.target, cands.into_iter())
        && let Some(dec) = attack(
            world,
            ctx,
            t,
            "SOLO-C3",
            ": engaged, attack an enemy fighter",
        )
    {
        return Step::Decide(dec);
    }
    Step::Next
}

/// SOLO-C4: an enemy in attack range.
pub fn step_attack_range(world: &World, ctx: &Ctx) -> Step {
    let cands: Vec<&FighterView> = ctx
        .enemies()
        .filter(|o| in_attack_range(&ctx.f, ctx.dist(o)) && weapon_against(world, ctx, o).is_some())
        .collect();
    match an_enemy(ctx.target, cands.into_iter()).and_then(|t| {
        attack(
            world,
            ctx,
            t,
            "SOLO-C4",
            ": an enemy fighter in attack range",
        )
    }) {
        Some(d) => Step::Decide(d),
        None => Step::Next,
    }
}

/// SOLO-C5: an enemy in threat range: move towards it, stopping in attack range.
pub fn step_threat_range(world: &World, ctx: &Ctx) -> Step {
    let threat = threat_range(&ctx.f, &ctx.rules, ctx.move_bonus);
    let cands: Vec<&FighterView> = ctx
        .enemies()
        .filter(|o| ctx.dist(o) <= threat + 1e-4)
        .collect();
    let Some(t) = an_enemy(ctx.target, cands.into_iter()) else {
        return Step::Next;
    };
    let tb = t.base();
    let (size, facing) = (ctx.f.profile.base, ctx.f.facing);
    let f = ctx.f.clone();
    let stop = move |p: Vec3| {
        let b = crate::battlefield::measure::Base::new(size, p, facing);
        in_attack_range(&f, distance(&b, &tb))
    };
    // Towards the enemy; the move stops as soon as it is in attack range. Beyond the longest
    // range the search can stop at that range; inside it (a minimum range keeps the longest
    // weapon out of use close up) it heads for base contact.
    let reach = ctx
        .f
        .profile
        .weapons
        .iter()
        .map(|w| w.max_range)
        .fold(0.0f32, f32::max);
    let goal = Goal::NearBase {
        base: tb,
        within: if ctx.dist(t) > reach {
            (reach - 0.05).max(0.5)
        } else {
            0.5
        },
    };
    match move_decision(
        world,
        ctx,
        goal,
        stop,
        "SOLO-C5",
        format!(
            "{} is in threat range ({:.2}\" <= {threat:.0}\"), move until in attack range",
            t.name,
            ctx.dist(t)
        ),
    ) {
        Some(d) => Step::Decide(d),
        None => Step::Next,
    }
}

/// SOLO-C6: move towards the target, the full distance.
pub fn step_approach(world: &World, ctx: &Ctx) -> Step {
    let goal = match ctx.target {
        Target::Objective { at, .. } => Goal::NearPoint {
            point: Vec3::from_array(at),
            within: 0.5,
        },
        Target::Fighter(id) => match ctx.all.iter().find(|o| o.id == id) {
            Some(t) => Goal::NearBase {
                base: t.base(),
                within: 0.5,
            },
            None => return Step::Next,
        },
    };
    match move_decision(
        world,
        ctx,
        goal,
        |_| false,
        "SOLO-C6",
        format!(
            "move towards the target, {}",
            target_name(&ctx.all, ctx.target)
        ),
    ) {
        Some(d) => Step::Decide(d),
        None => Step::Next,
    }
}

/// SOLO-C2 context: the objective `f` holds alone, if any.
fn held_objective(
    world: &mut World,
    all: &[FighterView],
    f: &FighterView,
) -> Option<(usize, Vec3)> {
    let mut objectives: Vec<Objective> = world.query::<&Objective>().iter(world).copied().collect();
    objectives.sort_by_key(|o| o.index);
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

/// SOLO-C1..C6 for the active fighter's next action (C7: the target is chosen again first).
pub fn activation_step(world: &mut World, fighter: u32) -> Decision {
    let end = |why: &str| {
        decision(
            Command::EndActivation { fighter },
            &["SOLO-C7"],
            why.to_string(),
        )
    };
    let Some(act) = world.resource::<Engine>().activation.clone() else {
        return end("no activation");
    };
    let all = fighters(world);
    let Some(f) = all.iter().find(|f| f.id == fighter).cloned() else {
        return end("the fighter is gone");
    };
    let Some(tc) = choose_target(world, f.side) else {
        return decision(
            Command::EndActivation { fighter },
            &["SOLO-C7", "CMB-1"],
            "no target (no objective to take, no enemy on the battlefield): it holds its ground \
             and the activation ends",
        );
    };
    let hold = held_objective(world, &all, &f);
    let mut ctx = Ctx {
        all,
        f,
        target: tc.target,
        rules: world.resource::<Ruleset>().clone(),
        move_bonus: act.move_bonus,
        bonus_move: match act.bonus.first() {
            Some(crate::rules::engine::Bonus::Move { max }) => Some(*max),
            _ => None,
        },
        hold,
        next_action: None,
    };
    // SOLO-C7: after an action the target is chosen again (it may have changed).
    let again = act.actions_taken > 0;
    let prefix = format!(
        "{}target {} [{}]; ",
        if again {
            "target chosen again [SOLO-C7]: "
        } else {
            ""
        },
        tc.why,
        tc.rule
    );
    let with_target = |mut d: Decision| {
        d.rules.insert(0, tc.rule);
        if again && !d.rules.contains(&"SOLO-C7") {
            d.rules.insert(0, "SOLO-C7");
        }
        d.why = format!("{prefix}{}", d.why);
        d
    };
    let action = if act.actions_left == 0 && act.bonus.is_empty() {
        None
    } else {
        action_step(world, &ctx, act.bonus.first())
    };
    // SOLO-C1 runs as part of the sequence for each action: after the last action there is no
    // sequence left to run, so no ability either.
    if act.actions_left == 0 && act.bonus.is_empty() {
        return end(
            "its actions are used: the sequence has nothing left to run and the activation ends",
        );
    }
    ctx.next_action = action.as_ref().map(|d| d.command.clone());
    if let Step::Decide(d) = step_ability(world, &ctx) {
        return with_target(d);
    }
    match action {
        Some(d) => with_target(d),
        None if ctx.hold.is_some() => with_target(decision(
            Command::EndActivation { fighter },
            &["SOLO-C2", "SOLO-C7"],
            "it holds the objective alone and no step of SOLO-C3..C6 applies within 3\" of it: the activation ends",
        )),
        None => with_target(end("no step of SOLO-C3..C6 applies: the activation ends")),
    }
}

/// SOLO-C3..C6 in order: the first step that decides (for a pending bonus action, the first
/// that decides an action of the bonus's kind).
fn action_step(
    world: &World,
    ctx: &Ctx,
    bonus: Option<&crate::rules::engine::Bonus>,
) -> Option<Decision> {
    let steps: [fn(&World, &Ctx) -> Step; 4] = [
        step_engaged,
        step_attack_range,
        step_threat_range,
        step_approach,
    ];
    steps.iter().find_map(|s| match s(world, ctx) {
        Step::Decide(d) => match bonus {
            None => Some(d),
            Some(crate::rules::engine::Bonus::Move { .. }) => {
                matches!(d.command, Command::Move { .. }).then_some(d)
            }
            Some(crate::rules::engine::Bonus::Attack) => {
                matches!(d.command, Command::Attack { .. }).then_some(d)
            }
        },
        Step::Next => None,
    })
}

// ---------------------------------------------------------------------------------------------
// Initiative, turns, reactions
// ---------------------------------------------------------------------------------------------

/// SOLO-I2, SOLO-I3: each wild die at once: triple -> quad, else double -> triple, else
/// single -> double; never saved (with nothing to upgrade: +1 single).
pub fn solo_wild_uses(dice: &SideDice) -> Vec<WildUse> {
    let mut d = dice.clone();
    let mut uses = Vec::new();
    for _ in 0..dice.wild {
        let pick = [3u8, 2]
            .iter()
            .find_map(|&size| {
                d.groups
                    .iter()
                    .filter(|g| g.size == size && !g.wild)
                    .map(|g| g.value)
                    .max()
            })
            .or_else(|| d.singles.iter().copied().max());
        let u = pick.map_or(WildUse::Single, |value| WildUse::Upgrade { value });
        d.wild = 1;
        let u = if d.use_wild(&[u]).is_ok() {
            u
        } else {
            d.wild = 1;
            let _ = d.use_wild(&[WildUse::Single]);
            WildUse::Single
        };
        uses.push(u);
    }
    uses
}

/// The decision the automated warband makes for what the battle waits for, if it is its turn.
pub fn decide(world: &mut World) -> Option<Decision> {
    let side = crate::rules::engine::deciding_side(world)?;
    let pending = world.resource::<Engine>().pending;
    Some(match pending {
        Pending::WildDice { side } => {
            let d = world.resource::<Engine>().dice[side].clone();
            let uses = solo_wild_uses(&d);
            decision(
                Command::WildDice {
                    side,
                    uses: uses.clone(),
                },
                &["SOLO-I2", "SOLO-I3"],
                format!(
                    "wild dice: {}: triple -> quad, else double -> triple, else single -> double \
                     (among several of a kind, the highest value: the solo rules leave it open); never saved",
                    crate::rules::initiative::uses_text(&uses)
                ),
            )
        }
        Pending::FirstTurn { side } => decision(
            Command::FirstTurn { side, first: side },
            &["SOLO-I4"],
            "the side with the initiative activates first",
        ),
        Pending::Turn { side } => match choose_target(world, side) {
            Some(tc) => {
                let (id, rule, why) = choose_active(world, side, Some(tc.target))?;
                decision(
                    Command::Activate { fighter: id },
                    &[tc.rule, rule],
                    format!("target {} [{}]; active {why} [{rule}]", tc.why, tc.rule),
                )
            }
            None => {
                let (id, rule, why) = choose_active(world, side, None)?;
                decision(
                    Command::Activate { fighter: id },
                    &["CMB-1", rule],
                    format!(
                        "no target (no objective to take, no enemy on the battlefield); a side \
                         must still activate a fighter when it can: active {why} [{rule}]"
                    ),
                )
            }
        },
        Pending::Action { fighter } => activation_step(world, fighter),
        Pending::Reaction { side } => {
            let offer = world.resource::<Engine>().reaction.clone()?;
            match offer.fighters.first() {
                Some(&f) => decision(
                    Command::React {
                        fighter: f,
                        reaction: offer.kind,
                    },
                    &["REA-1", offer.kind.rule()],
                    format!(
                        "the solo rules say nothing of reactions: the automated warband always takes {}",
                        offer.kind
                    ),
                ),
                None => decision(Command::DeclineReaction { side }, &["REA-1"], "no fighter can react"),
            }
        }
        Pending::Setup | Pending::Ended => return None,
    })
    .filter(|_| is_ai(world, side))
}

/// The explanation command that goes before `d`'s command.
pub fn explain(side: usize, d: &Decision) -> Command {
    Command::Explain {
        side,
        rules: d.rules.iter().map(|r| r.to_string()).collect(),
        text: d.why.clone(),
    }
}

/// Is `side` played by the AI?
pub fn is_ai(world: &World, side: usize) -> bool {
    world.resource::<BattleInfo>().sides[side].controller == Controller::Ai
}

/// What the AI will do for its next activation, and why (`warcry-sim plan`).
#[derive(Debug, Clone, Serialize)]
pub struct Plan {
    pub side: Option<usize>,
    pub target: Option<String>,
    pub target_rule: Option<&'static str>,
    pub active: Option<u32>,
    pub active_name: Option<String>,
    pub active_rule: Option<&'static str>,
    /// Decisions of the other side before the AI's activation, assumed to be the built-in
    /// policy's (when the plan is asked while the other side is to decide).
    pub assumed: Vec<String>,
    pub decisions: Vec<Decision>,
    /// Why the plan stops where it does.
    pub stops: String,
}

impl Plan {
    pub fn text(&self) -> String {
        let mut s = String::new();
        if !self.assumed.is_empty() {
            s += "Assuming the other side first plays (built-in policy):\n";
            for a in &self.assumed {
                s += &format!("   {a}\n");
            }
        }
        if let (Some(t), Some(r)) = (&self.target, self.target_rule) {
            s += &format!("Target: {t} [{r}]\n");
        }
        if let (Some(n), Some(r)) = (&self.active_name, self.active_rule) {
            s += &format!("Active fighter: {n} [{r}]\n");
        }
        for (i, d) in self.decisions.iter().enumerate() {
            s += &format!(
                "{}. {} [{}]\n   {}\n",
                i + 1,
                d.command.describe(),
                d.rules.join(", "),
                d.why
            );
        }
        s += &format!("({})\n", self.stops);
        s
    }
}

/// Plays the AI's decisions on `world` (a scratch copy: the caller's battle is not touched)
/// until its next activation is over or another side must decide. Other sides' reactions
/// during that activation are answered by `other`.
pub fn plan(world: &mut World, other: impl Fn(&mut World) -> Option<Command>) -> Plan {
    let mut p = Plan {
        side: None,
        target: None,
        target_rule: None,
        active: None,
        active_name: None,
        active_rule: None,
        assumed: Vec::new(),
        decisions: Vec::new(),
        stops: String::new(),
    };
    for _ in 0..200 {
        let pending = world.resource::<Engine>().pending;
        if pending == Pending::Ended {
            p.stops = "the battle is over".into();
            return p;
        }
        let Some(side) = crate::rules::engine::deciding_side(world) else {
            p.stops = "nothing to decide".into();
            return p;
        };
        if let Some(a) = p.active
            && !matches!(pending, Pending::Action { fighter } if fighter == a)
            && !matches!(pending, Pending::Reaction { .. })
        {
            p.stops = "the activation is over".into();
            return p;
        }
        if !is_ai(world, side) {
            if p.active.is_some() {
                // A reaction of the other side during the activation.
                let Some(c) = other(world) else { break };
                if crate::rules::engine::apply(world, &c).is_err() {
                    break;
                }
                continue;
            }
            // Before the AI's activation: the other side's decisions, assumed (built-in policy).
            let Some(c) = other(world) else {
                p.stops = format!("side {side} (not the AI) decides next");
                return p;
            };
            if crate::rules::engine::apply(world, &c).is_err() {
                p.stops = format!("side {side} (not the AI) decides next");
                return p;
            }
            p.assumed.push(c.describe());
            continue;
        }
        p.side = Some(side);
        if let Pending::Turn { side } = pending
            && let Some(tc) = choose_target(world, side)
        {
            let all = fighters(world);
            p.target = Some(target_name(&all, tc.target));
            p.target_rule = Some(tc.rule);
            if let Some((id, rule, _)) = choose_active(world, side, Some(tc.target)) {
                p.active = Some(id);
                p.active_name = all.iter().find(|f| f.id == id).map(|f| f.name.clone());
                p.active_rule = Some(rule);
            }
        }
        let Some(d) = decide(world) else { break };
        let _ = crate::rules::engine::apply(world, &explain(side, &d));
        if let Err(e) = crate::rules::engine::apply(world, &d.command) {
            p.stops = format!("the AI's command was rejected: {e}");
            p.decisions.push(d);
            return p;
        }
        p.decisions.push(d);
    }
    if p.stops.is_empty() {
        p.stops = "stopped".into();
    }
    p
}

/// The solo AI as a Bevy plugin: while [`SoloAi::enabled`], each frame it makes the next
/// decision of any side marked AI (an explanation, then the command), through the engine.
pub struct SoloAiPlugin;

#[derive(Resource, Debug, Clone, Default)]
pub struct SoloAi {
    pub enabled: bool,
    pub last_error: Option<String>,
}

impl Plugin for SoloAiPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<SoloAi>()
            .add_systems(Update, solo_ai_system);
    }
}

fn solo_ai_system(world: &mut World) {
    if !world.resource::<SoloAi>().enabled || world.get_resource::<Engine>().is_none() {
        return;
    }
    let Some(side) = crate::rules::engine::deciding_side(world) else {
        return;
    };
    if !is_ai(world, side) {
        return;
    }
    if let Some(d) = decide(world) {
        let _ = crate::rules::engine::apply(world, &explain(side, &d));
        if let Err(e) = crate::rules::engine::apply(world, &d.command) {
            world.resource_mut::<SoloAi>().last_error = Some(e.to_string());
            world.resource_mut::<SoloAi>().enabled = false;
        }
    }
}
