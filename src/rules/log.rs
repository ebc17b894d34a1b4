//! The battle log: every event with the rule IDs involved, as data and as text.

use bevy::prelude::*;
use serde::Serialize;

use crate::model::RuleId;
use crate::rules::command::ReactionKind;
use crate::rules::engine::Outcome;
use crate::rules::initiative::WildUse;

/// What happened, as data (for views, statistics and tests); every variant also carries the
/// readable text.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    Note {
        text: String,
    },
    InitiativeRoll {
        side: usize,
        dice: Vec<u8>,
        singles: u32,
        text: String,
    },
    RollOff {
        rolls: Vec<(u8, u8)>,
        winner: usize,
        text: String,
    },
    WildDice {
        side: usize,
        uses: Vec<WildUse>,
        text: String,
    },
    Initiative {
        side: usize,
        seized: bool,
        text: String,
    },
    Arrive {
        fighter: u32,
        at: [f32; 3],
        text: String,
    },
    FirstTurn {
        side: usize,
        text: String,
    },
    Pass {
        side: usize,
        text: String,
    },
    Activate {
        fighter: u32,
        text: String,
    },
    Move {
        fighter: u32,
        path: Vec<[f32; 3]>,
        cost: f32,
        text: String,
    },
    Attack {
        attacker: u32,
        target: u32,
        weapon: String,
        rolls: Vec<u8>,
        needed: u8,
        hits: u32,
        crits: u32,
        text: String,
    },
    Damage {
        fighter: u32,
        amount: u32,
        total: u32,
        text: String,
    },
    TakenDown {
        fighter: u32,
        text: String,
    },
    Treasure {
        fighter: u32,
        treasure: usize,
        picked_up: bool,
        text: String,
    },
    Ability {
        fighter: u32,
        ability: String,
        value: u8,
        automated: bool,
        text: String,
    },
    Reaction {
        fighter: u32,
        reaction: ReactionKind,
        text: String,
    },
    Roll {
        dice: Vec<u8>,
        text: String,
    },
    Control {
        objective: usize,
        side: usize,
        text: String,
    },
    Score {
        side: usize,
        points: u32,
        total: u32,
        text: String,
    },
    End {
        outcome: Outcome,
        text: String,
    },
    /// A side's reasons for its next command (SOLO-A..C).
    Decision {
        side: usize,
        text: String,
    },
}

impl Event {
    pub fn text(&self) -> &str {
        match self {
            Event::Note { text }
            | Event::InitiativeRoll { text, .. }
            | Event::RollOff { text, .. }
            | Event::WildDice { text, .. }
            | Event::Initiative { text, .. }
            | Event::Arrive { text, .. }
            | Event::FirstTurn { text, .. }
            | Event::Pass { text, .. }
            | Event::Activate { text, .. }
            | Event::Move { text, .. }
            | Event::Attack { text, .. }
            | Event::Damage { text, .. }
            | Event::TakenDown { text, .. }
            | Event::Treasure { text, .. }
            | Event::Ability { text, .. }
            | Event::Reaction { text, .. }
            | Event::Roll { text, .. }
            | Event::Control { text, .. }
            | Event::Score { text, .. }
            | Event::End { text, .. }
            | Event::Decision { text, .. } => text,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogEntry {
    pub round: u32,
    /// Rule IDs (`SET-2`, `SOLO-S2`, ...).
    pub rules: Vec<RuleId>,
    pub event: Event,
}

impl LogEntry {
    pub fn text(&self) -> &str {
        self.event.text()
    }
}

#[derive(Resource, Debug, Clone, Default)]
pub struct BattleLog {
    pub entries: Vec<LogEntry>,
}

impl BattleLog {
    /// A plain note.
    pub fn push(&mut self, round: u32, rules: &[RuleId], text: impl Into<String>) {
        self.event(round, rules, Event::Note { text: text.into() });
    }

    pub fn event(&mut self, round: u32, rules: &[RuleId], event: Event) {
        self.entries.push(LogEntry {
            round,
            rules: rules.to_vec(),
            event,
        });
    }

    /// One line per entry: `R0 [SET-2] text`.
    pub fn to_text(&self) -> String {
        self.entries
            .iter()
            .map(|e| format!("R{} [{}] {}\n", e.round, RuleId::list(&e.rules), e.text()))
            .collect()
    }
}

/// The rule ID a string names, for every ID of the rules files ([`RuleId`]); `None` for a
/// string that is no rule ID.
pub fn rule_id(id: &str) -> Option<RuleId> {
    RuleId::parse(id)
}
