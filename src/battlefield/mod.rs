//! Geometry of the battlefield: footprints and standing places.

pub mod footprint;
pub mod measure;
pub mod moves;
pub mod nav;
pub mod query;
pub mod recent;
pub mod shapes;
pub mod sight;
pub mod spots;
pub mod standing;
pub mod survey;

use bevy::prelude::*;

use crate::model::components::Terrain;
use crate::model::ruleset::Ruleset;
use nav::NavWorld;
use shapes::TerrainShapes;

/// Forgets the answers this thread remembers (the last shortest paths, oval gaps, closest
/// points of ovals and sight lines, and the places set up on), so that a benchmark repeating
/// one question measures the search, not the memory. Answers are the same either way.
pub fn forget_remembered() {
    nav::forget_paths();
    measure::forget_gaps();
    sight::forget_seen();
    spots::forget();
}

/// A battlefield's size and terrain pieces as bits: equal fingerprints, the same battlefield
/// (for what is worked out once per battlefield and kept).
pub(crate) fn terrain_fingerprint(
    pieces: &[crate::model::formats::TerrainPiece],
    size: crate::model::formats::Point2,
) -> Vec<u32> {
    let mut v = vec![size.0.to_bits(), size.1.to_bits()];
    for p in pieces {
        v.extend([
            p.kind as u32,
            p.position.0.to_bits(),
            p.position.1.to_bits(),
            p.rotation.to_bits(),
            p.size.0.to_bits(),
            p.size.1.to_bits(),
            p.height.to_bits(),
            p.elevation.to_bits(),
            p.thickness.map_or(u32::MAX, f32::to_bits),
            p.clearance.map_or(u32::MAX, f32::to_bits),
            u32::from(p.walled),
        ]);
    }
    v
}

/// The battlefield's geometry: terrain shapes for sight and cover, and the navigation model.
/// Rebuilt whenever terrain entities change.
#[derive(Resource)]
pub struct Battlefield {
    pub shapes: TerrainShapes,
    pub nav: NavWorld,
}

impl Battlefield {
    pub fn new(pieces: Vec<crate::model::formats::TerrainPiece>, rules: &Ruleset) -> Self {
        Battlefield {
            shapes: TerrainShapes::new(&pieces),
            nav: NavWorld::new(pieces, rules.battlefield, rules.jump_impact_height),
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(PreUpdate, rebuild_battlefield);
}

fn rebuild_battlefield(
    mut commands: Commands,
    rules: Option<Res<Ruleset>>,
    changed: Query<(), Changed<Terrain>>,
    mut removed: RemovedComponents<Terrain>,
    terrain: Query<&Terrain>,
    existing: Option<Res<Battlefield>>,
) {
    let Some(rules) = rules else { return };
    let dirty = existing.is_none() || !changed.is_empty() || removed.read().next().is_some();
    if dirty {
        let pieces = terrain.iter().map(|t| t.0.clone()).collect();
        commands.insert_resource(Battlefield::new(pieces, &rules));
    }
}
#[cfg(test)]
pub(crate) mod testing;
