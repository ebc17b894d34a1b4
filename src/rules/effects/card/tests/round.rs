//! The shapes read in the fourth session of issue 30 that last the round or the battle, or
//! mark a picked enemy; in words of our own.

use super::super::effects_of;
use crate::model::effects::{Amount, Aura, Effect, Guard, Marks};

/// Issue 30: friends with runemarks that can't be targeted near this fighter, and a guard of
/// the value on this fighter's own hits and critical hits.
#[test]
fn abl5_guards_of_the_round() {
    let mut aura = Aura::within(2.0, false);
    aura.marks = Marks::of(&["hero", "jaws of itzl"], &[]).unwrap();
    assert_eq!(
        effects_of(
            "Until the end of the battle round, friendly fighters with both the Hero runemark \
             and the Jaws of Itzl runemark cannot be targeted while they are within 2\" of this \
             fighter."
        ),
        Ok(vec![Effect::RoundGuard {
            guard: Guard::Untargetable,
            aura: Some(aura)
        }])
    );
    assert_eq!(
        effects_of(
            "Until the end of the battle round, subtract half the value of this ability \
             (rounding up) from the damage points allocated to this fighter by each hit and \
             critical hit from attack actions that target this fighter (to a minimum of 1)."
        ),
        Ok(vec![Effect::RoundGuard {
            guard: Guard::LessDamage {
                by: Amount::HalfValueUp,
                min: 1
            },
            aura: None
        }])
    );
}

/// Issue 30: an aura in which the enemies' attacks score no critical hits, its reach the
/// value of the ability (in our words).
#[test]
fn abl5_enemies_near_this_fighter_score_hits_for_critical_hits() {
    use crate::model::effects::VALUE_RANGE;
    assert_eq!(
        effects_of(
            "For the rest of the battle round, critical hits for attacks made by enemy fighters \
             visible to this fighter and within a number of inches of this fighter equal to the \
             value of this ability become hits instead."
        ),
        Ok(vec![Effect::EnemyCritsAsHits {
            range: VALUE_RANGE,
            visible: true
        }])
    );
    assert_eq!(
        effects_of(
            "Until the end of the battle round, critical hits for attacks made by enemy \
             fighters within 4\" of this fighter become hits instead."
        ),
        Ok(vec![Effect::EnemyCritsAsHits {
            range: 4.0,
            visible: false
        }])
    );
}

/// Issue 30: the next (melee) attack scores critical hits on a lower roll.
#[test]
fn abl5_the_next_attack_scores_critical_hits_on_a_lower_roll() {
    use crate::model::effects::AttackKind;
    let next = |least| {
        Ok(vec![Effect::CritOn {
            least,
            only: Some(AttackKind::Melee),
            next: true,
        }])
    };
    assert_eq!(
        effects_of(
            "During the next melee attack action made by this fighter, critical hits are \
             scored on a 4+ for that attack action."
        ),
        next(4)
    );
    assert_eq!(
        effects_of(
            "The next melee attack action made by this fighter scores critical hits on a 5+ \
             regardless of the Toughness characteristic of the target."
        ),
        next(5)
    );
}

/// Issue 30: a picked enemy barred from activating and reacting this round.
#[test]
fn abl5_a_picked_enemy_cannot_activate() {
    use crate::model::effects::Restriction;
    assert_eq!(
        effects_of(
            "Pick an enemy fighter within 4\" of this fighter. That fighter cannot activate or \
             make reactions in this battle round."
        ),
        Ok(vec![Effect::Restrict {
            range: 4.0,
            visible: false,
            actions: vec![Restriction::Activate, Restriction::Reactions],
            only: None,
        }])
    );
}

/// Issue 30: damage to each enemy within reach, seen or not.
#[test]
fn abl5_damage_to_each_enemy_seen_or_not() {
    assert_eq!(
        effects_of(
            "Allocate a number of damage points equal to the value of this ability to each \
             enemy fighter within 2\" of this fighter."
        ),
        Ok(vec![Effect::DamageEach {
            range: 2.0,
            amount: Amount::Value,
            roll: None,
            visible: false
        }])
    );
}

/// Issue 30: a picked enemy exposed: more attack dice, or more damage from critical hits, for
/// the attacks on it.
#[test]
fn abl5_a_picked_enemy_exposed() {
    use crate::model::effects::Stat;
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 8\" of this fighter. Until the end of the battle \
             round, add 2 to the damage points allocated by each critical hit for attacks that \
             target that fighter."
        ),
        Ok(vec![Effect::ExposePicked {
            range: 8.0,
            visible: true,
            stat: Stat::CritDamage,
            by: Amount::Fixed(2),
            to: None,
            only: None,
        }])
    );
    assert_eq!(
        effects_of(
            "Pick an enemy fighter within 10\" of this fighter. Until the end of the battle \
             round, add 1 to the Attacks characteristic of attack actions that target that \
             fighter."
        ),
        Ok(vec![Effect::ExposePicked {
            range: 10.0,
            visible: false,
            stat: Stat::Attacks,
            by: Amount::Fixed(1),
            to: None,
            only: None,
        }])
    );
}

/// Issue 30: "that attack action" after a raise of the next melee attack is that attack.
#[test]
fn abl5_that_attack_action_after_a_raise_of_the_next_one() {
    use crate::model::effects::{AttackKind, Stat};
    let next = |stat| Effect::NextBoost {
        stat,
        by: Amount::Fixed(1),
        only: Some(AttackKind::Melee),
    };
    assert_eq!(
        effects_of(
            "Add 1 to the Attacks characteristic of the next melee attack action made by this \
             fighter in this activation. In addition, add 1 to the damage points allocated to \
             enemy fighters by each critical hit from that attack action."
        ),
        Ok(vec![next(Stat::Attacks), next(Stat::CritDamage)])
    );
}

/// Issue 30: friends' bonus moves: a picked friend's, each friend's in reach (with runemarks,
/// or anywhere and "other").
#[test]
fn abl5_friends_bonus_moves() {
    use crate::model::effects::{FriendPick, VALUE_RANGE};
    assert_eq!(
        effects_of(
            "Pick a friendly fighter with the Beast runemark within 5\" of this fighter. That \
             fighter makes a bonus move action."
        ),
        Ok(vec![Effect::FriendBonusMove {
            pick: FriendPick {
                range: 5.0,
                visible: false,
                runemark: Some("beast".into()),
                marks: Default::default(),
                not: crate::model::effects::Marks::default(),
            },
            or_attack: false,
            max: None,
        }])
    );
    assert_eq!(
        effects_of(
            "Pick a visible friendly fighter within a number of inches of this fighter equal \
             to the value of this ability. That fighter makes a bonus move action or a bonus \
             attack action."
        ),
        Ok(vec![Effect::FriendBonusMove {
            pick: FriendPick {
                range: VALUE_RANGE,
                visible: true,
                runemark: None,
                marks: Default::default(),
                not: crate::model::effects::Marks::default(),
            },
            or_attack: true,
            max: None,
        }])
    );
    let mut aura = Aura::within(4.0, false);
    aura.marks = Marks::of(&["minion"], &[]).unwrap();
    assert_eq!(
        effects_of(
            "Each friendly fighter with the Minion runemark within 4\" of this fighter when \
             this fighter uses this ability can make a bonus move action."
        ),
        Ok(vec![Effect::EachFriendBonusMove {
            aura,
            or_attack: false,
            closer: false,
        }])
    );
    let mut anywhere = Aura::within(crate::model::effects::ANYWHERE, false);
    anywhere.others = true;
    anywhere.marks = Marks::of(&["minion"], &[]).unwrap();
    assert_eq!(
        effects_of(
            "Each other friendly fighter with the Minion runemark can make a bonus move action \
             or a bonus attack action (some can make a bonus move action and others can make a \
             bonus attack action)."
        ),
        Ok(vec![Effect::EachFriendBonusMove {
            aura: anywhere,
            or_attack: true,
            closer: false,
        }])
    );
}

/// Issue 30: a raise of this fighter's (melee) attacks that lasts the battle.
#[test]
fn abl5_a_raise_until_the_end_of_the_battle() {
    use crate::model::effects::Stat;
    assert_eq!(
        effects_of(
            "Until the end of the battle, add 1 to the Attacks characteristic of melee attack \
             actions made by this fighter."
        ),
        Ok(vec![Effect::BattleBoost {
            stat: Stat::Attacks,
            by: Amount::Fixed(1),
            melee_only: true
        }])
    );
    // A raise of a characteristic that is not an attack's is not this shape.
    assert!(
        effects_of(
            "Until the end of the battle, add 1 to the Move characteristic of attack actions \
             made by this fighter."
        )
        .is_err()
    );
}

/// Issue 30: a roll against a picked enemy whose success bars its moves "this round", the
/// battle round as the other cards write it.
#[test]
fn abl5_a_bar_on_a_roll_this_round() {
    use crate::model::effects::{OnSuccess, Restriction};
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 4\" of this fighter and roll a dice. On a 4+, \
             that fighter cannot make move actions or disengage actions this round."
        ),
        Ok(vec![Effect::RollAgainst {
            range: 4.0,
            visible: true,
            runemark: None,
            dice: Amount::Fixed(1),
            least: 4,
            then: OnSuccess::Bar(vec![Restriction::Move, Restriction::Disengage])
        }])
    );
}

/// Issue 30: "a number damage points", as one card misprints it, reads as "a number of
/// damage points".
#[test]
fn abl5_a_misprinted_number_of_damage_points() {
    use crate::model::effects::Roll;
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 5\" of this fighter and roll 2 dice. For each \
             roll of 3-5, allocate a number damage points to that fighter equal to the value \
             of this ability. For each roll of 6, allocate 4 damage points to that fighter."
        ),
        Ok(vec![Effect::DamageOne {
            range: 5.0,
            amount: Amount::Fixed(0),
            roll: Some(Roll {
                dice: Amount::Fixed(2),
                bands: vec![(3, 5, Amount::Value), (6, 6, Amount::Fixed(4))],
                rolled: Vec::new(),
                upto_round: None
            }),
            only: None
        }])
    );
}

/// Issue 30: a picked friend named by two runemarks, before or after its range, "another"
/// friend, and "that friendly fighter": each reads as the pick with its marks.
#[test]
fn abl5_a_picked_friend_with_two_runemarks() {
    use crate::model::effects::FriendPick;
    let both = Marks::of(&["ironclad", "scout"], &[]).unwrap();
    let pick = FriendPick::new(4.0, true, both);
    assert_eq!(pick.runemark, None);
    for text in [
        "Pick a visible friendly fighter with both the Ironclad faction runemark and the Scout \
         runemark within 4\" of this fighter. That fighter can make a bonus move action or a \
         bonus attack action.",
        "Pick a visible friendly fighter within 4\" of this fighter that has both the Ironclad \
         and the Scout runemarks. That friendly fighter makes a bonus move action or a bonus \
         attack action.",
    ] {
        assert_eq!(
            effects_of(text),
            Ok(vec![Effect::FriendBonusMove {
                pick: pick.clone(),
                or_attack: true,
                max: None,
            }]),
            "{text}"
        );
    }
    assert_eq!(
        effects_of(
            "Pick another visible friendly fighter with the Scout runemark within 3\" of this \
             fighter. That fighter can make a bonus attack action."
        ),
        Ok(vec![Effect::FriendBonusAttack {
            range: 3.0,
            visible: true,
            runemark: Some("scout".into()),
            marks: Marks::default(),
            melee: false,
            weapon: Default::default(),
        }])
    );
    // A condition that is not a runemark is not a mark.
    assert!(
        effects_of(
            "Pick a visible friendly fighter within 4\" of this fighter that has not activated \
             yet this battle round. That fighter makes a bonus move action."
        )
        .is_err()
    );
}

/// Issue 30: bonus actions led by "then", and "can then make": each its bonus, in the card's
/// order; damage "to enemy fighters within 1"" reaches each of them, seen or not.
#[test]
fn abl5_bonus_actions_led_by_then() {
    use crate::model::effects::Condition;
    assert_eq!(
        effects_of(
            "This fighter can make a bonus disengage action. Then this fighter can make a \
             bonus move action."
        ),
        Ok(vec![
            Effect::BonusDisengage,
            Effect::BonusMove { max: None }
        ])
    );
    assert_eq!(
        effects_of(
            "Remove a number of damage points allocated to this fighter equal to the value of \
             this ability. This fighter can then make a bonus move action or a bonus attack \
             action."
        ),
        Ok(vec![
            Effect::Heal {
                amount: Amount::Value
            },
            Effect::BonusMoveOrAttack
        ])
    );
    assert_eq!(
        effects_of(
            "A fighter can only use this ability if they are within 2\" of an enemy fighter. \
             Allocate 2 damage points to enemy fighters within 1\" of this fighter. Then, this \
             fighter makes a bonus disengage action or a bonus move action."
        ),
        Ok(vec![
            Effect::Requires(Condition::EnemyWithin {
                range: 2.0,
                visible: false
            }),
            Effect::DamageEach {
                range: 1.0,
                amount: Amount::Fixed(2),
                roll: None,
                visible: false
            },
            Effect::BonusMoveOrDisengage
        ])
    );
}

/// Issue 30: damage to a picked enemy, then a roll against it whose success bars it from
/// activating this round.
#[test]
fn abl5_damage_then_a_roll_that_bars_activating() {
    use crate::model::effects::{OnSuccess, Restriction};
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 10\" of this fighter. Allocate 3 damage points \
             to that fighter. Then, roll a die. On a 4+, that fighter cannot activate this \
             round."
        ),
        Ok(vec![
            Effect::DamageOne {
                range: 10.0,
                amount: Amount::Fixed(3),
                roll: None,
                only: None
            },
            Effect::RollAgainst {
                range: 10.0,
                visible: true,
                runemark: None,
                dice: Amount::Fixed(1),
                least: 4,
                then: OnSuccess::Bar(vec![Restriction::Activate])
            }
        ])
    );
}

/// Issue 30: a roll whose success gives this fighter a bonus action.
#[test]
fn abl5_a_roll_for_a_bonus_action() {
    use crate::model::effects::Condition;
    assert_eq!(
        effects_of(
            "A fighter can only use this ability if they are within 2\" of an enemy fighter. \
             Roll a dice. On a roll of 3+, this fighter can make a bonus disengage action."
        ),
        Ok(vec![
            Effect::Requires(Condition::EnemyWithin {
                range: 2.0,
                visible: false
            }),
            Effect::OnRoll {
                least: 3,
                then: vec![Effect::BonusDisengage]
            }
        ])
    );
    // A success that does more than give this fighter a bonus action is not this shape.
    assert!(
        effects_of(
            "Roll a dice. On a 3+, allocate 2 damage points to each visible enemy fighter \
             within 3\" of this fighter."
        )
        .is_err()
    );
}

/// Issue 30: bands of a roll whose damage is itself rolled: "D3 damage points", "D6 damage
/// points".
#[test]
fn abl5_bands_of_rolled_damage() {
    use crate::model::effects::Roll;
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 2\" of this fighter and roll 3 dice. For each \
             roll of 3-5, allocate D3 damage points to that fighter. For each roll of 6, \
             allocate D6 damage points to that fighter."
        ),
        Ok(vec![Effect::DamageOne {
            range: 2.0,
            amount: Amount::Fixed(0),
            roll: Some(Roll {
                dice: Amount::Fixed(3),
                bands: Vec::new(),
                rolled: vec![(3, 5, 3), (6, 6, 6)],
                upto_round: None
            }),
            only: None
        }])
    );
    // Only a D3 or a D6.
    assert!(
        effects_of(
            "Pick a visible enemy fighter within 2\" of this fighter and roll 3 dice. For each \
             roll of 3+, allocate D4 damage points to that fighter."
        )
        .is_err()
    );
}

/// Issue 30: only near a friend named by two runemarks, one of them a faction's.
#[test]
fn abl5_only_near_a_friend_with_two_runemarks() {
    use crate::model::effects::Condition;
    assert_eq!(
        effects_of(
            "A fighter can only use this ability if they are within 5\" of a visible friendly \
             fighter with the Ironclad faction runemark and the Hero runemark. This fighter \
             can make a bonus attack action."
        ),
        Ok(vec![
            Effect::Requires(Condition::FriendWithin {
                range: 5.0,
                visible: true,
                runemark: None,
                marks: Marks::of(&["ironclad", "hero"], &[]).unwrap()
            }),
            Effect::BonusAttack
        ])
    );
}

/// Issue 30: only within 1" of two or more enemies.
#[test]
fn abl5_only_near_two_or_more_enemies() {
    use crate::model::effects::{AttackKind, Condition, Stat};
    assert_eq!(
        effects_of(
            "A fighter can only use this ability if they are within 1\" of 2 or more enemy \
             fighters. Add 1 to the Attacks characteristic of the next melee attack action made \
             by this fighter."
        ),
        Ok(vec![
            Effect::Requires(Condition::EnemiesWithin {
                range: 1.0,
                count: 2
            }),
            Effect::NextBoost {
                only: Some(AttackKind::Melee),
                stat: Stat::Attacks,
                by: Amount::Fixed(1)
            }
        ])
    );
}
