//! Friends' bonus moves (ABL-5, CMB-2), part of the bonus family: the picked friend's bonus
//! move (or move or attack), or each friend's in an aura, waiting in the activation's bonus
//! actions in turn. The friend moves up to its own Move.

use bevy::prelude::*;

use crate::battlefield::measure::distance;
use crate::model::effects::{Aura, Effect, FriendPick};
use crate::model::ids::FighterId;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, Bonus, FighterView};

use super::card::{marks_of, picked_friend};
use super::{Useful, Weighed, in_aura};

/// In words: "a bonus move (or attack) for a visible friendly fighter within 4\"", "each
/// friendly fighter with the Beast runemark within 6\" may make a bonus move".
pub(super) fn describe(e: &Effect) -> String {
    let what = |or_attack: bool| {
        if or_attack {
            "a bonus move or attack action"
        } else {
            "a bonus move action"
        }
    };
    match e {
        Effect::FriendBonusMove { pick, or_attack } => format!(
            "{} for {}friendly fighter{} within {}\"",
            what(*or_attack),
            if pick.visible { "a visible " } else { "a " },
            pick.marks().with_words(),
            pick.range
        ),
        Effect::EachFriendBonusMove { aura, or_attack } => format!(
            "{}, in turn, for the {} {}{}",
            what(*or_attack),
            aura.who_words(),
            if aura.range == crate::model::effects::ANYWHERE {
                "on the battlefield".to_string()
            } else {
                format!("within {}\"", aura.range)
            },
            if aura.others {
                ""
            } else {
                " (this fighter too)"
            }
        ),
        _ => String::new(),
    }
}

/// CMB-2: the bonus moves wait, for the picked friend (`target`) or each friend in the aura
/// (nearest first, this fighter last).
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    target: Option<FighterId>,
) -> Option<EffectOutcome> {
    let (fighters, or_attack) = match e {
        Effect::FriendBonusMove { or_attack, .. } => (vec![target?], *or_attack),
        Effect::EachFriendBonusMove { aura, or_attack } => {
            let all = state::fighters(world);
            (in_reach(world, &all, f, aura), *or_attack)
        }
        _ => return None,
    };
    let rules = world.resource::<crate::model::ruleset::Ruleset>().clone();
    let mut bonuses = Vec::new();
    for &id in &fighters {
        let o = state::fighter(world, id)?;
        let max = o.move_budget(&rules, 0);
        bonuses.push(match (id == f.id, or_attack) {
            (true, false) => Bonus::Move { max },
            (true, true) => Bonus::MoveOrAttack { max },
            (false, false) => Bonus::FriendMove { fighter: id, max },
            (false, true) => Bonus::FriendMoveOrAttack { fighter: id, max },
        });
    }
    if let Some(a) = state::engine(world).activation.as_mut() {
        a.bonus.extend(bonuses);
    }
    Some(EffectOutcome::FriendBonuses {
        fighters,
        or_attack,
    })
}

/// The fighters of `f`'s side in `aura` now: the others nearest first, `f` last.
fn in_reach(world: &World, all: &[FighterView], f: &FighterView, aura: &Aura) -> Vec<FighterId> {
    let mut near: Vec<(f32, FighterId)> = all
        .iter()
        .filter(|o| in_aura(world, all, f, o, aura))
        .map(|o| {
            let d = if o.id == f.id {
                f32::INFINITY
            } else {
                distance(&f.base(), &o.base())
            };
            (d, o.id)
        })
        .collect();
    near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    near.into_iter().map(|(_, id)| id).collect()
}

/// SOLO-C1: worth it when a friend in reach can use the bonus.
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    match e {
        Effect::FriendBonusMove { .. } => {
            let friend = super::reach_of(w.world, w.all, w.f, e)?
                .into_iter()
                .next()?;
            Some(Useful::Because(
                "a friend in its reach can move",
                Some(friend),
            ))
        }
        Effect::EachFriendBonusMove { aura, .. } => {
            let others = w
                .all
                .iter()
                .any(|o| o.id != w.f.id && in_aura(w.world, w.all, w.f, o, aura));
            others.then_some(Useful::Because("friends in its reach can move", None))
        }
        _ => None,
    }
}

// The card's wording (`card`: the language's shared pieces).

/// "Pick a (visible) friendly fighter (...) within N" of this fighter." + "That fighter makes
/// (takes, can make) a bonus move action (or a bonus attack action)."
pub(super) fn picked_then_moves(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (range, visible, marks) = picked_friend(&s[0])?;
    let then = s.get(1)?;
    let then = then.strip_prefix("that ")?;
    let then = then.strip_prefix("friendly ").unwrap_or(then);
    let then = then
        .strip_prefix("fighter makes ")
        .or_else(|| then.strip_prefix("fighter takes "))
        .or_else(|| then.strip_prefix("fighter can make "))?;
    let or_attack = match then {
        "a bonus move action" => false,
        "a bonus move action or a bonus attack action" => true,
        _ => return None,
    };
    let pick = FriendPick::new(range, visible, marks);
    Some((2, vec![Effect::FriendBonusMove { pick, or_attack }]))
}

/// "Each (visible) (other) friendly fighter (with MARKS) (within N" of this fighter) (when this
/// fighter uses this ability) can make (makes) a bonus move action (or a bonus attack action
/// (some can make a bonus move action and others can make a bonus attack action))".
pub(super) fn each_friend(s: &str) -> Option<Vec<Effect>> {
    let mut aura = Aura::default();
    let mut rest = s.strip_prefix("each ")?;
    if let Some(r) = rest.strip_prefix("visible ") {
        (aura.visible, rest) = (true, r);
    }
    if let Some(r) = rest.strip_prefix("other ") {
        (aura.others, rest) = (true, r);
    }
    rest = rest.strip_prefix("friendly fighter ")?;
    let (who, then) = rest
        .split_once(" can make a bonus ")
        .or_else(|| rest.split_once(" makes a bonus "))
        .or_else(|| rest.strip_prefix("can make a bonus ").map(|t| ("", t)))?;
    let who = who
        .strip_suffix(" when this fighter uses this ability")
        .unwrap_or(who);
    let (marks, range) = match who.split_once(" within ") {
        Some((m, r)) => (m, super::card::fill(r, "{n}\" of this fighter")?[0] as f32),
        None => (who, crate::model::effects::ANYWHERE),
    };
    if let Some(m) = marks.strip_prefix("with ") {
        aura.marks = marks_of(m)?;
    } else if !marks.is_empty() {
        return None;
    }
    aura.range = range;
    let or_attack = match then {
        "move action" => false,
        "move action or a bonus attack action"
        | "move action or a bonus attack action (some can make a bonus move action and others \
           can make a bonus attack action)" => true,
        _ => return None,
    };
    Some(vec![Effect::EachFriendBonusMove { aura, or_attack }])
}
