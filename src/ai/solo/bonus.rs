//! The solo AI's bonus actions whose kind no step of SOLO-C3..C6 makes as the card asks: a
//! bonus move that must finish closer to the closest enemy it can see, and a bonus disengage
//! (ABL-5, CMB-2).

use bevy::prelude::*;

use super::Decision;
use super::steps::{Ctx, disengage_spot};
use crate::battlefield::Battlefield;
use crate::model::RuleId;
use crate::rules::command::Command;
use crate::rules::effects::{check_closer, closer_spot, closest_seen_enemy};
use crate::rules::engine::Bonus;

/// Does the step's decision `d` take the bonus as its card asks?
pub(super) fn fits(world: &World, ctx: &Ctx, bonus: &Bonus, d: &Decision) -> bool {
    match (bonus, &d.command) {
        (Bonus::MoveCloser { .. }, Command::Move { to, .. }) => {
            check_closer(world, &ctx.all, &ctx.f, Vec3::from_array(*to)).is_ok()
        }
        (Bonus::Disengage, Command::Disengage { .. }) => true,
        _ => false,
    }
}

/// When no step made the bonus: the closer move nearest the closest enemy it can see, or the
/// disengage towards the target (or the closest enemy); `None` when it can't be made (the
/// activation then ends, declining it).
pub(super) fn make(world: &World, ctx: &Ctx, bonus: &Bonus) -> Option<Decision> {
    match bonus {
        Bonus::MoveCloser { max } => {
            let to = closer_spot(world, &ctx.all, &ctx.f, *max)?;
            let (id, _) = closest_seen_enemy(world, &ctx.all, &ctx.f)?;
            let name = &ctx.all.iter().find(|o| o.id == id)?.name;
            Some(Decision {
                command: Command::Move {
                    fighter: ctx.f.id,
                    to: to.to_array(),
                    pick_up: true,
                    treasure: None,
                    descend: None,
                    via: Vec::new(),
                    pick: None,
                },
                rules: vec![RuleId::Abl5],
                why: format!(
                    "its bonus move must finish closer to the closest enemy it can see: it \
                     moves as near {name} as it can"
                ),
            })
        }
        Bonus::Disengage => {
            let bf = world.get_resource::<Battlefield>()?;
            let t = super::steps::target_fighter_on_board(ctx).or_else(|| ctx.enemies().next())?;
            let to = disengage_spot(world, ctx, bf, t)?;
            Some(Decision {
                command: Command::Disengage {
                    fighter: ctx.f.id,
                    to: to.to_array(),
                },
                rules: vec![RuleId::Abl5],
                why: format!("it takes its bonus disengage, towards {}", t.name),
            })
        }
        _ => None,
    }
}
