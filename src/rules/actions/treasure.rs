//! Treasure (GEN-8): tokens on the ground, picking up, where a move may end, dropping.

use crate::battlefield::Battlefield;
use crate::battlefield::measure::{Base, distance_to_point};
use crate::battlefield::nav::{Mover, Path};
use crate::model::RuleId;
use crate::model::components::Treasure;
use crate::model::formats::BaseSize;
use crate::model::ids::FighterId;
use crate::model::ids::Side;
use crate::rules::actions::sample_path;
use crate::rules::command::Rejected;
use crate::rules::log::Event;
use crate::rules::state;
use crate::rules::state::{Engine, FighterView, fighter, log};
use bevy::ecs::query::QueryState;
use bevy::ecs::world::WorldId;
use bevy::prelude::*;

/// The treasure tokens on the ground, by index.
pub(super) fn ground_tokens(world: &World) -> Vec<Treasure> {
    let mut tokens: Vec<Treasure> = with_tokens(world, |q| {
        q.iter_manual(world)
            .filter(|t| t.carrier.is_none())
            .copied()
            .collect()
    })
    .unwrap_or_default();
    tokens.sort_by_key(|t| t.index);
    tokens
}

thread_local! {
    /// The query treasure tokens are read with, made once per world: making one looks up its
    /// component types, and every move checked reads the tokens (twice).
    static TOKENS: std::cell::RefCell<Option<(WorldId, QueryState<&'static Treasure>)>> =
        const { std::cell::RefCell::new(None) };
}

/// Runs `f` with this thread's token query for `world`; `None` when no token was ever
/// spawned in it.
fn with_tokens<R>(world: &World, f: impl FnOnce(&QueryState<&Treasure>) -> R) -> Option<R> {
    TOKENS.with_borrow_mut(|slot| {
        if slot.as_ref().is_none_or(|(id, _)| *id != world.id()) {
            *slot = QueryState::try_new(world).map(|q| (world.id(), q));
        }
        let (_, q) = slot.as_mut()?;
        q.update_archetypes(world);
        Some(f(q))
    })
}

pub(super) fn token_at(t: &Treasure) -> Vec3 {
    Vec3::new(t.position.0, t.y, t.position.1)
}

/// GEN-8: the treasure `f` picks up moving along `path`, when it may carry one and wants to:
/// the one its player `chose` if it comes within 1" of it, else the first it comes within 1"
/// of.
pub(super) fn token_picked_up(
    world: &World,
    f: &FighterView,
    path: &Path,
    pick_up: bool,
    chose: Option<usize>,
) -> Option<usize> {
    if !pick_up || !f.can_carry() || f.carrying.is_some() {
        return None;
    }
    let tokens = ground_tokens(world);
    let reached = |t: &Treasure| {
        sample_path(path, f.pos).iter().any(|p| {
            let b = Base::new(f.profile.base, *p, f.facing);
            distance_to_point(&b, token_at(t)) <= 1.0 + 1e-4
        })
    };
    if let Some(i) = chose {
        return tokens
            .iter()
            .find(|t| t.index == i && reached(t))
            .map(|t| t.index);
    }
    sample_path(path, f.pos).iter().find_map(|p| {
        let b = Base::new(f.profile.base, *p, f.facing);
        tokens
            .iter()
            .find(|t| distance_to_point(&b, token_at(t)) <= 1.0 + 1e-4)
            .map(|t| t.index)
    })
}

pub(super) fn set_treasure(world: &mut World, index: usize, f: impl FnOnce(&mut Treasure)) {
    let mut q = world.query::<&mut Treasure>();
    if let Some(mut t) = q.iter_mut(world).find(|t| t.index == index) {
        f(&mut t);
    }
}

/// GEN-8: may `f` drop its treasure at `at`? On the floor or a platform, within 1"
/// horizontally of its base, level with it or lower, and visible to it.
pub fn validate_drop(world: &World, f: &FighterView, at: Vec3) -> Result<(), Rejected> {
    let bf = world
        .get_resource::<Battlefield>()
        .ok_or_else(|| Rejected::new(RuleId::Gen8, "the battlefield is not built yet"))?;
    let token = Mover {
        base: BaseSize::Round(2.0),
        body: 0.1,
        can_climb: false,
        can_fly: false,
        free_climb: false,
        fly_rise: None,
    };
    let near = horizontal_gap_to_point(&f.base(), at) <= 1.0 + 1e-4;
    let why = if !near {
        Some("more than 1\" from it horizontally")
    } else if at.y > f.pos.y + 1e-3 {
        Some("higher than it")
    } else if !bf.nav.can_stop(&token, at) {
        Some("not on the floor or a platform")
    } else if !f
        .body()
        .samples()
        .iter()
        .any(|s| !bf.shapes.blocks(*s, at + Vec3::Y * 0.05))
    {
        Some("out of its sight")
    } else {
        None
    };
    match why {
        None => Ok(()),
        Some(why) => Err(Rejected::new(
            RuleId::Gen8,
            format!("{} can't put its treasure there: {why}", f.name),
        )),
    }
}

/// The horizontal distance from a base to a point.
pub(super) fn horizontal_gap_to_point(b: &Base, p: Vec3) -> f32 {
    distance_to_point(b, Vec3::new(p.x, b.centre.y, p.z))
}

pub(super) fn drop_treasure(world: &mut World, f: &FighterView, index: usize, pos: Vec3) {
    set_treasure(world, index, |t| {
        t.carrier = None;
        t.position = (pos.x, pos.z);
        t.y = pos.y;
    });
    treasure_event(world, f.id, index, false, pos);
}

/// GEN-8: logs a treasure picked up from `at` or dropped at `at`.
pub(super) fn treasure_event(
    world: &mut World,
    fighter: FighterId,
    treasure: usize,
    picked_up: bool,
    at: Vec3,
) {
    let event = Event::Treasure {
        fighter,
        treasure,
        picked_up,
        at: at.to_array(),
    };
    log(world, &[RuleId::Gen8], event);
}

/// GEN-8: the side of a taken-down carrier places the treasure it dropped (`at`; `None`
/// leaves it where the carrier stood). The flow then waits for the next drop, or goes on.
pub(crate) fn place_dropped_treasure(
    world: &mut World,
    side: Side,
    by: Side,
    at: Option<[f32; 3]>,
) -> Result<(), Rejected> {
    if by != side {
        return Err(Rejected::new(
            RuleId::Gen8,
            "the carrier's own side places the treasure it dropped",
        ));
    }
    let Some(drop) = world.resource::<Engine>().treasure_drops.first().cloned() else {
        return Err(Rejected::new(
            RuleId::Gen8,
            "no dropped treasure waits to be placed",
        ));
    };
    let carrier = fighter(world, drop.carrier)
        .ok_or_else(|| Rejected::new(RuleId::Gen8, "the carrier is gone"))?;
    if let Some(at) = at {
        let at = Vec3::from_array(at);
        validate_drop(world, &carrier, at)?;
        set_treasure(world, drop.treasure, |t| {
            t.position = (at.x, at.z);
            t.y = at.y;
        });
        let event = Event::TreasurePlaced {
            carrier: carrier.id,
            treasure: drop.treasure,
            at: at.to_array(),
        };
        log(world, &[RuleId::Gen8], event);
    }
    state::engine(world).treasure_drops.remove(0);
    Ok(())
}

/// GEN-8: as a round begins, a fighter that can't carry treasure now (its ability's "not
/// considered to have the Beast runemark until the start of the next battle round" is over)
/// drops what it carries where it stands.
pub fn drop_what_cannot_be_carried(world: &mut World) {
    let all = crate::rules::state::fighters(world);
    for f in all.iter().filter(|f| !f.can_carry()) {
        if let Some(t) = f.carrying {
            drop_treasure(world, f, t, f.pos);
        }
    }
}
