//! A picked enemy's Move or Attacks lowered until the end of the battle round (ABL-4, ABL-5),
//! or the enemy exposed (the attacks on it raised); part of the against family.

use bevy::prelude::*;

use crate::model::effects::{Effect, Stat};
use crate::rules::log::EffectOutcome;
use crate::rules::state;

use super::card::{amount_prefix, fill, number_prefix, picked_enemy};
use super::{a_visible, amount_text};

/// In words: "a visible enemy within 6" has 1 less Attacks (to 1) until the end of the
/// round".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    if let Effect::ExposePicked {
        range,
        visible,
        stat,
        by,
    } = e
    {
        let what = match stat {
            Stat::CritDamage => "each critical hit of the attacks on it deals",
            _ => "the attacks on it have",
        };
        return format!(
            "{} enemy within {range}\": {what} {} more {} until the end of the round",
            a_visible(*visible),
            amount_text(by, value),
            if *stat == Stat::Attacks {
                "Attacks"
            } else {
                "damage"
            }
        );
    }
    let Effect::LowerPicked {
        range,
        visible,
        stat,
        by,
        min,
    } = e
    else {
        return String::new();
    };
    format!(
        "{} enemy within {range}\" has {} less {stat} (to {min}) until the end of the round",
        a_visible(*visible),
        amount_text(by, value)
    )
}

/// ABL-4: the picked enemy's characteristic is lowered (after every bonus) until the end of
/// the round; what it is now, for the log.
pub(super) fn run(
    world: &mut World,
    e: &Effect,
    value: u8,
    target: Option<crate::model::ids::FighterId>,
) -> Option<EffectOutcome> {
    if let Effect::ExposePicked { stat, by, .. } = e {
        let (t, by) = (target?, by.of(value));
        state::engine(world).expose_for_round(t, *stat, by);
        return Some(EffectOutcome::Exposed {
            fighter: t,
            stat: *stat,
            by,
        });
    }
    let Effect::LowerPicked { stat, by, min, .. } = e else {
        return None;
    };
    let t = target?;
    state::engine(world).lower_for_round(t, *stat, by.of(value), *min);
    let v = state::fighter(world, t)?;
    let rules = world.resource::<crate::model::ruleset::Ruleset>().clone();
    let now = match stat {
        Stat::Move => v.move_budget(&rules, 0) as u32,
        _ => (0..v.profile.weapons.len())
            .map(|w| v.attacks_with(w))
            .max()
            .unwrap_or(0),
    };
    Some(EffectOutcome::Lowered {
        fighter: t,
        stat: *stat,
        now,
    })
}

// The card's wording of this family (`card`: the language's shared pieces).

/// "Pick a (visible) enemy fighter within N" of this fighter." + "Until the end of the battle
/// round, subtract A from the Attacks characteristic (to a minimum of M) of attack actions
/// made by that fighter" (or "... attack actions ..." without "of", as one card prints it),
/// "... subtract A from that fighter's Move characteristic (to a minimum of M)".
pub(super) fn picked_then_lowered(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (range, visible) = picked_enemy(&s[0])?;
    if let Some((stat, by)) = exposed(s.get(1)?) {
        let e = Effect::ExposePicked {
            range,
            visible,
            stat,
            by,
        };
        return Some((2, vec![e]));
    }
    let rest = s
        .get(1)?
        .strip_prefix("until the end of the battle round, subtract ")?;
    let (by, rest) = amount_prefix(rest)?;
    let (stat, min) = if let Some(r) =
        rest.strip_prefix(" from the attacks characteristic (to a minimum of ")
    {
        let (min, r) = number_prefix(r)?;
        matches!(
            r,
            ") of attack actions made by that fighter" | ") attack actions made by that fighter"
        )
        .then_some((Stat::Attacks, min))?
    } else {
        let v = fill(
            rest,
            " from that fighter's move characteristic (to a minimum of {n})",
        )?;
        (Stat::Move, v[0])
    };
    let effect = Effect::LowerPicked {
        range,
        visible,
        stat,
        by,
        min,
    };
    Some((2, vec![effect]))
}

/// "Until the end of the battle round, add A to the damage points allocated by each critical
/// hit for attacks that target that fighter" ("... to the attacks characteristic of attack
/// actions that target that fighter").
fn exposed(s: &str) -> Option<(Stat, crate::model::effects::Amount)> {
    let rest = s.strip_prefix("until the end of the battle round, add ")?;
    let (by, rest) = amount_prefix(rest)?;
    let stat = match rest {
        " to the damage points allocated by each critical hit for attacks that target that \
         fighter" => Stat::CritDamage,
        " to the attacks characteristic of attack actions that target that fighter" => {
            Stat::Attacks
        }
        _ => return None,
    };
    Some((stat, by))
}
