//! The tokens abilities leave on the battlefield (ABL-5): a Pyre token (glowing embers) or a
//! banquet token (a gold dish) where an enemy fell, drawn once left, gone when the battle's
//! state no longer has them (a rewound replay).

use bevy::prelude::*;

use crate::model::effects::Token;
use crate::rules::engine::Engine;
use crate::screens::Screen;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        sync_tokens
            .in_set(crate::rules::door::BattleSet::React)
            .run_if(in_state(Screen::Battle)),
    );
}

/// The drawing of one of the battle's tokens.
#[derive(Component)]
struct TokenMark;

/// Each token of the battle drawn where it lies; the drawings of tokens gone, removed.
fn sync_tokens(
    mut commands: Commands,
    engine: Res<Engine>,
    drawn: Query<Entity, With<TokenMark>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    if !engine.is_changed() {
        return;
    }
    let have = drawn.iter().count();
    if have > engine.tokens.len() {
        for e in &drawn {
            commands.entity(e).despawn();
        }
    }
    let from = if have > engine.tokens.len() { 0 } else { have };
    for t in engine.tokens.iter().skip(from) {
        let [x, y, z] = t.at;
        let (base, top) = looks(t.token);
        let disc = meshes.add(Cylinder::new(0.55, 0.1));
        let (top_mesh, top_at) = match t.token {
            Token::Pyre => (meshes.add(Cone::new(0.3, 0.7)), 0.4),
            Token::Banquet => (meshes.add(Sphere::new(0.3)), 0.12),
        };
        commands
            .spawn((
                Mesh3d(disc),
                MeshMaterial3d(materials.add(base)),
                Transform::from_xyz(x, y + 0.05, z),
                Visibility::default(),
                TokenMark,
                DespawnOnEnter(Screen::Setup),
                Name::new(t.token.name()),
            ))
            .with_children(|c| {
                c.spawn((
                    Mesh3d(top_mesh),
                    MeshMaterial3d(materials.add(top)),
                    Transform::from_xyz(0.0, top_at, 0.0),
                ));
            });
    }
}

/// A Pyre token: a charred disc under an ember-orange flame; a banquet token: a wooden plate
/// under a gold dish. (Base, top.)
fn looks(token: Token) -> (StandardMaterial, StandardMaterial) {
    match token {
        Token::Pyre => (
            Color::srgb(0.12, 0.09, 0.08).into(),
            StandardMaterial {
                base_color: Color::srgb(0.95, 0.38, 0.08),
                emissive: LinearRgba::rgb(1.4, 0.35, 0.04),
                ..default()
            },
        ),
        Token::Banquet => (
            Color::srgb(0.45, 0.28, 0.14).into(),
            Color::srgb(0.85, 0.66, 0.25).into(),
        ),
    }
}
