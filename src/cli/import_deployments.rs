//! `import-deployments`: convert a battleplans.json transcription into deployment cards.

use std::path::Path;

use anyhow::Context;
use warcry_sim::scenario::{battleplans, load, write_atomic};

pub fn import_deployments(json: &Path, out: &Path) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(json)
        .with_context(|| format!("{}:1:1: cannot read the file", json.display()))?;
    let rules = load::default_ruleset();
    let cards = battleplans::convert(&text, rules.battlefield)
        .map_err(|e| anyhow::anyhow!("{}:{e}", json.display()))?;
    std::fs::create_dir_all(out)
        .with_context(|| format!("{}: cannot create the folder", out.display()))?;
    for c in &cards {
        let path = out.join(&c.file_name);
        let text = battleplans::to_ron(&c.card);
        write_atomic(&path, text.as_bytes())
            .with_context(|| format!("{}: cannot write", path.display()))?;
    }
    println!(
        "{} deployment card(s) written to {}",
        cards.len(),
        out.display()
    );
    Ok(())
}
