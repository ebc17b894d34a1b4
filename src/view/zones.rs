//! Deployment zones on the board: the ground within the deployment radius of each point
//! (SET-6: 3" for most fighters) or of its deployment line (RES-1), in the point's colour.
//! Shown while the battle is set up (the priority player choosing red or blue, SET-5, sees
//! where each colour deploys) and the first initiative phase; a reserve group's zone stays
//! until it has arrived (and while its side sets up its arrivals by hand), labelled with its
//! round. Z shows or hides every zone. A deployment point's marker (its ring and line strips)
//! is shown with its zone and gone once the zone no longer matters.

use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::palette;
use crate::model::components::{
    BattleGroup, BattleInfo, BattlePhase, DeploymentMarker, Presence, Side,
};
use crate::model::formats::{DeploymentPoint, GroupName, TwistEffect};
use crate::model::ruleset::Ruleset;
use crate::rules::engine::{Engine, Pending};
use crate::screens::Screen;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Zones>()
        .init_resource::<AllZones>()
        .add_systems(
            Update,
            (toggle, find_zones, draw_zones, show_marks)
                .chain()
                .in_set(crate::rules::door::BattleSet::React)
                .run_if(in_state(Screen::Battle)),
        );
}

/// Z: every deployment zone shown, whatever the phase.
#[derive(Resource, Default)]
pub(crate) struct AllZones(pub bool);

/// A part of a deployment point's marker on the board: the marker entity it draws.
#[derive(Component, Debug, Clone, Copy)]
pub(crate) struct MarkOf(pub Entity);

/// One zone on the board now.
#[derive(Debug, Clone)]
pub(crate) struct Zone {
    /// The deployment marker entity.
    pub marker: Entity,
    pub colour: Color,
    pub group: GroupName,
    pub point: DeploymentPoint,
    /// A reserve's round of arrival (RES-1, with a twist's delay); `None`: set up at the start.
    pub arrives: Option<u32>,
}

/// The zones shown now (the board labels name them).
#[derive(Resource, Default)]
pub(crate) struct Zones(pub Vec<Zone>);

fn toggle(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    mut all: ResMut<AllZones>,
) {
    if keys.just_pressed(KeyCode::KeyZ) && !egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        all.0 = !all.0;
    }
}

/// Which zones to show: the starting ones while the battle is set up and in round 1's
/// initiative phase, a reserve's until its group has arrived, all of them on Z.
fn find_zones(
    markers: Query<(Entity, &DeploymentMarker)>,
    fighters: Query<(&Side, &BattleGroup, &Presence)>,
    info: Res<BattleInfo>,
    engine: Res<Engine>,
    all: Res<AllZones>,
    mut zones: ResMut<Zones>,
) {
    let phase = engine.pending.phase();
    let setting_up =
        phase == BattlePhase::Setup || (engine.round <= 1 && phase == BattlePhase::Initiative);
    let delay = match info.twist.effect {
        TwistEffect::DelayedReserves { rounds } => rounds,
        _ => 0,
    };
    zones.0.clear();
    for (marker, m) in &markers {
        let side = info.side_of_colour(m.colour);
        let waiting = side.is_some_and(|s| {
            fighters.iter().any(|(fs, g, p)| {
                *fs == s && g.0 == m.spec.group && matches!(p, Presence::Reserve { .. })
            })
        });
        let reserve = m.spec.round > 1;
        // RES-1 by hand: the zone the side's arrivals are being set up in.
        let arriving = reserve
            && m.spec.round + delay == engine.round
            && matches!(engine.pending, Pending::Arrive { side: s } if Some(s) == side);
        let shown = all.0
            || arriving
            || (reserve && (waiting || side.is_none()))
            || (!reserve && setting_up);
        if shown {
            zones.0.push(Zone {
                marker,
                colour: palette::side_colour(m.colour),
                group: m.spec.group,
                point: m.spec.clone(),
                arrives: reserve.then_some(m.spec.round + delay),
            });
        }
    }
}

/// A marker's ring and strips show while its zone does.
fn show_marks(zones: Res<Zones>, mut marks: Query<(&MarkOf, &mut Visibility)>) {
    for (of, mut v) in &mut marks {
        let shown = zones.0.iter().any(|z| z.marker == of.0);
        v.set_if_neq(if shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
}

/// Each zone as outlines on the floor: a circle round the point, a band along its line.
fn draw_zones(zones: Res<Zones>, rules: Res<Ruleset>, mut gizmos: Gizmos) {
    let r = rules.deploy_radius;
    let (w, d) = rules.battlefield;
    let centre = Vec2::new(w / 2.0, d / 2.0);
    for z in &zones.0 {
        let c = z.colour.with_alpha(0.9);
        let (x, y) = z.point.position;
        let flat = Quat::from_rotation_x(-FRAC_PI_2);
        gizmos.circle(Isometry3d::new(Vec3::new(x, 0.04, y), flat), r, c);
        gizmos.circle(Isometry3d::new(Vec3::new(x, 0.04, y), flat), r - 0.1, c);
        for l in &z.point.lines {
            let (a, b) = (Vec2::new(l.from.0, l.from.1), Vec2::new(l.to.0, l.to.1));
            // The band reaches r inches onto the battlefield, away from the edge.
            let mut n = (b - a).perp().normalize_or_zero();
            if n.dot(centre - (a + b) / 2.0) < 0.0 {
                n = -n;
            }
            let at = |p: Vec2| Vec3::new(p.x, 0.04, p.y);
            let (ai, bi) = (a + n * r, b + n * r);
            gizmos.line(at(a), at(b), c);
            gizmos.line(at(ai), at(bi), c);
            gizmos.line(at(a), at(ai), c);
            gizmos.line(at(b), at(bi), c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::ecs::system::RunSystemOnce;

    /// SET-6, RES-1: a deployment point's ring and strips show with its zone and are gone
    /// when the zone no longer matters (they stayed on the board all battle).
    #[test]
    fn set6_a_deployment_marker_is_gone_with_its_zone() {
        let mut world = World::new();
        let shown = world.spawn_empty().id();
        let gone = world.spawn_empty().id();
        let ring = world.spawn((MarkOf(shown), Visibility::Inherited)).id();
        let strip = world.spawn((MarkOf(gone), Visibility::Inherited)).id();
        world.insert_resource(Zones(vec![Zone {
            marker: shown,
            colour: Color::WHITE,
            group: GroupName::Dagger,
            point: DeploymentPoint {
                group: GroupName::Dagger,
                position: (10.0, 10.0),
                round: 1,
                lines: vec![],
            },
            arrives: None,
        }]));
        world.run_system_once(show_marks).unwrap();
        assert_eq!(world.get::<Visibility>(ring), Some(&Visibility::Inherited));
        assert_eq!(world.get::<Visibility>(strip), Some(&Visibility::Hidden));
    }
}
