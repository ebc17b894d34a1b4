//! A replay's timeline, along the bottom of the board while a replay is watched: play and
//! pause, one command on, the pace (0.5x to 4x), a button per round (to its start), and a bar
//! to drag to any point, each round's end marked on it. The battle jumps there at once
//! (`screens::replay` rebuilds it from the start).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rules::engine::Engine;
use crate::screens::Screen;
use crate::screens::replay::ReplayView;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        timeline
            .run_if(in_state(Screen::Battle).and_then(resource_exists::<ReplayView>))
            .in_set(super::GamePanels),
    );
}

/// The timeline's width in points: between the log (left) and the game menu (right).
const WIDTH: f32 = 540.0;

fn timeline(mut contexts: EguiContexts, mut v: ResMut<ReplayView>, engine: Res<Engine>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let at = engine.commands.len();
    egui::Window::new("Replay")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -10.0])
        .frame(super::theme::hud_frame())
        .show(ctx, |ui| {
            ui.set_width(WIDTH);
            ui.horizontal(|ui| {
                ui.strong(&v.title);
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.label(where_words(&v, at));
                });
            });
            ui.horizontal(|ui| buttons(ui, &mut v, at));
            bar(ui, &mut v, at);
        });
    Ok(())
}

/// "Round 2 of 4 · 57 of 189", or "The end" once it has all played.
fn where_words(v: &ReplayView, at: usize) -> String {
    let rounds = v.round_ends.len().max(1);
    if at >= v.len() {
        format!("The end · {} of {}", at, v.len())
    } else {
        format!(
            "Round {} of {rounds} · {} of {}",
            v.round_at(at).min(rounds),
            at,
            v.len()
        )
    }
}

/// Play or pause, one step, the pace, and the rounds.
fn buttons(ui: &mut egui::Ui, v: &mut ReplayView, at: usize) {
    let ended = at >= v.len();
    let label = match (v.playing, ended) {
        (true, _) => "⏸ Pause",
        (false, true) => "⟲ Again",
        (false, false) => "▶ Play",
    };
    if ui.button(label).clicked() {
        if ended {
            v.seek = Some(0);
        }
        v.playing = !v.playing || ended;
    }
    let step = ui
        .add_enabled(!v.playing && !ended, egui::Button::new("Step"))
        .on_hover_text("The next command, and stop");
    if step.clicked() {
        v.step = true;
    }
    for (label, speed) in [("0.5x", 0.5), ("1x", 1.0), ("2x", 2.0), ("4x", 4.0)] {
        ui.selectable_value(&mut v.speed, speed, label);
    }
    ui.separator();
    ui.label("Round");
    for k in 0..v.round_ends.len().max(1) {
        let start = if k == 0 { 0 } else { v.round_ends[k - 1] };
        let here = v.round_at(at) == k + 1 && !ended;
        if ui
            .selectable_label(here, format!("{}", k + 1))
            .on_hover_text(format!("Go to the start of round {}", k + 1))
            .clicked()
        {
            v.seek = Some(start);
        }
    }
}

/// The bar: drag (or click) to any point; each round's end is a tick on it.
fn bar(ui: &mut egui::Ui, v: &mut ReplayView, at: usize) {
    let mut pos = at;
    ui.spacing_mut().slider_width = WIDTH;
    let r = ui.add(
        egui::Slider::new(&mut pos, 0..=v.len())
            .show_value(false)
            .trailing_fill(true),
    );
    let rect = r.rect;
    let painter = ui.painter();
    for &end in &v.round_ends {
        let x = rect.left() + rect.width() * end as f32 / v.len().max(1) as f32;
        painter.line_segment(
            [egui::pos2(x, rect.top()), egui::pos2(x, rect.bottom())],
            egui::Stroke::new(2.0, super::theme::BRONZE),
        );
    }
    if r.changed() && pos != at {
        v.seek = Some(pos);
        v.playing = false;
    }
}
