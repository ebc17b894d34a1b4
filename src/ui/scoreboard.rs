//! The scoreboard, always on screen along the top: each side's name in its colour, who plays
//! it, victory points, objectives held, treasure carried and the initiative; in the middle
//! the round of how many, the victory card and what the battle waits for; at the right end,
//! the solo AI's pace.

use crate::model::ids::FighterId;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::solo::SoloAi;
use crate::model::components::{BattleInfo, Fighter, Side, Treasure};
use crate::model::formats::Controller;
use crate::rules::engine::Engine;
use crate::rules::log::{BattleLog, Names};
use crate::screens::Screen;
use crate::sim::now::{SideScore, phase_words, side_scores};
use crate::view::palette;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        scoreboard
            .run_if(in_state(Screen::Battle).or_else(in_state(Screen::End)))
            .in_set(super::GamePanels),
    );
}

/// Height of the bar; the windows anchored at the top hang below it (egui anchors to the
/// whole screen, panels or not).
pub(crate) const BAR_HEIGHT: f32 = 48.0;

#[allow(clippy::too_many_arguments)]
fn scoreboard(
    mut contexts: EguiContexts,
    info: Res<BattleInfo>,
    eng: Res<Engine>,
    log: Res<BattleLog>,
    auto: Res<crate::view::autoplay::Autoplay>,
    treasure: Query<&Treasure>,
    fighters: Query<(&Fighter, &Side)>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let treasure: Vec<Treasure> = treasure.iter().copied().collect();
    let side_of = |id: FighterId| fighters.iter().find(|f| f.0.id == id).map(|f| *f.1);
    let scores = side_scores(&eng, &treasure, side_of);
    let width = ctx.content_rect().width();
    egui::Area::new(egui::Id::new("scoreboard"))
        .anchor(egui::Align2::LEFT_TOP, [0.0, 0.0])
        .order(egui::Order::Background)
        .show(ctx, |ui| {
            bar_frame().show(ui, |ui| {
                ui.set_width(width - 24.0);
                ui.set_height(BAR_HEIGHT - 8.0);
                ui.columns(3, |cols| {
                    side_block(
                        &mut cols[0],
                        &info,
                        0,
                        &scores[0],
                        egui::Layout::left_to_right,
                    );
                    middle(&mut cols[1], &info, &eng, &log.names, auto.running());
                    side_block(
                        &mut cols[2],
                        &info,
                        1,
                        &scores[1],
                        egui::Layout::right_to_left,
                    );
                });
            });
        });
    Ok(())
}

fn bar_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(egui::Color32::from_rgba_unmultiplied(18, 20, 24, 235))
        .inner_margin(egui::Margin::symmetric(12, 4))
}

/// One side: its name in its colour over its points, objectives, treasure and initiative.
fn side_block(
    ui: &mut egui::Ui,
    info: &BattleInfo,
    s: usize,
    score: &SideScore,
    layout: fn(egui::Align) -> egui::Layout,
) {
    let side = &info.sides[s];
    let colour = palette::side_text_colour(side.colour);
    let who = match side.controller {
        Controller::Human => "you",
        Controller::Ai => "solo AI",
    };
    ui.with_layout(layout(egui::Align::Center), |ui| {
        ui.label(
            egui::RichText::new(score.points.to_string())
                .size(26.0)
                .strong()
                .color(colour),
        )
        .on_hover_text("Victory points");
        ui.vertical(|ui| {
            ui.spacing_mut().item_spacing.y = 0.0;
            ui.label(egui::RichText::new(&side.name).strong().color(colour))
                .on_hover_text(format!("Played by {}", side.controller));
            ui.label(egui::RichText::new(details(score, who)).small());
        });
    });
}

/// "you · 2 objectives · 1 treasure · initiative".
pub(crate) fn details(score: &SideScore, who: &str) -> String {
    let mut parts = vec![who.to_string()];
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    if score.objectives > 0 {
        parts.push(plural(score.objectives, "objective", "objectives"));
    }
    if score.treasure > 0 {
        parts.push(plural(score.treasure, "treasure", "treasures"));
    }
    if score.initiative {
        parts.push("initiative".into());
    }
    parts.join(" · ")
}

/// The round of how many, the victory card, and what the battle waits for.
fn middle(ui: &mut egui::Ui, info: &BattleInfo, eng: &Engine, names: &Names, autoplay: bool) {
    ui.vertical_centered(|ui| {
        ui.spacing_mut().item_spacing.y = 0.0;
        let round = match eng.round {
            0 => "Before the battle".to_string(),
            r => format!("Round {r} of {}", info.victory.rounds),
        };
        ui.label(egui::RichText::new(round).strong().size(16.0))
            .on_hover_text(format!("{}: {}", info.victory.name, info.victory.summary()));
        let mut phase = phase_words(eng, names);
        if autoplay {
            phase.push_str(" · autoplay (P stops it)");
        }
        ui.label(egui::RichText::new(phase).small());
    });
}

/// The solo AI's pace (paused, 0.5x, 1x, 2x, 4x or at once) and the help button, for the game
/// menu's top row.
pub(crate) fn pace_and_help(ui: &mut egui::Ui, ai: &mut SoloAi, help: &mut super::help::Help) {
    ui.label("AI");
    ai_pace(ui, ai);
    help_button(ui, help);
}

/// "? Help", at the right of the row.
pub(crate) fn help_button(ui: &mut egui::Ui, help: &mut super::help::Help) {
    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
        if ui
            .selectable_label(help.0, "? Help")
            .on_hover_text("The keys and the game's words (F1)")
            .clicked()
        {
            help.0 = !help.0;
        }
    });
}

/// The solo AI's pace: paused (Space: the next decision), 0.5x, 1x, 2x, 4x or at once.
fn ai_pace(ui: &mut egui::Ui, ai: &mut SoloAi) {
    ui.selectable_value(&mut ai.enabled, false, "⏸")
        .on_hover_text("Pause the solo AI (Space: the next decision)");
    for (label, n, half) in [
        ("0.5x", 1, true),
        ("1x", 1, false),
        ("2x", 2, false),
        ("4x", 4, false),
        ("»", 200, false),
    ] {
        let hover = match (n, half) {
            (200, _) => "The solo AI plays at once",
            (_, true) => "Half speed: a beat after every decision, to follow each one",
            _ => "How fast the solo AI plays",
        };
        let on = ai.enabled && ai.per_frame == n && ai.half_speed == half;
        if ui
            .selectable_label(on, label)
            .on_hover_text(hover)
            .clicked()
        {
            ai.enabled = true;
            ai.per_frame = n;
            ai.half_speed = half;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// GEN-7, VIC-1: each side's half of the scoreboard counts its points, the objectives it
    /// controls and the treasure its fighters carry.
    #[test]
    fn gen7_vic1_the_scoreboard_counts_each_sides_objectives_and_treasure() {
        let eng = Engine {
            score: [3, 5],
            control: vec![Some(Side::A), None, Some(Side::B), Some(Side::A)],
            initiative: Some(Side::B),
            ..Default::default()
        };
        let t = |carrier| Treasure {
            index: 0,
            position: (0.0, 0.0),
            y: 0.0,
            carrier,
        };
        let treasure = [t(Some(FighterId(7))), t(None)];
        let side_of = |id: FighterId| (id == FighterId(7)).then_some(Side::B);
        let [a, b] = side_scores(&eng, &treasure, side_of);
        assert_eq!(
            (a.points, a.objectives, a.treasure, a.initiative),
            (3, 2, 0, false)
        );
        assert_eq!(
            (b.points, b.objectives, b.treasure, b.initiative),
            (5, 1, 1, true)
        );
        assert_eq!(
            details(&b, "solo AI"),
            "solo AI · 1 objective · 1 treasure · initiative"
        );
        assert_eq!(details(&a, "you"), "you · 2 objectives");
    }
}
