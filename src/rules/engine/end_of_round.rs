//! The end of a round: objective control (GEN-7), scoring and the end of the battle (VIC-1,
//! SET-8).

use crate::model::RuleId;
use crate::model::components::{Activation, BattleInfo, Objective, Reactions};
use crate::model::formats::VictoryCondition;
use crate::model::ids::Side;
use crate::model::ruleset::{Ruleset, TieRule};
use crate::rules::initiative::most_singles;
use crate::rules::log::{EndReason, Event};
use crate::rules::state::{
    Engine, FighterView, Outcome, Overtime, Pending, engine, fighters, log, world_hash,
};
use bevy::prelude::*;

/// GEN-7: how many fighters each side has within 3" of an objective, each counting as
/// `counts_as` says (1, or more when an ability says so).
pub fn objective_majority(
    all: &[FighterView],
    objective: Vec3,
    counts_as: impl Fn(&FighterView) -> u32,
) -> [u32; 2] {
    let mut n = [0u32; 2];
    for f in all.iter().filter(|f| f.on_board()) {
        if f.by_objective(objective) {
            n[f.side] += counts_as(f);
        }
    }
    n
}

/// The end of the round: objective control (GEN-7), victory points (VIC-1), activations
/// reset, the round's hash, then either the end of the battle (VIC-1, SET-8) or the next round.
pub(super) fn end_of_round_phase(world: &mut World) {
    let all = fighters(world);
    update_control(world, &all);
    score_objectives(world);
    // ABL-5: the damage abilities left for the end of the round, once control is determined.
    crate::rules::effects::round_end_damage(world);
    crate::rules::effects::tokens_at_round_end(world);
    for f in &all {
        world
            .entity_mut(f.entity)
            .insert((Activation::Ready, Reactions(0)));
    }
    let hash = world_hash(world);
    engine(world).round_hashes.push(hash);
    if !battle_over(world) {
        engine(world).pending = Pending::RollInitiative;
    }
}

/// GEN-7: the side with more fighters within 3" of an objective takes control of it; control
/// stays on a tie.
fn update_control(world: &mut World, all: &[FighterView]) {
    let mut objectives: Vec<Objective> = world.query::<&Objective>().iter(world).copied().collect();
    objectives.sort_by_key(|o| o.index);
    for o in &objectives {
        let at = Vec3::new(o.position.0, 0.0, o.position.1);
        let eng = world.resource::<Engine>();
        let n = objective_majority(all, at, |f| eng.counts_as(f.id));
        let before = world
            .resource::<Engine>()
            .control
            .get(o.index)
            .copied()
            .flatten();
        let now = match n[0].cmp(&n[1]) {
            std::cmp::Ordering::Greater => Some(Side::A),
            std::cmp::Ordering::Less => Some(Side::B),
            std::cmp::Ordering::Equal => before,
        };
        if now != before
            && let Some(s) = now
        {
            let event = Event::Control {
                objective: o.index,
                side: s,
                fighters: n,
            };
            log(world, &[RuleId::Gen7], event);
        }
        if let Some(c) = engine(world).control.get_mut(o.index) {
            *c = now;
        }
    }
}

/// VIC-1: victory points for the objectives each side controls, when the card scores them.
fn score_objectives(world: &mut World) {
    let victory = world.resource::<BattleInfo>().victory.clone();
    let VictoryCondition::ObjectiveControl {
        points_per_objective,
    } = victory.condition
    else {
        return;
    };
    for side in Side::BOTH {
        let held = world
            .resource::<Engine>()
            .control
            .iter()
            .filter(|c| **c == Some(side))
            .count() as u32;
        let points = held * points_per_objective;
        engine(world).score[side] += points;
        let total = world.resource::<Engine>().score[side];
        let event = Event::Score {
            side,
            objectives: held,
            points,
            total,
        };
        log(world, &[RuleId::Vic1, RuleId::Gen7], event);
    }
}

/// VIC-1, SET-8: after the victory card's rounds, does the battle end? A side ahead by the
/// card wins; undecided, one more round, then play on (the card no longer decides) until one
/// warband is left or the ruleset's round limit.
fn battle_over(world: &mut World) -> bool {
    let round = world.resource::<Engine>().round;
    let rounds = world.resource::<BattleInfo>().victory.rounds;
    let (tie_rule, limit) = {
        let r = world.resource::<Ruleset>();
        (r.tie_rule, r.last_standing_round_limit)
    };
    let overtime = world.resource::<Engine>().overtime;
    if round < rounds {
        return false;
    }
    // SET-8: once the battle plays on past the extra round, the victory card no longer
    // decides: only the last warband with fighters on the battlefield wins.
    let leader = if overtime == Overtime::LastStanding {
        None
    } else {
        leader_by_condition(world)
    };
    match (leader, overtime) {
        (Some(w), _) => finish(
            world,
            Outcome::Winner(w),
            RuleId::Vic1,
            EndReason::VictoryCondition,
        ),
        (None, _) if tie_rule == TieRule::Draw => finish(
            world,
            Outcome::Draw,
            RuleId::Set8,
            EndReason::NobodyMetCondition,
        ),
        (None, Overtime::No) => {
            engine(world).overtime = Overtime::ExtraRound;
            log(world, &[RuleId::Set8], Event::ExtraRound);
            return false;
        }
        (None, Overtime::ExtraRound) => {
            engine(world).overtime = Overtime::LastStanding;
            log(world, &[RuleId::Set8], Event::PlayOn);
            return false;
        }
        (None, Overtime::LastStanding) if round >= limit => {
            finish(world, Outcome::Draw, RuleId::Set8, EndReason::RoundLimit)
        }
        (None, Overtime::LastStanding) => return false,
    }
    true
}

/// VIC-1: who is ahead by the victory card's condition, or `None` when level.
pub fn leader_by_condition(world: &mut World) -> Option<Side> {
    let victory = world.resource::<BattleInfo>().victory.clone();
    let value = match victory.condition {
        VictoryCondition::ObjectiveControl { .. } => world.resource::<Engine>().score,
        VictoryCondition::Attrition => world.resource::<Engine>().points_taken_down,
        VictoryCondition::TreasureRace => {
            let all = fighters(world);
            let mut n = [0u32; 2];
            for f in all.iter().filter(|f| f.carrying.is_some() && f.on_board()) {
                n[f.side] += 1;
            }
            n
        }
    };
    most_singles(value[0], value[1])
}

pub(super) fn finish(world: &mut World, outcome: Outcome, rule: RuleId, reason: EndReason) {
    log(world, &[rule], Event::End { outcome, reason });
    let mut e = engine(world);
    e.outcome = Some(outcome);
    e.pending = Pending::Ended;
    e.activation = None;
    e.reaction = None;
}
