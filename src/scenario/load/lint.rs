//! `check`'s warnings: layout mistakes that load fine but that a designer wants to hear of,
//! each at its `path:line:col` (see `model::formats::terrain_lint`). A terrain card: a ladder
//! touching nothing, solid pieces inside each other. A battle: an objective or a deployment
//! point under a deadly or a solid piece of its terrain.

use super::{FileProblem, Problems, SceneKind, SceneSource, read_typed};
use crate::model::formats::TerrainCard;

/// The warnings for `file` (of `kind`); none for a file that doesn't load.
pub(super) fn warnings(src: &dyn SceneSource, file: &str, kind: SceneKind) -> Vec<FileProblem> {
    let mut ignored = Problems::default();
    match kind {
        SceneKind::Terrain => {
            let Some(l) = read_typed::<TerrainCard>(src, file, &mut ignored) else {
                return Vec::new();
            };
            l.value
                .layout_warnings()
                .into_iter()
                .map(|(path, message)| at(file, l.trace.pos_of(&path), message))
                .collect()
        }
        SceneKind::Battle => battle_warnings(src, file),
        _ => Vec::new(),
    }
}

fn at(file: &str, pos: crate::scenario::ron_span::Pos, message: String) -> FileProblem {
    FileProblem {
        file: file.to_string(),
        pos,
        message: format!("warning: {message}"),
    }
}

/// What stands on each objective, treasure token and deployment point of the battle, and
/// what is out of reach or lopsided between the sides (`card_report`), told at the
/// battle file's `terrain`.
fn battle_warnings(src: &dyn SceneSource, file: &str) -> Vec<FileProblem> {
    let mut problems = Problems::default();
    let Some(spec) = super::load_battle_into(src, file, &Default::default(), &mut problems) else {
        return Vec::new();
    };
    let Some(l) = read_typed::<crate::model::formats::Battle>(src, file, &mut problems) else {
        return Vec::new();
    };
    let pos = l.trace.pos_of("terrain");
    let report = super::card_report::CardReport::of(&spec);
    super::card_report::covered_points(&spec)
        .into_iter()
        .chain(report.reach)
        .map(|w| at(file, pos, w))
        .collect()
}
