//! The battle engine: the round sequence of seed 001 (initiative, reserve, combat, end of
//! round) driven only by [`Command`]s. [`apply`] validates a command against the rules and
//! either applies it or rejects it with the rule it breaks, leaving the world untouched.
//!
//! The engine keeps the exact decision the battle waits for in [`Engine::pending`], so that one
//! `app.update()` (or a batch run calling [`apply`] directly) can apply many commands; the
//! [`BattlePhase`] state mirrors the phase for views and per-phase systems.

use std::hash::Hasher;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::battlefield::Battlefield;
use crate::battlefield::measure::{Base, distance, distance_to_point};
use crate::battlefield::nav::Mover;
use crate::battlefield::sight::{Body, visible};
use crate::model::components::*;
use crate::model::dice::{Dice, DiceRng, roll_off};
use crate::model::formats::{FighterProfile, Role, TwistEffect, VictoryCondition};
use crate::model::ruleset::{Ruleset, TieRule};
use crate::rules::actions;
use crate::rules::command::{Command, ReactionKind, Rejected};
use crate::rules::initiative::{Seize, SideDice, WildUse, most_singles, seize};
use crate::rules::log::{BattleLog, Event};

/// What the battle waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Pending {
    /// Not started (setup runs first).
    #[default]
    Setup,
    /// INI-3: `side` declares its wild dice.
    WildDice { side: usize },
    /// CMB-1: the initiative side picks who goes first.
    FirstTurn { side: usize },
    /// CMB-1: `side` activates a fighter.
    Turn { side: usize },
    /// CMB-2, CMB-3: the active fighter's next action or ability, or the end of its activation.
    Action { fighter: u32 },
    /// REA-1: `side` may react to the enemy action on offer.
    Reaction { side: usize },
    /// The battle is over.
    Ended,
}

/// A bonus action granted by an ability (CMB-2), taken before any other action.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Bonus {
    Move { max: f32 },
    Attack,
}

/// The active fighter's activation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActivationState {
    pub fighter: u32,
    pub side: usize,
    pub actions_left: u8,
    pub actions_taken: u8,
    /// CMB-3.
    pub ability_used: bool,
    /// Second activation of a waiting fighter (WAIT-1).
    pub after_wait: bool,
    /// ABL-3 Rush and Onslaught.
    pub move_bonus: u32,
    pub attacks_bonus: u32,
    pub bonus: Vec<Bonus>,
    /// ABL-3 Inspiring Presence: activated right after this one.
    pub inspired: Option<u32>,
}

/// Where an action waiting for a reaction carries on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Resume {
    AttackBeforeHits {
        attacker: u32,
        target: u32,
        weapon: usize,
    },
    AttackAfterHits {
        attacker: u32,
        target: u32,
        weapon: usize,
        rolls: Vec<u8>,
        counter: bool,
    },
    Disengage {
        fighter: u32,
        to: [f32; 3],
    },
}

/// A reaction on offer (REA-1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReactionOffer {
    pub side: usize,
    pub kind: ReactionKind,
    /// The fighters that may react.
    pub fighters: Vec<u32>,
    pub resume: Resume,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Winner(usize),
    Draw,
}

/// SET-8: where the battle is past the victory card's rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Overtime {
    #[default]
    No,
    ExtraRound,
    LastStanding,
}

/// The engine's state: everything about the battle that is not a component.
#[derive(Resource, Debug, Clone, Default, Serialize, Deserialize)]
pub struct Engine {
    pub round: u32,
    pub initiative: Option<usize>,
    pub dice: [SideDice; 2],
    /// INI-4: each side's singles before the wild dice.
    pub singles_before: (u32, u32),
    pub pending: Pending,
    /// Whose turn it is in the combat phase.
    pub turn: usize,
    /// CMB-1: consecutive passes.
    pub passes: u8,
    pub activation: Option<ActivationState>,
    pub reaction: Option<ReactionOffer>,
    /// GEN-7: who controls each objective.
    pub control: Vec<Option<usize>>,
    /// VIC-1 victory points.
    pub score: [u32; 2],
    /// VIC-1 attrition: points of enemy fighters each side took down.
    pub points_taken_down: [u32; 2],
    pub overtime: Overtime,
    pub outcome: Option<Outcome>,
    /// Every command applied, in order (a replay is the battle + seed + this list).
    pub commands: Vec<Command>,
    /// A hash of the world after each round.
    pub round_hashes: Vec<u64>,
}

/// A fighter as the rules see it.
#[derive(Debug, Clone)]
pub struct FighterView {
    pub entity: Entity,
    pub id: u32,
    pub name: String,
    pub side: usize,
    pub pos: Vec3,
    pub facing: f32,
    pub profile: FighterProfile,
    pub role: Role,
    pub damage: u32,
    pub presence: Presence,
    pub activation: Activation,
    pub reactions: u8,
    pub carrying: Option<usize>,
}

impl FighterView {
    pub fn base(&self) -> Base {
        Base::new(self.profile.base, self.pos, self.facing)
    }

    pub fn body(&self) -> Body {
        Body::new(self.base(), self.profile.body_height())
    }

    pub fn on_board(&self) -> bool {
        self.presence == Presence::Deployed
    }

    pub fn wounds_left(&self) -> u32 {
        self.profile.wounds.saturating_sub(self.damage)
    }

    pub fn is_hero(&self) -> bool {
        matches!(self.role, Role::Leader | Role::Hero)
            || self.profile.has_runemark("hero")
            || self.profile.has_runemark("leader")
    }

    /// GEN-8: may this fighter carry treasure?
    pub fn can_carry(&self) -> bool {
        !(self.profile.has_runemark("monster") || self.profile.has_runemark("beast"))
    }

    /// How it moves (MOVE-5, MOVE-7; GEN-8 carriers can't fly unless the ruleset says so).
    pub fn mover(&self, rules: &Ruleset) -> Mover {
        Mover {
            base: self.profile.base,
            body: self.profile.body_height(),
            can_climb: !self.profile.has_runemark("mount"),
            can_fly: self.profile.has_runemark("fly")
                && (self.carrying.is_none() || rules.carrier_can_fly),
        }
    }

    /// MOVE-1 with GEN-8 and ABL-3 Rush (ABL-4: add, then subtract).
    pub fn move_budget(&self, rules: &Ruleset, bonus: u32) -> f32 {
        let m = self.profile.movement + bonus;
        let m = if self.carrying.is_some() {
            m.saturating_sub(rules.carrier_move_penalty)
                .max(rules.carrier_min_move)
        } else {
            m
        };
        m as f32
    }

    /// CMB-1, WAIT-1, REA-1: can it still be activated this phase?
    pub fn can_activate(&self) -> bool {
        self.on_board()
            && match self.activation {
                Activation::Ready => self.reactions < 2,
                Activation::Waiting => true,
                Activation::Activated => false,
            }
    }

    /// REA-1: not yet activated this round (with an action to spare), or waiting.
    pub fn can_react(&self) -> bool {
        self.can_activate()
    }
}

/// Every fighter, by id.
pub fn fighters(world: &mut World) -> Vec<FighterView> {
    let mut carried: Vec<(u32, usize)> = world
        .query::<&Treasure>()
        .iter(world)
        .filter_map(|t| t.carrier.map(|c| (c, t.index)))
        .collect();
    carried.sort();
    let mut q = world.query::<(
        Entity,
        &Fighter,
        &Side,
        &Position,
        &Facing,
        &Profile,
        &WarbandRole,
        &Damage,
        &Presence,
        &Activation,
        Option<&Reactions>,
    )>();
    let mut out: Vec<FighterView> = q
        .iter(world)
        .map(
            |(entity, f, side, pos, facing, profile, role, dmg, presence, act, rea)| FighterView {
                entity,
                id: f.id,
                name: f.name.clone(),
                side: side.0,
                pos: pos.0,
                facing: facing.0,
                profile: profile.0.clone(),
                role: role.0,
                damage: dmg.0,
                presence: *presence,
                activation: *act,
                reactions: rea.map(|r| r.0).unwrap_or(0),
                carrying: carried.iter().find(|c| c.0 == f.id).map(|c| c.1),
            },
        )
        .collect();
    out.sort_by_key(|f| f.id);
    out
}

pub fn fighter(world: &mut World, id: u32) -> Option<FighterView> {
    fighters(world).into_iter().find(|f| f.id == id)
}

/// GEN-3 with the twist of VIC-2: can `a` see `b`? Under a visibility twist, fighters
/// `max_distance` or more apart can't ("4\" or more", read inclusively as written).
pub fn can_see(world: &World, all: &[FighterView], a: &FighterView, b: &FighterView) -> bool {
    if let TwistEffect::Visibility { max_distance } = world.resource::<BattleInfo>().twist.effect
        && distance(&a.base(), &b.base()) >= max_distance - 1e-4
    {
        return false;
    }
    let Some(bf) = world.get_resource::<Battlefield>() else {
        return true;
    };
    let others: Vec<Body> = all
        .iter()
        .filter(|o| o.on_board() && o.id != a.id && o.id != b.id)
        .map(|o| o.body())
        .collect();
    visible(&bf.shapes, &a.body(), &b.body(), &others)
}

pub(crate) fn log(world: &mut World, rules: &[&'static str], event: Event) {
    let round = world.resource::<Engine>().round;
    world.resource_mut::<BattleLog>().event(round, rules, event);
}

fn side_name(world: &World, side: usize) -> String {
    world.resource::<BattleInfo>().sides[side].name.clone()
}

pub(crate) fn engine(world: &mut World) -> Mut<'_, Engine> {
    world.resource_mut::<Engine>()
}

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

/// Validates `cmd` and applies it, or rejects it with the rule it breaks (the world is then
/// unchanged).
pub fn apply(world: &mut World, cmd: &Command) -> Result<(), Rejected> {
    if world.get_resource::<Engine>().is_none() {
        return Err(Rejected::new("SET-4", "no battle is set up"));
    }
    let pending = world.resource::<Engine>().pending;
    let result = dispatch(world, pending, cmd);
    if result.is_ok() {
        engine(world).commands.push(cmd.clone());
        sync_phase(world);
    }
    result
}

fn dispatch(world: &mut World, pending: Pending, cmd: &Command) -> Result<(), Rejected> {
    match (pending, cmd) {
        (_, Command::Explain { side, rules, text }) => {
            let ids: Vec<&'static str> = rules
                .iter()
                .filter_map(|r| crate::rules::log::rule_id(r))
                .collect();
            log(
                world,
                &ids,
                Event::Decision {
                    side: *side,
                    text: text.clone(),
                },
            );
            Ok(())
        }
        (Pending::Ended, _) => Err(Rejected::new("VIC-1", "the battle is over")),
        (Pending::WildDice { side }, Command::WildDice { side: s, uses }) => {
            if *s != side {
                return Err(Rejected::new(
                    "INI-3",
                    format!("side {side} declares its wild dice first (INI-3, SOLO-I1)"),
                ));
            }
            if solo_sides(world).is_some_and(|(_, ai)| ai == side) && uses.contains(&WildUse::Save)
            {
                return Err(Rejected::new(
                    "SOLO-I3",
                    "the automated warband never saves a wild die",
                ));
            }
            wild_dice(world, side, uses)
        }
        (Pending::FirstTurn { side }, Command::FirstTurn { side: s, first }) => {
            if *s != side {
                return Err(Rejected::new(
                    "CMB-1",
                    "only the side with the initiative picks who goes first",
                ));
            }
            if *first > 1 {
                return Err(Rejected::new("CMB-1", "there are two sides: 0 and 1"));
            }
            if solo_sides(world).is_some() && *first != side {
                return Err(Rejected::new(
                    "SOLO-I4",
                    "in solo mode the side with the initiative activates first",
                ));
            }
            log(
                world,
                &["CMB-1"],
                Event::FirstTurn {
                    side: *first,
                    text: format!("{} takes the first turn", side_name(world, *first)),
                },
            );
            let mut e = engine(world);
            e.turn = *first;
            e.passes = 0;
            next_turn(world);
            Ok(())
        }
        (Pending::Turn { side }, Command::Activate { fighter: id }) => activate(world, side, *id),
        (Pending::Turn { side }, Command::Pass { side: s }) => {
            if *s != side {
                return Err(Rejected::new("CMB-1", "it is the other side's turn"));
            }
            Err(Rejected::new(
                "CMB-1",
                "a side must activate a fighter if it can",
            ))
        }
        (Pending::Action { fighter }, cmd) => actions::action(world, fighter, cmd),
        (Pending::Reaction { side }, cmd) => actions::reaction(world, side, cmd),
        (p, c) => Err(Rejected::new(
            rule_of_pending(p),
            format!(
                "the battle waits for {}, not {}",
                describe_pending(p),
                c.describe()
            ),
        )),
    }
}

fn rule_of_pending(p: Pending) -> &'static str {
    match p {
        Pending::Setup => "SET-4",
        Pending::WildDice { .. } => "INI-3",
        Pending::FirstTurn { .. } | Pending::Turn { .. } => "CMB-1",
        Pending::Action { .. } => "CMB-2",
        Pending::Reaction { .. } => "REA-1",
        Pending::Ended => "VIC-1",
    }
}

/// Which side decides what the battle waits for.
pub fn deciding_side(world: &World) -> Option<usize> {
    let e = world.resource::<Engine>();
    match e.pending {
        Pending::WildDice { side }
        | Pending::FirstTurn { side }
        | Pending::Turn { side }
        | Pending::Reaction { side } => Some(side),
        Pending::Action { .. } => e.activation.as_ref().map(|a| a.side),
        Pending::Setup | Pending::Ended => None,
    }
}

pub fn describe_pending(p: Pending) -> String {
    match p {
        Pending::Setup => "setup".into(),
        Pending::WildDice { side } => format!("side {side}'s wild dice"),
        Pending::FirstTurn { side } => format!("side {side} to pick who goes first"),
        Pending::Turn { side } => format!("side {side} to activate a fighter"),
        Pending::Action { fighter } => format!("fighter {fighter}'s next action"),
        Pending::Reaction { side } => format!("side {side}'s reaction"),
        Pending::Ended => "nothing (the battle is over)".into(),
    }
}

/// Mirrors the engine's phase into the [`BattlePhase`] state.
fn sync_phase(world: &mut World) {
    let phase = match world.resource::<Engine>().pending {
        Pending::Setup => BattlePhase::Setup,
        Pending::WildDice { .. } => BattlePhase::Initiative,
        Pending::FirstTurn { .. }
        | Pending::Turn { .. }
        | Pending::Action { .. }
        | Pending::Reaction { .. } => BattlePhase::Combat,
        Pending::Ended => BattlePhase::Ended,
    };
    if let Some(mut next) = world.get_resource_mut::<NextState<BattlePhase>>() {
        next.set(phase);
    }
}

// ---------------------------------------------------------------------------------------------
// Initiative (seed 001, INI-1..INI-4)
// ---------------------------------------------------------------------------------------------

/// Starts the battle after setup: round 1's initiative phase.
pub fn start_battle(world: &mut World) {
    let objectives = world.query::<&Objective>().iter(world).count();
    let mut e = Engine {
        control: vec![None; objectives],
        ..Default::default()
    };
    if let Some(old) = world.get_resource::<Engine>() {
        e.commands = old.commands.clone();
    }
    world.insert_resource(e);
    begin_round(world);
    sync_phase(world);
}

fn begin_round(world: &mut World) {
    let rules = world.resource::<Ruleset>().clone();
    let round = world.resource::<Engine>().round + 1;
    world.resource_mut::<RoundState>().round = round;
    {
        let mut e = engine(world);
        e.round = round;
        e.activation = None;
        e.reaction = None;
    }
    // SOLO-I1: in solo mode the human rolls and settles its wild dice before the automated
    // warband rolls.
    if let Some((human, _)) = solo_sides(world) {
        roll_initiative(world, human, &rules);
        engine(world).initiative = None;
        ask_wild(world, human);
        return;
    }
    // INI-1: each side rolls; INI-2: last round's dice are discarded.
    let singles = [
        roll_initiative(world, 0, &rules),
        roll_initiative(world, 1, &rules),
    ];
    let holder = match most_singles(singles[0], singles[1]) {
        Some(s) => s,
        None => {
            let ro = roll_off(world.resource_mut::<DiceRng>().as_mut());
            let text = format!(
                "Singles tied {} v {}: roll-off {}",
                singles[0],
                singles[1],
                rolls_text(&ro.rolls)
            );
            log(
                world,
                &["INI-1", "GEN-4"],
                Event::RollOff {
                    rolls: ro.rolls.clone(),
                    winner: ro.winner,
                    text,
                },
            );
            ro.winner
        }
    };
    {
        let mut e = engine(world);
        e.initiative = Some(holder);
        e.singles_before = (singles[0], singles[1]);
    }
    let text = format!("{} has the initiative", side_name(world, holder));
    log(
        world,
        &["INI-1"],
        Event::Initiative {
            side: holder,
            seized: false,
            text,
        },
    );
    ask_wild(world, holder);
}

/// INI-1, INI-2: `side` rolls its initiative dice (last round's ability dice are discarded;
/// saved wild dice carry over). Returns its singles.
fn roll_initiative(world: &mut World, side: usize, rules: &Ruleset) -> u32 {
    let rolled = world
        .resource_mut::<DiceRng>()
        .roll(rules.initiative_dice as usize);
    let saved = world.resource::<Engine>().dice[side].saved;
    let mut d = SideDice::from_roll(&rolled);
    d.wild = saved + rules.wild_dice_per_round;
    let count = d.singles_count();
    let text = format!(
        "{} rolls {}: {} single(s), ability dice {}; {} wild dice to declare",
        side_name(world, side),
        crate::model::dice::dice_text(&rolled),
        count,
        groups_text(&d),
        d.wild
    );
    log(
        world,
        &["INI-1", "INI-2"],
        Event::InitiativeRoll {
            side,
            dice: rolled.clone(),
            singles: count,
            text,
        },
    );
    engine(world).dice[side] = d;
    count
}

/// Solo mode (SOLO-S3): (the human's side, the automated warband's side).
pub fn solo_sides(world: &World) -> Option<(usize, usize)> {
    let info = world.resource::<BattleInfo>();
    if info.mode != crate::model::formats::Mode::Solo {
        return None;
    }
    let h = info
        .sides
        .iter()
        .position(|s| s.controller == crate::model::formats::Controller::Human)?;
    Some((h, 1 - h))
}

fn groups_text(d: &SideDice) -> String {
    if d.groups.is_empty() {
        return "none".into();
    }
    d.groups
        .iter()
        .map(|g| format!("{} of {}s", g.kind(), g.value))
        .collect::<Vec<_>>()
        .join(", ")
}

fn rolls_text(rolls: &[(u8, u8)]) -> String {
    rolls
        .iter()
        .map(|(a, b)| format!("{a} v {b}"))
        .collect::<Vec<_>>()
        .join(", then ")
}

/// INI-3: asks `side` for its wild dice (skipped when it has none).
fn ask_wild(world: &mut World, side: usize) {
    if world.resource::<Engine>().dice[side].wild == 0 {
        let _ = wild_dice(world, side, &[]);
    } else {
        engine(world).pending = Pending::WildDice { side };
    }
}

fn wild_dice(world: &mut World, side: usize, uses: &[WildUse]) -> Result<(), Rejected> {
    let mut d = world.resource::<Engine>().dice[side].clone();
    d.use_wild(uses).map_err(|e| Rejected::new("INI-3", e))?;
    if !uses.is_empty() {
        let text = format!(
            "{} uses wild dice ({}): {} single(s), ability dice {}, {} saved",
            side_name(world, side),
            crate::rules::initiative::uses_text(uses),
            d.singles_count(),
            groups_text(&d),
            d.saved
        );
        log(
            world,
            &["INI-3"],
            Event::WildDice {
                side,
                uses: uses.to_vec(),
                text,
            },
        );
    }
    engine(world).dice[side] = d;
    if let Some((human, ai)) = solo_sides(world) {
        if side == human {
            // SOLO-I2: now the automated warband rolls, and uses its wild die at once.
            let rules = world.resource::<Ruleset>().clone();
            roll_initiative(world, ai, &rules);
            ask_wild(world, ai);
        } else {
            solo_initiative(world);
        }
        return Ok(());
    }
    let holder = world.resource::<Engine>().initiative.unwrap_or(0);
    if side == holder {
        ask_wild(world, 1 - holder);
        return Ok(());
    }
    // INI-4: seizing the initiative.
    let (s0, s1) = {
        let e = world.resource::<Engine>();
        (e.dice[0].singles_count(), e.dice[1].singles_count())
    };
    let before = world.resource::<Engine>().singles_before;
    let new_holder = match seize(before, (s0, s1), holder) {
        Seize::Keep => holder,
        Seize::Seized => {
            let text = format!(
                "{} now has more singles ({} v {}) and seizes the initiative",
                side_name(world, 1 - holder),
                s0,
                s1
            );
            log(
                world,
                &["INI-4"],
                Event::Initiative {
                    side: 1 - holder,
                    seized: true,
                    text,
                },
            );
            1 - holder
        }
        Seize::RollOff => {
            let ro = roll_off(world.resource_mut::<DiceRng>().as_mut());
            let text = format!(
                "Singles now tied {s0} v {s1}: roll-off {}; {} has the initiative",
                rolls_text(&ro.rolls),
                side_name(world, ro.winner)
            );
            log(
                world,
                &["INI-4", "GEN-4"],
                Event::RollOff {
                    rolls: ro.rolls.clone(),
                    winner: ro.winner,
                    text,
                },
            );
            ro.winner
        }
    };
    initiative_settled(world, new_holder);
    Ok(())
}

/// SOLO-I4: with both sides' dice settled, the side with more singles has the initiative
/// (ties: roll-off, GEN-4).
fn solo_initiative(world: &mut World) {
    let (s0, s1) = {
        let e = world.resource::<Engine>();
        (e.dice[0].singles_count(), e.dice[1].singles_count())
    };
    let holder = match most_singles(s0, s1) {
        Some(h) => h,
        None => {
            let ro = roll_off(world.resource_mut::<DiceRng>().as_mut());
            let text = format!(
                "Singles tied {s0} v {s1}: roll-off {}",
                rolls_text(&ro.rolls)
            );
            log(
                world,
                &["SOLO-I4", "GEN-4"],
                Event::RollOff {
                    rolls: ro.rolls.clone(),
                    winner: ro.winner,
                    text,
                },
            );
            ro.winner
        }
    };
    let text = format!(
        "{} has the initiative ({s0} v {s1} singles) and activates first",
        side_name(world, holder)
    );
    log(
        world,
        &["SOLO-I4", "INI-1"],
        Event::Initiative {
            side: holder,
            seized: false,
            text,
        },
    );
    initiative_settled(world, holder);
}

/// After the initiative phase: reserves arrive from round 2, the initiative side first
/// (RES-1); then the initiative side picks who goes first (CMB-1).
fn initiative_settled(world: &mut World, holder: usize) {
    engine(world).initiative = Some(holder);
    if world.resource::<Engine>().round >= 2 {
        for s in [holder, 1 - holder] {
            crate::rules::setup::arrive_reserves(world, s);
        }
    }
    engine(world).pending = Pending::FirstTurn { side: holder };
}

// ---------------------------------------------------------------------------------------------
// Combat phase (CMB-1)
// ---------------------------------------------------------------------------------------------

/// CMB-1: hands the turn to `Engine::turn`; a side that can't activate anyone passes, and two
/// passes in a row end the phase.
pub(crate) fn next_turn(world: &mut World) {
    if world.resource::<Engine>().outcome.is_some() {
        return;
    }
    if let Some(winner) = last_side_standing(world) {
        finish(
            world,
            Outcome::Winner(winner),
            "SET-8",
            "the only warband left",
        );
        return;
    }
    loop {
        let side = world.resource::<Engine>().turn;
        let all = fighters(world);
        if all.iter().any(|f| f.side == side && f.can_activate()) {
            engine(world).pending = Pending::Turn { side };
            return;
        }
        let text = format!(
            "{} has no fighter to activate and passes",
            side_name(world, side)
        );
        log(world, &["CMB-1"], Event::Pass { side, text });
        let mut e = engine(world);
        e.passes += 1;
        e.turn = 1 - side;
        if e.passes >= 2 {
            end_of_round(world);
            return;
        }
    }
}

fn activate(world: &mut World, side: usize, id: u32) -> Result<(), Rejected> {
    let f = fighter(world, id)
        .ok_or_else(|| Rejected::new("CMB-1", format!("there is no fighter {id}")))?;
    if f.side != side {
        return Err(Rejected::new(
            "CMB-1",
            format!("{} is not in the warband whose turn it is", f.name),
        ));
    }
    if !f.on_board() {
        return Err(Rejected::new(
            "CMB-1",
            format!("{} is not on the battlefield", f.name),
        ));
    }
    if !f.can_activate() {
        return Err(Rejected::new(
            "CMB-1",
            format!("{} has already been activated this phase", f.name),
        ));
    }
    engine(world).passes = 0;
    start_activation(world, &f);
    Ok(())
}

pub(crate) fn start_activation(world: &mut World, f: &FighterView) {
    let after_wait = f.activation == Activation::Waiting;
    let actions = if after_wait {
        1
    } else {
        2u8.saturating_sub(f.reactions)
    };
    let text = format!(
        "{} activates {} ({} action{}{})",
        side_name(world, f.side),
        f.name,
        actions,
        if actions == 1 { "" } else { "s" },
        if after_wait { ", after waiting" } else { "" }
    );
    let rules: &[&'static str] = if after_wait {
        &["CMB-1", "WAIT-1"]
    } else if f.reactions > 0 {
        &["CMB-1", "REA-1"]
    } else {
        &["CMB-1", "CMB-2"]
    };
    log(
        world,
        rules,
        Event::Activate {
            fighter: f.id,
            text,
        },
    );
    let mut e = engine(world);
    e.activation = Some(ActivationState {
        fighter: f.id,
        side: f.side,
        actions_left: actions,
        actions_taken: 0,
        ability_used: false,
        after_wait,
        move_bonus: 0,
        attacks_bonus: 0,
        bonus: Vec::new(),
        inspired: None,
    });
    e.pending = Pending::Action { fighter: f.id };
}

/// Ends the active fighter's activation (as activated or, WAIT-1, waiting) and moves on.
pub(crate) fn end_activation(world: &mut World, waiting: bool) {
    let Some(act) = engine(world).activation.take() else {
        return;
    };
    // MOVE-8: still climbing when its activation ends, it falls.
    if let Some(f) = fighter(world, act.fighter)
        && f.on_board()
        && world
            .resource::<Battlefield>()
            .nav
            .hanging_on(&f.mover(world.resource::<Ruleset>()), f.pos)
            .is_some()
    {
        log(
            world,
            &["MOVE-8", "MOVE-5"],
            Event::Note {
                text: format!(
                    "{} is still climbing as its activation ends and falls",
                    f.name
                ),
            },
        );
        actions::fall(world, &f, f.pos);
    }
    if let Some(f) = fighter(world, act.fighter) {
        world.entity_mut(f.entity).insert(if waiting {
            Activation::Waiting
        } else {
            Activation::Activated
        });
    }
    // ABL-3 Inspiring Presence: the inspired fighter goes next, in the same turn.
    if let Some(next) = act.inspired
        && let Some(n) = fighter(world, next)
        && n.can_activate()
        && n.activation == Activation::Ready
    {
        start_activation(world, &n);
        return;
    }
    engine(world).turn = 1 - act.side;
    next_turn(world);
}

/// What to do after an action: wait for the next one, an ability, or end the activation.
pub(crate) fn after_action(world: &mut World) {
    if world.resource::<Engine>().outcome.is_some() {
        return;
    }
    let Some(act) = world.resource::<Engine>().activation.clone() else {
        return;
    };
    let Some(f) = fighter(world, act.fighter) else {
        return;
    };
    if !f.on_board() {
        // Taken down during its own activation (a counter, impact damage).
        end_activation(world, false);
        return;
    }
    // A bonus attack only follows when an enemy is within 1" (ABL-3 Reckoning).
    if act.bonus.first() == Some(&Bonus::Attack) {
        let all = fighters(world);
        let near = all.iter().any(|o| {
            o.on_board() && o.side != f.side && distance(&f.base(), &o.base()) <= 1.0 + 1e-4
        });
        if !near {
            engine(world)
                .activation
                .as_mut()
                .expect("activation")
                .bonus
                .remove(0);
            log(
                world,
                &["ABL-3"],
                Event::Note {
                    text: format!("{}: no enemy within 1\", no bonus attack", f.name),
                },
            );
        }
    }
    let act = world
        .resource::<Engine>()
        .activation
        .clone()
        .expect("activation");
    if act.actions_left == 0
        && act.bonus.is_empty()
        && (act.ability_used || !crate::rules::abilities::any_usable(world, &f))
    {
        end_activation(world, false);
    } else {
        engine(world).pending = Pending::Action { fighter: f.id };
    }
}

fn last_side_standing(world: &mut World) -> Option<usize> {
    let all = fighters(world);
    let alive = |s: usize| {
        all.iter().any(|f| {
            f.side == s && matches!(f.presence, Presence::Deployed | Presence::Reserve { .. })
        })
    };
    match (alive(0), alive(1)) {
        (true, false) => Some(0),
        (false, true) => Some(1),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// End of round: objective control (GEN-7), scoring and the end of the battle (VIC-1, SET-8)
// ---------------------------------------------------------------------------------------------

/// GEN-7: the side with more fighters within 3" of each objective, or `None` on a tie.
pub fn objective_majority(all: &[FighterView], objective: Vec3) -> [u32; 2] {
    let mut n = [0u32; 2];
    for f in all.iter().filter(|f| f.on_board()) {
        if distance_to_point(&f.base(), objective) <= 3.0 + 1e-4 {
            n[f.side] += 1;
        }
    }
    n
}

fn end_of_round(world: &mut World) {
    if let Some(mut next) = world.get_resource_mut::<NextState<BattlePhase>>() {
        next.set(BattlePhase::EndOfRound);
    }
    let all = fighters(world);
    let mut objectives: Vec<Objective> = world.query::<&Objective>().iter(world).copied().collect();
    objectives.sort_by_key(|o| o.index);
    for o in &objectives {
        let n = objective_majority(&all, Vec3::new(o.position.0, 0.0, o.position.1));
        let before = world
            .resource::<Engine>()
            .control
            .get(o.index)
            .copied()
            .flatten();
        let now = match n[0].cmp(&n[1]) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => before,
        };
        if now != before
            && let Some(s) = now
        {
            let text = format!(
                "{} takes control of objective {} ({} v {} fighters within 3\")",
                side_name(world, s),
                o.index + 1,
                n[s],
                n[1 - s]
            );
            log(
                world,
                &["GEN-7"],
                Event::Control {
                    objective: o.index,
                    side: s,
                    text,
                },
            );
        }
        if let Some(c) = engine(world).control.get_mut(o.index) {
            *c = now;
        }
    }
    let victory = world.resource::<BattleInfo>().victory.clone();
    if let VictoryCondition::ObjectiveControl {
        points_per_objective,
    } = victory.condition
    {
        for side in 0..2 {
            let held = world
                .resource::<Engine>()
                .control
                .iter()
                .filter(|c| **c == Some(side))
                .count() as u32;
            let points = held * points_per_objective;
            engine(world).score[side] += points;
            let total = world.resource::<Engine>().score[side];
            let text = format!(
                "{} holds {held} objective(s): +{points} victory points ({total} in all)",
                side_name(world, side)
            );
            log(
                world,
                &["VIC-1", "GEN-7"],
                Event::Score {
                    side,
                    points,
                    total,
                    text,
                },
            );
        }
    }
    // Reset activations and reactions for the next round.
    let ents: Vec<Entity> = all.iter().map(|f| f.entity).collect();
    for e in ents {
        world
            .entity_mut(e)
            .insert((Activation::Ready, Reactions(0)));
    }
    let hash = world_hash(world);
    engine(world).round_hashes.push(hash);
    let round = world.resource::<Engine>().round;
    let rules = world.resource::<Ruleset>().clone();
    let overtime = world.resource::<Engine>().overtime;
    if round >= victory.rounds {
        // SET-8: once the battle plays on past the extra round, the victory card no longer
        // decides: only the last warband with fighters on the battlefield wins.
        let leader = if overtime == Overtime::LastStanding {
            None
        } else {
            leader_by_condition(world)
        };
        match (leader, overtime) {
            (Some(w), _) => {
                finish(world, Outcome::Winner(w), "VIC-1", "the victory condition");
                return;
            }
            (None, _) if rules.tie_rule == TieRule::Draw => {
                finish(
                    world,
                    Outcome::Draw,
                    "SET-8",
                    "nobody met the victory condition",
                );
                return;
            }
            (None, Overtime::No) => {
                engine(world).overtime = Overtime::ExtraRound;
                log(
                    world,
                    &["SET-8"],
                    Event::Note {
                        text: "Nobody met the victory condition: one more round".into(),
                    },
                );
            }
            (None, Overtime::ExtraRound) => {
                engine(world).overtime = Overtime::LastStanding;
                log(
                    world,
                    &["SET-8"],
                    Event::Note {
                        text: "Still undecided: play on until only one warband has fighters left"
                            .into(),
                    },
                );
            }
            (None, Overtime::LastStanding) => {
                if round >= rules.last_standing_round_limit {
                    finish(
                        world,
                        Outcome::Draw,
                        "SET-8",
                        "the ruleset's round limit for playing on was reached",
                    );
                    return;
                }
            }
        }
    }
    begin_round(world);
}

/// VIC-1: who is ahead by the victory card's condition, or `None` when level.
pub fn leader_by_condition(world: &mut World) -> Option<usize> {
    let victory = world.resource::<BattleInfo>().victory.clone();
    let value = match victory.condition {
        VictoryCondition::ObjectiveControl { .. } => world.resource::<Engine>().score,
        VictoryCondition::Attrition => world.resource::<Engine>().points_taken_down,
        VictoryCondition::TreasureRace => {
            let all = fighters(world);
            let mut n = [0u32; 2];
            for f in all.iter().filter(|f| f.carrying.is_some() && f.on_board()) {
                n[f.side] += 1;
            }
            n
        }
    };
    most_singles(value[0], value[1])
}

fn finish(world: &mut World, outcome: Outcome, rule: &'static str, why: &str) {
    let text = match outcome {
        Outcome::Winner(s) => format!("{} wins: {why}", side_name(world, s)),
        Outcome::Draw => format!("The battle is a draw: {why}"),
    };
    log(world, &[rule], Event::End { outcome, text });
    let mut e = engine(world);
    e.outcome = Some(outcome);
    e.pending = Pending::Ended;
    e.activation = None;
    e.reaction = None;
}

// ---------------------------------------------------------------------------------------------
// World hash
// ---------------------------------------------------------------------------------------------

/// FNV-1a: stable on every machine and run (unlike the std hasher's keys).
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= *b as u64;
            self.0 = self.0.wrapping_mul(0x100000001b3);
        }
    }
}

/// A hash of everything the rules depend on: fighters, treasure, the engine state and the
/// position of the dice stream. Equal worlds hash equal on every machine.
pub fn world_hash(world: &mut World) -> u64 {
    let mut h = Fnv(0xcbf29ce484222325);
    for f in fighters(world) {
        h.write(
            format!(
                "{}|{}|{:?}|{:?}|{}|{:?}|{:?}|{}|{:?};",
                f.id,
                f.side,
                f.pos.to_array().map(f32::to_bits),
                f.facing.to_bits(),
                f.damage,
                f.presence,
                f.activation,
                f.reactions,
                f.carrying
            )
            .as_bytes(),
        );
    }
    let mut t: Vec<Treasure> = world.query::<&Treasure>().iter(world).copied().collect();
    t.sort_by_key(|t| t.index);
    for t in t {
        h.write(
            format!(
                "{}|{:?}|{}|{:?};",
                t.index,
                [t.position.0.to_bits(), t.position.1.to_bits()],
                t.y.to_bits(),
                t.carrier
            )
            .as_bytes(),
        );
    }
    if let Some(e) = world.get_resource::<Engine>() {
        let mut e = e.clone();
        e.commands.clear();
        e.round_hashes.clear();
        h.write(format!("{e:?}").as_bytes());
    }
    if let Some(d) = world.get_resource::<DiceRng>() {
        h.write(&d.word_pos().to_le_bytes());
    }
    h.finish()
}

// ---------------------------------------------------------------------------------------------
// Bevy glue
// ---------------------------------------------------------------------------------------------

/// A command sent to the battle through the app (the UI and the AI write these).
#[derive(Message, Debug, Clone)]
pub struct SubmitCommand(pub Command);

/// The answer to each [`SubmitCommand`].
#[derive(Message, Debug, Clone)]
pub struct CommandResult {
    pub command: Command,
    pub result: Result<(), Rejected>,
}

fn apply_submitted(world: &mut World) {
    let cmds: Vec<Command> = world
        .resource_mut::<Messages<SubmitCommand>>()
        .drain()
        .map(|m| m.0)
        .collect();
    for command in cmds {
        let result = apply(world, &command);
        world.write_message(CommandResult { command, result });
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<SubmitCommand>()
        .add_message::<CommandResult>()
        .init_resource::<Engine>()
        .add_systems(Update, apply_submitted);
}

/// Rolls the dice for a fighter-level effect from the battle's stream.
pub(crate) fn d6(world: &mut World) -> u8 {
    world.resource_mut::<DiceRng>().d6()
}

/// Bases of every fighter on the battlefield except `except`.
pub fn blockers(all: &[FighterView], except: u32) -> Vec<Base> {
    all.iter()
        .filter(|f| f.on_board() && f.id != except)
        .map(|f| f.base())
        .collect()
}
