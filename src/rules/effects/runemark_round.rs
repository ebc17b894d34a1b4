//! Part of the guard family (ABL-5, what an ability gives for the round): a runemark this
//! fighter has, or has not, until the round ends ("until the end of the battle round, this
//! fighter has the Beast runemark"; "until the start of the next battle round, this fighter
//! is not considered to have the Beast runemark"). Every rule that reads the runemark reads it
//! so (GEN-8: a Beast carries no treasure; one that carries some when the next round begins
//! drops it where it stands).

use bevy::prelude::*;

use crate::model::effects::Effect;
use crate::model::runemark::Runemark;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView};

use super::{Useful, Weighed, lasts};

/// In words: "until the end of the round, it has the Beast runemark".
pub(super) fn describe(e: &Effect) -> String {
    let Effect::MarkThisRound { mark, has } = e else {
        return String::new();
    };
    let then = match (mark, has) {
        (Runemark::Beast, false) => {
            " (a Beast again as the next round begins, it drops any treasure it carries)"
        }
        _ => "",
    };
    let has = if *has { "has" } else { "does not have" };
    format!(
        "until the end of the round, it {has} the {} runemark{then}",
        title(*mark)
    )
}

fn title(mark: Runemark) -> String {
    let name = mark.name();
    name[..1].to_uppercase() + &name[1..]
}

/// ABL-5: the runemark is given (or taken) until the end of the round.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    let Effect::MarkThisRound { mark, has } = e else {
        return None;
    };
    state::engine(world).mark_for_round(f.id, *mark, *has);
    Some(lasts(e, value))
}

/// SOLO-C1: a Beast's runemark taken when treasure lies within its move (it may pick it up);
/// one given when what it brings besides is worth it (the rest of the ability says).
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let Effect::MarkThisRound {
        mark: Runemark::Beast,
        has: false,
    } = e
    else {
        return None;
    };
    (w.f.carrying.is_none() && w.next.moves).then_some(Useful::Because(
        "without the Beast runemark it may pick up treasure",
        None,
    ))
}

// The card's wording (`card`: the language's shared pieces).

/// "Until the end of the battle round, this fighter (is considered to have) has the R
/// runemark", "until the start of the next battle round, this fighter is not considered to have
/// the R runemark" (R one a rule reads).
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    let (rest, has) =
        if let Some(r) = s.strip_prefix("until the end of the battle round, this fighter ") {
            let r = (r.strip_prefix("is considered to have the "))
                .or_else(|| r.strip_prefix("has the "))?;
            (r, true)
        } else {
            let r = s.strip_prefix(
            "until the start of the next battle round, this fighter is not considered to have the ",
        )?;
            (r, false)
        };
    let name = rest.strip_suffix(" runemark")?.trim();
    let mark = crate::model::runemark::Runemark::ALL
        .into_iter()
        .find(|m| m.name() == name)?;
    Some(vec![Effect::MarkThisRound { mark, has }])
}

/// [`sentence`] taking a runemark until the next round, then "if this fighter is carrying
/// treasure at the start of the next battle round, it drops that treasure": the engine's
/// GEN-8 drop as the round begins.
pub(super) fn lost_then_drops(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let e = sentence(&s[0])?;
    let drops = "if this fighter is carrying treasure at the start of the next battle round, it \
                 drops that treasure";
    (matches!(e[..], [Effect::MarkThisRound { has: false, .. }]) && s.get(1)? == drops)
        .then_some((2, e))
}
