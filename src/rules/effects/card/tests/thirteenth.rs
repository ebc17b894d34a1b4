//! Issue 30, thirteenth session: more of the long tail's wordings, in our own words.

use super::*;
use crate::model::effects::AttackKind;

/// ATK-3, ABL-5: "melee attack actions made by this fighter score a hit on a 3+" for the
/// activation (their Strength counts as higher than the Toughness), and "if this fighter is
/// favoured, in addition, ..." both that and what follows.
#[test]
fn atk3_melee_attacks_hit_on_3_and_a_favoured_fighter_does_more() {
    let melee = Some(AttackKind::Melee);
    let hit_on = Effect::StrengthAboveToughness { only: melee };
    let crit_on = Effect::CritOn {
        least: 5,
        only: melee,
        next: false,
    };
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, melee attack actions made by this \
             fighter score a hit on a 3+. If this fighter is favoured, in addition, until the \
             end of this fighter's activation, melee attack actions made by this fighter score \
             a critical hit on a 5+."
        ),
        Ok(vec![Effect::Favoured {
            plain: vec![hit_on.clone()],
            favoured: vec![hit_on.clone(), crit_on],
        }])
    );
    assert_eq!(
        crate::rules::effects::describe(&[hit_on], None),
        "its melee attacks hit on a 3+ this activation"
    );
}

/// ABL-5: "this fighter makes a bonus attack action. In addition, a number of hits scored by
/// that attack action equal to half the value of this ability (rounding up) become critical
/// hits instead", with an example after it that adds nothing.
#[test]
fn abl5_hits_of_the_bonus_attack_become_critical_hits_by_the_value() {
    let e = Effect::NextHitsAsCrits {
        n: Amount::HalfValueUp,
        only: None,
    };
    assert_eq!(
        effects_of(
            "This fighter makes a bonus attack action. In addition, a number of hits scored by \
             that attack action equal to half the value of this ability (rounding up) become \
             critical hits instead. For example, if the value of the ability was 4, 2 hits \
             scored by that attack action would become critical hits instead."
        ),
        Ok(vec![Effect::BonusAttack, e.clone()])
    );
    assert_eq!(
        crate::rules::effects::describe(&[e], Some(5)),
        "3 hits of its next attack count as critical hits"
    );
}

/// ABL-5: "then you can pick a visible enemy fighter within 6\" ... and roll 6 dice. For each
/// 4+, ...": the pick of an enemy, made by the player. After a friend is picked to activate
/// next, it would be a second fighter picked, which the engine can't give one ability: not
/// automated.
#[test]
fn abl5_then_you_can_pick_an_enemy_but_not_besides_a_friend() {
    let then = "Then you can pick a visible enemy fighter within 6\" of this fighter and roll 6 \
                dice. For each 4+, allocate a number of damage points to that fighter equal to \
                half the value of this ability (rounding up).";
    let e = effects_of(&format!(
        "{then} In addition, add 2 to the Attacks characteristic of melee attack actions made \
         by this fighter until the end of their activation."
    ))
    .unwrap();
    assert!(matches!(e[1], Effect::Boost { .. }), "{e:?}");
    assert_eq!(
        e[0],
        Effect::DamageOne {
            range: 6.0,
            amount: Amount::Fixed(0),
            roll: Some(Roll {
                dice: Amount::Fixed(6),
                bands: vec![(4, 6, Amount::HalfValueUp)],
                ..Roll::default()
            }),
            only: None,
        }
    );
    assert_eq!(
        effects_of(&format!(
            "You can pick a visible friendly fighter within 6\" of this fighter that has not \
             activated yet this battle round. You can activate that fighter immediately after \
             this fighter's activation ends. {then}"
        )),
        Err("(two different fighters picked)".into())
    );
}

/// ABL-5: "for the rest of the battle round, subtract 1 from the Attacks characteristic of
/// melee attack actions made by visible enemy fighters while they are within 3\" of this
/// fighter": an aura on the melee attacks of the enemies it sees, keeping 1 die (no minimum
/// printed).
#[test]
fn abl5_an_aura_lowering_the_melee_attacks_of_enemies_it_sees() {
    let e = Effect::EnemyAura {
        stat: Stat::Attacks,
        by: Amount::Fixed(1),
        min: 1,
        range: 3.0,
        whose: crate::model::effects::Attackers {
            melee_only: true,
            seen: true,
        },
    };
    assert_eq!(
        effects_of(
            "For the rest of the battle round, subtract 1 from the Attacks characteristic of \
             melee attack actions made by visible enemy fighters while they are within 3\" of \
             this fighter."
        ),
        Ok(vec![e.clone()])
    );
    assert_eq!(
        crate::rules::effects::describe(&[e], None),
        "-1 Attacks of melee attacks (to 1) for visible enemies while they are within 3\" of it \
         until the end of the round"
    );
}

/// GEN-8, ABL-5: "... add 1 to the Attacks characteristic of melee attack actions made by
/// friendly fighters while they are within 3\" of this fighter. If this fighter is carrying
/// treasure or is within 3\" of an objective, add 1 to the Attacks characteristic of all
/// attack actions made by those fighters instead": the aura's raise of every attack when
/// either holds as it is used.
#[test]
fn gen8_an_aura_raising_all_attacks_instead_when_carrying_treasure_or_near_an_objective() {
    let aura = |melee_only| Effect::RoundBoost {
        stat: Stat::Attacks,
        by: Amount::Fixed(1),
        melee_only,
        aura: Some(Aura::within(3.0, false)),
        missile_only: false,
    };
    let when = Condition::Either(
        Box::new(Condition::CarryingTreasure),
        Box::new(Condition::NearObjective(3.0)),
    );
    assert_eq!(
        effects_of(
            "Until the end of the battle round, add 1 to the Attacks characteristic of melee \
             attack actions made by friendly fighters while they are within 3\" of this \
             fighter. If this fighter is carrying treasure or is within 3\" of an objective, \
             add 1 to the Attacks characteristic of all attack actions made by those fighters \
             instead."
        ),
        Ok(vec![Effect::When {
            when: when.clone(),
            then: vec![aura(false)],
            otherwise: vec![aura(true)],
        }])
    );
    assert!(
        crate::rules::effects::describe(&[Effect::Requires(when)], None)
            .contains("carrying treasure or within 3\" of an objective"),
    );
}

/// REA-1: "a fighter can make this reaction after they are targeted by an attack action, after
/// the hit rolls have been made. Roll a dice for each critical hit. On a roll of 4+, that
/// critical hit becomes a hit instead": a reaction at the moment the rolls are seen.
#[test]
fn rea1_a_reaction_after_the_hit_rolls_turns_critical_hits_into_hits() {
    assert_eq!(
        effects_of(
            "A fighter can make this reaction after they are targeted by an attack action, \
             after the hit rolls have been made. Roll a dice for each critical hit. On a roll \
             of 4+, that critical hit becomes a hit instead."
        ),
        Ok(vec![
            Effect::Reaction(Trigger::AfterHitRolls),
            Effect::CritsSaved { least: 4 }
        ])
    );
    assert_eq!(
        crate::rules::effects::describe(&[Effect::Reaction(Trigger::AfterHitRolls)], None),
        "(a reaction when targeted by an attack, once its hit rolls are made)"
    );
}

/// ABL-5: a bar on an enemy "within a number of inches of this fighter equal to the value of
/// this ability" says the value, never the placeholder ("within -1\"" before).
#[test]
fn abl5_a_bar_within_the_value_in_inches_says_so() {
    let e = Effect::Restrict {
        range: crate::model::effects::VALUE_RANGE,
        visible: true,
        actions: vec![Restriction::Activate],
        only: None,
    };
    assert_eq!(
        crate::rules::effects::describe(std::slice::from_ref(&e), None),
        "a visible enemy within the value in inches may not activate until the end of the round"
    );
    assert_eq!(
        crate::rules::effects::describe(&[e], Some(4)),
        "a visible enemy within 4\" may not activate until the end of the round"
    );
}

/// ABL-5: "a fighter can only use this ability if they have not made a move action this
/// activation. If this fighter's next action is a missile attack action, critical hits are
/// scored on a 4+ for that attack action": for its next action alone.
#[test]
fn abl5_critical_hits_on_4_when_the_next_action_is_a_missile_attack() {
    let e = Effect::NextActionCritOn {
        least: 4,
        only: Some(AttackKind::Missile),
    };
    assert_eq!(
        effects_of(
            "A fighter can only use this ability if they have not made a move action this \
             activation. If this fighter's next action is a missile attack action, critical \
             hits are scored on a 4+ for that attack action."
        ),
        Ok(vec![Effect::Requires(Condition::NoMoveMade), e.clone()])
    );
    assert_eq!(
        crate::rules::effects::describe(&[Effect::Requires(Condition::NoMoveMade), e], None),
        "(before any move action this activation); if its next action is a missile attack, \
         that attack scores a critical hit on a 4+"
    );
}

/// MOVE-3, ABL-5: a pull after the next attack that the card gives no leave from enemies
/// within 1" says so, and its length reads as the value in inches until the value is known.
#[test]
fn move3_a_held_pull_in_words() {
    let e = Effect::PullAfterNextAttack {
        inches: Amount::Value,
        held: true,
    };
    let words = |value| crate::rules::effects::describe(std::slice::from_ref(&e), value);
    assert_eq!(
        words(None),
        "after its next attack this activation, the target makes a bonus move of the value in \
         inches directly towards it, as if jumping (not when it is within 1\" of an enemy)"
    );
    assert!(words(Some(3)).contains("a bonus move of 3\" directly"));
    let up_to = Effect::BonusMove {
        max: Some(Amount::Value),
    };
    assert_eq!(
        crate::rules::effects::describe(&[up_to], None),
        "a bonus move action of up to the value in inches"
    );
}

/// ABL-5: "until the end of the battle round, add 2 to the Move characteristic of friendly
/// fighters with the Mount runemark and a Toughness characteristic of 5 or more": those
/// friends wherever they are.
#[test]
fn abl5_a_move_raise_for_friends_with_a_runemark_and_a_toughness_anywhere() {
    let aura = Aura {
        range: crate::model::effects::ANYWHERE,
        marks: Marks::of(&["mount"], &[]).unwrap(),
        tough: 5,
        ..Aura::default()
    };
    let e = Effect::RoundBoost {
        stat: Stat::Move,
        by: Amount::Fixed(2),
        melee_only: false,
        aura: Some(aura),
        missile_only: false,
    };
    assert_eq!(
        effects_of(
            "Until the end of the battle round, add 2 to the Move characteristic of friendly \
             fighters with the Mount runemark and a Toughness characteristic of 5 or more."
        ),
        Ok(vec![e.clone()])
    );
    assert_eq!(
        crate::rules::effects::describe(&[e], None),
        "+2 Move to friendly fighters with the mount runemark and a Toughness of 5 or more \
         wherever they are until the end of the round"
    );
    // Friends that start their activation near it are another reach: not read as a runemark
    // (a raise as they begin their activation, `start_aura`).
    let start = effects_of(
        "Until the end of the battle round, add 1 to the Move characteristic of friendly \
         fighters with the Destroyer runemark that start their activation within 6\" of this \
         fighter.",
    );
    assert!(
        matches!(start.as_deref(), Ok([Effect::StartRaise { .. }])),
        "{start:?}"
    );
}
