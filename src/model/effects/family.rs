//! What an effect is (ABL-5): the moment a reaction's effects answer, its family, and whom it
//! is aimed at.

use super::{Aim, Amount, Condition, Effect, Trigger};

/// The families of effects. Each family's card wording, description, check, run and the
/// AI's weighing are one file of `rules::effects`; a new kind of effect is a variant here and
/// arms in its family's file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// When the ability may be used.
    Condition,
    /// Bonus actions, for this fighter or a friend (CMB-2).
    Bonus,
    /// Characteristics raised, and how its attacks are made, for a while.
    Boost,
    /// Damage, now or after a move.
    Damage,
    /// Damage removed.
    Heal,
    /// The attacks on a fighter softened for the round.
    Guard,
    /// What is done for a picked friendly fighter.
    Friend,
    /// What befalls an enemy: barred, rolled against, set up, weakened.
    Against,
    /// Damage that waits: a toll on the enemies that disengage from near the fighter, damage
    /// to those round it at the end of the round.
    Toll,
    /// A reaction's trigger and what it changes in the attack it answers (REA-1).
    Reaction,
    /// Dice for later: wild dice saved (INI-3), an oath that brings a double once fulfilled
    /// (and the fighter's favour it brings).
    Dice,
}

/// The pattern of the effects that answer an attack in a reaction (REA-1, ABL-5).
macro_rules! attack_answers {
    () => {
        Effect::CritsAsHits { .. }
            | Effect::LessDamagePerHit { .. }
            | Effect::DamageAttackerPerRoll { .. }
            | Effect::DamageAttackerPerHit { .. }
            | Effect::DamageAttackerIf(crate::model::effects::AttackerIf { .. })
            | Effect::DamageAttackerPerMiss { .. }
            | Effect::MoreCritDamage { .. }
            | Effect::FewerAttackDice { .. }
            | Effect::ToughnessThisAttack { .. }
            | Effect::DamageAttackerDice { .. }
            | Effect::DamageAttackerOnRoll { .. }
            | Effect::CritsSaved { .. }
            | Effect::DamageAttackerPerCrit { .. }
            | Effect::DamageAroundPerRoll { .. }
            | Effect::StrikeOnRoll { .. }
    };
}
pub(crate) use attack_answers;

/// The pattern of a reaction's trigger and of the effects that answer its moment (REA-1,
/// ABL-5): one list for every match that must name them all.
macro_rules! reaction_parts {
    () => {
        Effect::Reaction(_)
            | $crate::model::effects::family::attack_answers!()
            | Effect::ReactBonus { .. }
    };
}
pub(crate) use reaction_parts;

/// How the fighter's attacks and moves are made this activation (kept in the activation's
/// lasting effects): one list for every match that names them all.
macro_rules! manner_parts {
    () => {
        Effect::StrengthAboveToughness { .. }
            | Effect::FlyThisActivation
            | Effect::FlyRisingAtMost { .. }
            | Effect::MoveWhileEngaged
            | Effect::FreeClimb
            | Effect::NextMissesAsCrits { .. }
            | Effect::NextMoreCrits { .. }
            | Effect::HitsAsCrits { .. }
            | Effect::DisengageEndNear
            | Effect::FlatAttackRange
            | Effect::NoReactionDamage
    };
}
pub(crate) use manner_parts;

/// What waits for the fighter's next attack (or each that scores) to befall its target: one
/// list for every match that names them all.
macro_rules! after_attack_parts {
    () => {
        Effect::PullAfterNextAttack { .. }
            | Effect::BarAfterNextAttack { .. }
            | Effect::ForfeitAfterNextAttack { .. }
            | Effect::LowerAfterNextAttack(crate::model::effects::TargetLowering { .. })
            | Effect::LowerAfterScoring { .. }
            | Effect::DamageAfterNextAttack { .. }
    };
}
pub(crate) use after_attack_parts;

/// The effects with no numbers of their own to check.
macro_rules! numberless {
    () => {
        Effect::BonusMoveOrAttack
            | Effect::MarkThisRound { .. }
            | Effect::AtActivationEnd(_)
            | Effect::BonusAttack
            | Effect::BonusDisengage
            | Effect::BonusAttackOf { .. }
            | Effect::BonusAttackWith { .. }
            | Effect::BonusMoveOrDisengage
            | Effect::SelfTakenDown
            | Effect::EmptyHanded(_)
            | Effect::PotentVial
            | Effect::PlaceToken(..)
            | Effect::CremationRule
            | Effect::FlyThisRound { .. }
            | $crate::model::effects::manner_parts!()
    };
}
pub(crate) use numberless;

/// The pattern of the guard family: what an ability gives this fighter or its friends for the
/// round (softened attacks, flight, a reprieve), and the value of abilities round it.
macro_rules! guard_parts {
    () => {
        Effect::RoundGuard { .. }
            | Effect::Survive { .. }
            | Effect::FlyThisRound { .. }
            | Effect::MarkThisRound { .. }
            | Effect::EnemyCritsAsHits { .. }
            | Effect::ValueAura { .. }
    };
}

/// The raises of the boost family for some friends only (`rules::effects::group`): those in
/// its battle group, those beginning an activation near it, itself for objective control.
macro_rules! for_some_parts {
    () => {
        Effect::CountsExtra { .. }
            | Effect::EachCounts { .. }
            | Effect::GroupBoost { .. }
            | Effect::StartRaise { .. }
    };
}
pub(crate) use for_some_parts;

/// The pattern of the bonus family: bonus actions of this fighter and of its friends.
macro_rules! bonus_parts {
    () => {
        Effect::BonusMoveOrAttack
            | Effect::BonusMove { .. }
            | Effect::FlyingBonusMove { .. }
            | Effect::BonusAttack
            | Effect::BonusMoveCloser { .. }
            | Effect::BonusDisengage
            | Effect::BonusAttackOf { .. }
            | Effect::BonusAttackAt { .. }
            | Effect::BonusAttackWith { .. }
            | Effect::BonusMoveOrDisengage
            | Effect::FriendBonusAttack { .. }
            | Effect::GangUp(_)
            | Effect::FriendBonusMove { .. }
            | Effect::EachFriendBonusMove { .. }
            | Effect::PickedFriendsBonus { .. }
            | Effect::AfterTakedown { .. }
    };
}

/// The pattern of the boost family: characteristics raised, and how its attacks and moves are
/// made, for a while.
macro_rules! boost_parts {
    () => {
        Effect::Boost { .. }
            | Effect::TargetBoost { .. }
            | Effect::WithWeapon { .. }
            | Effect::PerCount { .. }
            | Effect::NextIfTarget { .. }
            | Effect::NextBoost { .. }
            | Effect::RoundBoost { .. }
            | Effect::BattleBoost { .. }
            | $crate::model::effects::for_some_parts!()
            | Effect::CritOn { .. }
            | Effect::NextActionCritOn { .. }
            | Effect::RangeBoost { .. }
            | Effect::NextHitsAsCrits { .. }
            | Effect::TargetToughnessLess { .. }
            | Effect::RangeIs { .. }
            | $crate::model::effects::manner_parts!()
    };
}

impl Effect {
    /// Does it answer an attack (in a reaction, REA-1)?
    pub fn answers_attack(&self) -> bool {
        matches!(self, attack_answers!())
    }

    /// Does it answer an attack's damage once totalled (REA-1: a reaction when it is lethal)?
    pub fn answers_damage(&self) -> bool {
        matches!(
            self,
            Effect::DamageAttackerDice { .. }
                | Effect::DamageAttackerOnRoll { .. }
                | Effect::PlaceToken(_, super::TokenAt::Here)
                | Effect::SelfTakenDown
        )
    }

    /// May a reaction make it (REA-1)? Its answers to the attack, and damage removed from the
    /// reacting fighter when it reacts.
    pub fn in_reaction(&self) -> bool {
        self.answers_attack()
            || matches!(
                self,
                Effect::Heal {
                    amount: Amount::Fixed(_)
                } | Effect::HealDice { .. }
                    | Effect::ReactBonus { .. }
                    | Effect::PlaceToken(_, super::TokenAt::Here)
                    | Effect::SelfTakenDown
            )
    }

    /// Its family.
    pub fn family(&self) -> Family {
        match self {
            Effect::Requires(_)
            | Effect::When { .. }
            | Effect::MarkedRaise { .. }
            | Effect::Either(_) => Family::Condition,
            bonus_parts!() => Family::Bonus,
            boost_parts!() => Family::Boost,
            Effect::DamageOne { .. }
            | Effect::RollAgainOn { .. }
            | Effect::SelfDamagePerRoll { .. }
            | Effect::DamageNearTarget { .. }
            | Effect::SelfDamage { .. }
            | Effect::DamageEach { .. }
            | Effect::DamageAround { .. }
            | Effect::DamageAtPoint(_)
            | Effect::DamagePerFriendNear { .. }
            | Effect::DamageAll { .. }
            | Effect::DiceGame { .. }
            | Effect::DamageVsToughness { .. }
            | Effect::DamageWoundsOnRoll { .. }
            | Effect::SelfTakenDown
            | Effect::AfterMove { .. } => Family::Damage,
            Effect::Heal { .. }
            | Effect::HealDice { .. }
            | Effect::HealEach { .. }
            | Effect::HealRolled { .. } => Family::Heal,
            guard_parts!() => Family::Guard,
            Effect::SaveWildDice { .. }
            | Effect::DiscardEnemyWildDice { .. }
            | Effect::MoveByRolls { .. }
            | Effect::RollDice(_)
            | Effect::SwearOath
            | Effect::EmptyHanded(_)
            | Effect::PotentVial
            | Effect::Favoured { .. }
            | Effect::OnRoll { .. }
            | Effect::OnRolled { .. } => Family::Dice,
            Effect::FriendBoost { .. }
            | Effect::FriendHeal { .. }
            | Effect::FriendDamage { .. }
            | Effect::FriendCounts { .. }
            | Effect::FriendSetUp { .. }
            | Effect::FriendRelocate { .. }
            | Effect::Revive { .. }
            | Effect::ActivateNext { .. } => Family::Friend,
            Effect::Restrict { .. }
            | Effect::RollAgainst { .. }
            | Effect::SetUpNear { .. }
            | Effect::Relocate { .. }
            | Effect::LowerPicked(_)
            | Effect::LowerPerRoll { .. }
            | Effect::ExposePicked { .. }
            | Effect::PickThenBoost(crate::model::effects::PickedRaise { .. })
            | Effect::CritsWeaken { .. }
            | Effect::EnemyAura { .. }
            | Effect::BarEach(_)
            | Effect::BarSelf(_)
            | Effect::PullPicked { .. }
            | after_attack_parts!()
            | Effect::ExposeAround { .. }
            | Effect::AfterEachAttack { .. } => Family::Against,
            Effect::DisengageToll { .. }
            | Effect::DamageAtRoundEnd { .. }
            | Effect::ImpactAround { .. }
            | Effect::PlaceToken(..)
            | Effect::CremationRule
            | Effect::AtActivationEnd(_) => Family::Toll,
            reaction_parts!() => Family::Reaction,
        }
    }

    /// Who it is aimed at (one fighter picked, ABL-5), when it is aimed at one.
    pub fn aim(&self) -> Option<Aim> {
        if let Some(a) = self.friend_aim() {
            return Some(a);
        }
        let a = self.enemy_aim()?;
        Some(Aim {
            only: self.pick_only(),
            ..a
        })
    }

    /// Which enemies its pick may name besides range and sight, when it says.
    fn pick_only(&self) -> Option<super::PickOnly> {
        match self {
            Effect::DamageOne { only, .. }
            | Effect::Restrict { only, .. }
            | Effect::ExposePicked { only, .. }
            | Effect::PickThenBoost(crate::model::effects::PickedRaise { only, .. })
            | Effect::BonusAttackAt { only, .. } => *only,
            Effect::DamageWoundsOnRoll { only, .. } => Some(*only),
            _ => None,
        }
    }

    /// The enemy it picks, by range, sight and runemark.
    fn enemy_aim(&self) -> Option<Aim> {
        let enemy = Aim::enemy;
        Some(match self {
            Effect::DamageOne { range, .. }
            | Effect::DamageAround { range, .. }
            | Effect::DamagePerFriendNear { range, .. } => enemy(*range, true, None),
            Effect::Restrict { range, visible, .. }
            | Effect::DiceGame { range, visible, .. }
            | Effect::DamageVsToughness { range, visible, .. }
            | Effect::PullPicked { range, visible, .. }
            | Effect::SetUpNear { range, visible, .. }
            | Effect::LowerPicked(crate::model::effects::PickedLowering {
                range, visible, ..
            })
            | Effect::ExposePicked { range, visible, .. }
            | Effect::PickThenBoost(crate::model::effects::PickedRaise {
                range, visible, ..
            }) => enemy(*range, *visible, None),
            Effect::DamageWoundsOnRoll { visible, .. } => {
                enemy(crate::model::effects::ANYWHERE, *visible, None)
            }
            Effect::GangUp(g) => enemy(g.range, g.visible, None),
            Effect::BonusAttackAt {
                range,
                visible,
                runemark,
                ..
            }
            | Effect::RollAgainst {
                range,
                visible,
                runemark,
                ..
            } => enemy(*range, *visible, runemark.as_deref()),
            _ => return None,
        })
    }

    /// The friend it picks.
    fn friend_aim(&self) -> Option<Aim> {
        Some(match self {
            Effect::FriendBonusAttack {
                range,
                visible,
                runemark,
                marks,
                ..
            } => Aim {
                friends: true,
                range: *range,
                visible: *visible,
                marks: marks.and(runemark.as_deref()),
                ready: false,
                only: None,
                down: false,
            },
            Effect::Revive { marks, .. } => Aim {
                friends: true,
                range: super::ANYWHERE,
                visible: false,
                marks: *marks,
                ready: false,
                only: None,
                down: true,
            },
            Effect::FriendBoost { pick, .. }
            | Effect::FriendHeal { pick, .. }
            | Effect::FriendDamage { pick, .. }
            | Effect::FriendCounts { pick, .. }
            | Effect::FriendSetUp { pick, .. }
            | Effect::FriendRelocate { pick, .. }
            | Effect::FriendBonusMove { pick, .. } => Aim::friend(pick, false),
            Effect::ActivateNext { pick, .. } => Aim::friend(pick, true),
            _ => return None,
        })
    }
}

/// REA-1: a reaction's effects after its `trigger`: answers (to the attack, or to its damage
/// once totalled and lethal) in numbers, as a reaction is paid with no dice; and the runemarks
/// that can't make it.
pub(super) fn reaction_fits(trigger: Trigger, after: &[Effect]) -> bool {
    // An answer that depends on this fighter ("if this fighter has the Hero runemark, ...
    // instead") fits when both its branches do.
    let answers: Vec<&Effect> = after
        .iter()
        .filter(|e| !matches!(e, Effect::Requires(Condition::NotMarked(_))))
        // Offered only while the attacker is within range of its weapons: when targeted.
        .filter(|e| {
            let targeted = matches!(
                trigger,
                Trigger::TargetedByMelee | Trigger::TargetedByMissile | Trigger::TargetedByAttack
            );
            !(targeted && matches!(e, Effect::Requires(Condition::AttackerInReach)))
        })
        .flat_map(|e| match e {
            Effect::When {
                then, otherwise, ..
            } => then.iter().chain(otherwise).collect(),
            e => vec![e],
        })
        .collect();
    // The enemy disengaging exposed to the friends' attacks: at that moment only.
    let exposes = |e: &Effect| matches!(e, Effect::ExposePicked { .. });
    // What each moment can answer: the damage totalled, the enemy disengaging, or the attack.
    let at_its_moment = |e: &Effect| match trigger {
        Trigger::LethalMelee => e.answers_damage(),
        Trigger::EnemyDisengages => {
            matches!(e, Effect::StrikeOnRoll { .. } | Effect::ExposePicked { .. })
        }
        // Once the hit rolls are seen, only what turns critical hits into hits.
        Trigger::AfterHitRolls => {
            matches!(e, Effect::CritsSaved { .. } | Effect::CritsAsHits { .. })
        }
        Trigger::TargetedByMelee | Trigger::TargetedByMissile | Trigger::TargetedByAttack => {
            !e.answers_damage()
                && !matches!(
                    e,
                    Effect::StrikeOnRoll { .. }
                        | Effect::ReactBonus { .. }
                        | Effect::ExposePicked { .. }
                )
        }
        // An enemy's move is answered by one bonus action, alone.
        Trigger::EnemyMoved { .. }
        | Trigger::EnemyMovedNearHero { .. }
        | Trigger::AfterMeleeDamage => matches!(e, Effect::ReactBonus { .. }) && answers.len() == 1,
    };
    !answers.is_empty()
        && answers
            .iter()
            .all(|e| (e.in_reaction() || exposes(e)) && e.fixed_amounts() && at_its_moment(e))
}
