//! Issue 30, eighteenth session: abilities used one way or the other, in our own words.

use super::*;
use crate::model::effects::{AttackKind, Ways};
use crate::rules::effects::describe;

/// ABL-5, INI-3: "you can discard one of your saved wild dice. If you do so, X instead": the
/// second way is X in place of the sentence before, paid with one saved wild die.
#[test]
fn abl5_ini3_a_second_way_paid_with_saved_wild_dice_instead() {
    let e = effects_of(
        "This fighter can make a bonus move action of up to 2\", and can fly when they do so. \
         When a fighter uses this ability, you can discard one of your saved wild dice. If you \
         do so, this fighter can make a bonus move action of up to 5\" instead, and can fly \
         when they do so.",
    )
    .unwrap();
    let fly = |n| Effect::FlyingBonusMove {
        max: Amount::Fixed(n),
    };
    assert_eq!(
        e,
        vec![Effect::Either(Ways {
            discard: 1,
            first: vec![fly(2)],
            second: vec![fly(5)],
        })]
    );
    assert_eq!(
        describe(&e, None),
        "a bonus move action of up to 2\", flying; or, discarding one saved wild die: a bonus \
         move action of up to 5\", flying"
    );
}

/// ABL-5, INI-3: without "instead", X comes on top; "that attack action" is the next melee
/// attack action the sentence before raised.
#[test]
fn abl5_ini3_a_second_way_on_top_of_the_first() {
    let e = effects_of(
        "Add 1 to the Attacks characteristic of the next melee attack action made by this \
         fighter. When a fighter uses this ability, you can discard two of your saved wild \
         dice. If you do, critical hits are scored on a 4+ for that attack action.",
    )
    .unwrap();
    let raise = Effect::NextBoost {
        stat: Stat::Attacks,
        by: Amount::Fixed(1),
        only: Some(AttackKind::Melee),
    };
    let crit = Effect::CritOn {
        least: 4,
        only: Some(AttackKind::Melee),
        next: true,
    };
    assert_eq!(
        e,
        vec![Effect::Either(Ways {
            discard: 2,
            first: vec![raise.clone()],
            second: vec![raise, crit],
        })]
    );
}

/// SET-3, ABL-5: "each friendly fighter with the R runemark in this fighter's battle group":
/// an aura of its battle group; the words were read as a runemark's name before.
#[test]
fn set3_abl5_friends_of_its_battle_group_make_a_bonus_move() {
    let e = effects_of(
        "Each friendly fighter with the Ember runemark in this fighter's battle group can make \
         a bonus move action.",
    )
    .unwrap();
    let Effect::EachFriendBonusMove {
        aura, or_attack, ..
    } = &e[0]
    else {
        panic!("{e:?}")
    };
    assert!(aura.group && !or_attack);
    assert_eq!(aura.marks, Marks::of(&["ember"], &[]).unwrap());
    assert!(describe(&e, None).contains("ember runemark in its battle group"));
}

/// ABL-5: "either X, or allocate N damage points to this fighter and Y": two ways, the second
/// two allocations; "from either the Move characteristic or the Toughness characteristic":
/// the sentence with each.
#[test]
fn abl5_either_or_is_the_players_choice() {
    let e = effects_of(
        "Either allocate 2 damage points to all visible enemy fighters within 2\" of this \
         fighter, or allocate 1 damage point to this fighter and 2 damage points to all \
         visible enemy fighters within 5\" of this fighter.",
    )
    .unwrap();
    let Effect::Either(w) = &e[0] else {
        panic!("{e:?}")
    };
    assert_eq!((w.discard, w.first.len(), w.second.len()), (0, 1, 2));
    assert!(matches!(w.second[0], Effect::SelfDamage { .. }));
    let e = effects_of(
        "Pick a visible enemy fighter within 8\" of this fighter. Subtract 1 from either the \
         Move characteristic or the Toughness characteristic of that fighter (to a minimum of \
         1) until the end of the battle round.",
    )
    .unwrap();
    assert!(
        describe(&e, None).starts_with("either a visible enemy within 8\" has 1 less Move"),
        "{}",
        describe(&e, None)
    );
}

/// A runemark's name with "runemark" inside it is words the reader did not understand: the
/// ability is left to be resolved by hand rather than read wrong.
#[test]
fn abl5_words_after_a_runemark_are_not_its_name() {
    assert!(
        effects_of(
            "Each friendly fighter with the Ember runemark in the next room can make a bonus \
             move action."
        )
        .is_err()
    );
}

/// ABL-5: "one critical hit from the next melee attack action made by this fighter scores 2
/// additional critical hits".
#[test]
fn abl5_one_critical_hit_scores_more() {
    let e = effects_of(
        "One critical hit from the next melee attack action made by this fighter scores 2 \
         additional critical hits.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![Effect::NextMoreCrits {
            n: 2,
            only: Some(AttackKind::Melee)
        }]
    );
    assert_eq!(
        describe(&e, None),
        "if its next melee attack scores a critical hit, it scores 2 more"
    );
}

/// ABL-5, MOVE-7: "pick 1 of the following effects: • X • Y", the bullets in the card's
/// shorthand: "the Attacks and Damage characteristics of this fighter's melee weapons" (both
/// values of Damage), "has the Fly runemark" (it can fly).
#[test]
fn abl5_move7_one_of_two_bullets() {
    let e = effects_of(
        "Pick 1 of the following effects: • Add 2 to the Attacks and Damage characteristics of \
         this fighter's melee weapons until the end of their activation. • Add 1 to this \
         fighter's Move characteristic until the end of their activation and this fighter has \
         the Fly runemark until the end of their activation.",
    )
    .unwrap();
    let Effect::Either(w) = &e[0] else {
        panic!("{e:?}")
    };
    let stats: Vec<Stat> = (w.first.iter())
        .filter_map(|e| match e {
            Effect::Boost {
                stat,
                by: Amount::Fixed(2),
                melee_only: true,
                ..
            } => Some(*stat),
            _ => None,
        })
        .collect();
    assert_eq!(stats, vec![Stat::Attacks, Stat::Damage, Stat::CritDamage]);
    assert_eq!(w.second[1], Effect::FlyThisActivation);
}

/// ABL-5: "roll 4 dice. For each roll of 1, allocate 1 damage point to this fighter. For each
/// roll of 5+, add 1 to the damage points allocated by each hit or critical hit from the next
/// melee attack action made by this fighter": the dice, then what each face does.
#[test]
fn abl5_each_face_of_a_roll_for_itself() {
    let e = effects_of(
        "Roll 4 dice. For each roll of 1, allocate 1 damage point to this fighter. For each \
         roll of 5+, add 1 to the damage points allocated by each hit or critical hit from the \
         next melee attack action made by this fighter.",
    )
    .unwrap();
    let raise = |stat| Effect::NextBoost {
        stat,
        by: Amount::Fixed(1),
        only: Some(AttackKind::Melee),
    };
    assert_eq!(
        e,
        vec![
            Effect::RollDice(Amount::Fixed(4)),
            Effect::SelfDamagePerRoll {
                least: 1,
                most: 1,
                amount: 1
            },
            Effect::OnRolled {
                least: 5,
                per_roll: true,
                then: vec![raise(Stat::Damage), raise(Stat::CritDamage)],
            },
        ]
    );
    // A roll that nothing reads is not a card.
    assert!(effects_of("Roll 4 dice.").is_err());
}

/// ABL-5: "That move action must end closer to this fighter" after the friends' bonus moves:
/// each must (and this fighter has none); after a move or attack it is not read.
#[test]
fn abl5_friends_moves_that_must_end_closer() {
    let e = effects_of(
        "Each friendly fighter within 5\" of this fighter can make a bonus move action. That \
         move action must end closer to this fighter.",
    )
    .unwrap();
    assert!(
        matches!(
            &e[..],
            [Effect::EachFriendBonusMove {
                closer: true,
                or_attack: false,
                ..
            }]
        ),
        "{e:?}"
    );
    assert!(
        effects_of(
            "Each friendly fighter within 5\" of this fighter can make a bonus move action or a \
             bonus attack action. That move action must end closer to this fighter."
        )
        .is_err()
    );
}

/// GEN-8, ABL-5: a runemark a rule reads, given or taken for the round; "until the end of the
/// battle round, add 1 to X, add 1 to Y, and this fighter has the R runemark" is a sentence
/// for each; a runemark no rule reads is not given.
#[test]
fn gen8_abl5_a_runemark_for_the_round() {
    use crate::model::runemark::Runemark;
    let e = effects_of(
        "Until the end of the battle round, add 2 to this fighter's Move characteristic, add 1 \
         to the Strength characteristic of melee attack actions made by this fighter, and this \
         fighter has the Beast runemark.",
    )
    .unwrap();
    assert_eq!(e.len(), 3, "{e:?}");
    assert_eq!(
        e[2],
        Effect::MarkThisRound {
            mark: Runemark::Beast,
            has: true
        }
    );
    let e = effects_of(
        "Until the start of the next battle round, this fighter is not considered to have the \
         Beast runemark. If this fighter is carrying treasure at the start of the next battle \
         round, it drops that treasure.",
    )
    .unwrap();
    assert_eq!(
        describe(&e, None),
        "until the end of the round, it does not have the Beast runemark (a Beast again as the \
         next round begins, it drops any treasure it carries)"
    );
    assert!(
        effects_of("Until the end of the battle round, this fighter has the Gargant runemark.")
            .is_err()
    );
}

/// ABL-5: guards while a friend bearing runemarks is near, or for friends that have not moved
/// this round.
#[test]
fn abl5_guards_with_a_condition_on_who_they_guard() {
    let e = effects_of(
        "Until the end of the battle round, subtract 1 from the damage points allocated by each \
         hit and critical hit (to a minimum of 1) from attack actions that target this fighter \
         while it is within 2\" of a friendly fighter with both the Ember runemark and the \
         Mystic runemark.",
    )
    .unwrap();
    let Effect::RoundGuard { aura: Some(a), .. } = &e[0] else {
        panic!("{e:?}")
    };
    let both = Marks::of(&["ember", "mystic"], &[]).unwrap();
    let near = crate::model::effects::Near::new(2.0, both);
    assert_eq!((a.range, a.others, a.near), (0.0, false, near));
    let e = effects_of(
        "Until the end of the battle round, subtract 1 from the damage points allocated by each \
         hit and critical hit (to a minimum of 1) from attack actions that target friendly \
         fighters while they are within 3\" of this fighter and have not made any move actions \
         this battle round.",
    )
    .unwrap();
    assert!(
        matches!(&e[0], Effect::RoundGuard { aura: Some(a), .. } if a.unmoved && a.range == 3.0)
    );
}

/// ABL-5: "within 6" of this fighter or within 9" of this fighter if the value of this ability
/// is 4 or greater": the value decides the reach.
#[test]
fn abl5_a_reach_decided_by_the_value() {
    use crate::model::effects::Condition;
    let e = effects_of(
        "Pick a friendly fighter within 4\" of this fighter or within 8\" of this fighter if the \
         value of this ability is 5 or greater. That fighter can make a bonus move action.",
    )
    .unwrap();
    let range = |e: &[Effect]| match e {
        [Effect::FriendBonusMove { pick, .. }] => pick.range,
        _ => panic!("{e:?}"),
    };
    let [
        Effect::When {
            when: Condition::ValueAtLeast(5),
            then,
            otherwise,
        },
    ] = &e[..]
    else {
        panic!("{e:?}")
    };
    assert_eq!((range(then), range(otherwise)), (8.0, 4.0));
}

/// ABL-5: "... while 1 or more endangered friendly fighters are within 6" of them" and the
/// sentence saying what endangered is: the raise while such a friend is near.
#[test]
fn abl5_a_raise_while_an_endangered_friend_is_near() {
    use crate::model::effects::Count;
    let e = effects_of(
        "Add 1 to the Attacks characteristic of melee attack actions made by this fighter this \
         activation while 1 or more endangered friendly fighters are within 4\" of them. A \
         friendly fighter is endangered if it has the Minion runemark and is: within 1\" of 1 or \
         more enemy fighters and/or has 1 or more damage points allocated to them.",
    )
    .unwrap();
    assert!(
        matches!(
            &e[..],
            [Effect::PerCount {
                count: Count::WhileNear {
                    range: 4.0,
                    target: false,
                    endangered: true,
                    ..
                },
                ..
            }]
        ),
        "{e:?}"
    );
}

/// ABL-5: "... then set that fighter up on a platform or the battlefield floor, wholly within
/// a number of inches of this fighter equal to the value of this ability" after a pick of a
/// friend "with the M runemark that is within N"".
#[test]
fn abl5_a_friend_set_up_wholly_within_the_value() {
    use crate::model::effects::VALUE_RANGE;
    let e = effects_of(
        "Pick another friendly fighter with the Ember runemark that is within 10\" of this \
         fighter. Remove that fighter from the battlefield, then set that fighter up on a \
         platform or the battlefield floor, wholly within a number of inches of this fighter \
         equal to the value of this ability.",
    )
    .unwrap();
    let [
        Effect::FriendSetUp {
            pick,
            within,
            wholly: true,
        },
    ] = &e[..]
    else {
        panic!("{e:?}")
    };
    assert_eq!((pick.range, *within), (10.0, VALUE_RANGE));
    assert!(describe(&e, Some(4)).ends_with("set up again wholly within 4\" of this fighter"));
}

/// REA-1, ABL-5: "... before the hit rolls are made if the attacker is within range of at least
/// one of the target's weapons" + "for each hit roll ... that misses, allocate 1 damage point
/// to the attacking fighter" + "for each hit roll of 1, allocate 3 damage points to the
/// attacking fighter instead": a 1 always misses, so each 1 deals 2 more.
#[test]
fn rea1_abl5_damage_for_misses_and_more_for_ones_while_in_range() {
    use crate::model::effects::{Condition, Trigger};
    let e = effects_of(
        "A fighter can make this reaction after they are targeted by an attack action but \
         before the hit rolls are made if the attacker is within range of at least one of the \
         target's weapons. For each hit roll from that attack action that misses, allocate 1 \
         damage point to the attacking fighter. For each hit roll of 1, allocate 3 damage \
         points to the attacking fighter instead.",
    )
    .unwrap();
    assert_eq!(
        e,
        vec![
            Effect::Reaction(Trigger::TargetedByAttack),
            Effect::Requires(Condition::AttackerInReach),
            Effect::DamageAttackerPerMiss { amount: 1 },
            Effect::DamageAttackerPerRoll {
                least: 1,
                most: 1,
                amount: Amount::Fixed(2)
            },
        ]
    );
}

/// ABL-5: a bonus attack, "if that bonus attack action scores any critical hits, roll a dice",
/// "on a roll of 3+, until the end of the battle round, subtract 2 from the Move
/// characteristic (to a minimum of 1) of the target fighter".
#[test]
fn abl5_a_roll_after_a_critical_hit_slows_the_target() {
    use crate::model::effects::TargetLowering;
    let e = effects_of(
        "This fighter can make a bonus melee attack action. If that bonus attack action scores \
         any critical hits, roll a dice. On a roll of 3+, until the end of the battle round, \
         subtract 2 from the Move characteristic (to a minimum of 1) of the target fighter.",
    )
    .unwrap();
    assert_eq!(
        e[1],
        Effect::LowerAfterNextAttack(TargetLowering {
            stat: Stat::Move,
            by: Amount::Fixed(2),
            min: 1,
            crits: true,
            least: 3,
            battle: false,
        })
    );
}

/// ABL-5: "for the rest of the battle round, each time a friendly fighter with the M runemark
/// within N" of this fighter makes a move action, you can add A to their Move characteristic
/// for that action" is the raise of their moves that start within N".
#[test]
fn abl5_each_time_a_friend_nearby_moves() {
    let each_time = effects_of(
        "For the rest of the battle round, each time a friendly fighter with the Ember runemark \
         within 4\" of this fighter makes a move action, you can add 1 to their Move \
         characteristic for that action.",
    )
    .unwrap();
    let raise = effects_of(
        "Until the end of the battle round, add 1 to the Move characteristic of friendly \
         fighters with the Ember runemark while they make a move action that starts within 4\" \
         of this fighter.",
    )
    .unwrap();
    assert_eq!(each_time, raise);
}

/// ABL-5: "add 1 to each roll if there is a visible friendly fighter with the M runemark within
/// N" of this fighter" after a roll and what each face does: with such a friend each N+ is an
/// (N-1)+.
#[test]
fn abl5_one_more_on_each_roll_with_a_friend_near() {
    let e = effects_of(
        "Roll 3 dice. For each roll of 5+, add 1 to the Attacks characteristic of the next melee \
         attack action made by this fighter. Add 1 to each roll if there is a visible friendly \
         fighter with the Ember runemark within 4\" of this fighter.",
    )
    .unwrap();
    let least = |e: &[Effect]| match e {
        [Effect::RollDice(_), Effect::OnRolled { least, .. }] => *least,
        _ => panic!("{e:?}"),
    };
    let [
        Effect::When {
            then, otherwise, ..
        },
    ] = &e[..]
    else {
        panic!("{e:?}")
    };
    assert_eq!((least(then), least(otherwise)), (4, 5));
}
