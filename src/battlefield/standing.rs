//! Where a base can stand: on the floor or wholly on a platform top, overlapping no terrain
//! and no other base (SET-6, MOVE-2).

use crate::battlefield::footprint::Footprint;
use crate::model::formats::{BaseSize, Point2, TerrainKind, TerrainPiece};

/// A base standing somewhere: its footprint, the height of the surface and its body height.
#[derive(Debug, Clone)]
pub struct Standing {
    pub footprint: Footprint,
    pub y: f32,
    pub body: f32,
}

impl Standing {
    /// Two fighters clash when their footprints overlap and their bodies share some height.
    pub fn clashes(&self, other: &Standing) -> bool {
        self.shares_height(other) && self.footprint.overlaps(&other.footprint)
    }

    /// Do the two bodies share some height?
    pub fn shares_height(&self, other: &Standing) -> bool {
        bodies_share_height((self.y, self.body), (other.y, other.body))
    }
}

/// Do two bodies, each (the height it stands at, its height), share some height?
pub fn bodies_share_height((y0, h0): (f32, f32), (y1, h1): (f32, f32)) -> bool {
    y0 < y1 + h1 - 1e-3 && y1 < y0 + h0 - 1e-3
}

/// The surfaces a base of `base` at `centre` could stand on, lowest first: the floor and the
/// tops of platforms that hold the whole base, keeping only those where the fighter's body
/// (of height `body`) overlaps no terrain piece. On the floor, the base must also touch no
/// piece at all (low terrain and deadly areas included).
pub fn standing_heights(
    terrain: &[TerrainPiece],
    battlefield: Point2,
    base: &BaseSize,
    centre: Point2,
    facing: f32,
    body: f32,
) -> Vec<f32> {
    heights_under(
        terrain,
        battlefield,
        &Footprint::base(base, centre, facing),
        body,
    )
}

/// [`standing_heights`] for the base with footprint `fp`.
pub fn heights_under(
    terrain: &[TerrainPiece],
    battlefield: Point2,
    fp: &Footprint,
    body: f32,
) -> Vec<f32> {
    let (x0, z0, x1, z1) = fp.bounds();
    if x0 < 0.0 || z0 < 0.0 || x1 > battlefield.0 || z1 > battlefield.1 {
        return Vec::new();
    }
    let bounds = (x0, z0, x1, z1);
    let mut candidates: Vec<(f32, Option<usize>)> = vec![(0.0, None)];
    for (i, p) in terrain.iter().enumerate() {
        if p.kind == TerrainKind::Platform && !apart(p, bounds) && fp.inside(&Footprint::piece(p)) {
            candidates.push((p.top(), Some(i)));
        }
    }
    candidates.sort_by(|a, b| a.0.total_cmp(&b.0));
    candidates
        .into_iter()
        .filter(|&(y, on)| {
            terrain.iter().enumerate().all(|(i, p)| {
                if Some(i) == on {
                    return true;
                }
                let (lo, hi) = p.solid_span();
                let touches_floor = y == 0.0 && lo <= 1e-3;
                // Does the piece occupy any height the fighter stands in?
                let shares_height = lo < y + body - 1e-3 && hi > y + 1e-3;
                !((touches_floor || shares_height)
                    && !apart(p, bounds)
                    && fp.overlaps(&Footprint::piece(p)))
            })
        })
        .map(|(y, _)| y)
        .collect()
}

/// Is the piece farther from the box `(x0, z0, x1, z1)` than any of its points lies from its
/// centre (half its diagonal, with a margin)? Then a base in the box neither overlaps it nor
/// stands on it, and its footprint need not be built.
fn apart(p: &TerrainPiece, (x0, z0, x1, z1): (f32, f32, f32, f32)) -> bool {
    let (cx, cz) = p.position;
    let dx = (x0 - cx).max(cx - x1).max(0.0);
    let dz = (z0 - cz).max(cz - z1).max(0.0);
    let reach = (p.size.0 * p.size.0 + p.size.1 * p.size.1).sqrt() / 2.0 + 0.01;
    dx * dx + dz * dz > reach * reach
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(kind: TerrainKind, pos: Point2, size: Point2, height: f32, elev: f32) -> TerrainPiece {
        TerrainPiece {
            elevation: elev,
            ..crate::battlefield::testing::piece(kind, pos, size, height)
        }
    }

    const B25: BaseSize = BaseSize::Round(25.0);

    #[test]
    fn floor_and_platform_top() {
        let t = vec![piece(
            TerrainKind::Platform,
            (10.0, 10.0),
            (4.0, 4.0),
            3.0,
            0.0,
        )];
        assert_eq!(
            standing_heights(&t, (30.0, 22.0), &B25, (2.0, 2.0), 0.0, 1.2),
            vec![0.0]
        );
        // On the platform: only its top (the floor there is inside the block).
        assert_eq!(
            standing_heights(&t, (30.0, 22.0), &B25, (10.0, 10.0), 0.0, 1.2),
            vec![3.0]
        );
        // Half over the edge: nowhere.
        assert!(standing_heights(&t, (30.0, 22.0), &B25, (12.0, 10.0), 0.0, 1.2).is_empty());
    }

    #[test]
    fn stacked_platforms_and_open_walkways() {
        let mut walkway = piece(TerrainKind::Platform, (10.0, 10.0), (6.0, 2.0), 3.0, 0.0);
        walkway.thickness = Some(0.25);
        let upper = piece(TerrainKind::Platform, (20.0, 10.0), (2.0, 2.0), 2.0, 3.0);
        let lower = piece(TerrainKind::Platform, (20.0, 10.0), (4.0, 4.0), 3.0, 0.0);
        let t = vec![walkway, upper, lower];
        // Under an open walkway 3" up, a 1.2" body fits on the floor; its top holds it too.
        assert_eq!(
            standing_heights(&t, (30.0, 22.0), &B25, (10.0, 10.0), 0.0, 1.2),
            vec![0.0, 3.0]
        );
        // A 3.5" body does not fit below.
        assert_eq!(
            standing_heights(&t, (30.0, 22.0), &B25, (10.0, 10.0), 0.0, 3.5),
            vec![3.0]
        );
        // On the stacked platform: top at 5; the lower top is covered by the upper block.
        assert_eq!(
            standing_heights(&t, (30.0, 22.0), &B25, (20.0, 10.0), 0.0, 1.2),
            vec![5.0]
        );
        // On the lower platform beside the upper one.
        assert_eq!(
            standing_heights(&t, (30.0, 22.0), &B25, (21.4, 11.4), 0.0, 1.2),
            vec![3.0]
        );
    }

    #[test]
    fn low_terrain_and_deadly_areas_are_not_stood_on_at_setup() {
        let t = vec![
            piece(TerrainKind::LowTerrain, (5.0, 5.0), (2.0, 2.0), 0.5, 0.0),
            piece(TerrainKind::Deadly, (15.0, 5.0), (2.0, 2.0), 0.0, 0.0),
        ];
        assert!(standing_heights(&t, (30.0, 22.0), &B25, (5.0, 5.0), 0.0, 1.2).is_empty());
        assert!(standing_heights(&t, (30.0, 22.0), &B25, (15.0, 5.0), 0.0, 1.2).is_empty());
        // Off the battlefield edge.
        assert!(standing_heights(&t, (30.0, 22.0), &B25, (0.3, 5.0), 0.0, 1.2).is_empty());
    }
}
