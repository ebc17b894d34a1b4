//! The boost family (ABL-5): characteristics raised for the activation, the next action or
//! the round (for the fighter, or the friends in its aura), and how its attacks are made.

use bevy::prelude::*;

use crate::battlefield::measure::distance;
use crate::model::effects::{Amount, AttackKind, Aura, Effect, Stat};
use crate::model::ids::FighterId;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, Boost, Engine, FighterView, Scope, can_see};

use super::card::{add_to, amount_prefix, friends_anywhere, friends_moving_from, friends_within};
use super::{Useful, Weighed, amount_text, kept, lasts};

/// In words: "+1 Strength for melee attacks until the end of the activation".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    let amount = |a: &Amount| amount_text(a, value);
    match e {
        Effect::RangeBoost { .. } | Effect::RangeIs { .. } => {
            super::range_boost::describe(e, value)
        }
        Effect::Boost {
            stat,
            by,
            melee_only,
            missile_only: true,
        } if !melee_only => format!(
            "+{} {stat} for missile attacks until the end of the activation",
            amount(by)
        ),
        Effect::Boost {
            stat,
            by,
            melee_only,
            ..
        } => format!(
            "+{} {stat}{} until the end of the activation",
            amount(by),
            super::boost_words::melee_text(*melee_only)
        ),
        Effect::NextBoost { only, stat, by } => {
            let next = match only {
                _ if *stat == Stat::Move => "move",
                None => "attack",
                Some(AttackKind::Melee) => "melee attack",
                Some(AttackKind::Missile) => "missile attack",
            };
            format!("+{} {stat} for its next {next} action", amount(by))
        }
        Effect::TargetBoost { .. } | Effect::NextIfTarget { .. } | Effect::WithWeapon { .. } => {
            super::target_boost::describe(e, value)
        }
        Effect::PerCount { .. } => super::counted::describe(e, value),
        crate::model::effects::for_some_parts!() => super::group::describe(e, value),
        Effect::RoundBoost {
            stat,
            by,
            melee_only,
            aura,
            missile_only,
        } => super::boost_words::round_boost_text(
            *stat,
            &amount(by),
            (*melee_only, *missile_only),
            aura.as_ref(),
        ),
        Effect::BattleBoost {
            stat,
            by,
            melee_only,
        } => format!(
            "+{} {stat}{} until the end of the battle",
            amount(by),
            if *melee_only {
                " for its melee attacks"
            } else {
                ""
            }
        ),
        // How it moves and attacks, and how its critical hits are scored.
        crate::model::effects::manner_parts!()
        | Effect::NextHitsAsCrits { .. }
        | Effect::CritOn { .. }
        | Effect::TargetToughnessLess { .. }
        | Effect::NextActionCritOn { .. } => super::manner::text(e, value),
        _ => String::new(),
    }
}

/// ABL-5: raises what the effect raises, for as long as it says.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    match e {
        Effect::Boost {
            stat,
            by,
            melee_only,
            missile_only,
        } => boost(world, *stat, by.of(value), (*melee_only, *missile_only)),
        Effect::RoundBoost {
            stat,
            by,
            melee_only,
            aura,
            missile_only,
        } => {
            let scope = match aura {
                None => Scope::Fighter(f.id),
                Some(aura) => Scope::Aura {
                    source: f.id,
                    aura: *aura,
                },
            };
            let kind = (*melee_only, *missile_only);
            state::engine(world).raise_kind(scope, (*stat, by.of(value)), kind);
            Some(lasts(e, value))
        }
        Effect::NextBoost {
            stat: Stat::Move,
            by,
            ..
        } => kept(world, f, e, value, |a| {
            a.next_move = a.next_move.saturating_add(by.of(value));
        }),
        Effect::BattleBoost {
            stat,
            by,
            melee_only,
        } => {
            let by = by.of(value);
            state::engine(world).raise_for_battle(f.id, *stat, by, *melee_only);
            Some(lasts(e, value))
        }
        Effect::TargetBoost { .. } | Effect::NextIfTarget { .. } => {
            super::target_boost::run(world, f, e, value)
        }
        Effect::WithWeapon { .. } => super::weapon_boost::run(world, f, e, value),
        Effect::PerCount { .. } => super::counted::run(world, f, e, value),
        crate::model::effects::for_some_parts!() => super::group::run(world, f, e, value),
        Effect::NextBoost { only, stat, by } => kept(world, f, e, value, |a| {
            let for_bonus = a.bonus_attack_waits();
            a.boosts.push(Boost {
                stat: *stat,
                by: by.of(value),
                melee_only: *only == Some(AttackKind::Melee),
                once: true,
                for_bonus,
                missile_only: *only == Some(AttackKind::Missile),
                against: None,
                strict: false,
                weapon: Default::default(),
                per_near: None,
            });
        }),
        Effect::NextHitsAsCrits { .. }
        | Effect::CritOn { .. }
        | Effect::NextActionCritOn { .. }
        | Effect::TargetToughnessLess { .. }
        | crate::model::effects::manner_parts!() => super::crits::kept_lasting(world, f, e, value),
        Effect::RangeBoost { .. } | Effect::RangeIs { .. } => {
            super::range_boost::kept(world, f, e, value)
        }
        _ => None,
    }
}

/// ABL-5: the raises `then` made as they would be; each boost they gave `f`'s activation is
/// then marked by `mark` (for some targets only, some weapons only). `None` when `f` is not
/// the active fighter.
pub(super) fn run_marked(
    world: &mut World,
    f: &FighterView,
    (then, value): (&[Effect], u8),
    mark: impl Fn(&mut Boost),
) -> Option<()> {
    let before = (state::engine(world).activation.as_ref()).map_or(0, |a| a.boosts.len());
    for t in then {
        run(world, f, t, value);
    }
    let mut eng = state::engine(world);
    let a = eng.activation.as_mut().filter(|a| a.fighter == f.id)?;
    a.boosts.iter_mut().skip(before).for_each(mark);
    Some(())
}

/// A boost to this fighter's characteristic until the end of its activation.
fn boost(
    world: &mut World,
    stat: Stat,
    by: u32,
    (melee_only, missile_only): (bool, bool),
) -> Option<EffectOutcome> {
    let mut eng = state::engine(world);
    let a = eng.activation.as_mut()?;
    match stat {
        Stat::Move => a.move_bonus = a.move_bonus.saturating_add(by),
        _ => a.boosts.push(Boost {
            missile_only,
            ..Boost::for_activation(stat, by, melee_only)
        }),
    }
    Some(EffectOutcome::Boost {
        stat,
        by,
        melee_only,
        missile_only,
    })
}

/// ABL-5: is `f` in `source`'s aura: a friendly fighter (or `source` itself) on the
/// battlefield within its range, that `source` can see when the aura says so?
pub fn in_aura(
    world: &World,
    all: &[FighterView],
    source: &FighterView,
    f: &FighterView,
    aura: &Aura,
) -> bool {
    source.on_board()
        && f.on_board()
        && source.side == f.side
        && distance(&source.base(), &f.base()) <= aura.range + 1e-4
        && aura.reaches_kind(source.id == f.id, &f.profile)
        && (!aura.hurt || f.damage > 0)
        && (!aura.group || same_group(world, source, f))
        && (!aura.unmoved || !moved_this_round(world, f))
        && (aura.near).is_none_or(|near| friend_near(all, f, near))
        && (!aura.visible || source.id == f.id || can_see(world, all, source, f))
}

/// ABL-5: did `f` make a move action this battle round?
fn moved_this_round(world: &World, f: &FighterView) -> bool {
    (world.get_resource::<state::MovedThisRound>()).is_some_and(|m| m.0.contains(&f.id))
}

/// ABL-5: is another friendly fighter bearing `marks` within `range` of `f`?
fn friend_near(all: &[FighterView], f: &FighterView, near: crate::model::effects::Near) -> bool {
    let (range, marks) = (near.range, near.marks());
    all.iter().any(|o| {
        o.side == f.side
            && o.id != f.id
            && o.on_board()
            && marks.fit(|m| o.profile.bears(m))
            && distance(&o.base(), &f.base()) <= range + 1e-4
    })
}

/// SET-3: are `a` and `b` in the same battle group?
fn same_group(world: &World, a: &FighterView, b: &FighterView) -> bool {
    use crate::model::components::BattleGroup;
    world.get::<BattleGroup>(a.entity) == world.get::<BattleGroup>(b.entity)
}

/// ABL-5: how much abilities raised `stat` for `f` until the end of the round (for an
/// attack's characteristic: of a melee attack when `melee`): its own boosts, and the auras of
/// friendly fighters it is in (within range, seen by the fighter whose aura it is when the
/// aura says so). `all`, the fighters, is needed for auras only.
pub fn round_bonus(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    stat: Stat,
    (melee, weapon): (bool, Option<&str>),
) -> u32 {
    let reaches = |scope: Scope| match scope {
        Scope::Fighter(id) => id == f.id,
        Scope::Aura { source, aura } => all
            .iter()
            .find(|s| s.id == source)
            .is_some_and(|s| in_aura(world, all, s, f, &aura)),
        Scope::EnemyAura { .. } => false,
    };
    world
        .resource::<Engine>()
        .raised()
        .filter(|&(scope, s, _, (melee_only, missile_only, marks))| {
            s == stat
                && (melee || !melee_only)
                && !(melee && missile_only)
                && crate::model::effects::weapon_fits(marks, weapon)
                && reaches(scope)
        })
        .fold(0, |sum, r| sum.saturating_add(r.2))
}

/// SOLO-C1: a raise is worth having when the action it raises comes next (or, for an aura,
/// when a friend in it is fighting).
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let next = w.next;
    match e {
        Effect::TargetBoost { .. } | Effect::NextIfTarget { .. } | Effect::WithWeapon { .. } => {
            super::target_boost::useful(w, e)
        }
        Effect::PerCount { .. } => super::counted::useful(w, e),
        crate::model::effects::for_some_parts!() => super::group::useful(w, e),
        Effect::Boost {
            stat: Stat::Move, ..
        } if next.moves => w.because("its next action is a move"),
        Effect::Boost {
            stat,
            melee_only,
            missile_only,
            ..
        }
        | Effect::RoundBoost {
            stat,
            melee_only,
            missile_only,
            aura: None,
            ..
        } if stat.of_attacks()
            && w.attacks_with(*melee_only)
            && !(*missile_only && w.next.attack.is_some_and(|(_, melee)| melee)) =>
        {
            w.because("its next action is an attack")
        }
        Effect::NextBoost { stat, only, .. }
            if stat.of_attacks()
                && (next.attack)
                    .is_some_and(|(_, m)| only.is_none_or(|k| (k == AttackKind::Melee) == m)) =>
        {
            w.because("its next action is an attack")
        }
        Effect::NoReactionDamage
        | Effect::FlyThisActivation
        | Effect::FlyRisingAtMost { .. }
        | Effect::FreeClimb
        | Effect::MoveWhileEngaged => super::manner::useful(w, e),
        Effect::BattleBoost { .. } => w.because("it lasts the battle"),
        Effect::CritOn { only, .. }
        | Effect::NextActionCritOn { only, .. }
        | Effect::NextHitsAsCrits { only, .. }
        | Effect::NextMissesAsCrits { only, .. }
        | Effect::NextMoreCrits { only, .. }
        | Effect::HitsAsCrits { only }
        | Effect::StrengthAboveToughness { only }
            if (next.attack)
                .is_some_and(|(_, m)| only.is_none_or(|k| (k == AttackKind::Melee) == m)) =>
        {
            w.because("its next action is an attack")
        }
        Effect::NextBoost {
            stat: Stat::Move, ..
        }
        | Effect::RoundBoost {
            stat: Stat::Move,
            aura: None,
            ..
        } if next.moves => w.because("its next action is a move"),
        Effect::RoundBoost {
            stat: Stat::Toughness,
            aura: None,
            ..
        } if next.engaged => w.because("an enemy is within 1\" of it"),
        Effect::RoundBoost { aura: Some(a), .. } => friend_fighting_in(w, a).then_some(
            Useful::Because("a friend in its aura is within 1\" of an enemy", None),
        ),
        Effect::RangeBoost { .. } | Effect::FlatAttackRange => {
            super::range_boost::useful_reach(w, e)
        }
        _ => None,
    }
}

/// Is a friendly fighter (the active one too) in `aura` of the active fighter within 1" of an
/// enemy?
fn friend_fighting_in(w: &Weighed, aura: &Aura) -> bool {
    w.all.iter().any(|o| {
        in_aura(w.world, w.all, w.f, o, aura)
            && !crate::rules::actions::enemies_within(w.all, o, 1.0).is_empty()
    })
}

// The card's wording of this family (`card`: the language's shared pieces).

/// A raise for the activation, the next action or the round, or how its attacks are made.
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    match s {
        "until the end of this fighter's activation, the strength characteristic of attack \
         actions made by this fighter count as being higher than the target's toughness \
         characteristic"
        | "until the end of this fighter's activation, the strength characteristic of attack \
           actions made by this fighter counts as being higher than the target's toughness \
           characteristic" => Some(vec![Effect::StrengthAboveToughness { only: None }]),
        "until the end of this fighter's activation, do not count the vertical distance when \
         measuring the range for attack actions made by this fighter" => {
            Some(vec![Effect::FlatAttackRange])
        }
        _ if super::range_boost::range_raised(s).is_some() => super::range_boost::range_raised(s),
        "until the end of this fighter's activation, this fighter can fly when making move \
         actions" => Some(vec![Effect::FlyThisActivation]),
        "until the end of this fighter's activation, damage cannot be allocated to this fighter \
         by enemy fighters' reactions" => Some(vec![Effect::NoReactionDamage]),
        "until the end of this fighter's activation, do not count the vertical distance moved \
         when this fighter is climbing" => Some(vec![Effect::FreeClimb]),
        "until the end of this fighter's activation, this fighter can finish disengage actions \
         within 1\" of enemy fighters" => Some(vec![Effect::DisengageEndNear]),
        _ => move_while_engaged(s)
            .or_else(|| read_boost(s))
            .or_else(|| super::crits::sentence(s))
            .or_else(|| super::boost_words::battle_long(s))
            .or_else(|| next_boosts(s))
            .or_else(|| next_move(s))
            .or_else(|| super::boost_words::next_hits_damage(s))
            .or_else(|| super::boost_words::critical_damage(s))
            .or_else(|| super::boost_words::move_and_attacks(s))
            .or_else(|| super::boost_words::flight(s))
            .or_else(|| super::boost_words::with_damage(s))
            .or_else(|| super::boost_words::joined(s, one_boost))
            .or_else(|| super::boost_words::next_and_its_damage(s, next_boosts))
            .or_else(|| super::boost_words::self_and_friends(s, read_boost)),
    }
}

/// "Until the end of this fighter's activation, add N to their Move characteristic and they
/// can make move actions even if they are within 1" of an enemy fighter".
fn move_while_engaged(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("until the end of this fighter's activation, add ")?;
    let rest = rest.strip_suffix(
        " to their move characteristic and they can make move actions even if they are within \
         1\" of an enemy fighter",
    )?;
    let (by, rest) = amount_prefix(rest)?;
    rest.is_empty().then(|| {
        vec![
            Effect::Boost {
                stat: Stat::Move,
                by,
                melee_only: false,
                missile_only: false,
            },
            Effect::MoveWhileEngaged,
        ]
    })
}

/// ABL-5: may `id` move away from an enemy it starts within 1" of (an ability of its
/// activation lets it, MOVE-3)?
pub fn moves_while_engaged(world: &World, id: FighterId) -> bool {
    lasts_now(world, id, &Effect::MoveWhileEngaged)
}

/// ABL-5: may `id`'s disengage end within 1" of enemies (an ability of its activation lets
/// it, DIS-1)?
pub fn disengages_ending_near(world: &World, id: FighterId) -> bool {
    lasts_now(world, id, &Effect::DisengageEndNear)
}

/// Is `e` one of `id`'s activation's lasting effects?
fn lasts_now(world: &World, id: FighterId, e: &Effect) -> bool {
    world
        .resource::<Engine>()
        .activation
        .as_ref()
        .is_some_and(|a| a.lasts(id, |x| x == e))
}

/// One raise lasting the activation or the round, for [`super::boost_words::joined`].
fn one_boost(s: &str) -> Option<Vec<Effect>> {
    read_boost(s).or_else(|| super::boost_words::critical_damage(s))
}

/// "Add A to this fighter's Move characteristic for their next move action (in) this
/// activation" (some cards leave out the "to"), "add A to the Move characteristic of the next
/// move action made by this fighter in this activation".
fn next_move(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("add ")?;
    let (by, rest) = amount_prefix(rest)?;
    let rest = rest.strip_prefix(" to").unwrap_or(rest);
    let rest = rest.replace(" in this activation", " this activation");
    match rest.as_str() {
        " this fighter's move characteristic for their next move action this activation"
        | " the move characteristic of the next move action made by this fighter this activation" => {
            Some(vec![Effect::NextBoost {
                only: None,
                stat: Stat::Move,
                by,
            }])
        }
        _ => None,
    }
}

/// "Until the end of this fighter's activation (or of the battle round), add A to the S
/// characteristic of (melee) attack actions made by WHO" or "... of WHO", where WHO is this
/// fighter or, for the round, "(visible) friendly fighters while they are within N" of this
/// fighter".
fn read_boost(s: &str) -> Option<Vec<Effect>> {
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
        } else if let Some(who) = rest.strip_prefix("missile attack actions made by ") {
            (false, true, who)
        } else {
            (false, false, rest)
        };
    let missile_only = rest.starts_with("missile ");
    // Missiles alone: a raise of the fighter's own attacks (for the activation or the round).
    if missile_only && who != "this fighter" {
        return None;
    }
    let moves_only = stats.iter().all(|s| *s == Stat::Move);
    let aura = match who {
        "this fighter" => None,
        _ => Some(
            friends_within(who)
                .or_else(|| moves_only.then(|| friends_moving_from(who))?)
                .or_else(|| friends_anywhere(who))?,
        ),
    };
    // Attack characteristics go with "attack actions"; Move and Toughness with the fighter.
    // "The Attacks characteristic of friendly fighters" is that of their attack actions.
    let attack = attack || (aura.is_some() && stats.iter().all(|s| s.of_attacks()));
    if stats.iter().any(|s| s.of_attacks() != attack) {
        return None;
    }
    // The engine raises a friend's Move by distance alone, not by who sees it.
    if stats.contains(&Stat::Move) && aura.is_some_and(|a| a.visible) {
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
                missile_only,
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
                missile_only,
            })
            .collect()
    })
}

/// "Add A to the Move characteristic of this fighter for the next move action they make in
/// this activation" and "add A to the S characteristic of the next attack action made by
/// this fighter in this activation", alone or joined by ", and ".
fn next_boosts(s: &str) -> Option<Vec<Effect>> {
    let mut out = Vec::new();
    for clause in s.split(", and ") {
        out.extend(next_boost(clause)?);
    }
    Some(out)
}

/// One clause of [`next_boosts`]: a raise of one characteristic, or of two of an attack's
/// ("the Attacks and Strength characteristics of the next melee attack action").
fn next_boost(clause: &str) -> Option<Vec<Effect>> {
    let (by, stats, rest) = add_to(clause)?;
    let rest = rest.replace(" in this activation", " this activation");
    stats
        .into_iter()
        .map(|stat| {
            let (fits, only) = match rest.as_str() {
                " of this fighter for the next move action they make this activation" => {
                    (stat == Stat::Move, None)
                }
                _ => match rest
                    .strip_prefix(" of ")
                    .and_then(super::boost_words::next_attack)
                {
                    Some(only) => (stat.of_attacks(), only),
                    None => (false, None),
                },
            };
            fits.then_some(Effect::NextBoost { only, stat, by })
        })
        .collect()
}
