//! Who an effect reaches (ABL-5): the friends in a fighter's aura, the fighter an aimed
//! effect picks.

use serde::{Deserialize, Serialize};

use super::{Effect, Marks, PointDamage, VALUE_RANGE};

/// Friendly fighters a round-long boost reaches (ABL-5): those within `range` inches of the
/// fighter who used the ability (that it can see, when `visible`), while they are; the
/// fighter itself among them unless `others`; only those bearing `marks` when it names some.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Aura {
    pub range: f32,
    pub visible: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub others: bool,
    #[serde(default, skip_serializing_if = "Marks::is_none")]
    pub marks: Marks,
    /// Not those bearing these ("this cannot affect friendly fighters with the Beast
    /// runemark").
    #[serde(default, skip_serializing_if = "Marks::is_none")]
    pub not: Marks,
    /// Only those with a Toughness characteristic of at least this ("and a Toughness
    /// characteristic of 5 or more"); 0: any.
    #[serde(default, skip_serializing_if = "super::parts::is_zero")]
    pub tough: u32,
    /// Only those with damage points allocated ("that has any damage points allocated to
    /// them").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hurt: bool,
    /// Only those in the fighter's battle group (SET-3: "in this fighter's battle group").
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub group: bool,
    /// Only those that made no move action this battle round.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unmoved: bool,
    /// Only while another friendly fighter bearing all its marks is within its range of them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub near: Option<Near>,
}

/// Another friendly fighter bearing every one of `all` within `range` inches (kept small: an
/// aura is copied into every lasting effect it scopes).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "(f32, Marks)", into = "(f32, Marks)")]
pub struct Near {
    pub range: f32,
    pub all: [Option<super::Mark>; 2],
}

impl Near {
    /// Near a friend bearing `marks` (all of them; none may be "one of").
    pub fn new(range: f32, marks: Marks) -> Option<Near> {
        (marks.any == [None, None]).then_some(Near {
            range,
            all: marks.all,
        })
    }

    pub fn marks(self) -> Marks {
        Marks {
            all: self.all,
            any: [None, None],
        }
    }
}

impl TryFrom<(f32, Marks)> for Near {
    type Error = String;

    fn try_from((range, marks): (f32, Marks)) -> Result<Near, String> {
        Near::new(range, marks).ok_or_else(|| {
            "`near` names runemarks a friend bears all of, not one of (`any`)".into()
        })
    }
}

impl From<Near> for (f32, Marks) {
    fn from(n: Near) -> (f32, Marks) {
        (n.range, n.marks())
    }
}

impl Aura {
    /// Every friendly fighter within `range` (that the fighter sees, when `visible`).
    pub fn within(range: f32, visible: bool) -> Aura {
        Aura {
            range,
            visible,
            ..Aura::default()
        }
    }

    /// Does the aura reach the fighter `f` by who it is (not by where)? `source` is the
    /// fighter whose aura it is.
    pub fn reaches_kind(
        &self,
        source_is_f: bool,
        f: &crate::model::formats::FighterProfile,
    ) -> bool {
        !(self.others && source_is_f)
            && f.toughness >= self.tough
            && self.marks.fit(|m| f.bears(m))
            && (self.not.is_none() || !self.not.fit(|m| f.bears(m)))
    }

    /// In words, after "friendly fighters": " with the Hero runemark", "" for all.
    pub fn who_words(&self) -> String {
        let mut s = String::new();
        if self.others {
            s.push_str("other ");
        }
        s.push_str("friendly fighters");
        s.push_str(&self.marks.with_words());
        if !self.not.is_none() {
            s.push_str(&format!(
                " (not those with the {} runemark)",
                self.not.words()
            ));
        }
        if self.tough > 0 {
            s.push_str(&format!(" and a Toughness of {} or more", self.tough));
        }
        if self.hurt {
            s.push_str(" that have damage allocated");
        }
        if self.group {
            s.push_str(" in its battle group");
        }
        if self.unmoved {
            s.push_str(" that have made no move this round");
        }
        if let Some(n) = self.near {
            s.push_str(&format!(
                " while within {}\" of another friendly fighter{}",
                n.range,
                n.marks().with_words()
            ));
        }
        s
    }
}

/// Who an aimed effect picks (ABL-5): an enemy, or (`friends`) another fighter of the side,
/// within `range` inches, that the fighter can see when `visible`, bearing the marks when
/// some are given.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Aim {
    pub friends: bool,
    pub range: f32,
    pub visible: bool,
    pub marks: Marks,
    /// Only a fighter that has not activated yet this battle round.
    pub ready: bool,
    /// Only an enemy the pick says besides range and sight.
    pub only: Option<PickOnly>,
    /// A friend taken down (ATK-5), wherever it fell.
    pub down: bool,
}

/// Which enemies a pick may name besides range and sight (ABL-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PickOnly {
    /// "with N or more damage points allocated to them".
    Damaged(u32),
    /// "that was allocated any damage points by this fighter's missile attack actions this
    /// activation".
    HurtByItsShots,
    /// "that was allocated any damage points this activation by any of this fighter's melee
    /// attack actions".
    HurtByItsMelee,
    /// "that has been allocated damage points by an attack action made by them this
    /// activation": by its attacks of either kind.
    HurtByItsAttacks,
    /// "that had any damage points allocated to them by this fighter this activation": by its
    /// attacks or its abilities.
    HurtByIt,
    /// "on the battlefield floor".
    OnFloor,
    /// "the target of that attack action": its last missile attack's this activation.
    ItsLastShot,
    /// "with the Monster runemark": bearing these.
    Marked(Marks),
    /// A friend not bearing these ("this cannot affect friendly fighters with the Beast
    /// runemark").
    NotMarked(Marks),
}

impl Aim {
    pub(super) fn friend(pick: &super::FriendPick, ready: bool) -> Self {
        Aim {
            friends: true,
            range: pick.range,
            visible: pick.visible,
            marks: pick.marks(),
            ready,
            only: (!pick.not.is_none()).then_some(PickOnly::NotMarked(pick.not)),
            down: false,
        }
    }

    pub(super) fn enemy(range: f32, visible: bool, runemark: Option<&str>) -> Self {
        Aim {
            friends: false,
            range,
            visible,
            marks: Marks::default().and(runemark),
            ready: false,
            only: None,
            down: false,
        }
    }
}

/// Whose attacks on an exposed enemy gain (ABL-5): "attack actions made by friendly fighters
/// with MARKS that target that fighter" — the attacks of the ability's own side bearing
/// `marks` (its melee attacks only, when `melee_only`).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Exposers {
    #[serde(default, skip_serializing_if = "Marks::is_none")]
    pub marks: Marks,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub melee_only: bool,
}

impl Exposers {
    /// In words: "the melee attacks of friendly fighters with the Hero runemark".
    pub fn words(&self) -> String {
        format!(
            "the {}attacks of friendly fighters{}",
            if self.melee_only { "melee " } else { "" },
            self.marks.with_words()
        )
    }
}

impl Effect {
    /// Where it sets a fighter up (ABL-5), when it does.
    pub fn placing(&self) -> Option<super::Placing> {
        use super::Placing;
        Some(match *self {
            Effect::FriendSetUp {
                within,
                wholly: true,
                ..
            } => Placing::Wholly { within },
            Effect::SetUpNear { within, .. } | Effect::FriendSetUp { within, .. } => {
                Placing::Near { within }
            }
            Effect::FriendRelocate { away, .. } => Placing::PickedAnywhere { away },
            Effect::Revive { place, .. } => place,
            Effect::DamageAtPoint(PointDamage { within, around, .. }) => {
                Placing::Point { within, around }
            }
            Effect::Relocate {
                away,
                floor_only,
                less_value,
            } => Placing::Anywhere {
                away,
                floor_only,
                less_value,
            },
            _ => return None,
        })
    }

    /// The effect as it is used with dice showing `value`: a pick's range "equal to the value
    /// of this ability" ([`VALUE_RANGE`]) becomes that many inches.
    pub fn at_value(&self, value: u8) -> Effect {
        let mut e = self.clone();
        let range = match &mut e {
            Effect::DamageOne { range, .. }
            | Effect::DamageAround { range, .. }
            | Effect::DamageVsToughness { range, .. }
            | Effect::Restrict { range, .. }
            | Effect::PullPicked { range, .. }
            | Effect::BarEach(crate::model::effects::Barring { range, .. })
            | Effect::SetUpNear { range, .. }
            | Effect::LowerPicked(crate::model::effects::PickedLowering { range, .. })
            | Effect::ExposePicked { range, .. }
            | Effect::EnemyCritsAsHits { range, .. }
            | Effect::RollAgainst { range, .. }
            | Effect::BonusAttackAt { range, .. } => range,
            Effect::FriendBoost { pick, .. }
            | Effect::FriendHeal { pick, .. }
            | Effect::FriendDamage { pick, .. }
            | Effect::FriendCounts { pick, .. }
            | Effect::FriendBonusMove { pick, .. }
            | Effect::ActivateNext { pick, .. } => &mut pick.range,
            // "Wholly within a number of inches of this fighter equal to the value".
            Effect::FriendSetUp { within, pick, .. } => {
                if pick.range == VALUE_RANGE {
                    pick.range = f32::from(value);
                }
                within
            }
            _ => return e,
        };
        if *range == VALUE_RANGE {
            *range = f32::from(value);
        }
        e
    }
}
