//! The setup screen's cards (SET-4) and difficulty (SOLO-S1): for each kind of card, the
//! battle file's own, one picked from those beside it, or one drawn at random from the seed;
//! a top-down picture of the battlefield they make (hovering a card in a list pictures that
//! card); what the victory and twist cards ask; the solo opponent's points against the
//! difficulty's limit.

use bevy_egui::egui;

use super::card_picture::{Map, picture};
use super::setup_screen::SetupForm;
use crate::model::formats::{Choices, Difficulty};
use crate::scenario::decks::{Deck, Decks, Pick, Picks};

/// The card part of the form.
#[derive(Debug, Clone, Default)]
pub(crate) struct CardForm {
    /// The cards the battle can be played with (`None`: its file can't be read).
    pub decks: Option<Decks>,
    pub picks: Picks,
    pub difficulty: Difficulty,
    /// The ruleset's points limits by difficulty (SOLO-S1).
    pub solo_points: (u32, u32, u32),
    /// The solo opponent's warband and its points (`None`: drawn at random for each battle).
    pub opponent: Option<(String, Option<u32>)>,
    /// Width and depth in inches, for the pictures.
    pub battlefield: (f32, f32),
    /// Each side's warband file when the player picked one (relative to the battle file).
    pub warbands: [Option<String>; 2],
    /// The players leave the set-up to the automatic deployment (SET-6); by default they
    /// set up their own fighters.
    pub auto_setup: bool,
}

impl CardForm {
    /// The choices to show before the draw: a random pick shows the file's card.
    pub fn shown(&self) -> Choices {
        let keep = |p: &Pick| match p {
            Pick::Card(f) => Some(f.clone()),
            Pick::AsFile | Pick::Random => None,
        };
        Choices {
            terrain: keep(&self.picks.terrain),
            deployment: keep(&self.picks.deployment),
            victory: keep(&self.picks.victory),
            twist: keep(&self.picks.twist),
            difficulty: Some(self.difficulty),
            warbands: self.warbands.clone(),
            deploy_by_hand: !self.auto_setup,
        }
    }

    /// The choices the battle starts with: random picks drawn with `seed` among the cards
    /// it can be played with (`playable`).
    pub fn drawn(&self, seed: u64, playable: impl Fn(&Choices) -> bool) -> Choices {
        let difficulty = Some(self.difficulty);
        let with_difficulty = |c: &Choices| {
            playable(&Choices {
                difficulty,
                ..c.clone()
            })
        };
        let mut c = match &self.decks {
            Some(d) => d.choose(&self.picks, seed, with_difficulty),
            None => Choices::default(),
        };
        c.difficulty = difficulty;
        c.warbands = self.warbands.clone();
        c.deploy_by_hand = !self.auto_setup;
        c
    }
}

/// The card pickers, the picture, the difficulty. Reloads the battle when a pick changes.
pub(crate) fn cards(ui: &mut egui::Ui, form: &mut SetupForm) {
    let Some(decks) = form.cards.decks.clone() else {
        return;
    };
    let before = (form.cards.picks.clone(), form.cards.difficulty);
    let bf = form.battlefield();
    ui.separator();
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            ui.set_width(300.0);
            ui.label("The battleplan (SET-4): each card as the battle says, picked, or at random.");
            let p = &mut form.cards.picks;
            let victory = decks.victory.card(&p.victory).cloned();
            let deployment = decks.deployment.card(&p.deployment).cloned();
            pick_card(
                ui,
                "Terrain",
                &decks.terrain,
                &mut p.terrain,
                |c| &c.name,
                |ui, c| {
                    picture(ui, &Map::of(bf).with_terrain(c), 200.0);
                },
                |_| None,
            );
            pick_card(
                ui,
                "Deployment",
                &decks.deployment,
                &mut p.deployment,
                |c| &c.name,
                |ui, c| {
                    picture(ui, &Map::of(bf).with_deployment(c), 200.0);
                },
                |d| victory.as_ref().and_then(|v| v.clash_with(d)),
            );
            pick_card(
                ui,
                "Victory",
                &decks.victory,
                &mut p.victory,
                |c| &c.name,
                |ui, c| {
                    ui.label(c.summary());
                },
                |v| deployment.as_ref().and_then(|d| v.clash_with(d)),
            );
            pick_card(
                ui,
                "Twist",
                &decks.twist,
                &mut p.twist,
                |c| &c.name,
                |ui, c| {
                    ui.label(c.summary());
                },
                |_| None,
            );
            words(ui, form, &decks);
        });
        battlefield(ui, form, &decks);
    });
    difficulty(ui, form);
    if before != (form.cards.picks.clone(), form.cards.difficulty) {
        form.reload();
    }
}

/// One kind of card: a list of the file's own, "at random" and every card of the deck; hovering
/// a card shows `show` for it. A card that doesn't go with the other picks (`clash` says why,
/// in words) is listed greyed, with the reason, and can't be picked.
#[allow(clippy::too_many_arguments)]
fn pick_card<T>(
    ui: &mut egui::Ui,
    kind: &str,
    deck: &Deck<T>,
    pick: &mut Pick,
    name: impl Fn(&T) -> &String,
    show: impl Fn(&mut egui::Ui, &T),
    clash: impl Fn(&T) -> Option<String>,
) {
    let own = deck.card(&Pick::AsFile).map_or("?", |c| name(c).as_str());
    let label = |p: &Pick| match p {
        Pick::AsFile => format!("{own} (the battle's)"),
        Pick::Random => "At random".to_string(),
        Pick::Card(_) => deck.card(p).map_or("?".into(), |c| name(c).clone()),
    };
    egui::ComboBox::from_label(kind)
        .selected_text(label(pick))
        .width(220.0)
        .show_ui(ui, |ui| {
            let own_choice = ui.selectable_value(pick, Pick::AsFile, label(&Pick::AsFile));
            if let Some(c) = deck.card(&Pick::AsFile) {
                own_choice.on_hover_ui(|ui| show(ui, c));
            }
            ui.selectable_value(pick, Pick::Random, "At random")
                .on_hover_text("Drawn from these cards with the seed when the battle starts.");
            let own = crate::scenario::load::normalize(&deck.own);
            for (file, card) in &deck.cards {
                if crate::scenario::load::normalize(file) == own {
                    continue; // listed first, as the battle's
                }
                let choice = Pick::Card(file.clone());
                match clash(card) {
                    None => {
                        ui.selectable_value(pick, choice, name(card))
                            .on_hover_ui(|ui| show(ui, card));
                    }
                    Some(why) => {
                        let text = format!("{} (doesn't fit)", name(card));
                        ui.add_enabled(false, egui::Button::selectable(false, text))
                            .on_disabled_hover_text(format!("Can't be picked: {why}."));
                    }
                }
            }
        });
}

/// What the victory and twist cards ask (or that they are drawn at the start).
fn words(ui: &mut egui::Ui, form: &SetupForm, decks: &Decks) {
    let p = &form.cards.picks;
    ui.add_space(4.0);
    match decks.victory.card(&p.victory) {
        None => ui.small("Victory: drawn when the battle starts."),
        Some(v) => ui.small(format!("{}: {}", v.name, v.summary())),
    };
    match decks.twist.card(&p.twist) {
        None => ui.small("Twist: drawn when the battle starts."),
        Some(t) => ui.small(format!("{}: {}", t.name, t.summary())),
    };
}

/// The battlefield the picks make, seen from above (cards to be drawn at random left out).
fn battlefield(ui: &mut egui::Ui, form: &SetupForm, decks: &Decks) {
    let p = &form.cards.picks;
    let mut map = Map::of(form.battlefield());
    if let Some(t) = decks.terrain.card(&p.terrain) {
        map = map.with_terrain(t);
    }
    if let Some(d) = decks.deployment.card(&p.deployment) {
        map = map.with_deployment(d);
    }
    match decks.victory.card(&p.victory) {
        Some(v) => {
            // The victory card's objectives, else the deployment card's (SET-7).
            if let Some(o) = &v.objectives {
                map.objectives = o;
            }
            map.treasure = &v.treasure;
        }
        None => map.objectives = &[],
    }
    ui.vertical(|ui| {
        picture(ui, &map, 230.0).on_hover_text(
            "Seen from above. Red and blue circles: the deployment points with their 3\" \
             (SET-6), hollow for reserves with the round they arrive (RES-1); yellow \
             diamonds: objectives; gold: treasure.",
        );
    });
}

/// SOLO-S1: the difficulty sets the solo opponent's points limit; its warband's points
/// against it. Shown while the battle is one player against the solo AI.
fn difficulty(ui: &mut egui::Ui, form: &mut SetupForm) {
    if form.humans() != 1 {
        return;
    }
    let limits = form.cards.solo_points;
    ui.horizontal_wrapped(|ui| {
        ui.label("Difficulty (SOLO-S1):");
        for (d, limit) in [
            (Difficulty::Easy, limits.0),
            (Difficulty::Balanced, limits.1),
            (Difficulty::Hard, limits.2),
        ] {
            ui.radio_value(
                &mut form.cards.difficulty,
                d,
                format!("{d} (up to {limit} points)"),
            );
        }
    });
    match &form.cards.opponent {
        Some((name, Some(points))) => {
            let limit = match form.cards.difficulty {
                Difficulty::Easy => limits.0,
                Difficulty::Balanced => limits.1,
                Difficulty::Hard => limits.2,
            };
            ui.small(if *points > limit {
                format!(
                    "The level is the most points the solo opponent may field: {name}, a set \
                     warband of {points} points, is over this level's {limit}."
                )
            } else {
                format!(
                    "The level is the most points the solo opponent may field. This battle's \
                     opponent, {name}, is a set warband of {points} points, within the \
                     {limit}: the level changes nothing for it, only for an opponent drawn \
                     at random."
                )
            });
        }
        Some((name, None)) => {
            ui.small(format!(
                "The solo opponent, {name}, is drawn at random for each battle (its seed), \
                 up to the level's points."
            ));
        }
        None => {}
    }
}
