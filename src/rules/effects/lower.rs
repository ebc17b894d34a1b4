//! A picked enemy's Move or Attacks lowered until the end of the battle round (ABL-4, ABL-5),
//! or the enemy exposed (the attacks on it raised); part of the against family.

use bevy::prelude::*;

use crate::model::effects::{Amount, Effect, Exposers, Marks, PickOnly, Stat};
use crate::rules::log::EffectOutcome;
use crate::rules::state;

use super::card::{amount_prefix, fill, number_prefix, picked_enemy};
use super::{a_visible, amount_text};

/// In words: "a visible enemy within 6" has 1 less Attacks (to 1) until the end of the
/// round".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    if let Effect::LowerPerRoll {
        least,
        most,
        stat,
        min,
        battle,
    } = e
    {
        return format!(
            "each roll of {} takes 1 {stat} off that enemy (to {min}) until the end of the {}",
            crate::model::effects::band_text(*least, *most),
            if *battle { "battle" } else { "round" }
        );
    }
    if let Effect::ExposePicked {
        range,
        visible,
        stat,
        by,
        to,
        only,
    } = e
    {
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
        return format!(
            "{enemy}: {what} {} more {} until the end of the round",
            amount_text(by, value),
            exposed_stat(*stat)
        );
    }
    let Effect::LowerPicked {
        range,
        visible,
        stat,
        by,
        min,
        activation,
        melee_only,
    } = e
    else {
        return String::new();
    };
    let what = match stat {
        Stat::Damage | Stat::CritDamage => "damage for each hit and critical hit".to_string(),
        s if *melee_only => format!("{s} of its melee attacks"),
        s => s.to_string(),
    };
    format!(
        "{} enemy {} has {} less {what} (to {min}) until the end of the {}",
        a_visible(*visible),
        super::within_text(super::at_value(*range, value)),
        amount_text(by, value),
        if *activation { "activation" } else { "round" }
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
    e: &Effect,
    value: u8,
    target: Option<crate::model::ids::FighterId>,
) -> Option<EffectOutcome> {
    let Effect::LowerPicked {
        stat,
        by,
        min,
        activation,
        melee_only,
        ..
    } = e
    else {
        return None;
    };
    let t = target?;
    let lowered = (*stat, by.of(value), *min);
    state::engine(world).lower_for_round(t, lowered, (*activation, *melee_only));
    let v = state::fighter(world, t)?;
    Some(EffectOutcome::Lowered {
        fighter: t,
        stat: *stat,
        now: now(world, &v, (*stat, *melee_only)),
        activation: *activation,
        battle: false,
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
        Stat::Toughness => v.toughness_after(v.profile.toughness),
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
    }
}

/// " to the S characteristic of (melee) attack actions made by friendly fighters...", " to
/// the damage points allocated by each (critical) hit from ...": the characteristic, whether
/// of melee attacks only, and what follows "friendly fighters".
pub(super) fn friends_attacks_raised(rest: &str) -> Option<(Stat, bool, &str)> {
    let (stat, rest) = [
        (Stat::Attacks, " to the attacks characteristic of "),
        (Stat::Strength, " to the strength characteristic of "),
        (
            Stat::Damage,
            " to the damage points allocated by each hit from ",
        ),
        (
            Stat::CritDamage,
            " to the damage points allocated by each critical hit from ",
        ),
    ]
    .into_iter()
    .find_map(|(stat, head)| Some((stat, rest.strip_prefix(head)?)))?;
    let (melee_only, rest) = match rest.strip_prefix("melee ") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let who = rest.strip_prefix("attack actions made by friendly fighters")?;
    Some((stat, melee_only, who))
}

/// The marks of " with MARKS" after "friendly fighters", none for nothing; `None` for
/// anything else.
pub(super) fn marks_named(who: &str) -> Option<Marks> {
    match who.strip_prefix(" with ") {
        Some(m) => super::card::marks_of(m),
        None => who.is_empty().then(Marks::default),
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

// The card's wording of this family (`card`: the language's shared pieces).

/// "Pick a (visible) enemy fighter within N" of this fighter." + "Until the end of the battle
/// round (of this fighter's activation), subtract A from the Attacks characteristic (to a
/// minimum of M) of attack actions made by that fighter" (or "... attack actions ..." without
/// "of", as one card prints it), "... subtract A from that fighter's Move characteristic (to a
/// minimum of M)", and the other characteristics ([`lowering`]), one or more joined by "and".
pub(super) fn picked_then_lowered(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    if let Some((range, visible, only)) = picked_only(&s[0])
        && let Some((stat, by, to)) = exposed(s.get(1)?)
    {
        let e = Effect::ExposePicked {
            range,
            visible,
            stat,
            by,
            to,
            only: Some(only),
        };
        return Some((2, vec![e]));
    }
    let (range, visible) = picked_enemy(&s[0])?;
    if let Some((stat, by, to)) = exposed(s.get(1)?) {
        let e = Effect::ExposePicked {
            range,
            visible,
            stat,
            by,
            to,
            only: None,
        };
        return Some((2, vec![e]));
    }
    let next = s.get(1)?;
    let (activation, rest) = match next.strip_prefix("until the end of the battle round, ") {
        Some(r) => (false, r),
        None => (
            true,
            next.strip_prefix("until the end of this fighter's activation, ")?,
        ),
    };
    let mut effects = Vec::new();
    for clause in rest.split(" and subtract ") {
        let clause = clause.strip_prefix("subtract ").unwrap_or(clause);
        let (by, rest) = amount_prefix(clause)?;
        let (stat, min, melee_only) = lowering(rest)?;
        effects.push(Effect::LowerPicked {
            range,
            visible,
            stat,
            by,
            min,
            activation,
            melee_only,
        });
    }
    Some((2, effects))
}

/// "Pick a visible enemy fighter within N\" of this fighter with D or more damage points
/// allocated to them", "pick a visible enemy fighter that was allocated any damage points by
/// this fighter's missile attack actions this activation to be the target": the range,
/// whether it must be seen, and which enemies besides.
pub(super) fn picked_only(s: &str) -> Option<(f32, bool, PickOnly)> {
    let hurt = [
        (
            " that was allocated any damage points by this fighter's missile attack actions \
             this activation",
            PickOnly::HurtByItsShots,
        ),
        (
            " that was allocated any damage points this activation by any of this fighter's \
             melee attack actions",
            PickOnly::HurtByItsMelee,
        ),
        (
            " that had any damage points allocated to them by this fighter this activation",
            PickOnly::HurtByIt,
        ),
    ];
    let s = s.strip_suffix(" to be the target").unwrap_or(s);
    for (visible, head) in [
        (true, "pick a visible enemy fighter"),
        (false, "pick an enemy fighter"),
    ] {
        let Some(rest) = s.strip_prefix(head) else {
            continue;
        };
        if let Some((_, only)) = hurt.iter().find(|(w, _)| *w == rest) {
            return Some((crate::model::effects::ANYWHERE, visible, *only));
        }
    }
    let (pick, damage) = s.split_once(" with ")?;
    let (range, visible) = picked_enemy(pick)?;
    let n = fill(damage, "{n} or more damage points allocated to them")?[0];
    Some((range, visible, PickOnly::Damaged(n)))
}

/// "A fighter can make this reaction after a visible enemy fighter within 1\" of them makes a
/// disengage action." + "Until the end of the battle round, add A to the S characteristic of
/// (melee) attack actions made by friendly fighters (with MARKS) that target that enemy
/// fighter": the disengaging enemy exposed to the friends' attacks (at Strike Them Down's
/// moment, as the engine reads a reaction to a disengage).
pub(super) fn disengaged_then_exposed(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    if s[0]
        != "a fighter can make this reaction after a visible enemy fighter within 1\" of them \
            makes a disengage action"
    {
        return None;
    }
    let (stat, by, to) = exposed(s.get(1)?)?;
    let e = Effect::ExposePicked {
        range: 1.0,
        visible: true,
        stat,
        by,
        to: Some(to?),
        only: None,
    };
    let trigger = Effect::Reaction(crate::model::effects::Trigger::EnemyDisengages);
    Some((2, vec![trigger, e]))
}

/// "A fighter can only use this ability after it has made a missile attack action in this
/// activation." + "Until the end of the battle round, add A to the Attacks characteristic of
/// attack actions that target the target of that attack action": the target of its last
/// missile attack exposed.
pub(super) fn shot_then_exposed(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let shot = super::condition_words::sentence(&s[0])?;
    let [Effect::Requires(crate::model::effects::Condition::ShotThisActivation)] = &shot[..] else {
        return None;
    };
    let rest = s
        .get(1)?
        .strip_prefix("until the end of the battle round, add ")?;
    let (by, rest) = amount_prefix(rest)?;
    let stat = match rest {
        " to the attacks characteristic of attack actions that target the target of that \
         attack action" => Stat::Attacks,
        _ => return None,
    };
    let e = Effect::ExposePicked {
        range: crate::model::effects::ANYWHERE,
        visible: false,
        stat,
        by,
        to: None,
        only: Some(PickOnly::ItsLastShot),
    };
    Some((2, vec![shot[0].clone(), e]))
}

/// What follows "subtract A": " from the Attacks (Strength) characteristic (to a minimum of M)
/// of attack actions made by that fighter", " from that fighter's Move (Toughness)
/// characteristic (to a minimum of M)", " from the Move (Toughness) characteristic of that
/// fighter (to a minimum of M)", " from the damage points allocated by each hit and critical
/// hit from attack actions made by that fighter (to a minimum of M)": the characteristic, M
/// and whether it is of melee attacks only ("... of melee attack actions made by that
/// fighter").
fn lowering(rest: &str) -> Option<(Stat, u32, bool)> {
    for (stat, word) in [(Stat::Attacks, "attacks"), (Stat::Strength, "strength")] {
        let head = format!(" from the {word} characteristic (to a minimum of ");
        if let Some(r) = rest.strip_prefix(head.as_str()) {
            let (min, r) = number_prefix(r)?;
            return match r {
                ") of attack actions made by that fighter"
                | ") attack actions made by that fighter" => Some((stat, min, false)),
                ") of melee attack actions made by that fighter" => Some((stat, min, true)),
                _ => None,
            };
        }
    }
    let templates = [
        (
            Stat::Move,
            " from that fighter's move characteristic (to a minimum of {n})",
        ),
        (
            Stat::Move,
            " from the move characteristic of that fighter (to a minimum of {n})",
        ),
        (
            Stat::Move,
            " from the move characteristic (to a minimum of {n}) of that fighter",
        ),
        (
            Stat::Toughness,
            " from that fighter's toughness characteristic (to a minimum of {n})",
        ),
        (
            Stat::Toughness,
            " from the toughness characteristic of that fighter (to a minimum of {n})",
        ),
        (
            Stat::Damage,
            " from the damage points allocated by each hit and critical hit from attack actions \
             made by that fighter (to a minimum of {n})",
        ),
    ];
    templates
        .iter()
        .find_map(|(stat, t)| fill(rest, t).map(|v| (*stat, v[0], false)))
}

/// "For each roll of 5+ (for each 4+, for each 6), until the end of the battle round (of the
/// battle), subtract 1 from that fighter's Toughness characteristic (to a minimum of 1)", the
/// duration before or after, the minimum left out (none): a lowering for each such roll of
/// the damage rolled before it.
pub(super) fn per_roll_sentence(s: &str) -> Option<Vec<Effect>> {
    let (least, most, rest) = super::card::band_prefix(super::card::for_each(s)?)?;
    let (battle, rest) = if let Some(r) = rest.strip_prefix("until the end of the battle round, ") {
        (false, r.to_string())
    } else if let Some(r) = rest.strip_prefix("until the end of the battle, ") {
        (true, r.to_string())
    } else {
        (
            false,
            rest.replacen(" until the end of the battle round", "", 1),
        )
    };
    let rest = rest.strip_prefix("subtract 1")?;
    let (stat, min) = match lowering(rest) {
        Some((stat, min, false)) => (stat, min),
        _ => {
            let v = fill(rest, " from that fighter's toughness characteristic");
            v.map(|_| (Stat::Toughness, 0))?
        }
    };
    let e = Effect::LowerPerRoll {
        least,
        most,
        stat,
        min,
        battle,
    };
    Some(vec![e])
}

/// "Until the end of the battle round, add A to the damage points allocated by each critical
/// hit for attacks that target that fighter" ("... to the attacks characteristic of attack
/// actions that target that fighter"); "... add A to the Strength (Attacks) characteristic of
/// (melee) attack actions made by friendly fighters (with MARKS) that target that (enemy)
/// fighter", "... add A to the damage points allocated by each (critical) hit from (melee)
/// attack actions made by friendly fighters ...": the characteristic, by how much, and whose
/// attacks only.
fn exposed(s: &str) -> Option<(Stat, Amount, Option<Exposers>)> {
    let rest = s.strip_prefix("until the end of the battle round, add ")?;
    let (by, rest) = amount_prefix(rest)?;
    let any = match rest {
        " to the damage points allocated by each critical hit for attacks that target that \
         fighter" => Some(Stat::CritDamage),
        " to the attacks characteristic of attack actions that target that fighter" => {
            Some(Stat::Attacks)
        }
        _ => None,
    };
    if let Some(stat) = any {
        return Some((stat, by, None));
    }
    let (stat, melee_only, who) = friends_attacks_raised(rest)?;
    let who = (who.strip_suffix(" that target that fighter"))
        .or_else(|| who.strip_suffix(" that target that enemy fighter"))?;
    let marks = marks_named(who)?;
    Some((stat, by, Some(Exposers { marks, melee_only })))
}
