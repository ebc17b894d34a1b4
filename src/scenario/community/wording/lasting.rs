//! Shapes of wording for effects that last, wait or answer (ABL-5, REA-1): boosts for the next
//! action, effects after a move or on a critical hit, reactions' answers to an attack, rolls
//! against a picked enemy.

use super::*;

/// "Add A to the Move characteristic of this fighter for the next move action they make in
/// this activation" and "add A to the S characteristic of the next attack action made by
/// this fighter in this activation", alone or joined by ", and ".
pub(super) fn next_boosts(s: &str) -> Option<Vec<Effect>> {
    s.split(", and ")
        .map(|clause| {
            let (by, stat, rest) = add_to_one(clause)?;
            let fits = match rest {
                " of this fighter for the next move action they make in this activation" => {
                    stat == Stat::Move
                }
                " of the next attack action made by this fighter in this activation" => {
                    stat.of_attacks()
                }
                _ => false,
            };
            fits.then_some(Effect::NextBoost { stat, by })
        })
        .collect()
}

/// "In addition, if the fighter finishes that move action N" or more vertically lower than
/// their starting position, they can make a bonus attack action" and "Add A to the Strength
/// characteristic of that attack action if the fighter finished the move action N" or more
/// vertically lower than their starting position".
pub(super) fn after_a_drop(s: &str) -> Option<Vec<Effect>> {
    let (h, then) = if let Some(v) = fill(
        s,
        "in addition, if the fighter finishes that move action {n}\" or more vertically lower \
         than their starting position, they can make a bonus attack action",
    ) {
        (v[0], Effect::BonusAttack)
    } else {
        let (by, stat, rest) = add_to_one(s).filter(|(_, s, _)| s.of_attacks())?;
        let rest = rest.strip_prefix(" of that attack action if ")?;
        let v = fill(
            rest,
            "the fighter finished the move action {n}\" or more vertically lower than their \
             starting position",
        )?;
        (v[0], Effect::NextBoost { stat, by })
    };
    Some(vec![Effect::AfterMove {
        trigger: MoveTrigger::DroppedNext(h as f32),
        then: vec![then],
    }])
}

/// What a reaction does to the attack that set it off: "Subtract N from the damage points
/// allocated to this fighter by each hit from that attack action (to a minimum of 1)",
/// "Count up to two critical hits from that attack action as hits instead", "For each hit
/// roll of 1 or 2 from that attack action, allocate N damage points to the attacking
/// fighter".
pub(super) fn answer_to_attack(s: &str) -> Option<Vec<Effect>> {
    if let Some(v) = fill(
        s,
        "subtract {n} from the damage points allocated to this fighter by each hit from that \
         attack action (to a minimum of 1)",
    ) {
        let by = Amount::Fixed(v[0]);
        return Some(vec![Effect::LessDamagePerHit { by }]);
    }
    if let Some(rest) = s.strip_prefix("count up to ") {
        let (n, rest) = count_prefix(rest)?;
        let plural = if n == 1 { "hit" } else { "hits" };
        let tail = format!(" critical {plural} from that attack action as hits instead");
        return (rest == tail).then(|| {
            vec![Effect::CritsAsHits {
                up_to: Amount::Fixed(n),
            }]
        });
    }
    let rest = s.strip_prefix("for each hit roll of ")?;
    let (least, rest) = number_prefix(rest)?;
    let (most, rest) = match rest.strip_prefix(" or ") {
        Some(r) => number_prefix(r).filter(|(m, _)| Some(*m) == least.checked_add(1))?,
        None => (least, rest),
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

/// "Until the end of this fighter's activation, add A to the damage points allocated to
/// enemy fighters by each critical hit from attack actions made by this fighter".
pub(super) fn critical_damage(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("until the end of this fighter's activation, add ")?;
    let (by, rest) = amount_prefix(rest)?;
    (rest
        == " to the damage points allocated to enemy fighters by each critical hit from attack \
            actions made by this fighter")
        .then(|| {
            vec![Effect::Boost {
                stat: Stat::CritDamage,
                by,
                melee_only: false,
            }]
        })
}

/// "If the next attack action made by this fighter this activation that targets an enemy
/// monster scores any critical hits, subtract N from the Attacks characteristic (to a minimum
/// of M) of attack actions made by that monster until the end of the battle".
pub(super) fn crits_weaken(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix(
        "if the next attack action made by this fighter this activation that targets an enemy ",
    )?;
    let (who, rest) = rest.split_once(" scores any critical hits, subtract ")?;
    let runemark = match who {
        "fighter" => None,
        "monster" => Some("monster".to_string()),
        _ => return None,
    };
    let (by, rest) = number_prefix(rest)?;
    let rest = rest.strip_prefix(" from the attacks characteristic (to a minimum of ")?;
    let (min, rest) = number_prefix(rest)?;
    let rest = rest.strip_prefix(") of attack actions made by ")?;
    let rest = ["that fighter", "that monster"]
        .iter()
        .find_map(|t| rest.strip_prefix(t))?;
    (rest == " until the end of the battle").then(|| {
        vec![Effect::CritsWeaken {
            runemark,
            stat: Stat::Attacks,
            by,
            min,
        }]
    })
}

/// "Pick a (visible) enemy fighter|monster within N" of this fighter and roll D dice": the
/// range, whether it must be seen, the runemark (`monster`) and the dice.
pub(super) fn pick_and_roll_any(s: &str) -> Option<(f32, bool, Option<String>, Amount)> {
    let (visible, rest) = match s.strip_prefix("pick a visible enemy ") {
        Some(r) => (true, r),
        None => (false, s.strip_prefix("pick an enemy ")?),
    };
    let (who, rest) = rest.split_once(" within ")?;
    let runemark = match who {
        "fighter" => None,
        "monster" => Some("monster".to_string()),
        _ => return None,
    };
    let (n, rest) = number_prefix(rest)?;
    let rest = rest.strip_prefix("\" of this fighter and roll ")?;
    let dice = match rest {
        "a dice" => Amount::Fixed(1),
        "a number of dice equal to the value of this ability" => Amount::Value,
        _ => Amount::Fixed(number_prefix(rest).filter(|(_, r)| *r == " dice")?.0),
    };
    Some((n as f32, visible, runemark, dice))
}

/// What the successes of a roll against a picked enemy do: "For each 4+, subtract 1 from the
/// Move characteristic of that monster (to a minimum of 3) until the end of the battle" and
/// "If a 4+ is rolled on any of the dice, then until the end of the battle round or until this
/// fighter is taken down, attack actions made by that monster must target this fighter".
pub(super) fn on_success(s: &str) -> Option<(u8, OnSuccess)> {
    let that = ["that fighter", "that monster"];
    if let Some(rest) = s.strip_prefix("for each ") {
        let (least, rest) = number_prefix(rest)?;
        let rest = rest.strip_prefix("+, subtract 1 from the ")?;
        let (stat, rest) = rest.split_once(" characteristic of ")?;
        let stat = stat_of(stat).filter(|s| matches!(s, Stat::Move))?;
        let rest = that.iter().find_map(|t| rest.strip_prefix(t))?;
        let v = fill(rest, " (to a minimum of {n}) until the end of the battle")?;
        return Some((
            u8::try_from(least).ok()?,
            OnSuccess::Weaken { stat, min: v[0] },
        ));
    }
    let rest = s.strip_prefix("if a ")?;
    let (least, rest) = number_prefix(rest)?;
    let rest = rest.strip_prefix(
        "+ is rolled on any of the dice, then until the end of the battle round or until this \
         fighter is taken down, attack actions made by ",
    )?;
    let rest = that.iter().find_map(|t| rest.strip_prefix(t))?;
    (rest == " must target this fighter").then_some((u8::try_from(least).ok()?, OnSuccess::Taunt))
}
