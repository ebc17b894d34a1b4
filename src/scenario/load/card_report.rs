//! What a designer asks of a layout before playing it (`preview`'s card report, `check`'s
//! warnings): how far each side's deployment groups walk to each objective and treasure (with
//! climbs and jumps, MOVE-1..MOVE-6, for a 32 mm base), what nobody can reach, what stands on an
//! objective or a deployment point, the card's own layout mistakes, and anything lopsided
//! between red and blue.

use bevy::math::{Vec2, Vec3};
use serde::Serialize;

use super::BattleSpec;
use crate::battlefield::nav::{Mover, NavWorld};
use crate::model::formats::{Colour, DeploymentPoint, Point2, TerrainKind, xy};

/// Farther than any walk across a battlefield (a budget, not a limit anyone meets).
const FAR: f32 = 400.0;
/// Starts along a deployment line, one every this many inches.
const LINE_STEP: f32 = 2.0;
/// The colours' walks to their k-th nearest objective (or treasure), or their walks to all of
/// them, this far apart (inches) are flagged as lopsided.
pub const LOPSIDED_INCHES: f32 = 3.0;

/// An objective or a treasure token.
#[derive(Debug, Clone, Serialize)]
pub struct Target {
    /// "objective 2", "treasure 1".
    pub label: String,
    pub at: Point2,
    /// GEN-7: within 3" of an objective holds it; GEN-8: within 1" of treasure picks it up.
    pub within: f32,
}

/// One deployment group's walks: inches to each target (`None`: it can't get there).
#[derive(Debug, Clone, Serialize)]
pub struct GroupWalks {
    pub colour: Colour,
    /// "the red Dagger", "the blue Shield (round 2)".
    pub label: String,
    pub inches: Vec<Option<f32>>,
}

/// The report on a battle's layout.
#[derive(Debug, Clone, Serialize)]
pub struct CardReport {
    pub targets: Vec<Target>,
    pub groups: Vec<GroupWalks>,
    /// For each target, the nearest red and blue group's walk.
    pub nearest: Vec<[Option<f32>; 2]>,
    /// The layout's own mistakes: pieces in each other, a ladder touching nothing, what
    /// stands on an objective or a deployment point.
    pub layout: Vec<String>,
    /// What nobody (or one side only) can reach, and what is lopsided between the sides.
    pub reach: Vec<String>,
}

impl CardReport {
    /// The report on `spec`'s terrain, deployment and victory cards.
    pub fn of(spec: &BattleSpec) -> CardReport {
        let nav = NavWorld::new(
            spec.terrain.pieces.clone(),
            spec.ruleset.battlefield,
            spec.ruleset.jump_impact_height,
        );
        let targets = targets(spec);
        let mover = crate::battlefield::survey::surveyor();
        let d = &spec.deployment;
        let mut groups = Vec::new();
        for (colour, points) in [(Colour::Red, &d.red), (Colour::Blue, &d.blue)] {
            for p in points {
                let starts = starts(p, spec.ruleset.battlefield, mover.base.max_radius());
                groups.push(GroupWalks {
                    colour,
                    label: group_label(colour, p),
                    inches: walks(&nav, &mover, &starts, &targets),
                });
            }
        }
        let nearest = targets
            .iter()
            .enumerate()
            .map(|(t, _)| {
                [Colour::Red, Colour::Blue].map(|c| {
                    groups
                        .iter()
                        .filter(|g| g.colour == c)
                        .filter_map(|g| g.inches[t])
                        .min_by(f32::total_cmp)
                })
            })
            .collect();
        let mut layout: Vec<String> = spec
            .terrain
            .layout_warnings()
            .into_iter()
            .map(|(_, w)| w)
            .collect();
        layout.extend(covered_points(spec));
        let mut report = CardReport {
            targets,
            groups,
            nearest,
            layout,
            reach: Vec::new(),
        };
        report.reach = report.reach_flags();
        report
    }

    /// Everything flagged, the layout's mistakes first.
    pub fn flags(&self) -> impl Iterator<Item = &String> {
        self.layout.iter().chain(&self.reach)
    }

    fn reach_flags(&self) -> Vec<String> {
        let mut flags = Vec::new();
        for (t, [red, blue]) in self.targets.iter().zip(&self.nearest) {
            match (red, blue) {
                (None, None) => flags.push(format!(
                    "No fighter can reach {}: a 32 mm base gets within {}\" of it from neither side's deployment without crossing deadly terrain",
                    t.label, t.within
                )),
                (Some(r), None) => flags.push(format!(
                    "Only red can reach {} ({}); blue can't get within {}\" of it",
                    t.label,
                    inches(*r),
                    t.within
                )),
                (None, Some(b)) => flags.push(format!(
                    "Only blue can reach {} ({}); red can't get within {}\" of it",
                    t.label,
                    inches(*b),
                    t.within
                )),
                _ => {}
            }
        }
        for kind in ["objective", "treasure"] {
            flags.extend(self.lopsided(kind));
        }
        flags
    }

    /// Whether one colour starts nearer the targets of `kind` than the other: each colour's
    /// walks to them, shortest first, compared pair by pair and in all (a mirrored layout
    /// gives both the same list, whichever target is whose).
    fn lopsided(&self, kind: &str) -> Option<String> {
        let of = |c: usize| {
            let mut v: Vec<f32> = self
                .targets
                .iter()
                .zip(&self.nearest)
                .filter(|(t, _)| t.label.starts_with(kind))
                .filter_map(|(_, n)| n[c])
                .collect();
            v.sort_by(f32::total_cmp);
            v
        };
        let (red, blue) = (of(0), of(1));
        let (sr, sb): (f32, f32) = (red.iter().sum(), blue.iter().sum());
        let apart = red
            .iter()
            .zip(&blue)
            .any(|(r, b)| (r - b).abs() >= LOPSIDED_INCHES)
            || (sr - sb).abs() >= LOPSIDED_INCHES;
        if !apart {
            return None;
        }
        let list = |v: &[f32]| v.iter().map(|&x| inches(x)).collect::<Vec<_>>().join(", ");
        let nearer = if sr < sb { "red" } else { "blue" };
        Some(format!(
            "Lopsided: {nearer} starts nearer the {kind}s; red walks {}, blue walks {} (nearest first)",
            list(&red),
            list(&blue)
        ))
    }

    /// The report as lines of text (for `check` and the terminal).
    pub fn text(&self) -> String {
        let mut s = String::new();
        for (t, [r, b]) in self.targets.iter().zip(&self.nearest) {
            s += &format!(
                "{}: nearest red {}, nearest blue {}\n",
                t.label,
                r.map_or("can't reach".into(), inches),
                b.map_or("can't reach".into(), inches)
            );
        }
        for f in self.flags() {
            s += &format!("warning: {f}\n");
        }
        s
    }
}

/// Inches as a player reads them: `7.5"`.
pub fn inches(v: f32) -> String {
    format!("{v:.1}\"")
}

fn group_label(colour: Colour, p: &DeploymentPoint) -> String {
    let colour = match colour {
        Colour::Red => "red",
        Colour::Blue => "blue",
    };
    match p.round {
        1 => format!("the {colour} {}", p.group),
        r => format!("the {colour} {} (round {r})", p.group),
    }
}

/// The battle's objectives and treasure tokens.
fn targets(spec: &BattleSpec) -> Vec<Target> {
    let objectives = spec
        .objectives()
        .into_iter()
        .enumerate()
        .map(|(i, at)| Target {
            label: format!("objective {}", i + 1),
            at,
            within: 3.0,
        });
    let treasure = spec
        .victory
        .treasure
        .iter()
        .enumerate()
        .map(|(i, &at)| Target {
            label: format!("treasure {}", i + 1),
            at,
            within: 1.0,
        });
    objectives.chain(treasure).collect()
}

/// Where a group's fighters start walking from: its point, or spots along its deployment lines
/// (RES-1), brought onto the battlefield (a reserve's point may lie off its edge).
fn starts(p: &DeploymentPoint, (w, d): Point2, r: f32) -> Vec<Vec3> {
    let on = |(x, z): Point2| Vec3::new(x.clamp(r, w - r), 0.0, z.clamp(r, d - r));
    if p.lines.is_empty() {
        return vec![on(p.position)];
    }
    let mut out = Vec::new();
    for l in &p.lines {
        let (a, b) = (Vec2::from(l.from), Vec2::from(l.to));
        let n = (a.distance(b) / LINE_STEP).ceil().max(1.0) as usize;
        for i in 0..=n {
            let q = a.lerp(b, i as f32 / n as f32);
            out.push(on((q.x, q.y)));
        }
    }
    out
}

/// The shortest walk from any of `starts` to within reach of each target.
fn walks(nav: &NavWorld, mover: &Mover, starts: &[Vec3], targets: &[Target]) -> Vec<Option<f32>> {
    let r = mover.base.max_radius();
    let mut best: Vec<Option<f32>> = vec![None; targets.len()];
    for &s in starts {
        for (at, cost) in nav.reachable(mover, s, FAR, &[], true) {
            for (t, b) in targets.iter().zip(best.iter_mut()) {
                // GEN-2: from the base's closest point, in 3D.
                let gap = (Vec2::new(at.x, at.z).distance(Vec2::from(t.at)) - r).max(0.0);
                let reach = (gap * gap + at.y * at.y).sqrt();
                if reach <= t.within && b.is_none_or(|old| cost < old) {
                    *b = Some(cost);
                }
            }
        }
    }
    best
}

/// What stands on each objective, treasure token and deployment point: a deadly piece, or a
/// solid one nobody can stand in.
pub fn covered_points(spec: &BattleSpec) -> Vec<String> {
    let mut points: Vec<(String, Point2)> =
        targets(spec).into_iter().map(|t| (t.label, t.at)).collect();
    let d = &spec.deployment;
    for (colour, side) in [(Colour::Red, &d.red), (Colour::Blue, &d.blue)] {
        for p in side.iter().filter(|p| p.lines.is_empty()) {
            points.push((
                format!("{} deployment point", group_label(colour, p)),
                p.position,
            ));
        }
    }
    let terrain = &spec.terrain;
    points
        .into_iter()
        .filter_map(|(what, p)| {
            let piece = terrain.blocking_at(p)?;
            let kind = if piece.kind == TerrainKind::Deadly {
                "the deadly piece"
            } else {
                "the solid piece"
            };
            Some(format!(
                "{what} of {} at {} lies under {kind} `{}` of {}",
                d.name,
                xy(p),
                piece.id,
                terrain.name
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::formats::{TerrainKind, TerrainPiece};
    use crate::scenario::load::{DEFAULT_BATTLE, Embedded, load_battle};

    fn default_battle() -> BattleSpec {
        load_battle(&Embedded, DEFAULT_BATTLE).unwrap()
    }

    /// GEN-7, MOVE-1: the default battle's layout is mirrored: every objective is reached by
    /// both colours, each colour's walks are the other's, and nothing is flagged.
    #[test]
    fn gen7_move1_the_mirrored_default_battle_is_reached_alike_and_flags_nothing() {
        let r = CardReport::of(&default_battle());
        assert_eq!(r.targets.len(), 5);
        assert_eq!(r.groups.len(), 6);
        let mut red: Vec<f32> = r.nearest.iter().map(|n| n[0].unwrap()).collect();
        let mut blue: Vec<f32> = r.nearest.iter().map(|n| n[1].unwrap()).collect();
        red.sort_by(f32::total_cmp);
        blue.sort_by(f32::total_cmp);
        for (a, b) in red.iter().zip(&blue) {
            assert!((a - b).abs() < 0.6, "red {red:?} blue {blue:?}");
        }
        assert_eq!(r.flags().count(), 0, "{:?}", r.flags().collect::<Vec<_>>());
    }

    /// A deadly pool over objective 1 (MOVE-10): flagged as under the pool, and out of reach
    /// for a fighter keeping out of deadly terrain.
    #[test]
    fn move10_gen7_an_objective_in_a_deadly_pool_is_flagged_as_covered_and_out_of_reach() {
        let mut spec = default_battle();
        let at = spec.objectives()[0];
        spec.terrain.pieces.push(TerrainPiece::on_floor(
            "pool",
            TerrainKind::Deadly,
            at,
            (12.0, 12.0),
            0.05,
        ));
        let r = CardReport::of(&spec);
        assert_eq!(r.nearest[0], [None, None]);
        let flags: Vec<&String> = r.flags().collect();
        assert!(
            flags
                .iter()
                .any(|f| f.starts_with("No fighter can reach objective 1")),
            "{flags:?}"
        );
        assert!(
            flags
                .iter()
                .any(|f| f.contains("objective 1 of") && f.contains("deadly piece `pool`")),
            "{flags:?}"
        );
    }

    /// SET-6: blue's deployment points moved into a corner of the board: red starts nearer
    /// the objectives, and the report says so with both colours' walks.
    #[test]
    fn set6_gen7_a_deployment_nearer_the_objectives_for_red_is_flagged_lopsided() {
        let mut spec = default_battle();
        for p in &mut spec.deployment.blue {
            if p.lines.is_empty() {
                p.position = (29.0, 1.0);
            }
        }
        let r = CardReport::of(&spec);
        let lopsided: Vec<&String> = r
            .reach
            .iter()
            .filter(|f| f.starts_with("Lopsided"))
            .collect();
        assert_eq!(lopsided.len(), 1, "{:?}", r.reach);
        assert!(
            lopsided[0].starts_with("Lopsided: red starts nearer the objectives; red walks"),
            "{}",
            lopsided[0]
        );
    }
}
