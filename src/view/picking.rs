//! Pointing at and clicking fighters on the board. The fighter under the cursor is `Hovered`
//! (its name shows); a click selects it (its card shows) and, on your turn, one you may
//! activate is activated (CMB-1); during your fighter's activation, an enemy it may attack is
//! attacked with the weapon whose exact odds promise the most damage (ATK-3). What is allowed
//! comes from `options()`.

use crate::model::ids::FighterId;
use bevy::picking::mesh_picking::ray_cast::{MeshRayCast, MeshRayCastSettings};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::targeting::{Intent, Targets};
use crate::ai::solo::is_ai;
use crate::model::components::Fighter;
use crate::rules::actions::attack_roll;
use crate::rules::command::Command;
use crate::rules::door::BattleSet;
use crate::rules::door::SubmitCommand;
use crate::rules::engine::{deciding_side, fighters};
use crate::rules::options::{ActiveOptions, Decision, options};
use crate::screens::Screen;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Clicked>()
        .init_resource::<Hovered>()
        .init_resource::<Selected>()
        .add_systems(OnExit(Screen::Battle), |mut s: ResMut<Selected>| s.0 = None)
        .add_systems(
            Update,
            (
                pointed_fighter,
                act_on_click.run_if(not(resource_exists::<crate::screens::preview::Preview>)),
            )
                .chain()
                .in_set(BattleSet::Decide)
                .run_if(in_state(Screen::Battle)),
        );
}

/// The fighter clicked this frame.
#[derive(Resource, Debug, Default)]
pub(crate) struct Clicked(Option<FighterId>);

/// The fighter under the cursor (not behind a panel).
#[derive(Resource, Debug, Default)]
pub(crate) struct Hovered(pub Option<FighterId>);

/// The fighter whose card is shown: the last one clicked (on the board or in the roster).
#[derive(Resource, Debug, Default)]
pub(crate) struct Selected(pub Option<FighterId>);

/// Which fighter the cursor points at and, on a left click (not while choosing a place),
/// selects.
#[allow(clippy::too_many_arguments)]
pub(crate) fn pointed_fighter(
    mut pointed: (ResMut<Hovered>, ResMut<Clicked>, ResMut<Selected>),
    buttons: Res<ButtonInput<MouseButton>>,
    egui: Option<Res<EguiWantsInput>>,
    (intent, targets, tape): (Res<Intent>, Res<Targets>, Res<super::tape::Tape>),
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
    // With the tape out, a click measures (`tape`): no card opens.
    if !buttons.just_pressed(MouseButton::Left) || tape.on {
        return;
    }
    if let ClickMeans::Fighter(id) = click_means(intent.moving.is_some(), hovered.0, &targets.0) {
        clicked.0 = Some(id);
        selected.0 = Some(id);
    }
}

/// What a left click on the board means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ClickMeans {
    /// Nothing under the cursor, and no place being chosen.
    Nothing,
    /// The fighter under the cursor: attacked when it is a target (ATK-1), activated when it
    /// may be (CMB-1), else its card opens.
    Fighter(FighterId),
    /// The place under the cursor, for the move being chosen (MOVE-1).
    Place,
}

/// An enemy the active fighter may attack is attacked by a click, even while a move is being
/// chosen (the cursor said so); otherwise a click while choosing a move picks the place.
pub(crate) fn click_means(
    moving: bool,
    hovered: Option<FighterId>,
    targets: &[FighterId],
) -> ClickMeans {
    match hovered {
        Some(h) if targets.contains(&h) => ClickMeans::Fighter(h),
        _ if moving => ClickMeans::Place,
        Some(h) => ClickMeans::Fighter(h),
        None => ClickMeans::Nothing,
    }
}

/// Activates or attacks the clicked fighter when the rules allow it, with its card shut; any
/// other click on a fighter (an enemy out of reach, the active fighter) opens its card.
fn act_on_click(world: &mut World) {
    let Some(id) = world.resource_mut::<Clicked>().0.take() else {
        return;
    };
    // With the tape out, a click measures (`tape`).
    if world.resource::<super::tape::Tape>().on {
        return;
    }
    if deciding_side(world).is_none_or(|s| is_ai(world, s))
        || crate::screens::replay::watching(world)
    {
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
        // A click that activates or attacks is that, not a look at the fighter: its card
        // stays shut (a second click on it, or its name in the tracker, opens it).
        world.resource_mut::<Selected>().0 = None;
        if matches!(c, Command::Attack { .. }) {
            world.resource_mut::<Intent>().cancel();
        }
        world.write_message(SubmitCommand(c));
    }
}

/// The attack on `target` with the most expected damage, when an attack is allowed.
fn best_attack(world: &mut World, a: &ActiveOptions, target: FighterId) -> Option<Command> {
    let all = fighters(world);
    let f = all.iter().find(|f| f.id == a.attacker)?;
    let t = all.iter().find(|f| f.id == target)?;
    a.attack_choices()
        .filter(|o| o.target == target)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// ATK-1: pointing at an enemy the active fighter may attack says "Click: attack", so the
    /// click attacks, even while a move is being chosen (it was taken as a move and refused).
    #[test]
    fn atk1_a_click_on_a_target_attacks_even_while_choosing_a_move() {
        assert_eq!(
            click_means(true, Some(FighterId(7)), &[FighterId(7), FighterId(9)]),
            ClickMeans::Fighter(FighterId(7))
        );
        assert_eq!(
            click_means(false, Some(FighterId(7)), &[FighterId(7)]),
            ClickMeans::Fighter(FighterId(7))
        );
        // MOVE-1: a friend (or an enemy out of reach) under the cursor: the place is chosen.
        assert_eq!(
            click_means(true, Some(FighterId(3)), &[FighterId(7)]),
            ClickMeans::Place
        );
        assert_eq!(click_means(true, None, &[FighterId(7)]), ClickMeans::Place);
        assert_eq!(
            click_means(false, Some(FighterId(3)), &[]),
            ClickMeans::Fighter(FighterId(3))
        );
        assert_eq!(click_means(false, None, &[]), ClickMeans::Nothing);
    }
}
