//! Help (F1, or "?" on the scoreboard): the keys and the mouse, and a glossary of the game's
//! words, each with the rule it comes from.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::model::RuleId;
use crate::screens::Screen;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Help>().add_systems(
        EguiPrimaryContextPass,
        help.run_if(in_state(Screen::Battle).or_else(in_state(Screen::End)))
            .in_set(super::Panels),
    );
}

/// Whether help is open.
#[derive(Resource, Debug, Default)]
pub(crate) struct Help(pub bool);

/// Keys and mouse, as (what, does).
pub(crate) const KEYS: &[(&str, &str)] = &[
    (
        "Left click",
        "pick a fighter, a place to move to, or an enemy to attack",
    ),
    ("Right click, Esc", "cancel the move being chosen"),
    ("Left drag, right drag", "turn the camera, pan it"),
    ("Wheel, + and -", "zoom"),
    ("Arrow keys, Q and E", "pan, and turn the camera"),
    ("T", "top-down view, and back"),
    ("F", "look at the active (or selected) fighter"),
    (
        "C",
        "the camera follows the action (a round opens on the whole battlefield when you watch), or stays put",
    ),
    ("Z", "show every deployment zone"),
    ("V", "tape measure and line of sight"),
    ("H", "hide every panel, and show them again"),
    (
        "M, D, W, G, Enter",
        "move, disengage, wait, drop treasure, end activation",
    ),
    ("N", "move the friend whose bonus move an ability gave"),
    ("1-9", "the attack or ability with that number"),
    ("J", "climb down instead of jumping"),
    ("R, L", "take a reaction on offer, or let it go"),
    ("Space, P", "the AI's next decision; AI plays on or pauses"),
    ("F1", "this help"),
];

/// The game's words, as (word, meaning, rule).
pub(crate) const GLOSSARY: &[(&str, &str, &str)] = &[
    (
        "Initiative dice",
        "Each round both sides roll six dice; the side with more singles has the initiative.",
        "INI-1",
    ),
    (
        "Single",
        "A die that matches no other die in the roll.",
        "INI-2",
    ),
    (
        "Double, triple, quad",
        "Two, three or four dice showing the same value: spent on abilities.",
        "INI-2",
    ),
    (
        "Wild dice",
        "A die each side gains every round: add it as a single, raise one group a step (a \
         double to a triple), or save it for a later round.",
        "INI-3",
    ),
    (
        "Activation",
        "A fighter's turn: two actions (move, attack, disengage, wait) one after the other; \
         then the other side activates one of its fighters.",
        "CMB-2",
    ),
    (
        "Engaged",
        "Within 1\" of an enemy fighter: it can only disengage, not move.",
        "MOVE-3",
    ),
    (
        "Cover",
        "A target well above its attacker, or screened by an obstacle: +1 Toughness against \
         that attack.",
        "ATK-4",
    ),
    (
        "Critical hit",
        "A hit roll of 6: the weapon's higher damage.",
        "ATK-3",
    ),
    (
        "Reaction",
        "An action a fighter takes out of its turn, when something triggers it; it costs one \
         of its actions.",
        "REA-1",
    ),
    (
        "Objective control",
        "At the end of a round, the side with more fighters within 3\" of an objective \
         controls it.",
        "GEN-7",
    ),
    (
        "Treasure",
        "A token a fighter picks up and carries; it drops it when taken down.",
        "GEN-8",
    ),
    (
        "Victory points",
        "What the victory card scores; most at the end wins.",
        "VIC-1",
    ),
];

fn help(
    mut contexts: EguiContexts,
    keys: Res<ButtonInput<KeyCode>>,
    mut open: ResMut<Help>,
) -> Result {
    if keys.just_pressed(KeyCode::F1) {
        open.0 = !open.0;
    }
    if !open.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut shown = true;
    egui::Window::new("Help")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .default_width(560.0)
        .open(&mut shown)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height(520.0)
                .show(ui, |ui| {
                    ui.heading("Keys and mouse");
                    egui::Grid::new("keys").striped(true).show(ui, |ui| {
                        for (k, does) in KEYS {
                            ui.strong(*k);
                            ui.label(*does);
                            ui.end_row();
                        }
                    });
                    ui.add_space(8.0);
                    ui.heading("The game's words");
                    for (word, means, rule) in GLOSSARY {
                        ui.horizontal_wrapped(|ui| {
                            ui.strong(*word);
                            ui.label(*means);
                            if let Some(r) = RuleId::parse(rule) {
                                super::words::rule_tag(ui, r);
                            }
                        });
                    }
                });
        });
    open.0 = shown;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every glossary word names a rule the rules files have, so its tag explains itself.
    #[test]
    fn every_glossary_word_cites_a_real_rule() {
        for (word, _, rule) in GLOSSARY {
            assert!(RuleId::parse(rule).is_some(), "{word}: {rule}");
        }
    }
}
