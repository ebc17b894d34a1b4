//! The geometry of a base against a terrain piece's footprint (a rotated rectangle).
//!
//! Terrain does not move: each piece's frame (centre, the sine and cosine of its rotation, its
//! half sizes) is computed once per battlefield ([`Frame::of`]), not in every query.

use bevy::math::Vec2;

use crate::model::formats::TerrainPiece;

/// A piece's footprint as the queries use it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Frame {
    centre: Vec2,
    sin: f32,
    cos: f32,
    /// Half the width and depth.
    half: Vec2,
    /// Half the diagonal: no point of the footprint is farther from the centre.
    reach: f32,
}

/// Margin of the bounding-circle rejections, far above float error: they only skip pieces
/// whose exact test would say "no".
const SLACK: f32 = 0.01;

impl Frame {
    pub(super) fn of(p: &TerrainPiece) -> Self {
        let (sin, cos) = p.rotation.to_radians().sin_cos();
        let half = Vec2::new(p.size.0 / 2.0, p.size.1 / 2.0);
        Frame {
            centre: Vec2::new(p.position.0, p.position.1),
            sin,
            cos,
            half,
            reach: half.length(),
        }
    }

    /// World -> the piece's frame (inverse of the rotation used for its corners).
    fn local(self, v: Vec2) -> Vec2 {
        let d = v - self.centre;
        Vec2::new(
            d.x * self.cos - d.y * self.sin,
            d.x * self.sin + d.y * self.cos,
        )
    }
}

/// Circle (centre, radius) against a terrain piece's footprint: do they overlap?
pub(super) fn circle_hits_piece(f: &Frame, c: Vec2, r: f32) -> bool {
    if c.distance_squared(f.centre) > (f.reach + r + SLACK).powi(2) {
        return false;
    }
    let local = f.local(c);
    let q = Vec2::new(
        local.x.clamp(-f.half.x, f.half.x),
        local.y.clamp(-f.half.y, f.half.y),
    );
    q.distance_squared(local) < (r - 1e-3).max(0.0).powi(2)
}

/// Is the segment from `a` to `b` swept by a circle of radius `r` too far from the piece to
/// touch it (by its bounding circle)? Then so are circles at either end: neither
/// [`segment_hits_piece`] nor [`circle_hits_piece`] at an end can say yes.
pub(super) fn segment_far_from_piece(f: &Frame, a: Vec2, b: Vec2, r: f32) -> bool {
    let near = crate::battlefield::measure::closest_on_segment(a, b, f.centre);
    near.distance_squared(f.centre) > (f.reach + r + SLACK).powi(2)
}

/// The segment from `a` to `b` swept by a circle of radius `r`: does it overlap the piece's
/// footprint? Exact: the distance between the segment and the (rotated) rectangle.
pub(super) fn segment_hits_piece(f: &Frame, a: Vec2, b: Vec2, r: f32) -> bool {
    if segment_far_from_piece(f, a, b, r) {
        return false;
    }
    let (la, lb) = (f.local(a), f.local(b));
    let h = f.half;
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

pub(super) fn point_in_piece(f: &Frame, c: Vec2) -> bool {
    let local = f.local(c);
    local.x.abs() <= f.half.x + 1e-4 && local.y.abs() <= f.half.y + 1e-4
}
