//! MOVE-8 in the decision panel: the falling fighter's opponent picks where it lands, by how
//! far it drops (each level it could land on), or takes the default spot.

use crate::model::ids::FighterId;
use crate::model::ids::Side;
use bevy_egui::egui;

use super::decision_panel::name;
use crate::rules::actions::Landing;
use crate::rules::command::Command;

/// One place to land, for the buttons: on which level, how far down.
struct Level {
    at: [f32; 3],
    drop: f32,
}

/// The choices on each level it could land on (floor or a platform), lowest drop first: the
/// spot nearest the default (`near`), and the one farthest from it. A spot that is the
/// default itself is left out (the default has its own button).
fn levels(from: [f32; 3], spots: &[[f32; 3]], near: [f32; 3]) -> Vec<(Level, Option<Level>)> {
    let gap = |p: &[f32; 3]| (p[0] - near[0]).hypot(p[2] - near[2]);
    let mut heights: Vec<f32> = Vec::new();
    for p in spots {
        if !heights.iter().any(|h| (h - p[1]).abs() < 0.05) {
            heights.push(p[1]);
        }
    }
    heights.sort_by(|a, b| b.total_cmp(a));
    let level = |at: [f32; 3]| Level {
        at,
        drop: from[1] - at[1],
    };
    heights
        .into_iter()
        .filter_map(|h| {
            let on: Vec<&[f32; 3]> = spots.iter().filter(|p| (p[1] - h).abs() < 0.05).collect();
            let nearest = **on.iter().min_by(|a, b| gap(a).total_cmp(&gap(b)))?;
            let farthest = **on.iter().max_by(|a, b| gap(a).total_cmp(&gap(b)))?;
            let far = (gap(&farthest) - gap(&nearest) > 0.5).then(|| level(farthest));
            Some((level(nearest), far))
        })
        .collect()
}

/// "On the floor" or "On a platform", and the drop in inches.
fn level_words(l: &Level) -> String {
    let on = if l.at[1] < 0.05 {
        "On the floor"
    } else {
        "On a platform"
    };
    format!("{on}, a {:.1}\" drop", l.drop)
}

/// The decision: a fighter fell (`l`); the side `side` picks.
pub(super) fn land(
    ui: &mut egui::Ui,
    names: &[(FighterId, String)],
    side: Side,
    l: &Landing,
    send: &mut impl FnMut(Command),
) {
    let fighter = name(names, l.fighter);
    let by = l.attacker.map(|a| name(names, a));
    ui.label(format!(
        "{fighter} falls: you pick where it lands, within 2\" and lower."
    ));
    let (near_words, away_words) = match &by {
        Some(a) => (format!("nearest {a}"), format!("away from {a}")),
        None => (
            "right below where it hung".to_string(),
            "away from where it hung".to_string(),
        ),
    };
    let default_drop = l.default.map_or(String::new(), |d| {
        format!(" (a {:.1}\" drop)", l.from[1] - d[1])
    });
    let pick = ui
        .button(format!("Where the rules pick: {near_words}{default_drop}"))
        .on_hover_text("MOVE-8: the opponent picks where a falling fighter lands");
    if pick.clicked() {
        send(Command::Land { side, at: None });
    }
    let near = l.default.unwrap_or(l.from);
    for (nearest, far) in levels(l.from, &l.spots, near) {
        if Some(nearest.at) != l.default && ui.button(level_words(&nearest)).clicked() {
            send(Command::Land {
                side,
                at: Some(nearest.at),
            });
        }
        if let Some(f) = far {
            let words = format!("{}, {away_words}", level_words(&f));
            if ui.button(words).clicked() {
                send(Command::Land {
                    side,
                    at: Some(f.at),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move8_each_level_offers_the_spot_nearest_the_default_and_the_one_farthest() {
        let from = [10.0, 5.0, 10.0];
        let spots = [
            [9.0, 0.0, 10.0],
            [11.5, 0.0, 10.0],
            [10.0, 3.0, 11.0],
            [10.5, 3.0, 10.0],
        ];
        let l = levels(from, &spots, [12.0, 0.0, 10.0]);
        let shown: Vec<String> = l.iter().map(|(n, _)| level_words(n)).collect();
        assert_eq!(
            shown,
            ["On a platform, a 2.0\" drop", "On the floor, a 5.0\" drop"]
        );
        assert_eq!(l[0].0.at, [10.5, 3.0, 10.0]);
        assert_eq!(l[0].1.as_ref().map(|f| f.at), Some([10.0, 3.0, 11.0]));
        assert_eq!(l[1].0.at, [11.5, 0.0, 10.0]);
        assert_eq!(l[1].1.as_ref().map(|f| f.at), Some([9.0, 0.0, 10.0]));
    }
}
