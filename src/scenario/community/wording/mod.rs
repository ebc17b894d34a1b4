//! Reading an ability's effects from its wording (ABL-5): the text is cut into sentences and
//! each must match one of the shapes below, with its numbers and ranges as placeholders. An
//! ability is automated only when every sentence is recognised; the others stay playable by
//! hand, and the sentences no shape matched are reported by their shape (numbers as `N`), so
//! the most common ones can be added next. No wording is stored: only the effects.

use crate::model::effects::{
    Amount, Aura, Condition, Effect, MoveTrigger, OnSuccess, Restriction, Roll, Stat, Trigger,
};

mod lasting;
use lasting::*;

/// The effects of an ability's wording, or the first sentence no shape matches (as a shape).
pub fn effects_of(text: &str) -> Result<Vec<Effect>, String> {
    let sentences = sentences(text);
    let mut effects = Vec::new();
    let mut i = 0;
    while i < sentences.len() {
        match one(&sentences[i..]) {
            Some((used, mut e)) => {
                effects.append(&mut e);
                i += used;
            }
            None => return Err(shape(&sentences[i])),
        }
    }
    if effects.is_empty() {
        return Err("(no text)".into());
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

/// The text lower-cased, quotes and spaces made plain, cut after each full stop.
fn sentences(text: &str) -> Vec<String> {
    let plain = text
        .replace(['\u{201c}', '\u{201d}', '\u{2033}'], "\"")
        .replace(['\u{2019}', '\u{2018}'], "'")
        .to_lowercase();
    let plain = plain.split_whitespace().collect::<Vec<_>>().join(" ");
    // A monster's abilities say "this monster" where the others say "this fighter".
    let plain = plain
        .replace("this monster's", "this fighter's")
        .replace("this monster", "this fighter");
    plain
        .split_inclusive(". ")
        .map(|s| s.trim().trim_end_matches('.').trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// A sentence's shape: its numbers as `N`.
fn shape(s: &str) -> String {
    let mut out = String::new();
    let mut in_number = false;
    for c in s.chars() {
        if c.is_ascii_digit() {
            if !in_number {
                out.push('N');
            }
            in_number = true;
        } else {
            in_number = false;
            out.push(c);
        }
    }
    out
}

/// The effects of the first sentences of `s`, and how many sentences they took: the first
/// reader that knows them.
fn one(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    const READERS: [Reader; 7] = [
        |s| simple(&s[0]).map(|e| (1, e)),
        pick_roll_each_success,
        pick_roll_bands,
        next_move_near_enemy,
        after_each_attack,
        friend_bonus_attack,
        picked_enemy_then,
    ];
    READERS.iter().find_map(|read| read(s))
}

/// A reader of the first sentences of an ability: its effects and how many sentences it took.
type Reader = fn(&[String]) -> Option<(usize, Vec<Effect>)>;

/// "Pick a (visible) enemy fighter (or monster) within N" of this fighter and roll D dice." +
/// what each success does to it.
fn pick_roll_each_success(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let roll = pick_and_roll_any(&s[0])?;
    let (least, then) = on_success(s.get(1)?)?;
    let effect = Effect::RollAgainst {
        range: roll.0,
        visible: roll.1,
        runemark: roll.2,
        dice: roll.3,
        least,
        then,
    };
    Some((2, vec![effect]))
}

/// "Pick a visible enemy fighter within N" of this fighter and roll a dice." + bands.
fn pick_roll_bands(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (range, dice) = pick_and_roll(&s[0])?;
    let (used, bands) = bands(&s[1..])?;
    let roll = Roll { dice, bands };
    let effect = Effect::DamageOne {
        range,
        amount: Amount::Fixed(0),
        roll: Some(roll),
    };
    Some((1 + used, vec![effect]))
}

/// "Until the end of this fighter's activation, the next time this fighter finishes a move
/// action within N" of an enemy fighter, pick a visible enemy fighter within N" of this
/// fighter." + damage to it.
fn next_move_near_enemy(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let v = fill(
        &s[0],
        "until the end of this fighter's activation, the next time this fighter finishes a \
         move action within {n}\" of an enemy fighter, pick a visible enemy fighter within \
         {n}\" of this fighter",
    )?;
    let amount = allocate_to_that(s.get(1)?)?;
    let damage = Effect::DamageOne {
        range: v[1] as f32,
        amount,
        roll: None,
    };
    let effect = Effect::AfterMove {
        trigger: MoveTrigger::NearEnemy(v[0] as f32),
        then: vec![damage],
    };
    Some((2, vec![effect]))
}

/// "In addition, until the end of this fighter's activation, after each attack action made by
/// this fighter, roll a dice." + "On a roll of N+, until the end of this battle round, the
/// target fighter cannot make ... actions."
fn after_each_attack(s: &[String]) -> Option<(usize, Vec<Effect>)> {
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
    let next = next.strip_prefix("+, ")?.replace(
        "until the end of this battle round, the target fighter",
        "that fighter",
    );
    let bar = barred(&format!("until the end of the battle round, {next}"))?;
    let least = u8::try_from(least).ok().filter(|l| (1..=6).contains(l))?;
    Some((2, vec![Effect::AfterEachAttack { least, bar }]))
}

/// "Pick a (visible) friendly fighter (with the R runemark) within N" of this fighter." "That
/// fighter makes a bonus attack action."
fn friend_bonus_attack(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (range, visible, runemark) = picked_friend(&s[0])?;
    (s.get(1)?.as_str() == "that fighter makes a bonus attack action").then(|| {
        let effect = Effect::FriendBonusAttack {
            range,
            visible,
            runemark,
        };
        (2, vec![effect])
    })
}

/// "Pick a (visible) enemy fighter within N" of this fighter." + what happens to it: damage,
/// being set up near this fighter (and rolls against it), or a restriction.
fn picked_enemy_then(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (range, visible) = picked_enemy(&s[0])?;
    let next = s.get(1)?;
    if let (Some(amount), true) = (allocate_to_that(next), visible) {
        let effect = Effect::DamageOne {
            range,
            amount,
            roll: None,
        };
        return Some((2, vec![effect]));
    }
    if let Some(v) = fill(
        next,
        "remove that fighter from the battlefield and set them up within {n}\" of this fighter",
    ) {
        return Some(set_up_then_roll(s, range, visible, v[0] as f32));
    }
    let actions = barred(next)?;
    let effect = Effect::Restrict {
        range,
        visible,
        actions,
    };
    Some((2, vec![effect]))
}

/// "Remove that fighter from the battlefield and set them up within N" of this fighter." (+
/// "Then, roll D dice." + what each roll deals to it.)
fn set_up_then_roll(s: &[String], range: f32, visible: bool, within: f32) -> (usize, Vec<Effect>) {
    let mut effects = vec![Effect::SetUpNear {
        range,
        visible,
        within,
    }];
    let rolled = s.get(2).and_then(|t| then_roll(t)).and_then(|dice| {
        let (used, bands) = bands(&s[3..])?;
        Some((used, Roll { dice, bands }))
    });
    let used = match rolled {
        Some((used, roll)) => {
            effects.push(Effect::DamageOne {
                range,
                amount: Amount::Fixed(0),
                roll: Some(roll),
            });
            3 + used
        }
        None => 2,
    };
    (used, effects)
}

/// "Pick a visible enemy fighter within N" of this fighter" (or "an enemy fighter"): the range
/// and whether it must be seen.
fn picked_enemy(s: &str) -> Option<(f32, bool)> {
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

/// "Pick a (visible) friendly fighter (with the R runemark) within N" of this fighter": the
/// range, whether it must be seen, and the runemark.
fn picked_friend(s: &str) -> Option<(f32, bool, Option<String>)> {
    let rest = s.strip_prefix("pick a ")?;
    let (visible, rest) = match rest.strip_prefix("visible ") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let rest = rest.strip_prefix("friendly fighter ")?;
    let (runemark, rest) = match rest.strip_prefix("with the ") {
        Some(r) => {
            let (mark, r) = r.split_once(" runemark ")?;
            (Some(mark.to_string()), r)
        }
        None => (None, rest),
    };
    let v = fill(rest, "within {n}\" of this fighter")?;
    Some((v[0] as f32, visible, runemark))
}

/// "Until the end of the battle round, that (enemy) fighter cannot make move actions or
/// disengage actions": the actions barred.
fn barred(s: &str) -> Option<Vec<Restriction>> {
    let rest = s
        .strip_prefix("until the end of the battle round, that enemy fighter cannot make ")
        .or_else(|| {
            s.strip_prefix("until the end of the battle round, that fighter cannot make ")
        })?;
    Some(match rest {
        "move actions or disengage actions" | "move or disengage actions" => {
            vec![Restriction::Move, Restriction::Disengage]
        }
        "move actions" => vec![Restriction::Move],
        "disengage actions" => vec![Restriction::Disengage],
        _ => return None,
    })
}

/// Sentences that are one effect (or two) on their own.
fn simple(s: &str) -> Option<Vec<Effect>> {
    let bonus_move = Effect::BonusMove { max: None };
    Some(match s {
        "this fighter makes a bonus move action" => vec![bonus_move],
        "this fighter makes a bonus attack action" => vec![Effect::BonusAttack],
        "a fighter can only use this ability if an enemy fighter has been taken down by an attack action made by them this activation" =>
        {
            vec![Effect::Requires(Condition::TookDownThisActivation)]
        }
        "this fighter makes a bonus move action or a bonus attack action" => {
            vec![Effect::BonusMoveOrAttack]
        }
        "then, they can make a bonus attack action"
        | "they can then make a bonus attack action" => {
            vec![Effect::BonusAttack]
        }
        "remove a number of damage points allocated to this fighter equal to the value of this ability" =>
        {
            vec![Effect::Heal {
                amount: Amount::Value,
            }]
        }
        "until the end of this fighter's activation, the strength characteristic of attack actions made by this fighter count as being higher than the target's toughness characteristic"
        | "until the end of this fighter's activation, the strength characteristic of attack actions made by this fighter counts as being higher than the target's toughness characteristic" =>
        {
            vec![Effect::StrengthAboveToughness]
        }
        "until the end of this fighter's activation, do not count the vertical distance when measuring the range for attack actions made by this fighter" =>
        {
            vec![Effect::FlatAttackRange]
        }
        "a fighter can make this reaction after they are targeted by a melee attack action but before the hit rolls are made"
        | "a fighter can make this reaction when they are targeted by a melee attack action but before the hit rolls are made" =>
        {
            vec![Effect::Reaction(Trigger::TargetedByMelee)]
        }
        _ => {
            return boost(s)
                .or_else(|| damage_each(s))
                .or_else(|| heal(s))
                .or_else(|| next_boosts(s))
                .or_else(|| after_a_drop(s))
                .or_else(|| answer_to_attack(s))
                .or_else(|| critical_damage(s))
                .or_else(|| crits_weaken(s));
        }
    })
}

/// "Until the end of this fighter's activation (or of the battle round), add A to the S
/// characteristic of (melee) attack actions made by WHO" or "... of WHO", where WHO is this
/// fighter or, for the round, "(visible) friendly fighters while they are within N" of this
/// fighter".
fn boost(s: &str) -> Option<Vec<Effect>> {
    let (round, rest) = match s.strip_prefix("until the end of this fighter's activation, ") {
        Some(rest) => (false, rest),
        None => (true, s.strip_prefix("until the end of the battle round, ")?),
    };
    let (amount, stats, rest) = add_to(rest)?;
    let rest = rest.strip_prefix(" of ")?;
    let (melee_only, attack, who) =
        if let Some(who) = rest.strip_prefix("melee attack actions made by ") {
            (true, true, who)
        } else if let Some(who) = rest.strip_prefix("attack actions made by ") {
            (false, true, who)
        } else {
            (false, false, rest)
        };
    let aura = match who {
        "this fighter" => None,
        _ => Some(aura_of(who)?),
    };
    // Attack characteristics go with "attack actions"; Move and Toughness with the fighter.
    if stats.iter().any(|s| s.of_attacks() != attack) {
        return None;
    }
    Some(if round {
        stats
            .into_iter()
            .map(|stat| Effect::RoundBoost {
                stat,
                by: amount,
                melee_only,
                aura,
            })
            .collect()
    } else {
        // An activation's boost raises the fighter's own attacks and Move only.
        if aura.is_some() || stats.contains(&Stat::Toughness) {
            return None;
        }
        stats
            .into_iter()
            .map(|stat| Effect::Boost {
                stat,
                by: amount,
                melee_only,
            })
            .collect()
    })
}

/// "(visible) friendly fighters while they are within N" of this fighter".
fn aura_of(who: &str) -> Option<Aura> {
    let (visible, rest) = match who.strip_prefix("visible ") {
        Some(rest) => (true, rest),
        None => (false, who),
    };
    let v = fill(
        rest,
        "friendly fighters while they are within {n}\" of this fighter",
    )?;
    Some(Aura {
        range: v[0] as f32,
        visible,
    })
}

/// "Add A to the S (and S) characteristic(s)": the amount, the characteristics and the rest
/// of `s`.
fn add_to(s: &str) -> Option<(Amount, Vec<Stat>, &str)> {
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
fn add_to_one(s: &str) -> Option<(Amount, Stat, &str)> {
    match add_to(s)? {
        (amount, stats, rest) if stats.len() == 1 => Some((amount, stats[0], rest)),
        _ => None,
    }
}

fn stat_of(s: &str) -> Option<Stat> {
    Some(match s.trim() {
        "attacks" => Stat::Attacks,
        "strength" => Stat::Strength,
        "move" => Stat::Move,
        "toughness" => Stat::Toughness,
        _ => return None,
    })
}

/// "Allocate A damage points to each visible enemy fighter within N" of this fighter" and
/// "Allocate a number of damage points equal to A to all visible enemy fighters within N" of
/// this fighter".
fn damage_each(s: &str) -> Option<Vec<Effect>> {
    let (amount, range) = if let Some(rest) =
        s.strip_prefix("allocate a number of damage points equal to ")
    {
        let (amount, rest) = amount_prefix(rest)?;
        let v = fill(
            rest,
            " to all visible enemy fighters within {n}\" of this fighter",
        )?;
        (amount, v[0])
    } else {
        let v = fill(
            s,
            "allocate {n} damage points to each visible enemy fighter within {n}\" of this fighter",
        )?;
        (Amount::Fixed(v[0]), v[1])
    };
    Some(vec![Effect::DamageEach {
        range: range as f32,
        amount,
    }])
}

/// "Remove N damage points allocated to this fighter".
fn heal(s: &str) -> Option<Vec<Effect>> {
    let v = fill(s, "remove {n} damage points allocated to this fighter")?;
    Some(vec![Effect::Heal {
        amount: Amount::Fixed(v[0]),
    }])
}

/// "Pick a visible enemy fighter within N" of this fighter and roll a dice" (or "N dice", or
/// "a number of dice equal to the value of this ability"): the range and the dice.
fn pick_and_roll(s: &str) -> Option<(f32, Amount)> {
    match pick_and_roll_any(s)? {
        (range, true, None, dice) => Some((range, dice)),
        _ => None,
    }
}

/// "Then, roll a dice" (or "N dice", or "a number of dice equal to the value of this
/// ability"): the dice.
fn then_roll(s: &str) -> Option<Amount> {
    let rest = s.strip_prefix("then, roll ")?;
    Some(match rest {
        "a dice" => Amount::Fixed(1),
        "a number of dice equal to the value of this ability" => Amount::Value,
        _ => Amount::Fixed(number_prefix(rest).filter(|(_, r)| *r == " dice")?.0),
    })
}

/// A band of rolls: (least roll, greatest roll, damage).
type Band = (u8, u8, Amount);

/// The bands of the roll of the sentence before: "On a roll of A-B, allocate K damage points
/// to that fighter." / "For each roll of A+, allocate ... equal to the value of this
/// ability."; (sentences used, bands).
fn bands(s: &[String]) -> Option<(usize, Vec<Band>)> {
    let mut out = Vec::new();
    for sentence in s {
        let Some(rest) = sentence
            .strip_prefix("on a roll of ")
            .or_else(|| sentence.strip_prefix("for each roll of "))
            .or_else(|| {
                // "For each 5+, ..."
                sentence
                    .strip_prefix("for each ")
                    .filter(|r| r.starts_with(|c: char| c.is_ascii_digit()))
            })
        else {
            break;
        };
        let (least, rest) = number_prefix(rest)?;
        let (most, rest) = match rest.strip_prefix('+') {
            Some(r) => (6, r),
            None => match rest.strip_prefix('-') {
                Some(r) => number_prefix(r)?,
                None => (least, rest),
            },
        };
        let rest = rest.strip_prefix(", ")?;
        let (least, most) = (u8::try_from(least).ok()?, u8::try_from(most).ok()?);
        if !(1..=6).contains(&least) || !(least..=6).contains(&most) {
            return None;
        }
        out.push((least, most, allocate_to_that(rest)?));
    }
    (!out.is_empty()).then_some((out.len(), out))
}

/// "allocate K damage point(s) to that fighter" / "allocate a number of damage points to that
/// fighter equal to A".
fn allocate_to_that(s: &str) -> Option<Amount> {
    if let Some(rest) =
        s.strip_prefix("allocate a number of damage points to that fighter equal to ")
    {
        let (a, rest) = amount_prefix(rest)?;
        return rest.is_empty().then_some(a);
    }
    let rest = s.strip_prefix("allocate ")?;
    let (n, rest) = number_prefix(rest)?;
    matches!(
        rest,
        " damage point to that fighter" | " damage points to that fighter"
    )
    .then_some(Amount::Fixed(n))
}

/// An amount at the start of `s`: "the value of this ability", "half the value of this
/// ability (rounding up)" or a number.
fn amount_prefix(s: &str) -> Option<(Amount, &str)> {
    for (words, a) in [
        (
            "half the value of this ability (rounding up)",
            Amount::HalfValueUp,
        ),
        ("the value of this ability", Amount::Value),
    ] {
        if let Some(rest) = s.strip_prefix(words) {
            return Some((a, rest));
        }
    }
    let (n, rest) = number_prefix(s)?;
    Some((Amount::Fixed(n), rest))
}

fn number_prefix(s: &str) -> Option<(u32, &str)> {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    Some((s[..end].parse().ok()?, &s[end..]))
}

/// The numbers of `s` where `template` has `{n}`, when the rest matches exactly.
fn fill(s: &str, template: &str) -> Option<Vec<u32>> {
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

#[cfg(test)]
mod tests;
