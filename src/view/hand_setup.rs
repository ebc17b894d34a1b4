//! SET-6 by hand, on the board: while a side a person plays sets up its fighters, a click on
//! the board (not on a fighter) moves the selected fighter of that side there
//! (`Command::SetUp`; the rules snap it to the nearest place its base can stand in its zone,
//! or say why not).

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::ViewSystems;
use super::picking::{Hovered, Selected};
use super::targeting::BoardPointer;
use crate::ai::solo::is_ai;
use crate::rules::command::Command;
use crate::rules::door::SubmitCommand;
use crate::rules::engine::{Engine, Pending};
use crate::screens::Screen;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        place_on_click
            .in_set(ViewSystems::Decide)
            .after(super::picking::pointed_fighter)
            .run_if(in_state(Screen::Battle)),
    );
}

fn place_on_click(world: &mut World) {
    let (Pending::Deploy { side } | Pending::Arrive { side }) = world.resource::<Engine>().pending
    else {
        return;
    };
    let clicked = world
        .resource::<ButtonInput<MouseButton>>()
        .just_pressed(MouseButton::Left);
    let over_panel = world
        .get_resource::<EguiWantsInput>()
        .is_some_and(|e| e.is_pointer_over_area());
    if !clicked || over_panel || world.resource::<Hovered>().0.is_some() || is_ai(world, side) {
        return;
    }
    if world.resource::<super::tape::Tape>().on {
        return;
    }
    let Some(fighter) = world.resource::<Selected>().0 else {
        return;
    };
    let Some(at) = board_point(world) else {
        return;
    };
    world.write_message(SubmitCommand(Command::SetUp {
        fighter,
        to: at.to_array(),
    }));
}

/// The point of the board under the cursor.
fn board_point(world: &mut World) -> Option<Vec3> {
    let mut state = bevy::ecs::system::SystemState::<BoardPointer>::new(world);
    state.get_mut(world).ok()?.point()
}
