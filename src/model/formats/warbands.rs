//! Warbands (`scenes/warbands/*.ron`): battle groups, roles and the fighters taken.

use serde::{Deserialize, Serialize};

/// The three battle groups (SET-3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum GroupName {
    Dagger,
    Shield,
    Hammer,
}

impl std::fmt::Display for GroupName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            GroupName::Dagger => "Dagger",
            GroupName::Shield => "Shield",
            GroupName::Hammer => "Hammer",
        })
    }
}

impl GroupName {
    pub const ALL: [GroupName; 3] = [GroupName::Dagger, GroupName::Shield, GroupName::Hammer];
}

/// What a fighter is in its warband (SET-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Role {
    Leader,
    Hero,
    Ally,
    #[default]
    Fighter,
}

impl std::fmt::Display for Role {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Role::Leader => "the leader",
            Role::Hero => "a hero",
            Role::Ally => "an ally",
            Role::Fighter => "a fighter",
        })
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WarbandFighter {
    /// Id of a profile in one of the warband's profile files.
    pub profile: String,
    /// A name for this fighter; the profile name when absent.
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub role: Role,
    /// Battle group (SET-3); may be left out when groups are formed at setup (SOLO-S2).
    #[serde(default)]
    pub group: Option<GroupName>,
}

/// Root of a warband file (`scenes/warbands/*.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Warband {
    pub name: String,
    /// The faction runemark all fighters but allies share (SET-1).
    pub faction: String,
    #[serde(default)]
    pub grand_alliance: Option<String>,
    /// Fighter-profile files, relative to this file.
    pub profiles: Vec<String>,
    pub fighters: Vec<WarbandFighter>,
    /// A points limit other than the ruleset's, for a solo opponent (SOLO-S1).
    #[serde(default)]
    pub points_limit: Option<u32>,
    /// Drawn at random for each battle (a legal warband of the faction from the profiles, at
    /// the side's points limit: SOLO-S1's for the solo opponent) instead of listing fighters.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub random: bool,
}
