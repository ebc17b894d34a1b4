//! Issue 30: what an ability does only when something holds as it is used, what the fighter
//! must have done first, and what follows its next attack, in our own words.

use super::*;
use crate::model::effects::{AttackKind, ReactAct};

fn next(stat: Stat, by: Amount, only: Option<AttackKind>) -> Effect {
    Effect::NextBoost { stat, by, only }
}

#[test]
fn a_value_of_six_raises_that_attack_more() {
    let melee = Some(AttackKind::Melee);
    assert_eq!(
        effects_of(
            "Add 1 to the damage points allocated by each critical hit from the next melee \
             attack action made by this fighter this activation. If the value of this ability \
             is 6, add 1 to the Strength characteristic of that attack action and add 1 to the \
             Attacks characteristic of that attack action."
        ),
        Ok(vec![
            next(Stat::CritDamage, Amount::Fixed(1), melee),
            Effect::When {
                when: Condition::ValueAtLeast(6),
                then: vec![
                    next(Stat::Strength, Amount::Fixed(1), melee),
                    next(Stat::Attacks, Amount::Fixed(1), melee)
                ],
                otherwise: Vec::new(),
            }
        ])
    );
}

#[test]
fn a_bonus_attack_raised_when_hurt_or_by_an_objective() {
    let raised = |by| {
        vec![
            next(Stat::Strength, by, None),
            next(Stat::Attacks, by, None),
        ]
    };
    assert_eq!(
        effects_of(
            "This fighter makes a bonus attack action. Add 2 to the Strength and Attacks \
             characteristics of that attack action if this fighter has 1 or more damage points \
             allocated to them."
        ),
        Ok(vec![
            Effect::BonusAttack,
            Effect::When {
                when: Condition::Damaged(1),
                then: raised(Amount::Fixed(2)),
                otherwise: Vec::new(),
            }
        ])
    );
    assert_eq!(
        effects_of(
            "This fighter makes a bonus attack action. Additionally, if this fighter is within \
             3\" of any objective markers, add half the value of this ability (rounding up) to \
             the Strength and Attacks characteristics of that bonus attack action."
        ),
        Ok(vec![
            Effect::BonusAttack,
            Effect::When {
                when: Condition::NearObjective(3.0),
                then: raised(Amount::HalfValueUp),
                otherwise: Vec::new(),
            }
        ])
    );
}

#[test]
fn a_friend_near_heals_more_instead() {
    let heal = |amount| Effect::Heal { amount };
    assert_eq!(
        effects_of(
            "Remove a number of damage points allocated to this fighter equal to half the value \
             of this ability (rounding up). If this fighter is also within 4\" of a friendly \
             fighter with the Priest runemark, remove a number of damage points allocated to \
             this fighter equal to the value of this ability instead."
        ),
        Ok(vec![Effect::When {
            when: Condition::FriendWithin {
                range: 4.0,
                visible: false,
                runemark: Some("priest".into()),
                marks: Marks::default(),
            },
            then: vec![heal(Amount::Value)],
            otherwise: vec![heal(Amount::HalfValueUp)],
        }])
    );
}

#[test]
fn every_hit_a_critical_hit_and_more_for_a_runemark() {
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, count each hit from melee attack \
             actions made by them as a critical hit instead. In addition, if this fighter has \
             the Brute runemark, add 1 to the Attacks characteristic of melee attack actions \
             made by this fighter this activation."
        ),
        Ok(vec![
            Effect::HitsAsCrits {
                only: Some(AttackKind::Melee)
            },
            Effect::When {
                when: Condition::Marked(Marks::of(&["brute"], &[]).unwrap()),
                then: vec![Effect::Boost {
                    stat: Stat::Attacks,
                    by: Amount::Fixed(1),
                    melee_only: true,
                    missile_only: false,
                }],
                otherwise: Vec::new(),
            }
        ])
    );
}

/// A pick inside a condition stays unread: the fighter is picked as the ability is used.
#[test]
fn a_condition_picks_no_fighter() {
    assert!(
        effects_of(
            "This fighter makes a bonus move action. If this fighter has the Brute runemark, \
             pick a visible enemy fighter within 3\" of this fighter and allocate 2 damage \
             points to that fighter."
        )
        .is_err()
    );
}

#[test]
fn what_the_fighter_must_have_done_first() {
    assert_eq!(
        effects_of(
            "A fighter can use this ability only after making two move actions in the same \
             activation. This fighter makes a bonus move action or a bonus disengage action."
        ),
        Ok(vec![
            Effect::Requires(Condition::MovesMade(2)),
            Effect::BonusMoveOrDisengage
        ])
    );
    assert_eq!(
        effects_of(
            "A fighter can only use this ability if they have made one or more missile attack \
             actions this activation. This fighter makes a bonus move action of a number of \
             inches equal to the value of this ability."
        ),
        Ok(vec![
            Effect::Requires(Condition::ShotThisActivation),
            Effect::BonusMove {
                max: Some(Amount::Value)
            }
        ])
    );
}

#[test]
fn damage_after_the_next_missile_attack() {
    assert_eq!(
        effects_of(
            "After the next missile attack action made by this fighter in this activation, if \
             it scored one or more hits, allocate a number of damage points to each other \
             fighter within 2\" of the target equal to half the value of this ability \
             (rounding up)."
        ),
        Ok(vec![Effect::DamageAfterNextAttack {
            amount: Amount::HalfValueUp,
            only: Some(AttackKind::Missile),
            around: Some(2.0),
        }])
    );
}

#[test]
fn a_disengage_after_a_melee_attacks_damage() {
    assert_eq!(
        effects_of(
            "A fighter can make this reaction after they have been allocated damage points by \
             a melee attack action. This fighter makes a bonus disengage action."
        ),
        Ok(vec![
            Effect::Reaction(Trigger::AfterMeleeDamage),
            Effect::ReactBonus {
                friend: None,
                act: ReactAct::Disengage
            }
        ])
    );
}

#[test]
fn what_the_end_of_a_bonus_move_sets_off() {
    use crate::model::effects::MoveTrigger;
    assert_eq!(
        effects_of(
            "This fighter makes a bonus move action. If this fighter finishes that move action \
             within 1\" of an enemy fighter, pick a visible enemy fighter within 1\" of this \
             fighter. Allocate a number of damage points equal to the value of this ability to \
             that enemy fighter."
        ),
        Ok(vec![
            Effect::BonusMove { max: None },
            Effect::AfterMove {
                trigger: MoveTrigger::BonusNearEnemy(1.0),
                then: vec![Effect::DamageOne {
                    range: 1.0,
                    amount: Amount::Value,
                    roll: None,
                    only: None,
                }],
            }
        ])
    );
    assert_eq!(
        effects_of(
            "This fighter can make a bonus move action. If that move action ends within 2\" of \
             an enemy fighter, add 1 to this fighter's Toughness characteristic for the rest of \
             the battle round."
        ),
        Ok(vec![
            Effect::BonusMove { max: None },
            Effect::AfterMove {
                trigger: MoveTrigger::BonusNearEnemy(2.0),
                then: vec![Effect::RoundBoost {
                    stat: Stat::Toughness,
                    by: Amount::Fixed(1),
                    melee_only: false,
                    aura: None,
                    missile_only: false,
                }],
            }
        ])
    );
}

#[test]
fn more_while_a_marked_friend_is_in_combat() {
    assert_eq!(
        effects_of(
            "Add 1 to the Move characteristic of this fighter until the end of their activation. \
             In addition, if any friendly fighters with both the Stonehold faction runemark and \
             the Hero runemark are within 1\" of any enemy fighters, add 1 to the Attacks \
             characteristic of melee attack actions made by this fighter until the end of their \
             activation."
        ),
        Ok(vec![
            Effect::Boost {
                stat: Stat::Move,
                by: Amount::Fixed(1),
                melee_only: false,
                missile_only: false
            },
            Effect::When {
                when: Condition::FriendEngaged {
                    marks: Marks::of(&["stonehold", "hero"], &[]).unwrap(),
                    range: 1.0
                },
                then: vec![Effect::Boost {
                    stat: Stat::Attacks,
                    by: Amount::Fixed(1),
                    melee_only: true,
                    missile_only: false
                }],
                otherwise: Vec::new(),
            }
        ])
    );
}
