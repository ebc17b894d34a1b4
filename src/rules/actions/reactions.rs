//! Answering the reaction on offer (REA-1) and resuming the action it interrupted.

use super::*;
use crate::model::RuleId;

/// A command while a reaction is on offer to `side`.
pub(crate) fn reaction(world: &mut World, side: usize, cmd: &Command) -> Result<(), Rejected> {
    let offer = world
        .resource::<Engine>()
        .reaction
        .clone()
        .ok_or_else(|| Rejected::new(RuleId::Rea1, "no reaction is on offer"))?;
    let who = match cmd {
        Command::React {
            fighter: id,
            reaction,
        } => {
            if *reaction != offer.kind {
                return Err(Rejected::new(
                    reaction.rule(),
                    format!("the reaction on offer is {}", offer.kind),
                ));
            }
            if !offer.fighters.contains(id) {
                return Err(Rejected::new(
                    RuleId::Rea1,
                    format!("fighter {id} can't make this reaction"),
                ));
            }
            react(world, *id, offer.kind);
            Some(*id)
        }
        Command::DeclineReaction { side: s } if *s == side => None,
        other => {
            return Err(Rejected::new(
                RuleId::Rea1,
                format!(
                    "side {side} is offered a reaction; {} is not an answer",
                    other.describe()
                ),
            ));
        }
    };
    {
        let mut e = engine::engine(world);
        e.reaction = None;
        if let Some(a) = &e.activation {
            e.pending = Pending::Action { fighter: a.fighter };
        }
    }
    match offer.resume {
        Resume::AttackBeforeHits {
            attacker,
            target,
            weapon,
        } => roll_hits(world, attacker, target, weapon, who.is_some()),
        Resume::AttackAfterHits {
            attacker,
            target,
            weapon,
            rolls,
            counter,
        } => finish_attack(
            world,
            attacker,
            target,
            weapon,
            rolls,
            counter,
            who.is_some(),
        ),
        Resume::Disengage { fighter, to } => finish_disengage(world, fighter, to, who),
    }
    Ok(())
}

/// REA-1: fighter `id` makes the reaction: it costs one of its actions this round (two
/// reactions, or one while waiting, and it counts as activated).
fn react(world: &mut World, id: u32, kind: ReactionKind) {
    let f = fighter(world, id).expect("offered fighters exist");
    let used = f.reactions + 1;
    let activated = used >= 2 || f.activation == Activation::Waiting;
    world.entity_mut(f.entity).insert(Reactions(used));
    if activated {
        world.entity_mut(f.entity).insert(Activation::Activated);
    }
    let event = Event::Reaction {
        fighter: id,
        reaction: kind,
        activated,
    };
    log(world, &[RuleId::Rea1, kind.rule()], event);
}
