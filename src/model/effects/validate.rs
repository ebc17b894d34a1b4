//! ABL-5, REA-1: an ability's effects fit its kind (a reaction's trigger and answers).

use super::*;

/// ABL-5, REA-1: `effects` fit an ability of their kind: a reaction's begin with its trigger
/// and may answer an attack; an ability paid with dice has neither. Each effect is validated
/// too. Problems go to `v` at `path`.
pub fn validate_ability(
    effects: &[Effect],
    reaction: bool,
    path: &str,
    v: &mut crate::model::validate::Validator,
) {
    for (k, e) in effects.iter().enumerate() {
        e.validate(&format!("{path}[{k}]"), v);
    }
    let trigger = match effects.first() {
        Some(Effect::Reaction(t)) => Some(*t),
        _ => None,
    };
    let answers = &effects[usize::from(trigger.is_some()).min(effects.len())..];
    let fits = match (reaction, trigger) {
        (true, Some(trigger)) => super::family::reaction_fits(trigger, answers),
        (true, None) => false,
        (false, _) => !answers.iter().any(|e| {
            matches!(e, Effect::Reaction(_) | Effect::ReactBonus { .. }) || e.answers_attack()
        }),
    };
    if !fits {
        v.error(
            path,
            if reaction {
                "a reaction's effects are its trigger, `Reaction(TargetedByMelee)`, then at least \
                 one answer to the attack (`CritsAsHits`, `LessDamagePerHit`, \
                 `DamageAttackerPerRoll`, ...) or a `Heal`, with `Fixed` amounts; after \
                 `Reaction(LethalMelee)` only damage to the attacker (`DamageAttackerDice`, \
                 `DamageAttackerOnRoll`); runemarks that can't react as `Requires(NotMarked(..))`"
            } else {
                "only a reaction has a trigger or answers an attack (critical hits as hits, less \
                 damage per hit, damage per hit roll)"
            },
        );
    }
    let nested_ok = effects.iter().all(Effect::nested_ok);
    // The engine raises a friend's Move by where its move starts, not by who sees it.
    let moving_aura = effects.iter().any(|e| {
        matches!(
            e,
            Effect::RoundBoost {
                stat: Stat::Move,
                aura: Some(Aura { visible: true, .. }),
                ..
            }
        )
    });
    if moving_aura {
        v.error(
            path,
            "an aura raising Move reaches friends by distance alone, not by who sees them",
        );
    }
    if !nested_ok {
        v.error(
            path,
            "after a move, an ability can deal damage to one enemy, give a bonus move or attack, \
             or raise the next action; a roll's success gives this fighter bonus actions only; \
             a favoured fighter's effects and a condition's are plain ones; a raise against some targets raises \
             attacks, against a Wounds characteristic or damage of 1 to 60 or a range a card \
             could print",
        );
    }
}

/// Can an ability lower this characteristic until the end of the battle (Move, Attacks)?
fn weakenable(stat: Stat) -> bool {
    matches!(stat, Stat::Move | Stat::Attacks)
}

impl Amount {
    /// A fixed amount of at most `max`, or one from the value (1-6).
    fn within(self, max: u32) -> bool {
        !matches!(self, Amount::Fixed(n) | Amount::ValueAtLeast(n) if n > max)
    }
}

/// A range a card could print: more than 0" and at most 36".
pub(super) fn range_ok(r: f32) -> bool {
    (r.is_finite() && r > 0.0 && r <= 36.0) || r == ANYWHERE || r == VALUE_RANGE
}

/// The effects whose numbers `heal_numbers_ok` checks: heals, picks of friends, bonuses,
/// lowerings and what waits for the next attack.
macro_rules! heal_checked {
    () => {
        Effect::Heal { .. }
            | Effect::HealDice { .. }
            | Effect::HealEach { .. }
            | Effect::HealRolled { .. }
            | Effect::SaveWildDice { .. }
            | Effect::DiscardEnemyWildDice { .. }
            | Effect::MoveByRolls { .. }
            | Effect::SwearOath
            | Effect::Favoured { .. }
            | Effect::RoundGuard { .. }
            | Effect::FriendBoost { .. }
            | Effect::FriendHeal { .. }
            | Effect::FriendDamage { .. }
            | Effect::FriendSetUp { .. }
            | Effect::FriendRelocate { .. }
            | Effect::Revive { .. }
            | Effect::ActivateNext { .. }
            | Effect::ValueAura { .. }
            | Effect::PullPicked { .. }
            | Effect::PullAfterNextAttack { .. }
            | Effect::BarAfterNextAttack { .. }
            | Effect::ForfeitAfterNextAttack { .. }
            | Effect::LowerAfterNextAttack { .. }
            | Effect::LowerAfterScoring { .. }
            | Effect::DamageAfterNextAttack { .. }
            | Effect::CritOn { .. }
            | Effect::NextActionCritOn { .. }
            | Effect::BonusMove { .. }
            | Effect::BonusMoveCloser { .. }
            | Effect::FriendBonusAttack { .. }
            | Effect::FriendBonusMove { .. }
            | Effect::EachFriendBonusMove { .. }
            | Effect::PickedFriendsBonus { .. }
            | Effect::SetUpNear { .. }
            | Effect::Relocate { .. }
            | Effect::LowerPicked { .. }
            | Effect::LowerPerRoll { .. }
            | Effect::ExposePicked { .. }
            | Effect::ExposeAround { .. }
            | Effect::Restrict { .. }
            | Effect::EnemyCritsAsHits { .. }
    };
}

impl Effect {
    /// Its numbers are ones a card could print (ranges up to 36", amounts up to 20, up to
    /// 10 dice, bands of rolls within 1-6); problems go to `v` at `path`.
    pub fn validate(&self, path: &str, v: &mut crate::model::validate::Validator) {
        if let Effect::AfterMove { then, .. } = self {
            for (k, e) in then.iter().enumerate() {
                e.validate(&format!("{path}.then[{k}]"), v);
            }
        }
        if let Effect::RoundBoost { aura: Some(a), .. } = self
            && !range_ok(a.range)
        {
            v.error(path, "an aura's range is more than 0\" and at most 36\"");
        }
        if !self.stat_fits() {
            v.error(
                path,
                "Toughness is raised for the round only; \"melee only\" goes with an attack's \
                 characteristics (Attacks, Strength, damage)",
            );
        }
        if !self.numbers_ok() {
            v.error(
                path,
                "numbers no card prints: ranges are up to 36\", amounts up to 20, dice up to \
                 10 and rolls 1-6",
            );
        }
    }

    /// Are its numbers ones a card could print (the effects it runs after a move are checked
    /// on their own)?
    fn numbers_ok(&self) -> bool {
        match self {
            Effect::DamageOne { .. }
            | Effect::DamageEach { .. }
            | Effect::DamageAround { .. }
            | Effect::DamagePerFriendNear { .. }
            | Effect::DamageAll { .. }
            | Effect::DiceGame { .. }
            | Effect::SelfDamagePerRoll { .. }
            | Effect::RollAgainOn { .. }
            | Effect::DamageNearTarget { .. }
            | Effect::SelfDamage { .. }
            | Effect::CountsExtra { .. }
            | Effect::DamageVsToughness { .. }
            | Effect::DamageWoundsOnRoll { .. } => self.damage_numbers_ok(),
            heal_checked!() => self.heal_numbers_ok(),
            Effect::Boost { by, .. }
            | Effect::NextBoost { by, .. }
            | Effect::RangeBoost { by, .. }
            | Effect::NextHitsAsCrits { n: by, .. }
            | Effect::RoundBoost { by, .. }
            | Effect::BattleBoost { by, .. } => by.within(20),
            Effect::TargetToughnessLess { by, min } => (1..=10).contains(by) && *min <= 6,
            Effect::RangeIs { inches } => inches.within(36) && *inches != Amount::Fixed(0),
            Effect::AfterMove { trigger, .. } => range_ok(trigger.range()),
            Effect::AfterTakedown { then }
            | Effect::PickThenBoost { then, .. }
            | Effect::TargetBoost { then, .. }
            | Effect::NextIfTarget { then, .. }
            | Effect::PerCount { then, .. } => all_ok(then),
            Effect::OnRoll { least, then } => rolled_ok(*least, then),
            Effect::OnRolled { least, then, .. } => rolled_ok(*least, then),
            Effect::RollAgainst { .. }
            | Effect::CritsWeaken { .. }
            | Effect::EnemyAura { .. }
            | Effect::DisengageToll { .. }
            | Effect::DamageAtRoundEnd { .. }
            | Effect::BarEach { .. }
            | Effect::AfterEachAttack { .. } => self.against_numbers_ok(),
            Effect::Requires(_) | Effect::When { .. } | Effect::MarkedRaise { .. } => {
                self.condition_numbers_ok()
            }
            Effect::BonusAttackAt { range, .. } => range_ok(*range),
            super::family::numberless!() => true,
            super::family::reaction_parts!() => self.answer_numbers_ok(),
        }
    }

    /// Are the numbers of a condition (and of what it gives) ones a card could print?
    fn condition_numbers_ok(&self) -> bool {
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
    fn against_numbers_ok(&self) -> bool {
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
                    OnSuccess::FewerActions => true,
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
            Effect::DisengageToll { range, sides, .. } => {
                range_ok(*range) && matches!(sides, 3 | 6)
            }
            Effect::DamageAtRoundEnd { range, amount, .. } => range_ok(*range) && amount.within(20),
            Effect::BarEach { range, actions, .. } => range_ok(*range) && !actions.is_empty(),
            Effect::AfterEachAttack { least, bar } => (1..=6).contains(least) && !bar.is_empty(),
            _ => true,
        }
    }

    /// Are the numbers of damage to one enemy or each (a roll's dice and bands) ones a card
    /// could print?
    fn damage_numbers_ok(&self) -> bool {
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
            Effect::DiceGame { range, game, .. } => range_ok(*range) && game.ok(),
            Effect::DamagePerFriendNear {
                range, per, near, ..
            } => range_ok(*range) && range_ok(*near) && (1..=5).contains(per),
            Effect::CountsExtra { extra } => (1..=5).contains(extra),
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
    fn answer_numbers_ok(&self) -> bool {
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
            Effect::DamageAttackerIf { amount, heal, .. } => {
                (1..=20).contains(amount) && *heal <= 20
            }
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
    fn heal_numbers_ok(&self) -> bool {
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
            Effect::LowerPicked { .. }
            | Effect::LowerPerRoll { .. }
            | Effect::ExposePicked { .. }
            | Effect::ExposeAround { .. }
            | Effect::LowerAfterNextAttack { .. }
            | Effect::LowerAfterScoring { .. } => self.lowering_numbers_ok(),
            Effect::BonusMove { max } | Effect::BonusMoveCloser { max } => {
                max.is_none_or(|a| a.within(36))
            }
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
    fn friend_numbers_ok(&self) -> bool {
        match self {
            Effect::FriendSetUp { pick, within: r } | Effect::FriendRelocate { pick, away: r } => {
                range_ok(pick.range) && range_ok(*r)
            }
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
    fn lowering_numbers_ok(&self) -> bool {
        match self {
            Effect::LowerPicked {
                range,
                by,
                min,
                stat,
                melee_only,
                how,
                ..
            } => {
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
            Effect::LowerAfterNextAttack { stat, by, min } => {
                *stat == Stat::Move && by.within(6) && *min <= 6
            }
            Effect::LowerAfterScoring { stat, by, min } => {
                matches!(stat, Stat::Move | Stat::Toughness) && by.within(6) && *min <= 6
            }
            _ => true,
        }
    }

    /// Does its boost raise a characteristic it can: Toughness only for the round (an
    /// activation's boosts raise the fighter's own actions), melee only for an attack's?
    fn stat_fits(&self) -> bool {
        match self {
            Effect::Boost {
                stat, melee_only, ..
            } => *stat != Stat::Toughness && (!melee_only || stat.of_attacks()),
            Effect::NextBoost { stat, .. } => *stat != Stat::Toughness,
            Effect::RoundBoost {
                stat,
                melee_only,
                missile_only,
                ..
            } => {
                let only = *melee_only || *missile_only;
                !(*melee_only && *missile_only) && (!only || stat.of_attacks())
            }
            _ => true,
        }
    }

    /// Are its amounts all fixed numbers (not the ability's value)?
    pub(super) fn fixed_amounts(&self) -> bool {
        let fixed = |a: &Amount| matches!(a, Amount::Fixed(_));
        match self {
            Effect::CritsAsHits { up_to: a }
            | Effect::LessDamagePerHit { by: a, .. }
            | Effect::DamageAttackerPerRoll { amount: a, .. } => fixed(a),
            _ => true,
        }
    }
}

/// Are the numbers of all of `effects` ones a card could print?
fn all_ok(effects: &[Effect]) -> bool {
    effects.iter().all(Effect::numbers_ok)
}

/// Are a round guard's numbers ones a card could print?
fn guard_ok(guard: &Guard, aura: Option<&Aura>) -> bool {
    aura.is_none_or(|a| range_ok(a.range) && !a.visible)
        && match guard {
            Guard::LessDamage { by, min } => by.within(6) && *min <= 6,
            Guard::CritsAsHits => true,
            // Only friends in an aura: a fighter alone would be out of reach.
            Guard::Untargetable => aura.is_some(),
            Guard::FewerAttacks { by, min, .. } => by.within(6) && *min <= 6,
            Guard::Retaliate {
                dice,
                least,
                damage,
            } => {
                aura.is_none()
                    && (0..=6).contains(dice)
                    && (2..=6).contains(least)
                    && (1..=6).contains(damage)
            }
        }
}

/// A roll's least success and what it does: a face of a dice, and effects whose numbers hold.
fn rolled_ok(least: u8, then: &[Effect]) -> bool {
    (2..=6).contains(&least) && then.iter().all(Effect::numbers_ok)
}
