//! The door the desktop game stands on: `options()` says what the pending decision allows (as
//! data, refusals with their rule IDs), and `SubmitCommand` / `BattleEvent` messages carry
//! commands in and events out of the app.

use bevy::prelude::*;

use warcry_sim::model::RuleId;
use warcry_sim::model::components::*;
use warcry_sim::rules::command::Command;
use warcry_sim::rules::door::{BattleEvent, CommandResult, SubmitCommand};
use warcry_sim::rules::engine::{self, Pending};
use warcry_sim::rules::initiative::SideDice;
use warcry_sim::rules::log::BattleLog;
use warcry_sim::rules::log::Event;
use warcry_sim::rules::options::{ActionKind, Decision, options};
use warcry_sim::scenario::load::{DEFAULT_BATTLE, Embedded, load_battle};
use warcry_sim::sim::{battle_app, next_command};

use crate::engine::arena::{Arena, weapon};

const A: FighterId = FighterId(2);
const A2: FighterId = FighterId(3);
const B: FighterId = FighterId(10);

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
        e.pending = Pending::Turn { side: Side::A };
        e.turn = Side::A;
    }
    let o = options(a.world());
    assert_eq!(o.side, Some(Side::A));
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
        pick: None,
        fighter: A,
        to: [11.0, 0.0, 10.0],
        pick_up: true,
        treasure: None,
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

/// Plays `steps` decisions of the default battle (seed 11): through the app's door when
/// `by_door` (one `SubmitCommand` a frame), else by batch-style `apply`. Returns the log.
fn play_default(steps: usize, by_door: bool) -> (String, Vec<BattleEvent>) {
    let mut spec = load_battle(&Embedded, DEFAULT_BATTLE).unwrap();
    spec.seed = 11;
    let mut app = battle_app(&spec);
    let mut events = Vec::new();
    for _ in 0..steps {
        let world = app.world_mut();
        let Some(cmd) = next_command(world) else {
            break;
        };
        if by_door {
            world.write_message(SubmitCommand(cmd));
        } else {
            engine::apply(world, &cmd).unwrap();
        }
        app.update();
        events.extend(
            app.world_mut()
                .resource_mut::<Messages<BattleEvent>>()
                .drain(),
        );
    }
    (app.world().resource::<BattleLog>().to_text(), events)
}

#[test]
fn the_door_and_a_batch_apply_play_the_same_battle_through_the_same_phase_systems() {
    let (by_door, door_events) = play_default(120, true);
    let (by_apply, apply_events) = play_default(120, false);
    assert!(by_door.lines().count() > 100, "{by_door}");
    assert_eq!(by_door, by_apply);
    // Events come out of the door for every logged entry, however the command went in.
    assert_eq!(door_events.len(), apply_events.len());
    assert!(door_events.len() > 100);
}

#[test]
fn set4_ini1_res1_the_round_moves_through_its_phases_in_order() {
    let mut spec = load_battle(&Embedded, DEFAULT_BATTLE).unwrap();
    spec.seed = 5;
    let mut app = battle_app(&spec);
    let world = app.world_mut();
    // Set up by the setup phase's system; round 1's initiative phase waits for wild dice.
    assert_eq!(engine::phase(world), BattlePhase::Initiative);
    let mut seen = vec![BattlePhase::Initiative];
    while engine::phase(world) != BattlePhase::Ended && seen.len() < 200 {
        let cmd = next_command(world).expect("someone decides");
        engine::apply(world, &cmd).unwrap();
        let p = engine::phase(world);
        if seen.last() != Some(&p) {
            seen.push(p);
        }
    }
    // Only decision phases are ever seen between commands: the reserve and end-of-round
    // systems run to completion inside the command that reaches them.
    assert!(seen.contains(&BattlePhase::Combat));
    assert!(!seen.contains(&BattlePhase::Reserve));
    assert!(!seen.contains(&BattlePhase::EndOfRound));
    // Initiative and combat alternate, round after round.
    for w in seen.windows(2) {
        assert!(
            matches!(
                (w[0], w[1]),
                (BattlePhase::Initiative, BattlePhase::Combat)
                    | (BattlePhase::Combat, BattlePhase::Initiative)
                    | (BattlePhase::Combat, BattlePhase::Ended)
            ),
            "{seen:?}"
        );
    }
}

#[test]
fn move3_an_engaged_fighters_move_options_end_no_farther_from_its_enemy() {
    use warcry_sim::battlefield::measure::{Base, distance};
    let mut a = Arena::new();
    a.place(A, 10.0, 10.0);
    a.place(B, 11.5, 10.0);
    a.activate(A);
    let o = active(&mut a);
    let (fa, fb) = (a.fighter(A), a.fighter(B));
    let now = distance(&fa.base(), &fb.base());
    assert!(
        !o.moves.is_empty(),
        "it may still step closer or round its enemy"
    );
    for (p, _) in &o.moves {
        let end = Base::new(fa.profile.base, bevy::math::Vec3::from_array(*p), fa.facing);
        assert!(
            distance(&end, &fb.base()) <= now + 1e-3,
            "{p:?} ends farther than {now}"
        );
    }
}

/// The frame's one order of stages: what a decider (a click, the AI, autoplay) sends in
/// `Decide` is applied by the door in `Apply`, and whatever shows the battle in `React` (the
/// board, the log) sees the change in the same frame.
#[test]
fn a_command_sent_in_decide_is_seen_in_react_the_same_frame() {
    use warcry_sim::rules::door::BattleSet;
    #[derive(Resource, Default)]
    struct Seen(Vec<f32>);
    fn click(mut sent: Local<bool>, mut out: MessageWriter<SubmitCommand>) {
        if !*sent {
            *sent = true;
            out.write(SubmitCommand(Command::Move {
                pick: None,
                fighter: A,
                to: [11.0, 0.0, 10.0],
                pick_up: true,
                treasure: None,
                descend: None,
                via: vec![],
            }));
        }
    }
    fn show(q: Query<(&Fighter, &Position)>, mut seen: ResMut<Seen>) {
        for (f, p) in &q {
            if f.id == A {
                seen.0.push(p.0.x);
            }
        }
    }
    let mut a = Arena::new();
    a.place(A, 10.0, 10.0);
    a.activate(A);
    a.app
        .init_resource::<Seen>()
        .add_systems(Update, click.in_set(BattleSet::Decide))
        .add_systems(Update, show.in_set(BattleSet::React));
    a.app.update();
    assert_eq!(a.world().resource::<Seen>().0, vec![11.0]);
}
