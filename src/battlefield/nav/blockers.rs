//! MOVE-2: other fighters' bases in the way of a move.

use bevy::math::Vec2;

use super::Mover;
use crate::battlefield::measure::Base;

/// Is a base of radius `r` centred at `c` overlapping `o` (its exact shape: ovals are long
/// and thin, so a circle round them would wall in the fighters set up beside them)?
fn overlaps(o: &Base, c: Vec2, r: f32) -> bool {
    near(o, c, r) && o.closest_horizontal_point(c).distance(c) < r - 1e-3
}

/// Is `c` within the reach of a base of radius `r` from `o`'s bounding circle (its rim
/// polygon lies within 1% outside the true rim)? If not, the bases can't overlap, and the
/// closest point need not be found.
fn near(o: &Base, c: Vec2, r: f32) -> bool {
    let reach = r + o.size.max_radius() * 1.01 + 0.01;
    Vec2::new(o.centre.x, o.centre.z).distance_squared(c) <= reach * reach
}

/// MOVE-2: does a straight walk from `a` to `b` pass through another fighter's base?
pub(super) fn segment_blocked_by(
    blockers: &[Base],
    y: f32,
    a: Vec2,
    b: Vec2,
    mover: &Mover,
) -> bool {
    let r = mover.radius();
    blockers.iter().any(|o| {
        let oc = Vec2::new(o.centre.x, o.centre.z);
        if (o.centre.y - y).abs() >= mover.body.max(1.0)
            || crate::battlefield::measure::closest_on_segment(a, b, oc).distance(oc)
                >= r + o.size.max_radius() - 1e-3
        {
            return false;
        }
        let (long, short) = o.size.half_extents();
        if matches!(o.size, crate::model::formats::BaseSize::Round(_))
            || crate::battlefield::measure::closest_on_segment(a, b, oc).distance(oc)
                < r + long.min(short) - 1e-3
        {
            return true;
        }
        // Between the oval's inner and outer circles: check every 0.1" along the part of the
        // walk inside the outer one.
        let reach = r + long.max(short);
        let d = b - a;
        let len = d.length();
        if len < 1e-6 {
            return overlaps(o, a, r);
        }
        let u = d / len;
        let along = (oc - a).dot(u);
        let off = ((oc - a).length_squared() - along * along).max(0.0);
        let half = (reach * reach - off).max(0.0).sqrt();
        let (t0, t1) = ((along - half).max(0.0), (along + half).min(len));
        let n = (((t1 - t0) / 0.1).ceil() as usize).max(1);
        // The oval's rim, built once for every sample.
        let fp = o.footprint();
        (0..=n).any(|i| {
            let c = a + u * (t0 + (t1 - t0) * i as f32 / n as f32);
            near(o, c, r) && o.closest_on_footprint(&fp, c).distance(c) < r - 1e-3
        })
    })
}

/// MOVE-2: another fighter's base in the way (same level, overlapping).
pub(super) fn blocked_by(blockers: &[Base], y: f32, c: Vec2, mover: &Mover) -> bool {
    let r = mover.radius();
    blockers
        .iter()
        .any(|b| (b.centre.y - y).abs() < mover.body.max(1.0) && overlaps(b, c, r))
}

/// [`blocked_by`] with 0.001" to spare: a base this overlaps, no search reaches (the searches'
/// walks, climbs and starts all test the same overlap, within rounding of it).
pub(super) fn surely_blocked_by(blockers: &[Base], y: f32, c: Vec2, mover: &Mover) -> bool {
    let r = mover.radius() - 1e-3;
    blockers
        .iter()
        .any(|b| (b.centre.y - y).abs() < mover.body.max(1.0) && overlaps(b, c, r))
}
