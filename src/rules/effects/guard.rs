//! The guard family (ABL-5): the attacks on a fighter, or on the friends in its aura,
//! softened until the end of the battle round (less damage from each hit and critical hit,
//! critical hits counted as hits). The attack asks [`guard_for`] what softens it.

use bevy::prelude::*;

use crate::model::effects::{Aura, Effect, Guard};
use crate::rules::log::EffectOutcome;
use crate::rules::state::{self, Engine, FighterView, Lasting, Scope};

use super::{Useful, Weighed, amount_text, enemies_in_reach, in_aura, lasts};

/// In words: "until the end of the round, each hit and critical hit on it deals 1 less (to
/// 1)".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    if let Effect::Survive { .. } = e {
        return super::survive::describe(e);
    }
    if let Effect::FlyThisRound { .. } = e {
        return super::fly_round::describe(e);
    }
    if let Effect::MarkThisRound { .. } = e {
        return super::runemark_round::describe(e);
    }
    if let Effect::EnemyCritsAsHits { range, visible } = e {
        return format!(
            "until the end of the round, critical hits of attacks made by {}enemies {} of it \
             count as hits",
            if *visible { "visible " } else { "" },
            super::within_text(super::at_value(*range, value))
        );
    }
    let Effect::RoundGuard { guard, aura } = e else {
        return super::value::describe(e, value);
    };
    let on = match aura {
        None => "it".to_string(),
        Some(Aura {
            range: 0.0,
            near: Some(n),
            ..
        }) => format!(
            "it while it is within {}\" of a friendly fighter{}",
            n.range,
            n.marks().with_words()
        ),
        Some(a) => format!("{} within {}\" of it", a.who_words(), a.range),
    };
    match guard {
        Guard::LessDamage { by, min } => format!(
            "until the end of the round, each hit and critical hit on {on} deals {} less (to \
             {min})",
            amount_text(by, value)
        ),
        Guard::CritsAsHits => {
            format!("until the end of the round, critical hits on {on} count as hits")
        }
        Guard::Untargetable => {
            format!("until the end of the round, {on} cannot be targeted by attacks")
        }
        Guard::FewerAttacks {
            by,
            min,
            melee_only,
        } => format!(
            "until the end of the round, {}attacks on {on} roll {} fewer dice (to {min})",
            if *melee_only { "melee " } else { "" },
            amount_text(by, value)
        ),
        Guard::Retaliate {
            dice,
            least,
            damage,
        } => format!(
            "until the end of the round, after each melee attack on {on}, {}: each {least}+ \
             deals {damage} damage to the attacker",
            match dice {
                0 => "a dice for each damage point it allocated".to_string(),
                n => format!("{n} dice"),
            }
        ),
    }
}

/// ABL-5: the guard lasts until the end of the round.
pub(super) fn run(
    world: &mut World,
    f: &FighterView,
    e: &Effect,
    value: u8,
) -> Option<EffectOutcome> {
    if let Effect::Survive { .. } = e {
        return super::survive::run(world, f, e, value);
    }
    if let Effect::FlyThisRound { .. } = e {
        return super::fly_round::run(world, f, e, value);
    }
    if let Effect::MarkThisRound { .. } = e {
        return super::runemark_round::run(world, f, e, value);
    }
    if let Effect::EnemyCritsAsHits { range, visible } = e {
        let range = super::at_value(*range, Some(value));
        state::engine(world).dim_crits_around(f.id, range, *visible);
        return Some(lasts(e, value));
    }
    let Effect::RoundGuard { guard, aura } = e else {
        return super::value::run(world, f, e, value);
    };
    let scope = match aura {
        None => Scope::Fighter(f.id),
        Some(aura) => Scope::Aura {
            source: f.id,
            aura: *aura,
        },
    };
    let what = match guard {
        Guard::LessDamage { by, min } => Lasting::LessDamage {
            by: by.of(value),
            min: *min,
        },
        Guard::CritsAsHits => Lasting::CritsAsHits,
        Guard::Untargetable => Lasting::Untargetable,
        Guard::FewerAttacks {
            by,
            min,
            melee_only,
        } => Lasting::FewerAttacks {
            by: by.of(value),
            min: *min,
            melee_only: *melee_only,
        },
        Guard::Retaliate {
            dice,
            least,
            damage,
        } => Lasting::Retaliate {
            dice: *dice,
            least: *least,
            damage: *damage,
        },
    };
    state::engine(world).guard(scope, what);
    Some(lasts(e, value))
}

/// SOLO-C1: a guard is worth having when a fighter it guards is in combat (an enemy within
/// 1").
pub(super) fn useful(w: &Weighed, e: &Effect) -> Option<Useful> {
    if let Effect::Survive { .. } = e {
        return super::survive::useful(w, e);
    }
    if let Effect::FlyThisRound { .. } = e {
        return super::fly_round::useful(w, e);
    }
    if let Effect::MarkThisRound { .. } = e {
        return super::runemark_round::useful(w, e);
    }
    if let Effect::EnemyCritsAsHits { range, visible } = e {
        // As the enemy auras: worth it when an enemy stands in it now.
        let near = enemies_in_reach(w.world, w.all, w.f, *range, *visible);
        return (!near.is_empty()).then_some(Useful::Because("enemies are within its aura", None));
    }
    let Effect::RoundGuard { aura, .. } = e else {
        return super::value::useful(w, e);
    };
    let guarded = |o: &FighterView| match aura {
        None => o.id == w.f.id,
        Some(a) => in_aura(w.world, w.all, w.f, o, a),
    };
    w.all
        .iter()
        .filter(|o| guarded(o))
        .any(|o| !enemies_in_reach(w.world, w.all, o, 1.0, false).is_empty())
        .then_some(Useful::Because("a fighter it guards is in combat", None))
}

/// What softens the attacks on a fighter this round.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Softened {
    /// Less damage from each hit and critical hit, and the least each then deals.
    pub less: u32,
    pub min: u32,
    /// Critical hits count as hits.
    pub crits_as_hits: bool,
    /// It cannot be targeted by attack actions.
    pub untargetable: bool,
    /// Fewer attack dice (by how many, the least left): for every attack, and for melee
    /// attacks alone.
    pub fewer: (u32, u32),
    pub fewer_melee: (u32, u32),
}

impl Softened {
    /// Was the damage softened?
    pub fn any(&self) -> bool {
        self.less > 0 || self.crits_as_hits
    }

    /// ABL-4: the dice of an attack (`melee` or not) of `dice`, less what the guard takes
    /// off (a number already below the minimum is left alone).
    pub fn attacks(&self, dice: u32, melee: bool) -> u32 {
        let (mut by, mut min) = self.fewer;
        if melee {
            by = by.saturating_add(self.fewer_melee.0);
            min = min.max(self.fewer_melee.1);
        }
        crate::rules::state::Lowered::apply(dice, by, min)
    }

    /// The damage of a hit and of a critical hit, softened (a damage already below the
    /// minimum is left alone); critical hits as hits deal a hit's damage.
    pub fn damage(&self, (hit, crit): (u32, u32)) -> (u32, u32) {
        let crit = if self.crits_as_hits { hit } else { crit };
        let less = |d: u32| d.saturating_sub(self.less).max(self.min.min(d));
        (less(hit), less(crit))
    }
}

/// ABL-5: what softens the attacks on `t` this round: its own guards and those of the
/// friendly fighters whose aura it is in (`all`: the fighters, needed for auras).
pub fn guard_for(world: &World, all: &[FighterView], t: &FighterView) -> Softened {
    let mut s = Softened::default();
    for (scope, what) in world.resource::<Engine>().guards() {
        let reaches = match scope {
            Scope::Fighter(id) => id == t.id,
            Scope::Aura { source, aura } => all
                .iter()
                .find(|o| o.id == source)
                .is_some_and(|o| in_aura(world, all, o, t, &aura)),
            Scope::EnemyAura { .. } => false,
        };
        match what {
            Lasting::LessDamage { by, min } if reaches => {
                s.less = s.less.saturating_add(by);
                s.min = s.min.max(min);
            }
            Lasting::CritsAsHits if reaches => s.crits_as_hits = true,
            Lasting::Untargetable if reaches => s.untargetable = true,
            Lasting::FewerAttacks {
                by,
                min,
                melee_only,
            } if reaches => {
                // Two such guards add up; the greater minimum holds.
                let f = if melee_only {
                    &mut s.fewer_melee
                } else {
                    &mut s.fewer
                };
                *f = (f.0.saturating_add(by), f.1.max(min));
            }
            _ => {}
        }
    }
    s
}

/// ABL-5: after `attacker`'s melee attack on `target` (allocating it `dealt`), the target's
/// retaliation this round, while both stand (a fighter taken down does nothing more, as its
/// auras): its dice rolled (logged), each success's damage dealt to the attacker.
pub fn retaliate(
    world: &mut World,
    (attacker, target): (crate::model::ids::FighterId, crate::model::ids::FighterId),
    dealt: u32,
) {
    use crate::model::dice::Dice;
    let due: Vec<(u32, u8, u32)> = world.resource::<Engine>().retaliation(target).collect();
    for (dice, least, damage) in due {
        let stands =
            |world: &mut World, id| state::fighter(world, id).is_some_and(|f| f.on_board());
        if !stands(world, attacker) || !stands(world, target) {
            return;
        }
        let dice = if dice == 0 { dealt } else { dice };
        if dice == 0 {
            continue;
        }
        let (rolls, hits) = (world.resource_mut::<crate::model::dice::DiceRng>())
            .roll_at_least(dice as usize, least);
        let outcome = EffectOutcome::Damage {
            fighters: vec![attacker],
            damage: hits * damage,
            rolls,
        };
        super::effect_logged(world, target, outcome);
        if hits > 0 {
            crate::rules::actions::deal_damage(
                world,
                attacker,
                hits * damage,
                &[crate::model::RuleId::Abl5],
            );
        }
    }
}

/// ABL-5: do the critical hits of the attacks `attacker` makes count as hits this round (it
/// stands within an enemy's aura that says so, seen by that enemy when the aura asks)?
pub fn crits_dimmed(world: &World, all: &[FighterView], attacker: &FighterView) -> bool {
    let eng = world.resource::<Engine>();
    eng.dimming_auras().any(|(source, range, seen)| {
        all.iter().find(|o| o.id == source).is_some_and(|s| {
            s.on_board()
                && attacker.on_board()
                && s.side != attacker.side
                && crate::battlefield::measure::distance(&s.base(), &attacker.base())
                    <= range + 1e-4
                && (!seen || crate::rules::state::can_see(world, all, s, attacker))
        })
    })
}

/// ABL-5: what softens the attack `f` makes on `t` this round: `t`'s guards, and the enemy
/// auras `f` attacks from.
pub fn guard_against(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    t: &FighterView,
) -> Softened {
    let mut s = guard_for(world, all, t);
    s.crits_as_hits |= crits_dimmed(world, all, f);
    s
}

/// ABL-5: the `dice` of `attacker`'s (`melee`) attack, less what the enemy auras it stands in
/// take off (after the target's guards).
pub fn dice_in_auras(
    world: &World,
    all: &[FighterView],
    attacker: &FighterView,
    (dice, melee): (u32, bool),
) -> u32 {
    let mut aura = Softened::default();
    fewer_for_attacker(world, all, attacker, &mut aura);
    aura.attacks(dice, melee)
}

/// ABL-5: the dice the attacks `attacker` makes lose in the enemy auras it stands in (seen
/// by that enemy, when the aura asks), added to `s`.
fn fewer_for_attacker(
    world: &World,
    all: &[FighterView],
    attacker: &FighterView,
    s: &mut Softened,
) {
    for (source, range, by, min, whose) in world.resource::<Engine>().fewer_auras() {
        let reaches = all.iter().find(|o| o.id == source).is_some_and(|o| {
            o.on_board()
                && attacker.on_board()
                && o.side != attacker.side
                && crate::battlefield::measure::distance(&o.base(), &attacker.base())
                    <= range + 1e-4
                && (!whose.seen || crate::rules::state::can_see(world, all, o, attacker))
        });
        let into = if whose.melee_only {
            &mut s.fewer_melee
        } else {
            &mut s.fewer
        };
        if reaches {
            *into = (into.0.saturating_add(by), into.1.max(min));
        }
    }
}

/// ABL-5: the `dice` of a (`melee`) attack on `target`, less what guards it this round takes
/// off (logged).
pub fn guarded_dice(
    world: &mut World,
    all: &[FighterView],
    (f, target): (&FighterView, crate::model::ids::FighterId),
    (dice, melee): (u32, bool),
) -> u32 {
    let guarded = state::fighter(world, target)
        .map_or(dice, |t| guard_for(world, all, &t).attacks(dice, melee));
    if guarded < dice {
        let fewer = EffectOutcome::FewerDice {
            fewer: dice - guarded,
            dice: guarded,
        };
        super::effect_logged(world, target, fewer);
    }
    let weakened = dice_in_auras(world, all, f, (guarded, melee));
    if weakened < guarded {
        let fewer = EffectOutcome::FewerDiceInAura {
            fewer: guarded - weakened,
            dice: weakened,
        };
        super::effect_logged(world, f.id, fewer);
    }
    weakened
}

/// ABL-5: the attack on `t` (`hits` and `crits`, each hit and critical hit dealing `damage`)
/// softened by what guards `t` this round: the damage each now deals, and the log line
/// saying how (none when nothing guards it).
pub fn soften(
    world: &World,
    all: &[FighterView],
    (f, t): (&FighterView, &FighterView),
    (hits, crits): (&mut u32, &mut u32),
    damage: (u32, u32),
) -> ((u32, u32), Option<EffectOutcome>) {
    let guard = guard_against(world, all, f, t);
    if !guard.any() {
        return (damage, None);
    }
    let counted = if guard.crits_as_hits { *crits } else { 0 };
    (*hits, *crits) = (*hits + counted, *crits - counted);
    let (hit, crit) = guard.damage(damage);
    let said = EffectOutcome::Guarded {
        counted,
        hit,
        crit: (!guard.crits_as_hits).then_some(crit),
    };
    ((hit, crit), Some(said))
}
