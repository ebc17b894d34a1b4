//! Damage and falls: allocating damage (ATK-5), impact rolls (MOVE-9), knock-offs (ATK-6)
//! and falls (MOVE-8).

use crate::battlefield::Battlefield;
use crate::battlefield::moves::{fall_candidates, impact_damage, resolve_fall};
use crate::battlefield::nav::Mover;
use crate::model::RuleId;
use crate::model::components::{Damage, Position, Presence};
use crate::model::dice::DiceRng;
use crate::model::formats::BaseSize;
use crate::model::ids::FighterId;
use crate::model::ids::Side;
use crate::model::runemark::Runemark;
use crate::rules::actions::{drop_treasure, rules};
use crate::rules::command::Rejected;
use crate::rules::log::{Event, ImpactCause};
use crate::rules::state;
use crate::rules::state::{Engine, FallDue, FighterView, blockers, fighter, fighters, log};
use bevy::prelude::*;

/// MOVE-9: one impact roll.
pub(crate) fn impact(world: &mut World, id: FighterId, ids: &[RuleId], cause: ImpactCause) {
    let roll = state::d6(world);
    let dmg = impact_damage(&rules(world), roll);
    log(
        world,
        ids,
        Event::ImpactRoll {
            fighter: id,
            roll,
            damage: dmg,
            cause,
        },
    );
    if dmg > 0 {
        deal_damage(world, id, dmg, ids);
    }
}

/// ABL-5: would-be-taken-down `f` spared by an ability this once ("all remaining damage points
/// ... are ignored, then remove 1 damage point"): it stands with its Wounds less that much (or
/// a D3's roll) in damage, logged. False when nothing spares it.
fn spared(world: &mut World, f: &crate::rules::state::FighterView) -> bool {
    let Some((remove, sides)) = state::engine(world).spare(f.id) else {
        return false;
    };
    let removed = match sides {
        0 => remove,
        s => crate::model::dice::as_sides(state::d6(world), s),
    };
    let left = removed.min(f.profile.wounds);
    world
        .entity_mut(f.entity)
        .insert(Damage(f.profile.wounds - left));
    let outcome = crate::rules::log::EffectOutcome::Spared {
        left,
        rolled: sides,
    };
    log(
        world,
        &[RuleId::Abl5],
        Event::Effect {
            fighter: f.id,
            outcome,
        },
    );
    true
}

/// REA-1, ABL-5: damage an enemy's reaction allocates to `id`, allocated (ATK-5) unless an
/// ability of its activation shields it ("damage cannot be allocated to this fighter by enemy
/// fighters' reactions"), which the log says. True when the fighter is taken down.
pub(crate) fn reaction_damage(
    world: &mut World,
    id: FighterId,
    amount: u32,
    ids: &[RuleId],
) -> bool {
    let shield = crate::model::effects::Effect::NoReactionDamage;
    let shielded = (world
        .resource::<crate::rules::state::Engine>()
        .activation
        .as_ref())
    .is_some_and(|a| a.fighter == id && a.lasting.contains(&shield));
    if shielded && amount > 0 {
        let outcome = crate::rules::log::EffectOutcome::ReactionDamageBarred { damage: amount };
        crate::rules::effects::effect_logged(world, id, outcome);
        return false;
    }
    deal_damage(world, id, amount, ids)
}

/// ATK-5: allocates damage; returns true when the fighter is taken down.
pub(crate) fn deal_damage(world: &mut World, id: FighterId, amount: u32, ids: &[RuleId]) -> bool {
    let Some(f) = fighter(world, id) else {
        return false;
    };
    if !f.on_board() || amount == 0 {
        return false;
    }
    let total = f.damage.saturating_add(amount);
    world.entity_mut(f.entity).insert(Damage(total));
    log(
        world,
        ids,
        Event::Damage {
            fighter: id,
            amount,
            total,
            wounds: f.profile.wounds,
        },
    );
    if total >= f.profile.wounds && spared(world, &f) {
        return false;
    }
    if total >= f.profile.wounds {
        if let Some(t) = f.carrying {
            // GEN-8: where it stood (a legal spot) until its side places it, once the
            // command that took it down is done.
            drop_treasure(world, &f, t, f.pos);
            state::engine(world)
                .treasure_drops
                .push(crate::rules::state::TreasureDrop {
                    side: f.side,
                    treasure: t,
                    carrier: f.id,
                });
        }
        world.entity_mut(f.entity).insert(Presence::TakenDown);
        state::engine(world).points_taken_down[f.side.other()] += f.profile.points;
        log(world, &[RuleId::Atk5], Event::TakenDown { fighter: id });
        crate::rules::effects::oath_fulfilled(world, f.side);
        return true;
    }
    false
}

/// ATK-6: a target near an unwalled platform edge that can't fly may fall after a critical hit.
pub(super) fn knocked_off(world: &mut World, t: &FighterView, attacker: FighterId) {
    if t.profile.is(Runemark::Fly) || t.pos.y < 0.01 {
        return;
    }
    let walled = world
        .resource::<Battlefield>()
        .nav
        .platform_under(t.pos)
        .filter(|p| p.walled)
        .map(|p| p.id.clone());
    if let Some(platform) = walled {
        log(
            world,
            &[RuleId::Atk6],
            Event::WalledPlatform {
                fighter: t.id,
                platform,
            },
        );
        return;
    }
    let near_edge = {
        let bf = world.resource::<Battlefield>();
        let probe = Mover {
            base: BaseSize::Round(2.0),
            body: 0.1,
            can_climb: false,
            can_fly: false,
            free_climb: false,
            fly_rise: None,
        };
        // Half an inch out from the base's own outline (an oval's too), all round.
        let base = t.base();
        (0..32).any(|k| {
            let a = k as f32 * std::f32::consts::TAU / 32.0;
            let dir = bevy::math::Vec2::new(a.cos(), a.sin());
            let q = base.support(dir) + dir * 0.5;
            !bf.nav.can_stop(&probe, Vec3::new(q.x, t.pos.y, q.y))
        })
    };
    if !near_edge {
        return;
    }
    let roll = state::d6(world);
    log(
        world,
        &[RuleId::Atk6],
        Event::KnockOffRoll {
            fighter: t.id,
            roll,
            falls: roll == 1,
        },
    );
    if roll != 1 {
        return;
    }
    // MOVE-8: the opponent picks where it lands: the candidate nearest the attacker.
    let toward = fighter(world, attacker).map_or(t.pos, |a| a.pos);
    fall(world, t, toward, Some(attacker));
}

/// MOVE-8: `t` falls (knocked off, or still climbing when its activation ends). The opponent
/// picks the landing place: with more than one, the battle asks it once the command is done
/// ([`crate::rules::state::Engine::falls`]); the default is the place nearest `toward` (the
/// `attacker` that knocked it off, or where it hung).
pub(crate) fn fall(world: &mut World, t: &FighterView, toward: Vec3, attacker: Option<FighterId>) {
    if landing_spots(world, t).len() > 1 {
        let due = FallDue {
            fighter: t.id,
            side: t.side.other(),
            toward: toward.to_array(),
            attacker,
        };
        state::engine(world).falls.push(due);
        return;
    }
    land(world, t, toward, None);
}

/// MOVE-8: the places `t` may land after a fall: on the floor or a platform within 2"
/// horizontally and lower, with room for its base.
pub fn landing_spots(world: &mut World, t: &FighterView) -> Vec<Vec3> {
    let r = rules(world);
    let all = fighters(world);
    let others = blockers(&all, t.id);
    let bf = world.resource::<Battlefield>();
    fall_candidates(&bf.nav, &t.mover(&r), t.pos, &others)
}

/// MOVE-8: the first fall waiting for its landing: who falls, from where, the spots it may
/// land on, and the default (the spot nearest the attacker, or where it hung).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Landing {
    pub fighter: FighterId,
    /// The attacker that knocked it off (none: it fell from a climb).
    pub attacker: Option<FighterId>,
    pub from: [f32; 3],
    pub spots: Vec<[f32; 3]>,
    pub default: Option<[f32; 3]>,
}

/// The [`Landing`] the battle waits for, if any.
pub fn landing(world: &mut World) -> Option<Landing> {
    let due = world.resource::<Engine>().falls.first().cloned()?;
    let t = fighter(world, due.fighter)?;
    let spots = landing_spots(world, &t);
    let toward = Vec3::from_array(due.toward);
    let default = spots
        .iter()
        .min_by(|a, b| a.distance(toward).total_cmp(&b.distance(toward)))
        .map(|p| p.to_array());
    Some(Landing {
        fighter: t.id,
        attacker: due.attacker,
        from: t.pos.to_array(),
        spots: spots.iter().map(|p| p.to_array()).collect(),
        default,
    })
}

/// MOVE-8: the opponent's pick (`by`, for the side `side` asked) for the first fall waiting:
/// one of its landing spots, or `None` for the default.
pub(crate) fn land_picked(
    world: &mut World,
    side: Side,
    by: Side,
    at: Option<[f32; 3]>,
) -> Result<(), Rejected> {
    if by != side {
        let why = "the falling fighter's opponent picks where it lands";
        return Err(Rejected::new(RuleId::Move8, why));
    }
    let Some(due) = world.resource::<Engine>().falls.first().cloned() else {
        return Err(Rejected::new(
            RuleId::Move8,
            "no falling fighter waits to land",
        ));
    };
    let t = fighter(world, due.fighter);
    let at = at.map(Vec3::from_array);
    if let (Some(t), Some(p)) = (&t, at)
        && !landing_spots(world, t).iter().any(|s| s.distance(p) <= 0.3)
    {
        return Err(Rejected::new(
            RuleId::Move8,
            format!(
                "{} can't land there: on the floor or a platform within 2\" horizontally and \
                 lower, with room for its base",
                t.name
            ),
        ));
    }
    state::engine(world).falls.remove(0);
    if let Some(t) = t.filter(|t| t.on_board()) {
        land(world, &t, Vec3::from_array(due.toward), at);
    }
    Ok(())
}

/// MOVE-8, MOVE-9, MOVE-10: `t` lands at the landing spot nearest `at` (the opponent's pick)
/// or, without one, nearest `toward`; impact damage follows.
fn land(world: &mut World, t: &FighterView, toward: Vec3, at: Option<Vec3>) {
    let r = rules(world);
    let all = fighters(world);
    let others = blockers(&all, t.id);
    let mover = t.mover(&r);
    let mut dice = world.resource::<DiceRng>().clone();
    let near = at.unwrap_or(toward);
    let out = {
        let bf = world.resource::<Battlefield>();
        resolve_fall(&bf.nav, &r, &mover, t.pos, &others, &mut dice, |c| {
            c.iter()
                .enumerate()
                .min_by(|a, b| a.1.distance(near).total_cmp(&b.1.distance(near)))
                .map(|(i, _)| i)
                .unwrap_or(0)
        })
    };
    world.insert_resource(dice);
    let event = Event::Fall {
        fighter: t.id,
        drop: out.drop,
        landing: out.landing.map(|p| p.to_array()),
        impacts: out.impacts.clone(),
    };
    log(world, &out.rules, event);
    if let Some(p) = out.landing {
        world.entity_mut(t.entity).insert(Position(p));
    }
    if out.taken_down {
        let left = t.wounds_left();
        deal_damage(world, t.id, left, &[RuleId::Move8]);
    }
    for (_, dmg) in out.impacts {
        deal_damage(world, t.id, dmg, &[RuleId::Move9]);
    }
}
