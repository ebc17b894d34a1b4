//! Move rules built on the navigation model: cutting a path short (MOVE-1, SOLO-C5), the
//! engaged rule (MOVE-3), disengaging (DIS-1), falling (MOVE-8), impact damage (MOVE-9) and
//! deadly terrain (MOVE-10).

use crate::model::RuleId;
use bevy::math::{Vec2, Vec3};

use crate::battlefield::measure::{Base, distance, round_up_half_inch};
use crate::battlefield::nav::{
    Mover, NavWorld, Path, Step, StepKind, partial_climb_down, partial_climb_up,
};
use crate::model::dice::Dice;
use crate::model::ruleset::Ruleset;

/// Precision of cutting a walk short, in inches.
const CUT_STEP: f32 = 0.05;
/// How close to the exact boundary a cut lands (inches).
const BOUNDARY: f32 = 1e-4;

/// MOVE-1: the part of `path` a fighter with `budget` inches of Move can follow, ending at a
/// place where it can stop (MOVE-8): a walk is cut at the last clear point within the budget,
/// a climb, jump or flight that the budget doesn't cover is not started.
pub fn truncate(world: &NavWorld, mover: &Mover, path: &Path, budget: f32) -> Path {
    truncate_until(world, mover, path, budget, &|_| false)
}

/// Where a move cut short stops early (e.g. "within attack range of the target", SOLO-C5).
pub trait Stop {
    /// Should the move stop at `p` (a base centre)?
    fn holds(&self, p: Vec3) -> bool;

    /// How far `p` is at least from any place where [`Stop::holds`] (0: not known), so that
    /// a walk's samples closer than that need not be tested. The measure must change by no
    /// more than the base moves (as distances between bases do).
    fn clear(&self, _p: Vec3) -> f32 {
        0.0
    }
}

impl<F: Fn(Vec3) -> bool> Stop for F {
    fn holds(&self, p: Vec3) -> bool {
        self(p)
    }
}

/// A [`Stop`] test (`.0`) with its distance bound (`.1`, see [`Stop::clear`]).
pub struct Bounded<T, C>(pub T, pub C);

impl<T: Fn(Vec3) -> bool, C: Fn(Vec3) -> f32> Stop for Bounded<T, C> {
    fn holds(&self, p: Vec3) -> bool {
        (self.0)(p)
    }

    fn clear(&self, p: Vec3) -> f32 {
        (self.1)(p)
    }
}

/// How much of [`Stop::clear`]'s bound a skip leaves unused, for the rounding of the
/// distances it comes from (far above it: oval rims are measured to within 0.01").
const CLEAR_MARGIN: f32 = 0.05;

/// Like [`truncate`], and also stops at the first point of a walk where `stop_here` holds
/// (e.g. "within attack range of the target", SOLO-C5).
pub fn truncate_until(
    world: &NavWorld,
    mover: &Mover,
    path: &Path,
    budget: f32,
    stop_here: &impl Stop,
) -> Path {
    let mut steps: Vec<Step> = Vec::new();
    let mut used = 0.0;
    // MOVE-5: a climb the budget doesn't cover is climbed as far as it goes (the fighter
    // hangs on the terrain); kept only when nothing before it is dropped below.
    let mut hang: Option<Step> = None;
    for s in &path.steps {
        if stop_here.holds(s.from) {
            break;
        }
        if used + s.cost <= budget + 1e-4 && !(s.kind == StepKind::Walk && any_point(s, stop_here))
        {
            // The whole step fits and nothing inside it asks to stop.
            steps.push(*s);
            used += s.cost;
            continue;
        }
        if s.kind == StepKind::Climb {
            let room = budget - used;
            hang = partial_climb_up(s, room).or_else(|| partial_climb_down(s, room));
            break;
        }
        if s.kind != StepKind::Walk {
            break;
        }
        // Cut the walk: the farthest point within the budget (or the first where it should
        // stop) where the base can stand.
        let len = s.cost;
        let room = (budget - used).min(len).max(0.0);
        let mut t = room / len.max(1e-6);
        let first_stop = first_point(s, stop_here);
        if let Some(ts) = first_stop {
            t = t.min(ts);
        }
        while t > 0.0 {
            let p = s.from.lerp(s.to, t);
            if stop_ok(world, mover, p) {
                let cut = Step {
                    to: p,
                    cost: len * t,
                    ..*s
                };
                steps.push(cut);
                break;
            }
            t -= CUT_STEP / len.max(1e-6);
        }
        break;
    }
    // Never end on a surface where a base can't stop (an obstacle top): drop steps back to
    // the last place that can.
    let whole = steps.len();
    while let Some(last) = steps.last() {
        if stop_ok(world, mover, last.to) {
            break;
        }
        steps.pop();
    }
    if let Some(h) = hang
        && steps.len() == whole
        && steps.last().is_none_or(|l| l.to.distance(h.from) < 1e-4)
    {
        steps.push(h);
    }
    let cost = steps.iter().map(|s| s.cost).sum();
    Path { steps, cost }
}

fn stop_ok(world: &NavWorld, mover: &Mover, p: Vec3) -> bool {
    world.can_stop(mover, p)
}

fn any_point(s: &Step, f: &impl Stop) -> bool {
    first_point(s, f).is_some()
}

/// The first fraction t of a walk where `f` holds: found by sampling every [`CUT_STEP`], then
/// narrowed by halving the last sampled gap to within [`BOUNDARY`] inches, so that a cut at
/// a distance (SOLO-C2's 3", SOLO-C5's attack range) lands on it, not up to a sample short.
/// Samples that [`Stop::clear`] rules out are skipped untested.
fn first_point(s: &Step, f: &impl Stop) -> Option<f32> {
    let len = s.from.distance(s.to);
    let n = ((len / CUT_STEP).ceil() as usize).max(1);
    let spacing = len / n as f32;
    let mut i = 1;
    while i <= n {
        let p = s.from.lerp(s.to, i as f32 / n as f32);
        let clear = f.clear(p) - CLEAR_MARGIN;
        if clear > 0.0 {
            // This sample and the next ones within `clear` of it can't hold.
            i += 1 + (clear / spacing.max(1e-6)).min(n as f32) as usize;
            continue;
        }
        if f.holds(p) {
            break;
        }
        i += 1;
    }
    if i > n {
        return None;
    }
    let (mut lo, mut hi) = ((i - 1) as f32 / n as f32, i as f32 / n as f32);
    while (hi - lo) * len > BOUNDARY {
        let mid = 0.5 * (lo + hi);
        if f.holds(s.from.lerp(s.to, mid)) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

/// MOVE-3: a fighter that started its move within 1" of enemies must end it at least as close
/// to the nearest of them. `start` and `end` are its base before and after; `enemies` the
/// enemy bases. True when the end is allowed.
pub fn engaged_end_allowed(start: &Base, end: &Base, enemies: &[Base]) -> bool {
    let nearest = enemies
        .iter()
        .map(|e| (distance(start, e), e))
        .filter(|(d, _)| *d <= 1.0 + 1e-4)
        .min_by(|a, b| a.0.total_cmp(&b.0));
    match nearest {
        None => true,
        Some((d, e)) => distance(end, e) <= d + 1e-4,
    }
}

/// DIS-1: the places a fighter within 1" of an enemy may disengage to: a normal move (walking
/// on its surface, no climbing, jumping or flying) of up to 3" that ends more than 1" from every
/// enemy. Empty when disengaging is impossible (then the action can't be taken).
pub fn disengage_spots(
    world: &NavWorld,
    mover: &Mover,
    from: Vec3,
    enemies: &[Base],
    others: &[Base],
) -> Vec<Vec3> {
    disengage_spots_ending(world, mover, from, (enemies, others), false)
}

/// [`disengage_spots`], or (`end_near`: an ability lets it) the places it may walk to
/// whether or not they are more than 1" from every enemy.
pub fn disengage_spots_ending(
    world: &NavWorld,
    mover: &Mover,
    from: Vec3,
    (enemies, others): (&[Base], &[Base]),
    end_near: bool,
) -> Vec<Vec3> {
    let walker = Mover {
        can_climb: false,
        can_fly: false,
        ..*mover
    };
    let start = Base::new(mover.base, from, 0.0);
    if !enemies.iter().any(|e| distance(&start, e) <= 1.0 + 1e-4) {
        return Vec::new();
    }
    let spots = |avoid_deadly: bool| -> Vec<Vec3> {
        world
            .reachable(&walker, from, 3.0, others, avoid_deadly)
            .into_iter()
            .map(|(p, _)| p)
            .filter(|p| (p.y - from.y).abs() < 1e-3)
            .filter(|p| {
                let b = Base::new(mover.base, *p, 0.0);
                end_near || enemies.iter().all(|e| distance(&b, e) > 1.0 + 1e-4)
            })
            .collect()
    };
    // MOVE-10: the places reached without touching deadly terrain when there are any.
    let safe = spots(true);
    if safe.is_empty() { spots(false) } else { safe }
}

/// MOVE-9: impact damage for one roll.
pub fn impact_damage(rules: &Ruleset, roll: u8) -> u32 {
    rules.impact_damage.table[(roll.clamp(1, 6) - 1) as usize]
}

/// What happened when a fighter fell (MOVE-8) or was hurt by terrain (MOVE-6, MOVE-10).
#[derive(Debug, Clone, PartialEq)]
pub struct FallOutcome {
    /// Where it ends up; `None` when it is taken down.
    pub landing: Option<Vec3>,
    /// How far it fell.
    pub drop: f32,
    /// Impact damage rolls: (die, damage).
    pub impacts: Vec<(u8, u32)>,
    pub taken_down: bool,
    /// Rule IDs involved, for the log.
    pub rules: Vec<RuleId>,
}

/// MOVE-8: the places a falling fighter at `from` may land: on the floor or a platform, within
/// 2" horizontally, lower than it.
pub fn fall_candidates(world: &NavWorld, mover: &Mover, from: Vec3, others: &[Base]) -> Vec<Vec3> {
    let walker = Mover {
        can_fly: true,
        fly_rise: None,
        ..*mover
    };
    world
        .reachable(&walker, from, 2.0, others, false)
        .into_iter()
        .map(|(p, _)| p)
        .filter(|p| p.y < from.y - 1e-3)
        .filter(|p| Vec2::new(p.x - from.x, p.z - from.z).length() <= 2.0 + 1e-4)
        .collect()
}

/// MOVE-8 + MOVE-9 + MOVE-10: resolves a fall. The opponent picks the landing place among the
/// candidates (`pick` gets them and returns an index); with none, a fighter on a platform stays
/// where it is and otherwise it is taken down. Impact damage is rolled when it fell the
/// ruleset's height or more, and again (MOVE-10) when it lands within 1" of deadly terrain.
pub fn resolve_fall(
    world: &NavWorld,
    rules: &Ruleset,
    mover: &Mover,
    from: Vec3,
    others: &[Base],
    dice: &mut dyn Dice,
    pick: impl Fn(&[Vec3]) -> usize,
) -> FallOutcome {
    let cands = fall_candidates(world, mover, from, others);
    let mut rules_used = vec![RuleId::Move8];
    if cands.is_empty() {
        let on_platform = from.y > 1e-3 && world.can_stop(mover, from);
        return FallOutcome {
            landing: on_platform.then_some(from),
            drop: 0.0,
            impacts: Vec::new(),
            taken_down: !on_platform,
            rules: rules_used,
        };
    }
    let landing = cands[pick(&cands).min(cands.len() - 1)];
    // GEN-2: how far it fell is a vertical-only distance, rounded up.
    let drop = round_up_half_inch(from.y - landing.y);
    let mut impacts = Vec::new();
    if drop >= rules.fall_impact_height - 1e-4 {
        let roll = dice.d6();
        impacts.push((roll, impact_damage(rules, roll)));
        rules_used.push(RuleId::Move9);
    }
    if world.touches_deadly(
        landing.y,
        Vec2::new(landing.x, landing.z),
        mover.base.max_radius() + 1.0,
    ) {
        let roll = dice.d6();
        impacts.push((roll, impact_damage(rules, roll)));
        rules_used.push(RuleId::Move10);
    }
    FallOutcome {
        landing: Some(landing),
        drop,
        impacts,
        taken_down: false,
        rules: rules_used,
    }
}

/// MOVE-10: does moving along `path` take the fighter onto deadly terrain (so that it suffers
/// impact damage)?
pub fn path_enters_deadly(world: &NavWorld, mover: &Mover, path: &Path) -> bool {
    let r = mover.base.max_radius();
    path.steps.iter().any(|s| {
        let n = ((s.from.distance(s.to) / CUT_STEP).ceil() as usize).max(1);
        // A flyer only touches the ground where it lands.
        (0..=n)
            .filter(|&i| s.kind != StepKind::Fly || i == n)
            .any(|i| {
                let p = s.from.lerp(s.to, i as f32 / n as f32);
                world.touches_deadly(p.y, Vec2::new(p.x, p.z), r)
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battlefield::nav::Goal;
    use crate::battlefield::testing::{piece, walker, world};
    use crate::model::dice::ScriptedDice;
    use crate::model::formats::{BaseSize, TerrainKind};

    fn rules() -> Ruleset {
        crate::model::ruleset::default_ruleset()
    }

    #[test]
    fn move1_truncate_at_the_budget() {
        let w = world(vec![]);
        let m = walker();
        let p = w
            .shortest_path(
                &m,
                Vec3::new(2.0, 0.0, 11.0),
                Goal::Point(Vec3::new(20.0, 0.0, 11.0)),
                &[],
                false,
            )
            .unwrap();
        let t = truncate(&w, &m, &p, 5.0);
        assert!((t.cost - 5.0).abs() < 0.06, "{}", t.cost);
        assert!((t.end().unwrap().x - 7.0).abs() < 0.06);
        assert!(w.can_stop(&m, t.end().unwrap()));
    }

    #[test]
    fn move5_a_climb_the_budget_does_not_cover_ends_part_way_up() {
        let w = world(vec![piece(
            TerrainKind::Platform,
            (15.0, 11.0),
            (4.0, 4.0),
            3.0,
        )]);
        let m = walker();
        let p = w
            .shortest_path(
                &m,
                Vec3::new(11.0, 0.0, 11.0),
                Goal::Point(Vec3::new(15.0, 3.0, 11.0)),
                &[],
                false,
            )
            .unwrap();
        // 4" of Move: walking to the wall, then up as many whole half inches as are left
        // (the cost of a climb is rounded up, GEN-2); the fighter hangs there.
        let t = truncate(&w, &m, &p, 4.0);
        let last = t.steps.last().unwrap();
        assert_eq!(last.kind, StepKind::Climb);
        let up = last.to.y;
        assert!(up > 0.0 && up <= 3.0 && (up * 2.0).fract() == 0.0, "{up}");
        assert!(t.cost <= 4.0 + 1e-4);
        assert!(w.hanging_on(&m, last.to).is_some());
    }

    /// The shortest path of `m` from (2, 11) to within 1" of `target`.
    fn path_to_within_1(w: &NavWorld, m: &Mover, target: Base) -> Path {
        let goal = Goal::NearBase {
            base: target,
            within: 1.0,
        };
        w.shortest_path(m, Vec3::new(2.0, 0.0, 11.0), goal, &[target], false)
            .expect("open ground")
    }

    #[test]
    fn solo_c5_stop_as_soon_as_in_range() {
        let w = world(vec![]);
        let m = walker();
        let target = Base::new(BaseSize::Round(32.0), Vec3::new(20.0, 0.0, 11.0), 0.0);
        let p = path_to_within_1(&w, &m, target);
        // A 6" missile weapon: stop once within 6", well short of a 12" budget.
        let t = truncate_until(&w, &m, &p, 12.0, &|pos: Vec3| {
            distance(&Base::new(m.base, pos, 0.0), &target) <= 6.0
        });
        let end = Base::new(m.base, t.end().unwrap(), 0.0);
        let d = distance(&end, &target);
        assert!(d <= 6.0 + 1e-3 && d > 5.9, "{d}");
        assert!(t.cost < 12.0);
    }

    #[test]
    fn solo_c5_a_bounded_stop_cuts_at_the_same_place_testing_few_places() {
        let w = world(vec![]);
        let m = walker();
        let target = Base::new(BaseSize::Oval(60.0, 35.0), Vec3::new(24.0, 0.0, 11.0), 0.7);
        let p = path_to_within_1(&w, &m, target);
        let tests = std::cell::Cell::new(0);
        let in_range = |pos: Vec3| {
            tests.set(tests.get() + 1);
            distance(&Base::new(m.base, pos, 0.0), &target) <= 6.0
        };
        let plain = truncate_until(&w, &m, &p, 20.0, &in_range);
        let plain_tests = tests.replace(0);
        let beyond = |pos: Vec3| distance(&Base::new(m.base, pos, 0.0), &target) - 6.0;
        let bounded = truncate_until(&w, &m, &p, 20.0, &Bounded(in_range, beyond));
        assert_eq!(bounded, plain, "the same cut, to the bit");
        let d = distance(&Base::new(m.base, bounded.end().unwrap(), 0.0), &target);
        assert!(d <= 6.0 + 1e-3 && d > 5.99, "{d}");
        assert!(
            tests.get() * 4 < plain_tests,
            "{} places tested against {plain_tests}",
            tests.get()
        );
    }

    #[test]
    fn move3_engaged_fighter_must_not_end_farther_from_the_nearest_enemy() {
        let enemy = Base::new(BaseSize::Round(25.4), Vec3::new(5.0, 0.0, 5.0), 0.0);
        let start = Base::new(BaseSize::Round(25.4), Vec3::new(6.5, 0.0, 5.0), 0.0); // 0.5" apart
        let closer = Base::new(BaseSize::Round(25.4), Vec3::new(6.2, 0.0, 5.5), 0.0);
        let away = Base::new(BaseSize::Round(25.4), Vec3::new(8.0, 0.0, 5.0), 0.0);
        assert!(engaged_end_allowed(&start, &closer, &[enemy]));
        assert!(!engaged_end_allowed(&start, &away, &[enemy]));
        // Not engaged at the start: anything goes.
        let free = Base::new(BaseSize::Round(25.4), Vec3::new(9.0, 0.0, 5.0), 0.0);
        assert!(engaged_end_allowed(&free, &away, &[enemy]));
    }

    #[test]
    fn dis1_disengage_ends_more_than_1_inch_from_every_enemy() {
        let w = world(vec![]);
        let m = walker();
        let from = Vec3::new(10.0, 0.0, 10.0);
        let enemy = Base::new(BaseSize::Round(25.4), Vec3::new(11.2, 0.0, 10.0), 0.0);
        let spots = disengage_spots(&w, &m, from, &[enemy], &[enemy]);
        assert!(!spots.is_empty());
        for s in &spots {
            assert!(distance(&Base::new(m.base, *s, 0.0), &enemy) > 1.0);
            assert!(Vec2::new(s.x - from.x, s.z - from.z).length() <= 3.0 + 1e-3);
        }
        // Not within 1" of an enemy: no disengage.
        assert!(disengage_spots(&w, &m, Vec3::new(2.0, 0.0, 2.0), &[enemy], &[enemy]).is_empty());
    }

    #[test]
    fn dis1_impossible_when_no_spot_is_more_than_1_inch_from_enemies() {
        // Boxed in a corner by three enemies and the battlefield edges.
        let w = world(vec![]);
        let m = walker();
        let from = Vec3::new(0.6, 0.0, 0.6);
        let big = |x: f32, z: f32| Base::new(BaseSize::Round(60.0), Vec3::new(x, 0.0, z), 0.0);
        let enemies = [
            big(2.2, 0.6),
            big(0.6, 2.2),
            big(2.0, 2.0),
            big(3.6, 1.2),
            big(1.2, 3.6),
        ];
        assert!(disengage_spots(&w, &m, from, &enemies, &enemies).is_empty());
    }

    #[test]
    fn move8_fall_lands_within_2_inches_lower_with_impact_damage() {
        let w = world(vec![piece(
            TerrainKind::Platform,
            (15.0, 11.0),
            (4.0, 4.0),
            4.0,
        )]);
        let m = walker();
        let from = Vec3::new(16.8, 4.0, 11.0); // on the platform near its edge
        let mut dice = ScriptedDice::new(&[6]);
        let out = resolve_fall(&w, &rules(), &m, from, &[], &mut dice, |_| 0);
        let land = out.landing.unwrap();
        assert_eq!(land.y, 0.0);
        assert!(Vec2::new(land.x - from.x, land.z - from.z).length() <= 2.0 + 1e-4);
        assert_eq!(out.drop, 4.0);
        assert_eq!(out.impacts, vec![(6, 3)], "MOVE-9: a 6 deals 3");
        assert!(out.rules.contains(&RuleId::Move9));
    }

    #[test]
    fn move8_nowhere_to_land_on_a_platform_stays_else_taken_down() {
        // A wide platform: from its middle, nothing lower lies within 2".
        let w = world(vec![piece(
            TerrainKind::Platform,
            (15.0, 11.0),
            (10.0, 10.0),
            3.0,
        )]);
        let m = walker();
        let mut dice = ScriptedDice::new(&[]);
        let out = resolve_fall(
            &w,
            &rules(),
            &m,
            Vec3::new(15.0, 3.0, 11.0),
            &[],
            &mut dice,
            |_| 0,
        );
        assert_eq!(out.landing, Some(Vec3::new(15.0, 3.0, 11.0)));
        assert!(!out.taken_down);
    }

    #[test]
    fn move9_impact_table_and_move10_deadly() {
        let r = rules();
        let dmg: Vec<u32> = (1..=6).map(|d| impact_damage(&r, d)).collect();
        assert_eq!(dmg, vec![0, 0, 0, 1, 1, 3]);
        let w = world(vec![piece(
            TerrainKind::Deadly,
            (15.0, 11.0),
            (3.0, 3.0),
            0.05,
        )]);
        let m = walker();
        let p = w
            .shortest_path(
                &m,
                Vec3::new(10.0, 0.0, 11.0),
                Goal::Point(Vec3::new(20.0, 0.0, 11.0)),
                &[],
                false,
            )
            .unwrap();
        assert!(path_enters_deadly(&w, &m, &p));
        let q = w
            .shortest_path(
                &m,
                Vec3::new(10.0, 0.0, 11.0),
                Goal::Point(Vec3::new(20.0, 0.0, 11.0)),
                &[],
                true,
            )
            .unwrap();
        assert!(!path_enters_deadly(&w, &m, &q));
    }
}
