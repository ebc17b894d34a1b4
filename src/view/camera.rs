//! The orbit/pan/zoom camera over the battlefield, the sun and the ambient light.
//!
//! Mouse: left drag orbits, right drag pans, the wheel zooms on the spot under the pointer.
//! Keys: arrows pan, Q/E turn,
//! +/- zoom, T toggles a top-down view, F focuses on the active fighter (or the selected one).
//! It never goes under the table, and a drag or scroll that starts on a panel is the panel's.

use std::f32::consts::FRAC_PI_2;

use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_panorbit_camera::{PanOrbitCamera, PanOrbitCameraSystemSet};

use super::palette;
use super::picking::Selected;
use crate::model::components::{Fighter, Position};
use crate::model::ruleset::Ruleset;
use crate::rules::engine::Engine;
use crate::screens::{BattleStart, Screen};

pub(crate) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(palette::BACKGROUND))
        .insert_resource(GlobalAmbientLight {
            color: Color::WHITE,
            brightness: 400.0,
            ..default()
        })
        .add_systems(Startup, (spawn_camera, spawn_light))
        .add_systems(OnEnter(Screen::Battle), aim_camera.after(BattleStart))
        .add_systems(
            Update,
            (
                panels_keep_the_pointer,
                keys,
                focus_on_fighter,
                place_for_render,
            )
                .in_set(crate::rules::door::BattleSet::Decide)
                .run_if(in_state(Screen::Battle)),
        )
        .add_systems(
            PostUpdate,
            zoom_on_pointer
                .after(PanOrbitCameraSystemSet)
                .run_if(in_state(Screen::Battle)),
        );
}

/// The camera's pitch when looking straight down (a hair less than a right angle, so that
/// its yaw stays defined).
const TOP_DOWN: f32 = FRAC_PI_2 - 0.001;

/// Looks down on the battlefield from the near long edge.
/// The camera's distance when it shows the whole battlefield (at the start).
pub(crate) const OVERVIEW_RADIUS: f32 = 34.0;

fn spawn_camera(mut commands: Commands, rules: Option<Res<Ruleset>>) {
    let focus = focus(rules.as_deref());
    commands.spawn((
        Camera3d::default(),
        Transform::from_translation(focus + Vec3::new(0.0, 26.0, 24.0)).looking_at(focus, Vec3::Y),
        PanOrbitCamera {
            focus,
            radius: Some(OVERVIEW_RADIUS),
            yaw: Some(0.0),
            pitch: Some(0.85),
            zoom_lower_limit: 4.0,
            zoom_upper_limit: Some(90.0),
            // Never under the table.
            pitch_lower_limit: Some(0.08),
            pitch_upper_limit: Some(TOP_DOWN),
            ..default()
        },
    ));
}

/// How `render` looks at the battlefield: straight down, or from the near long edge (the
/// view a battle opens on). Placed at once, with no glide.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CameraStart {
    Top,
    Iso,
}

/// `render` and `preview`: where the camera looks, moved this far from the board's centre (a
/// panel at the left: the board is seen right of it), in inches, and from this many times
/// farther away.
#[derive(Resource, Debug, Clone, Copy)]
pub(crate) struct FocusShift(pub Vec3, pub f32);

/// Aims the camera at the battle's battlefield (its size comes with the battle); `render`
/// places its own (`place_for_render`).
fn aim_camera(
    rules: Option<Res<Ruleset>>,
    start: Option<Res<CameraStart>>,
    mut cams: Query<&mut PanOrbitCamera>,
) {
    if start.is_some() {
        return;
    }
    for mut cam in &mut cams {
        cam.target_focus = focus(rules.as_deref());
        cam.force_update = true;
    }
}

/// `render`: the camera placed as asked, at once (no glide), once the battle and the camera
/// are there.
fn place_for_render(
    start: Option<Res<CameraStart>>,
    rules: Option<Res<Ruleset>>,
    shift: Option<Res<FocusShift>>,
    mut cams: Query<&mut PanOrbitCamera>,
    mut done: Local<bool>,
) {
    let (Some(start), Some(rules), false) = (start, rules, *done) else {
        return;
    };
    let (shift, farther) = shift.map_or((Vec3::ZERO, 1.0), |s| (s.0, s.1));
    // The whole battlefield in a 16:10 frame, with a margin.
    let (pitch, radius) = match *start {
        CameraStart::Top => (TOP_DOWN, 30.0),
        CameraStart::Iso => (0.85, OVERVIEW_RADIUS),
    };
    let radius = radius * farther;
    for mut cam in &mut cams {
        // The board's centre: no panel to leave room for.
        let f = centre(Some(&rules)) + shift;
        (cam.focus, cam.target_focus) = (f, f);
        (cam.pitch, cam.target_pitch) = (Some(pitch), pitch);
        (cam.yaw, cam.target_yaw) = (Some(0.0), 0.0);
        (cam.radius, cam.target_radius) = (Some(radius), radius);
        cam.force_update = true;
        *done = true;
    }
}
/// Where the camera looks: a little left of the centre, so the side panel does not cover the
/// battlefield.
pub(crate) fn focus(rules: Option<&Ruleset>) -> Vec3 {
    centre(rules) - Vec3::new(4.0, 0.0, 0.0)
}

fn spawn_light(mut commands: Commands, rules: Option<Res<Ruleset>>) {
    commands.spawn((
        DirectionalLight {
            illuminance: 6_500.0,
            shadow_maps_enabled: false,
            ..default()
        },
        // From above the viewer's left shoulder, so the faces the camera sees are lit.
        Transform::from_xyz(-6.0, 30.0, 40.0).looking_at(centre(rules.as_deref()), Vec3::Y),
    ));
}

/// The middle of the battlefield, on the floor (a 30" x 22" one before any battle is open).
fn centre(rules: Option<&Ruleset>) -> Vec3 {
    let (w, d) = rules.map_or((30.0, 22.0), |r| r.battlefield);
    Vec3::new(w / 2.0, 0.0, d / 2.0)
}

/// A drag or scroll that starts over a panel moves the panel (or scrolls it), not the camera:
/// the camera listens again once every button is up and the pointer left the panels.
fn panels_keep_the_pointer(
    egui: Option<Res<EguiWantsInput>>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut cams: Query<&mut PanOrbitCamera>,
) {
    let over_panel = egui.is_some_and(|e| e.is_pointer_over_area() || e.wants_any_pointer_input());
    let pressed_now = buttons.get_just_pressed().next().is_some();
    let dragging = buttons.get_pressed().next().is_some();
    // A drag keeps what was decided when it started.
    if pressed_now || !dragging {
        for mut cam in &mut cams {
            cam.enabled = !over_panel;
        }
    }
}

/// Arrows pan, Q/E turn, +/- zoom, T toggles top-down (not while typing in a panel).
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    time: Res<Time<Real>>,
    rules: Option<Res<Ruleset>>,
    mut cams: Query<&mut PanOrbitCamera>,
    mut before_top_down: Local<Option<(f32, f32)>>,
) {
    if egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    // The window sleeps while nothing happens (`redraw`): the first frame of a key press can
    // come seconds after the last one, and a tap then jumped a third of the board.
    let dt = time.delta_secs().min(1.0 / 20.0);
    let axis = |neg: KeyCode, pos: KeyCode| {
        f32::from(keys.pressed(pos) as u8) - f32::from(keys.pressed(neg) as u8)
    };
    for mut cam in &mut cams {
        let radius = cam.target_radius;
        let pan = Vec2::new(
            axis(KeyCode::ArrowLeft, KeyCode::ArrowRight),
            axis(KeyCode::ArrowUp, KeyCode::ArrowDown),
        );
        if pan != Vec2::ZERO {
            // Along the ground, relative to where the camera faces.
            let (s, c) = cam.target_yaw.sin_cos();
            let right = Vec3::new(c, 0.0, -s);
            let back = Vec3::new(s, 0.0, c);
            let step = (pan.x * right + pan.y * back) * radius * 0.8 * dt;
            cam.target_focus = on_the_board(cam.target_focus + step, rules.as_deref());
        }
        cam.target_yaw += axis(KeyCode::KeyE, KeyCode::KeyQ) * 1.5 * dt;
        let zoom = axis(KeyCode::Equal, KeyCode::Minus)
            + axis(KeyCode::NumpadAdd, KeyCode::NumpadSubtract);
        cam.target_radius = (radius * (1.0 + zoom * 1.2 * dt)).clamp(4.0, 90.0);
        if keys.just_pressed(KeyCode::KeyT) {
            match before_top_down.take() {
                Some((yaw, pitch)) => (cam.target_yaw, cam.target_pitch) = (yaw, pitch),
                None => {
                    *before_top_down = Some((cam.target_yaw, cam.target_pitch));
                    (cam.target_yaw, cam.target_pitch) = (0.0, TOP_DOWN);
                }
            }
        }
    }
}

/// F: the camera looks at the active fighter, or else the selected one.
fn focus_on_fighter(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    engine: Res<Engine>,
    selected: Res<Selected>,
    fighters: Query<(&Fighter, &Position)>,
    mut cams: Query<&mut PanOrbitCamera>,
) {
    if !keys.just_pressed(KeyCode::KeyF) || egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    let Some(id) = engine.activation.as_ref().map(|a| a.fighter).or(selected.0) else {
        return;
    };
    let Some((_, pos)) = fighters.iter().find(|(f, _)| f.id == id) else {
        return;
    };
    for mut cam in &mut cams {
        cam.target_focus = pos.0;
        cam.target_radius = cam.target_radius.min(28.0);
    }
}

/// The wheel zooms on the spot under the pointer, not on the middle of the view: as the
/// orbit camera scales its distance by `s`, the focus moves so that the spot on the ground
/// under the pointer stays where it is on screen (focus' = spot + (focus - spot) * s).
fn zoom_on_pointer(
    scroll: Res<AccumulatedMouseScroll>,
    rules: Option<Res<Ruleset>>,
    mut board: super::targeting::BoardPointer,
    mut cams: Query<&mut PanOrbitCamera>,
    mut before: Local<Option<f32>>,
) {
    let Ok(mut cam) = cams.single_mut() else {
        return;
    };
    let was = before
        .replace(cam.target_radius)
        .unwrap_or(cam.target_radius);
    if scroll.delta == Vec2::ZERO || !cam.enabled || was <= 0.0 {
        return;
    }
    // The surface under the pointer (a wall, a platform), else the floor's level.
    let spot = board.point().or_else(|| {
        let ray = board.ray()?;
        ground_under(ray, cam.target_focus.y)
    });
    if let Some(spot) = spot {
        let to = zoomed_focus(cam.target_focus, spot, cam.target_radius / was);
        cam.target_focus = on_the_board(to, rules.as_deref());
    }
}

/// `to`, kept over the battlefield (a few inches of margin).
fn on_the_board(to: Vec3, rules: Option<&Ruleset>) -> Vec3 {
    let (w, d) = rules.map_or((30.0, 22.0), |r| r.battlefield);
    Vec3::new(to.x.clamp(-4.0, w + 4.0), to.y, to.z.clamp(-4.0, d + 4.0))
}

/// Where `ray` meets the level floor at height `y`, in front of the camera.
fn ground_under(ray: Ray3d, y: f32) -> Option<Vec3> {
    let t = ray.intersect_plane(Vec3::new(0.0, y, 0.0), InfinitePlane3d::new(Vec3::Y))?;
    Some(ray.get_point(t))
}

/// The focus that keeps `spot` in place on screen when the distance is scaled by `s`.
fn zoomed_focus(focus: Vec3, spot: Vec3, s: f32) -> Vec3 {
    spot + (focus - spot) * s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Zooming in on a spot moves the focus towards it, in proportion; zooming out moves it
    /// away; the spot itself never moves.
    #[test]
    fn the_wheel_zooms_towards_the_spot_under_the_pointer() {
        let focus = Vec3::new(15.0, 0.0, 11.0);
        let spot = Vec3::new(25.0, 0.0, 11.0);
        assert_eq!(zoomed_focus(focus, spot, 0.8), Vec3::new(17.0, 0.0, 11.0));
        assert_eq!(zoomed_focus(focus, spot, 1.25), Vec3::new(12.5, 0.0, 11.0));
        assert_eq!(zoomed_focus(spot, spot, 0.5), spot);
        let down = Ray3d::new(Vec3::new(3.0, 10.0, 4.0), Dir3::NEG_Y);
        assert_eq!(ground_under(down, 0.0), Some(Vec3::new(3.0, 0.0, 4.0)));
        let up = Ray3d::new(Vec3::new(3.0, 10.0, 4.0), Dir3::Y);
        assert_eq!(ground_under(up, 0.0), None);
    }
}
