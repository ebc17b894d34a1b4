//! The shapes read for the whole community set's cards in the session after the first
//! (issue 30): heals, conditions, guards, bonus actions, a reaction's damage to the attacker,
//! what is done for a picked friend; in words of our own.

use super::super::effects_of;
use crate::model::effects::Restriction as Rst;
use crate::model::effects::{Amount, Aura, Condition, Effect, Stat};

/// Issue 30: heals of this fighter and of each friendly fighter in reach, as the cards word
/// them.
#[test]
fn abl5_heals_of_this_fighter_and_of_each_friend_in_reach() {
    let each = |range, visible, others, amount, dice| {
        Ok(vec![Effect::HealEach {
            range,
            visible,
            others,
            amount,
            dice,
            marks: Default::default(),
        }])
    };
    for (text, want) in [
        (
            "Remove up to D6 damage points allocated to each friendly fighter within 3\" of this \
             fighter (roll for each).",
            each(3.0, false, false, Amount::Fixed(0), Some(6)),
        ),
        (
            "Remove a number of damage points up to the value of this ability allocated to each \
             friendly fighter within 4\" of this fighter.",
            each(4.0, false, false, Amount::Value, None),
        ),
        (
            "Remove a number of damage points from all visible friendly fighters within 6\" of \
             this fighter up to the value of this ability.",
            each(6.0, true, false, Amount::Value, None),
        ),
        (
            "Remove a number of damage points from each other friendly fighter within 3\" of \
             this fighter, up to half the value of this ability (rounding up).",
            each(3.0, false, true, Amount::HalfValueUp, None),
        ),
        (
            "Remove up to 3 damage points allocated to this fighter.",
            Ok(vec![Effect::Heal {
                amount: Amount::Fixed(3),
            }]),
        ),
    ] {
        assert_eq!(effects_of(text), want, "{text}");
    }
    // A dice of four sides is no Warcry dice.
    assert!(
        effects_of(
            "Remove up to D4 damage points allocated to each friendly fighter within 3\" of this \
             fighter (roll for each)."
        )
        .is_err()
    );
}

/// Issue 30: more conditions: no enemy near, a friend near, damage taken, the battle round.
#[test]
fn abl5_more_conditions_as_the_cards_word_them() {
    let only = |c: Condition| Ok(vec![Effect::Requires(c), Effect::BonusAttack]);
    let no_enemy = |range, visible| Condition::NoEnemyWithin { range, visible };
    let friend = |range, visible, runemark: Option<&str>| Condition::FriendWithin {
        range,
        visible,
        runemark: runemark.map(str::to_string),
        marks: Default::default(),
    };
    for (condition, want) in [
        (
            "they are not within 3\" of any enemy fighters",
            no_enemy(3.0, false),
        ),
        (
            "there are no enemy fighters within 6\" of this fighter",
            no_enemy(6.0, false),
        ),
        (
            "they are more than 8\" from any enemy fighters",
            no_enemy(8.0, false),
        ),
        (
            "there is a visible friendly fighter within 4\" of them",
            friend(4.0, true, None),
        ),
        (
            "they are within 6\" of a visible friendly fighter with the hero runemark",
            friend(6.0, true, Some("hero")),
        ),
        (
            "there is a visible friendly fighter with the minion runemark within 3\" of them",
            friend(3.0, true, Some("minion")),
        ),
        (
            "they have 5 or more damage points allocated to them",
            Condition::Damaged(5),
        ),
        ("it is the third battle round", Condition::Round(3)),
    ] {
        let text = format!(
            "A fighter can only use this ability if {condition}. This fighter makes a bonus \
             attack action."
        );
        assert_eq!(effects_of(&text), only(want), "{text}");
    }
    // Two runemarks are read as two, each one needed, not as one.
    let both = crate::model::effects::Marks::of(&["jade obelisk", "icon-bearer"], &[]).unwrap();
    assert_eq!(
        effects_of(
            "A fighter can only use this ability if they are within 3\" of a visible friendly \
             fighter with the jade obelisk and icon-bearer runemarks. This fighter makes a bonus \
             attack action."
        ),
        only(Condition::FriendWithin {
            range: 3.0,
            visible: true,
            runemark: None,
            marks: both
        })
    );
}

/// Issue 30: the attacks on this fighter, or on friends in its aura, softened for the round.
#[test]
fn abl5_guards_for_the_round() {
    use crate::model::effects::Guard;
    let less = |by, aura| {
        Ok(vec![Effect::RoundGuard {
            guard: Guard::LessDamage { by, min: 1 },
            aura,
        }])
    };
    assert_eq!(
        effects_of(
            "Until the end of the battle round, subtract 1 from the damage points allocated by \
             each hit and critical hit (to a minimum of 1) from attack actions that target this \
             fighter."
        ),
        less(Amount::Fixed(1), None)
    );
    assert_eq!(
        effects_of(
            "Until the end of the battle round, subtract 1 from the damage points allocated by \
             each hit and critical hit (to a minimum of 1) from attack actions that target \
             friendly fighters while they are within 3\" of this fighter."
        ),
        less(Amount::Fixed(1), Some(Aura::within(3.0, false)))
    );
    assert_eq!(
        effects_of(
            "Until the end of the battle round, count each critical hit from attack actions that \
             target this fighter as a hit instead."
        ),
        Ok(vec![Effect::RoundGuard {
            guard: Guard::CritsAsHits,
            aura: None
        }])
    );
}

/// Issue 30: a bonus move that must finish closer to the closest visible enemy, a bonus
/// disengage, and "can make" read as the bonus it offers.
#[test]
fn abl5_a_closer_bonus_move_a_bonus_disengage_and_can_make() {
    for (text, want) in [
        (
            "This fighter makes a bonus move action and must finish closer to the closest \
             visible enemy fighter than they were at the start of that move action.",
            vec![Effect::BonusMoveCloser { max: None }],
        ),
        (
            "This fighter makes a bonus move action of up to a number of inches equal to the \
             value of this ability and must finish closer to the closest visible enemy fighter \
             than they were at the start of that move action.",
            vec![Effect::BonusMoveCloser {
                max: Some(Amount::Value),
            }],
        ),
        (
            "This fighter makes a bonus attack action. Then, they can make a bonus disengage \
             action.",
            vec![Effect::BonusAttack, Effect::BonusDisengage],
        ),
        (
            "This fighter can make a bonus move action or a bonus attack action.",
            vec![Effect::BonusMoveOrAttack],
        ),
    ] {
        assert_eq!(effects_of(text), Ok(want), "{text}");
    }
}

/// Issue 30: a reaction's damage to the attacker for each hit, or when the rolls were so.
#[test]
fn abl5_a_reactions_damage_to_the_attacker_for_each_hit_or_when_the_rolls_were_so() {
    use crate::model::effects::{RollsWere, Trigger};
    let before = "A fighter can make this reaction when they are targeted by a melee attack action \
                  but before the hit rolls are made. ";
    let read = |rest: &str| effects_of(&format!("{before}{rest}"));
    let reaction = Effect::Reaction(Trigger::TargetedByMelee);
    assert_eq!(
        read(
            "For each hit roll from that attack action that hits, allocate 1 damage point to \
             the attacking fighter. For each critical hit, allocate 2 damage points to the \
             attacking fighter instead."
        ),
        Ok(vec![
            reaction.clone(),
            Effect::DamageAttackerPerHit { hit: 1, crit: 2 }
        ])
    );
    assert_eq!(
        read(
            "If none of the hit rolls from that attack action result in a critical hit, \
             allocate 3 damage points to the attacking fighter."
        ),
        Ok(vec![
            reaction.clone(),
            Effect::DamageAttackerIf(crate::model::effects::AttackerIf {
                when: RollsWere::NoCrits,
                amount: 3,
                heal: 0
            })
        ])
    );
    assert_eq!(
        read(
            "If each hit roll from that attack action results in a miss, allocate 2 damage \
             points to the attacking fighter."
        ),
        Ok(vec![
            reaction,
            Effect::DamageAttackerIf(crate::model::effects::AttackerIf {
                when: RollsWere::AllMissed,
                amount: 2,
                heal: 0
            })
        ])
    );
}

/// Issue 30: what is done for a picked friend: raised for the round or its next attack,
/// healed.
#[test]
fn abl5_what_is_done_for_a_picked_friend() {
    use crate::model::effects::FriendPick;
    let pick = |range, visible, runemark: Option<&str>| FriendPick {
        range,
        visible,
        runemark: runemark.map(str::to_string),
        marks: Default::default(),
        not: crate::model::effects::Marks::default(),
    };
    assert_eq!(
        effects_of(
            "Pick a visible friendly fighter within 6\" of this fighter. Until the end of the \
             battle round, add the value of this ability to the Strength characteristic of the \
             next melee attack action made by that fighter."
        ),
        Ok(vec![Effect::FriendBoost {
            pick: pick(6.0, true, None),
            stat: Stat::Strength,
            by: Amount::Value,
            melee_only: true,
            next: true,
        }])
    );
    assert_eq!(
        effects_of(
            "Pick a friendly fighter within 4\" of this fighter. Until the end of the battle \
             round, add 2 to the Move characteristic of that fighter."
        ),
        Ok(vec![Effect::FriendBoost {
            pick: pick(4.0, false, None),
            stat: Stat::Move,
            by: Amount::Fixed(2),
            melee_only: false,
            next: false,
        }])
    );
    assert_eq!(
        effects_of(
            "Pick a visible friendly fighter with the beast runemark within 3\" of this \
             fighter. Remove a number of damage points allocated to that fighter up to half the \
             value of this ability (rounding up)."
        ),
        Ok(vec![Effect::FriendHeal {
            pick: pick(3.0, true, Some("beast")),
            amount: Amount::HalfValueUp,
            dice: None,
            per_roll: None,
        }])
    );
}

/// Issue 30: a picked friend healed for each roll of the value in dice (in our words); a band
/// that stops short of 6 is not this heal.
#[test]
fn abl5_a_picked_friend_healed_for_each_roll() {
    assert_eq!(
        effects_of(
            "Pick a friendly fighter within 2\" of this fighter and roll a number of dice equal \
             to the value of this ability. For each roll of 5+, remove up to 2 damage points \
             allocated to that fighter."
        ),
        Ok(vec![Effect::FriendHeal {
            pick: crate::model::effects::FriendPick::new(2.0, false, Default::default()),
            amount: Amount::Fixed(2),
            dice: None,
            per_roll: Some((Amount::Value, 5)),
        }])
    );
    assert!(
        effects_of(
            "Pick a friendly fighter within 2\" of this fighter and roll 3 dice. For each roll \
             of 3-5, remove up to 2 damage points allocated to that fighter."
        )
        .is_err()
    );
}

/// Issue 30: a heal by the rolls of the value in dice.
#[test]
fn abl5_a_heal_by_rolls() {
    assert_eq!(
        effects_of(
            "Roll a number of dice equal to the value of this ability. For each roll of 4+, \
             remove up to 2 damage points allocated to this fighter."
        ),
        Ok(vec![Effect::HealRolled {
            dice: Amount::Value,
            least: 4,
            each: 2
        }])
    );
}

/// A bar on each enemy in reach (or, `while_within`, while within reach), for the round.
fn bar_each(range: f32, visible: bool, actions: &[Rst], while_within: bool) -> Effect {
    Effect::BarEach(crate::model::effects::Barring {
        range,
        visible,
        actions: actions.to_vec(),
        while_within,
        on_activation: false,
        roll: None,
    })
}

/// Issue 30: enemies in reach barred from reactions or abilities for the round.
#[test]
fn abl5_enemies_in_reach_barred_from_reactions_or_abilities() {
    use crate::model::effects::Restriction::{Abilities, Reactions};
    assert_eq!(
        effects_of(
            "Until the end of the battle round, enemy fighters within 3\" of this fighter cannot \
             make reactions."
        ),
        Ok(vec![bar_each(3.0, false, &[Reactions], false)])
    );
    assert_eq!(
        effects_of(
            "Until the end of the battle round, visible enemy fighters within 6\" of this \
             fighter cannot use abilities."
        ),
        Ok(vec![bar_each(6.0, true, &[Abilities], false)])
    );
    // "While they are within": every enemy, whenever it is within reach this round.
    assert_eq!(
        effects_of(
            "Until the end of the battle round, enemy fighters cannot use reactions or abilities \
             while they are within 5\" of this fighter."
        ),
        Ok(vec![bar_each(5.0, false, &[Reactions, Abilities], true)])
    );
}

/// Issue 30: critical hits on a lower roll for the activation.
#[test]
fn abl5_critical_hits_on_a_lower_roll() {
    use crate::model::effects::AttackKind;
    for (text, only) in [
        (
            "Until the end of this fighter's activation, missile attack actions made by this \
             fighter score a critical hit on a roll of 5+.",
            Some(AttackKind::Missile),
        ),
        (
            "Until the end of this fighter's activation, attack actions made by this fighter \
             score a critical hit on a 5+.",
            None,
        ),
    ] {
        assert_eq!(
            effects_of(text),
            Ok(vec![Effect::CritOn {
                least: 5,
                only,
                next: false
            }]),
            "{text}"
        );
    }
}

/// Issue 30: "This fighter makes a bonus attack action. In addition, add 1 to the Attacks and
/// Strength characteristics of that attack action": a raise for its next attack, the bonus
/// one; "that attack action" is only read after the bonus attack it names.
#[test]
fn abl5_a_bonus_attack_and_what_that_attack_is_raised_by() {
    let that = |stat, by| Effect::NextBoost {
        only: None,
        stat,
        by,
    };
    assert_eq!(
        effects_of(
            "This fighter makes a bonus attack action. In addition, add 1 to the Attacks and \
             Strength characteristics of that attack action."
        ),
        Ok(vec![
            Effect::BonusAttack,
            that(Stat::Attacks, Amount::Fixed(1)),
            that(Stat::Strength, Amount::Fixed(1))
        ])
    );
    assert_eq!(
        effects_of(
            "This fighter makes a bonus attack action. In addition, add half the value of this \
             ability (rounding up) to the damage points allocated to enemy fighters by each hit \
             and critical hit from that attack action."
        ),
        Ok(vec![
            Effect::BonusAttack,
            that(Stat::Damage, Amount::HalfValueUp),
            that(Stat::CritDamage, Amount::HalfValueUp)
        ])
    );
    assert!(effects_of("Add 1 to the Attacks characteristic of that attack action.").is_err());
}

/// Issue 30: bonus melee or missile attacks, a bonus move or disengage, and a move of the
/// value's inches as "makes" says it.
#[test]
fn abl5_bonus_attacks_of_a_kind_and_a_move_or_disengage() {
    for (text, want) in [
        (
            "This fighter makes a bonus missile attack action.",
            vec![Effect::BonusAttackOf { melee: false }],
        ),
        (
            "This fighter can make a bonus melee attack action.",
            vec![Effect::BonusAttackOf { melee: true }],
        ),
        (
            "This fighter makes a bonus move action or a bonus disengage action, then this \
             fighter makes a bonus attack action or a bonus move action.",
            vec![Effect::BonusMoveOrDisengage, Effect::BonusMoveOrAttack],
        ),
        (
            "This fighter makes a bonus move action up to a number of inches equal to the value \
             of this ability.",
            vec![Effect::BonusMove {
                max: Some(Amount::Value),
            }],
        ),
    ] {
        assert_eq!(effects_of(text), Ok(want), "{text}");
    }
}

/// Issue 30: the next move near an enemy, then a roll against the enemy picked.
#[test]
fn abl5_the_next_move_near_an_enemy_then_a_roll() {
    use crate::model::effects::{MoveTrigger, Roll};
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, the next time this fighter finishes a \
             move action within 1\" of an enemy fighter, pick a visible enemy fighter within 1\" \
             of this fighter and roll a dice. On a roll of 2-5, allocate 1 damage point to that \
             fighter. On a roll of 6, allocate a number of damage points to that fighter equal \
             to the value of this ability."
        ),
        Ok(vec![Effect::AfterMove {
            trigger: MoveTrigger::NearEnemy(1.0),
            then: vec![Effect::DamageOne {
                range: 1.0,
                amount: Amount::Fixed(0),
                roll: Some(Roll {
                    dice: Amount::Fixed(1),
                    bands: vec![(2, 5, Amount::Fixed(1)), (6, 6, Amount::Value)],
                    ..Roll::default()
                }),
                only: None,
            }],
        }])
    );
}

/// Issue 30: the activation's raises of missile attacks, and of Move and attacks together.
#[test]
fn abl5_raises_of_missile_attacks_and_of_move_and_attacks() {
    let boost = |stat, by, melee_only, missile_only| Effect::Boost {
        stat,
        by,
        melee_only,
        missile_only,
    };
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, add 1 to the Attacks characteristic of \
             missile attack actions made by this fighter."
        ),
        Ok(vec![boost(Stat::Attacks, Amount::Fixed(1), false, true)])
    );
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, add 2 to this fighter's Move \
             characteristic and the Attacks characteristic of melee attack actions made by this \
             fighter."
        ),
        Ok(vec![
            boost(Stat::Move, Amount::Fixed(2), false, false),
            boost(Stat::Attacks, Amount::Fixed(2), true, false)
        ])
    );
    // A raise of the friends' missile attacks' Attacks is not read (the fighter's own for
    // the round is: `picks::abl5_missile_attacks_raised_for_the_round`).
    assert!(
        effects_of(
            "Until the end of the battle round, add 1 to the Attacks characteristic of missile \
             attack actions made by friendly fighters while they are within 3\" of this fighter."
        )
        .is_err()
    );
}

/// Issue 30: raises for the next attack of two characteristics, "this activation", and two
/// raises joined by "and add".
#[test]
fn abl5_raises_of_two_characteristics_and_joined_raises() {
    let next = |stat| Effect::NextBoost {
        only: Some(crate::model::effects::AttackKind::Melee),
        stat,
        by: Amount::Fixed(1),
    };
    assert_eq!(
        effects_of(
            "Add 1 to the Attacks and Strength characteristics of the next melee attack action \
             made by this fighter this activation."
        ),
        Ok(vec![next(Stat::Attacks), next(Stat::Strength)])
    );
    let round = |stat| Effect::RoundBoost {
        stat,
        by: Amount::Fixed(1),
        melee_only: false,
        aura: None,
        missile_only: false,
    };
    assert_eq!(
        effects_of(
            "Until the end of the battle round, add 1 to the Toughness characteristic of this \
             fighter and add 1 to the Move characteristic of this fighter."
        ),
        Ok(vec![round(Stat::Toughness), round(Stat::Move)])
    );
}

/// Issue 30: flying for the activation; "was taken down" as "has been taken down".
#[test]
fn abl5_flying_for_the_activation_and_was_taken_down() {
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, this fighter can fly when making move \
             actions."
        ),
        Ok(vec![Effect::FlyThisActivation])
    );
    assert_eq!(
        effects_of(
            "A fighter can only use this ability if an enemy fighter was taken down by an attack \
             action made by them this activation. This fighter makes a bonus move action."
        ),
        Ok(vec![
            Effect::Requires(Condition::TookDownThisActivation),
            Effect::BonusMove { max: None }
        ])
    );
}
