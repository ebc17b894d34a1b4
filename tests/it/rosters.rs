//! A warband drawn at random for each battle (SET-1, SOLO-S1): the solo opponent mustered
//! from imported fighters at the difficulty's points, a legal one for every seed.

use warcry_sim::model::formats::{Choices, Difficulty};
use warcry_sim::rules::warband::{check_battle_groups, check_muster};
use warcry_sim::scenario::load::{DEFAULT_BATTLE, EmbeddedThenDisk, load_battle_with};
use warcry_sim::scenario::rosters::save_random_warband;

use crate::import::ours;

#[test]
fn set1_solo_s1_a_random_opponent_is_legal_at_the_difficultys_points_for_every_seed() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("cinder_choir_random.ron");
    save_random_warband(
        &file,
        "Cinder Choir",
        Some("chaos".into()),
        &ours().join("fighters.json"),
    )
    .unwrap();
    let choices = Choices {
        warbands: [None, Some(file.to_string_lossy().into_owned())],
        difficulty: Some(Difficulty::Hard),
        ..Choices::default()
    };
    let spec = load_battle_with(&EmbeddedThenDisk, DEFAULT_BATTLE, &choices).unwrap();
    let limits = spec.ruleset.muster().clone();
    let mut rosters = std::collections::BTreeSet::new();
    for seed in 0..10 {
        let drawn = spec.drawn(seed);
        let f = &drawn.sides[1].fighters;
        let broken = check_muster(f, "Cinder Choir", Some("chaos"), &limits, 1250);
        assert!(broken.is_empty(), "seed {seed}: {broken:?}");
        assert!(check_battle_groups(f).is_empty(), "seed {seed}");
        let points: u32 = f.iter().map(|x| x.profile.points).sum();
        assert!(points <= 1250, "SOLO-S1 Hard: {points} points");
        let ids: Vec<String> = f.iter().map(|x| x.profile.id.clone()).collect();
        // The same seed draws the same warband (a replay meets the same opponent).
        let again: Vec<String> = spec.drawn(seed).sides[1]
            .fighters
            .iter()
            .map(|x| x.profile.id.clone())
            .collect();
        assert_eq!(ids, again);
        rosters.insert(ids);
        // The human's warband is the battle's, whatever the seed.
        assert_eq!(drawn.sides[0].fighters.len(), spec.sides[0].fighters.len());
    }
    assert!(rosters.len() > 1, "different seeds meet different warbands");
    // The points follow the battle as it is played (a level chosen after loading).
    let mut easy = spec.clone();
    easy.difficulty = Difficulty::Easy;
    for seed in 0..5 {
        let f = &easy.drawn(seed).sides[1].fighters;
        let points: u32 = f.iter().map(|x| x.profile.points).sum();
        assert!(points <= 1000, "SOLO-S1 Easy: {points} points");
    }
    // Played headless to the end with the solo AI, against the warband drawn for its seed.
    let (result, mut app) = warcry_sim::sim::run_one(&spec, 3).unwrap();
    assert!(result.outcome.is_some());
    let names = app
        .world_mut()
        .resource::<warcry_sim::rules::log::BattleLog>()
        .names
        .clone();
    let drawn: Vec<String> = spec.drawn(3).sides[1]
        .fighters
        .iter()
        .map(|f| f.name.clone())
        .collect();
    assert!(
        drawn.iter().all(|n| names.fighters.contains(n)),
        "{drawn:?}"
    );
}

#[test]
fn set1_a_random_warband_lists_no_fighters() {
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("r.ron");
    save_random_warband(&file, "Cinder Choir", None, &ours().join("fighters.json")).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("random: true"), "{text}");
    let listed = text.replace(
        "fighters: [],",
        "fighters: [WarbandFighter(profile: \"9bec3694\")],",
    );
    std::fs::write(&file, listed).unwrap();
    let (ok, out, err) = crate::cli(&["check", file.to_str().unwrap()]);
    assert!(!ok, "{out}{err}");
    assert!(
        format!("{out}{err}").contains("lists no fighters"),
        "{out}{err}"
    );
}
