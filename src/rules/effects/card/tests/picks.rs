//! The seventh session's shapes of picks, in words of our own in the cards' shapes.

use super::super::effects_of;
use crate::model::effects::{Amount, Effect, FriendPick, Marks, Stat};

/// Issue 30: a picked friend's next melee attack deals more with each critical hit, in the two
/// wordings the cards use.
#[test]
fn abl5_a_friends_next_melee_attack_deals_more_with_each_critical_hit() {
    let raised = |range: f32, by: u32| {
        let marks = Marks::default().and(Some("warden"));
        Ok(vec![Effect::FriendBoost {
            pick: FriendPick::new(range, false, marks),
            stat: Stat::CritDamage,
            by: Amount::Fixed(by),
            melee_only: true,
            next: true,
        }])
    };
    assert_eq!(
        effects_of(
            "Pick a friendly fighter with the Warden runemark within 4\" of this fighter. Add 3 \
             to the damage points allocated to enemy fighters by each critical hit from the next \
             melee attack action made by that fighter."
        ),
        raised(4.0, 3)
    );
    assert_eq!(
        effects_of(
            "Pick a friendly fighter with the Warden runemark within 5\" of this fighter. For \
             each critical hit from the next melee attack action made by that fighter this \
             battle round, allocate 1 additional damage points to the target fighter."
        ),
        raised(5.0, 1)
    );
}

/// Issue 30: a picked enemy's characteristics lowered: two joined by "and" (Move, and the
/// damage of each hit and critical hit), Toughness until the end of this fighter's activation.
#[test]
fn abl4_a_picked_enemys_characteristics_lowered() {
    let lower = |stat, by, min, activation| {
        Effect::LowerPicked(crate::model::effects::PickedLowering {
            range: 5.0,
            visible: false,
            stat,
            by: Amount::Fixed(by),
            min,
            activation,
            melee_only: false,
            how: crate::model::effects::Lowering::By,
            spares_me: false,
        })
    };
    assert_eq!(
        effects_of(
            "Pick an enemy fighter within 5\" of this fighter. Until the end of the battle round, \
             subtract 2 from the Move characteristic of that fighter (to a minimum of 1) and \
             subtract 1 from the damage points allocated by each hit and critical hit from \
             attack actions made by that fighter (to a minimum of 1)."
        ),
        Ok(vec![
            lower(Stat::Move, 2, 1, false),
            lower(Stat::Damage, 1, 1, false)
        ])
    );
    assert_eq!(
        effects_of(
            "Pick an enemy fighter within 5\" of this fighter. Until the end of this fighter's \
             activation, subtract 2 from the Toughness characteristic of that fighter (to a \
             minimum of 1)."
        ),
        Ok(vec![lower(Stat::Toughness, 2, 1, true)])
    );
}

/// Issue 30: damage equal to the roll, each face its own; then "in addition" a sentence about
/// "that fighter" aims at the same enemy, and the words say so.
#[test]
fn abl5_damage_equal_to_the_roll_then_that_fighter_again() {
    let e = effects_of(
        "Pick a visible enemy fighter within 7\" of this fighter and roll a dice. On a roll of \
         4+, allocate a number of damage points to that fighter equal to the roll. In addition, \
         until the end of the battle round, subtract 2 from the Move characteristic of that \
         fighter (to a minimum of 1).",
    )
    .unwrap();
    let Effect::DamageOne {
        range: 7.0,
        roll: Some(roll),
        ..
    } = &e[0]
    else {
        panic!("damage to the picked enemy: {e:?}");
    };
    let faces: Vec<_> = roll.bands.iter().map(|b| (b.0, b.1, b.2)).collect();
    let own = |k: u8| (k, k, Amount::Fixed(k.into()));
    assert_eq!(faces, [own(4), own(5), own(6)]);
    assert_eq!(e[1].aim(), e[0].aim(), "the same enemy");
    let words = crate::rules::effects::describe(&e, None);
    assert!(words.contains("; that enemy has 2 less Move"), "{words}");
}

/// Issue 30: a bar whose duration ends the sentence, then "in addition" a lowering of that
/// fighter whose duration comes before its minimum: both aim at the picked enemy.
#[test]
fn abl5_a_bar_then_a_lowering_of_the_same_enemy() {
    use crate::model::effects::Restriction;
    let e = effects_of(
        "Pick an enemy fighter within 2\" of this fighter. That fighter cannot make disengage \
         actions until the end of the battle round. In addition, subtract the value of this \
         ability from that fighter's Move characteristic until the end of the battle round (to \
         a minimum of 0).",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![
            Effect::Restrict {
                range: 2.0,
                visible: false,
                actions: vec![Restriction::Disengage],
                only: None,
            },
            Effect::LowerPicked(crate::model::effects::PickedLowering {
                range: 2.0,
                visible: false,
                stat: Stat::Move,
                by: Amount::Value,
                min: 0,
                activation: false,
                melee_only: false,
                how: crate::model::effects::Lowering::By,
                spares_me: false,
            })
        ]
    );
}

/// Issue 30: the Attacks of a picked enemy's melee attacks only.
#[test]
fn abl4_the_attacks_of_a_picked_enemys_melee_attacks_lowered() {
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 4\" of this fighter. Until the end of the battle \
             round, subtract 1 from the Attacks characteristic (to a minimum of 1) of melee \
             attack actions made by that fighter."
        ),
        Ok(vec![Effect::LowerPicked(
            crate::model::effects::PickedLowering {
                range: 4.0,
                visible: true,
                stat: Stat::Attacks,
                by: Amount::Fixed(1),
                min: 1,
                activation: false,
                melee_only: true,
                how: crate::model::effects::Lowering::By,
                spares_me: false,
            }
        )])
    );
}

/// Issue 30: a lowering for each roll of the damage rolled against the picked enemy: joined to
/// the damage's band by "and", or "in addition" with its duration at the end and no minimum.
#[test]
fn abl5_a_lowering_for_each_roll_of_the_damage() {
    let joined = effects_of(
        "Pick a visible enemy fighter within 5\" of this fighter and roll 2 dice. For each roll \
         of 4+, allocate 2 damage points to that fighter and, until the end of the battle round, \
         subtract 1 from that fighter's Toughness characteristic (to a minimum of 2).",
    )
    .unwrap();
    assert_eq!(
        joined[1],
        Effect::LowerPerRoll {
            least: 4,
            most: 6,
            stat: Stat::Toughness,
            min: 2,
            battle: false
        }
    );
    let after = effects_of(
        "Pick a visible enemy fighter within 5\" of this fighter and roll 2 dice. For each 5+, \
         allocate 1 damage point to that fighter. In addition, for each 6, subtract 1 from that \
         fighter's Toughness characteristic until the end of the battle round.",
    )
    .unwrap();
    assert_eq!(
        after[1],
        Effect::LowerPerRoll {
            least: 6,
            most: 6,
            stat: Stat::Toughness,
            min: 0,
            battle: false
        }
    );
    // With no roll of damage before it, it is not read.
    assert!(
        effects_of(
            "For each 6, subtract 1 from that fighter's Toughness characteristic until the end \
             of the battle round."
        )
        .is_err()
    );
}

/// Issue 30: damage to this fighter for each low roll of the damage rolled against a picked
/// enemy.
#[test]
fn abl5_damage_to_this_fighter_for_each_low_roll() {
    let e = effects_of(
        "Pick a visible enemy fighter within 5\" of this fighter and roll a number of dice equal \
         to the value of this ability. For each 5+, allocate 1 damage point to that fighter. For \
         each 1, allocate 2 damage points to the fighter using this ability.",
    )
    .unwrap();
    assert_eq!(
        e[1],
        Effect::SelfDamagePerRoll {
            least: 1,
            most: 1,
            amount: 2
        }
    );
}

/// Issue 30: a roll against a picked enemy that deals no damage, only what each roll lowers;
/// a pick and roll alone, with nothing for the rolls to do, is not read.
#[test]
fn abl5_a_roll_whose_rolls_only_lower() {
    let e = effects_of(
        "Pick a visible enemy fighter within 4\" of this fighter and roll a number of dice equal \
         to the value of this ability. For each roll of 3-5, until the end of the battle round, \
         subtract 1 from that fighter's Move characteristic (to a minimum of 2). For each roll \
         of 6, until the end of the battle, subtract 1 from that fighter's Move characteristic \
         (to a minimum of 2).",
    )
    .unwrap();
    assert!(
        matches!(&e[0], Effect::DamageOne { range: 4.0, roll: Some(r), .. }
            if r.bands.is_empty() && r.rolled.is_empty()),
        "{e:?}"
    );
    assert!(matches!(
        e[1],
        Effect::LowerPerRoll {
            least: 3,
            most: 5,
            stat: crate::model::effects::Stat::Move,
            min: 2,
            battle: false
        }
    ));
    assert!(matches!(
        e[2],
        Effect::LowerPerRoll {
            least: 6,
            battle: true,
            ..
        }
    ));
    assert!(
        effects_of(
            "Pick a visible enemy fighter within 4\" of this fighter and roll a number of dice \
             equal to the value of this ability."
        )
        .is_err()
    );
}

/// Issue 30: the damage each roll deals to a picked enemy, dealt to the enemies round it too
/// (in our words).
#[test]
fn abl5_damage_per_roll_round_the_picked_enemy_too() {
    let e = effects_of(
        "Pick a visible enemy fighter within 8\" of this fighter and roll 4 dice. For each roll \
         of a 4+, allocate 2 damage points to that fighter and to each other visible enemy \
         fighter within 3\" of that fighter.",
    )
    .unwrap();
    assert!(
        matches!(&e[0], Effect::DamageOne { range: 8.0, roll: Some(r), .. }
            if r.bands == vec![(4, 6, crate::model::effects::Amount::Fixed(2))]),
        "{e:?}"
    );
    assert_eq!(
        e[1],
        Effect::DamageNearTarget {
            around: 3.0,
            dice: None
        }
    );
    assert_eq!(e.len(), 2);
}

/// Issue 30: the pick and the roll in two sentences, then damage to this fighter after the
/// dice (in our words).
#[test]
fn abl5_a_pick_then_a_roll_then_damage_to_this_fighter() {
    use crate::model::effects::Amount;
    let e = effects_of(
        "Pick a visible enemy fighter within 10\" of this fighter. Roll 4 dice. For each 4+, \
         allocate 2 damage points to that fighter. After all of the dice have been rolled, \
         allocate D6 damage points to this fighter.",
    )
    .unwrap();
    assert!(
        matches!(&e[0], Effect::DamageOne { range: 10.0, roll: Some(r), .. }
            if r.dice == Amount::Fixed(4) && r.bands == vec![(4, 6, Amount::Fixed(2))]),
        "{e:?}"
    );
    assert_eq!(
        e[1],
        Effect::SelfDamage {
            amount: Amount::Fixed(0),
            dice: Some(6)
        }
    );
}

/// Issue 30: raises of missile attacks for the round, this fighter's own and an aura's (in our
/// words).
#[test]
fn abl5_missile_attacks_raised_for_the_round() {
    use crate::model::effects::{Amount, Stat};
    let own = effects_of(
        "Until the end of the battle round, add 1 to the Attacks characteristic of missile \
         attack actions made by this fighter.",
    )
    .unwrap();
    assert!(
        matches!(
            own[..],
            [Effect::RoundBoost {
                stat: Stat::Attacks,
                by: Amount::Fixed(1),
                melee_only: false,
                aura: None,
                missile_only: true,
            }]
        ),
        "{own:?}"
    );
    let aura = effects_of(
        "Until the end of the battle round, add 2 to the damage points allocated by each \
         critical hit from missile attack actions made by friendly fighters with the archer \
         runemark while they are within 4\" of this fighter.",
    )
    .unwrap();
    assert!(
        matches!(&aura[..], [Effect::RoundBoost { stat: Stat::CritDamage, missile_only: true, aura: Some(a), .. }]
            if a.range == 4.0),
        "{aura:?}"
    );
}

/// Issue 30: damage to a picked friend, then what that friend (or this fighter) does.
#[test]
fn damage_to_a_picked_friend_then_more() {
    let pick = FriendPick::new(3.0, true, Marks::default());
    assert_eq!(
        effects_of(
            "Pick a visible friendly fighter within 3\" of this fighter. Allocate a number of \
             damage points to that friendly fighter equal to the value of this ability. Then, \
             that friendly fighter makes a bonus move action or a bonus attack action."
        ),
        Ok(vec![
            Effect::FriendDamage {
                pick: pick.clone(),
                amount: Amount::Value,
            },
            Effect::FriendBonusMove {
                pick: pick.clone(),
                or_attack: true,
                max: None,
            }
        ])
    );
    assert_eq!(
        effects_of(
            "Pick a visible friendly fighter within 3\" of this fighter. Allocate 2 damage points \
             to that fighter. Then, remove a number of damage points allocated to this fighter \
             up to double the value of this ability."
        ),
        Ok(vec![
            Effect::FriendDamage {
                pick,
                amount: Amount::Fixed(2),
            },
            Effect::Heal {
                amount: Amount::DoubleValue,
            }
        ])
    );
}
