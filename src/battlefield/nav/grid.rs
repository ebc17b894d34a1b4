//! The navigation grid: the layers, their open cells, the walks between neighbouring cells
//! and the climbs and jumps between layers (MOVE-4, MOVE-5, MOVE-6), built once per size of
//! fighter.

use std::collections::HashMap;
use std::sync::Arc;

use bevy::math::{Vec2, Vec3};

use super::shapes::{circle_hits_piece, point_in_piece};
use super::{CELL, Mover, NavWorld, Step, StepKind};
use crate::model::formats::TerrainKind;

/// Sample spacing when checking that a straight walk stays clear.
const SAMPLE: f32 = 0.1;
/// How far (horizontally) a climb or a jump may reach from one layer's cell to another's.
const REACH: f32 = 1.25;

/// One surface fighters move on.
#[derive(Debug, Clone)]
pub(super) struct Layer {
    pub(super) y: f32,
    /// The piece whose top this is; `None` for the floor.
    pub(super) piece: Option<usize>,
    /// May a move end here (floor and platforms) or only pass (obstacle tops)?
    pub(super) stop: bool,
    /// Grid origin (cell (0,0) centre) and size.
    pub(super) origin: Vec2,
    pub(super) nx: usize,
    pub(super) nz: usize,
    /// Each cell's centre (worked out once: the searches ask for them all the time).
    centres: Vec<Vec2>,
}

/// The navigation grid for one size of fighter.
#[derive(Debug)]
pub struct NavGrid {
    pub(super) layers: Vec<Layer>,
    /// Per layer, per cell: can the base be there?
    pub(super) open: Vec<Vec<bool>>,
    /// Per layer, per cell: does the base touch a deadly area there (MOVE-10)?
    deadly: Vec<Vec<bool>>,
    /// Per layer, per cell: bit d set when the straight walk to neighbour d (see `DIRS`) is
    /// clear of terrain all along.
    edges: Vec<Vec<u8>>,
    /// Per layer, per cell: bit d set when that walk touches a deadly area.
    edges_deadly: Vec<Vec<u8>>,
    /// Climb and jump edges between layers: (from node, to node, kind, cost).
    pub(super) links: HashMap<Node, Vec<(Node, StepKind, f32)>>,
    /// Where each layer's cells start in a flat numbering of all cells (and the total last).
    offsets: Vec<usize>,
    /// Per node in the flat numbering: has it climbs or jumps (most have none, and need no
    /// look-up in `links`)?
    linked: Vec<bool>,
}

pub(super) type Node = (u16, u32);

pub(super) use super::node_map::NodeMap;

/// One layer's cells: may the base be there, and does it touch a deadly area there?
type LayerCells = (Layer, Vec<bool>, Vec<bool>);

/// Grids already built, for every battlefield (terrain, size, jump height: exactly, bit for
/// bit) and size of fighter this process has seen. Terrain does not move, so the battles of a
/// batch on one battlefield build each grid once, not once a battle.
type GridKey = (Vec<u32>, (u32, u32, bool));
static SHARED: std::sync::LazyLock<std::sync::Mutex<HashMap<GridKey, Arc<NavGrid>>>> =
    std::sync::LazyLock::new(Default::default);

/// At most this many grids are kept (a designer editing terrain makes a new battlefield with
/// every save); past it the cache starts again.
const SHARED_MAX: usize = 64;

/// The grid of `world` for `mover`, from the shared cache or built (outside the lock, so two
/// threads may both build one the first time: the same grid).
fn shared_grid(world: &NavWorld, mover: &Mover) -> Arc<NavGrid> {
    let key = (world.fingerprint(), mover.key());
    if let Some(g) = SHARED.lock().ok().and_then(|m| m.get(&key).cloned()) {
        return g;
    }
    let g = Arc::new(world.build_grid(mover));
    if let Ok(mut m) = SHARED.lock() {
        if m.len() >= SHARED_MAX {
            m.clear();
        }
        m.insert(key, g.clone());
    }
    g
}

impl NavWorld {
    /// Everything a grid is built from, as bits: equal fingerprints, equal grids.
    fn fingerprint(&self) -> Vec<u32> {
        let mut v = crate::battlefield::terrain_fingerprint(&self.terrain, self.size);
        v.push(self.jump_impact_height.to_bits());
        v
    }
}

impl NavWorld {
    /// The grid for a size of fighter, built on first use.
    pub fn grid(&self, mover: &Mover) -> Arc<NavGrid> {
        let key = mover.key();
        if let Some(g) = self.grids.read().ok().and_then(|m| m.get(&key).cloned()) {
            return g;
        }
        let g = shared_grid(self, mover);
        if let Ok(mut m) = self.grids.write() {
            m.insert(key, g.clone());
        }
        g
    }

    fn build_grid(&self, mover: &Mover) -> NavGrid {
        let mut layers = Vec::new();
        let mut open = Vec::new();
        let mut deadly = Vec::new();
        for (y, on, stop) in self.layer_specs() {
            let (layer, o, dl) = self.build_layer(y, on, stop, mover);
            layers.push(layer);
            open.push(o);
            deadly.push(dl);
        }
        let mut edges = Vec::new();
        let mut edges_deadly = Vec::new();
        for (l, layer) in layers.iter().enumerate() {
            let (e, ed) = self.layer_edges(layer, &open[l], mover);
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
            linked: Vec::new(),
        };
        let mut acc = 0;
        for layer in &grid.layers {
            grid.offsets.push(acc);
            acc += layer.nx * layer.nz;
        }
        grid.offsets.push(acc);
        self.link_layers(&mut grid, mover);
        grid.linked = vec![false; acc];
        for &(l, k) in grid.links.keys() {
            grid.linked[grid.offsets[l as usize] + k as usize] = true;
        }
        grid
    }

    /// The cells of one surface (at height `y`, the top of piece `on` or the floor): which
    /// are open to the base and which touch a deadly area.
    fn build_layer(&self, y: f32, on: Option<usize>, stop: bool, mover: &Mover) -> LayerCells {
        let r = mover.radius();
        let (w, d) = self.size;
        // The floor covers the battlefield; a top covers its piece's bounding box.
        let (x0, z0, x1, z1) = match on {
            None => (0.0, 0.0, w, d),
            Some(i) => crate::battlefield::footprint::Footprint::piece(&self.terrain[i]).bounds(),
        };
        // Cell centres on whole and half inches.
        let origin = Vec2::new((x0 / CELL).ceil() * CELL, (z0 / CELL).ceil() * CELL);
        let nx = (((x1 - origin.x) / CELL).floor() as i64 + 1).max(0) as usize;
        let nz = (((z1 - origin.y) / CELL).floor() as i64 + 1).max(0) as usize;
        let centres = (0..nx * nz)
            .map(|k| {
                let (i, j) = (k % nx, k / nx);
                origin + Vec2::new(i as f32 * CELL, j as f32 * CELL)
            })
            .collect();
        let layer = Layer {
            y,
            piece: on,
            stop,
            origin,
            nx,
            nz,
            centres,
        };
        let mut o = vec![false; nx * nz];
        let mut dl = vec![false; nx * nz];
        for k in 0..nx * nz {
            let c = layer.centre(k);
            o[k] = self.clear_at(y, on, c, r, mover.body);
            dl[k] = o[k] && self.touches_deadly(y, c, r);
        }
        (layer, o, dl)
    }

    /// Per cell of a layer: the bits of the clear walks to its neighbours (see `DIRS`), and
    /// of those that touch a deadly area.
    fn layer_edges(&self, layer: &Layer, open: &[bool], mover: &Mover) -> (Vec<u8>, Vec<u8>) {
        let r = mover.radius();
        let mut e = vec![0u8; layer.nx * layer.nz];
        let mut ed = vec![0u8; layer.nx * layer.nz];
        for k in 0..layer.nx * layer.nz {
            if !open[k] {
                continue;
            }
            let a = layer.centre(k);
            for (d, &(di, dj, _)) in DIRS.iter().enumerate() {
                let Some(m) = layer.offset(k, di, dj) else {
                    continue;
                };
                if !open[m] {
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
        (e, ed)
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
                    for (j, lc) in g.cells_near(lo, c, REACH).collect::<Vec<_>>() {
                        // The lower cell must lie outside the upper surface (beside it).
                        if let Some(pi) = upper.piece
                            && point_in_piece(&self.frames[pi], lc)
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
            self.terrain.iter().zip(&self.frames).all(|(p, f)| {
                if matches!(p.kind, TerrainKind::LowTerrain | TerrainKind::Deadly) {
                    return true;
                }
                let (lo, hi) = p.solid_span();
                let on_top = (hi - ya).abs() < 1e-3 || (hi - yb).abs() < 1e-3;
                if on_top {
                    return true;
                }
                let shares = lo < y + body - 1e-3 && hi > y + 1e-3;
                !(shares && circle_hits_piece(f, c, r * 0.9))
            })
        })
    }

    /// The layer a base centred at `pos` is on: one at its height where it fits (or, failing
    /// that, whose surface holds its centre). `None` when off every surface.
    pub(super) fn layer_of(&self, g: &NavGrid, pos: Vec3, mover: &Mover) -> Option<usize> {
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
                    .find(|(_, l)| l.piece.is_none_or(|p| point_in_piece(&self.frames[p], c)))
            })
            .map(|(i, _)| i)
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

    #[inline]
    pub(super) fn centre(&self, k: usize) -> Vec2 {
        self.centres[k]
    }
}

impl NavGrid {
    /// Where each layer's cells start in the flat numbering (the total last).
    #[inline]
    pub(super) fn offsets(&self) -> &[usize] {
        &self.offsets
    }

    /// The climbs and jumps out of node `n`: (to node, kind, cost).
    #[inline]
    pub(super) fn links_of(&self, n: Node) -> &[(Node, StepKind, f32)] {
        if !self.linked[self.offsets[n.0 as usize] + n.1 as usize] {
            return &[];
        }
        self.links.get(&n).map_or(&[], Vec::as_slice)
    }

    /// Does the base touch a deadly area in cell `k` of layer `l`?
    #[inline]
    pub(super) fn deadly_at(&self, l: usize, k: usize) -> bool {
        self.deadly[l][k]
    }

    #[inline]
    pub(super) fn usable(&self, l: usize, k: usize, avoid_deadly: bool) -> bool {
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

    /// The neighbours a straight walk reaches from a cell (open cells of the same layer), with
    /// the horizontal distance.
    #[inline]
    pub(super) fn neighbours(
        &self,
        l: usize,
        k: usize,
        avoid_deadly: bool,
    ) -> impl Iterator<Item = (usize, f32)> + '_ {
        self.walks(l, k, avoid_deadly).map(|(_, j, w)| (j, w))
    }

    /// [`NavGrid::neighbours`] with the direction of each walk (its bit in a mask of walks).
    #[inline]
    pub(super) fn walks(
        &self,
        l: usize,
        k: usize,
        avoid_deadly: bool,
    ) -> impl Iterator<Item = (usize, usize, f32)> + '_ {
        let layer = &self.layers[l];
        let mask = self.edges[l][k]
            & if avoid_deadly {
                !self.edges_deadly[l][k]
            } else {
                0xff
            };
        // A clear walk's bit is set only towards a neighbour on the layer.
        let nx = layer.nx as i64;
        DIRS.iter()
            .enumerate()
            .filter(move |&(d, _)| mask & (1 << d) != 0)
            .map(move |(d, &(di, dj, w))| (d, (k as i64 + di + dj * nx) as usize, w))
    }

    /// Open cells of layer `l` within `radius` of `c`.
    pub(super) fn cells_near(
        &self,
        l: usize,
        c: Vec2,
        radius: f32,
    ) -> impl Iterator<Item = (usize, Vec2)> + '_ {
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
        // No rows at all on an empty layer.
        let rows = (j0..=j1).take(if layer.nx == 0 || layer.nz == 0 {
            0
        } else {
            usize::MAX
        });
        rows.flat_map(move |j| (i0..=i1).map(move |i| j * layer.nx + i))
            .filter_map(move |k| {
                let cc = layer.centre(k);
                (self.open[l][k] && cc.distance(c) <= radius).then_some((k, cc))
            })
    }
}
