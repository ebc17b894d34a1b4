//! Deployment cards (`scenes/deployment/*.ron`) and the deployment colours (SET-5, RES-1).

use serde::{Deserialize, Serialize};

use super::{GroupName, Point2, xy};
use crate::model::ruleset::Ruleset;
use crate::model::validate::Validator;

/// A deployment line: a stretch of battlefield edge where a reserve group may arrive (RES-1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeploymentLine {
    pub from: Point2,
    pub to: Point2,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeploymentPoint {
    pub group: GroupName,
    pub position: Point2,
    /// 1: set up at the start; 2 or 3: a reserve arriving in that round (RND2/RND3, RES-1).
    #[serde(default = "one")]
    pub round: u32,
    #[serde(default)]
    pub lines: Vec<DeploymentLine>,
}

fn one() -> u32 {
    1
}

/// Root of a deployment-card file (`scenes/deployment/*.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DeploymentCard {
    pub name: String,
    #[serde(default)]
    pub source: Option<String>,
    pub red: Vec<DeploymentPoint>,
    pub blue: Vec<DeploymentPoint>,
    /// Objective markers, placed when the victory card asks for them.
    #[serde(default)]
    pub objectives: Vec<Point2>,
}

/// How far beyond the edge an off-battlefield reserve point may lie.
pub const RESERVE_POINT_MARGIN: f32 = 3.0;

impl DeploymentCard {
    pub fn validate(&self, rules: &Ruleset, v: &mut Validator) {
        let (bw, bd) = rules.battlefield;
        for (colour, points) in [("red", &self.red), ("blue", &self.blue)] {
            if points.len() != 3 {
                v.error(
                    colour,
                    format!(
                        "{colour} needs 3 deployment points (SET-5), found {}",
                        points.len()
                    ),
                );
            }
            for g in GroupName::ALL {
                let n = points.iter().filter(|p| p.group == g).count();
                if n != 1 && points.len() == 3 {
                    v.error(
                        colour,
                        format!("{colour} needs exactly one {g} point (SET-5), found {n}"),
                    );
                }
            }
            for (i, p) in points.iter().enumerate() {
                let path = format!("{colour}[{i}]");
                if !(1..=3).contains(&p.round) {
                    v.error(
                        format!("{path}.round"),
                        format!("round {} must be 1, 2 (RND2) or 3 (RND3)", p.round),
                    );
                }
                let m = if p.round > 1 {
                    RESERVE_POINT_MARGIN
                } else {
                    0.0
                };
                let (x, z) = p.position;
                if !(x >= -m && x <= bw + m && z >= -m && z <= bd + m) {
                    v.error(
                        format!("{path}.position"),
                        format!(
                            "point {} is off the {bw}\"x{bd}\" battlefield{}",
                            xy(p.position),
                            if p.round > 1 { " by more than 3\"" } else { "" }
                        ),
                    );
                }
                for (j, l) in p.lines.iter().enumerate() {
                    if !on_same_edge(l, bw, bd) {
                        v.error(
                            format!("{path}.lines[{j}]"),
                            format!(
                                "deployment line {} to {} must run along one battlefield edge",
                                xy(l.from),
                                xy(l.to)
                            ),
                        );
                    }
                }
            }
        }
        for (i, &(x, z)) in self.objectives.iter().enumerate() {
            if !(0.0..=bw).contains(&x) || !(0.0..=bd).contains(&z) {
                v.error(
                    format!("objectives[{i}]"),
                    format!("objective ({x}, {z}) is off the {bw}\"x{bd}\" battlefield"),
                );
            }
        }
    }

    pub fn points(&self, colour: Colour) -> &[DeploymentPoint] {
        match colour {
            Colour::Red => &self.red,
            Colour::Blue => &self.blue,
        }
    }
}

fn on_same_edge(l: &DeploymentLine, bw: f32, bd: f32) -> bool {
    let eq = |a: f32, b: f32| (a - b).abs() < 1e-3;
    let in_x = |x: f32| (-1e-3..=bw + 1e-3).contains(&x);
    let in_z = |z: f32| (-1e-3..=bd + 1e-3).contains(&z);
    let ((x1, z1), (x2, z2)) = (l.from, l.to);
    ((eq(x1, 0.0) && eq(x2, 0.0)) || (eq(x1, bw) && eq(x2, bw))) && in_z(z1) && in_z(z2)
        || ((eq(z1, 0.0) && eq(z2, 0.0)) || (eq(z1, bd) && eq(z2, bd))) && in_x(x1) && in_x(x2)
}

/// Deployment colour (SET-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Colour {
    Red,
    Blue,
}

impl std::fmt::Display for Colour {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Colour::Red => "red",
            Colour::Blue => "blue",
        })
    }
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::Red => Colour::Blue,
            Colour::Blue => Colour::Red,
        }
    }
}
