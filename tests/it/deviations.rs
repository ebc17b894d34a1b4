//! The places where the engine played differently from the rules (core v2 review), each pinned
//! by a test on a hand-built state with injected dice, rule ID in its name.

use bevy::prelude::*;
use warcry_sim::model::RuleId;

use warcry_sim::ai::solo;
use warcry_sim::battlefield::Battlefield;
use warcry_sim::battlefield::moves::disengage_spots;
use warcry_sim::battlefield::nav::Descend;
use warcry_sim::model::components::*;
use warcry_sim::model::formats::{TerrainKind, TerrainPiece};
use warcry_sim::rules::command::Command;
use warcry_sim::rules::engine::{Overtime, Pending, blockers};
use warcry_sim::rules::initiative::SideDice;
use warcry_sim::rules::log::{Event, LogEntry};

use crate::engine::arena::{Arena, weapon};

// Side 0 has fighters 0..=7, side 1 fighters 8..=17.
const A: FighterId = FighterId(2);
const B: FighterId = FighterId(10);
const KA: FighterId = FighterId(10); // automated side in solo mode: zealot, 8 wounds
const THANE: FighterId = FighterId(0);

fn platform(id: &str, at: (f32, f32), size: (f32, f32), height: f32) -> TerrainPiece {
    TerrainPiece::on_floor(id, TerrainKind::Platform, at, size, height)
}

/// SOLO-B for side 1 when it is its turn (CMB-1: the fighters `options()` lets it activate).
fn active_for_turn(a: &mut Arena, t: solo::Target) -> Option<(FighterId, RuleId, String)> {
    a.engine().pending = Pending::Turn { side: Side::B };
    solo::choose_active(a.world(), Side::B, Some(t))
}

fn moved(a: &mut Arena, since: usize) -> Vec<(Vec<[f32; 3]>, f32)> {
    a.log_since(since)
        .into_iter()
        .filter_map(|e| match e.event {
            Event::Move { path, cost, .. } => Some((path, cost)),
            _ => None,
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// SET-8: playing on
// ---------------------------------------------------------------------------------------------

#[test]
fn set8_after_the_extra_round_the_victory_card_no_longer_decides() {
    let mut a = Arena::new();
    a.objectives(&[]);
    a.place(A, 5.0, 5.0);
    a.place(B, 25.0, 15.0);
    {
        let mut e = a.engine();
        e.round = 6;
        e.overtime = Overtime::LastStanding;
        // Side 0 is ahead on the victory card's count (attrition, victory points).
        e.score = [9, 0];
        e.points_taken_down = [500, 0];
    }
    a.set(B, Activation::Activated);
    a.end_round(&[A], A);
    assert_eq!(
        a.engine().outcome,
        None,
        "both warbands still have fighters on the battlefield: the battle goes on"
    );
    assert!(
        matches!(a.pending(), Pending::WildDice { .. }),
        "{:?}",
        a.pending()
    );
}

/// SET-8, VIC-1 (seed 001: "the victory condition will dictate after which battle round the
/// battle ends"): a warband with no fighters left does not end the battle; the rounds go on to
/// the victory card's end. Hold the Cairns, B leads 9-0 and loses its last fighter in round 4:
/// B wins on the card.
#[test]
fn set8_vic1_a_warband_with_no_fighters_left_still_wins_on_the_victory_card() {
    let mut a = Arena::new();
    a.objectives(&[]);
    a.place(A, 5.0, 5.0);
    for id in (8..=17).map(FighterId) {
        a.set(id, Presence::TakenDown);
    }
    {
        let mut e = a.engine();
        e.round = 4;
        e.score = [0, 9];
    }
    a.end_round(&[A], A);
    let (outcome, pending) = (a.engine().outcome, a.pending());
    assert_eq!(
        outcome,
        Some(warcry_sim::rules::engine::Outcome::Winner(Side::B)),
        "{pending:?}"
    );
    let end = a.log_since(0).into_iter().find_map(|e| match e.event {
        Event::End { reason, .. } => Some(reason),
        _ => None,
    });
    assert_eq!(
        end,
        Some(warcry_sim::rules::log::EndReason::VictoryCondition)
    );
}

// ---------------------------------------------------------------------------------------------
// GEN-2: vertical-only distances are rounded up to the half inch
// ---------------------------------------------------------------------------------------------

#[test]
fn gen2_atk4_a_target_on_a_2_6_inch_platform_is_in_cover() {
    let mut a = Arena::new();
    a.rules(|r| r.reactions = false);
    a.add_terrain(platform("ledge", (10.0, 10.0), (4.0, 4.0), 2.6));
    a.profile(A, |p| p.weapons = vec![weapon(12.0, 1, 4, (1, 2))]);
    a.profile(B, |p| p.toughness = 4);
    a.place_at(B, Vec3::new(10.0, 2.6, 10.0));
    a.place(A, 16.0, 10.0);
    a.activate(A);
    a.dice(&[4]);
    let n = a.log_len();
    a.apply(Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    })
    .unwrap();
    let atk = a
        .log_since(n)
        .into_iter()
        .find(|e| matches!(e.event, Event::Attack { .. }))
        .unwrap();
    assert!(
        atk.rules.contains(&RuleId::Atk4),
        "2.6\" rounds up to 3\": {atk:?}"
    );
    assert!(matches!(
        atk.event,
        Event::Attack {
            needed: 5,
            hits: 0,
            ..
        }
    ));
}

#[test]
fn gen2_move6_move9_a_jump_from_2_6_inches_rolls_impact_as_from_3() {
    let mut a = Arena::new();
    a.add_terrain(platform("ledge", (10.0, 10.0), (4.0, 4.0), 2.6));
    a.place_at(A, Vec3::new(11.2, 2.6, 10.0));
    a.activate(A);
    a.dice(&[6]);
    let n = a.log_len();
    a.walk(A, [14.0, 0.0, 10.0]).unwrap();
    let log = a.log_since(n);
    assert!(
        log.iter().any(|e| e.rules.contains(&RuleId::Move6)
            && matches!(e.event, Event::ImpactRoll { roll: 6, .. })),
        "an impact roll: {log:#?}"
    );
    assert_eq!(a.damage(A), 3, "a 6 on the impact roll: 3 damage (MOVE-9)");
}

#[test]
fn move1_move5_climbing_2_6_inches_costs_2_6_inches_of_move() {
    // MOVE-1: a move counts along the path of the base; GEN-2's rounding up to the half inch
    // is for rules that measure the vertical distance only (seed 003), which a move doesn't.
    let mut a = Arena::new();
    a.add_terrain(platform("ledge", (10.0, 10.0), (4.0, 4.0), 2.6));
    a.profile(A, |p| p.movement = 8);
    a.place(A, 13.0, 10.0);
    a.activate(A);
    let n = a.log_len();
    a.walk(A, [11.0, 2.6, 10.0]).unwrap();
    let (_, cost) = moved(&mut a, n)[0].clone();
    // 2" across (the base centre goes 2" horizontally) + 2.6" up, not 3".
    assert!((cost - 4.6).abs() < 0.1, "{cost}");
}

// ---------------------------------------------------------------------------------------------
// MOVE-1 / MOVE-3: short moves
// ---------------------------------------------------------------------------------------------

#[test]
fn move1_a_move_of_a_fifth_of_an_inch_is_legal() {
    let mut a = Arena::new();
    a.place(A, 10.0, 10.0);
    a.activate(A);
    let n = a.log_len();
    a.walk(A, [10.2, 0.0, 10.0]).unwrap();
    assert_eq!(a.fighter(A).pos, Vec3::new(10.2, 0.0, 10.0));
    let (_, cost) = moved(&mut a, n)[0].clone();
    assert!((cost - 0.2).abs() < 1e-3, "{cost}");
}

#[test]
fn move3_an_engaged_fighter_may_step_0_2_inches_closer_to_its_enemy() {
    let mut a = Arena::new();
    a.place(A, 10.0, 10.0);
    a.place(B, 11.8, 10.0); // 0.8" apart
    a.activate(A);
    a.walk(A, [10.2, 0.0, 10.0]).unwrap();
    assert_eq!(a.fighter(A).pos.x, 10.2);
}

// ---------------------------------------------------------------------------------------------
// MOVE-10 when disengaging
// ---------------------------------------------------------------------------------------------

/// A at (10, 10) engaged by B to its west; a deadly strip east of A from z = 9 to 11.
fn disengage_by_deadly_strip() -> Arena {
    let mut a = Arena::new();
    a.rules(|r| r.reactions = false);
    a.place(A, 10.0, 10.0);
    a.place(B, 8.5, 10.0);
    a.add_terrain(TerrainPiece::on_floor(
        "pit",
        TerrainKind::Deadly,
        (12.0, 10.0),
        (1.0, 2.0),
        0.0,
    ));
    a
}

#[test]
fn move10_dis1_the_disengage_search_avoids_deadly_terrain_when_it_can() {
    let mut a = disengage_by_deadly_strip();
    let f = a.fighter(A);
    let all = warcry_sim::rules::engine::fighters(a.world());
    let enemies: Vec<_> = all
        .iter()
        .filter(|o| o.side == Side::B && o.on_board())
        .map(|o| o.base())
        .collect();
    let rules = a
        .world()
        .resource::<warcry_sim::model::ruleset::Ruleset>()
        .clone();
    let bf = a.world().resource::<Battlefield>();
    let spots = disengage_spots(
        &bf.nav,
        &f.mover(&rules),
        f.pos,
        &enemies,
        &blockers(&all, A),
    );
    assert!(!spots.is_empty());
    for p in &spots {
        assert!(
            !bf.nav.touches_deadly(p.y, Vec2::new(p.x, p.z), 0.5),
            "a spot on the deadly strip: {p}"
        );
    }
}

#[test]
fn move10_dis1_disengaging_across_deadly_terrain_rolls_impact() {
    let mut a = disengage_by_deadly_strip();
    a.activate(A);
    a.dice(&[6]);
    let n = a.log_len();
    a.apply(Command::Disengage {
        fighter: A,
        to: [12.0, 0.0, 10.0],
    })
    .unwrap();
    let log = a.log_since(n);
    assert!(
        log.iter()
            .any(|e| e.rules.contains(&RuleId::Move10)
                && matches!(e.event, Event::ImpactRoll { .. })),
        "{log:#?}"
    );
    assert_eq!(a.damage(A), 3);
}

// ---------------------------------------------------------------------------------------------
// CMB-1 and the solo AI: no target
// ---------------------------------------------------------------------------------------------

#[test]
fn cmb1_solo_with_no_target_the_ai_still_activates_and_the_battle_goes_on() {
    let mut a = Arena::solo();
    a.objectives(&[]);
    // Every enemy fighter is off the battlefield (in reserve): SOLO-A finds no target.
    a.place(KA, 5.0, 5.0);
    {
        let mut e = a.engine();
        e.pending = Pending::Turn { side: Side::B };
        e.turn = Side::B;
    }
    assert!(solo::choose_target(a.world(), Side::B).is_none());
    let d = solo::decide(a.world()).expect("the automated warband decides");
    assert_eq!(d.command, Command::Activate { fighter: KA });
    assert!(d.rules.contains(&RuleId::Cmb1), "{:?}", d.rules);
    warcry_sim::rules::engine::apply(a.world(), &d.command).unwrap();
    let d = solo::decide(a.world()).expect("the activation decides too");
    assert_eq!(d.command, Command::EndActivation { fighter: KA });
    let round = a.engine().round;
    warcry_sim::rules::engine::apply(a.world(), &d.command).unwrap();
    // Nobody else can activate: both sides pass and the next round begins.
    assert_eq!(a.engine().round, round + 1);
    assert!(
        matches!(a.pending(), Pending::WildDice { .. }),
        "{:?}",
        a.pending()
    );
}

// ---------------------------------------------------------------------------------------------
// SOLO-C1: the sequence runs for each action
// ---------------------------------------------------------------------------------------------

#[test]
fn solo_c1_no_ability_after_the_last_action() {
    let mut a = Arena::solo();
    a.objectives(&[]);
    a.rules(|r| r.reactions = false);
    a.place(KA, 5.0, 5.0);
    a.place(THANE, 25.0, 15.0);
    a.set(KA, Damage(4));
    a.activate(KA);
    // Both actions taken; a double of 6s would pay for Respite (4 damage to remove).
    a.engine().dice[1] = SideDice::from_roll(&[6, 6, 1, 2, 3, 4]);
    {
        let mut e = a.engine();
        let act = e.activation.as_mut().unwrap();
        act.actions_left = 0;
        act.actions_taken = 2;
    }
    let d = solo::activation_step(a.world(), KA);
    assert_eq!(d.command, Command::EndActivation { fighter: KA }, "{d:?}");
}

// ---------------------------------------------------------------------------------------------
// RES-2: no room within 3"
// ---------------------------------------------------------------------------------------------

#[test]
fn res2_a_reserve_with_no_room_goes_to_the_closest_legal_spot_never_the_bare_point() {
    let mut a = Arena::new();
    let side = Side::A;
    let colour = a.world().resource::<BattleInfo>().sides[side]
        .colour
        .unwrap();
    let (group, point) = {
        let w = a.world();
        let m = w
            .query::<&DeploymentMarker>()
            .iter(w)
            .find(|m| m.colour == colour)
            .unwrap()
            .clone();
        (m.spec.group, m.spec.position)
    };
    // A block 26" wide covering everything within 13" of the point: nowhere to stand there.
    let block = TerrainPiece::on_floor("block", TerrainKind::Obstacle, point, (26.0, 26.0), 6.0);
    a.world().spawn(Terrain(block.clone()));
    a.add_terrain(block);
    let members: Vec<FighterId> = {
        let w = a.world();
        w.query::<(&Fighter, &Side, &BattleGroup)>()
            .iter(w)
            .filter(|(_, s, g)| **s == side && g.0 == group)
            .map(|(f, _, _)| f.id)
            .collect()
    };
    for &id in &members {
        a.set(id, Presence::Reserve { round: 2 });
    }
    a.engine().round = 2;
    warcry_sim::rules::setup::arrive_reserves(a.world(), side);
    let bf_nav = a.world().resource::<Battlefield>().nav.clone();
    for id in members {
        let f = a.fighter(id);
        assert_eq!(f.presence, Presence::Deployed, "{} arrived", f.name);
        let mover = f.mover(
            &a.world()
                .resource::<warcry_sim::model::ruleset::Ruleset>()
                .clone(),
        );
        assert!(
            bf_nav.can_stop(&mover, f.pos),
            "{} stands legally at {}",
            f.name,
            f.pos
        );
        assert!(
            Vec2::new(f.pos.x - point.0, f.pos.z - point.1).length() > 12.0,
            "not on the bare point inside the block: {}",
            f.pos
        );
    }
}

// ---------------------------------------------------------------------------------------------
// MOVE-5: climbing down is a choice
// ---------------------------------------------------------------------------------------------

fn down_from_a_3_inch_platform(descend: Option<Descend>) -> (Arena, Vec<LogEntry>) {
    let mut a = Arena::new();
    a.add_terrain(platform("keep", (10.0, 10.0), (4.0, 4.0), 3.0));
    a.profile(A, |p| p.movement = 8);
    a.place_at(A, Vec3::new(11.2, 3.0, 10.0));
    a.activate(A);
    a.dice(&[6]);
    let n = a.log_len();
    a.apply(Command::Move {
        pick: None,
        fighter: A,
        to: [14.0, 0.0, 10.0],
        pick_up: true,
        treasure: None,
        descend,
        via: vec![],
    })
    .unwrap();
    let log = a.log_since(n);
    (a, log)
}

fn step_kinds(log: &[LogEntry]) -> String {
    log.iter()
        .find_map(|e| match &e.event {
            Event::Move { steps, .. } => Some(
                steps
                    .iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            _ => None,
        })
        .unwrap()
}

#[test]
fn move5_a_move_may_climb_down_instead_of_jumping() {
    let (mut a, log) = down_from_a_3_inch_platform(Some(Descend::Climb));
    assert!(step_kinds(&log).contains("climb"), "{log:#?}");
    assert!(
        !log.iter().any(|e| e.rules.contains(&RuleId::Move6)),
        "no jump, no impact"
    );
    assert_eq!(a.damage(A), 0);
    assert_eq!(a.dice_left(), 1, "no impact die rolled");
    // Climbing down costs the 3" drop on top of the 2.8" across.
    let (_, cost) = moved(&mut a, 0).last().unwrap().clone();
    assert!((cost - 5.8).abs() < 0.2, "{cost}");
}

#[test]
fn move5_move6_jumping_down_stays_the_shortest_way_and_can_be_asked_for() {
    for descend in [None, Some(Descend::Jump)] {
        let (mut a, log) = down_from_a_3_inch_platform(descend);
        assert!(step_kinds(&log).contains("jump"), "{log:#?}");
        assert_eq!(a.damage(A), 3, "a 3\" jump: impact roll 6, 3 damage");
    }
}

#[test]
fn move1_waypoints_the_path_goes_through_each_in_order() {
    let mut a = Arena::new();
    a.profile(A, |p| p.movement = 8);
    a.place(A, 5.0, 5.0);
    a.activate(A);
    let n = a.log_len();
    a.apply(Command::Move {
        pick: None,
        fighter: A,
        to: [9.0, 0.0, 5.0],
        pick_up: true,
        treasure: None,
        descend: None,
        via: vec![[7.0, 0.0, 7.0]],
    })
    .unwrap();
    let (path, cost) = moved(&mut a, n)[0].clone();
    assert!(
        path.iter()
            .any(|p| (p[0] - 7.0).abs() < 1e-3 && (p[2] - 7.0).abs() < 1e-3)
    );
    let expected = 2.0 * (2.0f32 * 2.0 + 2.0 * 2.0).sqrt();
    assert!((cost - expected).abs() < 1e-3, "{cost} v {expected}");
    // Waypoints count against Move like the rest of the path.
    a.activate(A);
    let r = a.rejected(Command::Move {
        pick: None,
        fighter: A,
        to: [9.0, 0.0, 5.0],
        pick_up: true,
        treasure: None,
        descend: None,
        via: vec![[9.0, 0.0, 15.0]],
    });
    assert_eq!(r.rule, "MOVE-1", "{r}");
}

// ---------------------------------------------------------------------------------------------
// GEN-8: treasure tokens
// ---------------------------------------------------------------------------------------------

fn token(a: &mut Arena, index: usize, at: (f32, f32)) -> Entity {
    a.world()
        .spawn(Treasure {
            index,
            position: at,
            y: 0.0,
            carrier: None,
        })
        .id()
}

/// Treasure 0, carried by `carrier`.
fn carried_token(a: &mut Arena, carrier: FighterId) -> Entity {
    a.world()
        .spawn(Treasure {
            index: 0,
            position: (0.0, 0.0),
            y: 0.0,
            carrier: Some(carrier),
        })
        .id()
}

#[test]
fn gen8_a_move_may_pass_over_a_token_but_not_end_touching_it() {
    let mut a = Arena::new();
    a.profile(A, |p| p.movement = 6);
    a.place(A, 5.0, 5.0);
    token(&mut a, 0, (7.0, 5.0));
    a.activate(A);
    // Not picking it up: ending with the base over the token is refused...
    let r = a.rejected(Command::Move {
        pick: None,
        fighter: A,
        to: [7.2, 0.0, 5.0],
        pick_up: false,
        treasure: None,
        descend: None,
        via: vec![],
    });
    assert_eq!(r.rule, "GEN-8", "{r}");
    // ... passing over it is fine.
    a.apply(Command::Move {
        pick: None,
        fighter: A,
        to: [9.5, 0.0, 5.0],
        pick_up: false,
        treasure: None,
        descend: None,
        via: vec![],
    })
    .unwrap();
    assert_eq!(a.fighter(A).pos.x, 9.5);
}

#[test]
fn gen8_a_carrier_drops_its_treasure_where_its_side_picks() {
    let mut a = Arena::new();
    a.add_terrain(platform("keep", (10.0, 10.0), (4.0, 4.0), 3.0));
    a.place(A, 5.0, 5.0);
    let te = carried_token(&mut a, A);
    a.activate(A);
    // More than 1" away horizontally: refused.
    let r = a.rejected(Command::DropTreasure {
        fighter: A,
        at: Some([7.0, 0.0, 5.0]),
    });
    assert_eq!(r.rule, "GEN-8", "{r}");
    // Within 1" of the base (0.5" radius), on the floor: placed there.
    a.apply(Command::DropTreasure {
        fighter: A,
        at: Some([6.3, 0.0, 5.0]),
    })
    .unwrap();
    let t = *a.world().get::<Treasure>(te).unwrap();
    assert_eq!((t.carrier, t.position, t.y), (None, (6.3, 5.0), 0.0));
}

#[test]
fn gen8_a_taken_down_carriers_treasure_goes_where_its_own_side_places_it() {
    let mut a = Arena::new();
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.weapons = vec![weapon(1.0, 1, 5, (9, 9))]);
    a.profile(B, |p| p.wounds = 5);
    a.place(A, 5.0, 5.0);
    a.place(B, 6.5, 5.0);
    let te = carried_token(&mut a, B);
    a.activate(A);
    // A critical hit takes B down; the battle then waits for B's side (1) to place the token.
    a.dice(&[6]);
    a.apply(Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    })
    .unwrap();
    assert_eq!(a.pending(), Pending::PlaceTreasure { side: Side::B });
    // The attacker's side can't place it; nor can it go over 1" from where B stood.
    let r = a.rejected(Command::PlaceTreasure {
        side: Side::A,
        at: Some([7.0, 0.0, 5.0]),
    });
    assert_eq!(r.rule, "GEN-8", "{r}");
    let r = a.rejected(Command::PlaceTreasure {
        side: Side::B,
        at: Some([9.5, 0.0, 5.0]),
    });
    assert_eq!(r.rule, "GEN-8", "{r}");
    a.apply(Command::PlaceTreasure {
        side: Side::B,
        at: Some([7.3, 0.0, 5.5]),
    })
    .unwrap();
    let t = *a.world().get::<Treasure>(te).unwrap();
    assert_eq!((t.carrier, t.position), (None, (7.3, 5.5)));
    // Then A's activation goes on.
    assert_eq!(a.pending(), Pending::Action { fighter: A });
}

#[test]
fn gen8_dropped_treasure_goes_level_or_lower_on_a_surface() {
    let mut a = Arena::new();
    a.add_terrain(platform("keep", (10.0, 10.0), (4.0, 4.0), 3.0));
    // On the floor beside the platform: its top is higher than the carrier.
    a.place(A, 12.6, 10.0);
    a.world().spawn(Treasure {
        index: 0,
        position: (0.0, 0.0),
        y: 0.0,
        carrier: Some(A),
    });
    a.activate(A);
    let r = a.rejected(Command::DropTreasure {
        fighter: A,
        at: Some([11.8, 3.0, 10.0]),
    });
    assert!(r.reason.contains("higher"), "{r}");
    // In the air off the floor: not a surface.
    let r = a.rejected(Command::DropTreasure {
        fighter: A,
        at: Some([13.0, 0.5, 10.0]),
    });
    assert_eq!(r.rule, "GEN-8", "{r}");
}

// ---------------------------------------------------------------------------------------------
// MOVE-5 / MOVE-8: long climbs
// ---------------------------------------------------------------------------------------------

/// A 4"-tall tower, 3" square at (10, 10) (x 8.5..11.5); A (Move 4) on the floor 1" east of
/// its wall.
fn tower() -> Arena {
    let mut a = Arena::new();
    a.add_terrain(platform("tower", (10.0, 10.0), (3.0, 3.0), 4.0));
    a.profile(A, |p| p.movement = 4);
    a.place(A, 12.5, 10.0);
    a
}

#[test]
fn move5_a_move_4_fighter_gets_onto_a_4_inch_tower_with_two_moves() {
    let mut a = tower();
    a.activate(A);
    // The top is out of reach of one move (4" up plus the way across)...
    let top = [10.5, 4.0, 10.0];
    let r = a.rejected(Command::Move {
        pick: None,
        fighter: A,
        to: top,
        pick_up: true,
        treasure: None,
        descend: None,
        via: vec![],
    });
    assert_eq!(r.rule, "MOVE-1", "{r}");
    // ... so the first move ends part-way up the wall, the fighter hanging on it.
    a.walk(A, [12.0, 3.0, 10.0]).unwrap();
    let hang = a.fighter(A).pos;
    assert!(
        hang.y > 2.0 && hang.y < 4.0,
        "hanging on the wall at {hang}"
    );
    // The second move carries on to the top.
    let n = a.log_len();
    a.walk(A, top).unwrap();
    assert_eq!(a.fighter(A).pos, Vec3::from_array(top));
    let (_, cost) = moved(&mut a, n)[0].clone();
    assert!(cost <= 4.0 + 1e-3, "{cost}");
}

/// MOVE-5, carrying on a climb: a 4"x4" tower 6" tall; A (Move 4) climbs 3" up its side with
/// the first move, and its second move onto the top, its base 1" further in, is 3" up and 1"
/// across: 4".
#[test]
fn move5_a_fighter_part_way_up_a_wall_carries_on_by_the_straight_climb() {
    let mut a = Arena::new();
    a.add_terrain(platform("tall", (10.0, 10.0), (4.0, 4.0), 6.0));
    a.profile(A, |p| p.movement = 4);
    a.place(A, 12.6, 10.0);
    a.activate(A);
    a.walk(A, [12.5, 3.0, 10.0]).unwrap();
    let hang = a.fighter(A).pos;
    assert!((hang.y - 3.0).abs() < 0.01, "3\" up the wall: {hang}");
    let n = a.log_len();
    a.walk(A, [11.5, 6.0, 10.0])
        .expect("3\" up and 1\" across: 4\", within Move 4");
    let (_, cost) = moved(&mut a, n)[0].clone();
    assert!(cost <= 4.0 + 1e-3, "{cost}");
}

#[test]
fn move8_a_fighter_still_climbing_when_its_activation_ends_falls() {
    let mut a = tower();
    a.activate(A);
    a.walk(A, [12.0, 3.5, 10.0]).unwrap();
    assert!(a.fighter(A).pos.y > 3.0);
    // It falls 3.5" (rounded: 3.5" >= 3"): an impact roll, a 6 is 3 damage.
    a.dice(&[6]);
    let n = a.log_len();
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    // MOVE-8: the opponent picks where it lands; by default, where it hung.
    assert_eq!(a.engine().pending, Pending::Land { side: Side::B });
    a.apply(Command::Land {
        side: Side::B,
        at: None,
    })
    .unwrap();
    let f = a.fighter(A);
    assert!(f.pos.y.abs() < 1e-3, "on the floor: {}", f.pos);
    assert_eq!(a.damage(A), 3);
    let log = a.log_since(n);
    assert!(
        log.iter().any(|e| e.rules.contains(&RuleId::Move8)),
        "{log:#?}"
    );
}

#[test]
fn move5_truncated_moves_end_part_way_up_a_climb() {
    use warcry_sim::battlefield::moves::truncate;
    use warcry_sim::battlefield::nav::{Goal, StepKind};
    let mut a = tower();
    let f = a.fighter(A);
    let rules = a
        .world()
        .resource::<warcry_sim::model::ruleset::Ruleset>()
        .clone();
    let mover = f.mover(&rules);
    let bf = a.world().resource::<Battlefield>();
    let full = bf
        .nav
        .shortest_path(
            &mover,
            f.pos,
            Goal::Point(Vec3::new(10.5, 4.0, 10.0)),
            &[],
            true,
        )
        .unwrap();
    let cut = truncate(&bf.nav, &mover, &full, 4.0);
    let last = cut.steps.last().unwrap();
    assert_eq!(last.kind, StepKind::Climb, "{cut:?}");
    assert!(last.to.y >= 3.0 && last.to.y < 4.0, "{cut:?}");
    assert!(cut.cost <= 4.0 + 1e-3);
    assert!(bf.nav.hanging_on(&mover, last.to).is_some());
}

// ---------------------------------------------------------------------------------------------
// Readings the rules leave open, as the README says
// ---------------------------------------------------------------------------------------------

#[test]
fn solo_i3_the_engine_rejects_a_saved_wild_die_from_the_automated_warband() {
    use warcry_sim::rules::initiative::WildUse;
    let mut a = Arena::solo();
    a.engine().pending = Pending::WildDice { side: Side::B };
    a.engine().dice[1] = SideDice::from_roll(&[1, 2, 3, 4, 5, 6]);
    a.engine().dice[1].wild = 1;
    let r = a.rejected(Command::WildDice {
        side: Side::B,
        uses: vec![WildUse::Save],
    });
    assert_eq!(r.rule, "SOLO-I3", "{r}");
}

#[test]
fn the_log_keeps_every_rule_id_an_explanation_cites() {
    let mut a = Arena::new();
    let n = a.log_len();
    a.apply(Command::Explain {
        side: Side::B,
        rules: vec![
            "MOVE-10".into(),
            "VIC-2".into(),
            "SOLO-B2".into(),
            "NOPE-1".into(),
        ],
        text: "why".into(),
    })
    .unwrap();
    assert_eq!(a.log_since(n)[0].rules, vec!["MOVE-10", "VIC-2", "SOLO-B2"]);
}

#[test]
fn the_log_reads_as_sentences_no_debug_output() {
    // A whole AI-vs-AI battle: no `{ .. }`, `[..]` or `Some(` in any line of the log.
    let spec = warcry_sim::scenario::load::load_battle(
        &warcry_sim::scenario::load::Embedded,
        warcry_sim::scenario::load::DEFAULT_BATTLE,
    )
    .unwrap();
    let (_, mut app) = warcry_sim::sim::run_one(&spec, 7).unwrap();
    let text = app
        .world_mut()
        .resource::<warcry_sim::rules::log::BattleLog>()
        .to_text();
    for line in text.lines() {
        let body = line.split_once("] ").map_or(line, |(_, b)| b);
        for bad in [
            "{ ", " }", "[(", "[1", "[2", "[3", "[4", "[5", "[6", "Some(", "None", "Upgrade",
            "Red ", "Blue ",
        ] {
            assert!(!body.contains(bad), "Debug output `{bad}` in: {line}");
        }
    }
}

#[test]
fn solo_b2_gen4_a_last_tie_is_rolled_off_with_the_ais_own_dice_and_said() {
    // Two zealots (same wounds and points) the same distance from the enemy leader.
    const MOR: FighterId = FighterId(11);
    let mut a = Arena::solo();
    a.objectives(&[]);
    a.place(THANE, 15.0, 10.0);
    a.place(KA, 10.0, 10.0);
    a.place(MOR, 20.0, 10.0);
    let t = solo::choose_target(a.world(), Side::B).unwrap().target;
    let (id, rule, why) = active_for_turn(&mut a, t).unwrap();
    assert_eq!(rule, RuleId::SoloB2);
    assert!([KA, MOR].contains(&id));
    assert!(why.contains("roll-off") && why.contains("GEN-4"), "{why}");
    // The same world gives the same roll-off: replays reproduce it.
    let again = active_for_turn(&mut a, t).unwrap();
    assert_eq!((again.0, again.2), (id, why));
}

#[test]
fn gen5_simultaneous_effects_are_ordered_by_the_turn_then_the_initiative() {
    use warcry_sim::rules::engine::simultaneous_first;
    let mut a = Arena::new();
    a.place(A, 5.0, 5.0);
    {
        let mut e = a.engine();
        e.initiative = Some(Side::B);
        e.pending = Pending::FirstTurn { side: Side::B };
    }
    // Outside the combat phase's turns: the side with the initiative.
    assert_eq!(simultaneous_first(a.world()), Side::B);
    // In the combat phase: the side whose turn it is.
    a.activate(A);
    assert_eq!(simultaneous_first(a.world()), Side::A);
}

#[test]
fn solo_c7_an_ai_decision_is_one_apply_of_an_explained_command() {
    let mut a = Arena::new();
    a.place(A, 10.0, 10.0);
    a.activate(A);
    let n = a.log_len();
    let decided = |to: [f32; 3]| Command::Decided {
        side: Side::A,
        rules: vec!["SOLO-C6".into()],
        text: "towards the target".into(),
        command: Box::new(Command::Move {
            pick: None,
            fighter: A,
            to,
            pick_up: true,
            treasure: None,
            descend: None,
            via: vec![],
        }),
    };
    // Rejected: neither the reasons nor anything else is logged, the world is unchanged.
    let r = a.rejected(decided([25.0, 0.0, 10.0]));
    assert_eq!(r.rule, RuleId::Move1);
    // Accepted: the reasons, then what the command did; one command in the record.
    let commands = a.engine().commands.len();
    a.apply(decided([11.0, 0.0, 10.0])).unwrap();
    let log = a.log_since(n);
    assert!(matches!(log[0].event, Event::Decision { .. }), "{log:#?}");
    assert_eq!(log[0].rules, vec!["SOLO-C6"]);
    assert!(matches!(log[1].event, Event::Move { .. }));
    assert_eq!(a.engine().commands.len(), commands + 1);
}
