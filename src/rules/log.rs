//! The battle log: every event with the rule IDs involved, as data and as text.

use bevy::prelude::*;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogEntry {
    pub round: u32,
    /// Rule IDs (`SET-2`, `SOLO-S2`, ...).
    pub rules: Vec<&'static str>,
    pub text: String,
}

#[derive(Resource, Debug, Clone, Default)]
pub struct BattleLog {
    pub entries: Vec<LogEntry>,
}

impl BattleLog {
    pub fn push(&mut self, round: u32, rules: &[&'static str], text: impl Into<String>) {
        self.entries.push(LogEntry {
            round,
            rules: rules.to_vec(),
            text: text.into(),
        });
    }

    /// One line per entry: `R0 [SET-2] text`.
    pub fn to_text(&self) -> String {
        self.entries
            .iter()
            .map(|e| format!("R{} [{}] {}\n", e.round, e.rules.join(", "), e.text))
            .collect()
    }
}
