//! `check`: load and validate scene files or folders; every problem as `path:line:col`.

use std::path::PathBuf;

use warcry_sim::scenario::load;

pub fn check(paths: &[PathBuf]) -> anyhow::Result<()> {
    let (problems, warnings, n) = load::check_paths_with_warnings(paths);
    // Layout mistakes that load fine: told, but no failure.
    for w in &warnings {
        eprintln!("{w}");
    }
    if !problems.is_empty() {
        anyhow::bail!(
            "{problems}{} problem(s) in {n} file(s) checked",
            problems.0.len()
        );
    }
    match warnings.len() {
        0 => println!("{n} file(s) checked, no problems"),
        w => println!("{n} file(s) checked, no problems, {w} warning(s)"),
    }
    Ok(())
}
