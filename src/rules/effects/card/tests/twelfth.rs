//! Issue 30, twelfth session: more of the long tail's wordings, in our own words.

use super::*;

/// ABL-5: "count 1 miss from the next attack action made by this fighter this activation as a
/// critical hit instead": a miss of the next attack turned into a critical hit.
#[test]
fn abl5_a_miss_of_the_next_attack_counts_as_a_critical_hit() {
    assert_eq!(
        effects_of(
            "Count 1 miss from the next attack action made by this fighter this activation as \
             a critical hit instead."
        ),
        Ok(vec![Effect::NextMissesAsCrits { n: 1, only: None }])
    );
    assert_eq!(
        crate::rules::effects::describe(&[Effect::NextMissesAsCrits { n: 1, only: None }], None),
        "a miss of its next attack counts as a critical hit"
    );
}

/// ABL-5: "add half the value of this ability to the Range characteristic of this fighter's
/// melee attack actions until the end of this activation": a longer reach for the activation.
#[test]
fn abl5_the_range_of_its_melee_attacks_raised_for_the_activation() {
    let e = Effect::RangeBoost {
        by: Amount::HalfValueUp,
        melee_only: true,
    };
    assert_eq!(
        effects_of(
            "Add half the value of this ability to the Range characteristic of this fighter's \
             melee attack actions until the end of this activation."
        ),
        Ok(vec![e.clone()])
    );
    assert_eq!(
        crate::rules::effects::describe(&[e], Some(5)),
        "+3\" Range for melee attacks until the end of the activation"
    );
}

/// ABL-5: "pick an enemy fighter that had any damage points allocated to them by this fighter
/// this activation. That fighter cannot use reactions ... In addition, if the value of this
/// ability is 6, that fighter cannot use abilities ...": one restriction, wider at a 6.
#[test]
fn abl5_an_enemy_it_hurt_barred_and_barred_more_at_a_value_of_6() {
    use crate::model::effects::{PickOnly, Restriction};
    let bar = |actions| Effect::Restrict {
        range: crate::model::effects::ANYWHERE,
        visible: false,
        actions,
        only: Some(PickOnly::HurtByIt),
    };
    assert_eq!(
        effects_of(
            "Pick an enemy fighter that had any damage points allocated to them by this \
             fighter this activation. That fighter cannot use reactions for the rest of the \
             battle round. In addition, if the value of this ability is 6, that fighter cannot \
             use abilities for the rest of the battle round."
        ),
        Ok(vec![Effect::When {
            when: Condition::ValueAtLeast(6),
            then: vec![bar(vec![Restriction::Reactions, Restriction::Abilities])],
            otherwise: vec![bar(vec![Restriction::Reactions])],
        }])
    );
}

/// ABL-5: "a fighter can only use this ability if an enemy fighter has been allocated damage
/// by a melee attack action made by them this activation. This fighter makes a bonus melee
/// attack action that targets that enemy fighter": a bonus melee attack on an enemy its melee
/// attacks hurt.
#[test]
fn abl5_a_bonus_melee_attack_on_an_enemy_its_melee_attacks_hurt() {
    use crate::model::effects::PickOnly;
    assert_eq!(
        effects_of(
            "A fighter can only use this ability if an enemy fighter has been allocated damage \
             by a melee attack action made by them this activation. This fighter makes a bonus \
             melee attack action that targets that enemy fighter."
        ),
        Ok(vec![Effect::BonusAttackAt {
            range: crate::model::effects::ANYWHERE,
            visible: false,
            runemark: None,
            only: Some(PickOnly::HurtByItsMelee),
            melee: true,
        }])
    );
}

/// ABL-5: "pick an enemy fighter that was allocated any damage points this activation by any
/// of this fighter's melee attack actions to be the target and roll a number of dice equal to
/// the value of this ability. On any unmodified rolls of 6, allocate ... equal to their Wounds
/// characteristic. Those damage points cannot be ignored."
#[test]
fn abl5_rolls_of_6_deal_a_picked_enemy_its_wounds() {
    use crate::model::effects::PickOnly;
    assert_eq!(
        effects_of(
            "Pick an enemy fighter that was allocated any damage points this activation by any \
             of this fighter's melee attack actions to be the target and roll a number of dice \
             equal to the value of this ability. On any unmodified rolls of 6, allocate a \
             number of damage points to that enemy fighter equal to their Wounds \
             characteristic. Those damage points cannot be ignored."
        ),
        Ok(vec![Effect::DamageWoundsOnRoll {
            only: PickOnly::HurtByItsMelee,
            visible: false,
            dice: Amount::Value,
            face: 6,
        }])
    );
}

/// ABL-5: what the same dice do besides, read from the card: Hooked Net's damage equal to the
/// roll with a bar on a 3+, Bloodwrack Stare's damage for each 6 of a roll against a picked
/// enemy, and the words for both.
#[test]
fn abl5_what_the_same_dice_do_besides() {
    use crate::model::effects::{OnSuccess, Restriction, VALUE_RANGE};
    let net = effects_of(
        "Pick a visible enemy fighter within 1\" of this fighter and roll a dice. On a 3+, \
         allocate a number of damage points to that figther equal to the roll, and that \
         fighter cannot make move actions or disengage actions for the rest of the battle \
         round.",
    )
    .unwrap();
    assert!(matches!(
        &net[..],
        [Effect::DamageOne { .. }, Effect::OnRolled { least: 3, .. }]
    ));
    assert_eq!(
        crate::rules::effects::describe(&net, Some(3)),
        "roll 1 dice against a visible enemy within 1\": 3 deals 3, 4 deals 4, 5 deals 5, 6 deals \
         6; if any of those dice rolled 3+: that enemy may not move or disengage until the end \
         of the round"
    );
    let stare = effects_of(
        "Pick a visible enemy fighter within a number of inches of this fighter equal to the \
         value of this ability and roll 2 dice. If either dice rolls a 3+, until the end of \
         the battle round, that fighter cannot make move actions or disengage actions. In \
         addition, for each roll of 6, allocate a number of damage points to that fighter \
         equal to the value of this ability.",
    )
    .unwrap();
    assert_eq!(
        stare,
        vec![
            Effect::RollAgainst {
                range: VALUE_RANGE,
                visible: true,
                runemark: None,
                dice: Amount::Fixed(2),
                least: 3,
                then: OnSuccess::Bar(vec![Restriction::Move, Restriction::Disengage]),
            },
            Effect::OnRolled {
                least: 6,
                per_roll: true,
                then: vec![Effect::DamageOne {
                    range: VALUE_RANGE,
                    amount: Amount::Value,
                    roll: None,
                    only: None,
                }],
            },
        ]
    );
    assert_eq!(
        crate::rules::effects::describe(&stare, Some(4)),
        "roll 2 dice against a visible enemy within 4\": any 3+ and it may not move or \
         disengage until the end of the round; for each of those dice that rolled 6: 4 damage \
         to that enemy"
    );
}

/// ABL-5, ATK-1: "add 1 to the Attacks and Damage characteristics of this fighter's melee
/// weapons for each visible friendly fighter within 3\" of them until the end of their
/// activation": counted when used; the Damage characteristic is a hit's and a critical hit's.
#[test]
fn abl5_its_weapons_raised_for_each_friend_near() {
    let e = effects_of(
        "Add 1 to the Attacks and Damage characteristics of this fighter's melee weapons for \
         each visible friendly fighter within 3\" of them until the end of their activation.",
    )
    .unwrap();
    assert_eq!(
        crate::rules::effects::describe(&e, Some(3)),
        "for each other visible friendly fighter within 3\": +1 Attacks for melee attacks \
         until the end of the activation; +1 damage for melee attacks until the end of the \
         activation; +1 critical damage for melee attacks until the end of the activation"
    );
}

/// ABL-5: "if the enemy fighter is within 3\" of this fighter, allocate 5 damage points to
/// that fighter for each 2+ instead": the roll read again for such an enemy, and said so.
#[test]
fn abl5_a_roll_reread_for_an_enemy_near() {
    let e = effects_of(
        "Pick a visible enemy fighter within 12\" of this figther and roll a number of dice \
         equal to the value of this ability. For each 2+, allocate 3 damage points to that \
         fighter. If the enemy fighter is within 3\" of this fighter, allocate 5 damage points \
         to that fighter for each 2+ instead.",
    )
    .unwrap();
    assert!(matches!(
        &e[..],
        [Effect::When {
            when: Condition::TargetWithin(3.0),
            ..
        }]
    ));
    assert_eq!(
        crate::rules::effects::describe(&e, Some(4)),
        "roll 4 dice against a visible enemy within 12\": 2+ deals 3; roll 4 dice against a \
         visible enemy within 12\": 2+ deals 5 instead (on an enemy within 3\")"
    );
}

/// ABL-5: "pick an enemy fighter within 3\" of this fighter. Melee attack actions made by this
/// fighter this activation that target that enemy fighter score a critical hit on a 5+": a
/// lower critical roll against the enemy picked, and its words.
#[test]
fn abl5_a_lower_critical_roll_against_the_enemy_picked() {
    use crate::model::effects::AttackKind;
    let e = effects_of(
        "Pick an enemy fighter within 3\" of this fighter. Melee attack actions made by this \
         fighter this activation that target that enemy fighter score a critical hit on a 5+.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![Effect::PickThenBoost(crate::model::effects::PickedRaise {
            range: 3.0,
            visible: false,
            only: None,
            then: vec![Effect::CritOn {
                least: 5,
                only: Some(AttackKind::Melee),
                next: false,
            }],
        })]
    );
    assert_eq!(
        crate::rules::effects::describe(&e, Some(3)),
        "an enemy within 3\": against it, its melee attacks score a critical hit on a 5+ this \
         activation"
    );
}

/// ABL-5: "roll a dice for each enemy fighter within 6\" of this fighter. On a roll of 4+,
/// allocate 3 damage points to the fighter being rolled for and remove 3 damage points
/// allocated to this fighter": a roll for each, and each success heals this fighter.
#[test]
fn abl5_each_success_against_the_enemies_near_heals_this_fighter() {
    let e = effects_of(
        "Roll a dice for each enemy fighter within 6\" of this fighter. On a roll of 4+, \
         allocate 3 damage points to the fighter being rolled for and remove 3 damage points \
         allocated to this fighter.",
    )
    .unwrap();
    assert_eq!(
        crate::rules::effects::describe(&e, Some(3)),
        "roll 1 dice for each enemy within 6\": 4+ deals 3; for each of those dice that rolled \
         4+: removes up to 3 damage from this fighter"
    );
}

/// ABL-5: "... count each critical hit scored from each attack action that targets a friendly
/// fighter with the Stormcast runemark that is within 3\" of this fighter as a hit instead.
/// This cannot affect friendly fighters with the Beast runemark": an aura leaving Beasts out,
/// in words.
#[test]
fn abl5_an_aura_leaving_out_the_fighters_with_a_runemark() {
    let e = effects_of(
        "Until the end of the battle round, count each critical hit scored from each attack \
         action that targets a friendly fighter with the Stormcast runemark that is within 3\" \
         of this fighter as a hit instead. This cannot affect friendly fighters with the Beast \
         runemark.",
    )
    .unwrap();
    assert_eq!(
        crate::rules::effects::describe(&e, Some(3)),
        "until the end of the round, critical hits on friendly fighters with the stormcast \
         runemark (not those with the beast runemark) within 3\" of it count as hits"
    );
}

/// ABL-5: "pick a visible enemy fighter on the battlefield floor within 12\" ... For each roll
/// of 4-5, allocate 1 damage point ... For each roll of 6, allocate 2 ...": a pick of an enemy
/// on the floor, said so.
#[test]
fn abl5_a_roll_against_an_enemy_on_the_battlefield_floor() {
    let e = effects_of(
        "Pick a visible enemy fighter on the battlefield floor within 12\" of this fighter and \
         roll a number of dice equal to the value of this ability. For each roll of 4-5, \
         allocate 1 damage point to that fighter. For each roll of 6, allocate 2 damage points \
         to that fighter.",
    )
    .unwrap();
    assert_eq!(
        crate::rules::effects::describe(&e, Some(4)),
        "roll 4 dice against a visible enemy on the battlefield floor within 12\": 4-5 deals 1, \
         6 deals 2"
    );
}

/// ABL-5: "pick a visible enemy fighter. Roll a dice for that fighter. If the roll is equal to
/// or less than the number of the current battle round, allocate 6 damage points ...": a band
/// ending at the round's number, in words.
#[test]
fn abl5_a_roll_against_the_battle_rounds_number() {
    let e = effects_of(
        "Pick a visible enemy fighter. Roll a dice for that fighter. If the roll is equal to or \
         less than the number of the current battle round, allocate 6 damage points to that \
         fighter.",
    )
    .unwrap();
    assert_eq!(
        crate::rules::effects::describe(&e, Some(4)),
        "roll 1 dice against a visible enemy anywhere: a roll of the battle round or less deals 6"
    );
}
