//! `import-fighters`: the community fighter data into fighter-profile files, one per faction.

use std::path::PathBuf;

use anyhow::Context;
use warcry_sim::scenario::community::{
    ImportPaths, Imported, faction_file_name, import_paths, profiles_to_ron,
};
use warcry_sim::scenario::write_atomic;

/// The files named on the command line.
pub struct Files {
    pub fighters: PathBuf,
    pub abilities: Option<PathBuf>,
    pub universal: Option<PathBuf>,
    pub bases: Option<PathBuf>,
    pub base_rules: Option<PathBuf>,
    pub overrides: Option<PathBuf>,
    pub out: PathBuf,
}

pub fn import_fighters(f: &Files) -> anyhow::Result<()> {
    let imported = import_paths(&ImportPaths {
        fighters: f.fighters.clone(),
        abilities: f.abilities.clone(),
        universal: f.universal.clone(),
        bases: f.bases.clone(),
        base_rules: f.base_rules.clone(),
        overrides: f.overrides.clone(),
    })
    .map_err(anyhow::Error::msg)?;
    for p in &imported.findings.errors {
        eprintln!("error: {p}");
    }
    for p in &imported.findings.warnings {
        eprintln!("warning: {p}");
    }
    std::fs::create_dir_all(&f.out)
        .with_context(|| format!("{}: cannot create the folder", f.out.display()))?;
    let from = f.fighters.display().to_string();
    for (faction, profiles) in imported.by_faction() {
        let path = f.out.join(faction_file_name(&faction));
        write_atomic(&path, profiles_to_ron(&profiles, &from).as_bytes())
            .with_context(|| format!("{}: cannot write", path.display()))?;
    }
    println!("{}", summary(&imported, &f.out.display().to_string()));
    let shapes = imported.unrecognised_shapes();
    if !shapes.is_empty() {
        println!("the sentences that kept abilities from being automated, most common first:");
        for (shape, n) in shapes.iter().take(10) {
            println!("  {n} x {shape}");
        }
    }
    Ok(())
}

/// The counts, for people.
fn summary(i: &Imported, out: &str) -> String {
    let c = &i.counts;
    let factions = i.by_faction().len();
    format!(
        "fighters: {} of {} converted ({} with a base from the base-size file)\n\
         abilities: {} of {} converted, {} automated ({:.0}%)\n\
         {} error(s), {} warning(s)\n\
         {factions} faction file(s) written to {out}",
        c.fighters,
        c.fighters_read,
        c.bases_from_file,
        c.abilities,
        c.abilities_read,
        c.abilities_automated,
        c.automated_percent(),
        i.findings.errors.len(),
        i.findings.warnings.len(),
    )
}
