//! How fast the view draws, and how it picks a look the machine can afford.
//!
//! `--report-fps`: frame times (median and 95th percentile), the main thread's own CPU time
//! per frame (from the first to the last schedule of a frame: everything but the render
//! thread's work), and the time to the first frame, printed when the app exits.
//!
//! `--graphics low|high|auto`: a software renderer (Mesa lavapipe, no GPU) pays for every
//! pixel's shading on the CPU, so `low` drops multisampling and tonemapping and draws every
//! material with the flat shader of `view::flat`; `auto` (the default) picks `low` on a
//! software adapter.

use std::time::{Duration, Instant};

use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::render::view::Msaa;

/// The look the view draws with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Graphics {
    /// `low` on a software renderer, `high` on a GPU.
    #[default]
    Auto,
    Low,
    High,
}

/// Frame timing, when asked for.
#[derive(Resource, Debug)]
pub(crate) struct FrameReport {
    started: Instant,
    /// Frames left out at the start (pipelines compiling, the first layout).
    warmup: u32,
    /// Exit after this many measured frames (for scripted runs).
    exit_after: Option<u32>,
    frame: u32,
    first_frame: Option<Duration>,
    frame_began: Option<Instant>,
    frame_ms: Vec<f64>,
    main_ms: Vec<f64>,
}

impl FrameReport {
    pub(crate) fn new(started: Instant, exit_after: Option<u32>) -> Self {
        FrameReport {
            started,
            warmup: 10,
            exit_after,
            frame: 0,
            first_frame: None,
            frame_began: None,
            frame_ms: Vec::new(),
            main_ms: Vec::new(),
        }
    }

    /// One line for people: `frames 120: median 95.2 ms, 95th percentile 120.4 ms; ...`.
    pub(crate) fn summary(&self) -> String {
        let first = self
            .first_frame
            .map_or("never".to_string(), |d| format!("{:.2} s", d.as_secs_f64()));
        format!(
            "frames {}: frame time median {:.1} ms, 95th percentile {:.1} ms; main thread CPU \
             per frame median {:.2} ms, 95th percentile {:.2} ms; first frame after {first}",
            self.frame_ms.len(),
            percentile(&self.frame_ms, 0.5),
            percentile(&self.frame_ms, 0.95),
            percentile(&self.main_ms, 0.5),
            percentile(&self.main_ms, 0.95),
        )
    }
}

/// The `q` quantile of `v` (nearest rank); 0 for no samples.
fn percentile(v: &[f64], q: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let i = ((s.len() as f64 * q).ceil() as usize).clamp(1, s.len()) - 1;
    s[i]
}

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(First, begin_frame.run_if(resource_exists::<FrameReport>))
        .add_systems(Last, end_frame.run_if(resource_exists::<FrameReport>))
        .add_systems(PostStartup, apply_graphics)
        .add_systems(
            Last,
            print_on_exit
                .after(end_frame)
                .run_if(resource_exists::<FrameReport>),
        );
}

fn begin_frame(mut r: ResMut<FrameReport>) {
    r.frame_began = Some(Instant::now());
}

fn end_frame(mut r: ResMut<FrameReport>, time: Res<Time<Real>>, mut exit: MessageWriter<AppExit>) {
    r.frame += 1;
    // Rendering runs one frame behind the main thread (pipelined): the first frame is drawn
    // while the second is updated.
    if r.frame == 2 {
        r.first_frame = Some(r.started.elapsed());
    }
    if r.frame <= r.warmup {
        return;
    }
    let main = r
        .frame_began
        .map_or(0.0, |t| t.elapsed().as_secs_f64() * 1000.0);
    r.main_ms.push(main);
    r.frame_ms.push(time.delta_secs_f64() * 1000.0);
    if r.exit_after == Some(r.frame_ms.len() as u32) {
        println!("{}", r.summary());
        exit.write(AppExit::Success);
    }
}

/// The window closed (or something else ended the app): the figures so far.
fn print_on_exit(r: Res<FrameReport>, mut exits: MessageReader<AppExit>) {
    if exits.read().next().is_some() && r.exit_after.is_none() {
        println!("{}", r.summary());
    }
}

/// The look chosen for this machine.
#[derive(Resource, Debug, Clone, Copy)]
pub(crate) struct GraphicsChoice(pub Graphics);

/// Whether the view draws the cheap look (decided once the adapter is known).
#[derive(Resource, Debug, Clone, Copy, Default)]
pub(crate) struct LowGraphics(pub bool);

/// Decides the look and applies it to the cameras: `low` turns off multisampling and
/// tonemapping.
fn apply_graphics(
    choice: Res<GraphicsChoice>,
    adapter: Option<Res<RenderAdapterInfo>>,
    mut commands: Commands,
    cameras: Query<Entity, With<Camera3d>>,
) {
    let software = adapter.is_some_and(|a| format!("{:?}", a.0.device_type) == "Cpu");
    let low = match choice.0 {
        Graphics::Low => true,
        Graphics::High => false,
        Graphics::Auto => software,
    };
    commands.insert_resource(LowGraphics(low));
    if low {
        for cam in &cameras {
            commands.entity(cam).insert((Msaa::Off, Tonemapping::None));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_and_95th_percentile_are_nearest_ranks() {
        let v: Vec<f64> = (1..=20).map(f64::from).collect();
        assert_eq!(percentile(&v, 0.5), 10.0);
        assert_eq!(percentile(&v, 0.95), 19.0);
        assert_eq!(percentile(&[], 0.5), 0.0);
    }
}
