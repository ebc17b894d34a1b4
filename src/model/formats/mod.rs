//! The scene file formats (RON). One root struct per kind of file; the root struct's name
//! (`TerrainCard(...)`) tells `check` which kind a file is.
//!
//! Units: inches for distances and heights, millimetres for base sizes (as printed on bases),
//! degrees for rotations. Positions are `(x, z)` on the battlefield floor, origin at a corner,
//! x along the 30" edge and z along the 22" edge; y is up.
//!
//! The formats by concern: `fighters` (profiles and weapons), `warbands`, `terrain`,
//! `deployment` (cards and colours), `cards` (victory and twist) and `battle`.

mod battle;
mod cards;
mod deployment;
mod fighters;
mod terrain;
mod terrain_lint;
mod warbands;

pub use battle::{Battle, BattleSide, Choices, Controller, Difficulty, Mode};
pub use cards::{TwistCard, TwistEffect, VictoryCard, VictoryCondition};
pub use deployment::{
    Colour, DeploymentCard, DeploymentLine, DeploymentPoint, RESERVE_POINT_MARGIN,
};
pub use fighters::{BaseSize, FighterProfile, FighterProfiles, Weapon};
pub use terrain::{TerrainCard, TerrainKind, TerrainPiece};
pub use warbands::{GroupName, Role, Warband, WarbandFighter};

/// `(x, z)` in inches.
pub type Point2 = (f32, f32);

pub const MM_PER_INCH: f32 = 25.4;

/// A point on the battlefield for people: `(10.5, 4)`.
pub fn xy(p: Point2) -> String {
    format!("({}, {})", p.0, p.1)
}
