//! What an ability's effects do, in words for people (the log, the action bar).

use super::*;

/// What an effect list does, for people: "a bonus move action; then a bonus attack action";
/// with `value` (the ability's value, ABL-1), its amounts as numbers.
pub fn describe(effects: &[Effect], value: Option<u8>) -> String {
    effects
        .iter()
        .map(|e| describe_one(e, value))
        .collect::<Vec<_>>()
        .join("; ")
}

/// " for melee attacks" when `melee_only`.
fn melee_text(melee_only: bool) -> &'static str {
    if melee_only { " for melee attacks" } else { "" }
}

fn describe_one(e: &Effect, value: Option<u8>) -> String {
    let amount = |a: &Amount| match value {
        Some(v) => a.of(v).to_string(),
        None => a.to_string(),
    };
    match e {
        Effect::Requires(Condition::TookDownThisActivation) => {
            "(having taken down an enemy with an attack this activation)".to_string()
        }
        Effect::BonusMoveOrAttack => "a bonus move or attack action".to_string(),
        Effect::BonusMove { max: None } => "a bonus move action".to_string(),
        Effect::BonusMove { max: Some(a) } => {
            format!("a bonus move action of up to {}\"", amount(a))
        }
        Effect::BonusAttack => "a bonus attack action".to_string(),
        Effect::Boost {
            stat,
            by,
            melee_only,
        } => format!(
            "+{} {stat}{} until the end of the activation",
            amount(by),
            melee_text(*melee_only)
        ),
        Effect::DamageOne {
            range,
            amount: a,
            roll: None,
        } => format!("{} damage to a visible enemy within {range}\"", amount(a)),
        Effect::DamageOne {
            range,
            roll: Some(r),
            ..
        } => format!(
            "roll {} dice against a visible enemy within {range}\": {}",
            amount(&r.dice),
            r.bands
                .iter()
                .map(|(l, m, a)| format!("{} deals {}", band_text(*l, *m), amount(a)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Effect::Restrict {
            range,
            visible,
            actions,
        } => format!(
            "{} enemy within {range}\" may not {} until the end of the round",
            if *visible { "a visible" } else { "an" },
            actions
                .iter()
                .map(Restriction::to_string)
                .collect::<Vec<_>>()
                .join(" or ")
        ),
        Effect::DamageEach { range, amount: a } => {
            format!(
                "{} damage to each visible enemy within {range}\"",
                amount(a)
            )
        }
        Effect::Heal { amount: a } => format!("removes {} damage from this fighter", amount(a)),
        Effect::NextBoost { stat, by } => format!(
            "+{} {stat} for its next {} action",
            amount(by),
            if *stat == Stat::Move {
                "move"
            } else {
                "attack"
            }
        ),
        Effect::RoundBoost {
            stat,
            by,
            melee_only,
            aura,
        } => format!(
            "+{} {stat}{}{} until the end of the round",
            amount(by),
            melee_text(*melee_only),
            match aura {
                None => String::new(),
                Some(a) => format!(
                    " to {}friendly fighters while within {}\" of it",
                    if a.visible { "visible " } else { "" },
                    a.range
                ),
            }
        ),
        Effect::StrengthAboveToughness => {
            "its Strength counts as higher than the target's Toughness this activation".to_string()
        }
        Effect::AfterMove { trigger, then } => format!(
            "{}: {}",
            match trigger {
                MoveTrigger::NearEnemy(r) =>
                    format!("the next time it finishes a move within {r}\" of an enemy"),
                MoveTrigger::DroppedNext(h) =>
                    format!("if its next move finishes {h}\" or more lower"),
            },
            describe(then, value)
        ),
        Effect::AfterEachAttack { least, bar } => format!(
            "after each of its attacks this activation, a roll of {} bars the target from {} \
             until the end of the round",
            band_text(*least, 6),
            bar.iter()
                .map(|r| format!("{r} actions"))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
        Effect::FlatAttackRange => {
            "its attacks' range leaves out the vertical distance this activation".to_string()
        }
        Effect::FriendBonusAttack {
            range,
            visible,
            runemark,
        } => format!(
            "a bonus attack action for {}friendly fighter{} within {range}\"",
            if *visible { "a visible " } else { "a " },
            runemark
                .as_ref()
                .map_or(String::new(), |m| format!(" with the {m} runemark"))
        ),
        Effect::RollAgainst {
            range,
            visible,
            runemark,
            dice,
            least,
            then,
        } => format!(
            "roll {} dice against {} enemy{} within {range}\": {}",
            amount(dice),
            if *visible { "a visible" } else { "an" },
            runemark.as_ref().map_or(String::new(), |m| format!(" {m}")),
            match then {
                OnSuccess::Weaken { stat, min } => format!(
                    "each {}+ takes 1 from its {stat} (to {min}) until the end of the battle",
                    least
                ),
                OnSuccess::Taunt => format!(
                    "any {least}+ and its attacks must target this fighter until the end of \
                     the round"
                ),
            }
        ),
        Effect::SetUpNear {
            range,
            visible,
            within,
        } => format!(
            "{} enemy within {range}\" is set up within {within}\" of this fighter",
            if *visible { "a visible" } else { "an" }
        ),
        Effect::CritsWeaken {
            runemark,
            stat,
            by,
            min,
        } => format!(
            "if its next attack on an enemy{} scores a critical hit, that enemy has {by} less \
             {stat} (to {min}) until the end of the battle",
            runemark.as_ref().map_or(String::new(), |m| format!(" {m}"))
        ),
        Effect::Reaction(Trigger::TargetedByMelee) => {
            "(a reaction when targeted by a melee attack)".to_string()
        }
        Effect::CritsAsHits { up_to } => match amount(up_to).as_str() {
            "1" => "up to 1 critical hit counts as a hit".to_string(),
            n => format!("up to {n} critical hits count as hits"),
        },
        Effect::LessDamagePerHit { by } => {
            format!("each non-critical hit: {} less, to 1", amount(by))
        }
        Effect::DamageAttackerPerRoll {
            least,
            most,
            amount: a,
        } => format!(
            "each hit roll of {} deals {} damage to the attacker",
            band_text(*least, *most),
            amount(a)
        ),
    }
}
