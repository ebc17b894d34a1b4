//! The rules of the game: ruleset, dice, components, warband rules, setup, the battle engine
//! (initiative, reserves, combat, actions, abilities, reactions, victory) and the log.

pub mod abilities;
pub mod actions;
pub mod command;
pub mod door;
pub mod engine;
pub mod initiative;
pub mod log;
pub mod options;
pub mod setup;
pub mod solo_setup;
pub mod warband;

use bevy::prelude::*;

use crate::model::components::BattlePhase;

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<BattlePhase>()
        .add_plugins((engine::plugin, door::plugin))
        .add_systems(OnEnter(BattlePhase::Setup), setup::setup_system);
}
