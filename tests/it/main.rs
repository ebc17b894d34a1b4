//! The one integration-test binary (every extra binary relinks Bevy).

mod battlefield_cli;
mod battles;
mod check;
mod deployment_cards;
mod deviations;
mod engine;
#[cfg(feature = "gui")]
mod render;
mod rule_coverage;
mod setup;
mod solo;

/// Runs the warcry-sim binary: (success, stdout, stderr).
pub fn cli(args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_warcry-sim"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}
