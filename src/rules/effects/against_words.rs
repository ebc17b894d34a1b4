//! The against family's wording (ABL-5): picks of an enemy and what befalls it, rolls against
//! it, the enemy auras; read into the effects [`super::against`] runs.

use crate::model::effects::{Amount, Effect, OnSuccess, Stat};

use super::card::{
    allocate_to_that, bands, fill, number_prefix, pick_and_roll_any, picked_enemy, stat_of,
    then_roll,
};

/// A weakening waiting for a critical hit, or an aura lowering the enemies' attacks.
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    read_crits_weaken(s).or_else(|| enemy_aura(s))
}

/// "Until the end of the battle round, subtract N from the Attacks characteristic (to a
/// minimum of M) of (melee) attack actions made by (visible) enemy fighters while they are
/// within R" of this fighter". With no minimum, an attack keeps 1 die (README).
fn enemy_aura(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("until the end of the battle round, subtract ")?;
    let (by, rest) = number_prefix(rest)?;
    let rest = rest.strip_prefix(" from the attacks characteristic ")?;
    let (min, rest) = match rest.strip_prefix("(to a minimum of ") {
        Some(r) => {
            let (min, r) = number_prefix(r)?;
            (min, r.strip_prefix(") ")?)
        }
        None => (1, rest),
    };
    let rest = rest.strip_prefix("of ")?;
    let (melee_only, rest) = match rest.strip_prefix("melee ") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let rest = rest.strip_prefix("attack actions made by ")?;
    let (seen, rest) = match rest.strip_prefix("visible ") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let range = fill(
        rest,
        "enemy fighters while they are within {n}\" of this fighter",
    )?[0];
    Some(vec![Effect::EnemyAura {
        stat: Stat::Attacks,
        by: Amount::Fixed(by),
        min,
        range: range as f32,
        whose: crate::model::effects::Attackers { melee_only, seen },
    }])
}

/// "If the next attack action made by this fighter this activation that targets an enemy
/// monster scores any critical hits, subtract N from the Attacks characteristic (to a minimum
/// of M) of attack actions made by that monster until the end of the battle".
fn read_crits_weaken(s: &str) -> Option<Vec<Effect>> {
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

/// "Pick a (visible) enemy fighter (or monster) within N" of this fighter and roll D dice." +
/// what each success does to it.
pub(super) fn pick_roll_each_success(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let roll = pick_and_roll_any(&s[0])?;
    let (least, then) = on_success(s.get(1)?)?;
    // Damage to an enemy picked in sight is a roll of damage (`DamageOne`); unseen, this.
    if matches!(then, OnSuccess::Damage(_)) && roll.1 {
        return None;
    }
    // "If a fighter is reduced to 0 actions in this way, that fighter cannot be activated in
    // this battle round": as REA-1 has it for actions given up.
    let none_left = then == OnSuccess::FewerActions
        && s.get(2).is_some_and(|t| {
            t == "if a fighter is reduced to 0 actions in this way, that fighter cannot be \
                  activated in this battle round"
        });
    let effect = Effect::RollAgainst {
        range: roll.0,
        visible: roll.1,
        runemark: roll.2,
        dice: roll.3,
        least,
        then,
    };
    Some((2 + usize::from(none_left), vec![effect]))
}

/// What the successes of a roll against a picked enemy do: "For each 4+, subtract 1 from the
/// Move characteristic of that monster (to a minimum of 3) until the end of the battle" and
/// "If a 4+ is rolled on any of the dice, then until the end of the battle round or until this
/// fighter is taken down, attack actions made by that monster must target this fighter".
fn on_success(s: &str) -> Option<(u8, OnSuccess)> {
    let that = ["that fighter", "that monster"];
    // "For each roll of 4+, allocate 3 damage points to that (enemy) fighter".
    let each = ["that fighter", "that enemy fighter"].iter().find_map(|t| {
        fill(
            s,
            &format!("for each roll of {{n}}+, allocate {{n}} damage points to {t}"),
        )
    });
    if let Some(v) = each {
        return Some((u8::try_from(v[0]).ok()?, OnSuccess::Damage(v[1])));
    }
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
    if let Some(barred) = bar_on_a_roll(s) {
        return Some(barred);
    }
    if let Some(v) = fill(
        s,
        "on a {n}+, that fighter makes 1 less action in their next activation (to a minimum of 1)",
    ) {
        return Some((u8::try_from(v[0]).ok()?, OnSuccess::FewerNextActivation));
    }
    if let Some(v) = fill(
        s,
        "if 1 of the dice scores a {n}, that fighter makes 1 fewer action in this battle round \
         (to a minimum of 0)",
    ) {
        return Some((u8::try_from(v[0]).ok()?, OnSuccess::FewerActions));
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

/// "On a (roll of) 4+, until the end of the (this) battle round, that (enemy) fighter cannot
/// make move actions or disengage actions" (or with the round, or "this round", at the end):
/// any success bars.
pub(super) fn bar_on_a_roll(s: &str) -> Option<(u8, OnSuccess)> {
    let rest = s
        .strip_prefix("on a roll of ")
        .or_else(|| s.strip_prefix("on a "))?;
    let (least, rest) = number_prefix(rest)?;
    let rest = rest
        .strip_prefix("+, ")?
        .replace("this battle round", "the battle round");
    let round = "until the end of the battle round";
    let rest = match rest
        .strip_suffix(&format!(" {round}"))
        .or_else(|| rest.strip_suffix(" this round"))
    {
        Some(r) => format!("{round}, {r}"),
        None => rest,
    };
    let least = u8::try_from(least).ok().filter(|l| (1..=6).contains(l))?;
    Some((least, OnSuccess::Bar(super::bar::barred(&rest)?)))
}

/// "Pick a (visible) enemy fighter within N" of this fighter." + what happens to it: damage,
/// being set up near this fighter (and rolls against it), or a restriction.
pub(super) fn picked_enemy_then(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    if let Some((range, visible, only)) = super::lower_words::picked_only(&s[0]) {
        let actions = super::bar::barred(s.get(1)?)?;
        let only = Some(only);
        let restrict = Effect::Restrict {
            range,
            visible,
            actions,
            only,
        };
        return Some(match s.get(2).and_then(|t| barred_more_at(t, &restrict)) {
            Some(e) => (3, vec![e]),
            None => (2, vec![restrict]),
        });
    }
    let (range, visible) = picked_enemy(&s[0])?;
    let next = s.get(1)?;
    if let (Some(amount), true) = (allocate_to_that(next), visible) {
        let effect = Effect::DamageOne {
            range,
            amount,
            roll: None,
            only: None,
        };
        // "Then, roll a dice (a die). On a 2+, that fighter cannot ...": a roll against it.
        let one_die = s
            .get(2)
            .is_some_and(|t| then_roll(t) == Some(Amount::Fixed(1)) || t == "then, roll a die");
        if let (true, Some((least, then))) = (one_die, s.get(3).and_then(|t| bar_on_a_roll(t))) {
            let roll = Effect::RollAgainst {
                range,
                visible,
                runemark: None,
                dice: Amount::Fixed(1),
                least,
                then,
            };
            return Some((4, vec![effect, roll]));
        }
        return Some((2, vec![effect]));
    }
    if let Some(v) = fill(
        next,
        "remove that fighter from the battlefield and set them up within {n}\" of this fighter",
    ) {
        return Some(set_up_then_roll(s, range, visible, v[0] as f32));
    }
    let actions = super::bar::barred(next)?;
    let effect = Effect::Restrict {
        range,
        visible,
        actions,
        only: None,
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
        let (used, mut roll) = bands(&s[3..])?;
        roll.dice = dice;
        Some((used, roll))
    });
    let used = match rolled {
        Some((used, roll)) => {
            effects.push(Effect::DamageOne {
                range,
                amount: Amount::Fixed(0),
                roll: Some(roll),
                only: None,
            });
            3 + used
        }
        None => 2,
    };
    (used, effects)
}

/// "In addition, if the value of this ability is 6, that fighter cannot use abilities for the
/// rest of the battle round" after a restriction of a picked enemy: the restriction, with
/// more barred at that value.
fn barred_more_at(s: &str, restrict: &Effect) -> Option<Effect> {
    let Effect::Restrict { actions, .. } = restrict else {
        return None;
    };
    let rest = s.strip_prefix("in addition, if the value of this ability is ")?;
    let (n, rest) = super::card::number_prefix(rest)?;
    let more = super::bar::barred(rest.strip_prefix(", ")?)?;
    let least = u8::try_from(n).ok().filter(|n| *n == 6)?;
    let mut wider = restrict.clone();
    if let Effect::Restrict { actions: a, .. } = &mut wider {
        a.extend(more.into_iter().filter(|m| !actions.contains(m)));
    }
    Some(Effect::When {
        when: crate::model::effects::Condition::ValueAtLeast(least),
        then: vec![wider],
        otherwise: vec![restrict.clone()],
    })
}
