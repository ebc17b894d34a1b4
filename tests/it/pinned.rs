//! The battle logs of a few seeds, pinned: work that makes battles faster must not change a
//! single decision, roll or distance (same battle file + seed = same battle, on every build).
//! A change of a rule on purpose changes these figures, and says so in its commit.

use warcry_sim::rules::log::BattleLog;
use warcry_sim::scenario::load::{DEFAULT_BATTLE, Embedded, load_battle};
use warcry_sim::sim::batch::ai_v_ai;
use warcry_sim::sim::run_one;

/// FNV-1a, 64 bits: a hash that is the same on every machine and build.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// GEN-2 (measuring), MOVE-1..MOVE-7 (paths), SOLO-A1..SOLO-C7 (the AI's choices), ATK-3 (dice):
/// AI-vs-AI battles of the default battle, each log's hash and length as recorded before
/// the navigation was made faster.
#[test]
fn the_logs_of_pinned_seeds_do_not_change() {
    let spec = ai_v_ai(&load_battle(&Embedded, DEFAULT_BATTLE).unwrap());
    let pinned: [(u64, u64, usize); 4] = [
        (1, 661372539661215047, 62250),
        (7, 9325041753565210526, 69409),
        (42, 11601268300609180947, 69459),
        (2026, 86482012584076844, 64608),
    ];
    let mut got = Vec::new();
    for &(seed, _, _) in &pinned {
        let (_, app) = run_one(&spec, seed).unwrap();
        let text = app.world().resource::<BattleLog>().to_text();
        got.push((seed, fnv(&text), text.len()));
    }
    assert_eq!(got, pinned);
}
