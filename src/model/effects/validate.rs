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
pub(super) fn weakenable(stat: Stat) -> bool {
    matches!(stat, Stat::Move | Stat::Attacks)
}

impl Amount {
    /// A fixed amount of at most `max`, or one from the value (1-6).
    pub(super) fn within(self, max: u32) -> bool {
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
            | Effect::FriendCounts { .. }
            | Effect::FriendSetUp { .. }
            | Effect::FriendRelocate { .. }
            | Effect::Revive { .. }
            | Effect::ActivateNext { .. }
            | Effect::ValueAura { .. }
            | Effect::PullPicked { .. }
            | Effect::PullAfterNextAttack { .. }
            | Effect::BarAfterNextAttack { .. }
            | Effect::ForfeitAfterNextAttack { .. }
            | Effect::LowerAfterNextAttack(crate::model::effects::TargetLowering { .. })
            | Effect::LowerAfterScoring { .. }
            | Effect::DamageAfterNextAttack { .. }
            | Effect::CritOn { .. }
            | Effect::NextActionCritOn { .. }
            | Effect::BonusMove { .. }
            | Effect::FlyingBonusMove { .. }
            | Effect::BonusMoveCloser { .. }
            | Effect::FriendBonusAttack { .. }
            | Effect::GangUp(_)
            | Effect::FriendBonusMove { .. }
            | Effect::EachFriendBonusMove { .. }
            | Effect::PickedFriendsBonus { .. }
            | Effect::SetUpNear { .. }
            | Effect::Relocate { .. }
            | Effect::LowerPicked(_)
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
    pub(super) fn numbers_ok(&self) -> bool {
        match self {
            Effect::RollDice(dice) => dice.within(10),
            Effect::Either(w) => {
                w.discard <= 3 && w.first.iter().chain(&w.second).all(Effect::numbers_ok)
            }
            Effect::DamageOne { .. }
            | Effect::DamageEach { .. }
            | Effect::DamageAround { .. }
            | Effect::DamageAtPoint(_)
            | Effect::DamagePerFriendNear { .. }
            | Effect::DamageAll { .. }
            | Effect::DiceGame { .. }
            | Effect::SelfDamagePerRoll { .. }
            | Effect::RollAgainOn { .. }
            | Effect::DamageNearTarget { .. }
            | Effect::SelfDamage { .. }
            | Effect::CountsExtra { .. }
            | Effect::EachCounts { .. }
            | Effect::DamageVsToughness { .. }
            | Effect::DamageWoundsOnRoll { .. } => self.damage_numbers_ok(),
            heal_checked!() => self.heal_numbers_ok(),
            Effect::Boost { by, .. }
            | Effect::NextBoost { by, .. }
            | Effect::RangeBoost { by, .. }
            | Effect::NextHitsAsCrits { n: by, .. }
            | Effect::RoundBoost { by, .. }
            | Effect::BattleBoost { by, .. }
            | Effect::GroupBoost { by, .. } => by.within(20),
            Effect::StartRaise { aura, by, .. } => range_ok(aura.range) && by.within(6),
            Effect::TargetToughnessLess { by, min } => (1..=10).contains(by) && *min <= 6,
            Effect::Survive { remove, dice } => {
                (1..=6).contains(remove) && dice.is_none_or(|d| d == 3 || d == 6)
            }
            Effect::RangeIs { inches } => inches.within(36) && *inches != Amount::Fixed(0),
            Effect::AfterMove { trigger, .. } => range_ok(trigger.range()),
            Effect::AfterTakedown { then, .. }
            | Effect::PickThenBoost(crate::model::effects::PickedRaise { then, .. })
            | Effect::TargetBoost { then, .. }
            | Effect::WithWeapon { then, .. }
            | Effect::NextIfTarget { then, .. }
            | Effect::PerCount { then, .. } => all_ok(then),
            Effect::OnRoll { least, then } => rolled_ok(*least, then),
            Effect::OnRolled { least, then, .. } => rolled_ok(*least, then),
            Effect::RollAgainst { .. }
            | Effect::CritsWeaken { .. }
            | Effect::EnemyAura { .. }
            | Effect::DisengageToll { .. }
            | Effect::DamageAtRoundEnd { .. }
            | Effect::ImpactAround { .. }
            | Effect::BarEach(_)
            | Effect::AfterEachAttack { .. } => self.against_numbers_ok(),
            Effect::Requires(_) | Effect::When { .. } | Effect::MarkedRaise { .. } => {
                self.condition_numbers_ok()
            }
            Effect::BonusAttackAt { range, .. } => range_ok(*range),
            Effect::BarSelf(actions) => !actions.is_empty(),
            super::family::numberless!() => true,
            super::family::reaction_parts!() => self.answer_numbers_ok(),
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
pub(super) fn all_ok(effects: &[Effect]) -> bool {
    effects.iter().all(Effect::numbers_ok)
}

/// Are a round guard's numbers ones a card could print?
pub(super) fn guard_ok(guard: &Guard, aura: Option<&Aura>) -> bool {
    // An aura of 0" is the fighter alone, while a friend is near it.
    let alone = |a: &Aura| a.range == 0.0 && !a.others && a.near.is_some();
    let near_ok = |a: &Aura| a.near.is_none_or(|n| range_ok(n.range));
    aura.is_none_or(|a| (range_ok(a.range) || alone(a)) && near_ok(a) && !a.visible)
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
pub(super) fn rolled_ok(least: u8, then: &[Effect]) -> bool {
    (2..=6).contains(&least) && then.iter().all(Effect::numbers_ok)
}
