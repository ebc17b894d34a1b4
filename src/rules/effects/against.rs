//! The against family (ABL-5): what befalls an enemy: barred from actions, rolled against
//! (weakened or taunted), set up elsewhere, weakened by a critical hit, rolled against after
//! each attack.

use bevy::prelude::*;

use crate::model::RuleId;
use crate::model::dice::{Dice, DiceRng};
use crate::model::effects::{Effect, OnSuccess, Restriction, Stat, band_text};
use crate::model::ids::FighterId;
use crate::rules::command::Rejected;
use crate::rules::log::{AgainstResult, EffectOutcome};
use crate::rules::state::{self, Engine, FighterView};

use super::{
    Checked, Picks, Useful, Weighed, a_visible, amount_text, effect_logged, kept, place,
    runemark_text,
};

/// In words: "a visible enemy within 3\" may not move until the end of the round".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    match e {
        Effect::Restrict { .. } => restrict_text(e, value),
        Effect::ExposeAround { .. } => super::expose_around::describe(e, value),
        Effect::PickThenBoost(crate::model::effects::PickedRaise { .. }) => {
            super::target_boost::picked_text(e, value)
        }
        Effect::RollAgainst {
            range,
            visible,
            runemark,
            dice,
            least,
            then,
        } => {
            let against = format!(
                "{} enemy{} {}",
                a_visible(*visible),
                runemark_text(runemark.as_deref(), " ", ""),
                super::within_text(super::at_value(*range, value))
            );
            roll_against_text(&against, &amount_text(dice, value), *least, then)
        }
        Effect::SetUpNear {
            range,
            visible,
            within,
        } => format!(
            "{} enemy within {range}\" is set up within {within}\" of this fighter",
            a_visible(*visible)
        ),
        Effect::Relocate { .. } => place::relocate_text(e, value),
        Effect::LowerPicked(_) | Effect::ExposePicked { .. } | Effect::LowerPerRoll { .. } => {
            super::lower::describe(e, value)
        }
        Effect::CritsWeaken {
            runemark,
            stat,
            by,
            min,
        } => format!(
            "if its next attack on an enemy{} scores a critical hit, that enemy has {by} less \
             {stat} (to {min}) until the end of the battle",
            runemark_text(runemark.as_deref(), " ", "")
        ),
        Effect::EnemyAura {
            stat,
            by,
            min,
            range,
            whose,
        } => format!(
            "-{} {stat}{} (to {min}) for {}enemies while they are within {range}\" of it until \
             the end of the round",
            amount_text(by, value),
            if whose.melee_only {
                " of melee attacks"
            } else {
                ""
            },
            if whose.seen { "visible " } else { "" },
        ),
        Effect::AfterEachAttack { least, bar } => format!(
            "after each of its attacks this activation, a roll of {} bars the target from {} \
             until the end of the round",
            band_text(*least, 6),
            words_joined(bar, " actions", " and ")
        ),
        Effect::BarEach(_) => super::bar::describe(e),
        Effect::BarSelf(actions) => format!(
            "it may not {} for the rest of its activation",
            words_joined(actions, "", " or ")
        ),
        Effect::PullPicked { .. } | crate::model::effects::after_attack_parts!() => {
            super::next_attack::describe(e, value)
        }
        _ => String::new(),
    }
}

/// In words: "a visible enemy within 3\" may not move until the end of the round".
fn restrict_text(e: &Effect, value: Option<u8>) -> String {
    match e {
        Effect::Restrict {
            range,
            visible,
            actions,
            only: Some(only),
        } if *range == crate::model::effects::ANYWHERE => format!(
            "{} enemy{} may not {} until the end of the round",
            a_visible(*visible),
            super::lower::only_words(*only),
            words_joined(actions, "", " or ")
        ),
        Effect::Restrict {
            range,
            visible,
            actions,
            only,
        } => format!(
            "{} enemy{} {} may not {} until the end of the round",
            a_visible(*visible),
            only.map(super::lower::only_words).unwrap_or_default(),
            super::within_text(super::at_value(*range, value)),
            words_joined(actions, "", " or ")
        ),
        _ => String::new(),
    }
}

/// "move or disengage", "move actions and disengage actions".
pub(super) fn words_joined(actions: &[Restriction], each: &str, sep: &str) -> String {
    actions
        .iter()
        .map(|r| format!("{r}{each}"))
        .collect::<Vec<_>>()
        .join(sep)
}

fn roll_against_text(against: &str, dice: &str, least: u8, then: &OnSuccess) -> String {
    let outcome = match then {
        OnSuccess::Weaken { stat, min } => {
            format!("each {least}+ takes 1 from its {stat} (to {min}) until the end of the battle")
        }
        OnSuccess::Taunt => format!(
            "any {least}+ and its attacks must target this fighter until the end of the round"
        ),
        OnSuccess::Bar(actions) => format!(
            "any {least}+ and it may not {} until the end of the round",
            words_joined(actions, "", " or ")
        ),
        OnSuccess::FewerActions => format!(
            "any {least}+ and it makes 1 fewer action this round (with none left, it can't be \
             activated)"
        ),
        OnSuccess::FewerNextActivation => {
            format!("any {least}+ and it makes 1 fewer action in its next activation (at least 1)")
        }
        OnSuccess::Damage(n) => format!("each {least}+ deals {n}"),
    };
    format!("roll {dice} dice against {against}: {outcome}")
}

/// Waiting for an attack on an enemy with the runemark when there is none: refused when it
/// is the ability's only effect.
pub(super) fn check(c: &Checked, e: &Effect) -> Result<(), Rejected> {
    let Effect::CritsWeaken {
        runemark: Some(m), ..
    } = e
    else {
        return Ok(());
    };
    let any = c
        .all
        .iter()
        .any(|o| o.on_board() && o.side != c.f.side && o.profile.has_runemark(m));
    if c.only && !any {
        return Err(Rejected::new(
            RuleId::Abl5,
            format!("there is no enemy {m} on the battlefield"),
        ));
    }
    Ok(())
}

/// ABL-5: what befalls the picked enemy, or waits for the fighter's attacks.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
    picks: Picks,
) -> Option<EffectOutcome> {
    match e {
        Effect::ExposeAround { .. } => super::expose_around::run(world, f, e, value),
        Effect::Restrict { actions, .. } => {
            let t = picks.target?;
            bar_until_round_end(world, (f.id, t), actions);
            let actions = actions.clone();
            Some(EffectOutcome::Barred {
                fighter: t,
                actions,
            })
        }
        Effect::RollAgainst {
            dice, least, then, ..
        } => {
            let t = picks.target?;
            let (rolls, hits) = world
                .resource_mut::<DiceRng>()
                .roll_at_least(dice.of(value) as usize, *least);
            // Damage for each success is damage as any other: logged with its rolls, then dealt.
            if let OnSuccess::Damage(n) = then {
                let (fighters, damage) = (vec![t], n * hits);
                return Some(EffectOutcome::Damage {
                    fighters,
                    damage,
                    rolls,
                });
            }
            let result = roll_against(world, f, t, then.clone(), hits);
            Some(EffectOutcome::RolledAgainst {
                rolls,
                fighter: t,
                result,
            })
        }
        Effect::Relocate { .. } => place::relocate(world, f, (e, value), picks.place),
        Effect::LowerPicked(_) => super::lower::run(world, (f.id, e), value, picks.target),
        Effect::ExposePicked { .. } => super::lower::expose(world, f.side, e, value, picks.target),
        Effect::SetUpNear { within, .. } => Some(place::set_up_near(
            world,
            f,
            picks.target?,
            crate::model::effects::Placing::Near { within: *within },
            picks.place,
        )),
        Effect::CritsWeaken { .. } | Effect::AfterEachAttack { .. } => {
            kept(world, f, e, value, |a| a.lasting.push(e.clone()))
        }
        Effect::EnemyAura {
            stat,
            by,
            min,
            range,
            whose,
        } => {
            let mut eng = state::engine(world);
            match whose.all() {
                true => eng.lower_around(f.id, *range, (*stat, by.of(value), *min)),
                false => eng.fewer_around(f.id, *range, (by.of(value), *min), *whose),
            }
            Some(super::lasts(e, value))
        }
        Effect::BarEach(_) | Effect::BarSelf(_) => super::bar::run(world, f, e),
        Effect::PickThenBoost(crate::model::effects::PickedRaise { .. }) => {
            super::target_boost::run_picked(world, f, e, value, picks.target)
        }
        Effect::PullPicked { .. } => super::pull::run(world, f, e, value, picks.target),
        crate::model::effects::after_attack_parts!() => super::next_attack::run(world, f, e, value),
        _ => None,
    }
}

/// ABL-5: fighter `t` may not make these actions until the end of the battle round; barred
/// from activating, it counts as activated (CMB-1, REA-1).
fn bar_until_round_end(world: &mut World, (f, t): (FighterId, FighterId), actions: &[Restriction]) {
    for a in actions {
        // Held to `f`: no move of it may end farther from `f`.
        if *a == Restriction::MoveAway {
            state::engine(world).leash(t, f);
            continue;
        }
        state::engine(world).bar(t, *a);
        if *a == Restriction::Activate {
            super::activated_for_the_round(world, t);
        }
    }
}

/// ABL-5: what `hits` successes of `f`'s roll against `t` do.
fn roll_against(
    world: &mut World,
    f: &FighterView,
    t: FighterId,
    then: OnSuccess,
    hits: u32,
) -> AgainstResult {
    match then {
        _ if hits == 0 => AgainstResult::Nothing,
        OnSuccess::Weaken { stat, min } => {
            let now = weaken(world, t, stat, hits, min);
            AgainstResult::Weakened { stat, now }
        }
        OnSuccess::Taunt => {
            state::engine(world).taunt(t, f.id);
            AgainstResult::Taunted { taunter: f.id }
        }
        OnSuccess::Bar(actions) => {
            bar_until_round_end(world, (f.id, t), &actions);
            AgainstResult::Barred { actions }
        }
        OnSuccess::FewerActions => AgainstResult::FewerActions {
            left: one_action_fewer(world, t),
        },
        OnSuccess::FewerNextActivation => {
            state::engine(world).fewer_next(t);
            AgainstResult::FewerNext
        }
        // Dealt by `run` as the damage it is.
        OnSuccess::Damage(_) => AgainstResult::Nothing,
    }
}

/// REA-1's count of the actions a fighter has given up this round, one more (ABL-5: "makes 1
/// fewer action in this battle round"): the actions it has left, none when it waited (WAIT-1:
/// it had one); `None` when it has activated or has none left (nothing to give up).
pub(super) fn one_action_fewer(world: &mut World, t: FighterId) -> Option<u8> {
    use crate::model::components::{Activation, Reactions};
    let v = state::fighter(world, t)?;
    match v.activation {
        Activation::Activated => None,
        Activation::Waiting => {
            world.entity_mut(v.entity).insert(Activation::Activated);
            Some(0)
        }
        Activation::Ready if v.reactions >= 2 => None,
        Activation::Ready => {
            let given = v.reactions.saturating_add(1).min(2);
            world.entity_mut(v.entity).insert(Reactions(given));
            Some(2 - given)
        }
    }
}

/// ABL-5: lowers fighter `t`'s `stat` (Move, or the Attacks of each of its weapons) by `by`,
/// not below `min`, until the end of the battle (subtracted after any bonus, ABL-4); the value
/// now, before any bonus (the most Attacks of its weapons).
fn weaken(world: &mut World, t: FighterId, stat: Stat, by: u32, min: u32) -> u32 {
    state::engine(world).lower(t, stat, by, min);
    let Some(v) = state::fighter(world, t) else {
        return 0;
    };
    match stat {
        Stat::Move => v.move_budget(
            &world.resource::<crate::model::ruleset::Ruleset>().clone(),
            0,
        ) as u32,
        _ => (0..v.profile.weapons.len())
            .map(|w| v.attacks_with(w))
            .max()
            .unwrap_or(0),
    }
}

/// ABL-5: after an attack action of the active fighter `attacker` on `target`, each lasting
/// "roll a dice after each attack" effect rolls; on its score or more the target (still on
/// the battlefield) is barred from its actions until the end of the round.
pub(crate) fn after_attack(world: &mut World, attacker: FighterId, target: FighterId) {
    let rolls: Vec<(u8, Vec<Restriction>)> = world
        .resource::<Engine>()
        .activation
        .as_ref()
        .filter(|a| a.fighter == attacker)
        .map(|a| {
            a.lasting
                .iter()
                .filter_map(|e| match e {
                    Effect::AfterEachAttack { least, bar } => Some((*least, bar.clone())),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default();
    for (least, bar) in rolls {
        if !state::fighter(world, target).is_some_and(|t| t.on_board()) {
            return;
        }
        let roll = world.resource_mut::<DiceRng>().roll(1)[0];
        effect_logged(
            world,
            attacker,
            EffectOutcome::RollAfterAttack { roll, least },
        );
        if roll >= least {
            bar_until_round_end(world, (attacker, target), &bar);
            let outcome = EffectOutcome::Barred {
                fighter: target,
                actions: bar,
            };
            effect_logged(world, attacker, outcome);
        }
    }
}

/// ABL-5: after the active fighter `attacker`'s attack on `target` with `rolls`: a lasting
/// "weaken on a critical hit" for an enemy like the target is spent, and lowers the target's
/// characteristic when a roll is a 6.
pub(crate) fn crits_weaken(
    world: &mut World,
    attacker: FighterId,
    target: FighterId,
    rolls: &[u8],
) {
    let waiting = world
        .resource::<Engine>()
        .activation
        .as_ref()
        .is_some_and(|a| a.lasts(attacker, |e| matches!(e, Effect::CritsWeaken { .. })));
    if !waiting {
        return;
    }
    let Some(t) = state::fighter(world, target) else {
        return;
    };
    let spent = {
        let mut e = state::engine(world);
        let Some(a) = e.activation.as_mut().filter(|a| a.fighter == attacker) else {
            return;
        };
        let k = a.lasting.iter().position(|e| {
            matches!(e, Effect::CritsWeaken { runemark, .. }
                if runemark.as_deref().is_none_or(|m| t.profile.has_runemark(m)))
        });
        k.map(|k| a.lasting.remove(k))
    };
    if let Some(Effect::CritsWeaken { stat, by, min, .. }) = spent
        && rolls.contains(&6)
        && t.on_board()
    {
        let now = weaken(world, target, stat, by, min);
        let outcome = EffectOutcome::CritWeakened {
            fighter: target,
            stat,
            now,
        };
        effect_logged(world, attacker, outcome);
    }
}

/// SOLO-C1: a weakening by a critical hit is worth waiting for when the next attack is on
/// such an enemy; a roll after each attack when an attack comes next.
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    if let Effect::ExposeAround { .. } = e {
        return super::expose_around::useful(w, e);
    }
    if let Effect::BarEach(_) = e {
        return super::bar::useful(w, e);
    }
    if let Effect::DamageAfterNextAttack { only, .. } = e {
        let fits = (w.next.attack).is_some_and(|(_, melee)| super::crits::fits(*only, melee));
        return fits.then_some(Useful::Because("its next action is an attack", None));
    }
    if let Effect::Relocate { away, .. } = e {
        return place::relocate_useful(w, away.unwrap_or(0.0));
    }
    if let Effect::PullPicked { .. }
    | Effect::PullAfterNextAttack { .. }
    | Effect::BarAfterNextAttack { .. }
    | Effect::ForfeitAfterNextAttack { .. }
    | Effect::LowerAfterNextAttack(crate::model::effects::TargetLowering { .. })
    | Effect::LowerAfterScoring { .. } = e
    {
        return super::pull::useful(w, e);
    }
    match e {
        Effect::CritsWeaken { runemark, .. } => {
            let target = w
                .next
                .attack
                .and_then(|(t, _)| w.all.iter().find(|o| o.id == t));
            let fits = target.is_some_and(|o| {
                runemark
                    .as_deref()
                    .is_none_or(|m| o.profile.has_runemark(m))
            });
            fits.then_some(Useful::Because(
                "its next action is an attack on such an enemy",
                None,
            ))
        }
        Effect::AfterEachAttack { .. } if w.next.attack.is_some() => {
            w.because("its next action is an attack")
        }
        Effect::EnemyAura { range, .. } => {
            let near = super::enemies_in_reach(w.world, w.all, w.f, *range, false);
            (!near.is_empty()).then_some(Useful::Because("enemies are within its aura", None))
        }
        _ => None,
    }
}
