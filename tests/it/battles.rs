//! Whole battles headless: every battle ends, the same seed gives the same battle, a battle
//! saved in the middle and loaded goes on exactly as if never stopped, replays verify.

use warcry_sim::model::ids::Side;
use warcry_sim::rules::engine::Engine;
use warcry_sim::rules::log::BattleLog;
use warcry_sim::scenario::load::{DEFAULT_BATTLE, Embedded, load_battle};
use warcry_sim::sim::replay::SavedBattle;
use warcry_sim::sim::{Driver, battle_app, play, run_one};

use crate::cli;

fn spec() -> warcry_sim::scenario::load::BattleSpec {
    load_battle(&Embedded, DEFAULT_BATTLE).unwrap()
}

fn log_text(app: &bevy::prelude::App) -> String {
    app.world().resource::<BattleLog>().to_text()
}

#[test]
fn vic1_same_seed_twice_gives_the_identical_battle() {
    let (r1, a1) = run_one(&spec(), 5).unwrap();
    let (_, a2) = run_one(&spec(), 5).unwrap();
    assert!(r1.outcome.is_some());
    assert_eq!(log_text(&a1), log_text(&a2));
    assert_eq!(
        a1.world().resource::<Engine>().round_hashes,
        a2.world().resource::<Engine>().round_hashes
    );
    let (_, a3) = run_one(&spec(), 6).unwrap();
    assert_ne!(log_text(&a1), log_text(&a3), "another seed, another battle");
}

#[test]
fn a_battle_saved_mid_way_and_loaded_goes_on_exactly_the_same() {
    let dir = tempfile::tempdir().unwrap();
    for seed in [3u64, 17, 42, 99] {
        let (full, whole) = run_one(&spec(), seed).unwrap();
        // Somewhere in the middle, different for every seed.
        let stop = (full.commands / 3) + (seed as usize * 7) % (full.commands / 3);
        let mut s = spec();
        s.seed = seed;
        let mut app = battle_app(&s);
        let mut d = Driver::policy();
        d.stop_after = Some(stop);
        play(app.world_mut(), &mut d).unwrap();
        let path = dir.path().join(format!("save-{seed}.ron"));
        SavedBattle::of(app.world_mut(), None).write(&path).unwrap();
        drop(app);
        let mut loaded = SavedBattle::read(&path).unwrap().restore().unwrap();
        play(loaded.world_mut(), &mut Driver::policy()).unwrap();
        assert_eq!(
            log_text(&loaded),
            log_text(&whole),
            "seed {seed}, saved at {stop}"
        );
    }
}

/// SET-4, SOLO-S1: a battle played with cards and a difficulty chosen on the setup screen
/// is saved with them; the loaded battle has the same cards and goes on the same.
#[test]
fn a_battle_with_chosen_cards_is_saved_and_loaded_with_them() {
    use warcry_sim::model::formats::{Choices, Difficulty};
    use warcry_sim::scenario::load::{EmbeddedThenDisk, load_battle_with};
    let choices = Choices {
        deployment: Some("../deployment/heart_of_ghur__first_blood.ron".into()),
        victory: Some("../victory/plunder.ron".into()),
        twist: Some("../twist/choking_smoke.ron".into()),
        difficulty: Some(Difficulty::Hard),
        ..Choices::default()
    };
    let mut s = load_battle_with(&EmbeddedThenDisk, DEFAULT_BATTLE, &choices).unwrap();
    assert_eq!(s.deployment.name, "First Blood");
    assert_eq!(s.victory.name, "Plunder");
    assert_eq!(s.twist.name, "Choking Smoke");
    assert_eq!(s.difficulty, Difficulty::Hard);
    s.seed = 21;
    let (full, whole) = run_one(&s, 21).unwrap();
    let mut app = battle_app(&s);
    let mut d = Driver::policy();
    d.stop_after = Some(full.commands / 2);
    play(app.world_mut(), &mut d).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cards.save.ron");
    SavedBattle::of(app.world_mut(), None).write(&path).unwrap();
    let saved = SavedBattle::read(&path).unwrap();
    assert_eq!(saved.choices, choices);
    let mut loaded = saved.restore().unwrap();
    let info = loaded
        .world()
        .resource::<warcry_sim::model::components::BattleInfo>();
    assert_eq!(
        (info.deployment_name.as_str(), info.victory.name.as_str()),
        ("First Blood", "Plunder")
    );
    play(loaded.world_mut(), &mut Driver::policy()).unwrap();
    assert_eq!(log_text(&loaded), log_text(&whole));
}

#[test]
fn a_save_of_an_older_format_is_refused_with_a_sentence_that_says_why() {
    let (_, mut app) = run_one(&spec(), 3).unwrap();
    let mut saved = SavedBattle::of(app.world_mut(), None);
    saved.format = 1;
    let Err(err) = saved.restore() else {
        panic!("format 1 is refused")
    };
    assert!(err.contains("format 1") && err.contains("older"), "{err}");
    assert!(err.contains("colour choice"), "{err}");
}

#[test]
fn run_prints_the_log_and_replay_verify_checks_every_round() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("battle.ron");
    let s = save.to_str().unwrap();
    let (ok, out, err) = cli(&["run", "--seed", "11", "--save", s]);
    assert!(ok, "{err}");
    assert!(out.contains("[INI-1"), "{out}");
    assert!(out.contains("[VIC-1]") || out.contains("[SET-8]"), "{out}");
    let (ok, out, err) = cli(&["replay", s, "--verify"]);
    assert!(ok, "{err}");
    assert!(out.contains("verified"), "{out}");
    // Tamper with one round hash: the replay names the round that differs.
    let mut saved = SavedBattle::read(&save).unwrap();
    saved.round_hashes[1] ^= 1;
    saved.write(&save).unwrap();
    let (ok, _, err) = cli(&["replay", s, "--verify"]);
    assert!(!ok);
    assert!(err.contains("round 2"), "{err}");
}

#[test]
fn run_with_a_commands_file_plays_the_human_side_and_rejects_forbidden_commands() {
    let dir = tempfile::tempdir().unwrap();
    // Round 1: the human side (0) declares its wild die, then the policy plays on.
    let (_, app) = run_one(&spec(), 2026).unwrap();
    let first_human = app.world().resource::<Engine>().commands[..2]
        .iter()
        .find(|c| {
            matches!(
                c,
                warcry_sim::rules::command::Command::WildDice { side: Side::A, .. }
            )
        })
        .cloned()
        .unwrap();
    let good = dir.path().join("good.ron");
    std::fs::write(&good, ron::to_string(&vec![first_human]).unwrap()).unwrap();
    let (ok, out, err) = cli(&["run", "--commands", good.to_str().unwrap()]);
    assert!(ok, "{err}");
    assert!(out.contains("wins") || out.contains("draw"), "{out}");
    // A command the rules forbid: activating an enemy fighter before the wild dice.
    let bad = dir.path().join("bad.ron");
    std::fs::write(&bad, "[Activate(fighter: 12)]").unwrap();
    let (ok, _, err) = cli(&["run", "--commands", bad.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("rejected (INI-3)"), "{err}");
    // A broken file: path:line:col.
    std::fs::write(&bad, "[Activate(fighter: )]").unwrap();
    let (ok, _, err) = cli(&["run", "--commands", bad.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("bad.ron:1:"), "{err}");
}

#[test]
fn a_battle_nobody_can_decide_in_stalls_instead_of_ending_quietly() {
    use warcry_sim::sim::RunError;
    // Spawned but not set up: the battle waits for setup, which no side decides.
    let mut app = warcry_sim::headless_app(&spec());
    let err = play(app.world_mut(), &mut Driver::policy()).unwrap_err();
    assert!(err.is_stall(), "{err}");
    assert!(
        matches!(&err, RunError::Stalled { applied: 0, .. }),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        "the battle stalled after 0 commands: nobody can decide (waiting for setup)"
    );
    assert!(RunError::TooLong(20_000).is_stall());
    assert!(!RunError::Policy("x".into()).is_stall());
}

#[test]
fn a_tally_counts_stalls_apart_from_errors_and_lists_the_first_20_seeds() {
    use warcry_sim::sim::batch::{STALLS_LISTED, Tally, Verdict};
    let (ended, _) = run_one(&spec(), 5).unwrap();
    let mut verdicts = vec![
        Verdict::Ended(Box::new(ended.clone())),
        Verdict::Error("seed 2: no".into()),
    ];
    verdicts.extend((100..125).map(|seed| Verdict::Stalled {
        seed,
        reason: "stuck".into(),
    }));
    let t = Tally::of(&verdicts);
    assert_eq!(t.battles, 27);
    assert_eq!(t.stalls, 25);
    assert_eq!(t.errors, ["seed 2: no"]);
    assert_eq!(t.ended(), 1);
    assert_eq!(
        t.stalled_seeds,
        (100..100 + STALLS_LISTED as u64).collect::<Vec<_>>()
    );
    assert_eq!(t.stall_reasons[0], "seed 100: stuck");
    assert_eq!(t.rounds, u64::from(ended.rounds));
}

#[test]
fn simulate_reports_stalls_errors_and_unfinished_that_add_up() {
    let r = warcry_sim::sim::simulate(&spec(), 4, 1, 2);
    assert_eq!(r.tally.battles, 4);
    assert_eq!(
        (r.tally.stalls, r.unfinished),
        (0, 0),
        "{:?}",
        r.tally.stall_reasons
    );
    assert!(r.tally.errors.is_empty(), "{:?}", r.tally.errors);
    assert_eq!(
        r.tally.wins[0] + r.tally.wins[1] + r.tally.draws + r.unfinished,
        r.tally.battles
    );
    assert!(r.all_ended());
}

#[test]
fn vic1_atk5_the_summary_adds_up_what_the_battle_log_says() {
    use warcry_sim::model::components::Presence;
    use warcry_sim::rules::engine::{Engine, fighters};
    use warcry_sim::sim::summary::summary;
    let (result, mut app) = run_one(&spec(), 17).unwrap();
    let world = app.world_mut();
    let s = summary(world);
    assert_eq!(s.outcome, result.outcome);
    assert_eq!(s.rounds_played, result.rounds);
    let all = fighters(world);
    for side in Side::BOTH {
        let down = all
            .iter()
            .filter(|f| f.side == side && f.presence == Presence::TakenDown)
            .count();
        assert_eq!(s.sides[side].fighters_lost.len(), down, "side {side}");
        // Every point one side suffered, the other dealt.
        assert_eq!(
            s.sides[side].damage_dealt,
            s.sides[side.other()].damage_taken
        );
        assert_eq!(s.sides[side].score, world.resource::<Engine>().score[side]);
    }
    // A side that lost fighters took at least their wounds in damage.
    let lost_wounds: u32 = all
        .iter()
        .filter(|f| f.side == Side::A && f.presence == Presence::TakenDown)
        .map(|f| f.profile.wounds)
        .sum();
    assert!(s.sides[0].damage_taken >= lost_wounds);
    // One row per round played, the last with the final score.
    assert_eq!(s.rounds.len() as u32, s.rounds_played);
    let last = s.rounds.last().unwrap();
    assert_eq!(last.score, [s.sides[0].score, s.sides[1].score]);
}

#[test]
fn a_move_that_rolled_no_dice_can_be_taken_back_and_leaves_no_trace() {
    use warcry_sim::rules::command::Command;
    use warcry_sim::rules::engine::{Engine, Pending, apply, fighter, world_hash};
    use warcry_sim::sim::{auto_step, takeback::take_back};
    let s = spec();
    let mut app = battle_app(&s);
    let world = app.world_mut();
    // The human (side 0) settles its wild dice: the AI then rolls its own (SOLO-I1, SOLO-I2),
    // so that can't be taken back.
    assert!(matches!(
        world.resource::<Engine>().pending,
        Pending::WildDice { side: Side::A }
    ));
    auto_step(world).unwrap();
    let err = take_back(world, &s, Side::A).unwrap_err();
    assert!(err.contains("dice were rolled since"), "{err}");
    // On to the human's first action.
    while !matches!(world.resource::<Engine>().pending, Pending::Action { fighter } if fighter.0 < 8)
    {
        auto_step(world).unwrap();
    }
    let Pending::Action { fighter: id } = world.resource::<Engine>().pending else {
        unreachable!()
    };
    let before = world_hash(world);
    let log_before = world
        .resource::<warcry_sim::rules::log::BattleLog>()
        .to_text();
    let f = fighter(world, id).unwrap();
    apply(
        world,
        &Command::Move {
            pick: None,
            fighter: id,
            to: (f.pos + bevy::math::Vec3::new(0.3, 0.0, 0.0)).to_array(),
            pick_up: false,
            treasure: None,
            descend: None,
            via: vec![],
        },
    )
    .unwrap();
    assert_ne!(world_hash(world), before);
    assert_eq!(take_back(world, &s, Side::A), Ok(1));
    assert_eq!(world_hash(world), before);
    assert_eq!(
        world
            .resource::<warcry_sim::rules::log::BattleLog>()
            .to_text(),
        log_before
    );
}

/// CMB-1: activating a side's last fighter is the game's answer, not the player's (the
/// desktop game sends it by itself): taking back never stops there, or the game would answer
/// again at once and the player could never take back what it did choose before.
#[test]
fn cmb1_taking_back_goes_past_the_last_fighter_activated_by_itself() {
    use warcry_sim::rules::answers::only_answer;
    use warcry_sim::rules::command::Command;
    use warcry_sim::rules::engine::{Engine, Pending, apply};
    use warcry_sim::rules::options::options;
    use warcry_sim::sim::{auto_step, takeback::take_back};
    let mut met = 0;
    for seed in 1..=4 {
        let mut s = spec();
        s.seed = seed;
        let mut app = battle_app(&s);
        let world = app.world_mut();
        while world.resource::<Engine>().pending != Pending::Ended {
            let only = only_answer(&options(world));
            let Some(cmd @ Command::Activate { .. }) = only
                .filter(|_| world.resource::<Engine>().pending == Pending::Turn { side: Side::A })
            else {
                auto_step(world).unwrap();
                continue;
            };
            met += 1;
            apply(world, &cmd).unwrap();
            match take_back(world, &s, Side::A) {
                Ok(n) => {
                    assert!(n >= 2, "seed {seed}: took back only the game's own answer");
                    break;
                }
                // Dice rolled since its last choice: the battle goes on from here.
                Err(e) => assert!(e.contains("dice were rolled since"), "seed {seed}: {e}"),
            }
        }
    }
    assert!(met > 0, "no side 0 ever had one fighter left to activate");
}

#[test]
fn a_save_keeps_who_played_each_side_so_a_replay_of_an_ai_battle_replays() {
    use std::path::Path;
    use warcry_sim::model::components::BattleInfo;
    use warcry_sim::model::formats::Controller;
    use warcry_sim::rules::engine::world_hash;
    // The default battle's human side played by the AI too (as chosen on the setup screen).
    let ai = warcry_sim::sim::batch::ai_v_ai(&spec());
    let (_, mut app) = run_one(&ai, 4).unwrap();
    let saved = SavedBattle::of(app.world_mut(), None);
    assert_eq!(
        saved.controllers,
        Some(vec![Controller::Ai, Controller::Ai])
    );
    let back = SavedBattle::from_ron(Path::new("x.ron"), &saved.to_ron()).unwrap();
    let mut restored = back.restore().expect("it replays");
    let w = restored.world_mut();
    assert!(
        w.resource::<BattleInfo>()
            .sides
            .iter()
            .all(|s| s.controller == Controller::Ai)
    );
    assert_eq!(world_hash(w), saved.hash);
}
