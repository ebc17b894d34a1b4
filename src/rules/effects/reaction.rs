//! The reaction family (REA-1, ABL-5): a reaction's trigger, and what it changes in the
//! attack it answers (the attack runs it: `rules::actions::reactions`).

use crate::model::effects::{Amount, Effect, Trigger, band_text};

use super::amount_text;

/// In words: "up to 1 critical hit counts as a hit".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
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
