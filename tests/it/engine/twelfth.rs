//! Issue 30, twelfth session: more of the long tail's effects run by the engine, in our own
//! words, with injected dice.

use super::arena::weapon;
use super::faction::{said_since, with_ability};
use warcry_sim::model::effects::Effect;
use warcry_sim::model::ids::FighterId;
use warcry_sim::rules::actions::attack_roll;
use warcry_sim::rules::engine::fighters;
use warcry_sim::rules::odds::AttackOdds;

const A: FighterId = FighterId(2);
const B: FighterId = FighterId(10);

/// The exact odds of `f`'s attack with its first weapon on `t` now.
fn odds_of(a: &mut super::arena::Arena, f: FighterId, t: FighterId) -> AttackOdds {
    let all = fighters(a.world());
    let of = |id| all.iter().find(|o| o.id == id).unwrap();
    let roll = attack_roll(a.world(), &all, of(f), of(t), 0, false).unwrap();
    roll.odds().unwrap()
}

/// ABL-5 (Ignite Weapon): "count 1 miss from the next attack action ... as a critical hit
/// instead": rolls of 1, 2 and 4 (S4 v T4: two misses, a hit) deal 3 + 1, the log says a miss
/// counted; the exact odds knew it before; the attack after deals the hit's 1 alone.
#[test]
fn abl5_a_miss_of_the_next_attack_counts_as_a_critical_hit() {
    let ignite = Effect::NextMissesAsCrits { n: 1, only: None };
    let mut a = with_ability(vec![ignite], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.weapons = vec![weapon(1.0, 3, 4, (1, 3))]);
    a.profile(B, |p| {
        p.wounds = 40;
        p.toughness = 4;
    });
    a.place(B, 11.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let odds = odds_of(&mut a, A, B);
    assert_eq!(
        odds.ways.first().map(|w| w.0),
        Some(3),
        "no roll deals less than 3"
    );
    let n = a.log_len();
    a.dice(&[1, 2, 4]);
    a.attack_logged(A, B, 0);
    assert_eq!(a.damage(B), 3 + 1);
    let said = said_since(&mut a, n);
    assert!(
        said.iter()
            .any(|l| l == "Orvi counts a miss as a critical hit"),
        "{said:?}"
    );
    a.engine().activation.as_mut().unwrap().actions_left = 2;
    a.dice(&[1, 2, 4]);
    a.attack_logged(A, B, 0);
    assert_eq!(a.damage(B), 3 + 1 + 1, "spent");
}

/// ABL-5 (Chains of Blood), ATK-2: "add half the value of this ability to the Range
/// characteristic of this fighter's melee attack actions until the end of this activation":
/// B stands 2" beyond A's 1" reach; refused before, allowed once the ability (value 3: +2")
/// is used; a missile weapon's range stays as it was.
#[test]
fn atk2_abl5_an_ability_lengthens_the_range_of_melee_attacks() {
    use warcry_sim::model::effects::Amount;
    use warcry_sim::rules::command::Command;
    let chains = Effect::RangeBoost {
        by: Amount::HalfValueUp,
        melee_only: true,
    };
    let mut a = with_ability(vec![chains], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| {
        p.weapons = vec![weapon(1.0, 2, 4, (1, 3)), weapon(4.0, 2, 4, (1, 3))];
    });
    a.profile(B, |p| p.wounds = 40);
    a.place(B, 20.0, 10.0);
    let gap = |a: &mut super::arena::Arena| {
        let b = a.fighter(B).base();
        warcry_sim::battlefield::measure::distance(&a.fighter(A).base(), &b)
    };
    let x = 20.0 + 3.0 - gap(&mut a);
    a.place(B, x, 10.0);
    assert!((gap(&mut a) - 3.0).abs() < 1e-3, "{}", gap(&mut a));
    let swing = Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    };
    let r = a.rejected(swing.clone());
    assert!(r.reason.contains("beyond the 1\" range"), "{}", r.reason);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.dice(&[4, 4]);
    a.attack_logged(A, B, 0);
    assert_eq!(a.damage(B), 2);
    // Farther than 3": still refused, and the refusal gives the raised range.
    a.place(B, x + 0.5, 10.0);
    let r = a.rejected(swing);
    assert!(r.reason.contains("beyond the 3\" range"), "{}", r.reason);
}

/// ABL-5 (Daemonic Blaze): "pick an enemy fighter that had any damage points allocated to them
/// by this fighter this activation. That fighter cannot use reactions for the rest of the
/// battle round. In addition, if the value of this ability is 6, that fighter cannot use
/// abilities ...": B2, unhurt, can't be picked (the refusal says why); B, hurt by A's attack,
/// is barred from reactions at a value of 3 and, at 6, from abilities too.
#[test]
fn abl5_an_enemy_it_hurt_this_activation_is_barred_more_at_a_value_of_6() {
    use warcry_sim::model::effects::{Condition, PickOnly, Restriction};
    use warcry_sim::rules::effects::{may_react, not_barred};
    const B2: FighterId = FighterId(11);
    let bar = |actions: Vec<Restriction>| Effect::Restrict {
        range: warcry_sim::model::effects::ANYWHERE,
        visible: false,
        actions,
        only: Some(PickOnly::HurtByIt),
    };
    let blaze = Effect::When {
        when: Condition::ValueAtLeast(6),
        then: vec![bar(vec![Restriction::Reactions, Restriction::Abilities])],
        otherwise: vec![bar(vec![Restriction::Reactions])],
    };
    for value in [3, 6] {
        let mut a = with_ability(vec![blaze.clone()], value);
        a.rules(|r| r.reactions = false);
        a.profile(A, |p| p.weapons = vec![weapon(1.0, 2, 3, (1, 2))]);
        a.profile(B, |p| p.wounds = 30);
        a.place(B, 11.5, 10.0);
        a.place(B2, 10.0, 11.5);
        a.dice(&[6, 1]);
        a.attack_logged(A, B, 0);
        let why = a.use_ability(A, "Test Gift", value, Some(B2)).unwrap_err();
        assert!(
            why.contains("not an enemy it damaged this activation"),
            "{why}"
        );
        a.use_ability(A, "Test Gift", value, Some(B)).unwrap();
        let f = a.fighter(B);
        let w = a.world();
        assert!(!may_react(w, &f), "value {value}");
        let abilities = not_barred(w, &f, Restriction::Abilities).is_ok();
        assert_eq!(abilities, value < 6, "value {value}");
    }
}

/// CMB-2, ABL-5 (Combination Attack): "a fighter can only use this ability if an enemy fighter
/// has been allocated damage by a melee attack action made by them this activation. This
/// fighter makes a bonus melee attack action that targets that enemy fighter": refused before
/// A's melee attack hurts anyone; then B2 (unhurt) can't be picked; picked, B takes the bonus
/// melee attack, and A's missile weapon can't take it.
#[test]
fn cmb2_abl5_a_bonus_melee_attack_on_the_enemy_its_melee_attack_hurt() {
    use warcry_sim::model::effects::PickOnly;
    use warcry_sim::rules::command::Command;
    const B2: FighterId = FighterId(11);
    let combination = Effect::BonusAttackAt {
        range: warcry_sim::model::effects::ANYWHERE,
        visible: false,
        runemark: None,
        only: Some(PickOnly::HurtByItsMelee),
        melee: true,
    };
    let mut a = with_ability(vec![combination], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| {
        p.weapons = vec![weapon(1.0, 2, 3, (1, 2)), weapon(6.0, 2, 3, (1, 2))];
    });
    for id in [B, B2] {
        a.profile(id, |p| p.wounds = 30);
    }
    a.place(B, 11.5, 10.0);
    a.place(B2, 10.0, 11.5);
    let none = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(none.contains("its melee attacks damaged"), "{none}");
    a.dice(&[6, 1]);
    a.attack_logged(A, B, 0);
    assert!(a.use_ability(A, "Test Gift", 3, Some(B2)).is_err());
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    a.engine().activation.as_mut().unwrap().actions_left = 0;
    let shot = Command::Attack {
        fighter: A,
        target: B,
        weapon: 1,
    };
    assert!(a.rejected(shot).reason.contains("melee attack on"));
    a.dice(&[4, 4]);
    a.attack_logged(A, B, 0);
    assert_eq!(a.damage(B), 2 + 1 + 1);
}

/// ABL-5 (Killer of Kings): "pick an enemy fighter that was allocated any damage points this
/// activation by any of this fighter's melee attack actions ... roll a number of dice equal to
/// the value of this ability. On any unmodified rolls of 6, allocate a number of damage points
/// to that enemy fighter equal to their Wounds characteristic": rolls of 5, 2 and 4 deal B
/// nothing; a 6 among them deals its 30 Wounds and takes it down.
#[test]
fn abl5_a_roll_of_6_deals_the_enemy_its_wounds() {
    use warcry_sim::model::components::Presence;
    use warcry_sim::model::effects::{Amount, PickOnly};
    let slay = Effect::DamageWoundsOnRoll {
        only: PickOnly::HurtByItsMelee,
        visible: false,
        dice: Amount::Value,
        face: 6,
    };
    for (rolls, down) in [([5, 2, 4], false), ([5, 6, 4], true)] {
        let mut a = with_ability(vec![slay.clone()], 3);
        a.rules(|r| r.reactions = false);
        a.profile(A, |p| p.weapons = vec![weapon(1.0, 2, 3, (1, 2))]);
        a.profile(B, |p| p.wounds = 30);
        a.place(B, 11.5, 10.0);
        a.dice(&[6, 1]);
        a.attack_logged(A, B, 0);
        a.dice(&rolls);
        a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
        let gone = a.fighter(B).presence == Presence::TakenDown;
        assert_eq!(gone, down, "{rolls:?}");
        if !down {
            assert_eq!(a.damage(B), 2, "the attack's critical hit alone");
        }
    }
}

/// ABL-5 (The Royal Hunt), ATK-1: "add 1 to the Attacks and Damage characteristics of this
/// fighter's melee weapons for each visible friendly fighter within 3\" of them until the end
/// of their activation": with A2 and A3 beside it (a friend 8" away not counted), A's 2-dice
/// 1/2 weapon rolls 4 dice of 3/4: the Damage raised is both a hit's and a critical hit's.
#[test]
fn atk1_abl5_each_friend_near_raises_its_weapons_attacks_and_damage() {
    use warcry_sim::model::effects::{Count, Marks, Stat};
    const A2: FighterId = FighterId(3);
    const A3: FighterId = FighterId(4);
    let boost = |stat| Effect::Boost {
        stat,
        by: warcry_sim::model::effects::Amount::Fixed(1),
        melee_only: true,
        missile_only: false,
    };
    let hunt = Effect::PerCount {
        count: Count::Friends {
            range: 3.0,
            visible: true,
            marks: Marks::default(),
            same: false,
        },
        then: vec![
            boost(Stat::Attacks),
            boost(Stat::Damage),
            boost(Stat::CritDamage),
        ],
    };
    let mut a = with_ability(vec![hunt], 3);
    a.profile(A, |p| p.weapons = vec![weapon(1.0, 2, 3, (1, 2))]);
    a.place(B, 11.5, 10.0);
    a.place(A2, 8.5, 10.0);
    a.place(A3, 10.0, 8.5);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let all = fighters(a.world());
    let of = |id| all.iter().find(|o| o.id == id).unwrap();
    let roll = attack_roll(a.world(), &all, of(A), of(B), 0, false).unwrap();
    assert_eq!((roll.attacks, roll.damage), (4, (3, 4)));
}

/// ABL-5, raises against the enemy picked (`PickThenBoost`):
/// - Right Tool for the Job: "melee attack actions made by this fighter this activation that
///   target that enemy fighter score a critical hit on a 5+": on B (picked) a 5 is a critical
///   hit, on B2 a 6 alone;
/// - Hammering Strikes: "add 2 to the damage points allocated by each hit and critical hit
///   from the next melee attack action this activation that targets that enemy fighter" (the
///   enemy its attack hurt): an attack on B2 first is not raised; the one on B is.
#[test]
fn abl5_raises_against_the_enemy_picked_only() {
    use warcry_sim::model::effects::{Amount, AttackKind, PickOnly, Stat};
    use warcry_sim::rules::effects::crit_on;
    const B2: FighterId = FighterId(11);
    let right_tool = Effect::PickThenBoost(warcry_sim::model::effects::PickedRaise {
        range: 3.0,
        visible: false,
        only: None,
        then: vec![Effect::CritOn {
            least: 5,
            only: Some(AttackKind::Melee),
            next: false,
        }],
    });
    let mut a = with_ability(vec![right_tool], 3);
    a.place(B, 11.5, 10.0);
    a.place(B2, 10.0, 11.5);
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    let all = fighters(a.world());
    let of = |id| all.iter().find(|o| o.id == id).unwrap();
    let w = a.world();
    assert_eq!(crit_on(w, (of(A), of(B)), true), 5);
    assert_eq!(crit_on(w, (of(A), of(B2)), true), 6);
    assert_eq!(crit_on(w, (of(A), of(B)), false), 6, "melee attacks only");

    let next = |stat| Effect::NextBoost {
        stat,
        by: Amount::Fixed(2),
        only: Some(AttackKind::Melee),
    };
    let hammering = Effect::PickThenBoost(warcry_sim::model::effects::PickedRaise {
        range: warcry_sim::model::effects::ANYWHERE,
        visible: false,
        only: Some(PickOnly::HurtByItsAttacks),
        then: vec![next(Stat::Damage), next(Stat::CritDamage)],
    });
    let mut a = with_ability(vec![hammering], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.weapons = vec![weapon(1.0, 2, 3, (1, 2))]);
    for id in [B, B2] {
        a.profile(id, |p| p.wounds = 30);
    }
    a.place(B, 11.5, 10.0);
    a.place(B2, 10.0, 11.5);
    a.dice(&[4, 1]);
    a.attack_logged(A, B, 0);
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    a.engine().activation.as_mut().unwrap().actions_left = 2;
    a.dice(&[4, 1]);
    a.attack_logged(A, B2, 0);
    assert_eq!(a.damage(B2), 1, "not raised on B2");
    a.dice(&[4, 6]);
    a.attack_logged(A, B, 0);
    assert_eq!(a.damage(B), 1 + 3 + 4);
}

/// ABL-5 (Unbreakable Defence): "until the end of the battle round, count each critical hit
/// scored from each attack action that targets a friendly fighter with the Stormcast runemark
/// that is within 3\" of this fighter as a hit instead. This cannot affect friendly fighters
/// with the Beast runemark": A2 (Stormcast) is guarded; A3 (Stormcast and Beast) is not, nor
/// is A4 (no Stormcast runemark), nor A2 once 5" away.
#[test]
fn abl5_an_aura_that_leaves_out_the_friends_with_a_runemark() {
    use warcry_sim::model::effects::{Aura, Guard, Marks};
    use warcry_sim::rules::effects::guard_for;
    const A2: FighterId = FighterId(3);
    const A3: FighterId = FighterId(4);
    const A4: FighterId = FighterId(5);
    let aura = Aura {
        marks: Marks::of(&["stormcast"], &[]).unwrap(),
        not: Marks::of(&["beast"], &[]).unwrap(),
        ..Aura::within(3.0, false)
    };
    let guard = Effect::RoundGuard {
        guard: Guard::CritsAsHits,
        aura: Some(aura),
    };
    let mut a = with_ability(vec![guard], 3);
    for id in [A2, A3] {
        a.profile(id, |p| p.runemarks.push("stormcast".into()));
    }
    a.profile(A3, |p| p.runemarks.push("beast".into()));
    a.place(A2, 11.5, 10.0);
    a.place(A3, 10.0, 11.5);
    a.place(A4, 8.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let guarded = |a: &mut super::arena::Arena, id| {
        let all = fighters(a.world());
        let t = all.iter().find(|o| o.id == id).unwrap();
        guard_for(a.world(), &all, t).crits_as_hits
    };
    assert!(guarded(&mut a, A2));
    assert!(!guarded(&mut a, A3), "a Beast");
    assert!(!guarded(&mut a, A4), "no Stormcast runemark");
    a.place(A2, 16.0, 10.0);
    assert!(!guarded(&mut a, A2), "out of reach");
}
