//! Long climbs (MOVE-5, MOVE-8): a move may end part-way up a climb, the fighter hanging on the
//! terrain, and the next move carries on from there, up or back down.
//!
//! A fighter hangs **above the foot of a climb**: the cell beside the terrain where the climb
//! starts on the lower surface, at a height between that surface and the top. Climbing on
//! from there to the top costs the vertical distance left (rounded up, GEN-2) plus the step
//! across onto the top; climbing back down costs the vertical distance to the foot.

use bevy::math::{Vec2, Vec3};

use super::{Descend, Goal, Mover, NavGrid, NavWorld, Node, Path, Step, StepKind};
use crate::battlefield::measure::Base;

/// How far (horizontally) a hanging point may be from the foot of its climb.
const FOOT_SNAP: f32 = 0.3;

/// A climb between two surfaces: its foot on the lower one and its end on the upper one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Climb {
    pub foot: Vec3,
    pub top: Vec3,
}

impl NavWorld {
    /// The climb a fighter at `pos` hangs on, when it is off every surface it could stand on
    /// and above the foot of a climb that passes its height (MOVE-5).
    pub fn hanging_on(&self, mover: &Mover, pos: Vec3) -> Option<Climb> {
        let g = self.grid(mover);
        if self.layer_of(&g, pos, mover).is_some() {
            return None;
        }
        self.climb_at(&g, pos)
    }

    /// The climb whose foot is nearest below `p` (within [`FOOT_SNAP`] horizontally) and whose
    /// vertical span holds `p`'s height.
    pub(super) fn climb_at(&self, g: &NavGrid, p: Vec3) -> Option<Climb> {
        let c = Vec2::new(p.x, p.z);
        let mut best: Option<(f32, Climb)> = None;
        for (&from, links) in &g.links {
            let foot = node_pos(g, from);
            let d = Vec2::new(foot.x, foot.z).distance(c);
            if d > FOOT_SNAP || foot.y > p.y + 1e-3 {
                continue;
            }
            for &(to, kind, _) in links {
                let top = node_pos(g, to);
                let up = kind == StepKind::Climb && top.y > foot.y + 1e-3;
                if up && p.y <= top.y + 1e-3 && best.is_none_or(|(b, _)| d < b - 1e-6) {
                    best = Some((d, Climb { foot, top }));
                }
            }
        }
        best.map(|(_, c)| c)
    }

    /// The shortest path from a fighter hanging on `climb` at `from`: on up to the top or back
    /// down to the foot (whichever makes the whole way shorter), or along the climb itself to
    /// another point of it.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn path_from_climb(
        &self,
        mover: &Mover,
        from: Vec3,
        climb: Climb,
        goal: Goal,
        blockers: &[Base],
        avoid_deadly: bool,
        descend: Option<Descend>,
    ) -> Option<Path> {
        if let Goal::Point(p) = goal
            && self.on_same_climb(mover, climb, p)
        {
            let end = Vec3::new(climb.foot.x, p.y, climb.foot.z);
            return Some(Path::from_steps(vec![Step::new(
                StepKind::Climb,
                from,
                end,
            )]));
        }
        let straight = self.straight_on_up(mover, from, climb, goal, blockers, avoid_deadly);
        [climb.top, climb.foot]
            .into_iter()
            .filter_map(|via| {
                let first = Step::new(StepKind::Climb, from, via);
                let rest = self.shortest_path_descending(
                    mover,
                    via,
                    goal,
                    blockers,
                    avoid_deadly,
                    descend,
                )?;
                let mut steps = vec![first];
                steps.extend(rest.steps);
                Some(Path::from_steps(steps))
            })
            .chain(straight)
            .min_by(|a, b| a.cost.total_cmp(&b.cost))
    }

    /// MOVE-5: from part-way up a climb to a point on top of it, the straight climb: up the
    /// height left and across to the point, when the way across the top from the climb's end
    /// is straight and clear (3" up and 1" across is 4").
    fn straight_on_up(
        &self,
        mover: &Mover,
        from: Vec3,
        climb: Climb,
        goal: Goal,
        blockers: &[Base],
        avoid_deadly: bool,
    ) -> Option<Path> {
        let Goal::Point(p) = goal else {
            return None;
        };
        if (p.y - climb.top.y).abs() > 0.05 {
            return None;
        }
        let across = self.shortest_path(mover, climb.top, goal, blockers, avoid_deadly)?;
        let flat = |a: Vec3, b: Vec3| Vec2::new(b.x - a.x, b.z - a.z).length();
        (across.cost <= flat(climb.top, p) + 0.01)
            .then(|| Path::from_steps(vec![Step::new(StepKind::Climb, from, p)]))
    }

    /// A path to a point part-way up a climb: to its foot, then up to the point.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn path_onto_climb(
        &self,
        g: &NavGrid,
        mover: &Mover,
        from: Vec3,
        p: Vec3,
        blockers: &[Base],
        avoid_deadly: bool,
        descend: Option<Descend>,
    ) -> Option<Path> {
        if self.layer_of(g, p, mover).is_some() {
            return None;
        }
        let climb = self.climb_at(g, p)?;
        let to_foot = self.shortest_path_descending(
            mover,
            from,
            Goal::Point(climb.foot),
            blockers,
            avoid_deadly,
            descend,
        )?;
        let at = to_foot.end().unwrap_or(from);
        let mut steps = to_foot.steps;
        let end = Vec3::new(climb.foot.x, p.y, climb.foot.z);
        steps.push(Step::new(StepKind::Climb, at, end));
        Some(Path::from_steps(steps))
    }

    fn on_same_climb(&self, mover: &Mover, climb: Climb, p: Vec3) -> bool {
        let g = self.grid(mover);
        self.layer_of(&g, p, mover).is_none() && self.climb_at(&g, p) == Some(climb)
    }
}

/// The centre of a grid node, on its layer.
fn node_pos(g: &NavGrid, n: Node) -> Vec3 {
    let layer = &g.layers[n.0 as usize];
    let c = layer.centre(n.1 as usize);
    Vec3::new(c.x, layer.y, c.y)
}

/// MOVE-5: where a climb up from `step.from` ends when only `room` inches of Move are left:
/// a whole number of half inches up (a place a model can be put), at most the climb's height.
/// `None` when not even half an inch fits.
pub fn partial_climb_up(step: &Step, room: f32) -> Option<Step> {
    let rise = step.to.y - step.from.y;
    if step.kind != StepKind::Climb || rise <= 0.0 {
        return None;
    }
    let up = ((room + 1e-4) * 2.0).floor() / 2.0;
    let up = up.min(rise);
    (up >= 0.5 - 1e-4).then(|| {
        let end = Vec3::new(step.from.x, step.from.y + up, step.from.z);
        Step::new(StepKind::Climb, step.from, end)
    })
}

/// MOVE-5: where a climb down from `step.from` ends with `room` inches left: across the edge
/// first, then down a whole number of half inches. `None` when it can't get past the edge and
/// half an inch down.
pub fn partial_climb_down(step: &Step, room: f32) -> Option<Step> {
    let drop = step.from.y - step.to.y;
    if step.kind != StepKind::Climb || drop <= 0.0 {
        return None;
    }
    let across = Vec2::new(step.to.x - step.from.x, step.to.z - step.from.z).length();
    let down = ((room - across + 1e-4) * 2.0).floor() / 2.0;
    let down = down.min(drop);
    (down >= 0.5 - 1e-4).then(|| {
        let end = Vec3::new(step.to.x, step.from.y - down, step.to.z);
        Step::new(StepKind::Climb, step.from, end)
    })
}
