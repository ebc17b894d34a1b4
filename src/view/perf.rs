//! How fast the view draws, and how it picks a look the machine can afford.
//!
//! `--report-fps`: frame times (median and 95th percentile), the main thread's CPU time per
//! frame from the first to the last schedule of a frame (the app's own work: the rules, the
//! AI, the view's systems and egui; rendering runs on its own thread), the CPU time of all
//! threads but Mesa's rasteriser's, and the time to the first frame, printed when the app
//! exits.
//!
//! `--graphics low|high|auto`: a software renderer (Mesa lavapipe, no GPU) pays for every
//! pixel's shading on the CPU, so `low` drops multisampling and tonemapping and draws every
//! material with the flat shader of `view::flat`; `auto` (the default) picks `low` on a
//! software adapter.

use std::time::{Duration, Instant};

use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::ecs::system::NonSendMarker;
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
    /// When the frame's first schedule began, and the main thread's CPU time then.
    frame_began: Option<(Instant, Option<Duration>)>,
    frame_ms: Vec<f64>,
    /// Wall-clock time from the frame's first schedule to its last.
    schedules_ms: Vec<f64>,
    /// The main thread's CPU time in the same span.
    main_cpu_ms: Vec<f64>,
    /// CPU time of every thread but the software rasteriser's, when measuring began.
    app_cpu_began: Option<Duration>,
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
            schedules_ms: Vec::new(),
            main_cpu_ms: Vec::new(),
            app_cpu_began: None,
        }
    }

    /// One line for people: `frames 120: frame time median 95.2 ms, ...`.
    pub(crate) fn summary(&self) -> String {
        let first = self
            .first_frame
            .map_or("never".to_string(), |d| format!("{:.2} s", d.as_secs_f64()));
        // Read once, when the figures are printed, not every frame.
        let app = match (self.app_cpu_began, app_cpu()) {
            (Some(a), Some(b)) if !self.frame_ms.is_empty() => {
                format!(
                    "{:.2} ms",
                    ms(b.saturating_sub(a)) / self.frame_ms.len() as f64
                )
            }
            _ => "not measured".to_string(),
        };
        format!(
            "frames {}: frame time median {:.1} ms, 95th percentile {:.1} ms; main thread CPU \
             per frame median {:.2} ms, 95th percentile {:.2} ms (its schedules took {:.2} ms \
             of wall-clock time); CPU per frame of all threads but Mesa's rasteriser threads \
             (Bevy's render thread and the driver's queue included): {app}; first frame \
             after {first}",
            self.frame_ms.len(),
            percentile(&self.frame_ms, 0.5),
            percentile(&self.frame_ms, 0.95),
            percentile(&self.main_cpu_ms, 0.5),
            percentile(&self.main_cpu_ms, 0.95),
            percentile(&self.schedules_ms, 0.5),
        )
    }

    /// The figures of one measured frame.
    fn record(&mut self, frame: Duration) {
        let Some((began, cpu_began)) = self.frame_began else {
            return;
        };
        self.schedules_ms.push(ms(began.elapsed()));
        if let (Some(a), Some(b)) = (cpu_began, thread_cpu()) {
            self.main_cpu_ms.push(ms(b.saturating_sub(a)));
        }
        self.frame_ms.push(ms(frame));
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The calling thread's time on a CPU so far (Linux's scheduler statistics, in
/// nanoseconds); `None` elsewhere.
fn thread_cpu() -> Option<Duration> {
    schedstat(std::path::Path::new("/proc/thread-self/schedstat"))
}

fn schedstat(path: &std::path::Path) -> Option<Duration> {
    let text = std::fs::read_to_string(path).ok()?;
    let ns = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// The CPU time so far of the app's threads, all but the software rasteriser's (Mesa names
/// its threads `llvmpipe-N`); `None` where Linux's per-thread statistics are missing.
fn app_cpu() -> Option<Duration> {
    let mut total = Duration::ZERO;
    for task in std::fs::read_dir("/proc/self/task").ok()?.flatten() {
        let comm = std::fs::read_to_string(task.path().join("comm")).unwrap_or_default();
        if comm.starts_with("llvmpipe") {
            continue;
        }
        total += schedstat(&task.path().join("schedstat")).unwrap_or_default();
    }
    Some(total)
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

/// Runs on the main thread (`NonSendMarker`), so that its CPU clock is the main thread's.
fn begin_frame(mut r: ResMut<FrameReport>, _main: NonSendMarker) {
    r.frame_began = Some((Instant::now(), thread_cpu()));
}

fn end_frame(
    mut r: ResMut<FrameReport>,
    time: Res<Time<Real>>,
    mut exit: MessageWriter<AppExit>,
    _main: NonSendMarker,
) {
    r.frame += 1;
    // Rendering runs one frame behind the main thread (pipelined): the first frame is drawn
    // while the second is updated.
    if r.frame == 2 {
        r.first_frame = Some(r.started.elapsed());
    }
    if r.frame == r.warmup {
        r.app_cpu_began = app_cpu();
    }
    if r.frame <= r.warmup {
        return;
    }
    r.record(time.delta());
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
    let software = adapter.is_some_and(|a| a.0.device_type == wgpu_types::DeviceType::Cpu);
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
