//! ABL-5: abilities as data whose effects last or wait: boosts for the next action and for the
//! round (auras among them), Strength that counts as higher than Toughness, effects set off by
//! a move action, and reaction abilities (REA-1) that answer a melee attack. One ability of our
//! own per kind, in the shapes faction abilities take, with injected dice.

use bevy::prelude::*;
use warcry_sim::model::ids::FighterId;
use warcry_sim::model::ids::Side;
use warcry_sim::model::ruleset::Ruleset;

use super::arena::{Arena, ability, weapon};
use warcry_sim::model::RuleId;
use warcry_sim::model::effects::{Amount, Aura, Effect, MoveTrigger, Stat, Trigger};
use warcry_sim::model::formats::{TerrainKind, TerrainPiece};
use warcry_sim::rules::abilities::DiceCost;
use warcry_sim::rules::actions::attack_roll;
use warcry_sim::rules::command::Command;
use warcry_sim::rules::engine::{Bonus, Pending, fighters};
use warcry_sim::rules::log::{EffectOutcome, Event};

const A: FighterId = FighterId(2);
const A2: FighterId = FighterId(3);
const A3: FighterId = FighterId(4);
const B: FighterId = FighterId(10);
const B2: FighterId = FighterId(11);

/// A (Move 4, a 1" weapon of 2 Attacks, S3, 1/2) with a double of `effects` at (10, 10),
/// activated with a double of `value`s to pay. Reactions off.
fn with_ability(effects: Vec<Effect>, value: u8) -> Arena {
    let mut a = Arena::new();
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| {
        p.abilities = vec![ability("Test Gift", DiceCost::Double, effects)];
        p.weapons = vec![weapon(1.0, 2, 3, (1, 2)), weapon(8.0, 2, 3, (1, 2))];
        p.movement = 4;
    });
    a.place(A, 10.0, 10.0);
    a.activate(A);
    a.give_dice(Side::A, &[(value, 2)]);
    a
}

fn use_it(a: &mut Arena, value: u8) {
    a.use_ability(A, "Test Gift", value, None).unwrap();
}

fn rolls_of(e: &Event) -> usize {
    match e {
        Event::Attack { rolls, .. } => rolls.len(),
        e => panic!("{e:?}"),
    }
}

/// The dice and Toughness of `f`'s attack on `t` with `weapon`, as the odds see them.
pub(super) fn roll_against(a: &mut Arena, f: FighterId, t: FighterId, weapon: usize) -> (u32, u32) {
    let all = fighters(a.world());
    let (ff, tt) = (a.fighter(f), a.fighter(t));
    let r = attack_roll(a.world(), &all, &ff, &tt, weapon, false).unwrap();
    (r.attacks, r.toughness)
}

/// Issue 30: "+1 Attacks for the next melee attack action": a missile attack neither uses nor
/// spends it; the next melee attack rolls 3 dice, the one after 2.
#[test]
fn abl5_a_raise_for_the_next_melee_attack_waits_for_a_melee_one() {
    let next = vec![Effect::NextBoost {
        only: Some(warcry_sim::model::effects::AttackKind::Melee),
        stat: Stat::Attacks,
        by: Amount::Fixed(1),
    }];
    let mut a = with_ability(next, 3);
    a.profile(B, |p| p.wounds = 30);
    a.place(B, 11.5, 10.0);
    use_it(&mut a, 3);
    assert_eq!(rolls_of(&a.attack_logged(A, B, 1)), 2, "a missile attack");
    a.engine().activation.as_mut().unwrap().actions_left = 2;
    assert_eq!(
        rolls_of(&a.attack_logged(A, B, 0)),
        3,
        "the next melee attack"
    );
    assert_eq!(rolls_of(&a.attack_logged(A, B, 0)), 2);
}

#[test]
fn abl5_next_action_boosts_raise_only_the_next_move_and_the_next_attack() {
    let next = vec![
        Effect::NextBoost {
            only: None,
            stat: Stat::Move,
            by: Amount::Fixed(1),
        },
        Effect::NextBoost {
            only: None,
            stat: Stat::Attacks,
            by: Amount::Fixed(1),
        },
    ];
    // Move 4 + 1 for the first move; the second is back to 4.
    let mut a = with_ability(next.clone(), 3);
    use_it(&mut a, 3);
    a.walk(A, [14.8, 0.0, 10.0]).unwrap();
    assert_eq!(
        a.walk(A, [19.6, 0.0, 10.0]).unwrap_err().rule,
        RuleId::Move1
    );
    a.walk(A, [18.6, 0.0, 10.0]).unwrap();
    // 2 + 1 dice for the first attack, 2 for the second; a refused attack spends nothing.
    let mut a = with_ability(next, 3);
    a.profile(B, |p| p.wounds = 30);
    a.place(B, 11.5, 10.0);
    a.place(B2, 30.0, 10.0);
    use_it(&mut a, 3);
    a.rejected(Command::Attack {
        fighter: A,
        target: B2,
        weapon: 1,
    });
    assert_eq!(rolls_of(&a.attack_logged(A, B, 0)), 3);
    assert_eq!(rolls_of(&a.attack_logged(A, B, 0)), 2);
}

#[test]
fn abl5_an_aura_until_the_end_of_the_round_raises_friends_within_range() {
    let aura = Some(Aura::within(6.0, true));
    let mut a = with_ability(
        vec![
            Effect::RoundBoost {
                stat: Stat::Toughness,
                by: Amount::Fixed(1),
                melee_only: false,
                aura,
                missile_only: false,
            },
            Effect::RoundBoost {
                stat: Stat::Attacks,
                by: Amount::HalfValueUp,
                melee_only: true,
                aura,
                missile_only: false,
            },
        ],
        3,
    );
    for id in [A2, A3] {
        a.profile(id, |p| {
            p.toughness = 4;
            p.weapons = vec![weapon(1.0, 2, 3, (1, 2)), weapon(8.0, 2, 3, (1, 2))];
        });
    }
    a.profile(B, |p| p.weapons = vec![weapon(1.0, 3, 4, (1, 2))]);
    a.place(A2, 14.0, 10.0);
    a.place(A3, 20.0, 10.0);
    a.place(B, 15.5, 10.0);
    use_it(&mut a, 3);
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    // After A's activation, A2 (4" away) has Toughness 5 and +2 Attacks in melee (half of 3,
    // rounded up); A3 (10" away) has neither, nor do missile attacks.
    assert_eq!(roll_against(&mut a, B, A2, 0), (3, 5));
    assert_eq!(roll_against(&mut a, B, A3, 0), (3, 4));
    assert_eq!(roll_against(&mut a, A2, B, 0).0, 4);
    assert_eq!(roll_against(&mut a, A2, B, 1).0, 2);
    assert_eq!(roll_against(&mut a, A3, B, 1).0, 2);
    // The engine's attack uses it: Strength 4 against Toughness 5 hits on 5+.
    a.activate(B);
    a.dice(&[4, 4, 5]);
    match a.attack_logged(B, A2, 0) {
        Event::Attack {
            toughness, needed, ..
        } => assert_eq!((toughness, needed), (5, 5)),
        e => panic!("{e:?}"),
    }
    // It ends with the round.
    a.end_round(&[A, A2, A3, B], B);
    assert_eq!(a.engine().raised().count(), 0);
}

/// Issue 30: "until the end of the battle round, add 2 to the Move characteristic of
/// friendly fighters while they make a move action that starts within 6" of this fighter":
/// A2 starting 4" away may move 6", A3 starting 10" away its own 4", and A2 its 4" again once
/// it has left the aura; nothing the next round.
#[test]
fn abl5_an_aura_raises_the_move_of_friends_that_start_it_within_range() {
    let raise = Effect::RoundBoost {
        stat: Stat::Move,
        by: Amount::Fixed(2),
        melee_only: false,
        aura: Some(Aura::within(6.0, false)),
        missile_only: false,
    };
    let mut a = with_ability(vec![raise], 3);
    for id in [A2, A3] {
        a.profile(id, |p| p.movement = 4);
    }
    a.place(A2, 14.0, 10.0);
    a.place(A3, 20.0, 10.0);
    a.place(B, 28.0, 20.0);
    use_it(&mut a, 3);
    let rules = a.world().resource::<Ruleset>().clone();
    let budget = |a: &mut Arena, id| a.fighter(id).move_budget(&rules, 0);
    assert_eq!((budget(&mut a, A2), budget(&mut a, A3)), (6.0, 4.0));
    a.place(A2, 24.0, 10.0);
    assert_eq!(budget(&mut a, A2), 4.0, "out of the aura");
    a.place(A2, 14.0, 10.0);
    a.end_round(&[A, A2, A3, B], B);
    assert_eq!(budget(&mut a, A2), 4.0, "the next round");
}

#[test]
fn abl5_atk3_strength_counts_as_higher_than_toughness_for_the_activation() {
    let mut a = with_ability(vec![Effect::StrengthAboveToughness { only: None }], 2);
    a.profile(B, |p| {
        p.toughness = 6;
        p.wounds = 30;
    });
    a.place(B, 11.5, 10.0);
    use_it(&mut a, 2);
    // Strength 3 against Toughness 6 hits on 3+, not 5+.
    a.dice(&[3, 4]);
    match a.attack_logged(A, B, 0) {
        Event::Attack { needed, hits, .. } => assert_eq!((needed, hits), (3, 2)),
        e => panic!("{e:?}"),
    }
    assert_eq!(roll_against(&mut a, A, B, 0), (2, 6));
    // The next activation is back to 5+.
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.set(A, warcry_sim::model::components::Activation::Ready);
    a.activate(A);
    a.dice(&[3, 4]);
    match a.attack_logged(A, B, 0) {
        Event::Attack { needed, hits, .. } => assert_eq!((needed, hits), (5, 0)),
        e => panic!("{e:?}"),
    }
}

#[test]
fn abl5_damage_the_next_time_a_move_finishes_near_an_enemy() {
    let mut a = with_ability(
        vec![Effect::AfterMove {
            trigger: MoveTrigger::NearEnemy(1.0),
            then: vec![Effect::DamageOne {
                range: 1.0,
                amount: Amount::Value,
                roll: None,
                only: None,
            }],
        }],
        4,
    );
    a.place(B, 14.0, 10.0);
    use_it(&mut a, 4);
    // A move that ends far from B sets nothing off; it still waits.
    a.walk(A, [10.0, 0.0, 13.0]).unwrap();
    assert_eq!(a.damage(B), 0);
    let n = a.log_len();
    a.walk(A, [12.6, 0.0, 10.3]).unwrap();
    assert_eq!(a.damage(B), 4);
    let dealt = a.log_since(n).into_iter().any(|e| {
        e.rules.contains(&RuleId::Abl5)
            && matches!(e.event, Event::Effect { outcome: EffectOutcome::Damage { ref fighters, damage: 4, .. }, .. } if fighters == &vec![B])
    });
    assert!(dealt, "logged under ABL-5");
}

/// Issue 30 ("every pick is the player's"): the move names the enemy the damage waiting for it
/// goes to: B2, not B the nearest; an enemy out of reach at the move's end is refused with
/// ABL-5 before the move, which then has not happened.
#[test]
fn abl5_the_move_names_the_enemy_the_damage_after_it_goes_to() {
    let mut a = with_ability(
        vec![Effect::AfterMove {
            trigger: MoveTrigger::NearEnemy(1.0),
            then: vec![Effect::DamageOne {
                range: 1.0,
                amount: Amount::Value,
                roll: None,
                only: None,
            }],
        }],
        4,
    );
    a.place(B, 14.0, 10.0);
    a.place(B2, 12.6, 11.5);
    let far = FighterId(12);
    a.place(far, 20.0, 20.0);
    use_it(&mut a, 4);
    let step = |pick| Command::Move {
        fighter: A,
        to: [12.6, 0.0, 10.3],
        pick_up: true,
        treasure: None,
        descend: None,
        via: vec![],
        pick: Some(pick),
    };
    let refused = a.rejected(step(far));
    assert_eq!(refused.rule, RuleId::Abl5, "{}", refused.reason);
    assert!(
        refused.reason.contains("not an enemy it can see within 1"),
        "{}",
        refused.reason
    );
    assert_eq!(
        a.fighter(A).pos.x,
        10.0,
        "the refused move has not happened"
    );
    a.apply(step(B2)).unwrap();
    assert_eq!((a.damage(B), a.damage(B2)), (0, 4));
}

/// A bonus move, then a bonus attack when it ends 2" or more lower (Swooping Attack's shape).
fn swooping() -> Vec<Effect> {
    vec![
        Effect::BonusMove { max: None },
        Effect::AfterMove {
            trigger: MoveTrigger::DroppedNext(2.0),
            then: vec![Effect::BonusAttack],
        },
    ]
}

/// A (Move 8) on a `height`" platform uses [`swooping`] and makes its bonus move down to the
/// floor beside B.
fn off_a_ledge(height: f32) -> Arena {
    let mut a = with_ability(swooping(), 3);
    a.add_terrain(TerrainPiece::on_floor(
        "ledge",
        TerrainKind::Platform,
        (10.0, 10.0),
        (4.0, 4.0),
        height,
    ));
    a.place_at(A, Vec3::new(11.3, height, 10.0));
    a.place(B, 14.6, 10.0);
    a.profile(A, |p| p.movement = 8);
    use_it(&mut a, 3);
    a.walk(A, [13.1, 0.0, 10.0]).unwrap();
    a
}

#[test]
fn abl5_a_bonus_attack_only_when_the_bonus_move_ends_two_inches_lower() {
    // On the floor: the move drops nothing, and the log says why no attack follows.
    let mut a = with_ability(swooping(), 3);
    a.place(B, 16.0, 10.0);
    use_it(&mut a, 3);
    let n = a.log_len();
    a.walk(A, [13.0, 0.0, 10.0]).unwrap();
    assert!(a.engine().activation.clone().unwrap().bonus.is_empty());
    let said: Vec<String> = a
        .log_since(n)
        .iter()
        .map(|e| a.text_of(e))
        .filter(|t| t.contains("less than 2\" lower"))
        .collect();
    assert_eq!(said.len(), 1, "{said:?}");
    // Off a 3" platform down to the floor beside B: a bonus attack.
    let mut a = off_a_ledge(3.0);
    assert_eq!(
        a.engine().activation.clone().unwrap().bonus,
        vec![Bonus::AnyAttack]
    );
}

/// ABL-5 (the card: "2\" or more vertically lower than their starting position"): a bonus
/// move that climbs 3" up onto a platform is no drop, so no bonus attack follows.
#[test]
fn abl5_climbing_up_is_no_drop_for_an_effect_waiting_for_one() {
    let mut a = with_ability(swooping(), 3);
    a.add_terrain(TerrainPiece::on_floor(
        "ledge",
        TerrainKind::Platform,
        (14.0, 10.0),
        (4.0, 4.0),
        3.0,
    ));
    // B on the ledge: once A is up there, it has an attack to make.
    a.place_at(B, Vec3::new(14.6, 3.0, 10.0));
    a.profile(A, |p| p.movement = 8);
    a.place(A, 10.5, 10.0);
    use_it(&mut a, 3);
    let n = a.log_len();
    a.walk(A, [13.0, 3.0, 10.0]).unwrap();
    assert!(
        (a.fighter(A).pos.y - 3.0).abs() < 0.01,
        "A climbed onto the ledge"
    );
    assert!(
        a.engine().activation.clone().unwrap().bonus.is_empty(),
        "3\" up is not 2\" lower: no bonus attack"
    );
    let said: Vec<String> = a
        .log_since(n)
        .iter()
        .map(|e| a.text_of(e))
        .filter(|t| t.contains("less than 2\" lower"))
        .collect();
    assert_eq!(said.len(), 1, "{said:?}");
}

/// ABL-5 (nothing vanishes without a line): A jumps 4" down off a ledge with 1 wound left and
/// its impact roll is a 6 (MOVE-9: 3 damage): taken down by the move, the bonus attack that
/// was waiting for it lapses, and the log says so.
#[test]
fn abl5_move9_an_effect_waiting_for_a_move_that_takes_the_fighter_down_lapses_with_a_line() {
    let mut a = with_ability(swooping(), 3);
    a.add_terrain(TerrainPiece::on_floor(
        "ledge",
        TerrainKind::Platform,
        (10.0, 10.0),
        (4.0, 4.0),
        4.0,
    ));
    a.place_at(A, Vec3::new(11.3, 4.0, 10.0));
    a.place(B, 16.0, 10.0);
    a.profile(A, |p| p.movement = 8);
    let wounds = a.fighter(A).profile.wounds;
    a.set(A, warcry_sim::model::components::Damage(wounds - 1));
    use_it(&mut a, 3);
    let n = a.log_len();
    a.dice(&[6]);
    a.walk(A, [13.1, 0.0, 10.0]).unwrap();
    assert!(!a.fighter(A).on_board(), "the impact took A down");
    let said: Vec<String> = a
        .log_since(n)
        .iter()
        .map(|e| a.text_of(e))
        .filter(|t| t.contains("lapses"))
        .collect();
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("taken down"), "{said:?}");
}

/// ABL-5, Death from Above's shape: a bonus move, a bonus attack, and +1 Strength for "that
/// attack action" after a drop of 2" or more. Off a 3" ledge with no enemy in reach the bonus
/// attack lapses, and its +1 Strength lapses with it: A's next attack (its own action) is made
/// at its own Strength, and the log says what lapsed.
#[test]
fn abl5_a_lapsed_bonus_attack_takes_its_strength_boost_with_it() {
    let effects = vec![
        Effect::BonusMove { max: None },
        Effect::BonusAttack,
        Effect::AfterMove {
            trigger: MoveTrigger::DroppedNext(2.0),
            then: vec![Effect::NextBoost {
                only: None,
                stat: Stat::Strength,
                by: Amount::Fixed(1),
            }],
        },
    ];
    let mut a = with_ability(effects, 3);
    a.add_terrain(TerrainPiece::on_floor(
        "ledge",
        TerrainKind::Platform,
        (10.0, 10.0),
        (4.0, 4.0),
        3.0,
    ));
    a.place_at(A, Vec3::new(11.3, 3.0, 10.0));
    a.place(B, 25.0, 10.0);
    a.profile(A, |p| p.movement = 8);
    use_it(&mut a, 3);
    let n = a.log_len();
    a.dice(&[1]);
    a.walk(A, [13.1, 0.0, 10.0]).unwrap();
    let said: Vec<String> = a.log_since(n).iter().map(|e| a.text_of(e)).collect();
    assert!(
        said.iter().any(|t| t.contains("no bonus attack")),
        "the bonus attack lapses: {said:?}"
    );
    assert!(
        said.iter()
            .any(|t| t.contains("lapses") && t.contains("Strength")),
        "and its boost with it, said: {said:?}"
    );
    // Its own move then its own attack with the 8" weapon: Strength 3, not 4.
    a.place(B, 16.0, 10.0);
    a.dice(&[1, 1]);
    match a.attack_logged(A, B, 1) {
        Event::Attack { strength, .. } => assert_eq!(strength, 3),
        e => panic!("{e:?}"),
    }
}

#[test]
fn abl5_gen2_a_drop_of_one_and_a_half_inches_and_a_bit_counts_as_two() {
    // 1.6" rounds up to 2" (a vertical-only distance).
    let mut a = off_a_ledge(1.6);
    assert_eq!(
        a.engine().activation.clone().unwrap().bonus,
        vec![Bonus::AnyAttack]
    );
}

#[test]
fn abl5_after_each_attack_a_roll_bars_the_target_from_moving_this_round() {
    use warcry_sim::model::effects::Restriction;
    let mut a = with_ability(
        vec![Effect::AfterEachAttack {
            least: 5,
            bar: vec![Restriction::Move, Restriction::Disengage],
        }],
        2,
    );
    a.profile(B, |p| p.wounds = 30);
    a.profile(B2, |p| p.wounds = 30);
    a.place(B, 11.5, 10.0);
    a.place(B2, 10.0, 11.5);
    use_it(&mut a, 2);
    // Two attack dice, then the roll after the attack: 4 bars nothing, 5 bars B2.
    a.dice(&[1, 1, 4]);
    a.attack_logged(A, B, 0);
    a.dice(&[1, 1, 5]);
    a.attack_logged(A, B2, 0);
    let e = a.engine();
    let barred = |id, r| e.is_barred(id, r);
    assert!(barred(B2, Restriction::Move) && barred(B2, Restriction::Disengage));
    assert!(!barred(B, Restriction::Move) && !barred(B, Restriction::Disengage));
}

#[test]
fn abl5_atk2_a_range_without_the_vertical_distance() {
    let mut a = with_ability(vec![Effect::FlatAttackRange], 2);
    a.add_terrain(TerrainPiece::on_floor(
        "ledge",
        TerrainKind::Platform,
        (14.0, 10.0),
        (4.0, 4.0),
        3.0,
    ));
    // B on the ledge 3" up, 0.5" from A horizontally: 3" away in 3D, beyond the 1" weapon.
    a.place_at(B, Vec3::new(12.5, 3.0, 10.0));
    a.place(A, 11.0, 10.0);
    let attack_b = Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    };
    assert_eq!(a.rejected(attack_b.clone()).rule, RuleId::Atk2);
    use_it(&mut a, 2);
    a.apply(attack_b).unwrap();
}

/// B with the reaction ability "Test Guard" of `answer`, targeted by A's melee weapon of 4
/// Attacks, S4 and `damage`. Reactions on.
pub(super) fn guarded(answer: Vec<Effect>, damage: (u32, u32)) -> Arena {
    let mut effects = vec![Effect::Reaction(Trigger::TargetedByMelee)];
    effects.extend(answer);
    let mut a = Arena::new();
    a.profile(A, |p| {
        p.weapons = vec![weapon(1.0, 4, 4, damage)];
        p.wounds = 30;
    });
    a.profile(B, |p| {
        p.abilities = vec![ability("Test Guard", DiceCost::Reaction, effects)];
        p.toughness = 4;
        p.wounds = 30;
    });
    a.place(A, 10.0, 10.0);
    a.place(B, 11.5, 10.0);
    a.activate(A);
    a.apply(Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    })
    .unwrap();
    a
}

pub(super) fn guard(a: &mut Arena) {
    a.apply(Command::react_with(B, "Test Guard")).unwrap();
}

#[test]
fn rea1_abl5_a_reaction_ability_is_offered_beside_counter_and_costs_an_action() {
    use warcry_sim::rules::options::{Decision, options};
    let mut a = guarded(
        vec![Effect::CritsAsHits {
            up_to: Amount::Fixed(2),
        }],
        (1, 3),
    );
    assert_eq!(a.pending(), Pending::Reaction { side: Side::B });
    let Decision::Reaction { abilities, .. } = options(a.world()).decision else {
        panic!("a reaction on offer");
    };
    let names: Vec<&str> = abilities.iter().map(|x| x.name.as_str()).collect();
    assert_eq!(names, ["Test Guard"]);
    assert_eq!(abilities[0].what, "up to 2 critical hits count as hits");
    let wrong = a.rejected(Command::react_with(B, "Counter Spell"));
    assert_eq!(wrong.rule, RuleId::Abl5);
    // Three criticals and a hit: two criticals count as hits (3 x 1 + 1 x 3 = 6, not 10).
    a.dice(&[6, 6, 6, 4]);
    guard(&mut a);
    assert_eq!(a.damage(B), 6);
    assert_eq!(a.fighter(B).reactions, 1, "REA-1: it costs an action");
    assert_eq!(a.damage(A), 0, "no counter");
}

/// REA-1, ABL-5, and the reading of "each hit" (README): the cards say "each hit and critical
/// hit" where they mean both, so a reduction of "each hit" leaves critical hits alone.
#[test]
fn rea1_abl5_a_reaction_takes_damage_off_each_hit_to_at_least_one_and_leaves_criticals() {
    let mut a = guarded(
        vec![Effect::LessDamagePerHit {
            by: Amount::Fixed(1),
            crits: false,
        }],
        (2, 4),
    );
    // Two hits (2 - 1 each) and a critical (4, as it was).
    a.dice(&[4, 5, 6, 1]);
    guard(&mut a);
    assert_eq!(a.damage(B), 1 + 1 + 4);
}

/// Issue 30, "subtract 1 from the damage points allocated to this fighter by each hit and
/// critical hit from that attack action (to a minimum of 1)": the critical hit loses 1 too.
#[test]
fn rea1_abl5_a_reaction_takes_damage_off_each_hit_and_critical_hit() {
    let mut a = guarded(
        vec![Effect::LessDamagePerHit {
            by: Amount::Fixed(1),
            crits: true,
        }],
        (2, 4),
    );
    a.dice(&[4, 5, 6, 1]);
    guard(&mut a);
    assert_eq!(a.damage(B), 1 + 1 + 3);
}

#[test]
fn rea1_abl5_a_reaction_deals_damage_to_the_attacker_per_low_hit_roll() {
    let mut a = guarded(
        vec![Effect::DamageAttackerPerRoll {
            least: 1,
            most: 2,
            amount: Amount::Fixed(2),
        }],
        (1, 2),
    );
    a.dice(&[1, 2, 2, 5]);
    guard(&mut a);
    assert_eq!(a.damage(A), 6);
    assert_eq!(a.damage(B), 1);
}

#[test]
fn rea1_abl5_the_solo_ai_makes_a_reaction_ability_that_changes_the_attack() {
    let mut a = guarded(
        vec![Effect::CritsAsHits {
            up_to: Amount::Fixed(2),
        }],
        (1, 3),
    );
    let d = warcry_sim::ai::solo::advise(a.world()).unwrap();
    assert!(
        matches!(&d.command, Command::ReactWith { fighter: B, ability, .. } if ability == "Test Guard"),
        "{:?}",
        d.command
    );
    // Against criticals that deal no more than hits it would change nothing: Counter.
    let mut a = guarded(
        vec![Effect::CritsAsHits {
            up_to: Amount::Fixed(2),
        }],
        (2, 2),
    );
    let d = warcry_sim::ai::solo::advise(a.world()).unwrap();
    assert!(
        matches!(d.command, Command::React { .. }),
        "{:?}",
        d.command
    );
}
