//! Issue 30, eleventh session: more of the long tail's effects run by the engine, in our own
//! words, with injected dice.

use super::faction::{said_since, with_ability};
use warcry_sim::model::effects::{Amount, Effect, Stat};
use warcry_sim::model::ids::FighterId;
use warcry_sim::rules::actions::attack_roll;
use warcry_sim::rules::engine::fighters;

const A: FighterId = FighterId(2);
const A2: FighterId = FighterId(3);
const A3: FighterId = FighterId(4);
const B: FighterId = FighterId(10);

/// How many dice `f`'s attack with its first weapon on `t` rolls now.
pub(super) fn attacks_of(a: &mut super::arena::Arena, f: FighterId, t: FighterId) -> u32 {
    let all = fighters(a.world());
    let of = |id| all.iter().find(|o| o.id == id).unwrap();
    attack_roll(a.world(), &all, of(f), of(t), 0, false)
        .unwrap()
        .attacks
}

/// ABL-5, "... add 1 to the Attacks characteristic of attack actions made by friendly fighters
/// with the Scout runemark that target that fighter": A2 (a Scout) rolls a dice more at B,
/// A3 (no Scout) as many as before; the log names whose attacks.
#[test]
fn abl5_an_enemy_exposed_to_the_friends_with_a_runemark_only() {
    use warcry_sim::model::effects::{Exposers, Marks};
    let expose = Effect::ExposePicked {
        range: 12.0,
        visible: false,
        stat: Stat::Attacks,
        by: Amount::Fixed(1),
        to: Some(Exposers {
            marks: Marks::of(&["scout"], &[]).unwrap(),
            melee_only: false,
        }),
        only: None,
    };
    let mut a = with_ability(vec![expose], 3);
    a.profile(A2, |p| p.runemarks.push("scout".into()));
    a.profile(A3, |p| p.runemarks.retain(|m| m != "scout"));
    a.place(B, 11.5, 10.0);
    let before = (attacks_of(&mut a, A2, B), attacks_of(&mut a, A3, B));
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    let said = said_since(&mut a, n);
    assert!(
        said.iter().any(|l| l
            .contains("the attacks of friendly fighters with the scout runemark on")
            && l.contains("have 1 more Attacks")),
        "{said:?}"
    );
    let after = (attacks_of(&mut a, A2, B), attacks_of(&mut a, A3, B));
    assert_eq!(after, (before.0 + 1, before.1));
}

/// ABL-5, "for each other friendly fighter within 3\" of this fighter that has the same
/// runemarks as this fighter, add 1 to the Attacks characteristic of melee attack actions made
/// by this fighter": A2 (A's runemarks) counts, A3 (other runemarks) and B (an enemy) do not:
/// 1 more dice, said in the log; with nobody alike round it, nothing is raised.
#[test]
fn abl5_a_raise_for_each_friend_alike_round_it() {
    use warcry_sim::model::effects::{Count, Marks};
    let counted = Effect::PerCount {
        count: Count::Friends {
            range: 3.0,
            visible: false,
            marks: Marks::default(),
            same: true,
        },
        then: vec![Effect::Boost {
            stat: Stat::Attacks,
            by: Amount::Fixed(1),
            melee_only: true,
            missile_only: false,
        }],
    };
    for (alike, more) in [(true, 1), (false, 0)] {
        let mut a = with_ability(vec![counted.clone()], 3);
        a.profile(A, |p| p.runemarks = vec!["gull".into(), "hero".into()]);
        let a2 = if alike {
            vec!["hero", "gull"]
        } else {
            vec!["gull"]
        };
        a.profile(A2, |p| {
            p.runemarks = a2.into_iter().map(String::from).collect()
        });
        a.profile(A3, |p| p.runemarks = vec!["gull".into()]);
        a.profile(B, |p| p.runemarks = vec!["gull".into(), "hero".into()]);
        a.place(A2, 12.0, 10.0);
        a.place(A3, 10.0, 12.0);
        a.place(B, 11.5, 10.0);
        let before = attacks_of(&mut a, A, B);
        let n = a.log_len();
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        let said = said_since(&mut a, n);
        let line = if alike {
            "counts 1 other friendly fighter with the same runemarks within 3\""
        } else {
            "counts no other friendly fighters with the same runemarks within 3\": nothing is raised"
        };
        assert!(said.iter().any(|l| l.contains(line)), "{said:?}");
        assert_eq!(attacks_of(&mut a, A, B), before + more);
    }
}

/// ABL-5, "this fighter makes a bonus attack action; count the number of fighters that have
/// been taken down during this battle round and add the total to the Attacks characteristic
/// of that bonus attack action": after A takes B down, its bonus attack on B2 rolls 1 more
/// dice.
#[test]
fn abl5_a_bonus_attack_raised_by_the_fighters_taken_down_this_round() {
    use warcry_sim::model::effects::Count;
    const B2: FighterId = FighterId(11);
    let ability = vec![
        Effect::BonusAttack,
        Effect::PerCount {
            count: Count::DownThisRound,
            then: vec![Effect::NextBoost {
                stat: Stat::Attacks,
                by: Amount::Fixed(1),
                only: None,
            }],
        },
    ];
    let mut a = with_ability(ability, 3);
    a.rules(|r| r.reactions = false);
    a.profile(B, |p| {
        p.wounds = 1;
        p.toughness = 3;
    });
    a.place(B, 11.5, 10.0);
    a.place(B2, 10.0, 11.5);
    a.dice(&[6, 6]);
    a.attack_logged(A, B, 0);
    assert!(!a.fighter(B).on_board(), "B is taken down");
    let before = attacks_of(&mut a, A, B2);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let said = said_since(&mut a, n);
    assert!(
        said.iter()
            .any(|l| l.contains("counts 1 fighter taken down this round")),
        "{said:?}"
    );
    assert_eq!(attacks_of(&mut a, A, B2), before + 1);
}

/// ABL-5, "until the end of the battle round, add the number of friendly fighters with the
/// Gull runemark that are taken down and do not have the Beast runemark to this fighter's Move
/// characteristic": A2 (Gull) and A3 (Gull, Beast) taken down raise A's Move by 1.
#[test]
fn abl5_a_raise_for_each_friend_taken_down() {
    use warcry_sim::model::components::Presence;
    use warcry_sim::model::effects::{Count, Marks};
    use warcry_sim::model::ruleset::Ruleset;
    let counted = Effect::PerCount {
        count: Count::FriendsDown {
            marks: Marks::of(&["gull"], &[]).unwrap(),
            not: Marks::of(&["beast"], &[]).unwrap(),
        },
        then: vec![Effect::RoundBoost {
            stat: Stat::Move,
            by: Amount::Fixed(1),
            melee_only: false,
            aura: None,
            missile_only: false,
        }],
    };
    let mut a = with_ability(vec![counted], 3);
    a.profile(A2, |p| p.runemarks = vec!["gull".into()]);
    a.profile(A3, |p| p.runemarks = vec!["gull".into(), "beast".into()]);
    a.set(A2, Presence::TakenDown);
    a.set(A3, Presence::TakenDown);
    let rules = a.world().resource::<Ruleset>().clone();
    let budget = |a: &mut super::arena::Arena| {
        let act = a.engine().activation.clone().unwrap();
        let bonus = a.engine().move_bonus(&act);
        a.fighter(A).move_budget(&rules, bonus)
    };
    let before = budget(&mut a);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let said = said_since(&mut a, n);
    assert!(
        said.iter().any(|l| l.contains("counts 1 friendly fighter with the gull runemark (not with the beast runemark) taken down")),
        "{said:?}"
    );
    assert_eq!(budget(&mut a), before + 1.0);
}

/// ABL-5, "a fighter can only use this ability if there are 2 or more other friendly fighters
/// with the Gull runemark within 1\" of this fighter": refused with one such friend round it
/// (said with the count), used with two.
#[test]
fn abl5_an_ability_that_needs_friends_round_it() {
    use warcry_sim::model::effects::{Condition, Marks};
    let needs = Effect::Requires(Condition::FriendsWithin {
        range: 1.0,
        count: 2,
        marks: Marks::of(&["gull"], &[]).unwrap(),
    });
    let mut a = with_ability(vec![needs, Effect::BonusAttack], 3);
    a.profile(A2, |p| p.runemarks = vec!["gull".into()]);
    a.profile(A3, |p| p.runemarks = vec!["gull".into()]);
    a.place(A2, 11.5, 10.0);
    a.place(A3, 15.0, 10.0);
    let why = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(
        why.contains("1 other friendly fighter with the gull runemark within 1\"")
            && why.contains("not 2 or more"),
        "{why}"
    );
    a.place(A3, 10.0, 11.5);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
}

/// ABL-5, "only after they finish a move action within 1\" of 2 or more enemy fighters":
/// refused before A has moved (said so), and after a move that ends by one enemy only; used
/// after a move that ends by two.
#[test]
fn abl5_an_ability_after_a_move_that_ends_by_enemies() {
    use warcry_sim::model::effects::Condition;
    const B2: FighterId = FighterId(11);
    let needs = vec![
        Effect::Requires(Condition::MovesMade(1)),
        Effect::Requires(Condition::EnemiesWithin {
            range: 1.0,
            count: 2,
        }),
        Effect::BonusAttack,
    ];
    for (b2_near, used) in [(true, true), (false, false)] {
        let mut a = with_ability(needs.clone(), 3);
        a.rules(|r| r.reactions = false);
        a.place(A, 7.0, 10.0);
        a.place(B, 11.5, 10.0);
        a.place(B2, if b2_near { 10.0 } else { 16.0 }, 11.5);
        let why = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
        assert!(why.contains("move action"), "{why}");
        a.walk(A, [10.0, 0.0, 10.0]).unwrap();
        let after = a.use_ability(A, "Test Gift", 3, None);
        assert_eq!(after.is_ok(), used, "{after:?}");
    }
}

/// ABL-5, "if this fighter has the Gull runemark, add 2 to the value of this ability, to a
/// maximum of 6": used with a double of 3 by a Gull, the value is 5 (said in the log), and 5
/// damage is removed; without the runemark, 3.
#[test]
fn abl5_a_runemark_raises_the_value_of_the_ability() {
    use warcry_sim::model::effects::{MarkedRaise, Marks};
    let heal = vec![
        Effect::Heal {
            amount: Amount::Value,
        },
        Effect::MarkedRaise {
            marks: Marks::of(&["gull"], &[]).unwrap(),
            raise: MarkedRaise::Value { add: 2, max: 6 },
        },
    ];
    for (gull, healed) in [(true, 5), (false, 3)] {
        let mut a = with_ability(heal.clone(), 3);
        let marks = if gull {
            vec!["gull".to_string()]
        } else {
            Vec::new()
        };
        a.profile(A, |p| {
            p.runemarks = marks;
            p.wounds = 20;
        });
        a.set(A, warcry_sim::model::components::Damage(8));
        let n = a.log_len();
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        assert_eq!(a.damage(A), 8 - healed);
        let said = said_since(&mut a, n);
        assert_eq!(
            said.iter()
                .any(|l| l.contains("runemarks make the value of its Test Gift 5")),
            gull,
            "{said:?}"
        );
    }
}

/// ABL-5, "... friendly fighters while they are within 3\" of this fighter. If this fighter
/// has the Gull runemark, increase the range of this ability by a number of inches equal to
/// the value of this ability": used at 3 by a Gull, A2 5" away is in the aura (1 more attack
/// dice); without the runemark, it isn't.
#[test]
fn abl5_a_runemark_raises_the_range_of_the_aura() {
    use warcry_sim::model::effects::{Aura, MarkedRaise, Marks};
    let aura = vec![
        Effect::RoundBoost {
            stat: Stat::Attacks,
            by: Amount::Fixed(1),
            melee_only: false,
            aura: Some(Aura::within(3.0, false)),
            missile_only: false,
        },
        Effect::MarkedRaise {
            marks: Marks::of(&["gull"], &[]).unwrap(),
            raise: MarkedRaise::Range(Amount::Value),
        },
    ];
    for (gull, more) in [(true, 1), (false, 0)] {
        let mut a = with_ability(aura.clone(), 3);
        let marks = if gull {
            vec!["gull".to_string()]
        } else {
            Vec::new()
        };
        a.profile(A, |p| p.runemarks = marks);
        a.place(A2, 16.0, 10.0);
        a.place(B, 17.5, 10.0);
        let before = attacks_of(&mut a, A2, B);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        assert_eq!(attacks_of(&mut a, A2, B), before + more, "gull: {gull}");
    }
}

/// The ability "Test Gift" exposing to everyone's attacks (1 more Attacks) the enemy `only`
/// says; A also has a missile weapon (its second), 8" long.
fn exposing(only: warcry_sim::model::effects::PickOnly) -> super::arena::Arena {
    use super::arena::weapon;
    let expose = Effect::ExposePicked {
        range: warcry_sim::model::effects::ANYWHERE,
        visible: false,
        stat: Stat::Attacks,
        by: Amount::Fixed(1),
        to: None,
        only: Some(only),
    };
    let mut a = with_ability(vec![expose], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.weapons.push(weapon(8.0, 2, 3, (1, 2))));
    for id in [B, FighterId(11)] {
        a.profile(id, |p| {
            p.wounds = 30;
            p.toughness = 3;
        });
    }
    a.place(B, 15.0, 10.0);
    a.place(FighterId(11), 10.0, 15.0);
    a
}

/// ABL-5, "pick a visible enemy fighter within N\" of this fighter with 1 or more damage
/// points allocated to them": an enemy without damage is refused (said why), one with it is
/// picked.
#[test]
fn abl5_a_pick_of_a_damaged_enemy_only() {
    use warcry_sim::model::components::Damage;
    use warcry_sim::model::effects::PickOnly;
    let mut a = exposing(PickOnly::Damaged(1));
    let why = a.use_ability(A, "Test Gift", 3, Some(B)).unwrap_err();
    assert!(why.contains("with 1 or more damage"), "{why}");
    a.set(B, Damage(2));
    let before = attacks_of(&mut a, A2, B);
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    assert_eq!(attacks_of(&mut a, A2, B), before + 1);
}

/// ABL-5, "pick a visible enemy fighter that was allocated any damage points by this
/// fighter's missile attack actions this activation": after A's shot damages B, B may be
/// picked and B2 (not shot) may not.
#[test]
fn abl5_a_pick_of_an_enemy_its_shots_damaged() {
    use warcry_sim::model::effects::PickOnly;
    const B2: FighterId = FighterId(11);
    let mut a = exposing(PickOnly::HurtByItsShots);
    assert!(
        a.use_ability(A, "Test Gift", 3, Some(B)).is_err(),
        "nothing shot yet"
    );
    a.dice(&[6, 1]);
    a.attack_logged(A, B, 1);
    assert!(a.damage(B) > 0);
    let why = a.use_ability(A, "Test Gift", 3, Some(B2)).unwrap_err();
    assert!(why.contains("its missile attacks damaged"), "{why}");
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
}

/// ABL-5, "after it has made a missile attack action ... attack actions that target the
/// target of that attack action": with no target named, the ability picks the enemy A shot
/// last (B), whose attackers then roll 1 more dice; B2 is refused.
#[test]
fn abl5_the_target_of_its_missile_attack_exposed() {
    use warcry_sim::model::effects::PickOnly;
    const B2: FighterId = FighterId(11);
    let mut a = exposing(PickOnly::ItsLastShot);
    a.dice(&[1, 1]);
    a.attack_logged(A, B, 1);
    let why = a.use_ability(A, "Test Gift", 3, Some(B2)).unwrap_err();
    assert!(why.contains("its last missile attack targeted"), "{why}");
    let before = attacks_of(&mut a, A2, B);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let said = said_since(&mut a, n);
    assert!(
        said.iter().any(|l| l.contains("have 1 more Attacks")),
        "{said:?}"
    );
    assert_eq!(attacks_of(&mut a, A2, B), before + 1);
}

/// ABL-5, "until the end of the battle round, add 1 to the damage points allocated by each
/// critical hit from attack actions made by friendly fighters that target an enemy fighter
/// within 6\" of this fighter": A2's critical hits on B (within 6" of A) deal 1 more; on B2
/// (farther) not; once B stands farther, not on B either.
#[test]
fn abl5_the_enemies_round_it_take_more_from_the_friends_critical_hits() {
    use warcry_sim::model::effects::Exposers;
    const B2: FighterId = FighterId(11);
    let aura = Effect::ExposeAround {
        range: 6.0,
        stat: Stat::CritDamage,
        by: Amount::Fixed(1),
        to: Exposers::default(),
    };
    let mut a = with_ability(vec![aura], 3);
    a.place(A2, 14.0, 10.0);
    a.place(B, 15.5, 10.0);
    a.place(B2, 14.0, 18.0);
    let crit = |a: &mut super::arena::Arena, t: FighterId| {
        let all = fighters(a.world());
        let of = |id| all.iter().find(|o| o.id == id).unwrap();
        attack_roll(a.world(), &all, of(A2), of(t), 0, false)
            .unwrap()
            .damage
            .1
    };
    let (on_b, on_b2) = (crit(&mut a, B), crit(&mut a, B2));
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert_eq!((crit(&mut a, B), crit(&mut a, B2)), (on_b + 1, on_b2));
    a.place(B, 18.0, 12.0);
    assert_eq!(crit(&mut a, B), on_b, "out of its reach");
}
