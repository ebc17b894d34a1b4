//! Batches of AI-vs-AI battles on a few threads, and their figures. Each battle ends (a
//! winner or a draw), stalls (it has not ended but nobody can decide, or it hit the command
//! limit) or errors (the rules rejected a command of the AI, or the battle panicked).

use std::panic::AssertUnwindSafe;

use serde::{Deserialize, Serialize};

use super::balance::{Counts, Summary};

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
    Ended(Box<BattleResult>),
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
        Ok(Ok(r)) if r.outcome.is_some() => Verdict::Ended(Box::new(r)),
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

/// The threads battles are played on: how many, and whether they give way to everything else
/// on the machine (the lowest priority: `preview`'s live balance beside its window).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pool {
    pub threads: usize,
    pub background: bool,
}

impl From<usize> for Pool {
    fn from(threads: usize) -> Self {
        Pool {
            threads,
            background: false,
        }
    }
}

/// Lowers the calling thread's priority to the least (nice 19; on Linux a thread's own).
fn give_way() {
    #[cfg(unix)]
    let _ = rustix::process::setpriority_process(None, 19);
}

/// Runs `job(0)`, ..., `job(n - 1)` on a rayon pool of `pool.threads` threads (work-stealing:
/// no thread waits while another still has several to do); the results in job order, so that
/// the figures never depend on the number of threads. A job should not panic: a panic is
/// passed on to the caller.
pub fn parallel<T: Send>(
    n: usize,
    pool: impl Into<Pool>,
    job: impl Fn(usize) -> T + Sync,
) -> Vec<T> {
    use rayon::prelude::*;
    let pool = pool.into();
    let background = pool.background;
    match rayon::ThreadPoolBuilder::new()
        .num_threads(pool.threads.max(1))
        .thread_name(|i| format!("battles {i}"))
        .start_handler(move |_| {
            if background {
                give_way();
            }
        })
        .build()
    {
        Ok(pool) => pool.install(|| (0..n).into_par_iter().map(&job).collect()),
        // No threads to be had: play them here, one after another.
        Err(_) => (0..n).map(job).collect(),
    }
}

/// The figures of some battles' verdicts (in a report's JSON, its fields sit beside the
/// report's own). Every field adds up across shards ([`Tally::merge`]).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
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
    /// Sums over the battles that ended (for the means, exact when shards are merged).
    pub rounds: u64,
    pub commands: u64,
    /// The balance figures of the battles that ended.
    pub counts: Counts,
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
        self.counts.add(&b.figures);
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

    /// Adds the tally of the battles that come next (the next shard).
    pub fn merge(&mut self, o: &Tally) {
        self.battles += o.battles;
        self.wins[0] += o.wins[0];
        self.wins[1] += o.wins[1];
        self.draws += o.draws;
        self.stalls += o.stalls;
        let room = STALLS_LISTED.saturating_sub(self.stalled_seeds.len());
        self.stalled_seeds
            .extend(o.stalled_seeds.iter().take(room).copied());
        self.stall_reasons
            .extend(o.stall_reasons.iter().take(room).cloned());
        self.errors.extend(o.errors.iter().cloned());
        self.rounds += o.rounds;
        self.commands += o.commands;
        self.counts.merge(&o.counts);
    }
}

/// Figures of a batch of battles (the JSON `simulate` prints): the same for the same battles
/// whatever the threads; a shard's report merges exactly with the others' ([`merge`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BatchReport {
    pub battle: String,
    /// The names of the deployment and victory cards played.
    pub deployment: String,
    pub victory: String,
    pub first_seed: u64,
    /// The battles of the whole run, and the slice of them (`[from, to)`) this report holds:
    /// battle `i` is seed `first_seed + i / 2`, the odd ones with the warbands swapped.
    pub planned: usize,
    pub slice: [usize; 2],
    /// `wins` are by warband, in the battle file's order (whichever side it played).
    #[serde(flatten)]
    pub tally: Tally,
    /// Battles with neither a winner nor a draw: `stalls + errors.len()`, so that
    /// `wins[0] + wins[1] + draws + unfinished == battles`.
    #[serde(default)]
    pub unfinished: usize,
    /// Means over the battles that ended.
    #[serde(default)]
    pub mean_rounds: f64,
    #[serde(default)]
    pub mean_commands: f64,
    /// What a designer reads: wins per colour and per warband with 95% intervals, ...
    #[serde(default, skip_deserializing)]
    pub balance: Summary,
}

/// What a batch cost (not part of the report: it differs from run to run).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timing {
    pub threads: usize,
    /// Wall time times threads over battles: the time a battle takes one core.
    pub ms_per_battle: f64,
    pub battles_per_second: f64,
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
    fn new(spec: &BattleSpec, plan: &Plan, tally: Tally) -> Self {
        let mut r = BatchReport {
            battle: spec.name.clone(),
            deployment: spec.deployment.name.clone(),
            victory: spec.victory.name.clone(),
            first_seed: plan.first_seed,
            planned: plan.battles,
            slice: [plan.slice().start, plan.slice().end],
            tally,
            unfinished: 0,
            mean_rounds: 0.0,
            mean_commands: 0.0,
            balance: Summary::default(),
        };
        r.derive();
        r
    }

    /// The figures that follow from the sums.
    fn derive(&mut self) {
        let t = &self.tally;
        self.unfinished = t.stalls + t.errors.len();
        self.mean_rounds = super::balance::mean(t.rounds, t.ended() as u64);
        self.mean_commands = super::balance::mean(t.commands, t.ended() as u64);
        self.balance = Summary::of(&t.counts, t.rounds, t.ended() as u64, t.draws as u64);
    }

    /// No battle errored or stalled.
    pub fn all_ended(&self) -> bool {
        self.tally.errors.is_empty() && self.tally.stalls == 0
    }
}

/// Which battles a run plays: `battles` in all from `first_seed`, and with `shard` `(k, n)`
/// only the k-th (1-based) of n slices of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    pub battles: usize,
    pub first_seed: u64,
    pub shard: Option<(usize, usize)>,
}

impl Plan {
    pub fn whole(battles: usize, first_seed: u64) -> Self {
        Plan {
            battles,
            first_seed,
            shard: None,
        }
    }

    /// The battles this run plays, by index.
    pub fn slice(&self) -> std::ops::Range<usize> {
        match self.shard {
            Some((k, n)) if n > 0 && (1..=n).contains(&k) => {
                (self.battles * (k - 1) / n)..(self.battles * k / n)
            }
            _ => 0..self.battles,
        }
    }

    /// Battle `i`: its seed, and whether the warbands play each other's sides.
    pub fn battle(&self, i: usize) -> (u64, bool) {
        (self.first_seed + (i / 2) as u64, i % 2 == 1)
    }
}

/// `spec` with its two sides' warbands (and who plays them) exchanged.
pub fn swapped(spec: &BattleSpec) -> BattleSpec {
    let mut s = spec.clone();
    s.sides.reverse();
    s
}

/// Plays `n` AI-vs-AI battles from `first_seed` on `threads` threads (see [`run`]).
pub fn simulate(spec: &BattleSpec, n: usize, first_seed: u64, threads: usize) -> BatchReport {
    run(spec, &Plan::whole(n, first_seed), threads.into(), &|| {}).0
}

/// Plays the battles of `plan` (both sides by the solo AI, each treating the other as the
/// player warband) on `threads` threads; `done` is called after each. Each seed is played
/// twice, the second time with the warbands swapped, so that a side's colour (SET-5) and a
/// warband's strength can be told apart. A command of the AI that the rules reject is an
/// error of that battle; a battle that doesn't end is a stall.
pub fn run(
    spec: &BattleSpec,
    plan: &Plan,
    pool: Pool,
    done: &(dyn Fn() + Sync),
) -> (BatchReport, Timing) {
    let specs = [ai_v_ai(spec), swapped(&ai_v_ai(spec))];
    let threads = pool.threads.max(1);
    let start = std::time::Instant::now();
    let slice = plan.slice();
    let verdicts = parallel(slice.len(), pool, |j| {
        let (seed, swap) = plan.battle(slice.start + j);
        let v = judge(&specs[usize::from(swap)], seed);
        done();
        if swap { in_file_order(v) } else { v }
    });
    let took = start.elapsed().as_secs_f64();
    let report = BatchReport::new(&specs[0], plan, Tally::of(&verdicts));
    let n = verdicts.len().max(1) as f64;
    let timing = Timing {
        threads,
        ms_per_battle: took * 1000.0 * threads as f64 / n,
        battles_per_second: n / took.max(1e-9),
        peak_memory_mib: peak_memory_mib(),
    };
    (report, timing)
}

/// A battle played with the warbands swapped, told in the battle file's order: its winner is
/// the other side index. (Its balance figures name colours and warbands, not indices.)
pub fn in_file_order(v: Verdict) -> Verdict {
    match v {
        Verdict::Ended(mut b) => {
            if let Some(Outcome::Winner(w)) = b.outcome {
                b.outcome = Some(Outcome::Winner(w.other()));
            }
            b.score.reverse();
            b.points_taken_down.reverse();
            Verdict::Ended(b)
        }
        Verdict::Stalled { seed, reason } => Verdict::Stalled {
            seed,
            reason: format!("{reason} (warbands swapped)"),
        },
        Verdict::Error(e) => Verdict::Error(format!("{e} (warbands swapped)")),
    }
}

/// The reports of shards of one run merged into the report of the whole: the same battle,
/// cards, seeds and number of battles; slices that follow one another without a gap or an
/// overlap. Equal to the report of the run played unsharded.
pub fn merge(mut reports: Vec<BatchReport>) -> Result<BatchReport, String> {
    reports.sort_by_key(|r| r.slice[0]);
    let mut parts = reports.into_iter();
    let mut whole = parts.next().ok_or("no reports to merge")?;
    for r in parts {
        let same = (
            &r.battle,
            &r.deployment,
            &r.victory,
            r.first_seed,
            r.planned,
        ) == (
            &whole.battle,
            &whole.deployment,
            &whole.victory,
            whole.first_seed,
            whole.planned,
        );
        if !same {
            return Err(format!(
                "the reports are of different runs: {} ({} v {}, {} battles from seed {}) and {} ({} v {}, {} battles from seed {})",
                whole.battle,
                whole.deployment,
                whole.victory,
                whole.planned,
                whole.first_seed,
                r.battle,
                r.deployment,
                r.victory,
                r.planned,
                r.first_seed
            ));
        }
        if r.slice[0] != whole.slice[1] {
            return Err(format!(
                "the shards don't follow one another: battles {}..{} then {}..{}",
                whole.slice[0], whole.slice[1], r.slice[0], r.slice[1]
            ));
        }
        whole.tally.merge(&r.tally);
        whole.slice[1] = r.slice[1];
    }
    whole.derive();
    Ok(whole)
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

    /// `--shard K/N`: the N slices cover every battle once, in order; battle `i` is seed
    /// `first + i / 2`, every other one with the warbands swapped.
    #[test]
    fn shards_cover_every_battle_once() {
        let mut next = 0;
        for k in 1..=4 {
            let p = Plan {
                battles: 10,
                first_seed: 7,
                shard: Some((k, 4)),
            };
            assert_eq!(p.slice().start, next);
            next = p.slice().end;
        }
        assert_eq!(next, 10);
        let p = Plan::whole(10, 7);
        assert_eq!(
            (p.battle(0), p.battle(1), p.battle(4)),
            ((7, false), (7, true), (9, false))
        );
    }
}
