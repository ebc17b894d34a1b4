//! Issue 30, sixth session: enemies pulled "directly towards this fighter, as if they were
//! jumping" (MOVE-6, ABL-5), and what else befalls the target of the next attack, in our own
//! words, run by the engine with injected dice.

use super::arena::weapon;
use super::faction::{said_since, with_ability};
use warcry_sim::model::effects::{Amount, Effect};
use warcry_sim::model::ids::FighterId;
use warcry_sim::rules::command::Command;

const A: FighterId = FighterId(2);
const B: FighterId = FighterId(10);
const B2: FighterId = FighterId(11);

/// Issue 30, MOVE-6: "pick a visible enemy fighter within 8" of this fighter. That enemy
/// fighter makes a bonus move action directly towards this fighter, as if they were jumping, a
/// number of inches equal to the value of this ability": B, 6" away, jumps 3" straight towards
/// A (used with 3s), said in the log; used again on B2, it stops where its base meets A's.
#[test]
fn move6_abl5_a_picked_enemy_jumps_straight_towards_this_fighter() {
    let pull = Effect::PullPicked {
        range: 8.0,
        visible: true,
        inches: Amount::Value,
    };
    let mut a = with_ability(vec![pull], 3);
    a.place(B, 16.0, 10.0);
    a.place(B2, 10.0, 15.0);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    let b = a.fighter(B).pos;
    assert!((b.x - 13.0).abs() < 0.06 && b.z == 10.0, "{b}");
    let said = said_since(&mut a, n).join("\n");
    assert!(said.contains("jumps 3.0\" towards"), "{said}");
    // B2, 5" from A's centre: 6" would overlap A, so it stops at its base.
    let mut a = with_ability(
        vec![Effect::PullPicked {
            range: 8.0,
            visible: true,
            inches: Amount::Fixed(6),
        }],
        3,
    );
    a.place(B2, 10.0, 15.0);
    a.place(B, 30.0, 30.0);
    a.use_ability(A, "Test Gift", 3, Some(B2)).unwrap();
    let (pa, pb) = (a.fighter(A), a.fighter(B2));
    let gap = warcry_sim::battlefield::measure::distance(&pa.base(), &pb.base());
    assert!(gap < 0.06, "{gap}");
}

/// Issue 30: "this fighter makes a bonus attack action. After that attack action, the target
/// of that attack action makes a bonus move action directly towards this fighter, as if they
/// were jumping, a number of inches equal to 4": B, shot 8" away and left standing, jumps 4"
/// towards A after the attack; a second attack pulls nobody.
#[test]
fn move6_abl5_the_target_of_the_next_attack_jumps_towards_this_fighter() {
    let mut a = with_ability(
        vec![
            Effect::BonusAttack,
            Effect::PullAfterNextAttack {
                inches: Amount::Fixed(4),
                held: false,
            },
        ],
        3,
    );
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.weapons = vec![weapon(12.0, 2, 3, (1, 2))]);
    a.place(B, 18.0, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let shoot = Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    };
    a.dice(&[1, 1]);
    a.apply(shoot.clone()).unwrap();
    let b = a.fighter(B).pos;
    assert!((b.x - 14.0).abs() < 0.06, "{b}");
    a.dice(&[1, 1]);
    a.apply(shoot).unwrap();
    assert_eq!(a.fighter(B).pos, b, "the pull is spent");
}

/// ABL-5 ("... a bonus attack action. After that attack action, the target ... towards this
/// fighter"): the pull is the bonus attack's; declined (A moves instead), it lapses with it,
/// said in the log, and A's next attack pulls nobody.
#[test]
fn abl5_a_pull_after_the_bonus_attack_lapses_with_it() {
    let mut a = with_ability(
        vec![
            Effect::BonusAttack,
            Effect::PullAfterNextAttack {
                inches: Amount::Fixed(4),
                held: false,
            },
        ],
        3,
    );
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.weapons = vec![weapon(12.0, 2, 3, (1, 2))]);
    a.place(B, 18.0, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let n = a.log_len();
    a.walk(A, [10.0, 0.0, 11.0]).unwrap();
    let said = super::faction::said_since(&mut a, n);
    assert!(
        said.iter()
            .any(|l| l.contains("the bonus attack it was for lapsed, so this lapses too")),
        "{said:?}"
    );
    let b = a.fighter(B).pos;
    a.dice(&[1, 1]);
    a.apply(Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    })
    .unwrap();
    assert_eq!(a.fighter(B).pos, b, "no pull after another attack");
}

/// Issue 30, ABL-5: "this fighter makes a bonus attack action. In addition, if that attack
/// action scores any critical hits, the target fighter cannot make move actions or disengage
/// actions for the rest of the battle round": an attack with no critical hit bars nothing and
/// spends the wait; "the next time this fighter makes an attack action in this activation,
/// subtract 2 from the Move characteristic of the target fighter (to a minimum of 1)" lowers
/// the target's Move after the attack, said in the log.
#[test]
fn abl5_the_target_of_the_next_attack_barred_on_a_critical_hit_or_slowed() {
    use warcry_sim::model::effects::{Restriction, Stat};
    let barred = |crit: u8| {
        let bar = Effect::BarAfterNextAttack {
            crits: true,
            actions: vec![Restriction::Move, Restriction::Disengage],
        };
        let mut a = with_ability(vec![Effect::BonusAttack, bar], 3);
        a.rules(|r| r.reactions = false);
        a.profile(B, |p| p.wounds = 30);
        a.place(B, 11.5, 10.0);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        a.dice(&[crit, 1]);
        a.apply(Command::Attack {
            fighter: A,
            target: B,
            weapon: 0,
        })
        .unwrap();
        let b = a.fighter(B);
        warcry_sim::rules::effects::not_barred(a.world(), &b, Restriction::Move).is_err()
    };
    assert!(barred(6), "a critical hit bars B");
    assert!(!barred(5), "a plain hit does not");
    let slow = Effect::LowerAfterNextAttack(warcry_sim::model::effects::TargetLowering {
        stat: Stat::Move,
        by: Amount::Fixed(2),
        min: 1,
        crits: false,
        least: 0,
        battle: false,
    });
    let mut a = with_ability(vec![slow], 3);
    a.rules(|r| r.reactions = false);
    a.profile(B, |p| {
        p.wounds = 30;
        p.movement = 4;
    });
    a.place(B, 11.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.dice(&[1, 1]);
    let n = a.log_len();
    a.apply(Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    })
    .unwrap();
    let rules = a
        .world()
        .resource::<warcry_sim::model::ruleset::Ruleset>()
        .clone();
    assert_eq!(a.fighter(B).move_budget(&rules, 0), 2.0);
    let said = said_since(&mut a, n).join("\n");
    assert!(said.contains("Move"), "{said}");
}

/// Issue 30, ABL-5: "pick a visible enemy fighter within 6" of this fighter and roll a dice for
/// that fighter and each other fighter within 3" of that fighter and visible to that fighter.
/// On a roll of 4+, allocate a number of damage points to the fighter being rolled for equal to
/// the value of this ability": B (picked) rolls 4, A's own friend A2 beside B rolls 2, B2 rolls
/// 6; A, 5" from B, is not rolled for.
#[test]
fn abl5_a_dice_for_the_picked_enemy_and_each_fighter_round_it() {
    use warcry_sim::model::effects::Roll;
    const A2: FighterId = FighterId(3);
    let breath = Effect::DamageAround {
        range: 6.0,
        around: 3.0,
        roll: Roll {
            dice: Amount::Fixed(1),
            bands: vec![(4, 6, Amount::Value)],
            rolled: Vec::new(),
            upto_round: None,
        },
    };
    let mut a = with_ability(vec![breath], 3);
    a.place(B, 15.0, 10.0);
    a.place(A2, 15.0, 12.0);
    a.place(B2, 17.0, 10.0);
    a.dice(&[4, 2, 6]);
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    assert_eq!(
        (a.damage(B), a.damage(A2), a.damage(B2), a.damage(A)),
        (3, 0, 3, 0)
    );
}

/// Issue 30, ABL-5: "pick an enemy fighter within 6" of this fighter and roll a number of dice
/// equal to the value of this ability. For each roll that equals or exceeds that enemy fighter's
/// Toughness characteristic, allocate 3 damage points to that enemy fighter": against B's
/// Toughness 4, rolls 4, 3, 6 deal 6; where a roll must exceed it, 4 does not count.
#[test]
fn abl5_dice_against_the_picked_enemys_toughness() {
    for (beat, want) in [(false, 6), (true, 3)] {
        let versus = Effect::DamageVsToughness {
            range: 6.0,
            visible: false,
            dice: Amount::Value,
            beat,
            each: 3,
        };
        let mut a = with_ability(vec![versus], 3);
        a.profile(B, |p| {
            p.toughness = 4;
            p.wounds = 30;
        });
        a.place(B, 14.0, 10.0);
        a.dice(&[4, 3, 6]);
        a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
        assert_eq!(a.damage(B), want, "beat: {beat}");
    }
}
