//! The solo AI's bonus actions whose kind no step of SOLO-C3..C6 makes as the card asks: a
//! bonus move that must finish closer to the closest enemy it can see, and a bonus disengage
//! (ABL-5, CMB-2).

use bevy::prelude::*;

use super::Decision;
use super::steps::{Ctx, disengage_spot};
use crate::battlefield::Battlefield;
use crate::model::RuleId;
use crate::rules::command::Command;
use crate::rules::effects::{
    check_closer, check_closer_to_active, closer_spot, closest_seen_enemy, spot_closer_to_active,
};
use crate::rules::engine::Bonus;

/// A step's decision `d` when a bonus action waits: taken when it is the bonus's kind (or,
/// with an action of its own left, declining the bonus); `None` to look on.
pub(super) fn accept(
    world: &World,
    ctx: &Ctx,
    bonus: Option<&Bonus>,
    actions_left: u8,
    d: Decision,
) -> Option<Decision> {
    let kind_fits = match bonus {
        None => true,
        // CMB-2, ABL-5: with an action of its own left, a step that is not the bonus is
        // taken all the same (it declines the bonus); a move the engine reads as the bonus
        // move must be one the bonus allows.
        Some(b) if actions_left > 0 => !read_as_bonus(ctx, *b, &d) || fits(world, ctx, b, &d),
        Some(Bonus::Move { .. }) => matches!(d.command, Command::Move { .. }),
        Some(Bonus::Attack | Bonus::AnyAttack) => matches!(d.command, Command::Attack { .. }),
        Some(Bonus::MoveOrAttack { .. } | Bonus::FriendMoveOrAttack { .. }) => {
            matches!(d.command, Command::Move { .. } | Command::Attack { .. })
        }
        Some(Bonus::FriendMove { closer: false, .. }) => {
            matches!(d.command, Command::Move { .. })
        }
        Some(b) => fits(world, ctx, b, &d),
    };
    kind_fits.then_some(d)
}

/// Will the engine read the step's decision `d` as bonus `b` (CMB-2: a move of the fighter
/// the bonus moves is its bonus move)?
fn read_as_bonus(ctx: &Ctx, b: Bonus, d: &Decision) -> bool {
    matches!(d.command, Command::Move { fighter, .. } if b.moves(fighter, ctx.f.id))
}

/// Does the step's decision `d` take the bonus as its card asks?
fn fits(world: &World, ctx: &Ctx, bonus: &Bonus, d: &Decision) -> bool {
    match (bonus, &d.command) {
        (Bonus::MoveCloser { max }, Command::Move { to, .. }) => {
            let to = Vec3::from_array(*to);
            within(world, ctx, *max, to) && check_closer(world, &ctx.all, &ctx.f, to).is_ok()
        }
        (Bonus::Move { max, .. } | Bonus::MoveOrAttack { max }, Command::Move { to, .. }) => {
            within(world, ctx, *max, Vec3::from_array(*to))
        }
        // A friend's bonus move that must end closer to the active fighter (`ctx.f`: the
        // friend).
        (b @ Bonus::FriendMove { max, .. }, Command::Move { to, .. }) => {
            let to = Vec3::from_array(*to);
            within(world, ctx, *max, to)
                && check_closer_to_active(world, &ctx.all, &ctx.f, Some(*b), to).is_ok()
        }
        (Bonus::Disengage | Bonus::MoveOrDisengage { .. }, Command::Disengage { .. }) => true,
        (Bonus::MoveOrDisengage { .. }, Command::Move { .. }) => true,
        (
            b @ (Bonus::AttackOf { .. }
            | Bonus::AttackAt { .. }
            | Bonus::AttackWith { .. }
            | Bonus::FriendAttack { .. }),
            Command::Attack { weapon, target, .. },
        ) => (ctx.f.profile.weapons.get(*weapon))
            .is_some_and(|w| b.attack_fits(*weapon, w.is_melee(), *target)),
        _ => false,
    }
}

/// Can the active fighter move to `to` within `max` inches (MOVE-1)?
fn within(world: &World, ctx: &Ctx, max: f32, to: Vec3) -> bool {
    crate::rules::actions::validate_move(world, &ctx.all, &ctx.f, to, max).is_ok()
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
            let why = format!(
                "its bonus move must finish closer to the closest enemy it can see: it moves as \
                 near {name} as it can"
            );
            Some(bonus_move(ctx, to, why))
        }
        Bonus::AttackOf { .. } | Bonus::AttackAt { .. } | Bonus::AttackWith { .. } => {
            attack_of(world, ctx, *bonus)
        }
        Bonus::FriendMove { max, .. } => {
            let to = spot_closer_to_active(world, &ctx.all, &ctx.f, (*bonus, *max))?;
            let why = "its bonus move must end closer to the fighter whose ability gave it: it \
                       moves as near that fighter as it can";
            Some(bonus_move(ctx, to, why.into()))
        }
        Bonus::Disengage | Bonus::MoveOrDisengage { .. } => {
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

/// ABL-5: `ctx.f`'s bonus move to `to`, for the reason `why`.
fn bonus_move(ctx: &Ctx, to: Vec3, why: String) -> Decision {
    Decision {
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
        why,
    }
}

/// A bonus attack of one kind (melee or missile, on one enemy, with one weapon): on the
/// target when it can take one, else on the first enemy that can (SOLO-A's target first).
fn attack_of(world: &World, ctx: &Ctx, bonus: Bonus) -> Option<Decision> {
    let legal: Vec<_> = crate::rules::actions::legal_attacks(world, &ctx.all, &ctx.f)
        .into_iter()
        .filter(|&(t, w)| bonus.attack_fits(w, ctx.f.profile.weapons[w].is_melee(), t))
        .collect();
    let target = super::steps::target_fighter_on_board(ctx).map(|t| t.id);
    let &(t, weapon) = legal
        .iter()
        .find(|(t, _)| Some(*t) == target)
        .or_else(|| legal.first())?;
    let name = &ctx.all.iter().find(|o| o.id == t)?.name;
    Some(Decision {
        command: Command::Attack {
            fighter: ctx.f.id,
            target: t,
            weapon,
        },
        rules: vec![RuleId::Abl5],
        why: format!("it takes its bonus {}, on {name}", bonus.kind_words()),
    })
}
