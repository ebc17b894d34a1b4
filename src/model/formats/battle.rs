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

impl std::fmt::Display for Difficulty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Difficulty::Easy => "easy",
            Difficulty::Balanced => "balanced",
            Difficulty::Hard => "hard",
        })
    }
}

/// What a player changed from a battle file on the setup screen: other cards (SET-4) and
/// the solo opponent's difficulty (SOLO-S1). A card's path is relative to the battle file, as
/// the file names its own cards; `None` keeps the file's. Saves record it, so a loaded battle
/// is played with the same cards.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choices {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terrain: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deployment: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub victory: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub twist: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<Difficulty>,
    /// Each side's warband file instead of the battle's (relative to the battle file).
    #[serde(default, skip_serializing_if = "no_warbands")]
    pub warbands: [Option<String>; 2],
    /// SET-6: the sides a person plays set up their own fighters (`rules::hand_setup`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub deploy_by_hand: bool,
}

fn no_warbands(w: &[Option<String>; 2]) -> bool {
    w.iter().all(Option::is_none)
}

impl Choices {
    pub fn is_empty(&self) -> bool {
        *self == Choices::default()
    }

    /// The battle file as the player chose it.
    pub fn apply(&self, b: &mut Battle) {
        for (mine, file) in [
            (&self.terrain, &mut b.terrain),
            (&self.deployment, &mut b.deployment),
            (&self.victory, &mut b.victory),
            (&self.twist, &mut b.twist),
        ] {
            if let Some(m) = mine {
                file.clone_from(m);
            }
        }
        if let Some(d) = self.difficulty {
            b.difficulty = d;
        }
        for (side, w) in b.sides.iter_mut().zip(&self.warbands) {
            if let Some(w) = w {
                side.warband.clone_from(w);
            }
        }
    }
}
