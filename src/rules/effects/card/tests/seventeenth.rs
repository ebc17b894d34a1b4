//! Issue 30, seventeenth session: more of the long tail's wordings, in our own words.

use super::*;
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
