//! Terrain as parry3d shapes: one oriented box per piece (the solid part: a walkway's slab, an
//! archway's lintel), gathered in a compound shape whose BVH answers "does this segment pass
//! through terrain" for visibility (GEN-3) and cover (ATK-4).
//!
//! parry3d 0.31 works with glam 0.33 (through glamx) while Bevy 0.19 uses glam 0.32: vectors
//! cross the boundary here as arrays.

use bevy::math::Vec3;
use parry3d::math::{Pose, Rot3, Vector};
use parry3d::query::{Ray, RayCast};
use parry3d::shape::{Compound, Cuboid, SharedShape};

use crate::model::formats::{TerrainKind, TerrainPiece};

pub fn to_parry(v: Vec3) -> Vector {
    Vector::from_array(v.to_array())
}

pub fn from_parry(v: Vector) -> Vec3 {
    Vec3::from_array(v.to_array())
}

/// One piece's solid box.
#[derive(Clone)]
pub struct PieceShape {
    pub piece: TerrainPiece,
    pub pose: Pose,
    pub cuboid: Cuboid,
}

impl PieceShape {
    /// GEN-1: how far a base is from the piece: from the base (its outline, at its height)
    /// to the piece's point nearest the base's centre (0 touching or standing on it).
    pub fn distance_to_base(&self, b: &crate::battlefield::measure::Base) -> f32 {
        use parry3d::query::PointQuery;
        let near = self
            .cuboid
            .project_point(&self.pose, to_parry(b.centre), true);
        crate::battlefield::measure::distance_to_point(b, from_parry(near.point))
    }

    /// True when the segment from `a` to `b` passes through the piece.
    pub fn hits_segment(&self, a: Vec3, b: Vec3) -> bool {
        segment_hits(&self.cuboid, &self.pose, a, b)
    }
}

fn segment_hits(shape: &dyn RayCast, pose: &Pose, a: Vec3, b: Vec3) -> bool {
    let d = b - a;
    let len = d.length();
    if len < 1e-6 {
        return false;
    }
    let ray = Ray::new(to_parry(a), to_parry(d / len));
    shape.intersects_ray(pose, &ray, len)
}

/// The terrain of a battlefield as shapes.
#[derive(Clone, Default)]
pub struct TerrainShapes {
    pub pieces: Vec<PieceShape>,
    /// The pieces that block sight (all but deadly areas), as one compound with a BVH.
    blocking: Option<Compound>,
}

impl TerrainShapes {
    pub fn new(pieces: &[TerrainPiece]) -> Self {
        let shapes: Vec<PieceShape> = pieces
            .iter()
            .filter_map(|p| {
                let (lo, hi) = p.solid_span();
                let (hx, hy, hz) = (p.size.0 / 2.0, (hi - lo) / 2.0, p.size.1 / 2.0);
                if hx <= 0.0 || hz <= 0.0 || hy <= 0.0 {
                    return None;
                }
                let pose = Pose::from_parts(
                    Vector::new(p.position.0, (lo + hi) / 2.0, p.position.1),
                    Rot3::from_rotation_y(p.rotation.to_radians()),
                );
                Some(PieceShape {
                    piece: p.clone(),
                    pose,
                    cuboid: Cuboid::new(Vector::new(hx, hy, hz)),
                })
            })
            .collect();
        let parts: Vec<(Pose, SharedShape)> = shapes
            .iter()
            .filter(|s| s.piece.kind != TerrainKind::Deadly)
            .map(|s| (s.pose, SharedShape::new(s.cuboid)))
            .collect();
        let blocking = (!parts.is_empty()).then(|| Compound::new(parts));
        TerrainShapes {
            pieces: shapes,
            blocking,
        }
    }

    /// GEN-3: does the segment pass through any terrain that blocks sight?
    pub fn blocks(&self, a: Vec3, b: Vec3) -> bool {
        match &self.blocking {
            Some(c) => segment_hits(c, &Pose::identity(), a, b),
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wall() -> TerrainPiece {
        TerrainPiece::on_floor("wall", TerrainKind::Obstacle, (5.0, 5.0), (0.5, 4.0), 2.0)
    }

    #[test]
    fn segments_through_and_over_a_wall() {
        let t = TerrainShapes::new(&[wall()]);
        assert!(t.blocks(Vec3::new(2.0, 1.0, 5.0), Vec3::new(8.0, 1.0, 5.0)));
        assert!(!t.blocks(Vec3::new(2.0, 2.5, 5.0), Vec3::new(8.0, 2.5, 5.0)));
        // Stops short of the wall.
        assert!(!t.blocks(Vec3::new(2.0, 1.0, 5.0), Vec3::new(4.0, 1.0, 5.0)));
        // Around its end.
        assert!(!t.blocks(Vec3::new(2.0, 1.0, 8.0), Vec3::new(8.0, 1.0, 8.0)));
    }

    #[test]
    fn rotation_turns_the_box() {
        let mut w = wall();
        w.rotation = 90.0; // now 4" along x, 0.5" along z
        let t = TerrainShapes::new(&[w]);
        assert!(t.blocks(Vec3::new(5.0, 1.0, 2.0), Vec3::new(5.0, 1.0, 8.0)));
        assert!(!t.blocks(Vec3::new(2.0, 1.0, 5.6), Vec3::new(8.0, 1.0, 5.6)));
    }

    #[test]
    fn deadly_areas_do_not_block_sight() {
        let mut d = wall();
        d.kind = TerrainKind::Deadly;
        let t = TerrainShapes::new(&[d]);
        assert!(!t.blocks(Vec3::new(2.0, 1.0, 5.0), Vec3::new(8.0, 1.0, 5.0)));
        assert_eq!(t.pieces.len(), 1);
    }
}
