//! Reaction abilities (REA-1, ABL-5): the ones a fighter's runemarks allow, by the moment
//! they answer (targeted, the hit rolls made, the damage totalled, an enemy's move), and what
//! each does to the action it answers.

use bevy::prelude::*;

use crate::model::abilities::{AbilityDef, DiceCost};
use crate::model::ids::FighterId;
use crate::model::ruleset::Ruleset;
use crate::rules::abilities::allowed;
use crate::rules::state::{self, FighterView};

/// REA-1, ABL-5: `t`'s reaction abilities its runemarks allow, with their trigger and what
/// they do after it.
fn reactions(
    t: &FighterView,
) -> impl Iterator<
    Item = (
        &AbilityDef,
        crate::model::effects::Trigger,
        &[crate::model::effects::Effect],
    ),
> {
    use crate::model::effects::{Condition, Effect};
    // "Fighters with the R runemark cannot make this reaction" (ABL-5).
    let barred = |rest: &[Effect]| {
        rest.iter().any(|e| {
            matches!(e, Effect::Requires(Condition::NotMarked(m)) if m.fit(|k| t.profile.bears(k)))
        })
    };
    t.profile
        .abilities
        .iter()
        .filter(|d| d.cost == DiceCost::Reaction && allowed(t, d))
        .filter_map(move |d| match &d.effect {
            crate::model::abilities::AbilityEffect::Effects(e) => match e.split_first() {
                Some((Effect::Reaction(trigger), rest)) if !barred(rest) => {
                    Some((d, *trigger, rest))
                }
                _ => None,
            },
            _ => None,
        })
}

/// REA-1, ABL-5: the reaction abilities `t` has for `trigger`, by name (none when the
/// ruleset has reactions off).
pub fn reactions_of(
    world: &World,
    t: &FighterView,
    trigger: crate::model::effects::Trigger,
) -> Vec<String> {
    if !world.resource::<Ruleset>().reactions {
        return Vec::new();
    }
    reactions(t)
        .filter(|(_, on, _)| *on == trigger)
        .map(|(d, _, _)| d.name.clone())
        .collect()
}

/// REA-1, ABL-5: `t`'s reaction abilities answered by a bonus action (to an enemy's move, to
/// a melee attack's damage): name, moment and answer.
pub fn bonus_reactions(
    world: &World,
    t: &FighterView,
) -> Vec<(
    String,
    crate::model::effects::Trigger,
    Vec<crate::model::effects::Effect>,
)> {
    if !world.resource::<Ruleset>().reactions {
        return Vec::new();
    }
    reactions(t)
        .filter(|(_, on, _)| on.gives_bonus())
        .map(|(d, on, e)| (d.name.clone(), on, e.to_vec()))
        .collect()
}

/// REA-1, ABL-5: `t`'s reaction abilities for when it is targeted by an attack (a `melee` one
/// or a missile one) of `attacker`'s, before the hit rolls; one offered "if the attacker is
/// within range of at least one of the target's weapons" only then.
pub fn reactions_to_attack(
    world: &World,
    (attacker, t): (&FighterView, &FighterView),
    melee: bool,
) -> Vec<String> {
    use crate::model::effects::{Condition, Effect, Trigger};
    let kind = if melee {
        Trigger::TargetedByMelee
    } else {
        Trigger::TargetedByMissile
    };
    if !world.resource::<Ruleset>().reactions {
        return Vec::new();
    }
    let in_reach = || {
        let d = crate::battlefield::measure::distance(&t.base(), &attacker.base());
        (t.profile.weapons.iter()).any(|w| d >= w.min_range - 1e-4 && d <= w.max_range + 1e-4)
    };
    // Those for this kind of attack first, then those for any attack.
    [kind, Trigger::TargetedByAttack]
        .into_iter()
        .flat_map(|k| reactions(t).filter(move |(_, on, _)| *on == k))
        .filter(|(_, _, rest)| {
            !rest.contains(&Effect::Requires(Condition::AttackerInReach)) || in_reach()
        })
        .map(|(d, _, _)| d.name.clone())
        .collect()
}

/// REA-1, ABL-5: what fighter `id`'s reaction ability `name` does to the action it answers
/// (its effects after the trigger); `None` when it has no such reaction.
pub fn reaction_effects(
    world: &mut World,
    id: FighterId,
    name: &str,
) -> Option<Vec<crate::model::effects::Effect>> {
    let t = state::fighter(world, id)?;
    let effects = reactions(&t).find(|(d, _, _)| d.name == name)?.2.to_vec();
    // What depends on the reacting fighter ("if this fighter has the Hero runemark, ...
    // instead") as it stands now; a reaction has no dice, so no value.
    let all = state::fighters(world);
    Some(crate::rules::effects::as_used(
        world,
        &all,
        &t,
        &effects,
        (0, None),
    ))
}
