//! ABL-5: the lasting effects that reach the enemies round a fighter while they are (its
//! enemy auras): what they lower, bar or deal, kept in the store of [`super::lasting`].

use crate::model::effects::{Aura, Restriction, Stat};
use crate::model::ids::FighterId;

use super::battle::Engine;
use super::lasting::{Lasting, Scope, Until};

impl Engine {
    /// ABL-5: `stat` lowered by `by`, to `min`, for the enemies within `range` inches of
    /// `source` while they are, until the end of the round.
    pub fn lower_around(
        &mut self,
        source: FighterId,
        range: f32,
        (stat, by, min): (Stat, u32, u32),
    ) {
        let what = Lasting::Lowered { stat, by, min };
        self.push_effect(Scope::EnemyAura { source, range }, what, Until::RoundEnd);
    }

    /// ABL-5: the enemies within `range` inches of `source` may not make `what` actions while
    /// they are, until the end of the round.
    pub fn bar_on_activation(&mut self, source: FighterId, range: f32, what: Restriction) {
        let scope = Scope::EnemyAura { source, range };
        self.push_effect(scope, Lasting::OnActivation(what), Until::RoundEnd);
    }

    /// ABL-5: the auras barring the enemies that begin their activation in them: (source,
    /// range, what).
    pub fn bars_on_activation(&self) -> Vec<(FighterId, f32, Restriction)> {
        (self.effects.iter())
            .filter_map(|e| match (e.scope, e.what) {
                (Scope::EnemyAura { source, range }, Lasting::OnActivation(r)) => {
                    Some((source, range, r))
                }
                _ => None,
            })
            .collect()
    }

    /// ABL-5: the friends in `source`'s `aura` that begin an activation in it have `by` more
    /// Move for it, until the end of the round (or until `source` activates again,
    /// `until_next`).
    pub fn raise_on_activation(
        &mut self,
        source: FighterId,
        aura: Aura,
        by: u32,
        until_next: bool,
    ) {
        let scope = Scope::Aura { source, aura };
        let until = if until_next {
            Until::BattleEnd
        } else {
            Until::RoundEnd
        };
        self.push_effect(scope, Lasting::StartRaise { by, until_next }, until);
    }

    /// ABL-5: the auras raising the friends that begin their activation in them: (source,
    /// aura, by).
    pub fn raises_on_activation(&self) -> Vec<(FighterId, Aura, u32)> {
        (self.effects.iter())
            .filter_map(|e| match (e.scope, e.what) {
                (Scope::Aura { source, aura }, Lasting::StartRaise { by, .. }) => {
                    Some((source, aura, by))
                }
                _ => None,
            })
            .collect()
    }

    /// ABL-5: `source` begins an activation: its auras lasting until then end.
    pub fn end_raises_of(&mut self, source: FighterId) {
        self.effects.retain(|e| {
            !matches!(
                (e.scope, e.what),
                (Scope::Aura { source: s, .. }, Lasting::StartRaise { until_next: true, .. })
                    if s == source
            )
        });
    }

    /// ABL-5: until the end of the round, each enemy that finishes a move action within
    /// `range` inches of `source` suffers impact damage.
    pub fn trap_around(&mut self, source: FighterId, range: f32) {
        let scope = Scope::EnemyAura { source, range };
        self.push_effect(scope, Lasting::MoveEndImpact, Until::RoundEnd);
    }

    /// ABL-5: those auras: (source, range).
    pub fn traps(&self) -> Vec<(FighterId, f32)> {
        (self.effects.iter())
            .filter_map(|e| match (e.scope, e.what) {
                (Scope::EnemyAura { source, range }, Lasting::MoveEndImpact) => {
                    Some((source, range))
                }
                _ => None,
            })
            .collect()
    }

    pub fn bar_around(&mut self, source: FighterId, range: f32, what: Restriction) {
        let scope = Scope::EnemyAura { source, range };
        self.push_effect(scope, Lasting::Barred(what), Until::RoundEnd);
    }

    /// ABL-1, ABL-5: an aura changing the value of the abilities used within `range` inches of
    /// `source` (by its enemies, when `enemies`), until the end of the round.
    pub fn value_around(&mut self, source: FighterId, range: f32, enemies: bool, what: Lasting) {
        let scope = if enemies {
            Scope::EnemyAura { source, range }
        } else {
            Scope::Aura {
                source,
                aura: Aura::within(range, false),
            }
        };
        self.push_effect(scope, what, Until::RoundEnd);
    }

    /// ABL-5: until the end of the round, each enemy disengaging from within `range` inches of
    /// `source` is allocated a D`sides` of damage, before it moves away when `before`.
    pub fn toll_around(&mut self, source: FighterId, range: f32, (sides, before): (u8, bool)) {
        let scope = Scope::EnemyAura { source, range };
        self.push_effect(
            scope,
            Lasting::DisengageToll { sides, before },
            Until::RoundEnd,
        );
    }

    /// ABL-5: at the end of the round, `damage` to each enemy within `range` inches of `source`
    /// (that it sees, when `seen`).
    pub fn damage_at_round_end(
        &mut self,
        source: FighterId,
        range: f32,
        (damage, seen): (u32, bool),
    ) {
        let scope = Scope::EnemyAura { source, range };
        self.push_effect(
            scope,
            Lasting::RoundEndDamage { damage, seen },
            Until::RoundEnd,
        );
    }

    /// The damage waiting for the end of the round: (source, range, damage, seen).
    pub fn round_end_damage(&self) -> Vec<(FighterId, f32, u32, bool)> {
        (self.effects.iter())
            .filter_map(|e| match (e.scope, e.what) {
                (Scope::EnemyAura { source, range }, Lasting::RoundEndDamage { damage, seen }) => {
                    Some((source, range, damage, seen))
                }
                _ => None,
            })
            .collect()
    }

    /// The tolls on disengaging: (source, range, sides, before it moves away).
    pub fn tolls(&self) -> impl Iterator<Item = (FighterId, f32, u8, bool)> + '_ {
        self.effects.iter().filter_map(|e| match (e.scope, e.what) {
            (Scope::EnemyAura { source, range }, Lasting::DisengageToll { sides, before }) => {
                Some((source, range, sides, before))
            }
            _ => None,
        })
    }

    /// The enemy auras barring actions: (source, range, what).
    pub fn barred_auras(&self) -> impl Iterator<Item = (FighterId, f32, Restriction)> + '_ {
        self.effects.iter().filter_map(|e| match (e.scope, e.what) {
            (Scope::EnemyAura { source, range }, Lasting::Barred(what)) => {
                Some((source, range, what))
            }
            _ => None,
        })
    }

    /// ABL-5: the critical hits of the attacks made by the enemies within `range` inches of
    /// `source` (that it can see, when `seen`) count as hits, until the end of the round.
    pub fn dim_crits_around(&mut self, source: FighterId, range: f32, seen: bool) {
        let scope = Scope::EnemyAura { source, range };
        let what = Lasting::AttackersCritsAsHits { seen };
        self.push_effect(scope, what, Until::RoundEnd);
    }

    /// The enemy auras turning their attacks' critical hits into hits: (source, range, seen).
    pub fn dimming_auras(&self) -> impl Iterator<Item = (FighterId, f32, bool)> + '_ {
        self.effects.iter().filter_map(|e| match (e.scope, e.what) {
            (Scope::EnemyAura { source, range }, Lasting::AttackersCritsAsHits { seen }) => {
                Some((source, range, seen))
            }
            _ => None,
        })
    }

    /// ABL-5: the attacks made by the enemies within `range` inches of `source` (`whose` of
    /// them) roll `by` fewer dice, to `min`, until the end of the round.
    pub fn fewer_around(
        &mut self,
        source: FighterId,
        range: f32,
        (by, min): (u32, u32),
        whose: crate::model::effects::Attackers,
    ) {
        let what = Lasting::AttackersFewer { by, min, whose };
        self.push_effect(Scope::EnemyAura { source, range }, what, Until::RoundEnd);
    }

    /// The enemy auras taking dice off their attacks: (source, range, by, min, whose).
    pub fn fewer_auras(
        &self,
    ) -> impl Iterator<Item = (FighterId, f32, u32, u32, crate::model::effects::Attackers)> + '_
    {
        self.effects.iter().filter_map(|e| match (e.scope, e.what) {
            (Scope::EnemyAura { source, range }, Lasting::AttackersFewer { by, min, whose }) => {
                Some((source, range, by, min, whose))
            }
            _ => None,
        })
    }

    /// The enemy auras lowering a characteristic: (source, range, stat, by, min).
    pub fn enemy_auras(&self) -> impl Iterator<Item = (FighterId, f32, Stat, u32, u32)> + '_ {
        self.effects.iter().filter_map(|e| match (e.scope, e.what) {
            (Scope::EnemyAura { source, range }, Lasting::Lowered { stat, by, min }) => {
                Some((source, range, stat, by, min))
            }
            _ => None,
        })
    }
}
