//! The director camera for watchers (a battle the solo AI plays on both sides, or a replay):
//! at the start of each round it glides out to show the whole battlefield, and the camera
//! that follows the action (`follow`) takes it from there. C switches between the director
//! and a free camera, for anyone.

use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use bevy_panorbit_camera::PanOrbitCamera;

use super::follow::Follow;
use crate::model::components::BattleInfo;
use crate::model::formats::Controller;
use crate::model::ruleset::Ruleset;
use crate::rules::door::BattleEvent;
use crate::rules::door::BattleSet;
use crate::rules::log::Event;
use crate::screens::Screen;
use crate::screens::replay::ReplayView;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (switch_camera, overview_each_round)
            .chain()
            .in_set(BattleSet::React)
            .run_if(in_state(Screen::Battle)),
    );
}

/// C: the camera follows the action (the director), or stays where it is put.
fn switch_camera(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    mut follow: ResMut<Follow>,
) {
    if keys.just_pressed(KeyCode::KeyC) && !egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        follow.enabled = !follow.enabled;
    }
}

/// Whether the window is watched rather than played: the solo AI on every side (their
/// `controllers`), or a replay.
pub(crate) fn watched(controllers: &[Controller], replay: bool) -> bool {
    replay || (!controllers.is_empty() && controllers.iter().all(|c| *c == Controller::Ai))
}

/// [`watched`], for the battle `info` describes.
pub(crate) fn watched_battle(info: Option<&BattleInfo>, replay: bool) -> bool {
    let controllers: Vec<Controller> = info
        .iter()
        .flat_map(|i| i.sides.iter().map(|s| s.controller))
        .collect();
    watched(&controllers, replay)
}

/// A round's initiative roll (INI-1) opens it: for a watcher, the whole battlefield.
fn overview_each_round(
    mut events: MessageReader<BattleEvent>,
    info: Option<Res<BattleInfo>>,
    replay: Option<Res<ReplayView>>,
    follow: Res<Follow>,
    rules: Option<Res<Ruleset>>,
    mut cams: Query<&mut PanOrbitCamera>,
) {
    let new_round = events
        .read()
        .any(|e| matches!(e.0.event, Event::InitiativeRoll { .. }));
    if !new_round || !follow.enabled || !watched_battle(info.as_deref(), replay.is_some()) {
        return;
    }
    for mut cam in &mut cams {
        cam.target_focus = super::camera::focus(rules.as_deref());
        cam.target_radius = super::camera::OVERVIEW_RADIUS;
        cam.target_pitch = 0.85;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A battle the solo AI plays on both sides, or a replay, is watched; one with a person
    /// on a side is played (its camera is not pulled out at each round).
    #[test]
    fn a_battle_of_two_solo_ais_or_a_replay_is_watched() {
        use Controller::{Ai, Human};
        assert!(watched(&[Ai, Ai], false));
        assert!(!watched(&[Human, Ai], false));
        assert!(watched(&[Human, Ai], true));
        assert!(!watched(&[], false));
    }
}
