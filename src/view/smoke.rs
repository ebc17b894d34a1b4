//! `--smoke DIR`: the app plays itself through, the way CI checks it: the setup screen, a
//! battle of the player's side (played by the built-in policy) against the solo AI, a move
//! preview and an attack with its odds on screen, then both sides to the end screen, and the
//! battle's replay (kept as it ended) watched from there, sought to round 2's start. A
//! screenshot of each goes to DIR (`setup.png`, `board.png`, `move.png`, `attack.png`,
//! `end.png`, `replay.png`); the app exits when the last is written, with an error if the
//! battle could not be played or its replay watched.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Capturing, Screenshot, save_to_disk};

use super::targeting::{Going, Intent};
use crate::ai::solo::{SoloAi, is_ai};
use crate::rules::engine::{Engine, Pending, deciding_side};
use crate::rules::options::{ActionKind, Decision, options};
use crate::screens::Screen;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, smoke.run_if(resource_exists::<Smoke>));
}

/// The smoke run's progress.
#[derive(Resource, Debug)]
pub(crate) struct Smoke {
    dir: PathBuf,
    step: Step,
    /// Frames to let pass before the next step (rendering, pipelines).
    wait: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Title,
    ToSetup,
    Setup,
    Start,
    Board,
    ToMove,
    Move,
    ToAttack,
    Attack,
    ToEnd,
    End,
    ToReplay,
    Seek,
    Replay,
    Exit,
}

impl Smoke {
    pub(crate) fn new(dir: PathBuf) -> Self {
        Smoke {
            dir,
            step: Step::Title,
            wait: 20,
        }
    }
}

fn smoke(world: &mut World) {
    {
        let mut s = world.resource_mut::<Smoke>();
        if s.wait > 0 {
            s.wait -= 1;
            return;
        }
    }
    let step = world.resource::<Smoke>().step;
    let next = match step {
        Step::Title => shot(world, "title.png").then_some(Step::ToSetup),
        Step::ToSetup => {
            world.resource_mut::<NextState<Screen>>().set(Screen::Setup);
            Some(Step::Setup)
        }
        Step::Setup => shot(world, "setup.png").then_some(Step::Start),
        Step::Start => {
            world
                .resource_mut::<NextState<Screen>>()
                .set(Screen::Battle);
            Some(Step::Board)
        }
        Step::Board => shot(world, "board.png").then_some(Step::ToMove),
        Step::ToMove => play_until(world, start_move).then_some(Step::Move),
        Step::Move => shot(world, "move.png").then_some(Step::ToAttack),
        Step::ToAttack => {
            world.resource_mut::<Intent>().cancel();
            play_until(world, can_attack).then_some(Step::Attack)
        }
        Step::Attack => shot(world, "attack.png").then_some(Step::ToEnd),
        Step::ToEnd => to_the_end(world).then_some(Step::End),
        Step::End => shot(world, "end.png").then_some(Step::ToReplay),
        Step::ToReplay => watch_the_replay(world).then_some(Step::Seek),
        Step::Seek => seek_round_2(world).then_some(Step::Replay),
        Step::Replay => shot(world, "replay.png").then_some(Step::Exit),
        Step::Exit => {
            if world.query::<&Capturing>().iter(world).next().is_none() {
                let dir = world.resource::<Smoke>().dir.clone();
                world.write_message(exit_for(&dir));
            }
            None
        }
    };
    if let Some(n) = next {
        let mut s = world.resource_mut::<Smoke>();
        s.step = n;
        s.wait = 10;
    }
}

/// The screenshots a smoke run saves, in its order.
pub(crate) const SHOTS: [&str; 7] = [
    "title.png",
    "setup.png",
    "board.png",
    "move.png",
    "attack.png",
    "end.png",
    "replay.png",
];

/// Success only when every screenshot was written: a run that saved nothing fails, with the
/// missing files named.
fn exit_for(dir: &std::path::Path) -> AppExit {
    let missing = missing_shots(dir);
    if missing.is_empty() {
        return AppExit::Success;
    }
    eprintln!(
        "smoke: {} were not written to {}",
        missing.join(", "),
        dir.display()
    );
    AppExit::error()
}

/// The screenshots not in `dir`.
fn missing_shots(dir: &std::path::Path) -> Vec<&'static str> {
    SHOTS
        .into_iter()
        .filter(|n| !dir.join(n).is_file())
        .collect()
}

/// The folder a smoke run writes to, made if it doesn't exist yet; why not, when it can't be.
pub fn prepare_dir(dir: &std::path::Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| {
        format!(
            "{}: can't make the folder for the smoke screenshots: {e}",
            dir.display()
        )
    })
}

/// Saves a screenshot of the window to the smoke folder.
fn shot(world: &mut World, name: &str) -> bool {
    let path = world.resource::<Smoke>().dir.join(name);
    world
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path));
    true
}

/// Makes the player's decisions with the built-in policy (the AI's come by themselves) until
/// `ready` says the screen shows what is wanted. Gives up with an error at the end of the
/// battle.
fn play_until(world: &mut World, ready: fn(&mut World) -> bool) -> bool {
    for _ in 0..50 {
        if ready(world) {
            return true;
        }
        let Some(side) = deciding_side(world) else {
            break;
        };
        if is_ai(world, side) {
            return false;
        }
        if crate::sim::auto_step(world).is_err() {
            break;
        }
    }
    if world.resource::<Engine>().pending == Pending::Ended {
        world.write_message(AppExit::error());
    }
    false
}

/// The player's fighter has a move: the preview is opened on the farthest place it reaches.
fn start_move(world: &mut World) -> bool {
    let Decision::Action(a) = options(world).decision else {
        return false;
    };
    if deciding_side(world).is_some_and(|s| is_ai(world, s)) {
        return false;
    }
    let allowed = a
        .actions
        .iter()
        .any(|o| o.kind == ActionKind::Move && o.refused.is_none());
    let Some(far) = a.moves.iter().max_by(|x, y| x.1.total_cmp(&y.1)) else {
        return false;
    };
    if !allowed {
        return false;
    }
    let mut intent = world.resource_mut::<Intent>();
    intent.start(a.fighter, Going::Move, &a);
    intent.hover = Some(Vec3::from_array(far.0));
    intent.pin();
    true
}

/// The player's fighter may attack: the decision panel shows the attack with its odds.
fn can_attack(world: &mut World) -> bool {
    if deciding_side(world).is_some_and(|s| is_ai(world, s)) {
        return false;
    }
    let Decision::Action(a) = options(world).decision else {
        return false;
    };
    let attack = a
        .actions
        .iter()
        .any(|o| o.kind == ActionKind::Attack && o.refused.is_none());
    attack && a.attacks.iter().any(|o| o.refused.is_none())
}

/// Both sides to the AI, instantly, until the end screen.
fn to_the_end(world: &mut World) -> bool {
    if *world.resource::<State<Screen>>().get() == Screen::End {
        return true;
    }
    {
        let mut ai = world.resource_mut::<SoloAi>();
        ai.enabled = true;
        ai.per_frame = 200;
    }
    for _ in 0..200 {
        let Some(side) = deciding_side(world) else {
            break;
        };
        if is_ai(world, side) {
            break;
        }
        if crate::sim::auto_step(world).is_err() {
            world.write_message(AppExit::error());
            break;
        }
    }
    false
}

/// "Watch the replay" from the end screen: the replay the battle was kept as, on the board.
fn watch_the_replay(world: &mut World) -> bool {
    let kept = world.resource::<crate::screens::LastReplay>().0.clone();
    match kept {
        Some(Ok(path)) if crate::screens::replay::watch(world, &path).is_ok() => true,
        _ => {
            eprintln!("smoke: the battle was not kept as a replay, or it does not play");
            world.write_message(AppExit::error());
            false
        }
    }
}

/// The timeline taken to round 2's start, paused, once the replay is on the board.
fn seek_round_2(world: &mut World) -> bool {
    if *world.resource::<State<Screen>>().get() != Screen::Battle {
        return false;
    }
    let Some(mut v) = world.get_resource_mut::<crate::screens::replay::ReplayView>() else {
        return false;
    };
    v.seek = v.round_ends.first().copied();
    v.playing = false;
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--smoke DIR` with a folder that doesn't exist makes it (it exited 0 having written
    /// nothing); a run that wrote nothing fails, naming what is missing.
    #[test]
    fn a_smoke_folder_is_made_and_a_run_that_wrote_nothing_fails() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("not/there/yet");
        prepare_dir(&dir).unwrap();
        assert!(dir.is_dir());
        assert_eq!(missing_shots(&dir).len(), SHOTS.len());
        assert_eq!(exit_for(&dir), AppExit::error());
        for n in SHOTS {
            std::fs::write(dir.join(n), b"png").unwrap();
        }
        assert_eq!(exit_for(&dir), AppExit::Success);
        let file = tmp.path().join("a file");
        std::fs::write(&file, b"").unwrap();
        let e = prepare_dir(&file.join("below")).unwrap_err();
        assert!(e.contains("can't make the folder"), "{e}");
    }
}
