//! Part of the boost family (ABL-5): raises of this fighter's attacks that count against some
//! targets only ("that target an enemy fighter with a Wounds characteristic of 15 or more").

use bevy::prelude::*;

use crate::model::effects::{Effect, TargetIs};
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, Boost, FighterView};

use super::{Useful, Weighed};

/// In words: "against an enemy more than 3\" away: +3 Attacks for its next attack action"
/// (with a weapon of some runemark only: `weapon_boost`'s).
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    if let Effect::WithWeapon { .. } = e {
        return super::weapon_boost::describe(e, value);
    }
    let (Effect::TargetBoost { target, then } | Effect::NextIfTarget { target, then }) = e else {
        return String::new();
    };
    let raises: Vec<String> = then
        .iter()
        .map(|t| super::boost::describe(t, value))
        .collect();
    let on = match e {
        Effect::NextIfTarget { .. } => "if its next attack is on",
        _ => "against",
    };
    format!("{on} {}: {}", target_words(*target), raises.join("; "))
}

/// ABL-5: the raises are made as they would be, then marked for such targets only.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    let (Effect::TargetBoost { target, then } | Effect::NextIfTarget { target, then }) = e else {
        return None;
    };
    let strict = matches!(e, Effect::NextIfTarget { .. });
    // How its critical hits are scored waits, whole, for an attack on such a target.
    let (crits, raises): (Vec<Effect>, Vec<Effect>) = then.iter().cloned().partition(|t| {
        matches!(
            t,
            Effect::CritOn { .. } | Effect::HitsAsCrits { .. } | Effect::NextHitsAsCrits { .. }
        )
    });
    super::boost::run_marked(world, f, (&raises, value), |b| {
        b.against = Some(*target);
        b.strict = strict;
    })?;
    let mut eng = state::engine(world);
    let a = eng.activation.as_mut().filter(|a| a.fighter == f.id)?;
    if !crits.is_empty() {
        let target = *target;
        a.lasting.push(Effect::TargetBoost {
            target,
            then: crits,
        });
    }
    Some(super::lasts(e, value))
}

/// "an enemy with a Wounds characteristic of 15 or more".
fn target_words(t: TargetIs) -> String {
    match t {
        TargetIs::WoundsAtLeast(w) => {
            format!("an enemy with a Wounds characteristic of {w} or more")
        }
        TargetIs::FartherThan(r) => format!("an enemy more than {r}\" away"),
        TargetIs::Flies => "an enemy with the Fly runemark".to_string(),
        TargetIs::NotActivated => "an enemy that has not activated this round".to_string(),
        TargetIs::Activated => "an enemy that has activated this round".to_string(),
        TargetIs::Damaged(n) => format!("an enemy with {n} or more damage"),
        TargetIs::Fighter(_) => "the enemy picked".to_string(),
        TargetIs::Bigger => "an enemy with more Wounds than it, or a Hero".to_string(),
    }
}

/// SOLO-C1: worth it when its next action is an attack on such a target (or with such a weapon).
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    if let Effect::WithWeapon { .. } = e {
        return super::weapon_boost::useful(w, e);
    }
    let (Effect::TargetBoost { target, .. } | Effect::NextIfTarget { target, .. }) = e else {
        return None;
    };
    let (t, melee) = w.next.attack?;
    let t = w.all.iter().find(|o| o.id == t);
    let probe = Boost {
        against: Some(*target),
        ..Boost::for_activation(crate::model::effects::Stat::Attacks, 1, false)
    };
    probe
        .applies_to((melee, None), w.f, t)
        .then_some(Useful::Because(
            "its next action is an attack on such a target",
            None,
        ))
}

// The card's wording (`card`: the language's shared pieces).

/// "If the next attack action made by this fighter this activation targets an enemy fighter
/// with any damage points allocated to them (that has N or more damage points allocated to
/// them), add A to the S (and S) characteristics of that attack action".
pub(super) fn if_next_targets(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix(
        "if the next attack action made by this fighter this activation targets an enemy \
         fighter ",
    )?;
    let (target, raise) =
        if let Some(r) = rest.strip_prefix("with any damage points allocated to them, ") {
            (TargetIs::Damaged(1), r)
        } else {
            let r = rest.strip_prefix("that has ")?;
            let (n, r) = super::card::number_prefix(r)?;
            (
                TargetIs::Damaged(n),
                r.strip_prefix(" or more damage points allocated to them, ")?,
            )
        };
    let raise = raise.strip_suffix(" of that attack action")?;
    let then = super::boost::sentence(&format!(
        "{raise} of the next attack action made by this fighter this activation"
    ))?;
    let next = |t: &Effect| matches!(t, Effect::NextBoost { stat, .. } if stat.of_attacks());
    then.iter()
        .all(next)
        .then(|| vec![Effect::NextIfTarget { target, then }])
}

/// "The following apply to this fighter's next melee attack action if the target has a higher
/// Wounds characteristic than this fighter or has the Hero runemark: • Add A to the Attacks
/// characteristic of that attack action." + "• Critical hits are scored on a N+ for that
/// attack action": each raise for that attack, if it is on such a target.
pub(super) fn following_if_bigger(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let first = s[0].strip_prefix(
        "the following apply to this fighter's next melee attack action if the target has a \
         higher wounds characteristic than this fighter or has the hero runemark: ",
    )?;
    let bullets: Vec<&str> = std::iter::once(first)
        .chain(
            s[1..]
                .iter()
                .map(|b| b.as_str())
                .take_while(|b| b.starts_with("• ")),
        )
        .map(|b| b.trim_start_matches("• "))
        .collect();
    let then = bullets
        .iter()
        .map(|b| following_one(b))
        .collect::<Option<Vec<Vec<Effect>>>>()?
        .concat();
    let e = Effect::NextIfTarget {
        target: TargetIs::Bigger,
        then,
    };
    e.nested_ok().then_some((bullets.len(), vec![e]))
}

/// One of the bullets of `following_if_bigger`, said of that attack.
fn following_one(b: &str) -> Option<Vec<Effect>> {
    const NEXT: &str = "the next melee attack action made by this fighter";
    let said = if let Some(raise) = b.strip_suffix(" of that attack action") {
        format!("{raise} of {NEXT}")
    } else {
        let least = b
            .strip_prefix("critical hits are scored on a ")?
            .strip_suffix(" for that attack action")?;
        format!("{NEXT} scores critical hits on a {least}")
    };
    let then = super::boost::sentence(&said).or_else(|| super::crits::sentence(&said))?;
    let fits = |t: &Effect| match t {
        Effect::NextBoost { stat, .. } => stat.of_attacks(),
        Effect::CritOn { next, .. } => *next,
        _ => false,
    };
    then.iter().all(fits).then_some(then)
}

/// In words: "a visible enemy within 3\" picked: against it, +1 Attacks ...".
pub(super) fn picked_text(e: &Effect, value: Option<u8>) -> String {
    let Effect::PickThenBoost(crate::model::effects::PickedRaise {
        range,
        visible,
        only,
        then,
    }) = e
    else {
        return String::new();
    };
    let raises: Vec<String> = (then.iter())
        .map(|t| super::boost::describe(t, value))
        .collect();
    format!(
        "{} enemy{} {}: against it, {}",
        super::a_visible(*visible),
        only.map_or(String::new(), super::lower::only_words),
        super::within_text(*range),
        raises.join("; ")
    )
}

/// ABL-5: the raises against the enemy picked (`target`), as a `TargetBoost` on it.
pub(super) fn run_picked(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
    target: Option<crate::model::ids::FighterId>,
) -> Option<EffectOutcome> {
    let Effect::PickThenBoost(crate::model::effects::PickedRaise { then, .. }) = e else {
        return None;
    };
    let on = Effect::TargetBoost {
        target: TargetIs::Fighter(target?),
        then: then.clone(),
    };
    run(world, f, &on, value)
}

// The card's wording of it.

/// "Pick an enemy fighter within 3\" of this fighter." + "Melee attack actions made by this
/// fighter this activation that target that enemy fighter score a critical hit on a 5+"; "a
/// fighter can only use this ability if an enemy fighter has been allocated damage points by
/// an attack action made by them this activation." + "Add A to the damage points allocated by
/// each hit and critical hit from the next melee attack action this activation that targets
/// that enemy fighter": raises against the enemy picked.
pub(super) fn picked_then_raised(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    let hurt = "a fighter can only use this ability if an enemy fighter has been allocated \
                damage points by an attack action made by them this activation";
    let (range, visible, only) = match super::card::picked_enemy(&s[0]) {
        Some((range, visible)) => (range, visible, None),
        None if s[0] == hurt => {
            let only = Some(crate::model::effects::PickOnly::HurtByItsAttacks);
            (crate::model::effects::ANYWHERE, false, only)
        }
        None => return None,
    };
    let next = s.get(1)?;
    let then = if let Some((attacks, least)) = next.split_once(
        " made by this fighter this activation that target that enemy fighter score a critical \
         hit on a ",
    ) {
        super::crits::sentence(&format!(
            "until the end of this fighter's activation, {attacks} made by this fighter score a \
             critical hit on a {least}"
        ))?
    } else {
        let raise = next.strip_suffix(
            " from the next melee attack action this activation that targets that enemy fighter",
        )?;
        super::boost_words::next_hits_damage(&format!(
            "{raise} from the next melee attack action made by this fighter this activation"
        ))?
    };
    let e = Effect::PickThenBoost(crate::model::effects::PickedRaise {
        range,
        visible,
        only,
        then,
    });
    e.nested_ok().then_some((2, vec![e]))
}

/// "This fighter makes a bonus attack action." + "In addition, if either this fighter or the
/// target of the attack has any damage points allocated to them, add A to the Attacks
/// characteristic of that bonus attack action." + "If both this fighter and the target fighter
/// have any damage points allocated to them, add B to the Attacks characteristic of that bonus
/// attack action instead": A more when this fighter is hurt as it is used, or when the target
/// is as the attack is made; B when both.
pub(super) fn either_hurt(s: &[String]) -> Option<(usize, Vec<Effect>)> {
    use crate::model::effects::{Amount, Condition, Stat};
    let (bonus, _) = super::boost_words::first_attack(&s[0])?;
    let raised = "to the attacks characteristic of that bonus attack action";
    let either = super::card::fill(
        s.get(1)?,
        &format!(
            "in addition, if either this fighter or the target of the attack has any damage \
             points allocated to them, add {{n}} {raised}"
        ),
    )?[0];
    let both = super::card::fill(
        s.get(2)?,
        &format!(
            "if both this fighter and the target fighter have any damage points allocated to \
             them, add {{n}} {raised} instead"
        ),
    )?[0];
    let more = |by: u32| Effect::NextBoost {
        stat: Stat::Attacks,
        by: Amount::Fixed(by),
        only: None,
    };
    let if_hurt = |by: u32| Effect::NextIfTarget {
        target: TargetIs::Damaged(1),
        then: vec![more(by)],
    };
    let raise = Effect::When {
        when: Condition::Damaged(1),
        then: vec![more(either), if_hurt(both.checked_sub(either)?)],
        otherwise: vec![if_hurt(either)],
    };
    Some((3, bonus.into_iter().chain([raise]).collect()))
}
