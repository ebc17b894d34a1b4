//! MOVE-7: flying. A flyer goes in a straight line over terrain and fighters to a place to
//! stand, and the move costs the horizontal distance only. An ability may let a fighter fly
//! rising no more than so many inches (ABL-5).

use bevy::math::{Vec2, Vec3};

use super::blockers::blocked_by;
use super::shapes::segment_hits_piece;
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
        let mut best: Option<(f32, Vec3, usize)> = None;
        for (l, layer) in g.layers.iter().enumerate() {
            if !layer.stop || !mover.rises_to(from.y, layer.y) {
                continue;
            }
            for k in 0..layer.nx * layer.nz {
                if !g.open[l][k] {
                    continue;
                }
                let c = layer.centre(k);
                let d = sc.distance(c);
                if best.is_some_and(|(b, _, _)| d >= b) {
                    continue;
                }
                if self.goal_met(&g, l, c, mover, goal)
                    && !blocked_by(blockers, layer.y, c, mover)
                    && self.rises_over(mover, from, c)
                {
                    best = Some((d, Vec3::new(c.x, layer.y, c.y), l));
                }
            }
        }
        let (_, to, l) = best?;
        let surface = (g.layers[l].y, g.layers[l].piece);
        let to = self.onto_goal_point(mover, (to, surface), goal, blockers);
        Some(Path::from_steps(vec![Step::new(StepKind::Fly, from, to)]))
    }

    /// MOVE-7: a flyer lands exactly on the point it was sent to (not on the centre of the
    /// grid's cell beside it, up to 0.4" off) when its base fits there, clear from that
    /// centre; the centre otherwise.
    fn onto_goal_point(
        &self,
        mover: &Mover,
        (c, surface): (Vec3, (f32, Option<usize>)),
        goal: Goal,
        blockers: &[Base],
    ) -> Vec3 {
        let Goal::Point(p) = goal else {
            return c;
        };
        let (a, b) = (Vec2::new(c.x, c.z), Vec2::new(p.x, p.z));
        // Sent to a cell's centre (the solo AI's places): nothing to check.
        if a.distance(b) < 1e-4 {
            return c;
        }
        match self.walk_clear(surface, a, b, mover, blockers, false) {
            true => Vec3::new(p.x, surface.0, p.z),
            false => c,
        }
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
                    && mover.rises_to(from.y, layer.y)
                    && g.open[l][k]
                    && d <= budget
                    && !blocked_by(blockers, layer.y, c, mover)
                    && self.rises_over(mover, from, c)
                {
                    out.push((Vec3::new(c.x, layer.y, c.y), d));
                }
            }
        }
        out
    }

    /// ABL-5 with MOVE-7: may `mover` fly straight from `from` to above `to`, rising no more
    /// than its card allows? It must rise over the highest terrain its base passes over (the
    /// place it lands on too).
    fn rises_over(&self, mover: &Mover, from: Vec3, to: Vec2) -> bool {
        let Some(up) = mover.fly_rise else {
            return true;
        };
        let (a, r) = (Vec2::new(from.x, from.z), mover.radius());
        let highest = (self.terrain.iter().zip(&self.frames))
            .filter(|(_, f)| segment_hits_piece(f, a, to, r))
            .map(|(p, _)| p.top())
            .fold(0.0, f32::max);
        highest - from.y <= up + 1e-3
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battlefield::testing::{piece, walker, world};
    use crate::model::formats::TerrainKind;

    /// A flyer that may rise no more than 3", and one with no limit.
    fn flyers() -> (Mover, Mover) {
        let capped = Mover {
            can_fly: true,
            fly_rise: Some(3.0),
            ..walker()
        };
        let free = Mover {
            fly_rise: None,
            ..capped
        };
        (capped, free)
    }

    /// ABL-5 with MOVE-7: "they can fly ...; however, when flying, they cannot move vertically
    /// upwards more than 3\"": onto a 3" platform, not onto a 5" one; down from it, as far as
    /// it likes.
    #[test]
    fn move7_abl5_a_flight_rises_no_more_than_the_card_allows() {
        let w = world(vec![
            piece(TerrainKind::Platform, (14.0, 8.0), (4.0, 4.0), 3.0),
            piece(TerrainKind::Platform, (14.0, 16.0), (4.0, 4.0), 5.0),
        ]);
        let (capped, free) = flyers();
        let from = Vec3::new(9.0, 0.0, 12.0);
        let onto = |m: &Mover, at: Vec3| {
            w.shortest_path(m, from, Goal::Point(at), &[], false)
                .is_some()
        };
        let (low, high) = (Vec3::new(14.0, 3.0, 8.0), Vec3::new(14.0, 5.0, 16.0));
        assert!(onto(&capped, low), "3\" up is allowed");
        assert!(!onto(&capped, high), "5\" up is not");
        assert!(onto(&free, high), "a flyer without the limit gets there");
        let reach = w.reachable(&capped, from, 8.0, &[], false);
        assert!(reach.iter().any(|(p, _)| (p.y - 3.0).abs() < 1e-4));
        assert!(!reach.iter().any(|(p, _)| (p.y - 5.0).abs() < 1e-4));
        let down = w.shortest_path(&capped, low, Goal::Point(from), &[], false);
        assert!(down.is_some(), "coming down is not rising");
    }

    /// ABL-5 with MOVE-7: "... cannot move vertically upwards more than 3"" holds over the
    /// way too: from the floor to the floor beyond a 5" wall is refused (the flight would
    /// rise 5"), beyond a 2" one allowed; a flyer without the limit crosses both.
    #[test]
    fn move7_abl5_a_capped_flight_does_not_cross_a_wall_taller_than_its_rise() {
        let wall = |h: f32| {
            world(vec![piece(
                TerrainKind::Obstacle,
                (14.0, 12.0),
                (1.0, 8.0),
                h,
            )])
        };
        let (capped, free) = flyers();
        let (from, beyond) = (Vec3::new(11.0, 0.0, 12.0), Vec3::new(17.0, 0.0, 12.0));
        let over = |w: &NavWorld, m: &Mover| {
            w.shortest_path(m, from, Goal::Point(beyond), &[], false)
                .is_some_and(|p| p.steps.iter().all(|s| s.kind == StepKind::Fly))
        };
        let (tall, low) = (wall(5.0), wall(2.0));
        assert!(!over(&tall, &capped), "a 5\" rise");
        assert!(over(&low, &capped), "a 2\" rise");
        assert!(over(&tall, &free));
        let reach = tall.reachable(&capped, from, 8.0, &[], false);
        assert!(
            !reach
                .iter()
                .any(|(p, _)| p.x > 15.0 && p.y < 0.1 && (p.z - 12.0).abs() < 1.0)
        );
    }
}
