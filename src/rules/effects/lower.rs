//! A picked enemy's Move or Attacks lowered until the end of the battle round (ABL-4, ABL-5),
//! or the enemy exposed (the attacks on it raised); part of the against family.

use bevy::prelude::*;

use crate::model::effects::{Effect, Lowering, PickOnly, Stat};
use crate::rules::log::EffectOutcome;
use crate::rules::state;

use super::{a_visible, amount_text};

/// In words: "a visible enemy within 6" has 1 less Attacks (to 1) until the end of the
/// round".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    if let Effect::LowerPerRoll { .. } = e {
        return per_roll_text(e);
    }
    if let Effect::ExposePicked { .. } = e {
        return exposed_text(e, value);
    }
    let Effect::LowerPicked(crate::model::effects::PickedLowering {
        range,
        visible,
        stat,
        by,
        min,
        activation,
        melee_only,
        how,
        spares_me,
    }) = e
    else {
        return String::new();
    };
    let (who, until) = (
        format!(
            "{} enemy {}",
            a_visible(*visible),
            super::within_text(super::at_value(*range, value))
        ),
        if *activation { "activation" } else { "round" },
    );
    if *how == Lowering::Halve {
        return format!("{who} has its {stat} halved (rounding up) until the end of the {until}");
    }
    if *how == Lowering::Roll {
        return format!(
            "{who} has a dice's roll less {stat} (to {min}) until the end of the {until}"
        );
    }
    let what = match stat {
        Stat::Damage | Stat::CritDamage => "damage for each hit and critical hit".to_string(),
        s if *melee_only => format!("{s} of its melee attacks"),
        s => s.to_string(),
    };
    format!(
        "{who} has {} less {what} (to {min}) until the end of the {until}{}",
        amount_text(by, value),
        if *spares_me {
            ", except in its attacks on this fighter"
        } else {
            ""
        }
    )
}

/// In words: "a visible enemy within 3\": each hit of the attacks on it deals 1 more damage
/// until the end of the round".
fn exposed_text(e: &Effect, value: Option<u8>) -> String {
    let Effect::ExposePicked {
        range,
        visible,
        stat,
        by,
        to,
        only,
    } = e
    else {
        return String::new();
    };
    let attacks = to.map_or("the attacks".to_string(), |t| t.words());
    let enemy = match only {
        Some(PickOnly::ItsLastShot) => "the target of its missile attack".to_string(),
        _ if *range == crate::model::effects::ANYWHERE => format!(
            "{} enemy{}",
            a_visible(*visible),
            only.map_or(String::new(), only_words)
        ),
        _ => format!(
            "{} enemy{} {}",
            a_visible(*visible),
            only.map_or(String::new(), only_words),
            super::within_text(*range)
        ),
    };
    let what = match stat {
        Stat::CritDamage => format!("each critical hit of {attacks} on it deals"),
        Stat::Damage => format!("each hit of {attacks} on it deals"),
        _ => format!("{attacks} on it have"),
    };
    format!(
        "{enemy}: {what} {} more {} until the end of the round",
        amount_text(by, value),
        exposed_stat(*stat)
    )
}

/// In words: "each roll of 5+ takes 1 Move off that enemy (to 1) until the end of the round".
fn per_roll_text(e: &Effect) -> String {
    let Effect::LowerPerRoll {
        least,
        most,
        stat,
        min,
        battle,
    } = e
    else {
        return String::new();
    };
    format!(
        "each roll of {} takes 1 {stat} off that enemy (to {min}) until the end of the {}",
        crate::model::effects::band_text(*least, *most),
        if *battle { "battle" } else { "round" }
    )
}

/// ABL-5: the attacks on the picked enemy (those of `side`'s fighters the card names, when it
/// names some) are raised until the end of the round.
pub(super) fn expose(
    world: &mut World,
    side: crate::model::ids::Side,
    e: &Effect,
    value: u8,
    target: Option<crate::model::ids::FighterId>,
) -> Option<EffectOutcome> {
    let Effect::ExposePicked { stat, by, to, .. } = e else {
        return None;
    };
    let (t, by) = (target?, by.of(value));
    state::engine(world).expose_for_round(t, (*stat, by), to.map(|to| (side, to)));
    Some(EffectOutcome::Exposed {
        fighter: t,
        stat: *stat,
        by,
        to: *to,
    })
}

/// ABL-4: the picked enemy's characteristic is lowered (after every bonus) until the end of
/// the round; what it is now, for the log.
pub(super) fn run(
    world: &mut World,
    (f, e): (crate::model::ids::FighterId, &Effect),
    value: u8,
    target: Option<crate::model::ids::FighterId>,
) -> Option<EffectOutcome> {
    let Effect::LowerPicked(crate::model::effects::PickedLowering {
        stat,
        by,
        min,
        activation,
        melee_only,
        how,
        spares_me,
        ..
    }) = e
    else {
        return None;
    };
    let t = target?;
    if *spares_me {
        state::engine(world).weaken_unless(t, (by.of(value), *min), f);
        let by = by.of(value);
        let min = *min;
        return Some(EffectOutcome::WeakenedUnless {
            fighter: t,
            by,
            min,
        });
    }
    let roll = (*how == Lowering::Roll).then(|| state::d6(world));
    let lowered = (*stat, roll.map_or(by.of(value), u32::from), *min);
    match how {
        Lowering::Halve => state::engine(world).halve_for_round(t, *stat),
        _ => state::engine(world).lower_for_round(t, lowered, (*activation, *melee_only)),
    }
    let v = state::fighter(world, t)?;
    Some(EffectOutcome::Lowered {
        fighter: t,
        stat: *stat,
        now: now(world, &v, (*stat, *melee_only)),
        activation: *activation,
        battle: false,
        roll,
    })
}

/// ABL-5: for each of the `rolls` an effect just made against the picked enemy that lies in
/// the band, that enemy has 1 less of the characteristic, for the round or the battle; what
/// it is now, for the log (nothing when no roll lies in the band).
pub(super) fn per_roll(
    world: &mut World,
    e: &Effect,
    rolls: &[u8],
    target: Option<crate::model::ids::FighterId>,
) -> Option<EffectOutcome> {
    let Effect::LowerPerRoll {
        least,
        most,
        stat,
        min,
        battle,
    } = *e
    else {
        return None;
    };
    let n = rolls.iter().filter(|r| (least..=most).contains(r)).count() as u32;
    let t = target.filter(|_| n > 0)?;
    lower_for(world, t, (stat, n, min), battle)
}

/// ABL-4, ABL-5: `t` has `n` less `stat` (to `min`) for the round or (`battle`) the battle;
/// what it is now, for the log.
pub(super) fn lower_for(
    world: &mut World,
    t: crate::model::ids::FighterId,
    (stat, n, min): (Stat, u32, u32),
    battle: bool,
) -> Option<EffectOutcome> {
    let mut eng = state::engine(world);
    match battle {
        true => eng.lower(t, stat, n, min),
        false => eng.lower_for_round(t, (stat, n, min), (false, false)),
    }
    let v = state::fighter(world, t)?;
    Some(EffectOutcome::Lowered {
        fighter: t,
        stat,
        now: now(world, &v, (stat, false)),
        activation: false,
        battle,
        roll: None,
    })
}

/// What `v`'s `stat` is now, with what lasting effects subtract: its Move or Toughness, the
/// most of its weapons' Attacks, Strength or damage.
fn now(world: &World, v: &crate::rules::state::FighterView, (stat, melee): (Stat, bool)) -> u32 {
    let rules = world.resource::<crate::model::ruleset::Ruleset>();
    let most = |of: fn(&crate::model::formats::Weapon) -> u32, melee: bool| {
        let mut weapons = v.profile.weapons.clone();
        weapons.retain(|w| !melee || w.is_melee());
        weapons.iter_mut().for_each(|w| v.weaken(w));
        weapons.iter().map(of).max().unwrap_or(0)
    };
    match stat {
        Stat::Move => v.move_budget(rules, 0) as u32,
        Stat::Toughness => v.toughness_with(0),
        Stat::Attacks => (0..v.profile.weapons.len())
            .filter(|&w| !melee || v.profile.weapons[w].is_melee())
            .map(|w| v.attacks_with(w))
            .max()
            .unwrap_or(0),
        Stat::Strength => most(|w| w.strength, melee),
        Stat::Damage => most(|w| w.damage.0, false),
        Stat::CritDamage => most(|w| w.damage.1, false),
    }
}

/// May a pick of `f`'s name `o` as `only` says?
pub(super) fn only_holds(
    world: &World,
    f: &state::FighterView,
    o: &state::FighterView,
    only: PickOnly,
) -> bool {
    use crate::rules::log::Event;
    let log = world.resource::<crate::rules::log::BattleLog>();
    // This activation's entries, the last first: back to `f`'s activation.
    let this_activation = || {
        (log.entries.iter().rev())
            .map(|l| &l.event)
            .take_while(|e| !matches!(e, Event::Activate { fighter, .. } if *fighter == f.id))
    };
    // Its attacks this activation (missile ones, or melee ones): on whom, how much damage.
    let attacks = |melee: Option<bool>| {
        this_activation().filter_map(move |e| match e {
            Event::Attack {
                attacker,
                target,
                weapon,
                damage,
                ..
            } if *attacker == f.id
                && melee.is_none_or(|m| {
                    (f.profile.weapons.iter()).any(|w| &w.name == weapon && w.is_melee() == m)
                }) =>
            {
                Some((*target, *damage))
            }
            _ => None,
        })
    };
    let hurt_by_ability = || {
        this_activation().any(|e| match e {
            Event::Effect {
                fighter,
                outcome:
                    EffectOutcome::Damage {
                        fighters, damage, ..
                    },
            } => *fighter == f.id && *damage > 0 && fighters.contains(&o.id),
            _ => false,
        })
    };
    match only {
        PickOnly::Damaged(n) => o.damage >= n,
        PickOnly::HurtByItsShots => attacks(Some(false)).any(|(t, d)| t == o.id && d > 0),
        PickOnly::HurtByItsMelee => attacks(Some(true)).any(|(t, d)| t == o.id && d > 0),
        PickOnly::HurtByItsAttacks => attacks(None).any(|(t, d)| t == o.id && d > 0),
        PickOnly::OnFloor => o.pos.y < 0.01,
        PickOnly::HurtByIt => attacks(None).any(|(t, d)| t == o.id && d > 0) || hurt_by_ability(),
        PickOnly::ItsLastShot => attacks(Some(false)).next().is_some_and(|(t, _)| t == o.id),
        PickOnly::Marked(m) => m.fit(|r| o.profile.bears(r)),
        PickOnly::NotMarked(m) => !m.fit(|r| o.profile.bears(r)),
    }
}

/// Which enemy a pick may name, in words after "an enemy": " with 1 or more damage".
pub(super) fn only_words(only: PickOnly) -> String {
    match only {
        PickOnly::Damaged(n) => format!(" with {n} or more damage"),
        PickOnly::HurtByItsShots => " its missile attacks damaged this activation".to_string(),
        PickOnly::HurtByItsMelee => " its melee attacks damaged this activation".to_string(),
        PickOnly::HurtByItsAttacks => " its attacks damaged this activation".to_string(),
        PickOnly::OnFloor => " on the battlefield floor".to_string(),
        PickOnly::HurtByIt => " it damaged this activation".to_string(),
        PickOnly::ItsLastShot => " its last missile attack targeted".to_string(),
        PickOnly::Marked(m) => m.with_words(),
        PickOnly::NotMarked(m) => format!(" (not one with the {} runemark)", m.words()),
    }
}

/// The characteristic an exposure raises, as its line names it.
fn exposed_stat(stat: Stat) -> &'static str {
    match stat {
        Stat::Attacks => "Attacks",
        Stat::Strength => "Strength",
        _ => "damage",
    }
}
