//! The solo-mode opponent of seed 002 (rules/solo-mode.md): target (SOLO-A), active fighter
//! (SOLO-B) and the activation sequence (SOLO-C1..C7), one function per step, each returning a
//! decision with its rule ID or "next step". It acts only through [`Command`]s, and explains
//! every decision with an `Explain` command so that the log (and every replay) shows why.
//!
//! Ties the paper leaves open are broken by a roll-off from a dice stream of its own, seeded by
//! the battle's seed and the world hash, so the AI never draws from the battle's dice and a
//! replay of its commands reproduces the battle.
//!
//! This file holds the decision of what the battle waits for (SOLO-I4, REA-1 and the rest
//! delegated), the shared vocabulary and the Bevy plugin; `target.rs` is SOLO-A, `active.rs`
//! SOLO-B, `ability.rs` SOLO-C1, `steps.rs` SOLO-C2..C7, `initiative.rs` SOLO-I2..I3 and
//! `plan.rs` the `plan` command.

mod ability;
mod active;
mod bonus;
mod hold;
mod initiative;
mod plan;
mod react;
mod steps;
mod target;

pub use ability::step_ability;
pub use active::{choose_active, choose_active_among};
pub use initiative::solo_wild_uses;
pub use plan::{Plan, plan};
pub use steps::{
    Ctx, Step, activation_step, step_approach, step_attack_range, step_engaged, step_threat_range,
};
pub use target::{Target, TargetChoice, choose_target, choose_target_among};

use crate::model::RuleId;
use crate::rules::door::{BattleSet, CommandResult, SubmitCommand};
use bevy::prelude::*;
use serde::Serialize;

use crate::battlefield::measure::bases_within;
use crate::model::components::*;
use crate::model::dice::DiceRng;
use crate::model::formats::{Colour, Controller};
use crate::model::ruleset::Ruleset;
use crate::rules::command::Command;
use crate::rules::engine::{Engine, FighterView, Pending};

/// One decision: the command, the rules that chose it and the figures behind it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decision {
    pub command: Command,
    pub rules: Vec<RuleId>,
    pub why: String,
}

fn decision(command: Command, rules: &[RuleId], why: impl Into<String>) -> Decision {
    Decision {
        command,
        rules: rules.to_vec(),
        why: why.into(),
    }
}

/// The seed of the AI's tie-break dice: the battle's seed and how far the battle has come (the
/// commands applied so far), so that replaying the AI's commands, or a save, reproduces its
/// roll-offs without drawing from the battle's dice. Cheap: it is asked for every decision.
fn tie_seed(world: &World) -> u64 {
    tie_seed_at(world, world.resource::<Engine>().commands.len())
}

/// [`tie_seed`] as it was when `done` commands had been applied.
fn tie_seed_at(world: &World, done: usize) -> u64 {
    let seed = world.resource::<DiceRng>().seed();
    seed ^ (done as u64 + 1)
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .rotate_left(17)
}

/// The last tie of "most wounds left, then the highest points value" (SOLO-B, "an enemy
/// fighter") is rolled off with the AI's own dice, as the solo rules settle every tie (GEN-4).
/// `ranked` is sorted best first; returns the winner and, when there was a roll-off, the words
/// for the log.
fn roll_off_last_tie<'a>(
    ranked: &[&'a FighterView],
    seed: u64,
) -> Option<(&'a FighterView, String)> {
    let first = *ranked.first()?;
    let key = |f: &FighterView| (f.wounds_left(), f.profile.points);
    let tied: Vec<&FighterView> = ranked
        .iter()
        .copied()
        .take_while(|f| key(f) == key(first))
        .collect();
    if tied.len() == 1 {
        return Some((first, String::new()));
    }
    let mut dice = DiceRng::new(seed);
    let (w, rounds) = crate::model::dice::roll_off_among(tied.len(), &mut dice);
    let text = format!(
        " (tied with {} on wounds and points: roll-off {}, GEN-4)",
        tied.iter()
            .enumerate()
            .filter(|(i, _)| *i != w)
            .map(|(_, f)| &*f.name)
            .collect::<Vec<_>>()
            .join(" and "),
        crate::model::dice::roll_off_text(&rounds, |c| tied[c].name.to_string())
    );
    Some((tied[w], text))
}

// ---------------------------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------------------------

// The objectives on the battlefield, in index order.
use crate::rules::engine::objectives as sorted_objectives;

/// Attack range: within the range of one of `f`'s weapons (respecting minimum ranges).
pub fn in_attack_range(f: &FighterView, d: f32) -> bool {
    f.profile
        .weapons
        .iter()
        .any(|w| d <= w.max_range + 1e-4 && !(w.min_range > 0.0 && d <= w.min_range + 1e-4))
}

/// Threat range: Move + the longest weapon range.
pub fn threat_range(f: &FighterView, rules: &Ruleset, move_bonus: u32) -> f32 {
    f.move_budget(rules, move_bonus)
        + f.profile
            .weapons
            .iter()
            .map(|w| w.max_range)
            .fold(0.0, f32::max)
}

/// "An enemy fighter": the target if it is a fighter that qualifies, else the qualifying enemy
/// with the most remaining wounds, then the highest points value, then a roll-off (seeded by
/// `seed`, said in the returned words).
fn an_enemy<'a>(
    target: Target,
    candidates: impl Iterator<Item = &'a FighterView>,
    seed: u64,
) -> Option<(&'a FighterView, String)> {
    let mut c: Vec<&FighterView> = candidates.collect();
    if let Target::Fighter(t) = target
        && let Some(f) = c.iter().find(|f| f.id == t)
    {
        return Some((f, String::new()));
    }
    c.sort_by(|a, b| {
        (b.wounds_left(), b.profile.points, std::cmp::Reverse(b.id)).cmp(&(
            a.wounds_left(),
            a.profile.points,
            std::cmp::Reverse(a.id),
        ))
    });
    roll_off_last_tie(&c, seed)
}

fn target_pos(all: &[FighterView], t: Target) -> Option<Vec3> {
    match t {
        Target::Objective { at, .. } => Some(Vec3::from_array(at)),
        Target::Fighter(id) => all.iter().find(|f| f.id == id).map(|f| f.pos),
    }
}

fn target_name(all: &[FighterView], t: Target) -> String {
    match t {
        Target::Objective { index, .. } => format!("objective {}", index + 1),
        Target::Fighter(id) => all
            .iter()
            .find(|f| f.id == id)
            .map(|f| f.name.to_string())
            .unwrap_or_default(),
    }
}

fn engaged(all: &[FighterView], f: &FighterView) -> bool {
    all.iter()
        .any(|o| o.on_board() && o.side != f.side && bases_within(&o.base(), &f.base(), 1.0))
}

// ---------------------------------------------------------------------------------------------
// Initiative, turns, reactions
// ---------------------------------------------------------------------------------------------

/// The decision the automated warband makes for what the battle waits for, if it is its turn.
pub fn decide(world: &mut World) -> Option<Decision> {
    let side = crate::rules::engine::deciding_side(world)?;
    advise(world).filter(|_| is_ai(world, side))
}

/// What the solo rules would decide in the place of whichever side decides now, human or
/// not: the game's hint for a player learning the rules (target, fighter, action, with the
/// rule IDs that chose them).
pub fn advise(world: &mut World) -> Option<Decision> {
    let pending = world.resource::<Engine>().pending;
    match pending {
        Pending::WildDice { side } => Some(wild_dice(world, side)),
        Pending::Colour { side } => Some(decision(
            Command::ChooseColour {
                side,
                colour: Colour::Red,
            },
            &[RuleId::Set5],
            "the priority player takes red (the AI weighs no difference between the colours)",
        )),
        Pending::Deploy { side } | Pending::Arrive { side } => Some(decision(
            Command::SetUpDone { side },
            &[RuleId::Set6, RuleId::Res1],
            "keep the spots the set-up found: the solo rules set up around each point",
        )),
        Pending::PlaceTreasure { side } => Some(decision(
            Command::PlaceTreasure { side, at: None },
            &[RuleId::Gen8],
            "the dropped treasure stays where its carrier fell (the solo rules say nothing of it)",
        )),
        Pending::Land { side } => Some(decision(
            Command::Land { side, at: None },
            &[RuleId::Move8],
            "the falling fighter lands nearest the attacker, or where it hung (the solo rules say \
             nothing of it)",
        )),
        Pending::FirstTurn { side } => Some(decision(
            Command::FirstTurn { side, first: side },
            &[RuleId::SoloI4],
            "the side with the initiative activates first",
        )),
        Pending::Turn { side } => turn(world, side),
        Pending::Action { fighter } => Some(activation_step(world, fighter)),
        Pending::Reaction { side } => react::reaction(world, side),
        Pending::Setup
        | Pending::RollInitiative
        | Pending::Reserve
        | Pending::EndOfRound
        | Pending::Ended => None,
    }
}

/// SOLO-I2, SOLO-I3: the automated warband's wild dice.
fn wild_dice(world: &World, side: Side) -> Decision {
    let d = world.resource::<Engine>().dice[side].clone();
    let uses = solo_wild_uses(&d);
    decision(
        Command::WildDice {
            side,
            uses: uses.clone(),
        },
        &[RuleId::SoloI2, RuleId::SoloI3],
        format!(
            "wild dice: {}: triple -> quad, else double -> triple, else single -> double \
             (among several of a kind, the highest value: the solo rules leave it open); never saved",
            crate::rules::initiative::uses_text(&uses)
        ),
    )
}

/// SOLO-A, SOLO-B: the fighter to activate (CMB-1: one is activated even with no target).
fn turn(world: &mut World, side: Side) -> Option<Decision> {
    let all = crate::rules::engine::fighters(world);
    Some(match choose_target_among(world, &all, side) {
        Some(tc) => {
            let (id, rule, why) = choose_active_among(world, &all, side, Some(tc.target))?;
            decision(
                Command::Activate { fighter: id },
                &[tc.rule, rule],
                format!("target {} [{}]; active {why} [{rule}]", tc.why, tc.rule),
            )
        }
        None => {
            let (id, rule, why) = choose_active_among(world, &all, side, None)?;
            decision(
                Command::Activate { fighter: id },
                &[RuleId::Cmb1, rule],
                format!(
                    "no target (no objective to take, no enemy on the battlefield); a side \
                     must still activate a fighter when it can: active {why} [{rule}]"
                ),
            )
        }
    })
}

/// `d` as one command: the command with its reasons (one `apply`; the log shows the reasons
/// just before what the command does).
pub fn decided(side: Side, d: &Decision) -> Command {
    Command::Decided {
        side,
        rules: d.rules.iter().map(|r| r.to_string()).collect(),
        text: d.why.clone(),
        command: Box::new(d.command.clone()),
    }
}

/// Is `side` played by the AI?
pub fn is_ai(world: &World, side: Side) -> bool {
    world.resource::<BattleInfo>().sides[side].controller == Controller::Ai
}

/// The solo AI as a Bevy plugin: while [`SoloAi::enabled`], each frame it makes the next
/// decision of any side marked AI (an explanation, then the command) and sends both through
/// the door ([`SubmitCommand`]), like the human UI and replays.
pub struct SoloAiPlugin;

#[derive(Resource, Debug, Clone, Default)]
pub struct SoloAi {
    pub enabled: bool,
    /// Decisions a frame at most (1: one a frame, to watch; more: faster). 0 counts as 1.
    pub per_frame: u32,
    /// 0.5x, for viewers: one decision at a time, and the view slower still (half-speed walks
    /// and a beat after every decision, `view::animation`).
    pub half_speed: bool,
    /// Set by a view while it shows what the last decision did (a fighter walking): the AI
    /// waits.
    pub hold: bool,
    pub last_error: Option<String>,
    /// The command sent this frame, to recognise its answer.
    sent: Option<Command>,
}

impl SoloAi {
    /// The AI on: it plays its sides' decisions as they come.
    pub fn on() -> Self {
        SoloAi {
            enabled: true,
            per_frame: 1,
            hold: false,
            ..Default::default()
        }
    }
}

impl Plugin for SoloAiPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<SoloAi>().add_systems(
            Update,
            (
                solo_ai_system.in_set(BattleSet::Decide),
                solo_ai_results.in_set(BattleSet::React),
            ),
        );
    }
}

fn solo_ai_system(world: &mut World) {
    let ai = world.resource::<SoloAi>();
    if !ai.enabled || ai.hold || world.get_resource::<Engine>().is_none() {
        return;
    }
    // All but the last decision of the frame go in at once (the same inbox and phase
    // systems as the door); the last through the door, whose answer `solo_ai_results` reads.
    let n = world.resource::<SoloAi>().per_frame.max(1);
    for i in 0..n {
        let Some(side) = crate::rules::engine::deciding_side(world) else {
            return;
        };
        if !is_ai(world, side) {
            return;
        }
        let Some(d) = decide(world) else {
            return;
        };
        let cmd = decided(side, &d);
        if i + 1 == n {
            world.write_message(SubmitCommand(cmd.clone()));
            world.resource_mut::<SoloAi>().sent = Some(cmd);
        } else if let Err(e) = crate::rules::engine::apply(world, &cmd) {
            let mut ai = world.resource_mut::<SoloAi>();
            ai.last_error = Some(e.to_string());
            ai.enabled = false;
            return;
        }
    }
}

/// A command of the AI's that the rules reject stops the AI (and says why) rather than
/// sending it again every frame.
fn solo_ai_results(mut ai: ResMut<SoloAi>, mut results: MessageReader<CommandResult>) {
    for r in results.read() {
        if ai.sent.as_ref() == Some(&r.command) {
            ai.sent = None;
            if let Err(e) = &r.result {
                ai.last_error = Some(e.to_string());
                ai.enabled = false;
            }
        }
    }
}
