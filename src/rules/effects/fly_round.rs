//! Part of the guard family (ABL-5, what an ability gives its friends for the round): "until the end of the battle round, friendly fighters with
//! the R runemark can fly when making move actions" (MOVE-7).

use bevy::prelude::*;

use crate::model::effects::Effect;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView};

use super::{Useful, Weighed, lasts};

/// In words: "until the end of the round, friendly fighters with the Hero runemark can fly
/// when they move".
pub(super) fn describe(e: &Effect) -> String {
    let Effect::FlyThisRound { marks } = e else {
        return String::new();
    };
    format!(
        "until the end of the round, friendly fighters{} can fly when they move",
        marks.with_words()
    )
}

/// MOVE-7, ABL-5: each friendly fighter bearing the marks (this one too) can fly for the
/// round.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    let Effect::FlyThisRound { marks } = e else {
        return None;
    };
    let all = state::fighters(world);
    let mut eng = state::engine(world);
    for o in all
        .iter()
        .filter(|o| o.side == f.side && marks.fit(|m| o.profile.bears(m)))
    {
        eng.let_fly(o.id);
    }
    Some(lasts(e, value))
}

/// SOLO-C1: worth it when a friend bearing the marks has yet to activate this round (or this
/// fighter's next action is a move).
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let Effect::FlyThisRound { marks } = e else {
        return None;
    };
    let ready = (w.all.iter()).any(|o| {
        o.side == w.f.side
            && o.id != w.f.id
            && o.can_activate()
            && marks.fit(|m| o.profile.bears(m))
    });
    (ready || w.next.moves).then_some(Useful::Because(
        "a friend it lets fly has yet to move this round",
        None,
    ))
}

// The card's wording (`card`: the language's shared pieces).

/// "Until the end of the battle round, friendly fighters with the R runemark can fly when
/// making move actions".
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    let marks = s
        .strip_prefix("until the end of the battle round, friendly fighters with the ")?
        .strip_suffix(" can fly when making move actions")?;
    let named = marks.ends_with(" runemark") || marks.ends_with(" runemarks");
    let marks = super::card::marks_of(marks).filter(|_| named)?;
    Some(vec![Effect::FlyThisRound { marks }])
}
