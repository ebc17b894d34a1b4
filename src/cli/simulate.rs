//! `simulate`: many AI-vs-AI battles on every core, with a progress bar on a terminal; the
//! JSON report on stdout (and `--json` / `--csv` files), a few lines for people on stderr.
//! With `--deployment` / `--victory` the battle is played with other cards; with
//! `--every-card` with every deployment card and every victory card next to it; with
//! `--shard K/N` only a slice, and `simulate merge` puts the slices' reports together. Exits
//! with 1 when a battle stalled or errored.

use std::path::Path;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use warcry_sim::scenario::load::{BattleSpec, Disk};
use warcry_sim::sim::balance::Summary;
use warcry_sim::sim::batch::{self, BatchReport, Plan, Timing};
use warcry_sim::sim::cards::{self, Origin};

use super::{load_spec, origin, to_json};
use crate::{PlayArgs, ReportFiles, SimulateArgs, SimulateCommand};

pub fn simulate(args: &PlayArgs, sim: &SimulateArgs) -> anyhow::Result<()> {
    if let Some(SimulateCommand::Merge { reports, out }) = &sim.merge {
        return merge(reports, out);
    }
    let spec = load_spec(args)?;
    let (origin, _) = origin(args);
    let threads = sim.threads.unwrap_or_else(every_core);
    if sim.every_card {
        return every_card(&spec, origin, sim, threads);
    }
    let spec = with_cards(spec, origin, sim)?;
    if let Some(dir) = &sim.terrain_cards {
        return every_terrain(&spec, dir, sim, threads);
    }
    if let Some(fighters) = &sim.random_warbands {
        return random_warbands(&spec, fighters, sim, threads);
    }
    let plan = Plan {
        battles: sim.battles,
        first_seed: sim.first_seed,
        shard: sim.shard,
    };
    let bar = progress(plan.slice().len() as u64);
    let (report, timing) = batch::run(&spec, &plan, threads.into(), &|| bar.inc(1));
    bar.finish_and_clear();
    publish(&report, &sim.out)?;
    eprintln!("{}", timing_line(&report, &timing));
    use warcry_sim::sim::heatmap::{Heat, heatmap_png};
    for (path, heat) in [
        (&sim.heatmap, Heat::Downs),
        (&sim.walked_heatmap, Heat::Walked),
    ] {
        let Some(path) = path else {
            continue;
        };
        let png = heatmap_png(
            &report.tally.counts,
            heat,
            &spec.terrain,
            &spec.objectives(),
        )
        .ok_or_else(|| anyhow::anyhow!("no battle ended: no heatmap to draw"))?;
        write(path, &png)?;
    }
    finish(&report)
}

/// `--random-warbands`: battles between random legal warbands of every faction of the
/// community fighter file.
fn random_warbands(
    spec: &BattleSpec,
    fighters: &Path,
    sim: &SimulateArgs,
    threads: usize,
) -> anyhow::Result<()> {
    use warcry_sim::scenario::community::{ImportPaths, import_paths};
    use warcry_sim::sim::factions::{Factions, play};
    let imported = import_paths(&ImportPaths::beside(fighters)).map_err(anyhow::Error::msg)?;
    let universal = (imported.abilities.iter())
        .filter(|a| a.is_universal())
        .map(|a| a.def.name.clone())
        .collect();
    let profiles = imported.fighters.into_iter().map(|f| f.profile).collect();
    let factions = Factions::new(profiles, universal);
    if factions.is_empty() {
        anyhow::bail!(
            "{}: no faction with a hero to lead a warband",
            fighters.display()
        );
    }
    let r = play(spec, &factions, sim.battles, sim.first_seed, threads);
    println!("{}", to_json(&r));
    if let Some(path) = &sim.out.json {
        write(path, to_json(&r).as_bytes())?;
    }
    eprintln!(
        "{} battles of random warbands from {} factions: {} ended, {} stalled, {} errored, {} \
         not drawn; {} factions played, {} used abilities as data ({} uses); never used: {}; \
         no ability as data: {} factions",
        r.battles,
        factions.len(),
        r.ended,
        r.stalls.len(),
        r.errors.len(),
        r.not_drawn.len(),
        r.played.len(),
        r.abilities_used.len(),
        r.abilities_used.values().sum::<u32>(),
        if r.unused.is_empty() {
            "none".to_string()
        } else {
            r.unused.join(", ")
        },
        r.without_data_abilities.len()
    );
    if !r.stalls.is_empty() || !r.errors.is_empty() {
        anyhow::bail!(
            "{} stalled and {} errored: see `stalls` and `errors`",
            r.stalls.len(),
            r.errors.len()
        );
    }
    Ok(())
}

/// Every core this process may use.
fn every_core() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// A progress bar with battles a second and the time left, on stderr when it is a terminal
/// (drawn nowhere otherwise: CI logs and pipes stay clean).
fn progress(battles: u64) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(battles), ProgressDrawTarget::stderr());
    let style =
        ProgressStyle::with_template("{bar:40} {pos}/{len} battles · {per_sec} · {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

/// The report on stdout and in the files asked for, and its summary for people on stderr.
fn publish(report: &BatchReport, out: &ReportFiles) -> anyhow::Result<()> {
    let json = to_json(report);
    println!("{json}");
    if let Some(p) = &out.json {
        write(p, json.as_bytes())?;
    }
    if let Some(p) = &out.csv {
        write(p, csv(report).as_bytes())?;
    }
    eprintln!("{}", summary_lines(report));
    Ok(())
}

fn write(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    warcry_sim::scenario::write_atomic(path, bytes)
        .map_err(|e| anyhow::anyhow!("can't write {}: {e}", path.display()))
}

/// Exit code 1 when a battle stalled or errored.
fn finish(report: &BatchReport) -> anyhow::Result<()> {
    if !report.all_ended() {
        anyhow::bail!(
            "{} of {} battle(s) stalled and {} errored: see `stalled_seeds` and `errors`",
            report.tally.stalls,
            report.tally.battles,
            report.tally.errors.len()
        );
    }
    Ok(())
}

fn pct(s: &warcry_sim::sim::balance::Share) -> String {
    format!(
        "{:.1}% ({:.1}-{:.1}%)",
        100.0 * s.share,
        100.0 * s.ci95[0],
        100.0 * s.ci95[1]
    )
}

/// "Red wins 51.2% (49.8-52.6%) · blue 47.9% ... · draws ...", then a line a warband.
fn summary_lines(r: &BatchReport) -> String {
    let b = &r.balance;
    let mut lines = vec![format!(
        "{} battles of {} ({} v {}): red wins {} · blue wins {} · draws {} · {:.2} rounds on average",
        r.tally.battles,
        r.battle,
        r.deployment,
        r.victory,
        pct(&b.red_wins),
        pct(&b.blue_wins),
        pct(&b.draws),
        b.mean_rounds
    )];
    for w in &b.warbands {
        lines.push(format!(
            "  {} wins {} of its battles",
            w.warband,
            pct(&w.wins)
        ));
    }
    lines.push(format!(
        "  the side with round 1's initiative wins {}",
        pct(&b.round1_initiative_wins)
    ));
    lines.join("\n")
}

fn timing_line(r: &BatchReport, t: &Timing) -> String {
    let memory = t
        .peak_memory_mib
        .map_or(String::new(), |m| format!(", peak memory {m:.0} MiB"));
    format!(
        "{} battles on {} threads: {:.0} battles a second, {:.2} ms a battle per core{memory}",
        r.tally.battles, t.threads, t.battles_per_second, t.ms_per_battle
    )
}

/// One row a figure: `figure,who,value,count,of,ci95_low,ci95_high`.
fn csv(r: &BatchReport) -> String {
    let b = &r.balance;
    let mut rows = vec!["figure,who,value,count,of,ci95_low,ci95_high".to_string()];
    let share =
        |rows: &mut Vec<String>, figure: &str, who: &str, s: &warcry_sim::sim::balance::Share| {
            rows.push(format!(
                "{figure},{},{},{},{},{},{}",
                quote(who),
                s.share,
                s.count,
                s.of,
                s.ci95[0],
                s.ci95[1]
            ))
        };
    share(&mut rows, "wins", "red", &b.red_wins);
    share(&mut rows, "wins", "blue", &b.blue_wins);
    share(&mut rows, "draws", "", &b.draws);
    for w in &b.warbands {
        share(&mut rows, "wins", &w.warband, &w.wins);
    }
    share(
        &mut rows,
        "round 1 initiative wins",
        "",
        &b.round1_initiative_wins,
    );
    let mean = |rows: &mut Vec<String>, figure: &str, who: &str, v: f64| {
        rows.push(format!("{figure},{who},{v},,,,"))
    };
    mean(&mut rows, "mean rounds", "", b.mean_rounds);
    for (who, vp, lost) in [
        (
            "red",
            b.mean_victory_points.red,
            b.mean_fighters_taken_down.red,
        ),
        (
            "blue",
            b.mean_victory_points.blue,
            b.mean_fighters_taken_down.blue,
        ),
    ] {
        mean(&mut rows, "mean victory points", who, vp);
        mean(&mut rows, "mean fighters taken down", who, lost);
    }
    for l in &b.objectives_held_by_round {
        mean(
            &mut rows,
            &format!("objectives held round {}", l.round),
            "red",
            l.red,
        );
        mean(
            &mut rows,
            &format!("objectives held round {}", l.round),
            "blue",
            l.blue,
        );
    }
    rows.join("\n") + "\n"
}

/// A CSV field: quoted when it holds a comma or a quote.
fn quote(s: &str) -> String {
    if s.contains([',', '"']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// One terrain card's report, for `--terrain-cards`.
#[derive(serde::Serialize)]
struct LayoutReport {
    terrain: String,
    file: String,
    report: BatchReport,
}

/// `--terrain-cards DIR`: the battle on every terrain card of `dir`, ranked by how close the
/// red side's share of wins is to even (SET-5: does the layout favour a colour?).
fn every_terrain(
    spec: &BattleSpec,
    dir: &Path,
    sim: &SimulateArgs,
    threads: usize,
) -> anyhow::Result<()> {
    let rules = &spec.ruleset;
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| anyhow::anyhow!("{}: cannot list the folder: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    let mut problems = warcry_sim::scenario::load::Problems::default();
    let mut layouts = Vec::new();
    for f in &files {
        let file = f.to_string_lossy().to_string();
        let Some(card) =
            warcry_sim::scenario::load::load_terrain(&Disk, &file, rules, &mut problems)
        else {
            continue;
        };
        let mut spec = spec.clone();
        spec.terrain = card;
        let plan = Plan::whole(sim.battles, sim.first_seed);
        let bar = progress(sim.battles as u64);
        let (report, _) = batch::run(&spec, &plan, threads.into(), &|| bar.inc(1));
        bar.finish_and_clear();
        layouts.push(LayoutReport {
            terrain: spec.terrain.name.clone(),
            file,
            report,
        });
    }
    if !problems.is_empty() {
        anyhow::bail!("{problems}");
    }
    let lopsided = |l: &LayoutReport| (l.report.balance.red_wins.share - 0.5).abs();
    layouts.sort_by(|a, b| {
        lopsided(a)
            .total_cmp(&lopsided(b))
            .then(a.file.cmp(&b.file))
    });
    println!("{}", to_json(&layouts));
    eprintln!("{}", layout_table(&layouts));
    match layouts.iter().find(|l| !l.report.all_ended()) {
        Some(l) => anyhow::bail!("{}: a battle stalled or errored: see its report", l.file),
        None => Ok(()),
    }
}

/// The layouts, most even first: the red side's wins with their interval, then each
/// warband's, the draws and the mean rounds.
fn layout_table(layouts: &[LayoutReport]) -> String {
    let rows: Vec<(String, &Summary)> = layouts
        .iter()
        .map(|l| (l.terrain.clone(), &l.report.balance))
        .collect();
    ranking("terrain", &rows)
}

/// A ranking, row by row as given: each row's name, the red side's wins with their interval,
/// each warband's wins, the draws and the mean rounds.
fn ranking(what: &str, rows: &[(String, &Summary)]) -> String {
    let width = rows
        .iter()
        .map(|r| r.0.chars().count())
        .max()
        .unwrap_or(0)
        .max(22);
    let mut out = vec![format!(
        "{:<4} {:<width$} {:>24}  {:<44} {:>6} {:>6}",
        "rank", what, "red wins (95%)", "warbands' wins", "draws", "rounds"
    )];
    for (i, (name, b)) in rows.iter().enumerate() {
        let warbands: Vec<String> = b
            .warbands
            .iter()
            .map(|w| format!("{} {:.0}%", w.warband, 100.0 * w.wins.share))
            .collect();
        out.push(format!(
            "{:<4} {:<width$} {:>24}  {:<44} {:>5.1}% {:>6.2}",
            i + 1,
            name,
            pct(&b.red_wins),
            warbands.join(", "),
            100.0 * b.draws.share,
            b.mean_rounds
        ));
    }
    out.join("\n")
}

/// `--every-card`: the pairs played, most even first (as `--terrain-cards`), then those the
/// loader refused.
fn pair_table(report: &cards::EveryCardReport) -> String {
    let mut played: Vec<(String, Summary)> = report
        .pairs
        .iter()
        .filter(|p| p.refused.is_none())
        .map(|p| {
            let t = &p.tally;
            let s = Summary::of(&t.counts, t.rounds, t.ended() as u64, t.draws as u64);
            (format!("{} + {}", stem(&p.deployment), stem(&p.victory)), s)
        })
        .collect();
    let lopsided = |s: &Summary| (s.red_wins.share - 0.5).abs();
    played.sort_by(|a, b| {
        lopsided(&a.1)
            .total_cmp(&lopsided(&b.1))
            .then(a.0.cmp(&b.0))
    });
    let rows: Vec<(String, &Summary)> = played.iter().map(|(n, s)| (n.clone(), s)).collect();
    let mut table = ranking("deployment + victory", &rows);
    for p in report.pairs.iter().filter(|p| p.refused.is_some()) {
        table += &format!(
            "\nnot played: {} + {}",
            stem(&p.deployment),
            stem(&p.victory)
        );
    }
    table
}

/// A card file's name without its folder and `.ron`.
fn stem(file: &str) -> String {
    Path::new(file)
        .file_stem()
        .map_or(file.to_string(), |s| s.to_string_lossy().into_owned())
}

/// `simulate merge`: the shards' reports read (each problem with its file), merged, published.
fn merge(paths: &[std::path::PathBuf], out: &ReportFiles) -> anyhow::Result<()> {
    let mut reports = Vec::new();
    let mut problems = Vec::new();
    for p in paths {
        match std::fs::read_to_string(p)
            .map_err(|e| e.to_string())
            .and_then(|t| {
                serde_json::from_str::<BatchReport>(&t)
                    .map_err(|e| format!("line {}, column {}: {e}", e.line(), e.column()))
            }) {
            Ok(r) => reports.push(r),
            Err(e) => problems.push(format!("{}: {e}", p.display())),
        }
    }
    if !problems.is_empty() {
        anyhow::bail!("{}", problems.join("\n"));
    }
    let report = batch::merge(reports).map_err(anyhow::Error::msg)?;
    publish(&report, out)?;
    finish(&report)
}

/// The battle with `--deployment` / `--victory` instead of its own cards, if given: card files
/// on disk, loaded and checked like the battle's own.
fn with_cards(spec: BattleSpec, origin: Origin, sim: &SimulateArgs) -> anyhow::Result<BattleSpec> {
    if sim.deployment.is_none() && sim.victory.is_none() {
        return Ok(spec);
    }
    let path = |p: Option<&Path>| p.map(|p| p.to_string_lossy().to_string());
    let deployment = path(sim.deployment.as_deref());
    let victory = path(sim.victory.as_deref());
    let spec = cards::with_cards(
        &spec,
        origin.source(),
        &Disk,
        deployment.as_deref(),
        victory.as_deref(),
    )?;
    Ok(spec)
}

fn every_card(
    spec: &BattleSpec,
    origin: Origin,
    sim: &SimulateArgs,
    threads: usize,
) -> anyhow::Result<()> {
    let report = cards::every_card(spec, origin, sim.battles, sim.first_seed, threads)
        .map_err(anyhow::Error::msg)?;
    println!("{}", to_json(&report));
    eprintln!("{}", pair_table(&report));
    let t = &report.totals;
    if !report.all_ended() {
        anyhow::bail!(
            "{} of {} battle(s) stalled and {} errored over {} card pair(s): see the pairs",
            t.stalls,
            t.battles,
            t.errors,
            t.pairs - t.refused
        );
    }
    Ok(())
}
