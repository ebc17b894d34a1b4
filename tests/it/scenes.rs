//! Every shipped scene file reads the same through the scene reader (positions kept, every
//! problem at `file:line:col`) as through plain `ron` (with implicit `Some`): the one reader
//! the game uses for scene files loses nothing of what they say.

use serde::de::DeserializeOwned;
use std::fmt::Debug;
use std::path::Path;
use warcry_sim::model::formats::{
    Battle, DeploymentCard, FighterProfiles, TerrainCard, TwistCard, VictoryCard, Warband,
};
use warcry_sim::model::ruleset::Ruleset;
use warcry_sim::scenario::community::BaseRules;
use warcry_sim::scenario::load::{Disk, read_scene};

/// Reads every file of `scenes/<folder>` both ways; how many there were.
fn both_ways<T: DeserializeOwned + PartialEq + Debug>(folder: &str) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenes")
        .join(folder);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ron") {
            continue;
        }
        let file = path.to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        // Scene files may leave out `Some(..)` round an optional value (`thickness: 0.3`), as
        // the scene reader allows.
        let plain: T = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str(&text)
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let spanned: T = read_scene(&Disk, &file).unwrap_or_else(|p| panic!("{p}"));
        assert_eq!(plain, spanned, "{file}");
        n += 1;
    }
    n
}

#[test]
fn every_shipped_scene_file_reads_the_same_both_ways() {
    let read = [
        both_ways::<Battle>("battles"),
        both_ways::<TerrainCard>("terrain"),
        both_ways::<DeploymentCard>("deployment"),
        both_ways::<VictoryCard>("victory"),
        both_ways::<TwistCard>("twist"),
        both_ways::<Ruleset>("rulesets"),
        both_ways::<Warband>("warbands"),
        both_ways::<FighterProfiles>("fighters"),
        both_ways::<BaseRules>("import"),
    ];
    assert!(
        read.iter().all(|n| *n > 0),
        "every folder has files: {read:?}"
    );
    assert!(read.iter().sum::<usize>() >= 40, "{read:?}");
}
