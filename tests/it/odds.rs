//! The exact odds of an attack as the game shows them: the dice, Toughness and damage the
//! engine will use (cover, Onslaught), counted exactly.

use bevy::prelude::*;
use warcry_sim::model::ids::FighterId;

use warcry_sim::model::formats::{TerrainKind, TerrainPiece};
use warcry_sim::rules::actions::attack_roll;

use crate::engine::arena::{Arena, weapon};

const A: FighterId = FighterId(2);
const B: FighterId = FighterId(10);

fn odds_of(a: &mut Arena, w: usize) -> warcry_sim::rules::odds::AttackOdds {
    let (f, t) = (a.fighter(A), a.fighter(B));
    attack_roll(a.world(), &[], &f, &t, w, false)
        .expect("a weapon")
        .odds()
        .expect("few enough dice")
}

#[test]
fn atk3_the_odds_use_the_weapon_against_the_targets_toughness() {
    let mut a = Arena::new();
    a.profile(A, |p| p.weapons = vec![weapon(1.0, 4, 4, (1, 2))]);
    a.profile(B, |p| p.toughness = 4);
    a.place(A, 10.0, 10.0);
    a.place(B, 11.5, 10.0);
    a.activate(A);
    let o = odds_of(&mut a, 0);
    assert_eq!(o.needed, 4);
    assert!((o.probability(0) - 1.0 / 16.0).abs() < 1e-12);
}

#[test]
fn atk4_a_target_in_cover_counts_one_more_toughness() {
    let mut a = Arena::new();
    a.add_terrain(TerrainPiece::on_floor(
        "keep",
        TerrainKind::Platform,
        (10.0, 10.0),
        (4.0, 4.0),
        3.0,
    ));
    a.profile(A, |p| p.weapons = vec![weapon(12.0, 4, 4, (1, 2))]);
    a.profile(B, |p| p.toughness = 4);
    a.place_at(B, Vec3::new(10.0, 3.0, 10.0));
    a.place(A, 18.0, 10.0);
    a.activate(A);
    let o = odds_of(&mut a, 0);
    // S4 v T5: 5+ to hit; no damage (4/6)^4.
    assert_eq!(o.needed, 5);
    assert!((o.probability(0) - (4.0f64 / 6.0).powi(4)).abs() < 1e-12);
}

#[test]
fn abl3_onslaught_adds_a_die_to_melee_attacks_only() {
    let mut a = Arena::new();
    a.profile(A, |p| {
        p.weapons = vec![weapon(1.0, 3, 4, (1, 2)), weapon(8.0, 3, 4, (1, 2))]
    });
    a.place(A, 10.0, 10.0);
    a.place(B, 11.5, 10.0);
    a.activate(A);
    a.engine().activation.as_mut().unwrap().attacks_bonus = 1;
    let (f, t) = (a.fighter(A), a.fighter(B));
    let melee = attack_roll(a.world(), &[], &f, &t, 0, false).unwrap();
    let missile = attack_roll(a.world(), &[], &f, &t, 1, false).unwrap();
    assert_eq!((melee.attacks, missile.attacks), (4, 3));
}
