//! ABL-5: abilities as data. One ability of our own per effect kind, in the shapes faction
//! abilities take, run by the engine with injected dice.

use super::arena::{Arena, ability, weapon};
use warcry_sim::model::RuleId;
use warcry_sim::model::effects::{Amount, Effect, Roll, Stat};
use warcry_sim::model::ids::FighterId;
use warcry_sim::model::ids::Side;
use warcry_sim::rules::abilities::{AbilityDef, AbilityEffect, DiceCost};
use warcry_sim::rules::command::Command;
use warcry_sim::rules::engine::{Bonus, Pending};
use warcry_sim::rules::log::{EffectOutcome, Event};

const A: FighterId = FighterId(2);
const B: FighterId = FighterId(10);
const B2: FighterId = FighterId(11);
const A2: FighterId = FighterId(3);

/// A gives its fighter (A) one ability of `effects`, costing a double; A at (10, 10) is
/// activated with a double of `value`s to pay.
fn with_ability(effects: Vec<Effect>, value: u8) -> Arena {
    let mut a = Arena::new();
    a.profile(A, |p| {
        p.abilities = vec![ability("Test Gift", DiceCost::Double, effects)];
        p.weapons = vec![weapon(1.0, 2, 3, (1, 2))];
    });
    a.place(A, 10.0, 10.0);
    a.activate(A);
    a.give_dice(Side::A, &[(value, 2)]);
    a
}

fn use_it(a: &mut Arena, value: u8, target: Option<FighterId>) -> Result<(), String> {
    a.use_ability(A, "Test Gift", value, target)
}

fn outcomes(a: &mut Arena, since: usize) -> Vec<EffectOutcome> {
    a.log_since(since)
        .into_iter()
        .filter(|e| e.rules.contains(&RuleId::Abl5))
        .filter_map(|e| match e.event {
            Event::Effect { outcome, .. } => Some(outcome),
            _ => None,
        })
        .collect()
}

#[test]
fn abl5_bonus_move_then_bonus_attack() {
    let mut a = with_ability(
        vec![
            Effect::BonusMove {
                max: Some(Amount::Value),
            },
            Effect::BonusAttack,
        ],
        4,
    );
    let n = a.log_len();
    use_it(&mut a, 4, None).unwrap();
    let act = a.engine().activation.clone().unwrap();
    assert_eq!(
        act.bonus,
        vec![
            Bonus::Move {
                max: 4.0,
                fly: false
            },
            Bonus::AnyAttack
        ]
    );
    assert_eq!(
        outcomes(&mut a, n),
        vec![
            EffectOutcome::BonusMove { max: 4.0 },
            EffectOutcome::BonusAttack
        ]
    );
    // The bonus move goes no farther than the value.
    assert!(a.walk(A, [15.0, 0.0, 10.0]).is_err());
    a.walk(A, [13.5, 0.0, 10.0]).unwrap();
}

#[test]
fn abl4_abl5_a_strength_boost_for_melee_attacks_this_activation() {
    let mut a = with_ability(
        vec![Effect::Boost {
            stat: Stat::Strength,
            by: Amount::Value,
            melee_only: true,
            missile_only: false,
        }],
        3,
    );
    a.rules(|r| r.reactions = false);
    a.place(B, 11.5, 10.0);
    a.profile(B, |p| {
        p.toughness = 5;
        p.wounds = 30;
    });
    use_it(&mut a, 3, None).unwrap();
    // Strength 3 + 3 against Toughness 5: hits on 3+ (ATK-3), not 5+.
    a.dice(&[3, 3]);
    match a.attack_logged(A, B, 0) {
        Event::Attack {
            strength,
            needed,
            hits,
            ..
        } => assert_eq!((strength, needed, hits), (6, 3, 2)),
        e => panic!("{e:?}"),
    }
}

#[test]
fn abl5_damage_to_one_visible_enemy_by_a_roll() {
    let roll = Roll {
        dice: Amount::Fixed(2),
        bands: vec![(4, 5, Amount::Fixed(1)), (6, 6, Amount::Value)],
        rolled: Vec::new(),
        upto_round: None,
    };
    let mut a = with_ability(
        vec![Effect::DamageOne {
            range: 6.0,
            amount: Amount::Fixed(0),
            roll: Some(roll),
            only: None,
        }],
        5,
    );
    a.place(B, 14.0, 10.0);
    a.place(B2, 25.0, 10.0);
    // Too far: refused with the rule.
    let refused = use_it(&mut a, 5, Some(B2)).unwrap_err();
    assert!(refused.ends_with("[ABL-5]"), "{refused}");
    // A 6 deals the value (5), a 4 deals 1.
    a.dice(&[6, 4]);
    let n = a.log_len();
    use_it(&mut a, 5, Some(B)).unwrap();
    assert_eq!(a.damage(B), 6);
    assert_eq!(a.damage(B2), 0);
    assert_eq!(
        outcomes(&mut a, n),
        vec![EffectOutcome::Damage {
            fighters: vec![B],
            damage: 6,
            rolls: vec![6, 4]
        }]
    );
}

#[test]
fn abl5_damage_to_each_visible_enemy_within_range() {
    let mut a = with_ability(
        vec![Effect::DamageEach {
            range: 3.0,
            amount: Amount::Value,
            roll: None,
            visible: true,
        }],
        2,
    );
    a.place(B, 12.0, 10.0);
    a.place(B2, 10.0, 20.0);
    use_it(&mut a, 2, None).unwrap();
    assert_eq!((a.damage(B), a.damage(B2)), (2, 0));
}

/// Issue 30: "roll a dice for each visible enemy fighter within 3"": each enemy in reach is
/// rolled for, nearest first, and takes what its own roll deals (4-5: 1, 6: the value); one
/// out of reach is not rolled for.
#[test]
fn abl5_a_roll_for_each_enemy_in_reach_deals_each_its_own_damage() {
    let mut a = with_ability(
        vec![Effect::DamageEach {
            range: 3.0,
            amount: Amount::Fixed(0),
            roll: Some(warcry_sim::model::effects::Roll {
                dice: Amount::Fixed(1),
                bands: vec![(4, 5, Amount::Fixed(1)), (6, 6, Amount::Value)],
                rolled: Vec::new(),
                upto_round: None,
            }),
            visible: true,
        }],
        3,
    );
    a.place(B, 11.5, 10.0);
    a.place(B2, 10.0, 12.5);
    a.place(FighterId(12), 10.0, 20.0);
    a.dice(&[6, 4]);
    let n = a.log_len();
    use_it(&mut a, 3, None).unwrap();
    assert_eq!((a.damage(B), a.damage(B2)), (3, 1));
    assert_eq!(a.damage(FighterId(12)), 0, "out of reach");
    assert_eq!(a.dice_left(), 0, "one roll for each enemy in reach");
    let said: Vec<String> = a.log_since(n).iter().map(|e| a.text_of(e)).collect();
    assert!(said.iter().any(|l| l.contains("rolls 6")), "{said:?}");
}

#[test]
fn abl5_heal_removes_damage_and_needs_some() {
    let mut a = with_ability(
        vec![Effect::Heal {
            amount: Amount::HalfValueUp,
        }],
        5,
    );
    let refused = use_it(&mut a, 5, None).unwrap_err();
    assert!(refused.contains("no damage to remove"), "{refused}");
    a.set(A, warcry_sim::model::components::Damage(4));
    use_it(&mut a, 5, None).unwrap();
    assert_eq!(a.damage(A), 1, "half of 5, rounded up, is 3");
    assert!(matches!(a.pending(), Pending::Action { .. }));
}

/// Issue 30: "a fighter can only use this ability if there is a visible enemy fighter within
/// 3" of them": refused with no enemy that near, used once one is.
#[test]
fn abl5_only_with_an_enemy_within_reach() {
    use warcry_sim::model::effects::Condition;
    let near = Condition::EnemyWithin {
        range: 3.0,
        visible: true,
    };
    let effects = vec![Effect::Requires(near), Effect::BonusMove { max: None }];
    let mut a = with_ability(effects, 3);
    a.place(B, 16.0, 10.0);
    let refused = use_it(&mut a, 3, None).unwrap_err();
    assert!(
        refused.contains("no enemy it can see within 3\""),
        "{refused}"
    );
    a.place(B, 12.0, 10.0);
    use_it(&mut a, 3, None).unwrap();
    let bonus = a.engine().activation.clone().unwrap().bonus;
    assert!(matches!(bonus[..], [Bonus::Move { .. }]), "{bonus:?}");
}

#[test]
fn abl5_only_after_taking_down_an_enemy_then_a_bonus_move_or_attack() {
    use warcry_sim::model::effects::Condition;
    let mut a = with_ability(
        vec![
            Effect::Requires(Condition::TookDownThisActivation),
            Effect::BonusMoveOrAttack,
        ],
        3,
    );
    a.rules(|r| r.reactions = false);
    a.place(B, 11.5, 10.0);
    a.profile(B, |p| p.wounds = 1);
    let refused = use_it(&mut a, 3, None).unwrap_err();
    assert!(refused.contains("taken down no enemy"), "{refused}");
    // The attack takes B down (two hits of 1 damage against 1 wound).
    a.dice(&[6, 6]);
    a.apply(Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    })
    .unwrap();
    use_it(&mut a, 3, None).unwrap();
    let max = a.fighter(A).profile.movement as f32;
    assert_eq!(
        a.engine().activation.clone().unwrap().bonus,
        vec![Bonus::MoveOrAttack { max }]
    );
    // The bonus may be a move (the Move characteristic's length) ...
    a.walk(A, [13.0, 0.0, 10.0]).unwrap();
    assert!(a.engine().activation.clone().unwrap().bonus.is_empty());
}

#[test]
fn abl5_an_enemy_barred_from_moving_until_the_end_of_the_round() {
    use warcry_sim::model::effects::Restriction;
    let mut a = with_ability(
        vec![Effect::Restrict {
            range: 6.0,
            visible: true,
            actions: vec![Restriction::Move, Restriction::Disengage],
            only: None,
        }],
        2,
    );
    a.place(B, 14.0, 10.0);
    let n = a.log_len();
    use_it(&mut a, 2, Some(B)).unwrap();
    assert_eq!(
        outcomes(&mut a, n),
        vec![EffectOutcome::Barred {
            fighter: B,
            actions: vec![Restriction::Move, Restriction::Disengage]
        }]
    );
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.activate(B);
    let refused = a.walk(B, [16.0, 0.0, 10.0]).unwrap_err();
    assert_eq!(refused.rule, RuleId::Abl5, "{}", refused.reason);
    assert!(refused.reason.contains("until the end of the battle round"));
}

#[test]
fn abl5_an_abilitys_bonus_attack_may_be_a_missile_attack_and_lapses_with_none_to_make() {
    let mut a = with_ability(vec![Effect::BonusAttack], 2);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.weapons = vec![weapon(8.0, 2, 3, (1, 2))]);
    // B 5" away: no enemy within 1" (Reckoning's condition), but a missile attack to make.
    a.place(B, 15.5, 10.0);
    use_it(&mut a, 2, None).unwrap();
    assert_eq!(
        a.engine().activation.clone().unwrap().bonus,
        vec![Bonus::AnyAttack]
    );
    // Out of every weapon's reach: the bonus attack lapses, and the log says so.
    let mut a = with_ability(vec![Effect::BonusAttack], 2);
    a.place(B, 25.0, 10.0);
    let n = a.log_len();
    use_it(&mut a, 2, None).unwrap();
    assert!(a.engine().activation.clone().unwrap().bonus.is_empty());
    let lapsed = a
        .log_since(n)
        .into_iter()
        .any(|e| matches!(e.event, Event::NoAttackToMake { fighter } if fighter == A));
    assert!(lapsed);
}

#[test]
fn abl5_the_options_offer_each_enemy_an_aimed_ability_may_pick_nearest_first() {
    use warcry_sim::rules::options::{Decision, options};
    let mut a = with_ability(
        vec![Effect::DamageOne {
            range: 8.0,
            amount: Amount::Value,
            roll: None,
            only: None,
        }],
        3,
    );
    // Not in line: B2 would hide B (GEN-3).
    a.place(B, 14.0, 14.0);
    a.place(B2, 13.0, 10.0);
    let Decision::Action(act) = options(a.world()).decision else {
        panic!("an action to choose");
    };
    let gift = act
        .abilities
        .iter()
        .find(|x| x.name == "Test Gift")
        .unwrap();
    assert_eq!(gift.targets, vec![B2, B]);
    // The player picks the farther one.
    use_it(&mut a, 3, Some(B)).unwrap();
    assert_eq!((a.damage(B), a.damage(B2)), (3, 0));
}

#[test]
fn abl5_a_not_automated_ability_is_resolved_by_hand_and_the_activation_waits() {
    use warcry_sim::rules::command::HandChange;
    let mut a = Arena::new();
    a.profile(A, |p| {
        p.abilities = vec![AbilityDef {
            id: None,
            name: "Odd Gift".into(),
            cost: DiceCost::Double,
            runemarks: vec![],
            text: "Something the engine can't do".into(),
            effect: AbilityEffect::NotAutomated,
        }];
    });
    a.place(A, 10.0, 10.0);
    a.place(B, 20.0, 10.0);
    a.activate(A);
    let by_hand = |change| Command::ByHand {
        fighter: A,
        target: B,
        change,
    };
    // Nothing to resolve yet.
    assert_eq!(
        a.rejected(by_hand(HandChange::Damage(2))).rule,
        RuleId::Abl5
    );
    a.give_dice(Side::A, &[(3, 2)]);
    a.apply(Command::Ability {
        fighter: A,
        ability: "Odd Gift".into(),
        dice: 3,
        target: None,
        place: None,
        choice: 0,
    })
    .unwrap();
    let n = a.log_len();
    a.apply(by_hand(HandChange::Damage(3))).unwrap();
    a.apply(by_hand(HandChange::Heal(1))).unwrap();
    assert_eq!(a.damage(B), 2);
    // A move of up to 3" by hand, wherever enemies stand; farther is refused (MOVE-1).
    a.place(A2, 21.5, 10.0);
    a.apply(by_hand(HandChange::Move {
        inches: 3,
        to: [20.0, 0.0, 12.5],
    }))
    .unwrap();
    let b = a.fighter(B).pos;
    assert!(
        (b.x - 20.0).abs() < 0.05 && (b.z - 12.5).abs() < 0.05,
        "{b:?}"
    );
    let far = a.rejected(by_hand(HandChange::Move {
        inches: 2,
        to: [24.0, 0.0, 12.5],
    }));
    assert_eq!(far.rule, RuleId::Move1, "{}", far.reason);
    let logged = a
        .log_since(n)
        .into_iter()
        .filter(|e| matches!(e.event, Event::ByHand { .. }) && e.rules.contains(&RuleId::Abl5))
        .count();
    assert_eq!(logged, 3);
    assert_eq!(
        a.rejected(by_hand(HandChange::Damage(99))).rule,
        RuleId::Abl5
    );
    // The activation is still A's until its player ends it.
    assert!(matches!(a.pending(), Pending::Action { fighter } if fighter == A));
}

#[test]
fn abl5_cmb2_a_friend_with_the_runemark_makes_a_bonus_attack() {
    use warcry_sim::rules::options::{Decision, options};
    const BEAST: FighterId = FighterId(3);
    const OTHER: FighterId = FighterId(4);
    let mut a = with_ability(
        vec![Effect::FriendBonusAttack {
            range: 4.0,
            visible: true,
            runemark: Some("beast".into()),
            marks: Default::default(),
            melee: false,
            weapon: Default::default(),
        }],
        3,
    );
    a.rules(|r| r.reactions = false);
    a.profile(BEAST, |p| {
        p.runemarks = vec!["beast".into()];
        p.weapons = vec![weapon(1.0, 2, 3, (1, 2))];
    });
    a.profile(B, |p| p.wounds = 30);
    a.place(BEAST, 12.0, 10.0);
    a.place(OTHER, 10.0, 12.0);
    a.place(B, 13.5, 10.0);
    // Only the friend with the runemark may be picked.
    let Decision::Action(act) = options(a.world()).decision else {
        panic!("an action to choose");
    };
    let gift = act
        .abilities
        .iter()
        .find(|x| x.name == "Test Gift")
        .unwrap();
    assert_eq!(gift.targets, vec![BEAST]);
    let refused = use_it(&mut a, 3, Some(OTHER)).unwrap_err();
    assert!(refused.ends_with("[ABL-5]"), "{refused}");
    use_it(&mut a, 3, Some(BEAST)).unwrap();
    assert_eq!(
        a.engine().activation.clone().unwrap().bonus,
        vec![Bonus::FriendAttack {
            fighter: BEAST,
            melee: false,
            at: None,
            weapons: None,
        }]
    );
    // The friend's attack is offered (an action of A's own would decline it:
    // `cmb2_abl5_a_bonus_may_be_declined_for_the_fighters_own_action`); the solo AI makes it.
    let advice = warcry_sim::ai::solo::advise(a.world()).unwrap();
    assert!(
        matches!(
            advice.command,
            Command::Attack {
                fighter: BEAST,
                target: B,
                ..
            }
        ),
        "{:?}",
        advice.command
    );
    let Decision::Action(act) = options(a.world()).decision else {
        panic!("an action to choose");
    };
    assert_eq!(act.attacker, BEAST);
    a.dice(&[6, 6]);
    a.apply(Command::Attack {
        fighter: BEAST,
        target: B,
        weapon: 0,
    })
    .unwrap();
    assert_eq!(a.damage(B), 4);
    // The bonus is spent; A's activation goes on with its own actions.
    assert!(a.engine().activation.clone().unwrap().bonus.is_empty());
    assert_eq!(a.pending(), Pending::Action { fighter: A });
}

/// CMB-2, ABL-5 ("they can make a bonus move action"): a bonus is offered, not owed. With a
/// bonus move waiting and an action left, A attacks B instead: the bonus is declined, said in
/// the log, and the attack is one of A's own actions.
#[test]
fn cmb2_abl5_a_bonus_may_be_declined_for_the_fighters_own_action() {
    let mut a = with_ability(
        vec![Effect::BonusMove {
            max: Some(Amount::Value),
        }],
        4,
    );
    a.place(B, 11.5, 10.0);
    use_it(&mut a, 4, None).unwrap();
    let left = a.engine().activation.clone().unwrap().actions_left;
    let n = a.log_len();
    a.dice(&[1, 1]);
    a.apply(Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    })
    .expect("the bonus move is declined, not owed");
    let act = a.engine().activation.clone().unwrap();
    assert!(act.bonus.is_empty());
    assert_eq!(
        act.actions_left,
        left - 1,
        "the attack was one of A's own actions"
    );
    let said: Vec<String> = a.log_since(n).iter().map(|e| a.text_of(e)).collect();
    assert!(
        said.iter().any(|t| t.contains("declines its bonus move")),
        "{said:?}"
    );
}

/// ABL-5: a bonus that can't be made lapses with a log line instead of blocking the
/// activation: A, barred from moving this round, gets a bonus move; it lapses at once and A
/// goes on with its own actions.
#[test]
fn abl5_a_bonus_move_that_cant_be_made_lapses_with_a_line() {
    use warcry_sim::model::effects::Restriction;
    let mut a = with_ability(
        vec![Effect::BonusMove {
            max: Some(Amount::Value),
        }],
        4,
    );
    a.place(B, 11.5, 10.0);
    a.engine().bar(A, Restriction::Move);
    let n = a.log_len();
    use_it(&mut a, 4, None).unwrap();
    assert!(a.engine().activation.clone().unwrap().bonus.is_empty());
    let said: Vec<String> = a.log_since(n).iter().map(|e| a.text_of(e)).collect();
    assert!(
        said.iter()
            .any(|t| t.contains("can't make its bonus move") && t.contains("lapses")),
        "{said:?}"
    );
    a.dice(&[1, 1]);
    a.apply(Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    })
    .unwrap();
}

/// Issue 30, ABL-5: "pick a visible enemy fighter within 6" of this fighter and roll a number
/// of dice equal to the value of this ability. For each roll of a 5+, allocate 1 damage point
/// to that fighter and to each other visible enemy fighter within 2" of that fighter": rolls
/// 5, 6, 2 deal 2 to B and 2 to B2 (1" from B), none to the enemy 5" from B; the log says who.
#[test]
fn abl5_the_damage_to_a_picked_enemy_dealt_round_it_too() {
    const B3: FighterId = FighterId(12);
    let breath = vec![
        Effect::DamageOne {
            range: 6.0,
            amount: Amount::Fixed(0),
            roll: Some(Roll {
                dice: Amount::Value,
                bands: vec![(5, 6, Amount::Fixed(1))],
                rolled: Vec::new(),
                upto_round: None,
            }),
            only: None,
        },
        Effect::DamageNearTarget {
            around: 2.0,
            dice: None,
        },
    ];
    let mut a = super::faction::with_ability(breath, 3);
    a.place(B, 10.0, 14.0);
    a.place(B2, 12.0, 14.0);
    a.place(B3, 10.0, 20.0);
    a.dice(&[5, 6, 2]);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    assert_eq!((a.damage(B), a.damage(B2), a.damage(B3)), (2, 2, 0));
    let said = super::faction::said_since(&mut a, n).join("\n");
    assert!(
        said.contains("the same damage to each other visible enemy within 2\""),
        "{said}"
    );
}

/// Issue 30, ABL-5: "... For each 3+, allocate 1 damage point to that fighter. After all of
/// the dice have been rolled, allocate D3 damage points to this fighter": rolls 3, 1, 5 deal 2
/// to B; then a 4 on the D3 is 2 to A; the log names A "itself".
#[test]
fn abl5_damage_to_this_fighter_after_the_dice() {
    let pact = vec![
        Effect::DamageOne {
            range: 12.0,
            amount: Amount::Fixed(0),
            roll: Some(Roll {
                dice: Amount::Value,
                bands: vec![(3, 6, Amount::Fixed(1))],
                rolled: Vec::new(),
                upto_round: None,
            }),
            only: None,
        },
        Effect::SelfDamage {
            amount: Amount::Fixed(0),
            dice: Some(3),
        },
    ];
    let mut a = super::faction::with_ability(pact, 3);
    a.place(B, 10.0, 14.0);
    a.dice(&[3, 1, 5, 4]);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    assert_eq!((a.damage(B), a.damage(A)), (2, 2));
    let said = super::faction::said_since(&mut a, n).join("\n");
    assert!(
        said.contains("a D3 of 2") && said.contains("deals 2 damage to itself"),
        "{said}"
    );
}

/// Issue 30, GEN-7: "until the end of the battle round, this fighter counts as 2 additional
/// fighters when determining which player controls an objective": A alone by the objective
/// holds it against B and B2 (3 against 2); the next round, alone against two, it would not.
#[test]
fn gen7_abl5_a_fighter_counting_as_more_holds_an_objective() {
    let mut a = super::faction::with_ability(vec![Effect::CountsExtra { extra: 2 }], 3);
    a.objectives(&[(10.0, 12.0)]);
    a.place(B, 10.0, 14.0);
    a.place(B2, 11.5, 13.5);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.end_round(&[B, B2], B2);
    let e = a.world().resource::<warcry_sim::rules::engine::Engine>();
    assert_eq!((e.round, e.control.clone()), (2, vec![Some(Side::A)]));
    assert_eq!(e.counts_as(A), 1, "the count lasted the round only");
}

/// Issue 30, ABL-5: "until the end of the battle round, add 2 to the Strength characteristic
/// of missile attack actions made by this fighter": A's crossbow shoots with Strength 5 for
/// the round (after its activation too), its knife still strikes with 3.
#[test]
fn abl5_missile_attacks_raised_for_the_round() {
    let raking = Effect::RoundBoost {
        stat: Stat::Strength,
        by: Amount::Fixed(2),
        melee_only: false,
        aura: None,
        missile_only: true,
    };
    let mut a = super::faction::with_ability(vec![raking], 3);
    a.profile(A, |p| {
        p.weapons = vec![weapon(1.0, 2, 3, (1, 2)), weapon(8.0, 2, 3, (1, 2))];
    });
    a.place(B, 10.0, 11.5);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    let strength = |a: &mut Arena, weapon: usize| {
        let w = a.world();
        let all = warcry_sim::rules::engine::fighters(w);
        let (f, t) = (
            all.iter().find(|o| o.id == A).unwrap(),
            all.iter().find(|o| o.id == B).unwrap(),
        );
        warcry_sim::rules::actions::attack_roll(w, &all, f, t, weapon, false)
            .unwrap()
            .strength
    };
    assert_eq!((strength(&mut a, 0), strength(&mut a, 1)), (3, 5));
}
