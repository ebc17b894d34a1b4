//! Issue 30, fifteenth session: more of the long tail's wordings, in our own words.

use super::*;
use crate::model::effects::Placing;
use crate::model::effects::TokenAt;
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

/// ABL-5: "... attack actions made by this fighter that have the Axe runemark", and "... attack
/// actions that have the Dagger runemark made by friendly fighters with ... while ...": the
/// raise, for attacks with such a weapon only.
#[test]
fn abl5_raises_for_attacks_with_a_weapon_of_a_runemark() {
    let own = effects_of(
        "Until the end of this fighter's activation, add 1 to the Strength characteristic of \
         attack actions made by this fighter that have the Hammer runemark.",
    )
    .unwrap();
    let hammer = Marks::of(&["hammer"], &[]).unwrap();
    assert_eq!(
        own,
        vec![Effect::WithWeapon {
            marks: hammer,
            then: vec![Effect::Boost {
                stat: Stat::Strength,
                by: Amount::Fixed(1),
                melee_only: false,
                missile_only: false,
            }],
        }]
    );
    let aura = effects_of(
        "Until the end of the battle round, add 1 to the Attacks characteristic of attack \
         actions that have the Claws runemark made by friendly fighters with the Beast runemark \
         while they are within 4\" of this fighter.",
    )
    .unwrap();
    let [Effect::WithWeapon { marks, then }] = &aura[..] else {
        panic!("{aura:?}")
    };
    assert_eq!(*marks, Marks::of(&["claws"], &[]).unwrap());
    assert!(matches!(
        &then[..],
        [Effect::RoundBoost { aura: Some(a), .. }] if a.range == 4.0
    ));
    assert!(describe(&aura, None).starts_with("for attacks with a weapon with the claws runemark"));
}

/// ABL-5: "this fighter makes a bonus attack action. In addition, if that bonus attack action
/// has the Blast runemark, add 2 to its Attacks ..." and "after the next attack action that
/// has the Spear or Ranged Weapon runemark ..., if it scored 1 or more hits, allocate ... equal
/// to the value": the raise, the damage, for such weapons only.
#[test]
fn abl5_a_bonus_attack_and_a_next_attack_with_a_weapon_of_a_runemark() {
    let bonus = effects_of(
        "This fighter makes a bonus attack action. In addition, if that bonus attack action has \
         the Blast runemark, add 2 to the Attacks characteristic of that bonus attack action.",
    )
    .unwrap();
    assert_eq!(
        bonus,
        vec![
            Effect::BonusAttack,
            Effect::WithWeapon {
                marks: Marks::of(&["blast"], &[]).unwrap(),
                then: vec![Effect::NextBoost {
                    stat: Stat::Attacks,
                    by: Amount::Fixed(2),
                    only: None,
                }],
            },
        ]
    );
    let after = effects_of(
        "After the next attack action that has the Spear or Ranged Weapon runemark made by this \
         fighter in this activation, if it scored 1 or more hits, allocate a number of damage \
         points to the target of that attack action equal to the value of this ability.",
    )
    .unwrap();
    assert_eq!(
        after,
        vec![Effect::WithWeapon {
            marks: Marks::of(&[], &["spear", "ranged weapon"]).unwrap(),
            then: vec![Effect::DamageAfterNextAttack {
                amount: Amount::Value,
                only: None,
                around: None,
            }],
        }]
    );
}

/// ABL-5: "If this fighter has a weapon with the Ranged Weapon runemark on their fighter
/// profile, X. Otherwise, Y": X for a fighter armed so, Y for the others.
#[test]
fn abl5_if_armed_with_such_a_weapon_else_otherwise() {
    let e = effects_of(
        "If this fighter has a weapon with the Ranged Weapon runemark on their fighter profile, \
         this fighter makes a bonus move action of 3\". Otherwise, add 1 to the Attacks \
         characteristic of this fighter's melee attack actions until the end of their \
         activation.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![Effect::When {
            when: Condition::ArmedWith(Marks::of(&["ranged weapon"], &[]).unwrap()),
            then: vec![Effect::BonusMove {
                max: Some(Amount::Fixed(3))
            }],
            otherwise: vec![Effect::Boost {
                stat: Stat::Attacks,
                by: Amount::Fixed(1),
                melee_only: true,
                missile_only: false,
            }],
        }]
    );
}

/// ABL-5: "... when their attack action takes down an enemy fighter. Cremate that enemy
/// fighter" and "until the end of this fighter's activation, when their attack action takes
/// down an enemy fighter, cremate that enemy fighter": a Pyre token where it fell, now or
/// each time.
#[test]
fn abl5_cremating_the_enemy_its_attack_took_down() {
    use crate::model::effects::Token;
    let now = effects_of(
        "A fighter can only use this ability when their attack action takes down an enemy \
         fighter. Cremate that enemy fighter.",
    )
    .unwrap();
    assert_eq!(
        now,
        vec![
            Effect::Requires(Condition::TookDownThisActivation),
            Effect::PlaceToken(Token::Pyre, TokenAt::Fell),
        ]
    );
    let each = effects_of(
        "Until the end of this fighter's activation, when their attack action takes down an \
         enemy fighter, cremate that enemy fighter.",
    )
    .unwrap();
    assert_eq!(
        each,
        vec![Effect::AfterTakedown {
            then: vec![Effect::PlaceToken(Token::Pyre, TokenAt::Fell)],
            melee: false,
        }]
    );
}

/// ABL-5: a banquet token where the enemy fell, read only when what it does at the end of the
/// round is what the engine's banquet token does (up to 3 removed within 6").
#[test]
fn abl5_a_banquet_token_read_with_its_numbers() {
    let card = |heal: u32| {
        effects_of(&format!(
            "A fighter can only use this ability if an enemy fighter has been taken down by an \
             attack action made by them this activation. Place a banquet token at the centre of \
             the space occupied by that fighter before removing that fighter from the \
             battlefield. At the end of the battle round, after determining control of \
             objectives, you can remove up to {heal} damage points allocated to each friendly \
             fighter within 6\" of the centre of any banquet tokens."
        ))
    };
    assert_eq!(
        card(3).unwrap()[1],
        Effect::PlaceToken(crate::model::effects::Token::Banquet, TokenAt::Fell)
    );
    assert!(card(4).is_err());
}

/// REA-1, ABL-5: a reaction to a lethal melee total that "cremate(s) this fighter. Then, this
/// fighter is taken down": a Pyre token where it stands, then it is down; the campaign's
/// injury roll is no battle's.
#[test]
fn rea1_a_reaction_that_cremates_the_fighter_itself() {
    use crate::model::effects::Token;
    let e = effects_of(
        "A fighter can make this reaction when they are targeted by a melee attack action, after \
         the damage is totalled but before it is allocated to this fighter, if it is enough for \
         this fighter to be taken down. Cremate this fighter. Then, this fighter is taken down. \
         In a campaign battle, do not make an injury roll for this fighter.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![
            Effect::Reaction(Trigger::LethalMelee),
            Effect::PlaceToken(Token::Pyre, TokenAt::Here),
            Effect::SelfTakenDown,
        ]
    );
}

/// ATK-5, ABL-5: "the next time this battle round that this fighter is taken down, all
/// remaining damage points ... are ignored, then remove 2 damage points ..." + "if the value of
/// this ability is 6, remove D3 damage points ... instead": spared once, a D3 at a 6.
#[test]
fn atk5_spared_the_next_time_it_is_taken_down() {
    let plain = "The next time this battle round that this fighter is taken down, all remaining \
                 damage points that would be allocated to them are ignored, then remove 2 \
                 damage points allocated to this fighter.";
    assert_eq!(
        effects_of(plain).unwrap(),
        vec![Effect::Survive {
            remove: 2,
            dice: None
        }]
    );
    let more = format!(
        "{plain} If the value of this ability is 6, remove D3 damage points allocated to this \
         fighter instead."
    );
    let [Effect::When { when, then, .. }] = &effects_of(&more).unwrap()[..] else {
        panic!("a When")
    };
    assert_eq!(*when, Condition::ValueAtLeast(6));
    assert_eq!(
        then[..],
        [Effect::Survive {
            remove: 2,
            dice: Some(3)
        }]
    );
}

/// MOVE-6, ABL-5: "you can only use this ability if this fighter has jumped and then moved 3"
/// or more vertically downwards during this activation" + a roll against an enemy picked
/// unseen, each success dealing damage.
#[test]
fn move6_after_a_jump_down_a_roll_against_an_unseen_pick() {
    use crate::model::effects::OnSuccess;
    let e = effects_of(
        "You can only use this ability if this fighter has jumped and then moved 3\" or more \
         vertically downwards during this activation. Pick an enemy fighter within 2\" of this \
         fighter and roll 4 dice. For each roll of 5+, allocate 2 damage points to that enemy \
         fighter.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![
            Effect::Requires(Condition::JumpedDown(3.0)),
            Effect::RollAgainst {
                range: 2.0,
                visible: false,
                runemark: None,
                dice: Amount::Fixed(4),
                least: 5,
                then: OnSuccess::Damage(2),
            },
        ]
    );
}

/// MOVE-7, ABL-5: "until the end of the battle round, friendly fighters with the R runemark
/// can fly when making move actions".
#[test]
fn move7_friends_with_a_runemark_fly_for_the_round() {
    let e = effects_of(
        "Until the end of the battle round, friendly fighters with the Beast runemark can fly \
         when making move actions.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![Effect::FlyThisRound {
            marks: Marks::of(&["beast"], &[]).unwrap()
        }]
    );
}
