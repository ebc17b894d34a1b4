//! Friends' bonus moves (ABL-5, CMB-2), part of the bonus family: the picked friend's bonus
//! move (or move or attack), or each friend's in an aura, waiting in the activation's bonus
//! actions in turn. The friend moves up to its own Move.

use bevy::prelude::*;

use crate::battlefield::measure::distance;
use crate::model::RuleId;
use crate::model::effects::{Amount, Aura, Effect, FriendPick};
use crate::model::ids::FighterId;
use crate::rules::command::Rejected;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, Bonus, FighterView, Then};

use super::card::{marks_of, picked_friend};
use super::{Useful, Weighed, in_aura};

/// In words: "a bonus move (or attack) for a visible friendly fighter within 4\"", "each
/// friendly fighter with the Beast runemark within 6\" may make a bonus move".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    let what = |or_attack: bool| {
        if or_attack {
            "a bonus move or attack action"
        } else {
            "a bonus move action"
        }
    };
    match e {
        Effect::FriendBonusMove {
            pick,
            or_attack,
            max,
        } => format!(
            "{}{} for {}friendly fighter{} {}",
            what(*or_attack),
            max.map_or(String::new(), |m| format!(
                " of up to {}",
                super::inches_text(&m, value)
            )),
            if pick.visible { "a visible " } else { "a " },
            pick.marks().with_words(),
            super::within_text(super::at_value(pick.range, value))
        ),
        Effect::EachFriendBonusMove {
            aura,
            or_attack,
            closer,
        } => format!(
            "{}{}, in turn, for the {}{} {}{}",
            what(*or_attack),
            if *closer { " ending closer to it" } else { "" },
            if aura.visible { "visible " } else { "" },
            aura.who_words(),
            if aura.range == crate::model::effects::ANYWHERE {
                "on the battlefield".to_string()
            } else {
                format!("within {}\"", aura.range)
            },
            if aura.others || *closer {
                ""
            } else {
                " (this fighter too)"
            }
        ),
        Effect::PickedFriendsBonus {
            aura,
            up_to,
            or_attack,
            max,
        } => format!(
            "{}{}, in turn, for up to {} of the {}{} {}",
            what(*or_attack),
            max.map_or(String::new(), |m| format!(" of up to {m}\"")),
            up_to,
            if aura.visible { "visible " } else { "" },
            aura.who_words(),
            super::within_text(aura.range)
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
    (value, target): (u8, Option<FighterId>),
) -> Option<EffectOutcome> {
    let (fighters, or_attack) = match e {
        Effect::FriendBonusMove { or_attack, .. } => (vec![target?], *or_attack),
        // Closer to this fighter: the others only.
        Effect::EachFriendBonusMove {
            aura,
            or_attack,
            closer: true,
        } => {
            let all = state::fighters(world);
            let mut them = in_reach(world, &all, f, aura);
            them.retain(|&id| id != f.id);
            (them, *or_attack)
        }
        Effect::EachFriendBonusMove {
            aura, or_attack, ..
        }
        | Effect::PickedFriendsBonus {
            aura, or_attack, ..
        } => {
            let all = state::fighters(world);
            (in_reach(world, &all, f, aura), *or_attack)
        }
        _ => return None,
    };
    let (limit, up_to) = match e {
        Effect::PickedFriendsBonus { max, up_to, .. } => {
            (max.map(|m| m.of(value) as f32), Some(up_to.of(value)))
        }
        Effect::FriendBonusMove { max, .. } => (max.map(|m| m.of(value) as f32), None),
        _ => (None, None),
    };
    let rules = world.resource::<crate::model::ruleset::Ruleset>().clone();
    let mut bonuses = Vec::new();
    for &id in &fighters {
        let o = state::fighter(world, id)?;
        // "A bonus move action of up to 3\"": that long, whatever its Move (as its own is).
        let max = limit.unwrap_or_else(|| o.move_budget(&rules, 0));
        bonuses.push(match (id == f.id, or_attack) {
            (true, false) => Bonus::Move { max, fly: false },
            (true, true) => Bonus::MoveOrAttack { max },
            (false, false) => Bonus::FriendMove {
                fighter: id,
                max,
                closer: matches!(e, Effect::EachFriendBonusMove { closer: true, .. }),
            },
            (false, true) => Bonus::FriendMoveOrAttack { fighter: id, max },
        });
    }
    if let Some(a) = state::engine(world).activation.as_mut() {
        a.bonus.extend(bonuses);
        if let Some(left) = up_to.filter(|n| (*n as usize) < fighters.len()) {
            let group = fighters.clone();
            a.quota = Some(crate::rules::state::Quota { left, group });
        }
    }
    Some(EffectOutcome::FriendBonuses {
        fighters,
        or_attack,
        up_to,
    })
}

/// ABL-5: the bonuses that went once enough friends had taken theirs, logged.
pub(crate) fn picks_made(world: &mut World, fighter: FighterId, gone: Vec<Bonus>) {
    if !gone.is_empty() {
        let fighters = gone.iter().filter_map(|b| b.friend()).collect();
        super::effect_logged(world, fighter, EffectOutcome::PicksMade { fighters });
    }
}

/// CMB-2, ABL-5: the active fighter `f` lets the first waiting bonus go ("can make": a bonus
/// is offered, not owed), and what waited for it with it; logged.
pub(crate) fn pass_bonus(world: &mut World, f: &FighterView) -> Result<Then, Rejected> {
    let (first, gone) = {
        let mut e = state::engine(world);
        let a = (e.activation.as_mut()).filter(|a| a.fighter == f.id && !a.bonus.is_empty());
        let Some(a) = a else {
            return Err(Rejected::new(RuleId::Cmb2, "no bonus action is waiting"));
        };
        (a.bonus[0], a.take_first_bonus(false))
    };
    super::effect_logged(world, f.id, EffectOutcome::BonusPassed { bonus: first });
    if first.own_attack() {
        super::boosts_lapse_with_the_bonus(world, f.id);
    }
    picks_made(world, f.id, gone);
    Ok(Then::AfterAction)
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
        Effect::EachFriendBonusMove { aura, .. } | Effect::PickedFriendsBonus { aura, .. } => {
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
    Some((
        2,
        vec![Effect::FriendBonusMove {
            pick,
            or_attack,
            max: None,
        }],
    ))
}

/// "Each friendly fighter (...) can make a bonus move action" + "That move action must end
/// closer to this fighter": each of the others' moves must.
pub(super) fn each_friend_closer(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    if s.get(1)?.as_str() != "that move action must end closer to this fighter" {
        return None;
    }
    let mut e = each_friend(&s[0])?;
    let [
        Effect::EachFriendBonusMove {
            or_attack: false,
            closer,
            ..
        },
    ] = &mut e[..]
    else {
        return None;
    };
    *closer = true;
    Some((2, e))
}

/// "Each (visible) (other) friendly fighter (with MARKS) (within N" of this fighter) (when this
/// fighter uses this ability) can make (makes) a bonus move action (or a bonus attack action
/// (some can make a bonus move action and others can make a bonus attack action))".
pub(super) fn each_friend(s: &str) -> Option<Vec<Effect>> {
    if let Some(e) = this_and_a_friend(s) {
        return Some(e);
    }
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
    // "... that is within 6\" of this fighter and that has any damage points allocated to them".
    let who = match who.strip_suffix(" and that has any damage points allocated to them") {
        Some(w) => {
            aura.hurt = true;
            w
        }
        None => who,
    };
    let near =
        (who.split_once(" within ")).or_else(|| who.strip_prefix("within ").map(|r| ("", r)));
    let (marks, range) = match near {
        Some((m, r)) => (m, super::card::fill(r, "{n}\" of this fighter")?[0] as f32),
        None => (who, crate::model::effects::ANYWHERE),
    };
    let marks = marks.strip_suffix(" that is").unwrap_or(marks);
    let marks = match marks.strip_suffix(" in this fighter's battle group") {
        Some(m) => {
            aura.group = true;
            m
        }
        None => marks,
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
    Some(vec![Effect::EachFriendBonusMove {
        aura,
        or_attack,
        closer: false,
    }])
}

/// "Pick up to N (a number of) (other) (visible) friendly fighters (with MARKS) (equal to half
/// the value of this ability (rounding up), up to the value of this ability) (that are)
/// (within N" of this fighter)" + "Those fighters can each (immediately) make (each fighter you
/// picked can make) a bonus move action (of up to N", of a number of inches equal to the value
/// of this ability) (or a bonus attack action (some can ...))".
pub(super) fn picked_friends(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (up_to, who) = picked_count(&s[0])?;
    let mut aura = Aura {
        others: true,
        range: crate::model::effects::ANYWHERE,
        ..Aura::default()
    };
    let who = who.strip_prefix("other ").unwrap_or(&who);
    let who = match who.strip_prefix("visible ") {
        Some(w) => {
            aura.visible = true;
            w
        }
        None => who,
    };
    let mut who = who.strip_prefix("friendly fighters")?;
    for suffix in [" that are within ", " within "] {
        if let Some((w, range)) = who.rsplit_once(suffix) {
            aura.range = super::card::fill(range, "{n}\" of this fighter")?[0] as f32;
            who = w;
            break;
        }
    }
    if let Some(m) = who.strip_prefix(" with ") {
        aura.marks = marks_of(m)?;
    } else if !who.is_empty() {
        return None;
    }
    let (or_attack, max) = picked_act(s.get(1)?)?;
    let e = Effect::PickedFriendsBonus {
        aura,
        up_to,
        or_attack,
        max,
    };
    Some((2, vec![e]))
}

/// "Pick up to N ..." or "pick a number of ... equal to half the value of this ability
/// (rounding up) ...": how many, and the words for who with the count's taken out.
fn picked_count(s: &str) -> Option<(Amount, String)> {
    if let Some(rest) = s.strip_prefix("pick up to ") {
        let (n, rest) = super::card::number_prefix(rest)?;
        return Some((Amount::Fixed(n), rest.strip_prefix(' ')?.to_string()));
    }
    let rest = s.strip_prefix("pick a number of ")?;
    [
        (
            " equal to half the value of this ability (rounding up)",
            Amount::HalfValueUp,
        ),
        (
            " equal to half the value of this ability, rounded up,",
            Amount::HalfValueUp,
        ),
        (" up to the value of this ability", Amount::Value),
        (" equal to the value of this ability", Amount::Value),
    ]
    .into_iter()
    .find_map(|(words, a)| {
        rest.contains(words)
            .then(|| (a, rest.replacen(words, "", 1)))
    })
}

/// "Those fighters can each (immediately) make a bonus move action (of up to N\", of a number
/// of inches equal to the value of this ability) (or a bonus attack action (...))": (a move
/// or an attack, the move's inches).
fn picked_act(s: &str) -> Option<(bool, Option<Amount>)> {
    let then = [
        "those fighters can each immediately make a bonus ",
        "those fighters can each make a bonus ",
        "each fighter you picked can make a bonus ",
    ]
    .iter()
    .find_map(|p| s.strip_prefix(p))?;
    if let Some(v) = super::card::fill(then, "move action of up to {n}\"") {
        return Some((false, Some(Amount::Fixed(v[0]))));
    }
    Some(match then {
        "move action" => (false, None),
        "move action of a number of inches equal to the value of this ability" => {
            (false, Some(Amount::Value))
        }
        _ if then.starts_with("move action or a bonus attack action") => {
            let rest = &then["move action or a bonus attack action".len()..];
            (rest.is_empty() || rest.starts_with(" (some can make ")).then_some(())?;
            (true, None)
        }
        _ => return None,
    })
}

/// "This fighter and a friendly fighter with MARKS can each make either a bonus move action or
/// a bonus attack action": its own, then the friend's its player picks (anywhere).
fn this_and_a_friend(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("this fighter and a friendly fighter with ")?;
    let marks =
        rest.strip_suffix(" can each make either a bonus move action or a bonus attack action")?;
    let pick = FriendPick::new(crate::model::effects::ANYWHERE, false, marks_of(marks)?);
    Some(vec![
        Effect::BonusMoveOrAttack,
        Effect::FriendBonusMove {
            pick,
            or_attack: true,
            max: None,
        },
    ])
}
