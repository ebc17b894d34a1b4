//! The tape measure's reading (V), at the bottom of the screen: what to click, then the
//! distance as the rules measure it, and between two fighters sight and cover, each with its
//! rule as a tag.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::screens::Screen;
use crate::view::tape::{Reading, Tape};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        tape_panel
            .run_if(in_state(Screen::Battle).or_else(in_state(Screen::End)))
            .in_set(super::Panels),
    );
}

fn tape_panel(mut contexts: EguiContexts, mut tape: ResMut<Tape>) -> Result {
    if !tape.on {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Tape measure")
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -10.0])
        .collapsible(false)
        .resizable(false)
        .default_width(380.0)
        .show(ctx, |ui| {
            ui.set_width(380.0);
            match (&tape.from, &tape.reading) {
                (None, _) => {
                    ui.label("Click a fighter or a spot on the board to measure from.");
                }
                (Some(_), None) => {
                    ui.label("Now click a fighter or a spot to measure to.");
                }
                (Some(_), Some(r)) => {
                    for line in reading_lines(r) {
                        super::words::tagged(ui, &line);
                    }
                    ui.weak("Click again to measure from there.");
                }
            }
            if ui.button("Put the tape away (V)").clicked() {
                *tape = Tape::default();
            }
        });
    Ok(())
}

/// The reading in sentences, each ending with its rule: "Tofa to Zealot Ka: 5.5\" [GEN-2]".
pub(crate) fn reading_lines(r: &Reading) -> Vec<String> {
    let m = &r.report;
    let mut lines = vec![format!(
        "{} to {}: {:.1}\" [GEN-2]",
        r.from, r.to, m.distance
    )];
    if m.vertical > 0.05 {
        lines.push(format!(
            "{:.1}\" across and {:.1}\" up or down, counted as {:.1}\" [GEN-2]",
            m.horizontal, m.vertical, m.vertical_rounded
        ));
    }
    if let Some(seen) = m.visible {
        lines.push(format!(
            "{} {} {} [GEN-3]",
            r.from,
            if seen { "can see" } else { "can't see" },
            r.to
        ));
        lines.push(match &m.cover {
            Some(c) => format!("{} is in cover from {}: {c} [ATK-4]", r.to, r.from),
            None => format!("{} is not in cover from {} [ATK-4]", r.to, r.from),
        });
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battlefield::query::MeasureReport;

    /// GEN-2, GEN-3, ATK-4: the tape reads in words, names and inches, with the vertical
    /// rounded up to the half inch, and sight and cover between fighters.
    #[test]
    fn gen2_the_tape_reads_distance_sight_and_cover_in_words() {
        let r = Reading {
            from: "Tofa".into(),
            to: "Zealot Ka".into(),
            report: MeasureReport {
                from: "Tofa (#6)".into(),
                to: "Zealot Ka (#10)".into(),
                distance: 5.46,
                horizontal: 5.1,
                vertical: 2.2,
                vertical_rounded: 2.5,
                visible: Some(true),
                cover: Some("behind the wall east".into()),
            },
        };
        assert_eq!(
            reading_lines(&r),
            vec![
                "Tofa to Zealot Ka: 5.5\" [GEN-2]",
                "5.1\" across and 2.2\" up or down, counted as 2.5\" [GEN-2]",
                "Tofa can see Zealot Ka [GEN-3]",
                "Zealot Ka is in cover from Tofa: behind the wall east [ATK-4]",
            ]
        );
    }
}
