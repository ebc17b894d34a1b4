//! Watching a replay in the window: the battle is rebuilt from its file and seed, and its
//! saved commands go in one by one, through the same door as a live battle's (so the board,
//! camera, dice tray, log and round banners show them as they did), at a pace the watcher sets.
//! A seek rebuilds the battle in place from the start to the point asked for: a whole battle
//! takes milliseconds, so the timeline (`ui::timeline`) jumps anywhere at once. Nobody decides
//! while a replay is on: the solo AI is off and the player's panels stand aside.

use std::path::Path;

use bevy::prelude::*;

use super::{NextBattle, Screen};
use crate::ai::solo::SoloAi;
use crate::rules::door::SubmitCommand;
use crate::rules::engine::Engine;
use crate::scenario::load::BattleSpec;
use crate::sim::replay::SavedBattle;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        play_replay
            .run_if(in_state(Screen::Battle).and_then(resource_exists::<ReplayView>))
            .in_set(crate::rules::door::BattleSet::Decide),
    )
    .add_systems(OnExit(Screen::Battle), stop_watching);
}

/// Seconds between two commands at 1x (the views hold the next while a fighter walks).
const BEAT: f32 = 0.6;

/// The replay being watched, and where on its timeline the battle stands.
#[derive(Resource, Debug, Clone)]
pub struct ReplayView {
    pub saved: SavedBattle,
    pub spec: BattleSpec,
    /// The battle's name, for the timeline's title.
    pub title: String,
    /// Commands after which each round ended (`SavedBattle::round_ends`).
    pub round_ends: Vec<usize>,
    pub playing: bool,
    /// 0.5 to 4: commands a beat.
    pub speed: f32,
    /// A point asked for (commands from the start), reached on the next frame.
    pub seek: Option<usize>,
    /// Go on by one command (paused).
    pub step: bool,
    /// Seeks made so far (the board's floating damage starts afresh after one).
    pub seeks: u32,
    /// Time to the next command.
    wait: f32,
    /// The command count at which a command was sent and not yet applied.
    sent: Option<usize>,
    /// The solo AI's pace before the replay (its walks follow the replay's), given back after.
    pace_before: Option<u32>,
}

impl ReplayView {
    /// The replay in `path`, checked: it must replay to its end with every hash matching.
    pub fn read(path: &Path) -> Result<Self, String> {
        let saved = SavedBattle::read(path)?;
        // Played through once: checked, and where its rounds end.
        let (_, round_ends) = saved
            .restore_with_round_ends()
            .map_err(|e| format!("{}: this replay no longer plays: {e}", path.display()))?;
        let spec = saved.spec()?;
        let title = spec.name.clone();
        Ok(ReplayView {
            saved,
            spec,
            title,
            round_ends,
            playing: true,
            speed: 1.0,
            seek: None,
            step: false,
            seeks: 0,
            wait: BEAT,
            sent: None,
            pace_before: None,
        })
    }

    /// How many commands the whole replay has.
    pub fn len(&self) -> usize {
        self.saved.commands.len()
    }

    /// Whether the replay has no command at all.
    pub fn is_empty(&self) -> bool {
        self.saved.commands.is_empty()
    }

    /// The round a point on the timeline lies in (1-based).
    pub fn round_at(&self, at: usize) -> usize {
        self.round_ends.iter().take_while(|&&e| e <= at).count() + 1
    }
}

/// Opens the replay in `path` in the window: the battle from its start, playing.
pub fn watch(world: &mut World, path: &Path) -> Result<(), String> {
    use bevy::ecs::system::RunSystemOnce;
    let view = ReplayView::read(path)?;
    // From the end screen, whose board is still up: clear it as the title screen would.
    crate::scenario::spawn::despawn_battle(world);
    let _ = world.run_system_once(super::despawn_board);
    world.insert_resource(NextBattle {
        spec: view.spec.clone(),
        file: view.saved.battle.clone(),
    });
    world.insert_resource(view);
    quiet_the_ai(world);
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Battle);
    Ok(())
}

/// The solo AI rests while a replay is on (from the first frame: it would decide for its
/// sides before the replay's first command went in).
pub fn quiet_the_ai(world: &mut World) {
    if let Some(mut ai) = world.get_resource_mut::<SoloAi>() {
        ai.enabled = false;
    }
}

/// Whether the window shows a replay (nobody decides).
pub fn watching(world: &World) -> bool {
    world.contains_resource::<ReplayView>()
}

/// Plays the replay on, or reaches the point asked for.
fn play_replay(world: &mut World) {
    let speed = world.resource::<ReplayView>().speed;
    let mut pace_before = None;
    if let Some(mut ai) = world.get_resource_mut::<SoloAi>() {
        ai.enabled = false;
        pace_before = Some(ai.per_frame);
        // Walks and the beat after a roll go at the replay's pace (1x for 0.5x).
        ai.per_frame = speed.max(1.0) as u32;
    }
    {
        let mut v = world.resource_mut::<ReplayView>();
        v.pace_before = v.pace_before.or(pace_before);
    }
    let now = world.resource::<Engine>().commands.len();
    let dt = world.resource::<Time>().delta_secs();
    let mut v = world.resource_mut::<ReplayView>();
    if let Some(to) = v.seek.take() {
        let to = to.min(v.len());
        let (spec, commands) = (v.spec.clone(), v.saved.commands[..to].to_vec());
        (v.sent, v.wait) = (None, BEAT);
        v.seeks += 1;
        if let Err(e) = crate::sim::takeback::rebuild(world, &spec, &commands) {
            world.resource_mut::<super::Notice>().0 = Some(e);
        }
        return;
    }
    if v.sent.is_some_and(|s| now <= s) {
        return;
    }
    v.sent = None;
    if now >= v.len() {
        v.playing = false;
        return;
    }
    let hold = world.get_resource::<SoloAi>().is_some_and(|ai| ai.hold);
    let mut v = world.resource_mut::<ReplayView>();
    let go = if std::mem::take(&mut v.step) {
        true
    } else if v.playing && !hold {
        v.wait -= dt * v.speed;
        v.wait <= 0.0
    } else {
        false
    };
    if !go {
        return;
    }
    v.wait = BEAT;
    v.sent = Some(now);
    let cmd = v.saved.commands[now].clone();
    world.write_message(SubmitCommand(cmd));
}

/// Leaving the board ends the replay: the solo AI plays again in the next battle.
fn stop_watching(world: &mut World) {
    if let Some(v) = world.remove_resource::<ReplayView>()
        && let Some(mut ai) = world.get_resource_mut::<SoloAi>()
    {
        ai.enabled = true;
        ai.per_frame = v.pace_before.unwrap_or(ai.per_frame);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::engine::world_hash;
    use crate::scenario::load::{DEFAULT_BATTLE, Embedded, load_battle};

    /// A replay kept at the end of a battle, opened for watching.
    fn watched(seed: u64) -> (App, tempfile::TempDir) {
        let spec = load_battle(&Embedded, DEFAULT_BATTLE).unwrap();
        let (_, mut played) = crate::sim::run_one(&spec, seed).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let when = std::time::UNIX_EPOCH;
        let path =
            crate::sim::replay::save_replay(played.world_mut(), None, dir.path(), when).unwrap();
        let view = ReplayView::read(&path).unwrap();
        let mut app = crate::sim::battle_app(&view.spec);
        app.insert_resource(view)
            .insert_resource(SoloAi::on())
            .insert_resource(super::super::Notice::default())
            .add_systems(
                Update,
                play_replay.in_set(crate::rules::door::BattleSet::Decide),
            );
        quiet_the_ai(app.world_mut());
        (app, dir)
    }

    /// Watching a replay step by step goes through the same door as the battle did and ends
    /// on the world it ended on (the same hash), with the solo AI quiet throughout.
    #[test]
    fn a_replay_stepped_through_ends_on_the_battles_world() {
        let (mut app, _dir) = watched(8);
        let len = app.world().resource::<ReplayView>().len();
        for _ in 0..len * 2 {
            app.world_mut().resource_mut::<ReplayView>().step = true;
            app.update();
        }
        let w = app.world_mut();
        assert_eq!(w.resource::<Engine>().commands.len(), len);
        let saved_hash = w.resource::<ReplayView>().saved.hash;
        assert_eq!(world_hash(w), saved_hash);
        assert!(!w.resource::<SoloAi>().enabled);
    }

    /// A seek on the timeline, forwards then back, lands on the world playing to that point
    /// gives; the round a point lies in is the one the timeline names.
    #[test]
    fn a_seek_lands_on_the_world_of_that_point() {
        let (mut app, _dir) = watched(9);
        let (len, ends) = {
            let v = app.world().resource::<ReplayView>();
            (v.len(), v.round_ends.clone())
        };
        for to in [len / 2, ends[0], 3, len] {
            app.world_mut().resource_mut::<ReplayView>().seek = Some(to);
            app.update();
            let saved = app.world().resource::<ReplayView>().saved.clone();
            let mut direct = saved.play_to(to).unwrap();
            let w = app.world_mut();
            assert_eq!(w.resource::<Engine>().commands.len(), to);
            assert_eq!(world_hash(w), world_hash(direct.world_mut()), "at {to}");
        }
        let v = app.world().resource::<ReplayView>();
        assert_eq!(v.round_at(0), 1);
        assert_eq!(v.round_at(ends[0]), 2);
        assert_eq!(v.round_at(ends[0] - 1), 1);
    }
}
