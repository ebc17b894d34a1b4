//! Roster files: a warband built from fighter data (community JSON or a profile file) and
//! written as a warband file, for `roster new` and the roster screen.

use std::path::{Component, Path, PathBuf};

use super::community::{ImportPaths, import_paths};
use super::load::{self, Disk, Problems};
use crate::model::formats::{FighterProfile, Warband, WarbandFighter};
use crate::rules::warband::ResolvedFighter;

/// Every profile of a community JSON file (imported, with the community's files beside it)
/// or of a fighter-profile file, and the records left out (with their JSON paths).
pub fn read_profiles(file: &Path) -> Result<(Vec<FighterProfile>, Vec<String>), String> {
    let name = file.to_string_lossy().to_string();
    if name.to_ascii_lowercase().ends_with(".json") {
        let imported = import_paths(&ImportPaths::beside(file))?;
        let left_out = imported
            .findings
            .errors
            .iter()
            .map(|e| e.to_string())
            .collect();
        return Ok((
            imported.fighters.into_iter().map(|x| x.profile).collect(),
            left_out,
        ));
    }
    let mut problems = Problems::default();
    let rules = load::default_ruleset();
    match load::load_fighters(&Disk, &name, &rules, &mut problems) {
        Some(p) if problems.is_empty() => Ok((p.fighters, Vec::new())),
        _ => Err(problems.to_string().trim_end().to_string()),
    }
}

/// The factions of `profiles`, by name, each once.
pub fn factions(profiles: &[FighterProfile]) -> Vec<String> {
    let mut f: Vec<String> = profiles.iter().map(|p| p.faction.clone()).collect();
    f.sort();
    f.dedup();
    f
}

/// The warband file's contents for `fighters` of `faction`, their profiles read from
/// `profiles_file` (as the warband file names it), with a points limit when it is not the
/// ruleset's.
pub fn warband(
    faction: &str,
    grand_alliance: Option<String>,
    profiles_file: String,
    fighters: &[ResolvedFighter],
    points_limit: Option<u32>,
) -> Warband {
    Warband {
        name: faction.to_string(),
        faction: faction.to_string(),
        grand_alliance,
        profiles: vec![profiles_file],
        fighters: fighters
            .iter()
            .map(|f| WarbandFighter {
                profile: f.profile.id.clone(),
                name: (f.name != f.profile.name).then(|| f.name.clone()),
                role: f.role,
                group: f.group,
            })
            .collect(),
        points_limit,
        random: false,
    }
}

/// A warband file's text (RON).
pub fn warband_to_ron(w: &Warband) -> String {
    let config = ron::ser::PrettyConfig::default().struct_names(true);
    let text = ron::ser::to_string_pretty(w, config).expect("a warband serializes");
    format!("{text}\n")
}

/// Writes the warband to `out` (atomically, making its folder), naming `profiles` relative to
/// it.
pub fn save_warband(
    out: &Path,
    faction: &str,
    grand_alliance: Option<String>,
    profiles: &Path,
    fighters: &[ResolvedFighter],
    points_limit: Option<u32>,
) -> Result<(), String> {
    let rel = relative(out, profiles)?;
    let w = warband(faction, grand_alliance, rel, fighters, points_limit);
    write_warband(out, &w)
}

/// SET-1, SOLO-S1: writes to `out` a warband of `faction` drawn at random for each battle
/// from `profiles` (named relative to it), at the side's points limit.
pub fn save_random_warband(
    out: &Path,
    faction: &str,
    grand_alliance: Option<String>,
    profiles: &Path,
) -> Result<(), String> {
    let rel = relative(out, profiles)?;
    let mut w = warband(faction, grand_alliance, rel, &[], None);
    w.name = format!("{faction} (drawn at random)");
    w.random = true;
    write_warband(out, &w)
}

/// Writes the warband file `w` to `out`, atomically, making its folder.
fn write_warband(out: &Path, w: &Warband) -> Result<(), String> {
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("{}: cannot create the folder: {e}", dir.display()))?;
    }
    super::write_atomic(out, warband_to_ron(w).as_bytes())
        .map_err(|e| format!("{}: cannot write: {e}", out.display()))
}

/// `to` as seen from the folder of `from_file` (both made absolute), with `/` separators.
pub fn relative(from_file: &Path, to: &Path) -> Result<String, String> {
    let abs = |p: &Path| -> Result<PathBuf, String> {
        let p = if p.is_absolute() {
            p.to_path_buf()
        } else {
            std::env::current_dir().map_err(|e| e.to_string())?.join(p)
        };
        Ok(p.components().fold(PathBuf::new(), |mut acc, c| {
            match c {
                Component::ParentDir => {
                    acc.pop();
                }
                Component::CurDir => {}
                c => acc.push(c),
            }
            acc
        }))
    };
    let from = abs(from_file)?;
    let from = from.parent().unwrap_or(Path::new("/"));
    let to = abs(to)?;
    let (a, b): (Vec<_>, Vec<_>) = (from.components().collect(), to.components().collect());
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut parts: Vec<String> = vec!["..".into(); a.len() - common];
    parts.extend(
        b[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().to_string()),
    );
    Ok(parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_seen_from_another_file_s_folder() {
        let r = |a: &str, b: &str| relative(Path::new(a), Path::new(b)).unwrap();
        assert_eq!(
            r("/w/rosters/a.ron", "/w/data/fighters.json"),
            "../data/fighters.json"
        );
        assert_eq!(r("/w/a.ron", "/w/fighters.json"), "fighters.json");
        assert_eq!(r("/w/x/y/a.ron", "/w/x/f.ron"), "../f.ron");
        assert_eq!(r("/w/x/./a.ron", "/w/x/../f.ron"), "../f.ron");
    }
}
