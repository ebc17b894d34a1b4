//! Part of the boost family (ABL-5): a raise for the friends that begin their activation near
//! this fighter: "until the end of the battle round (until the start of this fighter's next
//! activation), add A to the Move characteristic of friendly fighters with the X runemark that
//! start their activation within N\" of this fighter".

use bevy::prelude::*;

use crate::model::effects::{Aura, Effect};
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView};

use super::card::{amount_prefix, fill};
use super::{Useful, Weighed, lasts};

/// In words: "until the end of the round, each friendly fighter with the Destroyer runemark
/// that begins its activation within 6\" of it: +1 Move for that activation".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    let Effect::StartRaise {
        aura,
        by,
        until_next,
    } = e
    else {
        return String::new();
    };
    format!(
        "until {}, each {} that begins its activation within {}\" of it: +{} Move for that \
         activation",
        match until_next {
            true => "its next activation begins",
            false => "the end of the round",
        },
        aura.who_words().replacen(
            "friendly fighters",
            if aura.visible {
                "visible friendly fighter"
            } else {
                "friendly fighter"
            },
            1
        ),
        aura.range,
        super::amount_text(by, value)
    )
}

/// ABL-5: the raise lasts as the card says, reaching those that begin an activation in it.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    let Effect::StartRaise {
        aura,
        by,
        until_next,
    } = e
    else {
        return None;
    };
    state::engine(world).raise_on_activation(f.id, *aura, by.of(value), *until_next);
    Some(lasts(e, value))
}

/// SOLO-C1: worth it when a friend it would reach has yet to activate this round.
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let Effect::StartRaise { aura, .. } = e else {
        return None;
    };
    let ready = (w.all.iter()).any(|o| {
        o.id != w.f.id
            && o.activation == crate::model::components::Activation::Ready
            && o.can_activate()
            && super::in_aura(w.world, w.all, w.f, o, aura)
    });
    ready.then_some(Useful::Because(
        "a friend near it has yet to activate",
        None,
    ))
}

/// ABL-5: `f` begins an activation: the raises of the friends' auras it begins in, each
/// logged (and those of its own that last until it activates again end).
pub fn as_activated(world: &mut World, f: &FighterView) {
    // Most battles have no such aura: nothing is gathered then.
    let auras = world.resource::<state::Engine>().raises_on_activation();
    if auras.is_empty() {
        return;
    }
    state::engine(world).end_raises_of(f.id);
    let all = state::fighters(world);
    for (source, aura, by) in auras {
        let Some(s) = all.iter().find(|o| o.id == source) else {
            continue;
        };
        if s.id == f.id || !super::in_aura(world, &all, s, f, &aura) {
            continue;
        }
        if let Some(a) = state::engine(world).activation.as_mut() {
            a.move_bonus = a.move_bonus.saturating_add(by);
        }
        let outcome = EffectOutcome::StartRaised { fighter: f.id, by };
        super::effect_logged(world, source, outcome);
    }
}

// The card's wording of it (`card`: the language's shared pieces).

/// "Until the end of the battle round (until the start of this fighter's next activation),
/// add A to the Move characteristic of (visible) friendly fighters with the X runemark (that
/// do not have the Y or Z runemarks and) that start their activation within N\" of this
/// fighter".
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    let (until_next, rest) = match s.strip_prefix("until the end of the battle round, ") {
        Some(r) => (false, r),
        None => (
            true,
            s.strip_prefix("until the start of this fighter's next activation, ")?,
        ),
    };
    let (by, rest) = amount_prefix(rest.strip_prefix("add ")?)?;
    let rest = rest.strip_prefix(" to the move characteristic of ")?;
    let (visible, rest) = match rest.strip_prefix("visible ") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let (who, near) = rest.split_once(" that start their activation within ")?;
    let range = fill(near, "{n}\" of this fighter")?[0] as f32;
    let who = who.strip_prefix("friendly fighters with the ")?;
    let (marks, not) = match who.split_once(" runemark that do not have the ") {
        Some((m, not)) => (m, Some(not.strip_suffix(" runemarks and")?)),
        None => (who.strip_suffix(" runemark")?, None),
    };
    let aura = Aura {
        range,
        visible,
        others: true,
        marks: super::card::marks_of(&format!("the {marks} runemark"))?,
        not: match not {
            // "that do not have the Mount or Fly runemarks": neither.
            Some(n) => super::card::marks_of(&format!("the {n} runemark"))?,
            None => crate::model::effects::Marks::default(),
        },
        ..Aura::default()
    };
    Some(vec![Effect::StartRaise {
        aura,
        by,
        until_next,
    }])
}
