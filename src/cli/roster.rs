//! `roster new`: a warband of one faction from fighter data (community JSON or profile files),
//! written as a warband file and loaded back as the game would (SET-1, SET-3 checked).

use std::path::{Component, Path, PathBuf};

use anyhow::{Context, bail};
use warcry_sim::model::formats::{FighterProfile, Role, Warband, WarbandFighter};
use warcry_sim::rules::roster::{RosterSpec, is_hero, random_roster};
use warcry_sim::rules::warband::ResolvedFighter;
use warcry_sim::scenario::community::{ImportPaths, faction_file_name, import_paths};
use warcry_sim::scenario::load::{self, Disk, Problems};
use warcry_sim::scenario::write_atomic;

/// What `roster new` was asked for.
pub struct NewRoster {
    pub faction: String,
    pub fighters: Vec<PathBuf>,
    pub points: u32,
    pub random: bool,
    pub seed: u64,
    pub out: Option<PathBuf>,
}

pub fn roster_new(r: &NewRoster) -> anyhow::Result<()> {
    let rules = load::default_ruleset();
    let (pool, file) = profiles(&r.fighters, &r.faction)?;
    let faction = pool[0].faction.clone();
    let alliance = pool[0].grand_alliance.clone();
    let fighters = if r.random {
        let spec = RosterSpec {
            faction: &faction,
            grand_alliance: alliance.as_deref(),
            pool: &pool,
            limits: rules.muster(),
            points: r.points,
        };
        random_roster(&spec, r.seed).map_err(anyhow::Error::msg)?
    } else {
        leader_alone(&pool)?
    };
    let out = r
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(faction_file_name(&faction)));
    let warband = Warband {
        name: faction.clone(),
        faction: faction.clone(),
        grand_alliance: alliance,
        profiles: vec![relative(&out, &file)?],
        fighters: fighters
            .iter()
            .map(|f| WarbandFighter {
                profile: f.profile.id.clone(),
                name: (f.name != f.profile.name).then(|| f.name.clone()),
                role: f.role,
                group: f.group,
            })
            .collect(),
        points_limit: (r.points != rules.muster().max_points).then_some(r.points),
    };
    let config = ron::ser::PrettyConfig::default().struct_names(true);
    let text = ron::ser::to_string_pretty(&warband, config).context("the warband serializes")?;
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("{}: cannot create the folder", dir.display()))?;
    }
    write_atomic(&out, format!("{text}\n").as_bytes())
        .with_context(|| format!("{}: cannot write", out.display()))?;
    for f in &fighters {
        let group = f.group.map(|g| format!(" · {g}")).unwrap_or_default();
        let role = if f.role == Role::Fighter {
            String::new()
        } else {
            format!(" · {}", f.role)
        };
        println!("{} · {} points{role}{group}", f.name, f.profile.points);
    }
    let points: u32 = fighters.iter().map(|f| f.profile.points).sum();
    println!(
        "{} fighters, {points} of {} points: written to {}",
        fighters.len(),
        r.points,
        out.display()
    );
    // Loaded back as a battle would load it: the roster's problems, if any, in full.
    let mut problems = Problems::default();
    let path = out.to_string_lossy().to_string();
    load::load_warband(&Disk, &path, &rules, Some(r.points), &mut problems);
    if problems.is_empty() {
        println!("the warband is legal (SET-1, SET-3)");
    } else {
        print!("not legal yet:\n{problems}");
    }
    Ok(())
}

/// The fighters of `faction` (its runemark, any case) in the first of `files` that has it,
/// and that file.
fn profiles(files: &[PathBuf], faction: &str) -> anyhow::Result<(Vec<FighterProfile>, PathBuf)> {
    let mut seen: Vec<String> = Vec::new();
    for file in files {
        let all = read_profiles(file)?;
        let pool: Vec<FighterProfile> = all
            .iter()
            .filter(|p| p.faction.eq_ignore_ascii_case(faction))
            .cloned()
            .collect();
        if !pool.is_empty() {
            return Ok((pool, file.clone()));
        }
        seen.extend(all.into_iter().map(|p| p.faction));
    }
    seen.sort();
    seen.dedup();
    bail!(
        "no fighters of the faction `{faction}`; the factions there: {}",
        seen.join(", ")
    )
}

/// Every profile of a community JSON file (imported) or a fighter-profile file.
fn read_profiles(file: &Path) -> anyhow::Result<Vec<FighterProfile>> {
    let name = file.to_string_lossy().to_string();
    if name.to_ascii_lowercase().ends_with(".json") {
        let imported = import_paths(&ImportPaths::beside(file)).map_err(anyhow::Error::msg)?;
        for e in &imported.findings.errors {
            eprintln!("warning: left out: {e}");
        }
        return Ok(imported.fighters.into_iter().map(|x| x.profile).collect());
    }
    let mut problems = Problems::default();
    let rules = load::default_ruleset();
    match load::load_fighters(&Disk, &name, &rules, &mut problems) {
        Some(p) if problems.is_empty() => Ok(p.fighters),
        _ => bail!("{problems}"),
    }
}

/// A new roster's start: the cheapest hero as the leader.
fn leader_alone(pool: &[FighterProfile]) -> anyhow::Result<Vec<ResolvedFighter>> {
    let Some(p) = pool.iter().filter(|p| is_hero(p)).min_by_key(|p| p.points) else {
        bail!("the faction has no fighter with the hero or leader runemark to lead it (SET-1)");
    };
    Ok(vec![ResolvedFighter {
        profile: p.clone(),
        name: p.name.clone(),
        role: Role::Leader,
        group: None,
    }])
}

/// `to` as seen from the folder of `from_file` (both made absolute), with `/` separators.
fn relative(from_file: &Path, to: &Path) -> anyhow::Result<String> {
    let abs = |p: &Path| -> anyhow::Result<PathBuf> {
        let p = if p.is_absolute() {
            p.to_path_buf()
        } else {
            std::env::current_dir()?.join(p)
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
