//! Issue 30, ninth session: more of the long tail's wordings, in our own words.

use super::*;
use crate::model::effects::{AttackKind, FriendPick};

#[test]
fn wild_dice_gained_then_a_bonus_move() {
    assert_eq!(
        effects_of(
            "Gain a number of wild dice equal to the value of this ability, then this fighter \
             makes a bonus move action."
        ),
        Ok(vec![
            Effect::SaveWildDice {
                dice: Amount::Value,
                least: 0
            },
            Effect::BonusMove { max: None }
        ])
    );
}

#[test]
fn the_other_side_discards_saved_wild_dice() {
    assert_eq!(
        effects_of(
            "Roll 2 dice. For each roll of 5+, your opponent must discard one wild dice from \
             their saved wild dice."
        ),
        Ok(vec![Effect::DiscardEnemyWildDice {
            dice: Amount::Fixed(2),
            least: 5
        }])
    );
}

/// "Until the end of this fighter's activation" before a raise of its next attack says
/// nothing more: the next attack is this activation's.
#[test]
fn a_next_attack_raised_until_the_end_of_the_activation() {
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, add 2 to the damage points allocated \
             to enemy fighters by each critical hit from the next melee attack action made by \
             this fighter."
        ),
        Ok(vec![Effect::NextBoost {
            stat: Stat::CritDamage,
            by: Amount::Fixed(2),
            only: Some(AttackKind::Melee)
        }])
    );
}

#[test]
fn set_up_far_away_then_a_short_bonus_move_at_a_high_value() {
    assert_eq!(
        effects_of(
            "Remove this fighter from the battlefield, then set them up again on a platform or \
             the battlefield floor and more than 8\" from all enemy fighters. If the value of \
             this ability is 4 or more, this fighter can make a bonus move action of 2\" after \
             they are set up."
        ),
        Ok(vec![
            Effect::Relocate {
                away: Some(8.0),
                floor_only: false,
                less_value: false,
            },
            Effect::When {
                when: Condition::ValueAtLeast(4),
                then: vec![Effect::BonusMove {
                    max: Some(Amount::Fixed(2))
                }],
                otherwise: Vec::new(),
            }
        ])
    );
}

#[test]
fn after_each_attack_its_target_may_be_held() {
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, after each attack action made by this \
             fighter, roll a dice. On a roll of 3+, until the end of the battle round, the \
             target of that attack action cannot make move actions or disengage actions."
        ),
        Ok(vec![Effect::AfterEachAttack {
            least: 3,
            bar: vec![Restriction::Move, Restriction::Disengage]
        }])
    );
}

/// "Made by this fighter and by visible friendly fighters with ...": its own raise, and the
/// others' in the aura (not the fighter again, whatever its runemarks).
#[test]
fn a_raise_for_this_fighter_and_the_marked_friends_round_it() {
    let raise = |aura| Effect::RoundBoost {
        stat: Stat::Strength,
        by: Amount::Fixed(1),
        melee_only: true,
        aura,
        missile_only: false,
    };
    assert_eq!(
        effects_of(
            "Until the end of the battle round, add 1 to the Strength characteristic of melee \
             attack actions made by this fighter and by visible friendly fighters with the \
             Tidecallers faction runemark and either the Agile or Minion runemarks while they \
             are within 5\" of this fighter."
        ),
        Ok(vec![
            raise(None),
            raise(Some(Aura {
                range: 5.0,
                visible: true,
                others: true,
                marks: Marks::of(&["tidecallers"], &["agile", "minion"]).unwrap(),
                not: Marks::default(),
                tough: 0,
                hurt: false,
                ..Aura::default()
            }))
        ])
    );
}

/// ATK-1: an attack with a Range of 3" or less is a melee attack; the cards that say so are
/// read as "melee attack actions".
#[test]
fn a_range_of_three_or_less_is_a_melee_attack() {
    assert_eq!(
        effects_of(
            "Add half the value of the ability (rounding up) to the number of damage points \
             allocated by each critical hit from the next attack action made by this fighter \
             this activation that has a Range characteristic of 3 or less."
        ),
        Ok(vec![Effect::NextBoost {
            stat: Stat::CritDamage,
            by: Amount::HalfValueUp,
            only: Some(AttackKind::Melee)
        }])
    );
    assert_eq!(
        effects_of(
            "Until the end of the battle round, add 1 to the Attacks characteristic of attack \
             actions that have a Range characteristic of 3 or less made by friendly fighters \
             while they are within 4\" of this fighter."
        ),
        Ok(vec![Effect::RoundBoost {
            stat: Stat::Attacks,
            by: Amount::Fixed(1),
            melee_only: true,
            aura: Some(Aura::within(4.0, false)),
            missile_only: false,
        }])
    );
}

/// A bonus attack on the enemy picked, or set up, or near, or with one weapon.
#[test]
fn bonus_attacks_on_one_enemy_or_with_one_weapon() {
    assert_eq!(
        effects_of(
            "Pick an enemy fighter within 2\" of this fighter. Remove that fighter from the \
             battlefield and set them up within 1\" of this fighter. Then, this fighter makes a \
             bonus attack action against that fighter."
        ),
        Ok(vec![
            Effect::SetUpNear {
                range: 2.0,
                visible: false,
                within: 1.0
            },
            Effect::BonusAttackAt {
                range: 2.0,
                visible: false,
                runemark: None,
                only: None,
                melee: false,
            }
        ])
    );
    assert_eq!(
        effects_of(
            "A fighter can use this ability only if they are within 2\" of a visible enemy \
             fighter with the Monster runemark. This fighter can make a bonus attack action \
             that targets that fighter."
        ),
        Ok(vec![Effect::BonusAttackAt {
            range: 2.0,
            visible: true,
            runemark: Some("monster".into()),
            only: None,
            melee: false,
        }])
    );
    assert_eq!(
        effects_of(
            "A fighter can use this ability only if they are within 3\" of an enemy fighter and \
             have made 2 move actions this activation. This fighter makes a bonus attack action \
             with its hammer."
        ),
        Ok(vec![
            Effect::Requires(Condition::EnemyWithin {
                range: 3.0,
                visible: false
            }),
            Effect::Requires(Condition::MovesMade(2)),
            Effect::BonusAttackWith {
                runemark: "hammer".into()
            }
        ])
    );
}

/// How critical hits are scored, against such a target only.
#[test]
fn critical_hits_against_some_targets_only() {
    use crate::model::effects::TargetIs;
    assert_eq!(
        effects_of(
            "While targeting an enemy fighter with a Wounds characteristic of 20 or more, count \
             each hit scored from attack actions made by this fighter as a critical hit instead."
        ),
        Ok(vec![Effect::TargetBoost {
            target: TargetIs::WoundsAtLeast(20),
            then: vec![Effect::HitsAsCrits { only: None }]
        }])
    );
    assert_eq!(
        effects_of(
            "The next attack action made by this fighter this activation scores a critical hit \
             on a 4+ if the target fighter already has 3 or more damage points allocated to \
             them before the attack action is made."
        ),
        Ok(vec![Effect::TargetBoost {
            target: TargetIs::Damaged(3),
            then: vec![Effect::CritOn {
                least: 4,
                only: None,
                next: true
            }]
        }])
    );
}

/// A friend's bonus melee attack, after damage to it too ("if that fighter is not taken down,
/// they can make ...": a friend taken down makes none anyway).
#[test]
fn a_friends_bonus_melee_attack_after_damage_to_it() {
    let pick = FriendPick::new(3.0, true, Marks::default());
    assert_eq!(
        effects_of(
            "Pick a visible friendly fighter within 3\" of this fighter. Allocate 2 damage \
             points to that fighter. If that fighter is not taken down, they can make a bonus \
             melee attack action."
        ),
        Ok(vec![
            Effect::FriendDamage {
                pick,
                amount: Amount::Fixed(2)
            },
            Effect::FriendBonusAttack {
                range: 3.0,
                visible: true,
                runemark: None,
                marks: Marks::default(),
                melee: true,
                weapon: Default::default(),
            }
        ])
    );
}

#[test]
fn a_heal_of_each_marked_friend_in_reach() {
    assert_eq!(
        effects_of(
            "Remove a number of damage points up to the value of this ability allocated to \
             each friendly fighter with both the Stonehold faction runemark and the Destroyer \
             runemark within 6\" of this fighter."
        ),
        Ok(vec![Effect::HealEach {
            range: 6.0,
            visible: false,
            others: false,
            amount: Amount::Value,
            dice: None,
            marks: Marks::of(&["stonehold", "destroyer"], &[]).unwrap(),
        }])
    );
}
