//! The subcommands, one module each, and what they share: loading the battle named by
//! `--battle`, JSON output, printing errors for people.

pub mod check;
pub mod import_deployments;
pub mod import_fighters;
pub mod measure;
pub mod path;
pub mod plan;
pub mod play;
pub mod preview;
pub mod render;
pub mod replay;
pub mod roster;
pub mod run;
pub mod setup;
pub mod simulate;

use std::process::ExitCode;

use warcry_sim::scenario::load::{self, BattleSpec, DEFAULT_BATTLE};
use warcry_sim::sim::cards::Origin;

use crate::PlayArgs;

/// The exit code of a subcommand's result; an error is printed to stderr (its chain of
/// causes on one line, `outer: inner`; a list of problems one per line) and exits with 1.
pub fn exit_code(result: anyhow::Result<ExitCode>) -> ExitCode {
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("{}", format!("{e:#}").trim_end());
            ExitCode::FAILURE
        }
    }
}

/// Where `--battle` comes from: the disk, or the embedded default battle when absent.
pub fn origin(args: &PlayArgs) -> (Origin, String) {
    match &args.battle {
        Some(p) => (Origin::Disk, p.to_string_lossy().to_string()),
        None => (Origin::Embedded, DEFAULT_BATTLE.to_string()),
    }
}

/// Loads the battle `--battle` names (the embedded default battle when absent), with `--seed`.
pub fn load_spec(args: &PlayArgs) -> anyhow::Result<BattleSpec> {
    let (origin, file) = origin(args);
    let mut spec = load::load_battle(origin.source(), &file)?;
    if let Some(seed) = args.seed {
        spec.seed = seed;
    }
    Ok(spec)
}

pub fn to_json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string_pretty(v).expect("reports serialize")
}

/// Loads and sets up the battle headless, then answers a question about it: prints the
/// answer's text, or its JSON with `json`.
pub fn with_battle(
    args: &PlayArgs,
    json: bool,
    ask: impl FnOnce(&mut bevy::prelude::World) -> Result<(String, String), String>,
) -> anyhow::Result<()> {
    let spec = load_spec(args)?;
    let mut app = warcry_sim::headless_app(&spec);
    app.update();
    app.update();
    let (text, js) = ask(app.world_mut()).map_err(anyhow::Error::msg)?;
    println!("{}", if json { js } else { text });
    Ok(())
}

/// The battle log of `world`, as text or JSON.
pub fn log_out(world: &bevy::prelude::World, json: bool) -> String {
    let log = world.resource::<warcry_sim::rules::log::BattleLog>();
    if json {
        serde_json::to_string_pretty(&log.rendered()).expect("the log serializes")
    } else {
        log.to_text()
    }
}
