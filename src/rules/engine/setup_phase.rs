//! The setup phase (SET-2..SET-6): runs setup on a spawned battle, takes the priority
//! player's colour (SET-5) and the hand set-up (SET-6), then starts round 1.

use bevy::prelude::*;

use crate::model::components::BattleInfo;
use crate::rules::command::Command;
use crate::rules::hand_setup;
use crate::rules::setup::{choose_colour, run_setup};
use crate::rules::state::{Engine, Pending, engine};

use super::initiative_phase::start_battle;
use super::phases::{not_now, take_command};

/// The setup phase's system.
pub(super) fn setup_phase(world: &mut World) {
    if world.resource::<Engine>().pending != Pending::Setup {
        take_command(world, |world, pending, cmd| match (pending, cmd) {
            (Pending::Colour { side }, Command::ChooseColour { side: s, colour }) => {
                choose_colour(world, side, *s, *colour)?;
                deploy_by_hand_or_start(world);
                Ok(())
            }
            (Pending::Deploy { side }, Command::SetUp { fighter, to }) => {
                hand_setup::place(world, side, *fighter, *to)
            }
            (Pending::Deploy { side }, Command::SetUpDone { side: s }) => {
                match hand_setup::done(world, side, *s)? {
                    Some(next) => engine(world).pending = Pending::Deploy { side: next },
                    None => start_battle(world),
                }
                Ok(())
            }
            (p, c) => Err(not_now(p, c)),
        });
        return;
    }
    if world.get_resource::<BattleInfo>().is_none() {
        return;
    }
    match run_setup(world) {
        Some(side) => engine(world).pending = Pending::Colour { side },
        None => deploy_by_hand_or_start(world),
    }
}

/// SET-6: the first side that sets up by hand does, or round 1 begins.
fn deploy_by_hand_or_start(world: &mut World) {
    match hand_setup::first_hand_side(world) {
        Some(side) => engine(world).pending = Pending::Deploy { side },
        None => start_battle(world),
    }
}
