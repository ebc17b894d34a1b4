//! A card or a battle file as a designer looks at it (`preview`, `render`): a battle file as it
//! is, a terrain or deployment card in the embedded default battle in place of its own card,
//! and other cards (`--deployment`, `--victory`, `--twist`) swapped in. Every file read from
//! the disk on the way is listed, so that `preview` can watch each of them.

use std::cell::RefCell;

use super::{
    BattleSpec, DEFAULT_BATTLE, Disk, Embedded, Problems, SceneKind, SceneSource, load_battle_into,
    load_deployment, load_terrain, load_twist, load_victory, scene_kind,
};
use crate::scenario::ron_span::Pos;

/// Cards to play the scene with instead of its own (file paths on the disk).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CardChoice {
    pub deployment: Option<String>,
    pub victory: Option<String>,
    pub twist: Option<String>,
}

/// A scene loaded for a designer: the battle to draw (or every problem found), and the files
/// of the disk it read.
#[derive(Debug, Clone)]
pub struct DesignScene {
    pub spec: Result<BattleSpec, Problems>,
    /// What the file is: a battle file, a terrain or a deployment card.
    pub kind: Option<SceneKind>,
    /// Every file read from the disk, in the order read (each once).
    pub files: Vec<String>,
}

/// The disk, noting every file read.
struct Recording {
    read: RefCell<Vec<String>>,
}

impl SceneSource for Recording {
    fn read(&self, path: &str) -> Result<String, String> {
        let mut read = self.read.borrow_mut();
        if !read.iter().any(|p| p == path) {
            read.push(path.to_string());
        }
        Disk.read(path)
    }
}

/// Loads `file` (of `kind` when known: a broken edit may no longer say what it is) with the
/// cards of `choice` swapped in.
pub fn load_design_scene(file: &str, kind: Option<SceneKind>, choice: &CardChoice) -> DesignScene {
    let disk = Recording {
        read: RefCell::new(Vec::new()),
    };
    let kind = kind.or_else(|| scene_kind(&disk, file));
    let mut problems = Problems::default();
    let spec = scene_of(&disk, file, kind, &mut problems).map(|mut spec| {
        swap_cards(&disk, &mut spec, choice, &mut problems);
        spec
    });
    let problems = problems.finish();
    let mut files = disk.read.into_inner();
    if !files.iter().any(|f| f == file) {
        files.insert(0, file.to_string());
    }
    DesignScene {
        spec: match spec {
            Some(s) if problems.is_empty() => Ok(s),
            _ => Err(problems),
        },
        kind,
        files,
    }
}

/// The battle a file of `kind` is seen in.
fn scene_of(
    disk: &Recording,
    file: &str,
    kind: Option<SceneKind>,
    problems: &mut Problems,
) -> Option<BattleSpec> {
    let default = |problems: &mut Problems| {
        load_battle_into(&Embedded, DEFAULT_BATTLE, &Default::default(), problems)
    };
    match kind {
        Some(SceneKind::Battle) => load_battle_into(disk, file, &Default::default(), problems),
        Some(SceneKind::Terrain) => {
            let mut spec = default(problems)?;
            spec.terrain = load_terrain(disk, file, &spec.ruleset, problems)?;
            Some(spec)
        }
        Some(SceneKind::Deployment) => {
            let mut spec = default(problems)?;
            spec.deployment = load_deployment(disk, file, &spec.ruleset, problems)?;
            Some(spec)
        }
        Some(_) => {
            problems.add(
                file,
                Pos { line: 1, col: 1 },
                "has no battlefield to draw: give a battle file, a terrain card or a deployment card",
            );
            None
        }
        None => {
            // Read it again for its own problems (it may not parse), or say what it lacks.
            let before = problems.0.len();
            super::read_node(disk, file, problems);
            if problems.0.len() == before {
                problems.add(
                    file,
                    Pos { line: 1, col: 1 },
                    "cannot tell what kind of scene file this is: start it with its kind, e.g. `TerrainCard(`",
                );
            }
            None
        }
    }
}

/// The cards of `choice` in place of the scene's own.
fn swap_cards(
    disk: &Recording,
    spec: &mut BattleSpec,
    choice: &CardChoice,
    problems: &mut Problems,
) {
    let rules = spec.ruleset.clone();
    if let Some(f) = &choice.deployment
        && let Some(c) = load_deployment(disk, f, &rules, problems)
    {
        spec.deployment = c;
    }
    if let Some(f) = &choice.victory
        && let Some(c) = load_victory(disk, f, &rules, problems)
    {
        spec.victory = c;
    }
    if let Some(f) = &choice.twist
        && let Some(c) = load_twist(disk, f, &rules, problems)
    {
        spec.twist = c;
    }
}
