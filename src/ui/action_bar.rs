//! The active fighter's action bar (CMB-2, CMB-3): each action as a button with its hotkey,
//! greyed with the rule that forbids it; while moving, what the hovered place costs and, where
//! the path jumps down, the choice to climb down instead (MOVE-5, MOVE-6); the attacks the
//! rules allow with their exact odds (hotkeys 1-9); the abilities its dice can pay for.

use crate::model::effects::Placing;
use crate::model::ids::FighterId;
use bevy_egui::egui;

use crate::model::RuleId;

use super::decision_panel::{AttackPreview, Current, name};
use crate::battlefield::nav::{Descend, StepKind};
use crate::rules::command::{Command, HandChange};
use crate::rules::initiative::SideDice;
use crate::rules::options::{ActionKind, ActiveOptions};
use crate::view::targeting::{Going, Intent, SetUpPick};

/// An action's button label and hotkey.
fn label(kind: ActionKind) -> Option<(&'static str, egui::Key)> {
    Some(match kind {
        ActionKind::Move => ("Move", egui::Key::M),
        ActionKind::Disengage => ("Disengage", egui::Key::D),
        ActionKind::Wait => ("Wait", egui::Key::W),
        ActionKind::DropTreasure => ("Drop treasure", egui::Key::G),
        ActionKind::EndActivation => ("End activation", egui::Key::Enter),
        ActionKind::Attack | ActionKind::Ability => return None,
    })
}

/// A hotkey pressed this frame (not while typing in a text field).
pub(crate) fn hotkey(ui: &egui::Ui, key: egui::Key) -> bool {
    !ui.ctx().egui_wants_keyboard_input() && ui.input(|i| i.key_pressed(key))
}

/// CMB-2, CMB-3: the active fighter's actions, attacks with their odds, abilities.
pub(crate) fn action(
    ui: &mut egui::Ui,
    c: &Current,
    a: &ActiveOptions,
    dice: &SideDice,
    intent: &mut Intent,
    send: &mut impl FnMut(Command),
) {
    let f = a.fighter;
    heading(ui, c, a);
    ui.horizontal_wrapped(|ui| {
        for opt in &a.actions {
            let Some((text, key)) = label(opt.kind) else {
                continue;
            };
            let allowed = opt.refused.is_none();
            let b = ui.add_enabled(
                allowed,
                egui::Button::new(format!("{text} ({})", key.symbol_or_name())),
            );
            let b = match &opt.refused {
                Some(r) => b.on_disabled_hover_text(format!(
                    "{}\n\n{}",
                    r.reason,
                    super::log_window::rules_explained(&[r.rule])
                )),
                None => b,
            };
            if b.clicked() || (allowed && hotkey(ui, key)) {
                match opt.kind {
                    ActionKind::Move => intent.start(f, Going::Move, a),
                    ActionKind::Disengage => intent.start(f, Going::Disengage, a),
                    ActionKind::Wait => send(Command::Wait { fighter: f }),
                    ActionKind::DropTreasure => send(Command::DropTreasure {
                        fighter: f,
                        at: None,
                    }),
                    ActionKind::EndActivation => send(Command::EndActivation { fighter: f }),
                    _ => {}
                }
            }
        }
    });
    friend_move(ui, c, a, intent);
    pass_bonus(ui, c, a, send);
    if intent.set_up.as_ref().is_some_and(|s| s.active == f) {
        set_up_hint(ui, &c.names, intent, send);
    } else if intent.moving == Some(f) || intent.by_hand == Some(f) || intent.friend_of == Some(f) {
        move_hint(ui, intent);
        damage_pick(ui, &c.names, intent);
    }
    let attack = a.actions.iter().find(|o| o.kind == ActionKind::Attack);
    match attack.and_then(|o| o.refused.as_ref()) {
        Some(r) if !c.odds.is_empty() => {
            let words = egui::RichText::new(format!("No attack now: {}", r.reason)).weak();
            super::words::tagged_words(ui, words, &[r.rule]);
        }
        _ => {
            if a.attacker != f {
                super::words::tagged(
                    ui,
                    &format!(
                        "{}'s bonus attack comes first [ABL-5]:",
                        name(&c.names, a.attacker)
                    ),
                );
            }
            attacks(ui, c, a.attacker, send)
        }
    }
    abilities(ui, c, a, dice, intent, send);
    by_hand(ui, c, a, intent, send);
}

/// ABL-5: the friend whose bonus move waits, moved as a move is (N, or the button; click where
/// it goes on the board).
fn friend_move(ui: &mut egui::Ui, c: &Current, a: &ActiveOptions, intent: &mut Intent) {
    let Some(m) = &a.friend_move else {
        return;
    };
    let who = name(&c.names, m.fighter);
    let b = ui.button(format!(
        "Move {who}: its bonus move, up to {}\" (N)",
        m.budget
    ));
    let b = b.on_hover_text(format!(
        "{who} may make the bonus move an ability gave it, up to its own Move; an action of \
         {}'s own declines it [ABL-5, CMB-2]",
        name(&c.names, a.fighter)
    ));
    if b.clicked() || hotkey(ui, egui::Key::N) {
        intent.start_friend(a.fighter, m);
    }
}

/// CMB-2, ABL-5: a bonus is offered, not owed: the first waiting one let go (a friend's, to
/// pick others among those an ability offered).
fn pass_bonus(ui: &mut egui::Ui, c: &Current, a: &ActiveOptions, send: &mut impl FnMut(Command)) {
    let Some(b) = a.bonus else {
        return;
    };
    let what = crate::rules::words::bonus_words_with(b, |id| name(&c.names, id));
    let button = ui.button(format!("Let it go: the bonus {what}"));
    let button = button.on_hover_text(
        "A bonus action is offered, not owed: let this one go and the next waiting one comes \
         [CMB-2, ABL-5]",
    );
    if button.clicked() {
        send(Command::PassBonus { fighter: a.fighter });
    }
}

/// CMB-2: who acts and its actions left; ABL-5: the bonus action an ability gave, waiting (a
/// friend's bonus attack has its own line).
fn heading(ui: &mut egui::Ui, c: &Current, a: &ActiveOptions) {
    ui.label(format!(
        "{}: {} action{} left",
        name(&c.names, a.fighter),
        a.actions_left,
        if a.actions_left == 1 { "" } else { "s" }
    ));
    if let Some(b) = a.bonus.filter(|b| b.friend().is_none()) {
        let what = crate::rules::words::bonus_words_with(b, |id| name(&c.names, id));
        let words = egui::RichText::new(format!("Bonus action waiting: {what}")).strong();
        super::words::tagged_words(ui, words, &[RuleId::Cmb2]);
    }
}

/// ABL-5: after a not-automated ability, its player applies what it does by hand: damage to,
/// healing of, or a move of a fighter on the battlefield (chosen on the board), as many times
/// as its text says.
fn by_hand(
    ui: &mut egui::Ui,
    c: &Current,
    a: &ActiveOptions,
    intent: &mut Intent,
    send: &mut impl FnMut(Command),
) {
    let Some(&first) = a.by_hand.first() else {
        return;
    };
    let id = ui.id().with(("by_hand", a.fighter));
    let (mut target, mut amount) = ui.data_mut(|d| *d.get_temp_mut_or(id, (first, 1u32)));
    if !a.by_hand.contains(&target) {
        target = first;
    }
    ui.label("Resolve the ability by hand [ABL-5]:");
    ui.horizontal(|ui| {
        egui::ComboBox::from_id_salt(("by_hand_target", a.fighter))
            .selected_text(name(&c.names, target))
            .show_ui(ui, |ui| {
                for &t in &a.by_hand {
                    ui.selectable_value(&mut target, t, name(&c.names, t));
                }
            });
        // The amount: drag or type it, or step it with the mouse.
        if ui.small_button("−").clicked() {
            amount = amount.saturating_sub(1).max(1);
        }
        ui.add(egui::DragValue::new(&mut amount).range(1..=20));
        if ui.small_button("+").clicked() {
            amount = (amount + 1).min(20);
        }
        let fighter = a.fighter;
        if ui.button("Deal damage").clicked() {
            send(Command::ByHand {
                fighter,
                target,
                change: HandChange::Damage(amount),
            });
        }
        if ui.button("Heal").clicked() {
            send(Command::ByHand {
                fighter,
                target,
                change: HandChange::Heal(amount),
            });
        }
        if ui
            .button("Move…")
            .on_hover_text("Click where it goes on the board (up to this many inches)")
            .clicked()
        {
            intent.start_by_hand(fighter, target, amount);
        }
    });
    ui.data_mut(|d| d.insert_temp(id, (target, amount)));
}

/// ABL-5: while the player picks where the enemy of a set-up ability goes: what the hovered
/// place is, and the rules' own pick (the place nearest where it stood).
fn set_up_hint(
    ui: &mut egui::Ui,
    names: &[(FighterId, String)],
    intent: &mut Intent,
    send: &mut impl FnMut(Command),
) {
    let (Some(t), Some(s)) = (intent.moving, intent.set_up.clone()) else {
        return;
    };
    let who = name(names, t);
    let (place, rules_pick) = match s.placing {
        Placing::Near { within } => (
            format!("within {within}\" of {}", name(names, s.active)),
            "nearest where it stands",
        ),
        Placing::Anywhere { .. } => (s.placing.words(), "nearest the closest objective"),
        Placing::PickedAnywhere { .. } => (s.placing.words(), "nearest where it stands"),
        Placing::Point { .. } => (s.placing.words(), "where it reaches the most enemies"),
        Placing::Wholly { within } => (
            format!("wholly within {within}\" of {}", name(names, s.active)),
            "nearest where it fell",
        ),
    };
    let point = matches!(s.placing, Placing::Point { .. });
    let text = match &intent.preview {
        Some(Err(e)) => format!("{} [{}]", e.reason, e.rule),
        _ if point => format!(
            "Click a point {} (green crosses; the ring shows its reach) [ABL-5]; right click: \
             cancel.",
            place.replacen("it can see", &format!("{who} can see"), 1)
        ),
        _ => format!(
            "Click where {who} is set up, {place} (green crosses) [ABL-5]; right click: cancel."
        ),
    };
    super::words::tagged(ui, &text);
    let button = match point {
        true => format!("Pick the point {rules_pick}"),
        false => format!("Set {who} up {rules_pick}"),
    };
    if ui.button(button).clicked() {
        send(s.command(t, None));
        intent.cancel();
    }
}

/// What the hovered place would cost, while choosing where to move; where the way there jumps
/// down, the choice to climb down instead (MOVE-5: the mover's choice).
fn move_hint(ui: &mut egui::Ui, intent: &mut Intent) {
    let rule = match intent.going {
        Going::Move if intent.by_hand.is_some() => "ABL-5 by hand, MOVE-1",
        Going::Move => "MOVE-1",
        Going::Disengage => "DIS-1",
    };
    let text = match &intent.preview {
        None => "Point at a place on the board; click to move there (right click: cancel).".into(),
        Some(Ok(p)) => {
            let mut kinds: Vec<String> = p.steps.iter().map(|s| s.kind.to_string()).collect();
            kinds.dedup();
            let mut warnings = String::new();
            if !intent.impacts.is_empty() {
                warnings += "\nA jump down this far may hurt it when it lands [MOVE-6, MOVE-9].";
            }
            if intent.deadly {
                warnings += "\nThis way goes through deadly terrain: an impact roll may \
                             hurt it [MOVE-10].";
            }
            format!(
                "{:.1}\" of {:.1}\" ({}): click to go there [{rule}]{warnings}",
                p.cost,
                intent.budget(),
                kinds.join(", then "),
            )
        }
        Some(Err(e)) => format!("{} [{}]", e.reason, e.rule),
    };
    super::words::tagged(ui, &text);
    // A move by hand takes the shortest way (no choice to climb down).
    if intent.going == Going::Move && intent.by_hand.is_none() {
        let mut climb = intent.descend == Some(Descend::Climb);
        let jumps = matches!(&intent.preview, Some(Ok(p)) if p.steps.iter().any(|s| s.kind == StepKind::Jump));
        if jumps || climb {
            let clicked = ui
                .checkbox(&mut climb, "Climb down instead of jumping (J)")
                .on_hover_text(super::log_window::rules_explained(&[RuleId::Move5]))
                .changed();
            let key = hotkey(ui, egui::Key::J);
            if key {
                climb = !climb;
            }
            if clicked || key {
                intent.set_descend(climb.then_some(Descend::Climb));
            }
        }
    }
}

/// ABL-5: the move ends where damage waiting for it is set off: which enemy in reach takes
/// it (with more than one, the player picks once the place is clicked).
fn damage_pick(ui: &mut egui::Ui, names: &[(FighterId, String)], intent: &mut Intent) {
    if intent.picks.is_empty() {
        return;
    }
    let who: Vec<String> = intent.picks.iter().map(|p| name(names, *p)).collect();
    if !intent.asking_pick {
        let text = match &who[..] {
            [one] => format!("There, the damage waiting for this move goes to {one} [ABL-5]"),
            _ => format!(
                "There, you pick who takes the damage waiting for this move: {} [ABL-5]",
                who.join(" or ")
            ),
        };
        super::words::tagged(ui, &text);
        return;
    }
    super::words::tagged(
        ui,
        "Which enemy takes the damage waiting for this move? (right click: cancel) [ABL-5]",
    );
    ui.horizontal_wrapped(|ui| {
        for (&p, who) in intent.picks.clone().iter().zip(&who) {
            if ui.button(who).clicked() {
                intent.pick = Some(p);
                intent.pick_now = true;
            }
        }
    });
}

/// ATK-3: each attack the rules allow, with its exact odds; keys 1-9 pick one.
fn attacks(ui: &mut egui::Ui, c: &Current, attacker: FighterId, send: &mut impl FnMut(Command)) {
    for (n, a) in c.odds.iter().enumerate() {
        let key = DIGITS.get(n);
        let b = ui.button(format!(
            "{}Attack {} with {}\n{}",
            key.map_or(String::new(), |k| format!("{} · ", k.symbol_or_name())),
            name(&c.names, a.target),
            a.weapon_name,
            odds_line(a)
        ));
        if b.on_hover_ui(|ui| odds_table(ui, a)).clicked() || key.is_some_and(|k| hotkey(ui, *k)) {
            send(Command::Attack {
                fighter: attacker,
                target: a.target,
                weapon: a.weapon,
            });
        }
    }
}

/// ATK-3: the odds in one line: "hits on 3+: 4.7 damage on average, 13% to take it down,
/// most likely 2-6".
pub(crate) fn odds_line(a: &AttackPreview) -> String {
    a.odds.summary(a.wounds)
}

/// ATK-3, ATK-4: cover, then the exact chance of each damage total and of taking it down.
pub(crate) fn odds_table(ui: &mut egui::Ui, a: &AttackPreview) {
    let cover = match &a.cover {
        Some(c) => format!("In cover ({c}): Toughness {}", a.toughness),
        None => format!("Not in cover: Toughness {}", a.toughness),
    };
    super::words::tagged_words(ui, egui::RichText::new(cover), &[RuleId::Atk4]);
    egui::Grid::new("odds table").striped(true).show(ui, |ui| {
        for (d, p) in a.odds.table() {
            ui.label(format!("{d} damage"));
            ui.label(format!("{:.1}%", 100.0 * p));
            ui.end_row();
        }
    });
    ui.strong(format!(
        "Takes it down ({} wounds left): {:.1}%",
        a.wounds,
        100.0 * a.odds.at_least(a.wounds)
    ));
}

/// The number keys 1-9, for the n-th choice of a list.
pub(crate) const DIGITS: [egui::Key; 9] = [
    egui::Key::Num1,
    egui::Key::Num2,
    egui::Key::Num3,
    egui::Key::Num4,
    egui::Key::Num5,
    egui::Key::Num6,
    egui::Key::Num7,
    egui::Key::Num8,
    egui::Key::Num9,
];

/// ABL-1..ABL-3: the abilities it can pay for, with the dice that pay; one aimed at an enemy
/// (ABL-5) offers each enemy it may be aimed at.
fn abilities(
    ui: &mut egui::Ui,
    c: &Current,
    a: &ActiveOptions,
    dice: &SideDice,
    intent: &mut Intent,
    send: &mut impl FnMut(Command),
) {
    for ab in a.abilities.iter().filter(|ab| !ab.dice.is_empty()) {
        for v in &ab.dice {
            let size = dice
                .groups
                .iter()
                .find(|g| g.value == *v)
                .map_or(0, |g| g.size);
            // ABL-5: a second way of an ability says how it differs.
            let way = ab.way.as_ref().map_or(String::new(), |w| format!(", {w},"));
            let what = format!("{}{way} with the {}s ({} dice)", ab.name, v, size);
            let aims: Vec<Option<FighterId>> = match ab.targets.is_empty() {
                true => vec![None],
                false => ab.targets.iter().copied().map(Some).collect(),
            };
            for target in aims {
                let label = match target {
                    Some(t) => format!("{what} at {}", name(&c.names, t)),
                    None => what.clone(),
                };
                let hover = match &ab.idle {
                    Some(why) => format!("{}\n\nIt would do nothing now: {why}.", ab.text),
                    None => ab.text.clone(),
                };
                let button = match ab.idle {
                    Some(_) => egui::Button::new(
                        egui::RichText::new(label).color(ui.visuals().weak_text_color()),
                    ),
                    None => egui::Button::new(label),
                };
                let clicked = ui.add(button).on_hover_text(hover).clicked();
                // ABL-5: where a set-up ability puts its enemy is picked on the board.
                // The fighter itself, when it is set up anywhere.
                let placed = match ab.sets_up {
                    Some(p) if p.places_self() => Some(a.fighter),
                    _ => target,
                };
                if let (true, Some(placing), Some(t)) = (clicked, ab.sets_up, placed) {
                    let pick = SetUpPick {
                        active: a.fighter,
                        ability: ab.name.clone(),
                        dice: *v,
                        placing: placing.at_value(*v),
                        choice: ab.choice,
                    };
                    intent.start_set_up(t, pick);
                } else if clicked {
                    send(Command::Ability {
                        fighter: a.fighter,
                        ability: ab.name.clone(),
                        dice: *v,
                        target,
                        place: None,
                        choice: ab.choice,
                    });
                }
            }
        }
    }
}
