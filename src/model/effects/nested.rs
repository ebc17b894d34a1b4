//! ABL-5: the effects nested in others (a favoured fighter's, a condition's, a raise against
//! some targets) are of kinds that may be.

use super::validate::range_ok;
use super::*;

impl Effect {
    /// Are the effects it holds (after a move, on a roll's success, for a favoured fighter)
    /// ones it may hold?
    pub(crate) fn nested_ok(&self) -> bool {
        match self {
            // A favoured fighter's effects or the others: plain effects, none favoured again.
            Effect::Favoured { plain, favoured } => plain
                .iter()
                .chain(favoured)
                .all(|t| !matches!(t, Effect::Favoured { .. } | Effect::Reaction(_))),
            Effect::Either(w) => either_ok(w),
            // What the ability does as it stands when used: plain effects, none conditional.
            Effect::When {
                then, otherwise, ..
            } => {
                !then.is_empty()
                    && then.iter().chain(otherwise).all(|t| {
                        t.nested_ok()
                            && !matches!(
                                t,
                                Effect::Favoured { .. }
                                    | Effect::Reaction(_)
                                    | Effect::When { .. }
                                    | Effect::Requires(_)
                            )
                    })
            }
            // A value is known once the ability is used: only what it does depends on it.
            Effect::Requires(
                Condition::ValueAtLeast(_)
                | Condition::TargetWithin(_)
                | Condition::TargetWoundsAtLeast(_),
            ) => false,
            Effect::PerCount { .. }
            | Effect::NextIfTarget { .. }
            | Effect::TargetBoost { .. }
            | Effect::WithWeapon { .. }
            | Effect::PickThenBoost(crate::model::effects::PickedRaise { .. }) => self.raises_ok(),
            // An enemy taken down gives this fighter bonus actions of its own Move only.
            Effect::AfterTakedown { then, .. } => {
                !then.is_empty()
                    && then.iter().all(|t| {
                        matches!(
                            t,
                            Effect::BonusMove { max: None }
                                | Effect::BonusAttack
                                | Effect::BonusMoveOrAttack
                                | Effect::PlaceToken(..)
                        )
                    })
            }
            // A roll's success gives this fighter bonus actions only.
            Effect::OnRoll { then, .. } => {
                !then.is_empty()
                    && then.iter().all(|t| {
                        matches!(
                            t,
                            Effect::BonusMove { .. }
                                | Effect::BonusAttack
                                | Effect::BonusDisengage
                                | Effect::BonusMoveOrAttack
                                | Effect::BonusMoveOrDisengage
                                | Effect::BonusAttackOf { .. }
                        )
                    })
            }
            Effect::OnRolled { then, .. } => rolled_ok(then),
            Effect::AfterMove { then, .. } => then.iter().all(|t| {
                matches!(
                    t,
                    Effect::DamageOne { .. }
                        | Effect::BonusAttack
                        | Effect::BonusMove { .. }
                        | Effect::NextBoost { .. }
                        | Effect::RoundBoost { aura: None, .. }
                )
            }),
            _ => true,
        }
    }

    /// The raises counted, or against some targets: raises of its attacks only.
    fn raises_ok(&self) -> bool {
        match self {
            Effect::PerCount { count, then } => super::count::counted_ok(count, then),
            Effect::NextIfTarget { target, then } => {
                target_ok(*target)
                    && !then.is_empty()
                    && then.iter().all(|t| match t {
                        Effect::NextBoost { stat, .. } => stat.of_attacks(),
                        // How the next attack scores critical hits, spent by it.
                        Effect::CritOn { next, .. } => *next,
                        _ => false,
                    })
            }
            // A raise against some targets raises its attacks only.
            Effect::TargetBoost { then, target } => target_ok(*target) && attack_raises(then),
            Effect::PickThenBoost(crate::model::effects::PickedRaise { range, then, .. }) => {
                range_ok(*range) && attack_raises(then)
            }
            // Raises of attacks with such weapons (or damage after the next such attack).
            Effect::WithWeapon { marks, then } => {
                !marks.is_none()
                    && (attack_raises(then)
                        || matches!(&then[..], [Effect::DamageAfterNextAttack { .. }]))
            }
            _ => true,
        }
    }
}

/// Either way: some effects as a fighter's, neither a choice, a favour nor a reaction again.
fn either_ok(w: &Ways) -> bool {
    !w.first.is_empty()
        && !w.second.is_empty()
        && w.first.iter().chain(&w.second).all(|t| {
            t.nested_ok()
                && !matches!(
                    t,
                    Effect::Either(_) | Effect::Favoured { .. } | Effect::Reaction(_)
                )
        })
}

/// Are they raises of its attacks, and some?
fn attack_raises(then: &[Effect]) -> bool {
    !then.is_empty()
        && then.iter().all(|t| match t {
            Effect::Boost { stat, .. }
            | Effect::NextBoost { stat, .. }
            | Effect::RoundBoost { stat, .. } => stat.of_attacks(),
            Effect::CritOn { .. } | Effect::HitsAsCrits { .. } | Effect::NextHitsAsCrits { .. } => {
                true
            }
            _ => false,
        })
}

/// Are a target's numbers ones a card could print?
fn target_ok(target: TargetIs) -> bool {
    match target {
        TargetIs::WoundsAtLeast(w) | TargetIs::Damaged(w) => (1..=60).contains(&w),
        TargetIs::FartherThan(r) => range_ok(r),
        TargetIs::Flies | TargetIs::NotActivated | TargetIs::Activated | TargetIs::Bigger => true,
        // Named when an ability picks it, never in a card.
        TargetIs::Fighter(_) => false,
    }
}

/// What the same dice may do besides (`OnRolled`): to the enemy picked, or this fighter taken
/// down.
fn rolled_ok(then: &[Effect]) -> bool {
    !then.is_empty()
        && then.iter().all(|t| {
            matches!(
                t,
                Effect::Restrict { .. }
                    | Effect::NextBoost { .. }
                    | Effect::BonusAttackAt { .. }
                    | Effect::DamageOne { roll: None, .. }
                    | Effect::Heal { .. }
                    | Effect::SelfTakenDown
                    | Effect::LowerPicked(crate::model::effects::PickedLowering {
                        how: super::Lowering::Halve,
                        ..
                    })
            )
        })
}
