//! ABL-5: a not-automated ability resolved by hand: damage, healing or a move of a fighter.

use crate::model::RuleId;
use crate::model::ids::FighterId;
use crate::rules::actions::deal_damage;
use crate::rules::command::{HandChange, Rejected};
use crate::rules::effects::heal;
use crate::rules::log::Event;
use crate::rules::state;
use crate::rules::state::{FighterView, Then, log};
use bevy::prelude::*;

/// ABL-5: the player of `f` (the active fighter, `act`) resolves part of a not-automated
/// ability by hand: damage to, or healing of, a fighter on the battlefield.
pub(crate) fn by_hand(
    world: &mut World,
    act: &crate::rules::state::ActivationState,
    f: &FighterView,
    target: FighterId,
    change: HandChange,
) -> Result<Then, Rejected> {
    if !act.by_hand {
        return Err(Rejected::new(
            RuleId::Abl5,
            format!(
                "{} has used no ability to resolve by hand this activation",
                f.name
            ),
        ));
    }
    let n = match change {
        HandChange::Damage(n) | HandChange::Heal(n) => n,
        HandChange::Move { inches, .. } => inches,
    };
    if !(1..=20).contains(&n) {
        return Err(Rejected::new(
            RuleId::Abl5,
            "by hand, 1 to 20 points of damage or healing, or inches of a move, at a time",
        ));
    }
    let Some(t) = state::fighter(world, target).filter(|t| t.on_board()) else {
        return Err(Rejected::new(
            RuleId::Abl5,
            format!("fighter {target} is not on the battlefield"),
        ));
    };
    let path = match change {
        HandChange::Move { inches, to } => {
            let all = state::fighters(world);
            let to = Vec3::from_array(to);
            Some(crate::rules::actions::validate_hand_move(
                world,
                &all,
                &t,
                to,
                inches as f32,
            )?)
        }
        _ => None,
    };
    log(
        world,
        &[RuleId::Abl5],
        Event::ByHand {
            fighter: f.id,
            target,
            change,
        },
    );
    match change {
        HandChange::Damage(n) => {
            deal_damage(world, target, n, &[RuleId::Abl5]);
        }
        HandChange::Heal(n) => {
            heal(world, &t, n);
        }
        HandChange::Move { .. } => {
            if let Some(path) = path {
                crate::rules::actions::do_move(world, &t, &path, false, None);
            }
        }
    }
    Ok(Then::AfterAction)
}
