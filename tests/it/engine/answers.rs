//! Issue 30, fourth session: what a reaction does before the hit rolls (REA-1, ABL-5): fewer
//! attack dice, a higher Toughness for the attack, damage removed as it reacts or when no
//! critical hit is scored; run by the engine with injected dice.

use super::lasting::{guard, guarded};
use warcry_sim::model::components::Damage;
use warcry_sim::model::effects::{Amount, Effect, RollsWere};
use warcry_sim::model::ids::FighterId;

const A: FighterId = FighterId(2);
const B: FighterId = FighterId(10);

/// Issue 30, REA-1: "subtract 1 from the Attacks characteristic of that attack action, to a
/// minimum of 1" (Baffling Parlay): A's 4 attacks roll 3 dice; three hits deal 3, the fourth
/// die is left unrolled.
#[test]
fn rea1_abl5_a_reaction_takes_dice_off_the_attack() {
    let mut a = guarded(vec![Effect::FewerAttackDice { by: 1, min: 1 }], (1, 2));
    a.dice(&[4, 4, 4, 4]);
    guard(&mut a);
    assert_eq!(a.damage(B), 3);
    assert_eq!(a.dice_left(), 1, "3 dice rolled, not 4");
}

/// Issue 30, REA-1: "to a minimum of 1": an attack of 1 die keeps it.
#[test]
fn rea1_abl5_fewer_attack_dice_stop_at_the_minimum() {
    let mut a = guarded(vec![Effect::FewerAttackDice { by: 2, min: 3 }], (1, 2));
    a.dice(&[4, 4, 4, 4]);
    guard(&mut a);
    assert_eq!(a.damage(B), 3, "4 - 2 is 2, raised to the minimum of 3");
}

/// Issue 30, REA-1, ATK-3: "add 1 to this fighter's Toughness characteristic during that
/// attack action" (Lofty Disdain): S4 against T5 hits on 5+, so of 4, 4, 5, 6 only the 5
/// hits (1) and the 6 is critical (2); at T4 the 4s would hit too (5).
#[test]
fn rea1_atk3_abl5_a_reaction_raises_toughness_for_the_attack() {
    let mut a = guarded(vec![Effect::ToughnessThisAttack { by: 1 }], (1, 2));
    a.dice(&[4, 4, 5, 6]);
    guard(&mut a);
    assert_eq!(a.damage(B), 3);
    let after = a.fighter(B);
    assert_eq!(after.profile.toughness, 4, "only during that attack");
}

/// Issue 30, REA-1: "remove 3 damage points allocated to this fighter" (Boon of Fortitude):
/// removed as it reacts, before the attack's damage (5 - 3, then 2 from two hits).
#[test]
fn rea1_abl5_a_reaction_removes_damage_as_it_is_made() {
    let mut a = guarded(
        vec![Effect::Heal {
            amount: Amount::Fixed(3),
        }],
        (1, 2),
    );
    a.set(B, Damage(5));
    a.dice(&[4, 4, 1, 1]);
    guard(&mut a);
    assert_eq!(a.damage(B), 2 + 2);
}

/// Issue 30, REA-1: "if none of the hit rolls from that attack action result in a critical
/// hit, allocate 3 damage points to the attacking fighter, and remove up to 3 damage points
/// allocated to this fighter" (Quick Bite): with no 6 the attacker takes 3 and 3 come off
/// the target before the two hits land; with a 6, neither.
#[test]
fn rea1_abl5_no_critical_hit_hurts_the_attacker_and_heals_the_target() {
    let quick_bite = || {
        vec![Effect::DamageAttackerIf {
            when: RollsWere::NoCrits,
            amount: 3,
            heal: 3,
        }]
    };
    let mut a = guarded(quick_bite(), (1, 2));
    a.set(B, Damage(5));
    a.dice(&[4, 4, 1, 1]);
    guard(&mut a);
    assert_eq!(a.damage(A), 3);
    assert_eq!(a.damage(B), 5 - 3 + 2);

    let mut a = guarded(quick_bite(), (1, 2));
    a.set(B, Damage(5));
    a.dice(&[4, 6, 1, 1]);
    guard(&mut a);
    assert_eq!(a.damage(A), 0);
    assert_eq!(a.damage(B), 5 + 1 + 2);
}
