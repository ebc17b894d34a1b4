//! Issue 30: reactions to an enemy's move (REA-1, ABL-5), in our own words, run by the engine:
//! offered once the move action ends to the enemies whose moment it is, answered by a bonus
//! action of the reacting fighter or a friend it picks, then the activation goes on.

use super::arena::{Arena, ability, weapon};
use warcry_sim::battlefield::measure::distance;
use warcry_sim::model::effects::{Effect, FriendPick, Marks, ReactAct, Trigger};
use warcry_sim::model::ids::{FighterId, Side};
use warcry_sim::rules::abilities::DiceCost;
use warcry_sim::rules::command::Command;
use warcry_sim::rules::engine::{Pending, Resume};
use warcry_sim::rules::options::{Decision, options};

const A: FighterId = FighterId(2);
const B: FighterId = FighterId(10);
const B2: FighterId = FighterId(11);
const B3: FighterId = FighterId(12);

/// B holds "Test Ambush": after an enemy it can see ends a move within 3" of it, `answer`.
/// A (side A) at (10, 10) is activated; B2 and B3 stand by with a Move of 5.
fn ambush(trigger: Trigger, answer: Effect) -> Arena {
    ambush_in(Arena::new(), trigger, answer)
}

fn ambush_in(mut a: Arena, trigger: Trigger, answer: Effect) -> Arena {
    a.profile(A, |p| {
        p.movement = 6;
        p.wounds = 30;
        p.toughness = 3;
    });
    a.profile(B, |p| {
        p.abilities = vec![ability(
            "Test Ambush",
            DiceCost::Reaction,
            vec![Effect::Reaction(trigger), answer],
        )];
    });
    for id in [B2, B3] {
        a.profile(id, |p| {
            p.movement = 5;
            p.weapons = vec![weapon(1.0, 3, 4, (2, 4))];
        });
    }
    a.place(A, 10.0, 10.0);
    a
}

fn within(range: f32) -> Option<FriendPick> {
    Some(FriendPick::new(range, false, Marks::default()))
}

fn seen_within(n: u8) -> Trigger {
    Trigger::EnemyMoved {
        within: n,
        visible: true,
    }
}

fn gap(a: &mut Arena, x: FighterId, y: FighterId) -> f32 {
    let (fx, fy) = (a.fighter(x), a.fighter(y));
    distance(&fx.base(), &fy.base())
}

/// Issue 30, REA-1: "pick another friendly fighter within 3" of this fighter. That fighter
/// makes a bonus move action. After that move action that fighter must be within 1" of the
/// enemy fighter that made the move action": offered once A's move ends within 3" of B, with
/// the friend in reach only (B2, not B3); a friend out of reach is refused and changes
/// nothing; made, B2 ends within 1" of A, B's reaction is spent and A's activation goes on.
#[test]
fn rea1_abl5_a_friend_moves_in_on_the_enemy_that_moved() {
    let answer = Effect::ReactBonus {
        friend: within(3.0),
        act: ReactAct::Engage,
    };
    let mut a = ambush(seen_within(3), answer);
    a.place(B, 10.0, 19.0);
    a.place(B2, 13.0, 21.0);
    a.place(B3, 30.0, 30.0);
    a.activate(A);
    a.walk(A, [10.0, 0.0, 15.5]).unwrap();
    assert_eq!(a.pending(), Pending::Reaction { side: Side::B });
    let offer = a.engine().reaction.clone().unwrap();
    assert_eq!(offer.resume, Resume::AfterMove { mover: A });
    let Decision::Reaction { abilities, .. } = options(a.world()).decision else {
        panic!("a reaction on offer")
    };
    let friends: Vec<_> = abilities.iter().map(|x| (x.fighter, x.friend)).collect();
    assert_eq!(friends, [(B, Some(B2))]);
    assert!(
        abilities[0].what.contains("within 1\" of that enemy"),
        "{}",
        abilities[0].what
    );
    let mut far = Command::react_with(B, "Test Ambush");
    if let Command::ReactWith { pick, .. } = &mut far {
        *pick = Some(B3);
    }
    let refused = a.rejected(far);
    assert!(refused.reason.contains("no friend"), "{}", refused.reason);
    a.apply(Command::react_with(B, "Test Ambush")).unwrap();
    assert!(gap(&mut a, A, B2) <= 1.0 + 1e-3, "{}", gap(&mut a, A, B2));
    assert_eq!(a.fighter(B).reactions, 1);
    assert_eq!(a.pending(), Pending::Action { fighter: A });
}

/// Issue 30, REA-1: the enemy must end its move within the card's range: A's move that ends
/// 5" from B is not answered, and the activation goes on at once.
#[test]
fn rea1_abl5_a_move_ending_out_of_range_is_not_answered() {
    let answer = Effect::ReactBonus {
        friend: within(3.0),
        act: ReactAct::Engage,
    };
    let mut a = ambush(seen_within(3), answer);
    a.place(B, 10.0, 21.0);
    a.place(B2, 13.0, 22.0);
    a.activate(A);
    a.walk(A, [10.0, 0.0, 14.0]).unwrap();
    assert_eq!(a.pending(), Pending::Action { fighter: A });
}

/// Issue 30, REA-1: "that fighter makes a bonus attack action that must target the enemy
/// fighter that made the move action": another target is refused; B2 attacks A where it
/// stands; hit rolls 6, 4, 1 with Strength 4 against Toughness 3: a critical hit and a hit,
/// 4 + 2 damage; then A's activation goes on.
#[test]
fn rea1_abl5_a_friend_attacks_the_enemy_that_moved() {
    let answer = Effect::ReactBonus {
        friend: within(3.0),
        act: ReactAct::AttackMover,
    };
    let mut a = ambush(seen_within(3), answer);
    a.place(B, 10.0, 19.0);
    a.place(B2, 11.2, 15.8);
    a.activate(A);
    a.walk(A, [10.0, 0.0, 15.0]).unwrap();
    let mut wrong = Command::react_with(B, "Test Ambush");
    if let Command::ReactWith { target, .. } = &mut wrong {
        *target = Some(B3);
    }
    let refused = a.rejected(wrong);
    assert!(refused.reason.contains("must target"), "{}", refused.reason);
    a.dice(&[6, 4, 1]);
    a.apply(Command::react_with(B, "Test Ambush")).unwrap();
    assert_eq!(a.damage(A), 6);
    assert_eq!(a.pending(), Pending::Action { fighter: A });
}

/// Issue 30, REA-1: "after an enemy finishes a move action within 3" of a friendly fighter
/// with the Hero runemark. This fighter makes a bonus move action. After that move action this
/// fighter must be within 1" of the enemy ... Then, this fighter makes a bonus attack action":
/// A ends its move by B2 (a hero), far from B; the solo AI makes B's answer: B moves in on A
/// and attacks it (hit rolls 6, 6, 6: 3 x 4).
#[test]
fn rea1_abl5_the_solo_ai_moves_in_near_its_hero_and_attacks() {
    let answer = Effect::ReactBonus {
        friend: None,
        act: ReactAct::EngageThenAttack,
    };
    let mut a = ambush_in(
        Arena::solo(),
        Trigger::EnemyMovedNearHero { within: 3 },
        answer,
    );
    a.profile(B, |p| {
        p.movement = 5;
        p.weapons = vec![weapon(1.0, 3, 4, (2, 4))];
    });
    a.profile(B2, |p| p.runemarks.push("hero".into()));
    a.place(B, 16.0, 16.0);
    a.place(B2, 10.0, 19.0);
    a.activate(A);
    a.walk(A, [10.0, 0.0, 15.0]).unwrap();
    assert_eq!(a.pending(), Pending::Reaction { side: Side::B });
    let d = warcry_sim::ai::solo::advise(a.world()).unwrap();
    assert!(
        matches!(
            &d.command,
            Command::ReactWith {
                fighter: B,
                pick: None,
                ..
            }
        ),
        "{:?}",
        d.command
    );
    a.dice(&[6, 6, 6]);
    a.apply(d.command).unwrap();
    assert!(gap(&mut a, A, B) <= 1.0 + 1e-3);
    assert_eq!(a.damage(A), 12);
    assert_eq!(a.pending(), Pending::Action { fighter: A });
}

/// Issue 30, REA-1: "note the distance between this fighter and the enemy fighter that made the
/// move action. Remove this fighter from the battlefield and then set this fighter up ... no
/// further from the enemy fighter that made the move action": a place farther is refused; with
/// none named, B is set up no further from A than it stood, nearest the closest objective.
#[test]
fn rea1_abl5_set_up_again_no_further_from_the_enemy_that_moved() {
    let answer = Effect::ReactBonus {
        friend: None,
        act: ReactAct::SetUpNoFurther,
    };
    let trigger = Trigger::EnemyMoved {
        within: 3,
        visible: false,
    };
    let mut a = ambush(trigger, answer);
    a.objectives(&[(20.0, 14.0)]);
    a.place(B, 10.0, 18.5);
    a.activate(A);
    a.walk(A, [10.0, 0.0, 15.5]).unwrap();
    let before = gap(&mut a, A, B);
    let mut far = Command::react_with(B, "Test Ambush");
    if let Command::ReactWith { to, .. } = &mut far {
        *to = Some([10.0, 0.0, 21.0]);
    }
    let refused = a.rejected(far);
    assert!(refused.reason.contains("no further"), "{}", refused.reason);
    a.apply(Command::react_with(B, "Test Ambush")).unwrap();
    assert!(gap(&mut a, A, B) <= before + 1e-3);
    let b = a.fighter(B).pos;
    assert!(
        b.distance(bevy::math::Vec3::new(20.0, 0.0, 14.0)) < 8.0,
        "{b}"
    );
    assert_eq!(a.pending(), Pending::Action { fighter: A });
}

/// Issue 30, REA-1: "a fighter can make this reaction after they have been allocated the total
/// damage points by a melee attack action. This fighter makes a bonus disengage action": B,
/// which let Counter go, is offered it once A's hits (rolls 4, 5: 2 x 1) are allocated, and
/// disengages to more than 1" from A; A's activation goes on. Having countered, B is offered
/// nothing more for that attack (one reaction per enemy action).
#[test]
fn rea1_abl5_a_bonus_disengage_after_a_melee_attacks_damage() {
    let answer = Effect::ReactBonus {
        friend: None,
        act: ReactAct::Disengage,
    };
    let attacked = |counter: bool| {
        let mut a = ambush(Trigger::AfterMeleeDamage, answer.clone());
        a.profile(A, |p| p.weapons = vec![weapon(1.0, 2, 4, (1, 3))]);
        a.profile(B, |p| {
            p.wounds = 20;
            p.toughness = 4;
        });
        a.place(B, 11.2, 10.0);
        a.activate(A);
        let attack = Command::Attack {
            fighter: A,
            target: B,
            weapon: 0,
        };
        a.apply(attack).unwrap();
        let react = match counter {
            true => Command::React {
                fighter: B,
                reaction: warcry_sim::rules::command::ReactionKind::Counter,
            },
            false => Command::DeclineReaction { side: Side::B },
        };
        a.dice(&[4, 5]);
        a.apply(react).unwrap();
        a
    };
    let mut a = attacked(false);
    assert_eq!(a.damage(B), 2);
    assert_eq!(a.pending(), Pending::Reaction { side: Side::B });
    a.apply(Command::react_with(B, "Test Ambush")).unwrap();
    assert!(gap(&mut a, A, B) > 1.0, "{}", gap(&mut a, A, B));
    assert_eq!(a.pending(), Pending::Action { fighter: A });
    let mut a = attacked(true);
    assert_eq!(a.pending(), Pending::Action { fighter: A });
}
