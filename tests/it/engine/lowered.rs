//! Issue 30: a picked enemy's Toughness, Strength and damage lowered (ABL-4, ABL-5), for the
//! round or for this fighter's activation, in our own words, as the attack and its odds read
//! them.

use super::arena::{Arena, weapon};
use super::faction::with_ability;
use warcry_sim::model::effects::{Amount, Effect, Stat};
use warcry_sim::model::ids::FighterId;
use warcry_sim::rules::command::Command;

const A: FighterId = FighterId(2);
const B: FighterId = FighterId(10);

fn lower(stat: Stat, by: u32, min: u32, activation: bool) -> Effect {
    Effect::LowerPicked(warcry_sim::model::effects::PickedLowering {
        range: 6.0,
        visible: true,
        stat,
        by: Amount::Fixed(by),
        min,
        activation,
        melee_only: false,
        how: warcry_sim::model::effects::Lowering::By,
        spares_me: false,
    })
}

/// The attack `f` would make on `t` with its first weapon, as its exact odds see it.
fn roll(a: &mut Arena, f: FighterId, t: FighterId) -> warcry_sim::rules::odds::AttackRoll {
    let w = a.world();
    let all = warcry_sim::rules::engine::fighters(w);
    let (fv, tv) = (
        all.iter().find(|o| o.id == f).unwrap(),
        all.iter().find(|o| o.id == t).unwrap(),
    );
    warcry_sim::rules::actions::attack_roll(w, &all, fv, tv, 0, false).unwrap()
}

/// Issue 30, ABL-4: "until the end of this fighter's activation, subtract 3 from the Toughness
/// characteristic of that fighter (to a minimum of 1)": B's Toughness 4 is 1 against A's attack
/// while A is active, and 4 again once A's activation ends; the log says until when.
#[test]
fn abl4_abl5_toughness_lowered_until_the_activation_ends() {
    let mut a = with_ability(vec![lower(Stat::Toughness, 3, 1, true)], 3);
    a.profile(B, |p| p.toughness = 4);
    a.place(B, 10.0, 11.5);
    assert_eq!(roll(&mut a, A, B).toughness, 4);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    assert_eq!(roll(&mut a, A, B).toughness, 1);
    let said = super::faction::said_since(&mut a, n).join("\n");
    assert!(
        said.contains("Toughness is 1, lowered until the end of the activation"),
        "{said}"
    );
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    assert_eq!(roll(&mut a, A, B).toughness, 4);
}

/// Issue 30, ABL-4: "until the end of the battle round, subtract 1 from the Strength
/// characteristic (to a minimum of 1) of attack actions made by that fighter" and "... subtract
/// 1 from the damage points allocated by each hit and critical hit from attack actions made by
/// that fighter (to a minimum of 1)": B's weapon (Strength 4, damage 1/3) attacks with Strength
/// 3 and damage 1/2 for the round; the lowering stays after A's activation.
#[test]
fn abl4_abl5_strength_and_damage_lowered_for_the_round() {
    let mut a = with_ability(
        vec![
            lower(Stat::Strength, 1, 1, false),
            lower(Stat::Damage, 1, 1, false),
        ],
        3,
    );
    a.profile(B, |p| p.weapons = vec![weapon(1.0, 3, 4, (1, 3))]);
    a.place(B, 10.0, 11.5);
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    let r = roll(&mut a, B, A);
    assert_eq!((r.strength, r.damage), (3, (1, 2)));
}

/// Issue 30, ABL-4: "until the end of the battle round, subtract 2 from the Attacks
/// characteristic (to a minimum of 1) of melee attack actions made by that fighter": B's melee
/// weapon (Attacks 3) rolls 1 dice, its missile weapon still 3.
#[test]
fn abl4_abl5_attacks_of_melee_attacks_lowered_for_the_round() {
    let tangle = Effect::LowerPicked(warcry_sim::model::effects::PickedLowering {
        range: 6.0,
        visible: true,
        stat: Stat::Attacks,
        by: Amount::Fixed(2),
        min: 1,
        activation: false,
        melee_only: true,
        how: warcry_sim::model::effects::Lowering::By,
        spares_me: false,
    });
    let mut a = with_ability(vec![tangle], 3);
    a.profile(B, |p| {
        p.weapons = vec![weapon(1.0, 3, 4, (1, 3)), weapon(8.0, 3, 3, (1, 2))];
    });
    a.place(B, 10.0, 11.5);
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    assert_eq!(roll(&mut a, B, A).attacks, 1);
    let w = a.world();
    let all = warcry_sim::rules::engine::fighters(w);
    let b = all.iter().find(|o| o.id == B).unwrap();
    let t = all.iter().find(|o| o.id == A).unwrap();
    let missile = warcry_sim::rules::actions::attack_roll(w, &all, b, t, 1, false);
    assert_eq!(missile.map(|r| r.attacks), Some(3));
}

/// Issue 30, ABL-5: "roll 3 dice. For each roll of 5+, allocate 1 damage point to that
/// fighter and, until the end of the battle round, subtract 1 from that fighter's Toughness
/// characteristic (to a minimum of 1)": rolls 5, 6, 2 deal 2 and take B's Toughness 4 to 2.
#[test]
fn abl5_a_lowering_for_each_roll_of_the_damage() {
    use warcry_sim::model::effects::Roll;
    let damage = Effect::DamageOne {
        range: 6.0,
        amount: Amount::Fixed(0),
        roll: Some(Roll {
            dice: Amount::Fixed(3),
            bands: vec![(5, 6, Amount::Fixed(1))],
            rolled: Vec::new(),
            upto_round: None,
        }),
        only: None,
    };
    let per_roll = Effect::LowerPerRoll {
        least: 5,
        most: 6,
        stat: Stat::Toughness,
        min: 1,
        battle: false,
    };
    let mut a = with_ability(vec![damage, per_roll], 3);
    a.profile(B, |p| {
        p.toughness = 4;
        p.wounds = 20;
    });
    a.place(B, 10.0, 11.5);
    a.dice(&[5, 6, 2]);
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    assert_eq!(a.damage(B), 2);
    assert_eq!(roll(&mut a, A, B).toughness, 2);
}

/// Issue 30, ABL-5: "for each 4+, allocate 1 damage point to that fighter. For each 1,
/// allocate 1 damage point to the fighter using this ability": rolls 4, 1, 1 deal 1 to B and
/// 2 to A, a log line each.
#[test]
fn abl5_damage_to_this_fighter_for_each_low_roll() {
    use warcry_sim::model::effects::Roll;
    let damage = Effect::DamageOne {
        range: 6.0,
        amount: Amount::Fixed(0),
        roll: Some(Roll {
            dice: Amount::Fixed(3),
            bands: vec![(4, 6, Amount::Fixed(1))],
            rolled: Vec::new(),
            upto_round: None,
        }),
        only: None,
    };
    let backlash = Effect::SelfDamagePerRoll {
        least: 1,
        most: 1,
        amount: 1,
    };
    let mut a = with_ability(vec![damage, backlash], 3);
    a.place(B, 10.0, 11.5);
    a.dice(&[4, 1, 1]);
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    assert_eq!((a.damage(B), a.damage(A)), (1, 2));
}

/// Issue 30, ABL-5: "for the rest of the battle round, critical hits for attacks made by enemy
/// fighters visible to this fighter and within a number of inches of this fighter equal to
/// the value of this ability become hits instead", used with 4s: B, 1.5" from A, rolls three
/// 6s on A and deals three hits' damage (3, not 9); its odds say so too; and once 5" lie
/// between their bases (4" would still be within), B's critical hits are its own again.
#[test]
fn abl5_enemies_within_the_value_score_hits_for_critical_hits() {
    let light = Effect::EnemyCritsAsHits {
        range: warcry_sim::model::effects::VALUE_RANGE,
        visible: true,
    };
    let mut a = with_ability(vec![light], 4);
    a.profile(A, |p| p.wounds = 30);
    a.profile(B, |p| p.weapons = vec![weapon(2.0, 3, 3, (1, 3))]);
    a.place(B, 10.0, 11.5);
    assert_eq!(roll(&mut a, B, A).damage, (1, 3));
    a.use_ability(A, "Test Gift", 4, None).unwrap();
    assert_eq!(roll(&mut a, B, A).damage, (1, 1));
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.activate(B);
    a.dice(&[6, 6, 6]);
    a.attack_logged(B, A, 0);
    assert_eq!(a.damage(A), 3);
    a.place(B, 10.0, 16.0);
    assert_eq!(roll(&mut a, B, A).damage, (1, 3));
}

/// Issue 30, SOLO-C1: the solo AI lights the aura when an enemy stands within its reach.
#[test]
fn solo_c1_the_ai_uses_an_aura_on_the_enemies_attacks_when_one_is_near() {
    let light = Effect::EnemyCritsAsHits {
        range: warcry_sim::model::effects::VALUE_RANGE,
        visible: true,
    };
    let mut a = with_ability(vec![light], 4);
    a.place(B, 10.0, 11.5);
    let d = warcry_sim::ai::solo::advise(a.world()).unwrap();
    assert!(
        matches!(&d.command, Command::Ability { ability, .. } if ability == "Test Gift"),
        "{:?}",
        d.command
    );
}

/// Issue 30, ABL-5: "pick a visible enemy fighter within 3" of this fighter and roll a number
/// of dice equal to the value of this ability. For each roll of 4-5, until the end of the
/// battle round, subtract 1 from that fighter's Toughness characteristic (to a minimum of 1).
/// For each roll of 6, until the end of the battle, ..." (no damage): with a 3, rolls 4, 6, 2
/// take B's Toughness 4 to 2 this round and deal nothing; next round it is 3.
#[test]
fn abl5_a_roll_that_only_lowers_for_the_round_and_for_the_battle() {
    use warcry_sim::model::effects::Roll;
    let curse = Effect::DamageOne {
        range: 3.0,
        amount: Amount::Fixed(0),
        roll: Some(Roll {
            dice: Amount::Value,
            bands: Vec::new(),
            rolled: Vec::new(),
            upto_round: None,
        }),
        only: None,
    };
    let per = |least, most, battle| Effect::LowerPerRoll {
        least,
        most,
        stat: Stat::Toughness,
        min: 1,
        battle,
    };
    let mut a = with_ability(vec![curse, per(4, 5, false), per(6, 6, true)], 3);
    a.profile(B, |p| p.toughness = 4);
    a.place(B, 10.0, 11.5);
    a.dice(&[4, 6, 2]);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    assert_eq!(a.damage(B), 0);
    assert_eq!(roll(&mut a, A, B).toughness, 2);
    let said = super::faction::said_since(&mut a, n).join("\n");
    assert!(!said.contains("0 damage"), "{said}");
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.end_round(&[B], B);
    assert_eq!(
        a.world()
            .resource::<warcry_sim::rules::engine::Engine>()
            .round,
        2
    );
    assert_eq!(roll(&mut a, A, B).toughness, 3);
}
