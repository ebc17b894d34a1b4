//! The activation tracker, always on screen at the left under the scoreboard: each side's
//! fighters with how many are still to activate this round (CMB-1), each row a mark for where
//! the fighter stands (to activate, waiting, done, in reserve, taken down), its name and its
//! wounds left of its wounds. A click on a row shows the fighter's card.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::model::components::{Activation, BattleInfo, Damage, Fighter, Presence, Profile, Side};
use crate::rules::engine::Engine;
use crate::screens::Screen;
use crate::view::palette;
use crate::view::picking::Selected;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        tracker
            .run_if(in_state(Screen::Battle).or_else(in_state(Screen::End)))
            .in_set(super::GamePanels),
    );
}

/// Where a fighter stands in the round, as the tracker marks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Standing {
    Active,
    ToActivate,
    Waiting,
    Done,
    Reserve(u32),
    Unplaced,
    Down,
}

impl Standing {
    pub(crate) fn of(p: Presence, a: Activation, active: bool) -> Standing {
        match (p, a) {
            _ if active => Standing::Active,
            (Presence::TakenDown, _) => Standing::Down,
            (Presence::Reserve { round }, _) => Standing::Reserve(round),
            (Presence::Unplaced, _) => Standing::Unplaced,
            (Presence::Deployed, Activation::Ready) => Standing::ToActivate,
            (Presence::Deployed, Activation::Waiting) => Standing::Waiting,
            (Presence::Deployed, Activation::Activated) => Standing::Done,
        }
    }

    /// Still to act this round (CMB-1: activated or waiting to).
    pub(crate) fn to_act(self) -> bool {
        matches!(
            self,
            Standing::ToActivate | Standing::Waiting | Standing::Active
        )
    }

    /// What the row's mark means, on hover.
    fn means(self) -> String {
        match self {
            Standing::Active => "Acting now".into(),
            Standing::ToActivate => "Still to activate this round".into(),
            Standing::Waiting => "Waited: activates again later (WAIT-1)".into(),
            Standing::Done => "Activated this round".into(),
            Standing::Reserve(r) => format!("In reserve: arrives in round {r}"),
            Standing::Unplaced => "Not yet set up".into(),
            Standing::Down => "Taken down".into(),
        }
    }
}

/// The row's mark, painted (the fonts egui ships have no filled circle): a triangle for the
/// fighter acting, a dot in the side's colour for one to activate, a ring for one waiting, a
/// faint dot once done, a cross once taken down, "R2" for a reserve.
fn mark(ui: &mut egui::Ui, st: Standing, side: egui::Color32) -> egui::Response {
    let (rect, r) = ui.allocate_exact_size(egui::vec2(20.0, 14.0), egui::Sense::hover());
    let p = ui.painter();
    let c = rect.center();
    let grey = egui::Color32::from_gray(110);
    match st {
        Standing::Active => {
            let pts = vec![
                c + egui::vec2(-4.0, -5.0),
                c + egui::vec2(5.0, 0.0),
                c + egui::vec2(-4.0, 5.0),
            ];
            p.add(egui::Shape::convex_polygon(
                pts,
                super::theme::BRONZE,
                egui::Stroke::NONE,
            ));
        }
        Standing::ToActivate => {
            p.circle_filled(c, 4.5, side);
        }
        Standing::Waiting => {
            p.circle_stroke(c, 4.0, egui::Stroke::new(1.5, side));
        }
        Standing::Done => {
            p.circle_filled(c, 2.5, grey);
        }
        Standing::Down => {
            let s = egui::Stroke::new(1.5, grey);
            p.line_segment([c + egui::vec2(-4.0, -4.0), c + egui::vec2(4.0, 4.0)], s);
            p.line_segment([c + egui::vec2(-4.0, 4.0), c + egui::vec2(4.0, -4.0)], s);
        }
        Standing::Reserve(round) => {
            p.text(
                c,
                egui::Align2::CENTER_CENTER,
                format!("R{round}"),
                egui::FontId::proportional(11.0),
                grey,
            );
        }
        Standing::Unplaced => {
            p.circle_stroke(c, 2.5, egui::Stroke::new(1.0, grey));
        }
    }
    r.on_hover_text(st.means())
}

/// Every fighter with what its row shows.
type Rows<'w, 's> = Query<
    'w,
    's,
    (
        &'static Fighter,
        &'static Side,
        &'static Presence,
        &'static Activation,
        &'static Profile,
        &'static Damage,
    ),
>;

/// Width of the tracker column.
pub(crate) const WIDTH: f32 = 210.0;

fn tracker(
    mut contexts: EguiContexts,
    info: Res<BattleInfo>,
    eng: Res<Engine>,
    mut selected: ResMut<Selected>,
    rows: Rows,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let active = eng.activation.as_ref().map(|a| a.fighter);
    let solo = info.solo_sides();
    egui::Window::new("Fighters")
        .anchor(
            egui::Align2::LEFT_TOP,
            [8.0, super::scoreboard::BAR_HEIGHT + 8.0],
        )
        .title_bar(false)
        .resizable(false)
        .default_width(WIDTH)
        .frame(super::theme::hud_frame())
        .show(ctx, |ui| {
            ui.set_width(WIDTH);
            ui.spacing_mut().item_spacing.y = 1.0;
            list_area(ui).show(ui, |ui| {
                for s in Side::BOTH {
                    let mut mine: Vec<_> = rows.iter().filter(|r| *r.1 == s).collect();
                    mine.sort_by_key(|r| r.0.id);
                    let standing: Vec<Standing> = mine
                        .iter()
                        .map(|r| Standing::of(*r.2, *r.3, active == Some(r.0.id)))
                        .collect();
                    let colour = palette::side_text_colour(info.sides[s].colour);
                    side_header(ui, &info, s, &standing, eng.outcome.is_some());
                    if waits_to_roll(&eng, solo, s) {
                        ui.label(egui::RichText::new("rolls after your wild dice").small())
                            .on_hover_text(
                                "In solo mode the automated warband rolls its initiative \
                                     dice once you have settled yours (SOLO-I1)",
                            );
                    } else if eng.round > 0 {
                        ui.label(
                            egui::RichText::new(crate::sim::now::dice_words(&eng.dice[s])).small(),
                        )
                        .on_hover_text(
                            "Dice left this round: singles to spend on abilities \
                                     costing a single, groups of the same value on the others \
                                     (ABL-1); wild dice saved for a later round (INI-4)",
                        );
                    }
                    // Reserves and the fallen in a line each: fewer rows to read (and to
                    // draw, which the software renderer feels).
                    let mut aside: [Vec<String>; 2] = Default::default();
                    for (r, st) in mine.iter().zip(&standing) {
                        match st {
                            Standing::Reserve(n) => {
                                aside[0].push(format!("{} (round {n})", r.0.name))
                            }
                            Standing::Down => aside[1].push(r.0.name.to_string()),
                            _ => {
                                let left = r.4.0.wounds.saturating_sub(r.5.0);
                                let w = (left, r.4.0.wounds);
                                row(ui, r.0, (*st, colour), w, &mut selected);
                            }
                        }
                    }
                    for (what, names) in ["In reserve", "Taken down"].iter().zip(&aside) {
                        if !names.is_empty() {
                            let line = format!("{what}: {}", names.join(", "));
                            ui.label(egui::RichText::new(line).small().weak());
                        }
                    }
                    ui.add_space(6.0);
                }
            });
        });
    Ok(())
}

/// The tracker's scrolling list, as tall as the window leaves between the scoreboard and the
/// log, with a solid bar whenever the list is longer: a thin floating one showed only under
/// the pointer, and a cut-off list looked whole.
fn list_area(ui: &mut egui::Ui) -> egui::ScrollArea {
    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
    egui::ScrollArea::vertical().max_height(
        ui.ctx().content_rect().height()
            - super::scoreboard::BAR_HEIGHT
            - super::log_window::HEIGHT
            - 56.0,
    )
}

/// "Ironclad Vanguard · 5 of 8 to act"; once the battle is over, "5 left standing".
fn side_header(ui: &mut egui::Ui, info: &BattleInfo, s: Side, standing: &[Standing], over: bool) {
    let colour = palette::side_text_colour(info.sides[s].colour);
    ui.label(
        egui::RichText::new(&info.sides[s].name)
            .strong()
            .color(colour),
    );
    ui.label(
        egui::RichText::new(header_words(standing, over))
            .small()
            .weak(),
    );
}

/// How many of a side's fighters are still to act, of those standing.
fn header_words(standing: &[Standing], over: bool) -> String {
    let to_act = standing.iter().filter(|s| s.to_act()).count();
    let standing_up = standing.iter().filter(|s| **s != Standing::Down).count();
    if over {
        format!("{standing_up} left standing")
    } else {
        format!("{to_act} of {standing_up} still to act")
    }
}

/// SOLO-I1: while the human declares its wild dice, the automated warband has not rolled
/// this round's dice yet (its dice are still last round's).
fn waits_to_roll(eng: &Engine, solo: Option<(Side, Side)>, side: Side) -> bool {
    solo.is_some_and(|(human, ai)| {
        side == ai && eng.pending == crate::rules::engine::Pending::WildDice { side: human }
    })
}

/// One fighter: its mark, name and wounds; a click shows its card.
fn row(
    ui: &mut egui::Ui,
    f: &Fighter,
    (st, colour): (Standing, egui::Color32),
    (left, wounds): (u32, u32),
    selected: &mut Selected,
) {
    let dim = matches!(st, Standing::Done | Standing::Down);
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        ui.spacing_mut().button_padding.y = 0.0;
        mark(ui, st, colour);
        let mut name = egui::RichText::new(&*f.name);
        if dim {
            name = name.weak();
        }
        if st == Standing::Down {
            name = name.strikethrough();
        }
        if st == Standing::Active {
            name = name.strong();
        }
        let clicked = ui
            .selectable_label(selected.0 == Some(f.id), name)
            .on_hover_text("Show its card")
            .clicked();
        if clicked {
            selected.0 = Some(f.id);
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let share = left as f32 / wounds.max(1) as f32;
            ui.label(
                egui::RichText::new(format!("{left}/{wounds} W"))
                    .small()
                    .color(palette::wounds_colour(share)),
            )
            .on_hover_text("Wounds left of its wounds");
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CMB-1, WAIT-1: a fighter still to activate or waiting counts as still to act; one
    /// activated, in reserve or taken down does not.
    #[test]
    fn cmb1_the_tracker_counts_who_is_still_to_act() {
        use Activation::*;
        let d = Presence::Deployed;
        assert!(Standing::of(d, Ready, false).to_act());
        assert!(Standing::of(d, Waiting, false).to_act());
        assert!(Standing::of(d, Activated, true).to_act());
        assert!(!Standing::of(d, Activated, false).to_act());
        assert!(!Standing::of(Presence::Reserve { round: 2 }, Ready, false).to_act());
        assert!(!Standing::of(Presence::TakenDown, Ready, false).to_act());
        assert_eq!(
            Standing::of(Presence::Reserve { round: 2 }, Ready, false).means(),
            "In reserve: arrives in round 2"
        );
    }

    /// VIC-1: once the battle is over nobody is still to act; the tracker says who is left
    /// standing (it said "5 of 5 still to act" under the end screen).
    #[test]
    fn vic1_after_the_battle_the_tracker_counts_who_is_left_standing() {
        let d = Standing::of(Presence::Deployed, Activation::Ready, false);
        let down = Standing::Down;
        assert_eq!(header_words(&[d, d, down], false), "2 of 2 still to act");
        assert_eq!(header_words(&[d, d, down], true), "2 left standing");
    }
}
