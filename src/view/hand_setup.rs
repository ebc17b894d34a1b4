//! SET-6 by hand, on the board: while a side a person plays sets up its fighters, a click on
//! the board (not on a fighter) moves the selected fighter of that side there
//! (`Command::SetUp`; the rules snap it to the nearest place its base can stand in its zone,
//! or say why not).

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use super::picking::{Hovered, Selected};
use super::targeting::BoardPointer;
use crate::ai::solo::is_ai;
use crate::rules::command::Command;
use crate::rules::door::BattleSet;
use crate::rules::door::SubmitCommand;
use crate::rules::engine::{Engine, Pending};
use crate::screens::Screen;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (place_on_click, forget_the_pick_when_done)
            .in_set(BattleSet::Decide)
            .after(super::picking::pointed_fighter)
            .run_if(in_state(Screen::Battle)),
    );
}

/// Whether the battle waits for a side to set up its fighters by hand (SET-6, RES-1).
fn setting_up(pending: &Pending) -> bool {
    matches!(pending, Pending::Deploy { .. } | Pending::Arrive { .. })
}

/// The fighter picked last to set up is forgotten when the set-up is done: kept, its card
/// opened over the dice tray as round 1's initiative began.
fn forget_the_pick_when_done(
    engine: Res<Engine>,
    mut selected: ResMut<Selected>,
    mut was: Local<bool>,
) {
    let now = setting_up(&engine.pending);
    if *was && !now {
        selected.0 = None;
    }
    *was = now;
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
    if world.resource::<super::tape::Tape>().on || crate::screens::replay::watching(world) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::engine::apply;

    /// SET-6 by hand: the fighter picked last while setting up is forgotten once the side is
    /// done, so its card does not open over round 1's initiative dice.
    #[test]
    fn set6_the_last_fighter_picked_is_forgotten_when_the_set_up_is_done() {
        let mut app = crate::sim::default_battle_set_up_by_hand();
        let world = app.world_mut();
        world.init_resource::<Selected>();
        let Pending::Deploy { side } = world.resource::<Engine>().pending else {
            panic!("no set-up by hand");
        };
        let mine = crate::rules::hand_setup::movable(world, side)[0];
        world.resource_mut::<Selected>().0 = Some(mine);
        let mut forget = IntoSystem::into_system(forget_the_pick_when_done);
        forget.initialize(world);
        forget.run((), world).unwrap();
        assert_eq!(
            world.resource::<Selected>().0,
            Some(mine),
            "still setting up"
        );
        apply(world, &Command::SetUpDone { side }).unwrap();
        forget.run((), world).unwrap();
        assert_eq!(world.resource::<Selected>().0, None);
    }
}
