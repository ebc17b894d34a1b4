//! The selected fighter's card (clicked on the board or in the roster): its characteristics,
//! wounds left, weapons, the abilities it may use with what each costs and does, and where it
//! stands in the round (activated, waiting, carrying treasure, taken down).

use crate::model::ids::FighterId;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::model::abilities::AbilityDef;
use crate::model::components::{Activation, BattleInfo, Presence};
use crate::model::formats::{BaseSize, Weapon};
use crate::model::ruleset::Ruleset;
use crate::rules::abilities::abilities_of;
use crate::rules::engine::{Engine, FighterView, fighters};
use crate::screens::Screen;
use crate::view::palette;
use crate::view::picking::Selected;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Card>()
        .add_systems(Update, read_card.run_if(in_state(Screen::Battle)))
        .add_systems(
            EguiPrimaryContextPass,
            fighter_card
                .run_if(in_state(Screen::Battle))
                .in_set(super::GamePanels),
        );
}

/// The card on show: the fighter as the battle has it now and its abilities.
#[derive(Resource, Default)]
struct Card {
    /// (fighter, commands applied) it was read at.
    at: Option<(FighterId, usize)>,
    fighter: Option<FighterView>,
    abilities: Vec<AbilityDef>,
    /// It is the fighter activated now.
    active: bool,
}

/// SET-6, RES-1 by hand: a click on one of the player's fighters being set up picks it to
/// move; its card would cover the spot the next click puts it on.
fn being_set_up(world: &mut World, id: FighterId) -> bool {
    use crate::rules::engine::Pending;
    match world.resource::<Engine>().pending {
        Pending::Deploy { side } | Pending::Arrive { side } => {
            crate::rules::hand_setup::movable(world, side).contains(&id)
        }
        _ => false,
    }
}

/// Reads the selected fighter again when the selection or the battle changed.
fn read_card(world: &mut World) {
    let Some(id) = world
        .resource::<Selected>()
        .0
        .filter(|id| !being_set_up(world, *id))
    else {
        *world.resource_mut::<Card>() = Card::default();
        return;
    };
    let engine = world.resource::<Engine>();
    let at = Some((id, engine.commands.len()));
    let active = engine.activation.as_ref().is_some_and(|a| a.fighter == id);
    if world.resource::<Card>().at == at {
        return;
    }
    let f = fighters(world).into_iter().find(|f| f.id == id);
    let abilities = f
        .as_ref()
        .map(|f| abilities_of(world.resource::<Ruleset>(), f))
        .unwrap_or_default();
    *world.resource_mut::<Card>() = Card {
        at,
        fighter: f,
        abilities,
        active,
    };
}

fn fighter_card(
    mut contexts: EguiContexts,
    card: Res<Card>,
    info: Res<BattleInfo>,
    mut selected: ResMut<Selected>,
) -> Result {
    let Some(f) = &card.fighter else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    egui::Window::new(format!("{} (fighter card)", f.name))
        .id(egui::Id::new("fighter card"))
        .anchor(
            egui::Align2::LEFT_TOP,
            [
                super::tracker::WIDTH + 32.0,
                super::scoreboard::BAR_HEIGHT + 8.0,
            ],
        )
        .default_width(330.0)
        .collapsible(true)
        .resizable(false)
        .open(&mut open)
        .show(ctx, |ui| {
            let side = &info.sides[f.side];
            ui.colored_label(
                palette::side_text_colour(side.colour),
                format!("{} · {} · {}", side.name, f.role, runemarks(f)),
            );
            characteristics(ui, f);
            let standing = if card.active {
                "Activated now: its actions are in your decision panel [CMB-2].".into()
            } else {
                state(f)
            };
            super::words::tagged(ui, &standing);
            ui.separator();
            weapons(ui, &f.profile.weapons);
            ui.separator();
            abilities(ui, &card.abilities);
        });
    if !open {
        selected.0 = None;
    }
    Ok(())
}

fn runemarks(f: &FighterView) -> String {
    if f.profile.runemarks.is_empty() {
        "no runemarks".into()
    } else {
        format!("runemarks: {}", f.profile.runemarks.join(", "))
    }
}

/// Move, Toughness, Wounds (with the damage it has taken), points and base.
fn characteristics(ui: &mut egui::Ui, f: &FighterView) {
    let p = &f.profile;
    let base = match p.base {
        BaseSize::Round(d) => format!("{d:.0} mm round base"),
        BaseSize::Oval(l, w) => format!("{l:.0} x {w:.0} mm oval base"),
    };
    let lowered = f.lowered;
    let movement =
        crate::rules::engine::Lowered::apply(p.movement, lowered.move_by, lowered.move_min);
    ui.label(format!(
        "Move {}\" · Toughness {} · Wounds {} of {} left · {} points · {base}",
        movement,
        p.toughness,
        f.wounds_left(),
        p.wounds,
        p.points
    ));
    if lowered.move_by > 0 {
        super::words::tagged_small(
            ui,
            &format!(
                "Move lowered from {}\" until the end of the battle, after any bonus [ABL-4] [ABL-5].",
                p.movement
            ),
        );
    }
    if lowered.attacks_by > 0 {
        super::words::tagged_small(
            ui,
            &format!(
                "Attacks of each weapon {} lower (to no less than {}) until the end of the battle, after any bonus [ABL-4] [ABL-5].",
                lowered.attacks_by, lowered.attacks_min
            ),
        );
    }
    let left = f.wounds_left() as f32 / p.wounds.max(1) as f32;
    ui.add(
        egui::ProgressBar::new(left)
            .desired_width(300.0)
            .fill(palette::wounds_colour(left))
            .text(format!("{} damage taken", f.damage)),
    );
}

/// Where it stands this round.
fn state(f: &FighterView) -> String {
    let mut s = match (f.presence, f.activation) {
        (Presence::TakenDown, _) => "Taken down [ATK-5].".to_string(),
        (Presence::Reserve { round }, _) => {
            format!("In reserve, arriving in round {round} [RES-1].")
        }
        (Presence::Unplaced, _) => "Not set up yet [SET-6].".into(),
        (Presence::Deployed, Activation::Ready) => "Not yet activated this round [CMB-1].".into(),
        (Presence::Deployed, Activation::Waiting) => {
            "Waiting: it may activate once more this round [WAIT-1].".into()
        }
        (Presence::Deployed, Activation::Activated) => "Activated this round [CMB-1].".into(),
    };
    // REA-1: each reaction costs an action of the round, as does one an ability takes away.
    if f.reactions > 0 {
        let (n, s_) = (f.reactions, if f.reactions == 1 { "" } else { "s" });
        s.push_str(&format!(
            " {n} action{s_} of this round already spent (reactions, abilities) [REA-1]."
        ));
    }
    if let Some(t) = f.carrying {
        s.push_str(&format!(" Carries treasure {} [GEN-8].", t + 1));
    }
    s
}

/// ATK-1, ATK-3: each weapon's range, attacks, strength and damage.
pub(super) fn weapons(ui: &mut egui::Ui, weapons: &[Weapon]) {
    egui::Grid::new("weapons").striped(true).show(ui, |ui| {
        for h in ["Weapon", "Range", "Attacks", "Strength", "Damage"] {
            ui.strong(h);
        }
        ui.end_row();
        for w in weapons {
            ui.label(&w.name);
            ui.label(w.range_words());
            ui.label(w.attacks.to_string());
            ui.label(w.strength.to_string());
            ui.label(format!("{}/{}", w.damage.0, w.damage.1));
            ui.end_row();
        }
    });
    super::words::tagged_small(ui, "Damage: a hit / a critical hit [ATK-3].");
}

/// ABL-2, ABL-3: each ability, its cost in dice and what it does (folded until opened).
fn abilities(ui: &mut egui::Ui, abilities: &[AbilityDef]) {
    egui::CollapsingHeader::new(format!("Abilities ({})", abilities.len()))
        .default_open(false)
        .show(ui, |ui| {
            for a in abilities {
                let text = if a.text.is_empty() {
                    "(no text given)"
                } else {
                    a.text.as_str()
                };
                ui.label(format!("{} ({}): {}", a.name, a.cost, text));
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::engine::Pending;

    /// SET-6 by hand: the player's own fighters being set up are picked to move, not shown
    /// on a card (it covered the spot the next click put them on); an enemy's card still opens.
    #[test]
    fn set6_a_fighter_being_set_up_is_picked_without_its_card() {
        let mut app = crate::sim::default_battle_set_up_by_hand();
        let world = app.world_mut();
        let Pending::Deploy { side } = world.resource::<Engine>().pending else {
            panic!("no set-up by hand");
        };
        let mine = crate::rules::hand_setup::movable(world, side);
        let enemy = crate::rules::hand_setup::movable(world, side.other());
        assert!(being_set_up(world, mine[0]));
        assert!(!being_set_up(world, enemy[0]));
    }
}
