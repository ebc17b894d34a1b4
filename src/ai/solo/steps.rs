//! SOLO-C2..C7 (rules/solo-mode.md): the activation sequence, one function per step, each
//! returning a decision with its rule ID or "next step"; SOLO-C1 is in `ability.rs`.

use crate::model::RuleId;
use crate::model::ids::FighterId;
use crate::model::ids::Side;
use crate::rules::actions::inches;
use bevy::prelude::*;

use super::ability::step_ability;
use super::hold::{held_objectives, hold_cut, keeps_hold};
use super::{
    Decision, Target, TargetChoice, an_enemy, choose_target_among, decision, engaged,
    in_attack_range, target_name, threat_range,
};
use crate::battlefield::Battlefield;
use crate::battlefield::measure::{distance, distance_to_point};
use crate::battlefield::moves::{Bounded, Stop, disengage_spots};
use crate::battlefield::nav::Goal;
use crate::model::ruleset::Ruleset;
use crate::rules::actions::{attack_allowed, validate_disengage, validate_move};
use crate::rules::command::Command;
use crate::rules::engine::{
    ActivationState, Bonus, Engine, FighterView, blockers, can_see, fighters,
};

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
    /// SOLO-C2: the objectives the fighter holds alone (each one's index and centre).
    pub hold: Vec<(usize, Vec3)>,
    /// The action SOLO-C3..C6 choose now, looked at by SOLO-C1 to tell whether an ability's
    /// effect would be nil (Rush with no move to make, Onslaught with no melee attack).
    pub next_action: Option<Command>,
    /// The seed of the AI's own tie-break dice for this decision (GEN-4 roll-offs).
    pub tie_seed: u64,
}

impl Ctx {
    pub(super) fn enemies(&self) -> impl Iterator<Item = &FighterView> {
        self.all
            .iter()
            .filter(move |o| o.on_board() && o.side != self.f.side)
    }

    fn dist(&self, o: &FighterView) -> f32 {
        distance(&self.f.base(), &o.base())
    }

    /// ATK-2 with ABL-5: the distance the attack range to `o` is measured over now (without
    /// the vertical distance after an ability that says so, as the engine measures it).
    fn range_to(&self, world: &World, o: &FighterView) -> f32 {
        crate::rules::actions::attack_distance(world.resource::<Engine>(), &self.f, o)
    }

    fn rule_ids(&self, step: RuleId) -> Vec<RuleId> {
        if !self.hold.is_empty() {
            vec![RuleId::SoloC2, step]
        } else {
            vec![step]
        }
    }
}

/// The best legal weapon of `f` against `t` (most expected damage), if any.
fn weapon_against(world: &World, ctx: &Ctx, t: &FighterView) -> Option<usize> {
    (0..ctx.f.profile.weapons.len())
        .filter(|&w| attack_allowed(world, &ctx.all, &ctx.f, t.id, w))
        .max_by(|&a, &b| {
            let e = |w: usize| {
                crate::ai::simple::expected_damage(&ctx.f.profile.weapons[w], t.profile.toughness)
            };
            e(a).total_cmp(&e(b)).then(b.cmp(&a))
        })
}

fn attack(world: &World, ctx: &Ctx, t: &FighterView, step: RuleId, why: &str) -> Option<Decision> {
    let w = weapon_against(world, ctx, t)?;
    Some(Decision {
        command: Command::Attack {
            fighter: ctx.f.id,
            target: t.id,
            weapon: w,
        },
        rules: ctx.rule_ids(step),
        why: format!(
            "attack {} with {}, {}\" away, {} wounds left{why}",
            t.name,
            ctx.f.profile.weapons[w].name,
            inches(ctx.dist(t)),
            t.wounds_left()
        ),
    })
}

fn move_decision(
    world: &World,
    ctx: &Ctx,
    goal: Goal,
    stop: impl Stop,
    step: RuleId,
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
        let cut = hold_cut(world, &ctx.f, &ctx.rules, &ctx.hold, (&path, b), &stop);
        let to = cut.end()?;
        if to.distance(ctx.f.pos) < 0.05 {
            return None;
        }
        if validate_move(world, &ctx.all, &ctx.f, to, budget).is_ok() {
            return Some(Decision {
                command: Command::Move {
                    pick: None,
                    fighter: ctx.f.id,
                    to: to.to_array(),
                    pick_up: true,
                    treasure: None,
                    descend: None,
                    via: vec![],
                },
                rules: ctx.rule_ids(step),
                why: format!(
                    "{why}: moves {:.1}\", ending {}",
                    cut.cost,
                    world
                        .resource::<crate::rules::log::BattleLog>()
                        .names
                        .place(&to.to_array())
                ),
            });
        }
        b -= 0.5;
    }
    None
}

/// SOLO-C3: engaged.
pub fn step_engaged(world: &World, ctx: &Ctx) -> Step {
    if !engaged(&ctx.all, &ctx.f) {
        return Step::Next;
    }
    if let Some(t) = target_fighter_on_board(ctx) {
        let d = ctx.dist(t);
        if in_attack_range(&ctx.f, ctx.range_to(world, t))
            && let Some(dec) = attack(
                world,
                ctx,
                t,
                RuleId::SoloC3,
                ": engaged, the target is in attack range",
            )
        {
            return Step::Decide(dec);
        }
        if let Some(dec) = disengage_towards(world, ctx, t, d) {
            return Step::Decide(dec);
        }
    }
    let cands: Vec<&FighterView> = ctx
        .enemies()
        .filter(|o| weapon_against(world, ctx, o).is_some())
        .collect();
    if let Some((t, tie)) = an_enemy(ctx.target, cands.into_iter(), ctx.tie_seed)
        && let Some(dec) = attack(
            world,
            ctx,
            t,
            RuleId::SoloC3,
            &format!(": engaged, attack an enemy fighter{tie}"),
        )
    {
        return Step::Decide(dec);
    }
    Step::Next
}

/// The target, if it is a fighter on the battlefield.
pub(super) fn target_fighter_on_board(ctx: &Ctx) -> Option<&FighterView> {
    match ctx.target {
        Target::Fighter(id) => ctx.all.iter().find(|o| o.id == id && o.on_board()),
        Target::Objective { .. } => None,
    }
}

/// SOLO-C3: engaged, with the target `t` (`d` away) in threat range: disengage towards it.
fn disengage_towards(world: &World, ctx: &Ctx, t: &FighterView, d: f32) -> Option<Decision> {
    let threat = threat_range(&ctx.f, &ctx.rules, ctx.move_bonus);
    let in_threat = d <= threat + 1e-4;
    if !in_threat {
        return None;
    }
    let bf = world.get_resource::<Battlefield>()?;
    let p = disengage_spot(world, ctx, bf, t)?;
    Some(Decision {
        command: Command::Disengage {
            fighter: ctx.f.id,
            to: p.to_array(),
        },
        rules: ctx.rule_ids(RuleId::SoloC3),
        why: format!(
            "engaged, {} is {}\" away, within the {}\" threat range: disengage towards it",
            t.name,
            inches(d),
            inches(threat)
        ),
    })
}

/// The legal disengage spot nearest `t` (within 3" of the objective the fighter holds).
pub(super) fn disengage_spot(
    world: &World,
    ctx: &Ctx,
    bf: &Battlefield,
    t: &FighterView,
) -> Option<Vec3> {
    let enemies: Vec<_> = ctx.enemies().map(|o| o.base()).collect();
    let spots = disengage_spots(
        &bf.nav,
        &ctx.f.mover(&ctx.rules),
        ctx.f.pos,
        &enemies,
        &blockers(&ctx.all, ctx.f.id),
    );
    spots
        .into_iter()
        .filter(|p| keeps_hold(&ctx.hold, &ctx.f, *p))
        .filter(|p| validate_disengage(world, &ctx.all, &ctx.f, *p).is_ok())
        .min_by(|a, b| a.distance(t.pos).total_cmp(&b.distance(t.pos)))
}

/// SOLO-C4: an enemy in attack range.
pub fn step_attack_range(world: &World, ctx: &Ctx) -> Step {
    let cands: Vec<&FighterView> = ctx
        .enemies()
        .filter(|o| {
            in_attack_range(&ctx.f, ctx.range_to(world, o))
                && weapon_against(world, ctx, o).is_some()
        })
        .collect();
    match an_enemy(ctx.target, cands.into_iter(), ctx.tie_seed).and_then(|(t, tie)| {
        attack(
            world,
            ctx,
            t,
            RuleId::SoloC4,
            &format!(": an enemy fighter in attack range{tie}"),
        )
    }) {
        Some(d) => Step::Decide(d),
        None => Step::Next,
    }
}

/// The longest range of `f`'s weapons.
fn longest_range(f: &FighterView) -> f32 {
    f.profile
        .weapons
        .iter()
        .map(|w| w.max_range)
        .fold(0.0f32, f32::max)
}

/// SOLO-C5: an enemy in threat range: move towards it, stopping in attack range.
pub fn step_threat_range(world: &World, ctx: &Ctx) -> Step {
    let threat = threat_range(&ctx.f, &ctx.rules, ctx.move_bonus);
    let cands: Vec<&FighterView> = ctx
        .enemies()
        .filter(|o| ctx.dist(o) <= threat + 1e-4)
        .collect();
    let Some((t, tie)) = an_enemy(ctx.target, cands.into_iter(), ctx.tie_seed) else {
        return Step::Next;
    };
    let tb = t.base();
    // "In attack range" to stop a move means able to attack from there: in a weapon's range
    // and in sight (ATK-1). A hidden enemy in range is approached until it can be seen.
    let stop = Bounded(
        |p: Vec3| {
            let moved = FighterView {
                pos: p,
                ..ctx.f.clone()
            };
            in_attack_range(&moved, distance(&moved.base(), &tb))
                && can_see(world, &ctx.all, &moved, t)
        },
        // Out of attack range by as much as it is beyond the longest weapon's range.
        |p: Vec3| {
            let me = crate::battlefield::measure::Base::new(ctx.f.profile.base, p, ctx.f.facing);
            distance(&me, &tb) - longest_range(&ctx.f) - 1e-4
        },
    );
    // Towards the enemy; the move stops as soon as it is in attack range. Beyond the longest
    // range the search can stop at that range; inside it (a minimum range keeps the longest
    // weapon out of use close up) it heads for base contact.
    let reach = longest_range(&ctx.f);
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
        RuleId::SoloC5,
        format!(
            "{} is {}\" away, within the {}\" threat range: move until in attack range{tie}",
            t.name,
            inches(ctx.dist(t)),
            inches(threat)
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
        Bounded(|_| false, |_| f32::INFINITY),
        RuleId::SoloC6,
        format!(
            "move towards the target, {}",
            target_name(&ctx.all, ctx.target)
        ),
    ) {
        Some(d) => Step::Decide(d),
        None => Step::Next,
    }
}

/// SOLO-C7: the decision that ends the activation of `fighter`.
fn end_activation(fighter: FighterId, why: &str) -> Decision {
    decision(
        Command::EndActivation { fighter },
        &[RuleId::SoloC7],
        why.to_string(),
    )
}

/// SOLO-C1..C6 for the active fighter's next action (C7: the target is chosen again first).
pub fn activation_step(world: &mut World, fighter: FighterId) -> Decision {
    let Some(act) = world.resource::<Engine>().activation.clone() else {
        return end_activation(fighter, "no activation");
    };
    let all = fighters(world);
    let Some(f) = all.iter().find(|f| f.id == fighter).cloned() else {
        return end_activation(fighter, "the fighter is gone");
    };
    let Some(tc) = target_now(world, &all, &act, f.side) else {
        return decision(
            Command::EndActivation { fighter },
            &[RuleId::SoloC7, RuleId::Cmb1],
            "no target (no objective to take, no enemy on the battlefield): it holds its ground \
             and the activation ends",
        );
    };
    if let Some(friend) = act.bonus.first().and_then(|b| b.friend()) {
        match friend_action(world, &act, all.clone(), friend, tc.target) {
            Some(d) => return with_target(d, &tc, again_after(&act)),
            // An action of its own declines the friend's bonus (CMB-2).
            None if act.actions_left > 0 => {}
            None => {
                let d = end_activation(act.fighter, "the friend has no bonus action to make");
                return with_target(d, &tc, again_after(&act));
            }
        }
    }
    let hold = held_objectives(world, &all, &f);
    let mut ctx = step_context(world, &act, all, f, tc.target, hold);
    ctx.tie_seed = super::tie_seed(world);
    let again = again_after(&act);
    // SOLO-C1 runs as part of the sequence for each action: after the last action there is no
    // sequence left to run, so no ability either.
    if act.actions_left == 0 && act.bonus.is_empty() {
        return end_activation(
            fighter,
            "its actions are used: the sequence has nothing left to run and the activation ends",
        );
    }
    let action = action_step(world, &ctx, act.bonus.first(), act.actions_left);
    ctx.next_action = action.as_ref().map(|d| d.command.clone());
    let d = match step_ability(world, &ctx) {
        Step::Decide(d) => d,
        Step::Next => action.unwrap_or_else(|| no_step_applies(fighter, !ctx.hold.is_empty())),
    };
    let d = super::ability::pick_after_move(world, &ctx, &act, d);
    with_target(d, &tc, again)
}

/// SOLO-C7 chooses the target again after an action; before the first, it is the one SOLO-B
/// chose the fighter for (the README's reading).
fn target_now(
    world: &mut World,
    all: &[FighterView],
    act: &ActivationState,
    side: Side,
) -> Option<TargetChoice> {
    if again_after(act) {
        choose_target_among(world, all, side)
    } else {
        super::target::target_of_activation(world, all, side)
    }
}

/// SOLO-C7: after an action the target is chosen again (it may have changed).
fn again_after(act: &ActivationState) -> bool {
    act.actions_taken > 0
}

/// ABL-5: a friend's bonus attack or move (the solo rules say nothing of it): the action
/// SOLO-C3..C6 would choose for the friend, else (an attack) its first legal attack; `None`
/// when it has none to make.
fn friend_action(
    world: &World,
    act: &ActivationState,
    all: Vec<FighterView>,
    friend: FighterId,
    target: Target,
) -> Option<Decision> {
    let fv = all.iter().find(|o| o.id == friend).cloned()?;
    let mut ctx = step_context(world, act, all, fv, target, Vec::new());
    ctx.tie_seed = super::tie_seed(world);
    let bonus = act.bonus.first().copied();
    action_step(world, &ctx, act.bonus.first(), 0).or_else(|| {
        let b = bonus.filter(|b| b.friend_attacks())?;
        let legal = crate::rules::actions::legal_attacks(world, &ctx.all, &ctx.f);
        let fits = |&&(t, w): &&(FighterId, usize)| {
            b.attack_fits(w, ctx.f.profile.weapons[w].is_melee(), t)
        };
        let &(t, weapon) = legal.iter().find(fits)?;
        Some(decision(
            Command::Attack {
                fighter: friend,
                target: t,
                weapon,
            },
            &[RuleId::Abl5],
            "the friend's bonus attack: no step of SOLO-C3..C4 chooses one, so its first legal \
             attack",
        ))
    })
}

/// The context of the steps for the active fighter `f` (no next action chosen yet).
fn step_context(
    world: &World,
    act: &ActivationState,
    all: Vec<FighterView>,
    f: FighterView,
    target: Target,
    hold: Vec<(usize, Vec3)>,
) -> Ctx {
    // The most a bonus move of this fighter may go (a friend's bonus move is not its).
    let bonus_move = (act.bonus.first())
        .filter(|b| b.moves(f.id, act.fighter))
        .and_then(|b| b.move_max());
    Ctx {
        all,
        f,
        target,
        rules: world.resource::<Ruleset>().clone(),
        move_bonus: world.resource::<Engine>().move_bonus(act),
        // The most a bonus move of this fighter may go (a friend's bonus move is not its).
        bonus_move,
        hold,
        next_action: None,
        tie_seed: 0,
    }
}

/// SOLO-C7 when none of SOLO-C3..C6 decides (SOLO-C2: when it holds an objective alone).
fn no_step_applies(fighter: FighterId, holds: bool) -> Decision {
    if holds {
        decision(
            Command::EndActivation { fighter },
            &[RuleId::SoloC2, RuleId::SoloC7],
            "it holds the objective alone and no step of SOLO-C3..C6 applies within 3\" of it: the activation ends",
        )
    } else {
        end_activation(
            fighter,
            "no step of SOLO-C3..C6 applies: the activation ends",
        )
    }
}

/// Puts the target (SOLO-A) and, after an action, SOLO-C7 in front of a step's decision.
fn with_target(mut d: Decision, tc: &TargetChoice, again: bool) -> Decision {
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
    d.rules.insert(0, tc.rule);
    if again && !d.rules.contains(&RuleId::SoloC7) {
        d.rules.insert(0, RuleId::SoloC7);
    }
    d.why = format!("{prefix}{}", d.why);
    d
}

/// SOLO-C3..C6 in order: the first step that decides (for a pending bonus action, the first
/// that decides an action of the bonus's kind, or one of its own that declines it); when none
/// does, the bonus as its card asks, if it can be made.
fn action_step(
    world: &World,
    ctx: &Ctx,
    bonus: Option<&Bonus>,
    actions_left: u8,
) -> Option<Decision> {
    let steps: [fn(&World, &Ctx) -> Step; 4] = [
        step_engaged,
        step_attack_range,
        step_threat_range,
        step_approach,
    ];
    let decided = steps.iter().find_map(|s| match s(world, ctx) {
        Step::Decide(d) => super::bonus::accept(world, ctx, bonus, actions_left, d),
        Step::Next => None,
    });
    match bonus {
        Some(b) if decided.is_none() => super::bonus::make(world, ctx, b),
        _ => decided,
    }
}
