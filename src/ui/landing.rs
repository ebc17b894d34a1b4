//! MOVE-8 in the decision panel: the falling fighter's opponent picks where it lands, by how
//! far it drops (each level it could land on), or takes the default spot.

use bevy_egui::egui;

use crate::rules::actions::Landing;
use crate::rules::command::Command;

/// One place to land, for the buttons: on which level, how far down.
struct Level {
    at: [f32; 3],
    drop: f32,
}

/// The spots grouped by the level they are on (floor or a platform), each level's spot the
/// one nearest the default (`near`); highest first.
fn levels(from: [f32; 3], spots: &[[f32; 3]], near: [f32; 3]) -> Vec<Level> {
    let mut out: Vec<Level> = Vec::new();
    let gap = |p: &[f32; 3]| (p[0] - near[0]).hypot(p[2] - near[2]);
    for p in spots {
        match out.iter_mut().find(|l| (l.at[1] - p[1]).abs() < 0.05) {
            Some(l) if gap(p) < gap(&l.at) => l.at = *p,
            Some(_) => {}
            None => out.push(Level {
                at: *p,
                drop: from[1] - p[1],
            }),
        }
    }
    out.sort_by(|a, b| a.drop.total_cmp(&b.drop));
    out
}

/// "on the floor" or "on a platform", and the drop in inches.
fn level_words(l: &Level) -> String {
    let on = if l.at[1] < 0.05 {
        "On the floor"
    } else {
        "On a platform"
    };
    format!("{on}, a {:.1}\" drop", l.drop)
}

/// The decision: `fighter` (its name) fell from `from`; the side `side` picks.
pub(super) fn land(
    ui: &mut egui::Ui,
    fighter: String,
    side: usize,
    l: &Landing,
    send: &mut impl FnMut(Command),
) {
    ui.label(format!(
        "{fighter} falls: you pick where it lands, within 2\" and lower."
    ));
    if ui
        .button("Where the rules pick: nearest the attacker")
        .on_hover_text(
            "MOVE-8: the opponent picks; this is the spot nearest the attacker (or where it hung)",
        )
        .clicked()
    {
        send(Command::Land { side, at: None });
    }
    let near = l.default.unwrap_or(l.from);
    for l in levels(l.from, &l.spots, near) {
        if ui.button(level_words(&l)).clicked() {
            send(Command::Land {
                side,
                at: Some(l.at),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move8_each_level_it_could_land_on_is_one_choice_nearest_the_default() {
        let from = [10.0, 5.0, 10.0];
        let spots = [
            [9.0, 0.0, 10.0],
            [11.5, 0.0, 10.0],
            [10.0, 3.0, 11.0],
            [10.5, 3.0, 10.0],
        ];
        let l = levels(from, &spots, [12.0, 0.0, 10.0]);
        let shown: Vec<String> = l.iter().map(level_words).collect();
        assert_eq!(
            shown,
            ["On a platform, a 2.0\" drop", "On the floor, a 5.0\" drop"]
        );
        assert_eq!(l[0].at, [10.5, 3.0, 10.0]);
        assert_eq!(l[1].at, [11.5, 0.0, 10.0]);
    }
}
