//! Issue 30, seventeenth session: more of the long tail's wordings, in our own words.

use super::*;
use crate::model::effects::FriendPick;
use crate::rules::effects::describe;

/// ABL-5: "the following apply to this fighter's next melee attack action if the target has a
/// higher Wounds characteristic than this fighter or has the Hero runemark", then a bullet
/// for each raise: one raise of that attack, for such a target only.
#[test]
fn abl5_bullets_raise_the_next_attack_on_a_bigger_enemy() {
    use crate::model::effects::{AttackKind, TargetIs};
    let e = effects_of(
        "The following apply to this fighter's next melee attack action if the target has a \
         higher Wounds characteristic than this fighter or has the Hero runemark: • Add 1 to \
         the Attacks characteristic of that attack action. • Critical hits are scored on a 4+ \
         for that attack action.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![Effect::NextIfTarget {
            target: TargetIs::Bigger,
            then: vec![
                Effect::NextBoost {
                    stat: Stat::Attacks,
                    by: Amount::Fixed(1),
                    only: Some(AttackKind::Melee),
                },
                Effect::CritOn {
                    least: 4,
                    only: Some(AttackKind::Melee),
                    next: true,
                },
            ],
        }]
    );
    assert!(
        describe(&e, None).starts_with("if its next attack is on an enemy with more Wounds"),
        "{}",
        describe(&e, None)
    );
    // A bullet it can't read leaves the whole ability by hand.
    assert!(
        effects_of(
            "The following apply to this fighter's next melee attack action if the target has \
             a higher Wounds characteristic than this fighter or has the Hero runemark: • Add 1 \
             to the Attacks characteristic of that attack action. • The target is set on fire.",
        )
        .is_err()
    );
}

/// CMB-2, ABL-5: "... after the enemy fighter is taken down by a melee attack action made this
/// fighter, this fighter can make a bonus move action nor a bonus attack action": the card's
/// misprints read as the sentence it means, for melee takedowns only.
#[test]
fn cmb2_abl5_a_bonus_after_a_melee_takedown_despite_the_misprint() {
    let e = effects_of(
        "Until the end of this fighter's activation, after the enemy fighter is taken down by a \
         melee attack action made this fighter, this fighter can make a bonus move action nor a \
         bonus attack action.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![Effect::AfterTakedown {
            then: vec![Effect::BonusMoveOrAttack],
            melee: true,
        }]
    );
    assert_eq!(
        describe(&e, None),
        "until the end of its activation, each time its melee attack action takes an enemy \
         down: a bonus move or attack action"
    );
}

/// MOVE-7, ABL-5: "this fighter makes a bonus move action up to N\" and can fly as part of
/// that move action" (or "of up to N\", and can fly when they do so"): a bonus move it may fly
/// in; "after this fighter finishes that move, you can pick a visible enemy fighter within
/// 1\" ... If you do so, allocate ..." is the damage after a bonus move ending by an enemy.
#[test]
fn move7_abl5_a_bonus_move_flown_then_damage_beside_an_enemy() {
    use crate::model::effects::MoveTrigger;
    for text in [
        "This fighter makes a bonus move action up to 4\" and can fly as part of that move \
         action.",
        "This fighter can make a bonus move action of up to 4\", and can fly when they do so.",
    ] {
        assert_eq!(
            effects_of(text),
            Ok(vec![Effect::FlyingBonusMove {
                max: Amount::Fixed(4)
            }]),
            "{text}"
        );
    }
    let e = effects_of(
        "This fighter makes a bonus move action up to 4\" and can fly as part of that move \
         action. After this fighter finishes that move, you can pick a visible enemy fighter \
         within 1\" of this fighter. If you do so, allocate 2 damage points to that fighter.",
    )
    .unwrap();
    assert_eq!(
        e[1],
        Effect::AfterMove {
            trigger: MoveTrigger::BonusNearEnemy(1.0),
            then: vec![Effect::DamageOne {
                range: 1.0,
                amount: Amount::Fixed(2),
                roll: None,
                only: None,
            }],
        }
    );
    assert!(describe(&e, None).starts_with("a bonus move action of up to 4\", flying"));
}

/// ABL-5, GEN-7: a friend picked "to dispense some sagely wisdom to" is a friend picked; "add
/// 1 to that fighter's Move characteristic and the Attacks characteristic of melee attack
/// actions made by that fighter until the end of the round" is two raises; "that fighter
/// counts as 2 additional fighters for the purpose of controlling objectives" is the friend's
/// count for the round.
#[test]
fn gen7_abl5_a_friend_raised_twice_and_counted_more() {
    let e = effects_of(
        "Pick another friendly fighter within 4\" of this fighter to dispense some sagely \
         wisdom to. Add 2 to that fighter's Move characteristic and the Attacks characteristic \
         of melee attack actions made by that fighter until the end of the round. In addition, \
         that fighter counts as 1 additional fighter for the purpose of controlling objectives \
         until the end of the round.",
    )
    .unwrap();
    let pick = FriendPick::new(4.0, false, Marks::default());
    let raise = |stat, melee_only| Effect::FriendBoost {
        pick: pick.clone(),
        stat,
        by: Amount::Fixed(2),
        melee_only,
        next: false,
    };
    assert_eq!(
        e,
        vec![
            raise(Stat::Move, false),
            raise(Stat::Attacks, true),
            Effect::FriendCounts {
                pick: pick.clone(),
                extra: 1
            },
        ]
    );
}

/// ABL-5: three raises of a picked friend in one sentence ("add A to X of that fighter, add B
/// to Y of that fighter, and add C to Z of the next melee attack action made by that
/// fighter"), then "this cannot affect friendly fighters with the Beast runemark": the pick
/// leaves Beasts out.
#[test]
fn abl5_three_raises_of_a_friend_that_is_no_beast() {
    let e = effects_of(
        "Pick a visible friendly fighter with the Hero runemark within 5\" of this fighter. \
         Until the end of the battle round, add 1 to the Move characteristic of that fighter, \
         add 1 to the Toughness characteristic of that fighter, and add 3 to the Attacks \
         characteristic of the next melee attack action made by that fighter. This cannot \
         affect friendly fighters with the Beast runemark.",
    )
    .unwrap();
    let mut pick = FriendPick::new(5.0, true, Marks::of(&["hero"], &[]).unwrap());
    pick.not = Marks::of(&["beast"], &[]).unwrap();
    let raise = |stat, by, next| Effect::FriendBoost {
        pick: pick.clone(),
        stat,
        by: Amount::Fixed(by),
        melee_only: next,
        next,
    };
    assert_eq!(
        e,
        vec![
            raise(Stat::Move, 1, false),
            raise(Stat::Toughness, 1, false),
            raise(Stat::Attacks, 3, true),
        ]
    );
    assert!(describe(&e, None).contains("(not one with the beast runemark)"));
}

/// SET-3, ABL-5: "until the end of the battle round, add A to the Move characteristic of
/// friendly fighters that are in the same battle group as this fighter": a raise of the group.
#[test]
fn set3_abl5_a_raise_of_its_battle_group() {
    let e = effects_of(
        "Until the end of the battle round, add 1 to the Move characteristic of friendly \
         fighters that are in the same battle group as this fighter.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![Effect::GroupBoost {
            stat: Stat::Move,
            by: Amount::Fixed(1)
        }]
    );
    assert_eq!(
        describe(&e, None),
        "+1 Move until the end of the round for each friendly fighter in its battle group \
         (itself too)"
    );
}

/// ABL-5: "until the start of this fighter's next activation, add 2 to the Move
/// characteristic of visible friendly fighters with the Hero runemark that do not have the
/// Mount or Fly runemarks and that start their activation within 5\" of this fighter": a raise
/// for those beginning an activation near it, neither Mount nor Fly.
#[test]
fn abl5_a_raise_for_friends_beginning_their_activation_near_it() {
    use crate::model::effects::Aura;
    let e = effects_of(
        "Until the start of this fighter's next activation, add 2 to the Move characteristic \
         of visible friendly fighters with the Hero runemark that do not have the Mount or Fly \
         runemarks and that start their activation within 5\" of this fighter.",
    )
    .unwrap();
    let aura = Aura {
        others: true,
        marks: Marks::of(&["hero"], &[]).unwrap(),
        not: Marks::of(&[], &["mount", "fly"]).unwrap(),
        ..Aura::within(5.0, true)
    };
    assert_eq!(
        e,
        vec![Effect::StartRaise {
            aura,
            by: Amount::Fixed(2),
            until_next: true
        }]
    );
    assert!(describe(&e, None).starts_with(
        "until its next activation begins, each other visible friendly fighter with the hero"
    ));
}

/// ABL-5: a bonus move, a bonus attack, and "add A to the Strength characteristic of that
/// attack action if the fighter finished the move action N\" or more from their starting
/// position": the raise waits for a bonus move that long.
#[test]
fn abl5_a_raise_of_the_bonus_attack_after_a_long_bonus_move() {
    use crate::model::effects::MoveTrigger;
    let e = effects_of(
        "This fighter makes a bonus move action. Then, they can make a bonus attack action. Add \
         2 to the Strength characteristic of that attack action if the fighter finished the \
         move action 5\" or more from their starting position.",
    )
    .unwrap();
    assert_eq!(
        e[2],
        Effect::AfterMove {
            trigger: MoveTrigger::BonusFar(5.0),
            then: vec![Effect::NextBoost {
                stat: Stat::Strength,
                by: Amount::Fixed(2),
                only: None,
            }],
        }
    );
    assert_eq!(
        e[..2],
        [Effect::BonusMove { max: None }, Effect::BonusAttack]
    );
}

/// GEN-7, ABL-5: "each friendly fighter with the R runemark within N\" of this fighter makes a
/// bonus move action. If this fighter is favoured, until the end of the battle round, each of
/// those fighters also counts as 1 additional fighter ...": the favoured fighter's friends
/// move and count more; otherwise they only move.
#[test]
fn gen7_abl5_when_favoured_those_that_moved_count_more() {
    let e = effects_of(
        "Each friendly fighter with the Hero runemark within 4\" of this fighter makes a bonus \
         move action. If this fighter is favoured, until the end of the battle round, each of \
         those fighters also counts as 2 additional fighters when determining which player \
         controls an objective.",
    )
    .unwrap();
    let [Effect::Favoured { plain, favoured }] = &e[..] else {
        panic!("{e:?}")
    };
    let [Effect::EachFriendBonusMove { aura, .. }] = plain[..] else {
        panic!("{plain:?}")
    };
    assert_eq!(favoured[0], plain[0]);
    assert_eq!(favoured[1], Effect::EachCounts { aura, extra: 2 });
}

/// ABL-5: "add X to the Attacks characteristic of the next melee attack action made by this
/// fighter ..., where X is the number of friendly fighters with the R runemark within N\" of
/// the target": a raise of 1 for each such fighter, counted as the attack is made.
#[test]
fn abl5_a_raise_for_each_friend_near_the_target() {
    use crate::model::effects::{AttackKind, Count};
    let e = effects_of(
        "This fighter makes a bonus move action. Add X to the Attacks characteristic of the \
         next melee attack action made by this fighter in this activation, where X is the \
         number of friendly fighters with the Hero runemark within 2\" of the target.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![
            Effect::BonusMove { max: None },
            Effect::PerCount {
                count: Count::NearTarget {
                    range: 2.0,
                    marks: Marks::of(&["hero"], &[]).unwrap()
                },
                then: vec![Effect::NextBoost {
                    stat: Stat::Attacks,
                    by: Amount::Fixed(1),
                    only: Some(AttackKind::Melee),
                }],
            },
        ]
    );
}

/// ABL-5: "... while that attack action targets an enemy fighter within N\" of a friendly
/// fighter with M" and "in addition, add B to the S characteristic of that action while this
/// fighter is within N\" of a friendly fighter with M": raises that hold while such a friend
/// is near, judged as each attack is made.
#[test]
fn abl5_raises_while_a_friend_bearing_marks_is_near() {
    use crate::model::effects::{AttackKind, Count};
    let hero = Marks::of(&["hero"], &[]).unwrap();
    let e = effects_of(
        "Add 1 to the Attacks characteristic of melee attack actions made by this fighter in \
         this activation while that attack action targets an enemy fighter within 2\" of a \
         friendly fighter with the Hero runemark.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![Effect::PerCount {
            count: Count::WhileNear {
                range: 2.0,
                marks: hero,
                target: true,
                endangered: false,
            },
            then: vec![Effect::Boost {
                stat: Stat::Attacks,
                by: Amount::Fixed(1),
                melee_only: true,
                missile_only: false,
            }],
        }]
    );
    let e = effects_of(
        "Add 1 to the Attacks characteristic of the next missile attack action made by this \
         fighter in this activation. In addition, add 2 to the Strength characteristic of that \
         action while this fighter is within 4\" of a friendly fighter with the Hero runemark.",
    )
    .unwrap();
    assert_eq!(
        e[1],
        Effect::PerCount {
            count: Count::WhileNear {
                range: 4.0,
                marks: hero,
                target: false,
                endangered: false,
            },
            then: vec![Effect::NextBoost {
                stat: Stat::Strength,
                by: Amount::Fixed(2),
                only: Some(AttackKind::Missile),
            }],
        }
    );
    assert!(describe(&e, None).contains("while it is within 4\" of another friendly fighter"));
}

/// ABL-5: "... subtract 2 from the damage points allocated by each hit and critical hit (to a
/// minimum of 1) from attack actions made by the chosen fighter, unless those attack actions
/// target this fighter": the lowering spares this fighter; "pick an enemy fighter that is
/// within ..." is the usual pick.
#[test]
fn abl5_a_lowering_of_damage_that_spares_this_fighter() {
    use crate::model::effects::{Lowering, PickedLowering};
    let e = effects_of(
        "Pick an enemy fighter that is within 4\" of this fighter. Until the end of the battle \
         round, subtract 1 from the damage points allocated by each hit and critical hit (to a \
         minimum of 1) from attack actions made by the chosen fighter, unless those attack \
         actions target this fighter.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![Effect::LowerPicked(PickedLowering {
            range: 4.0,
            visible: false,
            stat: Stat::Damage,
            by: Amount::Fixed(1),
            min: 1,
            activation: false,
            melee_only: false,
            how: Lowering::By,
            spares_me: true,
        })]
    );
}

/// MOVE-9, ABL-5: "until the end of the battle round, each time an enemy fighter finishes a
/// move action within N\" of this fighter, that fighter suffers impact damage".
#[test]
fn move9_abl5_impact_damage_for_enemies_ending_moves_near_it() {
    let e = effects_of(
        "Until the end of the battle round, each time an enemy fighter finishes a move action \
         within 2\" of this fighter, that fighter suffers impact damage.",
    )
    .unwrap();
    assert_eq!(e, vec![Effect::ImpactAround { range: 2.0 }]);
    assert!(describe(&e, None).contains("suffers impact damage"));
}

/// REA-1, ABL-5: "until the end of this fighter's activation, damage cannot be allocated to
/// this fighter by enemy fighters' reactions".
#[test]
fn rea1_abl5_no_damage_from_reactions_this_activation() {
    let e = effects_of(
        "Until the end of this fighter's activation, damage cannot be allocated to this fighter \
         by enemy fighters' reactions.",
    )
    .unwrap();
    assert_eq!(e, vec![Effect::NoReactionDamage]);
    assert_eq!(
        describe(&e, None),
        "enemies' reactions allocate it no damage this activation"
    );
}
