//! MOVE-6, ABL-5: a fighter made to jump straight towards a point (an ability pulling an enemy
//! "directly towards this fighter, as if they were jumping").

use bevy::prelude::*;

use super::{Mover, NavWorld};
use crate::battlefield::measure::Base;

/// How finely a jump's length is tried, in inches.
const STEP: f32 = 0.05;

impl NavWorld {
    /// A straight jump of up to `inches` from `from` towards `to` (measured horizontally), as
    /// far as its base goes clear of terrain and of the `blockers` at its height (it can't pass
    /// through them, MOVE-2), then down onto the highest surface under its base centre where
    /// the base fits (MOVE-6: the drop is free). Where it lands and how far it dropped; `None`
    /// when it can't leave where it stands.
    pub fn jump_towards(
        &self,
        mover: &Mover,
        from: Vec3,
        to: Vec2,
        inches: f32,
        blockers: &[Base],
    ) -> Option<(Vec3, f32)> {
        let start = Vec2::new(from.x, from.z);
        let dir = (to - start).normalize_or_zero();
        if dir == Vec2::ZERO {
            return None;
        }
        let mut t = inches.min(start.distance(to));
        while t >= STEP {
            let c = start + dir * t;
            if self.walk_clear((from.y, None), start, c, mover, blockers, false)
                && let Some(y) = self.landing_under(mover, c, from.y, blockers)
            {
                return Some((Vec3::new(c.x, y, c.y), from.y - y));
            }
            t -= STEP;
        }
        None
    }

    /// The highest surface at or below `y_max` where a base centred at `c` fits, clear of
    /// terrain and of the `blockers` at that height.
    fn landing_under(&self, mover: &Mover, c: Vec2, y_max: f32, blockers: &[Base]) -> Option<f32> {
        self.layer_specs()
            .into_iter()
            .filter(|&(y, _, stop)| stop && y <= y_max + 1e-3)
            .filter(|&(y, on, _)| self.walk_clear((y, on), c, c, mover, blockers, false))
            .map(|(y, _, _)| y)
            .max_by(f32::total_cmp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battlefield::testing::{piece, walker, world};
    use crate::model::formats::TerrainKind;

    /// A fighter on the floor jumps 3" straight towards a point 10" away; one on a 3" platform
    /// whose edge is 1" away jumps off it and lands on the floor, 3" down.
    #[test]
    fn move6_a_jump_goes_straight_and_lands_on_the_surface_under_it() {
        let m = walker();
        let nav = world(Vec::new());
        let (at, drop) = nav
            .jump_towards(&m, Vec3::new(5.0, 0.0, 5.0), Vec2::new(15.0, 5.0), 3.0, &[])
            .unwrap();
        assert!(
            (at.x - 8.0).abs() < 0.06 && at.z == 5.0 && drop == 0.0,
            "{at}"
        );
        let nav = world(vec![piece(
            TerrainKind::Platform,
            (4.0, 6.0),
            (4.0, 4.0),
            3.0,
        )]);
        let (at, drop) = nav
            .jump_towards(&m, Vec3::new(5.0, 3.0, 6.0), Vec2::new(15.0, 6.0), 4.0, &[])
            .unwrap();
        assert!(
            (at.x - 9.0).abs() < 0.06 && at.y == 0.0 && drop == 3.0,
            "{at}"
        );
    }

    /// MOVE-2: a base in the way stops the jump short of it; a wall too.
    #[test]
    fn move2_a_jump_stops_at_a_base_or_a_wall_in_the_way() {
        let m = walker();
        let nav = world(Vec::new());
        let other = Base::new(m.base, Vec3::new(9.0, 0.0, 5.0), 0.0);
        let (at, _) = nav
            .jump_towards(
                &m,
                Vec3::new(5.0, 0.0, 5.0),
                Vec2::new(15.0, 5.0),
                6.0,
                &[other],
            )
            .unwrap();
        let contact = 9.0 - 2.0 * m.base.max_radius();
        assert!(at.x <= contact + 1e-3 && at.x > contact - 0.06, "{at}");
        let nav = world(vec![piece(
            TerrainKind::Obstacle,
            (10.0, 5.0),
            (1.0, 6.0),
            4.0,
        )]);
        let (at, _) = nav
            .jump_towards(&m, Vec3::new(5.0, 0.0, 5.0), Vec2::new(15.0, 5.0), 8.0, &[])
            .unwrap();
        let wall = 9.5 - m.base.max_radius();
        assert!(at.x <= wall + 1e-3 && at.x > wall - 0.06, "{at}");
    }
}
