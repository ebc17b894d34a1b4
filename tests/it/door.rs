//! The door the desktop game stands on: `options()` says what the pending decision allows (as
//! data, refusals with their rule IDs), and `SubmitCommand` / `BattleEvent` messages carry
//! commands in and events out of the app.

use bevy::prelude::*;

use warcry_sim::model::RuleId;
use warcry_sim::model::components::*;
use warcry_sim::rules::command::Command;
use warcry_sim::rules::door::{BattleEvent, CommandResult, SubmitCommand};
use warcry_sim::rules::engine::Pending;
use warcry_sim::rules::initiative::SideDice;
use warcry_sim::rules::log::Event;
use warcry_sim::rules::options::{ActionKind, Decision, options};

use crate::engine::arena::{Arena, weapon};

const A: u32 = 2;
const A2: u32 = 3;
const B: u32 = 10;

fn active(a: &mut Arena) -> Box<warcry_sim::rules::options::ActiveOptions> {
    match options(a.world()).decision {
        Decision::Action(o) => o,
        d => panic!("not an action decision: {d:?}"),
    }
}

fn refusal(o: &warcry_sim::rules::options::ActiveOptions, kind: ActionKind) -> Option<RuleId> {
    o.actions
        .iter()
        .find(|x| x.kind == kind)
        .expect("every kind is listed")
        .refused
        .as_ref()
        .map(|r| r.rule)
}

#[test]
fn cmb1_options_list_the_fighters_that_may_activate() {
    let mut a = Arena::new();
    a.place(A, 5.0, 5.0);
    a.place(A2, 6.0, 8.0);
    a.place(B, 20.0, 10.0);
    a.set(A2, Activation::Activated);
    {
        let mut e = a.engine();
        e.pending = Pending::Turn { side: 0 };
        e.turn = 0;
    }
    let o = options(a.world());
    assert_eq!(o.side, Some(0));
    match o.decision {
        Decision::Activate { fighters } => assert_eq!(fighters, vec![A]),
        d => panic!("{d:?}"),
    }
}

#[test]
fn cmb2_atk2_dis1_action_options_with_their_refusals() {
    let mut a = Arena::new();
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| {
        p.weapons = vec![weapon(1.0, 3, 4, (1, 2)), weapon(8.0, 2, 3, (1, 2))]
    });
    a.place(A, 10.0, 10.0);
    a.place(B, 15.0, 10.0); // 4" apart: in reach of the 8" weapon only
    a.engine().dice[0] = SideDice::from_roll(&[6, 6, 1, 2, 3, 4]);
    a.activate(A);
    let o = active(&mut a);
    assert_eq!(o.fighter, A);
    assert_eq!(o.actions_left, 2);
    // Not within 1" of an enemy: no disengage (DIS-1); the rest is allowed.
    assert_eq!(refusal(&o, ActionKind::Disengage), Some(RuleId::Dis1));
    assert_eq!(refusal(&o, ActionKind::Move), None);
    assert_eq!(refusal(&o, ActionKind::Attack), None);
    assert_eq!(refusal(&o, ActionKind::DropTreasure), Some(RuleId::Gen8));
    // ATK-2: the 1" weapon can't reach, the 8" one can.
    let by_weapon = |w: usize| {
        o.attacks
            .iter()
            .find(|x| x.target == B && x.weapon == w)
            .unwrap()
    };
    assert_eq!(
        by_weapon(0).refused.as_ref().map(|r| r.rule),
        Some(RuleId::Atk2)
    );
    assert!(by_weapon(1).refused.is_none());
    assert!(by_weapon(1).visible);
    // ABL-1: Rush can be paid for with the double of 6s.
    let rush = o.abilities.iter().find(|x| x.name == "Rush").unwrap();
    assert_eq!(rush.dice, vec![6]);
    // MOVE-1: every reachable place costs at most the Move (4").
    assert!(!o.moves.is_empty());
    assert!(o.moves.iter().all(|(_, c)| *c <= 4.0 + 1e-4));
    // The options agree with the engine.
    let opts = options(a.world());
    let ok = Command::Attack {
        fighter: A,
        target: B,
        weapon: 1,
    };
    let bad = Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    };
    assert!(opts.offers(&ok) && !opts.offers(&bad));
    assert!(a.rejected(bad).rule == "ATK-2");
    a.dice(&[1, 1]);
    a.apply(ok).unwrap();
}

#[test]
fn wait1_cmb2_a_monster_may_not_wait_and_no_actions_are_left_after_two() {
    let mut a = Arena::new();
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.runemarks.push("monster".into()));
    a.place(A, 10.0, 10.0);
    a.activate(A);
    let o = active(&mut a);
    assert_eq!(refusal(&o, ActionKind::Wait), Some(RuleId::Wait1));
    a.walk(A, [11.0, 0.0, 10.0]).unwrap();
    a.walk(A, [12.0, 0.0, 10.0]).unwrap();
    if let Pending::Action { .. } = a.pending() {
        let o = active(&mut a);
        assert_eq!(refusal(&o, ActionKind::Move), Some(RuleId::Cmb2));
        assert_eq!(refusal(&o, ActionKind::EndActivation), None);
    }
}

#[test]
fn commands_go_in_by_the_door_and_events_come_out() {
    let mut a = Arena::new();
    a.place(A, 10.0, 10.0);
    a.activate(A);
    a.world().write_message(SubmitCommand(Command::Move {
        fighter: A,
        to: [11.0, 0.0, 10.0],
        pick_up: true,
        descend: None,
        via: vec![],
    }));
    a.world()
        .write_message(SubmitCommand(Command::Activate { fighter: B }));
    a.app.update();
    let results: Vec<CommandResult> = a
        .world()
        .resource_mut::<Messages<CommandResult>>()
        .drain()
        .collect();
    assert_eq!(results.len(), 2);
    assert!(results[0].result.is_ok());
    assert_eq!(
        results[1].result.as_ref().unwrap_err().rule,
        "CMB-1",
        "the second command is judged like any other"
    );
    let events: Vec<BattleEvent> = a
        .world()
        .resource_mut::<Messages<BattleEvent>>()
        .drain()
        .collect();
    assert!(
        events
            .iter()
            .any(|e| matches!(e.0.event, Event::Move { fighter: A, .. })),
        "{events:?}"
    );
    assert_eq!(a.fighter(A).pos.x, 11.0);
}
