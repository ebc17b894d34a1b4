//! What abilities subtract from a fighter (ABL-4, ABL-5), added up.

use crate::model::effects::Stat;

/// ABL-4, ABL-5: lasting subtractions from a fighter's Move, Toughness and its attacks'
/// Attacks, Strength and damage (of each hit and critical hit): by how much, and the least they
/// leave (a value already below it is left alone).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Lowered {
    pub move_by: u32,
    pub move_min: u32,
    pub attacks_by: u32,
    pub attacks_min: u32,
    pub strength_by: u32,
    pub strength_min: u32,
    pub toughness_by: u32,
    pub toughness_min: u32,
    pub damage_by: u32,
    pub damage_min: u32,
    /// Of its melee attacks only.
    pub melee_attacks_by: u32,
    pub melee_attacks_min: u32,
    pub melee_strength_by: u32,
    pub melee_strength_min: u32,
    /// Its Move, its Toughness halved (rounding up) before any bonus (ABL-4: divide first).
    pub move_halved: bool,
    pub toughness_halved: bool,
}

impl Lowered {
    /// One more lowering of `stat` (the damage of hits and critical hits alike).
    pub fn add(&mut self, stat: Stat, by: u32, min: u32) {
        let (b, m) = match stat {
            Stat::Move => (&mut self.move_by, &mut self.move_min),
            Stat::Attacks => (&mut self.attacks_by, &mut self.attacks_min),
            Stat::Strength => (&mut self.strength_by, &mut self.strength_min),
            Stat::Toughness => (&mut self.toughness_by, &mut self.toughness_min),
            Stat::Damage | Stat::CritDamage => (&mut self.damage_by, &mut self.damage_min),
        };
        *b += by;
        *m = (*m).max(min);
    }

    /// One more lowering of the Attacks (else the Strength) of its melee attacks.
    pub fn add_melee(&mut self, stat: Stat, by: u32, min: u32) {
        let (b, m) = match stat {
            Stat::Attacks => (&mut self.melee_attacks_by, &mut self.melee_attacks_min),
            _ => (&mut self.melee_strength_by, &mut self.melee_strength_min),
        };
        *b += by;
        *m = (*m).max(min);
    }

    /// Its Move or Toughness halved (the other characteristics are never halved).
    pub fn halve(&mut self, stat: Stat) {
        match stat {
            Stat::Move => self.move_halved = true,
            Stat::Toughness => self.toughness_halved = true,
            _ => {}
        }
    }

    /// ABL-4: the profile's Move or Toughness `x`, halved (rounding up) when it is, before
    /// any bonus is added.
    pub fn divided(&self, stat: Stat, x: u32) -> u32 {
        let halved = match stat {
            Stat::Move => self.move_halved,
            Stat::Toughness => self.toughness_halved,
            _ => false,
        };
        if halved { x.div_ceil(2) } else { x }
    }

    /// Does it lower a weapon's Strength or damage?
    pub fn weakens_weapons(&self) -> bool {
        self.strength_by > 0 || self.damage_by > 0 || self.melee_strength_by > 0
    }

    /// ABL-4: `x` after the bonuses, less `by`, not below `min` (nor raised to it).
    pub fn apply(x: u32, by: u32, min: u32) -> u32 {
        x.saturating_sub(by).max(min.min(x))
    }
}
