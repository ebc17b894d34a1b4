//! `check`: load and validate scene files or folders; every problem as `path:line:col`.

use std::path::PathBuf;

use warcry_sim::scenario::load;

pub fn check(paths: &[PathBuf]) -> anyhow::Result<()> {
    let (problems, n) = load::check_paths(paths);
    if !problems.is_empty() {
        anyhow::bail!(
            "{problems}{} problem(s) in {n} file(s) checked",
            problems.0.len()
        );
    }
    println!("{n} file(s) checked, no problems");
    Ok(())
}
