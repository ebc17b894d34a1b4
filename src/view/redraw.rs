//! An idle game costs next to nothing: the window is redrawn when something happens (input,
//! a window event, egui asking to repaint) or while something on it moves, not every frame.
//! Bevy's reactive update mode waits for events; `keep_drawing` asks for the next frame while
//! the battle is busy: the solo AI or the autoplay deciding, a fighter walking or falling, the
//! camera gliding, dice tumbling, a key or button held. Scripted runs (`--screenshot`,
//! `--smoke`, `--report-fps`) draw every frame, as they count frames.

use std::time::Duration;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::{EguiInput, EguiPreUpdateSet, egui};

use super::animation::Walks;
use super::autoplay::Autoplay;
use super::fighters::{Falling, Flash};
use crate::ai::solo::{SoloAi, is_ai};
use crate::rules::engine::{Engine, Pending, deciding_side};
use crate::screens::Screen;

/// How long the window sleeps with nothing happening before it draws once anyway (a clock for
/// anything not caught below).
const NAP: Duration = Duration::from_secs(2);

/// Reactive updates, unless `continuous` (a scripted run that counts frames).
pub(crate) fn settings(continuous: bool) -> WinitSettings {
    if continuous {
        return WinitSettings::continuous();
    }
    WinitSettings {
        focused_mode: UpdateMode::reactive(NAP),
        unfocused_mode: UpdateMode::reactive_low_power(NAP),
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Last, keep_drawing).add_systems(
        PreUpdate,
        quiet_modifiers
            .after(EguiPreUpdateSet::ProcessInput)
            .before(EguiPreUpdateSet::BeginPass),
    );
}

/// bevy_egui tells egui the modifier keys every frame, and egui takes any event as a reason to
/// draw the next frame: the window never slept. The news is passed on only when the keys
/// changed (egui reads the keys held from its input's `modifiers` either way).
fn quiet_modifiers(mut inputs: Query<&mut EguiInput>, mut last: Local<Option<egui::Modifiers>>) {
    for mut input in &mut inputs {
        let mut seen = *last;
        input.events.retain(|e| match e {
            egui::Event::ModifiersChanged(m) => {
                let news = seen != Some(*m);
                seen = Some(*m);
                news
            }
            _ => true,
        });
        *last = seen;
    }
}

/// What keeps the window drawing, as read this frame.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Busy {
    /// The solo AI (or autoplay) has a decision to make.
    pub deciding: bool,
    /// A fighter falls or the camera glides (walks count as deciding: the AI waits for them).
    pub moving: bool,
    /// A key or mouse button is held (the camera pans or orbits while it is).
    pub held: bool,
    /// The screen is about to change, or the battle is being set up.
    pub changing: bool,
}

impl Busy {
    /// Whether to draw the next frame at once.
    pub(crate) fn any(self) -> bool {
        self.deciding || self.moving || self.held || self.changing
    }
}

/// The camera moved this frame (it glides to where it was sent).
type CameraMoved = (With<Camera3d>, Changed<Transform>);

/// The queries that tell whether the camera or a falling fighter moves.
type MovingQueries = (
    QueryState<(), CameraMoved>,
    QueryState<(), Or<(With<Falling>, With<Flash>)>>,
);

/// Asks for another frame while the battle is busy.
fn keep_drawing(world: &mut World, mut queries: Local<Option<MovingQueries>>) {
    let (camera, falling) = queries.get_or_insert_with(|| {
        (
            world.query_filtered::<(), CameraMoved>(),
            world.query_filtered::<(), Or<(With<Falling>, With<Flash>)>>(),
        )
    });
    let moving = camera.iter(world).next().is_some() || falling.iter(world).next().is_some();
    let busy = Busy {
        deciding: deciding(world),
        moving,
        held: held(world),
        changing: changing(world),
    };
    if busy.any() {
        world.write_message(RequestRedraw);
    }
}

/// The AI, the autoplay or a replay playing will decide (or waits for a walk or the beat
/// after a roll).
fn deciding(world: &World) -> bool {
    if world.get_resource::<Autoplay>().is_some_and(Autoplay::busy) {
        return true;
    }
    if world
        .get_resource::<crate::screens::replay::ReplayView>()
        .is_some_and(|v| v.playing || v.step || v.seek.is_some())
    {
        return true;
    }
    let Some(ai) = world.get_resource::<SoloAi>() else {
        return false;
    };
    let in_battle = world
        .get_resource::<State<Screen>>()
        .is_some_and(|s| *s.get() == Screen::Battle);
    if !in_battle || !world.contains_resource::<Engine>() {
        return false;
    }
    let walking = world.get_resource::<Walks>().is_some_and(Walks::going_on);
    walking || (ai.enabled && deciding_side(world).is_some_and(|s| is_ai(world, s)))
}

/// A key or mouse button is held down.
fn held(world: &World) -> bool {
    let keys = world
        .get_resource::<ButtonInput<KeyCode>>()
        .is_some_and(|k| k.get_pressed().next().is_some());
    let buttons = world
        .get_resource::<ButtonInput<MouseButton>>()
        .is_some_and(|b| b.get_pressed().next().is_some());
    keys || buttons
}

/// A screen change is queued, or the battle is still being set up.
fn changing(world: &World) -> bool {
    let queued = world
        .get_resource::<NextState<Screen>>()
        .is_some_and(|n| matches!(n, NextState::Pending(_)));
    let setting_up = world
        .get_resource::<State<Screen>>()
        .is_some_and(|s| *s.get() == Screen::Battle)
        && world
            .get_resource::<Engine>()
            .is_some_and(|e| e.pending == Pending::Setup);
    queued || setting_up
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An idle game waits for events; a scripted run that counts frames draws them all.
    #[test]
    fn the_window_waits_for_events_unless_a_script_counts_frames() {
        let idle = settings(false);
        assert!(matches!(idle.focused_mode, UpdateMode::Reactive { wait, .. } if wait == NAP));
        assert!(matches!(idle.unfocused_mode, UpdateMode::Reactive { .. }));
        assert_eq!(settings(true).focused_mode, UpdateMode::Continuous);
        assert!(!Busy::default().any());
        assert!(
            Busy {
                moving: true,
                ..Busy::default()
            }
            .any()
        );
    }
}
