//! `plan`: what the solo AI will do for its next activation and why. Restores the save (or
//! sets up the battle file) on a scratch world and lets the solo AI plan there; other sides'
//! reactions by the built-in policy.

use std::path::Path;

use warcry_sim::sim::replay::SavedBattle;

use super::{load_spec, to_json};
use crate::PlayArgs;

pub fn plan(file: &Path, seed: Option<u64>, json: bool) -> anyhow::Result<()> {
    let app = match SavedBattle::read(file) {
        Ok(saved) => saved.restore(),
        Err(save_err) => {
            let args = PlayArgs {
                battle: Some(file.to_path_buf()),
                seed,
                ..PlayArgs::default()
            };
            match load_spec(&args) {
                Ok(spec) => Ok(warcry_sim::sim::battle_app(&spec)),
                Err(e) => Err(format!("{save_err}\n(nor is it a battle file:)\n{e}")),
            }
        }
    };
    let mut app = app.map_err(anyhow::Error::msg)?;
    let p = warcry_sim::ai::solo::plan(app.world_mut(), warcry_sim::ai::simple::choose);
    if json {
        println!("{}", to_json(&p));
    } else {
        print!("{}", p.text());
    }
    Ok(())
}
