//! Balance while a designer edits (`preview`'s B): AI-vs-AI battles of a layout played on a
//! thread of their own, in small slices, so that the figures can be read as they converge and
//! the window that asked stays responsive. Stopped when dropped (an edit starts a new run).
//! The battles are `simulate`'s (`batch::run`: each seed twice, the warbands swapped), so a
//! run to its end gives the same figures as `simulate` with the same seeds.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::balance::Summary;
use super::batch::{Plan, Pool, Tally, run};
use crate::scenario::load::BattleSpec;

/// Battles in each slice played between two looks at the figures.
const SLICE: usize = 8;

/// The figures so far.
#[derive(Debug, Clone, Default)]
pub struct LiveFigures {
    pub planned: usize,
    pub tally: Tally,
    /// How long the battles so far took, and whether the run is over.
    pub took: Duration,
    pub finished: bool,
}

impl LiveFigures {
    /// Battles played so far (ended, stalled or errored).
    pub fn played(&self) -> usize {
        self.tally.battles
    }

    /// What a designer reads, from the battles that ended so far.
    pub fn summary(&self) -> Summary {
        let t = &self.tally;
        Summary::of(&t.counts, t.rounds, t.ended() as u64, t.draws as u64)
    }
}

/// A run of battles in the background.
pub struct LiveBalance {
    figures: Arc<Mutex<LiveFigures>>,
    stop: Arc<AtomicBool>,
}

impl LiveBalance {
    /// Starts playing `battles` battles of `spec` from seed 1 on `threads` threads; `news` is
    /// called after each slice (a window wakes to show the figures).
    pub fn start(
        spec: BattleSpec,
        battles: usize,
        threads: usize,
        news: impl Fn() + Send + 'static,
    ) -> LiveBalance {
        let figures = Arc::new(Mutex::new(LiveFigures {
            planned: battles,
            ..LiveFigures::default()
        }));
        let stop = Arc::new(AtomicBool::new(false));
        let (f, s) = (figures.clone(), stop.clone());
        let spawned = std::thread::Builder::new()
            .name("live balance".into())
            .spawn(move || play(&spec, (battles, threads), &f, &s, &news));
        if spawned.is_err()
            && let Ok(mut f) = figures.lock()
        {
            f.finished = true;
        }
        LiveBalance { figures, stop }
    }

    /// A copy of the figures so far.
    pub fn figures(&self) -> LiveFigures {
        self.figures.lock().map(|f| f.clone()).unwrap_or_default()
    }

    /// Stops after the slice being played.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for LiveBalance {
    fn drop(&mut self) {
        self.stop();
    }
}

fn play(
    spec: &BattleSpec,
    (battles, threads): (usize, usize),
    figures: &Mutex<LiveFigures>,
    stop: &AtomicBool,
    news: &dyn Fn(),
) {
    let started = Instant::now();
    let slices = battles.div_ceil(SLICE).max(1);
    for k in 1..=slices {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let plan = Plan {
            battles,
            first_seed: 1,
            shard: Some((k, slices)),
        };
        let pool = Pool {
            threads,
            background: true,
        };
        let (report, _) = run(spec, &plan, pool, &|| {});
        let Ok(mut f) = figures.lock() else {
            return;
        };
        f.tally.merge(&report.tally);
        f.took = started.elapsed();
        drop(f);
        news();
    }
    if let Ok(mut f) = figures.lock() {
        f.finished = true;
    }
    news();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::load::{DEFAULT_BATTLE, Embedded, load_battle};

    /// A live run played to its end counts exactly what `simulate` counts for the same seeds.
    #[test]
    fn vic1_a_live_run_to_its_end_equals_simulate() {
        let spec = load_battle(&Embedded, DEFAULT_BATTLE).unwrap();
        let live = LiveBalance::start(spec.clone(), 12, 1, || {});
        let mut f = live.figures();
        for _ in 0..6000 {
            if f.finished {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
            f = live.figures();
        }
        assert!(f.finished, "12 battles in a minute");
        let whole = super::super::batch::simulate(&spec, 12, 1, 1);
        assert_eq!(f.played(), 12);
        assert_eq!(f.tally, whole.tally);
    }
}
