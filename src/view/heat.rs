//! `preview`'s live balance (B): AI-vs-AI battles of the layout on the board played in the
//! background on every core but one (`sim::live`), the figures read as they come, and drawn on
//! the board as a heatmap: where fighters were taken down (ATK-5), the squares most walked
//! through (MOVE-1), or which colour held each objective at the rounds' ends (GEN-7). An edit
//! of the layout starts the battles again on the new one.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;

use crate::model::components::Objective;
use crate::rules::door::BattleSet;
use crate::screens::preview::Preview;
use crate::screens::{NextBattle, Screen};
use crate::sim::live::{LiveBalance, LiveFigures};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<LiveRun>().add_systems(
        Update,
        (keys, restart_on_edit, read_figures, draw_heat)
            .chain()
            .in_set(BattleSet::React)
            .run_if(resource_exists::<Preview>)
            .run_if(in_state(Screen::Battle)),
    );
}

/// What the heatmap shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) enum HeatMap {
    Off,
    /// ATK-5: where fighters were taken down.
    #[default]
    Downs,
    /// MOVE-1: the squares most walked through.
    Walked,
    /// GEN-7: which colour held each objective.
    Objectives,
}

/// The live run: how many battles to play, the run itself and its figures so far.
#[derive(Resource)]
pub(crate) struct LiveRun {
    pub battles: usize,
    pub run: Option<LiveBalance>,
    pub figures: LiveFigures,
    pub map: HeatMap,
    /// The layout (`Preview::loads`) the battles are of.
    layout: u32,
    /// What the heatmap on the board was drawn from: (battles played, map, layout).
    drawn: Option<(usize, HeatMap, u32)>,
    meshes: Vec<Entity>,
}

impl Default for LiveRun {
    fn default() -> Self {
        LiveRun {
            battles: 1000,
            run: None,
            figures: LiveFigures::default(),
            map: HeatMap::Downs,
            layout: 0,
            drawn: None,
            meshes: Vec::new(),
        }
    }
}

/// The threads the battles get: every core but one, for the window.
pub(crate) fn balance_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .saturating_sub(1)
        .max(1)
}

/// What starting the battles needs from the world.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct Starter<'w> {
    next: Option<Res<'w, NextBattle>>,
    proxy: Option<Res<'w, bevy::winit::EventLoopProxyWrapper>>,
}

impl Starter<'_> {
    /// Starts (or starts again) the battles of the layout on the board.
    pub(crate) fn start(&self, run: &mut LiveRun, layout: u32) {
        let Some(next) = &self.next else {
            return;
        };
        let wake = self.proxy.as_ref().map(|p| (***p).clone());
        run.run = Some(LiveBalance::start(
            next.spec.clone(),
            run.battles,
            balance_threads(),
            move || {
                if let Some(w) = &wake {
                    let _ = w.send_event(bevy::winit::WinitUserEvent::WakeUp);
                }
            },
        ));
        run.figures = LiveFigures::default();
        run.layout = layout;
    }
}

/// B starts the battles, or stops them (`--balance N` starts N at once).
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    mut run: ResMut<LiveRun>,
    mut preview: ResMut<Preview>,
    starter: Starter,
) {
    if let Some(n) = preview.balance.take() {
        run.battles = n.max(1);
        return starter.start(&mut run, preview.loads);
    }
    if !keys.just_pressed(KeyCode::KeyB) || egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    if run.run.as_ref().is_some_and(|r| !r.figures().finished) {
        if let Some(r) = &run.run {
            r.stop();
        }
    } else {
        starter.start(&mut run, preview.loads);
    }
}

/// A new good layout: its battles start again (when there were any).
fn restart_on_edit(mut run: ResMut<LiveRun>, preview: Res<Preview>, starter: Starter) {
    if run.run.is_none() || run.layout == preview.loads || preview.problems.is_some() {
        return;
    }
    starter.start(&mut run, preview.loads);
}

fn read_figures(mut run: ResMut<LiveRun>) {
    if let Some(f) = run.run.as_ref().map(LiveBalance::figures) {
        run.figures = f;
    }
}

/// The heatmap on the board, redrawn when more battles came in or another map was chosen.
fn draw_heat(
    mut commands: Commands,
    mut run: ResMut<LiveRun>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    objectives: Query<&Objective>,
) {
    let key = (run.figures.played(), run.map, run.layout);
    if run.drawn == Some(key) {
        return;
    }
    run.drawn = Some(key);
    for e in std::mem::take(&mut run.meshes) {
        commands.entity(e).despawn();
    }
    let counts = &run.figures.tally.counts;
    let layers = match run.map {
        HeatMap::Off => Vec::new(),
        HeatMap::Downs => squares(&counts.downs, counts.downs_size),
        HeatMap::Walked => squares(&counts.walked, counts.downs_size),
        HeatMap::Objectives => {
            let rounds = run.figures.tally.rounds;
            let at: Vec<(usize, Vec2)> = objectives
                .iter()
                .map(|o| (o.index, Vec2::new(o.position.0, o.position.1)))
                .collect();
            discs(&counts.objective_rounds, rounds, &at)
        }
    };
    for (quads, colour) in layers {
        let Some(mesh) = quads.mesh() else {
            continue;
        };
        let material = materials.add(StandardMaterial {
            base_color: colour,
            unlit: true,
            alpha_mode: AlphaMode::Blend,
            cull_mode: None,
            ..default()
        });
        let e = commands
            .spawn((Mesh3d(meshes.add(mesh)), MeshMaterial3d(material)))
            .id();
        run.meshes.push(e);
    }
}

/// Flat quads of one colour, made into one mesh.
#[derive(Default)]
struct Quads {
    pos: Vec<[f32; 3]>,
    index: Vec<u32>,
}

impl Quads {
    fn push(&mut self, corners: [Vec3; 4]) {
        let n = self.pos.len() as u32;
        self.pos.extend(corners.map(|c| c.to_array()));
        self.index.extend([n, n + 2, n + 1, n, n + 3, n + 2]);
    }

    fn mesh(self) -> Option<Mesh> {
        if self.index.is_empty() {
            return None;
        }
        let normals = vec![[0.0, 1.0, 0.0]; self.pos.len()];
        Some(
            Mesh::new(
                PrimitiveTopology::TriangleList,
                RenderAssetUsages::default(),
            )
            .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, self.pos)
            .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
            .with_inserted_indices(Indices::U32(self.index)),
        )
    }
}

/// Height of the heatmap over the mat (under the objectives' discs and the zones' rings).
const HEAT_Y: f32 = 0.02;

/// Shades of the heatmap, from few to most.
const SHADES: usize = 8;

/// Each 1" square with anything counted, from yellow to red on a square-root scale (the few
/// squares with most don't wash out the rest), in [`SHADES`] shades.
fn squares(grid: &[u64], [w, _]: [u32; 2]) -> Vec<(Quads, Color)> {
    let most = grid.iter().copied().max().unwrap_or(0);
    if most == 0 || w == 0 {
        return Vec::new();
    }
    let mut shades: Vec<Quads> = (0..SHADES).map(|_| Quads::default()).collect();
    for (i, &n) in grid.iter().enumerate().filter(|(_, n)| **n > 0) {
        let (x, z) = ((i as u32 % w) as f32, (i as u32 / w) as f32);
        let t = (n as f32 / most as f32).sqrt();
        let k = ((t * SHADES as f32).ceil() as usize).clamp(1, SHADES) - 1;
        shades[k].push([
            Vec3::new(x, HEAT_Y, z),
            Vec3::new(x + 1.0, HEAT_Y, z),
            Vec3::new(x + 1.0, HEAT_Y, z + 1.0),
            Vec3::new(x, HEAT_Y, z + 1.0),
        ]);
    }
    shades
        .into_iter()
        .enumerate()
        .map(|(k, q)| {
            let t = (k + 1) as f32 / SHADES as f32;
            let c = Color::srgb(0.95, 0.85, 0.2).mix(&Color::srgb(0.9, 0.12, 0.08), t);
            (q, c.with_alpha(0.2 + 0.55 * t))
        })
        .collect()
}

/// A disc of 3" (GEN-7's reach) round each objective, in the colours that held it: red and
/// blue by their share of the rounds played, grey for the rounds nobody held it.
fn discs(held: &[[u64; 2]], rounds: u64, objectives: &[(usize, Vec2)]) -> Vec<(Quads, Color)> {
    if rounds == 0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for &(i, at) in objectives {
        let [red, blue] = held.get(i).copied().unwrap_or([0, 0]);
        let (r, b) = (red as f32 / rounds as f32, blue as f32 / rounds as f32);
        let colour = Color::srgb(
            0.5 + 0.45 * (r - b),
            0.45 - 0.25 * (r + b),
            0.5 + 0.45 * (b - r),
        );
        let mut q = Quads::default();
        let ring = 48;
        for k in 0..ring {
            let (a0, a1) = (
                k as f32 / ring as f32 * std::f32::consts::TAU,
                (k + 1) as f32 / ring as f32 * std::f32::consts::TAU,
            );
            let p = |a: f32, r: f32| Vec3::new(at.x + a.cos() * r, HEAT_Y, at.y + a.sin() * r);
            q.push([p(a0, 0.0), p(a0, 3.0), p(a1, 3.0), p(a1, 0.0)]);
        }
        out.push((q, colour.with_alpha(0.55)));
    }
    out
}
