//! Issue 30, fifteenth session: more of the long tail's wordings, in our own words.

use super::*;
use crate::model::effects::Placing;
use crate::rules::effects::describe;

/// ATK-5, ABL-5: "pick a friendly fighter that has been taken down" + set up "wholly within
/// N\"" + "no longer counts as being taken down" + "remove ... equal to the value": one
/// revival, its damage less the value, said in plain words.
#[test]
fn atk5_a_friend_taken_down_is_set_up_again_wholly_within_reach() {
    let e = effects_of(
        "Pick a friendly fighter that has been taken down. Set that fighter up on a platform or \
         the battlefield floor wholly within 2\" of this fighter. The fighter set up on the \
         battlefield no longer counts as being taken down. Remove a number of damage points \
         allocated to that fighter equal to the value of this ability.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![Effect::Revive {
            marks: Marks::default(),
            place: Placing::Wholly { within: 2.0 },
            heal: Some(Amount::Value),
            roll: None,
        }]
    );
    assert_eq!(
        describe(&e, Some(4)),
        "a friendly fighter that was taken down is set up again wholly within 2\" of this \
         fighter, no longer taken down, with up to 4 of its damage removed"
    );
}

/// ATK-5, ABL-5: "... and has no damage points allocated to it": all its damage removed; a
/// pick with runemarks takes only a friend bearing them.
#[test]
fn atk5_a_friend_with_runemarks_comes_back_with_no_damage() {
    let e = effects_of(
        "Pick a friendly fighter with both the Minion and the Beast runemarks that has been \
         taken down. Set up that fighter on a platform or the battlefield floor, wholly within \
         4\" of this fighter. That fighter no longer counts as being taken down and has no \
         damage points allocated to it.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![Effect::Revive {
            marks: Marks::of(&["minion", "beast"], &[]).unwrap(),
            place: Placing::Wholly { within: 4.0 },
            heal: None,
            roll: None,
        }]
    );
}

/// ATK-5, ABL-5: "pick a friendly NAME": a fighter the card names by its name (capitalised),
/// "that NAME" the same fighter; a token named alike is not a fighter.
#[test]
fn abl5_a_fighter_named_on_the_card_is_picked_by_its_name() {
    let e = effects_of(
        "Pick a friendly Cave Crawler that has been taken down. Set that fighter up on a \
         platform or the battlefield floor, wholly within 3\" of this fighter. That Cave \
         Crawler no longer counts as being taken down and has no damage points allocated to it.",
    )
    .unwrap();
    let [Effect::Revive { marks, .. }] = &e[..] else {
        panic!("{e:?}")
    };
    assert_eq!(marks.with_words(), " named Cave Crawler");
    assert!(describe(&e, None).starts_with("a friendly fighter named Cave Crawler that was"));
}

/// ATK-5, ABL-5: "..., then roll a number of dice equal to the value of this ability. On any
/// rolls of N+: • set up that fighter ... more than N\" from all enemy fighters. ... Remove a
/// number of damage points ... equal to the number of rolls of N+ that were made".
#[test]
fn atk5_a_revival_on_rolls_removes_a_damage_point_for_each_success() {
    let e = effects_of(
        "Pick a friendly fighter with the Hero runemark that has been taken down, then roll a \
         number of dice equal to the value of this ability. On any rolls of 4+: • Set up that \
         fighter on a platform or the battlefield floor, more than 5\" from all enemy \
         fighters. The fighter set up on the battlefield no longer counts as being taken down. \
         Remove a number of damage points allocated to that fighter equal to the number of \
         rolls of 4+ that were made.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![Effect::Revive {
            marks: Marks::of(&["hero"], &[]).unwrap(),
            place: Placing::PickedAnywhere { away: 5.0 },
            heal: None,
            roll: Some(4),
        }]
    );
    // The count must be of the same rolls.
    let other = effects_of(
        "Pick a friendly fighter that has been taken down, then roll a number of dice equal to \
         the value of this ability. On any rolls of 4+: • Set up that fighter on a platform or \
         the battlefield floor, more than 5\" from all enemy fighters. The fighter set up on \
         the battlefield no longer counts as being taken down. Remove a number of damage points \
         allocated to that fighter equal to the number of rolls of 5+ that were made.",
    );
    assert!(other.is_err(), "{other:?}");
}

/// ABL-5, INI-3, ATK-5: "allocate D3 damage points to each enemy fighter within N\" of this
/// fighter and gain 1 wild dice" + "then, remove this fighter from the battlefield (this
/// fighter is taken down)": a D3 for each enemy in reach, a wild dice, the fighter gone.
#[test]
fn abl5_a_d3_for_each_enemy_a_wild_dice_then_the_fighter_is_taken_down() {
    let e = effects_of(
        "Allocate D3 damage points to each enemy fighter within 2\" of this fighter and gain 1 \
         wild dice. Then, remove this fighter from the battlefield (this fighter is taken down).",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![
            Effect::DamageEach {
                range: 2.0,
                amount: Amount::Fixed(0),
                roll: Some(Roll::plain(3)),
                visible: false,
            },
            Effect::SaveWildDice {
                dice: Amount::Fixed(1),
                least: 0,
            },
            Effect::SelfTakenDown,
        ]
    );
    assert_eq!(
        describe(&e, Some(3)),
        "a D3 roll of damage to each enemy within 2\" (rolled for each); 1 more saved wild dice \
         for a later round; this fighter is taken down"
    );
}

/// ABL-5: "... and it is the third battle round or later" after a condition: both must hold.
#[test]
fn abl5_a_condition_and_a_battle_round_or_later() {
    let e = effects_of(
        "A fighter can use this ability only if they are within 4\" of a visible friendly \
         fighter with the Hero runemark and it is the second battle round or later. This \
         fighter can make a bonus attack action.",
    )
    .unwrap();
    assert_eq!(
        e[1..],
        [
            Effect::Requires(Condition::RoundFrom(2)),
            Effect::BonusAttack
        ]
    );
    assert!(matches!(
        e[0],
        Effect::Requires(Condition::FriendWithin { range: 4.0, .. })
    ));
}
