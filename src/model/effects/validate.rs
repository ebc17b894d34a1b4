//! ABL-5, REA-1: an ability's effects fit its kind (a reaction's trigger and answers).

use super::*;

/// ABL-5, REA-1: `effects` fit an ability of their kind: a reaction's begin with its trigger
/// and may answer an attack; an ability paid with dice has neither. Each effect is validated
/// too. Problems go to `v` at `path`.
pub fn validate_ability(
    effects: &[Effect],
    reaction: bool,
    path: &str,
    v: &mut crate::model::validate::Validator,
) {
    for (k, e) in effects.iter().enumerate() {
        e.validate(&format!("{path}[{k}]"), v);
    }
    let triggered = matches!(effects.first(), Some(Effect::Reaction(_)));
    let answers = &effects[usize::from(triggered).min(effects.len())..];
    let fits = if reaction {
        // Answers to the attack, in numbers (a reaction is paid with no dice: no value).
        triggered
            && !answers.is_empty()
            && answers
                .iter()
                .all(|e| e.answers_attack() && e.fixed_amounts())
    } else {
        !triggered
            && !answers
                .iter()
                .any(|e| matches!(e, Effect::Reaction(_)) || e.answers_attack())
    };
    if !fits {
        v.error(
            path,
            if reaction {
                "a reaction's effects are its trigger, `Reaction(TargetedByMelee)`, then at least \
                 one answer to the attack (`CritsAsHits`, `LessDamagePerHit`, \
                 `DamageAttackerPerRoll`) with `Fixed` amounts"
            } else {
                "only a reaction has a trigger or answers an attack (critical hits as hits, less \
                 damage per hit, damage per hit roll)"
            },
        );
    }
    let nested_ok = effects.iter().all(|e| match e {
        Effect::AfterMove { then, .. } => then.iter().all(|t| {
            matches!(
                t,
                Effect::DamageOne { .. }
                    | Effect::BonusAttack
                    | Effect::BonusMove { .. }
                    | Effect::NextBoost { .. }
            )
        }),
        _ => true,
    });
    let moving_aura = effects.iter().any(|e| {
        matches!(
            e,
            Effect::RoundBoost {
                stat: Stat::Move,
                aura: Some(_),
                ..
            }
        )
    });
    if moving_aura {
        v.error(
            path,
            "an aura raises Toughness or attacks; Move is raised for this fighter only",
        );
    }
    if !nested_ok {
        v.error(
            path,
            "after a move, an ability can deal damage to one enemy, give a bonus move or attack, \
             or raise the next action",
        );
    }
}
