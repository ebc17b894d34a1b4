//! `warcry-sim check`: every `.ron` file under the given files or folders, of any kind.

use std::path::{Path, PathBuf};

use super::source::Disk;
use super::{
    FileProblem, Problems, SceneSource, default_ruleset, load_base_rules, load_battle_into,
    load_deployment, load_fighters, load_ruleset, load_terrain, load_twist, load_victory,
    load_warband, read_node,
};
use crate::model::ruleset::Ruleset;
use crate::scenario::ron_span::Pos;

/// The kinds of scene file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SceneKind {
    Ruleset,
    Fighters,
    Warband,
    Terrain,
    Deployment,
    Victory,
    Twist,
    Battle,
    /// Base sizes by runemark for imported fighters.
    BaseRules,
}

impl SceneKind {
    fn from_root_name(name: &str) -> Option<Self> {
        Some(match name {
            "Ruleset" => SceneKind::Ruleset,
            "FighterProfiles" => SceneKind::Fighters,
            "Warband" => SceneKind::Warband,
            "TerrainCard" => SceneKind::Terrain,
            "DeploymentCard" => SceneKind::Deployment,
            "VictoryCard" => SceneKind::Victory,
            "TwistCard" => SceneKind::Twist,
            "Battle" => SceneKind::Battle,
            "BaseRules" => SceneKind::BaseRules,
            _ => return None,
        })
    }

    fn from_folder(file: &str) -> Option<Self> {
        let folder = Path::new(file).parent()?.file_name()?.to_str()?;
        Some(match folder {
            "rulesets" => SceneKind::Ruleset,
            "fighters" => SceneKind::Fighters,
            "warbands" => SceneKind::Warband,
            "terrain" => SceneKind::Terrain,
            "deployment" => SceneKind::Deployment,
            "victory" => SceneKind::Victory,
            "twist" => SceneKind::Twist,
            "battles" => SceneKind::Battle,
            "import" => SceneKind::BaseRules,
            _ => return None,
        })
    }
}

/// `warcry-sim check`: loads and validates every `.ron` file under the given files or folders.
/// Returns the problems (empty: all good) and how many files were checked.
pub fn check_paths(paths: &[PathBuf]) -> (Problems, usize) {
    let (problems, _, n) = check_paths_with_warnings(paths);
    (problems, n)
}

/// [`check_paths`], with the layout warnings of the files that loaded (`lint`).
pub fn check_paths_with_warnings(paths: &[PathBuf]) -> (Problems, Vec<FileProblem>, usize) {
    let mut files = Vec::new();
    let mut problems = Problems::default();
    for p in paths {
        if p.is_dir() {
            collect_ron(p, &mut files);
        } else if p.exists() {
            files.push(p.clone());
        } else {
            problems.add(
                &p.to_string_lossy(),
                Pos { line: 1, col: 1 },
                "no such file or folder",
            );
        }
    }
    files.sort();
    let rules = default_ruleset();
    let mut warnings = Vec::new();
    for f in &files {
        let file = f.to_string_lossy();
        let before = problems.0.len();
        let kind = checked_kind(&Disk, &file, &rules, &mut problems);
        if problems.0.len() == before
            && let Some(kind) = kind
        {
            warnings.extend(super::lint::warnings(&Disk, &file, kind));
        }
    }
    warnings.sort();
    warnings.dedup();
    (problems.finish(), warnings, files.len())
}

/// The kind of scene file `file` is, from its root name or its folder; `None` for a file that
/// can't be read or parsed, or is no scene file (a save, say).
pub fn scene_kind(src: &dyn SceneSource, file: &str) -> Option<SceneKind> {
    let node = read_node(src, file, &mut Problems::default())?;
    node.type_name()
        .and_then(SceneKind::from_root_name)
        .or_else(|| SceneKind::from_folder(file))
}

fn collect_ron(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect_ron(&p, out);
        } else if p.extension().is_some_and(|x| x == "ron") {
            out.push(p);
        }
    }
}

/// Checks one file of any kind.
pub fn check_file(src: &dyn SceneSource, file: &str, rules: &Ruleset, problems: &mut Problems) {
    checked_kind(src, file, rules, problems);
}

/// [`check_file`], saying what kind of file it was (read and parsed once).
fn checked_kind(
    src: &dyn SceneSource,
    file: &str,
    rules: &Ruleset,
    problems: &mut Problems,
) -> Option<SceneKind> {
    let node = read_node(src, file, problems)?;
    let kind = node
        .type_name()
        .and_then(SceneKind::from_root_name)
        .or_else(|| SceneKind::from_folder(file));
    match kind {
        None => problems.add(
            file,
            node.pos,
            "cannot tell what kind of scene file this is: start it with its kind, e.g. `TerrainCard(` or `Warband(`",
        ),
        Some(SceneKind::Ruleset) => {
            load_ruleset(src, file, problems);
        }
        Some(SceneKind::Fighters) => {
            load_fighters(src, file, rules, problems);
        }
        Some(SceneKind::Warband) => {
            load_warband(src, file, rules, None, problems);
        }
        Some(SceneKind::Terrain) => {
            load_terrain(src, file, rules, problems);
        }
        Some(SceneKind::Deployment) => {
            load_deployment(src, file, rules, problems);
        }
        Some(SceneKind::Victory) => {
            load_victory(src, file, rules, problems);
        }
        Some(SceneKind::Twist) => {
            load_twist(src, file, rules, problems);
        }
        Some(SceneKind::Battle) => {
            load_battle_into(src, file, &Default::default(), problems);
        }
        Some(SceneKind::BaseRules) => {
            load_base_rules(src, file, rules, problems);
        }
    }
    kind
}
