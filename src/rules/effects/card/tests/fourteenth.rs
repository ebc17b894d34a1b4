//! Issue 30, fourteenth session: more of the long tail's wordings, in our own words.

use super::*;

/// The damage roll of a pick of a visible enemy within `range`: `dice` dice, each of `least`+
/// dealing `each`.
fn rolled(range: f32, dice: Amount, least: u8, each: u32) -> Effect {
    Effect::DamageOne {
        range,
        amount: Amount::Fixed(0),
        roll: Some(Roll {
            dice,
            bands: vec![(least, 6, Amount::Fixed(each))],
            ..Roll::default()
        }),
        only: None,
    }
}

/// The picked enemy's `stat` halved for the round.
fn halved(range: f32, stat: Stat) -> Effect {
    Effect::LowerPicked(crate::model::effects::PickedLowering {
        range,
        visible: true,
        stat,
        by: Amount::Fixed(0),
        min: 0,
        activation: false,
        melee_only: false,
        how: crate::model::effects::Lowering::Halve,
        spares_me: false,
    })
}

/// ABL-4, ABL-5: "in addition, until the end of the battle round, halve the Toughness
/// characteristic of that fighter (rounding up)" after a roll against a picked enemy: the
/// same enemy's Toughness halved, said so.
#[test]
fn abl4_a_picked_enemys_toughness_halved_after_the_roll() {
    let e = effects_of(
        "Pick a visible enemy fighter within 4\" of this fighter and roll 3 dice. For each roll \
         of 3+, allocate 2 damage points to that fighter. In addition, until the end of the \
         battle round, halve the Toughness characteristic of that fighter (rounding up).",
    );
    assert_eq!(
        e,
        Ok(vec![
            rolled(4.0, Amount::Fixed(3), 3, 2),
            halved(4.0, Stat::Toughness)
        ])
    );
    let words = crate::rules::effects::describe(&e.unwrap(), None);
    assert!(
        words.contains("has its Toughness halved (rounding up) until the end of the round"),
        "{words}"
    );
    // Only a Move or a Toughness is halved.
    assert!(
        effects_of(
            "Pick a visible enemy fighter within 4\" of this fighter. Until the end of the \
             battle round, halve the Wounds characteristic of that fighter (rounding up)."
        )
        .is_err()
    );
}

/// ABL-5: "in addition, if either dice rolls a 6, until the end of the battle round, halve
/// the Move characteristic of that fighter (rounding up)": once, if any of the dice just
/// rolled against that enemy shows a 6, an ability the importer keeps. With no dice rolled
/// before it, it is not read.
#[test]
fn abl5_if_either_dice_rolls_a_6_the_enemys_move_is_halved() {
    let e = effects_of(
        "Pick a visible enemy fighter within 8\" of this fighter and roll 2 dice. For each roll \
         of 5+, allocate 1 damage point to that fighter. In addition, if either dice rolls a 6, \
         until the end of the battle round, halve the Move characteristic of that fighter \
         (rounding up).",
    );
    let mut v = crate::model::validate::Validator::default();
    crate::model::effects::validate_ability(e.as_deref().unwrap_or(&[]), false, "", &mut v);
    assert!(v.is_empty(), "{v:?}");
    assert_eq!(
        e,
        Ok(vec![
            rolled(8.0, Amount::Fixed(2), 5, 1),
            Effect::OnRolled {
                least: 6,
                per_roll: false,
                then: vec![halved(8.0, Stat::Move)],
            }
        ])
    );
    assert!(
        effects_of(
            "Pick a visible enemy fighter within 8\" of this fighter. Until the end of the \
             battle round, subtract 1 from the Move characteristic of that fighter (to a \
             minimum of 1). In addition, if either dice rolls a 6, until the end of the battle \
             round, halve the Move characteristic of that fighter (rounding up)."
        )
        .is_err()
    );
}

/// ABL-5: "... more than 5" from all enemy fighters. You can subtract the value of this
/// ability from that 5", to a minimum of 0": set up more than 5" less the value away (the
/// player may, and a smaller distance only lets more places in); another number is not that
/// distance, and is not read.
#[test]
fn abl5_set_up_away_from_enemies_by_less_the_value() {
    let e = effects_of(
        "Remove this fighter from the battlefield, then set this fighter up on a platform or \
         the battlefield floor, more than 5\" from all enemy fighters. You can subtract the \
         value of this ability from that 5\", to a minimum of 0.",
    );
    let relocate = Effect::Relocate {
        away: Some(5.0),
        floor_only: false,
        less_value: true,
    };
    assert_eq!(e, Ok(vec![relocate.clone()]));
    let words = |v| crate::rules::effects::describe(std::slice::from_ref(&relocate), v);
    assert!(
        words(None).contains("more than 5\" less the value from every enemy"),
        "{}",
        words(None)
    );
    assert!(words(Some(3)).contains("more than 2\" from every enemy"));
    assert!(words(Some(6)).contains("more than 0\" from every enemy"));
    assert!(
        effects_of(
            "Remove this fighter from the battlefield, then set this fighter up on a platform \
             or the battlefield floor, more than 5\" from all enemy fighters. You can subtract \
             the value of this ability from that 4\", to a minimum of 0."
        )
        .is_err()
    );
}

/// ABL-5: a fighter that throws what it holds: "can only use this ability if they are not
/// empty-handed (see below)", "at the start of the battle, this fighter is not empty-handed"
/// (as every fighter starts), "after using this ability, this fighter is said to be
/// empty-handed"; and "if this fighter is empty-handed (see below), they are no longer
/// empty-handed", of use (so usable) only then.
#[test]
fn abl5_empty_handed_after_a_throw_and_holding_again_after_a_pick_up() {
    use crate::model::effects::Condition;
    assert_eq!(
        effects_of(
            "This fighter can only use this ability if they are not empty-handed (see below). At \
             the start of the battle, this fighter is not empty-handed. Pick a visible enemy \
             fighter within 12\" of this fighter and roll 2 dice. For each roll of 4+, allocate \
             3 damage points to that fighter. After using this ability, this fighter is said to \
             be empty-handed."
        ),
        Ok(vec![
            Effect::Requires(Condition::EmptyHanded(false)),
            rolled(12.0, Amount::Fixed(2), 4, 3),
            Effect::EmptyHanded(true),
        ])
    );
    let e = effects_of(
        "This fighter can only use this ability if they are within 1\" of an obstacle. If this \
         fighter is empty-handed (see below), they are no longer empty-handed.",
    );
    assert_eq!(
        e,
        Ok(vec![
            Effect::Requires(Condition::NearObstacle(1.0)),
            Effect::Requires(Condition::EmptyHanded(true)),
            Effect::EmptyHanded(false),
        ])
    );
    assert_eq!(
        crate::rules::effects::describe(&e.unwrap(), None),
        "(within 1\" of an obstacle); (while it is empty-handed); it is no longer empty-handed"
    );
}

/// ABL-5: "pick a visible friendly fighter with the X runemark that is within 6" of this
/// fighter and has not activated this battle round. This fighter and that fighter can each
/// make a bonus move action up to the value of this ability. You can activate that fighter
/// immediately after this fighter's activation ends": one pick, asked to be yet to activate.
#[test]
fn abl5_this_fighter_and_a_friend_yet_to_activate_move_up_to_the_value() {
    let pick = crate::model::effects::FriendPick::new(
        6.0,
        true,
        crate::model::effects::Marks::of(&["gutter"], &[]).unwrap(),
    );
    assert_eq!(
        effects_of(
            "Pick a visible friendly fighter with the Gutter runemark that is within 6\" of this \
             fighter and has not activated this battle round. This fighter and that fighter can \
             each make a bonus move action up to the value of this ability. You can activate \
             that fighter immediately after this fighter's activation ends."
        ),
        Ok(vec![
            Effect::ActivateNext {
                pick: pick.clone(),
                impact: false
            },
            Effect::BonusMove {
                max: Some(Amount::Value)
            },
            Effect::FriendBonusMove {
                pick,
                or_attack: false,
                max: Some(Amount::Value)
            },
        ])
    );
}

/// ATK-3, ABL-5: "this fighter makes a bonus melee attack action. Subtract 4 from the Toughness
/// characteristic of the target of that attack action, to a minimum of 1, for that attack
/// action": the bonus attack's target has 4 less Toughness for it.
#[test]
fn atk3_the_target_of_the_bonus_attack_has_less_toughness() {
    let e = effects_of(
        "This fighter makes a bonus melee attack action. Subtract 4 from the Toughness \
         characteristic of the target of that attack action, to a minimum of 1, for that attack \
         action.",
    );
    assert_eq!(
        e,
        Ok(vec![
            Effect::BonusAttackOf { melee: true },
            Effect::TargetToughnessLess { by: 4, min: 1 }
        ])
    );
    assert_eq!(
        crate::rules::effects::describe(&e.unwrap(), None),
        "a bonus melee attack action; the target of its next attack has 4 less Toughness (to 1) \
         for that attack"
    );
}

/// ABL-4, ABL-5: "pick an enemy fighter within 10" of this fighter and roll a die. Until the
/// end of the battle round, subtract the value of the roll from the Toughness characteristic of
/// that fighter (to a minimum of 1)": lowered by the dice's roll. A roll the card then makes no
/// use of is not read.
#[test]
fn abl4_a_picked_enemy_lowered_by_the_roll() {
    let e = effects_of(
        "Pick an enemy fighter within 10\" of this fighter and roll a die. Until the end of the \
         battle round, subtract the value of the roll from the Toughness characteristic of that \
         fighter (to a minimum of 1).",
    );
    assert_eq!(
        e,
        Ok(vec![Effect::LowerPicked(
            crate::model::effects::PickedLowering {
                range: 10.0,
                visible: false,
                stat: Stat::Toughness,
                by: Amount::Fixed(0),
                min: 1,
                activation: false,
                melee_only: false,
                how: crate::model::effects::Lowering::Roll,
                spares_me: false,
            }
        )])
    );
    assert_eq!(
        crate::rules::effects::describe(&e.unwrap(), None),
        "an enemy within 10\" has a dice's roll less Toughness (to 1) until the end of the round"
    );
    assert!(
        effects_of(
            "Pick an enemy fighter within 10\" of this fighter and roll a die. Until the end of \
             the battle round, subtract 2 from the Toughness characteristic of that fighter (to \
             a minimum of 1)."
        )
        .is_err()
    );
}

/// ATK-2, ABL-5: "this fighter makes a bonus missile attack action. The Range characteristic
/// for that attack action is double the value of this ability": that attack's Range is set.
#[test]
fn atk2_the_bonus_attacks_range_is_twice_the_value() {
    let e = effects_of(
        "This fighter makes a bonus missile attack action. The Range characteristic for that \
         attack action is double the value of this ability.",
    );
    let range = Effect::RangeIs {
        inches: Amount::DoubleValue,
    };
    assert_eq!(
        e,
        Ok(vec![Effect::BonusAttackOf { melee: false }, range.clone()])
    );
    assert_eq!(
        crate::rules::effects::describe(&[range], Some(4)),
        "the Range of that attack is 8\""
    );
}

/// ABL-5, dice games of one card each: rolls that must keep rising, the longest run of
/// consecutive faces (the card's "e.g." cutting its sentence in two), and faces matching the
/// value.
#[test]
fn abl5_dice_games_against_a_picked_enemy() {
    use crate::model::effects::Game;
    let game = |range, visible, game| {
        Ok(vec![Effect::DiceGame {
            range,
            visible,
            game,
        }])
    };
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 4\" of this fighter, then roll a dice. On a roll \
             of 3+, allocate 1 damage points to the fighter being rolled for. Keep rolling in \
             this way and allocating damage points to that fighter until a roll is equal to or \
             lower than the previous roll."
        ),
        game(4.0, true, Game::Rising { least: 3, each: 1 })
    );
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 2\" of this fighter and roll a number of dice \
             equal to the value of this ability (to a minimum of 2). Make a single group of 2 or \
             more dice in consecutive numerical order (e.g. 2, 3, 4), excluding duplicates. Then \
             allocate 2 damage points to the chosen fighter for each dice in that group."
        ),
        game(
            2.0,
            true,
            Game::Run {
                dice: Amount::ValueAtLeast(2),
                each: 2
            }
        )
    );
    assert_eq!(
        effects_of(
            "Pick an enemy fighter within 1\" of this fighter and roll 5 dice. For each result \
             that matches the value of this ability, allocate a number of damage points to that \
             enemy fighter equal to the value of this ability. For each other result, allocate \
             1 damage point to that fighter."
        ),
        game(1.0, false, Game::Match { dice: 5 })
    );
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 2\" of this fighter to be the target. Roll a D6 \
             for each damage point allocated to that target. For each roll of 4+, allocate 1 \
             damage point to the target. Add 1 to each roll if this fighter has the Hero \
             runemark."
        ),
        game(
            2.0,
            true,
            Game::PerDamage {
                least: 4,
                each: 1,
                hero_plus: true
            }
        )
    );
}

/// ABL-5: "... Then, do the same for each other visible enemy fighter within 2" of that enemy
/// fighter but instead roll a number of dice equal to half the value of this ability (rounding
/// up)": the same bands, with fewer dice, for each enemy round the picked one.
#[test]
fn abl5_the_same_roll_round_the_picked_enemy_with_fewer_dice() {
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 5\" of this fighter and roll a number of dice \
             equal to the value of this ability. For each 5+, allocate 2 damage points to that \
             fighter. Then, do the same for each other visible enemy fighter within 2\" of that \
             enemy fighter but instead roll a number of dice equal to half the value of this \
             ability (rounding up)."
        ),
        Ok(vec![
            rolled(5.0, Amount::Value, 5, 2),
            Effect::DamageNearTarget {
                around: 2.0,
                dice: Some(Amount::HalfValueUp)
            }
        ])
    );
}

/// ABL-5: "until the end of the battle round, each time this fighter is allocated a damage
/// point by a melee attack action made by an enemy fighter, roll a dice. On a 4+ allocate 1
/// damage point to that enemy fighter": a dice for each damage point of each melee attack.
#[test]
fn abl5_a_dice_for_each_damage_point_of_a_melee_attack() {
    use crate::model::effects::Guard;
    assert_eq!(
        effects_of(
            "Until the end of the battle round, each time this fighter is allocated a damage \
             point by a melee attack action made by an enemy fighter, roll a dice. On a 4+ \
             allocate 1 damage point to that enemy fighter."
        ),
        Ok(vec![Effect::RoundGuard {
            guard: Guard::Retaliate {
                dice: 0,
                least: 4,
                damage: 1
            },
            aura: None
        }])
    );
}

/// ABL-5: "this fighter makes a bonus attack action. In addition, if either this fighter or
/// the target of the attack has any damage points allocated to them, add 1 to the Attacks
/// characteristic of that bonus attack action. If both this fighter and the target fighter
/// have any damage points allocated to them, add 2 to the Attacks characteristic of that bonus
/// attack action instead": 1 more for this fighter hurt, or (as the attack is made) for a
/// hurt target; 2 for both.
#[test]
fn abl5_the_bonus_attack_raised_when_either_or_both_are_hurt() {
    use crate::model::effects::{Condition, TargetIs};
    let more = |by| Effect::NextBoost {
        stat: Stat::Attacks,
        by: Amount::Fixed(by),
        only: None,
    };
    let if_hurt = |by| Effect::NextIfTarget {
        target: TargetIs::Damaged(1),
        then: vec![more(by)],
    };
    assert_eq!(
        effects_of(
            "This fighter makes a bonus attack action. In addition, if either this fighter or \
             the target of the attack has any damage points allocated to them, add 1 to the \
             Attacks characteristic of that bonus attack action. If both this fighter and the \
             target fighter have any damage points allocated to them, add 2 to the Attacks \
             characteristic of that bonus attack action instead."
        ),
        Ok(vec![
            Effect::BonusAttack,
            Effect::When {
                when: Condition::Damaged(1),
                then: vec![more(1), if_hurt(1)],
                otherwise: vec![if_hurt(1)],
            }
        ])
    );
}

/// REA-1, ABL-5: "pick a visible enemy fighter within 8" of this fighter and roll 3 dice. If 1
/// of the dice scores a 6, that fighter makes 1 fewer action in this battle round (to a minimum
/// of 0). If a fighter is reduced to 0 actions in this way, that fighter cannot be activated in
/// this battle round": any 6 takes an action of the round from it.
#[test]
fn rea1_any_6_takes_an_action_of_the_round_from_the_enemy() {
    use crate::model::effects::OnSuccess;
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 8\" of this fighter and roll 3 dice. If 1 of the \
             dice scores a 6, that fighter makes 1 fewer action in this battle round (to a \
             minimum of 0). If a fighter is reduced to 0 actions in this way, that fighter cannot \
             be activated in this battle round."
        ),
        Ok(vec![Effect::RollAgainst {
            range: 8.0,
            visible: true,
            runemark: None,
            dice: Amount::Fixed(3),
            least: 6,
            then: OnSuccess::FewerActions,
        }])
    );
}

/// REA-1, ABL-5: "after this fighter's next melee attack action in this activation, if at
/// least 1 hit roll from that attack action results in a hit, the target forfeits 1 of their
/// actions in this battle round. If the target has already activated or if they have no more
/// actions to forfeit, allocate 2 damage points to the target instead".
#[test]
fn rea1_the_next_melee_attacks_target_forfeits_an_action_or_takes_damage() {
    assert_eq!(
        effects_of(
            "After this fighter's next melee attack action in this activation, if at least 1 \
             hit roll from that attack action results in a hit, the target forfeits 1 of their \
             actions in this battle round. If the target has already activated or if they have \
             no more actions to forfeit, allocate 2 damage points to the target instead."
        ),
        Ok(vec![Effect::ForfeitAfterNextAttack { instead: 2 }])
    );
}
