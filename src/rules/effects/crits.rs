//! How an attack's critical hits are scored (ABL-5): on a lower roll for the activation
//! (`CritOn`), or hits of the next attack counted as critical hits (`NextHitsAsCrits`). The
//! attack and its exact odds ask here.

use bevy::prelude::*;

use crate::model::effects::{Amount, AttackKind, Effect, TargetIs};
use crate::rules::log::EffectOutcome;
use crate::rules::state::{ActivationState, Engine, FighterView};

use super::card::fill;

/// In words: "its next melee attack this activation scores a critical hit on a 5+", "1 hit of
/// its next attack counts as a critical hit".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    match e {
        Effect::NextHitsAsCrits { n, only } => {
            let many = *n != Amount::Fixed(1);
            format!(
                "{} hit{} of its next {}attack count{} as critical hits",
                super::amount_text(n, value),
                if many { "s" } else { "" },
                kind_words(*only),
                if many { "" } else { "s" }
            )
        }
        Effect::NextMissesAsCrits { n: 1, only } => format!(
            "a miss of its next {}attack counts as a critical hit",
            kind_words(*only)
        ),
        Effect::NextMissesAsCrits { n, only } => format!(
            "{n} misses of its next {}attack count as critical hits",
            kind_words(*only)
        ),
        Effect::NextMoreCrits { n, only } => format!(
            "if its next {}attack scores a critical hit, it scores {n} more",
            kind_words(*only)
        ),
        Effect::TargetToughnessLess { by, min } => format!(
            "the target of its next attack has {by} less Toughness (to {min}) for that attack"
        ),
        Effect::NextActionCritOn { least, only } => format!(
            "if its next action is a {}attack, that attack scores a critical hit on a {least}+",
            kind_words(*only)
        ),
        Effect::HitsAsCrits { only } => format!(
            "each hit of its {}attacks counts as a critical hit this activation",
            kind_words(*only)
        ),
        Effect::CritOn { least, only, next } => {
            let kind = kind_words(*only);
            match next {
                true => format!(
                    "its next {kind}attack this activation scores a critical hit on a {least}+"
                ),
                false => {
                    format!("its {kind}attacks score a critical hit on a {least}+ this activation")
                }
            }
        }
        _ => String::new(),
    }
}

/// "melee ", "missile " or nothing.
pub(super) fn kind_words(only: Option<AttackKind>) -> &'static str {
    match only {
        Some(AttackKind::Melee) => "melee ",
        Some(AttackKind::Missile) => "missile ",
        None => "",
    }
}

/// The active fighter `f`'s lasting effects for its attack on `t` (when it is the active
/// one): those for such a target only (`TargetBoost`) when `t` is one.
fn lasting_for<'a>(
    world: &'a World,
    f: &'a FighterView,
    t: &'a FighterView,
) -> impl Iterator<Item = &'a Effect> {
    let (lasting, for_bonus, next) = match world.resource::<Engine>().activation.as_ref() {
        Some(a) if a.fighter == f.id => (&a.lasting[..], &a.for_bonus[..], &a.next_action[..]),
        _ => (&[][..], &[][..], &[][..]),
    };
    let such = |target: TargetIs| {
        let probe = crate::rules::state::Boost {
            against: Some(target),
            ..crate::rules::state::Boost::for_activation(
                crate::model::effects::Stat::Attacks,
                0,
                false,
            )
        };
        probe.applies_to((true, None), f, Some(t))
    };
    // No allocation: an attack asks this for each of its rolls' counts.
    // What waits for a bonus attack is for the attack made while it waits: that one.
    lasting
        .iter()
        .chain(for_bonus)
        .chain(next)
        .flat_map(move |e| match e {
            Effect::TargetBoost { target, then } if such(*target) => then.as_slice(),
            Effect::TargetBoost { .. } => &[],
            e => std::slice::from_ref(e),
        })
}

/// Does an effect for attacks of kind `only` apply to a (`melee`) attack?
pub(super) fn fits(only: Option<AttackKind>, melee: bool) -> bool {
    only.is_none_or(|k| (k == AttackKind::Melee) == melee)
}

/// ABL-5: the least hit roll of `f`'s attack on `t` (with a melee weapon when `melee`) that
/// is a critical hit: 6, or lower when an ability of its activation says so.
pub fn crit_on(world: &World, (f, t): (&FighterView, &FighterView), melee: bool) -> u8 {
    lasting_for(world, f, t)
        .filter_map(|e| match e {
            Effect::CritOn { least, only, .. } if fits(*only, melee) => Some(*least),
            _ => None,
        })
        .fold(6, u8::min)
}

/// ABL-5: how many hits of `f`'s next (`melee`) attack on `t` count as critical hits.
pub fn hits_as_crits(world: &World, (f, t): (&FighterView, &FighterView), melee: bool) -> u32 {
    lasting_for(world, f, t)
        .filter_map(|e| match e {
            Effect::NextHitsAsCrits { n, only } if fits(*only, melee) => Some(n.of(0)),
            // Every hit: as many as an attack can roll dice.
            Effect::HitsAsCrits { only } if fits(*only, melee) => {
                Some(crate::rules::odds::MAX_DICE)
            }
            _ => None,
        })
        .fold(0, u32::saturating_add)
}

/// ABL-4, ABL-5: the Toughness `toughness` of `t` against `f`'s next attack, less what an
/// ability of `f`'s subtracts for that attack (after every bonus, to its minimum).
pub fn target_toughness(
    world: &World,
    (f, t): (&FighterView, &FighterView),
    toughness: u32,
) -> u32 {
    lasting_for(world, f, t).fold(toughness, |x, e| match e {
        Effect::TargetToughnessLess { by, min } => {
            crate::rules::state::Lowered::apply(x, *by, *min)
        }
        _ => x,
    })
}

/// ABL-5: how many misses of `f`'s next (`melee`) attack on `t` count as critical hits.
pub fn misses_as_crits(world: &World, (f, t): (&FighterView, &FighterView), melee: bool) -> u32 {
    lasting_for(world, f, t)
        .filter_map(|e| match e {
            Effect::NextMissesAsCrits { n, only } if fits(*only, melee) => Some(*n),
            _ => None,
        })
        .fold(0, u32::saturating_add)
}

/// ABL-5: how many more critical hits `f`'s next (`melee`) attack on `t` scores if it scores
/// any ("one critical hit from that attack action scores 1 additional critical hit").
pub fn more_crits(world: &World, (f, t): (&FighterView, &FighterView), melee: bool) -> u32 {
    lasting_for(world, f, t)
        .filter_map(|e| match e {
            Effect::NextMoreCrits { n, only } if fits(*only, melee) => Some(*n),
            _ => None,
        })
        .fold(0, u32::saturating_add)
}

/// ABL-5: the hits (and misses) of `attacker`'s (`melee`) attack of `dice` dice that count as
/// critical hits, counted so (logged when there are any).
pub fn promote_hits(
    world: &mut World,
    (f, t): (&FighterView, &FighterView),
    (melee, dice): (bool, u32),
    (hits, crits): (&mut u32, &mut u32),
) {
    let n = hits_as_crits(world, (f, t), melee).min(*hits);
    if n > 0 {
        (*hits, *crits) = (*hits - n, *crits + n);
        super::effect_logged(world, f.id, EffectOutcome::HitsAsCrits { n });
    }
    let misses = dice.saturating_sub(*hits + *crits);
    let n = misses_as_crits(world, (f, t), melee).min(misses);
    if n > 0 {
        *crits += n;
        super::effect_logged(world, f.id, EffectOutcome::MissesAsCrits { n });
    }
    let n = more_crits(world, (f, t), melee);
    if n > 0 && *crits > 0 {
        *crits += n;
        super::effect_logged(world, f.id, EffectOutcome::MoreCrits { n });
    }
}

/// ABL-5: the next (`melee`) attack is made: what counted its hits as critical hits, or
/// lowered its critical roll, is spent.
pub fn spend_hits_as_crits(a: &mut ActivationState, melee: bool) {
    let spent = |e: &Effect| match e {
        Effect::NextHitsAsCrits { only, .. }
        | Effect::NextMissesAsCrits { only, .. }
        | Effect::NextMoreCrits { only, .. }
        | Effect::CritOn {
            only, next: true, ..
        } => fits(*only, melee),
        Effect::TargetToughnessLess { .. } | Effect::RangeIs { .. } => true,
        _ => false,
    };
    // What was for its next action is spent by it, this attack.
    a.next_action.clear();
    // One for such a target only is spent by the next attack all the same ("the next attack
    // ... scores a critical hit on a 5+ if the target ...").
    a.lasting.retain(|e| match e {
        Effect::TargetBoost { then, .. } => !then.iter().any(spent),
        e => !spent(e),
    });
}

/// "In (during) the next (melee) attack action made by this fighter, critical hits are scored
/// on a N+ for that attack action", "the next (melee) attack action made by this fighter scores
/// critical hits on a N+ (regardless of the toughness characteristic of the target)": for its
/// next attack this activation (README).
fn next_crit_on(s: &str) -> Option<Vec<Effect>> {
    if let Some(rest) = s.strip_prefix("if this fighter's next action is a ") {
        let (kind, rest) = rest.split_once(" attack action, critical hits are scored on a ")?;
        let only = match kind {
            "missile" => Some(AttackKind::Missile),
            "melee" => Some(AttackKind::Melee),
            _ => return None,
        };
        let least = u8::try_from(fill(rest, "{n}+ for that attack action")?[0]).ok()?;
        return Some(vec![Effect::NextActionCritOn { least, only }]);
    }
    let (attack, least) =
        if let Some((attack, rest)) = s.split_once(", critical hits are scored on a ") {
            let attack = attack
                .strip_prefix("in ")
                .or_else(|| attack.strip_prefix("during "))?;
            (attack, fill(rest, "{n}+ for that attack action")?[0])
        } else {
            let (attack, rest) = (s.split_once(" scores critical hits on a "))
                .or_else(|| s.split_once(" scores a critical hit on a "))?;
            let rest = rest
                .strip_suffix(" regardless of the toughness characteristic of the target")
                .unwrap_or(rest);
            (attack, fill(rest, "{n}+")?[0])
        };
    let only = super::boost_words::next_attack(&format!("{attack} this activation"))
        .or_else(|| super::boost_words::next_attack(attack))?;
    let least = u8::try_from(least).ok()?;
    Some(vec![Effect::CritOn {
        least,
        only,
        next: true,
    }])
}

/// ABL-5: the active fighter `id` made an action other than a (`melee`, when `attack` is
/// given) attack: what waited for its next action, when that is another kind of action,
/// lapses, logged.
pub fn next_action_made(world: &mut World, id: crate::model::ids::FighterId, attack: Option<bool>) {
    let fits = |e: &Effect| match (e, attack) {
        (Effect::CritOn { only, .. }, Some(melee)) => fits(*only, melee),
        _ => false,
    };
    let gone: Vec<Effect> = {
        let mut eng = crate::rules::state::engine(world);
        let Some(a) = eng.activation.as_mut().filter(|a| a.fighter == id) else {
            return;
        };
        if a.next_action.iter().all(fits) {
            return;
        }
        std::mem::take(&mut a.next_action)
    };
    let outcome = EffectOutcome::Lapsed {
        why: crate::rules::log::Lapse::OtherActionFirst,
        effects: gone,
        value: 0,
    };
    super::effect_logged(world, id, outcome);
}

/// "You can count N hit(s) from the next (melee, missile) attack action made by this fighter
/// (this activation) as a critical hit(s) instead"; a critical roll lowered for the activation
/// or the next attack.
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    if let Some(e) = crit_on_words(s).or_else(|| next_crit_on(s)) {
        return Some(e);
    }
    // "One critical hit from the next melee attack action made by this fighter (in this
    // activation) scores N additional critical hit(s)."
    if let Some(rest) = s.strip_prefix("one critical hit from ") {
        let (attack, more) = rest.split_once(" scores ")?;
        let only = super::boost_words::next_attack(attack)?;
        let (n, tail) = super::card::count_prefix(more)?;
        return matches!(
            tail,
            " additional critical hit" | " additional critical hits"
        )
        .then_some(vec![Effect::NextMoreCrits { n, only }]);
    }
    let each = [
        (
            "until the end of this fighter's activation, count each hit from melee attack actions \
          made by them as a critical hit instead",
            Some(AttackKind::Melee),
        ),
        (
            "until the end of this fighter's activation, count each hit from attack actions made \
          by them as a critical hit instead",
            None,
        ),
    ];
    if let Some((_, only)) = each.iter().find(|(w, _)| *w == s) {
        return Some(vec![Effect::HitsAsCrits { only: *only }]);
    }
    let rest = s
        .strip_prefix("you can count ")
        .or_else(|| s.strip_prefix("count "))?;
    let (n, rest) = super::card::count_prefix(rest)?;
    let (misses, rest) = match rest.strip_prefix(" miss from ") {
        Some(r) => (true, r),
        None => (
            false,
            rest.strip_prefix(" hit from ")
                .or_else(|| rest.strip_prefix(" hits from "))?,
        ),
    };
    let attack = rest
        .strip_suffix(" as a critical hit instead")
        .or_else(|| rest.strip_suffix(" as critical hits instead"))?;
    let only = super::boost_words::next_attack(&format!("{attack} this activation"))
        .or_else(|| super::boost_words::next_attack(attack))?;
    Some(vec![match misses {
        true => Effect::NextMissesAsCrits { n, only },
        false => Effect::NextHitsAsCrits {
            n: Amount::Fixed(n),
            only,
        },
    }])
}

/// "Until the end of this fighter's activation, (melee, missile) attack actions made by this
/// fighter score a critical hit on a (roll of) N+", "... hit rolls for attack actions made by
/// this fighter score ...".
fn crit_on_words(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("until the end of this fighter's activation, ")?;
    let rest = rest.strip_prefix("hit rolls for ").unwrap_or(rest);
    let (only, rest) = if let Some(r) = rest.strip_prefix("melee ") {
        (Some(AttackKind::Melee), r)
    } else if let Some(r) = rest.strip_prefix("missile ") {
        (Some(AttackKind::Missile), r)
    } else {
        (None, rest)
    };
    if let Some(least) = rest.strip_prefix("attack actions made by this fighter score a hit on a ")
    {
        // ATK-3: a 3+ is what a Strength higher than the Toughness hits on.
        return (least == "3+").then(|| vec![Effect::StrengthAboveToughness { only }]);
    }
    let rest =
        rest.strip_prefix("attack actions made by this fighter score a critical hit on a ")?;
    let rest = rest.strip_prefix("roll of ").unwrap_or(rest);
    let v = fill(rest, "{n}+")?;
    let least = u8::try_from(v[0]).ok()?;
    Some(vec![Effect::CritOn {
        least,
        only,
        next: false,
    }])
}

/// ABL-5: how its attacks are made, kept for the activation (or its next attack, or its next
/// action) with its number: the attacks ask it without the ability's value.
pub(super) fn kept_lasting(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    match e {
        // "That attack action" after a bonus attack is the bonus one.
        Effect::TargetToughnessLess { .. } => {
            super::kept(world, f, e, value, |a| a.keep_for_next_attack(e.clone()))
        }
        Effect::NextHitsAsCrits { n, only } => {
            let e = Effect::NextHitsAsCrits {
                n: Amount::Fixed(n.of(value)),
                only: *only,
            };
            super::kept(world, f, &e, value, |a| a.keep_for_next_attack(e.clone()))
        }
        Effect::NextMoreCrits { .. } => {
            super::kept(world, f, e, value, |a| a.keep_for_next_attack(e.clone()))
        }
        // "If this fighter's next action is a missile attack action": for that action only.
        Effect::NextActionCritOn { least, only } => {
            let crit = Effect::CritOn {
                least: *least,
                only: *only,
                next: true,
            };
            super::kept(world, f, e, value, |a| a.next_action.push(crit))
        }
        _ => super::kept(world, f, e, value, |a| a.lasting.push(e.clone())),
    }
}
