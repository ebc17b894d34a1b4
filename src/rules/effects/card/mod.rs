//! The card language (ABL-5): an ability's wording read into its effects. The text is cut
//! into sentences; each family of effects (`rules::effects`) reads the sentences of its own
//! effects, from the pieces of the language kept here (amounts, picks of a fighter, rolls and
//! their bands, characteristics). An ability is automated only when every sentence is read;
//! the others stay playable by hand, and the first sentence nothing read is reported by its
//! shape (numbers as `N`), so the most common ones can be learnt next. No wording is stored:
//! only the effects.

use crate::model::effects::{Amount, Effect, Roll, Stat};

use super::{
    bar, bonus_words as bonus, boost, boost_words, damage, dice, friend, heal, place, reaction,
};

/// The effects of an ability's wording, or the first sentence nothing reads (as a shape).
pub fn effects_of(text: &str) -> Result<Vec<Effect>, String> {
    let sentences = sentences(text);
    // "Either ..., or ...", "... you can discard two of your saved wild dice. If you do so,
    // ...": each way read whole.
    if let Some((discard, first, second)) = choice::ways(&sentences) {
        let ways = crate::model::effects::Ways {
            discard,
            first: effects_in(first)?,
            second: effects_in(second)?,
        };
        return Ok(vec![Effect::Either(ways)]);
    }
    // "... within 6\" of this fighter or within 9\" of this fighter if the value of this
    // ability is 4 or greater": each reach read whole, the value deciding which.
    if let Some((least, far, near)) = choice::reach_by_value(&sentences) {
        return Ok(vec![Effect::When {
            when: crate::model::effects::Condition::ValueAtLeast(least),
            then: effects_in(far)?,
            otherwise: effects_in(near)?,
        }]);
    }
    effects_in(sentences)
}

/// The effects of an ability's sentences, or the first one nothing reads (as a shape).
fn effects_in(sentences: Vec<String>) -> Result<Vec<Effect>, String> {
    let mut effects = Vec::new();
    // The sentences read last, from `last.0`, and where their effects begin.
    let mut last = (0, 0);
    let mut i = 0;
    while i < sentences.len() {
        let (before, done) = (&sentences[last.0..i], &effects[last.1..]);
        if let Some((used, mut e)) = one(&sentences[i..]) {
            last = (i, effects.len());
            // "If this fighter is favoured, ... instead" after what it does otherwise.
            let read = &sentences[i..i + used];
            let favoured =
                (sentences.get(i + used)).and_then(|next| favour::favoured(read, &e, next, one));
            if let Some(favoured) = favoured {
                let plain = std::mem::take(&mut e);
                effects.push(Effect::Favoured { plain, favoured });
                i += 1;
            }
            effects.append(&mut e);
            i += used;
        } else if let Some(c) = when::read(&sentences[i], before, done, one) {
            let otherwise = match c.instead {
                true => effects.split_off(last.1),
                false => Vec::new(),
            };
            (last.0, last.1) = (if c.instead { last.0 } else { i }, effects.len());
            let (when, then) = (c.when, c.then);
            effects.push(Effect::When {
                when,
                then,
                otherwise,
            });
            i += 1;
        } else if otherwise(&mut effects, &sentences[i]) {
            i += 1;
        } else if aura::not_for(&mut effects[last.1..], &sentences[i]) {
            // "This cannot affect friendly fighters with the Beast runemark": the aura before.
            i += 1;
        } else if let Some(mut e) = that_fighter(&effects, &sentences[i]) {
            // "(In addition,) ... that fighter ..." after a pick: the same enemy.
            last = (i, effects.len());
            effects.append(&mut e);
            i += 1;
        } else {
            return Err(plain::shape(&sentences[i]));
        }
    }
    if effects.is_empty() {
        return Err("(no text)".into());
    }
    settle(&mut effects, &sentences)?;
    // The engine gives every aimed effect of an ability the same pick (ABL-5): a card that
    // picks a friend and an enemy, or two different fighters, is not one it can run (a pick
    // of one yet to activate is the same pick, each effect asking what it needs).
    let plain = |a: crate::model::effects::Aim| crate::model::effects::Aim { ready: false, ..a };
    let mut aims = effects.iter().filter_map(Effect::aim).map(plain);
    if let Some(first) = aims.next()
        && aims.any(|a| a != first)
    {
        return Err("(two different fighters picked)".into());
    }
    let mut v = crate::model::validate::Validator::default();
    for e in &effects {
        e.validate("", &mut v);
    }
    if !v.is_empty() {
        return Err("(numbers no card prints)".into());
    }
    Ok(effects)
}

/// The effects read put in the engine's order: a reaction's trigger first, a disengage after a
/// melee attack's damage as the reaction's bonus; refused when a lowering for each roll
/// follows no roll (the last sentence's shape).
fn settle(effects: &mut [Effect], sentences: &[String]) -> Result<(), String> {
    // A reaction's trigger comes first, even after "fighters with ... cannot make this reaction".
    if let Some(k) = effects
        .iter()
        .position(|e| matches!(e, Effect::Reaction(_)))
    {
        effects[..=k].rotate_right(1);
    }
    // After a melee attack's damage, "this fighter makes a bonus disengage action" answers it.
    if effects[0] == Effect::Reaction(crate::model::effects::Trigger::AfterMeleeDamage) {
        for e in effects.iter_mut().filter(|e| **e == Effect::BonusDisengage) {
            let act = crate::model::effects::ReactAct::Disengage;
            *e = Effect::ReactBonus { friend: None, act };
        }
    }
    // A lowering for each roll follows a roll of damage against one picked enemy (damage to
    // itself, any roll).
    let rolled = |e: &Effect| matches!(e, Effect::DamageOne { roll: Some(_), .. });
    let any_roll = |e: &Effect| rolled(e) || matches!(e, Effect::RollDice(_));
    let per_roll = |e: &Effect| {
        matches!(
            e,
            Effect::LowerPerRoll { .. }
                | Effect::SelfDamagePerRoll { .. }
                | Effect::RollAgainOn { .. }
        )
    };
    for (k, e) in effects.iter().enumerate() {
        let after = |seen: &dyn Fn(&Effect) -> bool| effects[..k].iter().any(seen);
        let self_damage = matches!(e, Effect::SelfDamagePerRoll { .. });
        if per_roll(e) && !(after(&rolled) || self_damage && after(&any_roll)) {
            return Err(plain::shape(&sentences[sentences.len() - 1]));
        }
    }
    Ok(())
}

/// "Otherwise, Y" right after "if C, X": what the ability does when C does not hold, put in
/// that `When`; false when it is not such a sentence.
fn otherwise(effects: &mut [Effect], s: &str) -> bool {
    let Some(rest) = s.strip_prefix("otherwise, ") else {
        return false;
    };
    let Some(Effect::When { otherwise, .. }) = effects.last_mut() else {
        return false;
    };
    match one(&[plain::plain(rest)]) {
        Some((1, e)) if otherwise.is_empty() && e.iter().all(|t| t.aim().is_none()) => {
            *otherwise = e;
            true
        }
        _ => false,
    }
}

/// A sentence about "that fighter" after an effect aimed at a picked enemy (or friend), read
/// as if the pick came just before it: its effects aim at the same fighter (the engine gives
/// every aimed effect of an ability the first one's pick).
fn that_fighter(before: &[Effect], s: &str) -> Option<Vec<Effect>> {
    let aim = before.iter().rev().find_map(Effect::aim)?;
    if !aim.marks.is_none() || aim.ready || aim.range == crate::model::effects::ANYWHERE {
        return None;
    }
    let within = if aim.range == crate::model::effects::VALUE_RANGE {
        "within a number of inches of this fighter equal to the value of this ability".to_string()
    } else {
        format!("within {}\" of this fighter", aim.range)
    };
    let who = match (aim.visible, aim.friends) {
        (true, false) => "a visible enemy",
        (false, false) => "an enemy",
        (true, true) => "a visible friendly",
        (false, true) => "a friendly",
    };
    let pick = format!("pick {who} fighter {within}");
    let rest = (s.strip_prefix("in addition, "))
        .or_else(|| s.strip_prefix("then, "))
        .unwrap_or(s);
    // "If either dice rolls a 6, ...": once if any of the dice just rolled against it did.
    let (least, rest) = match either_dice(before, rest) {
        Some((least, rest)) => (Some(least), rest),
        None => (None, rest),
    };
    let (used, effects) = one(&[pick, rest.to_string()])?;
    let same = |e: &Effect| e.aim() == Some(aim);
    (used == 2 && effects.iter().all(same)).then_some(())?;
    Some(match least {
        Some(least) => vec![Effect::OnRolled {
            least,
            per_roll: false,
            then: effects,
        }],
        None => effects,
    })
}

/// "If either dice rolls a N, ..." right after dice rolled against the picked enemy: N and
/// what it does.
fn either_dice<'a>(before: &[Effect], s: &'a str) -> Option<(u8, &'a str)> {
    let rest = s.strip_prefix("if either dice rolls a ")?;
    let (n, rest) = number_prefix(rest)?;
    let rest = rest.strip_prefix(", ")?;
    let rolled = matches!(before.last(), Some(Effect::DamageOne { roll: Some(_), .. }));
    let least = u8::try_from(n).ok().filter(|n| (2..=6).contains(n))?;
    rolled.then_some((least, rest))
}

/// A reader of the first sentences of an ability: its effects and how many sentences it took.
pub(super) type Reader = fn(&[String]) -> Option<(usize, Vec<Effect>)>;

/// A reader of one sentence that is one effect (or two) on its own.
type SentenceReader = fn(&str) -> Option<Vec<Effect>>;

/// The readers of one sentence, each family's, tried in this order.
const SENTENCE: [SentenceReader; 34] = [
    super::runemark_round::sentence,
    bar::sentence,
    super::guard_words::sentence,
    super::condition_words::sentence,
    bonus::sentence,
    boost::sentence,
    damage::sentence,
    heal::sentence,
    super::against_words::sentence,
    reaction::sentence,
    dice::sentence,
    place::sentence,
    super::friend_move::each_friend,
    super::value::sentence,
    boost_words::against_some,
    super::next_attack::lowered_after,
    super::next_attack::damage_after_sentence,
    super::lower_words::per_roll_sentence,
    super::self_damage::self_per_roll,
    super::self_damage::to_self_sentence,
    super::control::sentence,
    super::toll::sentence,
    super::around::all_sentence,
    super::marked::sentence,
    super::activation_end::sentence,
    super::target_boost::if_next_targets,
    super::expose_around::sentence,
    super::damage_words::same_round_it,
    super::weapon_boost::sentence,
    super::weapon_boost::damage_after,
    super::tokens::sentence,
    super::fly_round::sentence,
    super::group::sentence,
    super::start_aura::sentence,
];
/// The readers of several sentences, tried in this order after those of one.
const READERS: [Reader; 42] = [
    super::rolled::up_to_the_round,
    super::rolled::each_then_healed,
    super::target_boost::picked_then_raised,
    super::rolled::against_then_besides,
    super::rolled::damage_as_rolled,
    super::slay::picked_then_slain,
    super::lower_words::disengaged_then_exposed,
    super::guard_words::retaliation,
    super::lower_words::picked_then_lowered,
    favour::oath_or_bar,
    heal::rolled,
    dice::rolled,
    dice::on_roll_bonus,
    friend::picked_then,
    friend::picked_roll_heal,
    friend::activate_next,
    reaction::damage_per_hit,
    reaction::roll_against_attacker,
    super::against_words::pick_roll_each_success,
    super::damage_words::roll_for_each,
    super::around::picked_and_around,
    super::around::rolled_against_toughness,
    super::damage_words::pick_roll_bands,
    super::after_bonus::next_move_near_enemy,
    bar::after_each_attack,
    bonus::friend_bonus_attack,
    super::friend_move::picked_then_moves,
    super::against_words::picked_enemy_then,
    super::pull::picked_pulled,
    bonus::picked_then_attacked,
    bar::roll_each_barred,
    super::per_friend::picked_then_counted,
    super::friend_move::picked_friends,
    super::games::read,
    super::games::per_damage,
    super::next_attack::forfeit_after,
    super::revive::read,
    super::tokens::read,
    super::survive::read,
    super::point::read,
    super::gang::read,
    super::target_boost::following_if_bigger,
];

/// The effects of the first sentences of `s`, and how many sentences they took: a sentence
/// one family reads alone, else the first reader of several sentences that knows them.
fn one(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    // A sentence that says what "that attack action" is, read with the one that follows.
    if let Some(read) = super::weapon_boost::bonus_attack_with(s)
        .or_else(|| boost_words::bonus_attack_raised(s))
        .or_else(|| super::move_reaction::answer(s))
        .or_else(|| super::pull::attack_then_pulled(s))
        .or_else(|| super::next_attack::attack_then_target(s))
        .or_else(|| super::next_attack::attack_then_rolled_lowering(s))
        .or_else(|| super::after_bonus::bonus_move_then(s))
        .or_else(|| friend::near_friend_then(s))
        .or_else(|| super::counted::read(s, one))
        .or_else(|| super::lower_words::shot_then_exposed(s))
        .or_else(|| place::relocated_less(s))
        .or_else(|| super::target_boost::either_hurt(s))
        .or_else(|| super::gang::friend_attack_with(s))
        .or_else(|| super::rolled::roll_then_each(s))
        .or_else(|| super::friend_move::each_friend_closer(s))
        .or_else(|| super::runemark_round::lost_then_drops(s))
        .or_else(|| reaction::misses_then_ones(s))
    {
        return Some(read);
    }
    if let Some(e) = SENTENCE.iter().find_map(|read| read(&s[0])) {
        return Some((1, e));
    }
    READERS.iter().find_map(|read| read(s)).or_else(|| {
        // "In addition, ..." adds what the sentence without it says; "then, ..." (in the
        // card's order) does what it says; "then you can pick ..." picks (README).
        let rest = (s[0].strip_prefix("in addition, ")).or_else(|| s[0].strip_prefix("then, "));
        let rest = match rest {
            Some(r) => r.to_string(),
            None => format!("pick {}", s[0].strip_prefix("then you can pick ")?),
        };
        let mut without = s.to_vec();
        without[0] = rest;
        one(&without)
    })
}

/// The text lower-cased, quotes, emphasis (`*potent vial*`) and spaces made plain, cut after
/// each full stop.
pub(super) fn sentences(text: &str) -> Vec<String> {
    let plain = text
        .replace(['\u{201c}', '\u{201d}', '\u{2033}'], "\"")
        .replace(['\u{2019}', '\u{2018}'], "'")
        .replace('*', "");
    let plain = plain::named_fighters(&plain).to_lowercase();
    let plain = plain.split_whitespace().collect::<Vec<_>>().join(" ");
    // A monster's abilities say "this monster" where the others say "this fighter".
    let plain = plain
        .replace("this monster's", "this fighter's")
        .replace("this monster", "this fighter");
    plain
        .split_inclusive(". ")
        .map(|s| plain::plain(s.trim().trim_end_matches('.').trim()))
        // An example on the card illustrates the rule before it; it adds none.
        .filter(|s| !s.is_empty() && !s.starts_with("for example, "))
        .flat_map(|s| plain::lowered_too(&s))
        .collect()
}

/// The numbers of `s` where `template` has `{n}`, when the rest matches exactly.
pub(super) fn fill(s: &str, template: &str) -> Option<Vec<u32>> {
    let mut out = Vec::new();
    let mut rest = s;
    let parts: Vec<&str> = template.split("{n}").collect();
    for (k, part) in parts.iter().enumerate() {
        rest = rest.strip_prefix(part)?;
        if k + 1 < parts.len() {
            let (n, r) = number_prefix(rest)?;
            out.push(n);
            rest = r;
        }
    }
    rest.is_empty().then_some(out)
}

pub(super) fn number_prefix(s: &str) -> Option<(u32, &str)> {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    Some((s[..end].parse().ok()?, &s[end..]))
}

/// A count at the start of `s`, in figures or words up to six.
pub(super) fn count_prefix(s: &str) -> Option<(u32, &str)> {
    for (k, word) in ["one", "two", "three", "four", "five", "six"]
        .iter()
        .enumerate()
    {
        if let Some(rest) = s.strip_prefix(word) {
            return Some((k as u32 + 1, rest));
        }
    }
    number_prefix(s)
}

/// An amount at the start of `s`: "the value of this ability", "half the value of this
/// ability (rounding up)" or a number.
pub(super) fn amount_prefix(s: &str) -> Option<(Amount, &str)> {
    // "The value of this ability (minimum 2)".
    if let Some(rest) = s.strip_prefix("the value of this ability (minimum ") {
        let (n, rest) = number_prefix(rest)?;
        return Some((Amount::ValueAtLeast(n), rest.strip_prefix(')')?));
    }
    for (words, a) in [
        (
            "half the value of this ability (rounding up)",
            Amount::HalfValueUp,
        ),
        // The few cards that leave out the rounding mean the same (README).
        (
            "half the value of this ability (rounded up)",
            Amount::HalfValueUp,
        ),
        ("half the value of this ability", Amount::HalfValueUp),
        (
            "half of the value of this ability (rounding up)",
            Amount::HalfValueUp,
        ),
        ("the value of this ability", Amount::Value),
        ("double the value of this ability", Amount::DoubleValue),
    ] {
        if let Some(rest) = s.strip_prefix(words) {
            return Some((a, rest));
        }
    }
    let (n, rest) = number_prefix(s)?;
    Some((Amount::Fixed(n), rest))
}

pub(super) fn stat_of(s: &str) -> Option<Stat> {
    let s = s.trim();
    Some(match s.strip_prefix("the ").unwrap_or(s) {
        // One card writes "the attack characteristic".
        "attacks" | "attack" => Stat::Attacks,
        "strength" => Stat::Strength,
        "move" => Stat::Move,
        "toughness" => Stat::Toughness,
        _ => return None,
    })
}

/// "Add A to the S (and S) characteristic(s)": the amount, the characteristics and the rest
/// of `s`.
pub(super) fn add_to(s: &str) -> Option<(Amount, Vec<Stat>, &str)> {
    let rest = s.strip_prefix("add ")?;
    let (amount, rest) = amount_prefix(rest)?;
    let rest = rest.strip_prefix(" to the ")?;
    let (stats, rest) = rest.split_once(" characteristic")?;
    let stats = stats
        .split(" and ")
        .map(stat_of)
        .collect::<Option<Vec<_>>>()?;
    Some((amount, stats, rest.strip_prefix('s').unwrap_or(rest)))
}

/// [`add_to`] of one characteristic.
pub(super) fn add_to_one(s: &str) -> Option<(Amount, Stat, &str)> {
    match add_to(s)? {
        (amount, stats, rest) if stats.len() == 1 => Some((amount, stats[0], rest)),
        _ => None,
    }
}

/// The bands of the roll of the sentence before: "On a roll of A-B, allocate K damage points
/// to that fighter." / "For each roll of A+, allocate ... equal to the value of this
/// ability." / "... allocate D3 damage points to that fighter."; (sentences used, the roll
/// with its bands, its dice left for the caller to say).
pub(super) fn bands(s: &[String]) -> Option<(usize, Roll)> {
    let mut out = Roll::default();
    let mut used = 0;
    for sentence in s {
        // "On a roll of 4+, ...", "On a 4+, ...", "For each (roll of) 5+, ...".
        let head = sentence
            .strip_prefix("on a roll of ")
            .or_else(|| sentence.strip_prefix("on a "))
            .or_else(|| for_each(sentence));
        let Some((least, most, rest)) = head.and_then(band_prefix) else {
            break;
        };
        // "... equal to the roll": each face of the band deals its own number.
        let the_roll = ["the roll", "the value of the roll", "the dice roll"]
            .iter()
            .any(|r| allocate_to_that_equal(rest) == Some(r));
        match (rolled_damage(rest), allocate_to_that(rest)) {
            (Some(sides), _) => out.rolled.push((least, most, sides)),
            (None, _) if the_roll => {
                let faces = (least..=most).map(|k| (k, k, Amount::Fixed(k.into())));
                out.bands.extend(faces);
            }
            (None, Some(a)) => out.bands.push((least, most, a)),
            // Not damage (a lowering for each roll, say): the bands end before it.
            (None, None) => break,
        }
        used += 1;
    }
    (used > 0).then_some((used, out))
}

/// What follows "for each roll of " or "for each " ("For each 5+, ...").
pub(super) fn for_each(s: &str) -> Option<&str> {
    let rest = s
        .strip_prefix("for each roll of ")
        .or_else(|| s.strip_prefix("for each "))?;
    // "For each roll of a 5+, ...".
    Some(rest.strip_prefix("a ").unwrap_or(rest))
}

/// A band of rolls and the clause after it: "5+, ...", "2-4, ...", "6, ...": (least, most,
/// the clause); none unless the band lies within 1-6.
pub(super) fn band_prefix(s: &str) -> Option<(u8, u8, &str)> {
    let (least, rest) = number_prefix(s)?;
    let (most, rest) = match rest.strip_prefix('+') {
        Some(r) => (6, r),
        None => match rest.strip_prefix('-') {
            Some(r) => number_prefix(r)?,
            None => (least, rest),
        },
    };
    let rest = rest.strip_prefix(", ")?;
    let (least, most) = (u8::try_from(least).ok()?, u8::try_from(most).ok()?);
    ((1..=6).contains(&least) && (least..=6).contains(&most)).then_some((least, most, rest))
}

/// "Allocate a number of damage points to that fighter equal to X": X.
fn allocate_to_that_equal(s: &str) -> Option<&str> {
    let rest = s.strip_prefix("allocate a number of damage points to ")?;
    let rest = ["that fighter", "that enemy fighter"]
        .iter()
        .find_map(|t| rest.strip_prefix(t))?;
    rest.strip_prefix(" equal to ")
}

/// "Allocate D3 (D6) damage points to that fighter": the sides of the dice.
fn rolled_damage(s: &str) -> Option<u8> {
    let v = fill(s, "allocate d{n} damage points to that fighter")
        .or_else(|| fill(s, "allocate d{n} damage points to that enemy fighter"))?;
    [3, 6].contains(&v[0]).then_some(v[0] as u8)
}

/// "allocate K damage point(s) to that fighter" / "allocate a number of damage points to that
/// fighter equal to A".
pub(super) fn allocate_to_that(s: &str) -> Option<Amount> {
    const THAT: [&str; 3] = [
        "that fighter",
        "that enemy fighter",
        "the fighter being rolled for",
    ];
    if let Some(rest) = s.strip_prefix("allocate a number of damage points to ") {
        let rest = THAT.iter().find_map(|t| rest.strip_prefix(t))?;
        let (a, rest) = amount_prefix(rest.strip_prefix(" equal to ")?)?;
        return rest.is_empty().then_some(a);
    }
    if let Some(rest) = s.strip_prefix("allocate a number of damage points equal to ") {
        let (a, rest) = amount_prefix(rest)?;
        let rest = rest.strip_prefix(" to ")?;
        return THAT.contains(&rest).then_some(a);
    }
    let rest = s.strip_prefix("allocate ")?;
    let (n, rest) = number_prefix(rest)?;
    let rest = rest
        .strip_prefix(" damage points to ")
        .or_else(|| rest.strip_prefix(" damage point to "))?;
    THAT.contains(&rest).then_some(Amount::Fixed(n))
}

mod aura;
mod choice;
mod favour;
mod picks;
mod plain;
mod when;

pub(super) use aura::{friends_anywhere, friends_moving_from, friends_within, marks_of};
pub(super) use picks::{
    dice_count, pick_and_roll, pick_and_roll_any, picked_enemy, picked_friend,
    picked_friend_anywhere, then_roll,
};
pub(super) use plain::plain as plain_words;
#[cfg(test)]
mod tests;
