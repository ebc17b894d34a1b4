//! `warcry-sim`: the command line. This file holds the clap definitions and the dispatch; each
//! subcommand lives in its own module under `cli/`.
//!
//! Exit codes:
//! - 0: success.
//! - 1: the input has problems (a scene, commands or save file; a card pair the loader
//!   refuses), the rules rejected a command, or a battle errored or stalled; the reason is
//!   printed to stderr, for people.
//! - 2: usage errors (an unknown subcommand or flag, a bad flag value): clap's default.

mod cli;

/// mimalloc instead of the system allocator: a battle makes some 26,000 small allocations
/// (views, paths, log lines), and `simulate` ran 16% faster with it (6.96 against 5.82 ms of CPU
/// per battle on 2 threads), for about twice the peak memory (36 against 75 MiB).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use warcry_sim::scenario::community::ImportPaths;

const EXIT_CODES: &str = "\
Exit codes:
  0  success
  1  the input has problems (scene, commands or save files; a card pair the loader refuses),
     the rules rejected a command, or a battle errored or stalled
  2  usage errors (unknown subcommand or flag, bad flag value)";

/// A 3D simulator of the Warcry skirmish game.
#[derive(Parser)]
#[command(version, about, after_help = EXIT_CODES)]
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
    /// Render, save a screenshot of the window to this PNG file (without the round banner,
    /// which is timed by the clock: the same command gives the same picture).
    #[arg(long)]
    screenshot: Option<PathBuf>,
    /// Exit after the screenshot is saved (with --report-fps and no screenshot: after
    /// --frames measured frames).
    #[arg(long)]
    exit: bool,
    /// Frames to render before the screenshot (or to measure, with --report-fps).
    #[arg(long, default_value_t = 8)]
    frames: u32,
    /// Play through the app by itself (setup screen, a move preview, an attack with its odds,
    /// the battle to its end screen) and save a screenshot of each to this folder; exit then.
    #[arg(long)]
    smoke: Option<PathBuf>,
    /// Open the battle at once instead of the setup screen (implied by --battle and by
    /// --autoplay N > 0).
    #[arg(long)]
    start: bool,
    /// Print frame-time figures when the app exits: median and 95th-percentile frame time,
    /// the main thread's CPU time per frame, the time to the first frame.
    #[arg(long)]
    report_fps: bool,
    /// The look: `low` (no multisampling or tonemapping, unlit materials: for software
    /// renderers), `high`, or `auto` (low when the adapter is a software one).
    #[arg(long, value_enum, default_value_t = GraphicsArg::Auto)]
    graphics: GraphicsArg,
    /// Let the built-in policy make this many decisions before the first frame (spectating,
    /// screenshots of a battle in progress).
    #[arg(long, default_value_t = 0)]
    autoplay: usize,
    /// Serve the live overlay feed for streamers while the window is open: GET /state (JSON),
    /// /events (Server-Sent Events) and /overlay (a page for an OBS browser source). Listens
    /// on 127.0.0.1:7878 (this machine only) unless given another address.
    #[arg(long, global = true, value_name = "ADDRESS", num_args = 0..=1,
          default_missing_value = "127.0.0.1:7878")]
    overlay_feed: Option<std::net::SocketAddr>,
}

#[derive(clap::ValueEnum, Clone, Copy, Default, Debug)]
enum GraphicsArg {
    #[default]
    Auto,
    Low,
    High,
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
    /// the battle has no human) for as long as it lasts. A battle that stalls (not ended, but
    /// nobody can decide) is an error.
    Run(RunArgs),
    /// Watch the solo AI play both sides of a battle in the window (the battle file's, or
    /// the embedded default): no decision is asked of anyone.
    Watch,
    /// Re-run a replay or save file; with --verify check the world hash after every round;
    /// with --view watch it in the window, with a timeline.
    Replay {
        file: PathBuf,
        #[arg(long)]
        verify: bool,
        /// Watch it in the window: play, pause, step, the pace, a round, or drag to any point.
        #[arg(long)]
        view: bool,
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
    /// Play many AI-vs-AI battles (the solo AI on both sides, each seed twice: the second time
    /// with the warbands swapped) on every core; print the JSON report: wins per colour (red,
    /// blue) and per warband with 95% intervals, draws, means, objectives held each round,
    /// stalls (not ended: nobody could decide, or the command limit) and errors (a command the
    /// rules reject). Exit code 1 when a battle stalled or errored. `simulate merge` combines
    /// the reports of shards (`--shard K/N`).
    Simulate(SimulateArgs),
    /// Draw a battle file, a terrain card, a deployment card or a save to a PNG, with no one
    /// at the window (a window opens for the moment it takes; under Xvfb where there is no
    /// display): the board alone, from above (`top`) or from the near long edge (`iso`).
    Render {
        file: PathBuf,
        #[arg(long, value_name = "X.png")]
        out: PathBuf,
        #[arg(long, value_enum, default_value_t = RenderView::Iso)]
        view: RenderView,
        /// The picture's size in pixels.
        #[arg(long, value_name = "WxH", default_value = "1600x1000", value_parser = parse_size)]
        size: (u32, u32),
    },
    /// Show a terrain card, a deployment card or a battle file on the board while you edit it:
    /// every file it names is watched and a save shows at once, the camera kept; an edit that
    /// doesn't load lists its problems and keeps the last good layout. Beside it the card
    /// report (walks from each deployment group to each objective and treasure, what is out of
    /// reach or lopsided), the tape measure (V), who can see a spot (S), where a fighter can
    /// get to from a spot (R), and live balance (B: AI-vs-AI battles of the layout on every
    /// core but one, with heatmaps on the board).
    Preview {
        file: PathBuf,
        /// Another deployment card in place of the scene's.
        #[arg(long, value_name = "F")]
        deployment: Option<PathBuf>,
        /// Another victory card in place of the scene's.
        #[arg(long, value_name = "F")]
        victory: Option<PathBuf>,
        /// Another twist card in place of the scene's.
        #[arg(long, value_name = "F")]
        twist: Option<PathBuf>,
        /// Save a screenshot of the window to this folder after each load (`load-NN.png`).
        #[arg(long, value_name = "DIR", hide = true)]
        shots: Option<PathBuf>,
        /// Start live balance at once with this many battles (B starts it by hand).
        #[arg(long, value_name = "N")]
        balance: Option<usize>,
    },
    /// Convert a battleplans.json transcription into deployment cards.
    ImportDeployments {
        json: PathBuf,
        /// Folder to write the cards to.
        out: PathBuf,
    },
    /// Convert the community fighter data (warcry_data JSON) into fighter-profile files, one
    /// per faction, each fighter with the abilities it may use. Prints the counts, and every
    /// record it could not convert with its JSON path and why.
    ImportFighters(ImportFightersArgs),
    /// Rosters: build a warband from a faction's fighters.
    Roster {
        #[command(subcommand)]
        command: RosterCommand,
    },
}

#[derive(clap::Subcommand)]
enum RosterCommand {
    /// A new warband of one faction, written as a warband file and checked (SET-1, SET-3):
    /// with --random a legal warband drawn with --seed, else the leader alone to start from.
    New(RosterNewArgs),
}

#[derive(clap::Args)]
struct RosterNewArgs {
    /// The faction (its runemark, e.g. "Corvus Cabal").
    #[arg(long)]
    faction: String,
    /// Fighter data: community JSON (`fighters.json`, with `abilities.json` and the others
    /// beside it) or a fighter-profile file (RON). May be given more than once.
    #[arg(long = "fighters", required = true)]
    fighters: Vec<PathBuf>,
    /// The points limit.
    #[arg(long, default_value_t = 1000)]
    points: u32,
    /// Draw a legal warband at random.
    #[arg(long)]
    random: bool,
    /// The warband file to write (default: the faction's name, in the current folder).
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(clap::Args)]
struct ImportFightersArgs {
    /// The fighters (`fighters.json`).
    fighters: PathBuf,
    /// The faction abilities (`abilities.json`).
    #[arg(long)]
    abilities: Option<PathBuf>,
    /// The universal abilities (`universal_abilities.json`).
    #[arg(long)]
    universal: Option<PathBuf>,
    /// The tabletop-simulator base sizes (fighter names to sizes in mm).
    #[arg(long)]
    bases: Option<PathBuf>,
    /// Base sizes by runemark for fighters the base-size file doesn't name (RON; the shipped
    /// `scenes/import/base_sizes.ron` when absent).
    #[arg(long)]
    base_rules: Option<PathBuf>,
    /// What abilities do, by community id, over what the importer reads from their wording
    /// (RON: `AbilityOverrides({"f73c77a3": Effects([...]), "d6b28f28": NotAutomated})`).
    #[arg(long)]
    ability_effects: Option<PathBuf>,
    /// Folder to write the profile files to.
    #[arg(long, default_value = "imported")]
    out: PathBuf,
}

#[derive(clap::Args)]
struct RunArgs {
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
}

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
struct SimulateArgs {
    #[command(subcommand)]
    merge: Option<SimulateCommand>,
    /// Battles to play (for each card pair with --every-card).
    #[arg(long, default_value_t = 100)]
    battles: usize,
    #[arg(long, default_value_t = 1)]
    first_seed: u64,
    /// Threads to play on (every core when absent). The report is the same for any number.
    #[arg(long)]
    threads: Option<usize>,
    /// Play only the K-th of N slices of the battles (1-based), for one machine of many;
    /// `simulate merge` puts the shards' reports together.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    shard: Option<(usize, usize)>,
    #[command(flatten)]
    out: ReportFiles,
    /// Draw where fighters were taken down to this PNG: each 1" square from green through
    /// yellow to red, over the terrain's outlines and the objectives.
    #[arg(long, value_name = "X.png")]
    heatmap: Option<PathBuf>,
    /// Draw the squares the fighters' moves passed through to this PNG, the same way.
    #[arg(long, value_name = "X.png")]
    walked_heatmap: Option<PathBuf>,
    /// Play with this deployment card file instead of the battle's own.
    #[arg(long, value_name = "FILE")]
    deployment: Option<PathBuf>,
    /// Play with this victory card file instead of the battle's own.
    #[arg(long, value_name = "FILE")]
    victory: Option<PathBuf>,
    /// Play --battles battles for every deployment card (the folder `../deployment` next to
    /// the battle file) with every victory card (`../victory`); print figures per pair and
    /// totals. Pairs the loader refuses are listed, not played.
    #[arg(long, conflicts_with_all = ["deployment", "victory"])]
    every_card: bool,
    /// Play --battles battles of the battle on every terrain card of this folder (its other
    /// cards as they are) and rank the layouts by balance: the red side's share of wins, how
    /// far from even, with its 95% interval. The reports as JSON on stdout, the table on
    /// stderr.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["every_card", "shard"])]
    terrain_cards: Option<PathBuf>,
    /// Play --battles battles between random legal warbands of every faction of this
    /// community fighter file (`fighters.json`, with its abilities and base sizes beside it),
    /// two factions drawn for each seed, on the battle's cards; print the JSON report (ended,
    /// stalls, errors, battles and abilities used by faction, the factions that never used
    /// theirs) and a summary on stderr.
    #[arg(long, value_name = "FIGHTERS", conflicts_with_all = ["every_card", "terrain_cards", "shard"])]
    random_warbands: Option<PathBuf>,
}

#[derive(clap::Args, Default)]
struct ReportFiles {
    /// Also write the report to this JSON file (atomically).
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Also write the report's figures to this CSV file, one row a figure (atomically).
    #[arg(long, value_name = "FILE")]
    csv: Option<PathBuf>,
}

#[derive(clap::Subcommand)]
enum SimulateCommand {
    /// Merge the JSON reports of the shards of one run (`simulate --shard K/N --json F`) into
    /// the report of the whole run, equal to the report of the run played unsharded.
    Merge {
        #[arg(required = true)]
        reports: Vec<PathBuf>,
        #[command(flatten)]
        out: ReportFiles,
    },
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum RenderView {
    Top,
    Iso,
}

/// `WxH`, each from 64 to 8192 pixels.
fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("`{s}` is not a size: write WxH in pixels, e.g. 1600x1000");
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let (w, h): (u32, u32) = (
        w.trim().parse().map_err(|_| bad())?,
        h.trim().parse().map_err(|_| bad())?,
    );
    if !(64..=8192).contains(&w) || !(64..=8192).contains(&h) {
        return Err(format!("{}: each side from 64 to 8192 pixels", bad()));
    }
    Ok((w, h))
}

/// `K/N` with 1 <= K <= N.
fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("`{s}` is not a shard: write K/N, K from 1 to N (e.g. 3/8)");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n): (usize, usize) = (
        k.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if k == 0 || n == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Piped into `head` or the like, a command that prints stops quietly once its reader goes,
    // as Unix tools do, where Rust's default would panic on the closed pipe. Not the window's
    // commands: their overlay feed's sockets keep Rust's own handling.
    #[cfg(unix)]
    if !matches!(cli.command, None | Some(Command::Play | Command::Watch)) {
        // SAFETY: set once at start-up, before any thread exists; SIG_DFL is a valid handler.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
    }
    cli::exit_code(dispatch(cli))
}

fn dispatch(cli: Cli) -> anyhow::Result<ExitCode> {
    let args = &cli.play;
    let done = match cli.command.unwrap_or(Command::Play) {
        Command::Play => return cli::play::play(args),
        Command::Watch => return cli::play::watch(args),
        Command::Check { paths } => cli::check::check(&paths),
        Command::Setup { json } => cli::setup::setup(args, json),
        Command::Measure { from, to, json } => cli::measure::measure(args, &from, &to, json),
        Command::Path {
            fighter,
            to,
            avoid_deadly,
            json,
        } => cli::path::path(args, &fighter, &to, avoid_deadly, json),
        Command::Run(run) => cli::run::run(args, &run),
        Command::Replay {
            file, view: true, ..
        } => return cli::play::view_replay(args, &file),
        Command::Replay {
            file, verify, log, ..
        } => cli::replay::replay(&file, verify, log),
        Command::Plan { file, json } => cli::plan::plan(&file, args.seed, json),
        Command::Simulate(sim) => cli::simulate::simulate(args, &sim),
        Command::Render {
            file,
            out,
            view,
            size,
        } => return cli::render::render(&file, &out, view, size),
        Command::Preview {
            file,
            deployment,
            victory,
            twist,
            shots,
            balance,
        } => {
            let cards = [deployment, victory, twist];
            return cli::preview::preview(args, &file, &cards, (shots, balance));
        }
        Command::ImportDeployments { json, out } => {
            cli::import_deployments::import_deployments(&json, &out)
        }
        Command::Roster {
            command: RosterCommand::New(r),
        } => cli::roster::roster_new(&cli::roster::NewRoster {
            faction: r.faction,
            fighters: r.fighters,
            points: r.points,
            random: r.random,
            seed: args.seed.unwrap_or(1),
            out: r.out,
        }),
        Command::ImportFighters(a) => cli::import_fighters::import_fighters(
            &ImportPaths {
                fighters: a.fighters,
                abilities: a.abilities,
                universal: a.universal,
                bases: a.bases,
                base_rules: a.base_rules,
                overrides: a.ability_effects,
            },
            &a.out,
        ),
    };
    done.map(|()| ExitCode::SUCCESS)
}
