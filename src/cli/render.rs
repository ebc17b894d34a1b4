//! `render FILE --out X.png [--view top|iso] [--size WxH]`: a battle file, a terrain card, a
//! deployment card or a save drawn to a PNG, the board alone (no panels), for designers'
//! documents. A card is drawn in the embedded default battle, in place of its own card; a save
//! as it stands at its end.

use std::path::Path;
use std::process::ExitCode;

use crate::RenderView;

#[cfg(feature = "gui")]
pub fn render(
    file: &Path,
    out: &Path,
    view: RenderView,
    size: (u32, u32),
) -> anyhow::Result<ExitCode> {
    use warcry_sim::scenario::load::{self, CardChoice, Disk};
    use warcry_sim::view::camera::CameraStart;
    let name = file.to_string_lossy().to_string();
    let mut opts = super::play::view_options(&crate::PlayArgs::default());
    let spec = match load::scene_kind(&Disk, &name) {
        Some(kind) => load::load_design_scene(&name, Some(kind), &CardChoice::default())
            .spec
            .map_err(|p| anyhow::anyhow!("{p}"))?,
        None => {
            let mut v = warcry_sim::screens::replay::ReplayView::read(file)
                .map_err(|e| anyhow::anyhow!("{name}: not a scene file or a save: {e}"))?;
            v.seek = Some(v.len());
            let spec = v.spec.clone();
            opts.replay = Some(v);
            spec
        }
    };
    let start = match view {
        RenderView::Top => CameraStart::Top,
        RenderView::Iso => CameraStart::Iso,
    };
    opts.screenshot = Some(out.to_path_buf());
    opts.exit_after_screenshot = true;
    opts.frames_before_screenshot = 10;
    opts.start = true;
    opts.render = Some((size, start));
    Ok(warcry_sim::app::run(spec, opts))
}

#[cfg(not(feature = "gui"))]
pub fn render(_: &Path, _: &Path, _: RenderView, _: (u32, u32)) -> anyhow::Result<ExitCode> {
    anyhow::bail!("this build has no window (built without the `gui` feature): it can't render")
}
