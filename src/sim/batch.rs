//! Batches of AI-vs-AI battles on a few threads, and their figures. Each battle ends (a
//! winner or a draw), stalls (it has not ended but nobody can decide, or it hit the command
//! limit) or errors (the rules rejected a command of the AI, or the battle panicked).

use std::panic::AssertUnwindSafe;
use std::time::Duration;

use serde::Serialize;

use super::BattleResult;
use crate::model::formats::Controller;
use crate::rules::engine::Outcome;
use crate::scenario::load::BattleSpec;

/// How many stalled seeds (and their reasons) a report lists; `stalls` counts them all.
pub const STALLS_LISTED: usize = 20;

/// How one battle of a batch went.
#[derive(Debug, Clone)]
pub enum Verdict {
    /// The battle ended: a winner or a draw.
    Ended(BattleResult),
    /// The battle has not ended, but nobody can decide or it hit the command limit.
    Stalled { seed: u64, reason: String },
    /// The rules rejected a command of the AI, or the battle panicked: `seed N: why`.
    Error(String),
}

/// `spec` with every side played by the solo AI (each treating the other as the player
/// warband).
pub fn ai_v_ai(spec: &BattleSpec) -> BattleSpec {
    let mut spec = spec.clone();
    for s in &mut spec.sides {
        s.controller = Controller::Ai;
    }
    spec
}

/// Plays `spec` with `seed` to the end (see [`super::run_one`]) and says how it went. A panic is an
/// error of this battle, not of the batch.
pub fn judge(spec: &BattleSpec, seed: u64) -> Verdict {
    let run = std::panic::catch_unwind(AssertUnwindSafe(|| super::result_of(spec, seed)));
    match run {
        Ok(Ok(r)) if r.outcome.is_some() => Verdict::Ended(r),
        Ok(Ok(r)) => Verdict::Stalled {
            seed,
            reason: format!(
                "the battle stopped after {} commands, not ended",
                r.commands
            ),
        },
        Ok(Err(e)) if e.is_stall() => Verdict::Stalled {
            seed,
            reason: e.to_string(),
        },
        Ok(Err(e)) => Verdict::Error(format!("seed {seed}: {e}")),
        Err(panic) => Verdict::Error(format!(
            "seed {seed}: the battle panicked: {}",
            panic_text(panic.as_ref())
        )),
    }
}

fn panic_text(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".to_string()
    }
}

/// Runs `job(0)`, ..., `job(n - 1)` on `threads` threads, each thread taking the next job
/// not yet taken (no thread waits while another still has several to do); the results in
/// job order. A job should not panic: a panic is passed on to the caller.
pub fn parallel<T: Send>(n: usize, threads: usize, job: impl Fn(usize) -> T + Sync) -> Vec<T> {
    let threads = threads.max(1);
    let job = &job;
    let next = &std::sync::atomic::AtomicUsize::new(0);
    let mut done: Vec<(usize, T)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(move || {
                    std::iter::from_fn(|| {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        (i < n).then(|| (i, job(i)))
                    })
                    .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .collect()
    });
    done.sort_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, t)| t).collect()
}

/// The figures of some battles' verdicts (in a report's JSON, its fields sit beside the
/// report's own).
#[derive(Debug, Clone, Default, Serialize)]
pub struct Tally {
    pub battles: usize,
    pub wins: [usize; 2],
    pub draws: usize,
    /// Battles that stalled: not ended, but nobody could decide (the solo AI found nothing to
    /// do) or the command limit was hit. Not errors: no command was rejected.
    pub stalls: usize,
    /// The first [`STALLS_LISTED`] stalled seeds, and why each stalled (`seed N: why`).
    pub stalled_seeds: Vec<u64>,
    pub stall_reasons: Vec<String>,
    /// `seed N: why` for each battle where the rules rejected a command of the AI or that
    /// panicked.
    pub errors: Vec<String>,
    /// Sums over the battles that ended.
    #[serde(skip)]
    pub rounds: u64,
    #[serde(skip)]
    pub commands: u64,
}

impl Tally {
    pub fn of(verdicts: &[Verdict]) -> Self {
        let mut t = Tally {
            battles: verdicts.len(),
            ..Tally::default()
        };
        for v in verdicts {
            match v {
                Verdict::Ended(b) => t.ended_battle(b),
                Verdict::Stalled { seed, reason } => t.stalled(*seed, reason),
                Verdict::Error(e) => t.errors.push(e.clone()),
            }
        }
        t
    }

    fn ended_battle(&mut self, b: &BattleResult) {
        match b.outcome {
            Some(Outcome::Winner(s)) => self.wins[s] += 1,
            Some(Outcome::Draw) => self.draws += 1,
            None => return self.stalled(b.seed, "the battle stopped before its end"),
        }
        self.rounds += u64::from(b.rounds);
        self.commands += b.commands as u64;
    }

    fn stalled(&mut self, seed: u64, reason: &str) {
        self.stalls += 1;
        if self.stalled_seeds.len() < STALLS_LISTED {
            self.stalled_seeds.push(seed);
            self.stall_reasons.push(format!("seed {seed}: {reason}"));
        }
    }

    /// Battles that ended, with a winner or a draw.
    pub fn ended(&self) -> usize {
        self.wins[0] + self.wins[1] + self.draws
    }
}

/// Figures of a batch of battles (the JSON `simulate` prints).
#[derive(Debug, Clone, Serialize)]
pub struct BatchReport {
    pub battle: String,
    /// The names of the deployment and victory cards played.
    pub deployment: String,
    pub victory: String,
    pub first_seed: u64,
    #[serde(flatten)]
    pub tally: Tally,
    /// Battles with neither a winner nor a draw: `stalls + errors.len()`, so that
    /// `wins[0] + wins[1] + draws + unfinished == battles`.
    pub unfinished: usize,
    /// Means over the battles that ended.
    pub mean_rounds: f64,
    pub mean_commands: f64,
    pub ms_per_battle: f64,
    pub threads: usize,
    /// The process's peak resident memory so far, in MiB (Linux; absent elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peak_memory_mib: Option<f64>,
}

/// The process's peak resident memory in MiB: `VmHWM` of `/proc/self/status` (Linux).
pub fn peak_memory_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some((kib / 1024.0 * 10.0).round() / 10.0)
}

impl BatchReport {
    fn new(spec: &BattleSpec, first_seed: u64, threads: usize, t: Tally, took: Duration) -> Self {
        let ended = t.ended().max(1) as f64;
        let ms = took.as_secs_f64() * 1000.0;
        BatchReport {
            battle: spec.name.clone(),
            deployment: spec.deployment.name.clone(),
            victory: spec.victory.name.clone(),
            first_seed,
            unfinished: t.stalls + t.errors.len(),
            mean_rounds: t.rounds as f64 / ended,
            mean_commands: t.commands as f64 / ended,
            ms_per_battle: ms * threads as f64 / t.battles.max(1) as f64,
            threads,
            tally: t,
            peak_memory_mib: peak_memory_mib(),
        }
    }

    /// No battle errored or stalled.
    pub fn all_ended(&self) -> bool {
        self.tally.errors.is_empty() && self.tally.stalls == 0
    }
}

/// Plays `n` AI-vs-AI battles (both sides by the solo AI, each treating the other as the
/// player warband) with seeds `first_seed..first_seed + n` on `threads` threads. A command of
/// the AI that the rules reject is an error of that battle; a battle that doesn't end is a
/// stall.
pub fn simulate(spec: &BattleSpec, n: usize, first_seed: u64, threads: usize) -> BatchReport {
    let spec = ai_v_ai(spec);
    let threads = threads.max(1);
    let start = std::time::Instant::now();
    let verdicts = parallel(n, threads, |i| judge(&spec, first_seed + i as u64));
    BatchReport::new(
        &spec,
        first_seed,
        threads,
        Tally::of(&verdicts),
        start.elapsed(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Determinism: however many threads play a batch and whichever takes which job (slow
    /// jobs and quick ones mixed), the results come back in job order.
    #[test]
    fn parallel_jobs_come_back_in_job_order_on_any_number_of_threads() {
        let job = |i: usize| {
            if i.is_multiple_of(7) {
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
            i * i
        };
        let expected: Vec<usize> = (0..60).map(job).collect();
        for threads in [1, 2, 3, 8] {
            assert_eq!(parallel(60, threads, job), expected, "{threads} threads");
        }
        assert!(parallel(0, 2, job).is_empty());
    }
}
