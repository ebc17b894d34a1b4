//! Victory cards (`scenes/victory/*.ron`, VIC-1) and twist cards (`scenes/twist/*.ron`,
//! VIC-2).

use serde::{Deserialize, Serialize};

use super::{DeploymentCard, Point2, xy};
use crate::model::ruleset::Ruleset;
use crate::model::validate::Validator;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum VictoryCondition {
    /// VIC-1: at the end of each round, each objective a side controls (GEN-7) scores it
    /// `points_per_objective` victory points; most points at the end wins.
    ObjectiveControl { points_per_objective: u32 },
    /// VIC-1: the side with more treasure carriers at the end wins.
    TreasureRace,
    /// VIC-1: the side that took down more points of enemy fighters wins.
    Attrition,
}

/// Root of a victory-card file (`scenes/victory/*.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VictoryCard {
    pub name: String,
    /// How many battle rounds the battle lasts (SET-7).
    pub rounds: u32,
    pub condition: VictoryCondition,
    /// Objectives to place; the deployment card's objectives when absent.
    #[serde(default)]
    pub objectives: Option<Vec<Point2>>,
    /// Treasure tokens to place.
    #[serde(default)]
    pub treasure: Vec<Point2>,
}

impl VictoryCard {
    pub fn validate(&self, rules: &Ruleset, v: &mut Validator) {
        if !(1..=10).contains(&self.rounds) {
            v.error(
                "rounds",
                format!("rounds {} is outside 1..=10", self.rounds),
            );
        }
        let (bw, bd) = rules.battlefield;
        let on_board = |(x, z): Point2| (0.0..=bw).contains(&x) && (0.0..=bd).contains(&z);
        for (i, p) in self.objectives.iter().flatten().enumerate() {
            if !on_board(*p) {
                v.error(
                    format!("objectives[{i}]"),
                    format!("objective {} is off the battlefield", xy(*p)),
                );
            }
        }
        for (i, p) in self.treasure.iter().enumerate() {
            if !on_board(*p) {
                v.error(
                    format!("treasure[{i}]"),
                    format!("treasure {} is off the battlefield", xy(*p)),
                );
            }
        }
        match self.condition {
            VictoryCondition::TreasureRace if self.treasure.is_empty() => v.error(
                "treasure",
                "a treasure race needs at least one treasure token",
            ),
            VictoryCondition::ObjectiveControl {
                points_per_objective: 0,
            } => v.error("condition", "points_per_objective must be at least 1"),
            _ => {}
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum TwistEffect {
    /// Matched play: no twist.
    None,
    /// VIC-2: fighters `max_distance` inches or more apart can't see each other.
    Visibility { max_distance: f32 },
    /// VIC-2: reserve groups arrive `rounds` rounds later than their card says.
    DelayedReserves { rounds: u32 },
}

/// Root of a twist-card file (`scenes/twist/*.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TwistCard {
    pub name: String,
    pub effect: TwistEffect,
}

impl TwistCard {
    pub fn validate(&self, v: &mut Validator) {
        match self.effect {
            TwistEffect::Visibility { max_distance } => {
                v.positive("effect.max_distance", max_distance)
            }
            TwistEffect::DelayedReserves { rounds } if rounds == 0 || rounds > 3 => {
                v.error("effect.rounds", format!("rounds {rounds} is outside 1..=3"))
            }
            _ => {}
        }
    }
}

impl VictoryCard {
    /// SET-4, VIC-1: why this card can't be played with the deployment card `d`, in words (a
    /// card scoring objectives needs some placed, by it or by `d`); `None` when it can.
    pub fn clash_with(&self, d: &DeploymentCard) -> Option<String> {
        let scores_objectives = matches!(self.condition, VictoryCondition::ObjectiveControl { .. });
        let placed = self.objectives.as_ref().unwrap_or(&d.objectives);
        (scores_objectives && placed.is_empty()).then(|| {
            format!(
                "{} scores objectives, and {} places none",
                self.name, d.name
            )
        })
    }

    /// What the card asks of the sides, for people (the setup screen).
    pub fn summary(&self) -> String {
        let how = match self.condition {
            VictoryCondition::ObjectiveControl {
                points_per_objective: p,
            } => format!(
                "each objective a side controls at the end of a round scores {p} victory \
                 point{}; the most points wins",
                if p == 1 { "" } else { "s" }
            ),
            VictoryCondition::TreasureRace => {
                "the side carrying more treasure at the end wins".to_string()
            }
            VictoryCondition::Attrition => {
                "the side that took down more points of enemy fighters wins".to_string()
            }
        };
        let treasure = match self.treasure.len() {
            0 => String::new(),
            1 => "; 1 treasure token".to_string(),
            n => format!("; {n} treasure tokens"),
        };
        format!("{} rounds: {how}{treasure} (VIC-1).", self.rounds)
    }
}

impl TwistCard {
    /// The card's one special rule, for people (the setup screen).
    pub fn summary(&self) -> String {
        match self.effect {
            TwistEffect::None => "No special rule.".to_string(),
            TwistEffect::Visibility { max_distance } => {
                format!("Fighters {max_distance}\" or more apart can't see each other (VIC-2).")
            }
            TwistEffect::DelayedReserves { rounds } => format!(
                "Reserve groups arrive {rounds} round{} later than their card says (VIC-2).",
                if rounds == 1 { "" } else { "s" }
            ),
        }
    }
}
