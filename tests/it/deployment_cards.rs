//! Every battleplan with coordinates in the shared transcription ships as a deployment card
//! (but its own test plans).

use std::path::Path;

#[test]
fn set5_all_battleplans_with_coordinates_are_shipped_and_match() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // The transcription sits beside the repository on the team's machines and in CI; a clone
    // of the repository alone skips this comparison (the shipped cards are checked by `check`).
    let Some(json) = crate::shared_path(
        "data/battleplans.json",
        "the shipped deployment cards against the battleplan transcription",
    ) else {
        return;
    };
    let text = std::fs::read_to_string(&json).unwrap();
    let rules = warcry_sim::scenario::load::default_ruleset();
    let converted = warcry_sim::scenario::battleplans::convert(&text, rules.battlefield).unwrap();
    // The transcription's own test plans ("0 - test") are not battleplans to play (SET-4).
    let plans: serde_json::Value = serde_json::from_str(&text).unwrap();
    let expected = plans["battleplans"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p.get("deployments").is_some() && p["set"] != "0 - test")
        .count();
    assert_eq!(
        converted.len(),
        expected,
        "every plan with coordinates is converted"
    );
    for c in converted {
        let shipped = root.join("scenes/deployment").join(&c.file_name);
        let body = std::fs::read_to_string(&shipped)
            .unwrap_or_else(|e| panic!("{} is not shipped: {e}", shipped.display()));
        assert_eq!(
            body,
            warcry_sim::scenario::battleplans::to_ron(&c.card),
            "{} differs from a fresh conversion",
            shipped.display()
        );
    }
}

/// The files of a scenes folder, sorted.
fn scene_files(folder: &str) -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<String> = std::fs::read_dir(root.join(folder))
        .unwrap()
        .map(|e| format!("{folder}/{}", e.unwrap().file_name().to_string_lossy()))
        .filter(|f| f.ends_with(".ron"))
        .collect();
    files.sort();
    files
}

/// Every shipped terrain card loads clean and plays with every shipped deployment card: each
/// battle group set up round its deployment point wherever the terrain stands (SET-6), one
/// AI-against-AI battle each to its end (VIC-1), no stall and no command the rules refuse.
#[test]
fn set6_vic1_every_terrain_card_plays_with_every_deployment_card() {
    use warcry_sim::scenario::load::{DEFAULT_BATTLE, Disk, Embedded, Problems, load_battle};
    use warcry_sim::sim::batch::{Verdict, ai_v_ai, judge, parallel};
    let base = load_battle(&Embedded, DEFAULT_BATTLE).unwrap();
    let terrains = scene_files("scenes/terrain");
    assert!(terrains.len() >= 6, "{terrains:?}");
    let deployments = scene_files("scenes/deployment");
    let mut specs = Vec::new();
    for t in &terrains {
        let mut problems = Problems::default();
        let card = warcry_sim::scenario::load::load_terrain(&Disk, t, &base.ruleset, &mut problems);
        assert!(problems.is_empty(), "{t}: {problems:?}");
        let card = card.unwrap();
        for d in &deployments {
            // With the default battle's victory card (Hold the Cairns), or, for a deployment
            // card that places no objectives, one that needs none.
            let with = |v: Option<&str>| {
                warcry_sim::sim::cards::with_cards(&base, &Embedded, &Disk, Some(d), v)
            };
            let mut spec = with(None)
                .or_else(|_| with(Some("scenes/victory/plunder.ron")))
                .unwrap_or_else(|e| panic!("{d}: {e}"));
            spec.terrain = card.clone();
            specs.push((format!("{} with {d}", card.name), ai_v_ai(&spec)));
        }
    }
    let verdicts = parallel(specs.len(), 2, |i| judge(&specs[i].1, 1 + i as u64));
    let failed: Vec<String> = verdicts
        .iter()
        .zip(&specs)
        .filter_map(|(v, (name, _))| match v {
            Verdict::Ended(_) => None,
            Verdict::Stalled { reason, .. } => Some(format!("{name}: stalled: {reason}")),
            Verdict::Error(e) => Some(format!("{name}: {e}")),
        })
        .collect();
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
