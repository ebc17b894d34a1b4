//! The shapes read for the whole community set's cards in the third session of issue 30:
//! auras for the friends with a runemark (or other than the fighter itself), and the
//! variants of wording made one; in words of our own.

use super::super::effects_of;
use crate::model::effects::{Amount, Aura, Effect, Guard, Marks, Stat};

fn marked(range: f32, all: &[&str], any: &[&str], others: bool) -> Option<Aura> {
    Some(Aura {
        others,
        marks: Marks::of(all, any).unwrap(),
        ..Aura::within(range, false)
    })
}

fn round(stat: Stat, by: u32, melee_only: bool, aura: Option<Aura>) -> Effect {
    Effect::RoundBoost {
        stat,
        by: Amount::Fixed(by),
        melee_only,
        aura,
        missile_only: false,
    }
}

/// Issue 30: an aura's friends named by runemarks, by a faction runemark, by two runemarks or
/// one of two, and "other" friends; the raise of an attack characteristic "of friendly
/// fighters" is that of their attack actions.
#[test]
fn abl5_auras_of_friends_with_runemarks() {
    assert_eq!(
        effects_of(
            "Until the end of the battle round, add 1 to the Toughness characteristic of \
             friendly fighters with the Stoneguard faction runemark while they are within 4\" \
             of this fighter."
        ),
        Ok(vec![round(
            Stat::Toughness,
            1,
            false,
            marked(4.0, &["stoneguard"], &[], false)
        )])
    );
    assert_eq!(
        effects_of(
            "Until the end of the battle round, add 1 to the Attacks characteristic of melee \
             attack actions made by other friendly fighters with both the Warden runemark and \
             the Hero runemark while they are within 3\" of this fighter."
        ),
        Ok(vec![round(
            Stat::Attacks,
            1,
            true,
            marked(3.0, &["warden", "hero"], &[], true)
        )])
    );
    assert_eq!(
        effects_of(
            "Until the end of the battle round, add 1 to the Attacks characteristic of friendly \
             fighters with the Stoneguard faction runemark and either the Fly runemark or the \
             Beast runemark while they are within 6\" of this fighter."
        ),
        Ok(vec![round(
            Stat::Attacks,
            1,
            false,
            marked(6.0, &["stoneguard"], &["fly", "beast"], false)
        )])
    );
    // The duration at the end, "the Move and the Toughness characteristics".
    assert_eq!(
        effects_of(
            "Add 1 to the Move and the Toughness characteristics of friendly fighters with both \
             the Stoneguard and the Minion runemarks while they are within 3\" of this fighter \
             for the rest of the battle round."
        ),
        Ok(vec![
            round(
                Stat::Move,
                1,
                false,
                marked(3.0, &["stoneguard", "minion"], &[], false)
            ),
            round(
                Stat::Toughness,
                1,
                false,
                marked(3.0, &["stoneguard", "minion"], &[], false)
            )
        ])
    );
}

/// Issue 30: a guard for the friends with a runemark, and one for those with either of two.
#[test]
fn abl5_guards_and_move_auras_of_friends_with_runemarks() {
    assert_eq!(
        effects_of(
            "Until the end of the battle round, subtract 1 from the damage points allocated by \
             each hit and critical hit (to a minimum of 1) from attack actions that target \
             friendly fighters with the Elite or Hero runemarks while they are within 3\" of \
             this fighter."
        ),
        Ok(vec![Effect::RoundGuard {
            guard: Guard::LessDamage {
                by: Amount::Fixed(1),
                min: 1
            },
            aura: marked(3.0, &[], &["elite", "hero"], false)
        }])
    );
    assert_eq!(
        effects_of(
            "Until the end of the battle round, add half the value of this ability (rounding up) \
             to the Move characteristic of friendly fighters with the Stoneguard runemark while \
             they make a move action that starts within 6\" of this fighter."
        ),
        Ok(vec![Effect::RoundBoost {
            stat: Stat::Move,
            by: Amount::HalfValueUp,
            melee_only: false,
            aura: marked(6.0, &["stoneguard"], &[], false),
            missile_only: false,
        }])
    );
}

/// Issue 30: the conditions on friends near and on hurt fighters, as the cards word them.
#[test]
fn abl5_conditions_on_friends_and_hurt_fighters() {
    use crate::model::effects::Condition;
    let first = |s: &str| {
        effects_of(&format!(
            "{s} Remove 1 damage point allocated to this fighter."
        ))
        .map(|e| e[0].clone())
    };
    assert_eq!(
        first(
            "A fighter can only use this ability if there are no other friendly fighters within \
             3\" of this fighter."
        ),
        Ok(Effect::Requires(Condition::NoFriendWithin { range: 3.0 }))
    );
    let hurt = |friend, visible| {
        Ok(Effect::Requires(Condition::HurtWithin {
            friend,
            range: 6.0,
            visible,
            damage: 2,
        }))
    };
    assert_eq!(
        first(
            "A fighter can only use this ability if they are within 6\" of a visible enemy \
             fighter with 2 or more damage points allocated to them."
        ),
        hurt(false, true)
    );
    assert_eq!(
        first(
            "A fighter can use this ability only if there is a visible enemy fighter within 6\" \
             of them that has 2 or more damage points allocated to them."
        ),
        hurt(false, true)
    );
    assert_eq!(
        first(
            "A fighter can only use this ability if there is another friendly fighter within 6\" \
             of this fighter with 2 or more damage points allocated to them."
        ),
        hurt(true, false)
    );
}

/// Issue 30: the next move and the next attack's damage, in each wording the cards use.
#[test]
fn abl5_next_move_and_next_damage_in_their_wordings() {
    use crate::model::effects::AttackKind;
    let next = |stat, by, only| Effect::NextBoost { only, stat, by };
    for s in [
        "Add 2 to this fighter's Move characteristic for their next move action this activation.",
        "Add 2 to the Move characteristic of the next move action made by this fighter in this \
         activation.",
        "Add 2 to the Move characteristic of this fighter for the next move action they make \
         this activation.",
    ] {
        assert_eq!(
            effects_of(s),
            Ok(vec![next(Stat::Move, Amount::Fixed(2), None)]),
            "{s}"
        );
    }
    assert_eq!(
        effects_of(
            "Add half the value of this ability (rounding up) to the damage points allocated by \
             each critical hit from the next attack action made by this fighter this activation."
        ),
        Ok(vec![next(Stat::CritDamage, Amount::HalfValueUp, None)])
    );
    assert_eq!(
        effects_of(
            "Add 1 to the damage points allocated by each hit and each critical hit from the next \
             melee attack action made by this fighter this activation."
        ),
        Ok(vec![
            next(Stat::Damage, Amount::Fixed(1), Some(AttackKind::Melee)),
            next(Stat::CritDamage, Amount::Fixed(1), Some(AttackKind::Melee))
        ])
    );
}

/// Issue 30: fewer dice for the attacks on this fighter, or on any fighter within reach.
#[test]
fn abl5_guards_taking_dice_off_attacks() {
    let fewer = |melee_only, aura| {
        Ok(vec![Effect::RoundGuard {
            guard: Guard::FewerAttacks {
                by: Amount::Fixed(1),
                min: 1,
                melee_only,
            },
            aura,
        }])
    };
    assert_eq!(
        effects_of(
            "Until the end of the battle round, subtract 1 from the Attacks characteristic (to \
             a minimum of 1) of melee attack actions made by enemy fighters that target this \
             fighter."
        ),
        fewer(true, None)
    );
    assert_eq!(
        effects_of(
            "Until the end of the battle round, subtract 1 from the Attacks characteristic (to \
             a minimum of 1) of attack actions that target this fighter."
        ),
        fewer(false, None)
    );
    assert_eq!(
        effects_of(
            "Until the end of the battle round, subtract 1 from the Attacks characteristic (to \
             a minimum of 1) of attack actions made by enemy fighters while they target a \
             fighter within 3\" of this fighter."
        ),
        fewer(false, Some(Aura::within(3.0, false)))
    );
}

/// Issue 30: a reaction taking damage off each hit and critical hit; hit rolls of N+ dealing
/// damage to the attacker; damage to each visible enemy in reach in a fixed number; the next
/// attack's Strength and its damage raised in one sentence.
#[test]
fn abl5_reaction_answers_damage_each_and_next_attack_with_its_damage() {
    use crate::model::effects::AttackKind;
    assert_eq!(
        effects_of(
            "Subtract 1 from the damage points allocated to this fighter by each hit and \
             critical hit from that attack action (to a minimum of 1)."
        ),
        Ok(vec![Effect::LessDamagePerHit {
            by: Amount::Fixed(1),
            crits: true
        }])
    );
    assert_eq!(
        effects_of(
            "For each hit roll of 5+ from that attack action, allocate 1 damage points to the \
             attacking fighter."
        ),
        Ok(vec![Effect::DamageAttackerPerRoll {
            least: 5,
            most: 6,
            amount: Amount::Fixed(1)
        }])
    );
    assert_eq!(
        effects_of(
            "Allocate 2 damage points to all visible enemy fighters within 3\" of this fighter."
        ),
        Ok(vec![Effect::DamageEach {
            range: 3.0,
            amount: Amount::Fixed(2),
            roll: None,
            visible: true
        }])
    );
    let next = |stat, by| Effect::NextBoost {
        only: Some(AttackKind::Melee),
        stat,
        by: Amount::Fixed(by),
    };
    assert_eq!(
        effects_of(
            "Add 1 to the Strength characteristic of the next melee attack action made by this \
             fighter this activation and add 2 to the damage points allocated by each hit and \
             critical hit from that attack action."
        ),
        Ok(vec![
            next(Stat::Strength, 1),
            next(Stat::Damage, 2),
            next(Stat::CritDamage, 2)
        ])
    );
}

/// Issue 30, INI-3: wild dice saved after a roll, or one as it is.
#[test]
fn abl5_wild_dice_saved_for_a_later_round() {
    assert_eq!(
        effects_of(
            "Roll a number of dice equal to the value of this ability. For each roll of 5+, add \
             one wild dice to your saved wild dice."
        ),
        Ok(vec![Effect::SaveWildDice {
            dice: Amount::Value,
            least: 5
        }])
    );
    assert_eq!(
        effects_of("Add one wild dice to your saved wild dice."),
        Ok(vec![Effect::SaveWildDice {
            dice: Amount::Fixed(1),
            least: 0
        }])
    );
}

/// Issue 30, MOVE-3: a move away from an enemy near, with a raise of Move, for the activation.
#[test]
fn abl5_moving_away_from_an_enemy_near() {
    assert_eq!(
        effects_of(
            "For the rest of this fighter's activation, add 2 to their Move characteristic and \
             they can make move actions even if they are within 1\" of an enemy fighter."
        ),
        Ok(vec![
            Effect::Boost {
                stat: Stat::Move,
                by: Amount::Fixed(2),
                melee_only: false,
                missile_only: false
            },
            Effect::MoveWhileEngaged
        ])
    );
}

/// Issue 30, DIS-1: a disengage that may end near enemies, for the activation.
#[test]
fn abl5_a_disengage_ending_near_enemies() {
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, this fighter can finish disengage \
             actions within 1\" of enemy fighters."
        ),
        Ok(vec![Effect::DisengageEndNear])
    );
}

/// Issue 30: picks the card gives no range (anywhere on the battlefield) or "within N"" with
/// no "of this fighter".
#[test]
fn abl5_picks_with_no_range_or_a_short_one() {
    use crate::model::effects::{ANYWHERE, FriendPick, Roll};
    assert_eq!(
        effects_of(
            "Pick a visible friendly fighter. Until the end of the battle round, add 1 to the \
             Attacks and Strength characteristics of attack actions made by that fighter."
        ),
        Ok([Stat::Attacks, Stat::Strength]
            .into_iter()
            .map(|stat| Effect::FriendBoost {
                pick: FriendPick {
                    range: ANYWHERE,
                    visible: true,
                    runemark: None,
                    marks: Default::default(),
                    not: crate::model::effects::Marks::default(),
                },
                stat,
                by: Amount::Fixed(1),
                melee_only: false,
                next: false
            })
            .collect())
    );
    let damage = |range| {
        Ok(vec![Effect::DamageOne {
            range,
            amount: Amount::Fixed(0),
            roll: Some(Roll {
                dice: Amount::Value,
                bands: vec![(4, 6, Amount::Fixed(1))],
                rolled: Vec::new(),
                upto_round: None,
            }),
            only: None,
        }])
    };
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter and roll a number of dice equal to the value of this \
             ability. For each roll of 4+, allocate 1 damage point to that fighter."
        ),
        damage(ANYWHERE)
    );
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 12\" and roll a number of dice equal to the value \
             of this ability. For each roll of 4+, allocate 1 damage point to that fighter."
        ),
        damage(12.0)
    );
}

/// Issue 30: "that bonus attack action" raised in the words a few cards use ("scored from",
/// with no "to enemy fighters").
#[test]
fn abl5_a_bonus_attack_raised_in_other_words() {
    assert_eq!(
        effects_of(
            "This fighter makes a bonus melee attack action. In addition, add 2 to the damage \
             points allocated by each critical hit scored from that bonus attack aciton."
        ),
        Ok(vec![
            Effect::BonusAttackOf { melee: true },
            Effect::NextBoost {
                only: None,
                stat: Stat::CritDamage,
                by: Amount::Fixed(2)
            }
        ])
    );
}

/// Issue 30: the fighter set up again anywhere, on the floor only, or away from enemies.
#[test]
fn abl5_the_fighter_set_up_again_elsewhere() {
    let relocate = |away, floor_only| {
        Ok(vec![Effect::Relocate {
            away,
            floor_only,
            less_value: false,
        }])
    };
    assert_eq!(
        effects_of(
            "Remove this fighter from the battlefield, then set them up on a platform or the \
             battlefield floor, more than 3\" from all enemy fighters."
        ),
        relocate(Some(3.0), false)
    );
    assert_eq!(
        effects_of(
            "Remove this fighter from the battlefield and set them up anywhere on the \
             battlefield floor more than 6\" from any enemy fighters."
        ),
        relocate(Some(6.0), true)
    );
    assert_eq!(
        effects_of(
            "Remove this fighter from the battlefield and then immediately set them up anywhere \
             on the battlefield."
        ),
        relocate(None, false)
    );
}

/// Issue 30: a hit of the next (missile) attack counted as a critical hit.
#[test]
fn abl5_a_hit_of_the_next_attack_as_a_critical_hit() {
    use crate::model::effects::AttackKind;
    assert_eq!(
        effects_of(
            "You can count 1 hit from the next missile attack action made by this fighter as a \
             critical hit instead."
        ),
        Ok(vec![Effect::NextHitsAsCrits {
            n: Amount::Fixed(1),
            only: Some(AttackKind::Missile)
        }])
    );
}

/// Issue 30, MOVE-5: climbs free of their height for the activation.
#[test]
fn abl5_climbs_free_of_their_height() {
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, do not count the vertical distance moved \
             when this fighter is climbing."
        ),
        Ok(vec![Effect::FreeClimb])
    );
}

/// Issue 30: a picked enemy's Attacks or Move lowered for the round.
#[test]
fn abl5_a_picked_enemy_lowered_for_the_round() {
    let lower = |stat, by, min| {
        Ok(vec![Effect::LowerPicked(
            crate::model::effects::PickedLowering {
                range: 6.0,
                visible: true,
                stat,
                by,
                min,
                activation: false,
                melee_only: false,
                how: crate::model::effects::Lowering::By,
                spares_me: false,
            },
        )])
    };
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 6\" of this fighter. Until the end of the battle \
             round, subtract 1 from the Attacks characteristic (to a minimum of 1) of attack \
             actions made by that fighter."
        ),
        lower(Stat::Attacks, Amount::Fixed(1), 1)
    );
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 6\" of this fighter. Subtract half the value of \
             this ability (rounding up) from that fighter's Move characteristic (to a minimum \
             of 3) until the end of the battle round."
        ),
        lower(Stat::Move, Amount::HalfValueUp, 3)
    );
}
