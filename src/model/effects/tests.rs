use super::*;

#[test]
fn rea1_abl5_a_reaction_begins_with_its_trigger_and_only_a_reaction_answers_an_attack() {
    let problems = |effects: &[Effect], reaction: bool| {
        let mut v = crate::model::validate::Validator::default();
        validate_ability(effects, reaction, "effect", &mut v);
        v.problems.len()
    };
    let answer = Effect::CritsAsHits {
        up_to: Amount::Fixed(1),
    };
    let trigger = Effect::Reaction(Trigger::TargetedByMelee);
    assert_eq!(problems(&[trigger.clone(), answer.clone()], true), 0);
    assert_eq!(
        problems(std::slice::from_ref(&answer), true),
        1,
        "no trigger"
    );
    assert_eq!(problems(&[answer], false), 1, "answers with dice");
    assert_eq!(problems(&[Effect::BonusAttack, trigger], false), 1);
    // After a move: damage, bonus actions, next-action boosts; not a heal.
    let after = |then| Effect::AfterMove {
        trigger: MoveTrigger::NearEnemy(1.0),
        then: vec![then],
    };
    assert_eq!(problems(&[after(Effect::BonusAttack)], false), 0);
    let heal = Effect::Heal {
        amount: Amount::Value,
    };
    assert_eq!(problems(&[after(heal)], false), 1);
}

#[test]
fn amounts_and_roll_bands_abl1() {
    assert_eq!(Amount::Value.of(5), 5);
    assert_eq!(Amount::HalfValueUp.of(5), 3);
    assert_eq!(Amount::Fixed(2).of(6), 2);
    let r = Roll {
        dice: Amount::Fixed(1),
        bands: vec![(2, 4, Amount::Fixed(1)), (5, 6, Amount::Value)],
        rolled: Vec::new(),
        upto_round: None,
    };
    assert_eq!(
        [1, 2, 4, 5, 6].map(|d| r.damage(d, 4, &mut |_| 0)),
        [0, 1, 1, 4, 4]
    );
    // A gap between bands deals nothing.
    let gap = Roll {
        dice: Amount::Fixed(1),
        bands: vec![(1, 2, Amount::Fixed(1)), (5, 6, Amount::Fixed(3))],
        rolled: Vec::new(),
        upto_round: None,
    };
    assert_eq!(
        [1, 3, 4, 6].map(|d| gap.damage(d, 4, &mut |_| 0)),
        [1, 0, 0, 3]
    );
}
