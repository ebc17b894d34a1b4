//! A raise of the active fighter's attacks for its activation or its next attack (ABL-5),
//! and which attacks it raises.

use serde::{Deserialize, Serialize};

/// ABL-5: `by` more of `stat` for the active fighter's attacks (its melee attacks only when
/// `melee_only`) until the end of its activation.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Boost {
    pub stat: crate::model::effects::Stat,
    pub by: u32,
    pub melee_only: bool,
    /// For its next attack action only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub once: bool,
    /// For the bonus attack waiting when it was given ("that attack action", ABL-5): it
    /// lapses with that attack.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub for_bonus: bool,
    /// For its missile attacks only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub missile_only: bool,
    /// Only for its attacks on such a target.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub against: Option<crate::model::effects::TargetIs>,
    /// Spent by its next attack action whatever its target ("if the next attack action ...
    /// targets ..."), raising it only on such a target.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub strict: bool,
    /// Only for its attacks with a weapon bearing one of these runemarks ("attack actions ...
    /// that have the Axe runemark").
    #[serde(default, skip_serializing_if = "crate::model::effects::Marks::is_none")]
    pub weapon: crate::model::effects::Marks,
    /// Counted as the attack is made (`NearTarget`: `by` for each friendly fighter bearing
    /// the marks near the target, the attacker too; `WhileNear`: `by` while one is near).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_near: Option<crate::model::effects::Count>,
}

impl Boost {
    /// How much it raises `f`'s attack on `t`: `by`, or `by` for each friend near `t` it
    /// counts (`all`: the fighters).
    pub fn by_on(
        &self,
        all: &[super::FighterView],
        f: &super::FighterView,
        t: Option<&super::FighterView>,
    ) -> u32 {
        use crate::model::effects::Count;
        let (range, marks, of, endangered) = match self.per_near {
            None => return self.by,
            Some(Count::NearTarget { range, marks }) => (range, marks, t, false),
            Some(Count::WhileNear {
                range,
                marks,
                target,
                endangered,
            }) => (range, marks, if target { t } else { Some(f) }, endangered),
            Some(_) => return 0,
        };
        let Some(of) = of else { return 0 };
        use crate::battlefield::measure::distance;
        // "Endangered": within 1" of an enemy, or with damage allocated.
        let in_danger = |o: &super::FighterView| {
            o.damage > 0
                || (all.iter()).any(|e| {
                    e.side != o.side && e.on_board() && distance(&e.base(), &o.base()) <= 1.0 + 1e-4
                })
        };
        let near = all.iter().filter(|o| {
            o.side == f.side
                && o.on_board()
                && o.id != of.id
                && marks.fit(|m| o.profile.bears(m))
                && distance(&o.base(), &of.base()) <= range + 1e-4
                && (!endangered || in_danger(o))
        });
        // The attacker near the target counts too (it is not the target).
        let n = near.count() as u32;
        match self.per_near {
            Some(Count::WhileNear { .. }) => self.by * u32::from(n > 0),
            _ => self.by.saturating_mul(n),
        }
    }

    /// Does it raise an attack with a melee weapon (`melee`) or a missile one, bearing the
    /// runemark `weapon`?
    pub fn applies(&self, melee: bool, weapon: Option<&str>) -> bool {
        let kind = if melee {
            !self.missile_only
        } else {
            !self.melee_only
        };
        kind && crate::model::effects::weapon_fits(self.weapon, weapon)
    }

    /// Does it raise `f`'s attack with a melee weapon (`melee`) or a missile one on `t`?
    pub fn applies_to(
        &self,
        (melee, weapon): (bool, Option<&str>),
        f: &super::FighterView,
        t: Option<&super::FighterView>,
    ) -> bool {
        use crate::model::effects::TargetIs;
        self.applies(melee, weapon)
            && self.against.is_none_or(|c| {
                t.is_some_and(|t| match c {
                    TargetIs::WoundsAtLeast(w) => t.profile.wounds >= w,
                    TargetIs::FartherThan(r) => {
                        crate::battlefield::measure::distance(&f.base(), &t.base()) > r + 1e-4
                    }
                    TargetIs::Flies => t.profile.has_runemark("fly"),
                    TargetIs::Bigger => {
                        t.profile.wounds > f.profile.wounds || t.profile.has_runemark("hero")
                    }
                    TargetIs::Damaged(n) => t.damage >= n,
                    TargetIs::Fighter(id) => t.id == id,
                    TargetIs::NotActivated => {
                        t.activation == crate::model::components::Activation::Ready
                    }
                    TargetIs::Activated => {
                        t.activation != crate::model::components::Activation::Ready
                    }
                })
            })
    }
}

impl Boost {
    /// A boost for every attack action of the activation.
    pub fn for_activation(stat: crate::model::effects::Stat, by: u32, melee_only: bool) -> Self {
        Boost {
            stat,
            by,
            melee_only,
            once: false,
            for_bonus: false,
            missile_only: false,
            against: None,
            strict: false,
            weapon: crate::model::effects::Marks::default(),
            per_near: None,
        }
    }
}
