//! SOLO-A1..A6 (rules/solo-mode.md): the automated warband's target, "closest to the warband",
//! and the GEN-4 roll-off among tied candidates.

use crate::model::RuleId;
use crate::rules::actions::inches;
use bevy::prelude::*;
use serde::Serialize;

use super::{sorted_objectives, tie_seed, tie_seed_at};
use crate::battlefield::measure::{distance, distance_to_point};
use crate::model::components::*;
use crate::model::dice::DiceRng;
use crate::model::dice::roll_off_among;
use crate::model::formats::{Role, VictoryCondition};
use crate::rules::command::Command;
use crate::rules::engine::{Engine, FighterView, fighters};

/// What the automated warband is after (SOLO-A).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum Target {
    Objective { index: usize, at: [f32; 3] },
    Fighter(FighterId),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TargetChoice {
    pub target: Target,
    pub rule: RuleId,
    pub why: String,
}

/// "Closest to the warband": distances from each friendly fighter on the battlefield, sorted.
fn closeness(all: &[FighterView], side: Side, dist: impl Fn(&FighterView) -> f32) -> Vec<f32> {
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
fn closest_to_warband(seed: u64, lists: &[Vec<f32>]) -> (usize, String) {
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
    let mut dice = DiceRng::new(seed);
    let (w, rounds) = roll_off_among(tied.len(), &mut dice);
    (
        tied[w],
        format!(
            " (tied at equal distances: roll-off {}, GEN-4)",
            crate::model::dice::roll_off_text(&rounds, |c| format!("candidate {}", c + 1))
        ),
    )
}

/// The centre of an objective, on the ground.
fn objective_at(o: &Objective) -> Vec3 {
    Vec3::new(o.position.0, 0.0, o.position.1)
}

/// SOLO-A1..A6 for the automated warband `side`.
pub fn choose_target(world: &mut World, side: Side) -> Option<TargetChoice> {
    let all = fighters(world);
    choose_target_among(world, &all, side)
}

/// [`choose_target`] with every fighter's view `all` already read.
pub fn choose_target_among(
    world: &mut World,
    all: &[FighterView],
    side: Side,
) -> Option<TargetChoice> {
    let seed = tie_seed(world);
    choose_target_seeded(world, all, side, seed)
}

/// The target SOLO-B chose the active fighter for, for its first action (the README's
/// reading): chosen as then, with the tie-break dice of the moment it was activated.
pub fn target_of_activation(
    world: &mut World,
    all: &[FighterView],
    side: Side,
) -> Option<TargetChoice> {
    let commands = &world.resource::<Engine>().commands;
    let activated = commands
        .iter()
        .rposition(|c| match c {
            Command::Decided { command, .. } => matches!(**command, Command::Activate { .. }),
            c => matches!(c, Command::Activate { .. }),
        })
        .unwrap_or(commands.len());
    let seed = tie_seed_at(world, activated);
    choose_target_seeded(world, all, side, seed)
}

/// SOLO-A with the tie-break dice seeded `seed`.
fn choose_target_seeded(
    world: &mut World,
    all: &[FighterView],
    side: Side,
    seed: u64,
) -> Option<TargetChoice> {
    objective_target(world, all, side, seed).or_else(|| fighter_target(world, all, side, seed))
}

/// SOLO-A1, SOLO-A2: an objective nobody controls, else one the player warband controls.
fn objective_target(
    world: &mut World,
    all: &[FighterView],
    side: Side,
    seed: u64,
) -> Option<TargetChoice> {
    let enemy = side.other();
    let control = world.resource::<Engine>().control.clone();
    let objectives = sorted_objectives(world);
    for (rule, owner, what) in [
        (RuleId::SoloA1, None, "an objective nobody controls"),
        (
            RuleId::SoloA2,
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
            .map(|o| closeness(all, side, |f| distance_to_point(&f.base(), objective_at(o))))
            .collect();
        let (i, tie) = closest_to_warband(seed, &lists);
        let o = cands[i];
        return Some(TargetChoice {
            target: Target::Objective {
                index: o.index,
                at: objective_at(o).to_array(),
            },
            rule,
            why: format!(
                "objective {}: {what}, {}\" from the nearest fighter of the warband{tie}",
                o.index + 1,
                inches(lists[i].first().copied().unwrap_or(f32::INFINITY))
            ),
        });
    }
    None
}

type Filter = Box<dyn Fn(&FighterView) -> bool>;

/// The kinds of enemy fighter SOLO-A3..A6 look for, in order: (rule, what, which qualify).
fn fighter_kinds(victory: VictoryCondition) -> [(RuleId, &'static str, Filter); 4] {
    [
        (
            RuleId::SoloA3,
            "named by the victory condition (carries treasure)",
            Box::new(move |f: &FighterView| {
                victory == VictoryCondition::TreasureRace && f.carrying.is_some()
            }),
        ),
        (
            RuleId::SoloA4,
            "the enemy leader",
            Box::new(|f: &FighterView| f.role == Role::Leader),
        ),
        (
            RuleId::SoloA5,
            "an enemy fighter not yet activated this round",
            Box::new(|f: &FighterView| f.activation != Activation::Activated),
        ),
        (
            RuleId::SoloA6,
            "an enemy fighter already activated this round",
            Box::new(|f: &FighterView| f.activation == Activation::Activated),
        ),
    ]
}

/// SOLO-A3..A6: the first kind of enemy fighter on the battlefield, closest to the warband.
fn fighter_target(
    world: &mut World,
    all: &[FighterView],
    side: Side,
    seed: u64,
) -> Option<TargetChoice> {
    let enemy = side.other();
    let victory = world.resource::<BattleInfo>().victory.condition.clone();
    let enemies: Vec<&FighterView> = all
        .iter()
        .filter(|f| f.side == enemy && f.on_board())
        .collect();
    for (rule, what, keep) in fighter_kinds(victory) {
        let cands: Vec<&&FighterView> = enemies.iter().filter(|f| keep(f)).collect();
        if cands.is_empty() {
            continue;
        }
        let lists: Vec<Vec<f32>> = cands
            .iter()
            .map(|e| closeness(all, side, |f| distance(&f.base(), &e.base())))
            .collect();
        let (i, tie) = closest_to_warband(seed, &lists);
        let t = cands[i];
        return Some(TargetChoice {
            target: Target::Fighter(t.id),
            rule,
            why: format!(
                "{}: {what}, {}\" from the nearest fighter of the warband{tie}",
                t.name,
                inches(lists[i].first().copied().unwrap_or(f32::INFINITY))
            ),
        });
    }
    None
}
