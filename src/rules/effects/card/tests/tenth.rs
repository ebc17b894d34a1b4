//! Issue 30, tenth session: more of the long tail's wordings, in our own words.

use super::*;

/// MOVE-7 with ABL-5: flight for the activation that may rise only so far, with a raise of
/// Move in front.
#[test]
fn move7_flight_that_rises_no_more_than_n() {
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, they can fly when making move actions; \
             however, when flying, they cannot move vertically upwards more than 2\"."
        ),
        Ok(vec![Effect::FlyRisingAtMost { up: 2 }])
    );
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, add 2 to their Move characteristic, and \
             they can fly when making move actions; however, when flying, they cannot move \
             vertically upwards of more than 4\"."
        ),
        Ok(vec![
            Effect::Boost {
                stat: Stat::Move,
                by: Amount::Fixed(2),
                melee_only: false,
                missile_only: false
            },
            Effect::FlyRisingAtMost { up: 4 }
        ])
    );
}

/// DIS-1 with ABL-5: a toll on enemies disengaging from near this fighter for the round,
/// before they move away or after; and the reaction striking one within 1" as it disengages.
#[test]
fn dis1_tolls_on_disengaging() {
    assert_eq!(
        effects_of(
            "Until the end of the battle round, each time an enemy fighter within 4\" of this \
             fighter makes a disengage action but before that fighter moves away, allocate D3 \
             damage points to that fighter."
        ),
        Ok(vec![Effect::DisengageToll {
            range: 4.0,
            sides: 3,
            before: true
        }])
    );
    assert_eq!(
        effects_of(
            "Until the end of the battle round, after an enemy fighter makes a disengage action \
             that began within 2\" of this fighter, allocate D6 damage points to that fighter."
        ),
        Ok(vec![Effect::DisengageToll {
            range: 2.0,
            sides: 6,
            before: false
        }])
    );
    assert_eq!(
        effects_of(
            "After a visible enemy fighter within 1\" of this fighter makes a disengage action, \
             allocate D6 damage points to that fighter."
        ),
        Ok(vec![
            Effect::Reaction(crate::model::effects::Trigger::EnemyDisengages),
            Effect::StrikeOnRoll { least: 1, sides: 6 }
        ])
    );
}

/// ABL-5: Move changed for the activation by each roll, down then up.
#[test]
fn move_by_rolls() {
    assert_eq!(
        effects_of(
            "Roll a number of dice equal to the value of this ability. Until the end of this \
             fighter's activation, for each roll of 1, subtract 1 from this fighter's Move \
             characteristic (to a minimum of 1), then for each roll of 2+, add 1 to this \
             fighter's Move characteristic."
        ),
        Ok(vec![Effect::MoveByRolls {
            dice: Amount::Value,
            down_to: 1
        }])
    );
}

/// ABL-5: once per battle, and each fighter picked once per round; a bonus attack with the
/// weapon that has a runemark.
#[test]
fn once_per_battle_and_per_round_per_target() {
    use crate::model::effects::Condition;
    assert_eq!(
        effects_of(
            "A fighter can only use this ability once per battle. This fighter makes a bonus \
             attack action that has the Spear runemark."
        ),
        Ok(vec![
            Effect::Requires(Condition::OncePerBattle),
            Effect::BonusAttackWith {
                runemark: "spear".into()
            }
        ])
    );
    let read = effects_of(
        "Pick a visible enemy fighter within 4\" of this fighter. Until the end of the battle \
         round, subtract 1 from the Attacks characteristic (to a minimum of 1) of attack \
         actions made by that fighter. A fighter can only be targeted once per battle round by \
         this ability.",
    )
    .unwrap();
    assert_eq!(
        read.last(),
        Some(&Effect::Requires(Condition::OncePerRoundPerTarget))
    );
}

/// ABL-5: damage to a picked enemy counted by the friends with runemarks round it.
#[test]
fn damage_counted_by_the_friends_round_the_enemy() {
    use crate::model::effects::{ANYWHERE, Marks};
    assert_eq!(
        effects_of(
            "Choose an enemy fighter that is visible to this fighter. Allocate a number of damage \
             points to that enemy fighter equal to twice the number of friendly fighters with \
             the Hunter runemark within 2\" of them."
        ),
        Ok(vec![Effect::DamagePerFriendNear {
            range: ANYWHERE,
            per: 2,
            marks: Marks::of(&["hunter"], &[]).unwrap(),
            near: 2.0
        }])
    );
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 9\" of this fighter. Allocate a number of damage \
             points to that enemy fighter equal to three times the number of friendly fighters \
             with both the Hunter runemark and the Beast runemark within 3\" of them."
        ),
        Ok(vec![Effect::DamagePerFriendNear {
            range: 9.0,
            per: 3,
            marks: Marks::of(&["hunter", "beast"], &[]).unwrap(),
            near: 3.0
        }])
    );
}

/// REA-1: "when an enemy fighter ends their move action visible to this fighter and within N\""
/// is the moment an enemy finishes a move near it; a friend sent to engage the mover.
#[test]
fn rea1_an_enemy_ending_its_move_near_sends_a_friend_in() {
    use crate::model::effects::{ReactAct, Trigger};
    let e = effects_of(
        "A fighter can make this reaction when an enemy fighter ends their move action visible \
         to this fighter and within 4\" of this fighter. Pick another friendly fighter within 4\" \
         of this fighter. That fighter makes a bonus move action. After that move action that \
         fighter must be within 1\" of the enemy fighter that made the move action.",
    )
    .unwrap();
    assert_eq!(
        e[0],
        Effect::Reaction(Trigger::EnemyMoved {
            within: 4,
            visible: true
        })
    );
    assert!(matches!(
        e[1],
        Effect::ReactBonus {
            friend: Some(_),
            act: ReactAct::Engage
        }
    ));
}

/// ABL-5: "... only if they are within N\" of an obstacle".
#[test]
fn near_an_obstacle() {
    assert_eq!(
        effects_of(
            "A fighter can only use this ability if they are within 2\" of an obstacle. This \
             fighter makes a bonus move action."
        ),
        Ok(vec![
            Effect::Requires(crate::model::effects::Condition::NearObstacle(2.0)),
            Effect::BonusMove { max: None }
        ])
    );
}

/// ABL-5, CMB-2: a number of friends picked, each making a bonus action.
#[test]
fn picked_friends_each_make_a_bonus_action() {
    use crate::model::effects::{ANYWHERE, Aura, Marks};
    assert_eq!(
        effects_of(
            "Pick up to 2 visible friendly fighters with the Hunter runemark. Those fighters can \
             each immediately make a bonus move action of up to 4\"."
        ),
        Ok(vec![Effect::PickedFriendsBonus {
            aura: Aura {
                range: ANYWHERE,
                visible: true,
                others: true,
                marks: Marks::of(&["hunter"], &[]).unwrap(),
                not: Marks::default(),
                tough: 0,
                hurt: false,
                ..Aura::default()
            },
            up_to: Amount::Fixed(2),
            or_attack: false,
            max: Some(Amount::Fixed(4))
        }])
    );
    assert_eq!(
        effects_of(
            "Pick a number of visible friendly fighters equal to half the value of this ability \
             (rounding up) within 5\" of this fighter. Those fighters can each make a bonus move \
             action or a bonus attack action (some can make a bonus move action and others can \
             make a bonus attack action)."
        ),
        Ok(vec![Effect::PickedFriendsBonus {
            aura: Aura {
                others: true,
                ..Aura::within(5.0, true)
            },
            up_to: Amount::HalfValueUp,
            or_attack: true,
            max: None
        }])
    );
}

/// ABL-5: a raise of the next melee attack on an enemy that has activated this round.
#[test]
fn raise_against_an_enemy_that_has_activated() {
    use crate::model::effects::{AttackKind, Stat, TargetIs};
    let next = |stat| Effect::NextBoost {
        stat,
        by: Amount::Fixed(1),
        only: Some(AttackKind::Melee),
    };
    assert_eq!(
        effects_of(
            "Add 1 to the damage points allocated to enemy fighters by each hit and critical hit \
             from the next melee attack action made by this fighter in this activation that \
             targets an enemy fighter that has activated this battle round."
        ),
        Ok(vec![Effect::TargetBoost {
            target: TargetIs::Activated,
            then: vec![next(Stat::Damage), next(Stat::CritDamage)]
        }])
    );
}

/// ABL-5: "only if within N\" of a visible friendly fighter with the X runemark" then a heal of
/// "that fighter": the pick of such a friend.
#[test]
fn a_condition_naming_the_friend_healed() {
    let e = effects_of(
        "A fighter can only use this ability if they are within 2\" of a visible friendly \
         fighter with the Priest runemark. Remove a number of damage points allocated to that \
         fighter up to the value of this ability.",
    )
    .unwrap();
    let [Effect::FriendHeal { pick, amount, .. }] = &e[..] else {
        panic!("a friend's heal: {e:?}");
    };
    assert_eq!(
        (pick.range, pick.visible, *amount),
        (2.0, true, Amount::Value)
    );
    assert!(pick.marks().fit(|m| m == "priest"));
}

/// ABL-5: damage to this fighter and to every fighter, friend or foe, it can see round it.
#[test]
fn damage_to_all_round_it() {
    assert_eq!(
        effects_of(
            "Allocate a number of damage points equal to the value of this ability to this \
             fighter and to all visible fighters within 2\" of this fighter."
        ),
        Ok(vec![Effect::DamageAll {
            range: 2.0,
            amount: Amount::Value
        }])
    );
}

/// ABL-5: "this fighter and a friendly fighter with X can each make either a bonus move action
/// or a bonus attack action"; Toughness and Strength of friends in an aura; a condition on a
/// friend's attack this round.
#[test]
fn this_and_a_friend_toughness_and_strength_and_a_friends_attack() {
    use crate::model::effects::{Aura, Condition, Marks, Stat};
    let e = effects_of(
        "This fighter and a friendly fighter with the Hunter runemark can each make either a \
         bonus move action or a bonus attack action.",
    )
    .unwrap();
    assert_eq!(e[0], Effect::BonusMoveOrAttack);
    assert!(
        matches!(&e[1], Effect::FriendBonusMove { pick, or_attack: true, max: None } if pick.marks().fit(|m| m == "hunter"))
    );
    let round = |stat| Effect::RoundBoost {
        stat,
        by: Amount::Fixed(1),
        melee_only: false,
        aura: Some(Aura::within(4.0, false)),
        missile_only: false,
    };
    assert_eq!(
        effects_of(
            "Until the end of the battle round, add 1 to the Toughness and Strength \
             characteristics of friendly fighters while they are within 4\" of this fighter."
        ),
        Ok(vec![round(Stat::Toughness), round(Stat::Strength)])
    );
    let e = effects_of(
        "A fighter can only use this ability if another friendly fighter with the Minion \
         runemark has made an attack action in this battle round. This fighter makes a bonus \
         move action.",
    )
    .unwrap();
    assert_eq!(
        e[0],
        Effect::Requires(Condition::FriendAttackedThisRound(
            Marks::of(&["minion"], &[]).unwrap()
        ))
    );
}

/// ABL-5: a friend picked (anywhere, with a runemark) set up again near this fighter.
#[test]
fn a_friend_set_up_again_near_this_fighter() {
    let e = effects_of(
        "Pick a friendly fighter with the Minion runemark. Remove that fighter from the \
         battlefield, then set that fighter up on a platform or the battlefield floor within \
         5\" of this fighter.",
    )
    .unwrap();
    let [
        Effect::FriendSetUp {
            pick,
            within,
            wholly: false,
        },
    ] = &e[..]
    else {
        panic!("a friend set up: {e:?}");
    };
    assert_eq!(*within, 5.0);
    assert_eq!(pick.range, crate::model::effects::ANYWHERE);
    assert!(pick.marks().fit(|m| m == "minion"));
}

/// ABL-5: "choose a friendly fighter with a X runemark ... set them up anywhere on the
/// battlefield more than N\" from all enemy fighters".
#[test]
fn a_friend_set_up_anywhere_away_from_enemies() {
    let e = effects_of(
        "Choose a friendly fighter with a Hunter runemark within 3\" of this fighter. Remove \
         that fighter from the battlefield and then immediately set them up anywhere on the \
         battlefield more than 5\" from all enemy fighters.",
    )
    .unwrap();
    let [Effect::FriendRelocate { pick, away }] = &e[..] else {
        panic!("a friend set up anywhere: {e:?}");
    };
    assert_eq!((pick.range, *away), (3.0, 5.0));
    assert!(pick.marks().fit(|m| m == "hunter"));
}

/// REA-1: a reaction that removes a D3 of damage from this fighter.
#[test]
fn rea1_a_reaction_removes_a_d3() {
    assert_eq!(
        effects_of(
            "A fighter can make this reaction after they are targeted by an attack action but \
             before the hit rolls are made. Remove D3 damage points allocated to this fighter."
        ),
        Ok(vec![
            Effect::Reaction(crate::model::effects::Trigger::TargetedByAttack),
            Effect::HealDice { sides: 3 }
        ])
    );
}

/// ABL-5: damage to the enemies round this fighter at the end of the round.
#[test]
fn damage_at_the_end_of_the_round() {
    assert_eq!(
        effects_of(
            "At the end of the battle round, allocate a number of damage points equal to half \
             the value of this ability (rounded up) to each visible enemy fighter within 2\" of \
             this fighter."
        ),
        Ok(vec![Effect::DamageAtRoundEnd {
            range: 2.0,
            amount: Amount::HalfValueUp,
            visible: true
        }])
    );
}
