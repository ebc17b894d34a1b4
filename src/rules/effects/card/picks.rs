//! The card language's picks (ABL-5): "pick a visible enemy fighter within N\" of this
//! fighter", "pick a friendly fighter with MARKS within N\"", and the dice rolled with one.

use crate::model::effects::{Amount, Marks};

use super::{amount_prefix, fill, marks_of, number_prefix};

/// "Pick a visible enemy fighter within N" of this fighter" (or "an enemy fighter"): the range
/// and whether it must be seen.
pub(in crate::rules::effects) fn picked_enemy(s: &str) -> Option<(f32, bool)> {
    let value = "within a number of inches of this fighter equal to the value of this ability";
    for (visible, who) in [
        (true, "pick a visible enemy fighter "),
        (false, "pick an enemy fighter "),
    ] {
        if s.strip_prefix(who) == Some(value) {
            return Some((crate::model::effects::VALUE_RANGE, visible));
        }
    }
    for (template, visible) in [
        (
            "pick a visible enemy fighter within {n}\" of this fighter",
            true,
        ),
        ("pick an enemy fighter within {n}\" of this fighter", false),
    ] {
        if let Some(v) = fill(s, template) {
            return Some((v[0] as f32, visible));
        }
    }
    None
}

/// "Pick a (visible) friendly fighter (with MARKS) within N" of this fighter (that has
/// MARKS)" ("pick another ...", as some cards write it: a pick is of another fighter always):
/// the range, whether it must be seen, and the marks it must bear.
pub(in crate::rules::effects) fn picked_friend(s: &str) -> Option<(f32, bool, Marks)> {
    let (visible, rest) = friend_pick_head(s)?;
    // With no range, the pick is anywhere on the battlefield.
    if rest.is_empty() {
        return Some((crate::model::effects::ANYWHERE, visible, Marks::default()));
    }
    // Marks are runemarks' names only: "... runemark(s)".
    let named = |m: &str| m.ends_with(" runemark") || m.ends_with(" runemarks");
    let (marks, rest) = match rest.strip_prefix(" with ") {
        Some(r) => {
            let (m, r) = r.split_once(" within ")?;
            // "... with the M runemark that is within N\"".
            let m = m.strip_suffix(" that is").unwrap_or(m);
            (marks_of(m).filter(|_| named(m))?, r)
        }
        None => (Marks::default(), rest.strip_prefix(" within ")?),
    };
    let value = "a number of inches of this fighter equal to the value of this ability";
    let (range, tail) = match rest.strip_prefix(value) {
        Some(t) => (crate::model::effects::VALUE_RANGE, t),
        None => {
            let (n, r) = number_prefix(rest)?;
            (n as f32, r.strip_prefix("\" of this fighter")?)
        }
    };
    let marks = match tail.strip_prefix(" that has ") {
        None if tail.is_empty() => marks,
        Some(m) if marks.is_none() && named(m) => marks_of(m)?,
        _ => return None,
    };
    Some((range, visible, marks))
}

/// "Pick a (visible) friendly fighter with MARKS" (or "pick another ..."; no range: anywhere
/// on the battlefield).
pub(in crate::rules::effects) fn picked_friend_anywhere(s: &str) -> Option<(f32, bool, Marks)> {
    let (visible, rest) = friend_pick_head(s)?;
    let marks = rest.strip_prefix(" with ")?;
    if marks.contains(" within ") || !marks.ends_with(" runemarks") && !marks.ends_with(" runemark")
    {
        return None;
    }
    Some((crate::model::effects::ANYWHERE, visible, marks_of(marks)?))
}

/// "Pick a (visible) friendly fighter" (or "pick another ..."): whether it must be seen, and
/// what follows.
fn friend_pick_head(s: &str) -> Option<(bool, &str)> {
    let rest = s
        .strip_prefix("pick a ")
        .or_else(|| s.strip_prefix("pick another "))?;
    let (visible, rest) = match rest.strip_prefix("visible ") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    Some((visible, rest.strip_prefix("friendly fighter")?))
}

/// "Pick a visible enemy fighter within N" of this fighter and roll a dice" (or "N dice", or
/// "a number of dice equal to the value of this ability"): the range and the dice.
pub(in crate::rules::effects) fn pick_and_roll(s: &str) -> Option<(f32, Amount)> {
    match pick_and_roll_any(s)? {
        (range, true, None, dice) => Some((range, dice)),
        _ => None,
    }
}

/// "Pick a (visible) enemy fighter|monster within N" of this fighter and roll D dice": the
/// range, whether it must be seen, the runemark (`monster`) and the dice.
pub(in crate::rules::effects) fn pick_and_roll_any(
    s: &str,
) -> Option<(f32, bool, Option<String>, Amount)> {
    let (visible, rest) = match s.strip_prefix("pick a visible enemy ") {
        Some(r) => (true, r),
        None => (false, s.strip_prefix("pick an enemy ")?),
    };
    // With no range, the pick is anywhere on the battlefield.
    if let Some(dice) = rest.strip_prefix("fighter and roll ") {
        let anywhere = crate::model::effects::ANYWHERE;
        return Some((anywhere, visible, None, dice_count(dice)?));
    }
    // "... within a number of inches of this fighter equal to the value of this ability and
    // roll D": the range is the value.
    if let Some(dice) = rest.strip_prefix(
        "fighter within a number of inches of this fighter equal to the value of this ability \
         and roll ",
    ) {
        let range = crate::model::effects::VALUE_RANGE;
        return Some((range, visible, None, dice_count(dice)?));
    }
    let (who, rest) = rest.split_once(" within ")?;
    let runemark = match who {
        "fighter" => None,
        "monster" => Some("monster".to_string()),
        _ => return None,
    };
    let (n, rest) = number_prefix(rest)?;
    // "within N"" alone means within N" of this fighter.
    let rest = rest
        .strip_prefix("\" of this fighter and roll ")
        .or_else(|| rest.strip_prefix("\" and roll "))?;
    Some((n as f32, visible, runemark, dice_count(rest)?))
}

/// How many dice: "a dice", "N dice", "a number of dice equal to the value of this ability"
/// or "... to half the value of this ability (rounding up)".
pub(in crate::rules::effects) fn dice_count(s: &str) -> Option<Amount> {
    if s == "a dice" {
        return Some(Amount::Fixed(1));
    }
    if let Some(rest) = s.strip_prefix("a number of dice equal to ") {
        return amount_prefix(rest)
            .filter(|(a, r)| r.is_empty() && !matches!(a, Amount::Fixed(_)))
            .map(|(a, _)| a);
    }
    Some(Amount::Fixed(
        number_prefix(s).filter(|(_, r)| *r == " dice")?.0,
    ))
}

/// "Then, roll a dice" (or "N dice", or "a number of dice equal to the value of this
/// ability"): the dice.
pub(in crate::rules::effects) fn then_roll(s: &str) -> Option<Amount> {
    dice_count(s.strip_prefix("then, roll ")?)
}
