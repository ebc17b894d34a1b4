//! The figures, made here from simple solids: a base of its true size with a rim in the side's
//! colour, legs, a body, arms and a helmed head, and what marks the fighter's kind: a blade,
//! a bow for a missile weapon (ATK-1: range over 3"), a shield for a bulwark, a crest for a
//! leader, wings for a flyer, horns and bulk for a monster, a beast under a mounted rider.
//! All parts share a few unit meshes (scaled), so that the renderer can batch them.

use crate::model::runemark::Runemark;
use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;

use super::palette;
use crate::model::formats::{BaseSize, FighterProfile};

/// A child of a fighter entity: one mesh in one material, placed relative to the fighter.
pub(crate) type Part = (Mesh3d, MeshMaterial3d<StandardMaterial>, Transform);

/// The unit meshes and the shared materials every figure is made of.
#[derive(Resource, Clone)]
pub(crate) struct Kit {
    cylinder: Handle<Mesh>,
    sphere: Handle<Mesh>,
    capsule: Handle<Mesh>,
    cube: Handle<Mesh>,
    cone: Handle<Mesh>,
    ring: Handle<Mesh>,
    base: Handle<StandardMaterial>,
    steel: Handle<StandardMaterial>,
    wood: Handle<StandardMaterial>,
    gold: Handle<StandardMaterial>,
    horn: Handle<StandardMaterial>,
}

impl Kit {
    pub(crate) fn new(meshes: &mut Assets<Mesh>, materials: &mut Assets<StandardMaterial>) -> Kit {
        Kit {
            // Few faces: a software renderer shades every vertex on one thread, and a figure
            // is a few dozen pixels across (Bevy's default torus alone has 825 vertices).
            cylinder: meshes.add(Cylinder::new(1.0, 1.0).mesh().resolution(16)),
            sphere: meshes.add(Sphere::new(1.0).mesh().uv(10, 7)),
            capsule: meshes.add(Capsule3d::new(1.0, 2.0).mesh().latitudes(6).longitudes(10)),
            cube: meshes.add(Cuboid::new(1.0, 1.0, 1.0)),
            cone: meshes.add(Cone::new(1.0, 1.0).mesh().resolution(10)),
            ring: meshes.add(
                Torus::new(0.86, 1.0)
                    .mesh()
                    .minor_resolution(6)
                    .major_resolution(24),
            ),
            base: materials.add(palette::fighter_base()),
            steel: materials.add(palette::steel()),
            wood: materials.add(palette::wood()),
            gold: materials.add(palette::leader_gem()),
            horn: materials.add(palette::horn()),
        }
    }
}

/// The sizes a figure is built to: its base's half-extents, body height and body radius.
struct Frame {
    a: f32,
    b: f32,
    h: f32,
    r: f32,
    /// Where the body starts: the base's top, or a mount's back.
    foot: f32,
}

/// Height of a base.
const BASE_H: f32 = 0.12;

/// Every part of `p`'s figure; `body` is its own side-coloured material (dimmed once it has
/// activated), `dark` a darker shade for legs and trim.
pub(crate) fn figure(
    p: &FighterProfile,
    colour: Color,
    body: &Handle<StandardMaterial>,
    dark: &Handle<StandardMaterial>,
    rim: &Handle<StandardMaterial>,
    kit: &Kit,
) -> Vec<Part> {
    let (a, b) = p.base.half_extents();
    let monster = p.is(Runemark::Monster) || p.is(Runemark::Beast);
    let mounted = p.is(Runemark::Mount);
    let bulk = if monster { 0.6 } else { 0.5 };
    let mut f = Frame {
        a,
        b,
        h: p.body_height(),
        r: (a.min(b) * bulk).max(0.16),
        foot: BASE_H,
    };
    let part = |mesh: &Handle<Mesh>, mat: &Handle<StandardMaterial>, t: Transform| -> Part {
        (Mesh3d(mesh.clone()), MeshMaterial3d(mat.clone()), t)
    };
    let mut parts = base(p, &f, kit, rim, part);
    if mounted {
        parts.extend(mount(&f, dark, kit, part));
        // The rider sits on the beast's back, smaller.
        f.foot += f.h * 0.45;
        f.h *= 0.55;
        f.r = (f.a.min(f.b) * 0.32).max(0.14);
    }
    parts.extend(body_parts(&f, body, dark, kit, part));
    parts.extend(kind_marks(p, &f, colour, dark, kit, part));
    parts
}

/// The base to scale (oval bases stretched) and its side-coloured rim.
fn base(
    p: &FighterProfile,
    f: &Frame,
    kit: &Kit,
    rim: &Handle<StandardMaterial>,
    part: impl Fn(&Handle<Mesh>, &Handle<StandardMaterial>, Transform) -> Part,
) -> Vec<Part> {
    let scale = match p.base {
        BaseSize::Round(_) => Vec3::new(f.a, BASE_H, f.a),
        BaseSize::Oval(..) => Vec3::new(f.a, BASE_H, f.b),
    };
    vec![
        part(
            &kit.cylinder,
            &kit.base,
            Transform::from_xyz(0.0, BASE_H / 2.0, 0.0).with_scale(scale),
        ),
        part(
            &kit.ring,
            rim,
            Transform::from_xyz(0.0, BASE_H, 0.0).with_scale(Vec3::new(scale.x, 0.6, scale.z)),
        ),
    ]
}

/// Legs, body, arms and a helmed head, standing on `f.foot`.
fn body_parts(
    f: &Frame,
    body: &Handle<StandardMaterial>,
    dark: &Handle<StandardMaterial>,
    kit: &Kit,
    part: impl Fn(&Handle<Mesh>, &Handle<StandardMaterial>, Transform) -> Part,
) -> Vec<Part> {
    let (h, r, y0) = (f.h, f.r, f.foot);
    let leg = Vec3::new(r * 0.36, h * 0.38, r * 0.36);
    let head = (h * 0.12).min(r * 0.62);
    let torso_h = h * 0.5;
    let mut parts = vec![];
    for side in [-1.0f32, 1.0] {
        parts.push(part(
            &kit.cylinder,
            dark,
            Transform::from_xyz(side * r * 0.45, y0 + leg.y / 2.0, 0.0).with_scale(leg),
        ));
        // Arms: capsules hanging a little away from the body.
        parts.push(part(
            &kit.capsule,
            body,
            Transform::from_xyz(side * r * 1.2, y0 + h * 0.58, 0.0)
                .with_rotation(Quat::from_rotation_z(side * 0.18))
                .with_scale(Vec3::new(r * 0.3, h * 0.12, r * 0.3)),
        ));
    }
    parts.push(part(
        &kit.capsule,
        body,
        Transform::from_xyz(0.0, y0 + h * 0.34 + torso_h / 2.0, 0.0).with_scale(Vec3::new(
            r,
            torso_h / 4.0,
            r * 0.8,
        )),
    ));
    parts.push(part(
        &kit.sphere,
        &kit.steel,
        Transform::from_xyz(0.0, y0 + h - head, 0.0).with_scale(Vec3::splat(head)),
    ));
    parts
}

/// What tells the fighter's kind at a glance.
fn kind_marks(
    p: &FighterProfile,
    f: &Frame,
    colour: Color,
    dark: &Handle<StandardMaterial>,
    kit: &Kit,
    part: impl Fn(&Handle<Mesh>, &Handle<StandardMaterial>, Transform) -> Part,
) -> Vec<Part> {
    let (h, r, y0) = (f.h, f.r, f.foot);
    let mut parts = vec![];
    let missile = p.weapons.iter().any(|w| w.max_range > 3.0);
    if missile {
        // A bow stave held upright at the left side.
        parts.push(part(
            &kit.cylinder,
            &kit.wood,
            Transform::from_xyz(-r * 1.6, y0 + h * 0.55, -r * 0.3)
                .with_rotation(Quat::from_rotation_z(0.12))
                .with_scale(Vec3::new(0.045, h * 0.95, 0.045)),
        ));
    }
    // A blade in the right hand, raised forward.
    parts.push(part(
        &kit.cube,
        &kit.steel,
        Transform::from_xyz(r * 1.45, y0 + h * 0.62, -r * 0.5)
            .with_rotation(Quat::from_rotation_x(-0.6))
            .with_scale(Vec3::new(0.05, h * 0.5, r * 0.35)),
    ));
    if p.is(Runemark::Bulwark) && !missile {
        parts.push(part(
            &kit.cylinder,
            dark,
            Transform::from_xyz(-r * 1.55, y0 + h * 0.55, -r * 0.2)
                .with_rotation(Quat::from_rotation_z(FRAC_PI_2))
                .with_scale(Vec3::new(h * 0.17, 0.06, h * 0.17)),
        ));
    }
    if p.is(Runemark::Leader) {
        // A golden crest over the helm.
        parts.push(part(
            &kit.cone,
            &kit.gold,
            Transform::from_xyz(0.0, y0 + h + 0.12, 0.0).with_scale(Vec3::new(0.1, 0.3, 0.1)),
        ));
    }
    if p.is(Runemark::Monster) || p.is(Runemark::Beast) {
        for side in [-1.0f32, 1.0] {
            parts.push(part(
                &kit.cone,
                &kit.horn,
                Transform::from_xyz(side * r * 0.5, y0 + h * 0.98, 0.0)
                    .with_rotation(Quat::from_rotation_z(-side * 0.5))
                    .with_scale(Vec3::new(0.07, h * 0.2, 0.07)),
            ));
        }
    }
    if p.is(Runemark::Fly) {
        parts.extend(wings(f, colour, dark, kit, &part));
    }
    parts
}

/// A mounted fighter's beast: a long body on four legs, with a neck and head forward.
fn mount(
    f: &Frame,
    dark: &Handle<StandardMaterial>,
    kit: &Kit,
    part: impl Fn(&Handle<Mesh>, &Handle<StandardMaterial>, Transform) -> Part,
) -> Vec<Part> {
    let (h, y0) = (f.h, f.foot);
    let (w, l) = (f.a.min(f.b) * 0.7, f.a.max(f.b) * 1.2);
    let back = h * 0.45;
    let mut parts = vec![part(
        &kit.capsule,
        dark,
        Transform::from_xyz(0.0, y0 + back * 0.7, 0.0)
            .with_rotation(Quat::from_rotation_x(FRAC_PI_2))
            .with_scale(Vec3::new(w * 0.5, l * 0.25, back * 0.35)),
    )];
    for (x, z) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
        parts.push(part(
            &kit.cylinder,
            dark,
            Transform::from_xyz(x * w * 0.3, y0 + back * 0.25, z * l * 0.3).with_scale(Vec3::new(
                0.07,
                back * 0.5,
                0.07,
            )),
        ));
    }
    parts.push(part(
        &kit.sphere,
        dark,
        Transform::from_xyz(0.0, y0 + back * 1.05, -l * 0.5).with_scale(Vec3::splat(w * 0.3)),
    ));
    parts
}

/// Two wings raised from a flyer's back, a shade darker than its side colour.
fn wings(
    f: &Frame,
    _colour: Color,
    dark: &Handle<StandardMaterial>,
    kit: &Kit,
    part: &impl Fn(&Handle<Mesh>, &Handle<StandardMaterial>, Transform) -> Part,
) -> Vec<Part> {
    let (h, r, y0) = (f.h, f.r, f.foot);
    let span = r * 2.5 + 0.5;
    [-1.0f32, 1.0]
        .into_iter()
        .map(|s| {
            part(
                &kit.cube,
                dark,
                Transform::from_xyz(s * span / 2.0, y0 + h * 0.78, r * 0.7)
                    .with_rotation(Quat::from_rotation_z(s * 0.5))
                    .with_scale(Vec3::new(span, 0.04, h * 0.4)),
            )
        })
        .collect()
}

/// A figure's parts merged into one mesh per material, so that a fighter costs the renderer a
/// few draws rather than a dozen (measured on the software renderer: the parts one by one cost
/// some 6 ms of render-thread time a frame). A part whose mesh can't be merged stays apart.
pub(crate) fn merged(parts: Vec<Part>, meshes: &mut Assets<Mesh>) -> Vec<Part> {
    let mut groups: Vec<(Handle<StandardMaterial>, Mesh)> = Vec::new();
    let mut apart = Vec::new();
    for (mesh, mat, t) in parts {
        let Some(m) = meshes.get(&mesh.0) else {
            continue;
        };
        let m = m.clone().transformed_by(t);
        match groups.iter_mut().find(|g| g.0 == mat.0) {
            Some(g) => {
                if g.1.merge(&m).is_err() {
                    apart.push((Mesh3d(meshes.add(m)), mat, Transform::IDENTITY));
                }
            }
            None => groups.push((mat.0, m)),
        }
    }
    groups
        .into_iter()
        .map(|(mat, m)| {
            (
                Mesh3d(meshes.add(m)),
                MeshMaterial3d(mat),
                Transform::IDENTITY,
            )
        })
        .chain(apart)
        .collect()
}
