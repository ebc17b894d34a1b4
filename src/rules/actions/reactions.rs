//! Answering the reaction on offer (REA-1) and resuming the action it interrupted.

use crate::model::RuleId;
use crate::model::components::{Activation, Reactions};
use crate::model::dice::{Dice, DiceRng};
use crate::model::effects::{Effect, RollsWere};
use crate::model::ids::FighterId;
use crate::model::ids::Side;
use crate::rules::actions::{Hits, finish_attack, finish_disengage, roll_hits};
use crate::rules::command::{Command, ReactionKind, Rejected};
use crate::rules::log::{EffectOutcome, Event, TakeCover};
use crate::rules::state;
use crate::rules::state::{Engine, FighterView, ReactionOffer, Resume, Then, fighter, log};
use bevy::prelude::*;

/// Who reacts, and the effects of the reaction ability it makes (`None`: the reaction on offer
/// itself), with how it answers an enemy's move; `None` when the side declines.
type Reacting = Option<(FighterId, Option<Vec<Effect>>, Option<Answer>)>;

/// How a reaction answers an enemy's move, and whom its attack targets (ABL-5).
type Answer = (super::after_move::MoveAnswer, Option<FighterId>);

/// A command while a reaction is on offer to `side`.
pub(crate) fn reaction(world: &mut World, side: Side, cmd: &Command) -> Result<Then, Rejected> {
    let offer = world
        .resource::<Engine>()
        .reaction
        .clone()
        .ok_or_else(|| Rejected::new(RuleId::Rea1, "no reaction is on offer"))?;
    let who = who_reacts(world, side, &offer, cmd)?;
    state::engine(world).reaction = None;
    Ok(resume(world, offer, who))
}

/// REA-1: the answer `cmd` gives to the reaction on `offer`, checked and made.
fn who_reacts(
    world: &mut World,
    side: Side,
    offer: &ReactionOffer,
    cmd: &Command,
) -> Result<Reacting, Rejected> {
    Ok(match cmd {
        Command::React {
            fighter: id,
            reaction,
        } => {
            match offer.kind {
                Some(kind) if kind != *reaction => {
                    return Err(Rejected::new(
                        reaction.rule(),
                        format!("the reaction on offer is {kind}"),
                    ));
                }
                None => {
                    return Err(Rejected::new(
                        reaction.rule(),
                        format!("{reaction} is not on offer now, only reaction abilities"),
                    ));
                }
                Some(_) => {}
            }
            if !offer.fighters.contains(id) {
                let name = state::fighter(world, *id)
                    .map_or_else(|| "that fighter".into(), |f| f.name.to_string());
                return Err(Rejected::new(
                    RuleId::Rea1,
                    format!("{name} can't make this reaction"),
                ));
            }
            react(world, *id, *reaction);
            Some((*id, None, None))
        }
        Command::ReactWith {
            fighter: id,
            ability,
            pick,
            to,
            target,
        } => {
            let picks = super::after_move::AnswerPicks {
                friend: *pick,
                to: *to,
                target: *target,
            };
            with_ability(world, offer, (*id, ability), picks)?
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
    })
}

/// REA-1, ABL-5: fighter `id` makes its reaction ability `ability` on offer; an answer to an
/// enemy's move (with what its player named, `picks`) is checked whole before it is made.
fn with_ability(
    world: &mut World,
    offer: &ReactionOffer,
    (id, ability): (FighterId, &str),
    picks: super::after_move::AnswerPicks,
) -> Result<Reacting, Rejected> {
    let name =
        state::fighter(world, id).map_or_else(|| "that fighter".into(), |f| f.name.to_string());
    if !offer.fighters.contains(&id) {
        return Err(Rejected::new(
            RuleId::Rea1,
            format!("{name} can't make this reaction"),
        ));
    }
    let Some(answer) = crate::rules::abilities::reaction_effects(world, id, ability)
        .filter(|_| offer.abilities.iter().any(|a| a == ability))
    else {
        return Err(Rejected::new(
            RuleId::Abl5,
            format!("{ability} is not a reaction on offer to {name} now"),
        ));
    };
    let planned = match super::after_move::Moment::of(&offer.resume) {
        Some(at) => {
            let a = super::after_move::chosen_answer(world, (id, ability), at, picks)?;
            Some((a, picks.target))
        }
        None => None,
    };
    react_with(world, id, ability);
    Ok(Some((id, Some(answer), planned)))
}

/// What was waiting for the reaction goes on.
fn resume(world: &mut World, offer: ReactionOffer, who: Reacting) -> Then {
    match offer.resume {
        Resume::AttackBeforeHits {
            attacker,
            target,
            weapon,
        } => {
            let (reaction, answer) = match who {
                Some((_, None, _)) => (offer.kind, Vec::new()),
                Some((id, Some(answer), _)) => {
                    heal_on_reacting(world, id, &answer);
                    (None, answer)
                }
                None => (None, Vec::new()),
            };
            roll_hits(world, attacker, target, weapon, reaction, answer)
        }
        Resume::AttackAfterHits {
            attacker,
            target,
            weapon,
            rolls,
            counter,
            answer,
        } => {
            // The reaction ability made once the rolls were seen answers the attack.
            let answer = match who {
                Some((_, Some(made), _)) => made,
                _ => answer,
            };
            let hits = Hits {
                rolls,
                counter,
                take_cover: false,
                answer,
            };
            finish_attack(world, attacker, target, weapon, hits)
        }
        Resume::AttackTotalled(tot) => {
            if let Some((_, Some(answer), _)) = &who {
                super::allocate::answer_total(world, tot.target, tot.attacker, answer);
            }
            super::allocate::allocate(world, tot, true)
        }
        Resume::Disengage { fighter, to } => {
            finish_disengage(world, fighter, to, who.map(|(id, e, _)| (id, e)))
        }
        Resume::AfterMove { .. } | Resume::AfterDamage { .. } => {
            let at = super::after_move::Moment::of(&offer.resume);
            match (who, at) {
                (Some((_, _, Some((answer, target)))), Some(at)) => {
                    super::after_move::make_answer(world, &answer, at, target)
                }
                _ => Then::AfterAction,
            }
        }
    }
}

/// REA-1, ABL-5: the damage a reaction ability removes from fighter `id` as it reacts
/// ("remove 3 damage points allocated to this fighter"), logged.
fn heal_on_reacting(world: &mut World, id: FighterId, answer: &[Effect]) {
    for e in answer {
        if let (Effect::Heal { amount }, Some(f)) = (e, state::fighter(world, id)) {
            let healed = crate::rules::effects::heal(world, &f, amount.of(0));
            reaction_logged(world, id, EffectOutcome::Healed { healed });
        }
        if let (Effect::HealDice { sides }, Some(f)) = (e, state::fighter(world, id)) {
            let roll = state::d6(world);
            let up_to = crate::model::dice::as_sides(roll, *sides);
            let healed = crate::rules::effects::heal(world, &f, up_to);
            let rolls = vec![roll];
            reaction_logged(world, id, EffectOutcome::HealedRolled { healed, rolls });
        }
    }
}

/// REA-1: fighter `id` makes the reaction: it costs one of its actions this round (two
/// reactions, or one while waiting, and it counts as activated).
fn react(world: &mut World, id: FighterId, kind: ReactionKind) {
    let activated = spend_reaction(world, id);
    let event = Event::Reaction {
        fighter: id,
        reaction: kind,
        activated,
    };
    log(world, &[RuleId::Rea1, kind.rule()], event);
}

/// REA-1, ABL-5: fighter `id` makes its reaction ability `ability`, at the cost of [`react`].
fn react_with(world: &mut World, id: FighterId, ability: &str) {
    let activated = spend_reaction(world, id);
    let event = Event::AbilityReaction {
        fighter: id,
        ability: ability.to_string(),
        activated,
    };
    log(world, &[RuleId::Rea1, RuleId::Abl5], event);
}

/// REA-1: one of `id`'s actions this round spent on a reaction; whether it now counts as
/// activated.
fn spend_reaction(world: &mut World, id: FighterId) -> bool {
    let f = fighter(world, id).expect("offered fighters exist");
    let used = f.reactions + 1;
    let activated = used >= 2 || f.activation == Activation::Waiting;
    world.entity_mut(f.entity).insert(Reactions(used));
    if activated {
        world.entity_mut(f.entity).insert(Activation::Activated);
    }
    activated
}

/// What a reaction ability's effects (ABL-5) made of an attack.
pub(super) struct Answered {
    /// The damage of a hit and of a critical hit now.
    pub damage: (u32, u32),
    /// Damage the attacker takes.
    pub to_attacker: u32,
    /// Damage removed from the target (before the attack's is allocated).
    pub heal: u32,
    /// What changed, for the log.
    pub said: Vec<EffectOutcome>,
}

/// ABL-5: the effects `answer` of the target's reaction to an attack whose hit rolls are
/// `rolls`, turning critical hits into hits, taking damage off each hit, and dealing damage
/// to the attacker.
pub(super) fn answer_attack(
    answer: &[Effect],
    rolls: &[u8],
    hits: &mut u32,
    crits: &mut u32,
    damage: (u32, u32),
) -> Answered {
    let mut out = Answered {
        damage,
        to_attacker: 0,
        heal: 0,
        said: Vec::new(),
    };
    for e in answer {
        match e {
            Effect::CritsAsHits { up_to } => {
                let (n, rolls) = (up_to.of(0).min(*crits), Vec::new());
                (*hits, *crits) = (*hits + n, *crits - n);
                out.said.push(EffectOutcome::CritsCounted { n, rolls });
            }
            // The reading of "each hit" (README): critical hits are left alone.
            Effect::LessDamagePerHit { by, crits } => {
                let less = |d: u32| d.saturating_sub(by.of(0)).max(d.min(1));
                out.damage.0 = less(out.damage.0);
                if *crits {
                    out.damage.1 = less(out.damage.1);
                }
                out.said.push(EffectOutcome::HitDamage {
                    hit: out.damage.0,
                    crit: out.damage.1,
                    crits: *crits,
                });
            }
            Effect::DamageAttackerPerRoll {
                least,
                most,
                amount,
            } => {
                let n = rolls
                    .iter()
                    .filter(|r| (*least..=*most).contains(r))
                    .count() as u32;
                out.to_attacker = out
                    .to_attacker
                    .saturating_add(n.saturating_mul(amount.of(0)));
            }
            Effect::DamageAttackerPerHit { hit, crit } => {
                let d = hits.saturating_mul(*hit) + crits.saturating_mul(*crit);
                out.to_attacker = out.to_attacker.saturating_add(d);
            }
            Effect::DamageAttackerPerMiss { amount } => {
                let misses = (rolls.len() as u32).saturating_sub(*hits + *crits);
                let d = misses.saturating_mul(*amount);
                out.to_attacker = out.to_attacker.saturating_add(d);
            }
            // It makes the attack worse for the target: said in the log like any change.
            Effect::MoreCritDamage { by } => {
                out.damage.1 = out.damage.1.saturating_add(*by);
                out.said.push(EffectOutcome::HitDamage {
                    hit: out.damage.0,
                    crit: out.damage.1,
                    crits: true,
                });
            }
            Effect::DamageAttackerIf(crate::model::effects::AttackerIf { when, amount, heal }) => {
                let held = match when {
                    RollsWere::NoCrits => *crits == 0,
                    RollsWere::AllMissed => *hits == 0 && *crits == 0,
                };
                if held {
                    out.to_attacker = out.to_attacker.saturating_add(*amount);
                    out.heal = out.heal.saturating_add(*heal);
                }
            }
            _ => {}
        }
    }
    out
}

/// REA-1, ABL-5: the attack on `t` (its hit `rolls`, `hits` and `crits`, each dealing
/// `damage`) answered by the target's reaction (`answer`), then softened by what guards it
/// this round; each change logged.
pub(super) fn answered_and_guarded(
    world: &mut World,
    (all, f, t): (&[FighterView], &FighterView, &FighterView),
    answer: &[Effect],
    rolls: &[u8],
    (hits, crits): (&mut u32, &mut u32),
    damage: (u32, u32),
) -> Answered {
    saved_crits(world, t.id, answer, (hits, crits));
    let mut answered = answer_attack(answer, rolls, hits, crits, damage);
    struck_per_crit(world, (f.id, t.id), answer, *crits);
    struck_around(world, t, answer, rolls);
    if answered.heal > 0 {
        let healed = crate::rules::effects::heal(world, t, answered.heal);
        answered.said.push(EffectOutcome::Healed { healed });
    }
    let counts = (hits, crits);
    let (damage, said) = crate::rules::effects::soften(world, all, (f, t), counts, answered.damage);
    answered.damage = damage;
    answered.said.extend(said);
    log_answers(world, t.id, std::mem::take(&mut answered.said));
    answered
}

/// REA-1, ABL-5: once the damage is totalled, a dice for each critical hit of the attack
/// (`crits`) when the target's reaction says so (`answer`): each of its least roll or more
/// deals its damage to the attacker, before the attack's damage is allocated; logged.
fn struck_per_crit(
    world: &mut World,
    (attacker, target): (FighterId, FighterId),
    answer: &[Effect],
    crits: u32,
) {
    for e in answer {
        let Effect::DamageAttackerPerCrit { least, amount } = *e else {
            continue;
        };
        let (rolls, k) = (world.resource_mut::<DiceRng>()).roll_at_least(crits as usize, least);
        let damage = k * amount;
        let outcome = EffectOutcome::Damage {
            fighters: vec![attacker],
            damage,
            rolls,
        };
        reaction_logged(world, target, outcome);
        if damage > 0 {
            super::reaction_damage(world, attacker, damage, &[RuleId::Abl5]);
        }
    }
}

/// REA-1, ABL-5: each hit roll of the face the target's reaction names (`answer`) deals its
/// damage to each enemy of the target within its range of it (the attacker too, when it is);
/// logged, then dealt.
fn struck_around(world: &mut World, t: &FighterView, answer: &[Effect], rolls: &[u8]) {
    for e in answer {
        let Effect::DamageAroundPerRoll {
            face,
            amount,
            range,
        } = *e
        else {
            continue;
        };
        let damage = amount * rolls.iter().filter(|r| **r == face).count() as u32;
        let near: Vec<FighterId> = (state::fighters(world).iter())
            .filter(|o| o.on_board() && o.side != t.side)
            .filter(|o| crate::battlefield::measure::distance(&o.base(), &t.base()) <= range + 1e-4)
            .map(|o| o.id)
            .collect();
        if damage == 0 || near.is_empty() {
            continue;
        }
        let outcome = EffectOutcome::Damage {
            fighters: near.clone(),
            damage,
            rolls: Vec::new(),
        };
        reaction_logged(world, t.id, outcome);
        for id in near {
            super::reaction_damage(world, id, damage, &[RuleId::Abl5]);
        }
    }
}

/// REA-1, ABL-5: a dice for each critical hit of the attack on `target` when its reaction
/// says so (`answer`): each of its least roll or more turns one into a hit; logged.
fn saved_crits(
    world: &mut World,
    target: FighterId,
    answer: &[Effect],
    (hits, crits): (&mut u32, &mut u32),
) {
    for e in answer {
        if let Effect::CritsSaved { least } = e {
            let (rolls, n) =
                (world.resource_mut::<DiceRng>()).roll_at_least(*crits as usize, *least);
            (*hits, *crits) = (*hits + n, *crits - n);
            reaction_logged(world, target, EffectOutcome::CritsCounted { n, rolls });
        }
    }
}

/// REA-1, ABL-5: the dice of an attack on `target` after its reaction (`answer`) took some
/// off, to its minimum; logged when it did.
pub(super) fn fewer_dice(
    world: &mut World,
    target: FighterId,
    dice: u32,
    answer: &[Effect],
) -> u32 {
    let mut left = dice;
    for e in answer {
        if let Effect::FewerAttackDice { by, min } = e {
            left = left.saturating_sub(*by).max((*min).min(left));
        }
    }
    if left < dice {
        let outcome = EffectOutcome::FewerDice {
            fewer: dice - left,
            dice: left,
        };
        reaction_logged(world, target, outcome);
    }
    left
}

/// REA-1, ABL-5: how much the target's reaction (`answer`) raised its Toughness for the attack.
pub(super) fn toughness_raised(answer: &[Effect]) -> u32 {
    answer
        .iter()
        .map(|e| match e {
            Effect::ToughnessThisAttack { by } => *by,
            _ => 0,
        })
        .sum()
}

/// REA-1, ABL-5: what the target's answer to the attack did, a line each.
fn log_answers(world: &mut World, target: FighterId, said: Vec<EffectOutcome>) {
    for outcome in said {
        reaction_logged(world, target, outcome);
    }
}

/// REA-1, ABL-5: logs what `fighter`'s reaction ability did.
pub(super) fn reaction_logged(world: &mut World, fighter: FighterId, outcome: EffectOutcome) {
    log(
        world,
        &[RuleId::Rea1, RuleId::Abl5],
        Event::Effect { fighter, outcome },
    );
}

/// REA-1, ABL-5: the target's reaction deals `damage` to the attacker.
pub(super) fn damage_attacker(
    world: &mut World,
    target: FighterId,
    attacker: FighterId,
    damage: u32,
) {
    let outcome = EffectOutcome::Damage {
        fighters: vec![attacker],
        damage,
        rolls: Vec::new(),
    };
    reaction_logged(world, target, outcome);
    super::reaction_damage(world, attacker, damage, &[RuleId::Abl5]);
}

/// REA-2: the target's Counter deals `damage` to the attacker.
pub(super) fn counter_strike(
    world: &mut World,
    target: FighterId,
    attacker: FighterId,
    damage: u32,
) {
    let event = Event::Counter {
        fighter: target,
        attacker,
        damage,
    };
    log(world, &[RuleId::Rea2], event);
    super::reaction_damage(world, attacker, damage, &[RuleId::Rea2]);
}

/// REA-3: a die per critical hit; each 4+ turns one into a normal hit.
pub(super) fn take_cover_rolls(world: &mut World, crits: u32) -> TakeCover {
    let saves = world.resource_mut::<DiceRng>().roll(crits as usize);
    let turned = saves.iter().filter(|&&s| s >= 4).count() as u32;
    TakeCover { saves, turned }
}
