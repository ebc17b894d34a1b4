//! `measure`: distances, visibility and cover between two fighters or points, after setup.

use super::{to_json, with_battle};
use crate::PlayArgs;

pub fn measure(args: &PlayArgs, from: &str, to: &str, json: bool) -> anyhow::Result<()> {
    with_battle(args, json, |w| {
        warcry_sim::battlefield::query::measure(w, from, to).map(|r| (r.text(), to_json(&r)))
    })
}
