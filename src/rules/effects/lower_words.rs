//! The card's words for the lowering family (ABL-4, ABL-5): a picked enemy's characteristics
//! lowered or halved, the attacks on it raised (`lower` runs them; `card`: the language's
//! shared pieces).

use crate::model::effects::{Amount, Effect, Exposers, Lowering, Marks, PickOnly, Stat};

use super::card::{amount_prefix, fill, number_prefix, picked_enemy};

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

/// "Pick a (visible) enemy fighter within N" of this fighter." + "Until the end of the battle
/// round (of this fighter's activation), subtract A from the Attacks characteristic (to a
/// minimum of M) of attack actions made by that fighter" (or "... attack actions ..." without
/// "of", as one card prints it), "... subtract A from that fighter's Move characteristic (to a
/// minimum of M)", and the other characteristics ([`lowering`]), one or more joined by "and".
pub(super) fn picked_then_lowered(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let expose = |(range, visible), only, (stat, by, to)| Effect::ExposePicked {
        range,
        visible,
        stat,
        by,
        to,
        only,
    };
    if let Some((range, visible, only)) = picked_only(&s[0])
        && let Some(raised) = exposed(s.get(1)?)
    {
        return Some((2, vec![expose((range, visible), Some(only), raised)]));
    }
    // "Pick an enemy fighter within N" of this fighter and roll a die" + "... subtract the
    // value of the roll from ...".
    let (pick, rolled) = match ["and roll a die", "and roll a dice"]
        .iter()
        .find_map(|r| s[0].strip_suffix(r))
    {
        Some(p) => (p.trim_end(), true),
        None => (s[0].as_str(), false),
    };
    let (range, visible) = picked_enemy(pick)?;
    if let Some(raised) = exposed(s.get(1)?).filter(|_| !rolled) {
        return Some((2, vec![expose((range, visible), None, raised)]));
    }
    let next = s.get(1)?;
    let (activation, rest) = match next.strip_prefix("until the end of the battle round, ") {
        Some(r) => (false, r),
        None => (
            true,
            next.strip_prefix("until the end of this fighter's activation, ")?,
        ),
    };
    let (rest, spares_me) = spared(rest);
    let mut effects = Vec::new();
    for clause in rest.split(" and subtract ") {
        let clause = clause.strip_prefix("subtract ").unwrap_or(clause);
        let lowered = match (halved(clause), clause.strip_prefix("the value of the roll")) {
            (Some(stat), _) if !rolled => (stat, Amount::Fixed(0), 0, false, Lowering::Halve),
            (_, Some(rest)) if rolled => {
                let (stat, min, melee_only) = lowering(rest)?;
                (stat, Amount::Fixed(0), min, melee_only, Lowering::Roll)
            }
            _ if rolled => return None,
            _ => {
                let (by, rest) = amount_prefix(clause)?;
                let (stat, min, melee_only) = lowering(rest)?;
                (stat, by, min, melee_only, Lowering::By)
            }
        };
        let (stat, by, min, melee_only, how) = lowered;
        effects.push(Effect::LowerPicked(crate::model::effects::PickedLowering {
            range,
            visible,
            stat,
            by,
            min,
            activation,
            melee_only,
            how,
            spares_me,
        }));
    }
    Some((2, effects))
}

/// "... subtract A from the damage points allocated by each hit and critical hit (to a minimum
/// of M) from attack actions made by the chosen fighter, unless those attack actions target
/// this fighter": the lowering in the words `lowering` knows, and whether it spares this
/// fighter.
fn spared(rest: &str) -> (String, bool) {
    let Some(head) = rest.strip_suffix(", unless those attack actions target this fighter") else {
        return (rest.to_string(), false);
    };
    let moved = head
        .split_once(" (to a minimum of ")
        .and_then(|(lead, tail)| {
            let (min, by) = tail.split_once(") from attack actions made by the chosen fighter")?;
            by.is_empty().then(|| {
                format!("{lead} from attack actions made by that fighter (to a minimum of {min})")
            })
        });
    match moved {
        Some(plain) if plain.contains(" from the damage points allocated by each hit ") => {
            (plain, true)
        }
        _ => (rest.to_string(), false),
    }
}

/// "Halve the Toughness characteristic of that fighter (rounding up)" (or its Move).
fn halved(s: &str) -> Option<Stat> {
    let rest = s.strip_prefix("halve the ")?;
    let (stat, rest) = [("move", Stat::Move), ("toughness", Stat::Toughness)]
        .into_iter()
        .find_map(|(w, stat)| Some((stat, rest.strip_prefix(w)?)))?;
    (rest == " characteristic of that fighter (rounding up)").then_some(stat)
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
    // "pick a visible enemy fighter with the Monster runemark that is within 6\" of this fighter".
    if let Some((pick, near)) = s.split_once(" runemark that is within ")
        && let Some((head, marks)) = pick.split_once(" with the ")
    {
        let (range, visible) = picked_enemy(&format!("{head} within {near}"))?;
        let marks = super::card::marks_of(&format!("the {marks} runemark"))?;
        return Some((range, visible, PickOnly::Marked(marks)));
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
