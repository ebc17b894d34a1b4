//! Battle files (`scenes/battles/*.ron`): everything a battle is made of.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Controller {
    Human,
    Ai,
}

impl std::fmt::Display for Controller {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Controller::Human => "human",
            Controller::Ai => "solo AI",
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Mode {
    /// Two warbands under the core rules; either may be human or AI.
    #[default]
    Standard,
    /// Seed 002 solo mode: one human side, one automated side (SOLO-S1..S3).
    Solo,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Difficulty {
    Easy,
    #[default]
    Balanced,
    Hard,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BattleSide {
    /// Warband file, relative to the battle file.
    pub warband: String,
    pub controller: Controller,
}

/// Root of a battle file (`scenes/battles/*.ron`): everything a battle is made of.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Battle {
    pub name: String,
    /// Files relative to this one.
    pub ruleset: String,
    pub terrain: String,
    pub deployment: String,
    pub victory: String,
    pub twist: String,
    /// The seed of the dice stream: same battle file + seed + commands = same battle.
    pub seed: u64,
    /// The two warbands, in order: player A, player B.
    pub sides: Vec<BattleSide>,
    #[serde(default)]
    pub mode: Mode,
    /// SOLO-S1: the automated warband's points limit.
    #[serde(default)]
    pub difficulty: Difficulty,
}
