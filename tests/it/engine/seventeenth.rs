//! Issue 30, seventeenth session: more of the long tail's effects run by the engine, in our
//! own words, with injected dice.

use super::faction::with_ability;
use warcry_sim::model::effects::{Amount, Effect};
use warcry_sim::model::ids::FighterId;

const A: FighterId = FighterId(2);
const B: FighterId = FighterId(10);

/// ABL-5: "the following apply to this fighter's next melee attack action if the target has a
/// higher Wounds characteristic than this fighter or has the Hero runemark: +2 Attacks;
/// critical hits on a 5+". A's 2-dice weapon rolls 4 dice and scores a 5 as a critical hit
/// against a bigger enemy or a Hero; against a smaller one, 2 dice and a 5 is a hit. Either
/// way the next melee attack spends it.
#[test]
fn abl5_the_next_attack_is_raised_only_against_a_bigger_enemy_or_a_hero() {
    use warcry_sim::model::effects::{AttackKind, Stat, TargetIs};
    use warcry_sim::rules::log::Event;
    let bigger = vec![Effect::NextIfTarget {
        target: TargetIs::Bigger,
        then: vec![
            Effect::NextBoost {
                stat: Stat::Attacks,
                by: Amount::Fixed(2),
                only: Some(AttackKind::Melee),
            },
            Effect::CritOn {
                least: 5,
                only: Some(AttackKind::Melee),
                next: true,
            },
        ],
    }];
    for (wounds, hero, dice, crits) in [
        (30, false, 4, 1),
        (10, true, 4, 1),
        (10, false, 2, 0),
        (20, false, 2, 0),
    ] {
        let mut a = with_ability(bigger.clone(), 3);
        a.rules(|r| r.reactions = false);
        a.profile(A, |p| p.wounds = 20);
        a.profile(B, |p| {
            p.wounds = wounds;
            if hero {
                p.runemarks.push("hero".into());
            }
        });
        a.place(B, 11.5, 10.0);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        a.dice(&[5, 1, 1, 1]);
        let Event::Attack {
            rolls, crits: c, ..
        } = a.attack_logged(A, B, 0)
        else {
            panic!("not an attack")
        };
        let case = format!("B with {wounds} wounds, hero {hero}");
        assert_eq!((rolls.len(), c), (dice, crits), "{case}");
        // Spent: the second attack is as printed.
        a.dice(&[5, 1]);
        let Event::Attack { rolls, crits, .. } = a.attack_logged(A, B, 0) else {
            panic!("not an attack")
        };
        assert_eq!((rolls.len(), crits), (2, 0), "{case}: spent by the first");
    }
}

/// CMB-2, ABL-5: "until the end of this fighter's activation, after an enemy fighter is taken
/// down by a melee attack action made by this fighter, this fighter can make a bonus move
/// action or a bonus attack action": a missile attack's takedown gives nothing, a melee one
/// the bonus.
#[test]
fn cmb2_abl5_only_a_melee_takedown_gives_the_bonus() {
    use super::arena::weapon;
    use warcry_sim::rules::command::Command;
    use warcry_sim::rules::engine::Bonus;
    for (melee, bonus) in [(false, 0), (true, 1)] {
        let after = Effect::AfterTakedown {
            then: vec![Effect::BonusMoveOrAttack],
            melee: true,
        };
        let mut a = with_ability(vec![after], 3);
        a.rules(|r| r.reactions = false);
        let range = if melee { 1.0 } else { 8.0 };
        a.profile(A, |p| p.weapons = vec![weapon(range, 2, 5, (2, 2))]);
        a.place(B, if melee { 11.5 } else { 15.0 }, 10.0);
        a.profile(B, |p| p.wounds = 3);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        a.dice(&[6, 6]);
        a.apply(Command::Attack {
            fighter: A,
            target: B,
            weapon: 0,
        })
        .unwrap();
        assert!(!a.fighter(B).on_board(), "B is taken down");
        let waiting = a.engine().activation.clone().unwrap().bonus;
        let moves = waiting
            .iter()
            .filter(|b| matches!(b, Bonus::MoveOrAttack { .. }))
            .count();
        assert_eq!(moves, bonus, "melee {melee}");
    }
}

/// MOVE-7, ABL-5: "this fighter makes a bonus move action up to 3\" and can fly as part of
/// that move action. After this fighter finishes that move, you can pick a visible enemy
/// fighter within 1\" ...; allocate half the value (rounding up)": A may fly while the bonus
/// move waits, not in the move after it; the bonus move ending by B deals 2 (a double of 3s).
#[test]
fn move7_abl5_a_flying_bonus_move_flies_that_move_only() {
    use warcry_sim::model::effects::MoveTrigger;
    let leap = vec![
        Effect::FlyingBonusMove {
            max: Amount::Fixed(3),
        },
        Effect::AfterMove {
            trigger: MoveTrigger::BonusNearEnemy(1.0),
            then: vec![Effect::DamageOne {
                range: 1.0,
                amount: Amount::HalfValueUp,
                roll: None,
                only: None,
            }],
        },
    ];
    let mut a = with_ability(leap, 3);
    a.rules(|r| r.reactions = false);
    a.profile(B, |p| p.wounds = 40);
    a.place(B, 14.5, 10.0);
    assert!(!a.fighter(A).flies, "not before the ability");
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert!(a.fighter(A).flies, "while its bonus move waits");
    assert!(a.walk(A, [13.5, 0.0, 10.0]).is_err(), "farther than 3\"");
    a.walk(A, [13.0, 0.0, 10.0]).unwrap();
    assert_eq!(a.damage(B), 2);
    assert!(!a.fighter(A).flies, "that move made");
}

/// GEN-7, ABL-5: "pick another friendly fighter within 3\" of this fighter. ... In addition,
/// that fighter counts as 2 additional fighters for the purpose of controlling objectives
/// until the end of the round": A's friend A2, alone by the objective, holds it against B and
/// B2 at the round's end (3 against 2), and counts as one fighter again after it. The log
/// names A2 and what it counts as.
#[test]
fn gen7_abl5_a_picked_friend_counts_as_more_for_the_round() {
    use warcry_sim::model::effects::{FriendPick, Marks};
    use warcry_sim::model::ids::Side;
    use warcry_sim::rules::command::Command;
    const A2: FighterId = FighterId(3);
    const B2: FighterId = FighterId(11);
    let counts = Effect::FriendCounts {
        pick: FriendPick::new(3.0, false, Marks::default()),
        extra: 2,
    };
    let mut a = with_ability(vec![counts], 3);
    a.objectives(&[(10.0, 14.0)]);
    a.place(A2, 10.0, 12.5);
    a.place(B, 10.0, 16.0);
    a.place(B2, 11.5, 15.5);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    let said = super::faction::said_since(&mut a, n).join("\n");
    assert!(said.contains("counts as 2 more fighters"), "{said}");
    assert_eq!(a.engine().counts_as(A2), 3);
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.end_round(&[A2, B, B2], B2);
    let e = a.world().resource::<warcry_sim::rules::engine::Engine>();
    assert_eq!(e.control.clone(), vec![Some(Side::A)]);
    assert_eq!(e.counts_as(A2), 1, "the count lasted the round only");
}

/// ABL-5: "... This cannot affect friendly fighters with the Beast runemark" after a pick of a
/// friend: a Beast friend in reach can't be picked (refused, naming why), another can.
#[test]
fn abl5_a_friend_pick_that_leaves_out_beasts() {
    use warcry_sim::model::effects::{FriendPick, Marks, Stat};
    const A2: FighterId = FighterId(3);
    let mut pick = FriendPick::new(6.0, false, Marks::default());
    pick.not = Marks::of(&["beast"], &[]).unwrap();
    let raise = Effect::FriendBoost {
        pick,
        stat: Stat::Toughness,
        by: Amount::Fixed(2),
        melee_only: false,
        next: false,
    };
    let mut a = with_ability(vec![raise], 3);
    a.place(A2, 12.0, 10.0);
    a.profile(A2, |p| p.runemarks.push("beast".into()));
    let why = a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap_err();
    assert!(why.contains("beast"), "{why}");
    a.profile(A2, |p| p.runemarks.clear());
    let toughness = |a: &mut super::arena::Arena| {
        let w = a.world();
        let all = warcry_sim::rules::engine::fighters(w);
        let b = all.iter().find(|o| o.id == B).unwrap();
        let t = all.iter().find(|o| o.id == A2).unwrap();
        (warcry_sim::rules::actions::attack_roll(w, &all, b, t, 0, false).unwrap()).toughness
    };
    a.place(B, 12.0, 11.5);
    let before = toughness(&mut a);
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    assert_eq!(toughness(&mut a), before + 2);
}

/// SET-3, ABL-5: "until the end of the battle round, add half the value of this ability
/// (rounding up) to the Move characteristic of friendly fighters that are in the same battle
/// group as this fighter": with a double of 3s, A and A2 (its Dagger group) move 2" further
/// this round, A3 of the Shield group does not, nor does anyone the next round.
#[test]
fn set3_abl5_a_raise_for_the_fighters_of_its_battle_group() {
    use warcry_sim::model::components::BattleGroup;
    use warcry_sim::model::effects::Stat;
    use warcry_sim::model::formats::GroupName;
    use warcry_sim::rules::state::Scope;
    const A2: FighterId = FighterId(3);
    const A3: FighterId = FighterId(4);
    let advance = Effect::GroupBoost {
        stat: Stat::Move,
        by: Amount::HalfValueUp,
    };
    let mut a = with_ability(vec![advance], 3);
    a.set(A, BattleGroup(GroupName::Dagger));
    a.set(A2, BattleGroup(GroupName::Dagger));
    a.set(A3, BattleGroup(GroupName::Shield));
    // The Move each has raised for the round, as its activation's move budget adds it.
    let moves = |a: &mut super::arena::Arena| {
        let e = a.engine();
        [A, A2, A3].map(|id| {
            (e.raised())
                .filter(|r| r.0 == Scope::Fighter(id) && r.1 == Stat::Move)
                .map(|r| r.2)
                .sum::<u32>()
        })
    };
    assert_eq!(moves(&mut a), [0, 0, 0]);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert_eq!(moves(&mut a), [2, 2, 0]);
    a.apply(warcry_sim::rules::command::Command::EndActivation { fighter: A })
        .unwrap();
    a.place(B, 20.0, 20.0);
    a.end_round(&[A2, A3, B], B);
    assert_eq!(moves(&mut a), [0, 0, 0], "for the round only");
}

/// The friends bearing the Destroyer runemark that begin an activation within 6" of A: +1
/// Move for it, until the end of the round (or, `until_next`, until A activates again).
fn start_raise(until_next: bool) -> Effect {
    use warcry_sim::model::effects::{Aura, Marks};
    Effect::StartRaise {
        aura: Aura {
            others: true,
            marks: Marks::of(&["destroyer"], &[]).unwrap(),
            ..Aura::within(6.0, false)
        },
        by: Amount::Fixed(1),
        until_next,
    }
}

/// The Move the activation of `id` begins with raised (as its moves read it).
fn activated_with(a: &mut super::arena::Arena, id: FighterId) -> u32 {
    a.set(id, warcry_sim::model::components::Activation::Ready);
    a.activate(id);
    let act = a.engine().activation.clone().unwrap();
    a.engine().move_bonus(&act)
}

/// ABL-5: "until the end of the battle round, add 1 to the Move characteristic of friendly
/// fighters with the Destroyer runemark that start their activation within 6\" of this
/// fighter": A2 (a Destroyer 4" away) begins its activation with +1 Move, said in the log;
/// A3 (a Destroyer 9" away) and A4 (no Destroyer, beside A) do not; nobody the next round.
#[test]
fn abl5_friends_beginning_their_activation_near_it_move_further() {
    const A2: FighterId = FighterId(3);
    const A3: FighterId = FighterId(4);
    const A4: FighterId = FighterId(5);
    let mut a = with_ability(vec![start_raise(false)], 3);
    for (id, x, destroyer) in [(A2, 14.0, true), (A3, 19.0, true), (A4, 11.5, false)] {
        a.place(id, x, 10.0);
        a.profile(id, |p| {
            p.runemarks.retain(|m| m != "destroyer");
            if destroyer {
                p.runemarks.push("destroyer".into());
            }
        });
    }
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.apply(warcry_sim::rules::command::Command::EndActivation { fighter: A })
        .unwrap();
    let n = a.log_len();
    assert_eq!(activated_with(&mut a, A2), 1);
    let said = super::faction::said_since(&mut a, n).join("\n");
    assert!(said.contains("+1 Move this activation"), "{said}");
    assert_eq!(activated_with(&mut a, A3), 0, "too far");
    assert_eq!(activated_with(&mut a, A4), 0, "no Destroyer");
    a.apply(warcry_sim::rules::command::Command::EndActivation { fighter: A4 })
        .unwrap();
    a.place(B, 30.0, 20.0);
    a.end_round(&[A, A2, A3, A4, B], B);
    assert_eq!(activated_with(&mut a, A2), 0, "for the round only");
}

/// ABL-5: "until the start of this fighter's next activation, add ...": the raise outlasts
/// the round (A2 has it when it activates first the next round) and ends as A activates.
#[test]
fn abl5_a_raise_on_activation_lasts_until_its_fighter_activates_again() {
    const A2: FighterId = FighterId(3);
    let mut a = with_ability(vec![start_raise(true)], 3);
    a.place(A2, 14.0, 10.0);
    a.profile(A2, |p| p.runemarks.push("destroyer".into()));
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.apply(warcry_sim::rules::command::Command::EndActivation { fighter: A })
        .unwrap();
    a.place(B, 30.0, 20.0);
    a.end_round(&[A2, B], B);
    assert_eq!(
        activated_with(&mut a, A2),
        1,
        "the next round, before A activates"
    );
    a.apply(warcry_sim::rules::command::Command::EndActivation { fighter: A2 })
        .unwrap();
    activated_with(&mut a, A);
    a.apply(warcry_sim::rules::command::Command::EndActivation { fighter: A })
        .unwrap();
    assert_eq!(activated_with(&mut a, A2), 0, "A activated again");
}

/// ABL-5: "this fighter makes a bonus move action. Then, they can make a bonus attack action.
/// Add 1 to the Strength characteristic of that attack action if the fighter finished the
/// move action 6\" or more from their starting position": a bonus move of 6.5" makes the bonus
/// attack's Strength 4; one of 4" leaves it 3, and the log says why.
#[test]
fn abl5_the_bonus_attack_is_stronger_after_a_long_bonus_move() {
    use super::arena::weapon;
    use warcry_sim::model::effects::{MoveTrigger, Stat};
    use warcry_sim::rules::log::Event;
    let wind = vec![
        Effect::BonusMove { max: None },
        Effect::BonusAttack,
        Effect::AfterMove {
            trigger: MoveTrigger::BonusFar(6.0),
            then: vec![Effect::NextBoost {
                stat: Stat::Strength,
                by: Amount::Fixed(1),
                only: None,
            }],
        },
    ];
    for (to, strength) in [(16.5, 4), (14.0, 3)] {
        let mut a = with_ability(wind.clone(), 3);
        a.rules(|r| r.reactions = false);
        a.profile(A, |p| {
            p.movement = 8;
            p.weapons = vec![weapon(1.0, 2, 3, (1, 2))];
        });
        a.profile(B, |p| p.wounds = 40);
        a.place(B, to + 1.5, 10.0);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        let n = a.log_len();
        a.walk(A, [to, 0.0, 10.0]).unwrap();
        let said = super::faction::said_since(&mut a, n).join("\n");
        a.dice(&[1, 1]);
        let Event::Attack { strength: s, .. } = a.attack_logged(A, B, 0) else {
            panic!("not an attack")
        };
        assert_eq!(s, strength, "a bonus move to {to}: {said}");
        if strength == 3 {
            assert!(said.contains("less than 6\" from where it began"), "{said}");
        }
    }
}

/// GEN-7, ABL-5: "... each of those fighters also counts as 1 additional fighter when
/// determining which player controls an objective" (those: the Warriors within 6" of A, A
/// too when it is one): A and A2 (4" away) count as 2 for the round; A3 (9" away) and A4
/// (no Warrior) as 1.
#[test]
fn gen7_abl5_each_friend_near_it_counts_as_more() {
    use warcry_sim::model::effects::{Aura, Marks};
    const A2: FighterId = FighterId(3);
    const A3: FighterId = FighterId(4);
    const A4: FighterId = FighterId(5);
    let each = Effect::EachCounts {
        aura: Aura {
            marks: Marks::of(&["warrior"], &[]).unwrap(),
            ..Aura::within(6.0, false)
        },
        extra: 1,
    };
    let mut a = with_ability(vec![each], 3);
    for (id, x, warrior) in [
        (A, 10.0, true),
        (A2, 14.0, true),
        (A3, 19.0, true),
        (A4, 11.5, false),
    ] {
        a.place(id, x, 10.0);
        a.profile(id, |p| {
            p.runemarks.retain(|m| m != "warrior");
            if warrior {
                p.runemarks.push("warrior".into());
            }
        });
    }
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let counts = [A, A2, A3, A4].map(|id| a.engine().counts_as(id));
    assert_eq!(counts, [2, 2, 1, 1]);
}

/// ABL-5: "this fighter can make a bonus attack action. Add X to the Attacks characteristic of
/// that bonus attack action, where X is the number of friendly fighters with the Clawpack
/// runemark within 1\" of the target": counted as the attack is made. A (a Clawpack fighter
/// beside B) with A2 also beside B rolls 2 + 2 dice; with A2 away, 2 + 1; the attack after
/// the bonus one is as printed.
#[test]
fn abl5_a_raise_counted_round_the_target_as_the_attack_is_made() {
    use super::arena::weapon;
    use warcry_sim::model::effects::{Count, Marks, Stat};
    use warcry_sim::rules::log::Event;
    const A2: FighterId = FighterId(3);
    let clawpack = Marks::of(&["clawpack"], &[]).unwrap();
    let paw = vec![
        Effect::BonusAttack,
        Effect::PerCount {
            count: Count::NearTarget {
                range: 1.0,
                marks: clawpack,
            },
            then: vec![Effect::NextBoost {
                stat: Stat::Attacks,
                by: Amount::Fixed(1),
                only: None,
            }],
        },
    ];
    for (a2_at, dice) in [(11.5, 4), (20.0, 3)] {
        let mut a = with_ability(paw.clone(), 3);
        a.rules(|r| r.reactions = false);
        for id in [A, A2] {
            a.profile(id, |p| p.runemarks.push("clawpack".into()));
        }
        a.profile(A, |p| p.weapons = vec![weapon(1.0, 2, 3, (1, 2))]);
        a.profile(B, |p| p.wounds = 40);
        a.place(B, 11.5, 10.0);
        a.place(A2, a2_at, 11.5);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        a.dice(&[1; 4]);
        let Event::Attack { rolls, .. } = a.attack_logged(A, B, 0) else {
            panic!("not an attack")
        };
        assert_eq!(rolls.len(), dice, "A2 at x = {a2_at}");
        a.dice(&[1; 4]);
        let Event::Attack { rolls, .. } = a.attack_logged(A, B, 0) else {
            panic!("not an attack")
        };
        assert_eq!(rolls.len(), 2, "spent by the bonus attack");
    }
}

/// ABL-5: raises that hold while a friend bearing runemarks is near, judged as each attack is
/// made: "... melee attack actions made by this fighter in this activation while that attack
/// action targets an enemy fighter within 3\" of a friendly fighter with the Hero runemark"
/// (+2 Attacks: 4 dice with Hero A2 beside B, 2 once it is away), and "in addition, add 1 to
/// the Strength characteristic of that action while this fighter is within 3\" of a friendly
/// fighter with the Priest runemark" (A itself a Priest does not count; A2 beside A does).
#[test]
fn abl5_raises_while_a_friend_is_near_the_target_or_the_fighter() {
    use super::arena::weapon;
    use warcry_sim::model::effects::{AttackKind, Count, Marks, Stat};
    use warcry_sim::rules::log::Event;
    const A2: FighterId = FighterId(3);
    let near = |range, mark: &str, target| Count::WhileNear {
        range,
        marks: Marks::of(&[mark], &[]).unwrap(),
        target,
        endangered: false,
    };
    let devoted = vec![Effect::PerCount {
        count: near(3.0, "hero", true),
        then: vec![Effect::Boost {
            stat: Stat::Attacks,
            by: Amount::Fixed(2),
            melee_only: true,
            missile_only: false,
        }],
    }];
    let volley = vec![Effect::PerCount {
        count: near(3.0, "priest", false),
        then: vec![Effect::NextBoost {
            stat: Stat::Strength,
            by: Amount::Fixed(1),
            only: Some(AttackKind::Missile),
        }],
    }];
    let setup = |effects: &Vec<Effect>, mark: &str, a2: (f32, f32)| {
        let mut a = with_ability(effects.clone(), 3);
        a.rules(|r| r.reactions = false);
        a.profile(A, |p| {
            p.weapons = vec![weapon(1.0, 2, 3, (1, 2)), weapon(12.0, 2, 3, (1, 2))];
            p.runemarks.push("priest".into());
        });
        a.profile(A2, |p| p.runemarks.push(mark.into()));
        a.profile(B, |p| p.wounds = 40);
        a.place(B, 11.5, 10.0);
        a.place(A2, a2.0, a2.1);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        a.dice(&[1; 6]);
        a
    };
    for (a2, dice) in [((13.0, 10.0), 4), ((25.0, 10.0), 2)] {
        let mut a = setup(&devoted, "hero", a2);
        let Event::Attack { rolls, .. } = a.attack_logged(A, B, 0) else {
            panic!("not an attack")
        };
        assert_eq!(rolls.len(), dice, "Hero A2 at {a2:?}");
    }
    for (a2, strength) in [((10.0, 11.5), 4), ((25.0, 10.0), 3)] {
        let mut a = setup(&volley, "priest", a2);
        let Event::Attack { strength: s, .. } = a.attack_logged(A, B, 1) else {
            panic!("not an attack")
        };
        assert_eq!(s, strength, "Priest A2 at {a2:?}");
    }
}

/// ABL-5: "pick an enemy fighter that is within a number of inches of this fighter equal to
/// the value of this ability. Until the end of the battle round, subtract 2 from the damage
/// points allocated by each hit and critical hit (to a minimum of 1) from attack actions made
/// by the chosen fighter, unless those attack actions target this fighter": B's hits (3
/// damage) deal 1 to A2, and 3 still to A; the log says so.
#[test]
fn abl5_a_taunted_enemy_deals_less_except_to_the_taunter() {
    use super::arena::weapon;
    use warcry_sim::model::effects::{Lowering, PickedLowering, Stat};
    const A2: FighterId = FighterId(3);
    let taunt = Effect::LowerPicked(PickedLowering {
        range: warcry_sim::model::effects::VALUE_RANGE,
        visible: false,
        stat: Stat::Damage,
        by: Amount::Fixed(2),
        min: 1,
        activation: false,
        melee_only: false,
        how: Lowering::By,
        spares_me: true,
    });
    let mut a = with_ability(vec![taunt], 3);
    a.rules(|r| r.reactions = false);
    a.place(B, 11.5, 10.0);
    a.place(A2, 11.5, 11.5);
    a.profile(B, |p| p.weapons = vec![weapon(1.0, 1, 8, (3, 3))]);
    a.profile(A, |p| p.wounds = 40);
    a.profile(A2, |p| p.wounds = 40);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    let said = super::faction::said_since(&mut a, n).join("\n");
    assert!(said.contains("2 less damage for each hit"), "{said}");
    a.activate(B);
    a.dice(&[4]);
    a.attack_logged(B, A2, 0);
    assert_eq!(a.damage(A2), 1, "on A2: 3 less 2");
    a.dice(&[4]);
    a.attack_logged(B, A, 0);
    assert_eq!(a.damage(A), 3, "on the taunter: as printed");
}

/// MOVE-9, ABL-5: "until the end of the battle round, each time an enemy fighter finishes a
/// move action within 3\" of this fighter, that fighter suffers impact damage": B's move
/// ending 2" from A rolls for impact (a 6: 3 damage, MOVE-9), named in the log; its next move,
/// ending far from A, rolls nothing.
#[test]
fn move9_abl5_an_enemy_ending_a_move_near_it_suffers_impact_damage() {
    let mut a = with_ability(vec![Effect::ImpactAround { range: 3.0 }], 3);
    a.rules(|r| r.reactions = false);
    a.place(B, 18.0, 10.0);
    a.profile(B, |p| {
        p.wounds = 40;
        p.movement = 6;
    });
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.activate(B);
    a.dice(&[6]);
    let n = a.log_len();
    a.walk(B, [13.0, 0.0, 10.0]).unwrap();
    let said = super::faction::said_since(&mut a, n).join("\n");
    assert!(said.contains("finished a move within 3\""), "{said}");
    assert_eq!(a.damage(B), 3);
    a.dice(&[6]);
    a.walk(B, [17.0, 0.0, 10.0]).unwrap();
    assert_eq!(a.damage(B), 3, "a move ending far from A");
    assert_eq!(a.dice_left(), 1, "no impact roll");
}

/// REA-1, ABL-5: "until the end of this fighter's activation, damage cannot be allocated to
/// this fighter by enemy fighters' reactions": B's reaction that deals 1 to the attacker for
/// each miss deals A 4 for four misses, or none while A is shielded (said in the log).
#[test]
fn rea1_abl5_a_shield_from_the_damage_of_reactions() {
    use super::lasting::{guard, guarded};
    for (shielded, damage) in [(false, 4), (true, 0)] {
        let mut a = guarded(vec![Effect::DamageAttackerPerMiss { amount: 1 }], (1, 3));
        if shielded {
            let mut e = a.engine();
            e.activation
                .as_mut()
                .unwrap()
                .lasting
                .push(Effect::NoReactionDamage);
        }
        a.dice(&[1, 1, 1, 1]);
        let n = a.log_len();
        guard(&mut a);
        assert_eq!(a.damage(A), damage, "shielded {shielded}");
        let said = super::faction::said_since(&mut a, n).join("\n");
        assert_eq!(
            said.contains("takes none of those 4 damage points"),
            shielded,
            "{said}"
        );
    }
}

/// MOVE-7: a flyer sent to a point in the open (as the window sends the point clicked) lands
/// exactly there, as a walker does; before, it was refused unless the point was the centre of
/// one of the path grid's cells ("its base doesn't fit on that spot").
#[test]
fn move7_a_flyer_lands_on_the_point_it_is_sent_to() {
    let mut a = with_ability(vec![], 3);
    a.profile(A, |p| p.runemarks.push("fly".into()));
    a.walk(A, [11.37, 0.0, 11.81]).unwrap();
    let at = a.fighter(A).pos;
    assert!(
        (at.x - 11.37).abs() < 1e-3 && (at.z - 11.81).abs() < 1e-3,
        "{at:?}"
    );
}
