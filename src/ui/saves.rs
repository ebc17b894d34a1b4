//! Saved battles as a player finds them: saved into the `saves` folder under the battle's
//! name and the time, listed newest first by battle, round, score and date (no file names to
//! type), each with a Load button.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use bevy_egui::egui;

use crate::sim::replay::SavedBattle;

/// Where the game menu saves, and the first place the browser looks.
pub(crate) const SAVES_DIR: &str = "saves";

/// One save in the list.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct SaveRow {
    pub path: PathBuf,
    /// "Siege of the Shattered Bastion".
    pub title: String,
    /// "Round 2 · Ironclad Vanguard 3 : 1 Ashen Covenant".
    pub detail: String,
    /// "25 Nov 2026, 14:02 UTC".
    pub when: String,
    modified: SystemTime,
}

/// Every `*.save.ron` in `dirs`, newest first. A file that can't be read is listed with why.
pub(crate) fn list(dirs: &[&Path]) -> Vec<SaveRow> {
    list_of(dirs, SAVE_SUFFIX)
}

/// A save's file name ends so.
pub(crate) const SAVE_SUFFIX: &str = ".save.ron";

/// Every file in `dirs` whose name ends with `suffix` (saves, replays), newest first.
pub(crate) fn list_of(dirs: &[&Path], suffix: &str) -> Vec<SaveRow> {
    let mut rows = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            if !path.to_string_lossy().ends_with(suffix) {
                continue;
            }
            let modified = e
                .metadata()
                .and_then(|m| m.modified())
                .unwrap_or(UNIX_EPOCH);
            rows.push(row(path, modified, suffix));
        }
    }
    rows.sort_by_key(|r| std::cmp::Reverse(r.modified));
    rows
}

fn row(path: PathBuf, modified: SystemTime, suffix: &str) -> SaveRow {
    let file = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().replace(suffix, ""));
    let (title, detail) = match SavedBattle::read(&path) {
        Ok(s) => match &s.summary {
            Some(m) => (
                m.battle.clone(),
                format!(
                    "{} · {} {} : {} {}",
                    if m.over {
                        "Over".to_string()
                    } else {
                        format!("Round {}", m.round.max(1))
                    },
                    m.sides[0],
                    m.score[0],
                    m.score[1],
                    m.sides[1]
                ),
            ),
            None => (
                s.battle
                    .clone()
                    .unwrap_or_else(|| "The default battle".into()),
                format!("Round {}", s.round_hashes.len() + 1),
            ),
        },
        Err(e) => (file.clone(), format!("Can't be read: {e}")),
    };
    let title = if file == "autosave" {
        format!("{title} (autosave)")
    } else {
        title
    };
    SaveRow {
        path,
        title,
        detail,
        when: date_words(modified),
        modified,
    }
}

/// Opens a save: the battle it names, and its commands to replay to where it stopped.
pub(crate) fn open(
    path: &Path,
) -> Result<(crate::screens::NextBattle, crate::screens::Resume), String> {
    let save = SavedBattle::read(path)?;
    let spec = save.spec()?;
    let file = save.battle.clone();
    Ok((
        crate::screens::NextBattle { spec, file },
        crate::screens::Resume(save.commands),
    ))
}

/// The list, each row with a Load button; gives the save picked.
pub(crate) fn browser(ui: &mut egui::Ui, rows: &[SaveRow]) -> Option<PathBuf> {
    browser_with(
        ui,
        rows,
        "Load",
        "No saved battles yet: the game menu's Save puts them here.",
    )
}

/// The list, each row with a button saying `verb`; `empty` when there is none.
pub(crate) fn browser_with(
    ui: &mut egui::Ui,
    rows: &[SaveRow],
    verb: &str,
    empty: &str,
) -> Option<PathBuf> {
    if rows.is_empty() {
        ui.weak(empty);
        return None;
    }
    let mut picked = None;
    egui::ScrollArea::vertical()
        .max_height(320.0)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for r in rows {
                ui.horizontal(|ui| {
                    if ui
                        .button(verb)
                        .on_hover_text(r.path.display().to_string())
                        .clicked()
                    {
                        picked = Some(r.path.clone());
                    }
                    ui.vertical(|ui| {
                        ui.spacing_mut().item_spacing.y = 1.0;
                        ui.strong(&r.title);
                        ui.label(egui::RichText::new(format!("{} · {}", r.detail, r.when)).small());
                    });
                });
                ui.separator();
            }
        });
    picked
}

/// "25 Nov 2026, 14:02 UTC".
pub(crate) fn date_words(t: SystemTime) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let (y, m, d, h, mi) = crate::sim::replay::civil(t);
    format!("{d} {} {y}, {h:02}:{mi:02} UTC", MONTHS[(m - 1) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn dates_read_as_people_write_them() {
        // 2026-11-25 14:02:00 UTC.
        let t = UNIX_EPOCH + Duration::from_secs(1_795_615_320);
        assert_eq!(date_words(t), "25 Nov 2026, 14:02 UTC");
        assert_eq!(date_words(UNIX_EPOCH), "1 Jan 1970, 00:00 UTC");
    }

    /// A save is named after its battle and time, and never overwrites another.
    #[test]
    fn a_new_save_is_named_after_its_battle_and_never_overwrites() {
        let dir = std::env::temp_dir().join(format!("warcry-saves-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let t = UNIX_EPOCH + Duration::from_secs(1_795_615_320);
        let a =
            crate::sim::replay::new_path(&dir, "Siege of the Shattered Bastion!", t, SAVE_SUFFIX);
        assert_eq!(
            a.file_name().unwrap().to_string_lossy(),
            "siege-of-the-shattered-bastion-2026-11-25-1402.save.ron"
        );
        std::fs::write(&a, "").unwrap();
        let b =
            crate::sim::replay::new_path(&dir, "Siege of the Shattered Bastion!", t, SAVE_SUFFIX);
        assert_ne!(a, b);
        // The empty file is listed with why it can't be loaded, not left out.
        let rows = list(&[&dir]);
        assert_eq!(rows.len(), 1);
        assert!(rows[0].detail.starts_with("Can't be read"), "{rows:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
