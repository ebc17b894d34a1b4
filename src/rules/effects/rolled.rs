//! What the same dice do besides (ABL-5, `OnRolled`), in the card's words: a roll against a
//! picked enemy, or a roll of its damage, then what a roll of N or more does too ("in
//! addition, on a roll of 6, ...", "if you allocate 5 or more damage points ..., this fighter
//! is taken down").

use crate::model::effects::{Amount, Effect, OnSuccess, Restriction, Roll};

use super::card::{number_prefix, pick_and_roll};

/// The roll against a picked enemy ("pick a visible enemy fighter within 1\" of this fighter
/// and roll a dice" + "on a roll of 3+, ... that fighter cannot ...", "if either dice rolls a
/// 3+, ..."), then "in addition, on a roll of 6, this fighter can make a bonus attack action
/// that targets that enemy fighter" or "in addition, for each roll of 6, allocate a number of
/// damage points to that fighter equal to A".
pub(super) fn against_then_besides(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (range, visible, runemark, dice) = super::card::pick_and_roll_any(&s[0])?;
    let (least, then) = barred_on_either(s.get(1)?)?;
    let against = Effect::RollAgainst {
        range,
        visible,
        runemark: runemark.clone(),
        dice,
        least,
        then,
    };
    let rest = s.get(2)?.strip_prefix("in addition, ")?;
    let besides = if let Some(then) = rest.strip_prefix("on a roll of 6, ") {
        let attack = [
            "this fighter can make a bonus attack action that targets that enemy fighter",
            "this fighter makes a bonus attack action that targets that enemy fighter",
        ];
        attack.contains(&then).then_some(())?;
        let e = Effect::BonusAttackAt {
            range,
            visible,
            runemark,
            only: None,
            melee: false,
        };
        (false, e)
    } else {
        let rest = rest.strip_prefix("for each roll of 6, allocate ")?;
        let (amount, _) = super::card::amount_prefix(
            rest.strip_prefix("a number of damage points to that fighter equal to ")?,
        )
        .filter(|(_, r)| r.is_empty())?;
        // Damage to one enemy it sees: the pick must be of one it sees.
        visible.then_some(())?;
        runemark.is_none().then_some(())?;
        let e = Effect::DamageOne {
            range,
            amount,
            roll: None,
            only: None,
        };
        (true, e)
    };
    let (per_roll, then) = besides;
    let e = Effect::OnRolled {
        least: 6,
        per_roll,
        then: vec![then],
    };
    Some((3, vec![against, e]))
}

/// "On a roll of N+, that fighter cannot ..." (`against_words`), or "if either dice rolls a
/// N+, until the end of the battle round, that fighter cannot ...".
fn barred_on_either(s: &str) -> Option<(u8, OnSuccess)> {
    if let Some(rest) = s.strip_prefix("if either dice rolls a ") {
        let (least, rest) = number_prefix(rest)?;
        let barred = super::bar::barred(rest.strip_prefix("+, ")?)?;
        return Some((u8::try_from(least).ok()?, OnSuccess::Bar(barred)));
    }
    super::against_words::bar_on_a_roll(s)
}

/// A dice rolled for damage equal to the roll, then what a high roll does besides: "pick a
/// visible enemy fighter within 1\" of this fighter and roll a dice" + "on a 3+, allocate a
/// number of damage points to that fighter equal to the roll, and that fighter cannot make
/// move actions or disengage actions for the rest of the battle round"; or "... to be the
/// target and roll a dice" + "allocate a number of damage points to the target equal to the
/// roll" + "if you allocate 5 or more damage points to the target using this ability, this
/// fighter is taken down".
pub(super) fn damage_as_rolled(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let pick = s[0].replace(" to be the target and roll ", " and roll ");
    let (range, dice) = pick_and_roll(&pick)?;
    (dice == Amount::Fixed(1)).then_some(())?;
    let next = s.get(1)?.replace("figther", "fighter");
    let as_rolled = |least: u8| Roll {
        dice: Amount::Fixed(1),
        bands: (least..=6)
            .map(|r| (r, r, Amount::Fixed(u32::from(r))))
            .collect(),
        ..Roll::default()
    };
    let damage = |least| Effect::DamageOne {
        range,
        amount: Amount::Fixed(0),
        roll: Some(as_rolled(least)),
        only: None,
    };
    if next == "allocate a number of damage points to the target equal to the roll" {
        let rest = s.get(2)?.strip_prefix("if you allocate ")?;
        let (least, rest) = number_prefix(rest)?;
        let down = " or more damage points to the target using this ability, this fighter is \
                    taken down";
        (rest == down).then_some(())?;
        let besides = Effect::OnRolled {
            least: u8::try_from(least).ok().filter(|l| (2..=6).contains(l))?,
            per_roll: false,
            then: vec![Effect::SelfTakenDown],
        };
        return Some((3, vec![damage(1), besides]));
    }
    let rest = next.strip_prefix("on a ")?;
    let (least, rest) = number_prefix(rest)?;
    let rest = rest.strip_prefix(
        "+, allocate a number of damage points to that fighter equal to the roll, and that \
         fighter cannot make move actions or disengage actions for the rest of the battle round",
    )?;
    rest.is_empty().then_some(())?;
    let least = u8::try_from(least).ok().filter(|l| (2..=6).contains(l))?;
    let bar = Effect::Restrict {
        range,
        visible: true,
        actions: vec![Restriction::Move, Restriction::Disengage],
        only: None,
    };
    let besides = Effect::OnRolled {
        least,
        per_roll: false,
        then: vec![bar],
    };
    Some((2, vec![damage(least), besides]))
}

/// "Roll a dice for each enemy fighter within N\" of this fighter." + "On a roll of 4+,
/// allocate K damage points to the fighter being rolled for and remove H damage points
/// allocated to this fighter": each success heals this fighter besides.
pub(super) fn each_then_healed(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (visible, rest) = match s[0].strip_prefix("roll a dice for each visible enemy fighter") {
        Some(r) => (true, r),
        None => (
            false,
            s[0].strip_prefix("roll a dice for each enemy fighter")?,
        ),
    };
    let v = super::card::fill(rest, " within {n}\" of this fighter")?;
    let v2 = super::card::fill(
        s.get(1)?,
        "on a roll of {n}+, allocate {n} damage points to the fighter being rolled for and \
         remove {n} damage points allocated to this fighter",
    )?;
    let least = u8::try_from(v2[0]).ok().filter(|l| (2..=6).contains(l))?;
    let each = Effect::DamageEach {
        range: v[0] as f32,
        amount: Amount::Fixed(0),
        roll: Some(Roll {
            dice: Amount::Fixed(1),
            bands: vec![(least, 6, Amount::Fixed(v2[1]))],
            ..Roll::default()
        }),
        visible,
    };
    let healed = Effect::OnRolled {
        least,
        per_roll: true,
        then: vec![Effect::Heal {
            amount: Amount::Fixed(v2[2]),
        }],
    };
    Some((2, vec![each, healed]))
}

/// "Pick a visible enemy fighter." + "Roll a dice for that fighter." + "If the roll is equal
/// to or less than the number of the current battle round, allocate K damage points to that
/// fighter": a roll of damage whose band ends at the round's number.
pub(super) fn up_to_the_round(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    // With no range, the pick is anywhere on the battlefield.
    let range = match s[0].as_str() {
        "pick a visible enemy fighter" => crate::model::effects::ANYWHERE,
        _ => {
            super::card::picked_enemy(&s[0])
                .filter(|(_, seen)| *seen)?
                .0
        }
    };
    (s.get(1)? == "roll a dice for that fighter").then_some(())?;
    let k = super::card::fill(
        s.get(2)?,
        "if the roll is equal to or less than the number of the current battle round, \
         allocate {n} damage points to that fighter",
    )?[0];
    let e = Effect::DamageOne {
        range,
        amount: Amount::Fixed(0),
        roll: Some(Roll {
            dice: Amount::Fixed(1),
            upto_round: Some(Amount::Fixed(k)),
            ..Roll::default()
        }),
        only: None,
    };
    Some((3, vec![e]))
}

/// "Roll N dice (a number of dice equal to the value of this ability)" + "For each roll of 1,
/// allocate 1 damage point to this fighter" and "For each roll of 4+, (a raise of its next
/// attack)": the dice, then what each face of them does.
pub(super) fn roll_then_each(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let dice = super::card::dice_count(s[0].strip_prefix("roll ")?)?;
    let mut out = vec![Effect::RollDice(dice)];
    let mut used = 1;
    for t in &s[1..] {
        let each = (super::self_damage::self_per_roll(t)).or_else(|| each_raise(t));
        match each {
            Some(e) => out.extend(e),
            None => break,
        }
        used += 1;
    }
    if used == 1 {
        return None;
    }
    // "Add 1 to each roll if there is a visible friendly fighter ... within N\" of this
    // fighter": each N+ is then an (N-1)+.
    if let Some(when) = (s.get(used))
        .and_then(|t| t.strip_prefix("add 1 to each roll if "))
        .and_then(super::condition_words::friend_within)
    {
        let shifted = (out.iter())
            .map(|e| match e {
                Effect::OnRolled {
                    least,
                    per_roll,
                    then,
                } if *least > 2 => Some(Effect::OnRolled {
                    least: least - 1,
                    per_roll: *per_roll,
                    then: then.clone(),
                }),
                Effect::RollDice(_) => Some(e.clone()),
                _ => None,
            })
            .collect::<Option<Vec<_>>>()?;
        let e = Effect::When {
            when,
            then: shifted,
            otherwise: out,
        };
        return Some((used + 1, vec![e]));
    }
    Some((used, out))
}

/// "For each roll of N+, (a raise of its next attack action)": that raise for each such roll.
fn each_raise(t: &str) -> Option<Vec<Effect>> {
    let rest = t.strip_prefix("for each roll of ")?;
    let (least, rest) = number_prefix(rest)?;
    let raise = rest.strip_prefix("+, ")?;
    let then =
        (super::boost::sentence(raise)).or_else(|| super::boost_words::next_hits_damage(raise))?;
    let raises = then.iter().all(|e| matches!(e, Effect::NextBoost { .. }));
    raises.then(|| {
        vec![Effect::OnRolled {
            least: u8::try_from(least).unwrap_or(7),
            per_roll: true,
            then,
        }]
    })
}
