//! Shared helpers for the battlefield's unit tests.

use crate::battlefield::nav::{Mover, NavWorld};
use crate::model::formats::{BaseSize, Point2, TerrainKind, TerrainPiece};

/// An unrotated piece standing on the floor, named after its kind.
pub fn piece(kind: TerrainKind, pos: Point2, size: Point2, height: f32) -> TerrainPiece {
    TerrainPiece::on_floor(&format!("{kind:?}"), kind, pos, size, height)
}

/// A 25 mm fighter with a 1.2" body that climbs and does not fly.
pub fn walker() -> Mover {
    Mover {
        base: BaseSize::Round(25.0),
        body: 1.2,
        can_climb: true,
        can_fly: false,
        free_climb: false,
        fly_rise: None,
    }
}

/// A 30"x22" battlefield with these pieces; jumps of 3" or more hurt.
pub fn world(pieces: Vec<TerrainPiece>) -> NavWorld {
    NavWorld::new(pieces, (30.0, 22.0), 3.0)
}
