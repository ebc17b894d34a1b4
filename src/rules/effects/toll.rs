//! ABL-5: damage at the end of the round to the enemies round this fighter; and a toll on
//! disengaging. Until the end of the battle round, each enemy fighter that
//! makes a disengage action starting within reach of this fighter is allocated a dice of
//! damage, before it moves away or once it has; and the reaction that strikes a visible enemy
//! within 1" as it disengages (DIS-1: within 1" it can only be before it moves away).

use bevy::prelude::*;

use crate::battlefield::measure::{Base, distance};
use crate::model::RuleId;
use crate::model::dice::as_sides;
use crate::model::effects::{Effect, Trigger};
use crate::model::ids::FighterId;
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, FighterView};

use super::card::fill;
use super::{Useful, Weighed, effect_logged, lasts};

pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    if let Effect::AtActivationEnd(_) = e {
        return super::activation_end::describe(e);
    }
    if let Effect::PlaceToken(..) | Effect::CremationRule = e {
        return super::tokens::describe(e);
    }
    if let Effect::DamageAtRoundEnd {
        range,
        amount,
        visible,
    } = e
    {
        return format!(
            "at the end of the round, {} damage to each {}enemy within {range}\" of it",
            super::amount_text(amount, value),
            if *visible { "visible " } else { "" }
        );
    }
    if let Effect::ImpactAround { range } = e {
        return format!(
            "until the end of the round, each enemy that finishes a move action within {range}\" \
             of it suffers impact damage"
        );
    }
    let Effect::DisengageToll {
        range,
        sides,
        before,
    } = e
    else {
        return String::new();
    };
    let when = if *before {
        "before it moves away"
    } else {
        "once it has moved"
    };
    format!(
        "until the end of the round, each enemy that disengages from within {range}\" of it \
         takes D{sides} damage {when}"
    )
}

pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    if let Effect::AtActivationEnd(_) = e {
        return super::activation_end::run(world, f, e, value);
    }
    if let Effect::PlaceToken(token, at) = e {
        return Some(super::tokens::place(world, f, (*token, *at)));
    }
    let mut eng = state::engine(world);
    match e {
        Effect::DisengageToll {
            range,
            sides,
            before,
        } => eng.toll_around(f.id, *range, (*sides, *before)),
        Effect::DamageAtRoundEnd {
            range,
            amount,
            visible,
        } => eng.damage_at_round_end(f.id, *range, (amount.of(value), *visible)),
        Effect::ImpactAround { range } => eng.trap_around(f.id, *range),
        _ => return None,
    }
    Some(lasts(e, value))
}

/// ABL-5: the damage waiting for the end of the round, to each enemy in reach of its fighter
/// (still on the battlefield) then: one log line each, then dealt.
pub(crate) fn round_end_damage(world: &mut World) {
    let waiting = world.resource::<state::Engine>().round_end_damage();
    for (source, range, damage, seen) in waiting {
        let all = state::fighters(world);
        let Some(f) = all.iter().find(|o| o.id == source && o.on_board()) else {
            continue;
        };
        let near = super::enemies_in_reach(world, &all, f, range, seen);
        if near.is_empty() || damage == 0 {
            continue;
        }
        let outcome = EffectOutcome::Damage {
            fighters: near.clone(),
            damage,
            rolls: Vec::new(),
        };
        effect_logged(world, source, outcome);
        for id in near {
            crate::rules::actions::deal_damage(world, id, damage, &[RuleId::Abl5]);
        }
    }
}

/// Worth it when enemies are within its reach now: they may disengage from it.
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    if let Effect::PlaceToken(..) = e {
        return super::tokens::useful(w, e);
    }
    // Healing as much as it deals: worth it when it is hurt and about to attack.
    if let Effect::AtActivationEnd(crate::model::effects::AtItsEnd::HealAsDealt) = e {
        let hurt = w.f.damage > 0 && w.next.attack.is_some();
        return hurt.then_some(Useful::Because(
            "it is hurt and its next action is an attack",
            None,
        ));
    }
    if let Effect::ImpactAround { .. } = e {
        let coming = (w.all.iter()).any(|o| o.side != w.f.side && o.can_activate());
        return coming.then_some(Useful::Because("enemies have yet to move", None));
    }
    let (Effect::DisengageToll { range, .. } | Effect::DamageAtRoundEnd { range, .. }) = e else {
        return None;
    };
    let near = super::enemies_in_reach(w.world, w.all, w.f, *range, false);
    (!near.is_empty()).then_some(Useful::Because("enemies near it may disengage", None))
}

/// DIS-1 with ABL-5: fighter `id` makes a disengage action from `from`: the tolls of the
/// enemies round it for this moment (`before` it moves away, or after), each a dice of damage
/// logged then dealt, while it stands.
pub(crate) fn take(world: &mut World, id: FighterId, from: &Base, before: bool) {
    let tolls: Vec<(FighterId, f32, u8)> = (world.resource::<state::Engine>().tolls())
        .filter(|t| t.3 == before)
        .map(|(source, range, sides, _)| (source, range, sides))
        .collect();
    for (source, range, sides) in tolls {
        let all = state::fighters(world);
        let Some(f) = all.iter().find(|o| o.id == id && o.on_board()) else {
            return;
        };
        let reaches = |o: &&FighterView| {
            o.id == source
                && o.on_board()
                && o.side != f.side
                && distance(&o.base(), from) <= range + 1e-4
        };
        if !all.iter().any(|o| reaches(&o)) {
            continue;
        }
        let roll = state::d6(world);
        let damage = as_sides(roll, sides);
        let outcome = EffectOutcome::Damage {
            fighters: vec![id],
            damage,
            rolls: vec![roll],
        };
        effect_logged(world, source, outcome);
        crate::rules::actions::deal_damage(world, id, damage, &[RuleId::Abl5, RuleId::Dis1]);
    }
}

/// MOVE-9 with ABL-5: fighter `id` finished a move action: each enemy aura it ended in makes
/// it suffer impact damage (the aura's fighter named in the log first), while it stands.
pub(crate) fn move_ended(world: &mut World, id: FighterId) {
    let traps = world.resource::<state::Engine>().traps();
    for (source, range) in traps {
        let all = state::fighters(world);
        let Some(f) = all.iter().find(|o| o.id == id && o.on_board()) else {
            return;
        };
        let near = |o: &&FighterView| {
            o.id == source
                && o.on_board()
                && o.side != f.side
                && distance(&o.base(), &f.base()) <= range + 1e-4
        };
        if !all.iter().any(|o| near(&o)) {
            continue;
        }
        effect_logged(world, source, EffectOutcome::Trapped { fighter: id, range });
        let cause = crate::rules::log::ImpactCause::Ability;
        crate::rules::actions::impact(world, id, &[RuleId::Abl5, RuleId::Move9], cause);
    }
}

// The card's wording of this family (`card`: the language's shared pieces).

/// "Until the end of the battle round, each time an enemy fighter within R\" of this fighter
/// makes a disengage action but before that fighter moves away (after an enemy fighter makes a
/// disengage action that began within R\" of this fighter), allocate DN damage points to that
/// fighter"; the reaction "after a visible enemy fighter within 1\" of this fighter makes a
/// disengage action, allocate DN damage points to that fighter".
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    if let Some(e) = at_round_end(s) {
        return Some(vec![e]);
    }
    // "Until the end of the battle round, each time an enemy fighter finishes a move action
    // within N\" of this fighter, that fighter suffers impact damage".
    if let Some(v) = fill(
        s,
        "until the end of the battle round, each time an enemy fighter finishes a move action \
         within {n}\" of this fighter, that fighter suffers impact damage",
    ) {
        return Some(vec![Effect::ImpactAround { range: v[0] as f32 }]);
    }
    let dice = "allocate d{n} damage points to that fighter";
    if let Some(v) = fill(
        s,
        &format!(
            "after a visible enemy fighter within 1\" of this fighter makes a disengage action, {dice}"
        ),
    ) {
        let sides = u8::try_from(v[0]).ok()?;
        return Some(vec![
            Effect::Reaction(Trigger::EnemyDisengages),
            Effect::StrikeOnRoll { least: 1, sides },
        ]);
    }
    let rest = s.strip_prefix("until the end of the battle round, ")?;
    let (v, before) = [
        (
            "each time an enemy fighter within {n}\" of this fighter makes a disengage action but \
             before that fighter moves away, ",
            true,
        ),
        (
            "after an enemy fighter makes a disengage action that began within {n}\" of this \
             fighter, ",
            false,
        ),
    ]
    .into_iter()
    .find_map(|(head, before)| Some((fill(rest, &format!("{head}{dice}"))?, before)))?;
    Some(vec![Effect::DisengageToll {
        range: v[0] as f32,
        sides: u8::try_from(v[1]).ok()?,
        before,
    }])
}

/// "At the end of the battle round, allocate a number of damage points equal to A to each
/// (visible) enemy fighter within N\" of this fighter".
fn at_round_end(s: &str) -> Option<Effect> {
    let rest = s.strip_prefix(
        "at the end of the battle round, allocate a number of damage points equal to ",
    )?;
    let (amount, rest) = super::card::amount_prefix(rest)?;
    let rest = rest.strip_prefix(" to each ")?;
    let (visible, rest) = match rest.strip_prefix("visible ") {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let v = fill(rest, "enemy fighter within {n}\" of this fighter")?;
    Some(Effect::DamageAtRoundEnd {
        range: v[0] as f32,
        amount,
        visible,
    })
}
