//! Places in words, for sentences people read: "on the tower top (5.5" up)", "by objective
//! 2", "in the bile pool", "in the open, 4" from the rubble". A log that knows no landmarks
//! (a test's, an old save's) falls back to the numbers.

use crate::model::formats::{Point2, TerrainKind, TerrainPiece};

/// What the battlefield has that a place can be named after.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Landmarks {
    pub pieces: Vec<TerrainPiece>,
    /// Objective centres, numbered from 1 in this order.
    pub objectives: Vec<Point2>,
}

/// Closer than this to an objective's centre is "by" it (GEN-7 counts 3").
const BY_OBJECTIVE: f32 = 3.0;
/// Closer than this to a terrain piece's footprint is "by" it.
const BY_PIECE: f32 = 1.0;

impl Landmarks {
    /// `p` (x, height, z) in words.
    pub fn words(&self, p: &[f32; 3]) -> String {
        if self.pieces.is_empty() && self.objectives.is_empty() {
            return format!("at {}", point(p));
        }
        let (x, y, z) = (p[0], p[1], p[2]);
        if y > 0.25 {
            return self.up_on(x, y, z);
        }
        if let Some(t) = self
            .pieces
            .iter()
            .filter(|t| matches!(t.kind, TerrainKind::Deadly | TerrainKind::LowTerrain))
            .find(|t| gap(t, x, z) == 0.0)
        {
            return format!("in {}", the(t));
        }
        let objective = self
            .objectives
            .iter()
            .enumerate()
            .map(|(i, o)| (i, (o.0 - x).hypot(o.1 - z)))
            .min_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((i, d)) = objective
            && d <= BY_OBJECTIVE
        {
            return format!("by objective {}", i + 1);
        }
        match self.nearest(x, z) {
            Some((t, d)) if d <= BY_PIECE => format!("by {}", the(t)),
            Some((t, d)) => format!("in the open, {d:.0}\" from {}", the(t)),
            None => format!("at {}", point(p)),
        }
    }

    /// On top of the highest piece under `(x, z)` whose top is at `y`, or "N\" up".
    fn up_on(&self, x: f32, y: f32, z: f32) -> String {
        let on = self
            .pieces
            .iter()
            .filter(|t| t.kind != TerrainKind::Ladder && gap(t, x, z) < 0.05)
            .filter(|t| (t.top() - y).abs() < 0.3)
            .max_by(|a, b| a.top().total_cmp(&b.top()));
        match on {
            Some(t) => format!("on {} ({y:.1}\" up)", the(t)),
            None => match self.nearest(x, z) {
                Some((t, _)) => format!("{y:.1}\" up, by {}", the(t)),
                None => format!("{y:.1}\" up"),
            },
        }
    }

    /// The piece whose footprint is nearest `(x, z)`, and how far.
    fn nearest(&self, x: f32, z: f32) -> Option<(&TerrainPiece, f32)> {
        self.pieces
            .iter()
            .map(|t| (t, gap(t, x, z)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }
}

/// "the tower top" for the piece `tower-top`.
fn the(t: &TerrainPiece) -> String {
    format!("the {}", t.id.replace(['-', '_'], " "))
}

/// How far `(x, z)` is from `t`'s footprint seen from above (0 inside it).
fn gap(t: &TerrainPiece, x: f32, z: f32) -> f32 {
    let (s, c) = t.rotation.to_radians().sin_cos();
    let (dx, dz) = (x - t.position.0, z - t.position.1);
    // Into the piece's own axes: the inverse of `TerrainPiece::corners`' rotation.
    let (lx, lz) = (dx * c - dz * s, dx * s + dz * c);
    let ex = (lx.abs() - t.size.0 / 2.0).max(0.0);
    let ez = (lz.abs() - t.size.1 / 2.0).max(0.0);
    ex.hypot(ez)
}

/// A point where nothing on the battlefield names it: `(10.20, 0.00, 4.50)`.
pub(super) fn point(p: &[f32; 3]) -> String {
    // Rounded first, so that a coordinate a hair below zero reads 0.00, not -0.00.
    let r = |v: f32| (v * 100.0).round() / 100.0 + 0.0;
    format!("({:.2}, {:.2}, {:.2})", r(p[0]), r(p[1]), r(p[2]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_a_hair_below_zero_reads_zero() {
        assert_eq!(point(&[8.256, -0.0001, 17.39]), "(8.26, 0.00, 17.39)");
    }

    fn landmarks() -> Landmarks {
        let mut top = TerrainPiece::on_floor(
            "tower-top",
            TerrainKind::Platform,
            (10.0, 11.0),
            (2.0, 2.0),
            2.5,
        );
        top.elevation = 3.0;
        Landmarks {
            pieces: vec![
                TerrainPiece::on_floor(
                    "tower-base",
                    TerrainKind::Platform,
                    (10.5, 11.5),
                    (4.0, 4.0),
                    3.0,
                ),
                top,
                TerrainPiece::on_floor(
                    "bile-pool",
                    TerrainKind::Deadly,
                    (6.0, 3.0),
                    (3.0, 2.0),
                    0.05,
                ),
                TerrainPiece::on_floor(
                    "rubble",
                    TerrainKind::LowTerrain,
                    (22.0, 5.5),
                    (2.0, 1.5),
                    0.5,
                ),
            ],
            objectives: vec![(15.0, 11.0), (4.0, 18.0)],
        }
    }

    /// A place a player reads is named after what is there, never by its coordinates.
    #[test]
    fn places_are_named_after_what_is_there() {
        let l = landmarks();
        assert_eq!(l.words(&[10.0, 5.5, 11.0]), "on the tower top (5.5\" up)");
        assert_eq!(l.words(&[12.0, 3.0, 13.0]), "on the tower base (3.0\" up)");
        assert_eq!(l.words(&[6.5, 0.0, 3.2]), "in the bile pool");
        assert_eq!(l.words(&[4.5, 0.0, 19.0]), "by objective 2");
        assert_eq!(l.words(&[22.0, 0.0, 7.0]), "by the rubble");
        assert_eq!(
            l.words(&[28.0, 0.0, 5.5]),
            "in the open, 5\" from the rubble"
        );
    }

    /// A log with no landmarks (an old save, a bare test) still says where, in numbers.
    #[test]
    fn with_no_landmarks_the_numbers_stay() {
        assert_eq!(
            Landmarks::default().words(&[1.0, 0.0, 2.0]),
            "at (1.00, 0.00, 2.00)"
        );
    }
}
