//! Every battleplan with coordinates in the shared transcription ships as a deployment card
//! (but its own test plans).

use std::path::Path;

#[test]
fn set5_all_battleplans_with_coordinates_are_shipped_and_match() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let json = root.join("../shared/data/battleplans.json");
    let Ok(text) = std::fs::read_to_string(&json) else {
        // The shared data sits beside the repository on the team's machines and in CI; a
        // copy of the repository alone can't run this comparison.
        panic!(
            "{} is missing: run the tests from the work tree next to shared/",
            json.display()
        );
    };
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
