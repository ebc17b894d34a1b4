//! The reaction family (REA-1, ABL-5): a reaction's trigger, and what it changes in the
//! attack it answers (the attack runs it: `rules::actions::reactions`).

use crate::model::effects::{Amount, Effect, RollsWere, Trigger, band_text};

use super::amount_text;
use super::card::{count_prefix, fill, number_prefix};

/// In words: "up to 1 critical hit counts as a hit".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    let amount = |a: &Amount| amount_text(a, value);
    match e {
        Effect::Reaction(t) => trigger_text(*t),
        Effect::ReactBonus { friend, act } => super::move_reaction::describe(friend, *act),
        Effect::CritsSaved { least } => {
            format!("a dice for each critical hit: on {least}+ it counts as a hit")
        }
        Effect::StrikeOnRoll { least, sides } => format!(
            "{}D{sides} damage to the enemy before it moves away",
            if *least > 1 {
                format!("a dice: on {least}+, ")
            } else {
                String::new()
            }
        ),
        Effect::DamageAttackerDice { sides } => {
            format!("D{sides} damage to the attacker before the damage is allocated")
        }
        Effect::DamageAttackerOnRoll { least, amount } => format!(
            "a dice: on {least}+, {amount} damage to the attacker before the damage is allocated"
        ),
        Effect::DamageAroundPerRoll {
            face,
            amount,
            range,
        } => format!(
            "each hit roll of {face} deals {amount} damage to each enemy within {range}\" of this \
             fighter"
        ),
        Effect::DamageAttackerPerCrit { least, amount } => format!(
            "once the damage is totalled, a dice for each critical hit: each {least}+ deals \
             {amount} damage to the attacker"
        ),
        Effect::CritsAsHits { up_to } => match amount(up_to).as_str() {
            "1" => "up to 1 critical hit counts as a hit".to_string(),
            n => format!("up to {n} critical hits count as hits"),
        },
        Effect::LessDamagePerHit { by, crits: false } => {
            format!("each non-critical hit: {} less, to 1", amount(by))
        }
        Effect::LessDamagePerHit { by, crits: true } => {
            format!("each hit and critical hit: {} less, to 1", amount(by))
        }
        Effect::DamageAttackerPerRoll {
            least,
            most,
            amount: a,
        } => format!(
            "each hit roll of {} deals {} damage to the attacker",
            band_text(*least, *most),
            amount(a)
        ),
        Effect::DamageAttackerPerMiss { amount } => {
            format!("each hit roll that misses deals {amount} damage to the attacker")
        }
        Effect::MoreCritDamage { by } => format!("each critical hit deals {by} more damage"),
        Effect::DamageAttackerPerHit { hit, crit } => {
            format!("each hit deals {hit} damage to the attacker, each critical hit {crit}")
        }
        Effect::DamageAttackerIf(crate::model::effects::AttackerIf { when, amount, heal }) => {
            let when = match when {
                RollsWere::NoCrits => "if no hit roll is a critical hit",
                RollsWere::AllMissed => "if every hit roll misses",
            };
            match heal {
                0 => format!("{amount} damage to the attacker {when}"),
                h => format!(
                    "{amount} damage to the attacker {when}, and up to {h} damage removed from \
                     this fighter"
                ),
            }
        }
        Effect::FewerAttackDice { by, min } => {
            format!("the attack rolls {by} fewer dice, to {min}")
        }
        Effect::ToughnessThisAttack { by } => format!("+{by} Toughness during the attack"),
        _ => String::new(),
    }
}

/// A reaction's moment in words: "(a reaction when targeted by a melee attack)".
fn trigger_text(t: Trigger) -> String {
    match t {
        Trigger::TargetedByMelee => "(a reaction when targeted by a melee attack)".to_string(),
        Trigger::LethalMelee => {
            "(a reaction when a melee attack's damage would take this fighter down)".to_string()
        }
        Trigger::TargetedByMissile => "(a reaction when targeted by a missile attack)".to_string(),
        Trigger::TargetedByAttack => "(a reaction when targeted by an attack)".to_string(),
        Trigger::AfterHitRolls => {
            "(a reaction when targeted by an attack, once its hit rolls are made)".to_string()
        }
        Trigger::EnemyDisengages => "(a reaction when an enemy within 1\" disengages)".to_string(),
        t => super::move_reaction::trigger_text(t).unwrap_or_default(),
    }
}

// The card's wording of this family (`card`: the language's shared pieces).

/// "A fighter can make this reaction when they are targeted by a melee attack action." +
/// "After the damage is totalled but before it is allocated to this fighter, roll a dice for
/// each critical hit (scored) from that attack action." + "For each 3+, allocate 3 damage
/// points to the fighter that made that attack action."
fn per_crit_once_totalled(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    (s[0] == "a fighter can make this reaction when they are targeted by a melee attack action")
        .then_some(())?;
    (s.get(1)?
        == "after the damage is totalled but before it is allocated to this fighter, roll a \
            dice for each critical hit from that attack action")
        .then_some(())?;
    let (least, most, then) = super::card::band_prefix(super::card::for_each(s.get(2)?)?)?;
    let amount = fill(
        then,
        "allocate {n} damage points to the fighter that made that attack action",
    )?[0];
    (most == 6).then_some(())?;
    let answer = Effect::DamageAttackerPerCrit { least, amount };
    Some((3, vec![Effect::Reaction(Trigger::TargetedByMelee), answer]))
}

/// A reaction's trigger, or what it does to the attack that set it off.
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    if let Some(trigger) = trigger_of(s) {
        return Some(vec![Effect::Reaction(trigger)]);
    }
    // "... before the hit rolls are made if the attacker is within range of at least one of
    // the target's weapons": offered only then.
    if let Some(rest) =
        s.strip_suffix(" if the attacker is within range of at least one of the target's weapons")
    {
        let trigger = trigger_of(rest)?;
        let targeted = matches!(
            trigger,
            Trigger::TargetedByAttack | Trigger::TargetedByMelee | Trigger::TargetedByMissile
        );
        let reach = Effect::Requires(crate::model::effects::Condition::AttackerInReach);
        return targeted.then(|| vec![Effect::Reaction(trigger), reach]);
    }
    match s {
        "allocate d3 damage points to their attacker" => {
            Some(vec![Effect::DamageAttackerDice { sides: 3 }])
        }
        "allocate d6 damage points to their attacker" => {
            Some(vec![Effect::DamageAttackerDice { sides: 6 }])
        }
        _ => answer_to_attack(s)
            .or_else(|| before_hits(s))
            .or_else(|| damage_to_attacker_if(s))
            .or_else(|| per_miss_or_crit(s))
            .or_else(|| per_roll_or_around(s)),
    }
}

/// "A fighter can make this reaction after (when) they are targeted by a melee (missile)
/// attack action but before the hit rolls are made", and the other moments.
fn trigger_of(s: &str) -> Option<Trigger> {
    let rest = s.strip_prefix("a fighter can make this reaction ")?;
    if rest
        == "when they are targeted by a melee attack action, after the damage is totalled but \
            before it is allocated to this fighter, if it is enough for this fighter to be taken \
            down"
    {
        return Some(Trigger::LethalMelee);
    }
    if rest
        == "when a visible enemy fighter within 1\" of them makes a disengage action but before \
            that fighter moves away"
    {
        return Some(Trigger::EnemyDisengages);
    }
    if let Some(t) = super::move_reaction::trigger_of(rest) {
        return Some(t);
    }
    if rest == "after they are targeted by an attack action, after the hit rolls have been made" {
        return Some(Trigger::AfterHitRolls);
    }
    let rest = rest
        .strip_prefix("after they are targeted by ")
        .or_else(|| rest.strip_prefix("when they are targeted by "))?;
    match rest.strip_suffix(" attack action but before the hit rolls are made")? {
        "a melee" => Some(Trigger::TargetedByMelee),
        "a missile" => Some(Trigger::TargetedByMissile),
        "an" => Some(Trigger::TargetedByAttack),
        _ => None,
    }
}

/// "Subtract N from the attacks characteristic of that attack action, to a minimum of M",
/// "add N to this fighter's toughness characteristic during that attack action".
fn before_hits(s: &str) -> Option<Vec<Effect>> {
    if let Some(v) = fill(
        s,
        "subtract {n} from the attacks characteristic of that attack action, to a minimum of {n}",
    ) {
        return Some(vec![Effect::FewerAttackDice {
            by: v[0],
            min: v[1],
        }]);
    }
    let v = fill(
        s,
        "add {n} to this fighter's toughness characteristic during that attack action",
    )?;
    Some(vec![Effect::ToughnessThisAttack { by: v[0] }])
}

/// "Roll a dice. On a roll of N+, allocate M damage points to their attacker." ("... allocate
/// dM damage points to that enemy fighter"); "After the hit rolls have been made, roll a dice
/// for each critical hit. On a roll of N+, that critical hit becomes a hit instead."
pub(super) fn roll_against_attacker(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    if let Some(read) = per_crit_once_totalled(s) {
        return Some(read);
    }
    let then = s.get(1)?;
    let then = then
        .strip_prefix("on a roll of ")
        .or_else(|| then.strip_prefix("on a "))?;
    let (least, then) = number_prefix(then)?;
    let least = u8::try_from(least).ok()?;
    let then = then.strip_prefix("+, ")?;
    let e = match s[0].as_str() {
        "roll a dice" => {
            if let Some(v) = fill(then, "allocate {n} damage points to their attacker") {
                Effect::DamageAttackerOnRoll {
                    least,
                    amount: v[0],
                }
            } else {
                let v = fill(then, "allocate d{n} damage points to that enemy fighter")?;
                let sides = u8::try_from(v[0]).ok()?;
                Effect::StrikeOnRoll { least, sides }
            }
        }
        "after the hit rolls have been made, roll a dice for each critical hit"
        | "roll a dice for each critical hit" => {
            (then == "that critical hit becomes a hit instead").then_some(())?;
            Effect::CritsSaved { least }
        }
        _ => return None,
    };
    Some((2, vec![e]))
}

/// "If none of the hit rolls from that attack action result in a critical hit, allocate N
/// damage points to the attacking fighter", "if each hit roll from that attack action results
/// in a miss, allocate N damage points to the attacking fighter".
fn damage_to_attacker_if(s: &str) -> Option<Vec<Effect>> {
    let (when, rest) = if let Some(r) = s
        .strip_prefix("if none of the hit rolls from that attack action result in a critical hit, ")
    {
        (RollsWere::NoCrits, r)
    } else {
        let r = s.strip_prefix("if each hit roll from that attack action results in a miss, ")?;
        (RollsWere::AllMissed, r)
    };
    // "..., and remove up to N damage points allocated to this fighter".
    let (rest, heal) = match rest.split_once(", and remove up to ") {
        Some((r, h)) => (
            r,
            fill(h, "{n} damage points allocated to this fighter")?[0],
        ),
        None => (rest, 0),
    };
    let amount = fill(rest, "allocate {n} damage points to the attacking fighter")
        .or_else(|| fill(rest, "allocate {n} damage point to the attacking fighter"))?[0];
    Some(vec![Effect::DamageAttackerIf(
        crate::model::effects::AttackerIf { when, amount, heal },
    )])
}

/// "For each hit roll from that attack action that misses, allocate N damage point(s) to the
/// attacking fighter" + "For each hit roll of 1, allocate M damage points to the attacking
/// fighter instead": a 1 always misses, so each 1 deals M - N more.
pub(super) fn misses_then_ones(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let per = |s: &str, template: &str| {
        fill(s, template)
            .or_else(|| fill(s, &template.replace("points", "point")))
            .map(|v| v[0])
    };
    let miss = per(
        &s[0],
        "for each hit roll from that attack action that misses, allocate {n} damage points to \
         the attacking fighter",
    )?;
    let one = per(
        s.get(1)?,
        "for each hit roll of 1, allocate {n} damage points to the attacking fighter instead",
    )?;
    let more = one.checked_sub(miss).filter(|m| *m > 0)?;
    let ones = Effect::DamageAttackerPerRoll {
        least: 1,
        most: 1,
        amount: crate::model::effects::Amount::Fixed(more),
    };
    Some((
        2,
        vec![Effect::DamageAttackerPerMiss { amount: miss }, ones],
    ))
}

/// "For each hit roll from that attack action that hits, allocate N damage point(s) to the
/// attacking fighter." (+ "For each critical hit, allocate M damage points to the attacking
/// fighter instead.")
pub(super) fn damage_per_hit(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let per = |s: &str, template: &str| {
        fill(s, template)
            .or_else(|| fill(s, &template.replace("points", "point")))
            .map(|v| v[0])
    };
    let hit = per(
        &s[0],
        "for each hit roll from that attack action that hits, allocate {n} damage points to the \
         attacking fighter",
    )?;
    let crit = s.get(1).and_then(|c| {
        per(
            c,
            "for each critical hit, allocate {n} damage points to the attacking fighter instead",
        )
    });
    let used = 1 + usize::from(crit.is_some());
    let effect = Effect::DamageAttackerPerHit {
        hit,
        crit: crit.unwrap_or(hit),
    };
    Some((used, vec![effect]))
}

/// What a reaction does to the attack that set it off: "Subtract N from the damage points
/// allocated to this fighter by each hit from that attack action (to a minimum of 1)",
/// "Count up to two critical hits from that attack action as hits instead", "For each hit
/// roll of 1 or 2 from that attack action, allocate N damage points to the attacking
/// fighter".
fn answer_to_attack(s: &str) -> Option<Vec<Effect>> {
    if let Some(v) = fill(
        s,
        "subtract {n} from the damage points allocated to this fighter by each hit from that \
         attack action (to a minimum of 1)",
    ) {
        let by = Amount::Fixed(v[0]);
        return Some(vec![Effect::LessDamagePerHit { by, crits: false }]);
    }
    if let Some(v) = fill(
        s,
        "subtract {n} from the damage points allocated to this fighter by each hit and critical \
         hit from that attack action (to a minimum of 1)",
    ) {
        let by = Amount::Fixed(v[0]);
        return Some(vec![Effect::LessDamagePerHit { by, crits: true }]);
    }
    if let Some(rest) = s.strip_prefix("count up to ") {
        let (n, rest) = count_prefix(rest)?;
        let plural = if n == 1 { "hit" } else { "hits" };
        // "... as hits" in an "if ..., ... instead" read by `card::when`.
        let tail = format!(" critical {plural} from that attack action as hits");
        let rest = rest.strip_suffix(" instead").unwrap_or(rest);
        return (rest == tail).then(|| {
            vec![Effect::CritsAsHits {
                up_to: Amount::Fixed(n),
            }]
        });
    }
    let rest = s.strip_prefix("for each hit roll of ")?;
    let (least, rest) = number_prefix(rest)?;
    let (most, rest) = if let Some(r) = rest.strip_prefix(" or ") {
        number_prefix(r).filter(|(m, _)| Some(*m) == least.checked_add(1))?
    } else if let Some(r) = rest.strip_prefix('+') {
        (6, r)
    } else {
        (least, rest)
    };
    let v = fill(
        rest,
        " from that attack action, allocate {n} damage points to the attacking fighter",
    )?;
    let (least, most) = (u8::try_from(least).ok()?, u8::try_from(most).ok()?);
    Some(vec![Effect::DamageAttackerPerRoll {
        least,
        most,
        amount: Amount::Fixed(v[0]),
    }])
}

/// "For each hit roll of 1 from that attack action, allocate 3 damage points to the attacking
/// fighter, or if this fighter has the R runemark, allocate 3 damage points to each enemy
/// fighter within 1\" instead": to the attacker, or to each enemy near a fighter bearing R.
fn per_roll_or_around(s: &str) -> Option<Vec<Effect>> {
    let (plain, or) = s.split_once(", or if this fighter has the ")?;
    let [
        Effect::DamageAttackerPerRoll {
            least,
            most,
            amount: Amount::Fixed(amount),
        },
    ] = answer_to_attack(plain)?[..]
    else {
        return None;
    };
    (least == most).then_some(())?;
    let (marks, then) = or.split_once(" runemark, ")?;
    let v = fill(
        then,
        "allocate {n} damage points to each enemy fighter within {n}\" instead",
    )?;
    (v[0] == amount).then_some(())?;
    let when = crate::model::effects::Condition::Marked(super::card::marks_of(marks)?);
    let around = Effect::DamageAroundPerRoll {
        face: least,
        amount,
        range: v[1] as f32,
    };
    Some(vec![Effect::When {
        when,
        then: vec![around],
        otherwise: answer_to_attack(plain)?,
    }])
}

/// "For each hit roll from that attack action that misses, allocate N damage points to the
/// attacking fighter", "for each critical hit from that attack action, allocate N additional
/// damage point(s) to this fighter".
fn per_miss_or_crit(s: &str) -> Option<Vec<Effect>> {
    let per = |template: &str| {
        fill(s, template)
            .or_else(|| fill(s, &template.replace("points", "point")))
            .map(|v| v[0])
    };
    if let Some(amount) = per(
        "for each hit roll from that attack action that misses, allocate {n} damage points to \
         the attacking fighter",
    ) {
        return Some(vec![Effect::DamageAttackerPerMiss { amount }]);
    }
    let by = per(
        "for each critical hit from that attack action, allocate {n} additional damage points \
         to this fighter",
    )?;
    Some(vec![Effect::MoreCritDamage { by }])
}
