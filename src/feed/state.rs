//! `GET /state` and each `GET /events` message, as JSON: the battle as it stands in plain
//! figures and words (round, phase, sides, score, fighters with their wounds and places, the
//! active fighter, the last attack with its odds, the last decision and its reasons), and one
//! logged event with its rule IDs and its sentence. Names and words, never ids alone: an
//! overlay shows these strings as they are.

use crate::model::ids::FighterId;
use crate::model::ids::Side;
use bevy::prelude::*;
use serde::Serialize;

use crate::model::RuleId;
use crate::model::components::{BattleInfo, Treasure};
use crate::model::tags::split_tags;
use crate::rules::engine::{Engine, FighterView, fighters};
use crate::rules::log::{BattleLog, Event, Names};
use crate::rules::odds::AttackRoll;
use crate::sim::now::{SideScore, dice_words, outcome_words, phase_words, side_scores};

/// The battle now.
#[derive(Debug, Clone, Serialize)]
pub struct State {
    pub battle: String,
    /// 0 before the battle (setting up).
    pub round: u32,
    pub rounds: u32,
    /// "Combat · Ashen Covenant's turn".
    pub phase: String,
    pub victory: String,
    pub sides: Vec<SideState>,
    pub fighters: Vec<FighterState>,
    pub active: Option<ActiveFighter>,
    pub last_attack: Option<AttackState>,
    pub last_decision: Option<DecisionState>,
    /// "Ashen Covenant wins", "A draw"; `None` while the battle goes on.
    pub outcome: Option<String>,
    /// Events logged so far (the `seq` the next event will have).
    pub events: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct SideState {
    pub name: String,
    /// "red" or "blue" once the colours are known (SET-5).
    pub colour: Option<String>,
    pub played_by: String,
    #[serde(flatten)]
    pub score: SideScore,
    /// INI-1..INI-3: "2 singles · quad of 2s · 1 wild saved".
    pub dice: String,
    /// Wild dice it holds to declare this round (INI-3).
    pub wild_dice: u32,
    pub fighters_left: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct FighterState {
    pub id: FighterId,
    pub name: String,
    pub side: Side,
    pub wounds_left: u32,
    pub wounds: u32,
    pub on_board: bool,
    /// Where it stands, in words ("on the tower top (5.5\" up)"); empty off the board.
    pub place: String,
    /// Inches, `[x, up, y]` as the battle log gives places.
    pub at: [f32; 3],
    pub carries_treasure: bool,
}

/// The active fighter's card.
#[derive(Debug, Clone, Serialize)]
pub struct ActiveFighter {
    pub name: String,
    pub side: Side,
    pub wounds_left: u32,
    pub wounds: u32,
    pub movement: u32,
    pub toughness: u32,
    pub actions_left: u8,
    pub weapons: Vec<WeaponState>,
}

#[derive(Debug, Clone, Serialize)]
pub struct WeaponState {
    pub name: String,
    /// `3"` or `3-12"`.
    pub range: String,
    pub attacks: u32,
    pub strength: u32,
    /// "2/4": a hit's damage and a critical hit's.
    pub damage: String,
}

/// ATK-3: the last attack, its odds before the dice and the dice.
#[derive(Debug, Clone, Serialize)]
pub struct AttackState {
    pub attacker: String,
    pub target: String,
    pub weapon: String,
    pub needed: u8,
    pub rolls: Vec<u8>,
    pub hits: u32,
    pub crits: u32,
    pub damage: u32,
    /// Expected damage before the roll.
    pub expected_damage: f64,
    /// The chance, before the roll, that it took the target down (0 to 1).
    pub take_down_chance: f64,
    /// "hits on 3+: 4.7 damage on average, 13% to take it down, most likely 2-6".
    pub odds: String,
    pub rules: Vec<String>,
}

/// SOLO-*: the solo AI's last decision, in words, and the rules it followed.
#[derive(Debug, Clone, Serialize)]
pub struct DecisionState {
    pub side: String,
    pub text: String,
    pub rules: Vec<String>,
}

/// One logged event, as `GET /events` sends it.
#[derive(Debug, Clone, Serialize)]
pub struct EventMessage<'a> {
    pub seq: usize,
    pub round: u32,
    pub text: String,
    pub rules: Vec<RuleTag>,
    /// For an attack, its odds before the roll (ATK-3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub odds: Option<String>,
    /// The event as data, its `kind` first ("attack", "move", "score", ...): fighters by id
    /// (`/state`'s `fighters`), sides by 0 or 1, places in inches.
    pub event: &'a Event,
}

/// A rule ID with its title, for an overlay's hover or caption.
#[derive(Debug, Clone, Serialize)]
pub struct RuleTag {
    pub id: String,
    pub title: String,
}

/// A sentence's words, and the rule IDs written into it followed by the entry's own.
fn words_and_rules(text: &str, entry: &[RuleId]) -> (String, Vec<RuleId>) {
    let (words, mut rules) = split_tags(text);
    for r in entry {
        if !rules.contains(r) {
            rules.push(*r);
        }
    }
    (words, rules)
}

fn tags(rules: &[RuleId]) -> Vec<RuleTag> {
    rules
        .iter()
        .map(|r| RuleTag {
            id: r.code().to_string(),
            title: r.title().to_string(),
        })
        .collect()
}

/// The event at `seq` of the log, as a message: its words, its rule IDs (those in the entry
/// and any written into the sentence), its kind, and for an attack its odds before the roll.
pub fn event_message(log: &BattleLog, seq: usize) -> Option<EventMessage<'_>> {
    let entry = log.entries.get(seq)?;
    let (text, rules) = words_and_rules(&log.text_of(entry), &entry.rules);
    let odds = AttackRoll::of_event(&entry.event)
        .and_then(|(roll, wounds)| Some(roll.odds()?.summary(wounds)));
    Some(EventMessage {
        seq,
        round: entry.round,
        text,
        rules: tags(&rules),
        odds,
        event: &entry.event,
    })
}

/// The battle in `world` now; `None` before a battle is spawned.
pub fn state(world: &mut World) -> Option<State> {
    let all = fighters(world);
    let treasure: Vec<Treasure> = world.query::<&Treasure>().iter(world).copied().collect();
    let info = world.get_resource::<BattleInfo>()?;
    let eng = world.get_resource::<Engine>()?;
    let log = world.get_resource::<BattleLog>()?;
    let names = &log.names;
    let side_of = |id: FighterId| all.iter().find(|f| f.id == id).map(|f| f.side);
    let scores = side_scores(eng, &treasure, side_of);
    let sides = Side::BOTH
        .iter()
        .map(|&s| side_state(info, eng, &all, s, scores[s].clone()))
        .collect();
    let active = eng
        .activation
        .as_ref()
        .and_then(|a| all.iter().find(|f| f.id == a.fighter).map(|f| (f, a)))
        .map(|(f, a)| active_fighter(f, a.actions_left));
    Some(State {
        battle: info.name.clone(),
        round: eng.round,
        rounds: info.victory.rounds,
        phase: phase_words(eng, names),
        victory: info.victory.name.clone(),
        sides,
        fighters: all.iter().map(|f| fighter_state(f, names)).collect(),
        active,
        last_attack: last_attack(log),
        last_decision: last_decision(log),
        outcome: eng.outcome.map(|o| outcome_words(o, names)),
        events: log.entries.len(),
    })
}

fn side_state(
    info: &BattleInfo,
    eng: &Engine,
    all: &[FighterView],
    s: Side,
    score: SideScore,
) -> SideState {
    let side = &info.sides[s];
    SideState {
        name: side.name.clone(),
        colour: side.colour.map(|c| c.to_string().to_lowercase()),
        played_by: match side.controller {
            crate::model::formats::Controller::Human => "player".into(),
            crate::model::formats::Controller::Ai => "solo AI".into(),
        },
        score,
        dice: if eng.round == 0 {
            String::new()
        } else {
            dice_words(&eng.dice[s])
        },
        wild_dice: eng.dice[s].wild,
        fighters_left: all
            .iter()
            .filter(|f| f.side == s && f.wounds_left() > 0)
            .count(),
    }
}

fn fighter_state(f: &FighterView, names: &Names) -> FighterState {
    let at = [f.pos.x, f.pos.y, f.pos.z];
    FighterState {
        id: f.id,
        name: f.name.to_string(),
        side: f.side,
        wounds_left: f.wounds_left(),
        wounds: f.profile.wounds,
        on_board: f.on_board(),
        place: if f.on_board() {
            names.place(&at)
        } else {
            String::new()
        },
        at,
        carries_treasure: f.carrying.is_some(),
    }
}

fn active_fighter(f: &FighterView, actions_left: u8) -> ActiveFighter {
    let p = &f.profile;
    ActiveFighter {
        name: f.name.to_string(),
        side: f.side,
        wounds_left: f.wounds_left(),
        wounds: p.wounds,
        movement: p.movement,
        toughness: p.toughness,
        actions_left,
        weapons: p
            .weapons
            .iter()
            .map(|w| WeaponState {
                name: w.name.clone(),
                range: w.range_words(),
                attacks: w.attacks,
                strength: w.strength,
                damage: format!("{}/{}", w.damage.0, w.damage.1),
            })
            .collect(),
    }
}

fn last_attack(log: &BattleLog) -> Option<AttackState> {
    let entry = log
        .entries
        .iter()
        .rev()
        .find(|e| matches!(e.event, Event::Attack { .. }))?;
    let Event::Attack {
        attacker,
        target,
        weapon,
        rolls,
        needed,
        hits,
        crits,
        damage,
        ..
    } = &entry.event
    else {
        return None;
    };
    let (roll, wounds) = AttackRoll::of_event(&entry.event)?;
    let odds = roll.odds()?;
    Some(AttackState {
        attacker: log.names.fighter(*attacker),
        target: log.names.fighter(*target),
        weapon: weapon.clone(),
        needed: *needed,
        rolls: rolls.clone(),
        hits: *hits,
        crits: *crits,
        damage: *damage,
        expected_damage: odds.expected(),
        take_down_chance: odds.at_least(wounds),
        odds: odds.summary(wounds),
        rules: entry.rules.iter().map(|r| r.code().to_string()).collect(),
    })
}

fn last_decision(log: &BattleLog) -> Option<DecisionState> {
    log.entries.iter().rev().find_map(|e| match &e.event {
        Event::Decision { side, text } => {
            let (words, rules) = words_and_rules(text, &e.rules);
            Some(DecisionState {
                side: log.names.side(*side),
                text: words,
                rules: rules.iter().map(|r| r.code().to_string()).collect(),
            })
        }
        _ => None,
    })
}
