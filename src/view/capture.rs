//! Screenshots for CI: capture the window after a number of frames, then exit if asked.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Capturing, Screenshot, save_to_disk};

use crate::rules::door::BattleSet;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, screenshot.in_set(BattleSet::React));
}

/// When to take the screenshot and where to save it.
#[derive(Resource, Clone)]
pub(crate) struct ScreenshotPlan {
    path: Option<PathBuf>,
    exit: bool,
    frames: u32,
    frame: u32,
    taken: bool,
}

impl ScreenshotPlan {
    /// Saves to `path` (none: no screenshot) after `frames` frames (at least one); `exit`
    /// closes the app once it is written.
    pub(crate) fn new(path: Option<PathBuf>, exit: bool, frames: u32) -> Self {
        Self {
            path,
            exit,
            frames: frames.max(1),
            frame: 0,
            taken: false,
        }
    }
}

/// Is a still of the window to be taken (`--screenshot`)? Transient overlays timed by the
/// clock (the round banner) stay off it: the same command gives the same picture, however
/// fast the machine draws.
pub(crate) fn still_planned(plan: Option<Res<ScreenshotPlan>>) -> bool {
    plan.is_some_and(|p| p.path.is_some())
}

fn screenshot(
    mut commands: Commands,
    mut plan: ResMut<ScreenshotPlan>,
    mut exit: MessageWriter<AppExit>,
    saving: Query<(), With<Capturing>>,
) {
    let Some(path) = plan.path.clone() else {
        return;
    };
    plan.frame += 1;
    if !plan.taken && plan.frame >= plan.frames {
        plan.taken = true;
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path));
        return;
    }
    // Exit a few frames after the capture has been written.
    if plan.taken && plan.exit && saving.is_empty() && plan.frame >= plan.frames + 3 {
        exit.write(AppExit::Success);
    }
}
