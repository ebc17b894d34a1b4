//! Issue 30, fourth session: friends' bonus moves (ABL-5, CMB-2), in our own words, run by the
//! engine: a picked friend's bonus move or attack, and each friend's in an aura, in turn.

use super::arena::weapon;
use super::faction::with_ability;
use warcry_sim::model::effects::{Amount, Aura, Effect, FriendPick};
use warcry_sim::model::ids::FighterId;
use warcry_sim::rules::engine::{Bonus, Pending};

const A: FighterId = FighterId(2);
const A2: FighterId = FighterId(3);
const A3: FighterId = FighterId(4);
const B: FighterId = FighterId(10);

fn bonuses(a: &mut super::arena::Arena) -> Vec<Bonus> {
    a.engine()
        .activation
        .as_ref()
        .map(|x| x.bonus.clone())
        .unwrap_or_default()
}

/// Issue 30, CMB-2: "each friendly fighter within 6" of this fighter can make a bonus move
/// action": A2 (3" away) and A3 (5" away) move in turn, nearest first, up to their own Move,
/// then A itself; A3 can't be moved before A2's turn.
#[test]
fn cmb2_abl5_each_friend_in_reach_makes_a_bonus_move_in_turn() {
    let each = Effect::EachFriendBonusMove {
        aura: Aura::within(6.0, false),
        or_attack: false,
        closer: false,
    };
    let mut a = with_ability(vec![each], 3);
    a.profile(A2, |p| p.movement = 3);
    a.place(A2, 10.0, 13.0);
    a.place(A3, 15.0, 10.0);
    a.place(B, 30.0, 30.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let queue = bonuses(&mut a);
    assert_eq!(queue.len(), 3, "{queue:?}");
    assert_eq!(
        queue[0],
        Bonus::FriendMove {
            fighter: A2,
            max: 3.0,
            closer: false,
        }
    );
    assert!(matches!(queue[1], Bonus::FriendMove { fighter: A3, .. }));
    assert!(matches!(queue[2], Bonus::Move { .. }));
    let early = a.walk(A3, [15.0, 0.0, 12.0]).unwrap_err();
    assert!(
        early.reason.contains("comes first") || early.reason.contains("not the active"),
        "{}",
        early.reason
    );
    // Further than its own Move of 3" is refused.
    assert!(a.walk(A2, [10.0, 0.0, 17.5]).is_err());
    a.walk(A2, [10.0, 0.0, 15.5]).unwrap();
    a.walk(A3, [15.0, 0.0, 12.0]).unwrap();
    assert!((a.fighter(A2).pos.z - 15.5).abs() < 0.01);
    assert!((a.fighter(A3).pos.z - 12.0).abs() < 0.01);
    assert_eq!(bonuses(&mut a), [queue[2]]);
    assert_eq!(a.pending(), Pending::Action { fighter: A });
}

/// Issue 30, CMB-2: an action of A's own while the friends' bonus moves wait declines them.
#[test]
fn cmb2_abl5_an_action_of_its_own_declines_the_friends_bonus_moves() {
    let each = Effect::EachFriendBonusMove {
        aura: Aura::within(6.0, false),
        or_attack: false,
        closer: false,
    };
    let mut a = with_ability(vec![each], 3);
    a.place(A2, 10.0, 13.0);
    a.place(B, 30.0, 30.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.walk(A, [12.0, 0.0, 10.0]).unwrap();
    assert!(bonuses(&mut a).is_empty());
    assert_eq!(a.fighter(A2).pos.z, 13.0);
}

/// Issue 30: "pick a friendly fighter within 4" of this fighter. That fighter makes a bonus
/// move action or a bonus attack action": A2 attacks B with its bonus (not a move); the
/// options offer A2's places to move to.
#[test]
fn abl5_a_picked_friend_makes_a_bonus_move_or_attack() {
    use warcry_sim::rules::command::Command;
    use warcry_sim::rules::options::{Decision, options};
    let pick = FriendPick::new(4.0, false, Default::default());
    let friend = Effect::FriendBonusMove {
        pick,
        or_attack: true,
        max: None,
    };
    let mut a = with_ability(vec![friend], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A2, |p| p.weapons = vec![weapon(1.0, 2, 3, (1, 2))]);
    a.profile(B, |p| p.wounds = 30);
    a.place(A2, 10.0, 13.0);
    a.place(B, 11.5, 13.0);
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    let Decision::Action(opts) = options(a.world()).decision else {
        panic!("an action")
    };
    let fm = opts.friend_move.expect("the friend's move is offered");
    assert_eq!(fm.fighter, A2);
    assert!(!fm.moves.is_empty());
    assert_eq!(opts.attacker, A2);
    a.dice(&[4, 4]);
    a.apply(Command::Attack {
        fighter: A2,
        target: B,
        weapon: 0,
    })
    .unwrap();
    assert_eq!(a.damage(B), 2);
    assert!(bonuses(&mut a).is_empty());
}

/// Issue 30: the solo rules' choice (as the automated warband and the hint make it) moves the
/// friend with its bonus move (SOLO-C5/C6 for the friend: towards the side's target, here an
/// objective).
#[test]
fn abl5_the_solo_ai_moves_a_friend_with_its_bonus_move() {
    use warcry_sim::ai::solo;
    use warcry_sim::rules::command::Command;
    let pick = FriendPick::new(4.0, false, Default::default());
    let friend = Effect::FriendBonusMove {
        pick,
        or_attack: false,
        max: None,
    };
    let mut a = with_ability(vec![friend], 3);
    a.place(A2, 10.0, 13.0);
    a.place(B, 10.0, 25.0);
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    let d = solo::advise(a.world()).expect("a decision");
    assert!(
        matches!(d.command, Command::Move { fighter, .. } if fighter == A2),
        "{:?}: {}",
        d.command,
        d.why
    );
    let before = a.fighter(A2).pos;
    a.apply(d.command.clone()).unwrap();
    let after = a.fighter(A2).pos;
    assert!(after.distance(before) > 1.0, "{before} -> {after}");
    assert!(d.why.contains("move towards the target"), "{}", d.why);
}

/// Issue 30: "pick a friendly fighter within 4" of this fighter that has both the Scout and
/// the Sapper runemarks. That fighter makes a bonus move action": A3 bears both and is
/// picked; A2, a scout only, is refused by ABL-5 and the refusal names both runemarks.
#[test]
fn abl5_a_picked_friend_must_bear_every_runemark_named() {
    use warcry_sim::model::effects::Marks;
    let marks = Marks::of(&["scout", "sapper"], &[]).unwrap();
    let friend = Effect::FriendBonusMove {
        pick: FriendPick::new(4.0, false, marks),
        or_attack: false,
        max: None,
    };
    let mut a = with_ability(vec![friend], 3);
    a.profile(A2, |p| p.runemarks = vec!["scout".into()]);
    a.profile(A3, |p| p.runemarks = vec!["scout".into(), "sapper".into()]);
    a.place(A2, 10.0, 12.0);
    a.place(A3, 10.0, 13.0);
    a.place(B, 30.0, 30.0);
    let refused = a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap_err();
    assert!(refused.ends_with("[ABL-5]"), "{refused}");
    assert!(refused.contains("scout and sapper runemarks"), "{refused}");
    a.use_ability(A, "Test Gift", 3, Some(A3)).unwrap();
    assert!(matches!(
        bonuses(&mut a)[..],
        [Bonus::FriendMove { fighter: A3, .. }]
    ));
}

/// Issue 30, CMB-2: "this fighter can make a bonus disengage action. Then this fighter can
/// make a bonus move action": with no enemy within 1" the disengage lapses (said in the log)
/// and the bonus move is offered; within 1" of B the disengage comes first.
#[test]
fn cmb2_abl5_a_bonus_disengage_with_no_enemy_near_lapses_for_the_move_after_it() {
    let effects = vec![Effect::BonusDisengage, Effect::BonusMove { max: None }];
    for (b_at, first) in [(30.0, "move"), (11.5, "disengage")] {
        let mut a = with_ability(effects.clone(), 3);
        a.rules(|r| r.reactions = false);
        a.place(B, b_at, 10.0);
        let n = a.log_len();
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        let queue = bonuses(&mut a);
        let said: Vec<String> = a.log_since(n).iter().map(|e| a.text_of(e)).collect();
        let lapsed = said.iter().any(|l| l.contains("disengage action lapses"));
        match first {
            "move" => {
                assert!(matches!(queue[..], [Bonus::Move { .. }]), "{queue:?}");
                assert!(lapsed, "{said:?}");
            }
            _ => {
                assert!(matches!(queue[..], [Bonus::Disengage, Bonus::Move { .. }]));
                assert!(!lapsed, "{said:?}");
            }
        }
    }
}

/// Issue 30, ABL-5: "roll a dice. On a roll of 2+, this fighter makes a bonus disengage
/// action": a 1 gives nothing (the roll said in the log), a 4 the bonus disengage.
#[test]
fn abl5_a_roll_for_a_bonus_disengage() {
    let effects = vec![Effect::OnRoll {
        least: 2,
        then: vec![Effect::BonusDisengage],
    }];
    for (roll, gets) in [(1, false), (4, true)] {
        let mut a = with_ability(effects.clone(), 3);
        a.rules(|r| r.reactions = false);
        a.place(B, 11.5, 10.0);
        a.dice(&[roll]);
        let n = a.log_len();
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        let said: Vec<String> = a.log_since(n).iter().map(|e| a.text_of(e)).collect();
        assert!(
            said.iter()
                .any(|l| l.contains(&format!("rolls {roll} for its ability (2+ needed)"))),
            "{said:?}"
        );
        assert_eq!(bonuses(&mut a) == [Bonus::Disengage], gets, "{said:?}");
    }
}

/// Issue 30, ABL-5 (as ABL-3's Inspiring Presence): "Pick a visible friendly fighter within 6"
/// of this fighter that has not activated yet this battle round. You can activate that fighter
/// immediately after this fighter's activation ends." A friend that has activated is refused,
/// in words; the one picked is activated when A's activation ends, before the other side's
/// turn.
#[test]
fn abl5_a_picked_friend_that_has_yet_to_activate_goes_next() {
    use warcry_sim::model::components::Activation;
    use warcry_sim::model::effects::Marks;
    use warcry_sim::rules::command::Command;
    let next = Effect::ActivateNext {
        impact: false,
        pick: FriendPick::new(6.0, true, Marks::default()),
    };
    let mut a = with_ability(vec![next], 3);
    a.place(A2, 13.0, 10.0);
    a.place(A3, 10.0, 13.0);
    a.place(B, 30.0, 30.0);
    a.set(A3, Activation::Activated);
    let refused = a.use_ability(A, "Test Gift", 3, Some(A3)).unwrap_err();
    assert!(refused.contains("that has yet to activate"), "{refused}");
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    let said = super::faction::said_since(&mut a, n).join("\n");
    assert!(said.contains("is activated right after it"), "{said}");
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    assert_eq!(a.pending(), Pending::Action { fighter: A2 });
}

/// Issue 30, ABL-5, MOVE-9: "... That fighter suffers impact damage. You can activate that
/// fighter immediately after this fighter's activation ends": the friend rolls 6 for its impact
/// damage (3 damage), said in the log, then goes next.
#[test]
fn abl5_move9_a_picked_friend_suffers_impact_damage_then_goes_next() {
    use warcry_sim::model::effects::Marks;
    use warcry_sim::rules::command::Command;
    let next = Effect::ActivateNext {
        impact: true,
        pick: FriendPick::new(3.0, true, Marks::default()),
    };
    let mut a = with_ability(vec![next], 3);
    a.place(A2, 12.0, 10.0);
    a.place(B, 30.0, 30.0);
    a.dice(&[6]);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    assert_eq!(a.damage(A2), 3);
    let said = super::faction::said_since(&mut a, n).join("\n");
    assert!(
        said.contains("Impact roll") && said.contains("an ability"),
        "{said}"
    );
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    assert_eq!(a.pending(), Pending::Action { fighter: A2 });
}

/// Issue 30, ABL-5: "pick a visible friendly fighter within 2"; allocate half the value
/// (rounding up) in damage to it; then that friend makes a bonus move or a bonus attack": the
/// friend the player names (A2) takes 2 (a double of 3s) and its bonus waits; a friend out of
/// reach (A3) is refused. "... then remove up to double the value from this fighter": A, hurt
/// 5, is healed 5 of them once its friend has taken the value.
#[test]
fn abl5_a_picked_friend_takes_damage_then_acts() {
    let pick = FriendPick::new(2.0, true, Default::default());
    let effects = vec![
        Effect::FriendDamage {
            pick: pick.clone(),
            amount: Amount::HalfValueUp,
        },
        Effect::FriendBonusMove {
            pick: pick.clone(),
            or_attack: true,
            max: None,
        },
    ];
    let mut a = with_ability(effects, 3);
    a.profile(A2, |p| p.wounds = 10);
    a.place(A2, 10.0, 11.5);
    a.place(A3, 10.0, 16.0);
    a.place(B, 30.0, 30.0);
    let no = a.use_ability(A, "Test Gift", 3, Some(A3)).unwrap_err();
    assert!(no.contains("within 2\""), "{no}");
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    assert_eq!((a.damage(A2), a.damage(A3)), (2, 0));
    assert!(
        matches!(bonuses(&mut a)[..], [Bonus::FriendMoveOrAttack { fighter, .. }] if fighter == A2),
        "{:?}",
        bonuses(&mut a)
    );

    let siphon = vec![
        Effect::FriendDamage {
            pick,
            amount: Amount::Value,
        },
        Effect::Heal {
            amount: Amount::DoubleValue,
        },
    ];
    let mut a = with_ability(siphon, 3);
    a.set(A, warcry_sim::model::components::Damage(5));
    a.profile(A2, |p| p.wounds = 10);
    a.place(A2, 10.0, 11.5);
    a.place(B, 30.0, 30.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert_eq!((a.damage(A2), a.damage(A)), (3, 0));
}
