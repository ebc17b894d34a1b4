//! The rules of the game: ruleset, dice, components, warband rules, setup, log.

pub mod components;
pub mod dice;
pub mod log;
pub mod ruleset;
pub mod setup;
pub mod warband;

use bevy::prelude::*;

use components::BattlePhase;

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<BattlePhase>()
        .add_systems(OnEnter(BattlePhase::Setup), setup::setup_system);
}
