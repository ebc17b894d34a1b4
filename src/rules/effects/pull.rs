//! Part of the against family (ABL-5): an enemy pulled "directly towards this fighter, as if
//! they were jumping" (MOVE-6): one picked, or the target of this fighter's next attack; and
//! the card's words for it.

use bevy::prelude::*;

use crate::battlefield::Battlefield;
use crate::model::RuleId;
use crate::model::components::Position;
use crate::model::effects::{Amount, Effect};
use crate::model::ids::FighterId;
use crate::rules::log::{EffectOutcome, ImpactCause};
use crate::rules::state::{self, FighterView};

use super::card::{amount_prefix, picked_enemy};
use super::{Useful, Weighed, a_visible, effect_logged};

/// In words: "a visible enemy within 6\" jumps 3\" directly towards it".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    match e {
        Effect::PullPicked {
            range,
            visible,
            inches,
        } => format!(
            "{} enemy within {range}\" makes a bonus move of {} directly towards it, as if \
             jumping",
            a_visible(*visible),
            super::inches_text(inches, value)
        ),
        Effect::PullAfterNextAttack { inches, held } => format!(
            "after its next attack this activation, the target makes a bonus move of {} \
             directly towards it, as if jumping{}",
            super::inches_text(inches, value),
            if *held {
                " (not when it is within 1\" of an enemy)"
            } else {
                ""
            }
        ),
        _ => String::new(),
    }
}

/// ABL-5, MOVE-3: the target of `f`'s attack jumps towards `f` now, unless it is `held`
/// (its move is a move action) and within 1" of an enemy: then the log says it can't move.
pub(super) fn pull_unless_held(
    world: &mut World,
    f: &FighterView,
    t: FighterId,
    (inches, held): (u32, bool),
) {
    if held && let Some(tv) = state::fighter(world, t).filter(FighterView::on_board) {
        let all = state::fighters(world);
        if !crate::rules::actions::enemies_within(&all, &tv, 1.0).is_empty() {
            return effect_logged(world, f.id, EffectOutcome::PullHeld { fighter: t });
        }
    }
    pull(world, f, t, inches)
}

/// ABL-5: the picked enemy jumps towards `f` now (logged by the jump).
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
    target: Option<FighterId>,
) -> Option<EffectOutcome> {
    if let Effect::PullPicked { inches, .. } = e {
        pull(world, f, target?, inches.of(value));
    }
    None
}

/// MOVE-6, ABL-5: fighter `t` jumps up to `inches` straight towards `f` (as far as it goes
/// clear of terrain and fighters), lands on the surface under it, and takes impact damage for
/// a drop of the ruleset's height or more (MOVE-9) or for landing on deadly terrain (MOVE-10);
/// each logged.
pub(super) fn pull(world: &mut World, f: &FighterView, t: FighterId, inches: u32) {
    let none = EffectOutcome::Pulled {
        fighter: t,
        moved: 0.0,
        dropped: 0.0,
    };
    let Some(tv) = state::fighter(world, t).filter(FighterView::on_board) else {
        return effect_logged(world, f.id, none);
    };
    let all = state::fighters(world);
    let blockers = state::blockers(&all, t);
    let rules = world.resource::<crate::model::ruleset::Ruleset>().clone();
    let mover = tv.mover(&rules);
    let to = Vec2::new(f.pos.x, f.pos.z);
    let (landed, deadly) = {
        let nav = &world.resource::<Battlefield>().nav;
        let landed = nav.jump_towards(&mover, tv.pos, to, inches as f32, &blockers);
        let deadly = landed.is_some_and(|(at, _)| {
            nav.touches_deadly(at.y, Vec2::new(at.x, at.z), tv.profile.base.max_radius())
        });
        (landed, deadly)
    };
    let Some((at, dropped)) = landed else {
        return effect_logged(world, f.id, none);
    };
    world.entity_mut(tv.entity).insert(Position(at));
    let moved = Vec2::new(at.x - tv.pos.x, at.z - tv.pos.z).length();
    let outcome = EffectOutcome::Pulled {
        fighter: t,
        moved,
        dropped,
    };
    effect_logged(world, f.id, outcome);
    use crate::rules::actions::impact;
    if dropped >= rules.jump_impact_height - 1e-3 {
        let cause = ImpactCause::JumpDown { height: dropped };
        impact(world, t, &[RuleId::Move6, RuleId::Move9], cause);
    }
    if deadly {
        let ids = [RuleId::Move10, RuleId::Move9];
        impact(world, t, &ids, ImpactCause::DeadlyTerrain);
    }
}

/// SOLO-C1: worth it when an enemy in reach stands more than 1" away (pulled, it may come
/// within reach of this fighter's attacks).
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    let Effect::PullPicked { .. } = e else {
        return w
            .next
            .attack
            .is_some()
            .then_some(Useful::Because("its next action is an attack", None));
    };
    let near = super::reach_of(w.world, w.all, w.f, e).unwrap_or_default();
    let engaged = super::enemies_in_reach(w.world, w.all, w.f, 1.0, false);
    let far = near.into_iter().find(|id| !engaged.contains(id));
    far.map(|t| Useful::Because("an enemy in its reach can be pulled closer", Some(t)))
}

// The card's wording (`card`: the language's shared pieces).

/// "Pick a (visible) enemy fighter within N" of this fighter." + "That enemy fighter makes a
/// bonus move action directly towards this fighter, as if they were jumping, a number of
/// inches equal to A." + "When doing so, they can move away from enemy fighters within 1" at
/// the start of that move action."
pub(super) fn picked_pulled(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let (range, visible) = picked_enemy(&s[0])?;
    let inches = pulled(s.get(1)?, "that enemy fighter")?;
    Some((
        3,
        vec![Effect::PullPicked {
            range,
            visible,
            inches,
        }],
    ))
    .filter(|_| s.get(2).is_some_and(|w| w == LEAVE))
}

/// "This fighter makes a bonus attack action." + "After that attack action, the (fighter
/// targeted by) target of that attack action makes a bonus move action directly towards this
/// fighter, as if they were jumping, a number of inches equal to A." + "When doing so, ..."
pub(super) fn attack_then_pulled(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    if s[0] != "this fighter makes a bonus attack action" {
        return None;
    }
    let then = s.get(1)?.strip_prefix("after that attack action, ")?;
    let inches = pulled(then, "the target of that attack action")
        .or_else(|| pulled(then, "the fighter targeted by that attack action"))?;
    // Without the leave to go from enemies within 1", MOVE-3 holds for that move action.
    let held = s.get(2).is_none_or(|w| w != LEAVE);
    Some((
        if held { 2 } else { 3 },
        vec![
            Effect::BonusAttack,
            Effect::PullAfterNextAttack { inches, held },
        ],
    ))
}

/// The card's leave to go from enemies within 1" (MOVE-3 set aside, as the pull does).
const LEAVE: &str = "when doing so, they can move away from enemy fighters within 1\" at the start of that move \
     action";

/// "WHO makes a bonus move action directly towards this fighter, as if they were jumping, a
/// number of inches equal to A": A.
fn pulled(s: &str, who: &str) -> Option<Amount> {
    let rest = s.strip_prefix(who)?.strip_prefix(
        " makes a bonus move action directly towards this fighter, as if they were jumping, a \
         number of inches equal to ",
    )?;
    let (inches, rest) = amount_prefix(rest)?;
    rest.is_empty().then_some(inches)
}
