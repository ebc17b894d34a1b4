//! Abilities (ABL-1..ABL-5, CMB-3): the universal abilities of ABL-3 fully automated, and the
//! data model for faction abilities: one the engine can't execute is offered as "not
//! automated", its dice are spent and the log says to resolve it by hand.

use crate::model::RuleId;
use crate::model::effects::Effect;
use crate::model::ids::FighterId;
use bevy::prelude::*;

use crate::battlefield::measure::{bases_within, distance};
use crate::model::components::*;
use crate::model::ruleset::Ruleset;
use crate::rules::command::Rejected;
use crate::rules::effects::Picks;
use crate::rules::log::{AbilityOutcome, Event};
use crate::rules::state::{
    self, ActivationState, Bonus, Engine, FighterView, Then, can_see, fighters, log,
};

pub use crate::model::abilities::{AbilityDef, AbilityEffect, DiceCost, universal};
pub use crate::rules::reactions::{
    bonus_reactions, reaction_effects, reactions_of, reactions_to_attack,
};

/// ABL-2: does `f` have the runemarks? ("hero" counts leaders and heroes, GEN-6.)
pub(crate) fn allowed(f: &FighterView, d: &AbilityDef) -> bool {
    d.runemarks.iter().all(|m| {
        if m.eq_ignore_ascii_case("hero") {
            f.is_hero()
        } else {
            f.profile.has_runemark(m)
        }
    })
}

/// ABL-3: why a universal ability would do nothing for the active fighter `f` now (it may
/// still be used, ABL-1, but its dice would be spent for nothing): Rush with no move left,
/// Onslaught with no melee attack left, Respite with no damage.
pub fn would_do_nothing(eng: &Engine, f: &FighterView, effect: &AbilityEffect) -> Option<String> {
    let a = eng.activation.as_ref().filter(|a| a.fighter == f.id)?;
    let bonus_move = a
        .bonus
        .iter()
        .any(|b| matches!(b, Bonus::Move { .. } | Bonus::MoveOrAttack { .. }));
    let bonus_attack = a.bonus.iter().any(|b| {
        matches!(
            b,
            Bonus::Attack | Bonus::AnyAttack | Bonus::MoveOrAttack { .. }
        )
    });
    let melee = f.profile.weapons.iter().any(|w| w.is_melee());
    let why = match effect {
        AbilityEffect::Rush if a.actions_left == 0 && !bonus_move => {
            format!("{} has no move left this activation", f.name)
        }
        AbilityEffect::Onslaught if !melee => format!("{} has no melee weapon", f.name),
        AbilityEffect::Onslaught if a.actions_left == 0 && !bonus_attack => {
            format!("{} has no attack left this activation", f.name)
        }
        AbilityEffect::Respite if f.damage == 0 => format!("{} has no damage to remove", f.name),
        _ => return None,
    };
    Some(why)
}

/// Every ability `f` may use: the universal ones and its profile's (ABL-2, ABL-5), each
/// with the effects it has now (a favoured fighter's, when it is favoured).
pub fn abilities_of(r: &Ruleset, f: &FighterView) -> Vec<AbilityDef> {
    universal(r)
        .iter()
        .chain(f.profile.abilities.iter())
        .filter(|d| allowed(f, d))
        .map(|d| as_it_stands(d, f.favoured))
        .collect()
}

/// ABL-5: `d` with the effects it has for a fighter favoured or not.
fn as_it_stands(d: &AbilityDef, favoured: bool) -> AbilityDef {
    let mut d = d.clone();
    if let AbilityEffect::Effects(effects) = &mut d.effect
        && effects.iter().any(|e| matches!(e, Effect::Favoured { .. }))
    {
        *effects = std::mem::take(effects)
            .into_iter()
            .flat_map(|e| match e {
                Effect::Favoured { favoured: f, .. } if favoured => f,
                Effect::Favoured { plain, .. } => plain,
                e => vec![e],
            })
            .collect();
    }
    d
}

/// ABL-3: may `f` use `d` now (leaving dice aside)? `target` for Inspiring Presence; for
/// data effects (ABL-5), the enemy they will aim at.
fn eligible(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    d: &AbilityDef,
    target: Option<FighterId>,
) -> Result<Option<FighterId>, Rejected> {
    let r = world.resource::<Ruleset>();
    match &d.effect {
        AbilityEffect::Effects(effects) => {
            return crate::rules::effects::check(world, all, f, effects, target);
        }
        AbilityEffect::Respite => {
            if all.iter().any(|o| {
                o.on_board() && o.side != f.side && bases_within(&o.base(), &f.base(), 1.0)
            }) {
                return Err(Rejected::new(
                    RuleId::Abl3,
                    "Respite: an enemy is within 1\"",
                ));
            }
            if f.damage == 0 {
                return Err(Rejected::new(RuleId::Abl3, "Respite: no damage to remove"));
            }
        }
        AbilityEffect::Reckoning => {
            let mine: Vec<&FighterView> = all.iter().filter(|o| o.side == f.side).collect();
            let down = mine
                .iter()
                .filter(|o| o.presence == Presence::TakenDown)
                .count();
            if down * 2 < mine.len() {
                return Err(Rejected::new(
                    RuleId::Abl3,
                    format!(
                        "Reckoning: {down} of {} taken down, fewer than half",
                        mine.len()
                    ),
                ));
            }
        }
        AbilityEffect::InspiringPresence => {
            let t = target
                .and_then(|id| all.iter().find(|o| o.id == id))
                .ok_or_else(|| {
                    Rejected::new(RuleId::Abl3, "Inspiring Presence needs a friendly target")
                })?;
            if t.side != f.side || t.id == f.id {
                return Err(Rejected::new(
                    RuleId::Abl3,
                    "the target must be another friendly fighter",
                ));
            }
            if !t.on_board() || t.activation != Activation::Ready || !t.can_activate() {
                return Err(Rejected::new(
                    RuleId::Abl3,
                    format!("{} can't be activated", t.name),
                ));
            }
            if distance(&f.base(), &t.base()) > r.inspiring_presence_range + 1e-4 {
                return Err(Rejected::new(
                    RuleId::Abl3,
                    format!(
                        "{} is more than {}\" away",
                        t.name, r.inspiring_presence_range
                    ),
                ));
            }
            if !can_see(world, all, f, t) {
                return Err(Rejected::new(
                    RuleId::Gen3,
                    format!("{} can't see {}", f.name, t.name),
                ));
            }
        }
        _ => {}
    }
    Ok(None)
}

/// Inspiring Presence targets for `f` (for the AI and the UI).
pub fn inspiring_targets(world: &World, all: &[FighterView], f: &FighterView) -> Vec<FighterId> {
    let r = world.resource::<Ruleset>();
    let Some(d) = abilities_of(r, f)
        .into_iter()
        .find(|d| d.effect == AbilityEffect::InspiringPresence)
    else {
        return Vec::new();
    };
    all.iter()
        .filter(|t| eligible(world, all, f, &d, Some(t.id)).is_ok())
        .map(|t| t.id)
        .collect()
}

/// Could `f` use any ability now with the dice its side holds (CMB-3)?
pub fn any_usable(world: &mut World, f: &FighterView) -> bool {
    let dice = world.resource::<Engine>().dice[f.side].clone();
    let barred =
        crate::rules::effects::not_barred(world, f, crate::model::effects::Restriction::Abilities)
            .is_err();
    if dice.groups.is_empty() || barred {
        return false;
    }
    let all = fighters(world);
    let r = world.resource::<Ruleset>().clone();
    abilities_of(&r, f).iter().any(|d| {
        dice.groups.iter().any(|g| d.cost.paid_by(g.size))
            && match d.effect {
                AbilityEffect::InspiringPresence => !inspiring_targets(world, &all, f).is_empty(),
                _ => eligible(world, &all, f, d, None).is_ok(),
            }
    })
}

/// ABL-1..ABL-5, CMB-3: may `f` use `name` now, paying with the dice showing `value`? With
/// the dice group that pays and the enemy a data effect will aim at (ABL-5).
pub fn validate_ability(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    name: &str,
    value: u8,
    (target, choice): (Option<FighterId>, u8),
) -> Result<
    (
        AbilityDef,
        crate::rules::initiative::DiceGroup,
        Option<FighterId>,
    ),
    Rejected,
> {
    let act = world
        .resource::<Engine>()
        .activation
        .clone()
        .ok_or_else(|| Rejected::new(RuleId::Cmb3, "abilities are used during an activation"))?;
    if act.fighter != f.id {
        return Err(Rejected::new(
            RuleId::Cmb3,
            format!("{} is not the active fighter", f.name),
        ));
    }
    crate::rules::effects::not_barred(world, f, crate::model::effects::Restriction::Abilities)?;
    if act.ability_used {
        return Err(Rejected::new(
            RuleId::Cmb3,
            format!("{} has already used an ability this activation", f.name),
        ));
    }
    let dice = &world.resource::<Engine>().dice[f.side];
    let d = named(world.resource::<Ruleset>(), f, name, (choice, dice.saved))?;
    let Some(needed) = d.cost.dice() else {
        return Err(Rejected::new(
            RuleId::Abl1,
            format!("{} is a {}, not an ability paid with dice", d.name, d.cost),
        ));
    };
    let Some(group) = dice.group_for(value, needed).copied() else {
        return Err(Rejected::new(
            RuleId::Abl1,
            format!("no ability dice of {value}s big enough for a {}", d.cost),
        ));
    };
    // ABL-5: ranges "equal to the value of this ability" are the dice's value (after the
    // round's auras on values).
    let mut d = d;
    let value = ability_value(world, all, f, &d, value).0;
    let mut at = Vec::new();
    if let AbilityEffect::Effects(effects) = &mut d.effect {
        at = effects.iter().map(|e| e.at_value(value)).collect();
        *effects = crate::rules::effects::as_used(world, all, f, &at, (value, target));
    }
    let aimed = eligible(world, all, f, &d, target)?;
    // What the ability does on the enemy picked, once the pick is known (its reach is the same
    // either way).
    if let AbilityEffect::Effects(effects) = &mut d.effect
        && aimed != target
        && crate::rules::effects::asks_target(&at)
    {
        *effects = crate::rules::effects::as_used(world, all, f, &at, (value, aimed));
    }
    once_only(world, (all, f), &d, aimed)?;
    Ok((d, group, aimed))
}

/// ABL-2: `f`'s ability called `name`, used the way `choice` (ABL-5: of an ability that offers
/// two, the second perhaps paid with some of the side's `saved` wild dice).
fn named(
    r: &Ruleset,
    f: &FighterView,
    name: &str,
    (choice, saved): (u8, u32),
) -> Result<AbilityDef, Rejected> {
    let Some(d) = abilities_of(r, f)
        .into_iter()
        .find(|d| d.name.eq_ignore_ascii_case(name))
    else {
        return Err(Rejected::new(
            RuleId::Abl2,
            format!(
                "{} has no ability called {name} (or lacks its runemarks)",
                f.name
            ),
        ));
    };
    Ok(crate::rules::ways::chosen(&d, choice, saved)?.0)
}

/// The once-only conditions an ability `d` has: (once per battle, on each fighter once per
/// round).
fn once_kinds(d: &AbilityDef) -> (bool, bool) {
    use crate::model::effects::{Condition, Effect};
    let AbilityEffect::Effects(effects) = &d.effect else {
        return (false, false);
    };
    let has = |c: Condition| effects.contains(&Effect::Requires(c));
    (
        has(Condition::OncePerBattle),
        has(Condition::OncePerRoundPerTarget),
    )
}

/// ABL-5: "a fighter can only use this ability once per battle"; "a fighter can only be
/// targeted once per battle round by this ability" (by the side's uses of it): refused when
/// `f` used `d` before, or `aimed` was its pick this round.
fn once_only(
    world: &World,
    (all, f): (&[FighterView], &FighterView),
    d: &AbilityDef,
    aimed: Option<FighterId>,
) -> Result<(), Rejected> {
    let (battle, round) = once_kinds(d);
    let e = world.resource::<Engine>();
    let this = |u: &&state::OnceUse| u.ability == d.name && u.side == f.side;
    if battle && e.once.iter().filter(this).any(|u| u.fighter == f.id) {
        return Err(Rejected::new(
            RuleId::Abl5,
            format!("{} has used {} already this battle", f.name, d.name),
        ));
    }
    let picked = |u: &&state::OnceUse| u.round == e.round && u.target == aimed;
    if round && aimed.is_some() && e.once.iter().filter(this).any(|u| picked(&u)) {
        return Err(Rejected::new(
            RuleId::Abl5,
            format!(
                "{} has been picked by {} already this round",
                all.iter()
                    .find(|o| Some(o.id) == aimed)
                    .map_or("that fighter", |o| &o.name),
                d.name
            ),
        ));
    }
    Ok(())
}

/// What the ability `d` does now, used by `f` with dice showing `value` (a built-in one
/// changes its activation `a`; a data one is described, and run after the log line).
fn outcome(
    a: &mut ActivationState,
    d: &AbilityDef,
    r: &Ruleset,
    f: &FighterView,
    value: u8,
    target: Option<FighterId>,
) -> AbilityOutcome {
    match &d.effect {
        AbilityEffect::Effects(effects) => AbilityOutcome::Effects {
            effects: effects.clone(),
            value,
        },
        AbilityEffect::Rush => {
            a.move_bonus += r.rush_move_bonus;
            AbilityOutcome::Rush {
                moves: r.rush_move_bonus,
            }
        }
        AbilityEffect::Onslaught => {
            a.attacks_bonus += r.onslaught_attacks_bonus;
            AbilityOutcome::Onslaught {
                attacks: r.onslaught_attacks_bonus,
            }
        }
        AbilityEffect::Reckoning => {
            let max = f32::from(value);
            a.bonus = vec![Bonus::Move { max, fly: false }, Bonus::Attack];
            AbilityOutcome::Reckoning { max_move: value }
        }
        AbilityEffect::InspiringPresence => {
            a.inspired = target;
            AbilityOutcome::InspiringPresence { next: target }
        }
        AbilityEffect::Respite => AbilityOutcome::Respite {
            healed: u32::from(value).min(f.damage),
        },
        AbilityEffect::NotAutomated => AbilityOutcome::NotAutomated {
            text: d.text.clone(),
        },
    }
}

/// ABL-1, ABL-5: the value of `f`'s ability `d` used with dice showing `value`, after the
/// round's auras on values, and each aura that changed it (its fighter, the value after it).
fn ability_value(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    d: &AbilityDef,
    value: u8,
) -> (u8, Vec<(FighterId, u8)>) {
    let effects = match &d.effect {
        AbilityEffect::Effects(e) => Some(e.as_slice()),
        _ => None,
    };
    crate::rules::effects::value_after_auras(world, all, f, effects, value)
}

/// ABL-1..ABL-5, CMB-3: `f` uses `name`, paying with the dice showing `value`.
pub(crate) fn use_ability(
    world: &mut World,
    all: &[FighterView],
    f: &FighterView,
    name: &str,
    value: u8,
    picks: Picks,
) -> Result<Then, Rejected> {
    let target = picks.target;
    // ABL-5: `aimed`, the enemy a data effect aims at (named, or the nearest that qualifies),
    // and where it is set up (if it is), are found before anything is paid.
    let (d, group, aimed) = validate_ability(world, all, f, name, value, (target, picks.choice))?;
    if let Some(at) = picks.place {
        let placing = d.effect.sets_up().map(|p| p.at_value(value));
        crate::rules::effects::check_place(world, f, placing, aimed, at)?;
    }
    let r = world.resource::<Ruleset>().clone();
    // Paid: the whole group is spent (ABL-1), and the saved wild dice the way chosen costs.
    state::engine(world).dice[f.side].spend(value);
    crate::rules::ways::discard_saved(world, f, name, picks.choice);
    let (dice_value, (value, changed)) = (value, ability_value(world, all, f, &d, value));
    if once_kinds(&d) != (false, false) {
        let mut e = state::engine(world);
        let use_ = state::OnceUse {
            fighter: f.id,
            side: f.side,
            ability: d.name.clone(),
            round: e.round,
            target: aimed,
        };
        e.once.push(use_);
    }
    let automated = d.effect != AbilityEffect::NotAutomated;
    let effect = {
        let mut e = state::engine(world);
        let Some(a) = e.activation.as_mut() else {
            return Err(Rejected::new(RuleId::Cmb3, "no fighter is activated"));
        };
        a.ability_used = true;
        a.by_hand |= d.effect == AbilityEffect::NotAutomated;
        outcome(a, &d, &r, f, value, target)
    };
    if let AbilityOutcome::Respite { healed } = effect {
        crate::rules::effects::heal(world, f, healed);
    }
    let data = matches!(d.effect, AbilityEffect::Effects(_));
    let ids: &[RuleId] = if automated && !data {
        &[RuleId::Abl1, RuleId::Abl3, RuleId::Cmb3]
    } else {
        &[RuleId::Abl1, RuleId::Abl5, RuleId::Cmb3]
    };
    log(
        world,
        ids,
        Event::Ability {
            fighter: f.id,
            ability: d.name.clone(),
            value: dice_value,
            size: group.size,
            automated,
            effect,
        },
    );
    for (source, now) in changed {
        let outcome = crate::rules::log::EffectOutcome::ValueChanged {
            fighter: f.id,
            ability: d.name.clone(),
            value: now,
        };
        crate::rules::effects::effect_logged(world, source, outcome);
    }
    if let AbilityEffect::Effects(effects) = &d.effect {
        let picks = Picks {
            target: aimed,
            ..picks
        };
        crate::rules::effects::run(world, f, effects, value, picks);
    }
    Ok(Then::AfterAction)
}
