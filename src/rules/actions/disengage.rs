//! The disengage action (DIS-1) with the strike them down reaction (REA-4) and the reaction
//! abilities made at its moment (ABL-5).

use crate::battlefield::Battlefield;
use crate::battlefield::measure::{Base, bases_within, distance};
use crate::battlefield::moves::path_enters_deadly;
use crate::battlefield::nav::{Goal, Mover, Path, StepKind};
use crate::model::RuleId;
use crate::model::components::Position;
use crate::model::effects::{Effect, Trigger};
use crate::model::ids::FighterId;
use crate::rules::actions::{EPS, enemies_within, enemy_bases, impact, path_points, rules, v3};
use crate::rules::command::{ReactionKind, Rejected};
use crate::rules::log::{EffectOutcome, Event, ImpactCause};
use crate::rules::state;
use crate::rules::state::{
    FighterView, ReactionOffer, Resume, Then, blockers, can_see, fighters, log,
};
use bevy::prelude::*;

/// DIS-1: is a disengage of `f` to `to` legal? Returns its path.
pub fn validate_disengage(
    world: &World,
    all: &[FighterView],
    f: &FighterView,
    to: Vec3,
) -> Result<Path, Rejected> {
    crate::rules::effects::not_barred(world, f, crate::model::effects::Restriction::Disengage)?;
    if enemies_within(all, f, 1.0).is_empty() {
        return Err(Rejected::new(
            RuleId::Dis1,
            format!("{} is not within 1\" of an enemy", f.name),
        ));
    }
    let r = rules(world);
    if f.carrying.is_some() && !r.carrier_can_disengage {
        return Err(Rejected::new(
            RuleId::Gen8,
            format!("{} carries treasure and can't disengage", f.name),
        ));
    }
    let bf = world
        .get_resource::<Battlefield>()
        .ok_or_else(|| Rejected::new(RuleId::Dis1, "the battlefield is not built yet"))?;
    let walker = Mover {
        can_climb: false,
        can_fly: false,
        ..f.mover(&r)
    };
    let others = blockers(all, f.id);
    let walk = |avoid_deadly: bool| {
        bf.nav
            .shortest_path(&walker, f.pos, Goal::Point(to), &others, avoid_deadly)
            .filter(|p| p.steps.iter().all(|s| s.kind == StepKind::Walk))
    };
    // MOVE-10: round deadly terrain when that way is short enough, through it otherwise.
    let path = walk(true)
        .filter(|p| p.cost <= 3.0 + EPS)
        .or_else(|| walk(false))
        .ok_or_else(|| {
            Rejected::new(
                RuleId::Dis1,
                format!(
                    "{} can't walk to that spot without climbing or jumping",
                    f.name
                ),
            )
        })?;
    if path.cost > 3.0 + EPS {
        return Err(Rejected::new(
            RuleId::Dis1,
            format!(
                "a disengage is at most 3\"; this one is {}\"",
                super::movement::inches_over(path.cost)
            ),
        ));
    }
    let end = path.end().unwrap_or(f.pos);
    if end.distance(to) > 0.05 {
        return Err(Rejected::new(
            RuleId::Dis1,
            format!("{} can't stand there", f.name),
        ));
    }
    let b = Base::new(f.profile.base, end, f.facing);
    if !crate::rules::effects::disengages_ending_near(world, f.id)
        && enemy_bases(all, f.side)
            .iter()
            .any(|e| distance(&b, e) <= 1.0 + 1e-4)
    {
        return Err(Rejected::new(
            RuleId::Dis1,
            "a disengage must end more than 1\" from every enemy",
        ));
    }
    Ok(path)
}

pub(super) fn start_disengage(
    world: &mut World,
    all: &[FighterView],
    f: &FighterView,
    to: [f32; 3],
) -> Then {
    // ABL-5: the tolls of the enemies round it fall before it moves away; taken down, it
    // moves no more.
    crate::rules::effects::disengage_tolls(world, f.id, &f.base(), true);
    if !fighters(world).iter().any(|o| o.id == f.id && o.on_board()) {
        return Then::AfterAction;
    }
    let r = rules(world);
    if r.reactions {
        let mut strikers: Vec<&FighterView> = all
            .iter()
            .filter(|o| {
                o.on_board()
                    && o.side != f.side
                    && crate::rules::effects::may_react(world, o)
                    && bases_within(&o.base(), &f.base(), 1.0)
                    && can_see(world, all, o, f)
            })
            .collect();
        // ABL-5: the first striker with a reaction ability for this moment offers it.
        let of = |o: &FighterView| {
            crate::rules::abilities::reactions_of(world, o, Trigger::EnemyDisengages)
        };
        strikers.sort_by_key(|o| of(o).is_empty());
        if let Some(first) = strikers.first() {
            return Then::Reaction(ReactionOffer {
                side: f.side.other(),
                kind: Some(ReactionKind::StrikeThemDown),
                abilities: of(first),
                fighters: strikers.iter().map(|o| o.id).collect(),
                resume: Resume::Disengage { fighter: f.id, to },
            });
        }
    }
    finish_disengage(world, f.id, to, None)
}

pub(super) fn finish_disengage(
    world: &mut World,
    id: FighterId,
    to: [f32; 3],
    striker: Option<(FighterId, Option<Vec<Effect>>)>,
) -> Then {
    match striker {
        Some((s, None)) => strike_them_down(world, s, id),
        Some((s, Some(answer))) => strike_on_roll(world, s, id, &answer),
        None => {}
    }
    let all = fighters(world);
    if let Some(f) = all.iter().find(|f| f.id == id && f.on_board()).cloned() {
        match validate_disengage(world, &all, &f, v3(to)) {
            Ok(path) => {
                world
                    .entity_mut(f.entity)
                    .insert(Position(path.end().unwrap_or(f.pos)));
                log(
                    world,
                    &[RuleId::Dis1],
                    Event::Disengage {
                        fighter: id,
                        path: path_points(&path, f.pos),
                        cost: path.cost,
                    },
                );
                // MOVE-10: crossing deadly terrain hurts as in a move.
                let deadly = {
                    let bf = world.resource::<Battlefield>();
                    path_enters_deadly(&bf.nav, &f.mover(&rules(world)), &path)
                };
                if deadly {
                    impact(
                        world,
                        id,
                        &[RuleId::Dis1, RuleId::Move10, RuleId::Move9],
                        ImpactCause::DisengageDeadly,
                    );
                }
                // ABL-5: the tolls for disengaging from round where it stood.
                crate::rules::effects::disengage_tolls(world, id, &f.base(), false);
            }
            Err(e) => log(
                world,
                &[RuleId::Dis1],
                Event::NoDisengage {
                    fighter: id,
                    rule: e.rule,
                    reason: e.reason,
                },
            ),
        }
    }
    Then::AfterAction
}

/// REA-4: a die; on a 4+, D6 damage to the fighter disengaging.
fn strike_them_down(world: &mut World, striker: FighterId, id: FighterId) {
    let roll = state::d6(world);
    let damage = (roll >= 4).then(|| state::d6(world));
    let event = Event::StrikeThemDown {
        striker,
        target: id,
        roll,
        damage,
    };
    log(world, &[RuleId::Rea4], event);
    if let Some(dmg) = damage {
        super::reaction_damage(world, id, u32::from(dmg), &[RuleId::Rea4]);
    }
}

/// REA-1, ABL-5: the striker's reaction ability (`answer`): a dice; on its least roll or more,
/// a dice of damage (a D3 is a dice halved, rounding up) to the fighter disengaging; logged
/// with the rolls. With no least roll (1+), only the dice of damage is rolled.
fn strike_on_roll(world: &mut World, striker: FighterId, id: FighterId, answer: &[Effect]) {
    for e in answer {
        // The enemy disengaging exposed to the striker's side's attacks for the round.
        if let Effect::ExposePicked { stat, by, to, .. } = e {
            let Some(side) = state::fighter(world, striker).map(|s| s.side) else {
                continue;
            };
            let by = by.of(0);
            state::engine(world).expose_for_round(id, (*stat, by), to.map(|t| (side, t)));
            let outcome = EffectOutcome::Exposed {
                fighter: id,
                stat: *stat,
                by,
                to: *to,
            };
            super::reactions::reaction_logged(world, striker, outcome);
            continue;
        }
        let Effect::StrikeOnRoll { least, sides } = e else {
            continue;
        };
        let mut rolls = Vec::new();
        if *least > 1 {
            rolls.push(state::d6(world));
        }
        if rolls.first().is_none_or(|r| r >= least) {
            rolls.push(state::d6(world));
        }
        let damage = (rolls.get(usize::from(*least > 1)))
            .map_or(0, |r| crate::model::dice::as_sides(*r, *sides));
        let outcome = EffectOutcome::Damage {
            fighters: vec![id],
            damage,
            rolls,
        };
        super::reactions::reaction_logged(world, striker, outcome);
        if damage > 0 {
            super::reaction_damage(world, id, damage, &[RuleId::Abl5]);
        }
    }
}
