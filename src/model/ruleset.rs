//! The ruleset file: every value that editions disagree on ([cfg] in the rules reference).
//! Code reads these numbers from the `Ruleset` resource, never from constants.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::model::validate::Validator;

/// Which muster limits apply (SET-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MusterVariant {
    /// Seed 004: at most 1 hero and 1 ally; no thrall or monster limit.
    Seed004,
    /// 2nd edition: up to 3 heroes, 2 allies, 3 thralls, 1 monster.
    SecondEdition,
}

/// How a battle with no winner ends (SET-8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TieRule {
    /// Seed 004: one more round, then play on until only one side has fighters left.
    ExtraRoundThenLastStanding,
    /// Seed 001: the battle is a draw.
    Draw,
}

/// The muster limits for one variant (SET-1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MusterLimits {
    pub min_fighters: u32,
    pub max_fighters: u32,
    pub max_points: u32,
    pub max_heroes: u32,
    pub max_allies: u32,
    /// `None`: no limit.
    pub max_thralls: Option<u32>,
    pub max_monsters: Option<u32>,
}

/// The impact-damage roll of MOVE-9: `table[d - 1]` is the damage for a roll of `d`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImpactDamage {
    pub table: [u32; 6],
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Resource)]
pub struct Ruleset {
    pub name: String,
    /// Battlefield size in inches (x along the long edge, z along the short edge).
    pub battlefield: (f32, f32),
    /// SET-1: which of `muster_seed004` / `muster_second_edition` applies.
    pub muster_variant: MusterVariant,
    pub muster_seed004: MusterLimits,
    pub muster_second_edition: MusterLimits,
    /// SOLO-S1 points limits by difficulty: easy, balanced, hard.
    pub solo_points: (u32, u32, u32),
    /// SET-6: deployment radius (horizontal, wholly within) for ordinary fighters and monsters.
    pub deploy_radius: f32,
    pub deploy_radius_monster: f32,
    /// SET-8.
    pub tie_rule: TieRule,
    /// SET-8: "play on until one side is left" stops as a draw after this round, so that two
    /// warbands that can no longer reach each other don't play for ever.
    pub last_standing_round_limit: u32,
    /// GEN-8: treasure carrier move penalty and minimum Move, flying and disengaging allowed.
    pub carrier_move_penalty: u32,
    pub carrier_min_move: u32,
    pub carrier_can_fly: bool,
    pub carrier_can_disengage: bool,
    /// GEN-8: the radius of a treasure token, in inches: a move may not end with the base
    /// touching one.
    #[serde(default = "default_token_radius")]
    pub treasure_token_radius: f32,
    /// MOVE-6: a jump down of this many inches or more causes impact damage.
    pub jump_impact_height: f32,
    /// MOVE-8: a fall of this many inches or more causes impact damage.
    pub fall_impact_height: f32,
    /// MOVE-9.
    pub impact_damage: ImpactDamage,
    /// ATK-4: toughness bonus in cover, and the height difference that gives cover.
    pub cover_toughness_bonus: u32,
    pub cover_platform_height: f32,
    /// REA-1..4: reactions on (2nd edition) or off.
    pub reactions: bool,
    /// ABL-3: universal ability values.
    pub rush_move_bonus: u32,
    pub onslaught_attacks_bonus: u32,
    pub inspiring_presence_range: f32,
    /// INI-3: wild dice per side per round.
    pub wild_dice_per_round: u32,
    /// INI-1: initiative dice per side.
    pub initiative_dice: u32,
}

fn default_token_radius() -> f32 {
    0.5
}

impl Ruleset {
    /// The limits of the chosen SET-1 variant.
    pub fn muster(&self) -> &MusterLimits {
        match self.muster_variant {
            MusterVariant::Seed004 => &self.muster_seed004,
            MusterVariant::SecondEdition => &self.muster_second_edition,
        }
    }

    pub fn validate(&self, v: &mut Validator) {
        let (w, d) = self.battlefield;
        v.positive("battlefield", w);
        v.positive("battlefield", d);
        for (path, m) in [
            ("muster_seed004", &self.muster_seed004),
            ("muster_second_edition", &self.muster_second_edition),
        ] {
            if m.min_fighters == 0 || m.min_fighters > m.max_fighters {
                v.error(
                    format!("{path}.min_fighters"),
                    "min_fighters must be at least 1 and at most max_fighters",
                );
            }
            if m.max_points == 0 {
                v.error(format!("{path}.max_points"), "max_points must be positive");
            }
        }
        v.positive("deploy_radius", self.deploy_radius);
        v.positive("deploy_radius_monster", self.deploy_radius_monster);
        v.non_negative("jump_impact_height", self.jump_impact_height);
        v.non_negative("fall_impact_height", self.fall_impact_height);
        v.non_negative("cover_platform_height", self.cover_platform_height);
        v.non_negative("treasure_token_radius", self.treasure_token_radius);
        v.non_negative("inspiring_presence_range", self.inspiring_presence_range);
        if self.initiative_dice == 0 {
            v.error(
                "initiative_dice",
                "at least one initiative die is needed (INI-1)",
            );
        }
    }
}

/// The default ruleset file, embedded so that the app runs without a scenes folder.
/// The embedded default ruleset.
pub fn default_ruleset() -> Ruleset {
    ron::from_str(DEFAULT_RULESET_RON).expect("the embedded default ruleset is valid")
}

pub const DEFAULT_RULESET_RON: &str = include_str!("../../scenes/rulesets/default.ron");
