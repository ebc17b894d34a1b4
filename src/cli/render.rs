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
    use warcry_sim::scenario::load::{self, DEFAULT_BATTLE, Disk, Embedded, Problems, SceneKind};
    use warcry_sim::view::camera::CameraStart;
    let name = file.to_string_lossy().to_string();
    let rules = load::default_ruleset();
    let mut problems = Problems::default();
    let mut opts = super::play::view_options(&crate::PlayArgs::default());
    let spec = match load::scene_kind(&Disk, &name) {
        Some(SceneKind::Battle) => load::load_battle(&Disk, &name)?,
        Some(SceneKind::Terrain) => {
            let mut spec = load::load_battle(&Embedded, DEFAULT_BATTLE)?;
            let card = load::load_terrain(&Disk, &name, &rules, &mut problems);
            spec.terrain = card.ok_or_else(|| anyhow::anyhow!("{problems}"))?;
            spec
        }
        Some(SceneKind::Deployment) => {
            let mut spec = load::load_battle(&Embedded, DEFAULT_BATTLE)?;
            let card = load::load_deployment(&Disk, &name, &rules, &mut problems);
            spec.deployment = card.ok_or_else(|| anyhow::anyhow!("{problems}"))?;
            spec
        }
        Some(_) => anyhow::bail!(
            "{name} has no battlefield to draw: give a battle file, a terrain card, a deployment card or a save"
        ),
        None => {
            let mut v = warcry_sim::screens::replay::ReplayView::read(file)
                .map_err(|e| anyhow::anyhow!("{name}: not a scene file or a save: {e}"))?;
            v.seek = Some(v.len());
            let spec = v.spec.clone();
            opts.replay = Some(v);
            spec
        }
    };
    if !problems.is_empty() {
        anyhow::bail!("{problems}");
    }
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
