//! What an ability's lasting, lapsing and picking effects did, in words: the sentences of the
//! effect outcomes that are data (ABL-5).

use crate::model::effects::Stat;
use crate::model::ids::FighterId;
use crate::rules::effects::describe;
use crate::rules::log::{EffectOutcome, Lapse, Names};
use crate::rules::state::Bonus;

/// The sentence of one of these outcomes for the fighter named `who`; `None` for the others.
/// Why what waited for a move lapsed, and what it was.
fn lapse_text(why: Lapse, what: &str) -> String {
    match why {
        Lapse::TakenDownMoving => {
            format!("it was taken down during the move, so this lapses: {what}")
        }
        Lapse::NotLowEnough(h) => format!(
            "its move finished less than {h}\" lower than it began, so this does not happen: \
             {what}"
        ),
        Lapse::NotNear(r) => format!(
            "its bonus move finished more than {r}\" from every enemy, so this does not happen: \
             {what}"
        ),
        Lapse::NotFar(r) => format!(
            "its bonus move finished less than {r}\" from where it began, so this does not \
             happen: {what}"
        ),
        Lapse::NotTheBonusMove => {
            format!("it moved without its bonus move, so this lapses: {what}")
        }
        Lapse::BonusAttackGone => {
            format!("the bonus attack it was for lapsed, so this lapses too: {what}")
        }
        Lapse::NoMoveAction => {
            format!("no move action of its activation set this off, so it lapses: {what}")
        }
        Lapse::OtherActionFirst => {
            format!("its next action was not the attack this was for, so it lapses: {what}")
        }
    }
}

pub(super) fn lasting_text(who: &str, o: &EffectOutcome, n: &Names) -> Option<String> {
    let what = match o {
        EffectOutcome::Lasts { effects, value } => describe(effects, Some(*value)),
        EffectOutcome::Lapsed {
            why,
            effects,
            value,
        } => lapse_text(*why, &describe(effects, Some(*value))),
        EffectOutcome::BoostLapsed { stat, by } => {
            format!("the bonus attack it was for lapsed, so this lapses too: +{by} {stat}")
        }
        EffectOutcome::BonusMoveBarred { max } => format!(
            "can't make its bonus move (up to {max}\"): an ability bars it from moving this \
             round, so the bonus lapses"
        ),
        EffectOutcome::BonusDeclined { bonus } => format!(
            "declines its bonus {} and makes an action of its own",
            bonus_words(*bonus, n)
        ),
        EffectOutcome::NoFriendInReach => "no friend in reach to make the bonus attack".into(),
        EffectOutcome::SetUp { .. } => super::against::set_up_text(who, o, n),
        EffectOutcome::RolledAgainst {
            rolls,
            fighter,
            result,
        } => super::against::rolled_against_text(rolls, n.fighter(*fighter), result, n),
        EffectOutcome::RollAfterAttack { roll, least } => {
            format!("rolls {roll} after its attack ({least}+ bars the target)")
        }
        EffectOutcome::CritWeakened { fighter, stat, now } => format!(
            "a critical hit: {}'s {stat} is {now} until the end of the battle",
            n.fighter(*fighter)
        ),
        _ => return None,
    };
    Some(format!("{who}: {what}"))
}

/// REA-1, ABL-5: what the target's reaction made of the attack it answered.
pub(super) fn answer_text(who: &str, o: &EffectOutcome) -> String {
    let what = match o {
        EffectOutcome::CritsCounted { n, rolls } => {
            let counted = match (n, rolls.is_empty()) {
                (0, true) => "no critical hit to count as a hit".to_string(),
                (0, false) => "no critical hit counts as a hit".to_string(),
                (1, _) => "1 critical hit counts as a hit".to_string(),
                (n, _) => format!("{n} critical hits count as hits"),
            };
            match &rolls[..] {
                [] => counted,
                r => {
                    let r: Vec<String> = r.iter().map(u8::to_string).collect();
                    format!("rolls {}: {counted}", r.join(", "))
                }
            }
        }
        EffectOutcome::HitDamage {
            hit,
            crit,
            crits: false,
        } => format!("each hit deals {hit} damage (critical hits {crit}, as they were)"),
        EffectOutcome::HitDamage { hit, crit, .. } => {
            format!("each hit deals {hit} damage, each critical hit {crit}")
        }
        _ => String::new(),
    };
    format!("{who}'s reaction: {what}")
}

/// ABL-5: the bonus action an ability gave.
pub(super) fn bonus_text(who: &str, o: &EffectOutcome) -> String {
    match o {
        EffectOutcome::BonusMove { max } => {
            format!("{who} may make a bonus move action of up to {max:.0}\"")
        }
        EffectOutcome::BonusAttack => format!("{who} may make a bonus attack action"),
        EffectOutcome::BonusDisengage => format!("{who} may make a bonus disengage action"),
        EffectOutcome::BonusMoveCloser { max } => format!(
            "{who} may make a bonus move action of up to {max:.0}\", finishing closer to the \
             closest enemy it can see"
        ),
        EffectOutcome::BonusMoveOrDisengage { max } => format!(
            "{who} may make a bonus move action (up to {max:.0}\") or a bonus disengage action"
        ),
        EffectOutcome::BonusMoveOrAttack { max } => format!(
            "{who} may make a bonus move action (up to {max:.0}\") or a bonus attack action"
        ),
        _ => String::new(),
    }
}

/// ABL-5: the damage an ability dealt (to this fighter itself, too), or the dice it rolled
/// against a fighter when they dealt none.
pub(super) fn damage_text(who: &str, o: &EffectOutcome, n: &Names) -> String {
    let EffectOutcome::Damage {
        fighters,
        damage,
        rolls,
    } = o
    else {
        return String::new();
    };
    let rolled = rolled_text(rolls);
    match fighters.len() {
        0 => format!("{who}'s ability reaches no enemy{rolled}"),
        // A roll that deals no damage (what each roll does is said after it).
        1 if *damage == 0 && !rolls.is_empty() => format!(
            "{who} rolls {} against {}",
            rolls_list(rolls),
            n.fighter(fighters[0])
        ),
        _ => {
            let names: Vec<String> = (fighters.iter())
                .map(|f| match n.fighter(*f) {
                    name if name == who => "itself".to_string(),
                    name => name,
                })
                .collect();
            format!(
                "{who} deals {damage} damage to {}{rolled}",
                names.join(", ")
            )
        }
    }
}

/// ABL-5: the damage a heal removed from a fighter in its reach, or after rolls.
pub(super) fn healed_text(who: &str, o: &EffectOutcome, n: &Names) -> String {
    if let EffectOutcome::HealedRolled { healed, rolls } = o {
        return format!("{who} removes {healed} damage{}", rolled_text(rolls));
    }
    if let EffectOutcome::Healed { healed } = o {
        return format!("{who} removes {healed} damage");
    }
    if let EffectOutcome::HealedFriendRolled {
        fighter,
        healed,
        rolls,
    } = o
    {
        let whom = n.fighter(*fighter);
        return format!(
            "{who} removes {healed} damage from {whom}{}",
            rolled_text(rolls)
        );
    }
    let EffectOutcome::HealedFriend {
        fighter,
        healed,
        roll,
    } = o
    else {
        return String::new();
    };
    let whom = match n.fighter(*fighter) {
        name if name == who => "itself".to_string(),
        name => name,
    };
    let rolled = roll.map_or(String::new(), |r| format!(" (rolls {r})"));
    format!("{who} removes {healed} damage from {whom}{rolled}")
}

/// A friend moving further as it begins its activation, or counting as more fighters.
fn friend_more_text(who: &str, o: &EffectOutcome, n: &Names) -> Option<String> {
    Some(match o {
        EffectOutcome::StartRaised { fighter, by } => {
            format!(
                "{}: +{by} Move this activation, beginning it near {who} ({who}'s ability)",
                n.fighter(*fighter)
            )
        }
        EffectOutcome::FriendCounts { fighter, extra } => {
            let s = if *extra == 1 { "" } else { "s" };
            format!(
                "{}: counts as {extra} more fighter{s} for objective control until the end of \
                 the round (GEN-7, {who}'s ability)",
                n.fighter(*fighter)
            )
        }
        _ => return None,
    })
}

/// ABL-5: what an ability raised for a friend (its activation next, its ability's value).
pub(super) fn friend_raised_text(who: &str, o: &EffectOutcome, n: &Names) -> String {
    if let Some(text) = friend_more_text(who, o, n) {
        return text;
    }
    match o {
        EffectOutcome::PullHeld { fighter } => {
            return format!(
                "{} can't move towards {who}: it is within 1\" of an enemy (MOVE-3)",
                n.fighter(*fighter)
            );
        }
        EffectOutcome::Pulled {
            fighter,
            moved,
            dropped,
        } => {
            let whom = n.fighter(*fighter);
            if *moved < 0.05 {
                return format!("{whom} can't move towards {who}: nothing clear in the way");
            }
            let drop = if *dropped > 0.05 {
                format!(", landing {dropped:.1}\" lower")
            } else {
                String::new()
            };
            return format!("{whom} jumps {moved:.1}\" towards {who}{drop}");
        }
        EffectOutcome::ActivatesNext { fighter } => {
            return format!("{who}: {} is activated right after it", n.fighter(*fighter));
        }
        EffectOutcome::ValueChanged {
            fighter,
            ability,
            value,
        } => {
            let whose = n.fighter(*fighter);
            if whose == who {
                return format!("{who}'s runemarks make the value of its {ability} {value}");
            }
            return format!("{who}'s aura makes the value of {whose}'s {ability} {value}");
        }
        _ => {}
    }
    let EffectOutcome::FriendRaised {
        fighter,
        stat,
        by,
        melee_only,
        next,
    } = o
    else {
        return String::new();
    };
    let kind = if *melee_only { "melee " } else { "" };
    let when = if *next {
        format!(" for its next {kind}attack this round")
    } else {
        format!(
            "{} until the end of the battle round",
            if *melee_only {
                " for melee attacks"
            } else {
                ""
            }
        )
    };
    format!(
        "{}: +{by} {stat}{when} ({who}'s ability)",
        n.fighter(*fighter)
    )
}

/// ABL-5: who an ability barred from what until the end of the round.
pub(super) fn barred_text(who: &str, o: &EffectOutcome, n: &Names) -> String {
    let (fighters, actions) = match o {
        EffectOutcome::BarredEach { fighters, actions } => (fighters.clone(), actions),
        EffectOutcome::Barred { fighter, actions } => (vec![*fighter], actions),
        _ => return String::new(),
    };
    // "... farther from it": from the fighter whose ability it is.
    let what = actions
        .iter()
        .map(|a| a.to_string().replace(" from it", &format!(" from {who}")))
        .collect::<Vec<_>>()
        .join(" or ");
    if fighters.is_empty() {
        return format!("{who}'s ability reaches no enemy: nobody is barred from {what}");
    }
    let names: Vec<String> = fighters.iter().map(|f| n.fighter(*f)).collect();
    format!(
        "{} may not {what} until the end of the battle round ({who}'s ability)",
        names.join(", ")
    )
}

/// ABL-5: how a guard lasting the round softened an attack on `who`.
pub(super) fn guarded_text(who: &str, o: &EffectOutcome) -> String {
    let EffectOutcome::Guarded { counted, hit, crit } = o else {
        return String::new();
    };
    let counted = match (crit, counted) {
        (Some(_), _) => String::new(),
        (None, 1) => "1 critical hit counts as a hit; ".to_string(),
        (None, n) => format!("{n} critical hits count as hits; "),
    };
    let crit = crit.map_or(String::new(), |c| format!(", each critical hit {c}"));
    format!("{who} is guarded this round: {counted}each hit deals {hit} damage{crit}")
}

/// A bonus action in words: "move of up to 3\"", "attack of Orvi".
fn bonus_words(b: Bonus, n: &Names) -> String {
    bonus_words_with(b, |id| n.fighter(id))
}

/// [`bonus_words`] with the fighters' names from `name_of`.
pub fn bonus_words_with(b: Bonus, name_of: impl Fn(FighterId) -> String) -> String {
    match b {
        Bonus::Move { max, fly: false } => format!("move of up to {max}\""),
        Bonus::Move { max, fly: true } => format!("move of up to {max}\", flying"),
        Bonus::Attack | Bonus::AnyAttack => "attack".into(),
        Bonus::MoveOrAttack { max } => format!("move (up to {max}\") or attack"),
        Bonus::FriendAttack {
            fighter, melee, at, ..
        } => format!(
            "{}attack of {}{}",
            if melee { "melee " } else { "" },
            name_of(fighter),
            at.map_or(String::new(), |t| format!(" on {}", name_of(t)))
        ),
        Bonus::MoveCloser { max } => {
            format!("move of up to {max}\", finishing closer to the closest enemy it can see")
        }
        Bonus::Disengage => "disengage".into(),
        Bonus::AttackOf { melee: true } => "melee attack".into(),
        Bonus::AttackOf { melee: false } => "missile attack".into(),
        Bonus::AttackAt { target, melee } => format!(
            "{}attack on {}",
            if melee { "melee " } else { "" },
            name_of(target)
        ),
        Bonus::AttackWith { .. } => "attack with the weapon its ability names".into(),
        Bonus::MoveOrDisengage { max } => format!("move (up to {max}\") or disengage"),
        Bonus::FriendMove {
            fighter,
            max,
            closer,
        } => format!(
            "move of {} (up to {max}\"{})",
            name_of(fighter),
            if closer { ", ending closer" } else { "" }
        ),
        Bonus::FriendMoveOrAttack { fighter, max } => {
            format!("move (up to {max}\") or attack of {}", name_of(fighter))
        }
    }
}

/// " (rolls 5, 2, 6)", or nothing when no dice were rolled.
pub(super) fn rolled_text(rolls: &[u8]) -> String {
    if rolls.is_empty() {
        return String::new();
    }
    format!(" (rolls {})", rolls_list(rolls))
}

/// "4, 6, 2".
pub(super) fn rolls_list(rolls: &[u8]) -> String {
    let r: Vec<String> = rolls.iter().map(u8::to_string).collect();
    r.join(", ")
}

/// An enemy weakened but for this fighter, or set upon as its move ends.
fn enemy_more_text(who: &str, o: &EffectOutcome, n: &Names) -> Option<String> {
    Some(match o {
        EffectOutcome::ReactionDamageBarred { damage } => format!(
            "{who} takes none of those {damage} damage points: enemies' reactions allocate it \
             no damage this activation (its ability)"
        ),
        EffectOutcome::Trapped { fighter, range } => format!(
            "{who}'s ability: {} finished a move within {range}\" of {who} and suffers impact \
             damage (MOVE-9)",
            n.fighter(*fighter)
        ),
        EffectOutcome::WeakenedUnless { fighter, by, min } => format!(
            "{who}'s ability: {}'s attacks deal {by} less damage for each hit and critical hit \
             (to {min} at least) until the end of the round, except those on {who}",
            n.fighter(*fighter)
        ),
        _ => return None,
    })
}

/// ABL-5: friends' bonus actions given or lapsed, and an enemy exposed to the attacks on it or
/// lowered.
pub(super) fn friend_bonus_text(who: &str, o: &EffectOutcome, n: &Names) -> String {
    if let Some(text) = enemy_more_text(who, o, n) {
        return text;
    }
    match o {
        EffectOutcome::FriendAttack { fighter } => format!(
            "{} may make a bonus attack action ({who}'s ability)",
            n.fighter(*fighter)
        ),
        EffectOutcome::BonusAttackOn { target } => format!(
            "{who} may make a bonus attack action on {}",
            n.fighter(*target)
        ),
        EffectOutcome::BonusAttackWith { runemark } => {
            format!("{who} may make a bonus attack action with its {runemark}")
        }
        EffectOutcome::Lowered {
            fighter,
            stat,
            now,
            activation,
            battle,
            roll,
        } => format!(
            "{who}'s ability{}: {}'s {} is {now}, lowered until the end of the {}",
            roll.map_or(String::new(), |r| format!(" (rolls {r})")),
            n.fighter(*fighter),
            match stat {
                Stat::Damage | Stat::CritDamage => "damage for a hit".to_string(),
                s => s.to_string(),
            },
            match (*battle, *activation) {
                (true, _) => "battle",
                (false, true) => "activation",
                (false, false) => "round",
            }
        ),
        EffectOutcome::DamageDice { dice } => {
            let each: Vec<String> = dice
                .iter()
                .map(|(sides, got)| format!("a D{sides} of {got}"))
                .collect();
            format!("{who} rolls the damage: {}", each.join(", "))
        }
        EffectOutcome::Rolled { roll, least } => format!(
            "{who} rolls {roll} for its ability ({least}+ needed){}",
            if roll >= least { "" } else { ": nothing more" }
        ),
        EffectOutcome::NoDisengage => {
            format!("{who}'s bonus disengage action lapses: no enemy is within 1\" of it")
        }
        EffectOutcome::BonusLapsed { bonus } => format!(
            "the bonus {} lapses: that friend is no longer on the battlefield",
            bonus_words_with(*bonus, |id| n.fighter(id))
        ),
        EffectOutcome::Exposed {
            fighter,
            stat,
            by,
            to,
        } => format!(
            "{who}'s ability: {} on {} have {by} more {} until the end of the round",
            to.map_or("the attacks".to_string(), |t| t.words()),
            n.fighter(*fighter),
            match stat {
                crate::model::effects::Stat::CritDamage => "damage from each critical hit",
                crate::model::effects::Stat::Damage => "damage from each hit",
                crate::model::effects::Stat::Strength => "Strength",
                _ => "Attacks",
            }
        ),
        _ => String::new(),
    }
}

/// ABL-5: what an ability raised for this fighter until the end of its activation.
pub(super) fn boost_text(who: &str, o: &EffectOutcome) -> String {
    match o {
        EffectOutcome::Counted { n: 0, count } => {
            return format!("{who} counts no {}: nothing is raised", count.words(true));
        }
        EffectOutcome::Counted { n, count } => {
            return format!("{who} counts {n} {}", count.words(*n != 1));
        }
        _ => {}
    }
    let EffectOutcome::Boost {
        stat,
        by,
        melee_only,
        missile_only,
    } = o
    else {
        return String::new();
    };
    format!(
        "{who}: +{by} {stat}{} until the end of its activation",
        match (melee_only, missile_only) {
            (true, _) => " for melee attacks",
            (_, true) => " for missile attacks",
            _ => "",
        }
    )
}

/// ABL-5, CMB-2: the friends an ability offers bonus actions, in words: who may, the one let
/// go, those whose went once enough were taken.
pub(super) fn picks_text(who: &str, o: &EffectOutcome, n: &Names) -> String {
    match o {
        EffectOutcome::FriendBonuses {
            fighters,
            or_attack,
            up_to,
        } => {
            let names: Vec<String> = fighters.iter().map(|f| n.fighter(*f)).collect();
            let up_to = match up_to {
                Some(k) if (*k as usize) < names.len() => {
                    format!("up to {k} of them, let go to pick others: ")
                }
                _ => String::new(),
            };
            match names.len() {
                0 => format!("{who}'s ability reaches no friend to make a bonus action"),
                _ => format!(
                    "{up_to}{} may make a bonus {} in turn ({who}'s ability)",
                    names.join(", "),
                    if *or_attack { "move or attack" } else { "move" }
                ),
            }
        }
        EffectOutcome::BonusPassed { bonus } => format!(
            "{who} lets the bonus {} go",
            bonus_words_with(*bonus, |id| n.fighter(id))
        ),
        EffectOutcome::PicksMade { fighters } => {
            let names: Vec<String> = fighters.iter().map(|f| n.fighter(*f)).collect();
            format!(
                "as many friends as {who}'s ability picks have made their bonus actions: {}'s \
                 go",
                names.join(", ")
            )
        }
        _ => String::new(),
    }
}
