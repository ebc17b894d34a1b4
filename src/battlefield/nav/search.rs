//! Shortest paths (MOVE-1, MOVE-2, MOVE-5, MOVE-6): A* on the grid from the cells around the
//! start, then the waypoints pulled straight where a straight walk is clear.

use std::collections::BinaryHeap;
use std::rc::Rc;

use bevy::math::{Vec2, Vec3};

use super::blockers::{
    Blockers, NearBlockers, blocked_by, near, segment_blocked_by, surely_blocked_by,
};
use super::grid::{Layer, Node, NodeMap};
use super::memo::{PathKey, Query, keep_reachable, reachable, remembered};
use super::node_map::Best;
use super::walks::BlockedWalks;
use super::{CELL, Descend, Goal, Mover, NavGrid, NavWorld, Path, Step, StepKind};
use crate::battlefield::measure::{Base, bases_within, distance_to_point};

/// A waypoint of a found path: where, on which layer, and the kind of the step into it.
type Waypoint = (Vec3, usize, StepKind);

impl NavWorld {
    /// The shortest path from `from` (a base centre on a surface) to `goal`, with its cost in
    /// inches, going round `blockers` (other fighters' bases, MOVE-2) and, when asked, round
    /// deadly areas. `None` when no place satisfying the goal can be reached.
    pub fn shortest_path(
        &self,
        mover: &Mover,
        from: Vec3,
        goal: Goal,
        blockers: &[Base],
        avoid_deadly: bool,
    ) -> Option<Path> {
        self.shortest_path_descending(mover, from, goal, blockers, avoid_deadly, None)
    }

    /// [`NavWorld::shortest_path`] getting down from higher surfaces only the way `descend`
    /// says (MOVE-5 climbing down is a choice); `None`: the shortest way.
    pub fn shortest_path_descending(
        &self,
        mover: &Mover,
        from: Vec3,
        goal: Goal,
        blockers: &[Base],
        avoid_deadly: bool,
        descend: Option<Descend>,
    ) -> Option<Path> {
        let q = Query {
            mover,
            from,
            goal,
            blockers,
            avoid_deadly,
            descend,
        };
        let path = remembered(PathKey::new(self.id, &q), || self.search_path(&q));
        // ABL-5: a free climber's path is searched with free climbs, then costed so.
        if mover.free_climb {
            path.map(Path::climbing_free)
        } else {
            path
        }
    }

    /// [`NavWorld::shortest_path_descending`], searched.
    fn search_path(&self, q: &Query) -> Option<Path> {
        let Query {
            mover,
            from,
            goal,
            blockers,
            avoid_deadly,
            descend,
        } = *q;
        if mover.can_fly {
            return self.fly_path(mover, from, goal, blockers);
        }
        let g = self.grid(mover);
        // MOVE-5: a fighter hanging part-way up a climb carries on from there.
        let Some(start_layer) = self.layer_of(&g, from, mover) else {
            let climb = self.climb_at(&g, from)?;
            return self.path_from_climb(mover, from, climb, goal, blockers, avoid_deadly, descend);
        };
        // MOVE-5: a move may end part-way up a climb.
        if let Goal::Point(p) = goal
            && let Some(path) =
                self.path_onto_climb(&g, mover, from, p, blockers, avoid_deadly, descend)
        {
            return Some(path);
        }
        let search = Search {
            world: self,
            g: &g,
            q: *q,
            blockers: Blockers::new(blockers, mover),
        };
        // MOVE-1: a move of any length, however short, straight to a point a clear walk
        // reaches (the grid's cells would round it to the nearest 0.5").
        if let Some(direct) = search.direct_walk(start_layer, from) {
            return Some(direct);
        }
        search.run(start_layer, from)
    }

    /// Does a base centred at `c` on layer `l` meet the goal?
    pub(super) fn goal_met(
        &self,
        g: &NavGrid,
        l: usize,
        c: Vec2,
        mover: &Mover,
        goal: Goal,
    ) -> bool {
        let y = g.layers[l].y;
        let here = Base::new(mover.base, Vec3::new(c.x, y, c.y), 0.0);
        match goal {
            Goal::Point(p) => {
                (p.y - y).abs() < 0.3 && Vec2::new(p.x, p.z).distance(c) <= CELL * 0.75
            }
            Goal::NearPoint { point, within } => {
                // Far off by the bounding circle (its rim polygon lies within 1% outside the
                // true rim): no need for the exact shape.
                let apart = Vec2::new(point.x, point.z).distance(c) - mover.radius() * 1.01 - 0.01;
                apart <= within + 1e-4 && distance_to_point(&here, point) <= within + 1e-4
            }
            Goal::NearBase { base, within } => {
                // Far off by the bounding circles: no need for the exact shapes.
                let apart = Vec2::new(base.centre.x, base.centre.z).distance(c)
                    - mover.radius()
                    - base.size.max_radius();
                apart <= within + 1e-4 && bases_within(&here, &base, within)
            }
        }
    }

    /// A* estimate of the cost left from `c` to the goal: never more than the true cost.
    #[inline]
    pub(super) fn heuristic(&self, c: Vec2, mover: &Mover, goal: Goal) -> f32 {
        match goal {
            Goal::Point(p) => (Vec2::new(p.x, p.z).distance(c) - CELL * 0.75).max(0.0),
            Goal::NearPoint { point, within } => {
                (Vec2::new(point.x, point.z).distance(c) - mover.radius() - within).max(0.0)
            }
            Goal::NearBase { base, within } => (Vec2::new(base.centre.x, base.centre.z)
                .distance(c)
                - mover.radius()
                - base.size.max_radius()
                - within)
                .max(0.0),
        }
    }
}

/// How far a place's estimate of the cost left ([`NavWorld::heuristic`]) can be from 0 with the
/// place still meeting the goal: the estimate is its distance from the goal less the mover's
/// reach, and [`NavWorld::goal_met`] rounds the reach up by 1% and 0.01" at most. A search
/// skips the goal test of a place farther.
pub(super) fn goal_slack(mover: &Mover) -> f32 {
    0.02 + 0.01 * mover.radius()
}

/// One shortest-path search on a grid: who moves, where to, round what and how.
struct Search<'a> {
    world: &'a NavWorld,
    g: &'a NavGrid,
    /// Who moves, from where, to what, round which bases and how.
    q: Query<'a>,
    /// The other fighters' bases, with what the search keeps about each.
    blockers: Blockers<'a>,
}

/// The A* state: the best cost so far and the step into each node, and the nodes to expand.
struct Frontier<'a> {
    /// The best cost to each node so far and the step into it.
    best: NodeMap<'a, Best>,
    heap: BinaryHeap<Open>,
    /// The walks out of each node other fighters block (kept from search to search).
    walks: BlockedWalks,
}

impl Search<'_> {
    /// [`NavWorld::walk_clear`] on `layer`, round this search's blockers.
    fn walk_clear(&self, layer: &Layer, a: Vec2, b: Vec2, avoid_deadly: bool) -> bool {
        let (y, mover) = (layer.y, self.q.mover);
        self.world
            .walk_clear_of_terrain((y, layer.piece), a, b, mover, avoid_deadly)
            && !self.blockers.segment_blocked(y, a, b, mover)
    }

    fn goal_ok(&self, l: usize, c: Vec2) -> bool {
        self.world.goal_met(self.g, l, c, self.q.mover, self.q.goal)
    }

    #[inline]
    fn h(&self, c: Vec2) -> f32 {
        self.world.heuristic(c, self.q.mover, self.q.goal)
    }

    /// Is there a cell where a base can stop, meeting the goal, that no other fighter's base
    /// covers? Only such cells can end a search.
    fn goal_open(&self) -> bool {
        let (r, centre) = match self.q.goal {
            Goal::Point(p) => (CELL * 0.75, p),
            Goal::NearPoint { point, within } => (within + self.q.mover.radius(), point),
            Goal::NearBase { base, within } => (
                within + self.q.mover.radius() + base.size.max_radius(),
                base.centre,
            ),
        };
        let c = Vec2::new(centre.x, centre.z);
        // Only the bases near enough the cells round the goal (within `r`) to cover one of
        // them can.
        let reach = r + 0.02 + self.q.mover.radius();
        let reaching: Vec<Base> = self
            .q
            .blockers
            .iter()
            .filter(|b| near(b, c, reach))
            .copied()
            .collect();
        (0..self.g.layers.len()).any(|l| {
            let layer = &self.g.layers[l];
            layer.stop
                && self.g.cells_near(l, c, r + 0.01).any(|(k, cc)| {
                    self.g.usable(l, k, self.q.avoid_deadly)
                        && !surely_blocked_by(&reaching, layer.y, cc, self.q.mover)
                        && self.goal_ok(l, cc)
                })
        })
    }

    /// A straight walk on the start surface to a `Goal::Point` where the base can stop, when
    /// it is clear all the way (MOVE-1, MOVE-2).
    fn direct_walk(&self, start_layer: usize, from: Vec3) -> Option<Path> {
        let Goal::Point(p) = self.q.goal else {
            return None;
        };
        let (mover, blockers) = (self.q.mover, self.q.blockers);
        let layer = &self.g.layers[start_layer];
        let (a, b) = (Vec2::new(from.x, from.z), Vec2::new(p.x, p.z));
        if !layer.stop || (p.y - layer.y).abs() >= 0.3 || a.distance(b) < 1e-4 {
            return None;
        }
        let avoid = self.q.avoid_deadly && !self.world.touches_deadly(from.y, a, mover.radius());
        let clear = self.walk_clear(layer, a, b, avoid) && !blocked_by(blockers, layer.y, b, mover);
        clear.then(|| {
            Path::from_steps(vec![Step::new(
                StepKind::Walk,
                from,
                Vec3::new(p.x, layer.y, p.z),
            )])
        })
    }

    /// The grid search from `from` on layer `start_layer`, and the path it finds.
    fn run(&self, start_layer: usize, from: Vec3) -> Option<Path> {
        // A goal already met at the start: nothing to do.
        if self.goal_ok(start_layer, Vec2::new(from.x, from.z)) {
            return Some(Path::default());
        }
        // No place meeting the goal is free (another fighter stands on the objective): the
        // search would fail, after going everywhere the fighter can go.
        if !self.goal_open() {
            return None;
        }
        // Every place this search could reach is known (an earlier search with another goal
        // reached them all) and none meets the goal: the search would fail.
        let reach = PathKey::reach(self.world.id, &self.q);
        if let Some(nodes) = reachable(&reach)
            && !nodes.iter().any(|&(l, k)| {
                let l = l as usize;
                self.goal_ok(l, self.g.layers[l].centre(k as usize))
            })
        {
            return None;
        }
        let mut f = Frontier {
            best: NodeMap::new(self.g),
            heap: BinaryHeap::new(),
            walks: BlockedWalks::take(self.world.id, self.g, self.q.mover, self.q.blockers),
        };
        self.seed(&mut f, start_layer, from);
        let Some(end) = self.astar(&mut f) else {
            // A failed search has taken every node it can reach off the heap.
            let stops = f.best.entries().into_iter().map(|(n, _)| n);
            let stops: Rc<[Node]> = stops.filter(|n| self.g.layers[n.0 as usize].stop).collect();
            keep_reachable(reach, stops);
            return None;
        };
        let mut pts = self.waypoints(&f.best, start_layer, from, end);
        self.end_on_goal_point(&mut pts);
        Some(Path::from_steps(self.pull_straight(&pts)))
    }

    /// Start: the cells around the start point that a straight walk reaches.
    fn seed(&self, f: &mut Frontier, l: usize, from: Vec3) {
        let sc = Vec2::new(from.x, from.z);
        let (mover, blockers) = (self.q.mover, self.q.blockers);
        let layer = &self.g.layers[l];
        let avoid = self.q.avoid_deadly && !self.world.touches_deadly(from.y, sc, mover.radius());
        for (k, c) in self.g.cells_near(l, sc, CELL * 1.5) {
            if !self.g.usable(l, k, self.q.avoid_deadly)
                || blocked_by(blockers, layer.y, c, mover)
                || !self.walk_clear(layer, sc, c, avoid)
            {
                continue;
            }
            self.push_start(f, l, k, sc, c);
        }
        if f.heap.is_empty() {
            self.seed_by_pivot(f, l, sc);
        }
    }

    /// A fighter set up legally by its exact base (an oval along an edge or a wall) can
    /// stand where the grid's round approximation of it does not fit: it first pivots
    /// and steps to the open cells within 2" (clear of other fighters).
    fn seed_by_pivot(&self, f: &mut Frontier, l: usize, sc: Vec2) {
        let (mover, blockers) = (self.q.mover, self.q.blockers);
        let y = self.g.layers[l].y;
        // Bases the round approximation already overlaps at the start don't stop the step.
        let apart: Vec<Base> = blockers
            .iter()
            .filter(|b| !blocked_by(std::slice::from_ref(*b), y, sc, mover))
            .copied()
            .collect();
        for (k, c) in self.g.cells_near(l, sc, 2.0) {
            if !self.g.usable(l, k, self.q.avoid_deadly)
                || blocked_by(blockers, y, c, mover)
                || segment_blocked_by(&apart, y, sc, c, mover)
            {
                continue;
            }
            self.push_start(f, l, k, sc, c);
        }
    }

    /// Opens cell `k` (centre `c`) of layer `l`, reached straight from the start `sc`.
    fn push_start(&self, f: &mut Frontier, l: usize, k: usize, sc: Vec2, c: Vec2) {
        let n: Node = (l as u16, k as u32);
        let d = sc.distance(c);
        f.best.insert(n, (d, None));
        f.heap.push(Open(d + self.h(c), d, n));
    }

    /// A*: the first node taken off the heap where the base can stop and meets the goal.
    fn astar(&self, f: &mut Frontier) -> Option<Node> {
        let far = goal_slack(self.q.mover);
        while let Some(Open(prio, d, n)) = f.heap.pop() {
            if f.best.get(&n).is_some_and(|&(best, _)| d > best + 1e-5) {
                continue;
            }
            let (l, k) = (n.0 as usize, n.1 as usize);
            let c = self.g.layers[l].centre(k);
            if self.g.layers[l].stop && prio - d <= far && self.goal_ok(l, c) {
                return Some(n);
            }
            self.expand(f, (n, d));
        }
        None
    }

    /// Relaxes the walks to the neighbours of node `n` (reached at cost `d`), then its climbs
    /// and jumps.
    fn expand(&self, f: &mut Frontier, (n, d): (Node, f32)) {
        let g = self.g;
        let (l, k) = (n.0 as usize, n.1 as usize);
        let c = g.layers[l].centre(k);
        // Most cells have no other fighter near: their walks need no base-by-base check.
        let y = g.layers[l].y;
        let blocked = f.walks.of(g.offsets()[l] + k, || {
            let near = NearBlockers::of(&self.blockers, self.q.mover.body, y, c);
            if near.is_empty() {
                return 0;
            }
            g.walks(l, k, false)
                .filter(|&(_, j, _)| {
                    near.block(&self.blockers, self.q.mover, y, c, g.layers[l].centre(j))
                })
                .fold(0, |m, (dir, _, _)| m | 1 << dir)
        });
        // A neighbour a walk reaches is open (see `NavGrid::neighbours`).
        for (dir, j, w) in g.walks(l, k, self.q.avoid_deadly) {
            if (!self.q.avoid_deadly || !g.deadly_at(l, j)) && blocked & 1 << dir == 0 {
                self.relax(f, (n, d), (l as u16, j as u32), StepKind::Walk, w);
            }
        }
        for &(m, kind, w) in g.links_of(n) {
            let (ml, mk) = (m.0 as usize, m.1 as usize);
            let mc = g.layers[ml].centre(mk);
            if self
                .q
                .descend
                .is_none_or(|d| d.allows(kind, g.layers[l].y, g.layers[ml].y))
                && g.usable(ml, mk, self.q.avoid_deadly)
                && !blocked_by(self.q.blockers, g.layers[ml].y, mc, self.q.mover)
            {
                let w = (self.q.mover).link_cost(kind, w, (g.layers[l].y, g.layers[ml].y));
                self.relax(f, (n, d), m, kind, w);
            }
        }
    }

    /// Node `m` reached from `n` (at cost `d`) by a step of `kind` costing `w`: kept when
    /// cheaper than the best way there so far.
    #[inline]
    fn relax(&self, f: &mut Frontier, (n, d): (Node, f32), m: Node, kind: StepKind, w: f32) {
        let nd = d + w;
        if f.best.get(&m).is_none_or(|&(old, _)| nd < old - 1e-6) {
            f.best.insert(m, (nd, Some((n, kind))));
            let mc = self.g.layers[m.0 as usize].centre(m.1 as usize);
            f.heap.push(Open(nd + self.h(mc), nd, m));
        }
    }

    /// The waypoints from `from` to the found node `end`, walking back along the steps into
    /// each node (`best`).
    fn waypoints(
        &self,
        best: &NodeMap<Best>,
        start_layer: usize,
        from: Vec3,
        end: Node,
    ) -> Vec<Waypoint> {
        // Walk back to the start.
        let mut nodes = vec![(end, StepKind::Walk)];
        let mut cur = end;
        while let Some(&(_, Some((p, kind)))) = best.get(&cur) {
            nodes.last_mut().expect("non-empty").1 = kind;
            nodes.push((p, StepKind::Walk));
            cur = p;
        }
        nodes.reverse();
        // nodes[i].1 is the kind of the step from nodes[i - 1] into nodes[i].
        let mut pts: Vec<Waypoint> = vec![(from, start_layer, StepKind::Walk)];
        for (i, &(n, _)) in nodes.iter().enumerate() {
            let l = n.0 as usize;
            let c = self.g.layers[l].centre(n.1 as usize);
            // The kind of the step into this node (the first is reached by walking).
            let kind_in = nodes[i].1;
            pts.push((Vec3::new(c.x, self.g.layers[l].y, c.y), l, kind_in));
        }
        pts
    }

    /// End exactly on a goal point when a straight walk reaches it.
    fn end_on_goal_point(&self, pts: &mut Vec<Waypoint>) {
        let Goal::Point(p) = self.q.goal else {
            return;
        };
        let &(last, l, _) = pts.last().expect("non-empty");
        let layer = &self.g.layers[l];
        let target = Vec3::new(p.x, layer.y, p.z);
        if last.distance(target) > 1e-4
            && self.walk_clear(
                layer,
                Vec2::new(last.x, last.z),
                Vec2::new(p.x, p.z),
                self.q.avoid_deadly,
            )
        {
            pts.push((target, l, StepKind::Walk));
        }
    }

    /// Joins waypoints into steps, replacing runs of walking on one layer by the fewest
    /// straight walks that stay clear.
    fn pull_straight(&self, pts: &[Waypoint]) -> Vec<Step> {
        let mut steps = Vec::new();
        let mut i = 0;
        while i + 1 < pts.len() {
            let (a, la, _) = pts[i];
            let kind_next = pts[i + 1].2;
            if kind_next != StepKind::Walk {
                steps.push(Step::new(kind_next, a, pts[i + 1].0));
                i += 1;
                continue;
            }
            // The farthest j, walking only from i to j, reached by a clear straight walk:
            // tried from the far end back, so an open field costs one check.
            let mut last = i + 1;
            while last + 1 < pts.len() && pts[last + 1].2 == StepKind::Walk {
                last += 1;
            }
            let layer = &self.g.layers[la];
            let j = (i + 2..=last)
                .rev()
                .find(|&k| {
                    let b = pts[k].0;
                    self.walk_clear(
                        layer,
                        Vec2::new(a.x, a.z),
                        Vec2::new(b.x, b.z),
                        self.q.avoid_deadly,
                    )
                })
                .unwrap_or(i + 1);
            let b = pts[j].0;
            if a.distance(b) > 1e-5 {
                steps.push(Step::new(StepKind::Walk, a, Vec3::new(b.x, a.y, b.z)));
            }
            i = j;
        }
        steps
    }
}

/// Heap entry: (priority, cost so far, node), smallest priority first; ties by node for a
/// deterministic order.
#[derive(Debug, Clone, Copy)]
pub(super) struct Open(pub(super) f32, pub(super) f32, pub(super) Node);

impl PartialEq for Open {
    fn eq(&self, o: &Self) -> bool {
        self.cmp(o) == std::cmp::Ordering::Equal
    }
}
impl Eq for Open {}
impl PartialOrd for Open {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Open {
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        o.0.total_cmp(&self.0).then_with(|| o.2.cmp(&self.2))
    }
}
