//! The scene, built when the battle screen opens (and gone when the setup screen does): the
//! mat and its 1" grid, terrain pieces at their true sizes and heights, objectives with their
//! control radius in the colour of the side that controls them, treasure and the deployment
//! points and lines.

use std::f32::consts::FRAC_PI_2;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::palette;
use super::textures::{Tiles, tiling};
use crate::model::components::{
    BattleInfo, DeploymentMarker, Fighter, Objective, Position, Profile, Terrain, Treasure,
};
use crate::model::formats::{Colour, DeploymentPoint, TerrainKind, TerrainPiece};
use crate::model::ruleset::Ruleset;
use crate::rules::engine::Engine;
use crate::screens::{BattleStart, Screen};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Battle),
        (
            spawn_mat,
            spawn_grid,
            spawn_terrain,
            spawn_objectives,
            spawn_treasure,
            spawn_deployment_points,
        )
            .chain()
            .after(BattleStart),
    )
    .add_systems(
        Update,
        (sync_treasure, colour_objectives)
            .in_set(crate::rules::door::BattleSet::React)
            .run_if(in_state(Screen::Battle)),
    );
}

/// What the board is drawn with: commands and the mesh and material stores.
#[derive(SystemParam)]
struct Draw<'w, 's> {
    commands: Commands<'w, 's>,
    meshes: ResMut<'w, Assets<Mesh>>,
    materials: ResMut<'w, Assets<StandardMaterial>>,
    images: ResMut<'w, Assets<Image>>,
    tiles: Local<'s, Option<Tiles>>,
}

impl Draw<'_, '_> {
    /// The repeating textures (made on first use).
    fn tiles(&mut self) -> Tiles {
        let images = &mut self.images;
        self.tiles.get_or_insert_with(|| Tiles::new(images)).clone()
    }

    /// A material of `colour` showing `texture`, one tile per 2" on a face `size` across.
    fn textured(
        &mut self,
        mut m: StandardMaterial,
        texture: Handle<Image>,
        size: Vec2,
    ) -> Handle<StandardMaterial> {
        m.base_color_texture = Some(texture);
        m.uv_transform = tiling(size);
        self.materials.add(m)
    }

    fn mesh(&mut self, mesh: impl Into<Mesh>) -> Handle<Mesh> {
        self.meshes.add(mesh)
    }

    fn material(&mut self, material: impl Into<StandardMaterial>) -> Handle<StandardMaterial> {
        self.materials.add(material)
    }

    fn spawn(
        &mut self,
        mesh: &Handle<Mesh>,
        material: &Handle<StandardMaterial>,
        transform: Transform,
    ) -> Entity {
        self.commands
            .spawn((
                Mesh3d(mesh.clone()),
                MeshMaterial3d(material.clone()),
                transform,
                DespawnOnEnter(Screen::Setup),
                super::pointer::BoardSurface,
            ))
            .id()
    }
}

/// Lies a flat shape (annulus) down on the floor at height `y`.
fn flat_at(x: f32, y: f32, z: f32) -> Transform {
    Transform::from_xyz(x, y, z).with_rotation(Quat::from_rotation_x(-FRAC_PI_2))
}

/// The mat on a wooden table, with a darker rim so its edge reads.
fn spawn_mat(mut draw: Draw, rules: Res<Ruleset>) {
    let (w, d) = rules.battlefield;
    let tiles = draw.tiles();
    let table = draw.mesh(Cuboid::new(w + 10.0, 1.0, d + 8.0));
    let table_mat = draw.textured(palette::table(), tiles.wood.clone(), Vec2::new(w, d) * 0.5);
    draw.commands.spawn((
        Mesh3d(table),
        MeshMaterial3d(table_mat),
        Transform::from_xyz(w / 2.0, -0.72, d / 2.0),
        DespawnOnEnter(Screen::Setup),
    ));
    let rim = draw.mesh(Cuboid::new(w + 0.6, 0.2, d + 0.6));
    let rim_mat = draw.material(palette::mat_rim());
    draw.spawn(&rim, &rim_mat, Transform::from_xyz(w / 2.0, -0.12, d / 2.0));
    let cloth = draw.mesh(Cuboid::new(w, 0.02, d));
    let cloth_mat = draw.textured(palette::mat_cloth(), tiles.grass, Vec2::new(w, d));
    draw.spawn(
        &cloth,
        &cloth_mat,
        Transform::from_xyz(w / 2.0, -0.01, d / 2.0),
    );
}

/// A faint 1" grid helps reading distances.
fn spawn_grid(mut draw: Draw, rules: Res<Ruleset>) {
    let (w, d) = rules.battlefield;
    let line = draw.material(palette::grid_line());
    for x in 1..(w as i32) {
        let mesh = draw.mesh(Cuboid::new(0.03, 0.005, d));
        draw.spawn(&mesh, &line, Transform::from_xyz(x as f32, 0.003, d / 2.0));
    }
    for z in 1..(d as i32) {
        let mesh = draw.mesh(Cuboid::new(w, 0.005, 0.03));
        draw.spawn(&mesh, &line, Transform::from_xyz(w / 2.0, 0.003, z as f32));
    }
}

fn spawn_terrain(mut draw: Draw, terrain: Query<&Terrain>) {
    for t in &terrain {
        spawn_piece(&mut draw, &t.0);
    }
}

/// One terrain piece: its solid block, plus posts, a parapet or supports as its kind asks.
fn spawn_piece(draw: &mut Draw, p: &TerrainPiece) {
    let rot = Quat::from_rotation_y(p.rotation.to_radians());
    let (lo, hi) = match p.kind {
        TerrainKind::Deadly => (0.0, p.height.max(0.03)),
        _ => p.solid_span(),
    };
    let tiles = draw.tiles();
    let texture = match p.kind {
        TerrainKind::Ladder => tiles.wood,
        TerrainKind::Deadly => tiles.bile,
        _ => tiles.stone,
    };
    let face = Vec2::new(
        p.size.0.max(p.size.1),
        (hi - lo).max(p.size.0.min(p.size.1)),
    );
    let mat = draw.textured(palette::terrain(p.kind), texture, face);
    if p.kind == TerrainKind::Platform {
        spawn_coping(draw, p, rot, hi);
    }
    if p.kind == TerrainKind::Archway {
        spawn_archway_posts(draw, p, rot, &mat);
    }
    let block = draw.mesh(Cuboid::new(p.size.0, hi - lo, p.size.1));
    draw.spawn(
        &block,
        &mat,
        Transform::from_xyz(p.position.0, (lo + hi) / 2.0, p.position.1).with_rotation(rot),
    );
    if p.kind == TerrainKind::Platform && p.walled {
        spawn_parapet(draw, p, rot, hi);
    }
    if p.kind == TerrainKind::Platform && p.thickness.is_some() {
        spawn_supports(draw, p, rot, hi);
    }
}

/// A lighter slab just proud of a platform's top, so that its edges catch the light and a
/// platform reads apart from the ground and from the walls.
fn spawn_coping(draw: &mut Draw, p: &TerrainPiece, rot: Quat, top: f32) {
    let cap = draw.mesh(Cuboid::new(p.size.0 + 0.1, 0.1, p.size.1 + 0.1));
    let mat = draw.material(palette::coping());
    draw.spawn(
        &cap,
        &mat,
        Transform::from_xyz(p.position.0, top - 0.04, p.position.1).with_rotation(rot),
    );
}

/// An archway's two posts (the block over the opening is its lintel).
fn spawn_archway_posts(
    draw: &mut Draw,
    p: &TerrainPiece,
    rot: Quat,
    mat: &Handle<StandardMaterial>,
) {
    let post_w = (p.size.0 * 0.2).min(0.6);
    let post = draw.mesh(Cuboid::new(post_w, p.top() - p.elevation, p.size.1));
    let centre = Vec3::new(p.position.0, (p.elevation + p.top()) / 2.0, p.position.1);
    for side in [-1.0, 1.0] {
        let offset = rot * Vec3::new(side * (p.size.0 - post_w) / 2.0, 0.0, 0.0);
        draw.spawn(
            &post,
            mat,
            Transform::from_translation(centre + offset).with_rotation(rot),
        );
    }
}

/// A low parapet round a walled platform's top (ATK-6: no knock-offs); drawn only, it doesn't
/// block.
fn spawn_parapet(draw: &mut Draw, p: &TerrainPiece, rot: Quat, top: f32) {
    let (rim_h, rim_w) = (0.35, 0.15);
    let rim_mat = draw.material(palette::terrain_trim());
    let (hx, hz) = (p.size.0 / 2.0, p.size.1 / 2.0);
    for (along_x, off) in [
        (true, Vec3::new(0.0, 0.0, -hz + rim_w / 2.0)),
        (true, Vec3::new(0.0, 0.0, hz - rim_w / 2.0)),
        (false, Vec3::new(-hx + rim_w / 2.0, 0.0, 0.0)),
        (false, Vec3::new(hx - rim_w / 2.0, 0.0, 0.0)),
    ] {
        let size = if along_x {
            Vec3::new(p.size.0, rim_h, rim_w)
        } else {
            Vec3::new(rim_w, rim_h, p.size.1)
        };
        let rim = draw.mesh(Cuboid::from_size(size));
        let centre = Vec3::new(p.position.0, top + rim_h / 2.0, p.position.1);
        draw.spawn(
            &rim,
            &rim_mat,
            Transform::from_translation(centre + rot * off).with_rotation(rot),
        );
    }
}

/// Supports at the corners of an open walkway, from its bottom up to the top of its slab.
fn spawn_supports(draw: &mut Draw, p: &TerrainPiece, rot: Quat, top: f32) {
    let support = draw.mesh(Cuboid::new(0.3, top - p.elevation, 0.3));
    let smat = draw.material(palette::terrain_trim());
    let centre = Vec3::new(p.position.0, (p.elevation + top) / 2.0, p.position.1);
    for (sx, sz) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        let off = rot
            * Vec3::new(
                sx * (p.size.0 / 2.0 - 0.2),
                0.0,
                sz * (p.size.1 / 2.0 - 0.2),
            );
        draw.spawn(&support, &smat, Transform::from_translation(centre + off));
    }
}

/// A piece of an objective's drawing: its marker or its control ring, and the material it
/// was last given (the low look swaps the entity's standard material for its flat twin, so
/// the entity itself no longer says).
#[derive(Component, Clone, Copy)]
struct ObjectivePart {
    index: usize,
    ring: bool,
    showing: Option<AssetId<StandardMaterial>>,
}

/// Objective materials, (marker, ring): no one's, and each deployment colour's.
#[derive(Resource)]
struct ObjectiveLooks {
    nobody: (Handle<StandardMaterial>, Handle<StandardMaterial>),
    by_colour: [(Handle<StandardMaterial>, Handle<StandardMaterial>); 2],
}

/// Objective markers, each with GEN-7's 3" control radius.
fn spawn_objectives(mut draw: Draw, objectives: Query<&Objective>) {
    let mut looks = |c: Option<Color>| {
        (
            draw.material(palette::objective(c)),
            draw.material(palette::objective_ring(c)),
        )
    };
    let nobody = looks(None);
    let by_colour = [looks(Some(palette::RED)), looks(Some(palette::BLUE))];
    let marker = draw.mesh(Cylinder::new(0.5, 0.15));
    let ring = draw.mesh(Annulus::new(2.9, 3.0));
    for o in &objectives {
        let (x, z) = o.position;
        let m = draw.spawn(&marker, &nobody.0, Transform::from_xyz(x, 0.075, z));
        let r = draw.spawn(&ring, &nobody.1, flat_at(x, 0.02, z));
        for (e, ring) in [(m, false), (r, true)] {
            draw.commands.entity(e).insert(ObjectivePart {
                index: o.index,
                ring,
                showing: None,
            });
        }
    }
    draw.commands
        .insert_resource(ObjectiveLooks { nobody, by_colour });
}

/// GEN-7: each objective in the colour of the side that controls it, gold while no one does.
/// The material is given anew (the low look's `flat` swaps each one given for its twin).
fn colour_objectives(
    mut commands: Commands,
    engine: Res<Engine>,
    info: Res<BattleInfo>,
    looks: Option<Res<ObjectiveLooks>>,
    mut parts: Query<(Entity, &mut ObjectivePart)>,
) {
    let Some(looks) = looks else {
        return;
    };
    if !engine.is_changed() && !looks.is_added() {
        return;
    }
    for (e, mut part) in &mut parts {
        let colour = engine
            .control
            .get(part.index)
            .copied()
            .flatten()
            .and_then(|s| info.sides[s].colour);
        let pair = match colour {
            Some(Colour::Red) => &looks.by_colour[0],
            Some(Colour::Blue) => &looks.by_colour[1],
            None => &looks.nobody,
        };
        let want = if part.ring { &pair.1 } else { &pair.0 };
        if part.showing != Some(want.id()) {
            part.showing = Some(want.id());
            commands.entity(e).insert(MeshMaterial3d(want.clone()));
        }
    }
}

/// Treasure tokens where they lie when the battle starts.
/// A chest on each treasure token (the token entity itself carries it, so it follows the
/// token: [`sync_treasure`]).
fn spawn_treasure(mut draw: Draw, treasure: Query<(Entity, &Treasure)>) {
    let token = draw.mesh(Cuboid::new(0.6, 0.4, 0.4));
    let token_mat = draw.material(palette::treasure());
    for (e, t) in &treasure {
        draw.commands.entity(e).insert((
            Mesh3d(token.clone()),
            MeshMaterial3d(token_mat.clone()),
            Transform::from_xyz(t.position.0, t.y + 0.2, t.position.1),
            Visibility::default(),
        ));
    }
}

/// GEN-8: a token on the ground sits where it lies; a carried one rides above its carrier's
/// head.
fn sync_treasure(
    mut tokens: Query<(&Treasure, &mut Transform), With<Mesh3d>>,
    fighters: Query<(&Fighter, &Position, &Profile)>,
) {
    for (t, mut tf) in &mut tokens {
        tf.translation = match t.carrier {
            None => Vec3::new(t.position.0, t.y + 0.2, t.position.1),
            Some(id) => match fighters.iter().find(|(f, _, _)| f.id == id) {
                Some((_, pos, profile)) => pos.0 + Vec3::Y * (profile.0.body_height() + 0.5),
                None => tf.translation,
            },
        };
    }
}

fn spawn_deployment_points(
    mut draw: Draw,
    rules: Res<Ruleset>,
    points: Query<(Entity, &DeploymentMarker)>,
) {
    for (marker, p) in &points {
        let colour = palette::side_colour(p.colour);
        for part in spawn_deployment_point(&mut draw, rules.battlefield, &p.spec, colour) {
            draw.commands
                .entity(part)
                .insert(super::zones::MarkOf(marker));
        }
    }
}

/// A deployment point as a ring (pulled onto the battlefield if it lies off the edge) and its
/// deployment lines (RES-1) as strips: the entities drawn.
fn spawn_deployment_point(
    draw: &mut Draw,
    (w, d): (f32, f32),
    spec: &DeploymentPoint,
    colour: Color,
) -> Vec<Entity> {
    let (x, z) = spec.position;
    let ring = draw.mesh(Annulus::new(0.25, 0.4));
    let ring_mat = draw.material(palette::side_marker(colour));
    let mut parts = vec![draw.spawn(
        &ring,
        &ring_mat,
        flat_at(x.clamp(0.0, w), 0.015, z.clamp(0.0, d)),
    )];
    for l in &spec.lines {
        let a = Vec3::new(l.from.0, 0.02, l.from.1);
        let b = Vec3::new(l.to.0, 0.02, l.to.1);
        let strip = draw.mesh(Cuboid::new(a.distance(b).max(0.1), 0.02, 0.2));
        let strip_mat = draw.material(palette::side_marker(colour));
        parts.push(
            draw.spawn(
                &strip,
                &strip_mat,
                Transform::from_translation((a + b) / 2.0)
                    .with_rotation(Quat::from_rotation_y(-(b.z - a.z).atan2(b.x - a.x))),
            ),
        );
    }
    parts
}
