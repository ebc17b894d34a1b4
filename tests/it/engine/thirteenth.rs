//! Issue 30, thirteenth session: more of the long tail's effects run by the engine, in our
//! own words, with injected dice.

use super::arena::weapon;
use super::faction::{said_since, with_ability};
use warcry_sim::model::effects::{Amount, AttackKind, Effect};
use warcry_sim::model::ids::FighterId;
use warcry_sim::rules::command::Command;
use warcry_sim::rules::log::Event;

const A: FighterId = FighterId(2);
const B: FighterId = FighterId(10);

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
