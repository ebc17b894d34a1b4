//! Footprints on the battlefield floor seen from above: bases (circles and ovals) and terrain
//! pieces (rotated rectangles), as convex polygons in (x, z) inches. Used to place fighters
//! (SET-6: wholly within, on a platform, overlapping nothing).

use crate::model::formats::{BaseSize, Point2, TerrainPiece};

/// Segments used to approximate a base's rim. The polygon is drawn *around* the rim, so it
/// always contains the true base: a placement that is legal for the polygon is legal for
/// the base.
pub(crate) const RIM_SEGMENTS: usize = 24;

/// The cosine and sine of each rim vertex's angle, computed once (bases are measured in every
/// query of a battle; their shapes never change).
static RIM: std::sync::LazyLock<[(f32, f32); RIM_SEGMENTS]> = std::sync::LazyLock::new(|| {
    std::array::from_fn(|i| {
        let t = i as f32 / RIM_SEGMENTS as f32 * std::f32::consts::TAU;
        (t.cos(), t.sin())
    })
});

/// How much larger than the true rim a base's rim polygon's corners are (its edges touch the
/// rim): the polygon lies between the base's ellipse and that ellipse this many times as large.
pub(crate) fn rim_polygon_scale() -> f32 {
    1.0 / (std::f32::consts::PI / RIM_SEGMENTS as f32).cos()
}

#[derive(Debug, Clone, PartialEq)]
pub struct Footprint {
    pub points: Vec<Point2>,
}

impl Footprint {
    /// A base centred at `centre`, its long axis turned by `facing` radians about +y.
    pub fn base(base: &BaseSize, centre: Point2, facing: f32) -> Self {
        let (a, b) = base.half_extents();
        // Circumscribed polygon: scale the vertices so that the edges touch the rim.
        let k = rim_polygon_scale();
        let (s, c) = facing.sin_cos();
        let points = RIM
            .iter()
            .map(|&(cos_t, sin_t)| {
                let (x, z) = (a * k * cos_t, b * k * sin_t);
                (centre.0 + x * c + z * s, centre.1 - x * s + z * c)
            })
            .collect();
        Footprint { points }
    }

    pub fn piece(piece: &TerrainPiece) -> Self {
        Footprint {
            points: piece.corners().to_vec(),
        }
    }

    /// Separating-axis test: true when the interiors overlap (touching edges do not count,
    /// within `1e-4`").
    pub fn overlaps(&self, other: &Footprint) -> bool {
        // Bounds apart: apart (a convex pair with a gap has a separating edge, which the
        // test below would find), at a fraction of the cost.
        let (a, b) = (self.bounds(), other.bounds());
        if a.2 < b.0 || b.2 < a.0 || a.3 < b.1 || b.3 < a.1 {
            return false;
        }
        for poly in [self, other] {
            let n = poly.points.len();
            for i in 0..n {
                let (x1, z1) = poly.points[i];
                let (x2, z2) = poly.points[(i + 1) % n];
                let axis = (z1 - z2, x2 - x1);
                let (amin, amax) = project(&self.points, axis);
                let (bmin, bmax) = project(&other.points, axis);
                let len = (axis.0 * axis.0 + axis.1 * axis.1).sqrt().max(1e-9);
                if amax <= bmin + 1e-4 * len || bmax <= amin + 1e-4 * len {
                    return false;
                }
            }
        }
        true
    }

    /// True when every point of `self` lies inside `outer` (a convex polygon).
    pub fn inside(&self, outer: &Footprint) -> bool {
        self.points.iter().all(|&p| contains(outer, p))
    }

    /// The farthest point of the footprint from `p`, horizontally.
    pub fn max_distance_from(&self, p: Point2) -> f32 {
        // The square root once, of the largest square (the same number: it is monotonic).
        self.points
            .iter()
            .map(|&(x, z)| (x - p.0).powi(2) + (z - p.1).powi(2))
            .fold(0.0, f32::max)
            .sqrt()
    }

    /// The mean of the corners, and the radius of the circle round it inside the footprint
    /// (its distance to the nearest edge).
    pub fn inner_circle(&self) -> (Point2, f32) {
        let n = self.points.len().max(1) as f32;
        let (sx, sz) = self
            .points
            .iter()
            .fold((0.0, 0.0), |(a, b), &(x, z)| (a + x, b + z));
        let c = (sx / n, sz / n);
        let r = (0..self.points.len())
            .map(|i| {
                let (x1, z1) = self.points[i];
                let (x2, z2) = self.points[(i + 1) % self.points.len()];
                let (ex, ez) = (x2 - x1, z2 - z1);
                let len = (ex * ex + ez * ez).sqrt().max(1e-9);
                ((c.0 - x1) * ez - (c.1 - z1) * ex).abs() / len
            })
            .fold(f32::MAX, f32::min);
        (c, if r == f32::MAX { 0.0 } else { r })
    }

    /// The gap between two footprints seen from above (0 when they overlap).
    pub fn distance(&self, other: &Footprint) -> f32 {
        if self.overlaps(other) {
            return 0.0;
        }
        let mut best = f32::MAX;
        for (from, to) in [(self, other), (other, self)] {
            let n = to.points.len();
            for &p in &from.points {
                for i in 0..n {
                    let (ax, az) = to.points[i];
                    let (bx, bz) = to.points[(i + 1) % n];
                    let (abx, abz) = (bx - ax, bz - az);
                    let t = (((p.0 - ax) * abx + (p.1 - az) * abz)
                        / (abx * abx + abz * abz).max(1e-12))
                    .clamp(0.0, 1.0);
                    let (qx, qz) = (ax + abx * t, az + abz * t);
                    best = best.min(((p.0 - qx).powi(2) + (p.1 - qz).powi(2)).sqrt());
                }
            }
        }
        best
    }

    /// Axis-aligned bounds: (min x, min z, max x, max z).
    pub fn bounds(&self) -> (f32, f32, f32, f32) {
        self.points.iter().fold(
            (f32::MAX, f32::MAX, f32::MIN, f32::MIN),
            |(a, b, c, d), &(x, z)| (a.min(x), b.min(z), c.max(x), d.max(z)),
        )
    }
}

fn project(points: &[Point2], axis: Point2) -> (f32, f32) {
    points
        .iter()
        .fold((f32::MAX, f32::MIN), |(lo, hi), &(x, z)| {
            let d = x * axis.0 + z * axis.1;
            (lo.min(d), hi.max(d))
        })
}

/// Point in convex polygon (either winding), boundary included.
pub fn contains(poly: &Footprint, p: Point2) -> bool {
    let n = poly.points.len();
    let mut sign = 0.0f32;
    for i in 0..n {
        let (x1, z1) = poly.points[i];
        let (x2, z2) = poly.points[(i + 1) % n];
        let cross = (x2 - x1) * (p.1 - z1) - (z2 - z1) * (p.0 - x1);
        if cross.abs() <= 1e-4 {
            continue;
        }
        if sign == 0.0 {
            sign = cross.signum();
        } else if cross.signum() != sign {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::formats::TerrainKind;

    fn piece(pos: Point2, size: Point2, rot: f32) -> TerrainPiece {
        TerrainPiece {
            rotation: rot,
            ..TerrainPiece::on_floor("p", TerrainKind::Obstacle, pos, size, 2.0)
        }
    }

    #[test]
    fn base_polygon_contains_the_true_base() {
        let b = BaseSize::Round(25.4 * 2.0); // radius 1"
        let f = Footprint::base(&b, (5.0, 5.0), 0.0);
        // Every rim point of the true circle is inside the polygon.
        for i in 0..100 {
            let t = i as f32 / 100.0 * std::f32::consts::TAU;
            assert!(contains(&f, (5.0 + t.cos(), 5.0 + t.sin())));
        }
        // And the polygon is barely bigger than the circle.
        assert!(f.max_distance_from((5.0, 5.0)) < 1.01);
    }

    #[test]
    fn overlap_of_bases_and_pieces() {
        let b = BaseSize::Round(25.4); // radius 0.5"
        let a = Footprint::base(&b, (0.0, 0.0), 0.0);
        assert!(a.overlaps(&Footprint::base(&b, (0.9, 0.0), 0.0)));
        assert!(!a.overlaps(&Footprint::base(&b, (1.1, 0.0), 0.0)));
        let wall = Footprint::piece(&piece((3.0, 0.0), (1.0, 4.0), 0.0));
        assert!(!a.overlaps(&wall));
        assert!(Footprint::base(&b, (2.2, 0.0), 0.0).overlaps(&wall));
        // A wall turned 90 degrees is 4" along x.
        let turned = Footprint::piece(&piece((3.0, 0.0), (1.0, 4.0), 90.0));
        assert!(Footprint::base(&b, (1.3, 0.0), 0.0).overlaps(&turned));
    }

    #[test]
    fn oval_is_longer_along_its_facing() {
        let oval = BaseSize::Oval(60.0, 35.0);
        let f = Footprint::base(&oval, (0.0, 0.0), 0.0);
        let (x0, z0, x1, z1) = f.bounds();
        assert!((x1 - x0) > (z1 - z0));
        let g = Footprint::base(&oval, (0.0, 0.0), std::f32::consts::FRAC_PI_2);
        let (x0, z0, x1, z1) = g.bounds();
        assert!((x1 - x0) < (z1 - z0));
    }

    #[test]
    fn inside_a_platform_top() {
        let top = Footprint::piece(&piece((5.0, 5.0), (4.0, 4.0), 0.0));
        let b = BaseSize::Round(25.4);
        assert!(Footprint::base(&b, (5.0, 5.0), 0.0).inside(&top));
        assert!(!Footprint::base(&b, (6.8, 5.0), 0.0).inside(&top));
    }
}
