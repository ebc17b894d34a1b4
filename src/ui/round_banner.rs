//! The round banner: when a round begins, its number across the middle of the screen for a
//! few seconds, with what the last round did (victory points each side scored, objectives
//! it took, the fighters it lost). A click dismisses it.

use crate::model::ids::FighterId;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::model::components::{BattleInfo, Fighter, Side};
use crate::rules::engine::Engine;
use crate::rules::log::{BattleLog, Event, Names};
use crate::screens::Screen;
use crate::view::palette;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        round_banner
            .run_if(in_state(Screen::Battle))
            // `render` draws the board alone.
            .run_if(not(resource_exists::<crate::view::camera::CameraStart>))
            // A still is the same picture on a fast machine and a slow one.
            .run_if(not(crate::view::capture::still_planned)),
    );
}

/// Seconds the banner stays (a click dismisses it sooner): long enough to read the last
/// round's summary, which 4 s was not; round 1's, with no summary, only announces the battle.
fn shown(round: u32) -> f64 {
    if round <= 1 { 3.0 } else { 8.0 }
}

/// What a round did for one side.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct SideRound {
    /// VIC-1: victory points scored at the round's end.
    pub points: u32,
    /// GEN-7: objectives it took control of.
    pub took: Vec<usize>,
    /// ATK-5: its fighters taken down, by name.
    pub lost: Vec<String>,
}

/// What round `round` did for each side, read from the log.
pub(crate) fn round_summary(
    log: &BattleLog,
    round: u32,
    side_of: impl Fn(FighterId) -> Option<Side>,
) -> [SideRound; 2] {
    let mut sides: [SideRound; 2] = Default::default();
    for e in log.entries.iter().filter(|e| e.round == round) {
        match &e.event {
            Event::Score { side, points, .. } => sides[*side].points += points,
            Event::Control {
                objective, side, ..
            } => sides[*side].took.push(objective + 1),
            Event::TakenDown { fighter } => {
                if let Some(s) = side_of(*fighter) {
                    sides[s].lost.push(log.names.fighter(*fighter));
                }
            }
            _ => {}
        }
    }
    sides
}

/// One side's line: "Ironclad Vanguard: +2 victory points, took objective 1, lost Tofa".
pub(crate) fn side_line(name: &str, r: &SideRound) -> String {
    let mut parts = vec![format!(
        "+{} victory point{}",
        r.points,
        if r.points == 1 { "" } else { "s" }
    )];
    if !r.took.is_empty() {
        let list: Vec<String> = r.took.iter().map(|o| o.to_string()).collect();
        let noun = if r.took.len() == 1 {
            "objective"
        } else {
            "objectives"
        };
        parts.push(format!("took {noun} {}", list.join(" and ")));
    }
    parts.push(if r.lost.is_empty() {
        "lost no one".into()
    } else {
        format!("lost {}", r.lost.join(", "))
    });
    format!("{name}: {}", parts.join(", "))
}

/// The round the banner is for and when it appeared.
#[derive(Default)]
struct Showing {
    round: u32,
    since: f64,
    dismissed: bool,
}

#[allow(clippy::too_many_arguments)]
fn round_banner(
    mut contexts: EguiContexts,
    engine: Res<Engine>,
    info: Res<BattleInfo>,
    log: Res<BattleLog>,
    time: Res<Time<Real>>,
    fighters: Query<(&Fighter, &Side)>,
    mut showing: Local<Showing>,
) -> Result {
    let now = time.elapsed_secs_f64();
    if engine.round != showing.round {
        *showing = Showing {
            round: engine.round,
            since: now,
            dismissed: false,
        };
    }
    let age = now - showing.since;
    let shown = shown(showing.round);
    if showing.round == 0 || showing.dismissed || age > shown {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    ctx.request_repaint();
    let fade = ((shown - age) / 0.6).clamp(0.0, 1.0) as f32;
    let side_of = |id: FighterId| fighters.iter().find(|f| f.0.id == id).map(|f| *f.1);
    let last = round_summary(&log, showing.round - 1, side_of);
    let r = egui::Area::new(egui::Id::new("round banner"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, -60.0])
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            ui.set_opacity(fade);
            banner(ui, &info, &log.names, showing.round, &last);
            let rect = ui.min_rect();
            ui.interact(
                rect,
                egui::Id::new("round banner click"),
                egui::Sense::click(),
            )
            .clicked()
        });
    if r.inner {
        showing.dismissed = true;
    }
    Ok(())
}

fn banner(ui: &mut egui::Ui, info: &BattleInfo, names: &Names, round: u32, last: &[SideRound; 2]) {
    egui::Frame::new()
        .fill(egui::Color32::from_rgba_unmultiplied(14, 15, 18, 225))
        .stroke(egui::Stroke::new(1.5, super::theme::BRONZE))
        .corner_radius(8.0)
        .inner_margin(egui::Margin::symmetric(28, 14))
        .show(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new(format!("Round {round} of {}", info.victory.rounds))
                        .size(34.0)
                        .strong()
                        .color(super::theme::BRONZE),
                );
                if round == 1 {
                    ui.label(format!("{}: {}", info.victory.name, info.victory.summary()));
                    return;
                }
                ui.label(egui::RichText::new(format!("Round {}", round - 1)).weak());
                for (s, r) in Side::BOTH.iter().copied().zip(last.iter()) {
                    ui.label(
                        egui::RichText::new(side_line(&names.side(s), r))
                            .color(palette::side_text_colour(info.sides[s].colour)),
                    );
                }
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::log::LogEntry;

    fn entry(round: u32, event: Event) -> LogEntry {
        LogEntry {
            round,
            rules: vec![],
            event,
        }
    }

    /// VIC-1, GEN-7, ATK-5: the summary of a round counts its points, the objectives taken
    /// and the fighters lost, each to its own side, and nothing from other rounds.
    #[test]
    fn vic1_a_round_summary_says_who_scored_took_and_lost_what() {
        let mut log = BattleLog::default();
        log.names.fighters = vec!["Tofa".into(), "Ka".into(), "Vesk".into()];
        log.names.sides = ["Ironclad".into(), "Ashen".into()];
        log.entries = vec![
            entry(
                1,
                Event::TakenDown {
                    fighter: FighterId(2),
                },
            ),
            entry(
                2,
                Event::TakenDown {
                    fighter: FighterId(0),
                },
            ),
            entry(
                2,
                Event::Control {
                    objective: 0,
                    side: Side::B,
                    fighters: [0, 2],
                },
            ),
            entry(
                2,
                Event::Score {
                    side: Side::B,
                    objectives: 1,
                    points: 2,
                    total: 2,
                },
            ),
        ];
        let side_of = |id: FighterId| Some(if id == FighterId(0) { Side::A } else { Side::B });
        let [a, b] = round_summary(&log, 2, side_of);
        assert_eq!(
            side_line("Ironclad", &a),
            "Ironclad: +0 victory points, lost Tofa"
        );
        assert_eq!(
            side_line("Ashen", &b),
            "Ashen: +2 victory points, took objective 1, lost no one"
        );
    }
}
