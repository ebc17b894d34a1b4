//! What a finished (or running) battle comes to, read from its log's events: the end screen's
//! summary and a streamer's overlay figures. Events are data, so nothing here parses text.

use crate::model::ids::FighterId;
use crate::model::ids::Side;
use bevy::prelude::*;
use serde::Serialize;

use crate::rules::engine::{Engine, Outcome, fighters};
use crate::rules::log::{BattleLog, Event};

/// One side's figures.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SideSummary {
    pub name: String,
    /// Damage its fighters allocated to enemy fighters (attacks, counters, abilities, and the
    /// falls and impacts they caused: every point the enemy suffered).
    pub damage_dealt: u32,
    pub damage_taken: u32,
    /// Its fighters taken down, by name, in the order they fell.
    pub fighters_lost: Vec<String>,
    /// VIC-1 victory points at the end.
    pub score: u32,
}

/// One round's figures at its end.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct RoundSummary {
    pub round: u32,
    /// Objectives each side controlled at the end of the round (GEN-7).
    pub objectives: [u32; 2],
    /// Victory points each side had at the end of the round (VIC-1).
    pub score: [u32; 2],
}

/// The summary of a battle.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BattleSummary {
    pub outcome: Option<Outcome>,
    pub rounds_played: u32,
    pub sides: [SideSummary; 2],
    pub rounds: Vec<RoundSummary>,
}

/// The summary of the battle in `world`.
pub fn summary(world: &mut World) -> BattleSummary {
    let side_of: Vec<(FighterId, Side)> = fighters(world).iter().map(|f| (f.id, f.side)).collect();
    let side = |id: FighterId| side_of.iter().find(|f| f.0 == id).map_or(Side::A, |f| f.1);
    let log = world.resource::<BattleLog>();
    let mut sides: [SideSummary; 2] = Side::BOTH.map(|s| SideSummary {
        name: log.names.side(s),
        ..SideSummary::default()
    });
    let mut rounds: Vec<RoundSummary> = Vec::new();
    for entry in &log.entries {
        let round = round_at(&mut rounds, entry.round);
        match &entry.event {
            Event::Damage {
                fighter, amount, ..
            } => {
                let s = side(*fighter);
                sides[s].damage_taken += amount;
                sides[s.other()].damage_dealt += amount;
            }
            Event::TakenDown { fighter } => {
                sides[side(*fighter)]
                    .fighters_lost
                    .push(log.names.fighter(*fighter));
            }
            Event::Score {
                side,
                objectives,
                total,
                ..
            } => {
                round.objectives[*side] = *objectives;
                round.score[*side] = *total;
            }
            _ => {}
        }
    }
    rounds.retain(|r| r.round > 0);
    // Rounds without a score line keep the score they had.
    for i in 1..rounds.len() {
        for s in 0..2 {
            if rounds[i].score[s] == 0 {
                rounds[i].score[s] = rounds[i - 1].score[s];
            }
        }
    }
    let e = world.resource::<Engine>();
    for (s, summary) in sides.iter_mut().enumerate() {
        summary.score = e.score[s];
    }
    BattleSummary {
        outcome: e.outcome,
        rounds_played: e.round,
        sides,
        rounds,
    }
}

/// The summary row of `round`, added when the log reaches it.
fn round_at(rounds: &mut Vec<RoundSummary>, round: u32) -> &mut RoundSummary {
    if rounds.last().is_none_or(|r| r.round != round) {
        rounds.push(RoundSummary {
            round,
            ..RoundSummary::default()
        });
    }
    rounds.last_mut().expect("just pushed")
}
