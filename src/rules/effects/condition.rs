//! The condition family (ABL-5): when an ability may be used at all.

use crate::model::RuleId;
use crate::model::effects::{Condition, Effect};
use crate::rules::command::Rejected;
use crate::rules::state::Engine;

use super::card::fill;
use super::{Checked, enemies_in_reach};

/// In words: "(having taken down an enemy with an attack this activation)".
pub(super) fn describe(e: &Effect) -> String {
    match e {
        Effect::Requires(Condition::TookDownThisActivation) => {
            "(having taken down an enemy with an attack this activation)".to_string()
        }
        Effect::Requires(Condition::EnemyWithin { range, visible }) => format!(
            "(with an enemy{} within {range}\")",
            if *visible { " it can see" } else { "" }
        ),
        _ => String::new(),
    }
}

/// Does the condition hold for the fighter now?
pub(super) fn check(c: &Checked, e: &Effect) -> Result<(), Rejected> {
    let Effect::Requires(condition) = e else {
        return Ok(());
    };
    let why = match *condition {
        Condition::TookDownThisActivation => {
            let done = c
                .world
                .resource::<Engine>()
                .activation
                .as_ref()
                .is_some_and(|a| a.fighter == c.f.id && a.took_down);
            (!done).then(|| {
                format!(
                    "{} has taken down no enemy with an attack action this activation",
                    c.f.name
                )
            })
        }
        Condition::EnemyWithin { range, visible } => {
            let near = enemies_in_reach(c.world, c.all, c.f, range, visible);
            near.is_empty().then(|| {
                let seen = if visible { " it can see" } else { "" };
                format!("there is no enemy{seen} within {range}\" of {}", c.f.name)
            })
        }
    };
    match why {
        Some(why) => Err(Rejected::new(RuleId::Abl5, why)),
        None => Ok(()),
    }
}

// The card's wording of this family (`card`: the language's shared pieces).

/// "A fighter can only use this ability if an enemy fighter has been taken down by an attack
/// action made by them this activation", "... if there is a visible enemy fighter within N"
/// of them", "... if they are within N" of an enemy fighter".
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    let rest = s
        .strip_prefix("a fighter can only use this ability if ")
        .or_else(|| s.strip_prefix("a fighter can use this ability only if "))?;
    let condition = match rest
        .strip_prefix("an enemy fighter has been taken down by an attack action made by ")
    {
        Some("them this activation" | "this fighter this activation") => {
            Condition::TookDownThisActivation
        }
        Some(_) => return None,
        None => enemy_within(rest)?,
    };
    Some(vec![Effect::Requires(condition)])
}

/// "there is a visible enemy fighter within N" of them", "there is an enemy fighter within N"
/// of them", "they are within N" of an enemy fighter".
fn enemy_within(s: &str) -> Option<Condition> {
    let forms = [
        (
            "there is a visible enemy fighter within {n}\" of them",
            true,
        ),
        ("there is an enemy fighter within {n}\" of them", false),
        ("they are within {n}\" of an enemy fighter", false),
        ("they are within {n}\" of a visible enemy fighter", true),
    ];
    forms.iter().find_map(|(form, visible)| {
        let v = fill(s, form)?;
        Some(Condition::EnemyWithin {
            range: v[0] as f32,
            visible: *visible,
        })
    })
}
