//! The attack action (ATK-1..ATK-4) with the counter and take cover reactions (REA-2,
//! REA-3).

use crate::battlefield::Battlefield;
use crate::battlefield::sight::{Cover, cover};
use crate::model::RuleId;
use crate::model::dice::{Dice, DiceRng};
use crate::model::effects::{AttackKind, Effect, Stat};
use crate::model::formats::Weapon;
use crate::model::ids::FighterId;
use crate::model::ruleset::Ruleset;
use crate::model::runemark::Runemark;
use crate::rules::actions::{answered_and_guarded, rules, take_cover_rolls};
use crate::rules::command::ReactionKind;
use crate::rules::effects::{crit_on, hits_as_crits, round_bonus};
use crate::rules::log::Event;
use crate::rules::odds::AttackRoll;
use crate::rules::state::{
    Engine, FighterView, ReactionOffer, Resume, Then, Totalled, fighter, fighters, log,
};
use bevy::prelude::*;

pub use super::hit_rolls::{count_hits, count_hits_from, counter_damage, hit_threshold};
pub use super::legality::{attack_allowed, legal_attacks, validate_attack};
pub use super::range::attack_distance;

/// ATK-2: `f` attacks `target` with `weapon`: the reaction its target may declare before the
/// hit rolls, or the rolls.
pub(super) fn start_attack(
    world: &mut World,
    f: &FighterView,
    target: FighterId,
    weapon: usize,
) -> Then {
    let Some(t) = fighter(world, target) else {
        return Then::Stay;
    };
    let melee = f.profile.weapons[weapon].is_melee();
    if !(rules(world).reactions && crate::rules::effects::may_react(world, &t)) {
        return roll_hits(world, f.id, target, weapon, None, Vec::new());
    }
    // REA-2: Counter, for a melee attack. REA-3: Take Cover is declared when the target is
    // targeted by a missile attack in cover, before the hit rolls (not by a Mount).
    let kind = if melee {
        Some(ReactionKind::Counter)
    } else if !t.profile.is(Runemark::Mount) && cover_of(world, f, &t).is_some() {
        Some(ReactionKind::TakeCover)
    } else {
        None
    };
    let abilities = crate::rules::abilities::reactions_to_attack(world, (f, &t), melee);
    if kind.is_none() && abilities.is_empty() {
        return roll_hits(world, f.id, target, weapon, None, Vec::new());
    }
    Then::Reaction(ReactionOffer {
        side: t.side,
        kind,
        fighters: vec![t.id],
        resume: Resume::AttackBeforeHits {
            attacker: f.id,
            target,
            weapon,
        },
        abilities,
    })
}

/// REA-1, ABL-5: the reaction on offer to `target` once the hit rolls of `f`'s attack are made
/// (it made none to this attack yet): when it has a reaction ability for that moment and a
/// roll scored a critical hit it would answer.
fn after_hits_offer(
    world: &mut World,
    (f, target): (&FighterView, FighterId),
    weapon: usize,
    rolls: &[u8],
) -> Option<ReactionOffer> {
    use crate::model::effects::Trigger;
    let t = fighter(world, target)?;
    // Most fighters have no reaction for this moment: asked first (none when reactions are
    // off, REA-1).
    let abilities = crate::rules::abilities::reactions_of(world, &t, Trigger::AfterHitRolls);
    if abilities.is_empty() || !crate::rules::effects::may_react(world, &t) {
        return None;
    }
    let melee = f.profile.weapons.get(weapon)?.is_melee();
    let least = crit_on(world, (f, &t), melee);
    let crits = rolls.iter().any(|&r| r >= least) || hits_as_crits(world, (f, &t), melee) > 0;
    crits.then(|| ReactionOffer {
        side: t.side,
        kind: None,
        fighters: vec![t.id],
        resume: Resume::AttackAfterHits {
            attacker: f.id,
            target,
            weapon,
            rolls: rolls.to_vec(),
            counter: false,
            answer: Vec::new(),
        },
        abilities,
    })
}

/// ATK-4: why `target` has cover against `attacker`, if it does.
pub fn cover_of(world: &World, attacker: &FighterView, target: &FighterView) -> Option<Cover> {
    let r = world.resource::<Ruleset>();
    let bf = world.get_resource::<Battlefield>()?;
    cover(
        &bf.shapes,
        &attacker.base(),
        &target.base(),
        r.cover_platform_height,
    )
}

/// ATK-3 with ABL-3 Onslaught: the dice the active fighter rolls with `w` (its Attacks, +1 per
/// Onslaught for a melee weapon this activation), less what lasting effects subtract (ABL-4:
/// after the bonuses).
fn attack_dice(world: &World, attacker: &FighterView, w: &Weapon) -> u32 {
    let bonus = world
        .resource::<Engine>()
        .activation
        .as_ref()
        .filter(|a| a.fighter == attacker.id)
        .map(|a| if w.is_melee() { a.attacks_bonus } else { 0 })
        .unwrap_or(0);
    attacker.attacks_after(w.attacks + bonus, w.is_melee())
}

/// ABL-5: fighter `f`'s weapon `weapon` with what abilities raised: its own for this
/// activation (or its next attack), when it is the active fighter, and those lasting the
/// round (`all`: the fighters, needed for auras). Borrowed as it is when nothing raised it
/// (the odds ask for every attack, many times a decision).
fn boosted<'a>(
    world: &World,
    all: &[FighterView],
    (f, t): (&'a FighterView, FighterId),
    weapon: usize,
) -> Option<std::borrow::Cow<'a, Weapon>> {
    let base = f.profile.weapons.get(weapon)?;
    let e = world.resource::<Engine>();
    let own = e
        .activation
        .as_ref()
        .filter(|a| a.fighter == f.id)
        .map_or(&[][..], |a| &a.boosts[..]);
    // ABL-5: what lowers its damage except on a fighter it spares (read once).
    let weakened = e.weakened_unless(f.id, t);
    if own.is_empty()
        && e.raised().next().is_none()
        && e.next_attack(f.id).next().is_none()
        && e.exposed(t).next().is_none()
        && e.exposed_around().next().is_none()
        && !f.lowered.weakens_weapons()
        && weakened.is_empty()
    {
        return Some(std::borrow::Cow::Borrowed(base));
    }
    let mut w = base.clone();
    let melee = w.is_melee();
    let mut add = |stat: Stat, by: u32| match stat {
        Stat::Attacks => w.attacks = w.attacks.saturating_add(by),
        Stat::Strength => w.strength = w.strength.saturating_add(by),
        Stat::Damage => w.damage.0 = w.damage.0.saturating_add(by),
        Stat::CritDamage => w.damage.1 = w.damage.1.saturating_add(by),
        Stat::Move | Stat::Toughness => {}
    };
    let target = all.iter().find(|o| o.id == t);
    // The weapon's runemark, from the profile (`w` is being raised).
    let with = (melee, base.runemark.as_deref());
    for b in own.iter().filter(|b| b.applies_to(with, f, target)) {
        add(b.stat, b.by_on(all, f, target));
    }
    for (stat, by, melee_only) in e.next_attack(f.id) {
        if melee || !melee_only {
            add(stat, by);
        }
    }
    for stat in [
        Stat::Attacks,
        Stat::Strength,
        Stat::Damage,
        Stat::CritDamage,
    ] {
        add(stat, round_bonus(world, all, f, stat, with));
    }
    // ABL-5: the enemy auras exposing the target: while it is within reach of their fighter.
    let around = e.exposed_around().filter(|&(source, range, ..)| {
        let s = all.iter().find(|o| o.id == source && o.on_board());
        s.zip(target).is_some_and(|(s, t)| {
            s.side != t.side
                && crate::battlefield::measure::distance(&s.base(), &t.base()) <= range + 1e-4
        })
    });
    let around: Vec<_> = around.map(|(_, _, stat, by, to)| (stat, by, to)).collect();
    for (stat, by, to) in e.exposed(t).chain(around) {
        // Only the attacks of the side's fighters it names, when it names some.
        if to.is_none_or(|(side, to)| {
            side == f.side && to.marks.fit(|m| f.profile.bears(m)) && (melee || !to.melee_only)
        }) {
            add(stat, by);
        }
    }
    f.weaken(&mut w); // ABL-4: lowerings after every raise.
    for (by, min) in weakened {
        let less = |d: u32| crate::rules::state::Lowered::apply(d, by, min);
        w.damage = (less(w.damage.0), less(w.damage.1));
    }
    Some(std::borrow::Cow::Owned(w))
}

/// ATK-4: the target's Toughness against `f` (with the cover bonus and what abilities raised
/// for the round, ABL-5), and why it is in cover.
fn toughness_against(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    t: &FighterView,
) -> (u32, Option<Cover>) {
    let cover = cover_of(world, f, t);
    let bonus = if cover.is_some() {
        world.resource::<Ruleset>().cover_toughness_bonus
    } else {
        0
    };
    let raised = round_bonus(world, all, t, Stat::Toughness, (false, None));
    let toughness = t.toughness_with(bonus + raised);
    let toughness = crate::rules::effects::target_toughness(world, (f, t), toughness);
    (toughness, cover)
}

/// ATK-3 with ABL-5: the Strength the hit roll compares, when `f` attacks with `strength`
/// against `toughness`: higher than the Toughness when an ability says it counts as such.
fn strength_for_hits(
    world: &World,
    f: &FighterView,
    (strength, melee): (u32, bool),
    toughness: u32,
) -> u32 {
    let stronger = (world.resource::<Engine>().activation.as_ref()).is_some_and(|a| {
        a.lasts(f.id, |e| {
            matches!(e, Effect::StrengthAboveToughness { only }
                if only.is_none_or(|k| (k == AttackKind::Melee) == melee))
        })
    });
    if stronger {
        strength.max(toughness.saturating_add(1))
    } else {
        strength
    }
}

/// The fighters, when an aura lasting the round or a raise against some targets needs them
/// (ABL-5); none otherwise.
fn views_for_auras(world: &mut World) -> Vec<FighterView> {
    let e = world.resource::<Engine>();
    let aura = |s: crate::rules::state::Scope| matches!(s, crate::rules::state::Scope::Aura { .. });
    let auras = e.raised().any(|r| aura(r.0))
        || e.guards().any(|g| aura(g.0))
        || e.dimming_auras().next().is_some()
        || e.fewer_auras().next().is_some();
    // A raise against some targets only looks at the target too; one counted round it, at
    // the fighters near it.
    let picky = (e.activation.as_ref())
        .is_some_and(|a| (a.boosts.iter()).any(|b| b.against.is_some() || b.per_near.is_some()));
    if auras || picky {
        fighters(world)
    } else {
        Vec::new()
    }
}

/// The attack `f` would make on `t` with weapon `weapon` now, for its exact odds
/// ([`crate::rules::odds`]): the same dice, Toughness and damage the attack will use.
/// `take_cover`: as if the target took cover (REA-3).
pub fn attack_roll(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    t: &FighterView,
    weapon: usize,
    take_cover: bool,
) -> Option<AttackRoll> {
    let w = &boosted(world, all, (f, t.id), weapon)?;
    let (toughness, _) = toughness_against(world, all, f, t);
    let guard = crate::rules::effects::guard_against(world, all, f, t);
    Some(AttackRoll {
        attacks: crate::rules::effects::dice_in_auras(
            world,
            all,
            f,
            (
                guard.attacks(attack_dice(world, f, w), w.is_melee()),
                w.is_melee(),
            ),
        ),
        strength: strength_for_hits(world, f, (w.strength, w.is_melee()), toughness),
        toughness,
        // ABL-5: critical hits counted as hits deal a hit's damage.
        damage: guard.damage(w.damage),
        crit_on: crit_on(world, (f, t), w.is_melee()),
        hits_as_crits: hits_as_crits(world, (f, t), w.is_melee()),
        misses_as_crits: crate::rules::effects::misses_as_crits(world, (f, t), w.is_melee()),
        more_crits: crate::rules::effects::more_crits(world, (f, t), w.is_melee()),
        take_cover,
    })
}

/// The hit rolls of an attack and the reactions that answer it (REA-1..REA-3, ABL-5).
pub(super) struct Hits {
    pub rolls: Vec<u8>,
    /// REA-2: the target counters.
    pub counter: bool,
    /// REA-3: the target takes cover.
    pub take_cover: bool,
    /// ABL-5: the effects of the target's reaction ability.
    pub answer: Vec<Effect>,
}

/// ATK-3: the hit rolls of an attack, after the target's reaction declared before them
/// (REA-2 Counter, REA-3 Take Cover), if any.
pub(super) fn roll_hits(
    world: &mut World,
    attacker: FighterId,
    target: FighterId,
    weapon: usize,
    reaction: Option<ReactionKind>,
    answer: Vec<Effect>,
) -> Then {
    let Some(f) = fighter(world, attacker) else {
        return Then::Stay;
    };
    let all = views_for_auras(world);
    let Some(w) = boosted(world, &all, (&f, target), weapon).map(std::borrow::Cow::into_owned)
    else {
        return Then::Stay;
    };
    let dice = attack_dice(world, &f, &w);
    let dice = crate::rules::effects::guarded_dice(world, &all, (&f, target), (dice, w.is_melee()));
    let dice = super::reactions::fewer_dice(world, target, dice, &answer);
    let rolls = world.resource_mut::<DiceRng>().roll(dice as usize);
    if reaction.is_none()
        && answer.is_empty()
        && let Some(offer) = after_hits_offer(world, (&f, target), weapon, &rolls)
    {
        return Then::Reaction(offer);
    }
    let hits = Hits {
        rolls,
        counter: matches!(reaction, Some(ReactionKind::Counter)),
        take_cover: matches!(reaction, Some(ReactionKind::TakeCover)),
        answer,
    };
    finish_attack(world, attacker, target, weapon, hits)
}

/// ATK-3, ABL-5: the hits and critical hits of `f`'s (`melee`) attack on `t` from `rolls`
/// against the roll `needed`: critical hits on a lower roll, hits counted as critical hits,
/// as the abilities of its activation say.
fn scored(
    world: &mut World,
    (f, t): (&FighterView, &FighterView),
    melee: bool,
    (rolls, needed): (&[u8], u8),
) -> (u32, u32) {
    let (mut hits, mut crits) = count_hits_from(rolls, needed, crit_on(world, (f, t), melee));
    let dice = u32::try_from(rolls.len()).unwrap_or(u32::MAX);
    crate::rules::effects::promote_hits(world, (f, t), (melee, dice), (&mut hits, &mut crits));
    (hits, crits)
}

pub(super) fn finish_attack(
    world: &mut World,
    attacker: FighterId,
    target: FighterId,
    weapon: usize,
    how: Hits,
) -> Then {
    let (Some(f), Some(t)) = (fighter(world, attacker), fighter(world, target)) else {
        return Then::Stay;
    };
    let all = views_for_auras(world);
    let Some(w) = boosted(world, &all, (&f, target), weapon).map(std::borrow::Cow::into_owned)
    else {
        return Then::Stay;
    };
    let Hits {
        rolls,
        counter,
        take_cover,
        answer,
    } = how;
    let (toughness, cover_why) = toughness_against(world, &all, &f, &t);
    let toughness = toughness + super::reactions::toughness_raised(&answer);
    let strength = strength_for_hits(world, &f, (w.strength, w.is_melee()), toughness);
    let needed = hit_threshold(strength, toughness);
    let (mut hits, mut crits) = scored(world, (&f, &t), w.is_melee(), (&rolls, needed));
    let mut ids = vec![RuleId::Atk3];
    ids.extend(cover_why.is_some().then_some(RuleId::Atk4));
    // ABL-5: an ability changed the weapon, the Strength the hit roll compares or the
    // target's Toughness.
    let raised = f.profile.weapons.get(weapon) != Some(&w)
        || strength != w.strength
        || round_bonus(world, &all, &t, Stat::Toughness, (false, None)) > 0
        || !answer.is_empty();
    ids.extend(raised.then_some(RuleId::Abl5));
    let saves = take_cover.then(|| take_cover_rolls(world, crits));
    if let Some(t) = &saves {
        crits -= t.turned;
        hits += t.turned;
        ids.push(RuleId::Rea3);
    }
    let counts = (&mut hits, &mut crits);
    let answered = answered_and_guarded(world, (&all, &f, &t), &answer, &rolls, counts, w.damage);
    let per_hit = answered.damage;
    let damage = hits * per_hit.0 + crits * per_hit.1;
    let wounds_before = fighter(world, target).map_or(t.wounds_left(), |t| t.wounds_left());
    log(
        world,
        &ids,
        Event::Attack {
            attacker,
            target,
            weapon: w.name.clone(),
            strength,
            toughness,
            cover: cover_why,
            rolls: rolls.clone(),
            needed,
            hits,
            crits,
            take_cover: saves,
            damage,
            profile: w.damage,
            wounds_before,
        },
    );
    let tot = Totalled {
        attacker,
        target,
        melee: w.is_melee(),
        damage,
        crits,
        to_attacker: answered.to_attacker,
        counter: counter.then(|| counter_damage(&rolls, needed)),
        rolls,
    };
    let reacted = counter || take_cover || !answer.is_empty();
    super::allocate::offer_or_allocate(world, tot, reacted)
}
