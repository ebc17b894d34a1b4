//! Fighters on bases to scale in their side's colour, placed where the rules put them. The
//! body reads by kind (a leader's gem, a flyer's wings, a monster's bulk, a missile weapon
//! carried); a fighter that has activated this round is dimmed (CMB-1); one taken down
//! topples and sinks before it goes (ATK-5).

use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;

use super::{ViewSystems, palette};
use crate::model::components::{
    Activation, BattleInfo, Facing, Fighter, Position, Presence, Profile, Side,
};
use crate::model::formats::{BaseSize, FighterProfile};
use crate::rules::door::BattleEvent;
use crate::rules::log::Event;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            attach_fighter_meshes,
            start_falls,
            sync_fighters,
            fall,
            dim_activated,
        )
            .chain()
            .in_set(ViewSystems::Show)
            .in_set(Synced)
            .run_if(resource_exists::<BattleInfo>),
    );
}

/// A fighter's body material and its colour when it is ready to activate.
#[derive(Component)]
struct BodyLook {
    material: Handle<StandardMaterial>,
    colour: Color,
}

/// A fighter taken down, toppling: seconds since it fell.
#[derive(Component)]
pub(crate) struct Falling(f32);

/// Seconds a taken-down fighter takes to topple and sink.
const FALL: f32 = 0.8;

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
        let colour = palette::side_colour(colour);
        let body = materials.add(palette::fighter_body(colour));
        let parts = model(&profile.0, colour, &body, &mut meshes, &mut materials);
        commands
            .entity(e)
            .insert((
                FighterMeshes,
                Transform::default(),
                Visibility::default(),
                BodyLook {
                    material: body,
                    colour: palette::fighter_body(colour).base_color,
                },
            ))
            .with_children(|c| {
                for part in parts {
                    c.spawn(part);
                }
            });
    }
}

/// The parts of a fighter's model: base, side-coloured rim, body (in `body`, its own
/// material) and what marks its kind.
fn model(
    p: &FighterProfile,
    colour: Color,
    body: &Handle<StandardMaterial>,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
) -> Vec<Part> {
    let (a, b) = p.base.half_extents();
    let base_scale = match p.base {
        BaseSize::Round(_) => Vec3::new(a, 1.0, a),
        BaseSize::Oval(..) => Vec3::new(a, 1.0, b),
    };
    let body_h = p.body_height();
    let bulk = if is_monster(p) { 0.8 } else { 0.55 };
    let body_r = (a.min(b) * bulk).max(0.2);
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
            MeshMaterial3d(body.clone()),
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
    if p.has_runemark("fly") {
        parts.extend(wings(body_r, body_h, colour, meshes, materials));
    }
    if p.weapons.iter().any(|w| w.max_range > 3.0) {
        // A missile weapon (ATK-1: range over 3"): a tall bow stave at its side.
        parts.push((
            Mesh3d(meshes.add(Cylinder::new(0.05, body_h * 1.1))),
            MeshMaterial3d(materials.add(palette::wood())),
            Transform::from_xyz(body_r + 0.12, 0.12 + body_h * 0.55, 0.0)
                .with_rotation(Quat::from_rotation_z(0.2)),
        ));
    }
    parts
}

/// A monster or beast: a bulkier body.
fn is_monster(p: &FighterProfile) -> bool {
    p.has_runemark("monster") || p.has_runemark("beast")
}

/// Two wings raised from a flyer's back, a shade darker than its side colour.
fn wings(
    body_r: f32,
    body_h: f32,
    colour: Color,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
) -> Vec<Part> {
    let span = body_r * 2.0 + 0.4;
    let mesh = meshes.add(Cuboid::new(span, 0.05, body_h * 0.45));
    let mat = materials.add(palette::fighter_body(colour.darker(0.15)));
    [-1.0f32, 1.0]
        .into_iter()
        .map(|s| {
            (
                Mesh3d(mesh.clone()),
                MeshMaterial3d(mat.clone()),
                Transform::from_xyz(s * (span / 2.0), 0.12 + body_h * 0.75, -body_r * 0.6)
                    .with_rotation(Quat::from_rotation_z(s * 0.45)),
            )
        })
        .collect()
}

/// A fighter taken down starts to topple (ATK-5), from the battle's events.
fn start_falls(
    mut commands: Commands,
    mut events: MessageReader<BattleEvent>,
    fighters: Query<(Entity, &Fighter), With<FighterMeshes>>,
) {
    for e in events.read() {
        if let Event::TakenDown { fighter } = e.0.event
            && let Some((entity, _)) = fighters.iter().find(|(_, f)| f.id == fighter)
        {
            commands.entity(entity).insert(Falling(0.0));
        }
    }
}

/// Topples a taken-down fighter onto its side and sinks it into the table; then it is gone.
fn fall(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Falling, &mut Transform, &mut Visibility)>,
) {
    for (e, mut f, mut t, mut vis) in &mut q {
        f.0 += time.delta_secs();
        let k = (f.0 / FALL).min(1.0);
        t.rotation *= Quat::from_rotation_z(k * FRAC_PI_2);
        t.translation.y -= k * k * 0.8;
        *vis = Visibility::Inherited;
        if f.0 >= FALL {
            commands.entity(e).remove::<Falling>();
            *vis = Visibility::Hidden;
        }
    }
}

/// Fighters whose activation changed or whose body was just made.
type Restyled = Or<(Changed<Activation>, Added<BodyLook>)>;

/// CMB-1: a fighter that has activated this round is drawn dimmed; ready again next round.
fn dim_activated(
    mut materials: ResMut<Assets<StandardMaterial>>,
    q: Query<(&Activation, &BodyLook), Restyled>,
) {
    for (activation, look) in &q {
        if let Some(mut m) = materials.get_mut(&look.material) {
            m.base_color = match activation {
                Activation::Activated => palette::dimmed(look.colour),
                _ => look.colour,
            };
        }
    }
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
