//! `simulate`: many AI-vs-AI battles; JSON figures. With `--deployment` / `--victory` the
//! battle is played with other cards; with `--every-card` with every deployment card and every
//! victory card next to it. Exits with 1 when a battle stalled or errored.

use std::path::Path;

use warcry_sim::scenario::load::{BattleSpec, Disk};
use warcry_sim::sim::cards::{self, Origin};

use super::{load_spec, origin, to_json};
use crate::{PlayArgs, SimulateArgs};

pub fn simulate(args: &PlayArgs, sim: &SimulateArgs) -> anyhow::Result<()> {
    let spec = load_spec(args)?;
    let (origin, _) = origin(args);
    if sim.every_card {
        return every_card(&spec, origin, sim);
    }
    let spec = with_cards(spec, origin, sim)?;
    let report = warcry_sim::sim::simulate(&spec, sim.battles, sim.first_seed, sim.threads);
    println!("{}", to_json(&report));
    if !report.all_ended() {
        anyhow::bail!(
            "{} of {} battle(s) stalled and {} errored: see `stalled_seeds` and `errors`",
            report.tally.stalls,
            report.tally.battles,
            report.tally.errors.len()
        );
    }
    Ok(())
}

/// The battle with `--deployment` / `--victory` instead of its own cards, if given: card files
/// on disk, loaded and checked like the battle's own.
fn with_cards(spec: BattleSpec, origin: Origin, sim: &SimulateArgs) -> anyhow::Result<BattleSpec> {
    if sim.deployment.is_none() && sim.victory.is_none() {
        return Ok(spec);
    }
    let path = |p: Option<&Path>| p.map(|p| p.to_string_lossy().to_string());
    let deployment = path(sim.deployment.as_deref());
    let victory = path(sim.victory.as_deref());
    let spec = cards::with_cards(
        &spec,
        origin.source(),
        &Disk,
        deployment.as_deref(),
        victory.as_deref(),
    )?;
    Ok(spec)
}

fn every_card(spec: &BattleSpec, origin: Origin, sim: &SimulateArgs) -> anyhow::Result<()> {
    let report = cards::every_card(spec, origin, sim.battles, sim.first_seed, sim.threads)
        .map_err(anyhow::Error::msg)?;
    println!("{}", to_json(&report));
    let t = &report.totals;
    if !report.all_ended() {
        anyhow::bail!(
            "{} of {} battle(s) stalled and {} errored over {} card pair(s): see the pairs",
            t.stalls,
            t.battles,
            t.errors,
            t.pairs - t.refused
        );
    }
    Ok(())
}
