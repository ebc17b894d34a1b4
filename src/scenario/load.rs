//! Loading scene files: parse, convert, validate, resolve references between files. Every
//! problem is reported as `path:line:col: message`, all of them, never a panic.

use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use crate::model::formats::*;
use crate::model::ruleset::{DEFAULT_RULESET_RON, Ruleset};
use crate::model::validate::Validator;
use crate::rules::warband::{ResolvedFighter, Violation, check_battle_groups, check_muster};
use crate::scenario::ron_span::{self, Pos, Trace};

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
    fn add(&mut self, file: &str, pos: Pos, message: impl Into<String>) {
        self.0.push(FileProblem {
            file: file.to_string(),
            pos,
            message: message.into(),
        });
    }

    fn finish(mut self) -> Self {
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

/// Where scene files come from: the disk, or the files embedded in the binary.
pub trait SceneSource {
    fn read(&self, path: &str) -> Result<String, String>;
}

pub struct Disk;

impl SceneSource for Disk {
    fn read(&self, path: &str) -> Result<String, String> {
        std::fs::read_to_string(path).map_err(|e| e.to_string())
    }
}

/// The embedded default battle and everything it names.
pub struct Embedded;

pub const DEFAULT_BATTLE: &str = "scenes/battles/default.ron";

const EMBEDDED: &[(&str, &str)] = &[
    (
        DEFAULT_BATTLE,
        include_str!("../../scenes/battles/default.ron"),
    ),
    ("scenes/rulesets/default.ron", DEFAULT_RULESET_RON),
    (
        "scenes/terrain/shattered_bastion.ron",
        include_str!("../../scenes/terrain/shattered_bastion.ron"),
    ),
    (
        "scenes/deployment/the_ferocious_gnarlwood_ii__blood_moon.ron",
        include_str!("../../scenes/deployment/the_ferocious_gnarlwood_ii__blood_moon.ron"),
    ),
    (
        "scenes/victory/hold_the_cairns.ron",
        include_str!("../../scenes/victory/hold_the_cairns.ron"),
    ),
    (
        "scenes/twist/none.ron",
        include_str!("../../scenes/twist/none.ron"),
    ),
    (
        "scenes/warbands/ironclad_vanguard.ron",
        include_str!("../../scenes/warbands/ironclad_vanguard.ron"),
    ),
    (
        "scenes/warbands/ashen_covenant.ron",
        include_str!("../../scenes/warbands/ashen_covenant.ron"),
    ),
    (
        "scenes/fighters/ironclad.ron",
        include_str!("../../scenes/fighters/ironclad.ron"),
    ),
    (
        "scenes/fighters/ashen.ron",
        include_str!("../../scenes/fighters/ashen.ron"),
    ),
];

impl SceneSource for Embedded {
    fn read(&self, path: &str) -> Result<String, String> {
        let want = normalize(path);
        EMBEDDED
            .iter()
            .find(|(p, _)| *p == want)
            .map(|(_, s)| s.to_string())
            .ok_or_else(|| format!("no embedded file `{want}`"))
    }
}

/// `a/b/../c` -> `a/c`, with `/` separators.
pub fn normalize(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let absolute = path.starts_with('/');
    for part in path.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => {
                if matches!(out.last(), Some(p) if *p != "..") {
                    out.pop();
                } else if !absolute {
                    out.push("..");
                }
            }
            p => out.push(p),
        }
    }
    let joined = out.join("/");
    if absolute {
        format!("/{joined}")
    } else {
        joined
    }
}

/// A path named in `from_file`, relative to that file's folder.
pub fn relative_to(from_file: &str, rel: &str) -> String {
    if rel.starts_with('/') {
        return normalize(rel);
    }
    // A bare file name's parent is `""`, not `.`: joined as `{dir}/{rel}` that would be `/{rel}`.
    let dir = Path::new(from_file)
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    normalize(&format!("{}/{rel}", dir.to_string_lossy()))
}

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

/// Reads, parses and converts one file; problems go to `problems`.
fn read_typed<T: DeserializeOwned>(
    src: &dyn SceneSource,
    file: &str,
    problems: &mut Problems,
) -> Option<Loaded<T>> {
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
    let node = match ron_span::parse(&text) {
        Ok(n) => n,
        Err(p) => {
            problems.add(file, p.pos, format!("syntax error: {}", p.message));
            return None;
        }
    };
    typed_from_node(&node, file, problems)
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
            _ => return None,
        })
    }
}

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

/// A warband with its fighters' profiles resolved.
#[derive(Debug, Clone)]
pub struct LoadedWarband {
    pub warband: Warband,
    pub fighters: Vec<ResolvedFighter>,
    pub file: String,
}

/// Loads a warband, its profile files, and checks SET-1 (with `points_limit`, or the
/// warband's own or the ruleset's) and, when every fighter has a group, SET-3.
pub fn load_warband(
    src: &dyn SceneSource,
    file: &str,
    rules: &Ruleset,
    points_limit: Option<u32>,
    problems: &mut Problems,
) -> Option<LoadedWarband> {
    let l = read_typed::<Warband>(src, file, problems)?;
    let w = &l.value;
    let mut profiles: Vec<FighterProfile> = Vec::new();
    let mut all_read = true;
    for (i, p) in w.profiles.iter().enumerate() {
        let pf = relative_to(file, p);
        let mut sub = Problems::default();
        match load_fighters(src, &pf, rules, &mut sub) {
            Some(fp) => profiles.extend(fp.fighters),
            None => all_read = false,
        }
        if src.read(&pf).is_err() {
            l.add_at(
                &format!("profiles[{i}]"),
                format!("fighter-profile file `{p}` cannot be read (looked for {pf})"),
                problems,
            );
        } else {
            problems.0.extend(sub.0);
        }
    }
    let mut fighters = Vec::new();
    let mut dangling = false;
    for (i, f) in w.fighters.iter().enumerate() {
        match profiles.iter().find(|p| p.id == f.profile) {
            Some(p) => fighters.push(ResolvedFighter {
                profile: p.clone(),
                name: f.name.clone().unwrap_or_else(|| p.name.clone()),
                role: f.role,
                group: f.group,
            }),
            None => {
                dangling = true;
                if all_read {
                    l.add_at(
                        &format!("fighters[{i}].profile"),
                        format!(
                            "no fighter profile `{}` in {}",
                            f.profile,
                            w.profiles.join(", ")
                        ),
                        problems,
                    );
                }
            }
        }
    }
    if let Some(limit) = w.points_limit {
        let (e, b, h) = rules.solo_points;
        let allowed = [rules.muster().max_points, e, b, h];
        if !allowed.contains(&limit) {
            l.add_at(
                "points_limit",
                format!(
                    "points_limit {limit} is none of the limits of the ruleset ({}) (SET-1, SOLO-S1)",
                    allowed.map(|a| a.to_string()).join(", ")
                ),
                problems,
            );
        }
    }
    // SET-1 and SET-3 only speak of a warband whose fighters are all known.
    if all_read && !dangling {
        let limit = points_limit
            .or(w.points_limit)
            .unwrap_or(rules.muster().max_points);
        let mut violations = check_muster(
            &fighters,
            &w.faction,
            w.grand_alliance.as_deref(),
            rules.muster(),
            limit,
        );
        if fighters.iter().any(|f| f.group.is_some()) {
            violations.extend(check_battle_groups(&fighters));
        }
        report_violations(&l, &violations, problems);
    }
    Some(LoadedWarband {
        warband: l.value,
        fighters,
        file: file.to_string(),
    })
}

fn report_violations<T>(l: &Loaded<T>, vs: &[Violation], problems: &mut Problems) {
    for v in vs {
        let path = match v.fighter {
            Some(i) => format!("fighters[{i}]"),
            None => "fighters".to_string(),
        };
        l.add_at(&path, v.to_string(), problems);
    }
}

/// A battle with every file it names loaded: what the ECS world is spawned from.
#[derive(Debug, Clone)]
pub struct BattleSpec {
    pub name: String,
    pub file: String,
    pub ruleset: Ruleset,
    pub terrain: TerrainCard,
    pub deployment: DeploymentCard,
    pub victory: VictoryCard,
    pub twist: TwistCard,
    pub seed: u64,
    pub mode: Mode,
    pub difficulty: Difficulty,
    pub sides: Vec<SideSpec>,
}

#[derive(Debug, Clone)]
pub struct SideSpec {
    pub warband: Warband,
    pub controller: Controller,
    pub fighters: Vec<ResolvedFighter>,
}

impl BattleSpec {
    /// The objectives to place: the victory card's, else the deployment card's.
    pub fn objectives(&self) -> Vec<Point2> {
        self.victory
            .objectives
            .clone()
            .unwrap_or_else(|| self.deployment.objectives.clone())
    }
}

/// Loads a battle file and everything it names. `Err` lists every problem found.
pub fn load_battle(src: &dyn SceneSource, file: &str) -> Result<BattleSpec, Problems> {
    let mut problems = Problems::default();
    let spec = load_battle_into(src, file, &mut problems);
    let problems = problems.finish();
    match spec {
        Some(s) if problems.is_empty() => Ok(s),
        _ => Err(problems),
    }
}

fn load_battle_into(
    src: &dyn SceneSource,
    file: &str,
    problems: &mut Problems,
) -> Option<BattleSpec> {
    let l = read_typed::<Battle>(src, file, problems)?;
    let b = &l.value;
    // A referenced file that can't be read is reported at the reference.
    let readable = |field: &str, rel: &str, problems: &mut Problems| -> Option<String> {
        let path = relative_to(file, rel);
        match src.read(&path) {
            Ok(_) => Some(path),
            Err(e) => {
                l.add_at(
                    field,
                    format!("`{rel}` cannot be read (looked for {path}): {e}"),
                    problems,
                );
                None
            }
        }
    };
    let ruleset =
        readable("ruleset", &b.ruleset, problems).and_then(|p| load_ruleset(src, &p, problems));
    let rules = ruleset.clone().unwrap_or_else(default_ruleset);
    let terrain = readable("terrain", &b.terrain, problems)
        .and_then(|p| load_terrain(src, &p, &rules, problems));
    let deployment = readable("deployment", &b.deployment, problems)
        .and_then(|p| load_deployment(src, &p, &rules, problems));
    let victory = readable("victory", &b.victory, problems)
        .and_then(|p| load_victory(src, &p, &rules, problems));
    let twist =
        readable("twist", &b.twist, problems).and_then(|p| load_twist(src, &p, &rules, problems));

    if b.sides.len() != 2 {
        l.add_at(
            "sides",
            format!(
                "a battle has two warbands; this one names {}",
                b.sides.len()
            ),
            problems,
        );
    }
    if b.mode == Mode::Solo {
        let humans = b
            .sides
            .iter()
            .filter(|s| s.controller == Controller::Human)
            .count();
        if humans != 1 || b.sides.len() != 2 {
            l.add_at(
                "sides",
                "solo mode needs exactly one Human side and one Ai side (SOLO-S3)",
                problems,
            );
        }
    }
    let mut sides = Vec::new();
    for (i, s) in b.sides.iter().enumerate() {
        let limit = match (b.mode, s.controller) {
            (Mode::Solo, Controller::Ai) => Some(match b.difficulty {
                Difficulty::Easy => rules.solo_points.0,
                Difficulty::Balanced => rules.solo_points.1,
                Difficulty::Hard => rules.solo_points.2,
            }),
            _ => Some(rules.muster().max_points),
        };
        let w = readable(&format!("sides[{i}].warband"), &s.warband, problems)
            .and_then(|p| load_warband(src, &p, &rules, limit, problems));
        if let Some(w) = w {
            // Outside solo mode every fighter needs a group (SET-3); the solo opponent's are
            // rolled at setup (SOLO-S2).
            let rolled = b.mode == Mode::Solo && s.controller == Controller::Ai;
            if !rolled && w.fighters.iter().all(|f| f.group.is_none()) {
                l.add_at(
                    &format!("sides[{i}].warband"),
                    format!(
                        "the fighters of `{}` have no battle groups (SET-3); only the solo opponent's are rolled (SOLO-S2)",
                        s.warband
                    ),
                    problems,
                );
            }
            sides.push(SideSpec {
                warband: w.warband,
                controller: s.controller,
                fighters: w.fighters,
            });
        }
    }
    if let (Some(v), Some(d)) = (&victory, &deployment)
        && matches!(v.condition, VictoryCondition::ObjectiveControl { .. })
        && v.objectives.as_ref().unwrap_or(&d.objectives).is_empty()
    {
        l.add_at(
            "victory",
            format!(
                "victory card `{}` scores objectives but neither it nor deployment card `{}` places any",
                v.name, d.name
            ),
            problems,
        );
    }
    Some(BattleSpec {
        name: b.name.clone(),
        file: file.to_string(),
        ruleset: ruleset?,
        terrain: terrain?,
        deployment: deployment?,
        victory: victory?,
        twist: twist?,
        seed: b.seed,
        mode: b.mode,
        difficulty: b.difficulty,
        sides,
    })
}

/// `warcry-sim check`: loads and validates every `.ron` file under the given files or folders.
/// Returns the problems (empty: all good) and how many files were checked.
pub fn check_paths(paths: &[PathBuf]) -> (Problems, usize) {
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
    for f in &files {
        check_file(&Disk, &f.to_string_lossy(), &rules, &mut problems);
    }
    (problems.finish(), files.len())
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
    let text = match src.read(file) {
        Ok(t) => t,
        Err(e) => {
            problems.add(
                file,
                Pos { line: 1, col: 1 },
                format!("cannot read the file: {e}"),
            );
            return;
        }
    };
    let node = match ron_span::parse(&text) {
        Ok(n) => n,
        Err(p) => {
            problems.add(file, p.pos, format!("syntax error: {}", p.message));
            return;
        }
    };
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
            load_battle_into(src, file, problems);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_and_relative_paths() {
        assert_eq!(
            normalize("scenes/battles/../terrain/a.ron"),
            "scenes/terrain/a.ron"
        );
        assert_eq!(normalize("./a/./b"), "a/b");
        assert_eq!(normalize("../x"), "../x");
        assert_eq!(
            relative_to("scenes/battles/default.ron", "../terrain/t.ron"),
            "scenes/terrain/t.ron"
        );
        assert_eq!(relative_to("/tmp/b/x.ron", "../y.ron"), "/tmp/y.ron");
        // A bare file name is in the current directory, not `/`.
        assert_eq!(relative_to("x.ron", "../y.ron"), "../y.ron");
        assert_eq!(relative_to("x.ron", "y.ron"), "y.ron");
    }

    #[test]
    fn the_embedded_default_battle_loads_without_problems() {
        let spec = load_battle(&Embedded, DEFAULT_BATTLE).unwrap_or_else(|p| panic!("{p}"));
        assert_eq!(spec.sides.len(), 2);
        assert_eq!(spec.victory.rounds, 4);
        assert!(!spec.objectives().is_empty());
    }
}
