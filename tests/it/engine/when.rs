//! Issue 30: what an ability does only when something holds as it is used (`When`: its value,
//! this fighter's damage, runemarks, a friend near), what it must have done this activation
//! first, every hit of an activation as a critical hit, damage after its next attack and what
//! the end of its bonus move sets off; in our own words, with injected dice.

use super::arena::weapon;
use super::faction::{a_on_b, said_since, with_ability};
use warcry_sim::model::RuleId;
use warcry_sim::model::components::Damage;
use warcry_sim::model::effects::{Amount, AttackKind, Condition, Effect, Marks, MoveTrigger, Stat};
use warcry_sim::model::ids::FighterId;

const A: FighterId = FighterId(2);
const A2: FighterId = FighterId(3);
const B: FighterId = FighterId(10);
const B2: FighterId = FighterId(11);

fn next_melee(stat: Stat, by: u32) -> Effect {
    Effect::NextBoost {
        stat,
        by: Amount::Fixed(by),
        only: Some(AttackKind::Melee),
    }
}

/// ABL-5: "add 1 to the critical damage of its next melee attack; if the value of this ability
/// is 6, add 1 to the Strength of that attack too": the Strength is raised with a double of
/// 6s, not with a double of 5s.
#[test]
fn abl5_a_value_of_six_adds_more() {
    let effects = vec![
        next_melee(Stat::CritDamage, 1),
        Effect::When {
            when: Condition::ValueAtLeast(6),
            then: vec![next_melee(Stat::Strength, 1)],
            otherwise: Vec::new(),
        },
    ];
    for (value, strength) in [(5, 3), (6, 4)] {
        let mut a = with_ability(effects.clone(), value);
        a.place(B, 11.5, 10.0);
        a.use_ability(A, "Test Gift", value, None).unwrap();
        let roll = a_on_b(&mut a, 0);
        assert_eq!((roll.strength, roll.damage), (strength, (1, 3)), "{value}");
    }
}

/// ABL-5: "a bonus attack; add 3 to its Attacks if this fighter has 1 or more damage points
/// allocated to it": unhurt, its attack rolls 2 dice; hurt, 5.
#[test]
fn abl5_a_raise_only_for_a_hurt_fighter() {
    let effects = vec![
        Effect::BonusAttack,
        Effect::When {
            when: Condition::Damaged(1),
            then: vec![Effect::NextBoost {
                stat: Stat::Attacks,
                by: Amount::Fixed(3),
                only: None,
            }],
            otherwise: Vec::new(),
        },
    ];
    for (hurt, attacks) in [(0, 2), (1, 5)] {
        let mut a = with_ability(effects.clone(), 3);
        a.set(A, Damage(hurt));
        a.place(B, 11.5, 10.0);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        assert_eq!(a_on_b(&mut a, 0).attacks, attacks, "damage {hurt}");
    }
}

/// ABL-5: "remove half the value (rounding up) of damage from this fighter; if it is within
/// 6" of a friendly priest, remove the value instead": 2 of 5 damage with a double of 3s and
/// no priest near; 3 with the priest 4" away; the card lists both, "instead" last.
#[test]
fn abl5_a_friend_near_heals_more_instead() {
    let effects = vec![Effect::When {
        when: Condition::FriendWithin {
            range: 6.0,
            visible: false,
            runemark: Some("priest".into()),
            marks: Marks::default(),
        },
        then: vec![Effect::Heal {
            amount: Amount::Value,
        }],
        otherwise: vec![Effect::Heal {
            amount: Amount::HalfValueUp,
        }],
    }];
    for (x, healed) in [(30.0, 2), (14.0, 3)] {
        let mut a = with_ability(effects.clone(), 3);
        a.profile(A2, |p| p.runemarks.push("priest".into()));
        a.place(A2, x, 10.0);
        a.set(A, Damage(5));
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        assert_eq!(a.damage(A), 5 - healed, "priest at x {x}");
    }
    let words = warcry_sim::rules::effects::describe(&effects, Some(3));
    assert_eq!(
        words,
        "removes up to 2 damage from this fighter; removes up to 3 damage from this fighter \
         instead (with a friend with the priest runemark within 6\")"
    );
}

/// ABL-5: "each hit of its melee attacks this activation is a critical hit; if it has the
/// Destroyer runemark, add 1 to their Attacks": rolls of 4 and 5 (hits against Toughness 4)
/// deal the critical damage, twice, and the Destroyer rolls a third dice.
#[test]
fn abl5_every_hit_a_critical_hit_and_more_for_a_destroyer() {
    let effects = vec![
        Effect::HitsAsCrits {
            only: Some(AttackKind::Melee),
        },
        Effect::When {
            when: Condition::Marked(Marks::of(&["destroyer"], &[]).unwrap()),
            then: vec![Effect::Boost {
                stat: Stat::Attacks,
                by: Amount::Fixed(1),
                melee_only: true,
                missile_only: false,
            }],
            otherwise: Vec::new(),
        },
    ];
    for destroyer in [false, true] {
        let mut a = with_ability(effects.clone(), 3);
        a.rules(|r| r.reactions = false);
        if destroyer {
            a.profile(A, |p| p.runemarks.push("destroyer".into()));
        }
        a.profile(A, |p| p.weapons = vec![weapon(1.0, 2, 4, (1, 3))]);
        a.profile(B, |p| {
            p.wounds = 40;
            p.toughness = 4;
        });
        a.place(B, 11.5, 10.0);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        assert_eq!(a_on_b(&mut a, 0).attacks, 2 + u32::from(destroyer));
        a.dice(&[4, 5, 4]);
        a.attack_logged(A, B, 0);
        assert_eq!(a.damage(B), if destroyer { 9 } else { 6 }, "{destroyer}");
    }
}

/// ABL-5: "only after making two move actions this activation"; "only if it has made a
/// missile attack action this activation": refused before, with the rule ID and words.
#[test]
fn abl5_what_this_fighter_must_have_done_first() {
    let mut a = with_ability(
        vec![
            Effect::Requires(Condition::MovesMade(2)),
            Effect::BonusMoveOrDisengage,
        ],
        3,
    );
    a.place(B, 30.0, 30.0);
    let no = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert_eq!(
        no,
        format!(
            "Orvi has made 0 move actions this activation, not 2 [{}]",
            RuleId::Abl5
        )
    );
    a.walk(A, [11.0, 0.0, 10.0]).unwrap();
    a.engine().activation.as_mut().unwrap().actions_left = 2;
    a.walk(A, [12.0, 0.0, 10.0]).unwrap();
    a.use_ability(A, "Test Gift", 3, None).unwrap();

    let mut a = with_ability(
        vec![
            Effect::Requires(Condition::ShotThisActivation),
            Effect::BonusMove { max: None },
        ],
        3,
    );
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| {
        p.weapons = vec![weapon(1.0, 2, 3, (1, 2)), weapon(8.0, 2, 3, (1, 2))];
    });
    a.profile(B, |p| p.wounds = 40);
    a.place(B, 11.5, 10.0);
    a.dice(&[1, 1]);
    a.attack_logged(A, B, 0);
    let no = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert_eq!(
        no,
        format!(
            "Orvi has made no missile attack action this activation [{}]",
            RuleId::Abl5
        )
    );
    a.dice(&[1, 1]);
    a.attack_logged(A, B, 1);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
}

/// ABL-5: "after its next missile attack this activation, if it scored a hit, the value in
/// damage to the target" and "half the value to each other fighter within 3" of the
/// target": a melee attack leaves them waiting; a missile attack that misses spends them
/// for nothing; one that hits deals them, to friend and enemy round the target alike.
#[test]
fn abl5_damage_after_the_next_missile_attack() {
    let effects = vec![
        Effect::DamageAfterNextAttack {
            amount: Amount::Value,
            only: Some(AttackKind::Missile),
            around: None,
        },
        Effect::DamageAfterNextAttack {
            amount: Amount::HalfValueUp,
            only: Some(AttackKind::Missile),
            around: Some(3.0),
        },
    ];
    let setup = || {
        let mut a = with_ability(effects.clone(), 5);
        a.rules(|r| r.reactions = false);
        a.profile(A, |p| {
            p.weapons = vec![weapon(1.0, 2, 3, (1, 2)), weapon(12.0, 2, 3, (1, 2))];
        });
        for id in [B, B2, A2] {
            a.profile(id, |p| {
                p.wounds = 40;
                p.toughness = 3;
            });
        }
        a.place(B, 11.5, 10.0);
        a.place(B2, 13.5, 10.0);
        a.place(A2, 11.5, 12.0);
        a.use_ability(A, "Test Gift", 5, None).unwrap();
        a
    };
    let mut a = setup();
    a.dice(&[4, 1]);
    a.attack_logged(A, B, 0);
    assert_eq!(
        (a.damage(B), a.damage(B2), a.damage(A2)),
        (1, 0, 0),
        "melee"
    );
    a.engine().activation.as_mut().unwrap().actions_left = 2;
    let n = a.log_len();
    a.dice(&[4, 1]);
    a.attack_logged(A, B, 1);
    // 1 + 1 (the hit) + 5 (after it); 3 to B2 and to A2, within 3" of B.
    assert_eq!((a.damage(B), a.damage(B2), a.damage(A2)), (7, 3, 3));
    let said = said_since(&mut a, n);
    assert!(
        said.iter().any(|l| l.contains("deals 5 damage to")),
        "{said:?}"
    );

    let mut a = setup();
    a.dice(&[1, 1]);
    a.attack_logged(A, B, 1);
    a.engine().activation.as_mut().unwrap().actions_left = 2;
    a.dice(&[4, 1]);
    a.attack_logged(A, B, 1);
    assert_eq!((a.damage(B), a.damage(B2)), (1, 0), "spent by the miss");
}

/// ABL-5: "a bonus move; if that move action ends within 1" of an enemy, pick a visible enemy
/// within 1" and allocate twice the value in damage to it": the bonus move ending by B deals
/// 6 (a double of 3s); one ending far from every enemy deals nothing, and the log says why;
/// declined (A shoots instead), A's next move is not that move, and it lapses too.
#[test]
fn abl5_what_the_end_of_its_bonus_move_sets_off() {
    let effects = vec![
        Effect::BonusMove { max: None },
        Effect::AfterMove {
            trigger: MoveTrigger::BonusNearEnemy(1.0),
            then: vec![Effect::DamageOne {
                range: 1.0,
                amount: Amount::DoubleValue,
                roll: None,
                only: None,
            }],
        },
    ];
    let setup = || {
        let mut a = with_ability(effects.clone(), 3);
        a.rules(|r| r.reactions = false);
        a.profile(A, |p| {
            p.movement = 5;
            p.weapons = vec![weapon(1.0, 2, 3, (1, 2)), weapon(12.0, 2, 3, (1, 2))];
        });
        a.profile(B, |p| p.wounds = 40);
        a.place(B, 14.0, 10.0);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        a
    };
    let mut a = setup();
    a.walk(A, [12.5, 0.0, 10.0]).unwrap();
    assert_eq!(a.damage(B), 6, "near");

    let mut a = setup();
    let n = a.log_len();
    a.walk(A, [10.0, 0.0, 6.0]).unwrap();
    assert_eq!(a.damage(B), 0, "far");
    let said = said_since(&mut a, n);
    assert!(
        said.iter()
            .any(|l| l.contains("its bonus move finished more than 1\" from every enemy")),
        "{said:?}"
    );

    let mut a = setup();
    a.dice(&[1, 1]);
    a.attack_logged(A, B, 1);
    let n = a.log_len();
    a.walk(A, [12.5, 0.0, 10.0]).unwrap();
    assert_eq!(a.damage(B), 0, "declined");
    let said = said_since(&mut a, n);
    assert!(
        said.iter()
            .any(|l| l.contains("it moved without its bonus move, so this lapses")),
        "{said:?}"
    );
}

/// ABL-5: "a bonus move; if that move action ends within 1" of an enemy, add 1 to this
/// fighter's Toughness for the rest of the battle round": B's attacks on A then meet
/// Toughness 4, not 3.
#[test]
fn abl5_a_bonus_move_ending_by_an_enemy_raises_toughness() {
    let tough = Effect::RoundBoost {
        stat: Stat::Toughness,
        by: Amount::Fixed(1),
        melee_only: false,
        aura: None,
        missile_only: false,
    };
    let effects = vec![
        Effect::BonusMove { max: None },
        Effect::AfterMove {
            trigger: MoveTrigger::BonusNearEnemy(1.0),
            then: vec![tough],
        },
    ];
    let mut a = with_ability(effects, 3);
    a.profile(A, |p| {
        p.movement = 5;
        p.toughness = 3;
    });
    a.profile(B, |p| p.weapons = vec![weapon(1.0, 2, 3, (1, 2))]);
    a.place(B, 14.0, 10.0);
    let toughness = |a: &mut super::arena::Arena| {
        let w = a.world();
        let all = warcry_sim::rules::engine::fighters(w);
        let b = all.iter().find(|o| o.id == B).unwrap();
        let t = all.iter().find(|o| o.id == A).unwrap();
        warcry_sim::rules::actions::attack_roll(w, &all, b, t, 0, false).map(|r| r.toughness)
    };
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.walk(A, [12.5, 0.0, 10.0]).unwrap();
    assert_eq!(toughness(&mut a), Some(4));
}

/// ABL-5: "if any friendly fighters with the Hero runemark are within 1" of any enemy
/// fighters, add 1 to the Attacks of its melee attacks this activation": A's attack rolls 3
/// dice while its hero friend A2 stands by B2, 2 when A2 stands apart.
#[test]
fn abl5_more_attacks_while_a_hero_friend_is_in_combat() {
    let effects = vec![Effect::When {
        when: Condition::FriendEngaged {
            marks: Marks::of(&["hero"], &[]).unwrap(),
            range: 1.0,
        },
        then: vec![Effect::Boost {
            stat: Stat::Attacks,
            by: Amount::Fixed(1),
            melee_only: true,
            missile_only: false,
        }],
        otherwise: Vec::new(),
    }];
    for (x, attacks) in [(21.5, 3), (28.0, 2)] {
        let mut a = with_ability(effects.clone(), 3);
        a.profile(A2, |p| p.runemarks.push("hero".into()));
        a.place(B, 11.5, 10.0);
        a.place(B2, 20.0, 20.0);
        a.place(A2, x, 20.0);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        assert_eq!(a_on_b(&mut a, 0).attacks, attacks, "A2 at x {x}");
    }
}
