//! The friendly fighters an aura reaches, as the cards name them (ABL-5): "(visible) (other)
//! friendly fighters (with the R runemark) while they are within N" of this fighter".

use crate::model::effects::{Aura, Effect, Marks};

use super::fill;

/// "(visible) (other) friendly fighters (with MARKS) while they are within N" of this
/// fighter".
pub(in crate::rules::effects) fn friends_within(who: &str) -> Option<Aura> {
    let (mut aura, rest) = friends(who)?;
    aura.range = fill(rest, "while they are within {n}\" of this fighter")?[0] as f32;
    Some(aura)
}

/// "(other) friendly fighters (with MARKS) while they make a move action that starts within
/// N" of this fighter" (never "visible": the engine raises a move by distance alone).
pub(in crate::rules::effects) fn friends_moving_from(who: &str) -> Option<Aura> {
    let (mut aura, rest) = friends(who)?;
    let v = fill(
        rest,
        "while they make a move action that starts within {n}\" of this fighter",
    )?;
    aura.range = v[0] as f32;
    (!aura.visible).then_some(aura)
}

/// "Friendly fighters with MARKS (and a Toughness characteristic of N or more)", with no
/// range: those fighters wherever they are.
pub(in crate::rules::effects) fn friends_anywhere(who: &str) -> Option<Aura> {
    let rest = who.strip_prefix("friendly fighters with ")?;
    let (marks, tough) = match rest.split_once(" and a toughness characteristic of ") {
        Some((m, t)) => (m, fill(t, "{n} or more")?[0]),
        None => (rest, 0),
    };
    // The runemarks and nothing after them ("... that start their activation within 6\""
    // is another reach).
    if !(marks.ends_with(" runemark") || marks.ends_with(" runemarks")) || marks.contains('"') {
        return None;
    }
    Some(Aura {
        range: crate::model::effects::ANYWHERE,
        marks: marks_of(marks)?,
        tough,
        ..Aura::default()
    })
}

/// "(visible) (other) friendly fighters (with MARKS) ": the aura (its range yet to read) and
/// the rest of `who`.
fn friends(who: &str) -> Option<(Aura, &str)> {
    let mut aura = Aura::default();
    let mut rest = who;
    if let Some(r) = rest.strip_prefix("visible ") {
        (aura.visible, rest) = (true, r);
    }
    if let Some(r) = rest.strip_prefix("other ") {
        (aura.others, rest) = (true, r);
    }
    rest = rest.strip_prefix("friendly fighters ")?;
    if let Some(r) = rest.strip_prefix("with ") {
        let at = r.find(" while ")?;
        aura.marks = marks_of(&r[..at])?;
        rest = &r[at + 1..];
    }
    Some((aura, rest))
}

/// The marks of "the R runemark", "both the R and the S runemarks", "the R faction runemark
/// and the S runemark", "the R or S runemarks", "the R faction runemark and either the S
/// runemark or the T runemark", "the R runemark and the S or T runemark".
pub(in crate::rules::effects) fn marks_of(words: &str) -> Option<Marks> {
    let words = words.strip_prefix("both ").unwrap_or(words);
    let either = (words.split_once(" and either ")).or_else(|| {
        words
            .split_once(" and the ")
            .filter(|(_, b)| b.contains(" or "))
    });
    let (all, any) = match either {
        Some((all, any)) => (names(all, " and ")?, names(any, " or ")?),
        None if words.contains(" or ") => (Vec::new(), names(words, " or ")?),
        None => (names(words, " and ")?, Vec::new()),
    };
    Marks::of(&all, &any)
}

/// The runemarks' names in `words`, cut at `joint`: "the" and "(faction) runemark(s)" left
/// out.
fn names<'a>(words: &'a str, joint: &str) -> Option<Vec<&'a str>> {
    words
        .split(joint)
        .map(|w| {
            let w = w.strip_prefix("the ").unwrap_or(w);
            let w = w
                .strip_suffix(" runemarks")
                .or_else(|| w.strip_suffix(" runemark"))
                .unwrap_or(w);
            let w = w.strip_suffix(" faction").unwrap_or(w);
            let w = w.strip_prefix("the ").unwrap_or(w).trim();
            // A name with "runemark" inside is words the reader did not understand.
            (!w.is_empty() && !w.contains("runemark")).then_some(w)
        })
        .collect()
}

/// "This cannot affect friendly fighters with the M runemark" after effects with an aura of
/// friends: those bearing M are left out of each. Read when there is such an aura.
pub(super) fn not_for(effects: &mut [Effect], s: &str) -> bool {
    let Some(m) = s
        .strip_prefix("this cannot affect friendly fighters with the ")
        .and_then(marks_of)
    else {
        return false;
    };
    let mut any = false;
    for e in effects.iter_mut() {
        if let Effect::RoundGuard { aura: Some(a), .. }
        | Effect::RoundBoost { aura: Some(a), .. }
        | Effect::EachFriendBonusMove { aura: a, .. } = e
        {
            a.not = m;
            any = true;
        }
        // A friend picked: not one bearing them.
        if let Effect::FriendBoost { pick, .. } = e {
            pick.not = m;
            any = true;
        }
    }
    any
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marks(all: &[&str], any: &[&str]) -> Marks {
        Marks::of(all, any).unwrap()
    }

    #[test]
    fn the_marks_a_card_names_in_each_of_its_wordings() {
        for (words, want) in [
            ("the hero runemark", marks(&["hero"], &[])),
            (
                "the cities of sigmar: castelite hosts faction runemark",
                marks(&["cities of sigmar: castelite hosts"], &[]),
            ),
            (
                "both the sons of velmorn runemark and the hero runemark",
                marks(&["sons of velmorn", "hero"], &[]),
            ),
            (
                "both the kruleboyz and the minion runemarks",
                marks(&["kruleboyz", "minion"], &[]),
            ),
            (
                "the helsmiths of hashut and warrior runemarks",
                marks(&["helsmiths of hashut", "warrior"], &[]),
            ),
            (
                "the elite or hero runemarks",
                marks(&[], &["elite", "hero"]),
            ),
            (
                "the gloomspite gitz faction runemark and either the fly runemark or the beast \
                 runemark",
                marks(&["gloomspite gitz"], &["fly", "beast"]),
            ),
            ("the the farstriders runemark", marks(&["farstriders"], &[])),
        ] {
            assert_eq!(marks_of(words), Some(want), "{words}");
        }
        assert_eq!(marks_of("the a, b and c runemarks").map(|_| ()), Some(()));
        assert_eq!(marks_of("the a and b and c runemarks"), None);
    }

    #[test]
    fn an_aura_of_other_friends_with_marks() {
        let a = friends_within(
            "other friendly fighters with the cities of sigmar: dispossessed faction runemark \
             while they are within 3\" of this fighter",
        )
        .unwrap();
        assert!(a.others && !a.visible);
        assert_eq!(a.range, 3.0);
        assert_eq!(a.marks, marks(&["cities of sigmar: dispossessed"], &[]));
        let plain =
            friends_within("visible friendly fighters while they are within 6\" of this fighter");
        assert_eq!(plain, Some(Aura::within(6.0, true)));
    }
}
