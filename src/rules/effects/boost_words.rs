//! The boost family's longer card sentences (ABL-5): raises of an attack's damage, of the
//! fighter's Move and attacks together, and of "that attack action" after a bonus attack;
//! and a raise for the round in words.

use crate::model::effects::{Amount, AttackKind, Aura, Effect, Stat, TargetIs};

use super::card::{add_to, amount_prefix, fill, number_prefix};

/// "This fighter makes a bonus attack action." (or a raise of its next (melee) attack action),
/// then "(In addition,) add A to the S (and S) characteristics of that (bonus) attack action"
/// or "... add A to the damage points allocated to enemy fighters by each (hit and) critical
/// hit from that attack action": a raise for its next attack action, the bonus one (lapsing
/// with it), or the one raised before.
pub(super) fn bonus_attack_raised(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (bonus, only) = first_attack(&s[0])?;
    let then = s.get(1)?;
    let then = then.strip_prefix("in addition, ").unwrap_or(then);
    // "add 1 to the Strength ... of that attack action and add 1 to the Attacks ...".
    let mut effects = bonus;
    for (k, part) in then.split(" and add ").enumerate() {
        let part = if k == 0 {
            part.to_string()
        } else {
            format!("add {part}")
        };
        effects.extend(that_attack_raised(&part, only)?);
    }
    Some((2, effects))
}

/// "Add A to the S characteristic(s) of that (bonus) attack action", "add A to the damage
/// points allocated by each (hit and) critical hit from that attack action".
fn that_attack_raised(then: &str, only: Option<AttackKind>) -> Option<Vec<Effect>> {
    let that = |stat, by| Effect::NextBoost { only, stat, by };
    if let Some((by, stats, rest)) = add_to(then) {
        let fits = matches!(
            rest,
            " of that attack action" | " of that bonus attack action"
        ) && stats.iter().all(|s| s.of_attacks());
        return fits.then(|| stats.into_iter().map(|s| that(s, by)).collect());
    }
    if then == "the range characteristic for that attack action is double the value of this ability"
    {
        return Some(vec![Effect::RangeIs {
            inches: Amount::DoubleValue,
        }]);
    }
    if let Some(v) = fill(
        then,
        "subtract {n} from the toughness characteristic of the target of that attack action, to \
         a minimum of {n}, for that attack action",
    ) {
        return Some(vec![Effect::TargetToughnessLess {
            by: v[0],
            min: v[1],
        }]);
    }
    if let Some(rest) = then.strip_prefix("a number of hits scored by that attack action equal to ")
    {
        let (n, rest) = amount_prefix(rest)?;
        return (rest == " become critical hits instead")
            .then(|| vec![Effect::NextHitsAsCrits { n, only }]);
    }
    let rest = then.strip_prefix("add ")?;
    let (by, rest) = amount_prefix(rest)?;
    let rest = rest
        .strip_prefix(" to the damage points allocated to enemy fighters by each ")
        .or_else(|| rest.strip_prefix(" to the damage points allocated by each "))?;
    match rest {
        "hit and critical hit from that attack action"
        | "hit and critical hit from that bonus attack action" => {
            Some(vec![that(Stat::Damage, by), that(Stat::CritDamage, by)])
        }
        "critical hit from that attack action" | "critical hit from that bonus attack action" => {
            Some(vec![that(Stat::CritDamage, by)])
        }
        _ => None,
    }
}

/// The attack action "that attack action" names: a bonus attack, or the next (melee) attack
/// action a raise is for (the effects, and the kind of attack).
pub(super) fn first_attack(s: &str) -> Option<(Vec<Effect>, Option<AttackKind>)> {
    if let Some(bonus) = super::bonus_words::sentence(s)
        && matches!(
            bonus[..],
            [Effect::BonusAttack | Effect::BonusAttackOf { .. }]
        )
    {
        return Some((bonus, None));
    }
    let raised = super::boost::sentence(s)?;
    let only = match raised.first()? {
        Effect::NextBoost { only, .. } => *only,
        _ => return None,
    };
    let same = |e: &Effect| matches!(e, Effect::NextBoost { only: o, .. } if *o == only);
    raised.iter().all(same).then_some((raised, only))
}

/// "Until the end of the battle, add A to the S characteristic of (melee) attack actions made
/// by this fighter".
pub(super) fn battle_long(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("until the end of the battle, ")?;
    let (by, stats, rest) = add_to(rest)?;
    let melee_only = match rest {
        " of melee attack actions made by this fighter" => true,
        " of attack actions made by this fighter" => false,
        _ => return None,
    };
    let raise = |stat: Stat| {
        stat.of_attacks().then_some(Effect::BattleBoost {
            stat,
            by,
            melee_only,
        })
    };
    stats.into_iter().map(raise).collect()
}

/// "Add A to the damage points allocated (to enemy fighters) by each (hit and (each))
/// critical hit from the next (melee, missile) attack action made by this fighter (in) this
/// activation".
pub(super) fn next_hits_damage(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("add ")?;
    let (by, rest) = amount_prefix(rest)?;
    let rest = rest
        .strip_prefix(" to the number of damage points allocated ")
        .or_else(|| rest.strip_prefix(" to the damage points allocated "))?;
    let rest = rest.strip_prefix("to enemy fighters ").unwrap_or(rest);
    let rest = rest.strip_prefix("by each ")?;
    let (stats, rest): (&[Stat], _) = if let Some(r) = rest
        .strip_prefix("hit and critical hit from ")
        .or_else(|| rest.strip_prefix("hit or critical hit from "))
        .or_else(|| rest.strip_prefix("hit and each critical hit from "))
    {
        (&[Stat::Damage, Stat::CritDamage], r)
    } else {
        (
            &[Stat::CritDamage],
            rest.strip_prefix("critical hit from ")?,
        )
    };
    let only = next_attack(rest)?;
    let next = |&stat: &Stat| Effect::NextBoost { stat, by, only };
    Some(stats.iter().map(next).collect())
}

/// "Add A to the S characteristic of the next (melee) attack action made by this fighter this
/// activation and add B to the damage points allocated by each hit and critical hit from that
/// attack action": both raises for that next attack. `next` reads the first.
pub(super) fn next_and_its_damage(
    s: &str,
    next: fn(&str) -> Option<Vec<Effect>>,
) -> Option<Vec<Effect>> {
    let (first, second) = s.split_once(" and add ")?;
    let at = first.find(" of the next ")?;
    let attack = &first[at + " of ".len()..];
    next_attack(attack)?;
    let mut out = next(first)?;
    out.extend(next_hits_damage(&format!(
        "add {}",
        second.replace("that attack action", attack)
    ))?);
    Some(out)
}

/// "the next (melee, missile) attack action made by this fighter ((in) this activation)": which
/// attacks it may be.
pub(super) fn next_attack(s: &str) -> Option<Option<AttackKind>> {
    let rest = s.strip_prefix("the next ")?;
    let kind = rest
        .strip_suffix(" attack action made by this fighter in this activation")
        .or_else(|| rest.strip_suffix(" attack action made by this fighter this activation"))
        .or_else(|| rest.strip_suffix("attack action made by this fighter in this activation"))
        .or_else(|| rest.strip_suffix("attack action made by this fighter this activation"))
        // With no time limit, its next one this activation (an ability lapses with it).
        .or_else(|| rest.strip_suffix(" attack action made by this fighter"))
        .or_else(|| rest.strip_suffix("attack action made by this fighter"))?;
    match kind {
        "" => Some(None),
        "melee" => Some(Some(AttackKind::Melee)),
        "missile" => Some(Some(AttackKind::Missile)),
        _ => None,
    }
}

/// "Until the end of this fighter's activation, add A to the damage points allocated to
/// enemy fighters by each critical hit from attack actions made by this fighter"; for the
/// battle round, of this fighter's (melee) attacks or of those of the friends in its aura.
pub(super) fn critical_damage(s: &str) -> Option<Vec<Effect>> {
    if let Some(rest) = s.strip_prefix("until the end of the battle round, add ") {
        return round_damage(rest);
    }
    let rest = s.strip_prefix("until the end of this fighter's activation, add ")?;
    let (by, stats, rest) = damage_head(rest)?;
    let (melee_only, missile_only) = match rest {
        "attack actions made by this fighter" => (false, false),
        "melee attack actions made by this fighter" => (true, false),
        "missile attack actions made by this fighter" => (false, true),
        _ => return None,
    };
    let boost = |&stat: &Stat| Effect::Boost {
        stat,
        by,
        melee_only,
        missile_only,
    };
    Some(stats.iter().map(boost).collect())
}

/// "A to the damage points allocated (to enemy fighters) by each (hit and) critical hit from
/// ": the amount, the damage raised (of hits and critical hits, or critical hits alone) and
/// the rest of `s`.
fn damage_head(s: &str) -> Option<(Amount, &'static [Stat], &str)> {
    let (by, rest) = amount_prefix(s)?;
    let rest = rest
        .strip_prefix(" to the damage points allocated to enemy fighters by each ")
        .or_else(|| rest.strip_prefix(" to the damage points allocated by each "))?;
    // "Each hit or critical hit" adds as much to each of either.
    let both = (rest.strip_prefix("hit and critical hit from "))
        .or_else(|| rest.strip_prefix("hit or critical hit from "));
    match both {
        Some(r) => Some((by, &[Stat::Damage, Stat::CritDamage], r)),
        None => Some((
            by,
            &[Stat::CritDamage],
            rest.strip_prefix("critical hit from ")?,
        )),
    }
}

/// [`critical_damage`] for the battle round: "A to the damage points allocated (to enemy
/// fighters) by each (hit and) critical hit from (melee, missile) attack actions made by WHO", WHO
/// this fighter or the friends of an aura.
fn round_damage(rest: &str) -> Option<Vec<Effect>> {
    let (by, stats, rest) = damage_head(rest)?;
    let (melee_only, missile_only, who) =
        if let Some(who) = rest.strip_prefix("melee attack actions made by ") {
            (true, false, who)
        } else if let Some(who) = rest.strip_prefix("missile attack actions made by ") {
            (false, true, who)
        } else {
            (false, false, rest.strip_prefix("attack actions made by ")?)
        };
    let aura = match who {
        "this fighter" => None,
        _ => Some(super::card::friends_within(who)?),
    };
    let raise = |&stat: &Stat| Effect::RoundBoost {
        stat,
        by,
        melee_only,
        aura,
        missile_only,
    };
    Some(stats.iter().map(raise).collect())
}

/// "Until the end of this fighter's activation (the battle round), add A to this fighter's
/// Move characteristic (and the S characteristic of (melee) attack actions made by this
/// fighter)", "... add A to the Move characteristic of this fighter and add B to the S
/// characteristic of (melee) attack actions made by this fighter".
pub(super) fn move_and_attacks(s: &str) -> Option<Vec<Effect>> {
    if let Some(rest) = s.strip_prefix("until the end of the battle round, add ") {
        // For the round: the raises of the activation, made to last the round.
        let raises = move_and_attacks(&format!(
            "until the end of this fighter's activation, add {rest}"
        ))?;
        return Some(raises.into_iter().map(for_the_round).collect());
    }
    let rest = s.strip_prefix("until the end of this fighter's activation, add ")?;
    let (by, rest) = amount_prefix(rest)?;
    if let Some("") = rest.strip_prefix(" to this fighter's move characteristic") {
        return Some(vec![Effect::Boost {
            stat: Stat::Move,
            by,
            melee_only: false,
            missile_only: false,
        }]);
    }
    let (second_by, rest) =
        if let Some(r) = rest.strip_prefix(" to this fighter's move characteristic and the ") {
            (by, r)
        } else {
            let r = rest.strip_prefix(" to the move characteristic of this fighter and add ")?;
            let (b, r) = amount_prefix(r)?;
            (b, r.strip_prefix(" to the ")?)
        };
    let (stat, rest) = rest.split_once(" characteristic of ")?;
    let stat = super::card::stat_of(stat).filter(|s| s.of_attacks())?;
    let melee_only = match rest {
        "melee attack actions made by this fighter" => true,
        "attack actions made by this fighter" => false,
        _ => return None,
    };
    let boost = |stat, by, melee_only| Effect::Boost {
        stat,
        by,
        melee_only,
        missile_only: false,
    };
    Some(vec![
        boost(Stat::Move, by, false),
        boost(stat, second_by, melee_only),
    ])
}

/// A raise of this fighter's for the activation made to last the round.
fn for_the_round(e: Effect) -> Effect {
    match e {
        Effect::Boost {
            stat,
            by,
            melee_only,
            missile_only,
        } => Effect::RoundBoost {
            stat,
            by,
            melee_only,
            aura: None,
            missile_only,
        },
        other => other,
    }
}

/// "Until the end of the battle round (this fighter's activation), add A to X and add B to
/// Y": each raise read on its own (by `one`) with the duration in front; all or none.
pub(super) fn joined(s: &str, one: fn(&str) -> Option<Vec<Effect>>) -> Option<Vec<Effect>> {
    let prefix = [
        "until the end of the battle round, ",
        "until the end of this fighter's activation, ",
    ]
    .into_iter()
    .find(|p| s.starts_with(p))?;
    let body = &s[prefix.len()..];
    let clauses: Vec<&str> = body.split(" and add ").collect();
    if clauses.len() < 2 {
        return None;
    }
    let mut out = Vec::new();
    for (k, clause) in clauses.iter().enumerate() {
        let clause = if k == 0 {
            clause.to_string()
        } else {
            format!("add {clause}")
        };
        out.extend(one(&format!("{prefix}{clause}"))?);
    }
    Some(out)
}

/// A raise of its attacks "that target(s) an enemy fighter with a Wounds characteristic of N
/// or more" ("more than N\" away", "that has not activated this battle round"), or of the
/// damage "allocated to enemy fighters with the Fly runemark": the raise, for such targets.
pub(super) fn against_some(s: &str) -> Option<Vec<Effect>> {
    if let Some(e) = crits_against_some(s) {
        return Some(e);
    }
    let (target, plain) = wounds_at_least(s)
        .or_else(|| farther_than(s))
        .or_else(|| damaged(s))
        .or_else(|| {
            let cut = " that targets an enemy fighter that has not activated this battle round";
            Some((TargetIs::NotActivated, s.strip_suffix(cut)?.to_string()))
        })
        .or_else(|| {
            let cut = " that targets an enemy fighter that has activated this battle round";
            Some((TargetIs::Activated, s.strip_suffix(cut)?.to_string()))
        })
        .or_else(|| {
            let fly = " to enemy fighters with the fly runemark by ";
            s.contains(fly)
                .then(|| (TargetIs::Flies, s.replace(fly, " by ")))
        })?;
    let then = super::boost::sentence(&plain).filter(|e| {
        e.iter()
            .all(|e| matches!(e, Effect::Boost { stat, .. } | Effect::NextBoost { stat, .. } if stat.of_attacks()))
    })?;
    Some(vec![Effect::TargetBoost { target, then }])
}

/// "... that target(s) an enemy fighter with a wounds characteristic of N or more" at the end.
fn wounds_at_least(s: &str) -> Option<(TargetIs, String)> {
    let (head, tail) = s
        .split_once(" that target an enemy fighter with a wounds characteristic of ")
        .or_else(|| {
            s.split_once(" that targets an enemy fighter with a wounds characteristic of ")
        })?;
    let (n, rest) = number_prefix(tail)?;
    (rest == " or more").then(|| (TargetIs::WoundsAtLeast(n), head.to_string()))
}

/// "... that targets an enemy fighter more than N\" away ..." anywhere.
fn farther_than(s: &str) -> Option<(TargetIs, String)> {
    let (head, tail) = s.split_once(" that targets an enemy fighter more than ")?;
    let (n, rest) = number_prefix(tail)?;
    let rest = rest.strip_prefix("\" away")?;
    Some((TargetIs::FartherThan(n as f32), format!("{head}{rest}")))
}

/// "... that target an enemy fighter that has N or more damage points allocated to them" at
/// the end.
fn damaged(s: &str) -> Option<(TargetIs, String)> {
    let (head, tail) = s.split_once(" that target an enemy fighter that has ")?;
    let (n, rest) = number_prefix(tail)?;
    (rest == " or more damage points allocated to them")
        .then(|| (TargetIs::Damaged(n), head.to_string()))
}

/// " for melee attacks" when `melee_only`.
pub(super) fn melee_text(melee_only: bool) -> &'static str {
    if melee_only { " for melee attacks" } else { "" }
}

/// A raise for the round in words: "+2 Strength for missile attacks until the end of the
/// round", "+1 Attacks to visible friendly fighters while within 6\" of it ...".
pub(super) fn round_boost_text(
    stat: Stat,
    by: &str,
    (melee_only, missile_only): (bool, bool),
    aura: Option<&Aura>,
) -> String {
    // A raise of Move reaches the friends whose move starts in the aura.
    let while_in = match stat {
        Stat::Move => "for a move that starts",
        _ => "while",
    };
    let to = aura.map_or(String::new(), |a| {
        let visible = if a.visible { "visible " } else { "" };
        match a.range == crate::model::effects::ANYWHERE {
            true => format!(" to {visible}{} wherever they are", a.who_words()),
            false => format!(
                " to {visible}{} {while_in} within {}\" of it",
                a.who_words(),
                a.range
            ),
        }
    });
    let kind = if missile_only {
        " for missile attacks"
    } else {
        melee_text(melee_only)
    };
    format!("+{by} {stat}{kind}{to} until the end of the round")
}

/// "Until the end of the battle round, add A to the S characteristic of melee attack actions
/// made by this fighter and by visible friendly fighters with MARKS while they are within N"
/// of this fighter": a raise of its own, and one for the others in the aura.
pub(super) fn self_and_friends(
    s: &str,
    read: fn(&str) -> Option<Vec<Effect>>,
) -> Option<Vec<Effect>> {
    let (before, friends) = s.split_once(" made by this fighter and by ")?;
    if !s.starts_with("until the end of the battle round, ") {
        return None;
    }
    let mut own = read(&format!("{before} made by this fighter"))?;
    let mut others = read(&format!("{before} made by {friends}"))?;
    for e in &mut others {
        match e {
            Effect::RoundBoost { aura: Some(a), .. } => a.others = true,
            _ => return None,
        }
    }
    own.append(&mut others);
    Some(own)
}

/// "While targeting an enemy fighter with a Wounds characteristic of N or more, count each hit
/// scored from attack actions made by this fighter as a critical hit instead"; "the next
/// attack action made by this fighter this activation scores a critical hit on a N+ if the
/// target fighter already has D or more damage points allocated to them before the attack
/// action is made": how its critical hits are scored, against such a target only.
fn crits_against_some(s: &str) -> Option<Vec<Effect>> {
    let (target, then) = if let Some(rest) =
        s.strip_prefix("while targeting an enemy fighter with a wounds characteristic of ")
    {
        let (w, rest) = super::card::number_prefix(rest)?;
        let rest = rest.strip_prefix(" or more, count each hit scored from ")?;
        let only = match rest {
            "attack actions made by this fighter as a critical hit instead" => None,
            "melee attack actions made by this fighter as a critical hit instead" => {
                Some(crate::model::effects::AttackKind::Melee)
            }
            _ => return None,
        };
        (TargetIs::WoundsAtLeast(w), Effect::HitsAsCrits { only })
    } else {
        let (attack, cond) = s.split_once(" if the target fighter already has ")?;
        let n = super::card::fill(
            cond,
            "{n} or more damage points allocated to them before the attack action is made",
        )?[0];
        let crits = super::crits::sentence(attack)?;
        let [crit @ Effect::CritOn { next: true, .. }] = &crits[..] else {
            return None;
        };
        (TargetIs::Damaged(n), crit.clone())
    };
    Some(vec![Effect::TargetBoost {
        target,
        then: vec![then],
    }])
}

/// "Until the end of this fighter's activation, (add A to their Move characteristic, and)
/// they can fly when making move actions; however, when flying, they cannot move vertically
/// upwards (of) more than N\"": the raise, and the flight with how far it may rise.
pub(super) fn flight(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("until the end of this fighter's activation, ")?;
    let (before, cap) = rest.split_once("they can fly when making move actions")?;
    let mut out = Vec::new();
    if !before.is_empty() {
        let raise =
            (before.strip_prefix("add "))?.strip_suffix(" to their move characteristic, and ")?;
        let (by, r) = amount_prefix(raise)?;
        if !r.is_empty() {
            return None;
        }
        out.push(Effect::Boost {
            stat: Stat::Move,
            by,
            melee_only: false,
            missile_only: false,
        });
    }
    out.push(if cap.is_empty() {
        Effect::FlyThisActivation
    } else {
        let up = [
            "; however, when flying, they cannot move vertically upwards more than {n}\"",
            "; however, when flying, they cannot move vertically upwards of more than {n}\"",
        ];
        let up = up.iter().find_map(|t| super::card::fill(cap, t))?[0];
        Effect::FlyRisingAtMost { up }
    });
    Some(out)
}

/// "Until the end of this fighter's activation, add A to the S and damage characteristics of
/// melee attack actions made by this fighter": the Damage characteristic is the pair of a
/// hit's and a critical hit's (ATK-1), both raised.
pub(super) fn with_damage(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("until the end of this fighter's activation, add ")?;
    let (by, rest) = amount_prefix(rest)?;
    let (stats, rest) = rest
        .strip_prefix(" to the ")?
        .split_once(" characteristics of ")?;
    let melee_only = match rest {
        "melee attack actions made by this fighter" => true,
        "attack actions made by this fighter" => false,
        _ => return None,
    };
    let mut raised = Vec::new();
    for stat in stats.split(" and ") {
        match stat {
            "damage" => raised.extend([Stat::Damage, Stat::CritDamage]),
            s => raised.push(super::card::stat_of(s).filter(|s| s.of_attacks())?),
        }
    }
    raised.contains(&Stat::Damage).then_some(())?;
    let boost = |stat| Effect::Boost {
        stat,
        by,
        melee_only,
        missile_only: false,
    };
    Some(raised.into_iter().map(boost).collect())
}
