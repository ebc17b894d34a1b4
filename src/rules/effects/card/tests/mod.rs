//! Wording of our own, in the shapes faction abilities take.

use super::*;
use crate::model::effects::{
    Aura, Condition, Marks, MoveTrigger, OnSuccess, Restriction, Roll, Trigger,
};

#[test]
fn abl5_a_roll_against_one_visible_enemy() {
    let e = effects_of(
        "Pick a visible enemy fighter within 7\" of this fighter and roll a dice. On a roll \
         of 3-5, allocate 2 damage points to that fighter. On a roll of 6, allocate a \
         number of damage points to that fighter equal to the value of this ability.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![Effect::DamageOne {
            range: 7.0,
            amount: Amount::Fixed(0),
            roll: Some(Roll {
                dice: Amount::Fixed(1),
                bands: vec![(3, 5, Amount::Fixed(2)), (6, 6, Amount::Value)],
                rolled: Vec::new(),
                upto_round: None
            }),
            only: None,
        }]
    );
}

#[test]
fn abl5_boosts_bonus_actions_damage_to_each() {
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, add half the value of this \
             ability (rounding up) to the Attacks characteristic of melee attack actions \
             made by this fighter."
        ),
        Ok(vec![Effect::Boost {
            stat: Stat::Attacks,
            by: Amount::HalfValueUp,
            melee_only: true,
            missile_only: false
        }])
    );
    assert_eq!(
        effects_of(
            "This fighter makes a bonus move action. Then, they can make a bonus attack action."
        ),
        Ok(vec![Effect::BonusMove { max: None }, Effect::BonusAttack])
    );
    assert_eq!(
        effects_of(
            "Allocate 2 damage points to each visible enemy fighter within 4\" of this fighter."
        ),
        Ok(vec![Effect::DamageEach {
            range: 4.0,
            amount: Amount::Fixed(2),
            roll: None,
            visible: true
        }])
    );
}

#[test]
fn abl5_a_condition_then_a_choice_of_bonus_action() {
    assert_eq!(
        effects_of(
            "A fighter can only use this ability if an enemy fighter has been taken down \
             by an attack action made by them this activation. This fighter makes a bonus \
             move action or a bonus attack action."
        ),
        Ok(vec![
            Effect::Requires(Condition::TookDownThisActivation),
            Effect::BonusMoveOrAttack
        ])
    );
}

#[test]
fn abl5_an_enemy_picked_then_barred_from_actions() {
    assert_eq!(
        effects_of(
            "Pick an enemy fighter within 12\" of this fighter. Until the end of the battle \
             round, that fighter cannot make move actions."
        ),
        Ok(vec![Effect::Restrict {
            range: 12.0,
            visible: false,
            actions: vec![Restriction::Move],
            only: None,
        }])
    );
}

#[test]
fn abl5_round_boosts_for_this_fighter_and_for_friends_in_an_aura() {
    assert_eq!(
        effects_of(
            "Until the end of the battle round, add 2 to the Toughness characteristic of \
             friendly fighters while they are within 4\" of this fighter."
        ),
        Ok(vec![Effect::RoundBoost {
            stat: Stat::Toughness,
            by: Amount::Fixed(2),
            melee_only: false,
            aura: Some(Aura::within(4.0, false)),
            missile_only: false,
        }])
    );
    assert_eq!(
        effects_of(
            "Until the end of the battle round, add the value of this ability to the \
             Strength characteristic of attack actions made by this fighter."
        ),
        Ok(vec![Effect::RoundBoost {
            stat: Stat::Strength,
            by: Amount::Value,
            melee_only: false,
            aura: None,
            missile_only: false,
        }])
    );
    // Toughness raised for an activation protects nobody: not read.
    assert!(
        effects_of(
            "Until the end of this fighter's activation, add 1 to the Toughness \
             characteristic of this fighter."
        )
        .is_err()
    );
}

#[test]
fn abl5_boosts_for_the_next_action_and_strength_above_toughness() {
    assert_eq!(
        effects_of(
            "Add 2 to the Strength characteristic of the next attack action made by this \
             fighter in this activation."
        ),
        Ok(vec![Effect::NextBoost {
            only: None,
            stat: Stat::Strength,
            by: Amount::Fixed(2)
        }])
    );
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, the Strength characteristic of \
             attack actions made by this fighter counts as being higher than the target's \
             Toughness characteristic."
        ),
        Ok(vec![Effect::StrengthAboveToughness { only: None }])
    );
}

#[test]
fn abl5_effects_set_off_by_a_move_action() {
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, the next time this fighter \
             finishes a move action within 2\" of an enemy fighter, pick a visible enemy \
             fighter within 2\" of this fighter. Allocate 3 damage points to that fighter."
        ),
        Ok(vec![Effect::AfterMove {
            trigger: MoveTrigger::NearEnemy(2.0),
            then: vec![Effect::DamageOne {
                range: 2.0,
                amount: Amount::Fixed(3),
                roll: None,
                only: None
            }]
        }])
    );
    assert_eq!(
        effects_of(
            "This fighter makes a bonus move action. In addition, if the fighter finishes \
             that move action 3\" or more vertically lower than their starting position, \
             they can make a bonus attack action."
        ),
        Ok(vec![
            Effect::BonusMove { max: None },
            Effect::AfterMove {
                trigger: MoveTrigger::DroppedNext(3.0),
                then: vec![Effect::BonusAttack]
            }
        ])
    );
}

#[test]
fn rea1_abl5_a_reaction_to_a_melee_attack_and_its_answers() {
    let trigger = Effect::Reaction(Trigger::TargetedByMelee);
    assert_eq!(
        effects_of(
            "A fighter can make this reaction after they are targeted by a melee attack \
             action but before the hit rolls are made. Count up to three critical hits from \
             that attack action as hits instead."
        ),
        Ok(vec![
            trigger.clone(),
            Effect::CritsAsHits {
                up_to: Amount::Fixed(3)
            }
        ])
    );
    assert_eq!(
        effects_of(
            "A fighter can make this reaction when they are targeted by a melee attack \
             action but before the hit rolls are made. For each hit roll of 1 from that \
             attack action, allocate 3 damage points to the attacking fighter."
        ),
        Ok(vec![
            trigger,
            Effect::DamageAttackerPerRoll {
                least: 1,
                most: 1,
                amount: Amount::Fixed(3)
            }
        ])
    );
}

#[test]
fn abl5_numbers_no_card_prints_are_not_automated() {
    assert_eq!(
        effects_of(
            "Allocate 4000000000 damage points to each visible enemy fighter within 3\" of this fighter."
        ),
        Err("(numbers no card prints)".to_string())
    );
}

#[test]
fn abl5_an_unknown_sentence_is_reported_by_its_shape() {
    assert_eq!(
        effects_of("This fighter makes a bonus move action. It sings 3 songs."),
        Err("it sings N songs".to_string())
    );
}

#[test]
fn abl5_a_friend_with_a_runemark_makes_a_bonus_attack() {
    assert_eq!(
        effects_of(
            "Pick a friendly fighter with the Scout runemark within 5\" of this fighter. That \
             fighter makes a bonus attack action."
        ),
        Ok(vec![Effect::FriendBonusAttack {
            range: 5.0,
            visible: false,
            runemark: Some("scout".into()),
            marks: Default::default(),
            melee: false,
            weapon: Default::default(),
        }])
    );
}

#[test]
fn abl5_a_roll_against_an_enemy_monster_and_a_critical_hit_on_one() {
    assert_eq!(
        effects_of(
            "Pick an enemy monster within 2\" of this fighter and roll 3 dice. For each 5+, \
             subtract 1 from the Move characteristic of that monster (to a minimum of 4) until \
             the end of the battle."
        ),
        Ok(vec![Effect::RollAgainst {
            range: 2.0,
            visible: false,
            runemark: Some("monster".into()),
            dice: Amount::Fixed(3),
            least: 5,
            then: OnSuccess::Weaken {
                stat: Stat::Move,
                min: 4
            }
        }])
    );
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 8\" of this fighter and roll a dice. If a 5+ \
             is rolled on any of the dice, then until the end of the battle round or until this \
             fighter is taken down, attack actions made by that fighter must target this \
             fighter."
        ),
        Ok(vec![Effect::RollAgainst {
            range: 8.0,
            visible: true,
            runemark: None,
            dice: Amount::Fixed(1),
            least: 5,
            then: OnSuccess::Taunt
        }])
    );
    assert_eq!(
        effects_of(
            "If the next attack action made by this fighter this activation that targets an \
             enemy monster scores any critical hits, subtract 2 from the Attacks characteristic \
             (to a minimum of 2) of attack actions made by that monster until the end of the \
             battle."
        ),
        Ok(vec![Effect::CritsWeaken {
            runemark: Some("monster".into()),
            stat: Stat::Attacks,
            by: 2,
            min: 2
        }])
    );
}

#[test]
fn abl5_an_enemy_set_up_near_this_fighter_then_a_roll_against_it() {
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 5\" of this monster. Remove that fighter from \
             the battlefield and set them up within 2\" of this monster. Then, roll 3 dice. For \
             each 4+, allocate 2 damage points to that fighter."
        ),
        Ok(vec![
            Effect::SetUpNear {
                range: 5.0,
                visible: true,
                within: 2.0
            },
            Effect::DamageOne {
                range: 5.0,
                amount: Amount::Fixed(0),
                roll: Some(Roll {
                    dice: Amount::Fixed(3),
                    bands: vec![(4, 6, Amount::Fixed(2))],
                    rolled: Vec::new(),
                    upto_round: None
                }),
                only: None
            }
        ])
    );
}

mod eighteenth;
mod eleventh;
mod fifteenth;
mod fourteenth;
mod late;
mod marks;
mod more;
mod picks;
mod reactions;
mod round;
mod seventeenth;
mod sixteenth;
mod tail;
mod tenth;
mod thirteenth;
mod twelfth;
mod when;
mod wordings;
