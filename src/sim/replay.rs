//! Saves and replays. A save (and a replay) is the battle file, the seed and the commands
//! applied so far, with a hash of the world after each round and at the end: loading replays
//! the commands, so a loaded battle continues exactly as if it had never stopped, and any
//! difference (another build, an edited battle file) is caught by the hashes.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::model::formats::{Choices, Controller, Mode};
use crate::rules::command::Command;
use crate::rules::engine::{self, Engine, world_hash};
use crate::scenario::load::{
    self, BattleSpec, DEFAULT_BATTLE, Disk, EmbeddedThenDisk, SceneSource,
};

/// Where the window keeps a replay of every battle played to its end.
pub const REPLAYS_DIR: &str = "replays";
/// A replay's file name ends so (a save's: `.save.ron`).
pub const REPLAY_SUFFIX: &str = ".replay.ron";

/// The file format of saves and replays (RON).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedBattle {
    pub format: u32,
    /// The battle file; `None` for the embedded default battle.
    pub battle: Option<String>,
    pub seed: u64,
    /// Who played each side, when it differs from the battle file (chosen on the setup
    /// screen); absent: as the file says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controllers: Option<Vec<Controller>>,
    /// The rules played (solo or standard), when chosen on the setup screen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<Mode>,
    /// The cards and difficulty chosen on the setup screen, when they differ from the file.
    #[serde(default, skip_serializing_if = "Choices::is_empty")]
    pub choices: Choices,
    pub commands: Vec<Command>,
    /// World hash after each finished round.
    pub round_hashes: Vec<u64>,
    /// World hash after the last command.
    pub hash: u64,
    /// What the save browser lists (absent in older saves: the browser reads the file names).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<SaveSummary>,
}

/// A save as a list of saves shows it: the battle's name, its sides, the round and the score.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SaveSummary {
    pub battle: String,
    pub sides: [String; 2],
    pub round: u32,
    pub score: [u32; 2],
    pub over: bool,
}

/// 2: the priority player's colour (SET-5) and where a fallen carrier's treasure goes (GEN-8)
/// are commands, and the world hash covers the engine's new state.
/// 3: the world hash covers what abilities raised for an activation (ABL-5 boosts).
/// 4: the world hash reads the engine's state as RON that leaves out state a battle has not
/// used (ABL-5 round boosts, reaction abilities, effects waiting for a move), so new kinds of
/// state keep the hashes of battles that don't use them.
pub const FORMAT: u32 = 4;

impl SavedBattle {
    /// The save of the battle in `world`, loaded from `battle` (`None`: embedded default).
    pub fn of(world: &mut World, battle: Option<String>) -> Self {
        let hash = world_hash(world);
        let e = world.resource::<Engine>();
        let seed = world.resource::<crate::model::dice::DiceRng>().seed();
        let info = world.resource::<crate::model::components::BattleInfo>();
        let controllers = Some(info.sides.iter().map(|s| s.controller).collect());
        let mode = info.mode;
        let choices = info.choices.clone();
        let summary = Some(SaveSummary {
            battle: info.name.clone(),
            sides: [0, 1].map(|s| info.sides[s].name.clone()),
            round: e.round,
            score: e.score,
            over: e.outcome.is_some(),
        });
        SavedBattle {
            format: FORMAT,
            battle,
            seed,
            controllers,
            mode: Some(mode),
            choices,
            commands: e.commands.clone(),
            round_hashes: e.round_hashes.clone(),
            hash,
            summary,
        }
    }

    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default().struct_names(true))
            .expect("saves serialize")
    }

    /// Parses a save; errors carry `path:line:col`.
    pub fn from_ron(path: &Path, text: &str) -> Result<Self, String> {
        crate::scenario::parse_ron(path, text)
    }

    /// Writes atomically (temp file + rename).
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        crate::scenario::write_atomic(path, self.to_ron().as_bytes())
    }

    pub fn read(path: &Path) -> Result<Self, String> {
        crate::scenario::read_ron(path)
    }

    /// Loads the battle file this save names, with its seed.
    pub fn spec(&self) -> Result<BattleSpec, String> {
        let (src, file): (&dyn SceneSource, &str) = match &self.battle {
            Some(p) => (&Disk, p.as_str()),
            None => (&EmbeddedThenDisk, DEFAULT_BATTLE),
        };
        let mut spec =
            load::load_battle_with(src, file, &self.choices).map_err(|p| p.to_string())?;
        spec.seed = self.seed;
        if let Some(cs) = &self.controllers {
            for (side, c) in spec.sides.iter_mut().zip(cs) {
                side.controller = *c;
            }
        }
        if let Some(m) = self.mode {
            spec.mode = m;
        }
        Ok(spec)
    }

    /// Rebuilds the battle: set up, then every command applied and every round hash checked.
    /// `Err` says which command or round differs.
    pub fn restore(&self) -> Result<App, String> {
        self.restore_with_round_ends().map(|(app, _)| app)
    }

    /// [`Self::restore`], and how many commands each round took to finish (round k ends after
    /// `ends[k - 1]` commands): the points a timeline jumps to.
    pub fn restore_with_round_ends(&self) -> Result<(App, Vec<usize>), String> {
        if self.format != FORMAT {
            return Err(format!(
                "this save is in format {}, written by {} build; this build reads format \
                 {FORMAT} (since format 2 the colour choice and a fallen carrier's treasure are \
                 commands of their own; since format 3 the world hash covers what abilities \
                 raised for an activation; since format 4 it reads the engine's state \
                 another way). Replay it with the build that wrote it",
                self.format,
                if self.format < FORMAT {
                    "an older"
                } else {
                    "a newer"
                }
            ));
        }
        let spec = self.spec()?;
        let mut app = super::battle_app(&spec);
        let world = app.world_mut();
        let mut ends = Vec::new();
        for (i, c) in self.commands.iter().enumerate() {
            engine::apply(world, c)
                .map_err(|e| format!("command {} ({}): {e}", i + 1, c.describe()))?;
            let got = &world.resource::<Engine>().round_hashes;
            if got.len() > ends.len() {
                ends.push(i + 1);
            }
            if let Some(k) = got.len().checked_sub(1)
                && got.len() <= self.round_hashes.len()
                && got[k] != self.round_hashes[k]
            {
                return Err(format!(
                    "round {} ends differently: world hash {:016x}, saved {:016x}",
                    k + 1,
                    got[k],
                    self.round_hashes[k]
                ));
            }
        }
        let got = world.resource::<Engine>().round_hashes.clone();
        if got != self.round_hashes {
            return Err(format!(
                "{} round(s) finished, the save recorded {}",
                got.len(),
                self.round_hashes.len()
            ));
        }
        let h = world_hash(world);
        if h != self.hash {
            return Err(format!(
                "the world differs after the last command: hash {h:016x}, saved {:016x}",
                self.hash
            ));
        }
        Ok((app, ends))
    }
}

impl SavedBattle {
    /// The battle after its first `n` commands (all of them past the end), played headless
    /// from the start: seeking on a replay's timeline. A whole battle takes milliseconds.
    pub fn play_to(&self, n: usize) -> Result<App, String> {
        let spec = self.spec()?;
        let mut app = super::battle_app(&spec);
        let world = app.world_mut();
        for (i, c) in self.commands.iter().take(n).enumerate() {
            engine::apply(world, c)
                .map_err(|e| format!("command {} ({}): {e}", i + 1, c.describe()))?;
        }
        Ok(app)
    }

    /// How many commands each round took to finish, checked as [`Self::restore`] checks.
    pub fn round_ends(&self) -> Result<Vec<usize>, String> {
        self.restore_with_round_ends().map(|(_, ends)| ends)
    }
}

/// Saves the battle in `world` (loaded from `battle`, `None`: the embedded default) as a
/// replay in `dir`, named after the battle and `now`; never overwrites. Gives its path.
pub fn save_replay(
    world: &mut World,
    battle: Option<String>,
    dir: &Path,
    now: SystemTime,
) -> Result<PathBuf, String> {
    save_new(world, battle, (dir, REPLAY_SUFFIX), now)
}

/// Saves the battle in `world` in a new file of the folder `dir.0`, named after the battle
/// and `now`, ending in `dir.1` (`.save.ron`, `.replay.ron`); never overwrites (atomically:
/// a temp file, then a rename). Gives its path.
pub fn save_new(
    world: &mut World,
    battle: Option<String>,
    (dir, suffix): (&Path, &str),
    now: SystemTime,
) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("{}: can't make the folder: {e}", dir.display()))?;
    let name = world
        .resource::<crate::model::components::BattleInfo>()
        .name
        .clone();
    let path = new_path(dir, &name, now, suffix);
    SavedBattle::of(world, battle)
        .write(&path)
        .map_err(|e| format!("{}: can't write it: {e}", path.display()))?;
    Ok(path)
}

/// A new file's path in `dir`, named after its battle and the time:
/// `siege-of-the-shattered-bastion-2026-11-25-1402.save.ron` (`suffix` `.save.ron`), with
/// `-2`, `-3`... when that is taken.
pub fn new_path(dir: &Path, battle: &str, now: SystemTime, suffix: &str) -> PathBuf {
    let slug = crate::scenario::slug(battle, '-');
    let (y, mo, d, h, mi) = civil(now);
    let stem = format!("{slug}-{y:04}-{mo:02}-{d:02}-{h:02}{mi:02}");
    let mut path = dir.join(format!("{stem}{suffix}"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{stem}-{n}{suffix}"));
        n += 1;
    }
    path
}

/// (year, month, day, hour, minute) in UTC.
pub fn civil(t: SystemTime) -> (i64, u32, u32, u32, u32) {
    let secs = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()) as i64;
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Howard Hinnant's days-to-civil.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d, (rest / 3600) as u32, (rest % 3600 / 60) as u32)
}
