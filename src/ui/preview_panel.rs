//! `preview`'s panel, at the left: the file watched and how its last save went (every problem
//! of an edit that doesn't load, the last good layout kept on the board), the card report
//! (each colour's walk to each objective and treasure, what is out of reach or lopsided), the
//! measuring tools (tape, who can see a spot, reach from a spot) and live balance (wins by
//! colour with their 95% intervals as the battles come in, and the heatmap on the board).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::words::{tagged_small, tagged_words};
use crate::scenario::load::card_report::{CardReport, inches};
use crate::screens::Screen;
use crate::screens::preview::Preview;
use crate::sim::balance::Share;
use crate::view::design::{Question, SpotTool};
use crate::view::fighters::FightersShown;
use crate::view::heat::{HeatMap, LiveRun, Starter, balance_threads};
use crate::view::tape::Tape;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        preview_panel
            .run_if(resource_exists::<Preview>)
            .run_if(in_state(Screen::Battle))
            .in_set(super::Panels),
    );
}

const WIDTH: f32 = 360.0;
const AMBER: egui::Color32 = egui::Color32::from_rgb(240, 190, 80);
const RED: egui::Color32 = egui::Color32::from_rgb(235, 95, 80);
const BLUE: egui::Color32 = egui::Color32::from_rgb(110, 150, 245);

fn preview_panel(
    mut contexts: EguiContexts,
    preview: Res<Preview>,
    mut tool: ResMut<SpotTool>,
    mut tape: ResMut<Tape>,
    mut run: ResMut<LiveRun>,
    (starter, mut fighters): (Starter, ResMut<FightersShown>),
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let before = shown(&run, &tool, fighters.0);
    // The window's whole height at the left (the camera looks right of it).
    let height = ctx.content_rect().height() - 32.0;
    egui::Window::new("Preview")
        .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
        .title_bar(false)
        .resizable(false)
        .fixed_size([WIDTH, height])
        .frame(super::theme::hud_frame())
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                status(ui, &preview, &mut fighters.0);
                report(ui, &preview.report);
                tools(ui, &mut tool, &mut tape);
                balance(ui, &mut run, &starter, preview.loads);
            });
        });
    // A choice made on the panel shows on the board at once (the window sleeps otherwise).
    if shown(&run, &tool, fighters.0) != before {
        redraw.write(bevy::window::RequestRedraw);
    }
    Ok(())
}

/// What the panel's choices draw on the board.
fn shown(
    run: &LiveRun,
    tool: &SpotTool,
    fighters: bool,
) -> (HeatMap, Question, Option<Vec3>, u32, bool, bool) {
    (
        run.map,
        tool.question,
        tool.spot,
        tool.move_inches,
        tool.avoid_deadly,
        fighters,
    )
}

/// The file, and whether its last save loaded.
fn status(ui: &mut egui::Ui, p: &Preview, fighters: &mut bool) {
    ui.heading(file_name(&p.file));
    ui.label(
        egui::RichText::new(format!(
            "Watching {} file(s): a save shows here at once.",
            p.files.len()
        ))
        .small()
        .weak(),
    );
    match &p.problems {
        None if p.loads > 0 => {
            ui.label(
                egui::RichText::new(format!(
                    "Save {} loaded in {} ms.",
                    p.loads,
                    p.took.as_millis()
                ))
                .small(),
            );
        }
        None => {}
        Some(problems) => {
            ui.add_space(4.0);
            ui.label(
                egui::RichText::new(format!(
                    "This save doesn't load ({} problem(s)); the board keeps the last good layout:",
                    problems.0.len()
                ))
                .color(RED)
                .strong(),
            );
            for pr in &problems.0 {
                ui.label(
                    egui::RichText::new(format!(
                        "{}:{}: {}",
                        file_name(&pr.file),
                        pr.pos,
                        pr.message
                    ))
                    .monospace()
                    .color(egui::Color32::from_rgb(250, 200, 190)),
                );
            }
        }
    }
    ui.checkbox(fighters, "Show the warbands as the battle sets them up");
    ui.separator();
}

fn file_name(f: &str) -> String {
    std::path::Path::new(f)
        .file_name()
        .map_or(f.to_string(), |n| n.to_string_lossy().into_owned())
}

/// The card report: each colour's nearest walk to each target, then what is flagged.
fn report(ui: &mut egui::Ui, r: &CardReport) {
    let header = egui::CollapsingHeader::new("Card report: each colour's nearest walk")
        .default_open(true)
        .show(ui, |ui| {
            egui::Grid::new("walks").striped(true).show(ui, |ui| {
                ui.label("");
                ui.label(egui::RichText::new("red").color(RED).strong());
                ui.label(egui::RichText::new("blue").color(BLUE).strong());
                ui.end_row();
                for (t, n) in r.targets.iter().zip(&r.nearest) {
                    ui.label(&t.label);
                    for v in n {
                        ui.label(v.map_or("can't reach".to_string(), inches));
                    }
                    ui.end_row();
                }
            });
            egui::CollapsingHeader::new("By deployment group").show(ui, |ui| groups(ui, r));
            if r.flags().next().is_none() {
                ui.label("Nothing out of reach or lopsided, no layout mistakes.");
            }
            for f in r.flags() {
                ui.label(egui::RichText::new(format!("⚠ {f}")).color(AMBER));
            }
        });
    header.header_response.on_hover_ui(|ui| {
        tagged_small(
            ui,
            "Walks of a 32 mm fighter from each colour's nearest deployment group, with climbs and jumps [MOVE-1] [MOVE-5], to within 3\" of an objective [GEN-7] or 1\" of treasure [GEN-8].",
        );
    });
    ui.separator();
}

fn groups(ui: &mut egui::Ui, r: &CardReport) {
    egui::Grid::new("groups").striped(true).show(ui, |ui| {
        ui.label("");
        for t in &r.targets {
            ui.label(egui::RichText::new(t.label.replace("objective ", "obj ")).small());
        }
        ui.end_row();
        for g in &r.groups {
            ui.label(egui::RichText::new(g.label.trim_start_matches("the ")).small());
            for v in &g.inches {
                ui.label(egui::RichText::new(v.map_or("-".to_string(), inches)).small());
            }
            ui.end_row();
        }
    });
}

/// The tape, who can see a spot, reach from a spot.
fn tools(ui: &mut egui::Ui, tool: &mut SpotTool, tape: &mut Tape) {
    ui.label(egui::RichText::new("Measure").strong());
    ui.horizontal_wrapped(|ui| {
        if ui.selectable_label(tape.on, "Tape (V)").clicked() {
            *tape = Tape {
                on: !tape.on,
                ..Default::default()
            };
        }
        if ui
            .selectable_label(tool.question == Question::Sight, "Who sees a spot (S)")
            .clicked()
        {
            tool.toggle(Question::Sight);
        }
        if ui
            .selectable_label(tool.question == Question::Reach, "Reach (R)")
            .clicked()
        {
            tool.toggle(Question::Reach);
        }
    });
    match tool.question {
        Question::Off => {}
        _ if tool.spot.is_none() => {
            ui.label("Click a spot on the board.");
        }
        Question::Sight => {
            let (n, of) = tool.seen_count();
            tagged_words(
                ui,
                egui::RichText::new(format!(
                    "A fighter on {n} of the {of} places marked (one every inch) would see a fighter on the spot: green."
                )),
                &[crate::model::RuleId::Gen3],
            );
        }
        Question::Reach => {
            ui.add(egui::Slider::new(&mut tool.move_inches, 1..=12).text("Move (inches)"));
            ui.checkbox(&mut tool.avoid_deadly, "Keep out of deadly terrain");
            tagged_words(
                ui,
                egui::RichText::new(format!(
                    "{} places within {}\" of Move, walking, climbing and jumping down; brighter: more Move left.",
                    tool.places.len(),
                    tool.move_inches
                )),
                &[
                    crate::model::RuleId::Move1,
                    crate::model::RuleId::Move5,
                    crate::model::RuleId::Move6,
                ],
            );
        }
    }
    ui.separator();
}

/// Live balance: the battles, the wins by colour with their intervals, the heatmap.
fn balance(ui: &mut egui::Ui, run: &mut LiveRun, starter: &Starter, layout: u32) {
    ui.label(egui::RichText::new("Balance").strong());
    let f = run.figures.clone();
    let running = run.run.is_some() && !f.finished;
    ui.horizontal(|ui| {
        ui.add_enabled(
            !running,
            egui::Slider::new(&mut run.battles, 100..=10_000)
                .logarithmic(true)
                .text("battles"),
        );
        let label = if running { "Stop (B)" } else { "Play (B)" };
        if ui.button(label).clicked() {
            match (&run.run, running) {
                (Some(r), true) => r.stop(),
                _ => starter.start(run, layout),
            }
        }
    });
    if run.run.is_none() {
        ui.label(
            egui::RichText::new(format!(
                "AI-vs-AI battles of this layout on {} thread(s), each seed played twice with the warbands swapped; an edit starts them again.",
                balance_threads()
            ))
            .small()
            .weak(),
        );
        return;
    }
    let rate = f.played() as f64 / f.took.as_secs_f64().max(1e-3);
    ui.add(
        egui::ProgressBar::new(f.played() as f32 / f.planned.max(1) as f32).text(format!(
            "{} of {} battles, {rate:.0} a second",
            f.played(),
            f.planned
        )),
    );
    let s = f.summary();
    share_line(ui, "red wins", RED, &s.red_wins);
    share_line(ui, "blue wins", BLUE, &s.blue_wins);
    share_line(ui, "draws", egui::Color32::GRAY, &s.draws);
    heat_choice(ui, run);
}

/// "red wins 48.2% (45.1-51.3%)" and the interval drawn on a 0-100% bar.
fn share_line(ui: &mut egui::Ui, what: &str, colour: egui::Color32, s: &Share) {
    ui.horizontal(|ui| {
        ui.label(
            egui::RichText::new(format!(
                "{what} {:.1}% ({:.1}-{:.1}%)",
                s.share * 100.0,
                s.ci95[0] * 100.0,
                s.ci95[1] * 100.0
            ))
            .color(colour),
        );
        let (rect, _) = ui.allocate_exact_size(egui::vec2(110.0, 10.0), egui::Sense::hover());
        let p = ui.painter();
        p.rect_filled(rect, 2.0, egui::Color32::from_gray(45));
        let x = |v: f64| rect.left() + rect.width() * v as f32;
        let band = egui::Rect::from_x_y_ranges(x(s.ci95[0])..=x(s.ci95[1]), rect.y_range());
        p.rect_filled(band, 2.0, colour.gamma_multiply(0.6));
        p.line_segment(
            [
                egui::pos2(x(s.share), rect.top()),
                egui::pos2(x(s.share), rect.bottom()),
            ],
            egui::Stroke::new(2.0, colour),
        );
        p.line_segment(
            [
                egui::pos2(x(0.5), rect.top() - 2.0),
                egui::pos2(x(0.5), rect.bottom() + 2.0),
            ],
            egui::Stroke::new(1.0, egui::Color32::WHITE),
        );
    })
    .response
    .on_hover_text("The share, and its 95% interval (Wilson): the white mark is 50%.");
}

fn heat_choice(ui: &mut egui::Ui, run: &mut LiveRun) {
    ui.horizontal_wrapped(|ui| {
        ui.label("On the board:");
        ui.selectable_value(&mut run.map, HeatMap::Downs, "taken down");
        ui.selectable_value(&mut run.map, HeatMap::Walked, "walked");
        ui.selectable_value(&mut run.map, HeatMap::Objectives, "objectives held");
        ui.selectable_value(&mut run.map, HeatMap::Off, "nothing");
    });
    if run.map == HeatMap::Objectives {
        let t = &run.figures.tally;
        let of = t.rounds.max(1) as f64;
        let pc = |n: u64| format!("{:.0}%", n as f64 / of * 100.0);
        tagged_small(ui, "The rounds each colour held each objective [GEN-7]:");
        ui.horizontal_wrapped(|ui| {
            for (i, [r, b]) in t.counts.objective_rounds.iter().enumerate() {
                ui.label(egui::RichText::new(format!("{}:", i + 1)).strong());
                ui.label(egui::RichText::new(pc(*r)).color(RED));
                ui.label(egui::RichText::new(pc(*b)).color(BLUE));
            }
        });
    }
}
