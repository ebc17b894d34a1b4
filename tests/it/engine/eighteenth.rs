//! Issue 30, eighteenth session: abilities used one way or the other (ABL-5), the second way
//! perhaps paid with saved wild dice (INI-3), in our own words, with injected dice.

use super::faction::with_ability;
use warcry_sim::model::effects::{Amount, Effect, Ways};
use warcry_sim::model::ids::{FighterId, Side};
use warcry_sim::rules::command::Command;
use warcry_sim::rules::state::Bonus;

const A: FighterId = FighterId(2);
const B: FighterId = FighterId(10);

/// "A bonus move of up to 3", flying. You can discard one of your saved wild dice; if you do
/// so, up to 4" instead."
fn leap() -> Effect {
    Effect::Either(Ways {
        discard: 1,
        first: vec![Effect::FlyingBonusMove {
            max: Amount::Fixed(3),
        }],
        second: vec![Effect::FlyingBonusMove {
            max: Amount::Fixed(4),
        }],
    })
}

fn use_way(a: &mut super::arena::Arena, choice: u8) -> Result<(), String> {
    a.apply(Command::Ability {
        fighter: A,
        ability: "Test Gift".into(),
        dice: 3,
        target: None,
        place: None,
        choice,
    })
    .map_err(|e| format!("{} [{}]", e.reason, e.rule))
}

fn waiting(a: &mut super::arena::Arena) -> Vec<Bonus> {
    a.engine().activation.as_ref().unwrap().bonus.clone()
}

/// ABL-5, INI-3: with no saved wild dice, the paid way is refused (INI-3) and nothing changes;
/// with one saved, it is taken: the bonus move is up to 4", the saved die is discarded and
/// the log says so.
#[test]
fn abl5_ini3_the_second_way_discards_saved_wild_dice() {
    let mut a = with_ability(vec![leap()], 3);
    let why = use_way(&mut a, 1).unwrap_err();
    assert_eq!(
        why,
        "that way of using Test Gift discards one of your saved wild dice, and you have 0 [INI-3]"
    );
    assert!(waiting(&mut a).is_empty());
    a.engine().dice[Side::A].saved = 1;
    let n = a.log_len();
    use_way(&mut a, 1).unwrap();
    assert_eq!(
        waiting(&mut a),
        vec![Bonus::Move {
            max: 4.0,
            fly: true
        }]
    );
    assert_eq!(a.engine().dice[Side::A].saved, 0);
    let log: Vec<String> = (a.log_since(n).iter()).map(|e| a.text_of(e)).collect();
    assert!(
        log.iter()
            .any(|l| l.contains("side discards 1 of its saved wild dice")),
        "{log:?}"
    );
}

/// ABL-5: the first way costs nothing and keeps the saved wild dice: up to 3"; a third way
/// does not exist.
#[test]
fn abl5_the_first_way_keeps_the_saved_wild_dice() {
    let mut a = with_ability(vec![leap()], 3);
    a.engine().dice[Side::A].saved = 2;
    assert_eq!(
        use_way(&mut a, 2).unwrap_err(),
        "Test Gift can be used two ways, not 3 [ABL-5]"
    );
    use_way(&mut a, 0).unwrap();
    assert_eq!(
        waiting(&mut a),
        vec![Bonus::Move {
            max: 3.0,
            fly: true
        }]
    );
    assert_eq!(a.engine().dice[Side::A].saved, 2);
}

/// SOLO-C1, ABL-5: the solo AI takes the paid way when its side has the saved wild dice (it
/// does more), says so, and the free one when it has none.
#[test]
fn solo_c1_the_ai_pays_with_saved_wild_dice_when_it_has_them() {
    for (saved, way) in [(1, 1), (0, 0)] {
        let mut a = with_ability(vec![leap()], 3);
        a.place(B, 10.0, 30.0);
        a.engine().dice[Side::A].saved = saved;
        let d = warcry_sim::ai::solo::advise(a.world()).unwrap();
        assert!(
            matches!(&d.command, Command::Ability { ability, choice, .. }
                if ability == "Test Gift" && *choice == way),
            "{saved} saved: {:?}",
            d.command
        );
        assert_eq!(
            d.why.contains("discarding one saved wild die"),
            way == 1,
            "{}",
            d.why
        );
    }
}

/// ABL-5: "subtract 2 from either the Move or the Toughness characteristic of that enemy": the
/// player's choice picks which (no dice paid).
#[test]
fn abl5_either_way_lowers_the_characteristic_chosen() {
    use warcry_sim::model::effects::{Lowering, PickedLowering, Stat};
    let lower = |stat| {
        Effect::LowerPicked(PickedLowering {
            range: 9.0,
            visible: true,
            stat,
            by: Amount::Fixed(2),
            min: 1,
            activation: false,
            melee_only: false,
            how: Lowering::By,
            spares_me: false,
        })
    };
    let gaze = Effect::Either(Ways {
        discard: 0,
        first: vec![lower(Stat::Move)],
        second: vec![lower(Stat::Toughness)],
    });
    for (choice, lowered) in [(0, (2, 0)), (1, (0, 2))] {
        let mut a = with_ability(vec![gaze.clone()], 3);
        a.place(B, 15.0, 10.0);
        a.apply(Command::Ability {
            fighter: A,
            ability: "Test Gift".into(),
            dice: 3,
            target: Some(B),
            place: None,
            choice,
        })
        .unwrap();
        let l = a.engine().lowered(B);
        assert_eq!((l.move_by, l.toughness_by), lowered, "choice {choice}");
    }
}

/// SET-3, ABL-5: "each friendly fighter in this fighter's battle group can make a bonus move
/// action": A (itself too) and A2 of its Dagger group are offered one; A3 of the Shield group,
/// as near, is not.
#[test]
fn set3_abl5_bonus_moves_for_its_battle_group_only() {
    use warcry_sim::model::components::BattleGroup;
    use warcry_sim::model::effects::Aura;
    use warcry_sim::model::formats::GroupName;
    const A2: FighterId = FighterId(3);
    const A3: FighterId = FighterId(4);
    let each = Effect::EachFriendBonusMove {
        aura: Aura {
            group: true,
            ..Aura::within(warcry_sim::model::effects::ANYWHERE, false)
        },
        or_attack: false,
        closer: false,
    };
    let mut a = with_ability(vec![each], 3);
    a.set(A, BattleGroup(GroupName::Dagger));
    a.set(A2, BattleGroup(GroupName::Dagger));
    a.set(A3, BattleGroup(GroupName::Shield));
    a.place(A2, 12.0, 10.0);
    a.place(A3, 10.0, 12.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let friends: Vec<FighterId> = waiting(&mut a)
        .iter()
        .filter_map(|b| match b {
            Bonus::FriendMove { fighter, .. } => Some(*fighter),
            _ => None,
        })
        .collect();
    assert_eq!(friends, vec![A2]);
    assert!(
        waiting(&mut a)
            .iter()
            .any(|b| matches!(b, Bonus::Move { .. }))
    );
}

/// ABL-5: "one critical hit from the next melee attack scores 1 additional critical hit": A's
/// 2-dice weapon (1/2 damage) rolling a 6 and a 1 scores 2 critical hits (4 damage), and the
/// exact odds know it; rolling no 6, nothing more; the next attack after it is as printed.
#[test]
fn abl5_one_critical_hit_scores_one_more() {
    use warcry_sim::model::effects::AttackKind;
    use warcry_sim::rules::log::Event;
    let more = Effect::NextMoreCrits {
        n: 1,
        only: Some(AttackKind::Melee),
    };
    let mut a = with_ability(vec![more], 3);
    a.rules(|r| r.reactions = false);
    a.profile(B, |p| p.wounds = 30);
    a.place(B, 11.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let odds = super::faction::a_on_b(&mut a, 0).odds().unwrap();
    // A critical hit and a hit: 2 + 2 + 1, never the 3 they would deal as printed.
    assert!(
        odds.probability(5) > 0.0 && odds.probability(3) == 0.0,
        "{odds:?}"
    );
    a.dice(&[6, 1]);
    let Event::Attack { crits, .. } = a.attack_logged(A, B, 0) else {
        panic!("not an attack")
    };
    assert_eq!((crits, a.damage(B)), (2, 4));
}

/// ABL-5: "roll a number of dice equal to the value of this ability; for each roll of 1, 1
/// damage point to this fighter; for each roll of 4+, +1 damage to each hit and critical hit of
/// the next missile attack": a double of 3s rolls 1, 4 and 6: A takes 1 damage, and its next
/// missile attack deals 2 more for each hit and each critical hit; its melee attacks are as
/// printed. The log says what was rolled.
#[test]
fn abl5_each_face_of_the_dice_rolled_does_its_part() {
    use warcry_sim::model::effects::{AttackKind, Stat};
    let raise = |stat| Effect::NextBoost {
        stat,
        by: Amount::Fixed(1),
        only: Some(AttackKind::Missile),
    };
    let effects = vec![
        Effect::RollDice(Amount::Value),
        Effect::SelfDamagePerRoll {
            least: 1,
            most: 1,
            amount: 1,
        },
        Effect::OnRolled {
            least: 4,
            per_roll: true,
            then: vec![raise(Stat::Damage), raise(Stat::CritDamage)],
        },
    ];
    let mut a = with_ability(effects, 3);
    a.profile(A, |p| {
        p.weapons.push(super::arena::weapon(12.0, 2, 3, (2, 4)));
        p.wounds = 20;
    });
    a.place(B, 16.0, 10.0);
    a.dice(&[1, 4, 6]);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert_eq!(a.damage(A), 1);
    assert_eq!(super::faction::a_on_b(&mut a, 1).damage, (4, 6));
    assert_eq!(super::faction::a_on_b(&mut a, 0).damage, (1, 2));
    let said = super::faction::said_since(&mut a, n);
    assert!(said.iter().any(|l| l.contains("rolls 1, 4, 6")), "{said:?}");
}

/// ABL-5, CMB-2: "each friendly fighter within 6" of this fighter can make a bonus move action.
/// That move action must end closer to this fighter": A2 and A3 are offered one (A is not: it
/// can't end closer to itself); a move of A2 away from A is refused, one towards it taken;
/// the solo AI moves A3 as near A as it can.
#[test]
fn abl5_friends_bonus_moves_must_end_closer_to_it() {
    use warcry_sim::model::effects::Aura;
    const A2: FighterId = FighterId(3);
    const A3: FighterId = FighterId(4);
    let to_me = Effect::EachFriendBonusMove {
        aura: Aura::within(6.0, false),
        or_attack: false,
        closer: true,
    };
    let mut a = with_ability(vec![to_me], 3);
    a.place(A2, 10.0, 14.0);
    a.place(A3, 15.0, 10.0);
    a.place(B, 30.0, 30.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let queue = waiting(&mut a);
    assert_eq!(queue.len(), 2, "{queue:?}");
    assert!(
        (queue.iter()).all(|b| matches!(b, Bonus::FriendMove { closer: true, .. })),
        "{queue:?}"
    );
    let away = a.walk(A2, [10.0, 0.0, 16.0]).unwrap_err();
    assert!(
        away.reason.contains("must end closer to"),
        "{}",
        away.reason
    );
    let before = a.fighter(A2).pos.distance(a.fighter(A).pos);
    a.walk(A2, [10.0, 0.0, 12.5]).unwrap();
    assert!(a.fighter(A2).pos.distance(a.fighter(A).pos) < before);
    let d = warcry_sim::ai::solo::advise(a.world()).unwrap();
    let Command::Move { fighter, .. } = d.command else {
        panic!("{:?}", d.command)
    };
    assert_eq!(fighter, A3);
    let before = a.fighter(A3).pos.distance(a.fighter(A).pos);
    a.apply(d.command).unwrap();
    assert!(a.fighter(A3).pos.distance(a.fighter(A).pos) < before - 1.0);
}

/// GEN-8, ABL-5: "until the start of the next battle round, this fighter is not considered to
/// have the Beast runemark": A, a Beast, may carry treasure this round; as the next round
/// begins it is a Beast again and drops the treasure it carries where it stands.
#[test]
fn gen8_abl5_a_beast_without_its_runemark_carries_treasure_for_the_round() {
    use warcry_sim::model::components::Treasure;
    use warcry_sim::model::runemark::Runemark;
    let glimmer = Effect::MarkThisRound {
        mark: Runemark::Beast,
        has: false,
    };
    let mut a = with_ability(vec![glimmer], 3);
    a.profile(A, |p| p.runemarks.push("beast".into()));
    assert!(!a.fighter(A).can_carry());
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert!(a.fighter(A).can_carry());
    assert!(!a.fighter(A).profile.is(Runemark::Beast));
    a.world().spawn(Treasure {
        index: 0,
        position: (10.0, 10.0),
        y: 0.0,
        carrier: Some(A),
    });
    assert_eq!(a.fighter(A).carrying, Some(0));
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.place(B, 20.0, 20.0);
    a.end_round(&[B], B);
    let f = a.fighter(A);
    assert!(!f.can_carry() && f.carrying.is_none(), "{:?}", f.carrying);
}

/// ABL-5: "until the end of the battle round, this fighter has the Beast runemark": a fighter
/// that may carry treasure may not for the round, and may again the next.
#[test]
fn abl5_a_runemark_given_for_the_round() {
    use warcry_sim::model::runemark::Runemark;
    let unleash = Effect::MarkThisRound {
        mark: Runemark::Beast,
        has: true,
    };
    let mut a = with_ability(vec![unleash], 3);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert!(!a.fighter(A).can_carry());
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.place(B, 20.0, 20.0);
    a.end_round(&[B], B);
    assert!(a.fighter(A).can_carry());
}

/// The damage of a hit and of a critical hit of `attacker`'s first weapon on `target`, as the
/// attack would allocate it now.
fn damage_on(a: &mut super::arena::Arena, attacker: FighterId, target: FighterId) -> (u32, u32) {
    let w = a.world();
    let all = warcry_sim::rules::engine::fighters(w);
    let f = all.iter().find(|o| o.id == attacker).unwrap();
    let t = all.iter().find(|o| o.id == target).unwrap();
    warcry_sim::rules::actions::attack_roll(w, &all, f, t, 0, false)
        .unwrap()
        .damage
}

/// ABL-5: "until the end of the battle round, subtract 2 from the damage points allocated by
/// each hit and critical hit (to a minimum of 1) from attack actions that target this fighter
/// while it is within 3" of a friendly fighter with the Mystic runemark": B's 3/5 weapon deals
/// 1/3 to A while A2, a Mystic, stands 2" from it, and 3/5 once A2 is 5" away.
#[test]
fn abl5_a_guard_while_a_friend_with_the_runemark_is_near() {
    use warcry_sim::model::effects::{Aura, Guard, Marks, Near};
    const A2: FighterId = FighterId(3);
    let guard = Effect::RoundGuard {
        guard: Guard::LessDamage {
            by: Amount::Fixed(2),
            min: 1,
        },
        aura: Some(Aura {
            near: Near::new(3.0, Marks::of(&["mystic"], &[]).unwrap()),
            ..Aura::within(0.0, false)
        }),
    };
    let mut a = with_ability(vec![guard], 3);
    a.profile(A2, |p| p.runemarks.push("mystic".into()));
    a.profile(B, |p| {
        p.weapons = vec![super::arena::weapon(1.0, 2, 3, (3, 5))]
    });
    a.place(A2, 12.0, 10.0);
    a.place(B, 10.0, 11.5);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert_eq!(damage_on(&mut a, B, A), (1, 3));
    assert_eq!(damage_on(&mut a, B, A2), (3, 5), "A2 is not guarded");
    a.place(A2, 15.0, 10.0);
    assert_eq!(damage_on(&mut a, B, A), (3, 5));
}

/// ABL-5: "... from attack actions that target friendly fighters while they are within 3" of
/// this fighter and have not made any move actions this battle round": A2 is guarded until it
/// makes a move action, and A too until it does.
#[test]
fn abl5_a_guard_for_friends_that_have_not_moved_this_round() {
    use warcry_sim::model::effects::{Aura, Guard};
    const A2: FighterId = FighterId(3);
    let guard = Effect::RoundGuard {
        guard: Guard::LessDamage {
            by: Amount::Fixed(1),
            min: 1,
        },
        aura: Some(Aura {
            unmoved: true,
            ..Aura::within(3.0, false)
        }),
    };
    let mut a = with_ability(vec![guard], 3);
    a.profile(B, |p| {
        p.weapons = vec![super::arena::weapon(1.0, 2, 3, (3, 5))]
    });
    a.place(A2, 12.0, 10.0);
    a.place(B, 30.0, 30.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert_eq!(damage_on(&mut a, B, A), (2, 4));
    assert_eq!(damage_on(&mut a, B, A2), (2, 4));
    a.walk(A, [10.0, 0.0, 9.0]).unwrap();
    assert_eq!(damage_on(&mut a, B, A), (3, 5), "A moved");
    assert_eq!(damage_on(&mut a, B, A2), (2, 4));
}

/// ABL-5: "pick a friendly fighter within 6" of this fighter or within 9" of this fighter if
/// the value of this ability is 4 or greater. That fighter can make a bonus move action or a
/// bonus attack action": A2, 8" away, can't be picked with a double of 3s, and can with 4s.
#[test]
fn abl5_a_pick_that_reaches_further_at_a_higher_value() {
    use warcry_sim::model::effects::{Condition, FriendPick, Marks};
    const A2: FighterId = FighterId(3);
    let pick = |range| Effect::FriendBonusMove {
        pick: FriendPick::new(range, false, Marks::default()),
        or_attack: true,
        max: None,
    };
    let reach = Effect::When {
        when: Condition::ValueAtLeast(4),
        then: vec![pick(9.0)],
        otherwise: vec![pick(6.0)],
    };
    for (value, ok) in [(3, false), (4, true)] {
        let mut a = with_ability(vec![reach.clone()], value);
        a.place(A2, 10.0, 18.5);
        a.place(B, 30.0, 30.0);
        let used = a.use_ability(A, "Test Gift", value, Some(A2));
        assert_eq!(used.is_ok(), ok, "value {value}: {used:?}");
    }
}

/// ABL-5: "+2 Attacks for its melee attacks this activation while 1 or more endangered
/// friendly fighters are within 6" of them; a friendly fighter is endangered if it has the
/// Minion runemark and is within 1" of an enemy and/or has damage allocated": A's 2-dice
/// weapon rolls 2 dice while its Minion friend A2 is safe, 4 once A2 has damage, and 4 while
/// an enemy stands by A2 unhurt.
#[test]
fn abl5_more_attacks_while_a_friend_near_is_in_danger() {
    use warcry_sim::model::effects::{Count, Marks, Stat};
    const A2: FighterId = FighterId(3);
    const B2: FighterId = FighterId(11);
    let raise = Effect::PerCount {
        count: Count::WhileNear {
            range: 6.0,
            marks: Marks::of(&["minion"], &[]).unwrap(),
            target: false,
            endangered: true,
        },
        then: vec![Effect::Boost {
            stat: Stat::Attacks,
            by: Amount::Fixed(2),
            melee_only: true,
            missile_only: false,
        }],
    };
    let mut a = with_ability(vec![raise], 3);
    a.profile(A2, |p| p.runemarks.push("minion".into()));
    a.place(A2, 13.0, 10.0);
    a.place(B, 10.0, 11.5);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let dice = |a: &mut super::arena::Arena| super::faction::a_on_b(a, 0).attacks;
    assert_eq!(dice(&mut a), 2);
    a.set(A2, warcry_sim::model::components::Damage(1));
    assert_eq!(dice(&mut a), 4, "A2 has damage");
    a.set(A2, warcry_sim::model::components::Damage(0));
    a.place(B2, 14.5, 10.0);
    assert_eq!(dice(&mut a), 4, "an enemy stands by A2");
}

/// ABL-5: "pick another friendly fighter within 12" of this fighter. Remove that fighter from
/// the battlefield, then set that fighter up ... wholly within a number of inches of this
/// fighter equal to the value of this ability": with a double of 3s, A2 (10" away) ends with
/// all its base within 3" of A; a place 4" away is refused before anything is paid.
#[test]
fn abl5_a_friend_set_up_wholly_within_the_value() {
    use warcry_sim::battlefield::measure::distance;
    use warcry_sim::model::effects::{FriendPick, Marks, VALUE_RANGE};
    const A2: FighterId = FighterId(3);
    let lords = Effect::FriendSetUp {
        pick: FriendPick::new(12.0, false, Marks::default()),
        within: VALUE_RANGE,
        wholly: true,
    };
    let mut a = with_ability(vec![lords], 3);
    a.place(A2, 10.0, 20.0);
    a.place(B, 30.0, 30.0);
    let far = Command::Ability {
        fighter: A,
        ability: "Test Gift".into(),
        dice: 3,
        target: Some(A2),
        place: Some([14.0, 0.0, 10.0]),
        choice: 0,
    };
    assert!(a.rejected(far).reason.contains("can't be set up there"));
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    let (f, t) = (a.fighter(A), a.fighter(A2));
    let reach = distance(&f.base(), &t.base()) + 2.0 * t.profile.base.max_radius();
    assert!(reach <= 3.0 + 1e-3, "{reach}");
}

/// REA-1, ABL-5: "a fighter can make this reaction after they are targeted by an attack action
/// but before the hit rolls are made if the attacker is within range of at least one of the
/// target's weapons. For each hit roll that misses, 1 damage point to the attacking fighter;
/// for each hit roll of 1, 2 instead": A shoots B from 8"; with a 1" weapon B is offered no
/// reaction, with a 10" one it is, and A's rolls of 1, 2, 4 and 6 (hits on 4+) deal A 3.
#[test]
fn rea1_abl5_return_fire_while_the_attacker_is_in_range() {
    use warcry_sim::model::abilities::DiceCost;
    use warcry_sim::model::effects::{Condition, Trigger};
    use warcry_sim::rules::engine::Pending;
    use warcry_sim::rules::options::{Decision, options};
    let fire = vec![
        Effect::Reaction(Trigger::TargetedByAttack),
        Effect::Requires(Condition::AttackerInReach),
        Effect::DamageAttackerPerMiss { amount: 1 },
        Effect::DamageAttackerPerRoll {
            least: 1,
            most: 1,
            amount: Amount::Fixed(1),
        },
    ];
    for (reach, offered) in [(1.0, false), (10.0, true)] {
        let mut a = super::arena::Arena::new();
        a.profile(A, |p| {
            p.weapons = vec![super::arena::weapon(12.0, 4, 4, (1, 2))];
            p.wounds = 30;
        });
        a.profile(B, |p| {
            p.abilities = vec![super::arena::ability(
                "Test Fire",
                DiceCost::Reaction,
                fire.clone(),
            )];
            p.weapons = vec![super::arena::weapon(reach, 2, 3, (1, 2))];
            p.toughness = 4;
            p.wounds = 30;
        });
        a.place(A, 10.0, 10.0);
        a.place(B, 18.0, 10.0);
        a.activate(A);
        a.dice(&[1, 2, 4, 6]);
        a.apply(Command::Attack {
            fighter: A,
            target: B,
            weapon: 0,
        })
        .unwrap();
        if !offered {
            assert_ne!(a.pending(), Pending::Reaction { side: Side::B });
            continue;
        }
        assert_eq!(a.pending(), Pending::Reaction { side: Side::B });
        let Decision::Reaction { abilities, .. } = options(a.world()).decision else {
            panic!("a reaction on offer");
        };
        assert_eq!(abilities[0].name, "Test Fire");
        a.apply(Command::react_with(B, "Test Fire")).unwrap();
        assert_eq!(a.damage(A), 3);
    }
}

/// ABL-5: "this fighter can make a bonus melee attack action. If that bonus attack action
/// scores any critical hits, roll a dice. On a roll of 4+, until the end of the battle,
/// subtract 1 from the Move characteristic (to a minimum of 1) of the target fighter": a 6
/// then a 5 leaves B 1 less Move for the battle (the next round too); no critical hit, no
/// dice and no lowering.
#[test]
fn abl5_a_critical_hit_and_a_dice_slow_the_target_for_the_battle() {
    use warcry_sim::model::effects::{Stat, TargetLowering};
    let stab = vec![
        Effect::BonusAttackOf { melee: true },
        Effect::LowerAfterNextAttack(TargetLowering {
            stat: Stat::Move,
            by: Amount::Fixed(1),
            min: 1,
            crits: true,
            least: 4,
            battle: true,
        }),
    ];
    for (rolls, slowed) in [(vec![6, 1, 5], 1), (vec![5, 1], 0)] {
        let mut a = with_ability(stab.clone(), 3);
        a.rules(|r| r.reactions = false);
        a.profile(B, |p| {
            p.wounds = 30;
            p.movement = 4;
        });
        a.place(B, 11.5, 10.0);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        a.dice(&rolls);
        a.attack_logged(A, B, 0);
        assert_eq!(a.engine().lowered(B).move_by, slowed, "rolls {rolls:?}");
        a.apply(Command::EndActivation { fighter: A }).unwrap();
        a.end_round(&[B], B);
        assert_eq!(a.engine().lowered(B).move_by, slowed, "the next round");
    }
}

/// ABL-5: "roll 2 dice; for each roll of 4+, +1 Attacks for the next melee attack; add 1 to
/// each roll if there is a visible friendly fighter with the Myrmidon runemark within 6" of
/// this fighter": rolls of 3 and 4 give +1 Attacks alone, +2 with A2 (a Myrmidon) 2" away.
#[test]
fn abl5_one_more_on_each_roll_with_a_friend_near() {
    use warcry_sim::model::effects::{AttackKind, Condition, Marks, Stat};
    const A2: FighterId = FighterId(3);
    let faces = |least| {
        vec![
            Effect::RollDice(Amount::Fixed(2)),
            Effect::OnRolled {
                least,
                per_roll: true,
                then: vec![Effect::NextBoost {
                    stat: Stat::Attacks,
                    by: Amount::Fixed(1),
                    only: Some(AttackKind::Melee),
                }],
            },
        ]
    };
    let savagery = Effect::When {
        when: Condition::FriendWithin {
            range: 6.0,
            visible: true,
            runemark: Some("myrmidon".into()),
            marks: Marks::default(),
        },
        then: faces(3),
        otherwise: faces(4),
    };
    for (near, dice) in [(false, 3), (true, 4)] {
        let mut a = with_ability(vec![savagery.clone()], 3);
        a.profile(A2, |p| p.runemarks.push("myrmidon".into()));
        if near {
            a.place(A2, 10.0, 12.0);
        }
        a.place(B, 11.5, 10.0);
        a.dice(&[3, 4]);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        assert_eq!(
            super::faction::a_on_b(&mut a, 0).attacks,
            dice,
            "near {near}"
        );
    }
}
