//! Fighters: base sizes, weapons and fighter profiles (`scenes/fighters/*.ron`).

use serde::{Deserialize, Serialize};

use super::MM_PER_INCH;
use crate::model::validate::Validator;

/// Base size in millimetres.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum BaseSize {
    /// Diameter.
    Round(f32),
    /// Length (along the fighter's facing) and width.
    Oval(f32, f32),
}

impl BaseSize {
    /// The kind and sizes as bits (round: 0, diameter, 0; oval: 1, length, width): equal
    /// bits, the same base size, for keys of remembered answers.
    pub fn bits(&self) -> [u32; 3] {
        match *self {
            BaseSize::Round(d) => [0, d.to_bits(), 0],
            BaseSize::Oval(l, w) => [1, l.to_bits(), w.to_bits()],
        }
    }

    /// Half-extents in inches: (along x when unrotated, along z).
    pub fn half_extents(&self) -> (f32, f32) {
        match *self {
            BaseSize::Round(d) => (d / MM_PER_INCH / 2.0, d / MM_PER_INCH / 2.0),
            BaseSize::Oval(l, w) => (l / MM_PER_INCH / 2.0, w / MM_PER_INCH / 2.0),
        }
    }

    /// The largest distance from the base centre to its rim, in inches.
    pub fn max_radius(&self) -> f32 {
        let (a, b) = self.half_extents();
        a.max(b)
    }

    /// Body height above the base in inches, when the profile gives none: taller for bigger
    /// bases (a 25 mm base carries a ~1.2" figure, a 60 mm one ~2.6").
    pub fn default_body_height(&self) -> f32 {
        let (a, b) = self.half_extents();
        (0.6 + 1.1 * (a + b)).clamp(1.0, 4.5)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Weapon {
    pub name: String,
    /// The weapon's runemark (sword, bow, ...), for display.
    #[serde(default)]
    pub runemark: Option<String>,
    /// ATK-1: minimum range in inches (0 = none).
    #[serde(default)]
    pub min_range: f32,
    /// ATK-1: maximum range in inches; melee when <= 3.
    pub max_range: f32,
    pub attacks: u32,
    pub strength: u32,
    /// Damage of a hit and of a critical hit (ATK-3).
    pub damage: (u32, u32),
}

impl Weapon {
    /// ATK-1: its range in words: `3"`, or `3-12"` with a minimum range.
    pub fn range_words(&self) -> String {
        if self.min_range > 0.0 {
            format!("{}-{}\"", self.min_range, self.max_range)
        } else {
            format!("{}\"", self.max_range)
        }
    }

    /// ATK-1: a weapon whose maximum range is 3" or less is a melee weapon.
    pub fn is_melee(&self) -> bool {
        self.max_range <= 3.0
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FighterProfile {
    /// Unique within its file; warbands refer to profiles by this id.
    pub id: String,
    pub name: String,
    /// The faction runemark (SET-1).
    pub faction: String,
    #[serde(default)]
    pub grand_alliance: Option<String>,
    pub movement: u32,
    pub toughness: u32,
    pub wounds: u32,
    pub points: u32,
    /// Lower-case runemarks: `leader`, `hero`, `fly`, `mount`, `monster`, `beast`, `thrall`, ...
    #[serde(default)]
    pub runemarks: Vec<String>,
    pub base: BaseSize,
    /// Body height above the base in inches (GEN-3 visibility); derived from the base if absent.
    #[serde(default)]
    pub height: Option<f32>,
    pub weapons: Vec<Weapon>,
    /// Faction abilities (ABL-2, ABL-5); the universal abilities of ABL-3 need not be listed.
    #[serde(default)]
    pub abilities: Vec<crate::model::abilities::AbilityDef>,
}

impl FighterProfile {
    /// Has it the runemark `mark` (as a card or the data names it)?
    pub fn has_runemark(&self, mark: &str) -> bool {
        self.runemarks.iter().any(|r| r.eq_ignore_ascii_case(mark))
    }

    /// Does it bear the mark a card names (ABL-5): one of its runemarks, or its faction
    /// runemark ("the" before a name left out on both sides); a warband of a faction (the
    /// community data's "Stormcast Eternals Questor Soulsworn", "Cities of Sigmar: Castelite
    /// Hosts") bears its faction's runemark too ("Stormcast Eternals", "Cities of Sigmar").
    pub fn bears(&self, mark: &str) -> bool {
        let plain = |s: &str| {
            let s = s.trim();
            s.strip_prefix("the ")
                .or_else(|| s.strip_prefix("The "))
                .unwrap_or(s)
                .to_lowercase()
        };
        let mark = plain(mark);
        // A fighter the card names ("a friendly Spider Swarm"): by its name.
        if let Some(name) = mark.strip_prefix(crate::model::effects::NAMED) {
            return self.name.to_lowercase() == name;
        }
        let faction = plain(&self.faction);
        let of_faction = (faction.strip_prefix(mark.as_str()))
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(' ') || rest.starts_with(':'));
        // The cards name a subfaction by its last words, in the plural as often as not ("the
        // Thunderstrike Stormcasts runemark" of "Stormcast Eternals Thunderstrike Stormcast").
        let last_words = |m: &str| {
            (faction.strip_suffix(m)).is_some_and(|rest| rest.ends_with(' ') || rest.ends_with(':'))
        };
        let subfaction = mark.contains(' ')
            && (last_words(&mark) || mark.strip_suffix('s').is_some_and(last_words));
        self.runemarks.iter().any(|r| plain(r) == mark) || of_faction || subfaction
    }

    /// Has it the runemark a rule reads?
    pub fn is(&self, mark: crate::model::runemark::Runemark) -> bool {
        self.has_runemark(mark.name())
    }

    pub fn body_height(&self) -> f32 {
        self.height
            .unwrap_or_else(|| self.base.default_body_height())
    }

    pub fn validate(&self, path: &str, v: &mut Validator) {
        self.validate_characteristics(path, v);
        self.validate_size(path, v);
        if self.weapons.is_empty() {
            v.error(
                format!("{path}.weapons"),
                "a fighter needs at least one weapon",
            );
        }
        for (i, w) in self.weapons.iter().enumerate() {
            w.validate(&format!("{path}.weapons[{i}]"), v);
        }
        for (i, a) in self.abilities.iter().enumerate() {
            if let crate::model::abilities::AbilityEffect::Effects(effects) = &a.effect {
                crate::model::effects::validate_ability(
                    effects,
                    a.cost == crate::model::abilities::DiceCost::Reaction,
                    &format!("{path}.abilities[{i}].effect"),
                    v,
                );
            }
        }
    }

    /// The id, the faction runemark, Move, Toughness, Wounds and points.
    fn validate_characteristics(&self, path: &str, v: &mut Validator) {
        if self.id.trim().is_empty() {
            v.error(format!("{path}.id"), "id must not be empty");
        }
        if self.faction.trim().is_empty() {
            v.error(
                format!("{path}.faction"),
                "faction runemark must not be empty",
            );
        }
        if self.movement == 0 || self.movement > 20 {
            v.error(
                format!("{path}.movement"),
                format!("Move {} is outside 1..=20", self.movement),
            );
        }
        if self.toughness == 0 || self.toughness > 20 {
            v.error(
                format!("{path}.toughness"),
                format!("Toughness {} is outside 1..=20", self.toughness),
            );
        }
        if self.wounds == 0 || self.wounds > 100 {
            v.error(
                format!("{path}.wounds"),
                format!("Wounds {} is outside 1..=100", self.wounds),
            );
        }
        if self.points > 1000 {
            v.error(
                format!("{path}.points"),
                format!("points {} is more than a whole warband (1000)", self.points),
            );
        }
    }

    /// The base size and the body height.
    fn validate_size(&self, path: &str, v: &mut Validator) {
        let (a, b) = match self.base {
            BaseSize::Round(d) => (d, d),
            BaseSize::Oval(l, w) => (l, w),
        };
        v.in_range(&format!("{path}.base"), a, 20.0, 170.0, "base size (mm)");
        v.in_range(&format!("{path}.base"), b, 20.0, 170.0, "base size (mm)");
        if let Some(h) = self.height {
            v.in_range(
                &format!("{path}.height"),
                h,
                0.3,
                12.0,
                "body height (inches)",
            );
        }
    }
}

impl Weapon {
    /// The weapon at `wp` (`fighters[0].weapons[1]`): ranges, Attacks, Strength and damage.
    fn validate(&self, wp: &str, v: &mut Validator) {
        v.in_range(
            &format!("{wp}.max_range"),
            self.max_range,
            0.5,
            36.0,
            "range",
        );
        v.in_range(
            &format!("{wp}.min_range"),
            self.min_range,
            0.0,
            36.0,
            "minimum range",
        );
        if self.min_range >= self.max_range {
            v.error(
                format!("{wp}.min_range"),
                format!(
                    "minimum range {} must be below the maximum range {}",
                    self.min_range, self.max_range
                ),
            );
        }
        if self.attacks == 0 || self.attacks > 20 {
            v.error(
                format!("{wp}.attacks"),
                format!("Attacks {} is outside 1..=20", self.attacks),
            );
        }
        if self.strength == 0 || self.strength > 20 {
            v.error(
                format!("{wp}.strength"),
                format!("Strength {} is outside 1..=20", self.strength),
            );
        }
        if self.damage.0 == 0 || self.damage.1 < self.damage.0 {
            v.error(
                format!("{wp}.damage"),
                format!(
                    "damage ({}, {}) must be at least 1 and the critical at least the hit",
                    self.damage.0, self.damage.1
                ),
            );
        }
    }
}

/// Root of a fighter-profile file (`scenes/fighters/*.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FighterProfiles {
    pub fighters: Vec<FighterProfile>,
}

impl FighterProfiles {
    pub fn validate(&self, v: &mut Validator) {
        for (i, f) in self.fighters.iter().enumerate() {
            f.validate(&format!("fighters[{i}]"), v);
            if self.fighters[..i].iter().any(|g| g.id == f.id) {
                v.error(
                    format!("fighters[{i}].id"),
                    format!("id `{}` is used twice", f.id),
                );
            }
        }
    }
}

#[cfg(test)]
mod bears_tests {
    use super::*;

    /// ABL-5: a card's "Stormcast Eternals runemark" is borne by a Stormcast warband of the
    /// community data ("Stormcast Eternals Questor Soulsworn"), "Cities of Sigmar" by "Cities
    /// of Sigmar: Castelite Hosts"; a subfaction named by its last words, in the plural too
    /// ("Thunderstrike Stormcasts" for "Stormcast Eternals Thunderstrike Stormcast"); not
    /// "Storm" (a word cut short), one last word alone, nor another faction's.
    #[test]
    fn abl5_a_warband_bears_its_factions_runemark() {
        let mut p = FighterProfile {
            id: "k".into(),
            name: "K".into(),
            faction: "Stormcast Eternals Questor Soulsworn".into(),
            grand_alliance: None,
            movement: 4,
            toughness: 4,
            wounds: 12,
            points: 100,
            runemarks: vec!["hero".into()],
            base: BaseSize::Round(32.0),
            height: None,
            weapons: Vec::new(),
            abilities: Vec::new(),
        };
        assert!(p.bears("the Stormcast Eternals"));
        assert!(p.bears("stormcast eternals questor soulsworn"));
        assert!(!p.bears("storm"));
        assert!(p.bears("questor soulsworn"));
        assert!(!p.bears("soulsworn"));
        assert!(!p.bears("eternals questor"));
        p.faction = "Stormcast Eternals Thunderstrike Stormcast".into();
        assert!(p.bears("thunderstrike stormcasts"));
        assert!(!p.bears("thunderstrike stormcasters"));
        p.faction = "Cities of Sigmar: Castelite Hosts".into();
        assert!(p.bears("cities of sigmar"));
        assert!(!p.bears("cities of sigmar: dispossessed"));
        assert!(p.bears("castelite hosts"));
    }
}
