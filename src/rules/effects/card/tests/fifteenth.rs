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
