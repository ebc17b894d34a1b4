//! Replays (the streamers' issue): every battle the window plays to its end is kept as a
//! replay, and a replay's timeline reaches any point by playing its commands headless from
//! the start.

use std::collections::BTreeMap;
use std::time::{Duration, UNIX_EPOCH};

use warcry_sim::rules::engine::{Engine, Pending, world_hash};
use warcry_sim::scenario::load::{BattleSpec, DEFAULT_BATTLE, Embedded, load_battle};
use warcry_sim::sim::replay::{REPLAY_SUFFIX, SavedBattle, save_replay};
use warcry_sim::sim::{auto_step, battle_app, run_one};

use super::cli;

fn spec(seed: u64) -> BattleSpec {
    let mut s = load_battle(&Embedded, DEFAULT_BATTLE).unwrap();
    s.seed = seed;
    s
}

/// Seeking to the end of any round on a replay's timeline (and to any command, back and
/// forth) gives the world that playing the battle to that point gave: the same world hash,
/// and the rounds' hashes recorded so far (VIC-1: a battle of the victory card's rounds).
#[test]
fn seeking_to_any_round_gives_the_world_playing_to_it_gave() {
    for seed in [5u64, 23] {
        let mut app = battle_app(&spec(seed));
        let world = app.world_mut();
        // The world hash after each number of commands, as the battle was played.
        let mut live = BTreeMap::from([(0, world_hash(world))]);
        while auto_step(world).unwrap() {
            let n = world.resource::<Engine>().commands.len();
            live.insert(n, world_hash(world));
        }
        assert_eq!(world.resource::<Engine>().pending, Pending::Ended);
        let saved = SavedBattle::of(world, None);
        let ends = saved.round_ends().unwrap();
        assert_eq!(ends.len(), saved.round_hashes.len(), "seed {seed}");
        assert!(ends.len() >= 3, "seed {seed}: {} rounds", ends.len());
        for (k, &n) in ends.iter().enumerate() {
            let mut at = saved.play_to(n).unwrap();
            assert_eq!(
                Some(&world_hash(at.world_mut())),
                live.get(&n),
                "seed {seed}: the end of round {}",
                k + 1
            );
            let rounds = &at.world().resource::<Engine>().round_hashes;
            assert_eq!(rounds[..], saved.round_hashes[..=k], "seed {seed}");
        }
        let last = saved.commands.len();
        for n in [last, 1, last / 2, 0, last / 3] {
            let mut at = saved.play_to(n).unwrap();
            assert_eq!(
                Some(&world_hash(at.world_mut())),
                live.get(&n),
                "seed {seed}: after {n} commands"
            );
        }
    }
}

/// Every battle played to its end in the window is kept as a replay (by the function the
/// end screen calls), each in a file of its own; all of 100 such battles replay with every
/// round hash matching (`replay --verify`, here and on the command line).
#[test]
fn a_hundred_battles_kept_as_replays_all_verify() {
    let dir = tempfile::tempdir().unwrap();
    let when = UNIX_EPOCH + Duration::from_secs(1_795_615_320);
    let mut paths = Vec::new();
    for seed in 0..100 {
        let (_, mut app) = run_one(&spec(seed), seed).unwrap();
        paths.push(save_replay(app.world_mut(), None, dir.path(), when).unwrap());
    }
    let files = std::fs::read_dir(dir.path())
        .unwrap()
        .filter(|e| {
            let name = e.as_ref().unwrap().file_name();
            name.to_string_lossy().ends_with(REPLAY_SUFFIX)
        })
        .count();
    assert_eq!(files, 100, "one file per battle, none overwritten");
    for p in &paths {
        let saved = SavedBattle::read(p).unwrap();
        let app = saved
            .restore()
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        assert_eq!(app.world().resource::<Engine>().pending, Pending::Ended);
    }
    for p in [&paths[0], &paths[99]] {
        let (ok, out, err) = cli(&["replay", p.to_str().unwrap(), "--verify"]);
        assert!(ok, "{err}");
        assert!(out.contains("verified"), "{out}");
    }
}
