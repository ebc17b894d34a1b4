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
//!
//! The parts: this file holds the types of moves and paths and the exact clearance checks;
//! `grid` the grid and the links between layers, `search` shortest paths, `reach` the places in
//! reach, `fly` flying (MOVE-7), `climb` long climbs (MOVE-5), `shapes` the geometry of bases
//! against terrain pieces and `blockers` other fighters in the way (MOVE-2).

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use bevy::math::{Vec2, Vec3};
use serde::Serialize;

use crate::battlefield::measure::{Base, round_up_half_inch};
use crate::model::formats::{BaseSize, Point2, TerrainKind, TerrainPiece};

mod blockers;
mod climb;
mod fly;
mod grid;
mod jump;
mod memo;
mod node_map;
mod reach;
mod search;
mod shapes;
#[cfg(test)]
mod tests;
mod walks;

use blockers::segment_blocked_by;
pub use climb::{Climb, partial_climb_down, partial_climb_up};
pub use grid::NavGrid;
use grid::Node; // named by `climb` as `super::Node`
use shapes::{
    Frame, circle_hits_piece, point_in_piece, segment_far_from_piece, segment_hits_piece,
};

/// Forgets the shortest paths this thread remembers (see `crate::battlefield::forget_remembered`).
pub fn forget_paths() {
    memo::forget();
    walks::forget();
}

/// Grid spacing in inches.
pub const CELL: f32 = 0.5;

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
            // MOVE-1: a move counts along the path, so a climb's height counts as it is (GEN-2
            // rounds up only what a rule measures vertically alone).
            StepKind::Climb => h + (to.y - from.y).abs(),
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

    /// ABL-5: the path of a mover whose climbs cost their horizontal distance alone.
    fn climbing_free(mut self) -> Path {
        for s in &mut self.steps {
            if s.kind == StepKind::Climb {
                s.cost = Step::rule_cost(StepKind::Walk, s.from, s.to);
            }
        }
        self.cost = self.steps.iter().map(|s| s.cost).sum();
        self
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
    /// ABL-5: a flight ends at most this many inches higher than it starts.
    pub fly_rise: Option<f32>,
    /// ABL-5: the vertical distance of its climbs does not count (MOVE-5 set aside).
    pub free_climb: bool,
}

impl Mover {
    fn radius(&self) -> f32 {
        self.base.max_radius()
    }

    /// May a flight from height `from` end at height `to` (ABL-5: no higher than it may rise)?
    fn rises_to(&self, from: f32, to: f32) -> bool {
        self.fly_rise.is_none_or(|up| to - from <= up + 1e-3)
    }

    /// What a link of `kind` costing `w` between heights `y0` and `y1` costs this mover: a
    /// climb less its height when its climbs are free.
    fn link_cost(&self, kind: StepKind, w: f32, (y0, y1): (f32, f32)) -> f32 {
        if self.free_climb && kind == StepKind::Climb {
            (w - (y1 - y0).abs()).max(0.0)
        } else {
            w
        }
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

/// The battlefield's geometry for movement: terrain, size, and a grid per size of fighter.
#[derive(Debug)]
pub struct NavWorld {
    /// Read only: the frames, the shared grids and the remembered paths are all derived from
    /// the terrain as it was when the world was made (a changed battlefield is a new world).
    pub terrain: Vec<TerrainPiece>,
    pub size: Point2,
    pub jump_impact_height: f32,
    /// Each piece's footprint frame, by index (computed once: terrain does not move).
    frames: Vec<Frame>,
    /// This world's id, for the paths remembered (`memo`).
    id: u64,
    grids: RwLock<HashMap<(u32, u32, bool), Arc<NavGrid>>>,
}

impl Clone for NavWorld {
    fn clone(&self) -> Self {
        NavWorld::new(self.terrain.clone(), self.size, self.jump_impact_height)
    }
}

impl NavWorld {
    /// This world's id: no other navigation world made in this process has it, so that what
    /// is remembered about one terrain is never taken for another's.
    pub fn id(&self) -> u64 {
        self.id
    }

    pub fn new(terrain: Vec<TerrainPiece>, size: Point2, jump_impact_height: f32) -> Self {
        NavWorld {
            frames: terrain.iter().map(Frame::of).collect(),
            id: memo::next_world_id(),
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
        if !self.on_surface(on, c, r) {
            return false;
        }
        self.terrain.iter().enumerate().all(|(i, p)| {
            !(in_the_way(p, i, on, y, body) && circle_hits_piece(&self.frames[i], c, r))
        })
    }

    /// Is a base of radius `r` centred at `c` on the battlefield, and on the top of platform
    /// `on` (if any)?
    fn on_surface(&self, on: Option<usize>, c: Vec2, r: f32) -> bool {
        let (w, d) = self.size;
        if c.x - r < -1e-4 || c.y - r < -1e-4 || c.x + r > w + 1e-4 || c.y + r > d + 1e-4 {
            return false;
        }
        on.is_none_or(|i| point_in_piece(&self.frames[i], c))
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
        if !self.on_surface(on, a, r) || !self.on_surface(on, b, r) {
            return false;
        }
        // Both ends clear of each piece (as `clear_at` tests them) and the walk between: one
        // pass, a piece far from the whole walk being far from either end.
        self.terrain.iter().enumerate().all(|(i, p)| {
            let f = &self.frames[i];
            segment_far_from_piece(f, a, b, r)
                || !in_the_way(p, i, on, y, body)
                || !(circle_hits_piece(f, a, r)
                    || circle_hits_piece(f, b, r)
                    || segment_hits_piece(f, a, b, r))
        })
    }

    /// Does a base swept from `a` to `b` touch a deadly area (MOVE-10)?
    pub fn segment_touches_deadly(&self, y: f32, a: Vec2, b: Vec2, r: f32) -> bool {
        y.abs() < 1e-3
            && self
                .terrain
                .iter()
                .zip(&self.frames)
                .any(|(p, f)| p.kind == TerrainKind::Deadly && segment_hits_piece(f, a, b, r))
    }

    /// Does a base at `c` touch a deadly area (MOVE-10)?
    pub fn touches_deadly(&self, y: f32, c: Vec2, r: f32) -> bool {
        y.abs() < 1e-3
            && self
                .terrain
                .iter()
                .zip(&self.frames)
                .any(|(p, f)| p.kind == TerrainKind::Deadly && circle_hits_piece(f, c, r))
    }

    /// The platform whose top a base centred at `pos` stands on (none on the floor).
    pub fn platform_under(&self, pos: Vec3) -> Option<&TerrainPiece> {
        self.terrain.iter().zip(&self.frames).find_map(|(p, f)| {
            (p.kind == TerrainKind::Platform
                && (p.top() - pos.y).abs() < 1e-3
                && point_in_piece(f, Vec2::new(pos.x, pos.z)))
            .then_some(p)
        })
    }

    /// MOVE-8: is `pos` a place where a base may end a move (floor or platform, clear)?
    pub fn can_stop(&self, mover: &Mover, pos: Vec3) -> bool {
        let c = Vec2::new(pos.x, pos.z);
        self.layer_specs().iter().any(|&(y, on, stop)| {
            stop && (y - pos.y).abs() < 1e-3 && self.clear_at(y, on, c, mover.radius(), mover.body)
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
        self.walk_clear_of_terrain((y, on), a, b, mover, avoid_deadly)
            && !segment_blocked_by(blockers, y, a, b, mover)
    }

    /// [`NavWorld::walk_clear`] leaving the other fighters aside.
    fn walk_clear_of_terrain(
        &self,
        (y, on): (f32, Option<usize>),
        a: Vec2,
        b: Vec2,
        mover: &Mover,
        avoid_deadly: bool,
    ) -> bool {
        let r = mover.radius();
        self.segment_clear(y, on, a, b, r, mover.body)
            && !(avoid_deadly && self.segment_touches_deadly(y, a, b, r))
    }
}

/// Can piece `p` (index `i`) be in the way of a body `body` tall standing at height `y` on
/// surface `on`? Not its own surface, not low or deadly terrain (MOVE-4, MOVE-10), and only
/// when its solid part shares heights with the body.
fn in_the_way(p: &TerrainPiece, i: usize, on: Option<usize>, y: f32, body: f32) -> bool {
    if Some(i) == on || matches!(p.kind, TerrainKind::LowTerrain | TerrainKind::Deadly) {
        return false;
    }
    let (lo, hi) = p.solid_span();
    lo < y + body - 1e-3 && hi > y + 1e-3
}
