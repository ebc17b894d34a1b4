//! `run`: play a battle headless to the end (or `--stop-after`), print or write its log,
//! optionally save it.

use anyhow::Context;
use bevy::prelude::App;
use warcry_sim::rules::command::Command;
use warcry_sim::sim::replay::SavedBattle;
use warcry_sim::sim::{Driver, play};

use super::{load_spec, log_out};
use crate::{PlayArgs, RunArgs};

pub fn run(args: &PlayArgs, run: &RunArgs) -> anyhow::Result<()> {
    let (mut app, battle) = start(args, run)?;
    let script = match &run.commands {
        Some(p) => warcry_sim::scenario::read_ron::<Vec<Command>>(p).map_err(anyhow::Error::msg)?,
        None => Vec::new(),
    };
    let world = app.world_mut();
    let mut driver = if run.commands.is_some() {
        Driver::scripted(world, script)
    } else {
        Driver::policy()
    };
    driver.stop_after = run.stop_after;
    let result = play(world, &mut driver);
    let text = log_out(world, run.json);
    match &run.log {
        Some(p) => warcry_sim::scenario::write_atomic(p, text.as_bytes())
            .with_context(|| format!("{}: cannot write", p.display()))?,
        None => print!("{text}"),
    }
    if let Some(p) = &run.save {
        SavedBattle::of(world, battle)
            .write(p)
            .with_context(|| format!("{}: cannot write", p.display()))?;
        eprintln!("saved to {}", p.display());
    }
    result?;
    Ok(())
}

/// The battle to play: the save `--load` names, restored, or the battle file set up. With
/// the battle file it came from, for the save (`None`: the embedded default battle).
fn start(args: &PlayArgs, run: &RunArgs) -> anyhow::Result<(App, Option<String>)> {
    match &run.load {
        Some(p) => {
            let saved = SavedBattle::read(p).map_err(anyhow::Error::msg)?;
            let app = saved.restore().map_err(anyhow::Error::msg)?;
            Ok((app, saved.battle))
        }
        None => {
            let spec = load_spec(args)?;
            let battle = args
                .battle
                .as_ref()
                .map(|p| p.to_string_lossy().to_string());
            Ok((warcry_sim::sim::battle_app(&spec), battle))
        }
    }
}
