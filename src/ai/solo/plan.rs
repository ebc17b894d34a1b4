//! `warcry-sim plan` (rules/solo-mode.md, SOLO-A, SOLO-B, SOLO-C): the AI's next activation,
//! played on a scratch copy of the battle and explained decision by decision.

use crate::model::RuleId;
use crate::model::ids::FighterId;
use crate::model::ids::Side;
use bevy::prelude::*;
use serde::Serialize;

use super::{Decision, choose_active, choose_target, decide, decided, is_ai, target_name};
use crate::rules::command::Command;
use crate::rules::engine::{Engine, Pending, fighters};

/// What the AI will do for its next activation, and why (`warcry-sim plan`).
#[derive(Debug, Clone, Serialize)]
pub struct Plan {
    pub side: Option<Side>,
    pub target: Option<String>,
    pub target_rule: Option<RuleId>,
    pub active: Option<FighterId>,
    pub active_name: Option<String>,
    pub active_rule: Option<RuleId>,
    /// Decisions of the other side before the AI's activation, assumed to be the built-in
    /// policy's (when the plan is asked while the other side is to decide).
    pub assumed: Vec<String>,
    pub decisions: Vec<Decision>,
    /// Why the plan stops where it does.
    pub stops: String,
}

impl Plan {
    pub fn text(&self) -> String {
        let mut s = String::new();
        if !self.assumed.is_empty() {
            s += "Assuming the other side first plays (built-in policy):\n";
            for a in &self.assumed {
                s += &format!("   {a}\n");
            }
        }
        if let (Some(t), Some(r)) = (&self.target, self.target_rule) {
            s += &format!("Target: {t} [{r}]\n");
        }
        if let (Some(n), Some(r)) = (&self.active_name, self.active_rule) {
            s += &format!("Active fighter: {n} [{r}]\n");
        }
        for (i, d) in self.decisions.iter().enumerate() {
            s += &format!(
                "{}. {} [{}]\n   {}\n",
                i + 1,
                d.command.describe(),
                RuleId::list(&d.rules),
                d.why
            );
        }
        s += &format!("({})\n", self.stops);
        s
    }
}

/// Plays the AI's decisions on `world` (a scratch copy: the caller's battle is not touched)
/// until its next activation is over or another side must decide. Other sides' reactions
/// during that activation are answered by `other`.
pub fn plan(world: &mut World, other: impl Fn(&mut World) -> Option<Command>) -> Plan {
    let mut p = Plan {
        side: None,
        target: None,
        target_rule: None,
        active: None,
        active_name: None,
        active_rule: None,
        assumed: Vec::new(),
        decisions: Vec::new(),
        stops: String::new(),
    };
    for _ in 0..200 {
        let pending = world.resource::<Engine>().pending;
        if pending == Pending::Ended {
            p.stops = "the battle is over".into();
            return p;
        }
        let Some(side) = crate::rules::engine::deciding_side(world) else {
            p.stops = "nothing to decide".into();
            return p;
        };
        if let Some(a) = p.active
            && !matches!(pending, Pending::Action { fighter } if fighter == a)
            && !matches!(pending, Pending::Reaction { .. })
        {
            p.stops = "the activation is over".into();
            return p;
        }
        if !is_ai(world, side) {
            if p.active.is_some() {
                // A reaction of the other side during the activation.
                let Some(c) = other(world) else { break };
                if crate::rules::engine::apply(world, &c).is_err() {
                    break;
                }
                continue;
            }
            // Before the AI's activation: the other side's decisions, assumed (built-in policy).
            let Some(c) = other(world) else {
                p.stops = format!("{} (not the AI) decides next", side.player());
                return p;
            };
            if crate::rules::engine::apply(world, &c).is_err() {
                p.stops = format!("{} (not the AI) decides next", side.player());
                return p;
            }
            p.assumed.push(c.describe());
            continue;
        }
        p.side = Some(side);
        if let Pending::Turn { side } = pending
            && let Some(tc) = choose_target(world, side)
        {
            let all = fighters(world);
            p.target = Some(target_name(&all, tc.target));
            p.target_rule = Some(tc.rule);
            if let Some((id, rule, _)) = choose_active(world, side, Some(tc.target)) {
                p.active = Some(id);
                p.active_name = all.iter().find(|f| f.id == id).map(|f| f.name.to_string());
                p.active_rule = Some(rule);
            }
        }
        let Some(d) = decide(world) else { break };
        if let Err(e) = crate::rules::engine::apply(world, &decided(side, &d)) {
            p.stops = format!("the AI's command was rejected: {e}");
            p.decisions.push(d);
            return p;
        }
        p.decisions.push(d);
    }
    if p.stops.is_empty() {
        p.stops = "stopped".into();
    }
    p
}
