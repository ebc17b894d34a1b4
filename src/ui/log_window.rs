//! The battle log at the bottom left, in two tabs. "Latest": the newest entries in words
//! with their rules as tags, the solo AI's decisions with why, and a decision that could not
//! be applied. "Whole log": every entry with its filters (`log_panel`).

use crate::model::ids::FighterId;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::solo::SoloAi;
use crate::model::RuleId;
use crate::model::components::Fighter;
use crate::rules::log::{BattleLog, Event};
use crate::screens::Screen;
use crate::view::autoplay::Autoplay;
use crate::view::palette;

use super::log_panel::{LogFilter, log_tab};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        battle_panel
            .run_if(in_state(Screen::Battle).or_else(in_state(Screen::End)))
            .in_set(super::GamePanels),
    );
}

/// The panel's tab and the log's filters.
#[derive(Default)]
struct Tabs {
    log: bool,
    filter: LogFilter,
}

/// Height of the log window: it stays under the tracker at 1280x720.
pub(crate) const HEIGHT: f32 = 170.0;

fn battle_panel(
    mut contexts: EguiContexts,
    log: Res<BattleLog>,
    auto: Res<Autoplay>,
    ai: Res<SoloAi>,
    mut tabs: Local<Tabs>,
    fighters: Query<&Fighter>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Battle log")
        .anchor(egui::Align2::LEFT_BOTTOM, [8.0, -8.0])
        .title_bar(false)
        .resizable(false)
        .fixed_size([WIDTH, HEIGHT])
        .frame(super::theme::hud_frame())
        .show(ctx, |ui| {
            ui.set_max_width(WIDTH);
            ui.horizontal(|ui| {
                ui.selectable_value(&mut tabs.log, false, "Latest");
                ui.selectable_value(&mut tabs.log, true, "Whole log");
            });
            if tabs.log {
                let names = names(&fighters);
                log_tab(ui, &log, &mut tabs.filter, &names);
                return;
            }
            errors(ui, &auto, &ai);
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| newest_entries(ui, &log));
        });
    Ok(())
}

/// Width of the log window.
const WIDTH: f32 = 330.0;

/// Every fighter's id and name, by id.
fn names(fighters: &Query<&Fighter>) -> Vec<(FighterId, String)> {
    let mut n: Vec<_> = fighters
        .iter()
        .map(|f| (f.id, f.name.to_string()))
        .collect();
    n.sort_by_key(|f| f.0);
    n
}

/// The last decision the solo AI or autoplay could not apply.
fn errors(ui: &mut egui::Ui, auto: &Autoplay, ai: &SoloAi) {
    for e in [ai.last_error.as_deref(), auto.last_error()]
        .into_iter()
        .flatten()
    {
        ui.colored_label(palette::ERROR_TEXT, e);
    }
}

/// The newest log entries, newest first: the words, then the rules as tags; the solo AI's
/// decisions with why (SOLO-A..C).
fn newest_entries(ui: &mut egui::Ui, log: &BattleLog) {
    for e in log.entries.iter().rev().take(6) {
        let (text, mut rules) = super::words::split_tags(&log.text_of(e));
        let words = match e.event {
            Event::Decision { .. } => egui::RichText::new(format!("Solo AI: {text}"))
                .small()
                .italics(),
            _ => egui::RichText::new(text).small(),
        };
        for r in &e.rules {
            if !rules.contains(r) {
                rules.push(*r);
            }
        }
        super::words::tagged_words(ui, words, &rules);
    }
}

/// Each rule ID with its title and what it says, one a line (hovering a log line).
pub(crate) fn rules_explained(rules: &[RuleId]) -> String {
    rules
        .iter()
        .map(|r| format!("{} {}: {}", r.code(), r.title(), r.summary()))
        .collect::<Vec<_>>()
        .join("\n")
}
