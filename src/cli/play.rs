//! `play` (the default): the 3D view of a battle.

use std::process::ExitCode;

use crate::PlayArgs;

#[cfg(feature = "gui")]
pub fn play(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let spec = super::load_spec(args)?;
    if let Some(dir) = &args.smoke {
        warcry_sim::view::smoke::prepare_dir(dir).map_err(anyhow::Error::msg)?;
    }
    Ok(warcry_sim::app::run(spec, view_options(args)))
}

/// `watch`: the battle in the window with the solo AI on both sides, started at once.
#[cfg(feature = "gui")]
pub fn watch(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let spec = warcry_sim::sim::batch::ai_v_ai(&super::load_spec(args)?);
    let mut opts = view_options(args);
    opts.start = true;
    Ok(warcry_sim::app::run(spec, opts))
}

/// `replay FILE --view`: the replay in the window, with its timeline.
#[cfg(feature = "gui")]
pub fn view_replay(args: &PlayArgs, file: &std::path::Path) -> anyhow::Result<ExitCode> {
    let view = warcry_sim::screens::replay::ReplayView::read(file).map_err(anyhow::Error::msg)?;
    let spec = view.spec.clone();
    let mut opts = view_options(args);
    opts.start = true;
    opts.replay = Some(view);
    Ok(warcry_sim::app::run(spec, opts))
}

#[cfg(feature = "gui")]
pub(super) fn view_options(args: &PlayArgs) -> warcry_sim::app::ViewOptions {
    warcry_sim::app::ViewOptions {
        screenshot: args.screenshot.clone(),
        exit_after_screenshot: args.exit,
        frames_before_screenshot: args.frames,
        autoplay_commands: args.autoplay,
        report_fps: args.report_fps,
        start: args.smoke.is_none() && (args.start || args.battle.is_some() || args.autoplay > 0),
        smoke: args.smoke.clone(),
        battle_file: args.battle.clone(),
        graphics: match args.graphics {
            crate::GraphicsArg::Auto => warcry_sim::view::perf::Graphics::Auto,
            crate::GraphicsArg::Low => warcry_sim::view::perf::Graphics::Low,
            crate::GraphicsArg::High => warcry_sim::view::perf::Graphics::High,
        },
        replay: None,
        overlay_feed: args.overlay_feed,
        render: None,
        preview: None,
    }
}

#[cfg(not(feature = "gui"))]
pub fn play(_args: &PlayArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!(
        "this build has no window (built without the `gui` feature); try `warcry-sim setup` or `warcry-sim check`"
    )
}

#[cfg(not(feature = "gui"))]
pub fn view_replay(_args: &PlayArgs, _file: &std::path::Path) -> anyhow::Result<ExitCode> {
    anyhow::bail!(
        "this build has no window (built without the `gui` feature); try `warcry-sim replay FILE --verify`"
    )
}

#[cfg(not(feature = "gui"))]
pub fn watch(_args: &PlayArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!(
        "this build has no window (built without the `gui` feature); try `warcry-sim simulate`"
    )
}
