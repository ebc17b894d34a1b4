//! Spawning a loaded battle into the ECS world: fighters, terrain, objectives, treasure and
//! deployment points as entities; the ruleset, battlefield, dice, battle info, engine state
//! and log as resources.

use bevy::prelude::*;

use crate::model::components::*;
use crate::model::dice::DiceRng;
use crate::model::formats::{Colour, GroupName};
use crate::rules::log::{BattleLog, Names};
use crate::scenario::load::BattleSpec;

/// Spawns `spec` into `world`, replacing any battle already there.
pub fn spawn_battle(world: &mut World, spec: &BattleSpec) {
    spawn_battle_seeded(world, spec, spec.seed);
}

/// [`spawn_battle`] with the dice seeded by `seed` instead of the spec's own.
pub fn spawn_battle_seeded(world: &mut World, spec: &BattleSpec, seed: u64) {
    // SET-1, SOLO-S1: a warband drawn at random for each battle, from its seed.
    let spec = &*spec.drawn(seed);
    despawn_battle(world);
    insert_battle_resources(world, spec, seed);
    spawn_places(world, spec);
    spawn_fighters(world, spec);
}

/// The battle's resources, all new: nothing of the last battle's progress or queued commands
/// is kept.
fn insert_battle_resources(world: &mut World, spec: &BattleSpec, seed: u64) {
    world.insert_resource(crate::rules::engine::Engine::default());
    world.insert_resource(crate::rules::engine::Inbox::default());
    world.insert_resource(crate::rules::engine::Outbox::default());
    world.init_resource::<FighterIndex>();
    world.insert_resource(spec.ruleset.clone());
    // The battlefield at once, so that commands can be applied before the next frame (a
    // loaded save, a take-back).
    world.insert_resource(crate::battlefield::Battlefield::new(
        spec.terrain.pieces.clone(),
        &spec.ruleset,
    ));
    world.insert_resource(DiceRng::new(seed));
    world.insert_resource(BattleLog::new(names(spec)));
    let side_info = |i: usize| SideInfo {
        name: spec.sides[i].warband.name.clone(),
        controller: spec.sides[i].controller,
        colour: None,
    };
    world.insert_resource(BattleInfo {
        name: spec.name.clone(),
        mode: spec.mode,
        victory: spec.victory.clone(),
        twist: spec.twist.clone(),
        terrain_name: spec.terrain.name.clone(),
        deployment_name: spec.deployment.name.clone(),
        sides: [side_info(0), side_info(1)],
        priority: None,
        choices: spec.choices.clone(),
    });
}

/// Terrain pieces, objectives, treasure and deployment points.
fn spawn_places(world: &mut World, spec: &BattleSpec) {
    for piece in &spec.terrain.pieces {
        world.spawn((BattleEntity, Terrain(piece.clone())));
    }
    for (index, &position) in spec.objectives().iter().enumerate() {
        world.spawn((BattleEntity, Objective { index, position }));
    }
    for (index, &position) in spec.victory.treasure.iter().enumerate() {
        world.spawn((
            BattleEntity,
            Treasure {
                index,
                position,
                y: 0.0,
                carrier: None,
            },
        ));
    }
    for colour in [Colour::Red, Colour::Blue] {
        for p in spec.deployment.points(colour) {
            world.spawn((
                BattleEntity,
                DeploymentMarker {
                    colour,
                    spec: p.clone(),
                },
            ));
        }
    }
}

/// Every fighter, numbered in order (side 0's first), not yet on the battlefield.
fn spawn_fighters(world: &mut World, spec: &BattleSpec) {
    let mut id = 0;
    for (side, s) in spec.sides.iter().enumerate() {
        for f in &s.fighters {
            world.spawn((
                BattleEntity,
                Fighter {
                    id: FighterId(id),
                    name: f.name.as_str().into(),
                },
                Profile(std::sync::Arc::new(f.profile.clone())),
                Side::from_index(side),
                WarbandRole(f.role),
                // The solo opponent's groups are rolled at setup (SOLO-S2); until then Dagger.
                BattleGroup(f.group.unwrap_or(GroupName::Dagger)),
                Position(Vec3::ZERO),
                Facing::default(),
                Damage::default(),
                Activation::default(),
                Reactions::default(),
                Presence::Unplaced,
            ));
            id += 1;
        }
    }
}

/// The names the log's sentences use: fighters by id (numbered as they are spawned), sides.
fn names(spec: &BattleSpec) -> Names {
    Names {
        fighters: spec
            .sides
            .iter()
            .flat_map(|s| s.fighters.iter().map(|f| f.name.clone()))
            .collect(),
        sides: [0, 1].map(|i| spec.sides[i].warband.name.clone()),
        places: crate::rules::log::Landmarks {
            pieces: spec.terrain.pieces.clone(),
            objectives: spec.objectives(),
        },
    }
}

/// Marks every entity that belongs to the battle, so a new battle can replace it.
#[derive(Component, Debug, Clone, Copy)]
pub struct BattleEntity;

pub fn despawn_battle(world: &mut World) {
    let old: Vec<Entity> = world
        .query_filtered::<Entity, With<BattleEntity>>()
        .iter(world)
        .collect();
    for e in old {
        world.despawn(e);
    }
}
