//! Spectating: decisions made from the keyboard. The `--autoplay` burst, one per Space press,
//! and one per frame while running (P toggles); the solo AI decides for its sides, the built-in
//! policy for the others (both through [`crate::sim::auto_step`]).

use bevy::prelude::*;

use crate::rules::door::BattleSet;
use crate::rules::engine::{Engine, Pending};
use crate::screens::Screen;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        autoplay
            .in_set(BattleSet::Decide)
            .run_if(in_state(Screen::Battle))
            .run_if(not(resource_exists::<crate::screens::preview::Preview>)),
    );
}

/// Spectating: the built-in policy makes decisions (Space: one; P: play on by itself).
#[derive(Resource, Debug, Clone, Default)]
pub(crate) struct Autoplay {
    /// Commands still to apply at once (from `--autoplay`).
    burst: usize,
    running: bool,
    last_error: Option<String>,
}

impl Autoplay {
    /// Makes `burst` decisions as soon as the battle is set up, then waits for the keyboard.
    pub(crate) fn burst(burst: usize) -> Self {
        Self { burst, ..default() }
    }

    /// Whether a decision is made every frame (P).
    pub(crate) fn running(&self) -> bool {
        self.running
    }

    /// Whether decisions are still to be made without a key pressed (a burst, or P).
    pub(crate) fn busy(&self) -> bool {
        self.running || self.burst > 0
    }

    /// Why the last decision could not be applied, if it could not.
    pub(crate) fn last_error(&self) -> Option<&str> {
        self.last_error.as_deref()
    }
}

/// The keys pressed this frame: (Space, P).
fn keys(world: &World) -> (bool, bool) {
    world
        .get_resource::<ButtonInput<KeyCode>>()
        .map(|k| {
            (
                k.just_pressed(KeyCode::Space),
                k.just_pressed(KeyCode::KeyP),
            )
        })
        .unwrap_or((false, false))
}

/// Makes this frame's decisions; during setup they are kept for when it is over.
fn autoplay(world: &mut World) {
    // A replay on the board: its timeline plays it.
    if crate::screens::replay::watching(world) {
        return;
    }
    let (space, p) = keys(world);
    let mut a = world.resource::<Autoplay>().clone();
    if p {
        a.running = !a.running;
    }
    let n = if a.burst > 0 {
        std::mem::take(&mut a.burst)
    } else {
        usize::from(space || a.running)
    };
    if world.resource::<Engine>().pending != Pending::Setup {
        decide(world, &mut a, n);
    } else {
        a.burst = n.max(a.burst);
    }
    world.insert_resource(a);
}

/// Makes up to `n` decisions; stops running at the end of the battle or on an error.
fn decide(world: &mut World, a: &mut Autoplay, n: usize) {
    for _ in 0..n {
        match crate::sim::auto_step(world) {
            Ok(true) => {}
            Ok(false) => {
                a.running = false;
                break;
            }
            Err(e) => {
                a.last_error = Some(e);
                a.running = false;
                break;
            }
        }
    }
}
