//! The cards' other wordings and the shapes read since the whole community set was tried
//! (issue 30), in words of our own.

use super::super::effects_of;
use crate::model::effects::{Amount, Aura, Condition, Effect, OnSuccess, Restriction, Roll, Stat};

/// Issue 30: the same effects in the other ways the cards word them.
#[test]
fn abl5_the_other_wordings_of_a_next_move_a_condition_and_a_heal() {
    let next_move = Ok(vec![Effect::NextBoost {
        only: None,
        stat: Stat::Move,
        by: Amount::Fixed(3),
    }]);
    for text in [
        "Add 3 to this fighter's Move characteristic for their next move action in this \
         activation.",
        "Add 3 this fighter's Move characteristic for their next move action in this activation.",
    ] {
        assert_eq!(effects_of(text), next_move, "{text}");
    }
    let took_down = Ok(vec![
        Effect::Requires(Condition::TookDownThisActivation),
        Effect::BonusAttack,
    ]);
    for text in [
        "A fighter can use this ability only if an enemy fighter has been taken down by an \
         attack action made by them this activation. This fighter makes a bonus attack action.",
        "A fighter can only use this ability if an enemy fighter has been taken down by an \
         attack action made by this fighter this activation. This fighter makes a bonus attack \
         action.",
    ] {
        assert_eq!(effects_of(text), took_down, "{text}");
    }
    let heal = Ok(vec![Effect::Heal {
        amount: Amount::Value,
    }]);
    for text in [
        "Remove a number of damage points from this fighter up to the value of this ability.",
        "Remove a number of damage points allocated to this fighter up to the value of this \
         ability.",
    ] {
        assert_eq!(effects_of(text), heal, "{text}");
    }
}

/// Issue 30: rolls against a picked enemy: half the value in dice, the damage worded
/// "equal to A to that fighter", and a success that bars the enemy's moves for the round.
#[test]
fn abl5_rolls_against_a_picked_enemy_in_more_of_the_cards_words() {
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 6\" of this fighter and roll a number of dice \
             equal to half the value of this ability (rounding up). For each 4-5, allocate 1 \
             damage point to that fighter. For each 6, allocate a number of damage points \
             equal to the value of this ability to that fighter."
        ),
        Ok(vec![Effect::DamageOne {
            range: 6.0,
            amount: Amount::Fixed(0),
            roll: Some(Roll {
                dice: Amount::HalfValueUp,
                bands: vec![(4, 5, Amount::Fixed(1)), (6, 6, Amount::Value)],
                rolled: Vec::new(),
                upto_round: None
            }),
            only: None,
        }])
    );
    let barred = Ok(vec![Effect::RollAgainst {
        range: 8.0,
        visible: true,
        runemark: None,
        dice: Amount::Fixed(1),
        least: 4,
        then: OnSuccess::Bar(vec![Restriction::Move, Restriction::Disengage]),
    }]);
    for text in [
        "Pick a visible enemy fighter within 8\" of this fighter and roll a dice. On a roll of \
         4+, until the end of the battle round, that fighter cannot make move actions or \
         disengage actions.",
        "Pick a visible enemy fighter within 8\" of this fighter and roll a dice. On a roll of \
         4+, until the end of this battle round, that enemy fighter cannot make move actions \
         or disengage actions.",
        "Pick a visible enemy fighter within 8\" of this fighter and roll a dice. On a 4+, \
         that fighter cannot make move actions or disengage actions until the end of the \
         battle round.",
    ] {
        assert_eq!(effects_of(text), barred, "{text}");
    }
}

/// Issue 30: more damage from each hit and critical hit for the activation.
#[test]
fn abl5_more_damage_from_each_hit_and_critical_hit_for_the_activation() {
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, add 1 to the damage points allocated \
             to enemy fighters by each hit and critical hit from melee attack actions made by \
             this fighter."
        ),
        Ok(vec![
            Effect::Boost {
                stat: Stat::Damage,
                by: Amount::Fixed(1),
                melee_only: true,
                missile_only: false,
            },
            Effect::Boost {
                stat: Stat::CritDamage,
                by: Amount::Fixed(1),
                melee_only: true,
                missile_only: false,
            },
        ])
    );
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, add half the value of this ability \
             (rounding up) to the damage points allocated to enemy fighters by each critical \
             hit from melee attack actions made by this fighter."
        ),
        Ok(vec![Effect::Boost {
            stat: Stat::CritDamage,
            by: Amount::HalfValueUp,
            melee_only: true,
            missile_only: false,
        }])
    );
}

/// Issue 30: a roll for each enemy in reach, each deals its own damage to the fighter rolled
/// for.
#[test]
fn abl5_a_roll_for_each_visible_enemy_in_reach() {
    let each = |bands| {
        Ok(vec![Effect::DamageEach {
            range: 6.0,
            amount: Amount::Fixed(0),
            roll: Some(Roll {
                dice: Amount::Fixed(1),
                bands,
                rolled: Vec::new(),
                upto_round: None,
            }),
            visible: true,
        }])
    };
    assert_eq!(
        effects_of(
            "Roll a dice for each visible enemy fighter within 6\" of this fighter. On a roll of \
             4-5, allocate 1 damage point to the fighter being rolled for. On a roll of 6+, \
             allocate a number of damage points to the fighter being rolled for equal to the \
             value of this ability."
        ),
        each(vec![(4, 5, Amount::Fixed(1)), (6, 6, Amount::Value)])
    );
    assert_eq!(
        effects_of(
            "Roll a dice for each visible enemy fighter within 6\" of this fighter. On a 5+, \
             allocate a number of damage points equal to the value of this ability to the \
             fighter being rolled for."
        ),
        each(vec![(5, 6, Amount::Value)])
    );
}

/// Issue 30: "a fighter can only use this ability if there is a visible enemy fighter within
/// N" of them" (and "if they are within N" of an enemy fighter").
#[test]
fn abl5_a_condition_of_an_enemy_within_reach() {
    let then = Effect::BonusMove { max: None };
    assert_eq!(
        effects_of(
            "A fighter can only use this ability if there is a visible enemy fighter within 6\" \
             of them. This fighter makes a bonus move action."
        ),
        Ok(vec![
            Effect::Requires(Condition::EnemyWithin {
                range: 6.0,
                visible: true
            }),
            then.clone()
        ])
    );
    assert_eq!(
        effects_of(
            "A fighter can only use this ability if they are within 3\" of an enemy fighter. \
             This fighter makes a bonus move action."
        ),
        Ok(vec![
            Effect::Requires(Condition::EnemyWithin {
                range: 3.0,
                visible: false
            }),
            then
        ])
    );
}

/// Issue 30: "until the end of the battle round, subtract 1 from the Attacks characteristic
/// (to a minimum of 1) of attack actions made by enemy fighters while they are within 3" of
/// this fighter".
#[test]
fn abl5_an_aura_lowering_the_attacks_of_enemies_for_the_round() {
    assert_eq!(
        effects_of(
            "Until the end of the battle round, subtract 1 from the Attacks characteristic (to \
             a minimum of 1) of attack actions made by enemy fighters while they are within 3\" \
             of this fighter."
        ),
        Ok(vec![Effect::EnemyAura {
            stat: Stat::Attacks,
            by: Amount::Fixed(1),
            min: 1,
            range: 3.0,
            whose: Default::default(),
        }])
    );
}

/// Issue 30: twice the value, a bonus move of the value's inches, and a sentence begun with
/// "In addition," read as the sentence without it.
#[test]
fn abl5_twice_the_value_a_move_of_the_value_and_in_addition() {
    assert_eq!(
        effects_of(
            "Remove a number of damage points allocated to this fighter up to double the value \
             of this ability."
        ),
        Ok(vec![Effect::Heal {
            amount: Amount::DoubleValue
        }])
    );
    assert_eq!(Amount::DoubleValue.of(4), 8);
    assert_eq!(
        effects_of(
            "This fighter can make a bonus move action up to a number of inches equal to the \
             value of this ability."
        ),
        Ok(vec![Effect::BonusMove {
            max: Some(Amount::Value)
        }])
    );
    assert_eq!(
        effects_of(
            "This fighter makes a bonus move action. In addition, until the end of this \
             fighter's activation, add 1 to the Strength characteristic of melee attack actions \
             made by this fighter."
        ),
        Ok(vec![
            Effect::BonusMove { max: None },
            Effect::Boost {
                stat: Stat::Strength,
                by: Amount::Fixed(1),
                melee_only: true,
                missile_only: false
            }
        ])
    );
}

/// Issue 30: "until the end of the battle round, add 2 to the Move characteristic of friendly
/// fighters while they make a move action that starts within 6" of this fighter"; a Move
/// raised for the friends this fighter can see in its aura is not read (the engine raises a
/// move only by distance).
#[test]
fn abl5_an_aura_raising_the_move_of_friends_that_start_in_it() {
    let read = effects_of(
        "Until the end of the battle round, add 2 to the Move characteristic of friendly \
         fighters while they make a move action that starts within 6\" of this fighter.",
    );
    // The import's check of a whole ability lets it through: it is automated.
    let mut v = crate::model::validate::Validator::default();
    crate::model::effects::validate_ability(read.as_ref().unwrap(), false, "", &mut v);
    assert!(v.is_empty(), "{:?}", v.problems);
    assert_eq!(
        read,
        Ok(vec![Effect::RoundBoost {
            stat: Stat::Move,
            by: Amount::Fixed(2),
            melee_only: false,
            aura: Some(Aura::within(6.0, false)),
            missile_only: false,
        }])
    );
    assert!(
        effects_of(
            "Until the end of the battle round, add 2 to the Move characteristic of visible \
             friendly fighters while they are within 6\" of this fighter."
        )
        .is_err()
    );
}

/// Issue 30: a raise for the next melee (or missile) attack action only.
#[test]
fn abl5_a_raise_for_the_next_melee_or_missile_attack_only() {
    use crate::model::effects::AttackKind;
    assert_eq!(
        effects_of(
            "Add half the value of this ability (rounding up) to the Attacks characteristic of \
             the next missile attack action made by this fighter in this activation."
        ),
        Ok(vec![Effect::NextBoost {
            stat: Stat::Attacks,
            by: Amount::HalfValueUp,
            only: Some(AttackKind::Missile),
        }])
    );
    assert_eq!(
        effects_of(
            "Add the value of this ability to the damage points allocated to enemy fighters by \
             each hit and critical hit from the next melee attack action made by this fighter \
             in this activation."
        ),
        Ok(vec![
            Effect::NextBoost {
                stat: Stat::Damage,
                by: Amount::Value,
                only: Some(AttackKind::Melee),
            },
            Effect::NextBoost {
                stat: Stat::CritDamage,
                by: Amount::Value,
                only: Some(AttackKind::Melee),
            },
        ])
    );
}
