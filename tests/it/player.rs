//! What a player meets on the setup screen and at the board: the traps a new user fell into
//! (issue "The game a player enjoys"), each held by a test.

use warcry_sim::model::formats::{Battle, Choices};
use warcry_sim::model::ids::FighterId;
use warcry_sim::model::ids::Side;
use warcry_sim::rules::engine::Pending;
use warcry_sim::rules::options::{Decision, options};
use warcry_sim::scenario::decks::Decks;
use warcry_sim::scenario::load::{
    DEFAULT_BATTLE, EmbeddedThenDisk, SceneSource, default_ruleset, load_battle_with,
};

fn default_decks() -> Decks {
    let text = EmbeddedThenDisk.read(DEFAULT_BATTLE).unwrap();
    let battle: Battle =
        warcry_sim::scenario::parse_ron(std::path::Path::new(DEFAULT_BATTLE), &text).unwrap();
    Decks::beside(
        &EmbeddedThenDisk,
        DEFAULT_BATTLE,
        &battle,
        &default_ruleset(),
    )
}

/// SET-4, VIC-1: the pickers know which cards can't go together and say why in words (the
/// setup screen greys them); the loader refuses the pair with the same words, not a Rust name.
#[test]
fn set4_cards_that_cant_go_together_are_named_in_words() {
    let decks = default_decks();
    let deployment = |name: &str| {
        decks
            .deployment
            .cards
            .iter()
            .find(|(_, c)| c.name == name)
            .unwrap_or_else(|| panic!("no deployment card {name}"))
            .clone()
    };
    let cairns = decks
        .victory
        .cards
        .iter()
        .find(|(_, c)| c.name == "Hold the Cairns")
        .unwrap()
        .1
        .clone();
    let (bloodbath_file, bloodbath) = deployment("Bloodbath");
    assert_eq!(
        cairns.clash_with(&bloodbath).as_deref(),
        Some("Hold the Cairns scores objectives, and Bloodbath places none")
    );
    assert_eq!(cairns.clash_with(&deployment("Blood Moon").1), None);
    let choices = Choices {
        deployment: Some(bloodbath_file),
        ..Choices::default()
    };
    let Err(e) = load_battle_with(&EmbeddedThenDisk, DEFAULT_BATTLE, &choices) else {
        panic!("the pair is refused");
    };
    let e = e.to_string();
    assert!(
        e.contains("Hold the Cairns scores objectives, and Bloodbath places none"),
        "{e}"
    );
}

/// SET-4: the transcription's test maps ("Center", "GFX Test Deployment") are not offered.
#[test]
fn set4_no_test_card_is_offered_to_players() {
    let decks = default_decks();
    let names: Vec<&str> = decks
        .deployment
        .cards
        .iter()
        .map(|(_, c)| c.name.as_str())
        .collect();
    assert!(names.len() > 10, "{names:?}");
    for test_card in ["Center", "GFX Test Deployment"] {
        assert!(!names.contains(&test_card), "{test_card} is offered");
    }
}

/// CMB-2, ATK-1: with no action left, the player is offered no attack (the cursor offered
/// one and the red target rings stayed), though the enemies are still in reach.
#[test]
fn cmb2_with_no_action_left_no_attack_is_offered() {
    let spec = load_battle_with(&EmbeddedThenDisk, DEFAULT_BATTLE, &Choices::default()).unwrap();
    let mut app = warcry_sim::headless_app(&spec);
    app.update();
    let world = app.world_mut();
    let mut seen_spent = false;
    for _ in 0..2_000 {
        if world
            .resource::<warcry_sim::rules::engine::Engine>()
            .pending
            == Pending::Ended
        {
            break;
        }
        if let Decision::Action(a) = options(world).decision {
            let attacks_now = a.attack_choices().count();
            if a.actions_left == 0 && a.bonus.is_none() {
                seen_spent = true;
                assert_eq!(attacks_now, 0, "an attack is offered with no action left");
            }
        }
        if !warcry_sim::sim::auto_step(world).unwrap() {
            break;
        }
    }
    assert!(seen_spent, "no activation ran out of actions");
}

/// MOVE-10: the move preview warns of deadly terrain. A move shown as a plain walk ended with
/// an impact roll, and the places in reach were drawn on the bile pool like any other.
#[test]
fn move10_the_move_preview_knows_which_places_and_paths_are_deadly() {
    use warcry_sim::model::formats::{TerrainKind, TerrainPiece};
    use warcry_sim::rules::actions::{Route, deadly_places, path_is_deadly, validate_route};
    use warcry_sim::rules::engine::fighters;

    let mut a = crate::engine::arena::Arena::new();
    a.rules(|r| r.reactions = false);
    a.place(FighterId(2), 10.0, 10.0);
    a.add_terrain(TerrainPiece::on_floor(
        "bile",
        TerrainKind::Deadly,
        (13.0, 10.0),
        (2.0, 6.0),
        0.05,
    ));
    a.activate(FighterId(2));
    let world = a.world();
    let Decision::Action(opts) = options(world).decision else {
        panic!("the fighter is not active");
    };
    let places: Vec<[f32; 3]> = opts.moves.iter().map(|m| m.0).collect();
    let f = a.fighter(FighterId(2));
    let world = a.world();
    let flags = deadly_places(world, &f, &places);
    let at = |x: f32, z: f32| {
        places
            .iter()
            .position(|p| (p[0] - x).abs() < 0.3 && (p[2] - z).abs() < 0.3)
            .unwrap_or_else(|| panic!("({x}, {z}) is not in reach"))
    };
    assert!(
        flags[at(13.0, 10.0)],
        "a place in the pool is not marked deadly"
    );
    assert!(
        !flags[at(8.0, 10.0)],
        "a place well clear of the pool is marked deadly"
    );
    // A path into the pool is deadly; the move it previews is logged with the impact roll.
    let all = fighters(world);
    let route = Route {
        descend: None,
        via: &[],
        pick_up: true,
        treasure: None,
        pick: None,
    };
    let into = bevy::math::Vec3::from_array(places[at(13.0, 10.0)]);
    let path = validate_route(world, &all, &f, into, opts.budget, route).unwrap();
    assert!(path_is_deadly(world, &f, &path));
    let clear = bevy::math::Vec3::from_array(places[at(8.0, 10.0)]);
    let path = validate_route(world, &all, &f, clear, opts.budget, route).unwrap();
    assert!(!path_is_deadly(world, &f, &path));
}

/// MOVE-5: climbing down instead of jumping costs the height, so the places in reach are
/// found again for that choice ("Climb down instead" left the jump's places drawn).
#[test]
fn move5_climbing_down_changes_the_places_in_reach() {
    use warcry_sim::battlefield::nav::Descend;
    use warcry_sim::model::formats::{TerrainKind, TerrainPiece};
    use warcry_sim::rules::engine::fighters;
    use warcry_sim::rules::options::move_places;

    let mut a = crate::engine::arena::Arena::new();
    a.rules(|r| r.reactions = false);
    a.add_terrain(TerrainPiece::on_floor(
        "block",
        TerrainKind::Platform,
        (10.0, 10.0),
        (4.0, 4.0),
        3.0,
    ));
    a.place_at(FighterId(2), bevy::math::Vec3::new(10.0, 3.0, 10.0));
    a.activate(FighterId(2));
    let world = a.world();
    let all = fighters(world);
    let f = all.iter().find(|f| f.id == FighterId(2)).unwrap().clone();
    let on_floor_far = |places: &[([f32; 3], f32)]| {
        places
            .iter()
            .filter(|(p, _)| p[1] < 0.1 && (p[0] - 10.0).abs() > 3.5)
            .count()
    };
    let jumping = move_places(world, &all, &f, 4.0, None);
    let climbing = move_places(world, &all, &f, 4.0, Some(Descend::Climb));
    assert!(
        on_floor_far(&jumping) > 0,
        "a jump down reaches the floor beyond the block"
    );
    assert_eq!(
        on_floor_far(&climbing),
        0,
        "climbing down 3\" leaves 1\": no floor place 1.5\" out from the block's edge"
    );
    assert!(climbing.len() < jumping.len());
}

/// MOVE-1: a move too far is refused in plain words, with the distance and the Move in
/// inches, never a coordinate ("the move costs 10.00\" ... (20.00, 0.00, 10.00)").
#[test]
fn move1_a_move_too_far_is_refused_in_plain_words() {
    use warcry_sim::model::RuleId;
    use warcry_sim::rules::command::Command;

    let mut a = crate::engine::arena::Arena::new();
    a.rules(|r| r.reactions = false);
    a.place(FighterId(2), 5.0, 10.0);
    a.profile(FighterId(2), |p| p.movement = 4);
    a.activate(FighterId(2));
    let name = a.fighter(FighterId(2)).name.to_string();
    let r = a.rejected(Command::Move {
        pick: None,
        fighter: FighterId(2),
        to: [15.0, 0.0, 10.0],
        pick_up: true,
        treasure: None,
        descend: None,
        via: vec![],
    });
    assert_eq!(r.rule, RuleId::Move1);
    assert_eq!(
        r.reason,
        format!("{name} can't reach that spot: it is 10\" away and {name} has 4\"")
    );
}

/// GEN-1 (words first): a whole battle's log, as a player reads it, names places after what
/// is there ("by objective 2", "on the tower top") and never prints coordinates, counts with
/// "(s)", or ids in backticks. Three seeds of the default battle, solo AI against the policy.
#[test]
fn gen1_a_whole_battles_log_reads_places_in_words_not_coordinates() {
    use warcry_sim::rules::log::BattleLog;
    let spec = warcry_sim::scenario::load::load_battle(
        &warcry_sim::scenario::load::Embedded,
        DEFAULT_BATTLE,
    )
    .unwrap();
    for seed in [3, 4, 5] {
        let (_, app) = warcry_sim::sim::run_one(&spec, seed).unwrap();
        let log = app.world().resource::<BattleLog>();
        let mut placed = 0;
        for e in &log.entries {
            let text = log.text_of(e);
            let digits_pair = text
                .as_bytes()
                .windows(6)
                .any(|w| w[0] == b'(' && w[1].is_ascii_digit() && w.contains(&b','));
            assert!(!digits_pair, "seed {seed}: coordinates in {text:?}");
            assert!(
                !text.contains("(s)") && !text.contains('`'),
                "seed {seed}: {text:?}"
            );
            placed += usize::from(
                ["by objective", "in the open", "on the ", " by the "]
                    .iter()
                    .any(|w| text.contains(w)),
            );
        }
        assert!(placed > 5, "seed {seed}: few places named ({placed})");
    }
}

/// SET-6 by hand: with "set up my fighters myself" the battle waits, before round 1, for the
/// player's side to set up. A fighter moved within its zone stands where it was put (snapped
/// to the nearest legal place); a spot outside its zone is refused with SET-6 and the reason
/// in words; an enemy fighter can't be moved; "done" starts round 1.
#[test]
fn set6_a_player_sets_up_its_own_fighters_by_hand() {
    use warcry_sim::model::components::{Fighter, Position, Presence, Side};
    use warcry_sim::rules::command::Command;
    use warcry_sim::rules::engine::{Engine, apply};
    let mut app = warcry_sim::sim::default_battle_set_up_by_hand();
    let world = app.world_mut();
    let Pending::Deploy { side } = world.resource::<Engine>().pending else {
        panic!(
            "no set-up by hand: {:?}",
            world.resource::<Engine>().pending
        );
    };
    let Decision::Deploy { fighters } = options(world).decision else {
        panic!("the player is not asked to set up");
    };
    let mut q = world.query::<(&Fighter, &Side, &Position, &Presence)>();
    let at = |w: &mut bevy::prelude::World, id: FighterId| {
        let mut q = w.query::<(&Fighter, &Position)>();
        q.iter(w).find(|f| f.0.id == id).unwrap().1.0
    };
    let all: Vec<(FighterId, Side, bevy::prelude::Vec3)> = q
        .iter(world)
        .filter(|f| *f.3 == Presence::Deployed)
        .map(|f| (f.0.id, *f.1, f.2.0))
        .collect();
    let (me, start) = all
        .iter()
        .find(|f| f.1 == side && fighters.contains(&f.0))
        .map(|f| (f.0, f.2))
        .unwrap();
    // A spot 1" away, within the 3" zone round the point (the first one set up stands nearest).
    let to = [start.x + 1.0, 0.0, start.z];
    apply(world, &Command::SetUp { fighter: me, to }).unwrap();
    let now = at(world, me);
    // The move is in the log, in words, with its rule.
    let log = world
        .resource::<warcry_sim::rules::log::BattleLog>()
        .to_text();
    let last = log.lines().last().unwrap_or_default();
    assert!(
        last.contains("is set up by hand") && last.contains("SET-6"),
        "{last}"
    );
    assert!(!last.contains('('), "no coordinates: {last}");
    assert!(
        (now.x - to[0]).hypot(now.z - to[2]) <= 0.5,
        "{now} not near {to:?}"
    );
    // Across the battlefield: outside the zone.
    let far = [30.0 - start.x, 0.0, 22.0 - start.z];
    let e = apply(
        world,
        &Command::SetUp {
            fighter: me,
            to: far,
        },
    )
    .unwrap_err();
    assert_eq!(e.rule.code(), "SET-6");
    assert!(
        e.reason.contains("outside its deployment zone"),
        "{}",
        e.reason
    );
    // An enemy fighter is not the player's to move.
    let enemy = all.iter().find(|f| f.1 != side).unwrap();
    let to_enemy = [enemy.2.x, 0.0, enemy.2.z];
    let e = apply(
        world,
        &Command::SetUp {
            fighter: enemy.0,
            to: to_enemy,
        },
    )
    .unwrap_err();
    assert_eq!(e.rule.code(), "SET-6");
    apply(world, &Command::SetUpDone { side }).unwrap();
    assert!(
        !matches!(world.resource::<Engine>().pending, Pending::Deploy { .. }),
        "still setting up after done"
    );
    assert_eq!(
        at(world, me),
        now,
        "the fighter moved stays where it was put"
    );
}

/// SET-6: without the choice (battle files, the command line, AI against AI) nothing waits:
/// the set-up goes on to round 1 as before.
#[test]
fn set6_without_the_choice_the_set_up_is_automatic() {
    let spec = load_battle_with(&EmbeddedThenDisk, DEFAULT_BATTLE, &Choices::default()).unwrap();
    let mut app = warcry_sim::headless_app(&spec);
    app.update();
    let pending = app
        .world()
        .resource::<warcry_sim::rules::engine::Engine>()
        .pending;
    assert!(!matches!(pending, Pending::Deploy { .. }), "{pending:?}");
}

/// CMB-2: a question with one answer answers itself. An activation with an action left asks;
/// after its last action, with ability dice that can pay for an ability (ABL-1) it still asks;
/// with none, the only answer is to end it.
#[test]
fn cmb2_an_activation_with_nothing_left_to_do_ends_itself() {
    use warcry_sim::rules::answers::only_answer;
    use warcry_sim::rules::command::Command;

    let mut a = crate::engine::arena::Arena::new();
    a.rules(|r| r.reactions = false);
    a.place(FighterId(2), 10.0, 10.0);
    a.activate(FighterId(2));
    assert_eq!(
        only_answer(&options(a.world())),
        None,
        "two actions to choose from"
    );
    a.walk(FighterId(2), [11.5, 0.0, 10.0]).unwrap();
    assert_eq!(only_answer(&options(a.world())), None, "one action left");
    a.walk(FighterId(2), [13.0, 0.0, 10.0]).unwrap();
    a.give_dice(Side::A, &[(3, 2)]);
    assert_eq!(
        only_answer(&options(a.world())),
        None,
        "a double for Rush or Respite [ABL-1]"
    );
    a.give_dice(Side::A, &[]);
    let only = only_answer(&options(a.world()));
    assert_eq!(
        only,
        Some(Command::EndActivation {
            fighter: FighterId(2)
        })
    );
    a.apply(only.unwrap()).unwrap();
}

/// CMB-1, INI-3, REA-1: through whole battles, every question the game answers by itself has
/// that one answer the rules accept (the last fighter to activate, who goes first in solo mode,
/// nothing to declare, nothing left to do), and such questions come up.
#[test]
fn cmb1_the_answers_the_game_gives_by_itself_are_the_ones_the_rules_accept() {
    use warcry_sim::rules::answers::only_answer;
    use warcry_sim::rules::command::Command;

    let spec = load_battle_with(&EmbeddedThenDisk, DEFAULT_BATTLE, &Choices::default()).unwrap();
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 1..=3 {
        let mut spec = spec.clone();
        spec.seed = seed;
        let mut app = warcry_sim::headless_app(&spec);
        app.update();
        let world = app.world_mut();
        for _ in 0..3_000 {
            if let Some(cmd) = only_answer(&options(world)) {
                kinds.insert(match cmd {
                    Command::Activate { .. } => "last fighter",
                    Command::EndActivation { .. } => "nothing left",
                    Command::Pass { .. } => "pass",
                    Command::WildDice { .. } => "no wild dice",
                    Command::FirstTurn { .. } => "one who may go first",
                    _ => "other",
                });
                let said = format!("{cmd:?}");
                warcry_sim::rules::engine::apply(world, &cmd)
                    .unwrap_or_else(|e| panic!("seed {seed}: the only answer {said} refused: {e}"));
            } else if !warcry_sim::sim::auto_step(world).unwrap() {
                break;
            }
        }
        let engine = world.resource::<warcry_sim::rules::engine::Engine>();
        assert_eq!(engine.pending, Pending::Ended, "seed {seed} did not end");
    }
    for kind in ["last fighter", "one who may go first"] {
        assert!(kinds.contains(kind), "no '{kind}' question met: {kinds:?}");
    }
}

/// RES-1 by hand: with "set up my fighters myself", the player's reserves arrive in round 2
/// where the automatic arrival puts them, and the battle waits while the player moves them
/// within their zone; a fighter that was already on the battlefield is not one of them
/// (refused with RES-1); "done" goes on to who takes the first turn (CMB-1). Without the
/// choice no battle waits in the reserve phase.
#[test]
fn res1_a_player_sets_up_its_arriving_reserves_by_hand() {
    use warcry_sim::model::components::{Fighter, Position};
    use warcry_sim::rules::command::Command;
    use warcry_sim::rules::engine::{Engine, apply};
    let waits_in_reserve_phase = |by_hand: bool| {
        let choices = Choices {
            deploy_by_hand: by_hand,
            ..Choices::default()
        };
        let spec = load_battle_with(&EmbeddedThenDisk, DEFAULT_BATTLE, &choices).unwrap();
        let mut app = warcry_sim::headless_app(&spec);
        app.update();
        for _ in 0..3_000 {
            let e = app.world().resource::<Engine>();
            if matches!(e.pending, Pending::Arrive { .. }) || e.pending == Pending::Ended {
                break;
            }
            warcry_sim::sim::auto_step(app.world_mut()).unwrap();
        }
        app
    };
    let mut app = waits_in_reserve_phase(false);
    assert_eq!(app.world().resource::<Engine>().pending, Pending::Ended);
    app = waits_in_reserve_phase(true);
    let world = app.world_mut();
    let Pending::Arrive { side } = world.resource::<Engine>().pending else {
        panic!("the battle ended without waiting for the reserves to be set up");
    };
    assert_eq!(world.resource::<Engine>().round, 2);
    let Decision::Deploy { fighters: arrived } = options(world).decision else {
        panic!("the player is not asked to set up its reserves");
    };
    assert!(!arrived.is_empty());
    let pos = |w: &mut bevy::prelude::World, id: FighterId| {
        let mut q = w.query::<(&Fighter, &Position)>();
        q.iter(w).find(|f| f.0.id == id).unwrap().1.0
    };
    let me = arrived[0];
    let start = pos(world, me);
    // Half an inch aside stays within the 3" round its point (or band along its line), on one
    // side or another of it (its group's other fighters stand close by).
    let to = (0..8)
        .map(|k| {
            let a = k as f32 * std::f32::consts::FRAC_PI_4;
            [start.x + 0.5 * a.cos(), start.y, start.z + 0.5 * a.sin()]
        })
        .find(|to| {
            apply(
                world,
                &Command::SetUp {
                    fighter: me,
                    to: *to,
                },
            )
            .is_ok()
        })
        .expect("no room half an inch away on any side");
    let now = pos(world, me);
    assert!(
        (now.x - to[0]).hypot(now.z - to[2]) <= 0.5,
        "{now} not near {to:?}"
    );
    let mut q = world.query::<(&Fighter, &warcry_sim::model::components::Side)>();
    let old_hand = q
        .iter(world)
        .find(|(f, s)| **s == side && !arrived.contains(&f.id))
        .map(|(f, _)| f.id)
        .unwrap();
    let e = apply(
        world,
        &Command::SetUp {
            fighter: old_hand,
            to,
        },
    )
    .unwrap_err();
    assert_eq!(e.rule.code(), "RES-1", "{}", e.reason);
    apply(world, &Command::SetUpDone { side }).unwrap();
    assert!(
        matches!(
            world.resource::<Engine>().pending,
            Pending::FirstTurn { .. }
        ),
        "{:?}",
        world.resource::<Engine>().pending
    );
    assert_eq!(
        pos(world, me),
        now,
        "the reserve moved stays where it was put"
    );
}

/// ABL-3: an ability that would do nothing now (Rush with no move left, Onslaught for a
/// fighter with no melee weapon) is still offered, as the rules allow, but says why it would
/// be wasted; with actions left, Rush says nothing of the kind.
#[test]
fn abl3_an_ability_that_would_do_nothing_says_so() {
    use warcry_sim::rules::options::AbilityOption;

    let mut a = crate::engine::arena::Arena::new();
    a.rules(|r| r.reactions = false);
    a.place(FighterId(2), 5.0, 10.0);
    a.profile(FighterId(2), |p| {
        p.weapons = vec![crate::engine::arena::weapon(8.0, 2, 3, (1, 2))]
    });
    a.activate(FighterId(2));
    let side = a.fighter(FighterId(2)).side;
    a.give_dice(side, &[(3, 2), (5, 3)]);
    let find = |a: &mut crate::engine::arena::Arena, name: &str| -> AbilityOption {
        let Decision::Action(o) = options(a.world()).decision else {
            panic!("no action to decide");
        };
        o.abilities.into_iter().find(|x| x.name == name).unwrap()
    };
    assert_eq!(find(&mut a, "Rush").idle, None);
    let onslaught = find(&mut a, "Onslaught");
    assert!(!onslaught.dice.is_empty(), "Onslaught is still offered");
    assert!(onslaught.idle.unwrap().ends_with("has no melee weapon"));
    a.engine().activation.as_mut().unwrap().actions_left = 0;
    assert!(
        find(&mut a, "Rush")
            .idle
            .unwrap()
            .ends_with("has no move left this activation")
    );
    assert!(
        !find(&mut a, "Rush").text.is_empty(),
        "no words for the hover"
    );
}
