//! The battle panel, in two tabs. "Battle": where the battle stands, the controls, the solo
//! AI's last decisions, each side's dice and fighters (click one for its card) and the newest
//! log entries. "Log": the whole log with its filters (`log_panel`).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::solo::SoloAi;
use crate::model::RuleId;
use crate::model::components::{
    BattleGroup, BattleInfo, Damage, Fighter, Presence, Profile, Side, SideInfo,
};
use crate::rules::engine::{self, Engine, Outcome, Pending};
use crate::rules::initiative::SideDice;
use crate::rules::log::{BattleLog, Event, Names};
use crate::screens::Screen;
use crate::view::autoplay::Autoplay;
use crate::view::palette;
use crate::view::picking::Selected;

use super::log_panel::{LogFilter, log_tab};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        battle_panel.run_if(in_state(Screen::Battle).or_else(in_state(Screen::End))),
    );
}

/// Every fighter with what its roster row shows.
type Roster<'w, 's> = Query<
    'w,
    's,
    (
        &'static Fighter,
        &'static Side,
        &'static BattleGroup,
        &'static Presence,
        &'static Profile,
        &'static Damage,
    ),
>;

/// The panel's tab and the log's filters.
#[derive(Default)]
struct Tabs {
    log: bool,
    filter: LogFilter,
}

#[allow(clippy::too_many_arguments)]
fn battle_panel(
    mut contexts: EguiContexts,
    info: Res<BattleInfo>,
    log: Res<BattleLog>,
    eng: Res<Engine>,
    auto: Res<Autoplay>,
    mut ai: ResMut<SoloAi>,
    mut selected: ResMut<Selected>,
    mut tabs: Local<Tabs>,
    fighters: Roster,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(info.name.as_str())
        .default_pos([10.0, 10.0])
        .default_width(300.0)
        .default_height(680.0)
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.selectable_value(&mut tabs.log, false, "Battle");
                ui.selectable_value(&mut tabs.log, true, "Log");
            });
            ui.separator();
            if tabs.log {
                let names = names(&fighters);
                log_tab(ui, &log, &mut tabs.filter, &names);
                return;
            }
            egui::ScrollArea::vertical().show(ui, |ui| {
                status(ui, &info, &eng, &log.names);
                controls(ui, &auto, &mut ai);
                solo_ai_decisions(ui, &log);
                ui.separator();
                for (i, side) in info.sides.iter().enumerate() {
                    side_roster(ui, side, info.priority == Some(i), &eng.dice[i]);
                    fighter_rows(ui, &fighters, i, &mut selected);
                }
                ui.separator();
                newest_entries(ui, &log);
            });
        });
    Ok(())
}

/// Every fighter's id and name, by id.
fn names(fighters: &Roster) -> Vec<(u32, String)> {
    let mut n: Vec<_> = fighters
        .iter()
        .map(|f| (f.0.id, f.0.name.to_string()))
        .collect();
    n.sort_by_key(|f| f.0);
    n
}

/// The round, the cards, initiative, score, what the battle waits for and its outcome.
fn status(ui: &mut egui::Ui, info: &BattleInfo, eng: &Engine, names: &Names) {
    ui.label(format!(
        "Round {} · {} · {}",
        eng.round, info.victory.name, info.twist.name
    ));
    ui.label(format!(
        "Terrain: {} · Deployment: {}",
        info.terrain_name, info.deployment_name
    ));
    let initiative = eng
        .initiative
        .map(|s| info.sides[s].name.clone())
        .unwrap_or_else(|| "-".into());
    let waiting = match eng.pending {
        Pending::Ended => "The battle is over".to_string(),
        p => format!("Waiting for {}", engine::describe_pending_with(p, names)),
    };
    ui.label(format!(
        "Initiative: {} · Score {} : {} · {waiting}",
        initiative, eng.score[0], eng.score[1],
    ));
    if let Some(o) = eng.outcome {
        ui.strong(match o {
            Outcome::Winner(s) => format!("{} wins", info.sides[s].name),
            Outcome::Draw => "Draw".into(),
        });
    }
}

/// The keys, and the last decision that could not be applied.
fn controls(ui: &mut egui::Ui, auto: &Autoplay, ai: &mut SoloAi) {
    ui.small(format!(
        "Space: next decision (solo AI / built-in policy) · P: {}",
        if auto.running() { "pause" } else { "play on" }
    ));
    ui.horizontal(|ui| {
        ui.label("AI:");
        ui.selectable_value(&mut ai.enabled, false, "pause");
        for (label, n) in [("1x", 1), ("2x", 2), ("4x", 4), ("instant", 200)] {
            if ui
                .selectable_label(ai.enabled && ai.per_frame == n, label)
                .clicked()
            {
                ai.enabled = true;
                ai.per_frame = n;
            }
        }
    });
    if let Some(e) = &ai.last_error {
        ui.colored_label(palette::ERROR_TEXT, e);
    }
    if let Some(e) = auto.last_error() {
        ui.colored_label(palette::ERROR_TEXT, e);
    }
}

/// The solo AI's last decisions and why (SOLO-A..C), the newest last.
fn solo_ai_decisions(ui: &mut egui::Ui, log: &BattleLog) {
    let decisions: Vec<_> = log
        .entries
        .iter()
        .rev()
        .filter(|e| matches!(e.event, Event::Decision { .. }))
        .take(3)
        .collect();
    if decisions.is_empty() {
        return;
    }
    ui.separator();
    ui.strong("Solo AI");
    for d in decisions.iter().rev() {
        ui.small(format!(
            "R{} [{}] {}",
            d.round,
            RuleId::list(&d.rules),
            log.text_of(d)
        ));
    }
}

/// A side's name in its colour, its controller, priority, and its dice this round.
fn side_roster(ui: &mut egui::Ui, side: &SideInfo, priority: bool, dice: &SideDice) {
    let prio = if priority { " (priority)" } else { "" };
    ui.colored_label(
        palette::side_text_colour(side.colour),
        format!("{} · {}{prio}", side.name, side.controller),
    );
    let groups = dice
        .groups
        .iter()
        .map(|g| format!("{} {}s", g.kind(), g.value))
        .collect::<Vec<_>>()
        .join(", ");
    ui.small(format!(
        "  singles {} · ability dice: {} · wild saved {}",
        dice.singles_count(),
        if groups.is_empty() {
            "none".into()
        } else {
            groups
        },
        dice.saved
    ));
}

/// Side `side`'s fighters by id: group, name, wounds left and where they are if not deployed;
/// a click shows the fighter's card.
fn fighter_rows(ui: &mut egui::Ui, fighters: &Roster, side: usize, selected: &mut Selected) {
    let mut rows: Vec<_> = fighters.iter().filter(|f| f.1.0 == side).collect();
    rows.sort_by_key(|f| f.0.id);
    for (f, _, g, p, prof, dmg) in rows {
        let text = format!(
            "  {} · {} · {}/{} W{}",
            g.0,
            f.name,
            prof.0.wounds.saturating_sub(dmg.0),
            prof.0.wounds,
            presence_note(p)
        );
        if ui
            .selectable_label(selected.0 == Some(f.id), text)
            .on_hover_text("Show its card")
            .clicked()
        {
            selected.0 = Some(f.id);
        }
    }
}

/// Where a fighter is when it is not on the battlefield.
fn presence_note(p: &Presence) -> String {
    match p {
        Presence::Deployed => String::new(),
        Presence::Reserve { round } => format!(" · reserve R{round}"),
        Presence::Unplaced => " · unplaced".into(),
        Presence::TakenDown => " · taken down".into(),
    }
}

/// The newest log entries, newest first.
fn newest_entries(ui: &mut egui::Ui, log: &BattleLog) {
    egui::ScrollArea::vertical()
        .max_height(140.0)
        .show(ui, |ui| {
            for e in log.entries.iter().rev().take(8) {
                ui.small(format!("[{}] {}", RuleId::list(&e.rules), log.text_of(e)))
                    .on_hover_text(rules_explained(&e.rules));
            }
        });
}

/// Each rule ID with its title and what it says, one a line (hovering a log line).
pub(crate) fn rules_explained(rules: &[RuleId]) -> String {
    rules
        .iter()
        .map(|r| format!("{} {}: {}", r.code(), r.title(), r.summary()))
        .collect::<Vec<_>>()
        .join("\n")
}
