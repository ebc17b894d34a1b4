//! `setup`: set a battle up headless (SET-2..SET-6); print the log and where everyone stands.

use super::{load_spec, to_json};
use crate::PlayArgs;

pub fn setup(args: &PlayArgs, json: bool) -> anyhow::Result<()> {
    let spec = load_spec(args)?;
    let mut app = warcry_sim::headless_app(&spec);
    app.update();
    let report = warcry_sim::scenario::report::setup_report(app.world_mut());
    if json {
        println!("{}", to_json(&report));
    } else {
        print!("{}", report.text());
    }
    Ok(())
}
