//! Layout mistakes in a terrain card that loading lets through but a designer wants to hear
//! of (`check` prints them as warnings): a ladder touching nothing it could climb, two solid
//! pieces standing inside each other at the same height, and what stands on an objective or
//! a deployment point (a deadly piece, a solid one).

use super::terrain::{TerrainCard, TerrainKind, TerrainPiece};
use crate::model::formats::Point2;

/// Footprints within this of each other touch (a ladder against a wall).
const TOUCH: f32 = 0.1;
/// Overlaps shallower than this are pieces built edge to edge, not one inside the other.
const SLACK: f32 = 0.05;

impl TerrainPiece {
    /// Whether the point (x, z) lies inside the footprint.
    pub fn covers(&self, (x, z): Point2) -> bool {
        let (s, c) = self.rotation.to_radians().sin_cos();
        let (dx, dz) = (x - self.position.0, z - self.position.1);
        // Into the piece's own axes (the inverse of `corners`' rotation).
        let (lx, lz) = (dx * c - dz * s, dx * s + dz * c);
        lx.abs() <= self.size.0 / 2.0 && lz.abs() <= self.size.1 / 2.0
    }

    fn solid(&self) -> bool {
        matches!(
            self.kind,
            TerrainKind::Platform | TerrainKind::Obstacle | TerrainKind::Archway
        )
    }
}

/// How far two footprints overlap along the axis where they overlap least (separating axes:
/// negative when they are apart by that much).
fn overlap(a: &TerrainPiece, b: &TerrainPiece) -> f32 {
    let (ca, cb) = (a.corners(), b.corners());
    let mut least = f32::INFINITY;
    for poly in [&ca, &cb] {
        for i in 0..2 {
            let (p, q) = (poly[i], poly[i + 1]);
            let len = ((q.0 - p.0).powi(2) + (q.1 - p.1).powi(2)).sqrt().max(1e-6);
            let axis = ((q.0 - p.0) / len, (q.1 - p.1) / len);
            let span = |c: &[Point2; 4]| {
                let d = c.map(|p| p.0 * axis.0 + p.1 * axis.1);
                let lo = d.iter().copied().fold(f32::INFINITY, f32::min);
                let hi = d.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                (lo, hi)
            };
            let ((alo, ahi), (blo, bhi)) = (span(&ca), span(&cb));
            least = least.min(ahi.min(bhi) - alo.max(blo));
        }
    }
    least
}

impl TerrainCard {
    /// The card's layout mistakes: (the piece's path, e.g. `pieces[3]`, and what is wrong).
    pub fn layout_warnings(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for (i, p) in self.pieces.iter().enumerate() {
            let path = format!("pieces[{i}]");
            let touches = |q: &TerrainPiece| {
                matches!(q.kind, TerrainKind::Platform | TerrainKind::Obstacle)
                    && overlap(p, q) > -TOUCH
            };
            if p.kind == TerrainKind::Ladder && !self.pieces.iter().any(touches) {
                out.push((
                    path.clone(),
                    format!(
                        "ladder `{}` touches no platform or obstacle: there is nothing to climb it to (MOVE-5)",
                        p.id
                    ),
                ));
            }
            for q in &self.pieces[..i] {
                if !(p.solid() && q.solid()) || overlap(p, q) <= SLACK {
                    continue;
                }
                let ((pb, pt), (qb, qt)) = (p.solid_span(), q.solid_span());
                if pb < qt - SLACK && qb < pt - SLACK {
                    out.push((
                        path.clone(),
                        format!(
                            "`{}` and `{}` stand inside each other at the same height: move one, or stack it with `elevation`",
                            p.id, q.id
                        ),
                    ));
                }
            }
        }
        out
    }

    /// What stands on the point (x, z) that a fighter would mind there: a deadly piece first,
    /// else a solid one standing on the floor (an obstacle, an archway's sides, a platform
    /// with no open space below).
    pub fn blocking_at(&self, at: Point2) -> Option<&TerrainPiece> {
        let on = |p: &&TerrainPiece| p.covers(at);
        self.pieces
            .iter()
            .filter(on)
            .find(|p| p.kind == TerrainKind::Deadly)
            .or_else(|| {
                self.pieces.iter().filter(on).find(|p| {
                    let solid_below = match p.kind {
                        TerrainKind::Obstacle => true,
                        TerrainKind::Platform => p.thickness.is_none(),
                        _ => false,
                    };
                    solid_below && p.elevation == 0.0
                })
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(id: &str, kind: TerrainKind, at: Point2, size: Point2, height: f32) -> TerrainPiece {
        TerrainPiece::on_floor(id, kind, at, size, height)
    }

    /// MOVE-5: a ladder against a tower is fine; one standing in the open is a mistake.
    #[test]
    fn move5_a_ladder_touching_nothing_is_warned_of() {
        let tower = piece(
            "tower",
            TerrainKind::Platform,
            (10.0, 10.0),
            (4.0, 4.0),
            3.0,
        );
        let good = piece("good", TerrainKind::Ladder, (12.15, 10.0), (0.3, 1.0), 3.0);
        let lost = piece("lost", TerrainKind::Ladder, (20.0, 10.0), (0.3, 1.0), 3.0);
        let card = TerrainCard {
            name: "t".into(),
            pieces: vec![tower, good, lost],
        };
        let w = card.layout_warnings();
        assert_eq!(w.len(), 1, "{w:?}");
        assert_eq!(w[0].0, "pieces[2]");
        assert!(w[0].1.contains("`lost` touches no platform"), "{w:?}");
    }

    /// Two walls inside each other are warned of; a platform stacked on another, a walkway
    /// butting onto a tower and a rotated wall clear of a tower are not.
    #[test]
    fn solid_pieces_inside_each_other_are_warned_of_but_not_stacks() {
        let base = piece("base", TerrainKind::Platform, (10.0, 10.0), (4.0, 4.0), 3.0);
        let mut top = piece("top", TerrainKind::Platform, (10.0, 10.0), (2.0, 2.0), 2.0);
        top.elevation = 3.0;
        let mut walk = piece(
            "walk",
            TerrainKind::Platform,
            (14.75, 10.0),
            (5.5, 1.5),
            3.0,
        );
        walk.thickness = Some(0.3);
        let mut wall = piece("wall", TerrainKind::Obstacle, (16.0, 16.0), (0.5, 3.0), 2.0);
        wall.rotation = 30.0;
        let clash = piece("clash", TerrainKind::Obstacle, (9.0, 9.0), (3.0, 0.5), 2.0);
        let card = TerrainCard {
            name: "t".into(),
            pieces: vec![base, top, walk, wall, clash],
        };
        let w = card.layout_warnings();
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].1.contains("`clash` and `base`"), "{w:?}");
    }

    /// What lies on a point: a deadly pool first, an obstacle, not a walkway's open underside.
    #[test]
    fn a_deadly_pool_or_a_wall_on_a_point_is_found() {
        let pool = piece("pool", TerrainKind::Deadly, (6.0, 3.0), (3.0, 2.0), 0.05);
        let mut walk = piece("walk", TerrainKind::Platform, (15.0, 10.0), (5.0, 1.5), 3.0);
        walk.thickness = Some(0.3);
        let mut wall = piece("wall", TerrainKind::Obstacle, (24.0, 14.0), (0.5, 3.0), 2.0);
        wall.rotation = 90.0;
        let card = TerrainCard {
            name: "t".into(),
            pieces: vec![pool, walk, wall],
        };
        assert_eq!(
            card.blocking_at((6.5, 3.5)).map(|p| p.id.as_str()),
            Some("pool")
        );
        assert_eq!(card.blocking_at((15.0, 10.0)), None);
        // Turned a quarter, the 3" wall runs along x.
        assert_eq!(
            card.blocking_at((25.2, 14.0)).map(|p| p.id.as_str()),
            Some("wall")
        );
        assert_eq!(card.blocking_at((24.0, 15.2)), None);
    }
}
