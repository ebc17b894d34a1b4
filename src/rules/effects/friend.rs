//! The friend family (ABL-5): what an ability does for another friendly fighter its player
//! picks: a characteristic raised for the round, damage removed. (A friend's bonus attack is
//! the bonus family's.)

use bevy::prelude::*;

use crate::model::dice::Dice;
use crate::model::effects::{Amount, Effect, FriendPick, Stat};
use crate::model::ids::FighterId;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, Scope};

use super::card::{add_to, amount_prefix, fill, picked_friend, picked_friend_anywhere};
use super::{Useful, Weighed, amount_text, enemies_in_reach, heal, reach_of};

/// In words: "+2 Move until the end of the round for a visible friendly fighter within 3\"".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    match e {
        Effect::FriendBoost {
            pick,
            stat,
            by,
            melee_only,
            next,
        } => format!(
            "+{} {stat}{} {} for {}",
            amount_text(by, value),
            if *melee_only {
                " for melee attacks"
            } else {
                ""
            },
            if *next {
                "for its next attack this round"
            } else {
                "until the end of the round"
            },
            picked_text(pick)
        ),
        Effect::FriendHeal {
            pick,
            amount,
            per_roll: Some((n, least)),
            ..
        } => format!(
            "roll {} dice: each {least}+ removes up to {} damage from {}",
            amount_text(n, value),
            amount_text(amount, value),
            picked_text(pick)
        ),
        Effect::FriendHeal {
            pick, amount, dice, ..
        } => format!(
            "removes up to {} damage from {}",
            dice.map_or_else(|| amount_text(amount, value), |d| format!("a D{d} roll of")),
            picked_text(pick)
        ),
        Effect::Revive { .. } => super::revive::describe(e, value),
        Effect::FriendSetUp {
            pick,
            within,
            wholly,
        } => format!(
            "{} is set up again {}{} of this fighter",
            picked_text(pick),
            if *wholly { "wholly " } else { "" },
            super::within_text(super::at_value(*within, value))
        ),
        Effect::FriendRelocate { pick, away } => format!(
            "{} is set up again anywhere more than {away}\" from every enemy",
            picked_text(pick)
        ),
        Effect::FriendDamage { pick, amount } => format!(
            "{} damage to {}",
            amount_text(amount, value),
            picked_text(pick)
        ),
        Effect::FriendCounts { pick, extra } => format!(
            "until the end of the round, {} counts as {extra} more fighter{} for objective \
             control",
            picked_text(pick),
            if *extra == 1 { "" } else { "s" }
        ),
        Effect::ActivateNext { pick, impact } => format!(
            "{}activates {} that has yet to activate right after this fighter",
            if *impact {
                "impact damage to the friend it picks, then "
            } else {
                ""
            },
            picked_text(pick)
        ),
        _ => String::new(),
    }
}

/// "a visible friendly fighter with the beast runemark within 3\"".
pub(super) fn picked_text(p: &FriendPick) -> String {
    format!(
        "{}friendly fighter{}{} {}",
        if p.visible { "a visible " } else { "a " },
        p.marks().with_words(),
        match p.not.is_none() {
            true => String::new(),
            false => format!(" (not one with the {} runemark)", p.not.words()),
        },
        super::within_text(p.range)
    )
}

/// ABL-5: raises the picked friend's characteristic for the round, or removes its damage;
/// with nobody picked, the log says so (never silently skipped).
pub(super) fn run(
    world: &mut World,
    e: &Effect,
    value: u8,
    target: Option<FighterId>,
) -> Option<EffectOutcome> {
    let Some(t) = target else {
        return Some(EffectOutcome::NoFriendInReach);
    };
    match e {
        Effect::FriendBoost {
            stat,
            by,
            melee_only,
            next,
            ..
        } => {
            let by = by.of(value);
            let mut eng = state::engine(world);
            if *next {
                eng.raise_next_attack(t, *stat, by, *melee_only);
            } else {
                eng.raise(Scope::Fighter(t), *stat, by, *melee_only);
            }
            Some(EffectOutcome::FriendRaised {
                fighter: t,
                stat: *stat,
                by,
                melee_only: *melee_only,
                next: *next,
            })
        }
        Effect::FriendHeal { .. } => heal_friend(world, e, value, t),
        Effect::FriendCounts { extra, .. } => {
            state::engine(world).count_extra(t, *extra);
            Some(EffectOutcome::FriendCounts {
                fighter: t,
                extra: *extra,
            })
        }
        Effect::FriendDamage { amount, .. } => Some(EffectOutcome::Damage {
            fighters: vec![t],
            damage: amount.of(value),
            rolls: Vec::new(),
        }),
        Effect::ActivateNext { impact, .. } => {
            if *impact {
                let ids = [crate::model::RuleId::Abl5, crate::model::RuleId::Move9];
                let cause = crate::rules::log::ImpactCause::Ability;
                crate::rules::actions::impact(world, t, &ids, cause);
            }
            let mut eng = state::engine(world);
            eng.activation.as_mut()?.inspired = Some(t);
            Some(EffectOutcome::ActivatesNext { fighter: t })
        }
        _ => None,
    }
}

/// ABL-5: damage removed from the friend picked, `t`: up to an amount, a dice's roll, or an
/// amount for each success of a roll.
fn heal_friend(world: &mut World, e: &Effect, value: u8, t: FighterId) -> Option<EffectOutcome> {
    match e {
        Effect::FriendHeal {
            amount,
            per_roll: Some((n, least)),
            ..
        } => {
            let o = state::fighter(world, t)?;
            let (rolls, k) = (world.resource_mut::<crate::model::dice::DiceRng>())
                .roll_at_least(n.of(value) as usize, *least);
            let healed = heal(world, &o, k.saturating_mul(amount.of(value)));
            Some(EffectOutcome::HealedFriendRolled {
                fighter: t,
                healed,
                rolls,
            })
        }
        Effect::FriendHeal { amount, dice, .. } => {
            let o = state::fighter(world, t)?;
            let (up_to, roll) = super::heal::up_to(world, *dice, amount, value);
            Some(EffectOutcome::HealedFriend {
                fighter: t,
                healed: heal(world, &o, up_to),
                roll,
            })
        }
        _ => None,
    }
}

/// SOLO-C1: which friend in reach gains: for a heal, the one with the most damage; for a
/// raise of Move, any; for its attacks or Toughness, one in combat (an enemy within 1").
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let near = reach_of(w.world, w.all, w.f, e).unwrap_or_default();
    let friends = w.all.iter().filter(|o| near.contains(&o.id));
    match e {
        Effect::FriendHeal { .. } => friends
            .filter(|o| o.damage > 0)
            .max_by_key(|o| (o.damage, std::cmp::Reverse(o.id)))
            .map(|o| Useful::Because("a friend in its reach has damage to remove", Some(o.id))),
        Effect::FriendBoost {
            stat: Stat::Move, ..
        } => friends
            .clone()
            .find(|o| o.can_activate())
            .map(|o| Useful::Because("a friend in its reach has yet to move", Some(o.id))),
        Effect::FriendBoost { .. } => friends
            .clone()
            .find(|o| !enemies_in_reach(w.world, w.all, o, 1.0, false).is_empty())
            .map(|o| Useful::Because("a friend in its reach is in combat", Some(o.id))),
        Effect::Revive { .. } => super::revive::useful(w, e),
        Effect::ActivateNext { .. } => friends
            .clone()
            .next()
            .map(|o| Useful::Because("a friend can act right after", Some(o.id))),
        _ => None,
    }
}

// The card's wording of this family (`card`: the language's shared pieces).

/// "Pick a (visible) friendly fighter (with the R runemark) within N" of this fighter." +
/// what is done for "that fighter": "Until the end of the battle round, add A to the S
/// characteristic of that fighter (of (melee) attack actions made by that fighter)", "Remove
/// up to dN damage points allocated to that fighter", "Remove a number of damage points
/// allocated to that fighter up to A".
pub(super) fn picked_then(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (range, visible, marks) = picked_friend(&s[0]).or_else(|| picked_friend_anywhere(&s[0]))?;
    picked_then_with(s, range, visible, marks)
}

/// "A fighter can only use this ability if they are within N" of a visible friendly fighter
/// with the X runemark." + what it does to "that fighter": read as the pick of such a friend
/// (before the condition alone is read).
pub(super) fn near_friend_then(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (range, visible, marks) = near_friend_as_pick(&s[0])?;
    picked_then_with(s, range, visible, marks)
}

fn picked_then_with(
    s: &[String],
    range: f32,
    visible: bool,
    marks: crate::model::effects::Marks,
) -> Option<(usize, Vec<Effect>)> {
    let pick = FriendPick::new(range, visible, marks);
    let then = s.get(1)?;
    let effects = (friend_boost(then, &pick))
        .or_else(|| friend_boosts(then, &pick))
        .or_else(|| friend_counts(then, &pick))
        .or_else(|| friend_set_up(then, &pick))
        .or_else(|| friend_heal(then, &pick))
        .or_else(|| friend_damage(then, &pick))?;
    Some((2, effects))
}

/// "Remove that fighter from the battlefield and then immediately set them up anywhere on the
/// battlefield within N\" of this fighter" ("..., then set that fighter up on a platform or
/// the battlefield floor within N\" of this fighter").
fn friend_set_up(s: &str, pick: &FriendPick) -> Option<Vec<Effect>> {
    let v = [
        "remove that fighter from the battlefield and then immediately set them up anywhere on \
         the battlefield within {n}\" of this fighter",
        "remove that fighter from the battlefield, then set that fighter up on a platform or the \
         battlefield floor within {n}\" of this fighter",
    ]
    .iter()
    .find_map(|t| fill(s, t));
    if let Some(v) = v {
        let within = v[0] as f32;
        return Some(vec![Effect::FriendSetUp {
            pick: pick.clone(),
            within,
            wholly: false,
        }]);
    }
    // "..., then set that fighter up on a platform or the battlefield floor, wholly within N\"
    // (a number of inches equal to the value of this ability) of this fighter".
    let wholly = s.strip_prefix(
        "remove that fighter from the battlefield, then set that fighter up on a platform or the \
         battlefield floor, wholly within ",
    );
    if let Some(rest) = wholly {
        let within = match rest {
            "a number of inches of this fighter equal to the value of this ability" => {
                crate::model::effects::VALUE_RANGE
            }
            _ => fill(rest, "{n}\" of this fighter")?[0] as f32,
        };
        let pick = pick.clone();
        return Some(vec![Effect::FriendSetUp {
            pick,
            within,
            wholly: true,
        }]);
    }
    let v = fill(
        s,
        "remove that fighter from the battlefield and then immediately set them up anywhere on \
         the battlefield more than {n}\" from all enemy fighters",
    )?;
    Some(vec![Effect::FriendRelocate {
        pick: pick.clone(),
        away: v[0] as f32,
    }])
}

/// "A fighter can only use this ability if they are within N" of a visible friendly fighter
/// with the X runemark", before what it does to "that fighter": the pick of such a friend.
fn near_friend_as_pick(s: &str) -> Option<(f32, bool, crate::model::effects::Marks)> {
    let rest = s.strip_prefix("a fighter can only use this ability if they are within ")?;
    let (n, rest) = super::card::number_prefix(rest)?;
    let who = rest.strip_prefix("\" of a visible friendly fighter ")?;
    picked_friend(&format!(
        "pick a visible friendly fighter {who} within {n}\" of this fighter"
    ))
}

/// "Allocate a number of damage points to that friendly fighter equal to A", "allocate N
/// damage point(s) to that fighter".
fn friend_damage(s: &str, pick: &FriendPick) -> Option<Vec<Effect>> {
    let s = s.replace("that friendly fighter", "that fighter");
    let amount = super::card::allocate_to_that(&s)?;
    Some(vec![Effect::FriendDamage {
        pick: pick.clone(),
        amount,
    }])
}

/// "Until the end of the battle round, add A to X of that fighter, add B to Y of that
/// fighter(,) and add C to Z ...", "... add A to that fighter's X characteristic and the Y
/// characteristic of melee attack actions made by that fighter": each raise on its own.
fn friend_boosts(s: &str, pick: &FriendPick) -> Option<Vec<Effect>> {
    let body = s.strip_prefix("until the end of the battle round, ")?;
    let body = body
        .replace(
            "that fighter's move characteristic",
            "the move characteristic of that fighter",
        )
        .replace(", and add ", ", add ")
        .replace(" and add ", ", add ");
    let mut clauses: Vec<String> = Vec::new();
    for clause in body.split(", add ") {
        let clause = clause.strip_prefix("add ").unwrap_or(clause);
        // "A to X of that fighter and the Y characteristic of ...": A to each.
        match clause.split_once(" of that fighter and the ") {
            Some((first, second)) => {
                let (amount, _) = clause.split_once(" to ")?;
                clauses.push(format!("add {first} of that fighter"));
                clauses.push(format!("add {amount} to the {second}"));
            }
            None => clauses.push(format!("add {clause}")),
        }
    }
    if clauses.len() < 2 {
        return None;
    }
    let each = clauses
        .iter()
        .map(|c| friend_boost(&format!("until the end of the battle round, {c}"), pick))
        .collect::<Option<Vec<_>>>()?;
    Some(each.concat())
}

/// "That fighter counts as N additional fighters for the purpose of controlling objectives
/// until the end of the round" (GEN-7).
fn friend_counts(s: &str, pick: &FriendPick) -> Option<Vec<Effect>> {
    let s = s.replace(" 1 additional fighter ", " 1 additional fighters ");
    let v = fill(
        &s,
        "that fighter counts as {n} additional fighters for the purpose of controlling \
         objectives until the end of the round",
    )?;
    Some(vec![Effect::FriendCounts {
        pick: pick.clone(),
        extra: v[0],
    }])
}

fn friend_boost(s: &str, pick: &FriendPick) -> Option<Vec<Effect>> {
    if let Some(by) = next_crits_raised(s) {
        return Some(vec![Effect::FriendBoost {
            pick: pick.clone(),
            stat: Stat::CritDamage,
            by: Amount::Fixed(by),
            melee_only: true,
            next: true,
        }]);
    }
    let rest = s.strip_prefix("until the end of the battle round, ")?;
    let (by, stats, rest) = add_to(rest)?;
    let (melee_only, attack, next) = match rest {
        " of that fighter" => (false, false, false),
        " of melee attack actions made by that fighter" => (true, true, false),
        " of attack actions made by that fighter" => (false, true, false),
        " of the next melee attack action made by that fighter" => (true, true, true),
        " of the next attack action made by that fighter" => (false, true, true),
        _ => return None,
    };
    if stats.iter().any(|s| s.of_attacks() != attack) {
        return None;
    }
    let boost = |stat| Effect::FriendBoost {
        pick: pick.clone(),
        stat,
        by,
        melee_only,
        next,
    };
    Some(stats.into_iter().map(boost).collect())
}

/// "Add N to the damage points allocated to enemy fighters by each critical hit from the next
/// melee attack action made by that fighter", "for each critical hit from the next melee
/// attack action made by that fighter this battle round, allocate N additional damage points
/// to the target fighter": N.
fn next_crits_raised(s: &str) -> Option<u32> {
    fill(
        s,
        "add {n} to the damage points allocated to enemy fighters by each critical hit from the \
         next melee attack action made by that fighter",
    )
    .or_else(|| {
        fill(
            s,
            "for each critical hit from the next melee attack action made by that fighter this \
             battle round, allocate {n} additional damage points to the target fighter",
        )
    })
    .map(|v| v[0])
}

fn friend_heal(s: &str, pick: &FriendPick) -> Option<Vec<Effect>> {
    let (amount, dice) = if let Some(v) = fill(
        s,
        "remove up to d{n} damage points allocated to that fighter",
    ) {
        (Amount::Fixed(0), Some(u8::try_from(v[0]).ok()?))
    } else {
        let rest =
            s.strip_prefix("remove a number of damage points allocated to that fighter up to ")?;
        let (amount, rest) = amount_prefix(rest)?;
        if !rest.is_empty() {
            return None;
        }
        (amount, None)
    };
    Some(vec![Effect::FriendHeal {
        pick: pick.clone(),
        amount,
        dice,
        per_roll: None,
    }])
}

/// "Pick a (visible) friendly fighter within N" of this fighter and roll D dice." + "For each
/// roll of K+, remove up to A damage points allocated to that fighter."
pub(super) fn picked_roll_heal(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (pick, dice) = s[0].split_once(" and roll ")?;
    let (range, visible, marks) = picked_friend(pick)?;
    let dice = super::card::then_roll(&format!("then, roll {dice}"))?;
    let (least, most, rest) = super::card::band_prefix(super::card::for_each(s.get(1)?)?)?;
    let rest = rest.strip_prefix("remove up to ")?;
    let (amount, rest) = amount_prefix(rest)?;
    let one = matches!(amount, Amount::Fixed(1));
    let tail = if one {
        " damage point"
    } else {
        " damage points"
    };
    if most != 6 || rest != format!("{tail} allocated to that fighter") {
        return None;
    }
    let effect = Effect::FriendHeal {
        pick: FriendPick::new(range, visible, marks),
        amount,
        dice: None,
        per_roll: Some((dice, least)),
    };
    Some((2, vec![effect]))
}

/// "Pick a (visible) friendly fighter (with MARKS) (within N" of this fighter) (that has MARKS)
/// that has not activated yet this battle round." + ("That fighter suffers impact damage." or
/// "This fighter and that fighter can each make a bonus move action up to A.") + "You can
/// activate that fighter immediately after this fighter's activation ends."
pub(super) fn activate_next(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let pick = s[0]
        .strip_prefix("you can ")
        .unwrap_or(&s[0])
        .replace(" that is within ", " within ");
    let pick = [
        " and that has not activated yet this battle round",
        " that has not activated yet this battle round",
        " and has not activated yet this battle round",
        " and has not activated this battle round",
        " that has not activated this battle round",
    ]
    .iter()
    .find_map(|tail| pick.strip_suffix(tail))?;
    let (range, visible, marks) = picked_friend(pick).or_else(|| picked_friend_anywhere(pick))?;
    let pick = FriendPick::new(range, visible, marks);
    let impact = s
        .get(1)
        .is_some_and(|t| t == "that fighter suffers impact damage");
    // "This fighter and that fighter can each make a bonus move action up to A": this
    // fighter's first, then the friend's.
    let moves = s.get(1).is_some_and(|t| {
        t == "this fighter and that fighter can each make a bonus move action up to the value of \
              this ability"
    });
    let next = if impact || moves { 2 } else { 1 };
    if s.get(next)?.as_str()
        != "you can activate that fighter immediately after this fighter's activation ends"
    {
        return None;
    }
    let mut effects = vec![Effect::ActivateNext {
        pick: pick.clone(),
        impact,
    }];
    if moves {
        let max = Some(crate::model::effects::Amount::Value);
        effects.push(Effect::BonusMove { max });
        effects.push(Effect::FriendBonusMove {
            pick,
            or_attack: false,
            max,
        });
    }
    Some((next + 1, effects))
}
