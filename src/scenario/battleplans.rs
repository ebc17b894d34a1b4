//! Converts the community deployment-map transcription (`battleplans.json`, public domain) into
//! deployment cards. JSON coordinates: inches, origin top-left, x along the 30" edge, y along
//! the 22" edge; deployments in the order Dagger, Shield, Hammer; `round` is the round a group
//! arrives (RND2/RND3); `edges` are deployment lines given by centre and half-length.
//! Our cards use (x, z) with the same origin and axes, so coordinates carry over unchanged.

use serde::Deserialize;

use crate::model::formats::{DeploymentCard, DeploymentLine, DeploymentPoint, GroupName, Point2};

#[derive(Debug, Deserialize)]
struct File {
    battleplans: Vec<Plan>,
}

#[derive(Debug, Deserialize)]
struct Plan {
    #[serde(default)]
    set: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    source: Option<String>,
    #[serde(default)]
    deployments: Option<Deployments>,
    #[serde(default)]
    objectives: Vec<Vec<f32>>,
}

#[derive(Debug, Deserialize)]
struct Deployments {
    red: Vec<Point>,
    blue: Vec<Point>,
}

#[derive(Debug, Deserialize)]
struct Point {
    p: [f32; 2],
    #[serde(default = "one")]
    round: u32,
    #[serde(default)]
    edges: Vec<Edge>,
}

fn one() -> u32 {
    1
}

#[derive(Debug, Deserialize)]
struct Edge {
    center: [f32; 2],
    range: f32,
}

/// One converted card and the file name it should have.
#[derive(Debug)]
pub struct Converted {
    pub file_name: String,
    pub card: DeploymentCard,
}

/// Converts every plan that has deployment coordinates. `board` is the battlefield size.
pub fn convert(json: &str, board: Point2) -> Result<Vec<Converted>, String> {
    let file: File =
        serde_json::from_str(json).map_err(|e| format!("{}:{}: {e}", e.line(), e.column()))?;
    let mut out: Vec<Converted> = Vec::new();
    for plan in file.battleplans {
        let Some(dep) = plan.deployments else {
            continue;
        };
        if dep.red.len() != 3 || dep.blue.len() != 3 || is_test_plan(&plan.set) {
            continue;
        }
        let name = if plan.name.trim().is_empty() {
            plan.set.clone()
        } else {
            plan.name.clone()
        };
        let mut file_name = format!("{}__{}", slug(&plan.set), slug(&name));
        // Two plans of one set with one name: keep both.
        let mut k = 2;
        while out
            .iter()
            .any(|c| c.file_name == format!("{file_name}.ron"))
        {
            file_name = format!("{}__{}_{k}", slug(&plan.set), slug(&name));
            k += 1;
        }
        let points = |pts: &[Point]| -> Vec<DeploymentPoint> {
            pts.iter()
                .zip(GroupName::ALL)
                .map(|(p, group)| DeploymentPoint {
                    group,
                    position: (p.p[0], p.p[1]),
                    round: p.round,
                    lines: p.edges.iter().map(|e| edge_line(e, board)).collect(),
                })
                .collect()
        };
        let source = match (&plan.source, plan.set.as_str()) {
            (Some(s), set) => format!("{set}, {s}"),
            (None, set) => set.to_string(),
        };
        out.push(Converted {
            file_name: format!("{file_name}.ron"),
            card: DeploymentCard {
                name,
                source: Some(format!(
                    "{source} (community transcription of the deployment map, public domain)"
                )),
                red: points(&dep.red),
                blue: points(&dep.blue),
                objectives: plan
                    .objectives
                    .iter()
                    .filter(|o| o.len() >= 2)
                    .map(|o| (o[0], o[1]))
                    .collect(),
            },
        });
    }
    Ok(out)
}

/// The transcription's own test plans ("0 - test": "Center", "GFX Test Deployment") are
/// not battleplans a player would pick.
fn is_test_plan(set: &str) -> bool {
    set.trim()
        .to_lowercase()
        .trim_start_matches(|c: char| c.is_ascii_digit() || c == ' ' || c == '-')
        == "test"
}

/// A deployment line along the edge its centre lies on.
fn edge_line(e: &Edge, (w, d): Point2) -> DeploymentLine {
    // A centre on the left or right edge runs along z; otherwise along x.
    let [cx, cy] = e.center;
    let eq = |a: f32, b: f32| (a - b).abs() < 1e-3;
    if eq(cx, 0.0) || eq(cx, w) {
        DeploymentLine {
            from: (cx, (cy - e.range).max(0.0)),
            to: (cx, (cy + e.range).min(d)),
        }
    } else {
        DeploymentLine {
            from: ((cx - e.range).max(0.0), cy),
            to: ((cx + e.range).min(w), cy),
        }
    }
}

fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('_') && !out.is_empty() {
            out.push('_');
        }
    }
    out.trim_end_matches('_').to_string()
}

/// The RON text of a card, with a header saying where it came from.
pub fn to_ron(card: &DeploymentCard) -> String {
    let cfg = ron::ser::PrettyConfig::new()
        .struct_names(true)
        .indentor("    ".to_string());
    let body = ron::ser::to_string_pretty(card, cfg).expect("a deployment card serializes");
    format!(
        "// Converted from the community battleplan transcription (public domain) by\n// `warcry-sim import-deployments`. (x, z) in inches, origin at the top-left corner.\n{body}\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"{"battleplans": [
      {"set": "S", "name": "No Map"},
      {"set": "Set A", "name": "Two Lines", "deployments": {
        "red": [{"p": [2, 6], "round": 1, "edges": []},
                {"p": [15, 6], "round": 1, "edges": []},
                {"p": [32, 5.5], "round": 2, "edges": [{"center": [30, 5.5], "range": 5.5}]}],
        "blue": [{"p": [2, 16], "round": 1, "edges": []},
                 {"p": [15, 16], "round": 3, "edges": [{"center": [7.5, 22], "range": 7.5}]},
                 {"p": [28, 16], "round": 1, "edges": []}]},
       "objectives": [[15, 11, 1]]}
    ]}"#;

    #[test]
    fn converts_points_groups_rounds_lines_and_objectives() {
        let cards = convert(SAMPLE, (30.0, 22.0)).unwrap();
        assert_eq!(cards.len(), 1, "plans without coordinates are skipped");
        let c = &cards[0];
        assert_eq!(c.file_name, "set_a__two_lines.ron");
        assert_eq!(c.card.red[2].group, GroupName::Hammer);
        assert_eq!(c.card.red[2].round, 2);
        assert_eq!(
            c.card.red[2].lines,
            vec![DeploymentLine {
                from: (30.0, 0.0),
                to: (30.0, 11.0)
            }]
        );
        assert_eq!(c.card.blue[1].round, 3);
        assert_eq!(
            c.card.blue[1].lines[0],
            DeploymentLine {
                from: (0.0, 22.0),
                to: (15.0, 22.0)
            }
        );
        assert_eq!(c.card.objectives, vec![(15.0, 11.0)]);
        // The RON text loads back to the same card.
        let back: DeploymentCard = ron::from_str(&to_ron(&c.card)).unwrap();
        assert_eq!(back, c.card);
    }

    /// SET-4: the transcription's own test plans are not offered as cards to play.
    #[test]
    fn set4_the_transcriptions_test_plans_are_not_converted() {
        let test_set = SAMPLE.replace("\"set\": \"Set A\"", "\"set\": \"0 - test\"");
        assert_ne!(test_set, SAMPLE);
        assert!(convert(&test_set, (30.0, 22.0)).unwrap().is_empty());
        assert!(!is_test_plan("Test of Champions"));
    }

    #[test]
    fn bad_json_reports_line_and_column() {
        let e = convert("{\"battleplans\": [\n  {\"set\": 3}]}", (30.0, 22.0)).unwrap_err();
        assert!(e.starts_with("2:"), "{e}");
    }
}
