//! SET-6 / RES-1 / RES-2: where a fighter is set up: the legal standing place nearest a
//! deployment point, within a radius, clashing with no fighter already placed.

use std::rc::Rc;

use bevy::math::Vec3;
use bevy::platform::collections::HashMap;

use crate::battlefield::footprint::Footprint;
use crate::battlefield::standing::{Standing, bodies_share_height, heights_under};
use crate::model::formats::{BaseSize, Point2, TerrainPiece};

/// Grid step of the placement search, in inches.
const STEP: f32 = 0.25;

/// Finds places for the fighters of one group, all facing the same way. A group's fighters,
/// a wider search after a narrow one, and every battle on the same battlefield try the same
/// places again: what each place's terrain allows is worked out once per thread.
///
/// The finder holds the fighters already standing, and they only ever grow in number
/// ([`SpotFinder::place`]): a place ruled out stays ruled out. So a search asked again (the
/// next fighter of a group round the same point, a deployment line's centres tried again)
/// starts where it last stopped instead of trying every nearer place again.
pub struct SpotFinder<'a> {
    terrain: &'a [TerrainPiece],
    battlefield: Point2,
    facing: f32,
    memo: SpotMemo,
    placed: Vec<Placed>,
    /// For each search asked (see [`SearchKey`]), the first place in its order not yet
    /// ruled out.
    resume: HashMap<SearchKey, usize>,
}

/// A search for a place: the point, the radius, the base (kind and sizes) and the body's
/// height, as bits.
type SearchKey = [u32; 7];

/// What each place in a search's order allows (see [`SpotFinder::allowed`]), once worked out.
type Area = Vec<Option<Rc<[f32]>>>;

/// What spot finding keeps for one battlefield.
#[derive(Default)]
struct SpotMemo {
    /// The battlefield's fingerprint (see [`crate::battlefield::terrain_fingerprint`]).
    terrain: Vec<u32>,
    /// For each search (see [`SearchKey`]) and facing, what each place in its order allows
    /// (see [`SpotFinder::allowed`]), once worked out.
    areas: HashMap<(SearchKey, u32), Area>,
    /// How many places `areas` holds.
    places: usize,
    /// The offsets from a point to try, nearest first, by the reach of the search.
    offsets: HashMap<u32, Rc<[Point2]>>,
}

/// At most this many places are kept (some 8 MB).
const KEPT_PLACES: usize = 100_000;

thread_local! {
    static MEMO: std::cell::RefCell<SpotMemo> = std::cell::RefCell::new(SpotMemo::default());
}

/// Forgets the places this thread keeps.
pub fn forget() {
    MEMO.with_borrow_mut(|m| *m = SpotMemo::default());
}

impl<'a> SpotFinder<'a> {
    /// A finder on `terrain` for bases facing `facing`, round the fighters `placed` already
    /// standing.
    pub fn new(
        terrain: &'a [TerrainPiece],
        battlefield: Point2,
        facing: f32,
        placed: Vec<Standing>,
    ) -> Self {
        let print = crate::battlefield::terrain_fingerprint(terrain, battlefield);
        let mut memo = MEMO.with_borrow_mut(std::mem::take);
        if memo.terrain != print || memo.places > KEPT_PLACES {
            memo = SpotMemo {
                terrain: print,
                ..SpotMemo::default()
            };
        }
        SpotFinder {
            terrain,
            battlefield,
            facing,
            memo,
            placed: placed.into_iter().map(Placed::new).collect(),
            resume: HashMap::default(),
        }
    }

    /// A fighter now stands here: no later place may clash with it.
    pub fn place(&mut self, standing: Standing) {
        self.placed.push(Placed::new(standing));
    }

    /// The legal standing place nearest to `point` whose base is wholly within `radius`
    /// horizontally of it, clashing with no fighter placed. Candidates are on a grid,
    /// nearest first (ties by angle), so the result is deterministic.
    pub fn find(&mut self, point: Point2, radius: f32, base: &BaseSize, body: f32) -> Option<Vec3> {
        let reach = radius - base.max_radius() * 0.9;
        if reach < 0.0 {
            return None;
        }
        let [kind, a, b] = base.bits();
        let key: SearchKey = [
            point.0.to_bits(),
            point.1.to_bits(),
            radius.to_bits(),
            kind,
            a,
            b,
            body.to_bits(),
        ];
        let start = self.resume.get(&key).copied().unwrap_or(0);
        let offsets = self.memo.offsets(reach);
        let area_key = (key, self.facing.to_bits());
        let mut area = self.memo.areas.remove(&area_key).unwrap_or_default();
        area.resize(offsets.len(), None);
        let mut worked_out = 0;
        let found = (start..offsets.len()).find_map(|i| {
            let (dx, dz) = offsets[i];
            let c = (point.0 + dx, point.1 + dz);
            let heights = area[i].get_or_insert_with(|| {
                worked_out += 1;
                self.allowed(c, point, radius, base, body)
            });
            self.try_place(c, heights, base, body).map(|p| (i, p))
        });
        self.memo.places += worked_out;
        self.memo.areas.insert(area_key, area);
        self.resume
            .insert(key, found.map_or(offsets.len(), |(i, _)| i));
        found.map(|(_, p)| p)
    }

    /// What the terrain and the search allow at `c`: the surfaces a base centred there can
    /// stand on, lowest first; none when the base would not be wholly within `radius` of
    /// `point`.
    fn allowed(
        &self,
        c: Point2,
        point: Point2,
        radius: f32,
        base: &BaseSize,
        body: f32,
    ) -> Rc<[f32]> {
        let fp = Footprint::base(base, c, self.facing);
        if fp.max_distance_from(point) > radius + 1e-4 {
            return Rc::from([]);
        }
        heights_under(self.terrain, self.battlefield, &fp, body).into()
    }

    /// Can the base stand at `c` on one of the surfaces `heights` (allowed there), clashing
    /// with no fighter placed? The lowest surface where it can.
    fn try_place(&self, c: Point2, heights: &[f32], base: &BaseSize, body: f32) -> Option<Vec3> {
        let inner = base.half_extents().0.min(base.half_extents().1);
        // What rules a place out most often is settled first without its footprint: a
        // fighter stands deep in it at every height.
        let others = &self.placed;
        let mut open = heights
            .iter()
            .copied()
            .filter(|&y| !others.iter().any(|o| o.deep_in(c, inner, y, body)))
            .peekable();
        open.peek()?;
        let fp = Footprint::base(base, c, self.facing);
        let me_box = MeBox {
            bounds: fp.bounds(),
            centre: c,
            inner,
        };
        let mut me = Standing {
            footprint: fp,
            y: 0.0,
            body,
        };
        open.find(|&y| {
            me.y = y;
            !others.iter().any(|o| o.clashes(&me, &me_box))
        })
        .map(|y| Vec3::new(c.0, y, c.1))
    }
}

impl SpotMemo {
    /// The offsets within `reach` of a point, nearest first, ties by angle.
    fn offsets(&mut self, reach: f32) -> Rc<[Point2]> {
        self.offsets
            .entry(reach.to_bits())
            .or_insert_with(|| {
                let n = (reach / STEP).ceil() as i32;
                let mut cands: Vec<(f32, f32, Point2)> = Vec::new();
                for i in -n..=n {
                    for j in -n..=n {
                        let (dx, dz) = (i as f32 * STEP, j as f32 * STEP);
                        let d = (dx * dx + dz * dz).sqrt();
                        if d <= reach + 1e-4 {
                            cands.push((d, dz.atan2(dx), (dx, dz)));
                        }
                    }
                }
                cands.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
                cands.into_iter().map(|c| c.2).collect()
            })
            .clone()
    }
}

impl Drop for SpotFinder<'_> {
    fn drop(&mut self) {
        let memo = std::mem::take(&mut self.memo);
        MEMO.with_borrow_mut(|m| *m = memo);
    }
}

/// A fighter already placed, with the box round its footprint and the circle inside it.
struct Placed {
    standing: Standing,
    bounds: (f32, f32, f32, f32),
    centre: Point2,
    inner: f32,
}

/// The box round a base being placed, its centre and the radius of the circle inside it.
struct MeBox {
    bounds: (f32, f32, f32, f32),
    centre: Point2,
    inner: f32,
}

impl Placed {
    fn new(standing: Standing) -> Self {
        let (centre, inner) = standing.footprint.inner_circle();
        Placed {
            bounds: standing.footprint.bounds(),
            standing,
            centre,
            inner,
        }
    }

    /// Does this fighter stand deep in a base (centre `c`, inner radius `inner`) standing at
    /// height `y` with a body `body` high: the bodies share some height and the circles
    /// inside both overlap by a hundredth of an inch? Then they clash.
    fn deep_in(&self, c: Point2, inner: f32, y: f32, body: f32) -> bool {
        let o = &self.standing;
        bodies_share_height((y, body), (o.y, o.body)) && self.deep(c, inner)
    }

    /// Do the circles inside this base and one centred at `c` (radius `inner`) overlap by
    /// a hundredth of an inch?
    fn deep(&self, c: Point2, inner: f32) -> bool {
        let (dx, dz) = (c.0 - self.centre.0, c.1 - self.centre.1);
        let deep = (inner + self.inner - 0.01).max(0.0);
        dx * dx + dz * dz < deep * deep
    }

    /// [`Standing::clashes`], answered by the boxes (apart: no overlap) or the inner circles
    /// (overlapping by a hundredth of an inch: overlap) when they settle it.
    fn clashes(&self, me: &Standing, me_box: &MeBox) -> bool {
        let (a, b) = (me_box.bounds, self.bounds);
        if a.2 < b.0 || b.2 < a.0 || a.3 < b.1 || b.3 < a.1 {
            return false;
        }
        let o = &self.standing;
        me.shares_height(o)
            && (self.deep(me_box.centre, me_box.inner) || me.footprint.overlaps(&o.footprint))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battlefield::testing::piece;
    use crate::model::formats::TerrainKind;
    use proptest::prelude::*;

    fn standing(base: &BaseSize, c: Point2, facing: f32, y: f32) -> Standing {
        Standing {
            footprint: Footprint::base(base, c, facing),
            y,
            body: 1.5,
        }
    }

    fn any_base() -> impl Strategy<Value = BaseSize> {
        prop_oneof![
            (25.0f32..60.0).prop_map(BaseSize::Round),
            (40.0f32..120.0, 25.0f32..60.0).prop_map(|(l, w)| BaseSize::Oval(l, w)),
        ]
    }

    proptest! {
        /// SET-6: the quick answers (boxes apart, inner circles deep in each other) are the
        /// exact overlap test's answers.
        #[test]
        fn set6_the_quick_clash_answers_as_the_exact_test(
            a in any_base(), b in any_base(),
            x in 8.0f32..12.0, z in 8.0f32..12.0, fa in 0.0f32..6.3, fb in 0.0f32..6.3,
            y in prop_oneof![Just(0.0f32), 0.0f32..3.0],
        ) {
            let me = standing(&a, (x, z), fa, y);
            let other = standing(&b, (10.0, 10.0), fb, 0.0);
            let me_box = MeBox {
                bounds: me.footprint.bounds(),
                centre: (x, z),
                inner: a.half_extents().0.min(a.half_extents().1),
            };
            let placed = Placed::new(other.clone());
            prop_assert_eq!(placed.clashes(&me, &me_box), me.clashes(&other));
            if placed.deep_in((x, z), me_box.inner, y, me.body) {
                prop_assert!(me.clashes(&other), "deep in it, so clashing");
            }
        }
    }

    #[test]
    fn set6_a_group_is_placed_nearest_the_point_first_and_never_on_each_other() {
        let terrain = vec![piece(TerrainKind::Obstacle, (10.0, 13.0), (6.0, 1.0), 3.0)];
        let mut spots = SpotFinder::new(&terrain, (30.0, 22.0), 0.0, Vec::new());
        let base = BaseSize::Round(32.0);
        let mut placed: Vec<Standing> = Vec::new();
        for _ in 0..5 {
            let p = spots
                .find((10.0, 11.0), 3.0, &base, 1.5)
                .expect("room for five within 3\"");
            let me = standing(&base, (p.x, p.z), 0.0, p.y);
            assert!(placed.iter().all(|o| !me.clashes(o)), "no overlap [SET-6]");
            assert!(me.footprint.max_distance_from((10.0, 11.0)) <= 3.0 + 1e-4);
            spots.place(me.clone());
            placed.push(me);
        }
        assert_eq!(
            (placed[0].footprint.inner_circle().0.0 * 100.0).round(),
            1000.0,
            "the first on the point itself"
        );
        // No more room within 1" for a sixth.
        assert!(spots.find((10.0, 11.0), 1.0, &base, 1.5).is_none());
    }

    /// The place a fresh finder (trying every place from the nearest) finds round `placed`.
    fn fresh_find(terrain: &[TerrainPiece], placed: &[Standing], q: (Point2, f32)) -> Option<Vec3> {
        let mut fresh = SpotFinder::new(terrain, (30.0, 22.0), 0.3, placed.to_vec());
        fresh.find(q.0, q.1, &BaseSize::Round(32.0), 1.5)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]
        /// SET-6 / RES-1: a search asked again after more fighters were placed (it starts
        /// where it last stopped) finds the place a fresh search finds.
        #[test]
        fn set6_a_search_asked_again_finds_what_a_fresh_search_finds(
            points in proptest::collection::vec((8.0f32..12.0, 8.0f32..12.0), 1..4),
            picks in proptest::collection::vec((0usize..4, prop_oneof![Just(1.5f32), Just(3.0f32)]), 1..14),
        ) {
            let terrain = vec![piece(TerrainKind::Obstacle, (10.0, 12.5), (3.0, 1.0), 3.0)];
            let mut spots = SpotFinder::new(&terrain, (30.0, 22.0), 0.3, Vec::new());
            let mut placed: Vec<Standing> = Vec::new();
            for (i, r) in picks {
                let point = points[i % points.len()];
                let found = spots.find(point, r, &BaseSize::Round(32.0), 1.5);
                prop_assert_eq!(found, fresh_find(&terrain, &placed, (point, r)));
                if let Some(p) = found {
                    let me = standing(&BaseSize::Round(32.0), (p.x, p.z), 0.3, p.y);
                    spots.place(me.clone());
                    placed.push(me);
                }
            }
        }
    }
}
