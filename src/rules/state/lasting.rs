//! ABL-5: the effects of abilities that outlast the command that made them, in one store: who
//! each reaches (a fighter, or the friends in a fighter's aura), what it does, and when it
//! ends. The activation's own effects (boosts for its attacks, effects waiting for its moves)
//! end with it and stay in [`super::ActivationState`].

use crate::model::effects::{Aura, Restriction, Stat};
use crate::model::ids::{FighterId, Side};

use super::battle::Engine;
pub use super::lowered::Lowered;

/// Who a lasting effect reaches.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Scope {
    /// One fighter.
    Fighter(FighterId),
    /// The friendly fighters in `source`'s aura while they are in it (`source` among them).
    Aura { source: FighterId, aura: Aura },
    /// The enemy fighters within `range` inches of `source` while they are.
    EnemyAura { source: FighterId, range: f32 },
}

/// What a lasting effect does to the fighters it reaches.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Lasting {
    /// It may not make these actions.
    Barred(Restriction),
    /// `by` more of `stat` (of its melee attacks only, when `melee_only`; of its missile
    /// attacks only, when `missile_only`; of those with a weapon bearing `weapon`, when set).
    Raised {
        stat: Stat,
        by: u32,
        melee_only: bool,
        missile_only: bool,
        weapon: crate::model::effects::Marks,
    },
    /// `by` less of `stat`, to a minimum of `min`, subtracted after every bonus (ABL-4).
    Lowered { stat: Stat, by: u32, min: u32 },
    /// The same, of its melee attacks only (their Attacks or Strength).
    LoweredMelee { stat: Stat, by: u32, min: u32 },
    /// Its `stat` (Move or Toughness) halved, rounding up, before any bonus (ABL-4).
    Halved { stat: Stat },
    /// Its attacks must target `by` while `by` is on the battlefield.
    Taunted { by: FighterId },
    /// Each hit and critical hit of the attacks on it allocates `by` less damage, to `min`.
    LessDamage { by: u32, min: u32 },
    /// Each critical hit of the attacks on it counts as a hit.
    CritsAsHits,
    /// Each critical hit of the attacks it makes counts as a hit (an enemy aura: only while
    /// the aura's fighter can see it, when `seen`).
    AttackersCritsAsHits { seen: bool },
    /// The (melee, when so) attacks it makes roll `by` fewer dice, to `min` (an enemy aura:
    /// only while the aura's fighter can see it, when `seen`).
    AttackersFewer {
        by: u32,
        min: u32,
        whose: crate::model::effects::Attackers,
    },
    /// The (melee, when `melee_only`) attacks on it roll `by` fewer dice, to `min`.
    FewerAttacks { by: u32, min: u32, melee_only: bool },
    /// It cannot be targeted by attack actions.
    Untargetable,
    /// After each melee attack action on it, `dice` dice: each of `least` or more allocates
    /// `damage` to the attacker.
    /// (`dice` 0: a dice for each damage point the attack allocated it.)
    Retaliate { dice: u32, least: u8, damage: u32 },
    /// It has sworn an oath (until an enemy is taken down during its activation).
    Oathed,
    /// It is favoured, for the rest of the battle.
    Favoured,
    /// It is empty-handed: it threw what it held (until an ability has it hold one again).
    EmptyHanded,
    /// The abilities it uses have a value of 6 (a potent vial), for the battle.
    PotentVial,
    /// It can fly when it moves (MOVE-7).
    Flies,
    /// It has (or, not `has`, has not) the runemark `mark`.
    Marked {
        mark: crate::model::runemark::Runemark,
        has: bool,
    },
    /// No move action of it may end farther from `to` than it began.
    Leashed { to: FighterId },
    /// Its next activation has 1 fewer action (to a minimum of 1), spent as it begins.
    FewerNext,
    /// A friends' aura: each friend that begins its activation in it has `by` more Move for
    /// that activation (until the aura's fighter activates again, `until_next`).
    StartRaise { by: u32, until_next: bool },
    /// Each hit and critical hit of its attacks allocates `by` less damage, to `min`, unless
    /// the attack targets `spared`.
    LessDamageUnless {
        by: u32,
        min: u32,
        spared: FighterId,
    },
    /// An enemy aura: each enemy that finishes a move action in it suffers impact damage.
    MoveEndImpact,
    /// An enemy aura: each enemy that begins its activation in it is barred for the round.
    OnActivation(Restriction),
    /// The attacks that target it have `by` more of `stat` (only those of the side's
    /// fighters the exposers name, when `to` names some).
    Exposed {
        stat: Stat,
        by: u32,
        to: Option<(Side, crate::model::effects::Exposers)>,
    },
    /// The value of the abilities it uses is raised by `by`, to at most `bound` (`lower`:
    /// lowered, to at least `bound`); only abilities other than these (`others`), and, when
    /// `seen`, only while the aura's fighter can see it.
    AbilityValue {
        by: u32,
        bound: u32,
        lower: bool,
        seen: bool,
    },
    /// It counts as `extra` more fighters when objective control is determined (GEN-7).
    CountsExtra { extra: u32 },
    /// Each enemy disengaging from within its reach is allocated a D`sides` of damage, before
    /// it moves away (`before`) or once it has.
    DisengageToll { sides: u8, before: bool },
    /// Each enemy within its reach (that it sees, when `seen`) takes `damage` at the end of
    /// the round.
    RoundEndDamage { damage: u32, seen: bool },
    /// The next time it would be taken down this round, it stands with `remove` damage less
    /// (a D`sides` roll of it, when `sides` is set), spent by it.
    Survives { remove: u32, sides: u8 },
    /// `by` more of `stat` for its next (melee, when `melee_only`) attack action, spent by it.
    NextAttack {
        stat: Stat,
        by: u32,
        melee_only: bool,
    },
}

/// Which attacks a raise is for: (melee only, missile only, with a weapon bearing these).
pub type RaisedFor = (bool, bool, crate::model::effects::Marks);

/// When a lasting effect ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Until {
    /// The end of the battle round (the next round begins without it).
    RoundEnd,
    /// The end of the battle.
    BattleEnd,
    /// The end of the activation under way (and so of the round).
    ActivationEnd,
}

/// One lasting effect of an ability.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ActiveEffect {
    pub scope: Scope,
    pub what: Lasting,
    pub until: Until,
}

impl ActiveEffect {
    /// The fighter it reaches, when it reaches one fighter.
    pub fn fighter(&self) -> Option<FighterId> {
        match self.scope {
            Scope::Fighter(id) => Some(id),
            Scope::Aura { .. } | Scope::EnemyAura { .. } => None,
        }
    }
}

impl Engine {
    /// ABL-5: `stat` raised by `by` until the end of the round, for `scope`.
    pub fn raise(&mut self, scope: Scope, stat: Stat, by: u32, melee_only: bool) {
        self.raise_kind(scope, (stat, by), (melee_only, false));
    }

    /// ABL-5: `stat` raised by `by` until the end of the round, for `scope`, of its melee
    /// (`melee_only`) or missile (`missile_only`) attacks only, when one is set.
    pub fn raise_kind(
        &mut self,
        scope: Scope,
        (stat, by): (Stat, u32),
        (melee_only, missile_only): (bool, bool),
    ) {
        let what = Lasting::Raised {
            stat,
            by,
            melee_only,
            missile_only,
            weapon: Default::default(),
        };
        self.push_effect(scope, what, Until::RoundEnd);
    }

    /// ABL-5: `id`'s `stat` raised by `by` (of its melee attacks only) until the end of the
    /// battle.
    pub fn raise_for_battle(&mut self, id: FighterId, stat: Stat, by: u32, melee_only: bool) {
        let what = Lasting::Raised {
            stat,
            by,
            melee_only,
            missile_only: false,
            weapon: Default::default(),
        };
        self.push_effect(Scope::Fighter(id), what, Until::BattleEnd);
    }

    /// ABL-5: what abilities raised until the end of the round or the battle: (who it reaches,
    /// the stat, by how much, (of melee attacks only, of missile attacks only, of attacks with
    /// a weapon bearing these marks only)).
    pub fn raised(&self) -> impl Iterator<Item = (Scope, Stat, u32, RaisedFor)> + '_ {
        self.effects.iter().filter_map(|e| match e.what {
            Lasting::Raised {
                stat,
                by,
                melee_only,
                missile_only,
                weapon,
            } => Some((e.scope, stat, by, (melee_only, missile_only, weapon))),
            _ => None,
        })
    }

    /// ABL-5: `id`'s `stat` lowered by `by`, to no less than `min`, until the end of the
    /// battle.
    pub fn lower(&mut self, id: FighterId, stat: Stat, by: u32, min: u32) {
        let what = Lasting::Lowered { stat, by, min };
        self.push_effect(Scope::Fighter(id), what, Until::BattleEnd);
    }

    /// ABL-5: `id`'s `stat` lowered by `by`, to no less than `min`, until the end of the
    /// battle round (or, `activation`, of the activation under way).
    pub fn lower_for_round(
        &mut self,
        id: FighterId,
        (stat, by, min): (Stat, u32, u32),
        (activation, melee): (bool, bool),
    ) {
        let what = if melee {
            Lasting::LoweredMelee { stat, by, min }
        } else {
            Lasting::Lowered { stat, by, min }
        };
        let until = if activation {
            Until::ActivationEnd
        } else {
            Until::RoundEnd
        };
        self.push_effect(Scope::Fighter(id), what, until);
    }

    /// ABL-5: until the end of the round, `id`'s attacks allocate `by` less damage with each
    /// hit and critical hit (to `min`), unless they target `spared`.
    pub fn weaken_unless(&mut self, id: FighterId, (by, min): (u32, u32), spared: FighterId) {
        let what = Lasting::LessDamageUnless { by, min, spared };
        self.push_effect(Scope::Fighter(id), what, Until::RoundEnd);
    }

    /// ABL-5: what `id`'s attacks on `t` allocate less, by those lowerings: (by, min) each.
    pub fn weakened_unless(&self, id: FighterId, t: FighterId) -> Vec<(u32, u32)> {
        (self.effects.iter())
            .filter(|e| e.fighter() == Some(id))
            .filter_map(|e| match e.what {
                Lasting::LessDamageUnless { by, min, spared } if spared != t => Some((by, min)),
                _ => None,
            })
            .collect()
    }

    /// ABL-4, ABL-5: `id`'s `stat` (Move or Toughness) halved until the end of the round.
    pub fn halve_for_round(&mut self, id: FighterId, stat: Stat) {
        self.push_effect(
            Scope::Fighter(id),
            Lasting::Halved { stat },
            Until::RoundEnd,
        );
    }

    /// ABL-5: the attacks that target `id` (those `to` names only, when it names some) have
    /// `by` more of `stat` until the end of the round.
    pub fn expose_for_round(
        &mut self,
        id: FighterId,
        (stat, by): (Stat, u32),
        to: Option<(Side, crate::model::effects::Exposers)>,
    ) {
        self.push_effect(
            Scope::Fighter(id),
            Lasting::Exposed { stat, by, to },
            Until::RoundEnd,
        );
    }

    /// ABL-5: the enemies within `range` of `source` exposed to the attacks `to` names (of
    /// `source`'s side) until the end of the round.
    pub fn expose_around(
        &mut self,
        (source, range): (FighterId, f32),
        (stat, by): (Stat, u32),
        to: (Side, crate::model::effects::Exposers),
    ) {
        let what = Lasting::Exposed {
            stat,
            by,
            to: Some(to),
        };
        self.push_effect(Scope::EnemyAura { source, range }, what, Until::RoundEnd);
    }

    /// ABL-5: the enemy auras exposing fighters: (source, range, stat, by, whose attacks).
    pub fn exposed_around(
        &self,
    ) -> impl Iterator<
        Item = (
            FighterId,
            f32,
            Stat,
            u32,
            Option<(Side, crate::model::effects::Exposers)>,
        ),
    > + '_ {
        self.effects.iter().filter_map(|e| match (e.scope, e.what) {
            (Scope::EnemyAura { source, range }, Lasting::Exposed { stat, by, to }) => {
                Some((source, range, stat, by, to))
            }
            _ => None,
        })
    }

    /// ABL-5: what the attacks that target `id` gain: (the stat, by how much, whose attacks
    /// only).
    pub fn exposed(
        &self,
        id: FighterId,
    ) -> impl Iterator<Item = (Stat, u32, Option<(Side, crate::model::effects::Exposers)>)> + '_
    {
        self.effects.iter().filter_map(move |e| match e.what {
            Lasting::Exposed { stat, by, to } if e.fighter() == Some(id) => Some((stat, by, to)),
            _ => None,
        })
    }

    /// ABL-5: what abilities lowered for `id` itself, added up (the enemy auras it stands
    /// in aside: [`Engine::enemy_auras`]).
    pub fn lowered(&self, id: FighterId) -> Lowered {
        let mut l = Lowered::default();
        for e in self.effects.iter().filter(|e| e.fighter() == Some(id)) {
            match e.what {
                Lasting::Lowered { stat, by, min } => l.add(stat, by, min),
                Lasting::LoweredMelee { stat, by, min } => l.add_melee(stat, by, min),
                Lasting::Halved { stat } => l.halve(stat),
                _ => {}
            }
        }
        l
    }

    /// ABL-5, GEN-7: `id` counts as `extra` more fighters for objective control this round.
    pub fn count_extra(&mut self, id: FighterId, extra: u32) {
        let what = Lasting::CountsExtra { extra };
        self.push_effect(Scope::Fighter(id), what, Until::RoundEnd);
    }

    /// GEN-7: how many fighters `id` counts as for objective control (1, and what abilities
    /// add).
    pub fn counts_as(&self, id: FighterId) -> u32 {
        let extra = self.effects.iter().filter(|e| e.fighter() == Some(id));
        extra.fold(1, |n, e| match e.what {
            Lasting::CountsExtra { extra } => n.saturating_add(extra),
            _ => n,
        })
    }

    /// ABL-5: `id`'s attacks must target `by` until the end of the round (a later taunt
    /// replaces an earlier one).
    pub fn taunt(&mut self, id: FighterId, by: FighterId) {
        self.effects
            .retain(|e| !(e.fighter() == Some(id) && matches!(e.what, Lasting::Taunted { .. })));
        self.push_effect(Scope::Fighter(id), Lasting::Taunted { by }, Until::RoundEnd);
    }

    /// ABL-5: the fighter whose taunt binds `id`'s attacks this round.
    pub fn taunter_of(&self, id: FighterId) -> Option<FighterId> {
        self.effects.iter().find_map(|e| match e.what {
            Lasting::Taunted { by } if e.fighter() == Some(id) => Some(by),
            _ => None,
        })
    }

    /// ABL-5: the attacks on `scope` softened (`what`: less damage, or critical hits as hits)
    /// until the end of the round.
    pub fn guard(&mut self, scope: Scope, what: Lasting) {
        self.push_effect(scope, what, Until::RoundEnd);
    }

    /// ABL-5: what `id` deals the attackers of its melee attacks this round: (dice, least,
    /// damage) each.
    pub fn retaliation(&self, id: FighterId) -> impl Iterator<Item = (u32, u8, u32)> + '_ {
        self.effects.iter().filter_map(move |e| match e.what {
            Lasting::Retaliate {
                dice,
                least,
                damage,
            } if e.fighter() == Some(id) => Some((dice, least, damage)),
            _ => None,
        })
    }

    /// The guards lasting the round: who each reaches and what it does.
    pub fn guards(&self) -> impl Iterator<Item = (Scope, Lasting)> + '_ {
        self.effects.iter().filter_map(|e| match e.what {
            Lasting::LessDamage { .. }
            | Lasting::CritsAsHits
            | Lasting::FewerAttacks { .. }
            | Lasting::Untargetable => Some((e.scope, e.what)),
            _ => None,
        })
    }

    /// ABL-5: `by` more of `stat` for `id`'s next (melee) attack action this round.
    pub fn raise_next_attack(&mut self, id: FighterId, stat: Stat, by: u32, melee_only: bool) {
        let what = Lasting::NextAttack {
            stat,
            by,
            melee_only,
        };
        self.push_effect(Scope::Fighter(id), what, Until::RoundEnd);
    }

    /// ABL-5: what waits for `id`'s next attack action (of melee attacks only, when
    /// `melee_only`): (stat, by, melee_only).
    pub fn next_attack(&self, id: FighterId) -> impl Iterator<Item = (Stat, u32, bool)> + '_ {
        self.effects.iter().filter_map(move |e| match e.what {
            Lasting::NextAttack {
                stat,
                by,
                melee_only,
            } if e.fighter() == Some(id) => Some((stat, by, melee_only)),
            _ => None,
        })
    }

    /// ABL-5: `id` made an attack action (a melee one when `melee`): what waited for it is
    /// spent.
    pub fn spend_next_attack(&mut self, id: FighterId, melee: bool) {
        self.effects.retain(|e| match e.what {
            Lasting::NextAttack { melee_only, .. } => {
                e.fighter() != Some(id) || (melee_only && !melee)
            }
            _ => true,
        });
    }

    /// ABL-5: `id` swears an oath for the rest of the battle (once, however often it swears).
    pub fn swear_oath(&mut self, id: FighterId) {
        if !self.has(id, Lasting::Oathed) {
            self.push_effect(Scope::Fighter(id), Lasting::Oathed, Until::BattleEnd);
        }
    }

    /// ABL-5: `id`'s oath, if it swore one, is fulfilled: it is no longer oathed, and is
    /// favoured for the rest of the battle. Did it become favoured (it was not before)?
    pub fn fulfil_oath(&mut self, id: FighterId) -> bool {
        if !self.has(id, Lasting::Oathed) {
            return false;
        }
        self.effects
            .retain(|e| !(e.fighter() == Some(id) && e.what == Lasting::Oathed));
        if self.has(id, Lasting::Favoured) {
            return false;
        }
        self.push_effect(Scope::Fighter(id), Lasting::Favoured, Until::BattleEnd);
        true
    }

    /// Does `what` last for `id` alone?
    /// ABL-5: `id` is empty-handed from now (or, `false`, holds something to throw again).
    pub fn set_empty_handed(&mut self, id: FighterId, empty: bool) {
        let what = Lasting::EmptyHanded;
        self.effects
            .retain(|e| !(e.fighter() == Some(id) && e.what == what));
        if empty {
            self.push_effect(Scope::Fighter(id), what, Until::BattleEnd);
        }
    }

    /// ABL-5: the abilities `id` uses have a value of 6 for the rest of the battle.
    pub fn potent_vial(&mut self, id: FighterId) {
        if !self.has(id, Lasting::PotentVial) {
            self.push_effect(Scope::Fighter(id), Lasting::PotentVial, Until::BattleEnd);
        }
    }

    /// ABL-5: the next time `id` would be taken down this round, it stands with `remove` (or a
    /// D`sides`, when not 0) damage less.
    pub fn survive(&mut self, id: FighterId, remove: u32, sides: u8) {
        let what = Lasting::Survives { remove, sides };
        self.push_effect(Scope::Fighter(id), what, Until::RoundEnd);
    }

    /// ATK-5, ABL-5: `id` would be taken down: what spares it this once, spent (remove, sides).
    pub fn spare(&mut self, id: FighterId) -> Option<(u32, u8)> {
        let k = self
            .effects
            .iter()
            .position(|e| e.fighter() == Some(id) && matches!(e.what, Lasting::Survives { .. }))?;
        match self.effects.remove(k).what {
            Lasting::Survives { remove, sides } => Some((remove, sides)),
            _ => None,
        }
    }

    /// MOVE-7, ABL-5: `id` can fly when it moves until the end of the round.
    pub fn let_fly(&mut self, id: FighterId) {
        if !self.has(id, Lasting::Flies) {
            self.push_effect(Scope::Fighter(id), Lasting::Flies, Until::RoundEnd);
        }
    }

    /// ABL-5: `id` has (or, not `has`, has not) the runemark `mark` until the end of the round.
    pub fn mark_for_round(
        &mut self,
        id: FighterId,
        mark: crate::model::runemark::Runemark,
        has: bool,
    ) {
        let what = Lasting::Marked { mark, has };
        self.effects.retain(|e| {
            !(e.fighter() == Some(id)
                && matches!(e.what, Lasting::Marked { mark: m, .. } if m == mark))
        });
        self.push_effect(Scope::Fighter(id), what, Until::RoundEnd);
    }

    /// The runemarks abilities gave `id` (true) or took from it (false) for now.
    pub fn marks_changed(
        &self,
        id: FighterId,
    ) -> impl Iterator<Item = (crate::model::runemark::Runemark, bool)> + '_ {
        self.effects.iter().filter_map(move |e| match e.what {
            Lasting::Marked { mark, has } if e.fighter() == Some(id) => Some((mark, has)),
            _ => None,
        })
    }

    pub fn has(&self, id: FighterId, what: Lasting) -> bool {
        self.effects
            .iter()
            .any(|e| e.fighter() == Some(id) && e.what == what)
    }

    /// The round is over: what lasted until its end ends.
    pub fn end_round_effects(&mut self) {
        self.effects.retain(|e| e.until == Until::BattleEnd);
    }

    /// The activation is over: what lasted until its end ends.
    pub fn end_activation_effects(&mut self) {
        self.effects.retain(|e| e.until != Until::ActivationEnd);
    }

    pub(super) fn push_effect(&mut self, scope: Scope, what: Lasting, until: Until) {
        self.effects.push(ActiveEffect { scope, what, until });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abl5_what_lasts_the_round_ends_with_it_and_what_lasts_the_battle_stays() {
        let mut e = Engine::default();
        let (a, b) = (FighterId(1), FighterId(2));
        e.bar(a, Restriction::Move);
        e.bar(a, Restriction::Move);
        e.taunt(a, b);
        e.taunt(a, FighterId(3));
        e.lower(a, Stat::Move, 2, 3);
        e.lower(a, Stat::Attacks, 1, 1);
        e.raise(Scope::Fighter(b), Stat::Strength, 1, true);
        assert!(e.is_barred(a, Restriction::Move) && !e.is_barred(b, Restriction::Move));
        assert_eq!(e.effects.len(), 5, "one bar, one taunt: {:?}", e.effects);
        assert_eq!(e.taunter_of(a), Some(FighterId(3)), "the later taunt binds");
        assert_eq!(e.raised().count(), 1);
        e.end_round_effects();
        assert!(!e.is_barred(a, Restriction::Move));
        assert_eq!((e.taunter_of(a), e.raised().count()), (None, 0));
        let l = e.lowered(a);
        assert_eq!(
            (l.move_by, l.move_min, l.attacks_by, l.attacks_min),
            (2, 3, 1, 1)
        );
    }
}
