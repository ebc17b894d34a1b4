//! The guard family's wording (ABL-5, `card`: the language's shared pieces): "until the end of
//! the battle round, subtract 1 from the damage points allocated by each hit and critical hit
//! ... from attack actions that target ...", and the other guards of the round.

use crate::model::effects::{Amount, Aura, Effect, Guard};

use super::card::{amount_prefix, fill, friends_within, number_prefix};

/// "Until the end of the battle round, subtract A from the damage points allocated by each hit
/// and critical hit (to a minimum of N) from attack actions that target this fighter (friendly
/// fighters while they are within N" of this fighter)", "until the end of the battle round,
/// count each critical hit from attack actions that target this fighter as a hit instead".
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("until the end of the battle round, ")?;
    if rest
        == "count each critical hit from attack actions that target this fighter as a hit instead"
    {
        return Some(vec![Effect::RoundGuard {
            guard: Guard::CritsAsHits,
            aura: None,
        }]);
    }
    // "... count each critical hit scored from each attack action that targets a friendly
    // fighter with the M runemark that is within N\" of this fighter as a hit instead".
    if let Some(who) = rest
        .strip_prefix("count each critical hit scored from each attack action that targets a ")
        .and_then(|r| r.strip_suffix(" as a hit instead"))
    {
        let (who, near) = who.split_once(" that is within ")?;
        let who = who.replacen("friendly fighter", "friendly fighters", 1);
        let aura = super::card::friends_within(&format!("{who} while they are within {near}"))?;
        return Some(vec![Effect::RoundGuard {
            guard: Guard::CritsAsHits,
            aura: Some(aura),
        }]);
    }
    if let Some(dim) = enemy_crits_as_hits(rest) {
        return Some(vec![dim]);
    }
    if let Some(fewer) = fewer_attacks(rest) {
        return Some(vec![fewer]);
    }
    if let Some(guard) = untargetable(rest).or_else(|| less_on_this_fighter(rest)) {
        return Some(vec![guard]);
    }
    let rest = rest.strip_prefix("subtract ")?;
    let (by, rest) = amount_prefix(rest)?;
    let rest = rest.strip_prefix(
        " from the damage points allocated by each hit and critical hit (to a minimum of ",
    )?;
    let (min, rest) = number_prefix(rest)?;
    let who = rest.strip_prefix(") from attack actions that target ")?;
    let aura = match who {
        "this fighter" | "this figther" => None,
        _ => Some(guarded_while(who)?),
    };
    let by: Amount = by;
    Some(vec![Effect::RoundGuard {
        guard: Guard::LessDamage { by, min },
        aura,
    }])
}

/// Who a lowering of damage guards: "friendly fighters (with MARKS) while they are within N\"
/// of this fighter (and have not made any move actions this battle round)", "this fighter
/// while it is within N\" of a friendly fighter with MARKS".
fn guarded_while(who: &str) -> Option<Aura> {
    if let Some(near) = who.strip_prefix("this fighter while it is within ") {
        let (range, marks) = near.split_once("\" of a friendly fighter with ")?;
        let near =
            crate::model::effects::Near::new(range.parse().ok()?, super::card::marks_of(marks)?);
        return Some(Aura {
            near: Some(near?),
            ..Aura::within(0.0, false)
        });
    }
    match who.strip_suffix(" and have not made any move actions this battle round") {
        Some(who) => Some(Aura {
            unmoved: true,
            ..friends_within(who)?
        }),
        None => friends_within(who),
    }
}

/// "Critical hits for attacks made by enemy fighters (visible to this fighter and) within N"
/// (a number of inches equal to the value of this ability) of this fighter become hits
/// instead" (after "until the end of the battle round, ").
fn enemy_crits_as_hits(s: &str) -> Option<Effect> {
    let rest = s.strip_prefix("critical hits for attacks made by enemy fighters ")?;
    let rest = rest.strip_suffix(" become hits instead")?;
    let (visible, rest) = match rest.strip_prefix("visible to this fighter and ") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let range =
        if rest == "within a number of inches of this fighter equal to the value of this ability" {
            crate::model::effects::VALUE_RANGE
        } else {
            fill(rest, "within {n}\" of this fighter")?[0] as f32
        };
    Some(Effect::EnemyCritsAsHits { range, visible })
}

/// "Friendly fighters (with MARKS) cannot be targeted while they are within N" of this
/// fighter".
fn untargetable(s: &str) -> Option<Effect> {
    let (who, rest) = s.split_once(" cannot be targeted ")?;
    let aura = friends_within(&format!("{who} {rest}"))?;
    Some(Effect::RoundGuard {
        guard: Guard::Untargetable,
        aura: Some(aura),
    })
}

/// "Subtract A from the damage points allocated to this fighter by each hit and critical hit
/// from attack actions that target this fighter (to a minimum of N)".
fn less_on_this_fighter(s: &str) -> Option<Effect> {
    let rest = s.strip_prefix("subtract ")?;
    let (by, rest) = amount_prefix(rest)?;
    let v = fill(
        rest,
        " from the damage points allocated to this fighter by each hit and critical hit from \
         attack actions that target this fighter (to a minimum of {n})",
    )?;
    Some(Effect::RoundGuard {
        guard: Guard::LessDamage { by, min: v[0] },
        aura: None,
    })
}

/// "Subtract A from the Attacks characteristic (to a minimum of N) of (melee) attack actions
/// (made by enemy fighters) that target this fighter", "... made by enemy fighters while they
/// target a fighter within N" of this fighter" (after "until the end of the battle round, ").
/// "Until the end of the battle round, after each melee attack action that targets this
/// fighter, roll N dice." + "For each roll of L+, allocate D damage points to the fighter that
/// made the attack action."
pub(super) fn retaliation(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    // "... each time this fighter is allocated a damage point by a melee attack action made by
    // an enemy fighter, roll a dice." + "On a 3+ allocate 1 damage point to that enemy
    // fighter": a dice for each damage point of each melee attack.
    let each_point = "until the end of the battle round, each time this fighter is allocated a \
                      damage point by a melee attack action made by an enemy fighter, roll a dice";
    if s[0] == each_point {
        let v = fill(
            s.get(1)?,
            "on a {n}+ allocate {n} damage point to that enemy fighter",
        )?;
        let guard = Guard::Retaliate {
            dice: 0,
            least: u8::try_from(v[0]).ok()?,
            damage: v[1],
        };
        return Some((2, vec![Effect::RoundGuard { guard, aura: None }]));
    }
    let dice = fill(
        &s[0],
        "until the end of the battle round, after each melee attack action that targets this \
         fighter, roll {n} dice",
    )?[0];
    let v = fill(
        s.get(1)?,
        "for each roll of {n}+, allocate {n} damage points to the fighter that made the attack \
         action",
    )?;
    let guard = Guard::Retaliate {
        dice,
        least: u8::try_from(v[0]).ok()?,
        damage: v[1],
    };
    Some((2, vec![Effect::RoundGuard { guard, aura: None }]))
}

fn fewer_attacks(s: &str) -> Option<Effect> {
    let rest = s.strip_prefix("subtract ")?;
    let (by, rest) = amount_prefix(rest)?;
    let rest = rest.strip_prefix(" from the attacks characteristic (to a minimum of ")?;
    let (min, rest) = number_prefix(rest)?;
    let rest = rest.strip_prefix(") of ")?;
    let (melee_only, rest) = match rest.strip_prefix("melee ") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let rest = rest.strip_prefix("attack actions ")?;
    let rest = rest.strip_prefix("made by enemy fighters ").unwrap_or(rest);
    let aura = match rest {
        "that target this fighter" => None,
        _ => {
            let v = fill(
                rest,
                "while they target a fighter within {n}\" of this fighter",
            )?;
            Some(crate::model::effects::Aura::within(v[0] as f32, false))
        }
    };
    Some(Effect::RoundGuard {
        guard: Guard::FewerAttacks {
            by,
            min,
            melee_only,
        },
        aura,
    })
}
