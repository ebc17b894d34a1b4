//! The 3D view (`gui` feature): the mat, terrain pieces at their true sizes and heights,
//! fighters on bases to scale in their side's colour, objectives, treasure and deployment
//! points; an orbit/pan/zoom camera; the egui panels (`crate::ui`); screenshots for CI.
//!
//! World units are inches; the battlefield spans x 0..30, z 0..22, y up.
//!
//! One room per concern, each with its own plugin: `palette` (colours and materials),
//! `camera`, `board` (the static scene), `fighters`, `autoplay` (decisions from the
//! keyboard) and `capture` (screenshots).

pub(crate) mod autoplay;
mod board;
mod camera;
mod capture;
mod fighters;
pub(crate) mod palette;

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::*;
use bevy::window::{PresentMode, WindowResolution};
use bevy_egui::EguiPlugin;
use bevy_panorbit_camera::PanOrbitCameraPlugin;

use crate::HeadlessPlugins;
use crate::scenario::load::BattleSpec;
use crate::scenario::spawn::spawn_battle;
use autoplay::Autoplay;
use capture::ScreenshotPlan;

#[derive(Debug, Clone, Default)]
pub struct ViewOptions {
    pub screenshot: Option<PathBuf>,
    pub exit_after_screenshot: bool,
    pub frames_before_screenshot: u32,
    /// Decisions the built-in policy makes before the first frame is shown.
    pub autoplay_commands: usize,
}

/// The order of the view's `Update` systems within a frame.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum ViewSystems {
    /// Decisions are made (autoplay, keyboard).
    Decide,
    /// The scene follows the battle's new state; the screenshot is taken.
    Show,
}

/// Opens the window on `spec` and runs until it is closed (or the screenshot is saved).
pub fn run(spec: BattleSpec, opts: ViewOptions) -> ExitCode {
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: format!("warcry-sim: {}", spec.name),
                    resolution: WindowResolution::new(1280, 720),
                    present_mode: PresentMode::AutoVsync,
                    ..default()
                }),
                ..default()
            })
            // For a screenshot, compile every pipeline before drawing, so that the captured
            // frame shows the whole scene and not only what finished compiling in time.
            .set(bevy::render::RenderPlugin {
                synchronous_pipeline_compilation: opts.screenshot.is_some(),
                ..default()
            })
            .disable::<bevy::log::LogPlugin>(),
    )
    .add_plugins((
        HeadlessPlugins,
        EguiPlugin::default(),
        PanOrbitCameraPlugin,
        MeshPickingPlugin,
        plugin,
    ))
    .insert_resource(Autoplay::burst(opts.autoplay_commands))
    // The solo AI plays its sides' decisions as they come (the human's wait for Space / P).
    .insert_resource(crate::ai::solo::SoloAi::on())
    .insert_resource(ScreenshotPlan::new(
        opts.screenshot,
        opts.exit_after_screenshot,
        opts.frames_before_screenshot,
    ));
    spawn_battle(app.world_mut(), &spec);
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(_) => ExitCode::FAILURE,
    }
}

/// The view's rooms (camera, board, fighters, autoplay, screenshot) and the egui panels.
pub fn plugin(app: &mut App) {
    app.configure_sets(Update, (ViewSystems::Decide, ViewSystems::Show).chain())
        .add_plugins((
            camera::plugin,
            board::plugin,
            fighters::plugin,
            autoplay::plugin,
            capture::plugin,
            crate::ui::plugin,
        ));
}
