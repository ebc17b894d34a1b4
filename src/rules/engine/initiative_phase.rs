//! The initiative phase (seed 001, INI-1..INI-4; solo mode SOLO-I1..I4): rolling, wild dice,
//! seizing, then the reserve phase (RES-1) and the first turn (CMB-1).

use crate::model::RuleId;
use crate::model::components::{BattleInfo, Objective};
use crate::model::dice::{Dice, DiceRng, roll_off};
use crate::model::ids::Side;
use crate::model::ruleset::Ruleset;
use crate::rules::command::{Command, Rejected};
use crate::rules::engine::{not_now, take_command};
use crate::rules::initiative::{Seize, SideDice, WildUse, most_singles, seize};
use crate::rules::log::Event;
use crate::rules::state::{Engine, Pending, engine, log, solo_sides};
use bevy::prelude::*;

/// Starts the battle after setup: round 1's initiative phase.
pub fn start_battle(world: &mut World) {
    let objectives = world.query::<&Objective>().iter(world).count();
    let mut e = Engine {
        control: vec![None; objectives],
        ..Default::default()
    };
    if let Some(old) = world.get_resource::<Engine>() {
        e.commands = old.commands.clone();
    }
    e.pending = Pending::RollInitiative;
    world.insert_resource(e);
}

/// The initiative phase's system: rolls the dice when a round begins (INI-1, INI-2), then
/// takes each side's wild dice (INI-3) and settles the initiative (INI-4, SOLO-I4).
pub(super) fn initiative_phase(world: &mut World) {
    if world.resource::<Engine>().pending == Pending::RollInitiative {
        begin_round(world);
        return;
    }
    take_command(world, |world, pending, cmd| match (pending, cmd) {
        (Pending::WildDice { side }, Command::WildDice { side: s, uses }) => {
            declare_wild(world, side, *s, uses)
        }
        (p, c) => Err(not_now(p, c)),
    });
}

pub(super) fn begin_round(world: &mut World) {
    let rules = world.resource::<Ruleset>().clone();
    let round = world.resource::<Engine>().round + 1;
    {
        let mut e = engine(world);
        e.round = round;
        e.activation = None;
        e.reaction = None;
        // ABL-5: what abilities barred or raised lasts until the end of the round.
        e.end_round_effects();
    }
    world.insert_resource(crate::rules::state::MovedThisRound::default());
    crate::rules::actions::drop_what_cannot_be_carried(world);
    // SOLO-I1: in solo mode the human rolls and settles its wild dice before the automated
    // warband rolls.
    if let Some((human, _)) = solo_sides(world) {
        roll_initiative(world, human, &rules);
        engine(world).initiative = None;
        ask_wild(world, human);
        return;
    }
    // INI-1: each side rolls; INI-2: last round's dice are discarded.
    let singles = [
        roll_initiative(world, Side::A, &rules),
        roll_initiative(world, Side::B, &rules),
    ];
    let holder = match most_singles(singles[0], singles[1]) {
        Some(s) => s,
        None => {
            let ro = roll_off(world.resource_mut::<DiceRng>().as_mut());
            log(
                world,
                &[RuleId::Ini1, RuleId::Gen4],
                Event::RollOff {
                    rolls: ro.rolls.clone(),
                    winner: ro.winner,
                    singles,
                    after_wild: false,
                },
            );
            ro.winner
        }
    };
    {
        let mut e = engine(world);
        e.initiative = Some(holder);
        e.singles_before = (singles[0], singles[1]);
    }
    log(
        world,
        &[RuleId::Ini1],
        Event::Initiative {
            side: holder,
            seized: false,
            solo: false,
            singles,
        },
    );
    ask_wild(world, holder);
}

/// INI-1, INI-2: `side` rolls its initiative dice (last round's ability dice are discarded;
/// saved wild dice carry over). Returns its singles.
pub(super) fn roll_initiative(world: &mut World, side: Side, rules: &Ruleset) -> u32 {
    let rolled = world
        .resource_mut::<DiceRng>()
        .roll(rules.initiative_dice as usize);
    let saved = world.resource::<Engine>().dice[side].saved;
    let mut d = SideDice::from_roll(&rolled);
    d.wild = saved + rules.wild_dice_per_round;
    let count = d.singles_count();
    log(
        world,
        &[RuleId::Ini1, RuleId::Ini2],
        Event::InitiativeRoll {
            side,
            dice: rolled.clone(),
            singles: count,
            groups: d.groups.clone(),
            wild: d.wild,
        },
    );
    engine(world).dice[side] = d;
    count
}

/// INI-3: asks `side` for its wild dice (skipped when it has none).
pub(super) fn ask_wild(world: &mut World, side: Side) {
    if world.resource::<Engine>().dice[side].wild == 0 {
        let _ = wild_dice(world, side, &[]);
    } else {
        engine(world).pending = Pending::WildDice { side };
    }
}

/// INI-3, SOLO-I1, SOLO-I3: `by` declares its wild dice while `side`'s are asked for.
pub(super) fn declare_wild(
    world: &mut World,
    side: Side,
    by: Side,
    uses: &[WildUse],
) -> Result<(), Rejected> {
    if by != side {
        return Err(Rejected::new(
            RuleId::Ini3,
            format!(
                "{} declares its wild dice first",
                world.resource::<BattleInfo>().sides[side].name
            ),
        ));
    }
    if solo_sides(world).is_some_and(|(_, ai)| ai == side) && uses.contains(&WildUse::Save) {
        return Err(Rejected::new(
            RuleId::SoloI3,
            "the automated warband never saves a wild die",
        ));
    }
    wild_dice(world, side, uses)
}

pub(super) fn wild_dice(world: &mut World, side: Side, uses: &[WildUse]) -> Result<(), Rejected> {
    let mut d = world.resource::<Engine>().dice[side].clone();
    d.use_wild(uses)
        .map_err(|e| Rejected::new(RuleId::Ini3, e))?;
    if !uses.is_empty() {
        log(
            world,
            &[RuleId::Ini3],
            Event::WildDice {
                side,
                uses: uses.to_vec(),
                singles: d.singles_count(),
                groups: d.groups.clone(),
                saved: d.saved,
            },
        );
    }
    engine(world).dice[side] = d;
    if let Some((human, ai)) = solo_sides(world) {
        if side == human {
            // SOLO-I2: now the automated warband rolls, and uses its wild die at once.
            let rules = world.resource::<Ruleset>().clone();
            roll_initiative(world, ai, &rules);
            ask_wild(world, ai);
        } else {
            solo_initiative(world);
        }
        return Ok(());
    }
    let holder = world.resource::<Engine>().initiative.unwrap_or(Side::A);
    if side == holder {
        ask_wild(world, holder.other());
        return Ok(());
    }
    let new_holder = seize_check(world, holder);
    initiative_settled(world, new_holder);
    Ok(())
}

/// INI-4: with both sides' wild dice declared, does the side without the initiative seize it?
fn seize_check(world: &mut World, holder: Side) -> Side {
    let (s0, s1) = {
        let e = world.resource::<Engine>();
        (e.dice[0].singles_count(), e.dice[1].singles_count())
    };
    let before = world.resource::<Engine>().singles_before;
    match seize(before, (s0, s1), holder) {
        Seize::Keep => holder,
        Seize::Seized => {
            log(
                world,
                &[RuleId::Ini4],
                Event::Initiative {
                    side: holder.other(),
                    seized: true,
                    solo: false,
                    singles: [s0, s1],
                },
            );
            holder.other()
        }
        Seize::RollOff => {
            let ro = roll_off(world.resource_mut::<DiceRng>().as_mut());
            log(
                world,
                &[RuleId::Ini4, RuleId::Gen4],
                Event::RollOff {
                    rolls: ro.rolls.clone(),
                    winner: ro.winner,
                    singles: [s0, s1],
                    after_wild: true,
                },
            );
            ro.winner
        }
    }
}

/// SOLO-I4: with both sides' dice settled, the side with more singles has the initiative
/// (ties: roll-off, GEN-4).
pub(super) fn solo_initiative(world: &mut World) {
    let (s0, s1) = {
        let e = world.resource::<Engine>();
        (e.dice[0].singles_count(), e.dice[1].singles_count())
    };
    let holder = match most_singles(s0, s1) {
        Some(h) => h,
        None => {
            let ro = roll_off(world.resource_mut::<DiceRng>().as_mut());
            log(
                world,
                &[RuleId::SoloI4, RuleId::Gen4],
                Event::RollOff {
                    rolls: ro.rolls.clone(),
                    winner: ro.winner,
                    singles: [s0, s1],
                    after_wild: false,
                },
            );
            ro.winner
        }
    };
    log(
        world,
        &[RuleId::SoloI4, RuleId::Ini1],
        Event::Initiative {
            side: holder,
            seized: false,
            solo: true,
            singles: [s0, s1],
        },
    );
    initiative_settled(world, holder);
}

/// The initiative phase is over: `holder` has the initiative; the reserve phase follows.
pub(super) fn initiative_settled(world: &mut World, holder: Side) {
    let mut e = engine(world);
    e.initiative = Some(holder);
    e.pending = Pending::Reserve;
}
