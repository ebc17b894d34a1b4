//! Fighters on bases to scale in their side's colour, placed where the rules put them. The
//! body reads by kind (a leader's gem, a flyer's wings, a monster's bulk, a missile weapon
//! carried); a fighter that has activated this round is dimmed (CMB-1); one taken down
//! topples and sinks before it goes (ATK-5).

use crate::model::ids::FighterId;
use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;

use super::figures::{Kit, figure, merged};
use super::palette;
use crate::model::components::{
    Activation, BattleInfo, Facing, Fighter, Position, Presence, Profile, Side,
};
use crate::rules::door::BattleEvent;
use crate::rules::door::BattleSet;
use crate::rules::log::Event;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<FightersShown>().add_systems(
        Update,
        (
            attach_fighter_meshes,
            start_falls,
            sync_fighters,
            fall,
            dim_activated,
            flash,
        )
            .chain()
            .in_set(BattleSet::React)
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

/// Gives each fighter a base (to scale, oval bases stretched) and a body, in its side colour,
/// once the sides have their colours (SET-5).
fn attach_fighter_meshes(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    info: Res<BattleInfo>,
    fighters: Query<(Entity, &Profile, &Side), Without<FighterMeshes>>,
    mut kit: Local<Option<Kit>>,
) {
    if info.sides.iter().any(|s| s.colour.is_none()) {
        return;
    }
    let kit = kit.get_or_insert_with(|| Kit::new(&mut meshes, &mut materials));
    for (e, profile, side) in &fighters {
        let Some(colour) = info.sides[side.index()].colour else {
            continue;
        };
        let colour = palette::side_colour(colour);
        let body = materials.add(palette::fighter_body(colour));
        let dark = materials.add(palette::fighter_body(colour.darker(0.18)));
        let rim = materials.add(palette::side_marker(colour.lighter(0.08)));
        let parts = merged(
            figure(&profile.0, colour, &body, &dark, &rim, kit),
            &mut meshes,
        );
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

/// A fighter taken down starts to topple (ATK-5), and one damaged flashes (ATK-3), from the
/// battle's events.
fn start_falls(
    mut commands: Commands,
    mut events: MessageReader<BattleEvent>,
    fighters: Query<(Entity, &Fighter), With<FighterMeshes>>,
) {
    for e in events.read() {
        let entity = |id: FighterId| fighters.iter().find(|(_, f)| f.id == id).map(|f| f.0);
        match e.0.event {
            Event::TakenDown { fighter } => {
                if let Some(en) = entity(fighter) {
                    commands.entity(en).insert(Falling(0.0));
                }
            }
            Event::Damage {
                fighter, amount, ..
            } if amount > 0 => {
                if let Some(en) = entity(fighter) {
                    commands.entity(en).insert(Flash(0.0));
                }
            }
            _ => {}
        }
    }
}

/// A fighter just hit: seconds since the hit.
#[derive(Component)]
pub(crate) struct Flash(f32);

/// Seconds a hit flash lasts.
const FLASH: f32 = 0.35;

/// A hit lights the fighter's body up white, fading.
fn flash(
    mut commands: Commands,
    time: Res<Time>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    mut q: Query<(Entity, &mut Flash, &BodyLook)>,
) {
    for (e, mut f, look) in &mut q {
        f.0 += time.delta_secs();
        let k = (1.0 - f.0 / FLASH).max(0.0);
        if let Some(mut m) = materials.get_mut(&look.material) {
            m.emissive = LinearRgba::rgb(2.0 * k, 1.6 * k, 1.4 * k);
        }
        if f.0 >= FLASH {
            commands.entity(e).remove::<Flash>();
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

/// Whether fighters are drawn (`preview` draws the layout alone unless asked).
#[derive(Resource, Debug, Clone, Copy)]
pub(crate) struct FightersShown(pub bool);

impl Default for FightersShown {
    fn default() -> Self {
        FightersShown(true)
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
    shown: Res<FightersShown>,
) {
    for (pos, facing, presence, mut t, mut vis) in &mut q {
        t.translation = pos.0;
        t.rotation = Quat::from_rotation_y(facing.0);
        *vis = if *presence == Presence::Deployed && shown.0 {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
    }
}
