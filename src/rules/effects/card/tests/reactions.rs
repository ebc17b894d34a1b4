//! Reactions to an enemy's move (REA-1, ABL-5), in words of our own in the cards' shapes.

use super::super::effects_of;
use crate::model::effects::{Effect, FriendPick, Marks, ReactAct, Trigger};

/// Issue 30: a friend within N" picked to move in on the enemy that moved.
#[test]
fn rea1_a_friend_moves_in_on_the_enemy_that_moved() {
    assert_eq!(
        effects_of(
            "A fighter can make this reaction after an enemy fighter finishes a move action \
             visible to this fighter and within 4\" of this fighter. Pick another friendly \
             fighter within 2\" of this fighter. That fighter makes a bonus move action. After \
             that move action, that fighter must be within 1\" of the enemy fighter that made \
             the move action."
        ),
        Ok(vec![
            Effect::Reaction(Trigger::EnemyMoved {
                within: 4,
                visible: true
            }),
            Effect::ReactBonus {
                friend: Some(FriendPick::new(2.0, false, Marks::default())),
                act: ReactAct::Engage
            }
        ])
    );
}

/// Issue 30: a friend with a runemark anywhere; a bonus attack that must target the mover; a
/// friend sent away.
#[test]
fn rea1_the_answers_a_picked_friend_gives() {
    let e = effects_of(
        "A fighter can make this reaction when an enemy fighter finishes a move action within \
         5\" of them. Pick another friendly fighter with the Brute runemark. That fighter makes \
         a bonus attack action that must target the enemy fighter that made the move action.",
    )
    .unwrap();
    assert_eq!(
        e[0],
        Effect::Reaction(Trigger::EnemyMoved {
            within: 5,
            visible: false
        })
    );
    let Effect::ReactBonus {
        friend: Some(p),
        act,
    } = &e[1]
    else {
        panic!("a friend's bonus action: {e:?}");
    };
    assert_eq!(*act, ReactAct::AttackMover);
    assert_eq!(p.range, crate::model::effects::ANYWHERE);
    assert!(p.marks().fit(|k| k == "brute"));
    let away = effects_of(
        "A fighter can make this reaction after an enemy fighter finishes a move action visible \
         to this fighter and within 3\" of this fighter. Pick another friendly fighter within 3\" \
         of this fighter. That fighter makes a bonus move action or a bonus disengage action, \
         and must end that action more than 4\" away from the enemy fighter that made the move \
         action.",
    )
    .unwrap();
    assert!(matches!(
        away[1],
        Effect::ReactBonus {
            act: ReactAct::GetAway { beyond: 4 },
            ..
        }
    ));
}

/// Issue 30: this fighter moves in when an enemy ends a move near a friendly hero, then
/// attacks; without the attack's sentence it only moves in.
#[test]
fn rea1_this_fighter_moves_in_near_a_hero_then_attacks() {
    let text = "A fighter can make this reaction after an enemy finishes a move action within 6\" \
                of a friendly fighter with the Hero runemark. This fighter makes a bonus move \
                action. After that move action this fighter must be within 1\" of the enemy \
                fighter that made the move action.";
    let attack = format!("{text} Then, this fighter makes a bonus attack action.");
    let answer = |act| {
        Ok(vec![
            Effect::Reaction(Trigger::EnemyMovedNearHero { within: 6 }),
            Effect::ReactBonus { friend: None, act },
        ])
    };
    assert_eq!(effects_of(&attack), answer(ReactAct::EngageThenAttack));
    assert_eq!(effects_of(text), answer(ReactAct::Engage));
    // Only a reaction answers a move, and only a move's reaction gives such an answer.
    let bonus = Effect::ReactBonus {
        friend: None,
        act: ReactAct::AttackMover,
    };
    let problems = |effects: &[Effect], reaction: bool| {
        let mut v = crate::model::validate::Validator::default();
        crate::model::effects::validate_ability(effects, reaction, "a", &mut v);
        !v.is_empty()
    };
    assert!(problems(std::slice::from_ref(&bonus), false));
    assert!(problems(
        &[Effect::Reaction(Trigger::TargetedByMelee), bonus.clone()],
        true
    ));
    let moved = Effect::Reaction(Trigger::EnemyMoved {
        within: 3,
        visible: true,
    });
    assert!(!problems(&[moved, bonus], true));
}

/// Issue 30: set up again no further from the enemy that moved, in both of the cards' ways of
/// joining the sentence.
#[test]
fn rea1_set_up_again_no_further_from_the_enemy_that_moved() {
    for join in [" and then", ", then"] {
        let text = format!(
            "A fighter can make this reaction when an enemy fighter finishes a move action \
             within 4\" of them. Note the distance between this fighter and the enemy fighter \
             that made the move action. Remove this fighter from the battlefield{join} set this \
             fighter up on a platform or the battlefield floor no further from the enemy fighter \
             that made the move action."
        );
        assert_eq!(
            effects_of(&text).map(|e| e[1].clone()),
            Ok(Effect::ReactBonus {
                friend: None,
                act: ReactAct::SetUpNoFurther
            })
        );
    }
}

/// Issue 30: a bonus disengage action once a melee attack's damage is allocated.
#[test]
fn rea1_a_bonus_disengage_after_a_melee_attacks_damage() {
    assert_eq!(
        effects_of(
            "A fighter can make this reaction after they have been allocated the total damage \
             points by a melee attack action. This fighter makes a bonus disengage action."
        ),
        Ok(vec![
            Effect::Reaction(Trigger::AfterMeleeDamage),
            Effect::ReactBonus {
                friend: None,
                act: ReactAct::Disengage
            }
        ])
    );
}
