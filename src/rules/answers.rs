//! Questions with one answer answer themselves: a player is not asked to click what the rules
//! leave no choice about (the last fighter to activate, no wild dice to declare, an activation
//! with nothing left to do but end it). The desktop game sends the answer for the player; the
//! engine logs it as it would a click.

use crate::rules::command::Command;
use crate::rules::options::{ActionKind, ActiveOptions, Decision, Options};

/// The one answer the rules allow to the pending question, if there is just one.
pub fn only_answer(o: &Options) -> Option<Command> {
    let side = o.side?;
    match &o.decision {
        // INI-3: nothing to declare.
        Decision::WildDice { dice } if dice.wild == 0 => Some(Command::WildDice {
            side,
            uses: Vec::new(),
        }),
        // CMB-1: one side may go first (solo mode: the side itself, SOLO-I4).
        Decision::FirstTurn { choices } if choices.len() == 1 => Some(Command::FirstTurn {
            side,
            first: choices[0],
        }),
        // CMB-1: the last fighter to activate, or a pass when none is left.
        Decision::Activate { fighters } => match fighters.as_slice() {
            [] => Some(Command::Pass { side }),
            [one] => Some(Command::Activate { fighter: *one }),
            _ => None,
        },
        // CMB-2: no action, ability or bonus left; only the end of the activation.
        Decision::Action(a) if nothing_left(a) => {
            Some(Command::EndActivation { fighter: a.fighter })
        }
        // REA-1: no one may react.
        Decision::Reaction {
            fighters,
            abilities,
            ..
        } if fighters.is_empty() && abilities.is_empty() => Some(Command::DeclineReaction { side }),
        _ => None,
    }
}

/// CMB-2, ABL-1: every action refused but the end, no ability payable, nothing by hand.
fn nothing_left(a: &ActiveOptions) -> bool {
    let action = a
        .actions
        .iter()
        .filter(|o| !matches!(o.kind, ActionKind::EndActivation | ActionKind::Ability))
        .any(|o| o.refused.is_none());
    let ability = a
        .abilities
        .iter()
        .any(|o| o.refused.is_none() && !o.dice.is_empty());
    a.bonus.is_none() && !action && !ability && a.by_hand.is_empty()
}
