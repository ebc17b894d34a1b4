//! Where scene files come from (the disk, or the files embedded in the binary) and how a
//! path named in one file resolves.

use std::path::Path;

use crate::model::ruleset::DEFAULT_RULESET_RON;

/// Where scene files come from: the disk, or the files embedded in the binary.
pub trait SceneSource {
    fn read(&self, path: &str) -> Result<String, String>;
}

pub struct Disk;

impl SceneSource for Disk {
    fn read(&self, path: &str) -> Result<String, String> {
        std::fs::read_to_string(path).map_err(|e| e.to_string())
    }
}

/// The embedded default battle and everything it names.
pub struct Embedded;

/// The embedded files, and the disk for any other: the default battle played with cards
/// the player chose from `scenes/` on the setup screen.
pub struct EmbeddedThenDisk;

impl SceneSource for EmbeddedThenDisk {
    fn read(&self, path: &str) -> Result<String, String> {
        Embedded.read(path).or_else(|_| Disk.read(path))
    }
}

pub const DEFAULT_BATTLE: &str = "scenes/battles/default.ron";

const EMBEDDED: &[(&str, &str)] = &[
    (
        DEFAULT_BATTLE,
        include_str!("../../../scenes/battles/default.ron"),
    ),
    ("scenes/rulesets/default.ron", DEFAULT_RULESET_RON),
    (
        "scenes/terrain/shattered_bastion.ron",
        include_str!("../../../scenes/terrain/shattered_bastion.ron"),
    ),
    (
        "scenes/deployment/the_ferocious_gnarlwood_ii__blood_moon.ron",
        include_str!("../../../scenes/deployment/the_ferocious_gnarlwood_ii__blood_moon.ron"),
    ),
    (
        "scenes/victory/hold_the_cairns.ron",
        include_str!("../../../scenes/victory/hold_the_cairns.ron"),
    ),
    (
        "scenes/twist/none.ron",
        include_str!("../../../scenes/twist/none.ron"),
    ),
    (
        "scenes/warbands/ironclad_vanguard.ron",
        include_str!("../../../scenes/warbands/ironclad_vanguard.ron"),
    ),
    (
        "scenes/warbands/ashen_covenant.ron",
        include_str!("../../../scenes/warbands/ashen_covenant.ron"),
    ),
    (
        "scenes/fighters/ironclad.ron",
        include_str!("../../../scenes/fighters/ironclad.ron"),
    ),
    (
        "scenes/fighters/ashen.ron",
        include_str!("../../../scenes/fighters/ashen.ron"),
    ),
];

impl SceneSource for Embedded {
    fn read(&self, path: &str) -> Result<String, String> {
        let want = normalize(path);
        EMBEDDED
            .iter()
            .find(|(p, _)| *p == want)
            .map(|(_, s)| s.to_string())
            .ok_or_else(|| format!("no embedded file `{want}`"))
    }
}

/// `a/b/../c` -> `a/c`, with `/` separators.
pub fn normalize(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let absolute = path.starts_with('/');
    for part in path.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => {
                if matches!(out.last(), Some(p) if *p != "..") {
                    out.pop();
                } else if !absolute {
                    out.push("..");
                }
            }
            p => out.push(p),
        }
    }
    let joined = out.join("/");
    if absolute {
        format!("/{joined}")
    } else {
        joined
    }
}

/// A path named in `from_file`, relative to that file's folder.
pub fn relative_to(from_file: &str, rel: &str) -> String {
    if rel.starts_with('/') {
        return normalize(rel);
    }
    // A bare file name's parent is `""`, not `.`: joined as `{dir}/{rel}` that would be `/{rel}`.
    let dir = Path::new(from_file)
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    normalize(&format!("{}/{rel}", dir.to_string_lossy()))
}
