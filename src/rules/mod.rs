//! The rules of the game: ruleset, dice, components, warband rules, setup, the battle engine
//! (initiative, reserves, combat, actions, abilities, reactions, victory) and the log.

pub mod abilities;
pub mod actions;
pub mod answers;
pub mod command;
pub mod door;
pub mod effects;
pub mod engine;
pub mod hand_setup;
pub mod initiative;
pub mod log;
pub mod odds;
pub mod options;
pub mod reactions;
pub mod roster;
pub mod setup;
pub mod solo_setup;
pub mod state;
pub mod warband;
pub mod ways;
pub mod words;

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((engine::plugin, door::plugin));
}
