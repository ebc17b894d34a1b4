//! `path`: the shortest path of a fighter to a point, a fighter or an objective, after setup.

use super::{to_json, with_battle};
use crate::PlayArgs;

pub fn path(
    args: &PlayArgs,
    fighter: &str,
    to: &str,
    avoid_deadly: bool,
    json: bool,
) -> anyhow::Result<()> {
    with_battle(args, json, |w| {
        warcry_sim::battlefield::query::path(w, fighter, to, avoid_deadly)
            .map(|r| (r.text(), to_json(&r)))
    })
}
