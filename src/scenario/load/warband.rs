//! Warband files: the warband, the fighter-profile files it names, and the muster rules
//! (SET-1) and battle groups (SET-3) checked on the fighters it takes.

use super::community;
use super::source::relative_to;
use super::{Loaded, Problems, SceneSource, load_fighters, read_typed};
use crate::model::formats::{FighterProfile, Warband};
use crate::model::ruleset::Ruleset;
use crate::rules::warband::{ResolvedFighter, Violation, check_battle_groups, check_muster};

/// A warband with its fighters' profiles resolved.
#[derive(Debug, Clone)]
pub struct LoadedWarband {
    pub warband: Warband,
    /// Its fighters (a drawn warband's: the draw of seed 0).
    pub fighters: Vec<ResolvedFighter>,
    pub file: String,
    /// What a warband drawn at random for each battle is drawn from.
    pub draw: Option<Draw>,
}

/// SET-1, SOLO-S1: what a warband drawn at random for each battle is drawn from: the
/// profiles its file names.
#[derive(Debug, Clone)]
pub struct Draw {
    pub pool: std::sync::Arc<Vec<FighterProfile>>,
}

impl Draw {
    /// The legal warband of `w`'s faction within `points` drawn with `seed` (SET-1, SET-3).
    pub fn with_seed(
        &self,
        w: &Warband,
        rules: &Ruleset,
        seed: u64,
        points: u32,
    ) -> Result<Vec<ResolvedFighter>, String> {
        let spec = crate::rules::roster::RosterSpec {
            faction: &w.faction,
            grand_alliance: w.grand_alliance.as_deref(),
            pool: &self.pool,
            limits: rules.muster(),
            points,
        };
        crate::rules::roster::random_roster(&spec, seed)
    }
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
    let (profiles, all_read) = load_profiles(src, &l, rules, problems);
    check_points_limit(&l, rules, problems);
    if l.value.random {
        return drawn(l, profiles, all_read, rules, points_limit, problems);
    }
    let (fighters, dangling) = resolve_fighters(&l, &profiles, all_read, problems);
    // SET-1 and SET-3 only speak of a warband whose fighters are all known.
    if all_read && !dangling {
        check_rules(&l, &fighters, rules, points_limit, problems);
    }
    Some(LoadedWarband {
        warband: l.value,
        fighters,
        file: file.to_string(),
        draw: None,
    })
}

/// A warband drawn at random for each battle: it lists no fighters, and a legal one can be
/// drawn from its profiles (the draw of seed 0 is kept as its fighters).
fn drawn(
    l: Loaded<Warband>,
    profiles: Vec<FighterProfile>,
    all_read: bool,
    rules: &Ruleset,
    points_limit: Option<u32>,
    problems: &mut Problems,
) -> Option<LoadedWarband> {
    if !l.value.fighters.is_empty() {
        l.add_at(
            "fighters",
            "a warband drawn at random (`random: true`) lists no fighters",
            problems,
        );
    }
    let points = points_limit
        .or(l.value.points_limit)
        .unwrap_or(rules.muster().max_points);
    let draw = Draw {
        pool: std::sync::Arc::new(profiles),
    };
    let fighters = match draw.with_seed(&l.value, rules, 0, points) {
        Ok(f) => f,
        Err(why) => {
            if all_read {
                l.add_at("random", why, problems);
            }
            Vec::new()
        }
    };
    Some(LoadedWarband {
        fighters,
        file: l.file.clone(),
        warband: l.value,
        draw: Some(draw),
    })
}

/// The profiles of every fighter-profile file the warband names, and whether every one of
/// them was read and converted. A file that can't be read is reported at its reference.
fn load_profiles(
    src: &dyn SceneSource,
    l: &Loaded<Warband>,
    rules: &Ruleset,
    problems: &mut Problems,
) -> (Vec<FighterProfile>, bool) {
    let mut profiles: Vec<FighterProfile> = Vec::new();
    let mut all_read = true;
    for (i, p) in l.value.profiles.iter().enumerate() {
        let pf = relative_to(&l.file, p);
        if community::is_json(&pf) {
            match community::load_json_profiles(src, l, i, &pf, problems) {
                Some(fp) => profiles.extend(fp),
                None => all_read = false,
            }
            continue;
        }
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
    (profiles, all_read)
}

/// The warband's fighters with their profiles, and whether one names a profile that isn't
/// there (reported when every profile file was read).
fn resolve_fighters(
    l: &Loaded<Warband>,
    profiles: &[FighterProfile],
    all_read: bool,
    problems: &mut Problems,
) -> (Vec<ResolvedFighter>, bool) {
    let w = &l.value;
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
    (fighters, dangling)
}

/// SET-1, SOLO-S1: a warband's own points limit is one of the ruleset's limits.
fn check_points_limit(l: &Loaded<Warband>, rules: &Ruleset, problems: &mut Problems) {
    if let Some(limit) = l.value.points_limit {
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
}

/// SET-1 (with `points_limit`, or the warband's own or the ruleset's) and, when a fighter
/// has a group, SET-3.
fn check_rules(
    l: &Loaded<Warband>,
    fighters: &[ResolvedFighter],
    rules: &Ruleset,
    points_limit: Option<u32>,
    problems: &mut Problems,
) {
    let w = &l.value;
    let limit = points_limit
        .or(w.points_limit)
        .unwrap_or(rules.muster().max_points);
    let mut violations = check_muster(
        fighters,
        &w.faction,
        w.grand_alliance.as_deref(),
        rules.muster(),
        limit,
    );
    if fighters.iter().any(|f| f.group.is_some()) {
        violations.extend(check_battle_groups(fighters));
    }
    report_violations(l, &violations, problems);
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
