//! Part of the boost family (ABL-5): raises made once for each fighter the ability counts
//! when it is used ("for each other friendly fighter within 3\" of this fighter ..., add 1 to
//! ...", "count the number of fighters that have been taken down during this battle round and
//! add the total to ...").

use bevy::prelude::*;

use crate::model::components::Presence;
use crate::model::effects::Count::WhileNear;
use crate::model::effects::{Amount, Count, Effect};
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView};

use super::card::{marks_of, number_prefix};
use super::{Useful, Weighed, effect_logged};

/// In words: "for each other friendly fighter within 3\": +1 Attacks until the end of the
/// activation".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    let Effect::PerCount { count, then } = e else {
        return String::new();
    };
    let raises: Vec<String> = (then.iter())
        .map(|t| super::boost::describe(t, value))
        .collect();
    let each = if let Count::WhileNear { .. } = count {
        "while"
    } else {
        "for each"
    };
    format!("{each} {}: {}", count.words(false), raises.join("; "))
}

/// How many fighters `count` counts for `f` now.
pub(super) fn counted(world: &World, all: &[FighterView], f: &FighterView, count: &Count) -> u32 {
    let n = match count {
        Count::Friends {
            range,
            visible,
            marks,
            same,
        } => {
            let near = super::marked_in_reach(world, all, f, (*range, *visible), *marks, true);
            let alike = |id: &crate::model::ids::FighterId| {
                all.iter()
                    .find(|o| o.id == *id)
                    .is_some_and(|o| same_runemarks(f, o))
            };
            near.iter().filter(|id| !*same || alike(id)).count()
        }
        Count::DownThisRound => {
            let round = world.resource::<crate::rules::state::Engine>().round;
            let log = world.resource::<crate::rules::log::BattleLog>();
            let mut down: Vec<_> = (log.entries.iter().rev())
                .take_while(|l| l.round == round)
                .filter_map(|l| match l.event {
                    crate::rules::log::Event::TakenDown { fighter } => Some(fighter),
                    _ => None,
                })
                .collect();
            down.sort();
            down.dedup();
            down.len()
        }
        // Counted as each attack is made (`Boost::by_on`), not as it is used.
        Count::NearTarget { .. } | Count::WhileNear { .. } => 0,
        Count::FriendsDown { marks, not } => all
            .iter()
            .filter(|o| o.side == f.side && o.presence == Presence::TakenDown)
            .filter(|o| marks.fit(|m| o.profile.bears(m)))
            .filter(|o| not.is_none() || !not.fit(|m| o.profile.bears(m)))
            .count(),
    };
    n as u32
}

/// Do `f` and `o` bear the same runemarks (their order aside)?
fn same_runemarks(f: &FighterView, o: &FighterView) -> bool {
    let sorted = |v: &FighterView| {
        let mut m: Vec<String> = (v.profile.runemarks.iter())
            .map(|r| r.to_lowercase())
            .collect();
        m.sort();
        m
    };
    sorted(f) == sorted(o)
}

/// ABL-5: the fighters are counted as the ability is used, and each raise is made that many
/// times over (none, when none are counted); what was counted is said first.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    let Effect::PerCount { count, then } = e else {
        return None;
    };
    if count.at_attack() {
        super::boost::run_marked(world, f, (then, value), |b| b.per_near = Some(*count))?;
        return Some(super::lasts(e, value));
    }
    let all = state::fighters(world);
    let n = counted(world, &all, f, count);
    effect_logged(world, f.id, EffectOutcome::Counted { n, count: *count });
    for t in then.iter().filter(|_| n > 0) {
        if let Some(o) = super::boost::run(world, f, &times(t, n), value) {
            effect_logged(world, f.id, o);
        }
    }
    None
}

/// The raise `t` made `n` times over.
fn times(t: &Effect, n: u32) -> Effect {
    let mut t = t.clone();
    if let Effect::Boost { by, .. } | Effect::NextBoost { by, .. } | Effect::RoundBoost { by, .. } =
        &mut t
        && let Amount::Fixed(k) = by
    {
        *by = Amount::Fixed(*k * n);
    }
    t
}

/// SOLO-C1: worth it when something is counted and one of its raises would be.
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let Effect::PerCount { count, then } = e else {
        return None;
    };
    let later = count.at_attack();
    if !later && counted(w.world, w.all, w.f, count) == 0 {
        return None;
    }
    then.iter().find_map(|t| super::boost::useful(w, t))
}

// The card's wording of it.

type Reader = fn(&[String]) -> Option<(usize, Vec<Effect>)>;

/// A sentence (of the first three) that counts, read as the raise of 1 it makes for each one
/// counted: the raises it makes (with what else the sentences read says) wrapped in the count.
pub(super) fn read(s: &[String], one: Reader) -> Option<(usize, Vec<Effect>)> {
    if let Some(read) = while_near_too(s).or_else(|| endangered_near(s)) {
        return Some(read);
    }
    let (k, count, plain) = (0..s.len().min(3))
        .find_map(|k| count_phrase(&s[k]).map(|(count, plain)| (k, count, plain)))?;
    let mut without = s.to_vec();
    without[k] = plain;
    let (used, effects) = one(&without)?;
    if used <= k {
        return None;
    }
    let raise = |e: &Effect| {
        matches!(
            e,
            Effect::Boost { .. } | Effect::NextBoost { .. } | Effect::RoundBoost { .. }
        )
    };
    let (then, mut out): (Vec<Effect>, Vec<Effect>) = effects.into_iter().partition(raise);
    if then.is_empty() {
        return None;
    }
    out.push(Effect::PerCount { count, then });
    Some((used, out))
}

/// "Add A to the S characteristic of the next (missile) attack action made by this fighter
/// ..." + "In addition, add B to the T characteristic of that action while this fighter is
/// within N\" of a friendly fighter with M": the first raise, and the second while another
/// friend bearing M is near it as that attack is made.
fn while_near_too(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let first = super::boost::sentence(&s[0])?;
    let [Effect::NextBoost { only, .. }] = first[..] else {
        return None;
    };
    let rest = s.get(1)?.strip_prefix("in addition, ")?;
    let (raise, near) = rest.split_once(" of that action while this fighter is within ")?;
    let (range, m) = near.split_once("\" of a friendly fighter with ")?;
    let (by, stat, tail) = super::card::add_to_one(raise)?;
    (tail.is_empty() && stat.of_attacks()).then_some(())?;
    let count = WhileNear {
        range: range.parse().ok()?,
        marks: marks_of(m)?,
        target: false,
        endangered: false,
    };
    let then = vec![Effect::NextBoost { stat, by, only }];
    let e = Effect::PerCount { count, then };
    e.nested_ok()
        .then(|| (2, first.into_iter().chain([e]).collect()))
}

/// "Add A to the S characteristic of melee attack actions made by this fighter this activation
/// while 1 or more endangered friendly fighters are within N\" of them" + "A friendly fighter
/// is endangered if it has the M runemark and is: within 1\" of 1 or more enemy fighters
/// and/or has 1 or more damage points allocated to them": the raise while one such is near
/// as each attack is made.
fn endangered_near(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (raise, near) =
        s[0].split_once(" while 1 or more endangered friendly fighters are within ")?;
    let range = super::card::fill(near, "{n}\" of them")?[0] as f32;
    let mark = (s
        .get(1)?
        .strip_prefix("a friendly fighter is endangered if it has the "))?
    .strip_suffix(
        " runemark and is: within 1\" of 1 or more enemy fighters and/or has 1 or more \
             damage points allocated to them",
    )?;
    let raise = super::card::plain_words(&format!(
        "until the end of this fighter's activation, {}",
        raise.strip_suffix(" this activation")?
    ));
    let then = super::boost::sentence(&raise)?;
    let count = WhileNear {
        range,
        marks: crate::model::effects::Marks::of(&[mark], &[])?,
        target: false,
        endangered: true,
    };
    let e = Effect::PerCount { count, then };
    e.nested_ok().then(|| (2, vec![e]))
}

/// What a sentence counts, and the sentence as a raise of 1: "..., for each other friendly
/// fighter within N\" of this fighter (that has the same runemarks as this fighter), add 1 to
/// ..."; "count the number of fighters that have been taken down during this battle round and
/// add the total to ..."; "add the number of friendly fighters with MARKS that are taken down
/// (and do not have the MARK runemark) to ...".
fn count_phrase(s: &str) -> Option<(Count, String)> {
    // "(Until the end of this fighter's activation,) add 1 to the S characteristics of this
    // fighter's melee weapons for each WHO": the raise of its melee attacks.
    if let Some((head, who)) = s.split_once(" of this fighter's melee weapons for each ") {
        let plain = format!("{head} of melee attack actions made by this fighter");
        return Some((friends_counted(who)?, plain));
    }
    let down = "count the number of fighters that have been taken down during this battle round \
                and add the total to ";
    if let Some((head, tail)) = s.split_once(down) {
        return Some((Count::DownThisRound, format!("{head}add 1 to {tail}")));
    }
    if let Some((head, tail)) = s.split_once("add the number of friendly fighters with ") {
        let (who, to) = tail.split_once(" that are taken down")?;
        let (not, to) = match to.strip_prefix(" and do not have the ") {
            Some(r) => {
                let (m, r) = r.split_once(" runemark to ")?;
                (marks_of(m)?, r)
            }
            None => (Default::default(), to.strip_prefix(" to ")?),
        };
        let marks = marks_of(who)?;
        return Some((
            Count::FriendsDown { marks, not },
            format!("{head}add 1 to {to}"),
        ));
    }
    // "..., where X is the number of friendly fighters with the R runemark within N\" of the
    // target": each "X" is 1, for each such fighter as the attack is made.
    // "... while that attack action targets an enemy fighter within N\" of a friendly fighter
    // with M": once, while one is near the target.
    if let Some((head, tail)) =
        s.split_once(" while that attack action targets an enemy fighter within ")
    {
        let (range, m) = tail.split_once("\" of a friendly fighter with ")?;
        let range: f32 = range.parse().ok()?;
        let marks = marks_of(m)?;
        let head =
            super::card::plain_words(&head.replace(" in this activation", " this activation"));
        return Some((
            WhileNear {
                range,
                marks,
                target: true,
                endangered: false,
            },
            head,
        ));
    }
    if let Some((head, tail)) = s.split_once(", where x is the number of friendly fighters with ") {
        let (m, near) = tail.split_once(" within ")?;
        let range = super::card::fill(near, "{n}\" of the target")?[0] as f32;
        let marks = marks_of(&format!("the {m}"))?;
        let plain = head.replace("add x to ", "add 1 to ");
        return Some((Count::NearTarget { range, marks }, plain));
    }
    let (head, tail) = s.split_once("for each ")?;
    let (who, rest) = tail.split_once(", ")?;
    Some((friends_counted(who)?, format!("{head}{rest}")))
}

/// "other (visible) friendly fighter (with MARKS) within N\" of this fighter (of them) (that
/// has the same runemarks as this fighter)".
fn friends_counted(who: &str) -> Option<Count> {
    let who = who.strip_prefix("other ").unwrap_or(who);
    let (visible, who) = match who.strip_prefix("visible ") {
        Some(r) => (true, r),
        None => (false, who),
    };
    let who = who.strip_prefix("friendly fighter")?;
    let (marks, who) = match who.strip_prefix(" with ") {
        Some(r) => {
            let (m, r) = r.split_once(" within ")?;
            (marks_of(m)?, r)
        }
        None => (Default::default(), who.strip_prefix(" within ")?),
    };
    let (range, rest) = number_prefix(who)?;
    let rest =
        (rest.strip_prefix("\" of this fighter")).or_else(|| rest.strip_prefix("\" of them"))?;
    let same = match rest {
        "" => false,
        " that has the same runemarks as this fighter" => true,
        _ => return None,
    };
    Some(Count::Friends {
        range: range as f32,
        visible,
        marks,
        same,
    })
}
