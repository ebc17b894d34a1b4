//! Part of the against family (ABL-5): each enemy in reach barred from actions, reactions or
//! abilities until the end of the battle round; and the card's words for the actions an
//! enemy is barred from.

use bevy::prelude::*;

use crate::model::effects::{Effect, Restriction};
use crate::model::ids::FighterId;
use crate::rules::log::{AgainstResult, EffectOutcome};
use crate::rules::state::{self, FighterView};

use super::card::{fill, number_prefix};
use super::{Useful, Weighed, enemies_in_reach};

/// In words: "each enemy within 3\" may not make reactions until the end of the round".
pub(super) fn describe(e: &Effect) -> String {
    let Effect::BarEach(crate::model::effects::Barring {
        range,
        visible,
        actions,
        while_within,
        on_activation,
        roll,
    }) = e
    else {
        return String::new();
    };
    if *on_activation {
        let not = super::against::words_joined(actions, "", " or ");
        return format!(
            "until the end of the round, each enemy that begins its activation within {range}\" \
             of this fighter may not {not}"
        );
    }
    let not = super::against::words_joined(actions, "", " or ");
    if let Some(least) = roll {
        return format!(
            "a dice for each enemy{} {}: on {least}+ it may not {not} until the end of the round",
            if *visible { " it can see" } else { "" },
            super::within_text(*range)
        );
    }
    if *while_within {
        return format!(
            "until the end of the round, enemy fighters may not {not} while they are within \
             {range}\" of this fighter"
        );
    }
    format!(
        "each enemy{} within {range}\" may not {not} until the end of the round",
        if *visible { " it can see" } else { "" },
    )
}

/// ABL-5: each enemy in reach now is barred until the end of the round (or this fighter for
/// the rest of its activation).
pub(super) fn run(world: &mut World, f: &FighterView, e: &Effect) -> Option<EffectOutcome> {
    if let Effect::BarSelf(actions) = e {
        let mut eng = state::engine(world);
        for a in actions {
            eng.bar_this_activation(f.id, *a);
        }
        return Some(super::lasts(e, 0));
    }
    let Effect::BarEach(crate::model::effects::Barring {
        range,
        visible,
        actions,
        while_within,
        on_activation,
        roll,
    }) = e
    else {
        return None;
    };
    if *on_activation {
        let mut eng = state::engine(world);
        for a in actions {
            eng.bar_on_activation(f.id, *range, *a);
        }
        return Some(super::lasts(e, 0));
    }
    if *while_within {
        let mut eng = state::engine(world);
        for a in actions {
            eng.bar_around(f.id, *range, *a);
        }
        return Some(super::lasts(e, 0));
    }
    let all = state::fighters(world);
    let each = enemies_in_reach(world, &all, f, *range, *visible);
    if let Some(least) = roll {
        for t in each {
            rolled_for(world, f, t, (*least, actions));
        }
        return None;
    }
    let mut eng = state::engine(world);
    for t in &each {
        for a in actions {
            eng.bar(*t, *a);
        }
    }
    Some(EffectOutcome::BarredEach {
        fighters: each,
        actions: actions.clone(),
    })
}

/// ABL-5: a dice rolled for enemy `t`: on `least` or more it is barred from `actions` until
/// the end of the round (barred from activating, it counts as activated); logged with the roll.
fn rolled_for(
    world: &mut World,
    f: &FighterView,
    t: FighterId,
    (least, actions): (u8, &[Restriction]),
) {
    let roll = state::d6(world);
    let result = if roll >= least {
        for a in actions {
            state::engine(world).bar(t, *a);
            if *a == Restriction::Activate {
                super::activated_for_the_round(world, t);
            }
        }
        AgainstResult::Barred {
            actions: actions.to_vec(),
        }
    } else {
        AgainstResult::Nothing
    };
    let outcome = EffectOutcome::RolledAgainst {
        rolls: vec![roll],
        fighter: t,
        result,
    };
    super::effect_logged(world, f.id, outcome);
}

/// SOLO-C1: worth it when an enemy is in reach.
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let Effect::BarEach(crate::model::effects::Barring { range, visible, .. }) = e else {
        return None;
    };
    let near = enemies_in_reach(w.world, w.all, w.f, *range, *visible);
    (!near.is_empty()).then_some(Useful::Because("enemies are in its reach", None))
}

/// ABL-5: `f` begins its activation: each enemy aura barring those that begin theirs within
/// its reach bars it (or holds it to the aura's fighter) for the round; logged as the aura's.
pub fn as_activated(world: &mut World, f: &FighterView) {
    // Most battles have no such aura: nothing is gathered then.
    let auras = world.resource::<state::Engine>().bars_on_activation();
    if auras.is_empty() {
        return;
    }
    let all = state::fighters(world);
    let mut barred: Vec<(FighterId, Vec<Restriction>)> = Vec::new();
    for (source, range, what) in auras {
        let Some(s) = all.iter().find(|o| o.id == source && o.on_board()) else {
            continue;
        };
        let near = crate::battlefield::measure::distance(&s.base(), &f.base()) <= range + 1e-4;
        if s.side == f.side || !near {
            continue;
        }
        match what {
            Restriction::MoveAway => state::engine(world).leash(f.id, source),
            a => state::engine(world).bar(f.id, a),
        }
        match barred.iter_mut().find(|(s, _)| *s == source) {
            Some((_, v)) => v.push(what),
            None => barred.push((source, vec![what])),
        }
    }
    for (source, actions) in barred {
        let outcome = EffectOutcome::Barred {
            fighter: f.id,
            actions,
        };
        super::effect_logged(world, source, outcome);
    }
}

/// ABL-5: may `f`'s move end with its base at `end`? Not farther from a fighter whose ability
/// holds it this round than it began.
pub fn held_to(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    end: &crate::battlefield::measure::Base,
) -> Result<(), crate::rules::command::Rejected> {
    let holders = world
        .resource::<crate::rules::state::Engine>()
        .leashes(f.id);
    let holder = (holders.iter())
        .filter_map(|h| all.iter().find(|o| o.id == *h && o.on_board()))
        .find(|h| {
            use crate::battlefield::measure::distance;
            distance(end, &h.base()) > distance(&f.base(), &h.base()) + 1e-3
        });
    match holder {
        None => Ok(()),
        Some(h) => Err(crate::rules::command::Rejected::new(
            crate::model::RuleId::Abl5,
            format!(
                "{}'s ability holds {} this round: no move may end farther from {}",
                h.name, f.name, h.name
            ),
        )),
    }
}

// The card's wording (`card`: the language's shared pieces).

/// "Until the end of the battle round, (visible) enemy fighters within N" of this fighter
/// cannot make reactions (use abilities)".
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("until the end of the battle round, ")?;
    let (visible, rest) = match rest.strip_prefix("visible ") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    if let Some(e) = while_within(rest)
        .or_else(|| on_activation(rest))
        .filter(|_| !visible)
    {
        return Some(vec![e]);
    }
    let (n, what) = ["cannot make reactions", "cannot use abilities"]
        .iter()
        .find_map(|what| {
            let form = format!("enemy fighters within {{n}}\" of this fighter {what}");
            Some((fill(rest, &form)?[0], *what))
        })?;
    let action = if what.ends_with("reactions") {
        Restriction::Reactions
    } else {
        Restriction::Abilities
    };
    Some(vec![Effect::BarEach(crate::model::effects::Barring {
        range: n as f32,
        visible,
        actions: vec![action],
        while_within: false,
        on_activation: false,
        roll: None,
    })])
}

/// "Enemy fighters that begin their activation within N" of this fighter cannot make
/// disengage actions or end move actions further from this fighter".
fn on_activation(s: &str) -> Option<Effect> {
    let rest = s.strip_prefix("enemy fighters that begin their activation within ")?;
    let (n, rest) = number_prefix(rest)?;
    let actions = match rest.strip_prefix("\" of this fighter cannot ")? {
        "make disengage actions or end move actions further from this fighter" => {
            vec![Restriction::Disengage, Restriction::MoveAway]
        }
        "make disengage actions" => vec![Restriction::Disengage],
        _ => return None,
    };
    Some(Effect::BarEach(crate::model::effects::Barring {
        range: n as f32,
        visible: false,
        actions,
        while_within: false,
        on_activation: true,
        roll: None,
    }))
}

/// "Enemy fighters cannot use (reactions or) abilities (make disengage actions) while (they
/// are) within N" of this fighter".
fn while_within(s: &str) -> Option<Effect> {
    let rest = s.strip_prefix("enemy fighters cannot ")?;
    let (what, range) = rest
        .split_once(" while they are within ")
        .or_else(|| rest.split_once(" while within "))?;
    let range = fill(range, "{n}\" of this fighter")?[0] as f32;
    let actions = match what {
        "use abilities" => vec![Restriction::Abilities],
        "use reactions or abilities" => vec![Restriction::Reactions, Restriction::Abilities],
        "make disengage actions" => vec![Restriction::Disengage],
        _ => return None,
    };
    Some(Effect::BarEach(crate::model::effects::Barring {
        range,
        visible: false,
        actions,
        while_within: true,
        on_activation: false,
        roll: None,
    }))
}

/// "Roll a dice for each (visible) enemy fighter within N" of this fighter (within a number of
/// inches of this fighter equal to the value of this ability)." + "On a roll of N+, until the
/// end of the battle round, the fighter being rolled for cannot make ... actions" ("... that
/// fighter cannot activate this battle round").
pub(super) fn roll_each_barred(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let rest = s[0].strip_prefix("roll a dice for each ")?;
    let (visible, rest) = match rest.strip_prefix("visible ") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let rest = rest.strip_prefix("enemy fighter within ")?;
    let range = match rest {
        "a number of inches of this fighter equal to the value of this ability" => {
            crate::model::effects::VALUE_RANGE
        }
        _ => fill(rest, "{n}\" of this fighter")?[0] as f32,
    };
    let next = s.get(1)?.strip_prefix("on a roll of ")?;
    let (least, next) = number_prefix(next)?;
    let next = next.strip_prefix('+').unwrap_or(next).strip_prefix(", ")?;
    let next = next.replace("the fighter being rolled for cannot", "that fighter cannot");
    let next = match next.strip_suffix(" this battle round") {
        Some(r) if r.ends_with("cannot activate") => {
            format!("until the end of the battle round, {r}")
        }
        _ => next,
    };
    let actions = barred(&next)?;
    let least = u8::try_from(least).ok().filter(|l| (2..=6).contains(l))?;
    Some((
        2,
        vec![Effect::BarEach(crate::model::effects::Barring {
            range,
            visible,
            actions,
            while_within: false,
            on_activation: false,
            roll: Some(least),
        })],
    ))
}

/// "In addition, until the end of this fighter's activation, after each attack action made by
/// this fighter, roll a dice." + "On a roll of N+, until the end of this battle round, the
/// target fighter cannot make ... actions."
pub(super) fn after_each_attack(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let first = s[0].as_str();
    let rest = first
        .strip_prefix("in addition, ")
        .unwrap_or(first)
        .strip_prefix(
            "until the end of this fighter's activation, after each attack action made by this \
             fighter, roll a dice",
        )?;
    if !rest.is_empty() {
        return None;
    }
    let next = s.get(1)?.strip_prefix("on a roll of ")?;
    let (least, next) = number_prefix(next)?;
    let next = (next.strip_prefix("+, ")?)
        .replace(
            "until the end of this battle round, the target fighter",
            "that fighter",
        )
        .replace("the target of that attack action", "that fighter");
    let round = "until the end of the battle round, ";
    let bar = match next.starts_with(round) {
        true => barred(&next)?,
        false => barred(&format!("{round}{next}"))?,
    };
    let least = u8::try_from(least).ok().filter(|l| (1..=6).contains(l))?;
    Some((2, vec![Effect::AfterEachAttack { least, bar }]))
}

/// "Until the end of the battle round, that (enemy) fighter cannot make move actions or
/// disengage actions" ("... cannot activate"; "that fighter cannot activate or make reactions
/// in this battle round"): the actions barred.
pub(super) fn barred(s: &str) -> Option<Vec<Restriction>> {
    // "That fighter cannot make disengage actions until the end of the battle round."
    let (round, rest) = match s.strip_prefix("until the end of the battle round, ") {
        Some(r) => (true, r),
        None => match (s.strip_suffix(" until the end of the battle round"))
            .or_else(|| s.strip_suffix(" for the rest of the battle round"))
        {
            Some(r) => (true, r),
            None => (false, s),
        },
    };
    let rest = rest
        .strip_prefix("that enemy fighter cannot ")
        .or_else(|| rest.strip_prefix("that fighter cannot "))?;
    Some(match (round, rest) {
        (false, "activate or make reactions in this battle round") => {
            vec![Restriction::Activate, Restriction::Reactions]
        }
        (true, "activate") => vec![Restriction::Activate],
        (true, "make move actions or disengage actions" | "make move or disengage actions") => {
            vec![Restriction::Move, Restriction::Disengage]
        }
        (true, "make move actions") => vec![Restriction::Move],
        (true, "make disengage actions") => vec![Restriction::Disengage],
        (true, "end move actions further from this fighter") => vec![Restriction::MoveAway],
        (true, "use abilities") => vec![Restriction::Abilities],
        (true, "use reactions" | "make reactions") => vec![Restriction::Reactions],
        _ => return None,
    })
}
