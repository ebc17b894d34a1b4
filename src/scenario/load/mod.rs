//! Loading scene files: parse, convert, validate, resolve references between files. Every
//! problem is reported as `path:line:col: message`, all of them, never a panic.
//!
//! The parts: `problems` what is reported, `source` where files come from and how paths
//! between them resolve, this file reading one file of a kind, `warband` and `battle` the
//! files that name others, `check` the `check` command over files of any kind.

use serde::de::DeserializeOwned;

use crate::model::formats::{DeploymentCard, FighterProfiles, TerrainCard, TwistCard, VictoryCard};
use crate::model::ruleset::Ruleset;
use crate::model::validate::Validator;
use crate::scenario::ron_span::{self, Pos, Trace};

mod battle;
pub mod card_report;
mod check;
mod community;
mod lint;
mod problems;
mod scene;
mod source;
#[cfg(test)]
mod tests;
mod warband;

use battle::load_battle_into;
pub use battle::{BattleSpec, SideSpec, load_battle, load_battle_with, points_limit};
pub use check::{SceneKind, check_file, check_paths, check_paths_with_warnings, scene_kind};
pub use problems::{FileProblem, Problems};
pub use scene::{CardChoice, DesignScene, load_design_scene};
pub use source::{
    DEFAULT_BATTLE, Disk, Embedded, EmbeddedThenDisk, SceneSource, normalize, relative_to,
};
pub use warband::{LoadedWarband, load_warband};

/// A file converted into `T`, with the positions of its values.
pub struct Loaded<T> {
    pub value: T,
    pub trace: Trace,
    pub file: String,
}

impl<T> Loaded<T> {
    /// Records validator problems against this file's positions.
    fn report(&self, v: Validator, problems: &mut Problems) {
        for (path, msg) in v.problems {
            problems.add(&self.file, self.trace.pos_of(&path), msg);
        }
    }

    fn add_at(&self, path: &str, msg: impl Into<String>, problems: &mut Problems) {
        problems.add(&self.file, self.trace.pos_of(path), msg);
    }
}

/// Reads one scene file of type `T` by the scene reader (the same for every scene file: every
/// problem at `file:line:col`, unknown fields named), without the checks of its kind.
pub fn read_scene<T: DeserializeOwned>(src: &dyn SceneSource, file: &str) -> Result<T, Problems> {
    let mut problems = Problems::default();
    match read_typed::<T>(src, file, &mut problems) {
        Some(l) if problems.is_empty() => Ok(l.value),
        _ => Err(problems),
    }
}

/// Reads, parses and converts one file; problems go to `problems`.
fn read_typed<T: DeserializeOwned>(
    src: &dyn SceneSource,
    file: &str,
    problems: &mut Problems,
) -> Option<Loaded<T>> {
    let node = read_node(src, file, problems)?;
    typed_from_node(&node, file, problems)
}

/// Reads and parses one file into its spanned tree; a file that can't be read or parsed is a
/// problem at its position.
pub(super) fn read_node(
    src: &dyn SceneSource,
    file: &str,
    problems: &mut Problems,
) -> Option<ron_span::Node> {
    let text = match src.read(file) {
        Ok(t) => t,
        Err(e) => {
            problems.add(
                file,
                Pos { line: 1, col: 1 },
                format!("cannot read the file: {e}"),
            );
            return None;
        }
    };
    match ron_span::parse(&text) {
        Ok(n) => Some(n),
        Err(p) => {
            problems.add(file, p.pos, format!("syntax error: {}", p.message));
            None
        }
    }
}

fn typed_from_node<T: DeserializeOwned>(
    node: &ron_span::Node,
    file: &str,
    problems: &mut Problems,
) -> Option<Loaded<T>> {
    let trace = Trace::default();
    let result = ron_span::from_node::<T>(node, &trace);
    for p in trace.problems.borrow().iter() {
        problems.add(file, p.pos, p.message.clone());
    }
    match result {
        Ok(value) => Some(Loaded {
            value,
            trace,
            file: file.to_string(),
        }),
        Err(e) => {
            problems.add(file, e.pos.unwrap_or(node.pos), e.message);
            None
        }
    }
}

/// The ruleset used when a file is checked on its own.
pub use crate::model::ruleset::default_ruleset;

pub fn load_ruleset(src: &dyn SceneSource, file: &str, problems: &mut Problems) -> Option<Ruleset> {
    let l = read_typed::<Ruleset>(src, file, problems)?;
    let mut v = Validator::default();
    l.value.validate(&mut v);
    l.report(v, problems);
    Some(l.value)
}

macro_rules! simple_loader {
    ($name:ident, $ty:ty, |$val:ident, $rules:ident, $v:ident| $body:expr) => {
        pub fn $name(
            src: &dyn SceneSource,
            file: &str,
            $rules: &Ruleset,
            problems: &mut Problems,
        ) -> Option<$ty> {
            let l = read_typed::<$ty>(src, file, problems)?;
            let mut $v = Validator::default();
            let $val = &l.value;
            $body;
            l.report($v, problems);
            Some(l.value)
        }
    };
}

simple_loader!(load_terrain, TerrainCard, |c, r, v| c.validate(r, &mut v));
simple_loader!(load_deployment, DeploymentCard, |c, r, v| c
    .validate(r, &mut v));
simple_loader!(load_victory, VictoryCard, |c, r, v| c.validate(r, &mut v));
simple_loader!(load_twist, TwistCard, |c, _r, v| c.validate(&mut v));
simple_loader!(load_fighters, FighterProfiles, |c, _r, v| c
    .validate(&mut v));
simple_loader!(
    load_base_rules,
    crate::scenario::community::BaseRules,
    |c, _r, v| c.validate(&mut v)
);
