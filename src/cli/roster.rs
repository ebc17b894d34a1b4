//! `roster new`: a warband of one faction from fighter data (community JSON or profile files),
//! written as a warband file and loaded back as the game would (SET-1, SET-3 checked).

use std::path::PathBuf;

use anyhow::bail;
use warcry_sim::model::formats::{FighterProfile, Role};
use warcry_sim::rules::roster::{RosterSpec, is_hero, random_roster, taken};
use warcry_sim::rules::warband::ResolvedFighter;
use warcry_sim::scenario::community::faction_file_name;
use warcry_sim::scenario::load::{self, Disk, Problems};
use warcry_sim::scenario::rosters::{factions, read_profiles, save_warband};

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
    let limit = (r.points != rules.muster().max_points).then_some(r.points);
    save_warband(&out, &faction, alliance, &file, &fighters, limit).map_err(anyhow::Error::msg)?;
    for f in &fighters {
        let group = f.group.map(|g| format!(" · {g}")).unwrap_or_default();
        let role = match f.role {
            Role::Fighter => String::new(),
            r => format!(" · {r}"),
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
        let (all, left_out) = read_profiles(file).map_err(anyhow::Error::msg)?;
        for e in left_out {
            eprintln!("warning: left out: {e}");
        }
        let pool: Vec<FighterProfile> = all
            .iter()
            .filter(|p| p.faction.eq_ignore_ascii_case(faction))
            .cloned()
            .collect();
        if !pool.is_empty() {
            return Ok((pool, file.clone()));
        }
        seen.extend(factions(&all));
    }
    seen.sort();
    seen.dedup();
    bail!(
        "no fighters of the faction `{faction}`; the factions there: {}",
        seen.join(", ")
    )
}

/// A new roster's start: the cheapest hero as the leader.
fn leader_alone(pool: &[FighterProfile]) -> anyhow::Result<Vec<ResolvedFighter>> {
    let Some(p) = pool.iter().filter(|p| is_hero(p)).min_by_key(|p| p.points) else {
        bail!("the faction has no fighter with the hero or leader runemark to lead it (SET-1)");
    };
    Ok(vec![taken(p, Role::Leader, &[])])
}
