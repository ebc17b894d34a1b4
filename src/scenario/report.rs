//! A plain summary of a set-up battle: the log and where every fighter stands.

use crate::model::RuleId;
use crate::model::ids::FighterId;
use crate::model::ids::Side;
use bevy::prelude::*;
use serde::Serialize;

use crate::model::components::*;
use crate::rules::log::BattleLog;

#[derive(Debug, Clone, Serialize)]
pub struct FighterReport {
    pub id: FighterId,
    pub name: String,
    pub side: Side,
    pub group: String,
    /// `deployed`, `reserve (round N)`, `unplaced`, `taken down`.
    pub presence: String,
    pub position: [f32; 3],
}

#[derive(Debug, Clone, Serialize)]
pub struct LogLine {
    pub round: u32,
    pub rules: Vec<RuleId>,
    pub text: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct SetupReport {
    pub battle: String,
    pub sides: Vec<String>,
    pub colours: Vec<String>,
    pub priority: Option<Side>,
    pub log: Vec<LogLine>,
    pub fighters: Vec<FighterReport>,
}

impl SetupReport {
    pub fn text(&self) -> String {
        let mut s = format!("Battle: {}\n", self.battle);
        for l in &self.log {
            s += &format!("R{} [{}] {}\n", l.round, RuleId::list(&l.rules), l.text);
        }
        s
    }
}

pub fn setup_report(world: &mut World) -> SetupReport {
    let info = world.resource::<BattleInfo>().clone();
    let log = world.resource::<BattleLog>().clone();
    let mut fighters: Vec<FighterReport> = world
        .query::<(&Fighter, &Side, &BattleGroup, &Presence, &Position)>()
        .iter(world)
        .map(|(f, s, g, p, pos)| FighterReport {
            id: f.id,
            name: f.name.to_string(),
            side: *s,
            group: g.0.to_string(),
            presence: match p {
                Presence::Unplaced => "unplaced".into(),
                Presence::Deployed => "deployed".into(),
                Presence::Reserve { round } => format!("reserve (round {round})"),
                Presence::TakenDown => "taken down".into(),
            },
            position: pos.0.to_array(),
        })
        .collect();
    fighters.sort_by_key(|f| f.id);
    SetupReport {
        battle: info.name.clone(),
        sides: info.sides.iter().map(|s| s.name.clone()).collect(),
        colours: info
            .sides
            .iter()
            .map(|s| s.colour.map(|c| c.to_string()).unwrap_or_default())
            .collect(),
        priority: info.priority,
        log: log
            .entries
            .iter()
            .map(|e| LogLine {
                round: e.round,
                rules: e.rules.clone(),
                text: log.text_of(e),
            })
            .collect(),
        fighters,
    }
}
