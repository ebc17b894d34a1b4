//! The battle as ECS data: components of fighters, terrain, objectives and deployment points,
//! and the resources that describe the battle.

use bevy::prelude::*;

use crate::model::formats::{
    Colour, Controller, DeploymentPoint, FighterProfile, GroupName, Mode, Point2, Role,
    TerrainPiece, TwistCard, VictoryCard,
};

/// A fighter. `id` is its stable number in the battle (side 0's fighters first).
#[derive(Component, Debug, Clone)]
pub struct Fighter {
    pub id: u32,
    pub name: String,
}

/// The fighter's characteristics and weapons.
#[derive(Component, Debug, Clone)]
pub struct Profile(pub FighterProfile);

/// Which warband (0 = player A, 1 = player B, in battle-file order).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Side(pub usize);

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
    pub carrier: Option<u32>,
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
    pub priority: Option<usize>,
}

impl BattleInfo {
    /// The side that deploys with `colour`, once colours are chosen.
    pub fn side_of_colour(&self, colour: Colour) -> Option<usize> {
        self.sides.iter().position(|s| s.colour == Some(colour))
    }
}

/// The battle's phase; the engine ([`crate::rules::engine`]) sets it as the battle moves on.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BattlePhase {
    #[default]
    Setup,
    Initiative,
    Reserve,
    Combat,
    EndOfRound,
    Ended,
}
