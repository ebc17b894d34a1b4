//! Taking back a command (a misclicked move): allowed when no die has been rolled since the
//! side's last command, because then the battle can go back exactly. The battle is rebuilt
//! in place from its file, seed and the commands before it, so what is taken back leaves no
//! trace (the log, the dice stream and the world are those of a battle where it never
//! happened).

use crate::model::ids::Side;
use bevy::prelude::*;

use crate::model::dice::DiceRng;
use crate::rules::answers::only_answer;
use crate::rules::command::Command;
use crate::rules::engine::{self, Engine, deciding_side, run_rules};
use crate::rules::options::options;
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

/// A command of the battle as taken back sees it.
struct Past {
    /// The side that decided it.
    side: Option<Side>,
    /// Where the dice stream stood before it.
    dice: u128,
    /// It was the only answer the rules allowed (`rules::answers`): no one chose it.
    forced: bool,
}

/// Each command of the battle in `world` as taken back sees it, found by replaying it from
/// `spec` in a scratch app.
fn history(spec: &BattleSpec, commands: &[Command]) -> Result<Vec<Past>, String> {
    let mut app = super::battle_app(spec);
    let w = app.world_mut();
    let mut out = Vec::with_capacity(commands.len());
    for (i, c) in commands.iter().enumerate() {
        out.push(Past {
            side: deciding_side(w),
            dice: w.resource::<DiceRng>().word_pos(),
            forced: may_be_forced(c) && only_answer(&options(w)).as_ref() == Some(c),
        });
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

/// The kinds of command that can be a question's only answer (the others are not looked at:
/// finding a fighter's options costs a move search).
fn may_be_forced(c: &Command) -> bool {
    matches!(
        c,
        Command::EndActivation { .. }
            | Command::Activate { .. }
            | Command::Pass { .. }
            | Command::WildDice { .. }
            | Command::FirstTurn { .. }
            | Command::DeclineReaction { .. }
    )
}

/// Takes back `side`'s last decision, and any command after it (which rolled no dice either);
/// a question's only answer (the end of an activation with nothing left to do) is not a
/// decision, so it goes with the one before it. Returns how many commands went. Refused, with
/// the reason, when a die was rolled since.
pub fn take_back(world: &mut World, spec: &BattleSpec, side: Side) -> Result<usize, String> {
    let commands = world.resource::<Engine>().commands.clone();
    let now = world.resource::<DiceRng>().word_pos();
    let past = history(spec, &commands)?;
    let Some(k) = past.iter().rposition(|p| p.side == Some(side) && !p.forced) else {
        return Err("this side has made no decision to take back".into());
    };
    if past[k].dice != now {
        return Err(format!(
            "dice were rolled since ({}): what they decided can't be undone",
            commands[k].describe()
        ));
    }
    rebuild(world, spec, &commands[..k])?;
    Ok(commands.len() - k)
}
