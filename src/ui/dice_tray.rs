//! The dice tray: the newest roll of the battle, shown as it is rolled. The dice tumble for a
//! moment, then settle on what the battle rolled (the log's event, the same data the log's
//! sentence comes from): hit rolls coloured miss / hit / critical (ATK-3), initiative dice
//! (INI-1), and the other rolls (impact, knock-off, strike them down, roll-offs) as they fell.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::rules::log::{BattleLog, Event, LogEntry};
use crate::screens::Screen;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        dice_tray
            .run_if(in_state(Screen::Battle))
            .in_set(super::GamePanels),
    );
}

/// Seconds the dice tumble before they settle; an attack's a little longer, with its odds
/// shown meanwhile (ATK-3), so that they can be read before the dice fall.
const TUMBLE: f64 = 0.6;
const ATTACK_TUMBLE: f64 = 1.0;

/// ATK-3: an attack's exact odds as they stood before its dice were rolled.
fn odds_before(event: &Event) -> Option<String> {
    let (roll, wounds) = crate::rules::odds::AttackRoll::of_event(event)?;
    Some(roll.odds()?.summary(wounds))
}

/// How a die reads.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Reading {
    Plain,
    Miss,
    Hit,
    Critical,
}

/// A roll: its dice and how each reads.
fn roll_of(event: &Event) -> Option<Vec<(u8, Reading)>> {
    let plain = |dice: &[u8]| dice.iter().map(|&d| (d, Reading::Plain)).collect();
    Some(match event {
        Event::Attack { rolls, needed, .. } => rolls
            .iter()
            .map(|&d| {
                let r = match d {
                    6 => Reading::Critical,
                    d if d >= *needed => Reading::Hit,
                    _ => Reading::Miss,
                };
                (d, r)
            })
            .collect(),
        Event::InitiativeRoll { dice, .. } => plain(dice),
        Event::ImpactRoll { roll, .. } | Event::KnockOffRoll { roll, .. } => plain(&[*roll]),
        Event::StrikeThemDown { roll, .. } => plain(&[*roll]),
        Event::Fall { impacts, .. } if !impacts.is_empty() => {
            impacts.iter().map(|i| (i.0, Reading::Plain)).collect()
        }
        _ => return None,
    })
}

/// A roll on show: the entry and its dice.
type Shown<'a> = (&'a LogEntry, Vec<(u8, Reading)>);

/// The newest entry that rolled dice, with its index in the log; with both sides' dice when it
/// is the initiative roll (INI-1: both sides roll at once). None once a fighter has been
/// activated since: a roll stays up until the next activation, not through the other side's.
fn newest_roll(log: &BattleLog) -> Option<(usize, Vec<Shown<'_>>)> {
    let (i, e, r) = log
        .entries
        .iter()
        .enumerate()
        .rev()
        .take_while(|(_, e)| !matches!(e.event, Event::Activate { .. }))
        .find_map(|(i, e)| roll_of(&e.event).map(|r| (i, e, r)))?;
    let mut rows = vec![(e, r)];
    if let (Event::InitiativeRoll { .. }, Some(prev)) = (&e.event, i.checked_sub(1)) {
        let p = &log.entries[prev];
        if let (Event::InitiativeRoll { .. }, Some(dice)) = (&p.event, roll_of(&p.event)) {
            rows.insert(0, (p, dice));
        }
    }
    Some((i, rows))
}

fn dice_tray(
    mut contexts: EguiContexts,
    log: Res<BattleLog>,
    time: Res<Time<Real>>,
    mut seen: Local<Option<(usize, f64)>>,
) -> Result {
    let Some((index, rows)) = newest_roll(&log) else {
        return Ok(());
    };
    let now = time.elapsed_secs_f64();
    if seen.is_none_or(|s| s.0 != index) {
        *seen = Some((index, now));
    }
    let odds = odds_before(&rows[rows.len() - 1].0.event);
    let tumble = if odds.is_some() {
        ATTACK_TUMBLE
    } else {
        TUMBLE
    };
    let rolling = seen.is_some_and(|s| now - s.1 < tumble);
    let ctx = contexts.ctx_mut()?;
    if rolling {
        ctx.request_repaint();
    }
    egui::Window::new("Dice")
        .anchor(
            egui::Align2::CENTER_TOP,
            [0.0, super::scoreboard::BAR_HEIGHT + 8.0],
        )
        .collapsible(true)
        .resizable(false)
        .title_bar(false)
        .show(ctx, |ui| {
            for (entry, dice) in &rows {
                ui.horizontal(|ui| {
                    for (k, (d, r)) in dice.iter().enumerate() {
                        if rolling {
                            // Tumbling: a face that changes every few frames, not the result.
                            let face = ((now * 14.0) as usize + k * 5) % 6 + 1;
                            die(ui, face as u8, Reading::Plain);
                        } else {
                            die(ui, *d, *r);
                        }
                    }
                });
                if !rolling {
                    let words = super::words::split_tags(&log.text_of(entry)).0;
                    let words = egui::RichText::new(words).small();
                    super::words::tagged_words(ui, words, &entry.rules);
                }
            }
            if let Some(odds) = &odds {
                let (lead, text) = if rolling {
                    ("Rolling", egui::RichText::new(format!("Rolling: {odds}")))
                } else {
                    (
                        "Before the roll",
                        egui::RichText::new(format!("Before the roll: {odds}"))
                            .small()
                            .weak(),
                    )
                };
                ui.label(text)
                    .on_hover_text(format!("{lead}: the exact odds of this attack (ATK-3)"));
            }
        });
    Ok(())
}

/// One die: a rounded square with its number, coloured by how it reads.
fn die(ui: &mut egui::Ui, face: u8, reading: Reading) {
    let (fill, text) = match reading {
        Reading::Plain => (egui::Color32::from_rgb(235, 230, 215), egui::Color32::BLACK),
        Reading::Miss => (
            egui::Color32::from_rgb(90, 90, 95),
            egui::Color32::LIGHT_GRAY,
        ),
        Reading::Hit => (egui::Color32::from_rgb(70, 160, 80), egui::Color32::WHITE),
        Reading::Critical => (egui::Color32::from_rgb(230, 180, 40), egui::Color32::BLACK),
    };
    let (rect, _) = ui.allocate_exact_size(egui::vec2(26.0, 26.0), egui::Sense::hover());
    ui.painter().rect_filled(rect, 5.0, fill);
    ui.painter().text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        face.to_string(),
        egui::FontId::monospace(16.0),
        text,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ids::FighterId;

    /// ATK-3: against 4+, a 6 is a critical hit, a 4 or 5 a hit, below a miss.
    #[test]
    fn atk3_hit_dice_read_as_miss_hit_and_critical() {
        let e = Event::Attack {
            attacker: FighterId(0),
            target: FighterId(1),
            weapon: "Axe".into(),
            strength: 4,
            toughness: 4,
            cover: None,
            rolls: vec![1, 4, 6, 3, 5],
            needed: 4,
            hits: 2,
            crits: 1,
            take_cover: None,
            damage: 4,
            profile: (2, 4),
            wounds_before: 8,
        };
        let r: Vec<Reading> = roll_of(&e).unwrap().into_iter().map(|d| d.1).collect();
        use Reading::*;
        assert_eq!(r, vec![Miss, Hit, Critical, Miss, Hit]);
        assert!(roll_of(&Event::ExtraRound).is_none());
    }

    /// CMB-1: a roll stays in the tray until the next fighter is activated; that fighter's own
    /// roll then shows.
    #[test]
    fn cmb1_the_tray_clears_when_the_next_fighter_is_activated() {
        let entry = |event| LogEntry {
            round: 1,
            rules: vec![],
            event,
        };
        let activate = |fighter| {
            entry(Event::Activate {
                fighter,
                side: crate::model::ids::Side::A,
                actions: 2,
                after_wait: false,
            })
        };
        let roll = entry(Event::KnockOffRoll {
            fighter: FighterId(0),
            roll: 4,
            falls: false,
        });
        let mut log = BattleLog::new(Default::default());
        log.entries = vec![activate(FighterId(0)), roll.clone()];
        assert_eq!(newest_roll(&log).map(|r| r.0), Some(1));
        log.entries.push(activate(FighterId(1)));
        assert!(newest_roll(&log).is_none(), "the old roll stays up");
        log.entries.push(roll);
        assert_eq!(newest_roll(&log).map(|r| r.0), Some(3));
    }
}
