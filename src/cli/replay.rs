//! `replay`: re-run a replay or save file; with `--verify` check the world hash after every
//! round.

use std::path::Path;

use warcry_sim::model::components::BattleInfo;
use warcry_sim::rules::engine::{Engine, Outcome};
use warcry_sim::sim::replay::SavedBattle;

use super::log_out;

pub fn replay(file: &Path, verify: bool, show_log: bool) -> anyhow::Result<()> {
    let saved = SavedBattle::read(file).map_err(anyhow::Error::msg)?;
    let mut app = saved
        .restore()
        .map_err(|e| anyhow::anyhow!("{}: replay differs: {e}", file.display()))?;
    let world = app.world_mut();
    if show_log || !verify {
        print!("{}", log_out(world, false));
    }
    if verify {
        println!(
            "verified: {} commands, {} round hash(es) and the final hash {:016x} match",
            saved.commands.len(),
            saved.round_hashes.len(),
            saved.hash
        );
    }
    if let Some(o) = world.resource::<Engine>().outcome {
        let info = world.resource::<BattleInfo>();
        println!(
            "outcome: {}",
            match o {
                Outcome::Winner(s) => format!("{} wins", info.sides[s].name),
                Outcome::Draw => "a draw".into(),
            }
        );
    }
    Ok(())
}
