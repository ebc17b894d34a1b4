//! The battle log as a person reads it: newest first, each line with its rule IDs (hover one
//! for what the rule says), filtered to one round and/or one fighter's story.

use crate::model::ids::FighterId;
use bevy_egui::egui;

use crate::rules::log::BattleLog;

/// What the log shows.
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct LogFilter {
    /// Only this round (`None`: every round).
    pub round: Option<u32>,
    /// Only what this fighter (battle id) did or suffered.
    pub fighter: Option<FighterId>,
}

/// The filters and the entries they let through, newest first.
pub(crate) fn log_tab(
    ui: &mut egui::Ui,
    log: &BattleLog,
    filter: &mut LogFilter,
    fighters: &[(FighterId, String)],
) {
    filters(ui, log, filter, fighters);
    ui.separator();
    let shown: Vec<_> = log
        .entries
        .iter()
        .rev()
        .filter(|e| filter.round.is_none_or(|r| e.round == r))
        .filter(|e| {
            filter
                .fighter
                .is_none_or(|f| e.event.fighters().contains(&f))
        })
        .collect();
    if shown.is_empty() {
        ui.weak("Nothing yet.");
    }
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            for e in shown.iter().take(SHOWN) {
                let (words, mut rules) = super::words::split_tags(&log.text_of(e));
                let words = egui::RichText::new(format!("R{} · {words}", e.round)).small();
                rules.extend(
                    e.rules
                        .iter()
                        .filter(|r| !rules.contains(r))
                        .copied()
                        .collect::<Vec<_>>(),
                );
                super::words::tagged_words(ui, words, &rules);
            }
            if shown.len() > SHOWN {
                ui.weak(format!(
                    "{} older entries: pick a round to see them.",
                    shown.len() - SHOWN
                ));
            }
        });
}

/// Entries laid out at most (each is wrapped text, laid out every frame).
const SHOWN: usize = 150;

/// The round and fighter pickers.
fn filters(
    ui: &mut egui::Ui,
    log: &BattleLog,
    filter: &mut LogFilter,
    fighters: &[(FighterId, String)],
) {
    let last_round = log.entries.last().map_or(0, |e| e.round);
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt("log round")
            .selected_text(match filter.round {
                None => "Every round".to_string(),
                Some(0) => "Setup".to_string(),
                Some(r) => format!("Round {r}"),
            })
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut filter.round, None, "Every round");
                for r in 0..=last_round {
                    let label = if r == 0 {
                        "Setup".into()
                    } else {
                        format!("Round {r}")
                    };
                    ui.selectable_value(&mut filter.round, Some(r), label);
                }
            });
        let name = |id: FighterId| {
            fighters
                .iter()
                .find(|f| f.0 == id)
                .map_or_else(|| format!("fighter {id}"), |f| f.1.clone())
        };
        egui::ComboBox::from_id_salt("log fighter")
            .selected_text(filter.fighter.map_or("Every fighter".into(), name))
            .show_ui(ui, |ui| {
                ui.selectable_value(&mut filter.fighter, None, "Every fighter");
                for (id, n) in fighters {
                    ui.selectable_value(&mut filter.fighter, Some(*id), n);
                }
            });
    });
}
