//! The battle as ECS data: components of fighters, terrain, objectives and deployment points,
//! and the resources that describe the battle.

use bevy::ecs::lifecycle::HookContext;
use bevy::ecs::world::DeferredWorld;
use bevy::prelude::*;

use crate::model::formats::{
    Choices, Colour, Controller, DeploymentPoint, FighterProfile, GroupName, Mode, Point2, Role,
    TerrainPiece, TwistCard, VictoryCard,
};

/// A fighter. `id` is its stable number in the battle (side 0's fighters first). Adding or
/// removing one keeps the [`FighterIndex`] up to date (its only writer).
#[derive(Component, Debug, Clone)]
#[component(on_insert = index_fighter, on_discard = unindex_fighter)]
pub struct Fighter {
    pub id: FighterId,
    /// Shared, not copied: every view of the fighter carries it.
    pub name: std::sync::Arc<str>,
}

/// Every fighter's entity by id, in id order: how the rules find a fighter without going
/// through all of them. Kept by [`Fighter`]'s hooks.
#[derive(Resource, Debug, Clone, Default)]
pub struct FighterIndex {
    by_id: Vec<(FighterId, Entity)>,
}

impl FighterIndex {
    /// The entity of fighter `id`.
    pub fn get(&self, id: FighterId) -> Option<Entity> {
        self.by_id
            .binary_search_by_key(&id, |e| e.0)
            .ok()
            .map(|i| self.by_id[i].1)
    }

    /// Every fighter's entity, by id.
    pub fn entities(&self) -> impl Iterator<Item = Entity> + '_ {
        self.by_id.iter().map(|e| e.1)
    }

    fn insert(&mut self, id: FighterId, entity: Entity) {
        match self.by_id.binary_search_by_key(&id, |e| e.0) {
            Ok(i) => self.by_id[i].1 = entity,
            Err(i) => self.by_id.insert(i, (id, entity)),
        }
    }

    fn remove(&mut self, id: FighterId, entity: Entity) {
        self.by_id.retain(|e| *e != (id, entity));
    }
}

fn index_fighter(mut world: DeferredWorld, ctx: HookContext) {
    let Some(id) = world.get::<Fighter>(ctx.entity).map(|f| f.id) else {
        return;
    };
    match world.get_resource_mut::<FighterIndex>() {
        Some(mut index) => index.insert(id, ctx.entity),
        None => world.commands().queue(move |w: &mut World| {
            w.get_resource_or_init::<FighterIndex>()
                .insert(id, ctx.entity)
        }),
    }
}

fn unindex_fighter(mut world: DeferredWorld, ctx: HookContext) {
    let Some(id) = world.get::<Fighter>(ctx.entity).map(|f| f.id) else {
        return;
    };
    if let Some(mut index) = world.get_resource_mut::<FighterIndex>() {
        index.remove(id, ctx.entity);
    }
}

/// The fighter's characteristics and weapons.
#[derive(Component, Debug, Clone)]
pub struct Profile(pub std::sync::Arc<FighterProfile>);

pub use crate::model::ids::{FighterId, Side};

#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct WarbandRole(pub Role);

/// Battle group (SET-3).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BattleGroup(pub GroupName);

/// Centre of the base on the surface it stands on, in inches (x, y up, z).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Position(pub Vec3);

/// Direction the base faces: radians about +y (for oval bases).
#[derive(Component, Debug, Clone, Copy, PartialEq, Default)]
pub struct Facing(pub f32);

/// Damage allocated (ATK-3); taken down when it reaches Wounds (ATK-5).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Damage(pub u32);

/// Activation state within the combat phase (CMB-1, WAIT-1).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Activation {
    #[default]
    Ready,
    Waiting,
    Activated,
}

/// Where a fighter is in the battle.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Presence {
    /// Not yet set up (SET-6).
    Unplaced,
    /// On the battlefield.
    Deployed,
    /// A reserve group arriving in this round (RES-1).
    Reserve { round: u32 },
    /// Taken down (ATK-5).
    TakenDown,
}

#[derive(Component, Debug, Clone)]
pub struct Terrain(pub TerrainPiece);

/// An objective marker, measured to its centre.
#[derive(Component, Debug, Clone, Copy)]
pub struct Objective {
    pub index: usize,
    pub position: Point2,
}

/// A treasure token, measured to its centre (GEN-8): on the ground at `position` and height
/// `y`, or carried by the fighter with id `carrier`.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Treasure {
    pub index: usize,
    pub position: Point2,
    pub y: f32,
    pub carrier: Option<FighterId>,
}

/// REA-1: reactions a fighter made this round (each costs one of its actions).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Reactions(pub u8);

/// A deployment point of the deployment card (SET-5).
#[derive(Component, Debug, Clone)]
pub struct DeploymentMarker {
    pub colour: Colour,
    pub spec: DeploymentPoint,
}

/// One warband's place in the battle.
#[derive(Debug, Clone)]
pub struct SideInfo {
    pub name: String,
    pub controller: Controller,
    /// Chosen in SET-5.
    pub colour: Option<Colour>,
}

/// What the battle is: names, cards and sides.
#[derive(Resource, Debug, Clone)]
pub struct BattleInfo {
    pub name: String,
    pub mode: Mode,
    pub victory: VictoryCard,
    pub twist: TwistCard,
    pub terrain_name: String,
    pub deployment_name: String,
    pub sides: [SideInfo; 2],
    /// The winner of the priority roll (SET-2).
    pub priority: Option<Side>,
    /// The cards and difficulty chosen on the setup screen (what a save records).
    pub choices: Choices,
}

impl BattleInfo {
    /// The side that deploys with `colour`, once colours are chosen.
    pub fn side_of_colour(&self, colour: Colour) -> Option<Side> {
        self.sides
            .iter()
            .position(|s| s.colour == Some(colour))
            .map(Side::from_index)
    }

    /// Solo mode (SOLO-S3): (the human's side, the automated warband's side).
    pub fn solo_sides(&self) -> Option<(Side, Side)> {
        if self.mode != Mode::Solo {
            return None;
        }
        let h = self
            .sides
            .iter()
            .position(|s| s.controller == Controller::Human)?;
        Some((Side::from_index(h), Side::from_index(h).other()))
    }
}

/// The battle's phase (SET, INI, RES, CMB, end of round): what the engine waits for
/// (`rules::engine::Pending`) says which one it is, and each phase's systems run while it is
/// (`rules::engine::in_phase`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BattlePhase {
    #[default]
    Setup,
    Initiative,
    Reserve,
    Combat,
    EndOfRound,
    Ended,
}

#[cfg(test)]
mod index_tests {
    use super::*;

    fn spawn(world: &mut World, id: FighterId) -> Entity {
        world
            .spawn(Fighter {
                id,
                name: format!("f{id}").into(),
            })
            .id()
    }

    #[test]
    fn the_index_finds_fighters_by_id_in_id_order_and_forgets_despawned_ones() {
        let mut world = World::new();
        world.init_resource::<FighterIndex>();
        let e5 = spawn(&mut world, FighterId(5));
        let e1 = spawn(&mut world, FighterId(1));
        let e3 = spawn(&mut world, FighterId(3));
        let index = world.resource::<FighterIndex>();
        assert_eq!(index.get(FighterId(3)), Some(e3));
        assert_eq!(index.get(FighterId(4)), None);
        assert_eq!(index.entities().collect::<Vec<_>>(), vec![e1, e3, e5]);
        world.despawn(e3);
        let index = world.resource::<FighterIndex>();
        assert_eq!(index.get(FighterId(3)), None);
        assert_eq!(index.entities().collect::<Vec<_>>(), vec![e1, e5]);
    }

    #[test]
    fn fighters_spawned_before_the_index_exists_are_still_indexed() {
        let mut world = World::new();
        let e2 = spawn(&mut world, FighterId(2));
        world.flush();
        assert_eq!(world.resource::<FighterIndex>().get(FighterId(2)), Some(e2));
    }
}
