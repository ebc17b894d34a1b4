//! Settings, kept between runs in `settings.ron` in the user's config folder (written
//! atomically on every change): the size of the panels, the solo AI's pace, the graphics look
//! and fullscreen. The settings window opens from the title screen and the game menu.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};
use bevy_egui::egui;
use serde::{Deserialize, Serialize};

use crate::ai::solo::SoloAi;

/// What a player sets once and keeps.
#[derive(Resource, Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub(crate) struct Settings {
    /// Panels and text, 0.75x to 2x.
    pub ui_scale: f32,
    /// The solo AI's decisions a frame: 1, 2 or 4 (watchable), 200 (at once).
    pub ai_pace: u32,
    /// "auto", "low" or "high": takes effect at the next start.
    pub look: String,
    pub fullscreen: bool,
    /// The camera glides to keep the active fighter and its target in view.
    pub camera_follows: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            ui_scale: 1.0,
            ai_pace: 1,
            look: "auto".into(),
            fullscreen: false,
            camera_follows: true,
        }
    }
}

/// Where the settings live: `$WARCRY_SETTINGS`, else `$XDG_CONFIG_HOME/warcry-sim`, else
/// `~/.config/warcry-sim`.
pub(crate) fn settings_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("WARCRY_SETTINGS") {
        return Some(PathBuf::from(p));
    }
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("warcry-sim").join("settings.ron"))
}

impl Settings {
    /// The settings at `path`: the defaults when there is no file yet; with why, when the
    /// file is broken (the defaults are used, and the file is left as it is until a change).
    pub(crate) fn read(path: &Path) -> (Settings, Option<String>) {
        if !path.exists() {
            return (Settings::default(), None);
        }
        match crate::scenario::read_ron::<Settings>(path) {
            Ok(s) => (s, None),
            Err(e) => (
                Settings::default(),
                Some(format!("The settings were not read, defaults used: {e}")),
            ),
        }
    }

    /// Writes the settings (a temp file, then a rename).
    pub(crate) fn write(&self, path: &Path) -> Result<(), String> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("{}: can't make the folder: {e}", dir.display()))?;
        }
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(|e| format!("{}: {e}", path.display()))?;
        crate::scenario::write_atomic(path, text.as_bytes())
            .map_err(|e| format!("{}: can't write the settings: {e}", path.display()))
    }

    /// The graphics look these settings ask for.
    pub(crate) fn graphics(&self) -> crate::view::perf::Graphics {
        use crate::view::perf::Graphics;
        match self.look.as_str() {
            "low" => Graphics::Low,
            "high" => Graphics::High,
            _ => Graphics::Auto,
        }
    }
}

/// The settings rows; true when something changed (the caller applies and writes them).
pub(crate) fn settings_ui(ui: &mut egui::Ui, s: &mut Settings) -> bool {
    let before = s.clone();
    egui::Grid::new("settings").num_columns(2).spacing([16.0, 10.0]).show(ui, |ui| {
        ui.label("Panel and text size");
        ui.add(egui::Slider::new(&mut s.ui_scale, 0.75..=2.0).step_by(0.05).suffix("x"))
            .on_hover_text("Grows with the window past 1280x720 too");
        ui.end_row();
        ui.label("Solo AI pace");
        ui.horizontal(|ui| {
            for (label, n) in [("1x", 1), ("2x", 2), ("4x", 4), ("At once", 200)] {
                ui.selectable_value(&mut s.ai_pace, n, label);
            }
        });
        ui.end_row();
        ui.label("Graphics");
        ui.horizontal(|ui| {
            for (label, v) in [("Auto", "auto"), ("Low", "low"), ("High", "high")] {
                ui.selectable_value(&mut s.look, v.to_string(), label);
            }
        })
        .response
        .on_hover_text("Low keeps every shape and colour; high adds light and shadow. Takes effect at the next start.");
        ui.end_row();
        ui.label("Fullscreen");
        ui.checkbox(&mut s.fullscreen, "");
        ui.end_row();
        ui.label("Camera follows the action");
        ui.checkbox(&mut s.camera_follows, "")
            .on_hover_text("The camera glides to the fighter who acts, and its target, when they are out of view or under a panel");
        ui.end_row();
    });
    *s != before
}

/// Applies the settings that take effect at once: panel size, AI pace, fullscreen.
pub(crate) fn apply(world: &mut World) {
    let s = world.resource::<Settings>().clone();
    world.resource_mut::<super::theme::PanelScale>().0 = s.ui_scale;
    if let Some(mut ai) = world.get_resource_mut::<SoloAi>() {
        ai.per_frame = s.ai_pace;
    }
    if let Some(mut follow) = world.get_resource_mut::<crate::view::follow::Follow>() {
        follow.enabled = s.camera_follows;
    }
    let mut windows = world.query_filtered::<&mut Window, With<PrimaryWindow>>();
    for mut w in windows.iter_mut(world) {
        let mode = if s.fullscreen {
            WindowMode::BorderlessFullscreen(MonitorSelection::Current)
        } else {
            WindowMode::Windowed
        };
        if w.mode != mode {
            w.mode = mode;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Settings written are read back the same; a broken file gives the defaults and says
    /// where it is broken, and is not overwritten by reading it.
    #[test]
    fn settings_are_kept_between_runs_and_a_broken_file_is_reported() {
        let dir = std::env::temp_dir().join(format!("warcry-settings-{}", std::process::id()));
        let path = dir.join("settings.ron");
        let s = Settings {
            ui_scale: 1.25,
            ai_pace: 4,
            look: "low".into(),
            fullscreen: true,
            camera_follows: false,
        };
        s.write(&path).unwrap();
        assert_eq!(Settings::read(&path), (s, None));
        std::fs::write(&path, "(ui_scale: 1.2,\n ai_pace: \"fast\")").unwrap();
        let (got, why) = Settings::read(&path);
        assert_eq!(got, Settings::default());
        let why = why.unwrap();
        assert!(why.contains("settings.ron:2:"), "{why}");
        assert!(std::fs::read_to_string(&path).unwrap().contains("fast"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
