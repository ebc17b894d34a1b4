//! Taking back a command (a misclicked move): allowed when no die has been rolled since the
//! side's last command, because then the battle can go back exactly. The battle is rebuilt
//! in place from its file, seed and the commands before it, so what is taken back leaves no
//! trace (the log, the dice stream and the world are those of a battle where it never
//! happened).

use bevy::prelude::*;

use crate::model::dice::DiceRng;
use crate::rules::command::Command;
use crate::rules::engine::{self, Engine, deciding_side, run_rules};
use crate::scenario::load::BattleSpec;
use crate::scenario::spawn::spawn_battle;

/// Respawns `spec` in `world` (the same battle file and seed) and applies `commands`.
pub fn rebuild(world: &mut World, spec: &BattleSpec, commands: &[Command]) -> Result<(), String> {
    spawn_battle(world, spec);
    run_rules(world);
    for (i, c) in commands.iter().enumerate() {
        engine::apply(world, c).map_err(|e| {
            format!(
                "command {} ({}) no longer applies: {e}",
                i + 1,
                c.describe()
            )
        })?;
    }
    Ok(())
}

/// Who decided each command of the battle in `world`, and where the dice stream stood before
/// it: (side, dice position), found by replaying it from `spec` in a scratch app.
fn history(spec: &BattleSpec, commands: &[Command]) -> Result<Vec<(Option<usize>, u128)>, String> {
    let mut app = super::battle_app(spec);
    let w = app.world_mut();
    let mut out = Vec::with_capacity(commands.len());
    for (i, c) in commands.iter().enumerate() {
        out.push((deciding_side(w), w.resource::<DiceRng>().word_pos()));
        engine::apply(w, c).map_err(|e| {
            format!(
                "command {} ({}) no longer applies: {e}",
                i + 1,
                c.describe()
            )
        })?;
    }
    Ok(out)
}

/// Takes back `side`'s last command, and any command after it (which rolled no dice either).
/// Returns how many commands went. Refused, with the reason, when a die was rolled since.
pub fn take_back(world: &mut World, spec: &BattleSpec, side: usize) -> Result<usize, String> {
    let commands = world.resource::<Engine>().commands.clone();
    let now = world.resource::<DiceRng>().word_pos();
    let past = history(spec, &commands)?;
    let Some(k) = past.iter().rposition(|(s, _)| *s == Some(side)) else {
        return Err("this side has made no decision to take back".into());
    };
    if past[k].1 != now {
        return Err(format!(
            "dice were rolled since ({}): what they decided can't be undone",
            commands[k].describe()
        ));
    }
    rebuild(world, spec, &commands[..k])?;
    Ok(commands.len() - k)
}
