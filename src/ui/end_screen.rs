//! The end screen: who won, and what the battle came to (damage dealt and taken, fighters
//! lost, victory points and objectives round by round), over the finished board.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rules::engine::Outcome;
use crate::screens::Screen;
use crate::sim::summary::{BattleSummary, SideSummary, summary};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::End), summarise)
        .add_systems(
            EguiPrimaryContextPass,
            end_screen.run_if(in_state(Screen::End).and_then(resource_exists::<Summary>)),
        );
}

#[derive(Resource)]
struct Summary(BattleSummary);

/// Where the battle's replay was kept, or why it could not be.
fn replay_line(ui: &mut egui::Ui, replay: Option<&Result<std::path::PathBuf, String>>) {
    match replay {
        Some(Ok(path)) => {
            ui.label(egui::RichText::new("Kept as a replay").small())
                .on_hover_text(path.display().to_string());
        }
        Some(Err(e)) => {
            ui.colored_label(egui::Color32::LIGHT_RED, format!("No replay kept: {e}"));
        }
        None => {}
    }
}

fn summarise(world: &mut World) {
    let s = summary(world);
    world.insert_resource(Summary(s));
}

fn end_screen(
    mut contexts: EguiContexts,
    s: Res<Summary>,
    replay: Res<crate::screens::LastReplay>,
    mut commands: Commands,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let s = &s.0;
    egui::Window::new("The battle is over")
        .anchor(egui::Align2::CENTER_CENTER, [120.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.heading(headline(s));
            ui.label(format!("{} rounds played", s.rounds_played));
            ui.separator();
            sides(ui, s);
            ui.separator();
            rounds(ui, s);
            ui.separator();
            replay_line(ui, replay.0.as_ref());
            ui.horizontal(|ui| {
                if let Some(Ok(path)) = &replay.0
                    && ui
                        .button("Watch the replay")
                        .on_hover_text("The battle again from its start, with a timeline")
                        .clicked()
                {
                    let path = path.clone();
                    commands.queue(move |world: &mut World| {
                        if let Err(e) = crate::screens::replay::watch(world, &path) {
                            world.resource_mut::<crate::screens::Notice>().0 = Some(e);
                        }
                    });
                }
                if ui.button("New battle").clicked() {
                    next.set(Screen::Setup);
                }
                if ui.button("Title screen").clicked() {
                    next.set(Screen::Title);
                }
                if ui.button("Quit").clicked() {
                    exit.write(AppExit::Success);
                }
            });
        });
    Ok(())
}

fn headline(s: &BattleSummary) -> String {
    match s.outcome {
        Some(Outcome::Winner(w)) => format!("{} wins", s.sides[w].name),
        Some(Outcome::Draw) => "A draw".into(),
        None => "Unfinished".into(),
    }
}

/// One figure of a side, as the summary shows it.
type Figure = fn(&SideSummary) -> String;

fn sides(ui: &mut egui::Ui, s: &BattleSummary) {
    egui::Grid::new("sides").striped(true).show(ui, |ui| {
        ui.label("");
        for side in &s.sides {
            ui.strong(&side.name);
        }
        ui.end_row();
        let rows: [(&str, Figure); 4] = [
            ("Victory points", |x| x.score.to_string()),
            ("Damage dealt", |x| x.damage_dealt.to_string()),
            ("Damage taken", |x| x.damage_taken.to_string()),
            ("Fighters lost", |x| {
                if x.fighters_lost.is_empty() {
                    "none".into()
                } else {
                    x.fighters_lost.join(", ")
                }
            }),
        ];
        for (label, value) in rows {
            ui.label(label);
            for side in &s.sides {
                ui.label(value(side));
            }
            ui.end_row();
        }
    });
}

fn rounds(ui: &mut egui::Ui, s: &BattleSummary) {
    egui::Grid::new("rounds").striped(true).show(ui, |ui| {
        ui.strong("Round");
        ui.strong("Objectives held");
        ui.strong("Victory points");
        ui.end_row();
        for r in &s.rounds {
            ui.label(r.round.to_string());
            ui.label(format!("{} : {}", r.objectives[0], r.objectives[1]));
            ui.label(format!("{} : {}", r.score[0], r.score[1]));
            ui.end_row();
        }
    });
}
