//! The player's decisions: whatever the battle waits for from a side a person plays, as
//! buttons built from `options()` (the engine says what is allowed; a greyed button says which
//! rule forbids it). Colours, wild dice, who goes first, which fighter to activate, its
//! actions (a move is chosen on the board), attacks with their exact odds, abilities,
//! reactions, where a dropped treasure goes. A rejected command shows why, with its rule.

use crate::model::ids::FighterId;
use crate::model::ids::Side;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ai::solo::is_ai;
use crate::battlefield::sight::Cover;
use crate::model::components::BattleInfo;
use crate::model::formats::Colour;
use crate::rules::actions::{attack_roll, cover_of};
use crate::rules::answers::only_answer;
use crate::rules::command::{Command, ReactionKind};
use crate::rules::door::{CommandResult, SubmitCommand};
use crate::rules::engine::{Engine, FighterView, Pending, Resume, fighters};
use crate::rules::initiative::{SideDice, WildUse};
use crate::rules::log::{BattleLog, Names};
use crate::rules::odds::AttackOdds;
use crate::rules::options::{ActiveOptions, Decision, Options, options};
use crate::screens::Screen;
use crate::screens::replay::watching;
use crate::view::picking::Selected;
use crate::view::targeting::{Intent, Targets};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Current>()
        .add_systems(
            Update,
            (refresh, read_results).run_if(in_state(Screen::Battle)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            decision_panel
                .run_if(in_state(Screen::Battle))
                .in_set(super::GamePanels),
        );
}

/// The decision on offer to a person, with what the panel shows for it.
#[derive(Resource, Default)]
pub(crate) struct Current {
    /// The engine's state it was read at (commands applied, what it waited for).
    at: Option<(usize, Pending)>,
    options: Option<Options>,
    /// Names by fighter id.
    pub names: Vec<(FighterId, String)>,
    /// Each attack the rules allow now, with its exact odds.
    pub odds: Vec<AttackPreview>,
    /// The active fighter's weapons: (index, name).
    weapons: Vec<(usize, String)>,
    /// Two people at one screen: the side the screen was last handed to (its player clicked
    /// "ready"); `None` when a side is played by the AI.
    hot_seat: Option<Option<Side>>,
    /// Wild dice declared so far this round (one button per die).
    wild: Vec<WildUse>,
    /// The last command the rules refused, and why.
    refused: Option<String>,
}

impl Current {
    /// ATK-1, ATK-2: why the active fighter can't attack `target` with any weapon, a line per
    /// weapon ("Heavy Crossbow: …"); empty when it can, or when no fighter of yours is acting.
    pub(crate) fn why_no_attack(&self, target: FighterId) -> Vec<String> {
        let Some(Decision::Action(a)) = self.options.as_ref().map(|o| &o.decision) else {
            return Vec::new();
        };
        if self.odds.iter().any(|o| o.target == target) {
            return Vec::new();
        }
        let weapons = self.weapons.iter();
        a.attacks
            .iter()
            .filter(|o| o.target == target)
            .filter_map(|o| {
                let r = o.refused.as_ref()?;
                let weapon = weapons
                    .clone()
                    .find(|w| w.0 == o.weapon)
                    .map(|w| w.1.as_str());
                // The weapon first, unless the reason names it already.
                Some(match weapon.filter(|w| !r.reason.contains(w)) {
                    Some(w) => format!("{w}: {} [{}]", r.reason, r.rule),
                    None => format!("{} [{}]", r.reason, r.rule),
                })
            })
            .collect()
    }
}

/// Reads the options again when the battle has moved on, for a side a person plays.
fn refresh(world: &mut World) {
    let e = world.resource::<Engine>();
    let at = Some((e.commands.len(), e.pending));
    if world.resource::<Current>().at == at {
        return;
    }
    let o = options(world);
    // A replay on the board: nobody decides.
    let human = !watching(world) && o.side.is_some_and(|s| !is_ai(world, s));
    // A question with one answer answers itself (the player can still take back past it).
    if let Some(only) = only_answer(&o).filter(|_| human) {
        world.resource_mut::<Current>().at = at;
        world.write_message(SubmitCommand(only));
        world.write_message(bevy::window::RequestRedraw);
        return;
    }
    let all = fighters(world);
    let odds = match &o.decision {
        Decision::Action(a) if human => attack_odds(world, &all, a),
        _ => Vec::new(),
    };
    let hot_seat = Side::BOTH.iter().all(|&s| !is_ai(world, s));
    world.resource_mut::<Targets>().0 = odds.iter().map(|p| p.target).collect();
    let mut c = world.resource_mut::<Current>();
    c.at = at;
    c.hot_seat = match (hot_seat, c.hot_seat) {
        (true, Some(handed)) => Some(handed),
        (true, None) => Some(None),
        (false, _) => None,
    };
    c.names = all.iter().map(|f| (f.id, f.name.to_string())).collect();
    c.weapons = match &o.decision {
        Decision::Action(a) => all
            .iter()
            .find(|f| f.id == a.attacker)
            .map(|f| {
                let w = f.profile.weapons.iter().enumerate();
                w.map(|(i, w)| (i, w.name.clone())).collect()
            })
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    c.odds = odds;
    c.wild.clear();
    c.options = human.then_some(o);
}

/// An attack the rules allow now, as the player sees it before choosing it.
#[derive(Debug, Clone)]
pub(crate) struct AttackPreview {
    pub target: FighterId,
    /// The weapon's index in the attacker's profile, and its name.
    pub weapon: usize,
    pub weapon_name: String,
    /// ATK-3: the exact odds of each damage total.
    pub odds: AttackOdds,
    /// The target's wounds left (the odds of taking it down).
    pub wounds: u32,
    /// ATK-4: why the target is in cover, if it is, and its Toughness with that cover.
    pub cover: Option<Cover>,
    pub toughness: u32,
}

/// ATK-3: the odds of every attack the rules allow now.
fn attack_odds(world: &World, all: &[FighterView], a: &ActiveOptions) -> Vec<AttackPreview> {
    let Some(f) = all.iter().find(|f| f.id == a.attacker) else {
        return Vec::new();
    };
    a.attack_choices()
        .filter_map(|o| {
            let t = all.iter().find(|t| t.id == o.target)?;
            let roll = attack_roll(world, all, f, t, o.weapon, false)?;
            let odds = roll.odds()?;
            Some(AttackPreview {
                toughness: roll.toughness,
                target: o.target,
                weapon: o.weapon,
                weapon_name: f.profile.weapons.get(o.weapon)?.name.clone(),
                odds,
                wounds: t.wounds_left(),
                cover: cover_of(world, f, t),
            })
        })
        .collect()
}

/// A refused command's reason in words, its rule as a tag (`words`), for the panel. (What
/// was asked is what the player just did: it is not repeated.)
fn read_results(mut results: MessageReader<CommandResult>, mut c: ResMut<Current>) {
    for r in results.read() {
        c.refused = r.result.as_ref().err().map(|e| {
            let mut reason = e.reason.clone();
            if let Some(first) = reason.get(..1) {
                reason.replace_range(..1, &first.to_uppercase());
            }
            format!("{reason} [{}]", e.rule)
        });
    }
}

fn decision_panel(
    mut contexts: EguiContexts,
    mut c: ResMut<Current>,
    info: Res<BattleInfo>,
    (engine, log, selected): (Res<Engine>, Res<BattleLog>, Res<Selected>),
    mut intent: ResMut<Intent>,
    mut submit: MessageWriter<SubmitCommand>,
) -> Result {
    let Some(o) = c.options.clone() else {
        return Ok(());
    };
    let Some(side) = o.side else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    if let Some(handed) = c.hot_seat
        && handed != Some(side)
    {
        if hand_over(ctx, &info.sides[side].name) {
            c.hot_seat = Some(Some(side));
        }
        return Ok(());
    }
    egui::Window::new(format!("{}: your decision", info.sides[side].name))
        .anchor(
            egui::Align2::RIGHT_TOP,
            [-8.0, super::scoreboard::BAR_HEIGHT + 8.0],
        )
        .default_width(340.0)
        .collapsible(false)
        .show(ctx, |ui| {
            let mut send = |cmd: Command| {
                submit.write(SubmitCommand(cmd));
            };
            match &o.decision {
                Decision::Colour { choices } => colour(ui, side, choices, &mut send),
                Decision::Deploy { fighters } => {
                    let moving = selected.0.filter(|id| fighters.contains(id));
                    let reserves = matches!(engine.pending, Pending::Arrive { .. });
                    let moving = moving.map(|id| name(&c.names, id));
                    deploy(ui, side, reserves, moving, &mut send)
                }
                Decision::WildDice { dice } => wild_dice(ui, side, dice, &mut c.wild, &mut send),
                Decision::FirstTurn { choices } => first_turn(ui, &info, side, choices, &mut send),
                Decision::Activate { fighters } => activate(ui, &c.names, fighters, &mut send),
                Decision::Action(a) => {
                    let dice = engine.dice[side].clone();
                    super::action_bar::action(ui, &c, a, &dice, &mut intent, &mut send)
                }
                Decision::Reaction {
                    kind,
                    fighters,
                    abilities,
                } => {
                    let why = engine
                        .reaction
                        .as_ref()
                        .map(|r| trigger(&r.resume, &log.names));
                    let offer = Offer {
                        side,
                        kind: *kind,
                        fighters,
                        abilities,
                    };
                    reaction(ui, &c.names, &offer, why, &mut send)
                }
                Decision::PlaceTreasure { carrier, .. } => {
                    place_treasure(ui, name(&c.names, *carrier), side, &mut send)
                }
                Decision::Land(l) => super::landing::land(ui, &c.names, side, l, &mut send),
                Decision::None => {}
            }
            if let Some(r) = &c.refused {
                refused(ui, r);
            }
        });
    Ok(())
}

/// GEN-8: a fallen carrier's treasure.
fn place_treasure(ui: &mut egui::Ui, carrier: String, side: Side, send: &mut impl FnMut(Command)) {
    ui.label(format!("{carrier} fell carrying treasure."));
    if ui.button("Leave it where it fell").clicked() {
        send(Command::PlaceTreasure { side, at: None });
    }
}

/// The last command the rules refused: why in words, the rule as a tag.
fn refused(ui: &mut egui::Ui, r: &str) {
    ui.separator();
    let (words, rules) = super::words::split_tags(r);
    let words = egui::RichText::new(words).color(crate::view::palette::ERROR_TEXT);
    super::words::tagged_words(ui, words, &rules);
}

/// Two people at one screen: the screen goes to the side that decides next, and its player
/// says when they are ready (so that neither plays the other's turn by mistake). True once
/// they are.
fn hand_over(ctx: &egui::Context, side: &str) -> bool {
    let mut ready = false;
    egui::Window::new("Hand over")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.heading(format!("{side} decides next"));
            ui.label(format!("Pass the screen to the player of {side}."));
            ready = ui
                .button(format!("I play {side}: show my decision"))
                .clicked();
        });
    ready
}

pub(crate) fn name(names: &[(FighterId, String)], id: FighterId) -> String {
    names
        .iter()
        .find(|n| n.0 == id)
        .map_or_else(|| format!("fighter {id}"), |n| n.1.clone())
}

/// SET-5.
fn colour(ui: &mut egui::Ui, side: Side, choices: &[Colour], send: &mut impl FnMut(Command)) {
    super::words::tagged(
        ui,
        "You are the priority player: choose the colour of the deployment points you set up \
         on [SET-5].",
    );
    ui.horizontal(|ui| {
        for c in choices {
            if ui.button(format!("Deploy {c}")).clicked() {
                send(Command::ChooseColour { side, colour: *c });
            }
        }
    });
}

/// SET-6 by hand: what to click, the fighter being moved, and "done".
/// SET-6 before round 1, RES-1 when reserves arrive: the fighters are moved on the board.
fn deploy(
    ui: &mut egui::Ui,
    side: Side,
    reserves: bool,
    moving: Option<String>,
    send: &mut impl FnMut(Command),
) {
    let (what, rule, done) = if reserves {
        (
            "Your reserves arrive",
            "RES-1",
            "Done: on to the combat (Enter)",
        )
    } else {
        (
            "Set up your fighters",
            "SET-6",
            "Done: start the battle (Enter)",
        )
    };
    super::words::tagged(
        ui,
        &format!(
            "{what}: click one of yours, then a spot in its zone (drawn round its deployment \
             point or line). Each is already set up where the automatic deployment would put \
             it. [{rule}]"
        ),
    );
    match moving {
        Some(n) => ui.strong(format!("Moving {n}: click where it goes.")),
        None => ui.weak("No fighter picked."),
    };
    let done = ui
        .button(done)
        .on_hover_text("The fighters you did not move stay where they were set up");
    if done.clicked() || super::action_bar::hotkey(ui, egui::Key::Enter) {
        send(Command::SetUpDone { side });
    }
}

/// INI-3: one choice per wild die; the command goes when every die is declared.
fn wild_dice(
    ui: &mut egui::Ui,
    side: Side,
    dice: &SideDice,
    chosen: &mut Vec<WildUse>,
    send: &mut impl FnMut(Command),
) {
    super::words::tagged(
        ui,
        &format!(
            "Your dice: {} · singles {} · ability dice {} [INI-1, INI-2]",
            crate::model::dice::dice_text(&dice.rolled),
            dice.singles_count(),
            crate::rules::initiative::groups_text(&dice.groups)
        ),
    );
    super::words::tagged(
        ui,
        &format!(
            "Wild dice to declare: {} of {} [INI-3]",
            chosen.len() + 1,
            dice.wild
        ),
    );
    let mut uses = vec![WildUse::Single, WildUse::Save];
    uses.extend(dice.singles.iter().map(|&value| WildUse::Upgrade { value }));
    uses.extend(
        dice.groups
            .iter()
            .filter(|g| g.size < 4 && !g.wild)
            .map(|g| WildUse::Upgrade { value: g.value }),
    );
    for u in uses {
        let mut trial = chosen.clone();
        trial.push(u);
        let effect = preview_wild(dice, &trial);
        if ui.button(format!("{u}: {effect}")).clicked() {
            chosen.push(u);
            if chosen.len() as u32 >= dice.wild {
                send(Command::WildDice {
                    side,
                    uses: std::mem::take(chosen),
                });
            }
        }
    }
}

/// What the dice come to with `uses` declared (the rest as +1 single, to preview).
fn preview_wild(dice: &SideDice, uses: &[WildUse]) -> String {
    let mut all = uses.to_vec();
    all.resize(dice.wild as usize, WildUse::Save);
    let mut d = dice.clone();
    match d.use_wild(&all) {
        Ok(()) => format!(
            "singles {}, ability dice {}",
            d.singles_count(),
            crate::rules::initiative::groups_text(&d.groups)
        ),
        Err(e) => e,
    }
}

/// CMB-1.
fn first_turn(
    ui: &mut egui::Ui,
    info: &BattleInfo,
    side: Side,
    choices: &[Side],
    send: &mut impl FnMut(Command),
) {
    super::words::tagged(
        ui,
        "You have the initiative: who takes the first turn? [CMB-1]",
    );
    for &s in choices {
        if ui
            .button(format!("{} goes first", info.sides[s].name))
            .clicked()
        {
            send(Command::FirstTurn { side, first: s });
        }
    }
}

/// CMB-1: the fighters that may activate (or click one on the board). A side with none left
/// passes by itself: the battle never asks.
fn activate(
    ui: &mut egui::Ui,
    names: &[(FighterId, String)],
    ids: &[FighterId],
    send: &mut impl FnMut(Command),
) {
    super::words::tagged(
        ui,
        "Your turn: activate a fighter (click it on the board or here) [CMB-1].",
    );
    for &id in ids {
        if ui.button(format!("Activate {}", name(names, id))).clicked() {
            send(Command::Activate { fighter: id });
        }
    }
}

/// REA-2 to REA-4: the reaction of the core rules on offer, one button per fighter that may
/// make it (R: the first).
fn core_reaction(
    ui: &mut egui::Ui,
    names: &[(FighterId, String)],
    fighters: &[FighterId],
    kind: ReactionKind,
    send: &mut impl FnMut(Command),
) {
    use super::action_bar::hotkey;
    for (n, &id) in fighters.iter().enumerate() {
        let key = if n == 0 { " (R)" } else { "" };
        if ui
            .button(format!("{} reacts: {kind}{key}", name(names, id)))
            .clicked()
            || (n == 0 && hotkey(ui, egui::Key::R))
        {
            send(Command::React {
                fighter: id,
                reaction: kind,
            });
        }
    }
}

/// What the enemy is doing that a reaction answers (REA-1): who attacks whom, or who
/// disengages.
fn trigger(resume: &Resume, n: &Names) -> String {
    match resume {
        Resume::AttackBeforeHits {
            attacker, target, ..
        } => format!("{} attacks {}.", n.fighter(*attacker), n.fighter(*target)),
        Resume::AttackAfterHits {
            attacker,
            target,
            rolls,
            ..
        } => format!(
            "{} attacks {}: the hit rolls are {}.",
            n.fighter(*attacker),
            n.fighter(*target),
            rolls
                .iter()
                .map(u8::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Resume::Disengage { fighter, .. } => format!("{} disengages.", n.fighter(*fighter)),
        Resume::AfterMove { mover } => format!("{} finishes a move.", n.fighter(*mover)),
        Resume::AfterDamage { attacker, target } => format!(
            "{}'s attack's damage is allocated to {}.",
            n.fighter(*attacker),
            n.fighter(*target)
        ),
        Resume::AttackTotalled(t) => format!(
            "{} attacks {}: {} damage, enough to take {} down.",
            n.fighter(t.attacker),
            n.fighter(t.target),
            t.damage,
            n.fighter(t.target)
        ),
    }
}

/// A reaction on offer to `side`: the kind, who may make it, and the reaction abilities
/// they may make instead.
struct Offer<'a> {
    side: Side,
    kind: Option<ReactionKind>,
    fighters: &'a [FighterId],
    abilities: &'a [crate::rules::options::ReactionAbility],
}

/// REA-1: a reaction on offer (R: the first fighter listed reacts; 1-9: that reaction ability
/// is made instead, by the fighter it names, ABL-5; L: let it go).
fn reaction(
    ui: &mut egui::Ui,
    names: &[(FighterId, String)],
    offer: &Offer,
    why: Option<String>,
    send: &mut impl FnMut(Command),
) {
    use super::action_bar::{DIGITS, hotkey};
    let side = offer.side;
    if let Some(why) = why {
        super::words::tagged(ui, &why);
    }
    match offer.kind {
        Some(kind) => {
            let offered = format!("A reaction is on offer: {kind} [{}]", kind.rule());
            super::words::tagged(ui, &offered);
            core_reaction(ui, names, offer.fighters, kind, send);
        }
        None => super::words::tagged(ui, "A reaction ability may answer it [REA-1]"),
    }
    for (n, ability) in offer.abilities.iter().enumerate() {
        let key = DIGITS.get(n);
        let who = match ability.friend {
            Some(friend) => format!(
                "{} reacts: {}, with {}",
                name(names, ability.fighter),
                ability.name,
                name(names, friend)
            ),
            None => format!("{} reacts: {}", name(names, ability.fighter), ability.name),
        };
        let label = match key {
            Some(_) => format!("{who} ({}) [ABL-5]", n + 1),
            None => format!("{who} [ABL-5]"),
        };
        if ui.button(label).clicked() || key.is_some_and(|k| hotkey(ui, *k)) {
            send(ability.command());
        }
        ui.label(egui::RichText::new(format!("    {}", ability.what)).small());
    }
    if ui.button("Let it go (L)").clicked() || hotkey(ui, egui::Key::L) {
        send(Command::DeclineReaction { side });
    }
}
