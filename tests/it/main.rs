//! The one integration-test binary (every extra binary relinks Bevy).

mod battlefield_cli;
mod battles;
mod check;
mod cli_simulate;
mod deployment_cards;
mod deviations;
mod door;
mod engine;
#[cfg(feature = "feed")]
mod feed;
mod import;
mod layout;
mod odds;
mod pinned;
mod player;
#[cfg(feature = "gui")]
mod preview;
#[cfg(feature = "gui")]
mod render;
mod replays;
mod rosters;
mod rule_coverage;
mod scenes;
mod setup;
mod solo;

/// Runs the warcry-sim binary: (success, stdout, stderr).
pub fn cli(args: &[&str]) -> (bool, String, String) {
    cli_in(std::path::Path::new("."), args)
}

/// Runs the warcry-sim binary in the folder `dir`: (success, stdout, stderr).
pub fn cli_in(dir: &std::path::Path, args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_warcry-sim"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// `../shared/REL` (the team's rules and data beside the repository), or `None` when a clone of
/// the repository stands alone: then `check` is skipped, and a line on stderr says so.
pub fn shared_path(rel: &str, check: &str) -> Option<std::path::PathBuf> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(rel);
    if path.exists() {
        return Some(path);
    }
    eprintln!(
        "skipped: {check} ({} is not beside the repository)",
        path.display()
    );
    None
}
