//! `preview FILE [--deployment F] [--victory F] [--twist F]`: a card or a battle file on the
//! board while a designer edits it (see `screens::preview`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::PlayArgs;

/// `cards`: the deployment, victory and twist cards to swap in, when given.
#[cfg(feature = "gui")]
pub fn preview(
    args: &PlayArgs,
    file: &Path,
    cards: &[Option<PathBuf>; 3],
    (shots, balance): (Option<PathBuf>, Option<usize>),
) -> anyhow::Result<ExitCode> {
    use warcry_sim::scenario::load::{CardChoice, load_design_scene};
    use warcry_sim::screens::preview::PreviewPlan;
    let text = |p: &Option<PathBuf>| p.as_ref().map(|p| p.to_string_lossy().into_owned());
    let choice = CardChoice {
        deployment: text(&cards[0]),
        victory: text(&cards[1]),
        twist: text(&cards[2]),
    };
    let name = file.to_string_lossy().into_owned();
    // The first load must work: there is no last good layout to keep yet.
    let scene = load_design_scene(&name, None, &choice);
    let spec = scene
        .spec
        .map_err(|p| anyhow::anyhow!("{p}{name} doesn't load: fix it, then preview it again"))?;
    if let Some(dir) = &shots {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("{}: can't make the folder: {e}", dir.display()))?;
    }
    let mut opts = super::play::view_options(args);
    opts.start = true;
    opts.preview = Some(PreviewPlan {
        file: name,
        kind: scene.kind,
        choice,
        files: scene.files,
        shots,
        balance,
    });
    Ok(warcry_sim::app::run(spec, opts))
}

#[cfg(not(feature = "gui"))]
pub fn preview(
    _: &PlayArgs,
    _: &Path,
    _: &[Option<PathBuf>; 3],
    _: (Option<PathBuf>, Option<usize>),
) -> anyhow::Result<ExitCode> {
    anyhow::bail!("this build has no window (built without the `gui` feature): it can't preview")
}
