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
    match e {
        Effect::Requires(_)
        | Effect::BonusMoveOrAttack
        | Effect::BonusMove { .. }
        | Effect::BonusAttack
        | Effect::FriendBonusAttack { .. } => bonus_text(e, value),
        Effect::Boost { .. }
        | Effect::NextBoost { .. }
        | Effect::RoundBoost { .. }
        | Effect::StrengthAboveToughness
        | Effect::FlatAttackRange => boost_text(e, value),
        Effect::DamageOne { .. }
        | Effect::DamageEach { .. }
        | Effect::Heal { .. }
        | Effect::AfterMove { .. }
        | Effect::AfterEachAttack { .. } => damage_text(e, value),
        Effect::Restrict { .. }
        | Effect::RollAgainst { .. }
        | Effect::SetUpNear { .. }
        | Effect::CritsWeaken { .. } => against_text(e, value),
        Effect::Reaction(_)
        | Effect::CritsAsHits { .. }
        | Effect::LessDamagePerHit { .. }
        | Effect::DamageAttackerPerRoll { .. } => reaction_text(e, value),
    }
}

/// Bonus actions, for this fighter or a friend. (Only [`describe_one`]'s arm for them calls this; any other effect is no text.)
fn bonus_text(e: &Effect, value: Option<u8>) -> String {
    let amount = |a: &Amount| amount_text(a, value);
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
        Effect::FriendBonusAttack {
            range,
            visible,
            runemark,
        } => format!(
            "a bonus attack action for {}friendly fighter{} within {range}\"",
            if *visible { "a visible " } else { "a " },
            runemark_text(runemark.as_deref(), " with the ", " runemark")
        ),
        _ => String::new(),
    }
}

/// Characteristic changes of this fighter or its friends. (Only [`describe_one`]'s arm for them calls this; any other effect is no text.)
fn boost_text(e: &Effect, value: Option<u8>) -> String {
    let amount = |a: &Amount| amount_text(a, value);
    match e {
        Effect::Boost {
            stat,
            by,
            melee_only,
        } => format!(
            "+{} {stat}{} until the end of the activation",
            amount(by),
            melee_text(*melee_only)
        ),
        Effect::NextBoost { stat, by } => {
            let next = if *stat == Stat::Move {
                "move"
            } else {
                "attack"
            };
            format!("+{} {stat} for its next {next} action", amount(by))
        }
        Effect::RoundBoost {
            stat,
            by,
            melee_only,
            aura,
        } => round_boost_text(*stat, &amount(by), *melee_only, aura.as_ref()),
        Effect::StrengthAboveToughness => {
            "its Strength counts as higher than the target's Toughness this activation".to_string()
        }
        Effect::FlatAttackRange => {
            "its attacks' range leaves out the vertical distance this activation".to_string()
        }
        _ => String::new(),
    }
}

/// Damage and healing, now or after a move or an attack. (Only [`describe_one`]'s arm for them calls this; any other effect is no text.)
fn damage_text(e: &Effect, value: Option<u8>) -> String {
    let amount = |a: &Amount| amount_text(a, value);
    match e {
        Effect::DamageOne {
            range,
            amount: a,
            roll,
        } => damage_one_text(*range, a, roll.as_ref(), value),
        Effect::DamageEach { range, amount: a } => {
            format!(
                "{} damage to each visible enemy within {range}\"",
                amount(a)
            )
        }
        Effect::Heal { amount: a } => format!("removes {} damage from this fighter", amount(a)),
        Effect::AfterMove { trigger, then } => after_move_text(trigger, then, value),
        Effect::AfterEachAttack { least, bar } => after_each_attack_text(*least, bar),
        _ => String::new(),
    }
}

/// What befalls an enemy: restrictions, rolls against it, being set up. (Only [`describe_one`]'s arm for them calls this; any other effect is no text.)
fn against_text(e: &Effect, value: Option<u8>) -> String {
    let amount = |a: &Amount| amount_text(a, value);
    match e {
        Effect::Restrict {
            range,
            visible,
            actions,
        } => restrict_text(*range, *visible, actions),
        Effect::RollAgainst {
            range,
            visible,
            runemark,
            dice,
            least,
            then,
        } => {
            let against = format!(
                "{} enemy{} within {range}\"",
                a_visible(*visible),
                runemark_text(runemark.as_deref(), " ", "")
            );
            roll_against_text(&against, &amount(dice), *least, then)
        }
        Effect::SetUpNear {
            range,
            visible,
            within,
        } => format!(
            "{} enemy within {range}\" is set up within {within}\" of this fighter",
            a_visible(*visible)
        ),
        Effect::CritsWeaken {
            runemark,
            stat,
            by,
            min,
        } => format!(
            "if its next attack on an enemy{} scores a critical hit, that enemy has {by} less \
             {stat} (to {min}) until the end of the battle",
            runemark_text(runemark.as_deref(), " ", "")
        ),
        _ => String::new(),
    }
}

/// Reactions and what they change in the attack. (Only [`describe_one`]'s arm for them calls this; any other effect is no text.)
fn reaction_text(e: &Effect, value: Option<u8>) -> String {
    let amount = |a: &Amount| amount_text(a, value);
    match e {
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

        _ => String::new(),
    }
}

/// An amount in words: with the ability's `value`, a number.
fn amount_text(a: &Amount, value: Option<u8>) -> String {
    match value {
        Some(v) => a.of(v).to_string(),
        None => a.to_string(),
    }
}

/// "a visible" or "an" (enemy).
fn a_visible(visible: bool) -> &'static str {
    if visible { "a visible" } else { "an" }
}

/// `before` runemark `after`, or nothing without a runemark.
fn runemark_text(runemark: Option<&str>, before: &str, after: &str) -> String {
    runemark.map_or(String::new(), |m| format!("{before}{m}{after}"))
}

fn damage_one_text(range: f32, a: &Amount, roll: Option<&Roll>, value: Option<u8>) -> String {
    let Some(r) = roll else {
        return format!(
            "{} damage to a visible enemy within {range}\"",
            amount_text(a, value)
        );
    };
    let bands = r
        .bands
        .iter()
        .map(|(l, m, a)| format!("{} deals {}", band_text(*l, *m), amount_text(a, value)))
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "roll {} dice against a visible enemy within {range}\": {bands}",
        amount_text(&r.dice, value)
    )
}

fn restrict_text(range: f32, visible: bool, actions: &[Restriction]) -> String {
    format!(
        "{} enemy within {range}\" may not {} until the end of the round",
        a_visible(visible),
        actions
            .iter()
            .map(Restriction::to_string)
            .collect::<Vec<_>>()
            .join(" or ")
    )
}

fn round_boost_text(stat: Stat, by: &str, melee_only: bool, aura: Option<&Aura>) -> String {
    let to = aura.map_or(String::new(), |a| {
        format!(
            " to {}friendly fighters while within {}\" of it",
            if a.visible { "visible " } else { "" },
            a.range
        )
    });
    format!(
        "+{by} {stat}{}{to} until the end of the round",
        melee_text(melee_only)
    )
}

fn after_move_text(trigger: &MoveTrigger, then: &[Effect], value: Option<u8>) -> String {
    let when = match trigger {
        MoveTrigger::NearEnemy(r) => {
            format!("the next time it finishes a move within {r}\" of an enemy")
        }
        MoveTrigger::DroppedNext(h) => format!("if its next move finishes {h}\" or more lower"),
    };
    format!("{when}: {}", describe(then, value))
}

fn after_each_attack_text(least: u8, bar: &[Restriction]) -> String {
    format!(
        "after each of its attacks this activation, a roll of {} bars the target from {} \
         until the end of the round",
        band_text(least, 6),
        bar.iter()
            .map(|r| format!("{r} actions"))
            .collect::<Vec<_>>()
            .join(" and ")
    )
}

fn roll_against_text(against: &str, dice: &str, least: u8, then: &OnSuccess) -> String {
    let outcome = match then {
        OnSuccess::Weaken { stat, min } => {
            format!("each {least}+ takes 1 from its {stat} (to {min}) until the end of the battle")
        }
        OnSuccess::Taunt => format!(
            "any {least}+ and its attacks must target this fighter until the end of the round"
        ),
    };
    format!("roll {dice} dice against {against}: {outcome}")
}
