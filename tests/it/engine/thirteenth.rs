//! Issue 30, thirteenth session: more of the long tail's effects run by the engine, in our
//! own words, with injected dice.

use super::arena::weapon;
use super::faction::{said_since, with_ability};
use warcry_sim::model::effects::{Amount, AttackKind, Effect};
use warcry_sim::model::ids::FighterId;
use warcry_sim::rules::command::Command;
use warcry_sim::rules::log::Event;

const A: FighterId = FighterId(2);
const A2: FighterId = FighterId(3);
const B: FighterId = FighterId(10);
const B2: FighterId = FighterId(11);

/// The roll an attack needed to hit, and its hits.
fn needed_hits(e: &Event) -> (u8, u32) {
    match e {
        Event::Attack { needed, hits, .. } => (*needed, *hits),
        e => panic!("not an attack: {e:?}"),
    }
}

/// ATK-3, ABL-5 (Demolishing Strikes): "melee attack actions made by this fighter score a hit
/// on a 3+" this activation: Strength 3 against Toughness 6 hits on 3+ in melee, while its
/// missile attack still needs 5+.
#[test]
fn atk3_melee_attacks_hit_on_3_for_the_activation_and_missile_ones_do_not() {
    let melee = Effect::StrengthAboveToughness {
        only: Some(AttackKind::Melee),
    };
    let mut a = with_ability(vec![melee], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| {
        p.weapons = vec![weapon(1.0, 2, 3, (1, 2)), weapon(8.0, 2, 3, (1, 2))]
    });
    a.profile(B, |p| {
        p.toughness = 6;
        p.wounds = 30;
    });
    a.place(B, 11.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.dice(&[3, 4]);
    assert_eq!(needed_hits(&a.attack_logged(A, B, 0)), (3, 2));
    a.dice(&[3, 4]);
    assert_eq!(needed_hits(&a.attack_logged(A, B, 1)), (5, 0));
}

/// ABL-5 (Wrath of the First Prince): "this fighter makes a bonus attack action. In addition,
/// a number of hits scored by that attack action equal to half the value of this ability
/// (rounding up) become critical hits instead": with a value of 5, 3 of the bonus attack's 4
/// hits deal a critical hit's 3; the attack after it is plain. Let go, the bonus attack takes
/// the promise with it.
#[test]
fn abl5_hits_of_the_bonus_attack_become_critical_hits_and_lapse_with_it() {
    let wrath = vec![
        Effect::BonusAttack,
        Effect::NextHitsAsCrits {
            n: Amount::HalfValueUp,
            only: None,
        },
    ];
    let arena = || {
        let mut a = with_ability(wrath.clone(), 5);
        a.rules(|r| r.reactions = false);
        a.profile(A, |p| p.weapons = vec![weapon(1.0, 4, 4, (1, 3))]);
        a.profile(B, |p| {
            p.toughness = 4;
            p.wounds = 40;
        });
        a.place(B, 11.5, 10.0);
        a.use_ability(A, "Test Gift", 5, None).unwrap();
        a
    };
    let mut a = arena();
    let n = a.log_len();
    a.dice(&[4, 4, 4, 5]);
    a.attack_logged(A, B, 0);
    assert_eq!(a.damage(B), 3 * 3 + 1);
    let said = said_since(&mut a, n);
    assert!(
        said.iter()
            .any(|l| l == "Orvi counts 3 hits as critical hits"),
        "{said:?}"
    );
    a.dice(&[4, 4, 4, 5]);
    a.attack_logged(A, B, 0);
    assert_eq!(a.damage(B), 10 + 4, "the next attack is plain");

    let mut a = arena();
    a.apply(Command::PassBonus { fighter: A }).unwrap();
    a.dice(&[4, 4, 4, 5]);
    a.attack_logged(A, B, 0);
    assert_eq!(a.damage(B), 4, "gone with the bonus attack");
}

/// The roll count of an attack.
fn dice_of(e: &Event) -> usize {
    match e {
        Event::Attack { rolls, .. } => rolls.len(),
        e => panic!("not an attack: {e:?}"),
    }
}

/// ABL-5 (Daemonic Furnace Heat): "for the rest of the battle round, subtract 1 from the
/// Attacks characteristic of melee attack actions made by visible enemy fighters while they
/// are within 3\" of this fighter": B, seen within 3", rolls 3 dice of its 4 in melee and both
/// of its missile weapon's 2; B2, within 3" but behind a wall A can't see through, rolls all 4
/// on A2.
#[test]
fn abl5_an_aura_takes_a_die_off_the_melee_attacks_of_enemies_it_sees() {
    use warcry_sim::model::effects::Attackers;
    let heat = Effect::EnemyAura {
        stat: warcry_sim::model::effects::Stat::Attacks,
        by: Amount::Fixed(1),
        min: 1,
        range: 3.0,
        whose: Attackers {
            melee_only: true,
            seen: true,
        },
    };
    let mut a = with_ability(vec![heat], 3);
    a.rules(|r| r.reactions = false);
    for id in [A, A2] {
        a.profile(id, |p| p.wounds = 40);
    }
    for id in [B, B2] {
        a.profile(id, |p| {
            p.weapons = vec![weapon(1.0, 4, 4, (1, 2)), weapon(8.0, 2, 4, (1, 2))]
        });
    }
    a.place(B, 10.0, 11.5);
    a.add_terrain(super::obstacle(11.2, 10.0, (0.4, 1.6), 5.0));
    a.place(B2, 12.5, 10.0);
    a.place(A2, 14.0, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.activate(B);
    let n = a.log_len();
    a.dice(&[1, 1, 1, 1]);
    assert_eq!(dice_of(&a.attack_logged(B, A, 0)), 3);
    let said = said_since(&mut a, n);
    assert!(
        said.iter()
            .any(|l| l.contains("from within an enemy's aura")),
        "{said:?}"
    );
    a.dice(&[1, 1]);
    assert_eq!(dice_of(&a.attack_logged(B, A, 1)), 2, "a missile attack");
    // B's two actions ended its activation.
    a.activate(B2);
    a.dice(&[1, 1, 1, 1]);
    assert_eq!(dice_of(&a.attack_logged(B2, A2, 0)), 4, "unseen by A");
}

/// ABL-5, MOVE-3 (Riptide Harpoon): "... a bonus attack action. After that attack action, the
/// fighter targeted by that attack action makes a bonus move action directly towards this
/// fighter, as if they were jumping, a number of inches equal to the value", with no leave to
/// go from enemies within 1": B, shot 8" away, jumps 3" towards A; B, struck in melee (A
/// stands within 1" of it), can't move, and the log says why.
#[test]
fn move3_a_target_pulled_by_a_move_action_stays_when_within_1_inch_of_an_enemy() {
    let harpoon = vec![
        Effect::BonusAttack,
        Effect::PullAfterNextAttack {
            inches: Amount::Value,
            held: true,
        },
    ];
    let arena = |x: f32| {
        let mut a = with_ability(harpoon.clone(), 3);
        a.rules(|r| r.reactions = false);
        a.profile(A, |p| p.weapons = vec![weapon(12.0, 2, 3, (1, 2))]);
        a.place(B, x, 10.0);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        a.dice(&[1, 1]);
        a
    };
    let mut a = arena(18.0);
    a.attack_logged(A, B, 0);
    let b = a.fighter(B).pos;
    assert!((b.x - 15.0).abs() < 0.06, "{b}");
    let mut a = arena(11.5);
    let n = a.log_len();
    a.attack_logged(A, B, 0);
    assert_eq!(a.fighter(B).pos.x, 11.5);
    let said = said_since(&mut a, n);
    assert!(
        said.iter()
            .any(|l| l.contains("is within 1\" of an enemy (MOVE-3)")),
        "{said:?}"
    );
}

/// GEN-8, ABL-5 (Fight for Profit): "+1 Attacks for the melee attacks of friends within 3\"
/// until the end of the round; if this fighter is carrying treasure or is within 3\" of an
/// objective, +1 Attacks for all their attacks instead": A2's missile weapon keeps its 2 dice
/// when A carries nothing, and rolls 3 when A carries treasure as it uses the ability.
#[test]
fn gen8_carrying_treasure_raises_every_attack_of_the_aura_instead() {
    use warcry_sim::model::components::Treasure;
    use warcry_sim::model::effects::{Aura, Condition, Stat};
    let aura = |melee_only| Effect::RoundBoost {
        stat: Stat::Attacks,
        by: Amount::Fixed(1),
        melee_only,
        aura: Some(Aura::within(3.0, false)),
        missile_only: false,
    };
    let profit = Effect::When {
        when: Condition::Either(
            Box::new(Condition::CarryingTreasure),
            Box::new(Condition::NearObjective(3.0)),
        ),
        then: vec![aura(false)],
        otherwise: vec![aura(true)],
    };
    let arena = |carrying: bool| {
        let mut a = with_ability(vec![profit.clone()], 3);
        a.profile(A2, |p| {
            p.weapons = vec![weapon(1.0, 2, 4, (1, 2)), weapon(8.0, 2, 4, (1, 2))]
        });
        a.place(A2, 12.0, 10.0);
        a.place(B, 13.5, 10.0);
        if carrying {
            a.world().spawn(Treasure {
                index: 0,
                position: (10.0, 10.0),
                y: 0.0,
                carrier: Some(A),
            });
        }
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        a
    };
    let dice = |a: &mut super::arena::Arena, weapon| {
        let all = warcry_sim::rules::engine::fighters(a.world());
        let of = |id| all.iter().find(|o| o.id == id).unwrap();
        let roll =
            warcry_sim::rules::actions::attack_roll(a.world(), &all, of(A2), of(B), weapon, false);
        roll.unwrap().attacks
    };
    let mut a = arena(false);
    assert_eq!((dice(&mut a, 0), dice(&mut a, 1)), (3, 2));
    let mut a = arena(true);
    assert_eq!((dice(&mut a, 0), dice(&mut a, 1)), (3, 3));
}

/// REA-1, ABL-5 (Instinctive Dodge): "a fighter can make this reaction after they are targeted
/// by an attack action, after the hit rolls have been made. Roll a dice for each critical hit.
/// On a roll of 4+, that critical hit becomes a hit instead": B lets Counter go before the
/// rolls, sees 6, 6, 2 and reacts: a 4 and a 1 turn one critical hit into a hit (1 + 3, not
/// 3 + 3), at the cost of an action. Rolls with no critical hit offer nothing.
#[test]
fn rea1_a_reaction_made_once_the_hit_rolls_are_seen() {
    use warcry_sim::model::effects::Trigger;
    use warcry_sim::rules::engine::{Pending, Resume};
    let dodge = vec![Effect::CritsSaved { least: 4 }];
    let attacked = |rolls: &[u8]| {
        let mut a = super::answers::reacting(Trigger::AfterHitRolls, dodge.clone());
        a.profile(A, |p| p.weapons = vec![weapon(1.0, 3, 4, (1, 3))]);
        a.place(A, 10.0, 10.0);
        a.place(B, 11.5, 10.0);
        a.activate(A);
        a.apply(Command::Attack {
            fighter: A,
            target: B,
            weapon: 0,
        })
        .unwrap();
        // REA-2 on offer before the rolls: let go.
        a.dice(rolls);
        a.apply(Command::DeclineReaction {
            side: warcry_sim::model::ids::Side::B,
        })
        .unwrap();
        a
    };
    let mut a = attacked(&[6, 6, 2]);
    assert!(
        matches!(
            a.engine().reaction.as_ref().map(|r| &r.resume),
            Some(Resume::AttackAfterHits { .. })
        ),
        "{:?}",
        a.pending()
    );
    a.dice(&[4, 1]);
    let n = a.log_len();
    super::answers::react(&mut a);
    assert_eq!(a.damage(B), 1 + 3);
    let said = said_since(&mut a, n);
    assert!(
        said.iter()
            .any(|l| l.ends_with("rolls 4, 1: 1 critical hit counts as a hit")),
        "{said:?}"
    );
    assert_eq!(a.fighter(B).reactions, 1, "REA-1: it costs an action");
    let mut a = attacked(&[5, 2, 2]);
    assert_eq!(
        a.pending(),
        Pending::Action { fighter: A },
        "no critical hit"
    );
    assert_eq!(a.damage(B), 1);
}

/// ABL-5 (Aimed Shot): "... if they have not made a move action this activation. If this
/// fighter's next action is a missile attack action, critical hits are scored on a 4+ for
/// that attack action": refused after a move; used first, a shot next scores 4s and 5s as
/// critical hits (S3 v T4: 5+ hits); a move first ends it, and the log says so.
#[test]
fn abl5_critical_hits_on_4_for_the_next_action_only_if_it_is_a_shot() {
    use warcry_sim::model::effects::Condition;
    let aimed = vec![
        Effect::Requires(Condition::NoMoveMade),
        Effect::NextActionCritOn {
            least: 4,
            only: Some(AttackKind::Missile),
        },
    ];
    let arena = || {
        let mut a = with_ability(aimed.clone(), 3);
        a.rules(|r| r.reactions = false);
        a.profile(A, |p| p.weapons = vec![weapon(12.0, 3, 3, (1, 3))]);
        a.profile(B, |p| {
            p.wounds = 40;
            p.toughness = 4;
        });
        a.place(B, 18.0, 10.0);
        a
    };
    let mut a = arena();
    a.walk(A, [10.0, 0.0, 11.0]).unwrap();
    let refused = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(refused.contains("has made a move action"), "{refused}");
    let mut a = arena();
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.dice(&[4, 5, 2]);
    a.attack_logged(A, B, 0);
    assert_eq!(a.damage(B), 3 + 3);
    let mut a = arena();
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let n = a.log_len();
    a.walk(A, [10.0, 0.0, 11.0]).unwrap();
    let said = said_since(&mut a, n);
    assert!(
        said.iter()
            .any(|l| l.contains("its next action was not the attack")),
        "{said:?}"
    );
    a.dice(&[4, 5, 2]);
    a.attack_logged(A, B, 0);
    assert_eq!(a.damage(B), 1, "the 5 hits, the 4 misses");
}

/// ABL-5 (Knights of Chaos): "until the end of the battle round, add 2 to the Move
/// characteristic of friendly fighters with the Mount runemark and a Toughness characteristic
/// of 5 or more": a Mount of Toughness 5 across the battlefield moves 6", a Mount of Toughness
/// 4 and a Toughness 5 fighter with no Mount their own 4".
#[test]
fn abl5_a_move_raise_reaches_friends_by_runemark_and_toughness_wherever_they_are() {
    use warcry_sim::model::effects::{Aura, Marks, Stat};
    use warcry_sim::model::ruleset::Ruleset;
    const A3: FighterId = FighterId(4);
    const A4: FighterId = FighterId(5);
    let knights = Effect::RoundBoost {
        stat: Stat::Move,
        by: Amount::Fixed(2),
        melee_only: false,
        aura: Some(Aura {
            range: warcry_sim::model::effects::ANYWHERE,
            marks: Marks::of(&["mount"], &[]).unwrap(),
            tough: 5,
            ..Aura::default()
        }),
        missile_only: false,
    };
    let mut a = with_ability(vec![knights], 3);
    for (id, mount, toughness) in [(A2, true, 5), (A3, true, 4), (A4, false, 5)] {
        a.profile(id, |p| {
            p.movement = 4;
            p.toughness = toughness;
            p.runemarks = if mount { vec!["mount".into()] } else { vec![] };
        });
    }
    a.place(A2, 27.0, 2.0);
    a.place(A3, 14.0, 10.0);
    a.place(A4, 14.0, 14.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let rules = a.world().resource::<Ruleset>().clone();
    let budgets: Vec<f32> = [A2, A3, A4]
        .iter()
        .map(|&id| a.fighter(id).move_budget(&rules, 0))
        .collect();
    assert_eq!(budgets, [6.0, 4.0, 4.0]);
}
