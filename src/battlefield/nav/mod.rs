//! Movement (MOVE-1..MOVE-7, MOVE-10, DIS-1): where a base can stand and how it gets there.
//!
//! The model: **layers** are the floor and the top of every platform and obstacle (y = its
//! top). On each layer a grid of 0.5" cells holds the places where a base of a given size can
//! be with its centre there: inside the battlefield (MOVE-2), on the layer's surface (MOVE-4:
//! the centre on a platform), its base and body clear of every terrain piece at that height.
//! Low terrain is crossed freely and deadly areas are walkable (MOVE-4, MOVE-10). Moves:
//! - **walk** between neighbouring cells of a layer: the horizontal distance;
//! - **climb** (MOVE-5) between a cell at a layer's edge and a cell of another layer beside
//!   it: the vertical distance plus the horizontal one; not for Mount fighters;
//! - **jump down** (MOVE-6) from a layer's edge to a lower layer: the horizontal distance only,
//!   with impact damage when the drop reaches the ruleset's threshold;
//! - **fly** (MOVE-7): a straight line to a place to stand, the horizontal distance only.
//!
//! Obstacle tops are layers a climber may cross but not stop on (MOVE-8: a base centre ends on
//! the floor or a platform). Shortest paths are A* on the grid, then pulled straight where a
//! straight walk is clear, so that costs are those of the drawn path.

use std::collections::{BinaryHeap, HashMap};
use std::sync::{Arc, RwLock};

use bevy::math::{Vec2, Vec3};
use serde::Serialize;

use crate::battlefield::measure::{Base, distance, distance_to_point, round_up_half_inch};
use crate::model::formats::{BaseSize, Point2, TerrainKind, TerrainPiece};

/// Grid spacing in inches.
pub const CELL: f32 = 0.5;
/// Sample spacing when checking that a straight walk stays clear.
const SAMPLE: f32 = 0.1;
/// How far (horizontally) a climb or a jump may reach from one layer's cell to another's.
const REACH: f32 = 1.25;

/// How a step of a path is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum StepKind {
    Walk,
    Climb,
    Jump,
    Fly,
}

impl std::fmt::Display for StepKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StepKind::Walk => "walk",
            StepKind::Climb => "climb",
            StepKind::Jump => "jump",
            StepKind::Fly => "fly",
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Step {
    pub from: Vec3,
    pub to: Vec3,
    pub kind: StepKind,
    /// Inches of Move this step uses (MOVE-1).
    pub cost: f32,
}

impl Step {
    /// The cost of a step under the rules: walking and flying count the horizontal distance,
    /// climbing the vertical plus the horizontal distance, jumping down the horizontal distance.
    pub fn rule_cost(kind: StepKind, from: Vec3, to: Vec3) -> f32 {
        let h = Vec2::new(to.x - from.x, to.z - from.z).length();
        match kind {
            StepKind::Walk | StepKind::Jump | StepKind::Fly => h,
            // GEN-2: the vertical part is a vertical-only distance, rounded up.
            StepKind::Climb => h + round_up_half_inch(to.y - from.y),
        }
    }

    fn new(kind: StepKind, from: Vec3, to: Vec3) -> Step {
        Step {
            from,
            to,
            kind,
            cost: Step::rule_cost(kind, from, to),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct Path {
    pub steps: Vec<Step>,
    pub cost: f32,
}

impl Path {
    pub fn start(&self) -> Option<Vec3> {
        self.steps.first().map(|s| s.from)
    }

    pub fn end(&self) -> Option<Vec3> {
        self.steps.last().map(|s| s.to)
    }

    /// Drops from jumps that reach `threshold` (MOVE-6 impact damage), in inches, each a
    /// vertical-only distance rounded up (GEN-2).
    pub fn impacts(&self, threshold: f32) -> Vec<f32> {
        self.steps
            .iter()
            .filter(|s| s.kind == StepKind::Jump)
            .map(|s| round_up_half_inch(s.from.y - s.to.y))
            .filter(|&d| d >= threshold - 1e-4)
            .collect()
    }

    fn from_steps(steps: Vec<Step>) -> Path {
        let cost = steps.iter().map(|s| s.cost).sum();
        Path { steps, cost }
    }
}

/// MOVE-5 / MOVE-6: how a move gets down from a higher surface, when the mover chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
pub enum Descend {
    /// Climb down (the vertical distance counts against Move, no impact damage).
    Climb,
    /// Jump down (only the horizontal distance counts; a long drop hurts).
    Jump,
}

impl Descend {
    /// May a step of `kind` from height `from_y` to `to_y` be taken under this choice?
    pub fn allows(self, kind: StepKind, from_y: f32, to_y: f32) -> bool {
        let down = to_y < from_y - 1e-3;
        match (self, kind) {
            (Descend::Climb, StepKind::Jump) => false,
            (Descend::Jump, StepKind::Climb) => !down,
            _ => true,
        }
    }
}

/// What moves: its base, its body height and how it may move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mover {
    pub base: BaseSize,
    pub body: f32,
    /// MOVE-5: Mount fighters can't climb.
    pub can_climb: bool,
    /// MOVE-7.
    pub can_fly: bool,
}

impl Mover {
    fn radius(&self) -> f32 {
        self.base.max_radius()
    }

    fn key(&self) -> (u32, u32, bool) {
        (
            (self.radius() * 1000.0).round() as u32,
            (self.body * 1000.0).round() as u32,
            self.can_climb,
        )
    }
}

/// Where a path should end.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Goal {
    /// The base centre at this point (on the layer whose height is nearest).
    Point(Vec3),
    /// Within `within` of a token centre (objective, treasure; GEN-1).
    NearPoint { point: Vec3, within: f32 },
    /// Within `within` of another fighter's base.
    NearBase { base: Base, within: f32 },
}

/// One surface fighters move on.
#[derive(Debug, Clone)]
struct Layer {
    y: f32,
    /// The piece whose top this is; `None` for the floor.
    piece: Option<usize>,
    /// May a move end here (floor and platforms) or only pass (obstacle tops)?
    stop: bool,
    /// Grid origin (cell (0,0) centre) and size.
    origin: Vec2,
    nx: usize,
    nz: usize,
}

/// The navigation grid for one size of fighter.
#[derive(Debug)]
pub struct NavGrid {
    layers: Vec<Layer>,
    /// Per layer, per cell: can the base be there?
    open: Vec<Vec<bool>>,
    /// Per layer, per cell: does the base touch a deadly area there (MOVE-10)?
    deadly: Vec<Vec<bool>>,
    /// Per layer, per cell: bit d set when the straight walk to neighbour d (see `DIRS`) is
    /// clear of terrain all along.
    edges: Vec<Vec<u8>>,
    /// Per layer, per cell: bit d set when that walk touches a deadly area.
    edges_deadly: Vec<Vec<u8>>,
    /// Climb and jump edges between layers: (from node, to node, kind, cost).
    links: HashMap<Node, Vec<(Node, StepKind, f32)>>,
    /// Where each layer's cells start in a flat numbering of all cells (and the total last).
    offsets: Vec<usize>,
}

type Node = (u16, u32);

/// A map from grid nodes to values, stored flat (faster than hashing in the search loops).
struct NodeMap<'a, T> {
    offsets: &'a [usize],
    vals: Vec<Option<T>>,
}

impl<'a, T: Copy> NodeMap<'a, T> {
    fn new(g: &'a NavGrid) -> Self {
        NodeMap {
            offsets: &g.offsets,
            vals: vec![None; g.offsets.last().copied().unwrap_or(0)],
        }
    }

    fn index(&self, n: &Node) -> usize {
        self.offsets[n.0 as usize] + n.1 as usize
    }

    fn get(&self, n: &Node) -> Option<&T> {
        self.vals[self.index(n)].as_ref()
    }

    fn insert(&mut self, n: Node, v: T) {
        let i = self.index(&n);
        self.vals[i] = Some(v);
    }

    /// Every entry, in node order.
    fn entries(&self) -> Vec<(Node, T)> {
        let mut out = Vec::new();
        for l in 0..self.offsets.len() - 1 {
            for i in self.offsets[l]..self.offsets[l + 1] {
                if let Some(v) = self.vals[i] {
                    out.push(((l as u16, (i - self.offsets[l]) as u32), v));
                }
            }
        }
        out
    }
}

/// The battlefield's geometry for movement: terrain, size, and a grid per size of fighter.
#[derive(Debug)]
pub struct NavWorld {
    pub terrain: Vec<TerrainPiece>,
    pub size: Point2,
    pub jump_impact_height: f32,
    grids: RwLock<HashMap<(u32, u32, bool), Arc<NavGrid>>>,
}

impl Clone for NavWorld {
    fn clone(&self) -> Self {
        NavWorld::new(self.terrain.clone(), self.size, self.jump_impact_height)
    }
}

/// Circle (centre, radius) against a terrain piece's footprint: do they overlap?
fn circle_hits_piece(p: &TerrainPiece, c: Vec2, r: f32) -> bool {
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
fn segment_hits_piece(p: &TerrainPiece, a: Vec2, b: Vec2, r: f32) -> bool {
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

fn point_in_piece(p: &TerrainPiece, c: Vec2) -> bool {
    let (s, co) = p.rotation.to_radians().sin_cos();
    let d = c - Vec2::new(p.position.0, p.position.1);
    let local = Vec2::new(d.x * co - d.y * s, d.x * s + d.y * co);
    local.x.abs() <= p.size.0 / 2.0 + 1e-4 && local.y.abs() <= p.size.1 / 2.0 + 1e-4
}

impl NavWorld {
    pub fn new(terrain: Vec<TerrainPiece>, size: Point2, jump_impact_height: f32) -> Self {
        NavWorld {
            terrain,
            size,
            jump_impact_height,
            grids: RwLock::new(HashMap::new()),
        }
    }

    /// The surfaces: the floor, then every platform and obstacle top.
    fn layer_specs(&self) -> Vec<(f32, Option<usize>, bool)> {
        let mut v = vec![(0.0, None, true)];
        for (i, p) in self.terrain.iter().enumerate() {
            match p.kind {
                TerrainKind::Platform => v.push((p.top(), Some(i), true)),
                TerrainKind::Obstacle => v.push((p.top(), Some(i), false)),
                _ => {}
            }
        }
        v
    }

    /// Can a base of radius `r` with a body of height `body` be with its centre at `c` on the
    /// surface at height `y` (the top of piece `on`, or the floor)? Exact geometry, no grid.
    pub fn clear_at(&self, y: f32, on: Option<usize>, c: Vec2, r: f32, body: f32) -> bool {
        let (w, d) = self.size;
        if c.x - r < -1e-4 || c.y - r < -1e-4 || c.x + r > w + 1e-4 || c.y + r > d + 1e-4 {
            return false;
        }
        if let Some(i) = on
            && !point_in_piece(&self.terrain[i], c)
        {
            return false;
        }
        self.terrain.iter().enumerate().all(|(i, p)| {
            if Some(i) == on || matches!(p.kind, TerrainKind::LowTerrain | TerrainKind::Deadly) {
                return true;
            }
            let (lo, hi) = p.solid_span();
            let shares = lo < y + body - 1e-3 && hi > y + 1e-3;
            !(shares && circle_hits_piece(p, c, r))
        })
    }

    /// Exact version of sampling `clear_at` along a straight walk on one surface: the base
    /// swept from `a` to `b` stays on the battlefield, on its surface and clear of terrain.
    pub fn segment_clear(
        &self,
        y: f32,
        on: Option<usize>,
        a: Vec2,
        b: Vec2,
        r: f32,
        body: f32,
    ) -> bool {
        // The battlefield and a platform top are convex: the ends decide.
        if !self.clear_at(y, on, a, r, body) || !self.clear_at(y, on, b, r, body) {
            return false;
        }
        self.terrain.iter().enumerate().all(|(i, p)| {
            if Some(i) == on || matches!(p.kind, TerrainKind::LowTerrain | TerrainKind::Deadly) {
                return true;
            }
            let (lo, hi) = p.solid_span();
            let shares = lo < y + body - 1e-3 && hi > y + 1e-3;
            !(shares && segment_hits_piece(p, a, b, r))
        })
    }

    /// Does a base swept from `a` to `b` touch a deadly area (MOVE-10)?
    pub fn segment_touches_deadly(&self, y: f32, a: Vec2, b: Vec2, r: f32) -> bool {
        y.abs() < 1e-3
            && self
                .terrain
                .iter()
                .any(|p| p.kind == TerrainKind::Deadly && segment_hits_piece(p, a, b, r))
    }

    /// Does a base at `c` touch a deadly area (MOVE-10)?
    pub fn touches_deadly(&self, y: f32, c: Vec2, r: f32) -> bool {
        y.abs() < 1e-3
            && self
                .terrain
                .iter()
                .any(|p| p.kind == TerrainKind::Deadly && circle_hits_piece(p, c, r))
    }

    /// The platform whose top a base centred at `pos` stands on (none on the floor).
    pub fn platform_under(&self, pos: Vec3) -> Option<&TerrainPiece> {
        self.terrain.iter().find(|p| {
            p.kind == TerrainKind::Platform
                && (p.top() - pos.y).abs() < 1e-3
                && point_in_piece(p, Vec2::new(pos.x, pos.z))
        })
    }

    /// MOVE-8: is `pos` a place where a base may end a move (floor or platform, clear)?
    pub fn can_stop(&self, mover: &Mover, pos: Vec3) -> bool {
        let c = Vec2::new(pos.x, pos.z);
        self.layer_specs().iter().any(|&(y, on, stop)| {
            stop && (y - pos.y).abs() < 1e-3 && self.clear_at(y, on, c, mover.radius(), mover.body)
        })
    }

    /// The grid for a size of fighter, built on first use.
    pub fn grid(&self, mover: &Mover) -> Arc<NavGrid> {
        let key = mover.key();
        if let Some(g) = self.grids.read().ok().and_then(|m| m.get(&key).cloned()) {
            return g;
        }
        let g = Arc::new(self.build_grid(mover));
        if let Ok(mut m) = self.grids.write() {
            m.insert(key, g.clone());
        }
        g
    }

    fn build_grid(&self, mover: &Mover) -> NavGrid {
        let r = mover.radius();
        let (w, d) = self.size;
        let mut layers = Vec::new();
        let mut open = Vec::new();
        let mut deadly = Vec::new();
        for (y, on, stop) in self.layer_specs() {
            // The floor covers the battlefield; a top covers its piece's bounding box.
            let (x0, z0, x1, z1) = match on {
                None => (0.0, 0.0, w, d),
                Some(i) => {
                    crate::battlefield::footprint::Footprint::piece(&self.terrain[i]).bounds()
                }
            };
            // Cell centres on whole and half inches.
            let origin = Vec2::new((x0 / CELL).ceil() * CELL, (z0 / CELL).ceil() * CELL);
            let nx = (((x1 - origin.x) / CELL).floor() as i64 + 1).max(0) as usize;
            let nz = (((z1 - origin.y) / CELL).floor() as i64 + 1).max(0) as usize;
            let layer = Layer {
                y,
                piece: on,
                stop,
                origin,
                nx,
                nz,
            };
            let mut o = vec![false; nx * nz];
            let mut dl = vec![false; nx * nz];
            for k in 0..nx * nz {
                let c = layer.centre(k);
                o[k] = self.clear_at(y, on, c, r, mover.body);
                dl[k] = o[k] && self.touches_deadly(y, c, r);
            }
            layers.push(layer);
            open.push(o);
            deadly.push(dl);
        }
        let mut edges = Vec::new();
        let mut edges_deadly = Vec::new();
        for (l, layer) in layers.iter().enumerate() {
            let mut e = vec![0u8; layer.nx * layer.nz];
            let mut ed = vec![0u8; layer.nx * layer.nz];
            for k in 0..layer.nx * layer.nz {
                if !open[l][k] {
                    continue;
                }
                let a = layer.centre(k);
                for (d, &(di, dj, _)) in DIRS.iter().enumerate() {
                    let Some(m) = layer.offset(k, di, dj) else {
                        continue;
                    };
                    if !open[l][m] {
                        continue;
                    }
                    let b = layer.centre(m);
                    let clear = self.segment_clear(layer.y, layer.piece, a, b, r, mover.body);
                    let touches = self.segment_touches_deadly(layer.y, a, b, r);
                    if clear {
                        e[k] |= 1 << d;
                        if touches {
                            ed[k] |= 1 << d;
                        }
                    }
                }
            }
            edges.push(e);
            edges_deadly.push(ed);
        }
        let mut grid = NavGrid {
            layers,
            open,
            deadly,
            edges,
            edges_deadly,
            links: HashMap::new(),
            offsets: Vec::new(),
        };
        let mut acc = 0;
        for layer in &grid.layers {
            grid.offsets.push(acc);
            acc += layer.nx * layer.nz;
        }
        grid.offsets.push(acc);
        self.link_layers(&mut grid, mover);
        grid
    }

    /// Climb and jump edges between every pair of layers at different heights.
    fn link_layers(&self, g: &mut NavGrid, mover: &Mover) {
        let r = mover.radius();
        let n = g.layers.len();
        for hi in 0..n {
            for lo in 0..n {
                let (yh, yl) = (g.layers[hi].y, g.layers[lo].y);
                if yh <= yl + 1e-3 {
                    continue;
                }
                let upper = &g.layers[hi];
                for k in 0..upper.nx * upper.nz {
                    if !g.open[hi][k] || !g.is_edge_cell(hi, k) {
                        continue;
                    }
                    let c = upper.centre(k);
                    for (j, lc) in g.cells_near(lo, c, REACH) {
                        // The lower cell must lie outside the upper surface (beside it).
                        if let Some(pi) = upper.piece
                            && point_in_piece(&self.terrain[pi], lc)
                        {
                            continue;
                        }
                        if !self.transfer_clear(c, yh, lc, yl, r, mover.body) {
                            continue;
                        }
                        let a = Vec3::new(c.x, yh, c.y);
                        let b = Vec3::new(lc.x, yl, lc.y);
                        let from: Node = (hi as u16, k as u32);
                        let to: Node = (lo as u16, j as u32);
                        let jump = Step::rule_cost(StepKind::Jump, a, b);
                        g.links
                            .entry(from)
                            .or_default()
                            .push((to, StepKind::Jump, jump));
                        if mover.can_climb {
                            let climb = Step::rule_cost(StepKind::Climb, a, b);
                            g.links
                                .entry(from)
                                .or_default()
                                .push((to, StepKind::Climb, climb));
                            g.links
                                .entry(to)
                                .or_default()
                                .push((from, StepKind::Climb, climb));
                        }
                    }
                }
            }
        }
    }

    /// A climb or jump between two surfaces passes beside the upper one: the base must be clear
    /// of other terrain at every height along the way.
    fn transfer_clear(&self, a: Vec2, ya: f32, b: Vec2, yb: f32, r: f32, body: f32) -> bool {
        let steps = ((a.distance(b) / SAMPLE).ceil() as usize).max(1);
        (0..=steps).all(|s| {
            let t = s as f32 / steps as f32;
            let c = a.lerp(b, t);
            let y = ya + (yb - ya) * t;
            // Pieces that are neither surface may not be in the way.
            self.terrain.iter().all(|p| {
                if matches!(p.kind, TerrainKind::LowTerrain | TerrainKind::Deadly) {
                    return true;
                }
                let (lo, hi) = p.solid_span();
                let on_top = (hi - ya).abs() < 1e-3 || (hi - yb).abs() < 1e-3;
                if on_top {
                    return true;
                }
                let shares = lo < y + body - 1e-3 && hi > y + 1e-3;
                !(shares && circle_hits_piece(p, c, r * 0.9))
            })
        })
    }

    /// Is a straight walk on one layer clear all along (same checks as the cells)?
    pub fn walk_clear(
        &self,
        (y, on): (f32, Option<usize>),
        a: Vec2,
        b: Vec2,
        mover: &Mover,
        blockers: &[Base],
        avoid_deadly: bool,
    ) -> bool {
        let r = mover.radius();
        self.segment_clear(y, on, a, b, r, mover.body)
            && !(avoid_deadly && self.segment_touches_deadly(y, a, b, r))
            && !segment_blocked_by(blockers, y, a, b, mover)
    }

    fn layer_of(&self, g: &NavGrid, pos: Vec3, mover: &Mover) -> Option<usize> {
        let c = Vec2::new(pos.x, pos.z);
        g.layers
            .iter()
            .enumerate()
            .filter(|(_, l)| (l.y - pos.y).abs() < 0.05)
            .find(|(_, l)| self.clear_at(l.y, l.piece, c, mover.radius() * 0.5, 0.01))
            .or_else(|| {
                g.layers
                    .iter()
                    .enumerate()
                    .filter(|(_, l)| (l.y - pos.y).abs() < 0.05)
                    .find(|(_, l)| l.piece.is_none_or(|p| point_in_piece(&self.terrain[p], c)))
            })
            .map(|(i, _)| i)
    }

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
        let sc = Vec2::new(from.x, from.z);
        let r = mover.radius();
        // Start: the cells around the start point that a straight walk reaches.
        let mut dist: NodeMap<f32> = NodeMap::new(&g);
        let mut prev: NodeMap<(Node, StepKind)> = NodeMap::new(&g);
        let mut heap = BinaryHeap::new();
        let goal_ok = |l: usize, c: Vec2| self.goal_met(&g, l, c, mover, goal);
        // MOVE-1: a move of any length, however short, straight to a point a clear walk
        // reaches (the grid's cells would round it to the nearest 0.5").
        if let Some(direct) =
            self.direct_walk(&g, start_layer, from, goal, mover, blockers, avoid_deadly)
        {
            return Some(direct);
        }
        // A goal already met at the start: nothing to do.
        if goal_ok(start_layer, sc) {
            return Some(Path::default());
        }
        let h = |l: usize, c: Vec2| self.heuristic(&g, l, c, mover, goal);
        for (k, c) in g.cells_near(start_layer, sc, CELL * 1.5) {
            if !g.usable(start_layer, k, avoid_deadly)
                || blocked_by(blockers, g.layers[start_layer].y, c, mover)
                || !self.walk_clear(
                    (g.layers[start_layer].y, g.layers[start_layer].piece),
                    sc,
                    c,
                    mover,
                    blockers,
                    avoid_deadly && !self.touches_deadly(from.y, sc, r),
                )
            {
                continue;
            }
            let n: Node = (start_layer as u16, k as u32);
            let d = sc.distance(c);
            dist.insert(n, d);
            heap.push(Open(d + h(start_layer, c), d, n));
        }
        // A fighter set up legally by its exact base (an oval along an edge or a wall) can
        // stand where the grid's round approximation of it does not fit: it first pivots
        // and steps to the open cells within 2" (clear of other fighters).
        if heap.is_empty() {
            let y = g.layers[start_layer].y;
            // Bases the round approximation already overlaps at the start don't stop the step.
            let apart: Vec<Base> = blockers
                .iter()
                .filter(|b| !blocked_by(std::slice::from_ref(*b), y, sc, mover))
                .copied()
                .collect();
            for (k, c) in g.cells_near(start_layer, sc, 2.0) {
                if !g.usable(start_layer, k, avoid_deadly)
                    || blocked_by(blockers, y, c, mover)
                    || segment_blocked_by(&apart, y, sc, c, mover)
                {
                    continue;
                }
                let n: Node = (start_layer as u16, k as u32);
                let d = sc.distance(c);
                dist.insert(n, d);
                heap.push(Open(d + h(start_layer, c), d, n));
            }
        }
        let mut found: Option<Node> = None;
        while let Some(Open(_, d, n)) = heap.pop() {
            if dist.get(&n).is_some_and(|&best| d > best + 1e-5) {
                continue;
            }
            let (l, k) = (n.0 as usize, n.1 as usize);
            let c = g.layers[l].centre(k);
            if g.layers[l].stop && goal_ok(l, c) {
                found = Some(n);
                break;
            }
            let mut relax = |m: Node, kind: StepKind, w: f32, heap: &mut BinaryHeap<Open>| {
                let nd = d + w;
                if dist.get(&m).is_none_or(|&old| nd < old - 1e-6) {
                    dist.insert(m, nd);
                    prev.insert(m, (n, kind));
                    let mc = g.layers[m.0 as usize].centre(m.1 as usize);
                    heap.push(Open(nd + h(m.0 as usize, mc), nd, m));
                }
            };
            for (j, w) in g.neighbours(l, k, avoid_deadly) {
                let mc = g.layers[l].centre(j);
                if g.usable(l, j, avoid_deadly)
                    && !segment_blocked_by(blockers, g.layers[l].y, c, mc, mover)
                {
                    relax((l as u16, j as u32), StepKind::Walk, w, &mut heap);
                }
            }
            if let Some(links) = g.links.get(&n) {
                for &(m, kind, w) in links {
                    let (ml, mk) = (m.0 as usize, m.1 as usize);
                    let mc = g.layers[ml].centre(mk);
                    if descend.is_none_or(|d| d.allows(kind, g.layers[l].y, g.layers[ml].y))
                        && g.usable(ml, mk, avoid_deadly)
                        && !blocked_by(blockers, g.layers[ml].y, mc, mover)
                    {
                        relax(m, kind, w, &mut heap);
                    }
                }
            }
        }
        let end = found?;
        // Walk back to the start.
        let mut nodes = vec![(end, StepKind::Walk)];
        let mut cur = end;
        while let Some(&(p, kind)) = prev.get(&cur) {
            nodes.last_mut().expect("non-empty").1 = kind;
            nodes.push((p, StepKind::Walk));
            cur = p;
        }
        nodes.reverse();
        // nodes[i].1 is the kind of the step from nodes[i - 1] into nodes[i].
        let mut pts: Vec<(Vec3, usize, StepKind)> = vec![(from, start_layer, StepKind::Walk)];
        for (i, &(n, _)) in nodes.iter().enumerate() {
            let l = n.0 as usize;
            let c = g.layers[l].centre(n.1 as usize);
            // The kind of the step into this node (the first is reached by walking).
            let kind_in = nodes[i].1;
            pts.push((Vec3::new(c.x, g.layers[l].y, c.y), l, kind_in));
        }
        // End exactly on a goal point when a straight walk reaches it.
        if let Goal::Point(p) = goal {
            let &(last, l, _) = pts.last().expect("non-empty");
            let layer = &g.layers[l];
            let target = Vec3::new(p.x, layer.y, p.z);
            if last.distance(target) > 1e-4
                && self.walk_clear(
                    (layer.y, layer.piece),
                    Vec2::new(last.x, last.z),
                    Vec2::new(p.x, p.z),
                    mover,
                    blockers,
                    avoid_deadly,
                )
            {
                pts.push((target, l, StepKind::Walk));
            }
        }
        let steps = self.pull_straight(&g, &pts, mover, blockers, avoid_deadly);
        let _ = r;
        Some(Path::from_steps(steps))
    }

    /// A straight walk on the start surface to a `Goal::Point` where the base can stop, when
    /// it is clear all the way (MOVE-1, MOVE-2).
    #[allow(clippy::too_many_arguments)]
    fn direct_walk(
        &self,
        g: &NavGrid,
        start_layer: usize,
        from: Vec3,
        goal: Goal,
        mover: &Mover,
        blockers: &[Base],
        avoid_deadly: bool,
    ) -> Option<Path> {
        let Goal::Point(p) = goal else { return None };
        let layer = &g.layers[start_layer];
        let (a, b) = (Vec2::new(from.x, from.z), Vec2::new(p.x, p.z));
        if !layer.stop || (p.y - layer.y).abs() >= 0.3 || a.distance(b) < 1e-4 {
            return None;
        }
        let avoid = avoid_deadly && !self.touches_deadly(from.y, a, mover.radius());
        let clear = self.walk_clear((layer.y, layer.piece), a, b, mover, blockers, avoid)
            && !blocked_by(blockers, layer.y, b, mover);
        clear.then(|| {
            Path::from_steps(vec![Step::new(
                StepKind::Walk,
                from,
                Vec3::new(p.x, layer.y, p.z),
            )])
        })
    }

    /// Joins waypoints into steps, replacing runs of walking on one layer by the fewest
    /// straight walks that stay clear.
    fn pull_straight(
        &self,
        g: &NavGrid,
        pts: &[(Vec3, usize, StepKind)],
        mover: &Mover,
        blockers: &[Base],
        avoid_deadly: bool,
    ) -> Vec<Step> {
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
            let layer = &g.layers[la];
            let j = (i + 2..=last)
                .rev()
                .find(|&k| {
                    let b = pts[k].0;
                    self.walk_clear(
                        (layer.y, layer.piece),
                        Vec2::new(a.x, a.z),
                        Vec2::new(b.x, b.z),
                        mover,
                        blockers,
                        avoid_deadly,
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

    fn goal_met(&self, g: &NavGrid, l: usize, c: Vec2, mover: &Mover, goal: Goal) -> bool {
        let y = g.layers[l].y;
        let here = Base::new(mover.base, Vec3::new(c.x, y, c.y), 0.0);
        match goal {
            Goal::Point(p) => {
                (p.y - y).abs() < 0.3 && Vec2::new(p.x, p.z).distance(c) <= CELL * 0.75
            }
            Goal::NearPoint { point, within } => distance_to_point(&here, point) <= within + 1e-4,
            Goal::NearBase { base, within } => {
                // Far off by the bounding circles: no need for the exact shapes.
                let apart = Vec2::new(base.centre.x, base.centre.z).distance(c)
                    - mover.radius()
                    - base.size.max_radius();
                apart <= within + 1e-4 && distance(&here, &base) <= within + 1e-4
            }
        }
    }

    fn heuristic(&self, g: &NavGrid, l: usize, c: Vec2, mover: &Mover, goal: Goal) -> f32 {
        let _ = (g, l);
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

    /// MOVE-7: a flyer goes straight (horizontal distance) to the nearest place to stand that
    /// meets the goal, over terrain and fighters.
    fn fly_path(&self, mover: &Mover, from: Vec3, goal: Goal, blockers: &[Base]) -> Option<Path> {
        let g = self.grid(mover);
        let sc = Vec2::new(from.x, from.z);
        let start_layer = self.layer_of(&g, from, mover);
        if let Some(l) = start_layer
            && self.goal_met(&g, l, sc, mover, goal)
        {
            return Some(Path::default());
        }
        let mut best: Option<(f32, Vec3)> = None;
        for (l, layer) in g.layers.iter().enumerate() {
            if !layer.stop {
                continue;
            }
            for k in 0..layer.nx * layer.nz {
                if !g.open[l][k] {
                    continue;
                }
                let c = layer.centre(k);
                let d = sc.distance(c);
                if best.is_some_and(|(b, _)| d >= b) {
                    continue;
                }
                if self.goal_met(&g, l, c, mover, goal) && !blocked_by(blockers, layer.y, c, mover)
                {
                    best = Some((d, Vec3::new(c.x, layer.y, c.y)));
                }
            }
        }
        let (_, to) = best?;
        Some(Path::from_steps(vec![Step::new(StepKind::Fly, from, to)]))
    }

    /// Every grid place a mover can reach with `budget` inches of Move, with the cost to get
    /// there (for the move preview overlay).
    pub fn reachable(
        &self,
        mover: &Mover,
        from: Vec3,
        budget: f32,
        blockers: &[Base],
        avoid_deadly: bool,
    ) -> Vec<(Vec3, f32)> {
        let g = self.grid(mover);
        let mut out = Vec::new();
        if mover.can_fly {
            for (l, layer) in g.layers.iter().enumerate() {
                for k in 0..layer.nx * layer.nz {
                    let c = layer.centre(k);
                    let d = Vec2::new(from.x, from.z).distance(c);
                    if layer.stop
                        && g.open[l][k]
                        && d <= budget
                        && !blocked_by(blockers, layer.y, c, mover)
                    {
                        out.push((Vec3::new(c.x, layer.y, c.y), d));
                    }
                }
            }
            return out;
        }
        let Some(sl) = self.layer_of(&g, from, mover) else {
            return out;
        };
        let sc = Vec2::new(from.x, from.z);
        let mut dist: NodeMap<f32> = NodeMap::new(&g);
        let mut heap = BinaryHeap::new();
        for (k, c) in g.cells_near(sl, sc, CELL * 1.5) {
            if g.usable(sl, k, avoid_deadly) && !blocked_by(blockers, g.layers[sl].y, c, mover) {
                let d = sc.distance(c);
                if d <= budget {
                    dist.insert((sl as u16, k as u32), d);
                    heap.push(Open(d, d, (sl as u16, k as u32)));
                }
            }
        }
        while let Some(Open(_, d, n)) = heap.pop() {
            if dist.get(&n).is_some_and(|&best| d > best + 1e-5) {
                continue;
            }
            let (l, k) = (n.0 as usize, n.1 as usize);
            let c = g.layers[l].centre(k);
            let mut next: Vec<(Node, f32)> = g
                .neighbours(l, k, avoid_deadly)
                .filter(|&(j, _)| {
                    !segment_blocked_by(blockers, g.layers[l].y, c, g.layers[l].centre(j), mover)
                })
                .map(|(j, w)| ((l as u16, j as u32), w))
                .collect();
            if let Some(links) = g.links.get(&n) {
                next.extend(links.iter().map(|&(m, _, w)| (m, w)));
            }
            for (m, w) in next {
                let (ml, mk) = (m.0 as usize, m.1 as usize);
                let nd = d + w;
                let mc = g.layers[ml].centre(mk);
                if nd <= budget
                    && g.usable(ml, mk, avoid_deadly)
                    && !blocked_by(blockers, g.layers[ml].y, mc, mover)
                    && dist.get(&m).is_none_or(|&old| nd < old - 1e-6)
                {
                    dist.insert(m, nd);
                    heap.push(Open(nd, nd, m));
                }
            }
        }
        for ((l, k), d) in dist.entries() {
            let layer = &g.layers[l as usize];
            if layer.stop {
                let c = layer.centre(k as usize);
                out.push((Vec3::new(c.x, layer.y, c.y), d));
            }
        }
        out
    }
}

/// Is a base of radius `r` centred at `c` overlapping `o` (its exact shape: ovals are long
/// and thin, so a circle round them would wall in the fighters set up beside them)?
fn overlaps(o: &Base, c: Vec2, r: f32) -> bool {
    o.closest_horizontal_point(c).distance(c) < r - 1e-3
}

/// MOVE-2: does a straight walk from `a` to `b` pass through another fighter's base?
fn segment_blocked_by(blockers: &[Base], y: f32, a: Vec2, b: Vec2, mover: &Mover) -> bool {
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
        (0..=n).any(|i| overlaps(o, a + u * (t0 + (t1 - t0) * i as f32 / n as f32), r))
    })
}

/// MOVE-2: another fighter's base in the way (same level, overlapping).
fn blocked_by(blockers: &[Base], y: f32, c: Vec2, mover: &Mover) -> bool {
    let r = mover.radius();
    blockers
        .iter()
        .any(|b| (b.centre.y - y).abs() < mover.body.max(1.0) && overlaps(b, c, r))
}

/// Heap entry: (priority, cost so far, node), smallest priority first; ties by node for a
/// deterministic order.
#[derive(Debug, Clone, Copy)]
struct Open(f32, f32, Node);

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

const DIAG: f32 = CELL * std::f32::consts::SQRT_2;

/// The eight neighbour directions (di, dj) and their length.
const DIRS: [(i64, i64, f32); 8] = [
    (-1, 0, CELL),
    (1, 0, CELL),
    (0, -1, CELL),
    (0, 1, CELL),
    (-1, -1, DIAG),
    (1, -1, DIAG),
    (-1, 1, DIAG),
    (1, 1, DIAG),
];

impl Layer {
    fn offset(&self, k: usize, di: i64, dj: i64) -> Option<usize> {
        let (i, j) = ((k % self.nx) as i64 + di, (k / self.nx) as i64 + dj);
        (i >= 0 && j >= 0 && i < self.nx as i64 && j < self.nz as i64)
            .then(|| j as usize * self.nx + i as usize)
    }

    fn centre(&self, k: usize) -> Vec2 {
        let (i, j) = (k % self.nx, k / self.nx);
        self.origin + Vec2::new(i as f32 * CELL, j as f32 * CELL)
    }
}

impl NavGrid {
    fn usable(&self, l: usize, k: usize, avoid_deadly: bool) -> bool {
        self.open[l][k] && !(avoid_deadly && self.deadly[l][k])
    }

    /// An open cell with a closed or missing neighbour: the edge of its surface.
    fn is_edge_cell(&self, l: usize, k: usize) -> bool {
        let layer = &self.layers[l];
        let (i, j) = ((k % layer.nx) as i64, (k / layer.nx) as i64);
        [(-1, 0), (1, 0), (0, -1), (0, 1)].iter().any(|(di, dj)| {
            let (a, b) = (i + di, j + dj);
            a < 0
                || b < 0
                || a >= layer.nx as i64
                || b >= layer.nz as i64
                || !self.open[l][(b as usize) * layer.nx + a as usize]
        })
    }

    /// The neighbours a straight walk reaches from a cell, with the horizontal distance.
    fn neighbours(
        &self,
        l: usize,
        k: usize,
        avoid_deadly: bool,
    ) -> impl Iterator<Item = (usize, f32)> + '_ {
        let layer = &self.layers[l];
        let mask = self.edges[l][k]
            & if avoid_deadly {
                !self.edges_deadly[l][k]
            } else {
                0xff
            };
        DIRS.iter()
            .enumerate()
            .filter_map(move |(d, &(di, dj, w))| {
                if mask & (1 << d) == 0 {
                    return None;
                }
                Some((layer.offset(k, di, dj)?, w))
            })
    }

    /// Open cells of layer `l` within `radius` of `c`.
    fn cells_near(&self, l: usize, c: Vec2, radius: f32) -> Vec<(usize, Vec2)> {
        let layer = &self.layers[l];
        let rel = c - layer.origin;
        let (i0, i1) = (
            ((rel.x - radius) / CELL).floor().max(0.0) as usize,
            (((rel.x + radius) / CELL).ceil().max(0.0) as usize).min(layer.nx.saturating_sub(1)),
        );
        let (j0, j1) = (
            ((rel.y - radius) / CELL).floor().max(0.0) as usize,
            (((rel.y + radius) / CELL).ceil().max(0.0) as usize).min(layer.nz.saturating_sub(1)),
        );
        let mut v = Vec::new();
        if layer.nx == 0 || layer.nz == 0 {
            return v;
        }
        for j in j0..=j1 {
            for i in i0..=i1 {
                let k = j * layer.nx + i;
                let cc = layer.centre(k);
                if self.open[l][k] && cc.distance(c) <= radius {
                    v.push((k, cc));
                }
            }
        }
        v
    }
}

mod climb;
pub use climb::{Climb, partial_climb_down, partial_climb_up};
#[cfg(test)]
mod tests;
