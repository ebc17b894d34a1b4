//! Playing battles headless: a battle driven to its end by a commands file and the built-in
//! policy, batches of battles with figures, saves and replays.

pub mod replay;

use std::collections::VecDeque;

use bevy::prelude::*;
use serde::Serialize;

use crate::model::components::BattleInfo;
use crate::model::formats::Controller;
use crate::rules::command::{Command, Rejected};
use crate::rules::engine::deciding_side;
use crate::rules::engine::{self, Engine, Outcome, Pending};
use crate::scenario::load::BattleSpec;

/// A headless app with `spec` spawned and set up; round 1's initiative dice are rolled.
pub fn battle_app(spec: &BattleSpec) -> App {
    let mut app = crate::headless_app(spec);
    app.update();
    app
}

/// Why a headless run stopped early.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("command {index} ({command}) was rejected: {rejected}")]
    Rejected {
        index: usize,
        command: String,
        rejected: Rejected,
    },
    #[error("the AI or the built-in policy sent a command the rules reject: {0}")]
    Policy(String),
    #[error("the battle did not end within {0} commands")]
    TooLong(usize),
}

/// Where each side's commands come from.
pub struct Driver {
    /// Commands for the scripted sides, in order.
    pub script: VecDeque<Command>,
    /// Sides whose decisions come from the script (while it lasts).
    pub scripted: [bool; 2],
    /// Stop after this many applied commands (for saving mid-battle).
    pub stop_after: Option<usize>,
}

impl Driver {
    /// The policy plays both sides.
    pub fn policy() -> Self {
        Driver {
            script: VecDeque::new(),
            scripted: [false; 2],
            stop_after: None,
        }
    }

    /// `script` plays the human sides of the battle (every side when none is human).
    pub fn scripted(world: &World, script: Vec<Command>) -> Self {
        let info = world.resource::<BattleInfo>();
        let human: Vec<bool> = info
            .sides
            .iter()
            .map(|s| s.controller == Controller::Human)
            .collect();
        let any = human.iter().any(|h| *h);
        Driver {
            script: script.into(),
            scripted: [!any || human[0], !any || human[1]],
            stop_after: None,
        }
    }
}

/// Plays on until the battle ends (or the driver stops): scripted sides from the script while
/// it lasts, AI sides by the solo AI (SOLO-A..C), other sides by the built-in policy. Returns
/// the number of decisions this call applied (explanations not counted).
pub fn play(world: &mut World, driver: &mut Driver) -> Result<usize, RunError> {
    const LIMIT: usize = 20_000;
    let mut applied = 0;
    let mut script_index = 0;
    loop {
        if world.resource::<Engine>().pending == Pending::Ended {
            return Ok(applied);
        }
        if driver.stop_after.is_some_and(|n| applied >= n) {
            return Ok(applied);
        }
        if applied >= LIMIT {
            return Err(RunError::TooLong(LIMIT));
        }
        let side = deciding_side(world).unwrap_or(0);
        if !driver.scripted[side] || driver.script.is_empty() {
            if !auto_step(world).map_err(RunError::Policy)? {
                return Ok(applied);
            }
            applied += 1;
            continue;
        }
        script_index += 1;
        let cmd = driver.script.pop_front().expect("not empty");
        engine::apply(world, &cmd).map_err(|rejected| RunError::Rejected {
            index: script_index,
            command: cmd.describe(),
            rejected,
        })?;
        applied += 1;
    }
}

/// Makes the next decision of whichever side must decide: an AI side by the solo AI (an
/// explanation, then the command), another side by the built-in policy. `Ok(false)` when
/// there is nothing to decide; `Err` when the rules reject the command.
pub fn auto_step(world: &mut World) -> Result<bool, String> {
    let Some(side) = deciding_side(world) else {
        return Ok(false);
    };
    let cmd = if crate::ai::solo::is_ai(world, side) {
        let Some(d) = crate::ai::solo::decide(world) else {
            return Ok(false);
        };
        engine::apply(world, &crate::ai::solo::explain(side, &d)).map_err(|e| e.to_string())?;
        d.command
    } else {
        match crate::ai::simple::choose(world) {
            Some(c) => c,
            None => return Ok(false),
        }
    };
    engine::apply(world, &cmd).map_err(|e| {
        format!(
            "{} -> {e} (waiting for {})",
            cmd.describe(),
            engine::describe_pending(world.resource::<Engine>().pending)
        )
    })?;
    Ok(true)
}

/// The figures of one finished battle.
#[derive(Debug, Clone, Serialize)]
pub struct BattleResult {
    pub seed: u64,
    pub outcome: Option<Outcome>,
    pub rounds: u32,
    pub commands: usize,
    pub score: [u32; 2],
    pub points_taken_down: [u32; 2],
}

/// Plays `spec` with `seed` to the end: AI sides by the solo AI, human sides by the built-in
/// policy.
pub fn run_one(spec: &BattleSpec, seed: u64) -> Result<(BattleResult, App), RunError> {
    let mut spec = spec.clone();
    spec.seed = seed;
    let mut app = battle_app(&spec);
    play(app.world_mut(), &mut Driver::policy())?;
    let e = app.world().resource::<Engine>();
    let r = BattleResult {
        seed,
        outcome: e.outcome,
        rounds: e.round,
        commands: e.commands.len(),
        score: e.score,
        points_taken_down: e.points_taken_down,
    };
    Ok((r, app))
}

/// Figures of a batch of battles.
#[derive(Debug, Clone, Serialize)]
pub struct BatchReport {
    pub battle: String,
    pub battles: usize,
    pub first_seed: u64,
    pub wins: [usize; 2],
    pub draws: usize,
    pub unfinished: usize,
    pub errors: Vec<String>,
    pub mean_rounds: f64,
    pub mean_commands: f64,
    pub ms_per_battle: f64,
    pub threads: usize,
}

/// Plays `n` AI-vs-AI battles (both sides by the solo AI, each treating the other as the
/// player warband) with seeds `first_seed..first_seed + n` on `threads` threads. A command of
/// the AI that the rules reject is an error of that battle.
pub fn simulate(spec: &BattleSpec, n: usize, first_seed: u64, threads: usize) -> BatchReport {
    let mut spec = spec.clone();
    for s in &mut spec.sides {
        s.controller = Controller::Ai;
    }
    let spec = &spec;
    let start = std::time::Instant::now();
    let threads = threads.max(1);
    let results: Vec<Result<BattleResult, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    (0..n)
                        .filter(|i| i % threads == t)
                        .map(|i| {
                            let seed = first_seed + i as u64;
                            run_one(spec, seed)
                                .map(|(r, _)| r)
                                .map_err(|e| format!("seed {seed}: {e}"))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| {
                h.join()
                    .unwrap_or_else(|_| vec![Err("a battle panicked".into())])
            })
            .collect()
    });
    let elapsed = start.elapsed().as_secs_f64() * 1000.0;
    let mut wins = [0; 2];
    let (mut draws, mut unfinished, mut rounds, mut commands) = (0, 0, 0u64, 0u64);
    let mut errors = Vec::new();
    for r in &results {
        match r {
            Ok(b) => {
                match b.outcome {
                    Some(Outcome::Winner(s)) => wins[s] += 1,
                    Some(Outcome::Draw) => draws += 1,
                    None => unfinished += 1,
                }
                rounds += b.rounds as u64;
                commands += b.commands as u64;
            }
            Err(e) => errors.push(e.clone()),
        }
    }
    let ok = (results.len() - errors.len()).max(1) as f64;
    BatchReport {
        battle: spec.name.clone(),
        battles: n,
        first_seed,
        wins,
        draws,
        unfinished,
        errors,
        mean_rounds: rounds as f64 / ok,
        mean_commands: commands as f64 / ok,
        ms_per_battle: elapsed * threads as f64 / n.max(1) as f64,
        threads,
    }
}
