//! Pointing at and clicking fighters on the board. The fighter under the cursor is `Hovered`
//! (its name shows); a click selects it (its card shows) and, on your turn, one you may
//! activate is activated (CMB-1); during your fighter's activation, an enemy it may attack is
//! attacked with the weapon whose exact odds promise the most damage (ATK-3). What is allowed
//! comes from `options()`.

use bevy::picking::mesh_picking::ray_cast::{MeshRayCast, MeshRayCastSettings};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::ViewSystems;
use super::targeting::Intent;
use crate::ai::solo::is_ai;
use crate::model::components::Fighter;
use crate::rules::actions::attack_roll;
use crate::rules::command::Command;
use crate::rules::door::SubmitCommand;
use crate::rules::engine::{deciding_side, fighters};
use crate::rules::options::{ActionKind, ActiveOptions, Decision, options};
use crate::screens::Screen;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Clicked>()
        .init_resource::<Hovered>()
        .init_resource::<Selected>()
        .add_systems(OnExit(Screen::Battle), |mut s: ResMut<Selected>| s.0 = None)
        .add_systems(
            Update,
            (pointed_fighter, act_on_click)
                .chain()
                .in_set(ViewSystems::Decide)
                .run_if(in_state(Screen::Battle)),
        );
}

/// The fighter clicked this frame.
#[derive(Resource, Debug, Default)]
struct Clicked(Option<u32>);

/// The fighter under the cursor (not behind a panel).
#[derive(Resource, Debug, Default)]
pub(crate) struct Hovered(pub Option<u32>);

/// The fighter whose card is shown: the last one clicked (on the board or in the roster).
#[derive(Resource, Debug, Default)]
pub(crate) struct Selected(pub Option<u32>);

/// Which fighter the cursor points at and, on a left click (not while choosing a place),
/// selects.
#[allow(clippy::too_many_arguments)]
fn pointed_fighter(
    mut pointed: (ResMut<Hovered>, ResMut<Clicked>, ResMut<Selected>),
    buttons: Res<ButtonInput<MouseButton>>,
    egui: Option<Res<EguiWantsInput>>,
    intent: Res<Intent>,
    mut ray_cast: MeshRayCast,
    windows: Query<&Window>,
    cams: Query<(&Camera, &GlobalTransform)>,
    parents: Query<&ChildOf>,
    fighters: Query<&Fighter>,
) {
    let (hovered, clicked, selected) = (&mut pointed.0, &mut pointed.1, &mut pointed.2);
    clicked.0 = None;
    hovered.0 = None;
    if egui.is_some_and(|e| e.is_pointer_over_area()) {
        return;
    }
    let Some(ray) = super::targeting::cursor_ray(&windows, &cams) else {
        return;
    };
    // The first mesh on the ray (terrain hides what is behind it); a fighter's meshes are its
    // children.
    hovered.0 = ray_cast
        .cast_ray(ray, &MeshRayCastSettings::default())
        .first()
        .and_then(|(hit, _)| parents.get(*hit).ok())
        .and_then(|p| fighters.get(p.parent()).ok())
        .map(|f| f.id);
    if buttons.just_pressed(MouseButton::Left) && intent.moving.is_none() {
        clicked.0 = hovered.0;
        if hovered.0.is_some() {
            selected.0 = hovered.0;
        }
    }
}

/// Activates or attacks the clicked fighter when the rules allow it (any other click on a
/// fighter selects it: its card opens).
fn act_on_click(world: &mut World) {
    let Some(id) = world.resource_mut::<Clicked>().0.take() else {
        return;
    };
    if deciding_side(world).is_none_or(|s| is_ai(world, s)) {
        return;
    }
    let cmd = match options(world).decision {
        Decision::Activate { fighters } if fighters.contains(&id) => {
            Some(Command::Activate { fighter: id })
        }
        Decision::Action(a) => best_attack(world, &a, id),
        _ => None,
    };
    if let Some(c) = cmd {
        // A click that attacks is an attack, not a look at the target: its card stays shut.
        if matches!(c, Command::Attack { .. }) {
            world.resource_mut::<Selected>().0 = None;
        }
        world.write_message(SubmitCommand(c));
    }
}

/// The attack on `target` with the most expected damage, when an attack is allowed.
fn best_attack(world: &mut World, a: &ActiveOptions, target: u32) -> Option<Command> {
    let allowed = a
        .actions
        .iter()
        .any(|o| o.kind == ActionKind::Attack && o.refused.is_none());
    if !allowed {
        return None;
    }
    let all = fighters(world);
    let f = all.iter().find(|f| f.id == a.attacker)?;
    let t = all.iter().find(|f| f.id == target)?;
    a.attacks
        .iter()
        .filter(|o| o.target == target && o.refused.is_none())
        .filter_map(|o| {
            let odds = attack_roll(world, &all, f, t, o.weapon, false)?.odds()?;
            Some((o.weapon, odds.expected()))
        })
        .max_by(|x, y| x.1.total_cmp(&y.1))
        .map(|(weapon, _)| Command::Attack {
            fighter: a.attacker,
            target,
            weapon,
        })
}
