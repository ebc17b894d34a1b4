//! The battle log: every event with the rule IDs involved. An event is data (who, where, which
//! dice, how much); its sentence is rendered from that data and the battle's [`Names`]
//! (`rules::words`), so views animate from the same events and the words can change on their own.

use crate::model::ids::FighterId;
use crate::model::ids::Side;
use bevy::prelude::*;
use serde::Serialize;

use crate::battlefield::nav::StepKind;
use crate::battlefield::sight::Cover;
use crate::model::RuleId;
use crate::model::formats::{Colour, GroupName};
use crate::rules::command::ReactionKind;
use crate::rules::initiative::{DiceGroup, WildUse};
use crate::rules::solo_setup::SoloStep;
use crate::rules::state::Outcome;

mod about;
mod outcome;
mod places;

pub use outcome::{AgainstResult, EffectOutcome, Lapse};
pub use places::Landmarks;

/// What happened, as data (for views, statistics, tests and the log's sentences). Fighters are
/// named by their battle id (`Fighter::id`), sides by 0 or 1, points are `[x, y, z]` inches.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// SET-2: the priority roll-off between the two sides (GEN-4); the last roll decides.
    PriorityRoll { rolls: Vec<(u8, u8)>, winner: Side },
    /// SOLO-S2: one step of forming the automated warband's battle groups.
    SoloGroups { step: SoloStep },
    /// SET-5, SOLO-S3: which side deploys red and which blue.
    Colours { red: Side, blue: Side },
    /// SET-6 / RES-1 / RES-2: a battle group set up at its deployment point (or along its
    /// deployment line); `arriving` when it comes in from reserve.
    Deploy {
        side: Side,
        group: GroupName,
        colour: Colour,
        point: (f32, f32),
        along_line: bool,
        arriving: bool,
        fighters: Vec<Placed>,
    },
    /// SET-6, RES-1 by hand: the player moved a fighter it is setting up to `at`.
    SetUpByHand { fighter: FighterId, at: [f32; 3] },
    /// SET-6, RES-1: a battle group held back, arriving in `round`.
    Reserve {
        side: Side,
        group: GroupName,
        fighters: usize,
        round: u32,
    },
    /// INI-1, INI-2: a side's initiative dice, its singles and ability dice, and its wild
    /// dice to declare.
    InitiativeRoll {
        side: Side,
        dice: Vec<u8>,
        singles: u32,
        groups: Vec<DiceGroup>,
        wild: u32,
    },
    /// INI-3: how a side used its wild dice, and its dice afterwards.
    WildDice {
        side: Side,
        uses: Vec<WildUse>,
        singles: u32,
        groups: Vec<DiceGroup>,
        saved: u32,
    },
    /// INI-1, INI-4, SOLO-I4: tied singles (`[side 0, side 1]`) rolled off (GEN-4);
    /// `after_wild` when the tie came after the wild dice (INI-4).
    RollOff {
        rolls: Vec<(u8, u8)>,
        winner: Side,
        singles: [u32; 2],
        after_wild: bool,
    },
    /// INI-1, INI-4, SOLO-I4: who has the initiative, with both sides' singles.
    Initiative {
        side: Side,
        seized: bool,
        solo: bool,
        singles: [u32; 2],
    },
    /// CMB-1: the side that takes the first turn.
    FirstTurn { side: Side },
    /// CMB-1: a side with no fighter to activate passes.
    Pass { side: Side },
    /// CMB-1, CMB-2, WAIT-1, REA-1: a fighter is activated with `actions` actions.
    Activate {
        fighter: FighterId,
        side: Side,
        actions: u8,
        after_wait: bool,
    },
    /// MOVE-1..MOVE-7: a move along `path` (its start first), each leg made as `steps` says.
    Move {
        fighter: FighterId,
        path: Vec<[f32; 3]>,
        steps: Vec<StepKind>,
        cost: f32,
    },
    /// DIS-1: a disengage along `path` (its start first).
    Disengage {
        fighter: FighterId,
        path: Vec<[f32; 3]>,
        cost: f32,
    },
    /// DIS-1: the disengage can't be made after the reaction; `reason` is the rules' refusal.
    NoDisengage {
        fighter: FighterId,
        rule: RuleId,
        reason: String,
    },
    /// WAIT-1: a fighter waits; as its first action it may activate once more this phase.
    Wait {
        fighter: FighterId,
        activates_again: bool,
    },
    /// CMB-2: a fighter ends its activation.
    EndActivation { fighter: FighterId },
    /// ATK-3, ATK-4, REA-3: an attack's hit rolls and the damage they do.
    Attack {
        attacker: FighterId,
        target: FighterId,
        weapon: String,
        strength: u32,
        /// The target's Toughness, with cover.
        toughness: u32,
        cover: Option<Cover>,
        rolls: Vec<u8>,
        needed: u8,
        hits: u32,
        crits: u32,
        take_cover: Option<TakeCover>,
        damage: u32,
        /// The damage of a hit and of a critical hit before any reaction changed it (ATK-1),
        /// and the target's wounds left before the attack: with the above, the attack's exact
        /// odds as they stood before its dice were rolled (`rules::odds`).
        profile: (u32, u32),
        wounds_before: u32,
    },
    /// REA-2: the damage a counter deals to the attacker.
    Counter {
        fighter: FighterId,
        attacker: FighterId,
        damage: u32,
    },
    /// ATK-5: damage allocated: `total` of the fighter's `wounds`.
    Damage {
        fighter: FighterId,
        amount: u32,
        total: u32,
        wounds: u32,
    },
    /// ATK-5: a fighter is taken down.
    TakenDown { fighter: FighterId },
    /// GEN-8: a treasure (0-based) picked up from `at` or dropped at `at`.
    Treasure {
        fighter: FighterId,
        treasure: usize,
        picked_up: bool,
        at: [f32; 3],
    },
    /// GEN-8: the side of taken-down `carrier` places the treasure it dropped at `at`.
    TreasurePlaced {
        carrier: FighterId,
        treasure: usize,
        at: [f32; 3],
    },
    /// ABL-1..ABL-5, CMB-3: an ability paid with a group of `size` dice showing `value`.
    Ability {
        fighter: FighterId,
        ability: String,
        value: u8,
        size: u8,
        automated: bool,
        effect: AbilityOutcome,
    },
    /// ABL-5: a not-automated ability's player resolves part of it by hand.
    ByHand {
        fighter: FighterId,
        target: FighterId,
        change: crate::rules::command::HandChange,
    },
    /// ABL-5: an ability's bonus attack lapses: the fighter has no attack it can make.
    NoAttackToMake { fighter: FighterId },
    /// ABL-5: one effect of an ability the fighter used (data effects), as it happened.
    Effect {
        fighter: FighterId,
        outcome: EffectOutcome,
    },
    /// REA-1..REA-4: a fighter reacts; `activated` when that makes it count as activated.
    Reaction {
        fighter: FighterId,
        reaction: ReactionKind,
        activated: bool,
    },
    /// REA-1, ABL-5: a fighter reacts with a reaction ability of its own.
    AbilityReaction {
        fighter: FighterId,
        ability: String,
        activated: bool,
    },
    /// MOVE-9: an impact roll and the damage it does.
    ImpactRoll {
        fighter: FighterId,
        roll: u8,
        damage: u32,
        cause: ImpactCause,
    },
    /// ATK-6: a target near an unwalled platform edge rolls; on a 1 it falls.
    KnockOffRoll {
        fighter: FighterId,
        roll: u8,
        falls: bool,
    },
    /// ATK-6: a target on a walled platform can't be knocked off.
    WalledPlatform {
        fighter: FighterId,
        platform: String,
    },
    /// REA-4: a strike them down roll (4+) and its D6 damage, if it struck.
    StrikeThemDown {
        striker: FighterId,
        target: FighterId,
        roll: u8,
        damage: Option<u8>,
    },
    /// MOVE-8, MOVE-5: a fighter still climbing when its activation ends falls.
    StillClimbing { fighter: FighterId },
    /// MOVE-8, MOVE-9: a fall of `drop` inches to `landing` (none: nowhere to land) with its
    /// impact rolls `(die, damage)`.
    Fall {
        fighter: FighterId,
        drop: f32,
        landing: Option<[f32; 3]>,
        impacts: Vec<(u8, u32)>,
    },
    /// ABL-3 Reckoning: no enemy within 1" after the bonus move, so no bonus attack.
    NoBonusAttack { fighter: FighterId },
    /// GEN-7: a side takes control of an objective (0-based) with `fighters` (`[side 0,
    /// side 1]`) within 3".
    Control {
        objective: usize,
        side: Side,
        fighters: [u32; 2],
    },
    /// VIC-1: victory points for the objectives a side holds.
    Score {
        side: Side,
        objectives: u32,
        points: u32,
        total: u32,
    },
    /// SET-8: nobody met the victory condition: one more round.
    ExtraRound,
    /// SET-8: still undecided after the extra round: play on until one warband is left.
    PlayOn,
    /// VIC-1, SET-8: the battle ends.
    End { outcome: Outcome, reason: EndReason },
    /// A side's reasons for its next command (SOLO-A..C), in its own words.
    Decision { side: Side, text: String },
}

/// SET-6, RES-2: where one fighter of a group was set up.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Placed {
    pub fighter: FighterId,
    pub spot: Spot,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Spot {
    /// Wholly within range of the deployment point or line.
    Within([f32; 3]),
    /// RES-2: no room within range: as close as possible.
    Closest([f32; 3]),
    /// No room anywhere on the battlefield: it stays off it.
    NoRoom,
}

/// REA-3: a die per critical hit; `turned` of them (4+) became normal hits.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TakeCover {
    pub saves: Vec<u8>,
    pub turned: u32,
}

/// ABL-3, ABL-5: what an ability did.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AbilityOutcome {
    /// Rush: this much more Move.
    Rush { moves: u32 },
    /// Onslaught: this many more Attacks for melee attacks.
    Onslaught { attacks: u32 },
    /// Reckoning: a bonus move up to `max_move`", then a bonus attack if within 1".
    Reckoning { max_move: u8 },
    /// Inspiring Presence: this fighter is activated next.
    InspiringPresence { next: Option<FighterId> },
    /// Respite: this much damage removed.
    Respite { healed: u32 },
    /// ABL-5: effects as data, used with dice showing `value` (each one's outcome is logged
    /// after).
    Effects {
        effects: Vec<crate::model::effects::Effect>,
        value: u8,
    },
    /// ABL-5: not automated: resolved by hand, as the ability's text says.
    NotAutomated { text: String },
}

/// MOVE-9: what made an impact roll.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ImpactCause {
    /// MOVE-6: jumping down this many inches.
    JumpDown { height: f32 },
    /// MOVE-10: moving onto deadly terrain.
    DeadlyTerrain,
    /// DIS-1, MOVE-10: disengaging across deadly terrain.
    DisengageDeadly,
    /// ABL-5: an ability says the fighter suffers impact damage.
    Ability,
}

/// VIC-1, SET-8: why the battle ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// SET-8: only one warband has fighters left.
    LastWarband,
    /// VIC-1: a side is ahead by the victory card.
    VictoryCondition,
    /// SET-8 (a ruleset where ties are draws): nobody met the victory condition.
    NobodyMetCondition,
    /// SET-8: the ruleset's round limit for playing on was reached.
    RoundLimit,
}

/// The names the log's sentences use: each fighter's by battle id, each side's.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Names {
    /// By fighter id.
    pub fighters: Vec<String>,
    pub sides: [String; 2],
    /// What places are named after (`places`).
    #[serde(skip)]
    pub places: Landmarks,
}

impl Names {
    /// A place in words: "on the tower top (5.5\" up)", "by objective 2".
    pub fn place(&self, p: &[f32; 3]) -> String {
        self.places.words(p)
    }

    /// A fighter's name (`fighter 3` when the battle has no such fighter).
    pub fn fighter(&self, id: FighterId) -> String {
        self.fighters
            .get(id.index())
            .cloned()
            .unwrap_or_else(|| format!("fighter {id}"))
    }

    /// A side's name (`side 1` when it has none).
    pub fn side(&self, side: Side) -> String {
        self.sides
            .get(side.index())
            .filter(|s| !s.is_empty())
            .cloned()
            .unwrap_or_else(|| side.player().to_string())
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogEntry {
    pub round: u32,
    /// Rule IDs (`SET-2`, `SOLO-S2`, ...).
    pub rules: Vec<RuleId>,
    pub event: Event,
}

/// An entry with its sentence, for JSON output.
#[derive(Debug, Clone, Serialize)]
pub struct RenderedEntry<'a> {
    pub round: u32,
    pub rules: &'a [RuleId],
    pub event: &'a Event,
    pub text: String,
}

#[derive(Resource, Debug, Clone, Default)]
pub struct BattleLog {
    pub entries: Vec<LogEntry>,
    /// Set when the battle is spawned.
    pub names: Names,
}

impl BattleLog {
    pub fn new(names: Names) -> Self {
        BattleLog {
            entries: Vec::new(),
            names,
        }
    }

    pub fn event(&mut self, round: u32, rules: &[RuleId], event: Event) {
        self.entries.push(LogEntry {
            round,
            rules: rules.to_vec(),
            event,
        });
    }
}

/// The rule ID a string names, for every ID of the rules files ([`RuleId`]); `None` for a
/// string that is no rule ID.
pub fn rule_id(id: &str) -> Option<RuleId> {
    RuleId::parse(id)
}
