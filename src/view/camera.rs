//! The orbit/pan/zoom camera over the battlefield, the sun and the ambient light.

use bevy::prelude::*;
use bevy_panorbit_camera::PanOrbitCamera;

use super::palette;
use crate::model::ruleset::Ruleset;

pub(crate) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(palette::BACKGROUND))
        .insert_resource(GlobalAmbientLight {
            color: Color::WHITE,
            brightness: 400.0,
            ..default()
        })
        .add_systems(Startup, (spawn_camera, spawn_light));
}

/// Looks down on the battlefield from the near long edge.
fn spawn_camera(mut commands: Commands, rules: Res<Ruleset>) {
    // Aim a little left of the centre so the side panel does not cover the battlefield.
    let focus = centre(&rules) - Vec3::new(4.0, 0.0, 0.0);
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

fn spawn_light(mut commands: Commands, rules: Res<Ruleset>) {
    commands.spawn((
        DirectionalLight {
            illuminance: 6_500.0,
            shadow_maps_enabled: false,
            ..default()
        },
        // From above the viewer's left shoulder, so the faces the camera sees are lit.
        Transform::from_xyz(-6.0, 30.0, 40.0).looking_at(centre(&rules), Vec3::Y),
    ));
}

/// The middle of the battlefield, on the floor.
fn centre(rules: &Ruleset) -> Vec3 {
    let (w, d) = rules.battlefield;
    Vec3::new(w / 2.0, 0.0, d / 2.0)
}
