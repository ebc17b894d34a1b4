//! Terrain: pieces and terrain cards (`scenes/terrain/*.ron`).

use serde::{Deserialize, Serialize};

use super::{Point2, xy};
use crate::model::ruleset::Ruleset;
use crate::model::validate::Validator;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TerrainKind {
    /// A raised floor whose top fighters stand on; solid below unless `thickness` is given.
    Platform,
    /// A solid piece (wall, rock, ruin): climbable, blocks movement and sight.
    Obstacle,
    /// Rubble and the like, 1" tall or less: crossed freely (MOVE-4).
    LowTerrain,
    /// Climbed like an obstacle (MOVE-5).
    Ladder,
    /// Passable at floor level under `clearance`; solid above.
    Archway,
    /// A flat area that hurts (MOVE-10).
    Deadly,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TerrainPiece {
    pub id: String,
    pub kind: TerrainKind,
    /// Centre of the footprint.
    pub position: Point2,
    /// Degrees, anticlockwise seen from above, about the vertical axis.
    #[serde(default)]
    pub rotation: f32,
    /// Footprint (width along x, depth along z) before rotation.
    pub size: Point2,
    /// Vertical extent: the top is at `elevation + height`.
    pub height: f32,
    /// Height of the bottom above the floor (a platform standing on another one).
    #[serde(default)]
    pub elevation: f32,
    /// Platforms only: the slab's thickness; the space below it is open (walkways, bridges).
    #[serde(default)]
    pub thickness: Option<f32>,
    /// Archways only: the height of the opening.
    #[serde(default)]
    pub clearance: Option<f32>,
    /// Platforms only: a parapet runs round every edge, so a fighter standing on it is never
    /// knocked off (ATK-6 applies to unwalled edges only). Drawn as a low rim; it doesn't block
    /// movement or sight.
    #[serde(default)]
    pub walled: bool,
}

impl TerrainPiece {
    /// An unrotated piece standing on the floor.
    pub fn on_floor(
        id: &str,
        kind: TerrainKind,
        position: Point2,
        size: Point2,
        height: f32,
    ) -> Self {
        TerrainPiece {
            id: id.into(),
            kind,
            position,
            rotation: 0.0,
            size,
            height,
            elevation: 0.0,
            thickness: None,
            clearance: None,
            walled: false,
        }
    }

    pub fn top(&self) -> f32 {
        self.elevation + self.height
    }

    /// The four footprint corners (x, z), anticlockwise.
    pub fn corners(&self) -> [Point2; 4] {
        let (hx, hz) = (self.size.0 / 2.0, self.size.1 / 2.0);
        let (s, c) = self.rotation.to_radians().sin_cos();
        let (cx, cz) = self.position;
        [(-hx, -hz), (hx, -hz), (hx, hz), (-hx, hz)].map(|(x, z)| {
            // Anticlockwise seen from above (y up, looking down at x right, z down the screen)
            // is a rotation about +y.
            (cx + x * c + z * s, cz - x * s + z * c)
        })
    }

    /// The vertical span that blocks movement and sight: (bottom, top).
    pub fn solid_span(&self) -> (f32, f32) {
        match self.kind {
            TerrainKind::Platform => match self.thickness {
                Some(t) => (self.top() - t, self.top()),
                None => (self.elevation, self.top()),
            },
            TerrainKind::Archway => (self.elevation + self.clearance.unwrap_or(0.0), self.top()),
            _ => (self.elevation, self.top()),
        }
    }
}

/// Root of a terrain-card file (`scenes/terrain/*.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TerrainCard {
    pub name: String,
    pub pieces: Vec<TerrainPiece>,
}

impl TerrainCard {
    pub fn validate(&self, rules: &Ruleset, v: &mut Validator) {
        for (i, p) in self.pieces.iter().enumerate() {
            let path = format!("pieces[{i}]");
            if p.id.trim().is_empty() {
                v.error(format!("{path}.id"), "id must not be empty");
            } else if self.pieces[..i].iter().any(|q| q.id == p.id) {
                v.error(format!("{path}.id"), format!("id `{}` is used twice", p.id));
            }
            p.validate_dimensions(&path, v);
            p.validate_kind_fields(&path, v);
            p.validate_on_battlefield(&path, rules.battlefield, v);
        }
    }
}

impl TerrainPiece {
    /// Size, elevation, height and rotation; low terrain at most 1" tall (MOVE-4).
    fn validate_dimensions(&self, path: &str, v: &mut Validator) {
        v.positive(&format!("{path}.size"), self.size.0);
        v.positive(&format!("{path}.size"), self.size.1);
        v.non_negative(&format!("{path}.elevation"), self.elevation);
        if self.kind == TerrainKind::Deadly {
            v.non_negative(&format!("{path}.height"), self.height);
        } else {
            v.positive(&format!("{path}.height"), self.height);
        }
        if !self.rotation.is_finite() {
            v.error(format!("{path}.rotation"), "rotation must be a number");
        }
        if self.kind == TerrainKind::LowTerrain && self.top() > 1.0 {
            v.error(
                format!("{path}.height"),
                format!(
                    "low terrain is at most 1\" tall (MOVE-4); its top is at {}",
                    self.top()
                ),
            );
        }
    }

    /// The fields only some kinds have: a platform's thickness and walls, an archway's
    /// clearance.
    fn validate_kind_fields(&self, path: &str, v: &mut Validator) {
        match (self.kind, self.thickness) {
            (TerrainKind::Platform, Some(t)) if !(t > 0.0 && t <= self.height) => v.error(
                format!("{path}.thickness"),
                format!(
                    "thickness {t} must be above 0 and at most the height {}",
                    self.height
                ),
            ),
            (TerrainKind::Platform, _) | (_, None) => {}
            (_, Some(_)) => v.error(
                format!("{path}.thickness"),
                "only platforms have a thickness",
            ),
        }
        match (self.kind, self.clearance) {
            (TerrainKind::Archway, Some(c)) if !(c > 0.0 && c < self.height) => v.error(
                format!("{path}.clearance"),
                format!(
                    "clearance {c} must be above 0 and below the height {}",
                    self.height
                ),
            ),
            (TerrainKind::Archway, None) => v.error(
                path.to_string(),
                "an archway needs a `clearance` (the height of its opening)",
            ),
            (TerrainKind::Archway, _) | (_, None) => {}
            (_, Some(_)) => v.error(
                format!("{path}.clearance"),
                "only archways have a clearance",
            ),
        }
        if self.walled && self.kind != TerrainKind::Platform {
            v.error(
                format!("{path}.walled"),
                "only platforms are walled (ATK-6: walled platform edges)",
            );
        }
    }

    /// The whole footprint on the `bw` x `bd` battlefield.
    fn validate_on_battlefield(&self, path: &str, (bw, bd): (f32, f32), v: &mut Validator) {
        let eps = 1e-3;
        if self.size.0 > 0.0
            && self.size.1 > 0.0
            && self
                .corners()
                .iter()
                .any(|&(x, z)| x < -eps || z < -eps || x > bw + eps || z > bd + eps)
        {
            v.error(
                format!("{path}.position"),
                format!(
                    "the piece reaches outside the {bw}\"x{bd}\" battlefield (centre {}, size {}\" x {}\", rotation {})",
                    xy(self.position), self.size.0, self.size.1, self.rotation
                ),
            );
        }
    }
}
