//! The geometry of a base against a terrain piece's footprint (a rotated rectangle).

use bevy::math::Vec2;

use crate::model::formats::TerrainPiece;

/// Circle (centre, radius) against a terrain piece's footprint: do they overlap?
pub(super) fn circle_hits_piece(p: &TerrainPiece, c: Vec2, r: f32) -> bool {
    let (s, co) = p.rotation.to_radians().sin_cos();
    let d = c - Vec2::new(p.position.0, p.position.1);
    // World -> the piece's frame (inverse of the rotation used for its corners).
    let local = Vec2::new(d.x * co - d.y * s, d.x * s + d.y * co);
    let (hx, hz) = (p.size.0 / 2.0, p.size.1 / 2.0);
    let q = Vec2::new(local.x.clamp(-hx, hx), local.y.clamp(-hz, hz));
    q.distance_squared(local) < (r - 1e-3).max(0.0).powi(2)
}

/// The segment from `a` to `b` swept by a circle of radius `r`: does it overlap the piece's
/// footprint? Exact: the distance between the segment and the (rotated) rectangle.
pub(super) fn segment_hits_piece(p: &TerrainPiece, a: Vec2, b: Vec2, r: f32) -> bool {
    let (s, co) = p.rotation.to_radians().sin_cos();
    let centre = Vec2::new(p.position.0, p.position.1);
    let to_local = |v: Vec2| {
        let d = v - centre;
        Vec2::new(d.x * co - d.y * s, d.x * s + d.y * co)
    };
    let (la, lb) = (to_local(a), to_local(b));
    let h = Vec2::new(p.size.0 / 2.0, p.size.1 / 2.0);
    let limit = (r - 1e-3).max(0.0);
    // Does the segment cross the box (Liang-Barsky)?
    let d = lb - la;
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    let mut crosses = true;
    for (pd, q) in [
        (-d.x, la.x + h.x),
        (d.x, h.x - la.x),
        (-d.y, la.y + h.y),
        (d.y, h.y - la.y),
    ] {
        if pd.abs() < 1e-9 {
            if q < 0.0 {
                crosses = false;
                break;
            }
        } else {
            let t = q / pd;
            if pd < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
            if t0 > t1 {
                crosses = false;
                break;
            }
        }
    }
    if crosses {
        return true;
    }
    let box_dist = |v: Vec2| v.clamp(-h, h).distance(v);
    let mut best = box_dist(la).min(box_dist(lb));
    for c in [
        Vec2::new(-h.x, -h.y),
        Vec2::new(h.x, -h.y),
        Vec2::new(h.x, h.y),
        Vec2::new(-h.x, h.y),
    ] {
        best = best.min(crate::battlefield::measure::closest_on_segment(la, lb, c).distance(c));
    }
    best < limit
}

pub(super) fn point_in_piece(p: &TerrainPiece, c: Vec2) -> bool {
    let (s, co) = p.rotation.to_radians().sin_cos();
    let d = c - Vec2::new(p.position.0, p.position.1);
    let local = Vec2::new(d.x * co - d.y * s, d.x * s + d.y * co);
    local.x.abs() <= p.size.0 / 2.0 + 1e-4 && local.y.abs() <= p.size.1 / 2.0 + 1e-4
}
