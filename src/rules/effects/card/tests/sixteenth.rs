//! Issue 30, sixteenth session: more of the long tail's wordings, in our own words.

use super::*;
use crate::model::effects::{Condition, PointDamage};
use crate::rules::effects::describe;

/// REA-1, ABL-5: a reaction's answer that is larger "if this fighter has the Hero runemark
/// and is within N\" of another friendly fighter with ...": both must hold, read as one
/// condition on the answer; the friend's marks "the R runemark and the S or T runemark".
#[test]
fn rea1_abl5_a_reaction_answers_more_when_both_conditions_hold() {
    let e = effects_of(
        "A fighter can make this reaction after they are targeted by an attack action but \
         before the hit rolls are made. Count up to one critical hit from that attack action \
         as hits instead. If this fighter has the Hero runemark and is within 4\" of another \
         friendly fighter with the Vanguard runemark and the Brute or Scout runemark, count up \
         to two critical hits from that attack action as hits instead.",
    )
    .unwrap();
    let friend = Condition::FriendWithin {
        range: 4.0,
        visible: false,
        runemark: None,
        marks: Marks::of(&["vanguard"], &["brute", "scout"]).unwrap(),
    };
    assert_eq!(
        e,
        vec![
            Effect::Reaction(crate::model::effects::Trigger::TargetedByAttack),
            Effect::When {
                when: Condition::Both(
                    Box::new(Condition::Marked(Marks::of(&["hero"], &[]).unwrap())),
                    Box::new(friend),
                ),
                then: vec![Effect::CritsAsHits {
                    up_to: Amount::Fixed(2)
                }],
                otherwise: vec![Effect::CritsAsHits {
                    up_to: Amount::Fixed(1)
                }],
            },
        ]
    );
    assert_eq!(
        describe(&e, None),
        "(a reaction when targeted by an attack); up to 1 critical hit counts as a hit; up to \
         2 critical hits count as hits instead (for a fighter with the hero runemark and with \
         a friend with the vanguard and brute or scout runemarks within 4\")"
    );
}

/// ABL-1, ABL-5: "only if an enemy fighter has been taken down by a melee attack action made
/// by them this activation" + "this fighter now has a *potent vial* until the end of the
/// battle" + what the vial does, said by the card: one condition and one effect.
#[test]
fn abl5_a_potent_vial_after_a_melee_takedown() {
    let e = effects_of(
        "A fighter can use this ability only if an enemy fighter has been taken down by a melee \
         attack action made by them this activation. This fighter now has a *potent vial* until \
         the end of the battle. While a fighter has a potent vial, when they use an ability, the \
         value of the ability is treated as being 6 even if the ability dice show a different \
         score.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![
            Effect::Requires(Condition::TookDownInMelee),
            Effect::PotentVial
        ]
    );
    assert_eq!(
        describe(&e, Some(2)),
        "(having taken down an enemy with a melee attack this activation); it has a potent \
         vial: the abilities it uses have a value of 6 for the rest of the battle"
    );
}

/// CMB-2, ABL-5: "each other friendly fighter with the R runemark that is within N\" of this
/// fighter and that has any damage points allocated to them can make a bonus move action or a
/// bonus attack action" + "this cannot affect friendly fighters with the Beast runemark": the
/// aura takes only hurt friends, not Beasts.
#[test]
fn cmb2_abl5_each_hurt_friend_with_a_runemark_makes_a_bonus_action() {
    let e = effects_of(
        "Each other friendly fighter with the Vanguard runemark that is within 5\" of this \
         fighter and that has any damage points allocated to them can make a bonus move action \
         or a bonus attack action. This cannot affect friendly fighters with the Beast runemark.",
    )
    .unwrap();
    let aura = Aura {
        range: 5.0,
        others: true,
        marks: Marks::of(&["vanguard"], &[]).unwrap(),
        not: Marks::of(&["beast"], &[]).unwrap(),
        hurt: true,
        ..Aura::default()
    };
    assert_eq!(
        e,
        vec![Effect::EachFriendBonusMove {
            aura,
            or_attack: true,
            closer: false,
        }]
    );
    assert_eq!(
        describe(&e, None),
        "a bonus move or attack action, in turn, for the other friendly fighters with the \
         vanguard runemark (not those with the beast runemark) that have damage allocated \
         within 5\""
    );
}

/// ABL-5: "pick a point on the battlefield that is visible to this fighter" + "allocate a
/// number of damage points equal to the value of this ability to all enemy fighters within
/// 2\" of that point": a point pick at any distance, damage to each enemy near it.
#[test]
fn abl5_damage_to_every_enemy_near_a_point_it_can_see() {
    let e = effects_of(
        "Pick a point on the battlefield that is visible to this fighter. Allocate a number of \
         damage points equal to the value of this ability to all enemy fighters within 2\" of \
         that point.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![Effect::DamageAtPoint(PointDamage {
            within: crate::model::effects::ANYWHERE,
            around: 2.0,
            amount: Amount::Value,
            roll: None,
        })]
    );
    assert_eq!(
        describe(&e, Some(3)),
        "every enemy within 2\" of a point it can see: 3 damage"
    );
    assert_eq!(
        e[0].placing(),
        Some(crate::model::effects::Placing::Point {
            within: crate::model::effects::ANYWHERE,
            around: 2.0
        })
    );
}

/// ABL-5: "... within 10\" of and visible to this fighter, and roll a number of dice equal to
/// the value of this ability" + "for each roll of 5+, allocate D3 damage points to each enemy
/// fighter within 2\" of that point": the roll and its D3 for each success.
#[test]
fn abl5_rolled_damage_to_every_enemy_near_a_point_in_reach() {
    let e = effects_of(
        "Pick a point on the battlefield within 10\" of and visible to this fighter, and roll a \
         number of dice equal to the value of this ability. For each roll of 5+, allocate D3 \
         damage points to each enemy fighter within 2\" of that point.",
    )
    .unwrap();
    let roll = crate::model::effects::Roll {
        dice: Amount::Value,
        bands: Vec::new(),
        rolled: vec![(5, 6, 3)],
        upto_round: None,
    };
    assert_eq!(
        e,
        vec![Effect::DamageAtPoint(PointDamage {
            within: 10.0,
            around: 2.0,
            amount: Amount::Fixed(0),
            roll: Some(roll),
        })]
    );
    assert_eq!(
        describe(&e, Some(4)),
        "roll 4 dice: each 5+ deals D3 to every enemy within 2\" of a point it can see within \
         10\" (rolled for each)"
    );
}

/// REA-1, ABL-5: "a fighter can make this reaction when they are targeted by a melee attack
/// action" + "after the damage is totalled but before it is allocated to this fighter, roll a
/// dice for each critical hit scored from that attack action" + "for each 4+, allocate 2
/// damage points to the fighter that made that attack action".
#[test]
fn rea1_abl5_a_dice_for_each_critical_hit_strikes_back_at_the_attacker() {
    let e = effects_of(
        "A fighter can make this reaction when they are targeted by a melee attack action. \
         After the damage is totalled but before it is allocated to this fighter, roll a dice \
         for each critical hit scored from that attack action. For each 4+, allocate 2 damage \
         points to the fighter that made that attack action.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![
            Effect::Reaction(crate::model::effects::Trigger::TargetedByMelee),
            Effect::DamageAttackerPerCrit {
                least: 4,
                amount: 2
            },
        ]
    );
    assert_eq!(
        describe(&e, None),
        "(a reaction when targeted by a melee attack); once the damage is totalled, a dice for \
         each critical hit: each 4+ deals 2 damage to the attacker"
    );
}

/// REA-1, ABL-5: "for each hit roll of 1 from that attack action, allocate 2 damage points to
/// the attacking fighter, or if this fighter has the Agile runemark, allocate 2 damage points
/// to each enemy fighter within 1\" instead": the answer depends on the reacting fighter.
#[test]
fn rea1_abl5_low_rolls_strike_the_attacker_or_every_enemy_near_an_agile_fighter() {
    let e = effects_of(
        "A fighter can make this reaction after they are targeted by a melee attack action but \
         before the hit rolls are made. For each hit roll of 1 from that attack action, allocate \
         2 damage points to the attacking fighter, or if this fighter has the Agile runemark, \
         allocate 2 damage points to each enemy fighter within 1\" instead.",
    )
    .unwrap();
    assert_eq!(
        e[1],
        Effect::When {
            when: Condition::Marked(Marks::of(&["agile"], &[]).unwrap()),
            then: vec![Effect::DamageAroundPerRoll {
                face: 1,
                amount: 2,
                range: 1.0
            }],
            otherwise: vec![Effect::DamageAttackerPerRoll {
                least: 1,
                most: 1,
                amount: Amount::Fixed(2)
            }],
        }
    );
}

/// ABL-5: "pick a visible enemy fighter with the Monster runemark that is within 6\" of this
/// fighter" + "until the end of the battle round, that enemy fighter cannot end move actions
/// further from this fighter": a pick by runemark, held to this fighter.
#[test]
fn abl5_an_enemy_monster_may_not_end_a_move_farther_from_this_fighter() {
    use crate::model::effects::{PickOnly, Restriction};
    let e = effects_of(
        "Pick a visible enemy fighter with the Monster runemark that is within 6\" of this \
         fighter. Until the end of the battle round, that enemy fighter cannot end move actions \
         further from this fighter.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![Effect::Restrict {
            range: 6.0,
            visible: true,
            actions: vec![Restriction::MoveAway],
            only: Some(PickOnly::Marked(Marks::of(&["monster"], &[]).unwrap())),
        }]
    );
    assert_eq!(
        describe(&e, None),
        "a visible enemy with the monster runemark within 6\" may not end a move farther from it \
         until the end of the round"
    );
}

/// ABL-5: "until the end of the battle round, enemy fighters that begin their activation
/// within 3\" of this fighter cannot make disengage actions or end move actions further from
/// this fighter": an aura that bars each enemy as its activation begins in it.
#[test]
fn abl5_enemies_beginning_their_activation_near_it_are_held() {
    use crate::model::effects::Restriction;
    let e = effects_of(
        "Until the end of the battle round, enemy fighters that begin their activation within 3\" \
         of this fighter cannot make disengage actions or end move actions further from this \
         fighter.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![Effect::BarEach(crate::model::effects::Barring {
            range: 3.0,
            visible: false,
            actions: vec![Restriction::Disengage, Restriction::MoveAway],
            while_within: false,
            on_activation: true,
            roll: None,
        })]
    );
}

/// ABL-5: "pick an enemy fighter within 3\" of this fighter and roll a dice" + "on a 3+, that
/// fighter makes 1 less action in their next activation (to a minimum of 1)".
#[test]
fn abl5_a_roll_takes_an_action_from_the_enemys_next_activation() {
    use crate::model::effects::OnSuccess;
    let e = effects_of(
        "Pick an enemy fighter within 3\" of this fighter and roll a dice. On a 4+, that fighter \
         makes 1 less action in their next activation (to a minimum of 1).",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![Effect::RollAgainst {
            range: 3.0,
            visible: false,
            runemark: None,
            dice: Amount::Fixed(1),
            least: 4,
            then: OnSuccess::FewerNextActivation,
        }]
    );
}

/// ABL-5: "only if this fighter has not made a move or disengage action this activation, and
/// if a fighter uses this ability they cannot make a move or disengage action this activation"
/// + raises for the activation ", and until the end of the battle round" another.
#[test]
fn abl5_a_stance_before_any_move_bars_moving_for_the_activation() {
    use crate::model::effects::Restriction;
    let e = effects_of(
        "A fighter can only use this ability if this fighter has not made a move or disengage \
         action this activation, and if a fighter uses this ability they cannot make a move or \
         disengage action this activation. Until the end of this fighter's activation, add 2 to \
         the Strength characteristic of melee attack actions made by this fighter, and until \
         the end of the battle round, add 1 to the Toughness characteristic of this fighter.",
    )
    .unwrap();
    assert_eq!(e[0], Effect::Requires(Condition::NoMoveNorDisengage));
    assert_eq!(
        e[1],
        Effect::BarSelf(vec![Restriction::Move, Restriction::Disengage])
    );
    assert_eq!(
        describe(&e, None),
        "(before any move or disengage action this activation); it may not move or disengage for \
         the rest of its activation; +2 Strength for melee attacks until the end of the \
         activation; +1 Toughness until the end of the round"
    );
}

/// CMB-2, ABL-5: "pick an enemy fighter within 1\" of this fighter" + "each friendly fighter
/// with the R runemark within 3\" of that enemy fighter can make one bonus attack action that
/// must target that enemy fighter".
#[test]
fn cmb2_abl5_friends_round_the_picked_enemy_each_attack_it() {
    let e = effects_of(
        "Pick an enemy fighter within 1\" of this fighter. Each friendly fighter with the \
         Vanguard runemark within 3\" of that enemy fighter can make one bonus attack action \
         that must target that enemy fighter.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![Effect::GangUp(crate::model::effects::GangUp {
            range: 1.0,
            visible: false,
            marks: Marks::of(&["vanguard"], &[]).unwrap(),
            around: 3.0,
        })]
    );
}

/// CMB-2, ABL-5: "only if they are within 2\" of a friendly Tall Bjorn" + "that Tall Bjorn
/// makes a bonus attack action that has a Bow Weapon runemark": the named friend's bonus
/// attack with a weapon bearing the runemark.
#[test]
fn cmb2_abl5_a_named_friend_attacks_with_a_weapon_of_a_runemark() {
    let e = effects_of(
        "A fighter can use this ability only if they are within 2\" of a friendly Tall Bjorn. \
         That Tall Bjorn makes a bonus attack action that has a Bow Weapon runemark.",
    )
    .unwrap();
    let Effect::FriendBonusAttack {
        range,
        runemark,
        weapon,
        melee: false,
        ..
    } = &e[1]
    else {
        panic!("{e:?}")
    };
    assert_eq!(
        (*range, runemark.as_deref()),
        (2.0, Some("named tall bjorn"))
    );
    assert!(crate::model::effects::weapon_fits(*weapon, Some("bow")));
    assert!(!crate::model::effects::weapon_fits(*weapon, Some("sword")));
}
