//! The camera keeps the action in view: when a fighter is activated, walks or attacks (the
//! player's or the solo AI's), the camera glides, just as far as it must, so that the fighter,
//! and its target, stand in the part of the window no panel covers; it zooms out when the two
//! are too far apart to fit.
//! It moves only when they are out of that part, only for a moment after the event (a player
//! who looks elsewhere is not pulled back), never during a drag, and not at all when the
//! "camera follows the action" setting is off.

use crate::model::ids::FighterId;
use bevy::prelude::*;
use bevy_panorbit_camera::PanOrbitCamera;

use super::animation::Walks;
use crate::model::components::{Fighter, Side};
use crate::rules::door::BattleEvent;
use crate::rules::door::BattleSet;
use crate::rules::engine::{Engine, Pending};
use crate::rules::hand_setup::Arrived;
use crate::rules::log::Event;
use crate::screens::Screen;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Follow>()
        .init_resource::<Margins>()
        .add_systems(OnExit(Screen::Battle), |mut f: ResMut<Follow>| {
            f.fighters.clear()
        })
        .add_systems(
            Update,
            (watch_events, keep_in_view)
                .chain()
                .in_set(BattleSet::React)
                .after(super::animation::walk)
                .run_if(in_state(Screen::Battle)),
        );
}

/// Who the camera keeps in view, and for how much longer.
#[derive(Resource, Debug, Clone)]
pub(crate) struct Follow {
    /// The setting: off, the camera moves only when the player moves it.
    pub enabled: bool,
    fighters: Vec<FighterId>,
    /// Seconds left to keep them in view (walks extend it while they go on).
    left: f32,
}

impl Default for Follow {
    fn default() -> Self {
        Follow {
            enabled: true,
            fighters: Vec::new(),
            left: 0.0,
        }
    }
}

/// How long after an event the camera keeps its fighters in view.
const HOLD: f32 = 1.0;

/// The window's edges the panels cover, in logical pixels (the UI sets them as it scales).
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub(crate) struct Margins {
    pub left: f32,
    pub right: f32,
    pub top: f32,
    pub bottom: f32,
}

impl Default for Margins {
    /// The panels at 1x: the tracker on the left, the decision on the right, the scoreboard
    /// and the dice tray on top, the log and the game menu below.
    fn default() -> Self {
        Margins::at(1.0)
    }
}

impl Margins {
    /// The panels' margins at a zoom of the UI.
    pub(crate) fn at(zoom: f32) -> Self {
        Margins {
            left: 250.0 * zoom,
            right: 360.0 * zoom,
            top: 150.0 * zoom,
            bottom: 190.0 * zoom,
        }
    }

    /// The part of a window of `size` no panel covers (a third of the window at least).
    fn safe(self, size: Vec2) -> Rect {
        let min = Vec2::new(self.left, self.top).min(size / 3.0);
        let max = (size - Vec2::new(self.right, self.bottom)).max(size * 2.0 / 3.0);
        Rect::from_corners(min, max)
    }
}

/// The fighters an event puts in the spotlight.
fn spotlight(e: &Event) -> Option<Vec<FighterId>> {
    match e {
        Event::Activate { fighter, .. }
        | Event::Move { fighter, .. }
        | Event::Disengage { fighter, .. } => Some(vec![*fighter]),
        Event::Attack {
            attacker, target, ..
        } => Some(vec![*attacker, *target]),
        _ => None,
    }
}

/// The events' fighters; and when a side sets up its arriving reserves by hand (RES-1), them.
fn watch_events(
    mut events: MessageReader<BattleEvent>,
    engine: Res<Engine>,
    arrived: Option<Res<Arrived>>,
    sides: Query<(&Fighter, &Side)>,
    mut follow: ResMut<Follow>,
) {
    for e in events.read() {
        if let Some(ids) = spotlight(&e.0.event) {
            follow.fighters = ids;
            follow.left = HOLD;
        }
    }
    if let (Pending::Arrive { side }, Some(arrived)) = (engine.pending, arrived)
        && engine.is_changed()
    {
        follow.fighters = sides
            .iter()
            .filter(|(f, s)| **s == side && arrived.0.contains(&f.id))
            .map(|(f, _)| f.id)
            .collect();
        follow.left = HOLD;
    }
}

/// Glides the camera so that the followed fighters stand in the uncovered part of the window.
fn keep_in_view(
    time: Res<Time>,
    walks: Res<Walks>,
    margins: Res<Margins>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut follow: ResMut<Follow>,
    fighters: Query<(&Fighter, &Transform)>,
    mut cams: Query<(&Camera, &GlobalTransform, &mut PanOrbitCamera)>,
) {
    if walks.going_on() {
        follow.left = follow.left.max(HOLD / 2.0);
    }
    if follow.left <= 0.0 {
        return;
    }
    follow.left -= time.delta_secs();
    if !follow.enabled || buttons.get_pressed().next().is_some() {
        follow.left = 0.0;
        return;
    }
    let points: Vec<Vec3> = fighters
        .iter()
        .filter(|(f, _)| follow.fighters.contains(&f.id))
        // Its feet and its head (a figure stands about an inch and a half tall).
        .flat_map(|(_, t)| [t.translation, t.translation + Vec3::Y * 1.5])
        .collect();
    let Ok((cam, cam_t, mut orbit)) = cams.single_mut() else {
        return;
    };
    let (Some(size), false) = (cam.logical_viewport_size(), points.is_empty()) else {
        return;
    };
    let safe = margins.safe(size);
    let on_screen: Option<Vec<Vec2>> = points
        .iter()
        .map(|p| cam.world_to_viewport(cam_t, *p).ok())
        .collect();
    if on_screen.as_deref().is_some_and(|s| all_inside(s, safe)) {
        return;
    }
    let mid = points.iter().sum::<Vec3>() / points.len() as f32;
    // Where the middle of them should show: moved just enough to bring them all in (the
    // middle of the free part when one is behind the camera).
    let to = match &on_screen {
        Some(s) => s.iter().sum::<Vec2>() / s.len() as f32 + nudge(s, safe),
        None => safe.center(),
    };
    let Some(aim) = ground_under(cam, cam_t, to, mid.y) else {
        return;
    };
    orbit.target_focus += mid - aim;
    if let Some(s) = on_screen {
        let zoom = zoom_out(&s, safe);
        let far = orbit.zoom_upper_limit.unwrap_or(90.0);
        orbit.target_radius = (orbit.target_radius * zoom).min(far);
    }
}

/// The shortest shift (in pixels) that brings every point a little way inside `safe`
/// (points too far apart to fit are centred instead: the camera then zooms out).
fn nudge(points: &[Vec2], safe: Rect) -> Vec2 {
    let inner = safe.inflate(-safe.size().min_element() * 0.1);
    let (lo, hi) = bounds(points);
    let axis = |lo: f32, hi: f32, min: f32, max: f32| {
        if hi - lo > max - min {
            (min + max) / 2.0 - (lo + hi) / 2.0
        } else if lo < min {
            min - lo
        } else if hi > max {
            max - hi
        } else {
            0.0
        }
    };
    Vec2::new(
        axis(lo.x, hi.x, inner.min.x, inner.max.x),
        axis(lo.y, hi.y, inner.min.y, inner.max.y),
    )
}

fn bounds(points: &[Vec2]) -> (Vec2, Vec2) {
    points.iter().fold(
        (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
        |(lo, hi), p| (lo.min(*p), hi.max(*p)),
    )
}

/// Whether every point is inside `safe`.
fn all_inside(points: &[Vec2], safe: Rect) -> bool {
    points.iter().all(|p| safe.contains(*p))
}

/// How much farther the camera must be for the points to fit in `safe` with room to spare
/// (1 when they fit).
fn zoom_out(points: &[Vec2], safe: Rect) -> f32 {
    let (lo, hi) = bounds(points);
    let spread = (hi - lo) / (safe.size() * 0.8);
    spread.x.max(spread.y).max(1.0)
}

/// Where the ray through the window's point `at` meets the level `y`.
fn ground_under(cam: &Camera, cam_t: &GlobalTransform, at: Vec2, y: f32) -> Option<Vec3> {
    let ray = cam.viewport_to_world(cam_t, at).ok()?;
    let d = ray.intersect_plane(Vec3::Y * y, InfinitePlane3d::new(Vec3::Y))?;
    Some(ray.get_point(d))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The uncovered part of a 1280x720 window at 1x is between the panels, and never less
    /// than the middle third of a small window.
    #[test]
    fn the_safe_part_of_the_window_is_between_the_panels() {
        let safe = Margins::at(1.0).safe(Vec2::new(1280.0, 720.0));
        assert_eq!(safe.min, Vec2::new(250.0, 150.0));
        assert_eq!(safe.max, Vec2::new(920.0, 530.0));
        let tiny = Margins::at(2.0).safe(Vec2::new(600.0, 300.0));
        assert!(tiny.width() >= 200.0 && tiny.height() >= 100.0, "{tiny:?}");
    }

    /// A fighter under a panel is out of view; two fighters farther apart than the safe part
    /// make the camera zoom out, two close ones don't.
    #[test]
    fn fighters_under_a_panel_or_too_far_apart_move_the_camera() {
        let safe = Margins::at(1.0).safe(Vec2::new(1280.0, 720.0));
        assert!(all_inside(&[Vec2::new(500.0, 300.0)], safe));
        assert!(!all_inside(
            &[Vec2::new(500.0, 300.0), Vec2::new(1000.0, 100.0)],
            safe
        ));
        assert_eq!(
            zoom_out(&[Vec2::new(400.0, 300.0), Vec2::new(500.0, 350.0)], safe),
            1.0
        );
        let far = zoom_out(&[Vec2::new(0.0, 300.0), Vec2::new(1200.0, 300.0)], safe);
        assert!(far > 2.0, "{far}");
        // Just under the bottom panel: moved up a little, not to the middle.
        let shift = nudge(&[Vec2::new(500.0, 540.0)], safe);
        assert_eq!(shift.x, 0.0);
        assert!(shift.y < -10.0 && shift.y > -100.0, "{shift}");
        assert_eq!(nudge(&[Vec2::new(500.0, 300.0)], safe), Vec2::ZERO);
    }

    /// An activation or a move follows its fighter, an attack both fighters; a roll for
    /// initiative moves nothing.
    #[test]
    fn activations_moves_and_attacks_are_followed() {
        let act = Event::Activate {
            fighter: FighterId(3),
            side: Side::A,
            actions: 2,
            after_wait: false,
        };
        assert_eq!(spotlight(&act), Some(vec![FighterId(3)]));
        assert_eq!(spotlight(&Event::FirstTurn { side: Side::B }), None);
    }
}
