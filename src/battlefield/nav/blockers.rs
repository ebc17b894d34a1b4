//! MOVE-2: other fighters' bases in the way of a move.

use std::cell::OnceCell;

use bevy::math::Vec2;

use super::Mover;
use crate::battlefield::footprint::RIM_SEGMENTS;
use crate::battlefield::measure::{Base, closest_on_segment, into_base_frame};

/// Is a base of radius `r` centred at `c` overlapping `o` (its exact shape: ovals are long
/// and thin, so a circle round them would wall in the fighters set up beside them)?
#[inline]
fn overlaps(o: &Base, c: Vec2, r: f32) -> bool {
    near(o, c, r) && o.closest_horizontal_point(c).distance(c) < r - 1e-3
}

/// Is `c` within the reach of a base of radius `r` from `o`'s bounding circle (its rim
/// polygon lies within 1% outside the true rim)? If not, the bases can't overlap, and the
/// closest point need not be found.
#[inline]
pub(super) fn near(o: &Base, c: Vec2, r: f32) -> bool {
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
    blockers
        .iter()
        .any(|o| segment_hits_base(o, y, a, b, mover))
}

/// MOVE-2: does a straight walk from `a` to `b` (on the surface at height `y`) pass through
/// the base `o`?
fn segment_hits_base(o: &Base, y: f32, a: Vec2, b: Vec2, mover: &Mover) -> bool {
    hits_base(o, y, a, b, mover, &OnceCell::new())
}

/// [`segment_hits_base`], with `o`'s rim (built the first time an oval needs it) kept in
/// `rim` for the next walk past it.
fn hits_base(o: &Base, y: f32, a: Vec2, b: Vec2, mover: &Mover, rim: &LazyRim) -> bool {
    let r = mover.radius();
    let oc = Vec2::new(o.centre.x, o.centre.z);
    if (o.centre.y - y).abs() >= mover.body.max(1.0)
        || closest_on_segment(a, b, oc).distance(oc) >= r + o.size.max_radius() - 1e-3
    {
        return false;
    }
    let (long, short) = o.size.half_extents();
    if matches!(o.size, crate::model::formats::BaseSize::Round(_))
        || closest_on_segment(a, b, oc).distance(oc) < r + long.min(short) - 1e-3
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
    let rim = rim.get_or_init(|| Box::new(Rim::of(o)));
    let within = rim.within(r - 1e-3);
    (0..=n).any(|i| {
        let c = a + u * (t0 + (t1 - t0) * i as f32 / n as f32);
        near(o, c, r) && within.holds(rim, c)
    })
}

/// An oval's rim, built the first time a walk needs it (boxed: a search keeps one per base,
/// round ones included, and a rim is a kilobyte).
type LazyRim = OnceCell<Box<Rim>>;

/// The number of edges of an oval's rim polygon.
const EDGES: usize = RIM_SEGMENTS;

/// An oval's rim polygon (its footprint), laid out edge by edge so that every edge is tested
/// in one pass (the compiler turns the passes into vector instructions): each edge's ends,
/// direction, midpoint and half length.
struct Rim {
    ends: [(Vec2, Vec2); EDGES],
    /// The first end and the direction (second end less first) of each edge, by coordinate.
    x1: [f32; EDGES],
    z1: [f32; EDGES],
    dx: [f32; EDGES],
    dz: [f32; EDGES],
    /// Each edge's midpoint, by coordinate, and half its length.
    mx: [f32; EDGES],
    mz: [f32; EDGES],
    half: [f32; EDGES],
    /// The oval's centre and the square of its farthest corner's distance from it.
    centre: Vec2,
    outer_sq: f32,
    /// The oval's half axes (along its facing, across it) and the sine and cosine of its
    /// facing: the rim polygon lies between this ellipse and the ellipse `1 / cos(pi / 24)`
    /// times as large (it is drawn around the rim).
    axes: Vec2,
    sin_cos: (f32, f32),
}

/// How much closer than the exact test a point must be to settle [`Rim::closer_than`] by
/// the ellipses of [`Within`] alone (as a share of the ellipse's size: a thousandth of an
/// inch on a 25 mm base, far above the float error of either test).
const ELLIPSE_MARGIN: f32 = 1e-3;

/// [`Rim::closer_than`] for one distance `t`, settled for most points by two ellipses round
/// the oval's centre: a point outside the outer one is farther than `t` from the rim polygon
/// (which lies within the larger ellipse, grown by `t` along its short axis and as much in
/// proportion along the long one); a point inside the inner one is closer than `t` (the
/// polygon holds the true ellipse, grown by `t` along its long axis and in proportion along
/// the short one). Between them, the exact test.
struct Within {
    t: f32,
    /// The inverse squares of the outer and the inner ellipse's half axes.
    outer: Vec2,
    inner: Vec2,
}

impl Within {
    #[inline]
    fn holds(&self, rim: &Rim, c: Vec2) -> bool {
        let l = into_base_frame(c - rim.centre, rim.sin_cos);
        let l2 = l * l;
        if l2.dot(self.outer) > 1.0 + ELLIPSE_MARGIN {
            return false;
        }
        if l2.dot(self.inner) < 1.0 - ELLIPSE_MARGIN {
            return true;
        }
        rim.closer_than(c, self.t)
    }
}

impl Rim {
    fn of(o: &Base) -> Self {
        let fp = o.footprint();
        debug_assert_eq!(fp.points.len(), EDGES, "an oval's rim has {EDGES} edges");
        let n = fp.points.len();
        let ends: [(Vec2, Vec2); EDGES] = std::array::from_fn(|i| {
            (
                Vec2::from(fp.points[i % n]),
                Vec2::from(fp.points[(i + 1) % n]),
            )
        });
        let centre = Vec2::new(o.centre.x, o.centre.z);
        let outer_sq = fp
            .points
            .iter()
            .map(|&p| Vec2::from(p).distance_squared(centre))
            .fold(0.0, f32::max);
        Rim {
            axes: Vec2::from(o.size.half_extents()),
            sin_cos: o.facing.sin_cos(),
            x1: ends.map(|(a, _)| a.x),
            z1: ends.map(|(a, _)| a.y),
            dx: ends.map(|(a, b)| b.x - a.x),
            dz: ends.map(|(a, b)| b.y - a.y),
            mx: ends.map(|(a, b)| ((a + b) * 0.5).x),
            mz: ends.map(|(a, b)| ((a + b) * 0.5).y),
            half: ends.map(|(a, b)| a.distance(b) * 0.5),
            ends,
            centre,
            outer_sq,
        }
    }

    /// [`Rim::closer_than`] for many points at distance `t` (`t > 0`).
    fn within(&self, t: f32) -> Within {
        let k = crate::battlefield::footprint::rim_polygon_scale();
        let outer = self.axes * k * (1.0 + t / (self.axes.min_element() * k));
        let inner = self.axes * (1.0 + t / self.axes.max_element());
        Within {
            t,
            outer: (outer * outer).recip(),
            inner: (inner * inner).recip(),
        }
    }

    /// Is `c` closer than `t` to the oval (`Base::closest_on_footprint(..).distance(c) < t`,
    /// the same answer): inside it, or closer than `t` to an edge? Only an edge whose
    /// midpoint is within `t` and its half length can be; a point beyond every corner is
    /// outside.
    fn closer_than(&self, c: Vec2, t: f32) -> bool {
        let near: [bool; EDGES] = std::array::from_fn(|i| {
            let reach = t + self.half[i] + 1e-4;
            let (dx, dz) = (self.mx[i] - c.x, self.mz[i] - c.y);
            dx * dx + dz * dz < reach * reach
        });
        (0..EDGES).any(|i| {
            let (a, b) = self.ends[i];
            near[i] && closest_on_segment(a, b, c).distance(c) < t
        }) || (c.distance_squared(self.centre) <= self.outer_sq * 1.0001 && self.contains(c))
    }

    /// [`crate::battlefield::footprint::contains`] (boundary included): no two edges see `c`
    /// on opposite sides.
    fn contains(&self, c: Vec2) -> bool {
        let (mut left, mut right) = (false, false);
        for i in 0..EDGES {
            let cross = self.dx[i] * (c.y - self.z1[i]) - self.dz[i] * (c.x - self.x1[i]);
            left |= cross > 1e-4;
            right |= cross < -1e-4;
        }
        !(left && right)
    }
}

/// MOVE-2: another fighter's base in the way (same level, overlapping).
#[inline]
pub(super) fn blocked_by(blockers: &[Base], y: f32, c: Vec2, mover: &Mover) -> bool {
    overlapped(blockers, y, c, mover, mover.radius())
}

/// [`blocked_by`] with 0.001" to spare: a base this overlaps, no search reaches (the searches'
/// walks, climbs and starts all test the same overlap, within rounding of it).
pub(super) fn surely_blocked_by(blockers: &[Base], y: f32, c: Vec2, mover: &Mover) -> bool {
    overlapped(blockers, y, c, mover, mover.radius() - 1e-3)
}

/// Does a base of radius `r` centred at `c`, on the surface at height `y`, overlap one of
/// `blockers` at the mover's level?
#[inline]
fn overlapped(blockers: &[Base], y: f32, c: Vec2, mover: &Mover, r: f32) -> bool {
    blockers
        .iter()
        .any(|b| (b.centre.y - y).abs() < mover.body.max(1.0) && overlaps(b, c, r))
}

/// The other fighters' bases in the way of one search's walks, with what the search works
/// out about each once instead of for every walk: how near a cell its centre must be to be in
/// the way of a walk to a neighbouring cell, and an oval's rim.
pub(super) struct Blockers<'a> {
    pub(super) bases: &'a [Base],
    /// Per base: its centre seen from above, its height, and the square of the distance
    /// within which its centre can be from a cell for it to be in the way of a walk to a
    /// neighbouring cell.
    reaches: Vec<(Vec2, f32, f32)>,
    rims: Vec<LazyRim>,
}

impl<'a> Blockers<'a> {
    pub(super) fn new(bases: &'a [Base], mover: &Mover) -> Self {
        // The longest walk to a neighbour is the diagonal, CELL * sqrt(2) < 0.75".
        let r = mover.radius() + 0.75 + 0.01;
        let reaches = bases
            .iter()
            .map(|o| {
                let reach = r + o.size.max_radius();
                (Vec2::new(o.centre.x, o.centre.z), o.centre.y, reach * reach)
            })
            .collect();
        Blockers {
            bases,
            reaches,
            rims: bases.iter().map(|_| OnceCell::new()).collect(),
        }
    }

    /// MOVE-2: does the walk from `a` to `b` pass through base `i`?
    #[inline]
    fn hits(&self, i: usize, y: f32, a: Vec2, b: Vec2, mover: &Mover) -> bool {
        hits_base(&self.bases[i], y, a, b, mover, &self.rims[i])
    }

    /// MOVE-2: does a straight walk from `a` to `b` pass through any of the bases?
    pub(super) fn segment_blocked(&self, y: f32, a: Vec2, b: Vec2, mover: &Mover) -> bool {
        (0..self.bases.len()).any(|i| self.hits(i, y, a, b, mover))
    }
}

/// The other fighters' bases that could be in the way of the walks out of one grid cell to
/// its neighbours (at most a handful; all of them when more are near).
pub(super) struct NearBlockers {
    index: [u16; NearBlockers::MAX],
    len: usize,
    all: bool,
}

impl NearBlockers {
    const MAX: usize = 8;

    /// The bases of `blockers` that could be in the way of a walk from `c` (on the surface at
    /// height `y`) to a neighbouring cell, for a mover `body` tall. A bound: a base left out
    /// can't be.
    #[inline]
    pub(super) fn of(blockers: &Blockers, body: f32, y: f32, c: Vec2) -> Self {
        let mut near = NearBlockers {
            index: [0; Self::MAX],
            len: 0,
            all: false,
        };
        for (i, &(centre, cy, reach_sq)) in blockers.reaches.iter().enumerate() {
            if (cy - y).abs() < body.max(1.0) && centre.distance_squared(c) < reach_sq {
                if near.len == Self::MAX {
                    near.all = true;
                    break;
                }
                near.index[near.len] = i as u16;
                near.len += 1;
            }
        }
        near
    }

    /// No base near: no walk out of the cell is blocked (most cells).
    #[inline]
    pub(super) fn is_empty(&self) -> bool {
        self.len == 0 && !self.all
    }

    /// MOVE-2: is the walk from `a` to `b` blocked by one of these bases (of `blockers`)?
    #[inline]
    pub(super) fn block(
        &self,
        blockers: &Blockers,
        mover: &Mover,
        y: f32,
        a: Vec2,
        b: Vec2,
    ) -> bool {
        if self.all {
            return blockers.segment_blocked(y, a, b, mover);
        }
        self.index[..self.len]
            .iter()
            .any(|&i| blockers.hits(i as usize, y, a, b, mover))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::formats::BaseSize;
    use bevy::math::Vec3;

    proptest::proptest! {
        /// MOVE-2: the ellipses that settle most points of a walk past an oval give the exact
        /// test's answer, at any distance from the oval up to a little beyond its reach.
        #[test]
        fn move2_the_ellipse_bounds_answer_as_the_rim(
            l in 40.0f32..120.0, w in 25.0f32..60.0, facing in 0.0f32..6.3,
            angle in 0.0f32..6.3, out in 0.0f32..1.2, t in 0.3f32..1.5,
        ) {
            let o = Base::new(BaseSize::Oval(l, w), Vec3::new(10.0, 0.0, 10.0), facing);
            let rim = Rim::of(&o);
            let c = Vec2::new(10.0, 10.0)
                + Vec2::from_angle(angle) * (o.size.max_radius() + t) * out * 1.1;
            proptest::prop_assert_eq!(rim.within(t).holds(&rim, c), rim.closer_than(c, t));
        }

        /// MOVE-2: the rim's quick answer is the exact closest-point test's, for any oval and
        /// any point round it.
        #[test]
        fn move2_the_rim_test_answers_as_the_closest_point(
            l in 40.0f32..120.0, w in 25.0f32..60.0, facing in 0.0f32..6.3,
            x in 5.0f32..15.0, z in 5.0f32..15.0, t in 0.3f32..1.5,
        ) {
            let o = Base::new(BaseSize::Oval(l, w), Vec3::new(10.0, 0.0, 10.0), facing);
            let c = Vec2::new(x, z);
            let exact = o.closest_on_footprint(&o.footprint(), c).distance(c) < t;
            proptest::prop_assert_eq!(Rim::of(&o).closer_than(c, t), exact);
        }

        /// MOVE-2: the rim's inside test answers as the footprint's, at any point round it
        /// (on its edges too).
        #[test]
        fn move2_the_rim_holds_what_the_footprint_holds(
            l in 40.0f32..120.0, w in 25.0f32..60.0, facing in 0.0f32..6.3,
            x in 7.0f32..13.0, z in 7.0f32..13.0, edge in 0usize..24, along in 0.0f32..1.0,
            on_edge: bool,
        ) {
            let o = Base::new(BaseSize::Oval(l, w), Vec3::new(10.0, 0.0, 10.0), facing);
            let fp = o.footprint();
            let c = if on_edge {
                let (a, b) = (Vec2::from(fp.points[edge]), Vec2::from(fp.points[(edge + 1) % 24]));
                a + (b - a) * along
            } else {
                Vec2::new(x, z)
            };
            proptest::prop_assert_eq!(
                Rim::of(&o).contains(c),
                crate::battlefield::footprint::contains(&fp, (c.x, c.y))
            );
        }
    }
}
