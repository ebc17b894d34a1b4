//! The 3D view (`gui` feature): the mat, terrain pieces at their true sizes and heights,
//! fighters on bases to scale in their side's colour, objectives, treasure and deployment
//! points; an orbit/pan/zoom camera; an egui panel; screenshots for CI.
//!
//! World units are inches; the battlefield spans x 0..30, z 0..22, y up.

use std::path::PathBuf;
use std::process::ExitCode;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::{PresentMode, WindowResolution};
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};
use bevy_panorbit_camera::{PanOrbitCamera, PanOrbitCameraPlugin};

use crate::HeadlessPlugins;
use crate::model::components::*;
use crate::model::formats::{BaseSize, Colour, TerrainKind};
use crate::model::ruleset::Ruleset;
use crate::rules::engine::{self, Engine, Outcome, Pending};
use crate::rules::log::BattleLog;
use crate::scenario::load::BattleSpec;
use crate::scenario::spawn::spawn_battle;

/// Side colours (deployment colour red/blue), readable on the mat.
pub const RED: Color = Color::srgb(0.78, 0.16, 0.14);
pub const BLUE: Color = Color::srgb(0.16, 0.36, 0.82);

#[derive(Debug, Clone, Default)]
pub struct ViewOptions {
    pub screenshot: Option<PathBuf>,
    pub exit_after_screenshot: bool,
    pub frames_before_screenshot: u32,
    /// Decisions the built-in policy makes before the first frame is shown.
    pub autoplay_commands: usize,
}

/// Spectating: the built-in policy makes decisions (Space: one; P: play on by itself).
#[derive(Resource, Debug, Clone, Default)]
struct Autoplay {
    /// Commands still to apply at once (from `--autoplay`).
    burst: usize,
    running: bool,
    last_error: Option<String>,
}

#[derive(Resource, Clone)]
struct ScreenshotPlan {
    path: Option<PathBuf>,
    exit: bool,
    frames: u32,
    frame: u32,
    taken: bool,
}

/// Opens the window on `spec` and runs until it is closed (or the screenshot is saved).
pub fn run(spec: BattleSpec, opts: ViewOptions) -> ExitCode {
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: format!("warcry-sim: {}", spec.name),
                    resolution: WindowResolution::new(1280, 720),
                    present_mode: PresentMode::AutoVsync,
                    ..default()
                }),
                ..default()
            })
            // For a screenshot, compile every pipeline before drawing, so that the captured
            // frame shows the whole scene and not only what finished compiling in time.
            .set(bevy::render::RenderPlugin {
                synchronous_pipeline_compilation: opts.screenshot.is_some(),
                ..default()
            })
            .disable::<bevy::log::LogPlugin>(),
    )
    .add_plugins((
        HeadlessPlugins,
        EguiPlugin::default(),
        PanOrbitCameraPlugin,
        MeshPickingPlugin,
        plugin,
    ))
    .insert_resource(Autoplay {
        burst: opts.autoplay_commands,
        ..default()
    })
    // The solo AI plays its sides' decisions as they come (the human's wait for Space / P).
    .insert_resource(crate::ai::solo::SoloAi::on())
    .insert_resource(ScreenshotPlan {
        path: opts.screenshot,
        exit: opts.exit_after_screenshot,
        frames: opts.frames_before_screenshot.max(1),
        frame: 0,
        taken: false,
    });
    spawn_battle(app.world_mut(), &spec);
    match app.run() {
        AppExit::Success => ExitCode::SUCCESS,
        AppExit::Error(_) => ExitCode::FAILURE,
    }
}

/// The view's systems: scene building, fighter sync, panel, screenshot.
pub fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.09, 0.1, 0.12)))
        .insert_resource(GlobalAmbientLight {
            color: Color::WHITE,
            brightness: 400.0,
            ..default()
        })
        .add_systems(Startup, (spawn_camera_and_light, spawn_static_scene))
        .add_systems(
            Update,
            (autoplay, (attach_fighter_meshes, sync_fighters, screenshot)).chain(),
        )
        .add_systems(EguiPrimaryContextPass, battle_panel);
}

fn spawn_camera_and_light(mut commands: Commands, rules: Res<Ruleset>) {
    let (w, d) = rules.battlefield;
    let centre = Vec3::new(w / 2.0, 0.0, d / 2.0);
    // Aim a little left of the centre so the side panel does not cover the battlefield.
    let focus = centre - Vec3::new(4.0, 0.0, 0.0);
    commands.spawn((
        Camera3d::default(),
        Transform::from_translation(focus + Vec3::new(0.0, 26.0, 24.0)).looking_at(focus, Vec3::Y),
        PanOrbitCamera {
            focus,
            radius: Some(34.0),
            yaw: Some(0.0),
            pitch: Some(0.85),
            zoom_lower_limit: 4.0,
            zoom_upper_limit: Some(90.0),
            ..default()
        },
    ));
    commands.spawn((
        DirectionalLight {
            illuminance: 6_500.0,
            shadow_maps_enabled: false,
            ..default()
        },
        // From above the viewer's left shoulder, so the faces the camera sees are lit.
        Transform::from_xyz(-6.0, 30.0, 40.0).looking_at(centre, Vec3::Y),
    ));
}

fn terrain_colour(kind: TerrainKind) -> Color {
    match kind {
        TerrainKind::Platform => Color::srgb(0.55, 0.5, 0.44),
        TerrainKind::Obstacle => Color::srgb(0.42, 0.4, 0.38),
        TerrainKind::LowTerrain => Color::srgb(0.47, 0.4, 0.3),
        TerrainKind::Ladder => Color::srgb(0.5, 0.33, 0.16),
        TerrainKind::Archway => Color::srgb(0.5, 0.47, 0.42),
        TerrainKind::Deadly => Color::srgb(0.45, 0.75, 0.1),
    }
}

#[allow(clippy::too_many_arguments)]
fn spawn_static_scene(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    rules: Res<Ruleset>,
    terrain: Query<&Terrain>,
    objectives: Query<&Objective>,
    treasure: Query<&Treasure>,
    points: Query<&DeploymentMarker>,
) {
    let (w, d) = rules.battlefield;
    // The mat, with a darker rim so its edge reads against the background.
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(w + 0.6, 0.2, d + 0.6))),
        MeshMaterial3d(materials.add(Color::srgb(0.16, 0.15, 0.13))),
        Transform::from_xyz(w / 2.0, -0.12, d / 2.0),
    ));
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(w, 0.02, d))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: Color::srgb(0.36, 0.42, 0.27),
            perceptual_roughness: 0.95,
            ..default()
        })),
        Transform::from_xyz(w / 2.0, -0.01, d / 2.0),
    ));
    // A faint 1" grid helps reading distances.
    let line = materials.add(StandardMaterial {
        base_color: Color::srgba(0.0, 0.0, 0.0, 0.18),
        alpha_mode: AlphaMode::Blend,
        unlit: true,
        ..default()
    });
    for x in 1..(w as i32) {
        commands.spawn((
            Mesh3d(meshes.add(Cuboid::new(0.03, 0.005, d))),
            MeshMaterial3d(line.clone()),
            Transform::from_xyz(x as f32, 0.003, d / 2.0),
        ));
    }
    for z in 1..(d as i32) {
        commands.spawn((
            Mesh3d(meshes.add(Cuboid::new(w, 0.005, 0.03))),
            MeshMaterial3d(line.clone()),
            Transform::from_xyz(w / 2.0, 0.003, z as f32),
        ));
    }
    for t in &terrain {
        let p = &t.0;
        let rot = Quat::from_rotation_y(p.rotation.to_radians());
        let (lo, hi) = match p.kind {
            TerrainKind::Deadly => (0.0, p.height.max(0.03)),
            _ => p.solid_span(),
        };
        let mat = materials.add(StandardMaterial {
            base_color: terrain_colour(p.kind),
            perceptual_roughness: 0.9,
            ..default()
        });
        if p.kind == TerrainKind::Archway {
            // Two posts and a lintel.
            let post_w = (p.size.0 * 0.2).min(0.6);
            let post = meshes.add(Cuboid::new(post_w, p.top() - p.elevation, p.size.1));
            for side in [-1.0, 1.0] {
                let offset = rot * Vec3::new(side * (p.size.0 - post_w) / 2.0, 0.0, 0.0);
                commands.spawn((
                    Mesh3d(post.clone()),
                    MeshMaterial3d(mat.clone()),
                    Transform::from_translation(
                        Vec3::new(p.position.0, (p.elevation + p.top()) / 2.0, p.position.1)
                            + offset,
                    )
                    .with_rotation(rot),
                ));
            }
        }
        commands.spawn((
            Mesh3d(meshes.add(Cuboid::new(p.size.0, hi - lo, p.size.1))),
            MeshMaterial3d(mat),
            Transform::from_xyz(p.position.0, (lo + hi) / 2.0, p.position.1).with_rotation(rot),
        ));
        if p.kind == TerrainKind::Platform && p.walled {
            // A low parapet round the top (ATK-6: no knock-offs); drawn only, it doesn't block.
            let (rim_h, rim_w) = (0.35, 0.15);
            let rim_mat = materials.add(terrain_colour(TerrainKind::Obstacle));
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
                commands.spawn((
                    Mesh3d(meshes.add(Cuboid::from_size(size))),
                    MeshMaterial3d(rim_mat.clone()),
                    Transform::from_translation(
                        Vec3::new(p.position.0, hi + rim_h / 2.0, p.position.1) + rot * off,
                    )
                    .with_rotation(rot),
                ));
            }
        }
        if p.kind == TerrainKind::Platform && p.thickness.is_some() {
            // Supports at the ends of an open walkway.
            let support = meshes.add(Cuboid::new(0.3, hi - p.elevation, 0.3));
            let smat = materials.add(terrain_colour(TerrainKind::Obstacle));
            for (sx, sz) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
                let off = rot
                    * Vec3::new(
                        sx * (p.size.0 / 2.0 - 0.2),
                        0.0,
                        sz * (p.size.1 / 2.0 - 0.2),
                    );
                commands.spawn((
                    Mesh3d(support.clone()),
                    MeshMaterial3d(smat.clone()),
                    Transform::from_translation(
                        Vec3::new(p.position.0, (p.elevation + hi) / 2.0, p.position.1) + off,
                    ),
                ));
            }
        }
    }
    let objective_mat = materials.add(StandardMaterial {
        base_color: Color::srgb(0.95, 0.8, 0.2),
        emissive: LinearRgba::rgb(0.4, 0.3, 0.0),
        ..default()
    });
    let objective_mesh = meshes.add(Cylinder::new(0.5, 0.15));
    for o in &objectives {
        commands.spawn((
            Mesh3d(objective_mesh.clone()),
            MeshMaterial3d(objective_mat.clone()),
            Transform::from_xyz(o.position.0, 0.075, o.position.1),
        ));
        // GEN-7's 3" control radius.
        commands.spawn((
            Mesh3d(meshes.add(Annulus::new(2.95, 3.0))),
            MeshMaterial3d(materials.add(StandardMaterial {
                base_color: Color::srgba(0.95, 0.8, 0.2, 0.5),
                alpha_mode: AlphaMode::Blend,
                unlit: true,
                ..default()
            })),
            Transform::from_xyz(o.position.0, 0.02, o.position.1)
                .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
        ));
    }
    let treasure_mesh = meshes.add(Cuboid::new(0.6, 0.4, 0.4));
    let treasure_mat = materials.add(Color::srgb(0.85, 0.65, 0.15));
    for t in &treasure {
        commands.spawn((
            Mesh3d(treasure_mesh.clone()),
            MeshMaterial3d(treasure_mat.clone()),
            Transform::from_xyz(t.position.0, 0.2, t.position.1),
        ));
    }
    for p in &points {
        let colour = match p.colour {
            Colour::Red => RED,
            Colour::Blue => BLUE,
        };
        let (x, z) = p.spec.position;
        let (x, z) = (x.clamp(0.0, w), z.clamp(0.0, d));
        commands.spawn((
            Mesh3d(meshes.add(Annulus::new(0.25, 0.4))),
            MeshMaterial3d(materials.add(StandardMaterial {
                base_color: colour,
                unlit: true,
                ..default()
            })),
            Transform::from_xyz(x, 0.015, z)
                .with_rotation(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2)),
        ));
        for l in &p.spec.lines {
            let a = Vec3::new(l.from.0, 0.02, l.from.1);
            let b = Vec3::new(l.to.0, 0.02, l.to.1);
            let len = a.distance(b);
            commands.spawn((
                Mesh3d(meshes.add(Cuboid::new(len.max(0.1), 0.02, 0.2))),
                MeshMaterial3d(materials.add(StandardMaterial {
                    base_color: colour,
                    unlit: true,
                    ..default()
                })),
                Transform::from_translation((a + b) / 2.0)
                    .with_rotation(Quat::from_rotation_y(-(b.z - a.z).atan2(b.x - a.x))),
            ));
        }
    }
}

/// Marks a fighter entity whose meshes are spawned.
#[derive(Component)]
struct FighterMeshes;

/// Gives each fighter a base (to scale, oval bases stretched) and a body, in its side colour.
fn attach_fighter_meshes(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    info: Res<BattleInfo>,
    fighters: Query<(Entity, &Profile, &Side), Without<FighterMeshes>>,
) {
    if info.sides.iter().any(|s| s.colour.is_none()) {
        return;
    }
    for (e, profile, side) in &fighters {
        let colour = match info.sides[side.0].colour {
            Some(Colour::Red) => RED,
            _ => BLUE,
        };
        let p = &profile.0;
        let (a, b) = p.base.half_extents();
        let body_h = p.body_height();
        let base_mesh = meshes.add(Cylinder::new(1.0, 0.12));
        let base_scale = match p.base {
            BaseSize::Round(_) => Vec3::new(a, 1.0, a),
            BaseSize::Oval(..) => Vec3::new(a, 1.0, b),
        };
        let body_r = (a.min(b) * 0.55).max(0.2);
        let body_colour = colour.lighter(0.05);
        commands
            .entity(e)
            .insert((FighterMeshes, Transform::default(), Visibility::default()))
            .with_children(|c| {
                c.spawn((
                    Mesh3d(base_mesh),
                    MeshMaterial3d(materials.add(StandardMaterial {
                        base_color: Color::srgb(0.08, 0.08, 0.08),
                        ..default()
                    })),
                    Transform::from_xyz(0.0, 0.06, 0.0).with_scale(base_scale),
                ));
                // A coloured rim on the base reads as the side colour from far away.
                c.spawn((
                    Mesh3d(meshes.add(Cylinder::new(1.0, 0.02))),
                    MeshMaterial3d(materials.add(StandardMaterial {
                        base_color: colour,
                        unlit: true,
                        ..default()
                    })),
                    Transform::from_xyz(0.0, 0.125, 0.0)
                        .with_scale(base_scale * Vec3::new(0.96, 1.0, 0.96)),
                ));
                c.spawn((
                    Mesh3d(meshes.add(Capsule3d::new(body_r, (body_h - 2.0 * body_r).max(0.1)))),
                    MeshMaterial3d(materials.add(StandardMaterial {
                        base_color: body_colour,
                        perceptual_roughness: 0.6,
                        ..default()
                    })),
                    Transform::from_xyz(0.0, 0.12 + body_h / 2.0, 0.0),
                ));
                if p.has_runemark("leader") {
                    c.spawn((
                        Mesh3d(meshes.add(Sphere::new(0.18))),
                        MeshMaterial3d(materials.add(StandardMaterial {
                            base_color: Color::srgb(1.0, 0.85, 0.2),
                            emissive: LinearRgba::rgb(0.6, 0.45, 0.0),
                            ..default()
                        })),
                        Transform::from_xyz(0.0, 0.12 + body_h + 0.3, 0.0),
                    ));
                }
            });
    }
}

/// Places fighters where the rules put them; hides those not on the battlefield.
fn sync_fighters(
    mut q: Query<
        (
            &Position,
            &Facing,
            &Presence,
            &mut Transform,
            &mut Visibility,
        ),
        With<FighterMeshes>,
    >,
) {
    for (pos, facing, presence, mut t, mut vis) in &mut q {
        t.translation = pos.0;
        t.rotation = Quat::from_rotation_y(facing.0);
        *vis = if *presence == Presence::Deployed {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
    }
}

/// Makes decisions (the solo AI for AI sides, the built-in policy for the others): the
/// `--autoplay` burst, one per Space press, and one per frame while running (P toggles).
fn autoplay(world: &mut World) {
    let (space, p) = world
        .get_resource::<ButtonInput<KeyCode>>()
        .map(|k| {
            (
                k.just_pressed(KeyCode::Space),
                k.just_pressed(KeyCode::KeyP),
            )
        })
        .unwrap_or((false, false));
    let mut a = world.resource::<Autoplay>().clone();
    if p {
        a.running = !a.running;
    }
    let n = if a.burst > 0 {
        std::mem::take(&mut a.burst)
    } else {
        usize::from(space || a.running)
    };
    if world.resource::<Engine>().pending != Pending::Setup {
        for _ in 0..n {
            match crate::sim::auto_step(world) {
                Ok(true) => {}
                Ok(false) => {
                    a.running = false;
                    break;
                }
                Err(e) => {
                    a.last_error = Some(e);
                    a.running = false;
                    break;
                }
            }
        }
    } else {
        a.burst = n.max(a.burst);
    }
    world.insert_resource(a);
}

fn battle_panel(
    mut contexts: EguiContexts,
    info: Res<BattleInfo>,
    log: Res<BattleLog>,
    eng: Res<Engine>,
    auto: Res<Autoplay>,
    fighters: Query<(&Fighter, &Side, &BattleGroup, &Presence, &Profile, &Damage)>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(info.name.as_str())
        .default_pos([10.0, 10.0])
        .default_width(300.0)
        .default_height(680.0)
        .vscroll(true)
        .show(ctx, |ui| {
            ui.label(format!(
                "Round {} · {} · {}",
                eng.round, info.victory.name, info.twist.name
            ));
            ui.label(format!(
                "Terrain: {} · Deployment: {}",
                info.terrain_name, info.deployment_name
            ));
            let side = |s: Option<usize>| {
                s.map(|s| info.sides[s].name.clone())
                    .unwrap_or_else(|| "-".into())
            };
            ui.label(format!(
                "Initiative: {} · Score {} : {} · Waiting for {}",
                side(eng.initiative),
                eng.score[0],
                eng.score[1],
                engine::describe_pending(eng.pending)
            ));
            if let Some(o) = eng.outcome {
                ui.strong(match o {
                    Outcome::Winner(s) => format!("{} wins", info.sides[s].name),
                    Outcome::Draw => "Draw".into(),
                });
            }
            ui.small(format!(
                "Space: next decision (solo AI / built-in policy) · P: {}",
                if auto.running { "pause" } else { "play on" }
            ));
            if let Some(e) = &auto.last_error {
                ui.colored_label(egui::Color32::LIGHT_RED, e);
            }
            // The solo AI's last decisions and why (SOLO-A..C), the newest last.
            let decisions: Vec<_> = log
                .entries
                .iter()
                .rev()
                .filter(|e| matches!(e.event, crate::rules::log::Event::Decision { .. }))
                .take(3)
                .collect();
            if !decisions.is_empty() {
                ui.separator();
                ui.strong("Solo AI");
                for d in decisions.iter().rev() {
                    ui.small(format!(
                        "R{} [{}] {}",
                        d.round,
                        crate::model::RuleId::list(&d.rules),
                        log.text_of(d)
                    ));
                }
            }
            ui.separator();
            for (i, s) in info.sides.iter().enumerate() {
                let d = &eng.dice[i];
                let dice = d
                    .groups
                    .iter()
                    .map(|g| format!("{} {}s", g.kind(), g.value))
                    .collect::<Vec<_>>()
                    .join(", ");
                let colour = match s.colour {
                    Some(Colour::Red) => egui::Color32::from_rgb(220, 70, 60),
                    Some(Colour::Blue) => egui::Color32::from_rgb(90, 140, 240),
                    None => egui::Color32::GRAY,
                };
                let prio = if info.priority == Some(i) {
                    " (priority)"
                } else {
                    ""
                };
                ui.colored_label(colour, format!("{} · {}{prio}", s.name, s.controller));
                ui.small(format!(
                    "  singles {} · ability dice: {} · wild saved {}",
                    d.singles_count(),
                    if dice.is_empty() { "none".into() } else { dice },
                    d.saved
                ));
                let mut rows: Vec<_> = fighters.iter().filter(|f| f.1.0 == i).collect();
                rows.sort_by_key(|f| f.0.id);
                for (f, _, g, p, prof, dmg) in rows {
                    let where_ = match p {
                        Presence::Deployed => String::new(),
                        Presence::Reserve { round } => format!(" · reserve R{round}"),
                        Presence::Unplaced => " · unplaced".into(),
                        Presence::TakenDown => " · taken down".into(),
                    };
                    ui.label(format!(
                        "  {} · {} · {}/{} W{where_}",
                        g.0,
                        f.name,
                        prof.0.wounds.saturating_sub(dmg.0),
                        prof.0.wounds
                    ));
                }
            }
            ui.separator();
            egui::ScrollArea::vertical()
                .max_height(140.0)
                .show(ui, |ui| {
                    for e in log.entries.iter().rev().take(12) {
                        ui.small(format!(
                            "[{}] {}",
                            crate::model::RuleId::list(&e.rules),
                            log.text_of(e)
                        ));
                    }
                });
        });
    Ok(())
}

fn screenshot(
    mut commands: Commands,
    mut plan: ResMut<ScreenshotPlan>,
    mut exit: MessageWriter<AppExit>,
    saving: Query<(), With<bevy::render::view::screenshot::Capturing>>,
) {
    let Some(path) = plan.path.clone() else {
        return;
    };
    plan.frame += 1;
    if !plan.taken && plan.frame >= plan.frames {
        plan.taken = true;
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(path));
        return;
    }
    // Exit a few frames after the capture has been written.
    if plan.taken && plan.exit && saving.is_empty() && plan.frame >= plan.frames + 3 {
        exit.write(AppExit::Success);
    }
}
