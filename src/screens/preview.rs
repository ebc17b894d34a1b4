//! `preview FILE`: a terrain card, a deployment card or a battle file shown on the board while
//! a designer edits it. The file and every file it names are watched (`notify`: inotify on
//! Linux); a save is loaded at once and the board rebuilt around the camera where it is. An
//! edit that doesn't load keeps the last good layout on the board and lists all its problems
//! (`path:line:col`, as `check` does). What is drawn over the board for a designer (the card
//! report, the measuring tools, live balance) lives in `ui::preview_panel` and `view::design`.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use notify::{RecursiveMode, Watcher};

use super::{NextBattle, Screen};
use crate::scenario::load::card_report::CardReport;
use crate::scenario::load::{CardChoice, Problems, SceneKind, load_design_scene};

/// The previewed file, what came of its last load, and the watch on it.
#[derive(Resource)]
pub struct Preview {
    pub file: String,
    pub kind: Option<SceneKind>,
    pub choice: CardChoice,
    /// Every file the shown layout was loaded from.
    pub files: Vec<String>,
    /// The last edit's problems (`None`: the board shows the files as saved).
    pub problems: Option<Problems>,
    /// The report on the layout on the board.
    pub report: CardReport,
    /// Layouts loaded since the start (0: the first), good or broken: what the view and the
    /// panel redraw on.
    pub loads: u32,
    /// How long the last load took, from the save being seen to the battle spawned.
    pub took: Duration,
    /// Save a screenshot of the window after each load (`--shots DIR`: tests, figures).
    pub shots: Option<PathBuf>,
    /// `--balance N`: play N battles of the layout at once (taken when started).
    pub balance: Option<usize>,
    watch: Option<Watch>,
}

/// The file watcher and what it tells.
struct Watch {
    _watcher: Mutex<notify::RecommendedWatcher>,
    events: Mutex<Receiver<notify::Result<notify::Event>>>,
}

/// The layout a designer asked for, loaded before the window opens.
#[derive(Debug, Clone)]
pub struct PreviewPlan {
    pub file: String,
    pub kind: Option<SceneKind>,
    pub choice: CardChoice,
    pub files: Vec<String>,
    pub shots: Option<PathBuf>,
    pub balance: Option<usize>,
}

impl Preview {
    pub fn new(plan: PreviewPlan, report: CardReport) -> Self {
        Preview {
            file: plan.file,
            kind: plan.kind,
            choice: plan.choice,
            files: plan.files,
            problems: None,
            report,
            loads: 0,
            took: Duration::ZERO,
            shots: plan.shots,
            balance: plan.balance,
            watch: None,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        reload_on_save
            .run_if(resource_exists::<Preview>)
            .run_if(in_state(Screen::Battle)),
    )
    .add_systems(PostStartup, watch.run_if(resource_exists::<Preview>));
}

/// Watches the folders of the files (editors save by writing a new file and renaming it over
/// the old one, which a watch on the file itself would lose); a change wakes the window.
fn watch(mut preview: ResMut<Preview>, proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>) {
    let (tx, rx) = channel();
    let wake = proxy.map(|p| (**p).clone());
    let watcher = notify::recommended_watcher(move |e| {
        let _ = tx.send(e);
        if let Some(w) = &wake {
            let _ = w.send_event(bevy::winit::WinitUserEvent::WakeUp);
        }
    });
    let mut watcher = match watcher {
        Ok(w) => w,
        Err(e) => {
            eprintln!("preview: can't watch the files for changes: {e}");
            return;
        }
    };
    for dir in folders(&preview.files) {
        if let Err(e) = watcher.watch(&dir, RecursiveMode::NonRecursive) {
            eprintln!("preview: can't watch {}: {e}", dir.display());
        }
    }
    preview.watch = Some(Watch {
        _watcher: Mutex::new(watcher),
        events: Mutex::new(rx),
    });
}

/// The folders holding `files`, each once.
fn folders(files: &[String]) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = files
        .iter()
        .map(|f| match Path::new(f).parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        })
        .collect();
    dirs.sort();
    dirs.dedup();
    dirs
}

/// Whether any of the events names one of `files`.
fn touches(events: &[notify::Event], files: &[String]) -> bool {
    let known: Vec<PathBuf> = files
        .iter()
        .map(|f| std::fs::canonicalize(f).unwrap_or_else(|_| absolute(f)))
        .collect();
    events.iter().any(|e| {
        !matches!(e.kind, notify::EventKind::Access(_))
            && e.paths.iter().any(|p| {
                let p = std::fs::canonicalize(p).unwrap_or_else(|_| p.clone());
                known.contains(&p)
            })
    })
}

fn absolute(f: &str) -> PathBuf {
    std::env::current_dir()
        .map(|d| d.join(f))
        .unwrap_or_else(|_| PathBuf::from(f))
}

/// A save of a watched file: load it again; shown at once when it loads, its problems listed
/// (and the old layout kept) when it doesn't.
fn reload_on_save(world: &mut World) {
    let events: Vec<notify::Event> = {
        let preview = world.resource::<Preview>();
        let Some(watch) = &preview.watch else {
            return;
        };
        let Ok(rx) = watch.events.lock() else {
            return;
        };
        rx.try_iter().filter_map(Result::ok).collect()
    };
    if events.is_empty() || !touches(&events, &world.resource::<Preview>().files) {
        return;
    }
    let seen = Instant::now();
    let (file, kind, choice) = {
        let p = world.resource::<Preview>();
        (p.file.clone(), p.kind, p.choice.clone())
    };
    let scene = load_design_scene(&file, kind, &choice);
    match scene.spec {
        Ok(spec) => {
            let report = CardReport::of(&spec);
            rebuild_board(world, spec);
            let mut p = world.resource_mut::<Preview>();
            p.kind = scene.kind.or(p.kind);
            p.files = scene.files;
            p.problems = None;
            p.report = report;
            p.took = seen.elapsed();
            p.loads += 1;
            println!("preview: {file} reloaded in {} ms", p.took.as_millis());
        }
        Err(problems) => {
            println!(
                "preview: {file} has {} problem(s); the last good layout stays on the board:\n{}",
                problems.0.len(),
                problems.to_string().trim_end()
            );
            let mut p = world.resource_mut::<Preview>();
            p.problems = Some(problems);
            p.took = seen.elapsed();
            p.loads += 1;
        }
    }
}

/// The board of `spec` in place of the old one, the camera left where it is: the battle
/// screen entered again.
fn rebuild_board(world: &mut World, spec: crate::scenario::load::BattleSpec) {
    let board: Vec<Entity> = world
        .query::<(Entity, &DespawnOnEnter<Screen>)>()
        .iter(world)
        .filter(|(_, when)| when.0 == Screen::Setup)
        .map(|(e, _)| e)
        .collect();
    for e in board {
        world.despawn(e);
    }
    let file = world
        .get_resource::<NextBattle>()
        .and_then(|n| n.file.clone());
    world.insert_resource(NextBattle { spec, file });
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Battle);
}
