//! `measure` and `path` on the default battle, as a user runs them.

use crate::cli as run;

#[test]
fn gen2_gen3_measure_prints_distances_visibility_and_cover_as_json() {
    // Fighter 1 (Runesmith Hild) and 9 (Oracle Senna) are deployed with the default seed.
    let (ok, out, err) = run(&["measure", "--from", "1", "--to", "9", "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let d = v["distance"].as_f64().unwrap();
    let h = v["horizontal"].as_f64().unwrap();
    assert!(d > 0.0 && (d - h).abs() < 1e-4, "both on the floor: {v}");
    assert_eq!(v["vertical_rounded"].as_f64(), Some(0.0));
    assert!(v["visible"].is_boolean());
    // A point up on the tower: the vertical distance is rounded up to the half inch.
    let (ok, out, err) = run(&["measure", "--from", "1", "--to", "12,2.6,13", "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["vertical_rounded"].as_f64(), Some(3.0));
    assert!(v["visible"].is_null());
    // Unknown names are reported, not a panic.
    let (ok, _, err) = run(&["measure", "--from", "nobody", "--to", "1"]);
    assert!(!ok);
    assert!(err.contains("neither a deployed fighter"), "{err}");
}

#[test]
fn move5_path_prints_waypoints_kinds_and_cost_as_json() {
    // Tofa (#6) climbs the tower base (3") to a point on its top.
    let (ok, out, err) = run(&["path", "--fighter", "6", "--to", "12,3,13", "--json"]);
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let steps = v["path"]["steps"].as_array().unwrap();
    assert!(steps.iter().any(|s| s["kind"] == "climb"), "{v}");
    let total: f64 = steps.iter().map(|s| s["cost"].as_f64().unwrap()).sum();
    assert!((total - v["path"]["cost"].as_f64().unwrap()).abs() < 1e-3);
    let last = &steps.last().unwrap()["to"];
    assert_eq!(last.as_array().unwrap()[1].as_f64(), Some(3.0));
    // To an objective, text output.
    let (ok, out, err) = run(&["path", "--fighter", "Tofa", "--to", "objective 2"]);
    assert!(ok, "{err}");
    assert!(
        out.contains("within 3\" of objective 2") && out.contains("cost:"),
        "{out}"
    );
}
