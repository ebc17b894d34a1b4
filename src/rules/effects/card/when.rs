//! What an ability does only when something holds as it is used (ABL-5): "if C, X", "X if
//! C", and "if C, X instead" after what it does otherwise. The condition is about this
//! fighter or the value; what it depends on is read with the sentences before it when it
//! says "that attack action".

use crate::model::effects::{Condition, Effect};

use super::{Reader, fill, marks_of};

/// A conditional sentence read: its condition, what it does, and whether it does that in
/// place of what the sentences before it say ("instead").
pub(super) struct Conditional {
    pub when: Condition,
    pub then: Vec<Effect>,
    pub instead: bool,
}

/// `s` as a conditional sentence, after the sentences `before` (the last ones read), which
/// gave the effects `done`.
pub(super) fn read(
    s: &str,
    before: &[String],
    done: &[Effect],
    one: Reader,
) -> Option<Conditional> {
    let (when, x, instead) = split(s)?;
    // "... a bonus move action of 3\" after they are set up": after the set-up before it.
    let x = x.strip_suffix(" after they are set up").unwrap_or(&x);
    let x = super::plain::plain(x);
    let alone = || {
        let (used, e) = one(std::slice::from_ref(&x))?;
        (used == 1).then_some(e)
    };
    // "... of that attack action": the attack the sentences before it name.
    let after = || {
        let mut all = before.to_vec();
        all.push(x.clone());
        let (used, e) = one(&all)?;
        let more = used == all.len() && !before.is_empty() && e.starts_with(done);
        more.then(|| e[done.len()..].to_vec())
    };
    // "... instead" of what the roll before dealt the enemy picked: the same pick, its roll
    // read again with the sentence ("allocate K ... for each 2+" as "for each 2+, allocate K").
    let on_target = matches!(
        when,
        Condition::TargetWithin(_) | Condition::TargetWoundsAtLeast(_)
    );
    let rerolled = || {
        let x = match x.split_once(" for each ") {
            Some((k, band)) if k.starts_with("allocate ") => format!("for each {band}, {k}"),
            _ => x.clone(),
        };
        let all = [before.first()?.clone(), x];
        let (used, e) = one(&all)?;
        let aims = |v: &[Effect]| v.iter().map(Effect::aim).collect::<Vec<_>>();
        (used == 2 && e.len() == done.len() && aims(&e) == aims(done)).then_some(e)
    };
    if on_target {
        let then = rerolled().filter(|_| instead)?;
        let e = Effect::When {
            when: when.clone(),
            then: then.clone(),
            otherwise: done.to_vec(),
        };
        return e.nested_ok().then_some(Conditional {
            when,
            then,
            instead,
        });
    }
    // "... of all attack actions made by those fighters": the fighters the sentence before
    // names, for as long.
    let those = || {
        let last = before.last()?;
        let (lead, _) = last.split_once("add ")?;
        let (_, who) = last.split_once(" made by ")?;
        let x = x
            .replace(" of all attack actions ", " of attack actions ")
            .strip_suffix(" made by those fighters")?
            .to_string();
        let (used, e) = one(&[format!("{lead}{x} made by {who}")])?;
        (used == 1).then_some(e)
    };
    let then = alone().or_else(after).or_else(those)?;
    // A fighter it picks is picked as the ability is used, whatever holds.
    let plain = !then.is_empty() && then.iter().all(|t| t.aim().is_none());
    let e = Effect::When {
        when: when.clone(),
        then: then.clone(),
        otherwise: Vec::new(),
    };
    (plain && e.nested_ok() && (!instead || !done.is_empty())).then_some(Conditional {
        when,
        then,
        instead,
    })
}

/// "(in addition,) if C, X", "X if C", each perhaps "... instead".
fn split(s: &str) -> Option<(Condition, String, bool)> {
    let s = (s.strip_prefix("in addition, "))
        .or_else(|| s.strip_prefix("additionally, "))
        .unwrap_or(s);
    let (s, instead) = match s.strip_suffix(" instead") {
        Some(r) => (r, true),
        None => (s, false),
    };
    if let Some(rest) = s.strip_prefix("if ") {
        // The condition ends at the first ", " it reads to.
        return rest.match_indices(", ").find_map(|(k, _)| {
            let when = condition(&rest[..k])?;
            Some((when, rest[k + 2..].to_string(), instead))
        });
    }
    let (x, c) = s.rsplit_once(" if ")?;
    Some((condition(c)?, x.to_string(), instead))
}

/// A condition about this fighter or the ability's value.
fn condition(c: &str) -> Option<Condition> {
    if let Some(v) = fill(c, "the value of this ability is {n}") {
        return (v[0] == 6).then_some(Condition::ValueAtLeast(6));
    }
    let at_least = [
        "the value of this ability is {n} or more",
        "the value of this ability is {n} or greater",
    ];
    if let Some(v) = at_least.iter().find_map(|f| fill(c, f)) {
        return Some(Condition::ValueAtLeast(u8::try_from(v[0]).ok()?));
    }
    // The enemy picked: "the enemy fighter is within 3\" of this fighter", "that fighter has
    // a wounds characteristic of 25 or more".
    if let Some(v) = fill(c, "the enemy fighter is within {n}\" of this fighter") {
        return Some(Condition::TargetWithin(v[0] as f32));
    }
    if let Some(v) = fill(c, "that fighter has a wounds characteristic of {n} or more") {
        return Some(Condition::TargetWoundsAtLeast(v[0]));
    }
    if let Some(v) = fill(
        c,
        "this fighter has {n} or more damage points allocated to them",
    ) {
        return Some(Condition::Damaged(v[0]));
    }
    if let Some(rest) = c.strip_prefix("any friendly fighters with ")
        && let Some((marks, near)) = rest.split_once(" are within ")
    {
        let range = fill(near, "{n}\" of any enemy fighters")?[0] as f32;
        let marks = marks_of(marks)?;
        return Some(Condition::FriendEngaged { marks, range });
    }
    // "this fighter has the Hero runemark and is within 6\" of another friendly fighter ...".
    if let Some((a, b)) = c.split_once(" runemark and is ")
        && a.starts_with("this fighter has the ")
    {
        let a = condition(&format!("{a} runemark"))?;
        let b = condition(&format!("this fighter is {b}"))?;
        return Some(Condition::Both(Box::new(a), Box::new(b)));
    }
    if let Some(m) = c.strip_prefix("this fighter has the ")
        && (m.ends_with(" runemark") || m.ends_with(" runemarks"))
    {
        return Some(Condition::Marked(marks_of(m)?));
    }
    if let Some(m) = c.strip_prefix("this fighter has a weapon with the ")
        && let Some(m) = m.strip_suffix(" on their fighter profile")
        && m.ends_with(" runemark")
    {
        return Some(Condition::ArmedWith(marks_of(m)?));
    }
    // "this fighter is carrying treasure or is within 3\" of an objective".
    if let Some((a, b)) = c.split_once(" or is ") {
        let a = condition(a)?;
        let b = condition(&format!("this fighter is {b}"))?;
        return Some(Condition::Either(Box::new(a), Box::new(b)));
    }
    if c == "this fighter is carrying treasure" {
        return Some(Condition::CarryingTreasure);
    }
    let near = c
        .strip_prefix("this fighter is also within ")
        .or_else(|| c.strip_prefix("this fighter is within "))?;
    let objective = [
        "{n}\" of any objective markers",
        "{n}\" of an objective",
        "{n}\" of any objectives",
    ];
    if let Some(v) = objective.iter().find_map(|f| fill(near, f)) {
        return Some(Condition::NearObjective(v[0] as f32));
    }
    super::super::condition_words::friend_within(&format!("they are within {near}"))
}
