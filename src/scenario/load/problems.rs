//! What loading reports: every problem, with its file and position.

use std::collections::BTreeSet;
use std::fmt;

use crate::scenario::ron_span::Pos;

/// One problem in one file.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct FileProblem {
    pub file: String,
    pub pos: Pos,
    pub message: String,
}

impl fmt::Display for FileProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.pos, self.message)
    }
}

/// All problems found, in file and position order, each once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Problems(pub Vec<FileProblem>);

impl Problems {
    pub(super) fn add(&mut self, file: &str, pos: Pos, message: impl Into<String>) {
        self.0.push(FileProblem {
            file: file.to_string(),
            pos,
            message: message.into(),
        });
    }

    pub(super) fn finish(mut self) -> Self {
        let set: BTreeSet<FileProblem> = self.0.drain(..).collect();
        self.0 = set.into_iter().collect();
        self
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for Problems {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for p in &self.0 {
            writeln!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Problems {}
