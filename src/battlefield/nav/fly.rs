//! MOVE-7: flying. A flyer goes in a straight line over terrain and fighters to a place to
//! stand, and the move costs the horizontal distance only.

use bevy::math::{Vec2, Vec3};

use super::blockers::blocked_by;
use super::{Goal, Mover, NavGrid, NavWorld, Path, Step, StepKind};
use crate::battlefield::measure::Base;

impl NavWorld {
    /// MOVE-7: a flyer goes straight (horizontal distance) to the nearest place to stand that
    /// meets the goal, over terrain and fighters.
    pub(super) fn fly_path(
        &self,
        mover: &Mover,
        from: Vec3,
        goal: Goal,
        blockers: &[Base],
    ) -> Option<Path> {
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

    /// Every place to stand a flyer reaches with `budget` inches of Move, with the cost to get
    /// there.
    pub(super) fn reachable_flying(
        &self,
        g: &NavGrid,
        mover: &Mover,
        from: Vec3,
        budget: f32,
        blockers: &[Base],
    ) -> Vec<(Vec3, f32)> {
        let mut out = Vec::new();
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
        out
    }
}
