//! Importing community fighter data (the warcry_data JSON format). Most checks run on our own
//! sample in that format (`tests/data/community/`: three made-up factions, our own words), so a
//! clone of the repository alone runs them; the checks against the real community sample
//! (`../shared/data/warcry_data_sample/`) run when it sits beside the repository and say that
//! they were skipped when it does not. Every record converts, field by field as the JSON says;
//! bad input never panics, is reported at its JSON path, and the good records still convert.

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use serde_json::Value;
use warcry_sim::model::abilities::DiceCost;
use warcry_sim::model::formats::BaseSize;
use warcry_sim::scenario::community::{
    BaseRules, ImportPaths, Imported, Source, Sources, import, import_paths,
};

/// Our own sample in the community format: the factions Lantern Wardens, Mire Stalkers and
/// Cinder Choir, with abilities written for the tests.
pub(crate) fn ours() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/community")
}

/// Our sample's factions, as `by_faction` lists them.
pub(crate) const OUR_FACTIONS: [&str; 3] = ["Cinder Choir", "Lantern Wardens", "Mire Stalkers"];

/// The real community sample beside the repository, or `None` (and a line saying the check
/// was skipped) when a clone of the repository stands alone.
fn community_sample(check: &str) -> Option<PathBuf> {
    crate::shared_path("data/warcry_data_sample", check)
}

fn import_dir(d: &Path) -> Imported {
    import_paths(&ImportPaths {
        fighters: d.join("fighters.json"),
        abilities: Some(d.join("abilities.json")),
        universal: Some(d.join("universal_abilities.json")),
        ..ImportPaths::default()
    })
    .expect("the sample reads")
}

fn json_of(d: &Path, name: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(d.join(name)).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// Imports the fighters `text` alone, with the shipped base rules.
fn fighters_only(text: &str) -> Imported {
    let sources = Sources {
        fighters: Source {
            file: "fighters.json",
            text,
        },
        abilities: None,
        universal: None,
        bases: None,
    };
    import(&sources, BaseRules::shipped())
}

/// Every record of the data set in `d` converts, with no error and no warning; its factions.
fn converts_whole(d: &Path) -> Vec<String> {
    let i = import_dir(d);
    assert_eq!(i.findings.errors, vec![], "no errors");
    assert_eq!(i.findings.warnings, vec![], "no warnings");
    let fighters = json_of(d, "fighters.json").len();
    assert_eq!(i.counts.fighters_read, fighters);
    assert_eq!(i.counts.fighters, fighters);
    assert_eq!(
        i.counts.abilities_read,
        json_of(d, "abilities.json").len() + json_of(d, "universal_abilities.json").len()
    );
    assert_eq!(i.counts.abilities, i.counts.abilities_read);
    i.by_faction().into_iter().map(|f| f.0).collect()
}

/// The whole community data set beside the repository, or `None` (and a line saying the
/// check was skipped).
fn community_full(check: &str) -> Option<PathBuf> {
    crate::shared_path("data/warcry_data_full", check)
}

/// The whole community set (71 factions, 1,345 fighters, 946 abilities) with the tabletop
/// simulator's base sizes: every record converts with no error, and at least 95% of the
/// fighters take their base from that file (issue 30).
#[test]
fn the_whole_community_set_converts_and_its_fighters_take_their_bases_from_the_tts_file() {
    let Some(d) = community_full("the whole community set's import") else {
        return;
    };
    let i = import_paths(&ImportPaths::beside(&d.join("fighters.json"))).unwrap();
    assert_eq!(i.findings.errors, vec![], "no errors");
    assert_eq!(i.counts.fighters, i.counts.fighters_read);
    assert_eq!(i.counts.abilities, i.counts.abilities_read);
    let share = 100.0 * i.counts.bases_from_file as f64 / i.counts.fighters as f64;
    assert!(share >= 95.0, "{share:.1}% of the fighters");
    // Issue 30: at least 85% of the abilities automated.
    let automated = i.counts.automated_percent();
    assert!(
        automated >= 85.0,
        "{automated:.1}% of the abilities automated"
    );
    // And what is done (805 of 946, 85.1%), so that no change reads fewer of the cards.
    assert!(
        i.counts.abilities_automated >= 805,
        "{} of {} abilities automated ({:.1}%)",
        i.counts.abilities_automated,
        i.counts.abilities,
        i.counts.automated_percent()
    );
    // The base-size file's faction headings and grand alliances are no warnings.
    let base_warnings: Vec<_> = (i.findings.warnings.iter())
        .filter(|w| w.to_string().contains("baseSizes.json"))
        .collect();
    assert!(base_warnings.is_empty(), "{base_warnings:?}");
}

#[test]
fn abl5_the_whole_sample_converts_with_no_problem() {
    assert_eq!(converts_whole(&ours()), OUR_FACTIONS);
    let Some(d) = community_sample("the community sample converts whole") else {
        return;
    };
    assert_eq!(
        converts_whole(&d),
        [
            "Corvus Cabal",
            "Iron Golems",
            "Splintered Fang",
            "Untamed Beasts"
        ]
    );
    assert_eq!(import_dir(&d).counts.fighters, 32);
}

/// The first fighter of each faction in `d`, and every one with a missile weapon, match the
/// JSON field by field.
fn fields_match(d: &Path) {
    let i = import_dir(d);
    let json = json_of(d, "fighters.json");
    let picked: Vec<&Value> = json
        .iter()
        .filter(|f| {
            let first = json.iter().find(|g| g["warband"] == f["warband"]).unwrap() == *f;
            let missile = f["weapons"]
                .as_array()
                .unwrap()
                .iter()
                .any(|w| w["max_range"].as_u64().unwrap() > 3);
            first || missile
        })
        .collect();
    assert!(picked.len() >= 5, "several fighters checked");
    for f in picked {
        let id = f["_id"].as_str().unwrap();
        let x = i.fighters.iter().find(|x| x.profile.id == id).unwrap();
        let p = &x.profile;
        let n = |k: &str| f[k].as_u64().unwrap() as u32;
        assert_eq!(p.name, f["name"].as_str().unwrap());
        assert_eq!(p.faction, f["warband"].as_str().unwrap());
        assert_eq!(p.grand_alliance.as_deref(), f["grand_alliance"].as_str());
        assert_eq!(
            (p.movement, p.toughness, p.wounds, p.points),
            (n("movement"), n("toughness"), n("wounds"), n("points")),
            "{id}"
        );
        let marks: Vec<&str> = f["runemarks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        assert_eq!(p.runemarks, marks, "{id}");
        let weapons = f["weapons"].as_array().unwrap();
        assert_eq!(p.weapons.len(), weapons.len(), "{id}");
        for (w, j) in p.weapons.iter().zip(weapons) {
            let n = |k: &str| j[k].as_u64().unwrap() as u32;
            assert_eq!(w.runemark.as_deref(), j["runemark"].as_str());
            assert_eq!((w.attacks, w.strength), (n("attacks"), n("strength")));
            assert_eq!(w.damage, (n("dmg_hit"), n("dmg_crit")));
            assert_eq!(
                (w.min_range, w.max_range),
                (n("min_range") as f32, n("max_range") as f32)
            );
            // ATK-1: melee or missile by range, not by the weapon's name.
            assert_eq!(w.is_melee(), n("max_range") <= 3, "{id}");
        }
        // No base-size file: the base follows the shipped rules by runemark.
        let expected = BaseRules::shipped();
        let base = expected
            .by_runemark
            .iter()
            .find(|(m, _)| marks.contains(&m.as_str()))
            .map_or(expected.default, |(_, b)| *b);
        assert_eq!(p.base, base, "{id}");
    }
}

#[test]
fn set1_imported_fighters_match_the_json_field_by_field() {
    fields_match(&ours());
    if let Some(d) = community_sample("the community sample's fighters field by field") {
        fields_match(&d);
    }
}

/// ABL-2 in the data set `d`: each fighter has the faction abilities its runemarks allow.
fn faction_abilities_by_runemark(d: &Path) -> Imported {
    let i = import_dir(d);
    let abilities = json_of(d, "abilities.json");
    for x in &i.fighters {
        let expected: Vec<&str> = abilities
            .iter()
            .filter(|a| a["warband"] == x.warband.as_str())
            .filter(|a| {
                a["runemarks"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|m| x.profile.runemarks.iter().any(|r| r == m.as_str().unwrap()))
            })
            .map(|a| a["_id"].as_str().unwrap())
            .collect();
        let got: Vec<&str> = x
            .profile
            .abilities
            .iter()
            .filter_map(|a| a.id.as_deref())
            .filter(|id| abilities.iter().any(|a| a["_id"] == *id))
            .collect();
        assert_eq!(got, expected, "{}", x.profile.name);
    }
    i
}

/// The names of the abilities `name` has, and the cost of its ability `reaction`.
fn abilities_of(i: &Imported, name: &str, reaction: &str) -> (Vec<String>, Option<DiceCost>) {
    let x = i.fighters.iter().find(|x| x.profile.name == name).unwrap();
    let names = x.profile.abilities.iter().map(|a| a.name.clone()).collect();
    let cost = x
        .profile
        .abilities
        .iter()
        .find(|a| a.name == reaction)
        .map(|a| a.cost);
    (names, cost)
}

#[test]
fn abl2_a_fighter_gets_the_abilities_of_its_warband_its_runemarks_allow() {
    let i = faction_abilities_by_runemark(&ours());
    // The universal abilities the engine runs itself are not given again; the others go to
    // the fighters whose runemarks they ask for (Bellow only to destroyers).
    let (names, reaction) = abilities_of(&i, "Lamplighter", "Shutters Down");
    assert!(names.contains(&"Flare Shot".to_owned()), "{names:?}");
    assert!(!names.contains(&"Steady Light".to_owned()), "{names:?}");
    let built_in = ["Rush", "Counter", "Bellow"].map(String::from);
    assert!(!names.iter().any(|n| built_in.contains(n)), "{names:?}");
    assert_eq!(reaction, Some(DiceCost::Reaction));
    let (ogre, _) = abilities_of(&i, "Kiln Ogre", "");
    assert!(ogre.contains(&"Bellow".to_owned()), "{ogre:?}");
    let Some(d) = community_sample("the community sample's abilities by runemark") else {
        return;
    };
    let i = faction_abilities_by_runemark(&d);
    let (names, reaction) = abilities_of(&i, "Cabalist", "Raptor Strike");
    assert!(names.contains(&"Binding Ropes".to_owned()), "{names:?}");
    assert!(
        !names.contains(&"Rush".to_owned()) && !names.contains(&"Counter".to_owned()),
        "{names:?}"
    );
    assert!(!names.contains(&"Monstrous Reach".to_owned()), "{names:?}");
    assert_eq!(reaction, Some(DiceCost::Reaction));
}

#[test]
fn a_base_size_file_gives_bases_by_name() {
    let d = ours();
    let tmp = tempfile::tempdir().unwrap();
    let bases = tmp.path().join("bases.json");
    std::fs::write(
        &bases,
        r#"{"Lamplighter": "28mm", "Lantern Wardens Glass Hound": "35x60"}"#,
    )
    .unwrap();
    let i = import_paths(&ImportPaths {
        fighters: d.join("fighters.json"),
        bases: Some(bases),
        ..ImportPaths::default()
    })
    .unwrap();
    let base = |name: &str| {
        i.fighters
            .iter()
            .find(|x| x.profile.name == name)
            .map(|x| x.profile.base)
    };
    assert_eq!(base("Lamplighter"), Some(BaseSize::Round(28.0)));
    assert_eq!(i.counts.bases_from_file, 1);
}

/// One fighter record (JSON), with fields replaced.
fn record(id: &str, name: &str, extra: &str) -> String {
    format!(
        r#"{{"_id": "{id}", "name": "{name}", "warband": "Test Band", "subfaction": "",
            "grand_alliance": "order", "movement": 4, "toughness": 4, "wounds": 10,
            "points": 100, "runemarks": [], "weapons": [{{"attacks": 3, "strength": 3,
            "dmg_hit": 1, "dmg_crit": 3, "min_range": 0, "max_range": 1, "runemark": "axe"}}]
            {extra}}}"#
    )
}

#[test]
fn bad_records_are_reported_at_their_json_path_and_the_good_ones_convert() {
    let text = format!(
        "[{}, {}, {}, {}, {}, {}, 7]",
        record("a1", "Good Axeman", ""),
        record("a2", "Négociant Ærith", ""),
        record("a1", "Twice", ""),
        record("a3", "Bad", r#", "movement": -3, "wounds": 100000"#)
            .replace("\"movement\": 4,", ""),
        record("a4", "Odd Marks", r#", "runemarks": ["hero", "wizardly"]"#)
            .replace("\"runemarks\": [],", ""),
        record("a5", "Wrong Types", r#", "toughness": "four""#).replace("\"toughness\": 4,", ""),
    );
    let i = fighters_only(&text);
    let names: Vec<&str> = i.fighters.iter().map(|x| x.profile.name.as_str()).collect();
    assert_eq!(names, ["Good Axeman", "Négociant Ærith", "Odd Marks"]);
    let errors: Vec<String> = i.findings.errors.iter().map(|p| p.to_string()).collect();
    assert_eq!(
        errors,
        [
            "fighters.json:$[3].movement: Move -3 is outside 1..=20",
            "fighters.json:$[3].wounds: Wounds 100000 is outside 1..=100",
            "fighters.json:$[5].toughness: expected a whole number, found text",
            "fighters.json:$[6]: expected an object, found a number",
            "fighters.json:$[2]._id: id `a1` is already used by the record at $[0]: left out",
        ]
    );
    let warnings: Vec<String> = i.findings.warnings.iter().map(|p| p.to_string()).collect();
    assert_eq!(
        warnings,
        [
            "fighters.json:$[4].runemarks[1]: unknown runemark `wizardly` (kept, but no rule knows it)"
        ]
    );
    assert_eq!(i.counts.fighters_read, 7);
}

#[test]
fn a_truncated_file_is_one_error_at_its_line_and_column() {
    let text = std::fs::read_to_string(ours().join("fighters.json")).unwrap();
    let cut = &text[..text.len() / 2];
    let i = fighters_only(cut);
    assert_eq!(i.fighters.len(), 0);
    assert_eq!(i.findings.errors.len(), 1);
    let e = i.findings.errors[0].to_string();
    let line = cut.matches('\n').count() + 1;
    assert!(e.starts_with(&format!("fighters.json:{line}:")), "{e}");
    assert!(e.contains("not valid JSON: EOF while parsing"), "{e}");
}

#[test]
fn a_50_mb_file_imports_every_record() {
    let one = record("x", "Bulk Fighter", "");
    let n = 50_000_000 / one.len() + 1;
    let mut text = String::with_capacity(n * (one.len() + 12));
    text.push('[');
    for k in 0..n {
        if k > 0 {
            text.push(',');
        }
        text.push_str(&record(&format!("id{k}"), "Bulk Fighter", ""));
    }
    text.push(']');
    assert!(text.len() >= 50_000_000);
    let i = fighters_only(&text);
    assert_eq!(i.findings.errors, vec![]);
    assert_eq!(i.counts.fighters, n);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Whatever bytes of the sample are changed, the import never panics, and every record of
    /// a file that still parses either converts or has an error at its path.
    #[test]
    fn mutated_json_never_panics_and_no_record_is_lost_silently(
        edits in proptest::collection::vec((any::<prop::sample::Index>(), 0u8..6, any::<u8>()), 1..8)
    ) {
        let base = std::fs::read_to_string(ours().join("fighters.json")).unwrap();
        let mut bytes = base.into_bytes();
        for (at, kind, b) in edits {
            if bytes.is_empty() {
                break;
            }
            let k = at.index(bytes.len());
            match kind {
                0 => bytes[k] = b,
                1 => { bytes.remove(k); }
                2 => bytes.insert(k, b),
                3 => bytes[k] = b"0123456789-"[b as usize % 11],
                4 => bytes[k] = b"\"{}[],:"[b as usize % 7],
                _ => bytes.truncate(k),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        let i = fighters_only(&text);
        if let Ok(Value::Array(items)) = serde_json::from_str::<Value>(&text) {
            for (k, item) in items.iter().enumerate() {
                let path = format!("$[{k}]");
                let converted = item["_id"].as_str().is_some_and(|id| {
                    i.fighters.iter().any(|x| x.profile.id == id.trim())
                });
                let reported = i.findings.errors.iter().any(|e| {
                    e.at == path || e.at.starts_with(&format!("{path}."))
                });
                prop_assert!(converted || reported, "record {path} neither converted nor reported");
            }
        }
    }
}

#[test]
fn set1_set3_roster_new_random_is_legal_for_each_sample_faction_and_10_seeds() {
    let tmp = tempfile::tempdir().unwrap();
    for faction in OUR_FACTIONS {
        for seed in 0..10 {
            let dir = tmp.path().join(seed.to_string());
            let (out, stdout) = roster_said(&dir, faction, seed);
            assert!(
                stdout.contains("the warband is legal (SET-1, SET-3)"),
                "{faction} {seed}: {stdout}"
            );
            // And `check` agrees, reading the fighters straight from the community JSON.
            let (ok, stdout, stderr) = crate::cli(&["check", out.to_str().unwrap()]);
            assert!(ok && stdout.contains("no problems"), "{stdout}{stderr}");
        }
    }
}

/// Writes a random legal roster of `faction` drawn with `seed` into `dir`; its path.
fn roster(dir: &Path, faction: &str, seed: u64) -> PathBuf {
    roster_said(dir, faction, seed).0
}

/// [`roster`], and what `roster new` printed.
fn roster_said(dir: &Path, faction: &str, seed: u64) -> (PathBuf, String) {
    let out = dir.join(format!("{}.ron", faction.replace(' ', "_")));
    let fighters = ours().join("fighters.json");
    let (ok, stdout, stderr) = crate::cli(&[
        "roster",
        "new",
        "--faction",
        faction,
        "--fighters",
        fighters.to_str().unwrap(),
        "--random",
        "--seed",
        &seed.to_string(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{faction} {seed}: {stderr}");
    (out, stdout)
}

/// A battle file in `dir` on the default battle's cards between two warband files.
fn battle(dir: &Path, a: &Path, b: &Path) -> PathBuf {
    let scenes = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes");
    let s = |p: &str| scenes.join(p).to_string_lossy().to_string();
    let text = format!(
        "Battle(name: \"Imported\", ruleset: {:?}, terrain: {:?}, deployment: {:?}, \
         victory: {:?}, twist: {:?}, seed: 7, sides: [(warband: {:?}, controller: Human), \
         (warband: {:?}, controller: Ai)], mode: Solo, difficulty: Balanced)",
        s("rulesets/default.ron"),
        s("terrain/shattered_bastion.ron"),
        s("deployment/the_ferocious_gnarlwood_ii__blood_moon.ron"),
        s("victory/hold_the_cairns.ron"),
        s("twist/none.ron"),
        a.to_string_lossy(),
        b.to_string_lossy(),
    );
    let path = dir.join(format!(
        "{}_v_{}.ron",
        a.file_stem().unwrap().to_string_lossy(),
        b.file_stem().unwrap().to_string_lossy()
    ));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn set1_battles_between_imported_warbands_of_several_factions_end_with_no_error() {
    let tmp = tempfile::tempdir().unwrap();
    let factions = OUR_FACTIONS;
    for (k, pair) in [(0, 1), (1, 2), (2, 0)].iter().enumerate() {
        let a = roster(tmp.path(), factions[pair.0], k as u64);
        let b = roster(tmp.path(), factions[pair.1], 10 + k as u64);
        let file = battle(tmp.path(), &a, &b);
        let (ok, stdout, stderr) = crate::cli(&[
            "simulate",
            "--battle",
            file.to_str().unwrap(),
            "--battles",
            "10",
        ]);
        assert!(ok, "{stdout}{stderr}");
        let report: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(report["unfinished"], 0, "{stdout}");
        assert_eq!(report["battles"], 10);
    }
}

#[test]
fn abl5_our_abilities_whose_whole_wording_is_recognised_run_as_effects() {
    use warcry_sim::model::abilities::AbilityEffect;
    use warcry_sim::model::effects::{Amount, Aura, Effect, Stat, Trigger};
    let i = import_dir(&ours());
    let automated: Vec<&str> = i
        .abilities
        .iter()
        .filter(|a| !a.is_universal() && a.automated())
        .map(|a| a.def.name.as_str())
        .collect();
    assert_eq!(
        automated,
        [
            "Flare Shot",
            "Steady Light",
            "Shutters Down",
            "Hound Unleashed",
            "Sucking Mud",
            "Wallow",
            "Chief's Due",
            "Spit Bile",
            "Ember Storm",
            "Scorched Hide",
            "Choir Frenzy",
            "Heat Haze"
        ]
    );
    let effect_of = |name: &str| {
        let a = i.abilities.iter().find(|a| a.def.name == name).unwrap();
        (a.def.effect.clone(), a.unrecognised.clone())
    };
    assert_eq!(
        effect_of("Ember Storm").0,
        AbilityEffect::Effects(vec![Effect::DamageEach {
            range: 2.0,
            amount: Amount::Value,
            roll: None,
            visible: true
        }])
    );
    // REA-1: a reaction to a melee attack, read whole.
    assert_eq!(
        effect_of("Shutters Down").0,
        AbilityEffect::Effects(vec![
            Effect::Reaction(Trigger::TargetedByMelee),
            Effect::CritsAsHits {
                up_to: Amount::Fixed(2)
            }
        ])
    );
    assert_eq!(
        effect_of("Steady Light").0,
        AbilityEffect::Effects(vec![Effect::RoundBoost {
            stat: Stat::Toughness,
            by: Amount::Fixed(1),
            melee_only: false,
            aura: Some(Aura::within(4.0, true)),
            missile_only: false,
        }])
    );
    // A sentence the reader does not know keeps its ability resolved by hand, and is named.
    let waltz = effect_of("Lantern Waltz");
    assert_eq!(waltz.0, AbilityEffect::NotAutomated);
    assert!(
        waltz.1.unwrap().contains("light of distant lanterns"),
        "the unread sentence is kept"
    );
    assert_eq!(i.unrecognised_shapes().len(), 1);
    assert_eq!(
        i.counts.abilities_automated,
        12 + 9,
        "12 of the factions', eight universal ones built in, and Bellow read from its wording"
    );
}

#[test]
fn abl5_the_community_sample_abilities_whose_whole_wording_is_recognised_run_as_effects() {
    use warcry_sim::model::abilities::AbilityEffect;
    use warcry_sim::model::effects::{Amount, Aura, Effect, Stat, Trigger};
    let Some(d) = community_sample("the community sample's abilities read from their wording")
    else {
        return;
    };
    let i = import_dir(&d);
    let automated: Vec<&str> = i
        .abilities
        .iter()
        .filter(|a| !a.is_universal() && a.automated())
        .map(|a| a.def.name.as_str())
        .collect();
    assert_eq!(
        automated,
        [
            "Harrying Raven",
            "Raven Dart",
            "Swift Climb",
            "Grisly Trophy",
            "Swooping Attack",
            "Death from Above",
            "Spine-crushing Blow",
            "Lead with Strength",
            "Throw Bolas",
            "Living Battering Ram",
            "Stand Defiant",
            "Whirlwind of Death",
            "Clashing Iron",
            "Ensnaring Net",
            "Fanged Buckler",
            "Poisoned Attacks",
            "Relentless Assault",
            "Snake Charmer",
            "Paralysing Venom",
            "Vicious Riposte",
            "All-out Attack",
            "Beastmaster",
            "Savage Fury",
            "Harpoon Snag",
            "Pounce",
            "Unleash the Beast",
            "Brute Resilience"
        ]
    );
    let whirlwind = i
        .abilities
        .iter()
        .find(|a| a.def.name == "Whirlwind of Death")
        .unwrap();
    assert_eq!(
        whirlwind.def.effect,
        AbilityEffect::Effects(vec![Effect::DamageEach {
            range: 3.0,
            amount: Amount::Value,
            roll: None,
            visible: true
        }])
    );
    // REA-1: a reaction to a melee attack, read whole; one to a move waits for its trigger.
    let effect_of = |name: &str| {
        let a = i.abilities.iter().find(|a| a.def.name == name).unwrap();
        (a.def.effect.clone(), a.unrecognised.clone())
    };
    assert_eq!(
        effect_of("Clashing Iron").0,
        AbilityEffect::Effects(vec![
            Effect::Reaction(Trigger::TargetedByMelee),
            Effect::CritsAsHits {
                up_to: Amount::Fixed(2)
            }
        ])
    );
    assert_eq!(
        effect_of("Stand Defiant").0,
        AbilityEffect::Effects(vec![Effect::RoundBoost {
            stat: Stat::Toughness,
            by: Amount::Fixed(1),
            melee_only: false,
            aura: Some(Aura::within(6.0, true)),
            missile_only: false,
        }])
    );
    let raptor = effect_of("Raptor Strike").1.unwrap();
    assert!(
        raptor
            .starts_with("a fighter can make this reaction after an enemy fighter finishes a move"),
        "{raptor}"
    );
    let shapes = i.unrecognised_shapes();
    assert!(shapes.iter().all(|(_, n)| *n == 1), "{shapes:?}");
    assert_eq!(
        i.counts.abilities_automated,
        27 + 8 + 5,
        "27 of the factions', eight universal ones built in, Monstrous Reach, Binding Ropes, \
         Go for the Eyes, Taunt and Drag and Maul"
    );
    // The bar is 60% of the sample's abilities (factions' and universal), the goal 85%.
    assert!(i.counts.automated_percent() >= 85.0);
}

#[test]
fn abl5_the_overrides_file_gives_or_takes_effects_by_community_id() {
    let d = ours();
    let id = |name: &str| {
        let all = json_of(&d, "abilities.json");
        let a = all.iter().find(|a| a["name"] == name).unwrap();
        a["_id"].as_str().unwrap().to_owned()
    };
    let tmp = tempfile::tempdir().unwrap();
    let overrides = tmp.path().join("ability_effects.ron");
    // Lantern Waltz gets an effect by hand; Ember Storm loses the one read from its wording.
    std::fs::write(
        &overrides,
        format!(
            "AbilityOverrides({{{:?}: Effects([BonusMove(max: Some(Fixed(3)))]), \
             {:?}: NotAutomated}})",
            id("Lantern Waltz"),
            id("Ember Storm")
        ),
    )
    .unwrap();
    let i = import_paths(&ImportPaths {
        fighters: d.join("fighters.json"),
        abilities: Some(d.join("abilities.json")),
        overrides: Some(overrides),
        ..ImportPaths::default()
    })
    .unwrap();
    let automated = |name: &str| {
        i.abilities
            .iter()
            .find(|a| a.def.name == name)
            .unwrap()
            .automated()
    };
    assert!(automated("Lantern Waltz"));
    assert!(!automated("Ember Storm"));
}

#[test]
fn abl5_solo_ai_battles_of_imported_warbands_use_faction_abilities_on_both_sides() {
    use warcry_sim::rules::log::{AbilityOutcome, BattleLog, Event};
    use warcry_sim::scenario::load::{Disk, load_battle};
    use warcry_sim::sim::batch::ai_v_ai;
    let tmp = tempfile::tempdir().unwrap();
    let a = roster(tmp.path(), "Mire Stalkers", 1);
    let b = roster(tmp.path(), "Cinder Choir", 2);
    let file = battle(tmp.path(), &a, &b);
    let spec = ai_v_ai(&load_battle(&Disk, file.to_str().unwrap()).unwrap());
    let side0 = spec.sides[0].fighters.len();
    let mut used = [0, 0];
    for seed in 1..=20 {
        let (_, app) = warcry_sim::sim::run_one(&spec, seed).unwrap();
        let log = app.world().resource::<BattleLog>();
        for e in &log.entries {
            if let Event::Ability {
                fighter,
                effect: AbilityOutcome::Effects { .. },
                ..
            } = e.event
            {
                // Side 0's fighters come first in the battle's ids.
                let side = usize::from(fighter.index() >= side0);
                used[side] += 1;
            }
        }
    }
    assert!(
        used[0] > 0 && used[1] > 0,
        "faction abilities used: {used:?}"
    );
}

#[test]
fn set1_a_side_may_play_a_saved_roster_instead_of_the_battles_warband() {
    use warcry_sim::model::formats::Choices;
    use warcry_sim::scenario::load::{DEFAULT_BATTLE, EmbeddedThenDisk, load_battle_with};
    let tmp = tempfile::tempdir().unwrap();
    let golems = roster(tmp.path(), "Mire Stalkers", 3);
    let choices = Choices {
        warbands: [None, Some(golems.to_string_lossy().into_owned())],
        ..Choices::default()
    };
    let spec = load_battle_with(&EmbeddedThenDisk, DEFAULT_BATTLE, &choices).unwrap();
    assert_eq!(spec.sides[0].warband.name, "Ironclad Vanguard");
    assert_eq!(spec.sides[1].warband.name, "Mire Stalkers");
    assert!(
        spec.sides[1]
            .fighters
            .iter()
            .all(|f| f.profile.faction == "Mire Stalkers")
    );
    // Saves record the choice, so a loaded battle plays the same warbands.
    assert_eq!(spec.choices, choices);
}

#[test]
fn a_warband_file_with_fighters_and_abilities_together_imports_both_with_paths() {
    let fighters = std::fs::read_to_string(ours().join("fighters.json")).unwrap();
    let abilities = std::fs::read_to_string(ours().join("abilities.json")).unwrap();
    let bad = record("zz", "Bad", r#", "wounds": 0"#).replace("\"wounds\": 10,", "");
    let fighters = fighters.trim().trim_end_matches(']').to_string() + "," + &bad + "]";
    let text = format!("{{\"fighters\": {fighters}, \"abilities\": {abilities}}}");
    let i = fighters_only(&text);
    assert_eq!(i.counts.fighters, 20);
    assert_eq!(
        i.counts.abilities, 13,
        "the abilities beside the fighters are read"
    );
    let e: Vec<String> = i.findings.errors.iter().map(|p| p.to_string()).collect();
    assert_eq!(
        e,
        ["fighters.json:$.fighters[20].wounds: Wounds 0 is outside 1..=100"]
    );
}

/// Issue 30: battles between random legal warbands of every faction (our own three, and the
/// whole community set when it is beside the repository): none errs or stalls, every faction
/// that can field a warband plays, and the factions' own abilities as data are used.
#[test]
fn abl5_random_warbands_of_every_faction_play_to_the_end() {
    use std::collections::BTreeSet;
    use warcry_sim::scenario::load::{DEFAULT_BATTLE, EmbeddedThenDisk, load_battle};
    use warcry_sim::sim::factions::{Factions, play};
    let base = load_battle(&EmbeddedThenDisk, DEFAULT_BATTLE).unwrap();
    let run = |dir: &Path, battles: usize| {
        let i = import_paths(&ImportPaths::beside(&dir.join("fighters.json"))).unwrap();
        let universal: BTreeSet<String> = (i.abilities.iter())
            .filter(|a| a.is_universal())
            .map(|a| a.def.name.clone())
            .collect();
        let profiles = i.fighters.into_iter().map(|f| f.profile).collect();
        let factions = Factions::new(profiles, universal);
        (factions.len(), play(&base, &factions, battles, 1, 2))
    };
    let (n, r) = run(&ours(), 30);
    assert_eq!((r.errors.len(), r.stalls.len()), (0, 0), "{r:?}");
    assert_eq!(r.played.len(), n, "every faction played: {:?}", r.played);
    assert!(r.abilities_used.values().sum::<u32>() > 0, "{r:?}");
    let Some(full) = community_full("battles of random warbands of the whole community set") else {
        return;
    };
    let (n, r) = run(&full, 300);
    assert_eq!((r.errors.len(), r.stalls.len()), (0, 0), "{r:?}");
    assert!(
        r.played.len() + 2 >= n,
        "{} of {n} factions played",
        r.played.len()
    );
}
