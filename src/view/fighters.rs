//! Fighters on bases to scale in their side's colour, placed where the rules put them.

use bevy::prelude::*;

use super::{ViewSystems, palette};
use crate::model::components::{BattleInfo, Facing, Position, Presence, Profile, Side};
use crate::model::formats::{BaseSize, FighterProfile};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (attach_fighter_meshes, sync_fighters)
            .in_set(ViewSystems::Show)
            .in_set(Synced)
            .run_if(resource_exists::<BattleInfo>),
    );
}

/// The fighters' meshes are where the rules put them (animations run after).
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Synced;

/// Marks a fighter entity whose meshes are spawned.
#[derive(Component)]
struct FighterMeshes;

/// A child of a fighter entity: one mesh in one material, placed relative to the fighter.
type Part = (Mesh3d, MeshMaterial3d<StandardMaterial>, Transform);

/// Gives each fighter a base (to scale, oval bases stretched) and a body, in its side colour,
/// once the sides have their colours (SET-5).
fn attach_fighter_meshes(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    info: Res<BattleInfo>,
    fighters: Query<(Entity, &Profile, &Side), Without<FighterMeshes>>,
) {
    if info.sides.iter().any(|s| s.colour.is_none()) {
        return;
    }
    for (e, profile, side) in &fighters {
        let Some(colour) = info.sides[side.0].colour else {
            continue;
        };
        let parts = model(
            &profile.0,
            palette::side_colour(colour),
            &mut meshes,
            &mut materials,
        );
        commands
            .entity(e)
            .insert((FighterMeshes, Transform::default(), Visibility::default()))
            .with_children(|c| {
                for part in parts {
                    c.spawn(part);
                }
            });
    }
}

/// The parts of a fighter's model: base, side-coloured rim, body and, for a leader, a gem.
fn model(
    p: &FighterProfile,
    colour: Color,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
) -> Vec<Part> {
    let (a, b) = p.base.half_extents();
    let base_scale = match p.base {
        BaseSize::Round(_) => Vec3::new(a, 1.0, a),
        BaseSize::Oval(..) => Vec3::new(a, 1.0, b),
    };
    let body_h = p.body_height();
    let body_r = (a.min(b) * 0.55).max(0.2);
    let mut parts = vec![
        (
            Mesh3d(meshes.add(Cylinder::new(1.0, 0.12))),
            MeshMaterial3d(materials.add(palette::fighter_base())),
            Transform::from_xyz(0.0, 0.06, 0.0).with_scale(base_scale),
        ),
        // A coloured rim on the base reads as the side colour from far away.
        (
            Mesh3d(meshes.add(Cylinder::new(1.0, 0.02))),
            MeshMaterial3d(materials.add(palette::side_marker(colour))),
            Transform::from_xyz(0.0, 0.125, 0.0)
                .with_scale(base_scale * Vec3::new(0.96, 1.0, 0.96)),
        ),
        (
            Mesh3d(meshes.add(Capsule3d::new(body_r, (body_h - 2.0 * body_r).max(0.1)))),
            MeshMaterial3d(materials.add(palette::fighter_body(colour))),
            Transform::from_xyz(0.0, 0.12 + body_h / 2.0, 0.0),
        ),
    ];
    if p.has_runemark("leader") {
        parts.push((
            Mesh3d(meshes.add(Sphere::new(0.18))),
            MeshMaterial3d(materials.add(palette::leader_gem())),
            Transform::from_xyz(0.0, 0.12 + body_h + 0.3, 0.0),
        ));
    }
    parts
}

/// Places fighters where the rules put them; hides those not on the battlefield.
fn sync_fighters(
    mut q: Query<
        (
            &Position,
            &Facing,
            &Presence,
            &mut Transform,
            &mut Visibility,
        ),
        With<FighterMeshes>,
    >,
) {
    for (pos, facing, presence, mut t, mut vis) in &mut q {
        t.translation = pos.0;
        t.rotation = Quat::from_rotation_y(facing.0);
        *vis = if *presence == Presence::Deployed {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
    }
}
