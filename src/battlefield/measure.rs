//! Measuring (GEN-1, GEN-2): distances between the closest points of bases in 3D, horizontal
//! and vertical distances, vertical distances rounded up to the half inch, distances to token
//! centres, "within" and "wholly within".
//!
//! A base is a flat disc or oval lying on the surface its fighter stands on, so the closest
//! points of two bases are found from their footprints seen from above (the horizontal gap)
//! and the difference in height: distance = sqrt(gap² + dy²).

use bevy::math::{Vec2, Vec3};

use crate::battlefield::footprint::Footprint;
use crate::battlefield::recent::{Recent, recall};
use crate::model::formats::BaseSize;

/// A fighter's base where it stands: centre on its surface, facing (radians about +y).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Base {
    pub size: BaseSize,
    pub centre: Vec3,
    pub facing: f32,
}

impl Base {
    pub fn new(size: BaseSize, centre: Vec3, facing: f32) -> Self {
        Base {
            size,
            centre,
            facing,
        }
    }

    fn is_round(&self) -> bool {
        matches!(self.size, BaseSize::Round(_))
    }

    pub fn footprint(&self) -> Footprint {
        Footprint::base(&self.size, (self.centre.x, self.centre.z), self.facing)
    }

    /// The point of the base's rim (seen from above) farthest along `dir` (unit, x/z).
    pub fn support(&self, dir: Vec2) -> Vec2 {
        let (a, b) = self.size.half_extents();
        let c = Vec2::new(self.centre.x, self.centre.z);
        if self.is_round() {
            return c + dir * a;
        }
        // Ellipse with half-axes a (along the facing) and b, turned by `facing`.
        let (s, co) = self.facing.sin_cos();
        let local = into_base_frame(dir, (s, co));
        let n = Vec2::new(a * a * local.x, b * b * local.y);
        let len = (a * a * local.x * local.x + b * b * local.y * local.y).sqrt();
        let p = if len > 0.0 {
            n / len
        } else {
            Vec2::new(a, 0.0)
        };
        c + Vec2::new(p.x * co + p.y * s, -p.x * s + p.y * co)
    }

    /// The point of the base closest to `p` seen from above (p itself when inside).
    pub fn closest_horizontal_point(&self, p: Vec2) -> Vec2 {
        let c = Vec2::new(self.centre.x, self.centre.z);
        let (a, _) = self.size.half_extents();
        if self.is_round() {
            let d = p - c;
            let l = d.length();
            return if l <= a { p } else { c + d / l * a };
        }
        // An oval's rim is costly (a polygon) and the solo AI asks for the same fighters and
        // points (objectives, other fighters) many times a decision: the last answers are kept.
        recall(
            &CLOSEST,
            (self.key(), [p.x.to_bits(), p.y.to_bits()]),
            || self.closest_on_footprint(&self.footprint(), p),
        )
    }

    /// [`Base::closest_horizontal_point`] of an oval, its footprint `fp` (from
    /// [`Base::footprint`]) built once for many points.
    pub fn closest_on_footprint(&self, fp: &Footprint, p: Vec2) -> Vec2 {
        if crate::battlefield::footprint::contains(fp, (p.x, p.y)) {
            return p;
        }
        closest_on_polygon(fp, p)
    }
}

fn closest_on_polygon(fp: &Footprint, p: Vec2) -> Vec2 {
    let n = fp.points.len();
    let mut best = Vec2::ZERO;
    let mut best_d = f32::MAX;
    for i in 0..n {
        let a = Vec2::from(fp.points[i]);
        let b = Vec2::from(fp.points[(i + 1) % n]);
        let q = closest_on_segment(a, b, p);
        let d = q.distance_squared(p);
        if d < best_d {
            best_d = d;
            best = q;
        }
    }
    best
}

pub fn closest_on_segment(a: Vec2, b: Vec2, p: Vec2) -> Vec2 {
    let ab = b - a;
    let t = ((p - a).dot(ab) / ab.length_squared().max(1e-12)).clamp(0.0, 1.0);
    a + ab * t
}

/// The horizontal gap between two bases seen from above (0 when they overlap), and the
/// closest points (x, z) on each.
pub fn horizontal_gap(a: &Base, b: &Base) -> (f32, Vec2, Vec2) {
    if a.is_round() && b.is_round() {
        return gap_between(a, b);
    }
    // An oval's gap is costly (its rim as polygons) and the solo AI asks for the same pairs
    // many times in a decision: the last answers are kept, by the bases' exact bits.
    recall(&GAPS, (a.key(), b.key()), || gap_between(a, b))
}

/// Forgets the oval gaps and closest points this thread remembers.
pub fn forget_gaps() {
    GAPS.with_borrow_mut(Recent::clear);
    CLOSEST.with_borrow_mut(Recent::clear);
}

/// How many closest points of ovals each thread keeps.
const CLOSEST_KEPT: usize = 1024;

/// A base's exact bits and a point's.
type ClosestKey = ([u32; 7], [u32; 2]);

thread_local! {
    static CLOSEST: std::cell::RefCell<Recent<ClosestKey, Vec2>> =
        const { std::cell::RefCell::new(Recent::new(CLOSEST_KEPT)) };
}

/// How many oval gaps each thread keeps.
const GAPS_KEPT: usize = 2048;

type GapKey = ([u32; 7], [u32; 7]);
/// A horizontal gap and the closest points, as [`horizontal_gap`] returns them.
type Gap = (f32, Vec2, Vec2);

thread_local! {
    static GAPS: std::cell::RefCell<Recent<GapKey, Gap>> =
        const { std::cell::RefCell::new(Recent::new(GAPS_KEPT)) };
}

impl Base {
    /// The base's exact bits: equal keys, equal bases.
    pub(crate) fn key(&self) -> [u32; 7] {
        let [kind, l, w] = self.size.bits();
        [
            kind,
            l,
            w,
            self.centre.x.to_bits(),
            self.centre.y.to_bits(),
            self.centre.z.to_bits(),
            self.facing.to_bits(),
        ]
    }
}

/// [`horizontal_gap`], computed.
fn gap_between(a: &Base, b: &Base) -> (f32, Vec2, Vec2) {
    let ca = Vec2::new(a.centre.x, a.centre.z);
    let cb = Vec2::new(b.centre.x, b.centre.z);
    if a.is_round() && b.is_round() {
        let ra = a.size.half_extents().0;
        let rb = b.size.half_extents().0;
        let d = cb - ca;
        let l = d.length();
        let dir = if l > 0.0 { d / l } else { Vec2::X };
        let gap = (l - ra - rb).max(0.0);
        return (gap, ca + dir * ra.min(l), cb - dir * rb.min(l));
    }
    // Ovals: the closest pair of rim points, from the rims as fine polygons.
    let fa = a.footprint();
    let fb = b.footprint();
    if fa.overlaps(&fb) {
        let mid = (ca + cb) / 2.0;
        return (0.0, mid, mid);
    }
    // A vertex whose polygon-to-polygon distance can't be the least is skipped: its distance
    // to the other rim is at least its distance to the other centre less the other polygon's
    // outer radius, and the least is at most `guess`. (The least found is the same pair.)
    let (ra, rb) = (outer_radius(&fa, ca), outer_radius(&fb, cb));
    let guess = nearest_vertex_gap(&fa, cb, &fb).min(nearest_vertex_gap(&fb, ca, &fa));
    let mut best = (f32::MAX, ca, cb);
    let (near_a, near_b) = (NearestBound::of(a, ra), NearestBound::of(b, rb));
    for (from, to, swap, to_near) in [(&fa, &fb, false, &near_b), (&fb, &fa, true, &near_a)] {
        for &p in &from.points {
            let p = Vec2::from(p);
            if to_near.at(p) - 1e-4 > guess {
                continue;
            }
            let q = closest_on_polygon(to, p);
            let d = p.distance(q);
            if d < best.0 {
                best = if swap { (d, q, p) } else { (d, p, q) };
            }
        }
    }
    // The polygons are drawn around the rims; bring the gap back onto the true rims.
    let dir = (best.2 - best.1).normalize_or_zero();
    let pa = a.support(dir);
    let pb = b.support(-dir);
    let gap = (pb - pa).dot(dir).max(0.0);
    (gap, pa, pb)
}

/// A lower bound of the distance from a point to a base's rim polygon: the larger of the
/// distance past its farthest corner and the distance past the ellipse the polygon lies
/// within (a point `s` times as far out as that ellipse, along the same ray, is at least
/// `s - 1` times the ellipse's short half axis from it). Ovals are long: beside one, the second
/// bound is the closer.
struct NearestBound {
    centre: Vec2,
    /// The distance from the centre to the farthest corner.
    outer: f32,
    /// The sine and cosine of the base's facing, the inverse half axes of the ellipse round the
    /// polygon and its short half axis.
    sin_cos: (f32, f32),
    inverse_axes: Vec2,
    short: f32,
}

impl NearestBound {
    fn of(b: &Base, outer: f32) -> Self {
        let axes =
            Vec2::from(b.size.half_extents()) * crate::battlefield::footprint::rim_polygon_scale();
        NearestBound {
            centre: Vec2::new(b.centre.x, b.centre.z),
            outer,
            sin_cos: b.facing.sin_cos(),
            inverse_axes: axes.recip(),
            short: axes.min_element(),
        }
    }

    #[inline]
    fn at(&self, p: Vec2) -> f32 {
        let d = p - self.centre;
        // In units of the ellipse's half axes.
        let l = into_base_frame(d, self.sin_cos) * self.inverse_axes;
        (d.length() - self.outer).max((l.length() - 1.0) * self.short)
    }
}

/// `d` (an offset from a base's centre, seen from above) in the frame of a base whose facing
/// has sine and cosine `sin_cos`: x along its facing (the inverse of the turn its rim is drawn
/// with, (x c + z s, -x s + z c)).
#[inline]
pub(crate) fn into_base_frame(d: Vec2, (s, c): (f32, f32)) -> Vec2 {
    Vec2::new(d.x * c - d.y * s, d.x * s + d.y * c)
}

/// The distance from the centre `c` to the farthest corner of `fp`.
fn outer_radius(fp: &Footprint, c: Vec2) -> f32 {
    fp.points
        .iter()
        .map(|&p| Vec2::from(p).distance(c))
        .fold(0.0, f32::max)
}

/// The distance to the polygon `to` from the corner of `from` nearest `to_centre`: a bound on
/// the least distance between the polygons.
fn nearest_vertex_gap(from: &Footprint, to_centre: Vec2, to: &Footprint) -> f32 {
    let p = from
        .points
        .iter()
        .map(|&p| Vec2::from(p))
        .min_by(|a, b| {
            a.distance_squared(to_centre)
                .total_cmp(&b.distance_squared(to_centre))
        })
        .unwrap_or(to_centre);
    p.distance(closest_on_polygon(to, p))
}

/// GEN-2: the distance between the closest points of two bases, in 3D.
pub fn distance(a: &Base, b: &Base) -> f32 {
    let (gap, _, _) = horizontal_gap(a, b);
    let dy = a.centre.y - b.centre.y;
    (gap * gap + dy * dy).sqrt()
}

/// GEN-2: horizontal-only distance between two bases.
pub fn horizontal_distance(a: &Base, b: &Base) -> f32 {
    horizontal_gap(a, b).0
}

/// The height between two bases as measured (unrounded; rules that use a vertical-only
/// distance round it with [`round_up_half_inch`], GEN-2).
pub fn vertical_distance(a: &Base, b: &Base) -> f32 {
    (a.centre.y - b.centre.y).abs()
}

/// GEN-2: a vertical-only distance rounded **up** to the next half inch: 2.6 -> 3.0,
/// 2.5 -> 2.5, 2.51 -> 3.0, 0.01 -> 0.5, 0 -> 0. Float noise of 1/10000" is ignored.
pub fn round_up_half_inch(v: f32) -> f32 {
    let v = v.abs();
    (((v - 1e-4) * 2.0).ceil() / 2.0).max(0.0)
}

/// Distance from a base to a token (objective, treasure) measured to the token's centre.
pub fn distance_to_point(a: &Base, p: Vec3) -> f32 {
    let q = a.closest_horizontal_point(Vec2::new(p.x, p.z));
    let gap = q.distance(Vec2::new(p.x, p.z));
    let dy = a.centre.y - p.y;
    (gap * gap + dy * dy).sqrt()
}

/// GEN-1: "within X" is inclusive.
pub fn within(distance: f32, x: f32) -> bool {
    distance <= x + 1e-4
}

/// GEN-1: is `b` within `x` of `a` ([`within`] of [`distance`], the same answer)? Most pairs
/// of oval bases are settled without their exact shapes: farther apart than their outer
/// circles allow (the rims as measured lie within 1% outside the true ones), or closer than
/// their inner circles (the measured gap is never more than the true one, nor the true one
/// than the inner circles').
pub fn bases_within(a: &Base, b: &Base, x: f32) -> bool {
    let limit = x + 1e-4;
    if !(a.is_round() && b.is_round()) {
        let dy = a.centre.y - b.centre.y;
        let l = Vec2::new(a.centre.x - b.centre.x, a.centre.z - b.centre.z).length();
        let outer = a.size.max_radius() + b.size.max_radius();
        let far = (l - 1.01 * outer - 0.01).max(0.0);
        if (far * far + dy * dy).sqrt() > limit {
            return false;
        }
        let inner = |s: BaseSize| s.half_extents().0.min(s.half_extents().1);
        let near = (l - inner(a.size) - inner(b.size)).max(0.0);
        if (near * near + dy * dy).sqrt() <= limit - 1e-5 {
            return true;
        }
    }
    within(distance(a, b), x)
}

/// GEN-1: every point of the base is within `x` (3D) of `p`.
pub fn wholly_within_point(a: &Base, p: Vec3, x: f32) -> bool {
    let far = a.footprint().max_distance_from((p.x, p.z));
    let dy = a.centre.y - p.y;
    within((far * far + dy * dy).sqrt(), x)
}

/// GEN-1 horizontally (SET-6, RES-1): every point of the base within `x` of `p` seen from above.
pub fn wholly_within_horizontally(a: &Base, p: Vec2, x: f32) -> bool {
    within(a.footprint().max_distance_from((p.x, p.y)), x)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MM: f32 = 25.4;

    fn round(mm: f32, x: f32, y: f32, z: f32) -> Base {
        Base::new(BaseSize::Round(mm), Vec3::new(x, y, z), 0.0)
    }

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() < 2e-3
    }

    #[test]
    fn gen2_vertical_rounding_examples() {
        assert_eq!(round_up_half_inch(2.6), 3.0);
        assert_eq!(round_up_half_inch(2.5), 2.5);
        assert_eq!(round_up_half_inch(2.51), 3.0);
        assert_eq!(round_up_half_inch(0.01), 0.5);
        assert_eq!(round_up_half_inch(0.0), 0.0);
        assert_eq!(round_up_half_inch(3.0), 3.0);
        assert_eq!(round_up_half_inch(-1.2), 1.5);
    }

    #[test]
    fn gen2_closest_points_of_bases_of_every_size() {
        // Centres 3" apart on the floor: the gap is 3" minus both radii.
        for (a, b) in [(25.0, 25.0), (32.0, 40.0), (40.0, 60.0), (25.0, 60.0)] {
            let d = distance(&round(a, 0.0, 0.0, 0.0), &round(b, 3.0, 0.0, 0.0));
            assert!(close(d, 3.0 - a / MM / 2.0 - b / MM / 2.0), "{a} {b}: {d}");
        }
        // Touching bases are 0 apart; overlapping too.
        assert_eq!(
            distance(&round(25.4, 0.0, 0.0, 0.0), &round(25.4, 1.0, 0.0, 0.0)),
            0.0
        );
    }

    #[test]
    fn gen2_stacked_platforms_are_vertically_apart() {
        // A fighter on a 3" platform right above one on the floor: 3" apart (vertically).
        let top = round(32.0, 5.0, 3.0, 5.0);
        let below = round(32.0, 5.0, 0.0, 5.0);
        assert!(close(distance(&top, &below), 3.0));
        assert_eq!(vertical_distance(&top, &below), 3.0);
        assert_eq!(horizontal_distance(&top, &below), 0.0);
        // 4" apart horizontally (gap) and 3" up: 5" in 3D.
        let r = 32.0 / MM / 2.0;
        let side = round(32.0, 5.0 + 4.0 + 2.0 * r, 0.0, 5.0);
        assert!(close(distance(&top, &side), 5.0));
        assert!(close(horizontal_distance(&top, &side), 4.0));
    }

    /// The closest pair of corners and edges, every pair tried (what `gap_between` finds
    /// while skipping pairs that can't be closest).
    fn closest_pair_tried_everywhere(a: &Base, b: &Base) -> (f32, Vec2, Vec2) {
        let (fa, fb) = (a.footprint(), b.footprint());
        let mut best = (f32::MAX, Vec2::ZERO, Vec2::ZERO);
        for (from, to, swap) in [(&fa, &fb, false), (&fb, &fa, true)] {
            for &p in &from.points {
                let p = Vec2::from(p);
                let q = closest_on_polygon(to, p);
                let d = p.distance(q);
                if d < best.0 {
                    best = if swap { (d, q, p) } else { (d, p, q) };
                }
            }
        }
        let dir = (best.2 - best.1).normalize_or_zero();
        let (pa, pb) = (a.support(dir), b.support(-dir));
        ((pb - pa).dot(dir).max(0.0), pa, pb)
    }

    proptest::proptest! {
        /// GEN-2: oval gaps, found skipping corners, are to the bit those found trying all.
        #[test]
        fn gen2_oval_gaps_skip_no_closer_pair(
            l in 40.0f32..120.0, w in 25.0f32..60.0, d in 25.0f32..60.0,
            x in 0.0f32..20.0, z in 0.0f32..20.0, fa in 0.0f32..6.3, fb in 0.0f32..6.3,
        ) {
            let a = Base::new(BaseSize::Oval(l, w), Vec3::new(10.0, 0.0, 10.0), fa);
            let b = Base::new(BaseSize::Oval(d + 20.0, d), Vec3::new(x, 0.0, z), fb);
            let r = Base::new(BaseSize::Round(d), Vec3::new(x, 0.0, z), fb);
            for other in [b, r] {
                if a.footprint().overlaps(&other.footprint()) {
                    continue;
                }
                proptest::prop_assert_eq!(
                    gap_between(&a, &other),
                    closest_pair_tried_everywhere(&a, &other)
                );
            }
        }
    }

    proptest::proptest! {
        /// GEN-2: the bound that skips corners is never more than a point's distance to the
        /// rim polygon, for ovals and round bases, at any point round them.
        #[test]
        fn gen2_the_nearest_bound_is_never_past_the_rim(
            l in 40.0f32..120.0, w in 25.0f32..60.0, round: bool, facing in 0.0f32..6.3,
            angle in 0.0f32..6.3, out in 0.0f32..4.0,
        ) {
            let size = if round { BaseSize::Round(w) } else { BaseSize::Oval(l, w) };
            let b = Base::new(size, Vec3::new(10.0, 0.0, 10.0), facing);
            let fp = b.footprint();
            let c = Vec2::new(10.0, 10.0);
            let p = c + Vec2::from_angle(angle) * b.size.max_radius() * out;
            let bound = NearestBound::of(&b, outer_radius(&fp, c)).at(p);
            proptest::prop_assert!(bound <= p.distance(closest_on_polygon(&fp, p)) + 1e-5);
        }
    }

    proptest::proptest! {
        /// GEN-1: "within" of two bases, settled by their circles where it can be, is the
        /// measured distance's answer.
        #[test]
        fn gen1_within_by_circles_is_within_by_distance(
            l in 40.0f32..120.0, w in 25.0f32..60.0, d in 25.0f32..60.0,
            x in 4.0f32..16.0, z in 4.0f32..16.0, y in proptest::prop_oneof![proptest::strategy::Just(0.0f32), 0.0f32..3.0],
            fa in 0.0f32..6.3, fb in 0.0f32..6.3, within_x in 0.0f32..3.0,
        ) {
            let a = Base::new(BaseSize::Oval(l, w), Vec3::new(10.0, 0.0, 10.0), fa);
            let b = Base::new(BaseSize::Oval(d + 20.0, d), Vec3::new(x, y, z), fb);
            let r = Base::new(BaseSize::Round(d), Vec3::new(x, y, z), fb);
            for other in [b, r] {
                proptest::prop_assert_eq!(
                    bases_within(&a, &other, within_x),
                    within(distance(&a, &other), within_x)
                );
            }
        }
    }

    #[test]
    fn gen2_oval_bases_measure_along_their_axes() {
        // A 60x35 oval facing +x: 30 mm to its rim along x, 17.5 mm along z.
        let oval = Base::new(BaseSize::Oval(60.0, 35.0), Vec3::ZERO, 0.0);
        let along_x = round(25.4, 3.0, 0.0, 0.0);
        let along_z = round(25.4, 0.0, 0.0, 3.0);
        assert!(close(distance(&oval, &along_x), 3.0 - 30.0 / MM - 0.5));
        assert!(close(distance(&oval, &along_z), 3.0 - 17.5 / MM - 0.5));
        // Turned 90 degrees, the axes swap.
        let turned = Base::new(
            BaseSize::Oval(60.0, 35.0),
            Vec3::ZERO,
            std::f32::consts::FRAC_PI_2,
        );
        assert!(close(distance(&turned, &along_z), 3.0 - 30.0 / MM - 0.5));
        // Symmetric.
        assert!(close(distance(&along_x, &oval), distance(&oval, &along_x)));
        // Two ovals end to end.
        let other = Base::new(BaseSize::Oval(60.0, 35.0), Vec3::new(4.0, 0.0, 0.0), 0.0);
        assert!(close(distance(&oval, &other), 4.0 - 60.0 / MM));
    }

    #[test]
    fn gen1_within_is_inclusive_and_tokens_measure_to_centre() {
        let b = round(25.4, 0.0, 0.0, 0.0);
        let d = distance_to_point(&b, Vec3::new(3.5, 0.0, 0.0));
        assert!(close(d, 3.0));
        assert!(within(d, 3.0));
        assert!(!within(
            distance_to_point(&b, Vec3::new(3.6, 0.0, 0.0)),
            3.0
        ));
        // A token under the base is 0 away.
        assert_eq!(distance_to_point(&b, Vec3::new(0.2, 0.0, 0.0)), 0.0);
    }

    #[test]
    fn gen1_wholly_within() {
        let b = round(25.4, 2.4, 0.0, 0.0); // rim reaches 2.9" from the origin
        assert!(wholly_within_horizontally(&b, Vec2::ZERO, 3.0));
        let b = round(25.4, 2.6, 0.0, 0.0); // rim reaches 3.1"
        assert!(!wholly_within_horizontally(&b, Vec2::ZERO, 3.0));
        // Within (closest point) but not wholly within.
        assert!(within(distance_to_point(&b, Vec3::ZERO), 3.0));
        // 3D: on a 2" platform above the point, horizontally 1" rim: sqrt(1 + 4) > 2.
        let up = round(25.4, 0.5, 2.0, 0.0);
        assert!(!wholly_within_point(&up, Vec3::ZERO, 2.0));
        assert!(wholly_within_point(&up, Vec3::ZERO, 2.3));
    }
}
