//! The condition family (ABL-5): when an ability may be used at all.

use crate::model::RuleId;
use crate::model::effects::{Condition, Effect};
use crate::rules::command::Rejected;
use crate::rules::state::Engine;

use super::Checked;

/// In words: "(having taken down an enemy with an attack this activation)".
pub(super) fn describe(e: &Effect) -> String {
    match e {
        Effect::Requires(Condition::TookDownThisActivation) => {
            "(having taken down an enemy with an attack this activation)".to_string()
        }
        _ => String::new(),
    }
}

/// Does the condition hold for the fighter now?
pub(super) fn check(c: &Checked, e: &Effect) -> Result<(), Rejected> {
    let Effect::Requires(Condition::TookDownThisActivation) = e else {
        return Ok(());
    };
    let done = c
        .world
        .resource::<Engine>()
        .activation
        .as_ref()
        .is_some_and(|a| a.fighter == c.f.id && a.took_down);
    if done {
        return Ok(());
    }
    Err(Rejected::new(
        RuleId::Abl5,
        format!(
            "{} has taken down no enemy with an attack action this activation",
            c.f.name
        ),
    ))
}

// The card's wording of this family (`card`: the language's shared pieces).

/// "A fighter can only use this ability if an enemy fighter has been taken down by an attack
/// action made by them this activation".
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    let rest = s
        .strip_prefix("a fighter can only use this ability if ")
        .or_else(|| s.strip_prefix("a fighter can use this ability only if "))?;
    let rest =
        rest.strip_prefix("an enemy fighter has been taken down by an attack action made by ")?;
    matches!(
        rest,
        "them this activation" | "this fighter this activation"
    )
    .then(|| vec![Effect::Requires(Condition::TookDownThisActivation)])
}
