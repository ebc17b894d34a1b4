//! Issue 30, eleventh session: more of the long tail's wordings, in our own words.

use super::*;
use crate::model::effects::Exposers;

/// ABL-5: a picked enemy exposed to the attacks of some friendly fighters only: those with
/// the named runemarks (all attacks, or melee ones), raising Attacks, Strength or the damage
/// of each hit.
#[test]
fn abl5_a_picked_enemy_exposed_to_some_friends_attacks() {
    let to = |marks: &[&str], melee_only| {
        Some(Exposers {
            marks: Marks::of(marks, &[]).unwrap(),
            melee_only,
        })
    };
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 7\" of this fighter. Until the end of the \
             battle round, add 1 to the Attacks characteristic of attack actions made by \
             friendly fighters with both the Moss faction runemark and the Scout runemark that \
             target that fighter."
        ),
        Ok(vec![Effect::ExposePicked {
            range: 7.0,
            visible: true,
            stat: Stat::Attacks,
            by: Amount::Fixed(1),
            to: to(&["moss", "scout"], false),
            only: None,
        }])
    );
    assert_eq!(
        effects_of(
            "Pick an enemy fighter within 5\" of this fighter. Until the end of the battle \
             round, add 2 to the damage points allocated by each hit from melee attack actions \
             made by friendly fighters that target that enemy fighter."
        ),
        Ok(vec![Effect::ExposePicked {
            range: 5.0,
            visible: false,
            stat: Stat::Damage,
            by: Amount::Fixed(2),
            to: to(&[], true),
            only: None,
        }])
    );
    // Made by anyone: not read as the friends' only.
    assert!(
        effects_of(
            "Pick an enemy fighter within 5\" of this fighter. Until the end of the battle \
             round, add 1 to the Strength characteristic of attack actions made by fighters \
             that target that fighter."
        )
        .is_err()
    );
}

/// ABL-5: raises made once for each fighter counted: friends round this fighter (with its
/// own runemarks), the fighters taken down this round, the friends taken down.
#[test]
fn abl5_raises_for_each_fighter_counted() {
    use crate::model::effects::Count;
    let melee = |stat| Effect::Boost {
        stat,
        by: Amount::Fixed(1),
        melee_only: true,
        missile_only: false,
    };
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, for each other friendly fighter \
             within 2\" of this fighter that has the same runemarks as this fighter, add 1 to \
             the Attacks and Strength characteristics of melee attack actions made by this \
             fighter."
        ),
        Ok(vec![Effect::PerCount {
            count: Count::Friends {
                range: 2.0,
                visible: false,
                marks: Marks::default(),
                same: true
            },
            then: vec![melee(Stat::Attacks), melee(Stat::Strength)]
        }])
    );
    assert_eq!(
        effects_of(
            "This fighter makes a bonus attack action. In addition, count the number of \
             fighters that have been taken down during this battle round and add the total to \
             the Attacks characteristic of that bonus attack action."
        ),
        Ok(vec![
            Effect::BonusAttack,
            Effect::PerCount {
                count: Count::DownThisRound,
                then: vec![Effect::NextBoost {
                    stat: Stat::Attacks,
                    by: Amount::Fixed(1),
                    only: None
                }]
            }
        ])
    );
    let round = |stat, melee_only| Effect::RoundBoost {
        stat,
        by: Amount::Fixed(1),
        melee_only,
        aura: None,
        missile_only: false,
    };
    assert_eq!(
        effects_of(
            "Until the end of the battle round, add the number of friendly fighters with the \
             Gull runemark that are taken down and do not have the Beast runemark to this \
             fighter's Move characteristic and the Attacks characteristic of melee attack \
             actions made by this fighter."
        ),
        Ok(vec![Effect::PerCount {
            count: Count::FriendsDown {
                marks: Marks::of(&["gull"], &[]).unwrap(),
                not: Marks::of(&["beast"], &[]).unwrap()
            },
            then: vec![round(Stat::Move, false), round(Stat::Attacks, true)]
        }])
    );
    // "For each roll of 4+" is a roll's, not a count's.
    assert!(
        effects_of(
            "Until the end of this fighter's activation, for each enemy fighter within 2\" of \
             this fighter, add 1 to the Attacks characteristic of melee attack actions made by \
             this fighter."
        )
        .is_err()
    );
}

/// ABL-5: conditions on the friends round this fighter (how many, with which runemarks) and
/// on the enemies round it after a move action.
#[test]
fn abl5_conditions_on_friends_and_enemies_round_it() {
    use crate::model::effects::Condition;
    assert_eq!(
        effects_of(
            "A fighter can only use this ability if there are 3 or more other friendly fighters \
             with the Gull runemark within 2\" of this fighter. This fighter makes a bonus \
             attack action."
        ),
        Ok(vec![
            Effect::Requires(Condition::FriendsWithin {
                range: 2.0,
                count: 3,
                marks: Marks::of(&["gull"], &[]).unwrap()
            }),
            Effect::BonusAttack
        ])
    );
    assert_eq!(
        effects_of(
            "A fighter can only use this ability after they finish a move action within 1\" \
             of 3 or more enemy fighters. This fighter makes a bonus attack action."
        ),
        Ok(vec![
            Effect::Requires(Condition::MovesMade(1)),
            Effect::Requires(Condition::EnemiesWithin {
                range: 1.0,
                count: 3
            }),
            Effect::BonusAttack
        ])
    );
}

/// ABL-5: what a fighter's runemark raises of its ability: the value (to a maximum) or the
/// range of its aura.
#[test]
fn abl5_a_runemark_raises_the_value_or_the_range() {
    use crate::model::effects::MarkedRaise;
    let read = effects_of(
        "Remove a number of damage points allocated to each friendly fighter within 3\" of \
         this fighter, up to the value of this ability. If this fighter has the Gull runemark, add 2 to the value of this ability, to a maximum \
         of 6.",
    )
    .unwrap();
    assert_eq!(
        read.last(),
        Some(&Effect::MarkedRaise {
            marks: Marks::of(&["gull"], &[]).unwrap(),
            raise: MarkedRaise::Value { add: 2, max: 6 }
        })
    );
    let read = effects_of(
        "Until the end of the battle round, add 1 to the Attacks characteristic of melee \
         attack actions made by friendly fighters while they are within 4\" of this fighter. If \
         this fighter has the Gull runemark, increase the range of this ability by a number of \
         inches equal to the value of this ability.",
    )
    .unwrap();
    assert_eq!(
        read.last(),
        Some(&Effect::MarkedRaise {
            marks: Marks::of(&["gull"], &[]).unwrap(),
            raise: MarkedRaise::Range(Amount::Value)
        })
    );
}

/// ABL-5: picks that name an enemy besides range and sight: one with damage, one this
/// fighter's missile attacks damaged, the target of its missile attack.
#[test]
fn abl5_picks_of_damaged_or_shot_enemies() {
    use crate::model::effects::{Condition, PickOnly};
    let melee_friends = Some(Exposers {
        marks: Marks::default(),
        melee_only: true,
    });
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 4\" of this fighter with 2 or more damage \
             points allocated to them. Until the end of the battle round, add 1 to the \
             Strength characteristic of melee attack actions made by friendly fighters that \
             target that fighter."
        ),
        Ok(vec![Effect::ExposePicked {
            range: 4.0,
            visible: true,
            stat: Stat::Strength,
            by: Amount::Fixed(1),
            to: melee_friends,
            only: Some(PickOnly::Damaged(2)),
        }])
    );
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter that was allocated any damage points by this \
             fighter's missile attack actions this activation to be the target. Until the end \
             of the battle round, add 1 to the damage points allocated by each hit from melee \
             attack actions made by friendly fighters that target that enemy fighter."
        ),
        Ok(vec![Effect::ExposePicked {
            range: crate::model::effects::ANYWHERE,
            visible: true,
            stat: Stat::Damage,
            by: Amount::Fixed(1),
            to: melee_friends,
            only: Some(PickOnly::HurtByItsShots),
        }])
    );
    assert_eq!(
        effects_of(
            "A fighter can only use this ability after it has made a missile attack action in \
             this activation. Until the end of the battle round, add 2 to the Attacks \
             characteristic of attack actions that target the target of that attack action."
        ),
        Ok(vec![
            Effect::Requires(Condition::ShotThisActivation),
            Effect::ExposePicked {
                range: crate::model::effects::ANYWHERE,
                visible: false,
                stat: Stat::Attacks,
                by: Amount::Fixed(2),
                to: None,
                only: Some(PickOnly::ItsLastShot),
            }
        ])
    );
}

/// ABL-5: a number the value gives, with a least ("(minimum 2)"), and what waits for the end
/// of the activation.
#[test]
fn abl5_a_value_with_a_least_and_what_waits_for_the_activations_end() {
    use crate::model::effects::AtItsEnd;
    let read = effects_of(
        "Pick a visible enemy fighter within 5\" of this fighter and roll 2 dice. For each roll \
         of 6, allocate a number of damage points to that fighter equal to the value of this \
         ability (minimum 3).",
    )
    .unwrap();
    let [
        Effect::DamageOne {
            roll: Some(roll), ..
        },
    ] = &read[..]
    else {
        panic!("{read:?}")
    };
    assert_eq!(roll.bands, vec![(6, 6, Amount::ValueAtLeast(3))]);
    assert_eq!(
        (Amount::ValueAtLeast(3).of(1), Amount::ValueAtLeast(3).of(5)),
        (3, 5)
    );
    assert_eq!(
        effects_of(
            "At the end of this fighter's activation, heal a number of damage points allocated \
             to this fighter up to the number of damage points allocated to enemy fighters this \
             activation."
        ),
        Ok(vec![Effect::AtActivationEnd(AtItsEnd::HealAsDealt)])
    );
    assert_eq!(
        effects_of(
            "This fighter makes a bonus attack action. At the end of this fighter's activation, \
             allocate a number of damage points to this fighter equal to the number of damage \
             points allocated to this fighter."
        ),
        Ok(vec![
            Effect::BonusAttack,
            Effect::AtActivationEnd(AtItsEnd::DamageAgain)
        ])
    );
}

/// ABL-5: a lowering after each attack of the activation that scores.
#[test]
fn abl5_toughness_lowered_after_each_attack_that_scores() {
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, if an attack action made by this \
             fighter scores any hits or critical hits, subtract 2 from the target fighter's \
             Toughness characteristic (to a minimum of 2) until the end of the battle round."
        ),
        Ok(vec![Effect::LowerAfterScoring {
            stat: Stat::Toughness,
            by: Amount::Fixed(2),
            min: 2
        }])
    );
}

/// ABL-5: "if the next attack action ... targets an enemy fighter with any damage points
/// allocated to them, add 2 to the Attacks characteristic of that attack action".
#[test]
fn abl5_a_raise_if_the_next_attack_targets_a_hurt_enemy() {
    use crate::model::effects::TargetIs;
    assert_eq!(
        effects_of(
            "If the next attack action made by this fighter this activation targets an enemy \
             fighter with any damage points allocated to them, add 2 to the Attacks \
             characteristic of that attack action."
        ),
        Ok(vec![Effect::NextIfTarget {
            target: TargetIs::Damaged(1),
            then: vec![Effect::NextBoost {
                stat: Stat::Attacks,
                by: Amount::Fixed(2),
                only: None
            }]
        }])
    );
}

/// ABL-5: an enemy its shots damaged barred from abilities for the rest of the round.
#[test]
fn abl5_an_enemy_its_shots_damaged_barred_from_abilities() {
    use crate::model::effects::{PickOnly, Restriction};
    assert_eq!(
        effects_of(
            "Pick an enemy fighter that was allocated any damage points by this fighter's \
             missile attack actions this activation. That enemy fighter cannot use abilities \
             for the rest of the battle round."
        ),
        Ok(vec![Effect::Restrict {
            range: crate::model::effects::ANYWHERE,
            visible: false,
            actions: vec![Restriction::Abilities],
            only: Some(PickOnly::HurtByItsShots)
        }])
    );
}

/// ABL-5: for the round, dice after each melee attack on this fighter, damage to the attacker
/// for each success.
#[test]
fn abl5_dice_against_each_melee_attacker_for_the_round() {
    use crate::model::effects::Guard;
    assert_eq!(
        effects_of(
            "Until the end of the battle round, after each melee attack action that targets \
             this fighter, roll 2 dice. For each roll of 4+, allocate 1 damage points to the \
             fighter that made the attack action."
        ),
        Ok(vec![Effect::RoundGuard {
            guard: Guard::Retaliate {
                dice: 2,
                least: 4,
                damage: 1
            },
            aura: None
        }])
    );
}

/// REA-1, ABL-5: a reaction to an enemy disengaging that exposes it to the friends' attacks
/// fits its moment; the same answer to an attack does not.
#[test]
fn rea1_an_enemy_disengaging_exposed_by_a_reaction() {
    use crate::model::effects::{Trigger, validate_ability};
    let read = effects_of(
        "A fighter can make this reaction after a visible enemy fighter within 1\" of them \
         makes a disengage action. Until the end of the battle round, add 2 to the Strength \
         characteristic of melee attack actions made by friendly fighters that target that \
         enemy fighter.",
    )
    .unwrap();
    let exposed = Effect::ExposePicked {
        range: 1.0,
        visible: true,
        stat: Stat::Strength,
        by: Amount::Fixed(2),
        to: Some(Exposers {
            marks: Marks::default(),
            melee_only: true,
        }),
        only: None,
    };
    assert_eq!(
        read,
        vec![Effect::Reaction(Trigger::EnemyDisengages), exposed.clone()]
    );
    let fits = |effects: &[Effect]| {
        let mut v = crate::model::validate::Validator::default();
        validate_ability(effects, true, "", &mut v);
        v.is_empty()
    };
    assert!(fits(&read));
    assert!(!fits(&[
        Effect::Reaction(Trigger::TargetedByMelee),
        exposed
    ]));
}

/// ABL-5: the enemies round this fighter exposed to its side's attacks for the round.
#[test]
fn abl5_the_enemies_round_it_exposed_to_the_friends_attacks() {
    assert_eq!(
        effects_of(
            "Until the end of the battle round, add 1 to the damage points allocated by each \
             critical hit from attack actions made by friendly fighters that target an enemy \
             fighter within 5\" of this fighter."
        ),
        Ok(vec![Effect::ExposeAround {
            range: 5.0,
            stat: Stat::CritDamage,
            by: Amount::Fixed(1),
            to: Exposers::default()
        }])
    );
}

/// ABL-5: "for each roll of 6, roll an extra dice as above (and so on)" after a roll of damage;
/// refused with no roll before it.
#[test]
fn abl5_sixes_rolled_again_after_a_roll_of_damage() {
    let read = effects_of(
        "Pick a visible enemy fighter within 3\" of this fighter and roll 4 dice. For each roll \
         of 3+, allocate 1 damage point to that fighter. In addition, for each roll of 6, roll \
         an extra dice as above (and so on).",
    )
    .unwrap();
    assert_eq!(read.last(), Some(&Effect::RollAgainOn { face: 6 }));
    assert!(effects_of("For each roll of 6, roll an extra dice as above (and so on).").is_err());
}
