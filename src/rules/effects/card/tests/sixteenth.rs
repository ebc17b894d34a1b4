//! Issue 30, sixteenth session: more of the long tail's wordings, in our own words.

use super::*;
use crate::model::effects::Condition;
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
