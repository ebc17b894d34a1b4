//! The battle round as Bevy systems: one system per phase (setup, initiative, reserve, combat,
//! end of round, and the ended battle) in the [`RulesSchedule`], each running only while the
//! battle is in its phase ([`in_phase`]). The decision phases take the commands meant for them
//! from the [`Inbox`] (the door's queue) one at a time and answer each in the [`Outbox`]; the
//! automatic phases (the initiative roll, reserves, end of round) run when the battle reaches
//! them. [`run_rules`] runs the schedule until the battle waits for a decision nobody has sent
//! yet: the app's door does it once a frame, a batch run once per command ([`apply`]).
//!
//! [`apply`]: super::apply

use crate::model::RuleId;
use crate::model::components::BattlePhase;
use crate::model::ids::Side;
use crate::rules::command::{Command, Rejected};
use crate::rules::door::CommandResult;
use crate::rules::engine::{combat_phase, end_of_round, initiative_phase};
use crate::rules::log::{BattleLog, Event, LogEntry};
use crate::rules::state::{
    Engine, Pending, describe_pending, engine, log, rule_of_pending, simultaneous_first,
};
use bevy::prelude::*;
use std::collections::VecDeque;

use bevy::ecs::schedule::ScheduleLabel;

/// The schedule the phase systems run in.
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
pub struct RulesSchedule;

/// Commands waiting for the phase that takes them, in the order they were sent.
#[derive(Resource, Debug, Default)]
pub struct Inbox(pub VecDeque<Command>);

/// The answer to each command taken from the [`Inbox`], in order.
#[derive(Resource, Debug, Default)]
pub struct Outbox(pub Vec<CommandResult>);

/// The battle's phase, from what it waits for.
pub fn phase(world: &World) -> BattlePhase {
    world
        .get_resource::<Engine>()
        .map_or(BattlePhase::Setup, |e| e.pending.phase())
}

/// Run condition: is the battle in `p`?
pub fn in_phase(p: BattlePhase) -> impl Fn(Option<Res<Engine>>) -> bool + Clone {
    move |e: Option<Res<Engine>>| e.is_some_and(|e| e.pending.phase() == p)
}

/// Runs the phase systems until the battle waits for a decision the inbox doesn't hold (or
/// is over and the inbox is empty). Returns false when the world has no rules schedule.
pub fn run_rules(world: &mut World) -> bool {
    let mut before = progress(world);
    loop {
        if world.try_run_schedule(RulesSchedule).is_err() {
            return false;
        }
        let after = progress(world);
        // A run that changed nothing, or one that left the battle in a phase whose system
        // only takes commands with none queued: another run would change nothing.
        if after == before || (after.1 == 0 && only_takes_commands(after.0)) {
            return true;
        }
        before = after;
    }
}

/// Does the system of the phase the battle is in do nothing but take commands (combat, the
/// ended battle)? The automatic phases (setup, the initiative roll, reserves, the end of the
/// round) act with no command.
fn only_takes_commands(pending: Pending) -> bool {
    matches!(pending.phase(), BattlePhase::Combat | BattlePhase::Ended)
}

fn progress(world: &World) -> (Pending, usize, usize) {
    let pending = world.resource::<Engine>().pending;
    let queued = world.get_resource::<Inbox>().map_or(0, |i| i.0.len());
    let answered = world.get_resource::<Outbox>().map_or(0, |o| o.0.len());
    (pending, queued, answered)
}

/// How a phase judges a command: apply it, or reject it with the rule it breaks (the world
/// then unchanged).
pub(crate) type Handler = fn(&mut World, Pending, &Command) -> Result<(), Rejected>;

/// Takes the next command from the inbox and judges it with `handle` (a command with its
/// reasons, [`Command::Decided`], logs them just before what it does when accepted).
pub(crate) fn take_command(world: &mut World, handle: Handler) {
    let Some(cmd) = world.resource_mut::<Inbox>().0.pop_front() else {
        return;
    };
    let pending = world.resource::<Engine>().pending;
    let result = match &cmd {
        Command::Explain { side, rules, text } => {
            explain(world, *side, rules, text);
            Ok(())
        }
        Command::Decided {
            side,
            rules,
            text,
            command,
        } => decided(world, pending, *side, rules, text, command, handle),
        c => handle(world, pending, c),
    };
    if result.is_ok() {
        engine(world).commands.push(cmd.clone());
        ask_for_picks(world);
    }
    world.resource_mut::<Outbox>().0.push(CommandResult {
        command: cmd,
        result,
    });
}

/// A command with its reasons: the command is judged as it is; when accepted, the reasons go
/// in the log just before its events.
fn decided(
    world: &mut World,
    pending: Pending,
    side: Side,
    rules: &[String],
    text: &str,
    command: &Command,
    handle: Handler,
) -> Result<(), Rejected> {
    let before = world.resource::<BattleLog>().entries.len();
    let round = world.resource::<Engine>().round;
    handle(world, pending, command)?;
    explain(world, side, rules, text);
    let mut log = world.resource_mut::<BattleLog>();
    let entry = log.entries.pop().expect("the explanation was just logged");
    log.entries.insert(before, LogEntry { round, ..entry });
    Ok(())
}

/// Logs a side's reasons for its next command, with every rule ID it cites (SOLO-A..C).
fn explain(world: &mut World, side: Side, rules: &[String], text: &str) {
    let ids: Vec<RuleId> = rules
        .iter()
        .filter_map(|r| crate::rules::log::rule_id(r))
        .collect();
    let event = Event::Decision {
        side,
        text: text.to_string(),
    };
    log(world, &ids, event);
}

/// Once a command is done, the picks it left wait: where each falling fighter lands (MOVE-8,
/// the opponent), then where each dropped treasure goes (GEN-8, the carrier's side); then the
/// battle goes on where it was.
fn ask_for_picks(world: &mut World) {
    let mut e = engine(world);
    if e.pending == Pending::Ended {
        e.treasure_drops.clear();
        e.falls.clear();
        e.then_after_falls = None;
        e.after_drops = None;
        return;
    }
    // MOVE-8 first: a fall may take a carrier down, and so drop its treasure.
    let next = match (e.falls.first(), e.treasure_drops.first()) {
        (Some(f), _) => Pending::Land { side: f.side },
        (None, Some(d)) => Pending::PlaceTreasure { side: d.side },
        (None, None) => return,
    };
    if !matches!(
        e.pending,
        Pending::PlaceTreasure { .. } | Pending::Land { .. }
    ) {
        e.after_drops = Some(e.pending);
    }
    e.pending = next;
}

/// The answer to a command the phase doesn't take now.
pub(crate) fn not_now(pending: Pending, cmd: &Command) -> Rejected {
    Rejected::new(
        rule_of_pending(pending),
        format!(
            "the battle waits for {}, not {}",
            describe_pending(pending),
            cmd.describe()
        ),
    )
}

/// The battle is over: every command is answered with VIC-1.
fn ended_phase(world: &mut World) {
    take_command(world, |_, _, _| {
        Err(Rejected::new(RuleId::Vic1, "the battle is over"))
    });
}

pub(super) fn plugin(app: &mut App) {
    // The phase systems are exclusive and chained: nothing in the schedule can run in
    // parallel, and the multi-threaded executor's task hand-off cost a quarter of a battle.
    let mut schedule = bevy::ecs::schedule::Schedule::new(RulesSchedule);
    schedule.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
    app.add_schedule(schedule)
        .init_resource::<Inbox>()
        .init_resource::<Outbox>()
        .add_systems(
            RulesSchedule,
            (
                super::setup_phase::setup_phase.run_if(in_phase(BattlePhase::Setup)),
                initiative_phase::initiative_phase.run_if(in_phase(BattlePhase::Initiative)),
                reserve_phase.run_if(in_phase(BattlePhase::Reserve)),
                combat_phase::combat_phase.run_if(in_phase(BattlePhase::Combat)),
                end_of_round::end_of_round_phase.run_if(in_phase(BattlePhase::EndOfRound)),
                ended_phase.run_if(in_phase(BattlePhase::Ended)),
            )
                .chain(),
        );
}

/// RES-1 with GEN-5: from round 2 both sides' reserves due arrive at once; the side that
/// orders simultaneous effects (the initiative side) goes first. Then the initiative side
/// picks who takes the first turn (CMB-1).
///
/// RES-1 by hand: a side a person plays that chose to set up by hand then moves its arrivals
/// (`rules::hand_setup`) before the combat phase.
fn reserve_phase(world: &mut World) {
    use crate::rules::hand_setup;
    if world.resource::<Engine>().pending != Pending::Reserve {
        take_command(world, |world, pending, cmd| match (pending, cmd) {
            (Pending::Arrive { side }, Command::SetUp { fighter, to }) => {
                hand_setup::place(world, side, *fighter, *to)
            }
            (Pending::Arrive { side }, Command::SetUpDone { side: s }) => {
                engine(world).pending = match hand_setup::reserves_done(world, side, *s)? {
                    Some(other) => Pending::Arrive { side: other },
                    None => Pending::FirstTurn {
                        side: world.resource::<Engine>().initiative.unwrap_or(Side::A),
                    },
                };
                Ok(())
            }
            (p, c) => Err(not_now(p, c)),
        });
        return;
    }
    let holder = world.resource::<Engine>().initiative.unwrap_or(Side::A);
    let first = simultaneous_first(world);
    let mut arrived = Vec::new();
    if world.resource::<Engine>().round >= 2 {
        for s in [first, first.other()] {
            arrived.extend(crate::rules::setup::arrive_reserves(world, s));
        }
    }
    world.insert_resource(hand_setup::Arrived(arrived));
    engine(world).pending = match hand_setup::begin_reserves(world, [first, first.other()]) {
        Some(side) => Pending::Arrive { side },
        None => Pending::FirstTurn { side: holder },
    };
}
