//! Playing battles headless: a battle driven to its end by a commands file and the built-in
//! policy, batches of battles with figures (`batch`), batches over other deployment and
//! victory cards (`cards`), saves and replays (`replay`).

pub mod balance;
pub mod batch;
pub mod cards;
pub mod factions;
pub mod heatmap;
pub mod live;
pub mod now;
pub mod replay;
pub mod summary;
pub mod takeback;
pub mod trails;

pub use batch::{BatchReport, simulate};

use crate::model::ids::Side;
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

/// The embedded default battle where the human side sets up its fighters by hand (SET-6),
/// set up as far as the rules go: it waits for that side (`Pending::Deploy`). For tests.
pub fn default_battle_set_up_by_hand() -> App {
    use crate::model::formats::Choices;
    use crate::scenario::load::{DEFAULT_BATTLE, EmbeddedThenDisk, load_battle_with};
    let choices = Choices {
        deploy_by_hand: true,
        ..Choices::default()
    };
    let spec = load_battle_with(&EmbeddedThenDisk, DEFAULT_BATTLE, &choices)
        .expect("the embedded default battle loads");
    battle_app(&spec)
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
    /// The battle stalled: it has not ended but nobody can decide (the solo AI or the policy
    /// found nothing to do while the battle waits for `waiting_for`).
    #[error("the battle stalled after {applied} commands: nobody can decide {waiting_for}")]
    Stalled { applied: usize, waiting_for: String },
    /// The battle stalled: it did not end within the command limit.
    #[error("the battle did not end within {0} commands")]
    TooLong(usize),
}

impl RunError {
    /// Did the battle stall (nobody could decide, or the command limit) rather than fail?
    pub fn is_stall(&self) -> bool {
        matches!(self, RunError::Stalled { .. } | RunError::TooLong(_))
    }
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
/// the number of decisions this call applied (explanations not counted). A battle that has
/// not ended when nobody can decide ([`RunError::Stalled`]) or after the command limit
/// ([`RunError::TooLong`]) is an error: it stalled.
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
        let side = deciding_side(world).unwrap_or(Side::A);
        if !driver.scripted[side] || driver.script.is_empty() {
            if !auto_step(world).map_err(RunError::Policy)? {
                return Err(RunError::Stalled {
                    applied,
                    waiting_for: waiting_for(world),
                });
            }
            applied += 1;
            continue;
        }
        script_index += 1;
        let cmd = driver.script.pop_front().expect("not empty");
        let command = cmd.describe_with(&world.resource::<crate::rules::log::BattleLog>().names);
        engine::apply(world, &cmd).map_err(|rejected| RunError::Rejected {
            index: script_index,
            command,
            rejected,
        })?;
        applied += 1;
    }
}

/// What the battle waits for, for people: "(waiting for side 1's reaction)".
fn waiting_for(world: &World) -> String {
    let pending = world.resource::<Engine>().pending;
    let names = &world.resource::<crate::rules::log::BattleLog>().names;
    format!(
        "(waiting for {})",
        engine::describe_pending_with(pending, names)
    )
}

/// The next decision of whichever side must decide: an AI side's by the solo AI (one
/// `Decided` command), another side's by the built-in policy; `None` when nobody decides.
pub fn next_command(world: &mut World) -> Option<Command> {
    let side = deciding_side(world)?;
    if crate::ai::solo::is_ai(world, side) {
        let d = crate::ai::solo::decide(world)?;
        Some(crate::ai::solo::decided(side, &d))
    } else {
        crate::ai::simple::choose(world)
    }
}

/// Makes the next decision of whichever side must decide: an AI side by the solo AI (the
/// command with its reasons, one `Decided` command), another side by the built-in policy. `Ok(false)` when
/// there is nothing to decide; `Err` when the rules reject the command.
pub fn auto_step(world: &mut World) -> Result<bool, String> {
    let Some(cmd) = next_command(world) else {
        return Ok(false);
    };
    let said = cmd.describe_with(&world.resource::<crate::rules::log::BattleLog>().names);
    engine::apply(world, &cmd).map_err(|e| format!("{said} -> {e} {}", waiting_for(world)))?;
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
    /// What balance reads of it (`simulate`).
    #[serde(skip)]
    pub figures: balance::Figures,
}

/// Plays `spec` with `seed` to the end: AI sides by the solo AI, human sides by the built-in
/// policy.
pub fn run_one(spec: &BattleSpec, seed: u64) -> Result<(BattleResult, App), RunError> {
    let mut spec = spec.clone();
    spec.seed = seed;
    let mut app = battle_app(&spec);
    play(app.world_mut(), &mut Driver::policy())?;
    Ok((result(app.world_mut(), seed), app))
}

/// [`run_one`]'s result, played on this thread's app (see [`played_on_thread_app`]).
pub fn result_of(spec: &BattleSpec, seed: u64) -> Result<BattleResult, RunError> {
    played_on_thread_app(spec, seed, |world| result(world, seed))
}

/// Plays `spec` with `seed` to the end like [`run_one`], on this thread's app, and reads the
/// world at the end with `read`. The app is kept from battle to battle (a new battle is spawned
/// in place of the last one) instead of built for each, which cost 4% of a battle; the battle
/// is the same as on a new app.
pub fn played_on_thread_app<R>(
    spec: &BattleSpec,
    seed: u64,
    read: impl FnOnce(&mut World) -> R,
) -> Result<R, RunError> {
    thread_local! {
        static APP: std::cell::RefCell<Option<App>> = const { std::cell::RefCell::new(None) };
    }
    // Taken out while the battle is played: a battle that panics takes its app with it, and
    // the next battle builds a new one.
    let mut app = APP
        .take()
        .unwrap_or_else(crate::headless_app_without_battle);
    crate::scenario::spawn::spawn_battle_seeded(app.world_mut(), spec, seed);
    app.update();
    let played = play(app.world_mut(), &mut Driver::policy());
    let r = played.map(|_| read(app.world_mut()));
    APP.set(Some(app));
    r
}

/// How the battle in `world` (played with `seed`) went.
fn result(world: &mut World, seed: u64) -> BattleResult {
    let figures = balance::figures(world);
    let e = world.resource::<Engine>();
    BattleResult {
        seed,
        outcome: e.outcome,
        rounds: e.round,
        commands: e.commands.len(),
        score: e.score,
        points_taken_down: e.points_taken_down,
        figures,
    }
}
