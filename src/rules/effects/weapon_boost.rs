//! Part of the boost family (ABL-5): raises of this fighter's attacks made with a weapon
//! bearing a runemark only ("attack actions made by this fighter that have the Axe
//! runemark"), and damage after its next attack with such a weapon.

use bevy::prelude::*;

use crate::model::effects::{Effect, Marks, weapon_fits};
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView};

use super::{Useful, Weighed};

/// In words: "for attacks with a weapon with the axe runemark: +2 Attacks ...".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    let Effect::WithWeapon { marks, then } = e else {
        return String::new();
    };
    format!(
        "for attacks with a weapon{}: {}",
        marks.with_words(),
        super::describe(then, value)
    )
}

/// ABL-5: the raises are made as they would be, then marked for such weapons only; what waits
/// for the next attack waits, whole, for one with such a weapon.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    let Effect::WithWeapon { marks, then } = e else {
        return None;
    };
    // "The next attack action that has the X runemark": whichever it is, a bonus one or not.
    if let [wait @ Effect::DamageAfterNextAttack { .. }] = &then[..] {
        let waiting = Effect::WithWeapon {
            marks: *marks,
            then: vec![super::next_attack::fixed_by(wait, value)?],
        };
        return super::kept(world, f, e, value, |a| a.lasting.push(waiting));
    }
    let lasting = world.resource::<state::Engine>().effects.len();
    let ran = super::boost::run_marked(world, f, (then, value), |b| b.weapon = *marks);
    // The round's raises (an aura's) for such weapons too.
    for l in state::engine(world).effects.iter_mut().skip(lasting) {
        if let crate::rules::state::Lasting::Raised { weapon, .. } = &mut l.what {
            *weapon = *marks;
        }
    }
    ran.map(|_| super::lasts(e, value))
}

/// Has `f` a weapon bearing `marks`?
pub(super) fn armed_with(f: &FighterView, marks: Marks) -> bool {
    (f.profile.weapons.iter()).any(|w| weapon_fits(marks, w.runemark.as_deref()))
}

/// SOLO-C1: worth it when its next action is an attack and it has such a weapon.
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let Effect::WithWeapon { marks, .. } = e else {
        return None;
    };
    (w.next.attack.is_some() && armed_with(w.f, *marks)).then_some(Useful::Because(
        "its next action is an attack and it has such a weapon",
        None,
    ))
}

// The card's wording (`card`: the language's shared pieces).

/// A raise of "attack actions made by this fighter that have the X runemark" (or "... that
/// have the X or Y runemark"), or of "attack actions that have the X runemark made by friendly
/// fighters ... while ...": the raise without it, for such weapons only.
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    let s = match s.split_once(" attack actions made by this fighter that have the ") {
        Some((h, m)) => format!("{h} attack actions that have the {m} made by this fighter"),
        None => s.to_string(),
    };
    let (head, rest) = s.split_once(" attack actions that have the ")?;
    let (marks, tail) = match rest.split_once(" runemark ") {
        Some((m, tail)) => (m, format!(" {tail}")),
        None => (rest.strip_suffix(" runemark")?, String::new()),
    };
    let marks = weapon_marks(&format!("{marks} runemark"))?;
    let plain = match tail.is_empty() {
        true => format!("{head} attack actions"),
        false => format!("{head} attack actions{tail}"),
    };
    let then = super::boost::sentence(&plain)?;
    let raise = |t: &Effect| match t {
        Effect::Boost { stat, .. } | Effect::RoundBoost { stat, .. } => stat.of_attacks(),
        _ => false,
    };
    then.iter()
        .all(raise)
        .then(|| vec![Effect::WithWeapon { marks, then }])
}

/// "This fighter makes a bonus attack action." + "In addition, if that bonus attack action has
/// the X runemark, add A to the S (and S) characteristics of that bonus attack action": the
/// bonus attack, and its raises for such a weapon only.
pub(super) fn bonus_attack_with(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let then = s.get(1)?;
    let then = then.strip_prefix("in addition, ").unwrap_or(then);
    let rest = then.strip_prefix("if that bonus attack action has the ")?;
    let (marks, raise) = rest.split_once(", ")?;
    let marks = weapon_marks(marks)?;
    let (used, mut effects) =
        super::boost_words::bonus_attack_raised(&[s[0].clone(), raise.into()])?;
    let raises = effects.split_off(1);
    (used == 2 && effects == [Effect::BonusAttack]).then_some(())?;
    effects.push(Effect::WithWeapon {
        marks,
        then: raises,
    });
    Some((2, effects))
}

/// "After the next attack action that has the X (or Y) runemark made by this fighter in this
/// activation, if it scored 1 or more hits, allocate a number of damage points to the target
/// of that attack action equal to A".
pub(super) fn damage_after(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("after the next attack action that has the ")?;
    let (marks, rest) = rest.split_once(" made by this fighter in this activation, ")?;
    let marks = weapon_marks(marks)?;
    let rest = rest.strip_prefix(
        "if it scored 1 or more hits, allocate a number of damage points to the target of that \
         attack action equal to ",
    )?;
    let (amount, tail) = super::card::amount_prefix(rest)?;
    tail.is_empty().then_some(())?;
    let damage = Effect::DamageAfterNextAttack {
        amount,
        only: None,
        around: None,
    };
    Some(vec![Effect::WithWeapon {
        marks,
        then: vec![damage],
    }])
}

/// "X runemark", "X or Y runemark": any of them, as the files name weapons' runemarks.
fn weapon_marks(s: &str) -> Option<Marks> {
    let names = s.strip_suffix(" runemark")?;
    let names: Vec<&str> = names.split(" or ").collect();
    let marks = match names[..] {
        [one] => Marks::of(&[one], &[])?,
        _ => Marks::of(&[], &names)?,
    };
    Some(marks)
}
