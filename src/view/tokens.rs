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
        let material = materials.add(look(t.token));
        let mesh = meshes.add(Cylinder::new(0.5, 0.12));
        let [x, y, z] = t.at;
        commands.spawn((
            Mesh3d(mesh),
            MeshMaterial3d(material),
            Transform::from_xyz(x, y + 0.06, z),
            TokenMark,
            DespawnOnEnter(Screen::Setup),
            Name::new(t.token.name()),
        ));
    }
}

/// A Pyre token glows like embers; a banquet token is a gold dish.
fn look(token: Token) -> StandardMaterial {
    match token {
        Token::Pyre => StandardMaterial {
            base_color: Color::srgb(0.9, 0.35, 0.08),
            emissive: LinearRgba::rgb(2.4, 0.7, 0.1),
            ..default()
        },
        Token::Banquet => Color::srgb(0.78, 0.58, 0.22).into(),
    }
}
