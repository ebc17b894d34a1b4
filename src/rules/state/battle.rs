//! The engine's state: what the battle waits for (`Pending`), the active fighter's
//! activation, the reaction on offer and where the action resumes after it, the result.

use crate::model::ids::FighterId;
use crate::model::ids::Side;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::model::RuleId;
use crate::model::components::{BattleInfo, BattlePhase};
use crate::rules::command::{Command, ReactionKind};
use crate::rules::initiative::SideDice;

pub use super::bonus::Bonus;
pub use super::boosts::Boost;

/// What a resolved command leaves the flow to do next (only the flow sets what the battle
/// waits for).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Then {
    /// The action is done: wait for the next one, a bonus, or end the activation.
    AfterAction,
    /// The activation ends (WAIT-1: `waiting`, it may be activated again).
    EndActivation { waiting: bool },
    /// A reaction is offered (REA-1); the action resumes after it.
    Reaction(ReactionOffer),
    /// Nothing changes what the battle waits for.
    Stay,
}

/// What the battle waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Pending {
    /// Not started (setup runs first).
    #[default]
    Setup,
    /// INI-1: the round begins: the initiative phase's system rolls the dice.
    RollInitiative,
    /// RES-1: the reserve phase's system brings on the reserves due this round.
    Reserve,
    /// The end-of-round system scores and decides whether the battle goes on (VIC-1, SET-8).
    EndOfRound,
    /// SET-5: the priority player `side` chooses red or blue.
    Colour { side: Side },
    /// SET-6: `side` sets up its fighters by hand (`rules::hand_setup`).
    Deploy { side: Side },
    /// RES-1 by hand: `side` sets up the reserves that arrived this round (`rules::hand_setup`).
    Arrive { side: Side },
    /// INI-3: `side` declares its wild dice.
    WildDice { side: Side },
    /// CMB-1: the initiative side picks who goes first.
    FirstTurn { side: Side },
    /// CMB-1: `side` activates a fighter.
    Turn { side: Side },
    /// CMB-2, CMB-3: the active fighter's next action or ability, or the end of its activation.
    Action { fighter: FighterId },
    /// GEN-8: `side` places the treasure its taken-down carrier dropped
    /// ([`Engine::treasure_drops`]).
    PlaceTreasure { side: Side },
    /// MOVE-8: `side` (the falling fighter's opponent) picks where it lands
    /// ([`Engine::falls`]).
    Land { side: Side },
    /// REA-1: `side` may react to the enemy action on offer.
    Reaction { side: Side },
    /// The battle is over.
    Ended,
}

/// MOVE-8: a fall with more than one place to land, waiting for the opponent to pick one. Until
/// then the fighter stays where it fell from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FallDue {
    pub fighter: FighterId,
    /// The side that picks (the falling fighter's opponent).
    pub side: Side,
    /// Where the default landing is nearest: the attacker that knocked it off, or where it hung.
    pub toward: [f32; 3],
    /// The attacker that knocked it off (none: it fell from a climb).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker: Option<FighterId>,
}

/// GEN-8: a treasure a taken-down carrier dropped, waiting for its side to place it. Until
/// then the token lies where the carrier stood (a legal spot).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TreasureDrop {
    pub side: Side,
    pub treasure: usize,
    pub carrier: FighterId,
}

impl Pending {
    /// The phase this decision (or automatic step) belongs to.
    pub fn phase(self) -> BattlePhase {
        match self {
            Pending::Setup | Pending::Colour { .. } | Pending::Deploy { .. } => BattlePhase::Setup,
            Pending::RollInitiative | Pending::WildDice { .. } => BattlePhase::Initiative,
            Pending::Reserve | Pending::Arrive { .. } => BattlePhase::Reserve,
            Pending::FirstTurn { .. }
            | Pending::Turn { .. }
            | Pending::Action { .. }
            | Pending::Reaction { .. }
            | Pending::Land { .. }
            | Pending::PlaceTreasure { .. } => BattlePhase::Combat,
            Pending::EndOfRound => BattlePhase::EndOfRound,
            Pending::Ended => BattlePhase::Ended,
        }
    }
}

/// The active fighter's activation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActivationState {
    pub fighter: FighterId,
    pub side: Side,
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
    pub inspired: Option<FighterId>,
    /// ABL-5: characteristics its abilities raised until the end of the activation.
    #[serde(default)]
    pub boosts: Vec<Boost>,
    /// ABL-5: an enemy was taken down by an attack action the fighter made this activation.
    #[serde(default)]
    pub took_down: bool,
    /// ABL-5: it made a disengage action (a bonus one too).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub disengaged: bool,
    /// ABL-5: one of them was a melee attack action.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub took_down_melee: bool,
    /// ABL-5: it used a not-automated ability: its player may resolve it by hand (damage or
    /// healing) until the activation ends, which then waits for `EndActivation`.
    #[serde(default)]
    pub by_hand: bool,
    /// ABL-5: its next move action goes this much farther.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub next_move: u32,
    /// ABL-5: effects of its abilities lasting until the end of the activation that change
    /// how its attacks are made (Strength above Toughness, range without the vertical
    /// distance, a roll after each attack).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lasting: Vec<crate::model::effects::Effect>,
    /// ABL-5: effects waiting for one of its move actions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub after_move: Vec<WaitingMove>,
    /// ABL-5: the move actions (bonus ones too) it has made this activation.
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub moves: u8,
    /// ABL-5: the missile attack actions it has made this activation.
    #[serde(default, skip_serializing_if = "is_zero_u8")]
    pub shots: u8,
    /// ABL-5: effects waiting for the bonus attack waiting ("after that attack action"): they
    /// lapse with it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub for_bonus: Vec<crate::model::effects::Effect>,
    /// ABL-5: effects for its next action only, when that is the attack they are for ("if
    /// this fighter's next action is a missile attack action"): any other action ends them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub next_action: Vec<crate::model::effects::Effect>,
    /// ABL-5: how many more of the friends picked may take their waiting bonus ("pick up to
    /// 3 friendly fighters ... those fighters can each make a bonus move action").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quota: Option<Quota>,
    /// ABL-5: the runemark of the weapon of its attack under way (raises for attacks with
    /// such a weapon, what waits for the next one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weapon: Option<String>,
    /// ATK-5: the enemies its attacks took down this activation, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub downed: Vec<FighterId>,
    /// MOVE-6: the farthest it jumped down in one move this activation, in inches.
    #[serde(default, skip_serializing_if = "is_zero_f32")]
    pub jumped_down: f32,
}

/// ABL-5: of the friends whose bonuses wait (`group`), `left` more may take theirs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Quota {
    pub left: u32,
    pub group: Vec<FighterId>,
}

fn is_zero_f32(n: &f32) -> bool {
    *n == 0.0
}

fn is_zero_u8(n: &u8) -> bool {
    *n == 0
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// ABL-5: effects of an ability used with dice showing `value`, waiting for a move action
/// that sets off `trigger`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WaitingMove {
    pub trigger: crate::model::effects::MoveTrigger,
    pub then: Vec<crate::model::effects::Effect>,
    pub value: u8,
}

/// Where an action waiting for a reaction carries on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Resume {
    AttackBeforeHits {
        attacker: FighterId,
        target: FighterId,
        weapon: usize,
    },
    AttackAfterHits {
        attacker: FighterId,
        target: FighterId,
        weapon: usize,
        rolls: Vec<u8>,
        counter: bool,
        /// The effects of the reaction ability the target made (REA-1, ABL-5).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        answer: Vec<crate::model::effects::Effect>,
    },
    Disengage {
        fighter: FighterId,
        to: [f32; 3],
    },
    /// An attack's damage totalled, not yet allocated.
    AttackTotalled(Totalled),
    /// `mover`'s move action has ended (REA-1, ABL-5: a reaction to an enemy's move).
    AfterMove {
        mover: FighterId,
    },
    /// `attacker`'s melee attack's damage was allocated to `target` (REA-1, ABL-5).
    AfterDamage {
        attacker: FighterId,
        target: FighterId,
    },
}

/// An attack whose damage is totalled (ATK-3): what is left to do once a reaction to it is
/// made (REA-1), allocating it first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Totalled {
    pub attacker: FighterId,
    pub target: FighterId,
    pub melee: bool,
    /// The damage the target takes.
    pub damage: u32,
    pub crits: u32,
    pub rolls: Vec<u8>,
    /// Damage the target's reaction deals to the attacker (REA-1, ABL-5).
    pub to_attacker: u32,
    /// Damage the target's Counter deals to the attacker, when it countered (REA-2).
    pub counter: Option<u32>,
}

/// A reaction on offer (REA-1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReactionOffer {
    pub side: Side,
    /// The reaction of the core rules on offer (REA-2 to REA-4); none when only reaction
    /// abilities answer this moment (ABL-5).
    pub kind: Option<ReactionKind>,
    /// The fighters that may react.
    pub fighters: Vec<FighterId>,
    pub resume: Resume,
    /// The reaction abilities (ABL-5) they may make instead, by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Winner(Side),
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
#[derive(Resource, Debug, Clone, Default)]
pub struct Engine {
    pub round: u32,
    pub initiative: Option<Side>,
    pub dice: [SideDice; 2],
    /// INI-4: each side's singles before the wild dice.
    pub singles_before: (u32, u32),
    pub pending: Pending,
    /// Whose turn it is in the combat phase.
    pub turn: Side,
    /// CMB-1: consecutive passes.
    pub passes: u8,
    pub activation: Option<ActivationState>,
    pub reaction: Option<ReactionOffer>,
    /// GEN-7: who controls each objective.
    pub control: Vec<Option<Side>>,
    /// VIC-1 victory points.
    pub score: [u32; 2],
    /// VIC-1 attrition: points of enemy fighters each side took down.
    pub points_taken_down: [u32; 2],
    pub overtime: Overtime,
    pub outcome: Option<Outcome>,
    /// GEN-8: treasure dropped by taken-down carriers, placed by their sides once the command
    /// that took them down is done; then the battle goes on with `after_drops`.
    pub treasure_drops: Vec<TreasureDrop>,
    /// What the battle waited for before the picks (falls' landings, dropped treasure).
    pub after_drops: Option<Pending>,
    /// MOVE-8: falls whose landing the opponent picks, once the command that caused them is
    /// done (before any treasure they drop).
    pub falls: Vec<FallDue>,
    /// What the action that knocked a fighter off leaves to do once it has landed.
    pub then_after_falls: Option<Then>,
    /// Every command applied, in order (a replay is the battle + seed + this list).
    pub commands: Vec<Command>,
    /// A hash of the world after each round.
    pub round_hashes: Vec<u64>,
    /// ABL-5: the effects of abilities that last beyond the command that made them (barred,
    /// raised for the round, lowered for the battle, taunted), with who they reach and when
    /// they end. The hash writes them in the words saved battles were hashed with.
    pub effects: Vec<super::lasting::ActiveEffect>,
    /// ABL-5: the uses of abilities that may be used once per battle, or on each fighter
    /// once per round.
    pub once: Vec<OnceUse>,
    /// ABL-5: the tokens abilities left on the battlefield, for the battle.
    pub tokens: Vec<TokenOnBoard>,
}

/// ABL-5: the fighters that made a move action this battle round ("have not made any move
/// actions this battle round"). It follows from the round's commands, so the hash does not
/// write it (saved battles keep their hashes).
#[derive(Resource, Debug, Clone, Default)]
pub struct MovedThisRound(pub Vec<FighterId>);

/// ABL-5: a token an ability of `by` (of `side`) left where the enemy `fell` was taken down,
/// its centre at `at`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TokenOnBoard {
    pub token: crate::model::effects::Token,
    pub side: Side,
    pub by: FighterId,
    pub fell: FighterId,
    pub at: [f32; 3],
}

/// ABL-5: a use of an ability that may be used once per battle (by each fighter), or on each
/// fighter once per round (by a side).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OnceUse {
    pub fighter: FighterId,
    pub side: Side,
    pub ability: String,
    pub round: u32,
    pub target: Option<FighterId>,
}

impl ActivationState {
    /// CMB-2, ABL-5: does a bonus attack of the fighter's own wait?
    pub fn bonus_attack_waits(&self) -> bool {
        self.bonus.iter().any(|b| b.own_attack())
    }

    /// ABL-5: `e` kept for the fighter's next attack: the bonus one when one waits ("that
    /// attack action" after a bonus attack, lapsing with it), else the next it makes.
    pub fn keep_for_next_attack(&mut self, e: crate::model::effects::Effect) {
        match self.bonus_attack_waits() {
            true => self.for_bonus.push(e),
            false => self.lasting.push(e),
        }
    }

    /// Does fighter `id`, when it is this activation's fighter, have a lasting effect such
    /// that `pred` holds?
    pub fn lasts(
        &self,
        id: FighterId,
        pred: impl Fn(&crate::model::effects::Effect) -> bool,
    ) -> bool {
        self.fighter == id && self.lasting.iter().any(pred)
    }
}

impl Engine {
    /// MOVE-1 with ABL-3 Rush and ABL-5: how much farther than its Move the active fighter's
    /// next move action may go (its boosts for the activation, the next move and the round).
    pub fn move_bonus(&self, act: &ActivationState) -> u32 {
        let round: u32 = self
            .raised()
            .filter(|r| r.0 == super::lasting::Scope::Fighter(act.fighter))
            .filter(|r| r.1 == crate::model::effects::Stat::Move)
            .map(|r| r.2)
            .sum();
        act.move_bonus
            .saturating_add(act.next_move)
            .saturating_add(round)
    }
}

/// GEN-5: the side that orders simultaneous effects: in the combat phase the side whose turn
/// it is; in other phases the side with the initiative; before there is one (setup), the
/// priority player (SET-2, the roll-off the battle already made).
pub fn simultaneous_first(world: &World) -> Side {
    let e = world.resource::<Engine>();
    match e.pending {
        Pending::Turn { .. }
        | Pending::Action { .. }
        | Pending::Reaction { .. }
        | Pending::Land { .. }
        | Pending::PlaceTreasure { .. } => e.turn,
        _ => e
            .initiative
            .or(world.resource::<BattleInfo>().priority)
            .unwrap_or(Side::A),
    }
}

pub(crate) fn rule_of_pending(p: Pending) -> RuleId {
    match p {
        Pending::Setup => RuleId::Set4,
        Pending::RollInitiative => RuleId::Ini1,
        Pending::Reserve | Pending::Arrive { .. } => RuleId::Res1,
        Pending::EndOfRound => RuleId::Vic1,
        Pending::Colour { .. } => RuleId::Set5,
        Pending::Deploy { .. } => RuleId::Set6,
        Pending::WildDice { .. } => RuleId::Ini3,
        Pending::FirstTurn { .. } | Pending::Turn { .. } => RuleId::Cmb1,
        Pending::Action { .. } => RuleId::Cmb2,
        Pending::Reaction { .. } => RuleId::Rea1,
        Pending::PlaceTreasure { .. } => RuleId::Gen8,
        Pending::Land { .. } => RuleId::Move8,
        Pending::Ended => RuleId::Vic1,
    }
}

/// Which side decides what the battle waits for.
pub fn deciding_side(world: &World) -> Option<Side> {
    let e = world.resource::<Engine>();
    match e.pending {
        Pending::Colour { side }
        | Pending::Deploy { side }
        | Pending::Arrive { side }
        | Pending::WildDice { side }
        | Pending::FirstTurn { side }
        | Pending::PlaceTreasure { side }
        | Pending::Land { side }
        | Pending::Turn { side }
        | Pending::Reaction { side } => Some(side),
        Pending::Action { .. } => e.activation.as_ref().map(|a| a.side),
        Pending::Setup
        | Pending::RollInitiative
        | Pending::Reserve
        | Pending::EndOfRound
        | Pending::Ended => None,
    }
}

pub fn describe_pending(p: Pending) -> String {
    describe_pending_with(p, &crate::rules::log::Names::default())
}

/// [`describe_pending`] with the battle's names for sides and fighters.
pub fn describe_pending_with(p: Pending, n: &crate::rules::log::Names) -> String {
    match p {
        Pending::Setup => "setup".into(),
        Pending::RollInitiative => "the initiative roll".into(),
        Pending::Reserve => "the reserves to arrive".into(),
        Pending::EndOfRound => "the end of the round".into(),
        Pending::Colour { side } => format!("{} to choose red or blue", n.side(side)),
        Pending::Deploy { side } => format!("{} to set up its fighters", n.side(side)),
        Pending::Arrive { side } => format!("{} to set up its reserves", n.side(side)),
        Pending::WildDice { side } => format!("{}'s wild dice", n.side(side)),
        Pending::FirstTurn { side } => format!("{} to pick who goes first", n.side(side)),
        Pending::Turn { side } => format!("{} to activate a fighter", n.side(side)),
        Pending::Action { fighter } => format!("{}'s next action", n.fighter(fighter)),
        Pending::Reaction { side } => format!("{}'s reaction", n.side(side)),
        Pending::PlaceTreasure { side } => {
            format!("{} to place a dropped treasure", n.side(side))
        }
        Pending::Land { side } => format!("{} to pick where a falling fighter lands", n.side(side)),
        Pending::Ended => "nothing (the battle is over)".into(),
    }
}
