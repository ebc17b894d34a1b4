//! The orbit/pan/zoom camera over the battlefield, the sun and the ambient light.

use bevy::prelude::*;
use bevy_panorbit_camera::PanOrbitCamera;

use super::palette;
use crate::model::ruleset::Ruleset;
use crate::screens::{BattleStart, Screen};

pub(crate) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(palette::BACKGROUND))
        .insert_resource(GlobalAmbientLight {
            color: Color::WHITE,
            brightness: 400.0,
            ..default()
        })
        .add_systems(Startup, (spawn_camera, spawn_light))
        .add_systems(OnEnter(Screen::Battle), aim_camera.after(BattleStart));
}

/// Looks down on the battlefield from the near long edge.
fn spawn_camera(mut commands: Commands, rules: Option<Res<Ruleset>>) {
    let focus = focus(rules.as_deref());
    commands.spawn((
        Camera3d::default(),
        Transform::from_translation(focus + Vec3::new(0.0, 26.0, 24.0)).looking_at(focus, Vec3::Y),
        PanOrbitCamera {
            focus,
            radius: Some(34.0),
            yaw: Some(0.0),
            pitch: Some(0.85),
            zoom_lower_limit: 4.0,
            zoom_upper_limit: Some(90.0),
            ..default()
        },
    ));
}

/// Aims the camera at the battle's battlefield (its size comes with the battle).
fn aim_camera(rules: Option<Res<Ruleset>>, mut cams: Query<&mut PanOrbitCamera>) {
    for mut cam in &mut cams {
        cam.target_focus = focus(rules.as_deref());
        cam.force_update = true;
    }
}

/// Where the camera looks: a little left of the centre, so the side panel does not cover the
/// battlefield.
fn focus(rules: Option<&Ruleset>) -> Vec3 {
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
