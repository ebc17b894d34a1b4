use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use warcry_sim::scenario::load::{self, DEFAULT_BATTLE, Disk, Embedded, SceneSource};

/// A 3D simulator of the Warcry skirmish game.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(clap::Args, Clone, Default)]
struct PlayArgs {
    /// Battle file to open; the embedded default battle when absent.
    #[arg(long, global = true)]
    battle: Option<PathBuf>,
    /// Override the battle file's seed.
    #[arg(long, global = true)]
    seed: Option<u64>,
    /// Render, save a screenshot of the window to this PNG file.
    #[arg(long)]
    screenshot: Option<PathBuf>,
    /// Exit after the screenshot is saved.
    #[arg(long)]
    exit: bool,
    /// Frames to render before the screenshot.
    #[arg(long, default_value_t = 8)]
    frames: u32,
    /// Let the built-in policy make this many decisions before the first frame (spectating,
    /// screenshots of a battle in progress).
    #[arg(long, default_value_t = 0)]
    autoplay: usize,
}

#[derive(Subcommand)]
enum Command {
    /// Open the 3D view of a battle (the default).
    Play,
    /// Load and validate scene files or folders; print every problem as path:line:col.
    Check {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Set up a battle headless (SET-2..SET-6) and print the log and where everyone stands.
    Setup {
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Distances (3D, horizontal, vertical and rounded), visibility and cover between two
    /// fighters (id or name) or points (x,y,z), after setup.
    Measure {
        #[arg(long)]
        from: String,
        #[arg(long)]
        to: String,
        #[arg(long)]
        json: bool,
    },
    /// The shortest path of a fighter to a point (x,y,z), a fighter, or `objective N`, after
    /// setup: waypoints, each step's kind (walk/climb/jump/fly) and cost.
    Path {
        #[arg(long)]
        fighter: String,
        #[arg(long)]
        to: String,
        #[arg(long)]
        avoid_deadly: bool,
        #[arg(long)]
        json: bool,
    },
    /// Play a battle headless to the end and print the log. Both sides are played by the
    /// built-in policy, except that a commands file plays the human sides (every side when
    /// the battle has no human) for as long as it lasts.
    Run {
        /// A RON list of commands, e.g. `[WildDice(side: 0, uses: [Single]), ...]`.
        #[arg(long)]
        commands: Option<PathBuf>,
        /// Continue a saved battle instead of starting one.
        #[arg(long)]
        load: Option<PathBuf>,
        /// Stop after this many commands (to save mid-battle).
        #[arg(long)]
        stop_after: Option<usize>,
        /// Write a save (mid-battle) or replay (finished) file, atomically.
        #[arg(long)]
        save: Option<PathBuf>,
        /// Write the log to this file instead of printing it.
        #[arg(long)]
        log: Option<PathBuf>,
        /// The log as JSON (structured events with rule IDs).
        #[arg(long)]
        json: bool,
    },
    /// Re-run a replay or save file; with --verify check the world hash after every round.
    Replay {
        file: PathBuf,
        #[arg(long)]
        verify: bool,
        /// Print the log.
        #[arg(long)]
        log: bool,
    },
    /// What the solo AI will do for its next activation and why (target, active fighter, each
    /// action with its rule IDs), from a save or from the start of a battle file; the battle
    /// itself is not changed.
    Plan {
        /// A save/replay file (`run --save`), or a battle file (set up with --seed).
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Play many AI-vs-AI battles (the solo AI on both sides); print JSON figures.
    Simulate {
        #[arg(long, default_value_t = 100)]
        battles: usize,
        #[arg(long, default_value_t = 1)]
        first_seed: u64,
        #[arg(long, default_value_t = 2)]
        threads: usize,
    },
    /// Convert a battleplans.json transcription into deployment cards.
    ImportDeployments {
        json: PathBuf,
        /// Folder to write the cards to.
        out: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command.unwrap_or(Command::Play) {
        Command::Play => play(&cli.play),
        Command::Check { paths } => {
            let (problems, n) = load::check_paths(&paths);
            if problems.is_empty() {
                println!("{n} file(s) checked, no problems");
                ExitCode::SUCCESS
            } else {
                eprint!("{problems}");
                eprintln!("{} problem(s) in {n} file(s) checked", problems.0.len());
                ExitCode::FAILURE
            }
        }
        Command::Setup { json } => match load_spec(&cli.play) {
            Ok(spec) => {
                let mut app = warcry_sim::headless_app(&spec);
                app.update();
                let report = warcry_sim::scenario::report::setup_report(app.world_mut());
                if json {
                    println!(
                        "{}",
                        serde_json::to_string_pretty(&report).expect("report serializes")
                    );
                } else {
                    print!("{}", report.text());
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprint!("{e}");
                ExitCode::FAILURE
            }
        },
        Command::ImportDeployments { json, out } => import_deployments(&json, &out),
        Command::Run {
            commands,
            load,
            stop_after,
            save,
            log,
            json,
        } => run(&cli.play, commands, load, stop_after, save, log, json),
        Command::Replay { file, verify, log } => replay(&file, verify, log),
        Command::Plan { file, json } => plan(&file, cli.play.seed, json),
        Command::Simulate {
            battles,
            first_seed,
            threads,
        } => match load_spec(&cli.play) {
            Ok(spec) => {
                let report = warcry_sim::sim::simulate(&spec, battles, first_seed, threads);
                println!("{}", to_json(&report));
                if report.errors.is_empty() && report.unfinished == 0 {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::FAILURE
                }
            }
            Err(e) => {
                eprint!("{e}");
                ExitCode::FAILURE
            }
        },
        Command::Measure { from, to, json } => with_battle(&cli.play, json, |w| {
            warcry_sim::battlefield::query::measure(w, &from, &to).map(|r| (r.text(), to_json(&r)))
        }),
        Command::Path {
            fighter,
            to,
            avoid_deadly,
            json,
        } => with_battle(&cli.play, json, |w| {
            warcry_sim::battlefield::query::path(w, &fighter, &to, avoid_deadly)
                .map(|r| (r.text(), to_json(&r)))
        }),
    }
}

fn to_json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string_pretty(v).expect("reports serialize")
}

/// Loads and sets up the battle headless, then answers a question about it.
fn with_battle(
    args: &PlayArgs,
    json: bool,
    ask: impl FnOnce(&mut bevy::prelude::World) -> Result<(String, String), String>,
) -> ExitCode {
    let spec = match load_spec(args) {
        Ok(s) => s,
        Err(e) => {
            eprint!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut app = warcry_sim::headless_app(&spec);
    app.update();
    app.update();
    match ask(app.world_mut()) {
        Ok((text, js)) => {
            println!("{}", if json { js } else { text });
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

fn load_spec(args: &PlayArgs) -> Result<load::BattleSpec, load::Problems> {
    let (src, file): (&dyn SceneSource, String) = match &args.battle {
        Some(p) => (&Disk, p.to_string_lossy().to_string()),
        None => (&Embedded, DEFAULT_BATTLE.to_string()),
    };
    let mut spec = load::load_battle(src, &file)?;
    if let Some(seed) = args.seed {
        spec.seed = seed;
    }
    Ok(spec)
}

#[cfg(feature = "gui")]
fn play(args: &PlayArgs) -> ExitCode {
    match load_spec(args) {
        Ok(spec) => {
            let opts = warcry_sim::view::ViewOptions {
                screenshot: args.screenshot.clone(),
                exit_after_screenshot: args.exit,
                frames_before_screenshot: args.frames,
                autoplay_commands: args.autoplay,
            };
            warcry_sim::view::run(spec, opts)
        }
        Err(e) => {
            eprint!("{e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(not(feature = "gui"))]
fn play(_args: &PlayArgs) -> ExitCode {
    eprintln!(
        "this build has no window (built without the `gui` feature); try `warcry-sim setup` or `warcry-sim check`"
    );
    ExitCode::FAILURE
}

fn import_deployments(json: &std::path::Path, out: &std::path::Path) -> ExitCode {
    let text = match std::fs::read_to_string(json) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}:1:1: cannot read the file: {e}", json.display());
            return ExitCode::FAILURE;
        }
    };
    let rules = load::default_ruleset();
    let cards = match warcry_sim::scenario::battleplans::convert(&text, rules.battlefield) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{}:{e}", json.display());
            return ExitCode::FAILURE;
        }
    };
    if let Err(e) = std::fs::create_dir_all(out) {
        eprintln!("{}: cannot create the folder: {e}", out.display());
        return ExitCode::FAILURE;
    }
    for c in &cards {
        let path = out.join(&c.file_name);
        let text = warcry_sim::scenario::battleplans::to_ron(&c.card);
        if let Err(e) = warcry_sim::scenario::write_atomic(&path, text.as_bytes()) {
            eprintln!("{}: cannot write: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    println!(
        "{} deployment card(s) written to {}",
        cards.len(),
        out.display()
    );
    ExitCode::SUCCESS
}

fn log_out(world: &bevy::prelude::World, json: bool) -> String {
    let log = world.resource::<warcry_sim::rules::log::BattleLog>();
    if json {
        serde_json::to_string_pretty(&log.entries).expect("the log serializes")
    } else {
        log.to_text()
    }
}

#[allow(clippy::too_many_arguments)]
fn run(
    args: &PlayArgs,
    commands: Option<PathBuf>,
    load_from: Option<PathBuf>,
    stop_after: Option<usize>,
    save: Option<PathBuf>,
    log: Option<PathBuf>,
    json: bool,
) -> ExitCode {
    use warcry_sim::sim::{Driver, play, replay::SavedBattle};
    let (mut app, battle) = match &load_from {
        Some(p) => match SavedBattle::read(p).and_then(|s| s.restore().map(|a| (a, s.battle))) {
            Ok(x) => x,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        },
        None => match load_spec(args) {
            Ok(spec) => (
                warcry_sim::sim::battle_app(&spec),
                args.battle
                    .as_ref()
                    .map(|p| p.to_string_lossy().to_string()),
            ),
            Err(e) => {
                eprint!("{e}");
                return ExitCode::FAILURE;
            }
        },
    };
    let script = match &commands {
        Some(p) => {
            match warcry_sim::scenario::read_ron::<Vec<warcry_sim::rules::command::Command>>(p) {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        None => Vec::new(),
    };
    let world = app.world_mut();
    let mut driver = if commands.is_some() {
        Driver::scripted(world, script)
    } else {
        Driver::policy()
    };
    driver.stop_after = stop_after;
    let result = play(world, &mut driver);
    let text = log_out(world, json);
    match &log {
        Some(p) => {
            if let Err(e) = warcry_sim::scenario::write_atomic(p, text.as_bytes()) {
                eprintln!("{}: cannot write: {e}", p.display());
                return ExitCode::FAILURE;
            }
        }
        None => print!("{text}"),
    }
    if let Some(p) = &save {
        if let Err(e) = SavedBattle::of(world, battle).write(p) {
            eprintln!("{}: cannot write: {e}", p.display());
            return ExitCode::FAILURE;
        }
        eprintln!("saved to {}", p.display());
    }
    match result {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

fn replay(file: &std::path::Path, verify: bool, show_log: bool) -> ExitCode {
    use warcry_sim::rules::engine::{Engine, Outcome};
    use warcry_sim::sim::replay::SavedBattle;
    let saved = match SavedBattle::read(file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    match saved.restore() {
        Ok(mut app) => {
            let world = app.world_mut();
            if show_log || !verify {
                print!("{}", log_out(world, false));
            }
            let e = world.resource::<Engine>();
            if verify {
                println!(
                    "verified: {} commands, {} round hash(es) and the final hash {:016x} match",
                    saved.commands.len(),
                    saved.round_hashes.len(),
                    saved.hash
                );
            }
            if let Some(o) = e.outcome {
                println!(
                    "outcome: {}",
                    match o {
                        Outcome::Winner(s) => format!("side {s} wins"),
                        Outcome::Draw => "a draw".into(),
                    }
                );
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}: replay differs: {e}", file.display());
            ExitCode::FAILURE
        }
    }
}

/// `plan`: restores the save (or sets up the battle file) on a scratch world and lets the solo
/// AI plan its next activation there; other sides' reactions by the built-in policy.
fn plan(file: &std::path::Path, seed: Option<u64>, json: bool) -> ExitCode {
    use warcry_sim::sim::replay::SavedBattle;
    let app = match SavedBattle::read(file) {
        Ok(saved) => saved.restore(),
        Err(save_err) => {
            let args = PlayArgs {
                battle: Some(file.to_path_buf()),
                seed,
                ..PlayArgs::default()
            };
            match load_spec(&args) {
                Ok(spec) => Ok(warcry_sim::sim::battle_app(&spec)),
                Err(e) => Err(format!("{save_err}\n(nor is it a battle file:)\n{e}",)),
            }
        }
    };
    let mut app = match app {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let p = warcry_sim::ai::solo::plan(app.world_mut(), warcry_sim::ai::simple::choose);
    if json {
        println!("{}", to_json(&p));
    } else {
        print!("{}", p.text());
    }
    ExitCode::SUCCESS
}
