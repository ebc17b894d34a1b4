//! The battle engine, rule by rule, on hand-built states with injected dice; then whole
//! battles: determinism, saves and replays.

mod answers;
pub mod arena;
mod effects;
mod eighteenth;
mod eleventh;
mod faction;
mod fifteenth;
mod fifteenth_more;
mod fourteenth;
mod friends;
mod lasting;
mod lowered;
mod marks;
mod moved;
mod pull;
mod rolls;
mod round;
mod seventeenth;
mod sixteenth;
mod solo_choice;
mod tail;
mod tenth;
mod thirteenth;
mod twelfth;
mod waits;
mod weaken;
mod when;

use arena::{Arena, weapon};
use bevy::prelude::*;
use warcry_sim::battlefield::Battlefield;
use warcry_sim::battlefield::moves::disengage_spots;
use warcry_sim::model::RuleId;
use warcry_sim::model::components::*;
use warcry_sim::model::formats::{TerrainKind, TerrainPiece};
use warcry_sim::rules::abilities::{AbilityDef, AbilityEffect, DiceCost};
use warcry_sim::rules::command::{Command, ReactionKind};
use warcry_sim::rules::engine::{Pending, blockers};
use warcry_sim::rules::initiative::WildUse;
use warcry_sim::rules::log::Event;

// Side 0 (Ironclad Vanguard) has fighters 0..=7, side 1 (Ashen Covenant) 8..=17.
const A: FighterId = FighterId(2);
const A2: FighterId = FighterId(3);
const B: FighterId = FighterId(10);
const B2: FighterId = FighterId(11);

fn obstacle(x: f32, z: f32, size: (f32, f32), height: f32) -> TerrainPiece {
    TerrainPiece::on_floor("wall", TerrainKind::Obstacle, (x, z), size, height)
}

/// A melee duel: A at (10, 10) with a 1" weapon, B 0.5" away (centres 1.5" apart).
fn duel(strength: u32, toughness: u32) -> Arena {
    let mut a = Arena::new();
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.weapons = vec![weapon(1.0, 3, strength, (2, 5))]);
    a.profile(B, |p| {
        p.toughness = toughness;
        p.wounds = 30;
    });
    a.place(A, 10.0, 10.0);
    a.place(B, 11.5, 10.0);
    a.activate(A);
    a
}

fn attack(a: &mut Arena, target: FighterId) -> Result<(), warcry_sim::rules::command::Rejected> {
    a.apply(Command::Attack {
        fighter: A,
        target,
        weapon: 0,
    })
}

fn needed_and_hits(e: &Event) -> (u8, u32, u32) {
    match e {
        Event::Attack {
            needed,
            hits,
            crits,
            ..
        } => (*needed, *hits, *crits),
        _ => panic!("not an attack: {e:?}"),
    }
}

#[test]
fn atk3_hit_table_s_above_equal_below_t() {
    for (s, t, needed) in [(5, 4, 3), (4, 4, 4), (3, 4, 5)] {
        let mut a = duel(s, t);
        let n = a.log_len();
        // 3 hits only when it needs 3+; 4 when 4+ or less; 5 always.
        a.dice(&[3, 4, 5]);
        attack(&mut a, B).unwrap();
        let ev = a.attacks_since(n);
        let (got, hits, crits) = needed_and_hits(&ev[0]);
        assert_eq!(got, needed, "S{s} v T{t}");
        assert_eq!(hits, (3..=5).filter(|r| *r >= needed).count() as u32);
        assert_eq!(crits, 0);
        assert_eq!(a.damage(B), hits * 2, "2 damage per hit");
    }
}

#[test]
fn atk3_sixes_are_criticals_with_crit_damage() {
    let mut a = duel(4, 4);
    a.dice(&[6, 6, 4]);
    let n = a.log_len();
    attack(&mut a, B).unwrap();
    assert_eq!(needed_and_hits(&a.attacks_since(n)[0]), (4, 1, 2));
    assert_eq!(a.damage(B), 2 * 5 + 2);
    assert_eq!(a.dice_left(), 0);
}

/// B on a 4"x4", 3"-high platform at (10, 10), its base 0.2" from the east edge; A on the
/// floor 4.7" east of it with a 12" missile weapon (1 attack, S4, 1/2 damage). Reactions off.
fn on_the_edge(walled: bool) -> Arena {
    let mut a = Arena::new();
    a.rules(|r| r.reactions = false);
    a.add_terrain(TerrainPiece {
        walled,
        ..TerrainPiece::on_floor("keep", TerrainKind::Platform, (10.0, 10.0), (4.0, 4.0), 3.0)
    });
    a.profile(A, |p| p.weapons = vec![weapon(12.0, 1, 4, (1, 2))]);
    a.profile(B, |p| p.wounds = 30);
    a.place_at(B, Vec3::new(11.3, 3.0, 10.0));
    a.place(A, 16.0, 10.0);
    a.activate(A);
    a
}

#[test]
fn atk6_move8_move9_a_critical_near_an_unwalled_edge_knocks_the_target_off_on_a_1() {
    let mut a = on_the_edge(false);
    // Hit roll 6 (critical), ATK-6 roll 1 (falls), MOVE-9 impact roll 1 (no damage).
    a.dice(&[6, 1, 1]);
    let n = a.log_len();
    attack(&mut a, B).unwrap();
    // MOVE-8: the opponent (A's side) picks where B lands; B waits on the edge till then.
    assert_eq!(a.engine().pending, Pending::Land { side: Side::A });
    assert_eq!(a.fighter(B).pos, Vec3::new(11.3, 3.0, 10.0));
    a.apply(Command::Land {
        side: Side::A,
        at: None,
    })
    .unwrap();
    assert_eq!(a.dice_left(), 0);
    assert_eq!(a.engine().pending, Pending::Action { fighter: A });
    let b = a.fighter(B);
    assert!(b.pos.y.abs() < 1e-3, "B fell to the floor: {:?}", b.pos);
    let moved = Vec2::new(b.pos.x - 11.3, b.pos.z - 10.0).length();
    assert!(moved <= 2.0 + 1e-3, "MOVE-8: lands within 2\": {moved}");
    // Without a pick, the rules pick: east, towards the attacker.
    assert!(b.pos.x > 12.0, "{:?}", b.pos);
    assert_eq!(
        a.damage(B),
        2,
        "the critical's damage, no impact damage on a 1"
    );
    let log = a.log_since(n);
    assert!(log.iter().any(|e| e.rules.contains(&RuleId::Atk6)));
    assert!(
        log.iter()
            .any(|e| e.rules.contains(&RuleId::Move8) && e.rules.contains(&RuleId::Move9)),
        "{log:#?}"
    );
}

#[test]
fn move8_the_opponent_picks_where_a_knocked_off_fighter_lands() {
    use warcry_sim::rules::options::{Decision, options};
    let mut a = on_the_edge(false);
    // Hit roll 6 (critical), ATK-6 roll 1 (falls), MOVE-9 impact roll 1 (no damage).
    a.dice(&[6, 1, 1]);
    attack(&mut a, B).unwrap();
    let Decision::Land(l) = options(a.world()).decision else {
        panic!("the landing is on offer");
    };
    assert_eq!(l.fighter, B);
    // The spot farthest from the attacker (west, off the far side of the keep is too far:
    // within 2" of where B fell).
    let far = *l
        .spots
        .iter()
        .max_by(|p, q| (16.0 - p[0]).total_cmp(&(16.0 - q[0])))
        .unwrap();
    assert_ne!(Some(far), l.default, "a real choice");
    // Only the opponent picks, and only a spot within 2" and lower.
    let r = a.rejected(Command::Land {
        side: Side::B,
        at: Some(far),
    });
    assert_eq!(r.rule, "MOVE-8", "{r}");
    let r = a.rejected(Command::Land {
        side: Side::A,
        at: Some([20.0, 0.0, 10.0]),
    });
    assert_eq!(r.rule, "MOVE-8", "{r}");
    assert!(r.reason.contains("can't land there"), "{r}");
    a.apply(Command::Land {
        side: Side::A,
        at: Some(far),
    })
    .unwrap();
    assert_eq!(a.fighter(B).pos.to_array(), far);
    assert_eq!(a.engine().pending, Pending::Action { fighter: A });
}

#[test]
fn atk6_a_roll_above_1_leaves_the_target_on_the_platform() {
    let mut a = on_the_edge(false);
    a.dice(&[6, 2]);
    attack(&mut a, B).unwrap();
    assert_eq!(a.dice_left(), 0, "the ATK-6 die was rolled");
    assert_eq!(a.fighter(B).pos, Vec3::new(11.3, 3.0, 10.0));
}

#[test]
fn atk6_a_walled_platform_never_knocks_a_fighter_off() {
    let mut a = on_the_edge(true);
    // The 1 would knock B off if an ATK-6 die were rolled.
    a.dice(&[6, 1]);
    let n = a.log_len();
    attack(&mut a, B).unwrap();
    assert_eq!(a.fighter(B).pos, Vec3::new(11.3, 3.0, 10.0));
    assert_eq!(a.dice_left(), 1, "no ATK-6 die rolled");
    let log = a.log_since(n);
    assert!(
        log.iter().any(|e| e.rules == vec!["ATK-6"]
            && matches!(&e.event, Event::WalledPlatform { platform, .. } if platform == "keep")),
        "the log says why there is no roll: {log:#?}"
    );
    assert!(
        !log.iter()
            .any(|e| matches!(e.event, Event::KnockOffRoll { .. })
                && e.rules.contains(&RuleId::Atk6))
    );
}

/// ATK-6 "within 1/2\" of an unwalled platform edge", measured from the base's own outline:
/// an oval base (60 x 35 mm) 1.5" from the edge with its narrow side to it is 0.81" away: no
/// roll (the longest radius in eight directions said 0.32"); turned with its long side to the
/// edge it is 0.32" away: a roll.
#[test]
fn atk6_an_oval_base_is_near_an_edge_by_its_own_outline() {
    let knock_off_rolls = |facing: f32| {
        let mut a = Arena::new();
        a.rules(|r| r.reactions = false);
        a.add_terrain(TerrainPiece::on_floor(
            "keep",
            TerrainKind::Platform,
            (10.0, 10.0),
            (10.0, 10.0),
            2.0,
        ));
        a.profile(A, |p| p.weapons = vec![weapon(12.0, 1, 4, (1, 2))]);
        a.profile(B, |p| {
            p.wounds = 30;
            p.base = warcry_sim::model::formats::BaseSize::Oval(60.0, 35.0);
        });
        a.place_at(B, Vec3::new(10.0, 2.0, 13.5));
        a.set(B, Facing(facing));
        a.place_at(A, Vec3::new(10.0, 2.0, 8.0));
        a.activate(A);
        a.dice(&[6, 4]);
        let n = a.log_len();
        attack(&mut a, B).unwrap();
        a.log_since(n)
            .iter()
            .filter(|e| matches!(e.event, Event::KnockOffRoll { .. }))
            .count()
    };
    // The edge is z = 15; facing 0 lays the long axis along x.
    assert_eq!(
        knock_off_rolls(0.0),
        0,
        "narrow side to the edge: 0.81\" away"
    );
    assert_eq!(
        knock_off_rolls(std::f32::consts::FRAC_PI_2),
        1,
        "long side to the edge: 0.32\" away"
    );
}

#[test]
fn atk4_cover_behind_an_obstacle_gives_plus_one_toughness() {
    let mut a = Arena::new();
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.weapons = vec![weapon(12.0, 2, 4, (1, 2))]);
    a.profile(B, |p| p.toughness = 4);
    a.place(A, 5.0, 10.0);
    a.place(B, 11.0, 10.0);
    // Low enough to see over, in the way of the line between the bases.
    a.add_terrain(obstacle(8.0, 10.0, (0.4, 4.0), 0.8));
    a.activate(A);
    a.dice(&[4, 5]);
    let n = a.log_len();
    attack(&mut a, B).unwrap();
    let log = a.log_since(n);
    let atk = log
        .iter()
        .find(|e| matches!(e.event, Event::Attack { .. }))
        .unwrap();
    assert!(atk.rules.contains(&RuleId::Atk4), "{:?}", atk.rules);
    // S4 v T4+1: 5+ to hit, so only the 5 hits.
    assert_eq!(needed_and_hits(&atk.event), (5, 1, 0));
}

#[test]
fn atk2_missile_cant_target_an_enemy_near_the_attackers_friends() {
    let mut a = Arena::new();
    a.rules(|r| r.reactions = false);
    let mut crossbow = weapon(12.0, 2, 4, (1, 2));
    crossbow.min_range = 3.0;
    a.profile(A, |p| p.weapons = vec![crossbow, weapon(6.0, 2, 4, (1, 2))]);
    a.place(A, 5.0, 10.0);
    a.place(B, 12.0, 10.0);
    a.place(A2, 13.2, 10.0); // a friend of A 0.2" from B
    a.activate(A);
    let r = a.rejected(Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    });
    assert_eq!(r.rule, "ATK-2", "{r}");
    // No minimum range and within 3": allowed.
    a.place(A, 9.6, 10.0);
    a.dice(&[2, 2]);
    a.apply(Command::Attack {
        fighter: A,
        target: B,
        weapon: 1,
    })
    .unwrap();
}

#[test]
fn atk2_an_enemy_within_1_inch_must_be_the_target() {
    let mut a = duel(4, 4);
    a.profile(A, |p| p.weapons = vec![weapon(3.0, 2, 4, (1, 2))]);
    a.place(B2, 10.0, 12.5); // 1.5" away
    let r = a.rejected(Command::Attack {
        fighter: A,
        target: B2,
        weapon: 0,
    });
    assert_eq!(r.rule, "ATK-2");
    assert!(r.reason.contains("within 1\""), "{r}");
    a.dice(&[1, 1]);
    attack(&mut a, B).unwrap();
}

#[test]
fn dis1_disengage_impossible_when_no_spot_is_more_than_1_inch_from_enemies() {
    let mut a = Arena::new();
    a.place(A, 15.0, 11.0);
    // Six enemies in a ring 0.6" from A, gaps too narrow to pass.
    for (k, id) in (8..14).map(FighterId).enumerate() {
        let ang = k as f32 * std::f32::consts::TAU / 6.0;
        a.place(id, 15.0 + 1.6 * ang.cos(), 11.0 + 1.6 * ang.sin());
    }
    a.activate(A);
    let all = warcry_sim::rules::engine::fighters(a.world());
    let f = all.iter().find(|f| f.id == A).unwrap().clone();
    let enemies: Vec<_> = all
        .iter()
        .filter(|o| o.side == Side::B && o.on_board())
        .map(|o| o.base())
        .collect();
    let spots = {
        let w = a.world();
        let rules = w.resource::<warcry_sim::model::ruleset::Ruleset>().clone();
        let bf = w.resource::<Battlefield>();
        disengage_spots(
            &bf.nav,
            &f.mover(&rules),
            f.pos,
            &enemies,
            &blockers(&all, A),
        )
    };
    assert!(spots.is_empty(), "{spots:?}");
    let r = a.rejected(Command::Disengage {
        fighter: A,
        to: [15.0, 0.0, 14.0],
    });
    assert_eq!(r.rule, "DIS-1", "{r}");
}

#[test]
fn dis1_rea4_disengage_with_strike_them_down_damage() {
    let mut a = Arena::new();
    a.profile(A, |p| p.wounds = 20);
    a.place(A, 10.0, 10.0);
    a.place(B, 11.5, 10.0);
    a.activate(A);
    // Not more than 1" from the enemy at the end: refused.
    let r = a.rejected(Command::Disengage {
        fighter: A,
        to: [9.5, 0.0, 10.0],
    });
    assert_eq!(r.rule, "DIS-1");
    a.apply(Command::Disengage {
        fighter: A,
        to: [8.0, 0.0, 10.0],
    })
    .unwrap();
    // REA-4 is offered to B's side before A moves.
    assert_eq!(a.pending(), Pending::Reaction { side: Side::B });
    assert_eq!(a.fighter(A).pos.x, 10.0);
    a.dice(&[4, 5]); // 4+: D6 damage = 5
    a.apply(Command::React {
        fighter: B,
        reaction: ReactionKind::StrikeThemDown,
    })
    .unwrap();
    assert_eq!(a.damage(A), 5);
    assert!((a.fighter(A).pos.x - 8.0).abs() < 0.05);
    assert_eq!(
        a.fighter(B).reactions,
        1,
        "REA-1: a reaction costs an action"
    );
    assert_eq!(a.pending(), Pending::Action { fighter: A });
}

#[test]
fn rea2_counter_deals_two_for_any_one_and_one_for_two_misses() {
    let mut a = Arena::new();
    a.profile(A, |p| {
        p.weapons = vec![weapon(1.0, 3, 4, (1, 3))];
        p.wounds = 20;
    });
    a.profile(B, |p| p.toughness = 4);
    a.place(A, 10.0, 10.0);
    a.place(B, 11.5, 10.0);
    a.activate(A);
    attack(&mut a, B).unwrap();
    assert_eq!(a.pending(), Pending::Reaction { side: Side::B });
    // Only the target may counter.
    let r = a.rejected(Command::React {
        fighter: B2,
        reaction: ReactionKind::Counter,
    });
    assert_eq!(r.rule, "REA-1");
    a.dice(&[1, 1, 3]);
    a.apply(Command::React {
        fighter: B,
        reaction: ReactionKind::Counter,
    })
    .unwrap();
    // Two 1s (2 in all, not 2 per 1: the card) and three misses (+1).
    assert_eq!(a.damage(A), 3);
    assert_eq!(a.damage(B), 0);
}

#[test]
fn rea3_take_cover_turns_criticals_into_hits_on_4_plus() {
    let mut a = shot_in_cover();
    // REA-3: declared when B is targeted, before any hit roll.
    let before = a.dice_left();
    attack(&mut a, B).unwrap();
    assert_eq!(a.pending(), Pending::Reaction { side: Side::B });
    assert_eq!(
        a.engine().reaction.clone().unwrap().kind,
        Some(ReactionKind::TakeCover)
    );
    assert_eq!(a.dice_left(), before, "no hit roll yet");
    // Two criticals, then a die each: one of them becomes a hit.
    a.dice(&[6, 6, 4, 2]);
    a.apply(Command::React {
        fighter: B,
        reaction: ReactionKind::TakeCover,
    })
    .unwrap();
    assert_eq!(a.damage(B), 1 + 4);
}

/// REA-3: Take Cover costs its action whatever the dice then show (no critical to save).
#[test]
fn rea3_take_cover_costs_its_action_whatever_the_dice_show() {
    let mut a = shot_in_cover();
    attack(&mut a, B).unwrap();
    a.dice(&[2, 5]);
    a.apply(Command::React {
        fighter: B,
        reaction: ReactionKind::TakeCover,
    })
    .unwrap();
    assert_eq!(
        a.fighter(B).reactions,
        1,
        "REA-1: it used one of B's actions"
    );
    assert_eq!(a.damage(B), 1);
}

/// A shoots B, in cover behind an obstacle; A is activated.
fn shot_in_cover() -> Arena {
    let mut a = Arena::new();
    a.profile(A, |p| p.weapons = vec![weapon(12.0, 2, 5, (1, 4))]);
    a.profile(B, |p| {
        p.toughness = 4;
        p.wounds = 30;
    });
    a.place(A, 5.0, 10.0);
    a.place(B, 11.0, 10.0);
    a.add_terrain(obstacle(8.0, 10.0, (0.4, 4.0), 0.8));
    a.activate(A);
    a
}

#[test]
fn atk5_gen8_taken_down_carrier_drops_its_treasure() {
    let mut a = duel(4, 4);
    a.profile(B, |p| p.wounds = 2);
    let points = a.fighter(B).profile.points;
    let w = a.world();
    let t = w.spawn(Treasure {
        index: 7,
        position: (0.0, 0.0),
        y: 0.0,
        carrier: Some(B),
    });
    let te = t.id();
    a.dice(&[4, 1, 1]);
    attack(&mut a, B).unwrap();
    assert_eq!(a.fighter(B).presence, Presence::TakenDown);
    let t = *a.world().get::<Treasure>(te).unwrap();
    assert_eq!(t.carrier, None);
    assert_eq!(t.position, (11.5, 10.0), "dropped where the carrier stood");
    assert_eq!(a.engine().points_taken_down[0], points);
}

#[test]
fn gen8_picks_up_treasure_on_the_way_and_carriers_move_slower() {
    let mut a = Arena::new();
    a.profile(A, |p| p.movement = 4);
    a.place(A, 5.0, 5.0);
    let te = a
        .world()
        .spawn(Treasure {
            index: 0,
            position: (7.0, 5.5),
            y: 0.0,
            carrier: None,
        })
        .id();
    a.activate(A);
    a.apply(Command::Move {
        pick: None,
        fighter: A,
        to: [9.0, 0.0, 5.0],
        pick_up: true,
        treasure: None,
        descend: None,
        via: vec![],
    })
    .unwrap();
    assert_eq!(a.world().get::<Treasure>(te).unwrap().carrier, Some(A));
    // Move 4 - 2 = 2, at least 3.
    let r = a.rejected(Command::Move {
        pick: None,
        fighter: A,
        to: [12.5, 0.0, 5.0],
        pick_up: true,
        treasure: None,
        descend: None,
        via: vec![],
    });
    assert_eq!(r.rule, "MOVE-1", "{r}");
    a.apply(Command::Move {
        pick: None,
        fighter: A,
        to: [11.9, 0.0, 5.0],
        pick_up: true,
        treasure: None,
        descend: None,
        via: vec![],
    })
    .unwrap();
}

/// A treasure token on the ground at `(x, z)`.
fn token(a: &mut Arena, index: usize, x: f32, z: f32) -> Entity {
    let t = Treasure {
        index,
        position: (x, z),
        y: 0.0,
        carrier: None,
    };
    a.world().spawn(t).id()
}

/// A move of A to `to`, picking up `treasure` (none: the first it comes within 1" of).
fn move_picking(to: [f32; 3], treasure: Option<usize>) -> Command {
    Command::Move {
        pick: None,
        fighter: A,
        to,
        pick_up: true,
        treasure,
        descend: None,
        via: vec![],
    }
}

#[test]
fn gen8_the_player_picks_which_of_two_treasures_in_reach_a_mover_takes() {
    let setup = |a: &mut Arena| {
        a.profile(A, |p| p.movement = 6);
        a.place(A, 5.0, 5.0);
        let first = token(a, 0, 7.0, 5.5);
        let second = token(a, 1, 8.5, 4.5);
        a.activate(A);
        (first, second)
    };
    // Today's choice stays the default: the first it comes within 1" of.
    let mut a = Arena::new();
    let (first, _) = setup(&mut a);
    a.apply(move_picking([10.0, 0.0, 5.0], None)).unwrap();
    assert_eq!(a.world().get::<Treasure>(first).unwrap().carrier, Some(A));
    // The player names the other one, also in reach: that one is taken.
    let mut a = Arena::new();
    let (first, second) = setup(&mut a);
    let since = a.log_len();
    a.apply(move_picking([10.0, 0.0, 5.0], Some(1))).unwrap();
    assert_eq!(a.world().get::<Treasure>(second).unwrap().carrier, Some(A));
    assert_eq!(a.world().get::<Treasure>(first).unwrap().carrier, None);
    let said: Vec<String> = a.log_since(since).iter().map(|e| a.text_of(e)).collect();
    assert!(
        said.iter().any(|l| l.contains("picks up treasure 2")),
        "{said:?}"
    );
    // One the move doesn't come within 1" of is refused (GEN-8), and nothing moves.
    let mut a = Arena::new();
    setup(&mut a);
    let r = a.rejected(move_picking([5.0, 0.0, 9.0], Some(1)));
    assert_eq!(r.rule, "GEN-8", "{r}");
    assert!(r.reason.contains("can't pick up treasure 2"), "{r}");
    assert_eq!(a.fighter(A).pos, Vec3::new(5.0, 0.0, 5.0));
}

#[test]
fn wait1_wait_then_a_second_activation_with_one_action() {
    let mut a = Arena::new();
    a.place(A, 5.0, 5.0);
    a.place(B, 25.0, 15.0);
    a.activate(A);
    a.apply(Command::Wait { fighter: A }).unwrap();
    assert_eq!(a.fighter(A).activation, Activation::Waiting);
    assert_eq!(a.pending(), Pending::Turn { side: Side::B });
    a.activate(A);
    assert_eq!(a.engine().activation.as_ref().unwrap().actions_left, 1);
    a.apply(Command::Move {
        pick: None,
        fighter: A,
        to: [7.0, 0.0, 5.0],
        pick_up: true,
        treasure: None,
        descend: None,
        via: vec![],
    })
    .unwrap();
    // One action only: no second action (an ability could still follow, CMB-3).
    let r = a.rejected(Command::Move {
        pick: None,
        fighter: A,
        to: [8.0, 0.0, 5.0],
        pick_up: true,
        treasure: None,
        descend: None,
        via: vec![],
    });
    assert_eq!(r.rule, "CMB-2");
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    assert_eq!(a.fighter(A).activation, Activation::Activated);
    let r = a.rejected(Command::Activate { fighter: A });
    assert_eq!(r.rule, "CMB-1");
}

#[test]
fn cmb1_activating_an_activated_fighter_is_rejected() {
    let mut a = Arena::new();
    a.place(A, 5.0, 5.0);
    a.place(A2, 6.0, 7.0);
    a.place(B, 25.0, 15.0);
    a.activate(A);
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.engine().pending = Pending::Turn { side: Side::A };
    let r = a.rejected(Command::Activate { fighter: A });
    assert_eq!(r.rule, "CMB-1");
    let r = a.rejected(Command::Activate { fighter: B });
    assert_eq!(r.rule, "CMB-1", "not this side's fighter");
    let r = a.rejected(Command::Pass { side: Side::A });
    assert_eq!(r.rule, "CMB-1", "must activate when able");
}

#[test]
fn move1_too_far_atk2_out_of_range_gen3_unseen_are_rejected_unchanged() {
    let mut a = Arena::new();
    a.profile(A, |p| {
        p.movement = 4;
        p.weapons = vec![weapon(6.0, 2, 4, (1, 2))];
    });
    a.place(A, 5.0, 5.0);
    a.place(B, 20.0, 5.0);
    a.place(B2, 5.0, 10.0);
    // A tall wall between A and B2.
    a.add_terrain(obstacle(5.0, 7.5, (6.0, 0.5), 5.0));
    a.activate(A);
    let r = a.rejected(Command::Move {
        pick: None,
        fighter: A,
        to: [10.0, 0.0, 5.0],
        pick_up: true,
        treasure: None,
        descend: None,
        via: vec![],
    });
    assert_eq!(r.rule, "MOVE-1");
    let r = a.rejected(Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    });
    assert_eq!(r.rule, "ATK-2");
    let r = a.rejected(Command::Attack {
        fighter: A,
        target: B2,
        weapon: 0,
    });
    assert_eq!(r.rule, "GEN-3");
    let r = a.rejected(Command::Attack {
        fighter: A,
        target: A2,
        weapon: 0,
    });
    assert_eq!(r.rule, "ATK-2");
    // A legal move still works afterwards.
    a.apply(Command::Move {
        pick: None,
        fighter: A,
        to: [9.0, 0.0, 5.0],
        pick_up: true,
        treasure: None,
        descend: None,
        via: vec![],
    })
    .unwrap();
}

#[test]
fn move3_an_engaged_fighter_cant_walk_away() {
    let mut a = Arena::new();
    a.place(A, 10.0, 10.0);
    a.place(B, 11.5, 10.0);
    a.activate(A);
    let r = a.rejected(Command::Move {
        pick: None,
        fighter: A,
        to: [7.0, 0.0, 10.0],
        pick_up: true,
        treasure: None,
        descend: None,
        via: vec![],
    });
    assert_eq!(r.rule, "MOVE-3");
}

fn ability(name: &str, dice: u8, target: Option<FighterId>) -> Command {
    Command::Ability {
        fighter: A,
        ability: name.into(),
        dice,
        target,
        place: None,
        choice: 0,
    }
}

#[test]
fn cmb3_abl3_rush_then_a_second_ability_is_rejected() {
    let mut a = Arena::new();
    a.profile(A, |p| p.movement = 4);
    a.place(A, 5.0, 5.0);
    a.place(B, 25.0, 15.0);
    a.activate(A);
    a.give_dice(Side::A, &[(2, 2), (5, 3)]);
    a.apply(ability("Rush", 2, None)).unwrap();
    let r = a.rejected(ability("Rush", 5, None));
    assert_eq!(r.rule, "CMB-3");
    // ABL-1: the double of 2s is spent; the triple is left.
    assert_eq!(a.engine().dice[0].groups.len(), 1);
    // Rush: Move 4 + 1.
    a.apply(Command::Move {
        pick: None,
        fighter: A,
        to: [9.9, 0.0, 5.0],
        pick_up: true,
        treasure: None,
        descend: None,
        via: vec![],
    })
    .unwrap();
}

#[test]
fn abl1_abl3_costs_and_eligibility() {
    let mut a = duel(4, 4);
    a.give_dice(Side::A, &[(3, 2), (6, 4)]);
    // A double can't pay for a triple.
    assert_eq!(a.rejected(ability("Onslaught", 3, None)).rule, "ABL-1");
    // Reckoning needs half the warband taken down.
    assert_eq!(a.rejected(ability("Reckoning", 6, None)).rule, "ABL-3");
    // Respite: not within 1" of an enemy.
    a.set(A, Damage(4));
    assert_eq!(a.rejected(ability("Respite", 3, None)).rule, "ABL-3");
    // Unknown ability.
    assert_eq!(a.rejected(ability("Fly Away", 3, None)).rule, "ABL-2");
    // Onslaught with the quad: +1 Attacks for melee.
    a.apply(ability("Onslaught", 6, None)).unwrap();
    a.dice(&[1, 1, 1, 1]);
    let n = a.log_len();
    attack(&mut a, B).unwrap();
    match &a.attacks_since(n)[0] {
        Event::Attack { rolls, .. } => assert_eq!(rolls.len(), 4),
        e => panic!("{e:?}"),
    }
}

#[test]
fn abl3_respite_removes_damage_equal_to_the_value() {
    let mut a = Arena::new();
    a.place(A, 5.0, 5.0);
    a.place(B, 25.0, 15.0);
    a.set(A, Damage(6));
    a.activate(A);
    a.give_dice(Side::A, &[(4, 2)]);
    a.apply(ability("Respite", 4, None)).unwrap();
    assert_eq!(a.damage(A), 2);
}

#[test]
fn abl3_inspiring_presence_activates_a_friend_next() {
    let mut a = Arena::new();
    let hero = FighterId(0);
    assert!(a.fighter(hero).is_hero());
    a.place(hero, 5.0, 5.0);
    a.place(A, 8.0, 5.0);
    a.place(B, 25.0, 15.0);
    a.activate(hero);
    a.give_dice(Side::A, &[(5, 3)]);
    a.apply(Command::Ability {
        fighter: hero,
        ability: "Inspiring Presence".into(),
        dice: 5,
        target: Some(A),
        place: None,
        choice: 0,
    })
    .unwrap();
    a.apply(Command::EndActivation { fighter: hero }).unwrap();
    assert_eq!(
        a.pending(),
        Pending::Action { fighter: A },
        "same turn, A next"
    );
    // A non-hero can't use it.
    a.give_dice(Side::A, &[(5, 3)]);
    assert_eq!(
        a.rejected(ability("Inspiring Presence", 5, Some(hero)))
            .rule,
        "ABL-2"
    );
}

#[test]
fn abl5_a_faction_ability_the_engine_cant_run_is_logged_as_not_automated() {
    let mut a = Arena::new();
    a.profile(A, |p| {
        p.abilities = vec![AbilityDef {
            id: None,
            name: "Forge Blessing".into(),
            cost: DiceCost::Double,
            runemarks: vec![],
            text: "A friend within 3\" gets +1 Toughness".into(),
            effect: AbilityEffect::NotAutomated,
        }]
    });
    a.place(A, 5.0, 5.0);
    a.place(B, 25.0, 15.0);
    a.activate(A);
    a.give_dice(Side::A, &[(1, 2)]);
    let n = a.log_len();
    a.apply(ability("Forge Blessing", 1, None)).unwrap();
    let log = a.log_since(n);
    let e = log
        .iter()
        .find(|e| matches!(e.event, Event::Ability { .. }))
        .unwrap();
    assert!(e.rules.contains(&RuleId::Abl5));
    assert!(matches!(
        e.event,
        Event::Ability {
            automated: false,
            ..
        }
    ));
    let text = a.text_of(e);
    assert!(text.contains("not automated"), "{text}");
}

/// Ends the round: every placed fighter but `last` is already activated; `last` (side 0)
/// activates and ends its activation, both sides pass, and the round ends.
#[test]
fn gen7_objective_control_by_count_at_the_end_of_the_round() {
    let mut a = Arena::new();
    let o = {
        let w = a.world();
        let mut q = w.query::<&Objective>();
        q.iter(w).find(|o| o.index == 0).copied().unwrap()
    };
    let (x, z) = o.position;
    a.place(A, x + 1.5, z);
    a.place(A2, x - 1.5, z);
    a.place(B, x, z + 2.0);
    a.place(B2, x + 10.0, z + 5.0_f32.min(20.0 - z));
    let n = a.log_len();
    a.end_round(&[A, A2, B, B2], A);
    assert_eq!(a.engine().control[0], Some(Side::A), "2 v 1 within 3\"");
    let log = a.log_since(n);
    assert!(log.iter().any(|e| e.rules.contains(&RuleId::Gen7)
        && matches!(
            e.event,
            Event::Control {
                objective: 0,
                side: Side::A,
                ..
            }
        )));
    // Round 2 has begun: initiative rolled, wild dice asked.
    assert_eq!(a.engine().round, 2);
    assert!(matches!(a.pending(), Pending::WildDice { .. }));
}

#[test]
fn ini1_ini3_ini4_initiative_wild_dice_and_seizing_in_the_engine() {
    let mut a = Arena::new();
    a.place(A, 5.0, 5.0);
    a.place(B, 25.0, 15.0);
    // Next round: side 0 rolls 2 singles, side 1 rolls 2 singles: tie -> roll-off 6 v 1.
    a.dice(&[1, 1, 2, 2, 3, 4, 1, 2, 5, 5, 6, 6, 6, 1]);
    a.end_round(&[A, B], A);
    assert_eq!(a.engine().initiative, Some(Side::A));
    assert_eq!(a.pending(), Pending::WildDice { side: Side::A });
    // The side without the initiative can't declare first.
    let r = a.rejected(Command::WildDice {
        side: Side::B,
        uses: vec![WildUse::Single],
    });
    assert_eq!(r.rule, "INI-3");
    // One wild die per group: a double can't become a quad.
    a.engine().dice[0].wild = 2;
    let r = a.rejected(Command::WildDice {
        side: Side::A,
        uses: vec![WildUse::Upgrade { value: 1 }, WildUse::Upgrade { value: 1 }],
    });
    assert_eq!(r.rule, "INI-3");
    a.apply(Command::WildDice {
        side: Side::A,
        uses: vec![WildUse::Save, WildUse::Upgrade { value: 2 }],
    })
    .unwrap();
    let n = a.log_len();
    a.apply(Command::WildDice {
        side: Side::B,
        uses: vec![WildUse::Single],
    })
    .unwrap();
    // 2 v 3 singles: side 1 seizes the initiative (INI-4) and picks who goes first.
    assert_eq!(a.engine().initiative, Some(Side::B));
    assert!(
        a.log_since(n)
            .iter()
            .any(|e| e.rules.contains(&RuleId::Ini4))
    );
    assert_eq!(a.pending(), Pending::FirstTurn { side: Side::B });
    assert_eq!(
        a.engine().dice[0].saved,
        1,
        "the saved wild die waits for next round"
    );
    assert_eq!(a.dice_left(), 0);
}

#[test]
fn ini4_a_tie_that_already_existed_brings_no_new_roll_off() {
    let mut a = Arena::new();
    a.place(A, 5.0, 5.0);
    a.place(B, 25.0, 15.0);
    // 2 v 2 singles, roll-off 2 v 5: side 1.
    a.dice(&[1, 1, 2, 2, 3, 4, 1, 2, 5, 5, 6, 6, 2, 5]);
    a.end_round(&[A, B], A);
    assert_eq!(a.engine().initiative, Some(Side::B));
    for side in [Side::B, Side::A] {
        a.apply(Command::WildDice {
            side,
            uses: vec![WildUse::Single],
        })
        .unwrap();
    }
    // 3 v 3: tied before and after, side 1 keeps it without rolling.
    assert_eq!(a.engine().initiative, Some(Side::B));
    assert_eq!(a.dice_left(), 0);
}
