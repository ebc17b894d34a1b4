//! The battle log's sentences: each [`Event`] rendered from its data and the battle's
//! [`Names`] (the log itself, in `rules::log`, holds data only). A floor above the state, since
//! an ability's effects are described by their families (`rules::effects`).

use crate::model::RuleId;
use crate::rules::log::{BattleLog, LogEntry, RenderedEntry};

mod against;
mod dice;
mod effects;
mod event;
mod setup;

pub use effects::bonus_words_with;

#[cfg(test)]
mod tests;

impl BattleLog {
    /// The sentence of an entry, with this battle's names.
    pub fn text_of(&self, entry: &LogEntry) -> String {
        entry.event.render(&self.names)
    }

    /// One line per entry: `R0 [SET-2] text`.
    pub fn to_text(&self) -> String {
        self.entries
            .iter()
            .map(|e| {
                format!(
                    "R{} [{}] {}\n",
                    e.round,
                    RuleId::list(&e.rules),
                    self.text_of(e)
                )
            })
            .collect()
    }

    /// Every entry with its sentence (the JSON log).
    pub fn rendered(&self) -> Vec<RenderedEntry<'_>> {
        self.entries
            .iter()
            .map(|e| RenderedEntry {
                round: e.round,
                rules: &e.rules,
                event: &e.event,
                text: self.text_of(e),
            })
            .collect()
    }
}
