//! `import-fighters`: the community fighter data into fighter-profile files, one per faction.

use std::path::Path;

use anyhow::Context;
use warcry_sim::scenario::community::{
    ImportPaths, Imported, faction_file_name, import_paths, profiles_to_ron,
};
use warcry_sim::scenario::write_atomic;

/// Imports the files `f` names and writes the profiles by faction into `out`.
pub fn import_fighters(f: &ImportPaths, out: &Path) -> anyhow::Result<()> {
    let imported = import_paths(f).map_err(anyhow::Error::msg)?;
    for p in &imported.findings.errors {
        eprintln!("error: {p}");
    }
    for p in &imported.findings.warnings {
        eprintln!("warning: {p}");
    }
    std::fs::create_dir_all(out)
        .with_context(|| format!("{}: cannot create the folder", out.display()))?;
    let from = f.fighters.display().to_string();
    for (faction, profiles) in imported.by_faction() {
        let path = out.join(faction_file_name(&faction));
        write_atomic(&path, profiles_to_ron(&profiles, &from).as_bytes())
            .with_context(|| format!("{}: cannot write", path.display()))?;
    }
    println!("{}", summary(&imported, &out.display().to_string()));
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
         abilities: {} of {} converted, {} automated ({:.1}%)\n\
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
