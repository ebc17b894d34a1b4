//! The desktop app (`gui` feature): the window, Bevy's plugins, the rules, the solo AI, the
//! 3D view (`crate::view`) and the egui panels over it (`crate::ui`). The top floor: it
//! names both, neither names it.

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::*;
use bevy::window::{PresentMode, WindowResolution};
use bevy_egui::EguiPlugin;
use bevy_panorbit_camera::PanOrbitCameraPlugin;

use crate::HeadlessPlugins;
use crate::scenario::load::BattleSpec;
use crate::screens::{NextBattle, Screen};
use crate::ui::setup_screen::SetupForm;
use crate::view::autoplay::Autoplay;
use crate::view::capture::ScreenshotPlan;
use crate::view::perf::{FrameReport, Graphics, GraphicsChoice};

#[derive(Debug, Clone, Default)]
pub struct ViewOptions {
    pub screenshot: Option<PathBuf>,
    pub exit_after_screenshot: bool,
    pub frames_before_screenshot: u32,
    /// Decisions the built-in policy makes before the first frame is shown.
    pub autoplay_commands: usize,
    /// Play through the app and save screenshots to this folder (`view::smoke`).
    pub smoke: Option<PathBuf>,
    /// Open the battle at once instead of the setup screen.
    pub start: bool,
    /// The battle file given on the command line (`None`: the built-in default).
    pub battle_file: Option<PathBuf>,
    /// Print frame-time figures on exit (`view::perf`).
    pub report_fps: bool,
    pub graphics: Graphics,
    /// A replay to watch (`replay FILE --view`), opened at its start.
    pub replay: Option<crate::screens::replay::ReplayView>,
    /// Serve the overlay feed on this address (`crate::feed`).
    pub overlay_feed: Option<std::net::SocketAddr>,
    /// `render`: the window's size, the board alone (no panels, nobody deciding, the camera
    /// still) seen from this view.
    pub render: Option<((u32, u32), crate::view::camera::CameraStart)>,
    /// `preview`: the layout a designer edits, watched.
    pub preview: Option<crate::screens::preview::PreviewPlan>,
}

/// `render` and `preview`: nobody decides (the solo AI off) and the camera follows nobody.
fn still_board(app: &mut App) {
    let mut ai = crate::ai::solo::SoloAi::on();
    ai.enabled = false;
    app.insert_resource(ai);
    app.world_mut()
        .resource_mut::<crate::view::follow::Follow>()
        .enabled = false;
}

/// `render`: the board alone, still, at the size and from the view asked for.
fn board_alone(app: &mut App, render: Option<((u32, u32), crate::view::camera::CameraStart)>) {
    let Some((_, view)) = render else {
        return;
    };
    app.insert_resource(view)
        .insert_resource(crate::ui::PanelsHidden(true));
    still_board(app);
}

/// `preview`: the layout seen from the near long edge, nobody deciding, every deployment zone
/// shown, the card report worked out, the files watched.
fn designer_board(
    app: &mut App,
    spec: &BattleSpec,
    plan: Option<crate::screens::preview::PreviewPlan>,
) {
    let Some(plan) = plan else {
        return;
    };
    let report = crate::scenario::load::card_report::CardReport::of(spec);
    app.insert_resource(crate::screens::preview::Preview::new(plan, report))
        .insert_resource(crate::view::camera::CameraStart::Iso)
        .insert_resource(crate::view::zones::AllZones(true))
        .insert_resource(crate::view::fighters::FightersShown(false))
        // The board right of the panel at the left.
        .insert_resource(crate::view::camera::FocusShift(
            Vec3::new(-4.5, 0.0, 0.0),
            1.2,
        ));
    still_board(app);
}

/// Starts the overlay feed when asked for, and says where it is; `Err` when it can't listen.
fn start_feed(app: &mut App, address: Option<std::net::SocketAddr>) -> Result<(), String> {
    let Some(address) = address else {
        return Ok(());
    };
    #[cfg(feature = "feed")]
    {
        let feed = crate::feed::start(address, crate::feed::MAX_CLIENTS)?;
        let at = feed.address;
        println!(
            "Overlay feed: http://{at}/overlay for an OBS browser source (1920x1080); \
             the battle as JSON at /state, its events at /events"
        );
        if crate::feed::server::is_public(&at) {
            println!(
                "The feed listens beyond this machine: anyone who can reach {at} can watch \
                 the battle (nobody can change it)."
            );
        }
        app.insert_resource(feed).add_plugins(crate::feed::plugin);
        Ok(())
    }
    #[cfg(not(feature = "feed"))]
    {
        let _ = app;
        Err(format!(
            "this build has no overlay feed (built without the `feed` feature): can't serve {address}"
        ))
    }
}

/// A player's settings, why they couldn't be read, and the look to draw with (`--graphics`
/// wins over the setting). Scripted runs keep the defaults, so that they run the same anywhere.
fn player_settings(
    scripted: bool,
    asked: Graphics,
) -> (crate::ui::settings::Settings, Option<String>, Graphics) {
    let (settings, problem) = match crate::ui::settings::settings_path() {
        Some(p) if !scripted => crate::ui::settings::Settings::read(&p),
        _ => Default::default(),
    };
    let graphics = match asked {
        Graphics::Auto => settings.graphics(),
        g => g,
    };
    (settings, problem, graphics)
}

/// What the window opens on: the title screen, or the battle at once (`start`), or a replay.
fn first_screen(app: &mut App, spec: BattleSpec, opts: ViewOptions) {
    let file = match &opts.replay {
        Some(v) => v.saved.battle.clone(),
        None => opts
            .battle_file
            .as_ref()
            .map(|p| p.to_string_lossy().into_owned()),
    };
    if let Some(v) = opts.replay {
        app.insert_resource(v);
        crate::screens::replay::quiet_the_ai(app.world_mut());
    }
    // The setup screen offers this battle; `start` opens it at once.
    app.insert_resource(SetupForm::with(spec.clone(), opts.battle_file.clone()))
        .insert_resource(NextBattle { spec, file })
        .insert_state(if opts.start {
            Screen::Battle
        } else {
            Screen::Title
        });
}

/// Opens the window on `spec` and runs until it is closed (or the screenshot is saved).
pub fn run(spec: BattleSpec, opts: ViewOptions) -> ExitCode {
    let started = std::time::Instant::now();
    let mut app = App::new();
    if let Err(e) = start_feed(&mut app, opts.overlay_feed) {
        eprintln!("{e}");
        return ExitCode::FAILURE;
    }
    // An idle game waits for events instead of drawing every frame; scripted runs count frames.
    let scripted = opts.screenshot.is_some() || opts.smoke.is_some() || opts.report_fps;
    let (settings, problem, graphics) = player_settings(scripted, opts.graphics);
    app.insert_resource(GraphicsChoice(graphics))
        .insert_resource(settings)
        .insert_resource(crate::screens::Notice(problem));
    app.insert_resource(crate::view::redraw::settings(scripted));
    if let Some(dir) = &opts.smoke {
        app.insert_resource(crate::view::smoke::Smoke::new(dir.clone()));
    }
    if opts.report_fps {
        let exit_after = (opts.exit_after_screenshot && opts.screenshot.is_none())
            .then_some(opts.frames_before_screenshot);
        app.insert_resource(FrameReport::new(started, exit_after));
    }
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "warcry-sim".into(),
                    resolution: match opts.render {
                        Some(((w, h), _)) => WindowResolution::new(w, h),
                        None => WindowResolution::new(1280, 720),
                    },
                    present_mode: PresentMode::AutoVsync,
                    ..default()
                }),
                // Closing the window during a battle asks first (`ui::game_menu`).
                close_when_requested: false,
                ..default()
            })
            // For a screenshot, compile every pipeline before drawing, so that the captured
            // frame shows the whole scene and not only what finished compiling in time.
            .set(bevy::render::RenderPlugin {
                synchronous_pipeline_compilation: opts.screenshot.is_some()
                    || opts.smoke.is_some()
                    || opts.preview.as_ref().is_some_and(|p| p.shots.is_some()),
                ..default()
            })
            .disable::<bevy::log::LogPlugin>(),
    )
    .add_plugins((
        HeadlessPlugins,
        EguiPlugin::default(),
        PanOrbitCameraPlugin,
        MeshPickingPlugin,
        crate::screens::plugin,
        crate::view::plugin,
        crate::ui::plugin,
    ))
    .insert_resource(Autoplay::burst(opts.autoplay_commands))
    // The solo AI plays its sides' decisions as they come (the human's wait for Space / P).
    .insert_resource(crate::ai::solo::SoloAi::on())
    .insert_resource(ScreenshotPlan::new(
        opts.screenshot.clone(),
        opts.exit_after_screenshot,
        opts.frames_before_screenshot,
    ));
    board_alone(&mut app, opts.render);
    designer_board(&mut app, &spec, opts.preview.clone());
    first_screen(&mut app, spec, opts);
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(_) => ExitCode::FAILURE,
    }
}
