//! ABL-5: the numbers of each family's effects are ones a card could print (ranges up to
//! 36", amounts up to 20, rolls of a dice), as [`Effect::validate`] asks.

use super::validate::{all_ok, guard_ok, range_ok, weakenable};
use super::*;

impl Effect {
    /// Are the numbers of a condition (and of what it gives) ones a card could print?
    pub(super) fn condition_numbers_ok(&self) -> bool {
        match self {
            Effect::Requires(c) => c.numbers_ok(),
            Effect::When {
                when,
                then,
                otherwise,
            } => when.numbers_ok() && all_ok(then) && all_ok(otherwise),
            Effect::MarkedRaise {
                raise: MarkedRaise::Value { add, max },
                ..
            } => (1..=6).contains(add) && (2..=12).contains(max),
            Effect::MarkedRaise {
                raise: MarkedRaise::Range(by),
                ..
            } => by.within(12),
            _ => true,
        }
    }

    /// Are the numbers of a roll against an enemy, a weakening or an enemy aura ones a card
    /// could print?
    pub(super) fn against_numbers_ok(&self) -> bool {
        match self {
            Effect::RollAgainst {
                range,
                dice,
                least,
                then,
                ..
            } => {
                let weakens = match then {
                    OnSuccess::Weaken { stat, min } => weakenable(*stat) && *min <= 20,
                    OnSuccess::Taunt => true,
                    OnSuccess::Bar(actions) => !actions.is_empty(),
                    OnSuccess::FewerActions | OnSuccess::FewerNextActivation => true,
                    OnSuccess::Damage(n) => (1..=20).contains(n),
                };
                range_ok(*range) && dice.within(10) && (1..=6).contains(least) && weakens
            }
            Effect::CritsWeaken { stat, by, min, .. } => {
                weakenable(*stat) && (1..=20).contains(by) && *min <= 20
            }
            Effect::EnemyAura {
                stat,
                by,
                min,
                range,
                ..
            } => weakenable(*stat) && by.within(20) && *min <= 20 && range_ok(*range),
            Effect::ImpactAround { range } => range_ok(*range),
            Effect::DisengageToll { range, sides, .. } => {
                range_ok(*range) && matches!(sides, 3 | 6)
            }
            Effect::DamageAtRoundEnd { range, amount, .. } => range_ok(*range) && amount.within(20),
            Effect::BarEach(crate::model::effects::Barring { range, actions, .. }) => {
                range_ok(*range) && !actions.is_empty()
            }
            Effect::AfterEachAttack { least, bar } => (1..=6).contains(least) && !bar.is_empty(),
            _ => true,
        }
    }

    /// Are the numbers of damage to one enemy or each (a roll's dice and bands) ones a card
    /// could print?
    pub(super) fn damage_numbers_ok(&self) -> bool {
        match self {
            Effect::DamageAround {
                range,
                around,
                roll,
            } => range_ok(*range) && range_ok(*around) && roll.dice == Amount::Fixed(1),
            Effect::DamageVsToughness {
                range, dice, each, ..
            } => range_ok(*range) && dice.within(10) && (1..=20).contains(each),
            Effect::DamageNearTarget { around, dice } => {
                range_ok(*around) && dice.is_none_or(|d| d.within(10))
            }
            Effect::DamageWoundsOnRoll { dice, face, .. } => {
                dice.within(10) && (1..=6).contains(face)
            }
            Effect::DamageAll { range, amount } => range_ok(*range) && amount.within(20),
            Effect::DamageAtPoint(PointDamage {
                within,
                around,
                amount,
                roll,
            }) => {
                range_ok(*within)
                    && range_ok(*around)
                    && amount.within(20)
                    && roll.as_ref().is_none_or(|r| r.dice.within(10))
            }
            Effect::DiceGame { range, game, .. } => range_ok(*range) && game.ok(),
            Effect::DamagePerFriendNear {
                range, per, near, ..
            } => range_ok(*range) && range_ok(*near) && (1..=5).contains(per),
            Effect::CountsExtra { extra } => (1..=5).contains(extra),
            Effect::EachCounts { aura, extra } => range_ok(aura.range) && (1..=5).contains(extra),
            Effect::SelfDamage { amount, dice } => {
                amount.within(20) && dice.is_none_or(|d| d == 3 || d == 6)
            }
            Effect::RollAgainOn { face } => (2..=6).contains(face),
            Effect::SelfDamagePerRoll {
                least,
                most,
                amount,
            } => {
                (1..=6).contains(least) && (*least..=6).contains(most) && (1..=20).contains(amount)
            }
            Effect::DamageOne {
                range,
                amount,
                roll,
                ..
            }
            | Effect::DamageEach {
                range,
                amount,
                roll,
                ..
            } => {
                range_ok(*range)
                    && amount.within(20)
                    && roll.as_ref().is_none_or(|r| {
                        let band = |l: &u8, m: &u8| (1..=6).contains(l) && (*l..=6).contains(m);
                        r.dice.within(10)
                            && r.bands.iter().all(|(l, m, a)| band(l, m) && a.within(20))
                            && r.rolled
                                .iter()
                                .all(|(l, m, sides)| band(l, m) && [3, 6].contains(sides))
                            && r.upto_round.is_none_or(|a| a.within(20))
                    })
            }
            _ => true,
        }
    }

    /// Are the numbers of a reaction's answer to an attack ones a card could print?
    pub(super) fn answer_numbers_ok(&self) -> bool {
        match self {
            Effect::CritsAsHits { up_to: by } | Effect::LessDamagePerHit { by, .. } => {
                by.within(20)
            }
            Effect::DamageAttackerPerRoll {
                least,
                most,
                amount,
            } => (1..=6).contains(least) && (*least..=6).contains(most) && amount.within(20),
            Effect::DamageAttackerPerHit { hit, crit } => *hit <= 20 && *crit <= 20,
            Effect::DamageAroundPerRoll {
                face,
                amount,
                range,
            } => (1..=6).contains(face) && (1..=20).contains(amount) && (0.5..=6.0).contains(range),
            Effect::DamageAttackerPerCrit { least, amount } => {
                (2..=6).contains(least) && (1..=20).contains(amount)
            }
            Effect::DamageAttackerIf(crate::model::effects::AttackerIf {
                amount, heal, ..
            }) => (1..=20).contains(amount) && *heal <= 20,
            Effect::FewerAttackDice { by, min } => (1..=10).contains(by) && *min <= 10,
            Effect::ToughnessThisAttack { by } => (1..=10).contains(by),
            Effect::ReactBonus { friend, act } => {
                let away = match act {
                    super::ReactAct::GetAway { beyond } => (1..=12).contains(beyond),
                    _ => true,
                };
                away && friend.as_ref().is_none_or(|p| range_ok(p.range))
            }
            Effect::Reaction(
                Trigger::EnemyMoved { within, .. } | Trigger::EnemyMovedNearHero { within },
            ) => (1..=12).contains(within),
            Effect::DamageAttackerDice { sides } => matches!(sides, 3 | 6),
            Effect::CritsSaved { least } => (2..=6).contains(least),
            Effect::StrikeOnRoll { least, sides } => {
                (1..=6).contains(least) && matches!(sides, 3 | 6)
            }
            Effect::DamageAttackerOnRoll { least, amount } => {
                (2..=6).contains(least) && (1..=20).contains(amount)
            }
            Effect::DamageAttackerPerMiss { amount } | Effect::MoreCritDamage { by: amount } => {
                (1..=20).contains(amount)
            }
            _ => true,
        }
    }

    /// Are the numbers of the heal, guard and friend families (and of bonus moves, a critical
    /// roll, a friend's bonus attack, a set-up) ones a card could print?
    pub(super) fn heal_numbers_ok(&self) -> bool {
        match self {
            Effect::FriendBonusAttack { range, .. }
            | Effect::Restrict { range, .. }
            | Effect::EnemyCritsAsHits { range, .. } => range_ok(*range),
            Effect::FriendBonusMove { pick, .. } => range_ok(pick.range),
            Effect::EachFriendBonusMove { aura, .. } => range_ok(aura.range),
            Effect::PickedFriendsBonus {
                aura, up_to, max, ..
            } => range_ok(aura.range) && up_to.within(10) && max.is_none_or(|m| m.within(12)),
            Effect::SetUpNear { range, within, .. } => range_ok(*range) && range_ok(*within),
            Effect::Relocate { away, .. } => away.is_none_or(range_ok),
            Effect::LowerPicked(_)
            | Effect::LowerPerRoll { .. }
            | Effect::ExposePicked { .. }
            | Effect::ExposeAround { .. }
            | Effect::LowerAfterNextAttack(crate::model::effects::TargetLowering { .. })
            | Effect::LowerAfterScoring { .. } => self.lowering_numbers_ok(),
            Effect::BonusMove { max } | Effect::BonusMoveCloser { max } => {
                max.is_none_or(|a| a.within(36))
            }
            Effect::FlyingBonusMove { max } => max.within(36),
            Effect::DamageAfterNextAttack { amount, around, .. } => {
                amount.within(20) && around.is_none_or(range_ok)
            }
            Effect::CritOn { least, .. } | Effect::NextActionCritOn { least, .. } => {
                (2..=5).contains(least)
            }
            Effect::HealRolled { dice, least, each } => {
                dice.within(10) && (1..=6).contains(least) && (1..=20).contains(each)
            }
            Effect::SaveWildDice { dice, least } => dice.within(10) && *least <= 6,
            Effect::DiscardEnemyWildDice { dice, least } => {
                dice.within(10) && (2..=6).contains(least)
            }
            Effect::MoveByRolls { dice, down_to } => dice.within(10) && (1..=5).contains(down_to),
            Effect::Favoured { plain, favoured } => {
                plain.iter().chain(favoured).all(|e| e.numbers_ok())
            }
            Effect::FriendSetUp { .. }
            | Effect::FriendRelocate { .. }
            | Effect::FriendBoost { .. }
            | Effect::FriendDamage { .. }
            | Effect::FriendCounts { .. }
            | Effect::FriendHeal { .. }
            | Effect::ActivateNext { .. }
            | Effect::Revive { .. } => self.friend_numbers_ok(),
            Effect::PullPicked { range, inches, .. } => range_ok(*range) && inches.within(12),
            Effect::PullAfterNextAttack { inches, .. } => inches.within(12),
            Effect::BarAfterNextAttack { actions, .. } => !actions.is_empty(),
            Effect::ForfeitAfterNextAttack { instead } => (1..=10).contains(instead),
            Effect::ValueAura {
                range, by, bound, ..
            } => range_ok(*range) && by.within(6) && (1..=6).contains(bound),
            Effect::Heal { amount } => amount.within(20),
            Effect::HealDice { sides } => matches!(sides, 3 | 6),
            Effect::RoundGuard { guard, aura } => guard_ok(guard, aura.as_ref()),
            Effect::HealEach {
                range,
                amount,
                dice,
                ..
            } => range_ok(*range) && amount.within(20) && dice.is_none_or(|d| d == 3 || d == 6),
            _ => true,
        }
    }

    /// Are the numbers of an effect for a friend ones a card could print?
    pub(super) fn friend_numbers_ok(&self) -> bool {
        match self {
            Effect::FriendSetUp {
                pick, within: r, ..
            }
            | Effect::FriendRelocate { pick, away: r } => range_ok(pick.range) && range_ok(*r),
            Effect::FriendBoost { pick, by, .. } | Effect::FriendDamage { pick, amount: by } => {
                range_ok(pick.range) && by.within(20)
            }
            Effect::FriendHeal {
                pick,
                amount,
                dice,
                per_roll,
            } => {
                range_ok(pick.range)
                    && amount.within(20)
                    && dice.is_none_or(|d| d == 3 || d == 6)
                    && per_roll.is_none_or(|(n, least)| n.within(10) && (2..=6).contains(&least))
            }
            Effect::ActivateNext { pick, .. } => range_ok(pick.range),
            Effect::FriendCounts { pick, extra } => range_ok(pick.range) && (1..=5).contains(extra),
            Effect::Revive {
                place, heal, roll, ..
            } => {
                range_ok(place.inches())
                    && heal.is_none_or(|h| h.within(20))
                    && roll.is_none_or(|l| (2..=6).contains(&l))
            }
            _ => true,
        }
    }

    /// Are the numbers of a lowering of an enemy ones a card could print?
    pub(super) fn lowering_numbers_ok(&self) -> bool {
        match self {
            Effect::LowerPicked(crate::model::effects::PickedLowering {
                range,
                by,
                min,
                stat,
                melee_only,
                how,
                ..
            }) => {
                let melee_ok = !melee_only || matches!(stat, Stat::Attacks | Stat::Strength);
                // Only a Move or a Toughness is halved; halved or rolled, `by` is nothing.
                let how_ok = match how {
                    super::Lowering::By => true,
                    super::Lowering::Halve => {
                        matches!(stat, Stat::Move | Stat::Toughness) && !melee_only
                    }
                    super::Lowering::Roll => !melee_only,
                };
                let by_ok = how.is_by() || *by == super::Amount::Fixed(0);
                range_ok(*range) && by.within(6) && *min <= 6 && melee_ok && how_ok && by_ok
            }
            Effect::LowerPerRoll {
                least,
                most,
                stat,
                min,
                ..
            } => {
                (1..=6).contains(least)
                    && (*least..=6).contains(most)
                    && *min <= 6
                    && *stat != Stat::Damage
            }
            Effect::ExposeAround {
                range, stat, by, ..
            }
            | Effect::ExposePicked {
                range, stat, by, ..
            } => {
                range_ok(*range) && by.within(6) && *stat != Stat::Move && *stat != Stat::Toughness
            }
            Effect::LowerAfterNextAttack(l) => {
                l.stat == Stat::Move && l.by.within(6) && l.min <= 6 && l.least <= 6
            }
            Effect::LowerAfterScoring { stat, by, min } => {
                matches!(stat, Stat::Move | Stat::Toughness) && by.within(6) && *min <= 6
            }
            _ => true,
        }
    }
}
