//! Rules that had no test of their own: GEN-6, SET-4, SET-7, RES-1, CMB-4, ATK-1, ABL-4, VIC-2,
//! MOVE-4, VIC-1. Each test pins the exact behaviour on a hand-built state with injected dice
//! (or on the default battle with one battleplan card changed), rule ID first in its name.

use bevy::prelude::*;
use warcry_sim::model::RuleId;

use warcry_sim::battlefield::footprint::Footprint;
use warcry_sim::model::components::*;
use warcry_sim::model::formats::{
    Colour, GroupName, Mode, TerrainKind, TerrainPiece, TwistCard, TwistEffect, VictoryCard,
    VictoryCondition,
};
use warcry_sim::model::ruleset::Ruleset;
use warcry_sim::rules::abilities::inspiring_targets;
use warcry_sim::rules::command::{Command, ReactionKind};
use warcry_sim::rules::engine::{self, Outcome, Pending, can_see, leader_by_condition};
use warcry_sim::rules::initiative::WildUse;
use warcry_sim::rules::log::{BattleLog, Event};
use warcry_sim::scenario::load::{BattleSpec, DEFAULT_BATTLE, Embedded, load_battle};
use warcry_sim::sim::battle_app;

use crate::engine::arena::{Arena, weapon};

// Side 0 (Ironclad Vanguard) has fighters 0..=7, side 1 (Ashen Covenant) 8..=17.
const LEADER: FighterId = FighterId(0); // Thane Brokka: role Leader, the leader runemark
const A: FighterId = FighterId(2);
const A2: FighterId = FighterId(3);
const B: FighterId = FighterId(10);
const B2: FighterId = FighterId(11);

fn mv(fighter: FighterId, to: [f32; 3]) -> Command {
    Command::Move {
        pick: None,
        fighter,
        to,
        pick_up: false,
        treasure: None,
        descend: None,
        via: vec![],
    }
}

fn attack(fighter: FighterId, target: FighterId, weapon: usize) -> Command {
    Command::Attack {
        fighter,
        target,
        weapon,
    }
}

fn carry(a: &mut Arena, index: usize, carrier: FighterId) {
    a.world().spawn(Treasure {
        index,
        position: (0.0, 0.0),
        y: 0.0,
        carrier: Some(carrier),
    });
}

fn set_victory(a: &mut Arena, rounds: u32, condition: VictoryCondition) {
    let mut info = a.world().resource_mut::<BattleInfo>();
    info.victory.rounds = rounds;
    info.victory.condition = condition;
}

/// The ids of `side`'s fighters in battle group `group`.
fn members(world: &mut World, side: Side, group: GroupName) -> Vec<FighterId> {
    let mut ids: Vec<FighterId> = world
        .query::<(&Fighter, &Side, &BattleGroup)>()
        .iter(world)
        .filter(|(_, s, g)| **s == side && g.0 == group)
        .map(|(f, _, _)| f.id)
        .collect();
    ids.sort();
    ids
}

/// The deployment point of `colour`'s `group` on the battle's deployment card.
fn point_of(world: &mut World, colour: Colour, group: GroupName) -> (f32, f32) {
    world
        .query::<&DeploymentMarker>()
        .iter(world)
        .find(|m| m.colour == colour && m.spec.group == group)
        .map(|m| m.spec.position)
        .expect("a deployment point")
}

fn colour_of(world: &World, side: Side) -> Colour {
    world.resource::<BattleInfo>().sides[side].colour.unwrap()
}

fn default_spec() -> BattleSpec {
    load_battle(&Embedded, DEFAULT_BATTLE).unwrap_or_else(|p| panic!("{p}"))
}

fn ended(a: &mut Arena) -> Option<Outcome> {
    a.engine().outcome
}

// ---------------------------------------------------------------------------------------------
// GEN-6: "other friendly fighters" excludes the fighter itself
// ---------------------------------------------------------------------------------------------

#[test]
fn gen6_inspiring_presence_targets_are_other_friendly_fighters_never_the_leader_itself() {
    let mut a = Arena::new();
    assert!(a.fighter(LEADER).profile.has_runemark("leader"));
    a.place(LEADER, 5.0, 5.0);
    a.place(A, 7.0, 5.0); // 1" apart
    a.place(A2, 5.0, 8.0); // 2" apart
    a.place(FighterId(4), 13.0, 5.0); // 7" apart: beyond the 6" of Inspiring Presence
    a.place(FighterId(1), 5.0, 3.0); // already activated this round
    a.set(FighterId(1), Activation::Activated);
    a.place(B, 8.0, 8.0); // an enemy within 6"
    a.activate(LEADER);
    let all = engine::fighters(a.world());
    let leader = a.fighter(LEADER);
    let targets = inspiring_targets(a.world(), &all, &leader);
    assert_eq!(targets, vec![A, A2], "other friendly fighters only");
}

#[test]
fn gen6_the_leader_cannot_inspire_itself() {
    let mut a = Arena::new();
    a.place(LEADER, 5.0, 5.0);
    a.place(A, 7.0, 5.0);
    a.place(B, 25.0, 15.0);
    a.activate(LEADER);
    a.give_dice(Side::A, &[(5, 3)]);
    let r = a.rejected(Command::Ability {
        fighter: LEADER,
        ability: "Inspiring Presence".into(),
        dice: 5,
        target: Some(LEADER),
        place: None,
        choice: 0,
    });
    assert_eq!(r.rule, "ABL-3", "{r}");
    assert!(r.reason.contains("another friendly fighter"), "{r}");
    // Another friendly fighter is a legal target.
    a.apply(Command::Ability {
        fighter: LEADER,
        ability: "Inspiring Presence".into(),
        dice: 5,
        target: Some(A),
        place: None,
        choice: 0,
    })
    .unwrap();
}

// ---------------------------------------------------------------------------------------------
// SET-4: Terrain, Deployment, Victory, Twist, resolved in that order
// ---------------------------------------------------------------------------------------------

#[test]
fn set4_the_terrain_stands_before_the_deployment_card_places_fighters() {
    // A 1.5" square block, 4" tall, right on blue Hammer's point (12, 19): if the fighters were
    // set up before the terrain, the first of them would stand on the point itself.
    let mut spec = default_spec();
    spec.seed = 7;
    let block = TerrainPiece::on_floor(
        "block",
        TerrainKind::Obstacle,
        (12.0, 19.0),
        (1.5, 1.5),
        4.0,
    );
    spec.terrain.pieces = vec![block.clone()];
    let mut app = battle_app(&spec);
    let world = app.world_mut();
    let side = world
        .resource::<BattleInfo>()
        .side_of_colour(Colour::Blue)
        .unwrap();
    let point = point_of(world, Colour::Blue, GroupName::Hammer);
    assert_eq!(point, (12.0, 19.0));
    let hammer = members(world, side, GroupName::Hammer);
    assert!(!hammer.is_empty());
    let all = engine::fighters(world);
    for id in hammer {
        let f = all.iter().find(|f| f.id == id).unwrap();
        assert_eq!(f.presence, Presence::Deployed, "{} is set up", f.name);
        let fp = Footprint::base(&f.profile.base, (f.pos.x, f.pos.z), f.facing);
        assert!(
            !fp.overlaps(&Footprint::piece(&block)),
            "{} stands in the block at {}",
            f.name,
            f.pos
        );
        assert!(fp.max_distance_from(point) <= 3.0 + 1e-3, "{}", f.pos);
    }
    // Setup (round 0: priority, colours, deployment) is over before round 1 begins.
    let log = &world.resource::<BattleLog>().entries;
    let first_round_1 = log.iter().position(|e| e.round == 1).unwrap();
    let last_set6 = log
        .iter()
        .rposition(|e| e.rules.contains(&RuleId::Set6))
        .unwrap();
    assert!(last_set6 < first_round_1);
    assert!(log[..first_round_1].iter().all(|e| e.round == 0));
}

#[test]
fn set4_the_twist_resolved_after_the_deployment_card_delays_its_reserves() {
    let mut a = Arena::new();
    a.world().resource_mut::<BattleInfo>().twist = TwistCard {
        name: "Late Reinforcements".into(),
        effect: TwistEffect::DelayedReserves { rounds: 1 },
    };
    let hammer = members(a.world(), Side::A, GroupName::Hammer);
    for &id in &hammer {
        a.set(id, Presence::Reserve { round: 2 });
    }
    // The deployment card says round 2; the twist makes it round 3.
    a.engine().round = 2;
    warcry_sim::rules::setup::arrive_reserves(a.world(), Side::A);
    for &id in &hammer {
        assert_eq!(a.fighter(id).presence, Presence::Reserve { round: 2 });
    }
    a.engine().round = 3;
    warcry_sim::rules::setup::arrive_reserves(a.world(), Side::A);
    for &id in &hammer {
        assert_eq!(a.fighter(id).presence, Presence::Deployed);
    }
}

// ---------------------------------------------------------------------------------------------
// SET-7: the victory card sets the rounds and places objectives and treasure
// ---------------------------------------------------------------------------------------------

#[test]
fn set7_objectives_and_treasure_go_where_the_victory_card_says() {
    let mut spec = default_spec();
    spec.victory = VictoryCard {
        name: "Two Cairns and Loot".into(),
        rounds: 3,
        condition: VictoryCondition::ObjectiveControl {
            points_per_objective: 1,
        },
        objectives: Some(vec![(6.0, 6.0), (24.0, 16.0)]),
        treasure: vec![(8.0, 11.0), (15.0, 8.0), (22.0, 11.0)],
    };
    let mut app = battle_app(&spec);
    let world = app.world_mut();
    let mut objectives: Vec<Objective> = world.query::<&Objective>().iter(world).copied().collect();
    objectives.sort_by_key(|o| o.index);
    let at: Vec<(usize, (f32, f32))> = objectives.iter().map(|o| (o.index, o.position)).collect();
    assert_eq!(
        at,
        vec![(0, (6.0, 6.0)), (1, (24.0, 16.0))],
        "the victory card's objectives replace the deployment card's five"
    );
    let mut treasure: Vec<Treasure> = world.query::<&Treasure>().iter(world).copied().collect();
    treasure.sort_by_key(|t| t.index);
    let on_the_ground = |index: usize, position: (f32, f32)| Treasure {
        index,
        position,
        y: 0.0,
        carrier: None,
    };
    assert_eq!(
        treasure,
        vec![
            on_the_ground(0, (8.0, 11.0)),
            on_the_ground(1, (15.0, 8.0)),
            on_the_ground(2, (22.0, 11.0)),
        ]
    );
    assert_eq!(world.resource::<BattleInfo>().victory.rounds, 3);
    assert_eq!(world.resource::<engine::Engine>().control, vec![None, None]);
}

#[test]
fn set7_without_objectives_of_its_own_the_deployment_cards_are_used_and_no_treasure() {
    let spec = default_spec();
    assert_eq!(spec.victory.objectives, None);
    let mut app = battle_app(&spec);
    let world = app.world_mut();
    let mut objectives: Vec<Objective> = world.query::<&Objective>().iter(world).copied().collect();
    objectives.sort_by_key(|o| o.index);
    let at: Vec<(f32, f32)> = objectives.iter().map(|o| o.position).collect();
    // Blood Moon's five objectives.
    assert_eq!(
        at,
        vec![
            (9.0, 6.0),
            (25.0, 3.0),
            (15.0, 11.0),
            (5.0, 19.0),
            (21.0, 16.0)
        ]
    );
    assert_eq!(world.query::<&Treasure>().iter(world).count(), 0);
    assert_eq!(world.resource::<BattleInfo>().victory.rounds, 4);
}

#[test]
fn set7_the_battle_ends_after_the_victory_cards_rounds_not_before() {
    let mut a = Arena::new();
    set_victory(
        &mut a,
        2,
        VictoryCondition::ObjectiveControl {
            points_per_objective: 1,
        },
    );
    a.objectives(&[(10.0, 10.0)]);
    a.place(A, 11.5, 10.0); // within 3" of the objective
    a.place(B, 25.0, 18.0);
    a.end_round(&[A, B], A);
    assert_eq!(a.engine().score, [1, 0]);
    assert_eq!(
        ended(&mut a),
        None,
        "side 0 leads, but the card says 2 rounds"
    );
    assert_eq!(a.engine().round, 2);
    let n = a.log_len();
    a.end_round(&[A, B], A);
    assert_eq!(a.engine().score, [2, 0]);
    assert_eq!(ended(&mut a), Some(Outcome::Winner(Side::A)));
    assert_eq!(a.pending(), Pending::Ended);
    let log = a.log_since(n);
    let end = log
        .iter()
        .find(|e| matches!(e.event, Event::End { .. }))
        .expect("the battle's end is logged");
    assert_eq!(end.rules, vec!["VIC-1"]);
    assert_eq!(end.round, 2);
}

// ---------------------------------------------------------------------------------------------
// RES-1: reserves arrive in their round's reserve phase, the initiative side first
// ---------------------------------------------------------------------------------------------

#[test]
fn res1_round_2_reserves_arrive_in_round_2_wholly_within_3_inches_initiative_side_first() {
    let mut a = Arena::new();
    let hammer0 = members(a.world(), Side::A, GroupName::Hammer);
    let hammer1 = members(a.world(), Side::B, GroupName::Hammer);
    let dagger0 = members(a.world(), Side::A, GroupName::Dagger);
    assert!(!hammer0.is_empty() && !hammer1.is_empty() && !dagger0.is_empty());
    assert!(!hammer0.contains(&A) && !dagger0.contains(&A));
    for &id in hammer0.iter().chain(&hammer1) {
        a.set(id, Presence::Reserve { round: 2 });
    }
    for &id in &dagger0 {
        a.set(id, Presence::Reserve { round: 3 });
    }
    a.place(A, 15.0, 11.0);
    // Round 2's initiative: side 0 rolls no singles, side 1 six: side 1 has the initiative.
    a.dice(&[1, 1, 2, 2, 3, 3, 1, 2, 3, 4, 5, 6]);
    let n = a.log_len();
    a.end_round(&[A], A);
    assert_eq!(a.engine().round, 2);
    assert_eq!(a.engine().initiative, Some(Side::B));
    // Not before the initiative phase is over.
    for &id in hammer0.iter().chain(&hammer1) {
        assert_eq!(a.fighter(id).presence, Presence::Reserve { round: 2 });
    }
    for side in [Side::B, Side::A] {
        a.apply(Command::WildDice {
            side,
            uses: vec![WildUse::Save],
        })
        .unwrap();
    }
    assert_eq!(a.dice_left(), 0);
    assert_eq!(a.engine().initiative, Some(Side::B));
    assert_eq!(a.pending(), Pending::FirstTurn { side: Side::B });
    for (side, ids) in [(Side::A, &hammer0), (Side::B, &hammer1)] {
        let colour = colour_of(a.world(), side);
        let point = point_of(a.world(), colour, GroupName::Hammer);
        for &id in ids {
            let f = a.fighter(id);
            assert_eq!(f.presence, Presence::Deployed, "{} arrived", f.name);
            assert_eq!(f.pos.y, 0.0);
            let fp = Footprint::base(&f.profile.base, (f.pos.x, f.pos.z), f.facing);
            let far = fp.max_distance_from(point);
            assert!(
                far <= 3.0 + 1e-3,
                "{} reaches {far}\" from {point:?}: not wholly within 3\"",
                f.name
            );
        }
    }
    for &id in &dagger0 {
        assert_eq!(
            a.fighter(id).presence,
            Presence::Reserve { round: 3 },
            "a RND3 group waits"
        );
    }
    let names: Vec<String> = a
        .world()
        .resource::<BattleInfo>()
        .sides
        .iter()
        .map(|s| s.name.clone())
        .collect();
    let arrivals: Vec<String> = a
        .log_since(n)
        .into_iter()
        .filter(|e| e.rules.contains(&RuleId::Res1))
        .map(|e| a.text_of(&e))
        .collect();
    assert_eq!(arrivals.len(), 2, "{arrivals:#?}");
    assert!(
        arrivals[0].starts_with(&format!("{} brings in reserve Hammer", names[1])),
        "the initiative side first: {arrivals:#?}"
    );
    assert!(
        arrivals[1].starts_with(&format!("{} brings in reserve Hammer", names[0])),
        "{arrivals:#?}"
    );
}

// ---------------------------------------------------------------------------------------------
// CMB-4: reactions happen during an enemy activation
// ---------------------------------------------------------------------------------------------

#[test]
fn cmb4_a_counter_is_offered_to_the_targets_side_never_the_attackers() {
    // Both ways round: side 0 attacks side 1, then side 1 attacks side 0.
    for (attacker, friend, target, target_friend) in [(A, A2, B, B2), (B, B2, A, A2)] {
        let mut a = Arena::new();
        a.profile(attacker, |p| p.weapons = vec![weapon(1.0, 2, 4, (1, 2))]);
        a.place(attacker, 10.0, 10.0);
        a.place(friend, 8.5, 10.0); // not yet activated, 0.5" from the attacker
        a.place(target, 11.5, 10.0);
        a.place(target_friend, 11.5, 12.5);
        a.activate(attacker);
        let side = a.fighter(attacker).side;
        a.apply(attack(attacker, target, 0)).unwrap();
        assert_eq!(a.pending(), Pending::Reaction { side: side.other() });
        let offer = a.engine().reaction.clone().unwrap();
        assert_eq!(offer.side, side.other());
        assert_eq!(offer.kind, Some(ReactionKind::Counter));
        assert_eq!(offer.fighters, vec![target]);
        // The attacker's own side has nothing to answer.
        let r = a.rejected(Command::React {
            fighter: friend,
            reaction: ReactionKind::Counter,
        });
        assert_eq!(r.rule, "REA-1", "{r}");
        let r = a.rejected(Command::DeclineReaction { side });
        assert_eq!(r.rule, "REA-1", "{r}");
        a.dice(&[2, 2]);
        a.apply(Command::DeclineReaction { side: side.other() })
            .unwrap();
        assert_eq!(a.pending(), Pending::Action { fighter: attacker });
        assert_eq!(a.fighter(friend).reactions, 0);
    }
}

#[test]
fn cmb4_strike_them_down_is_offered_to_enemies_of_the_disengaging_fighter_only() {
    let mut a = Arena::new();
    a.place(A, 10.0, 10.0);
    a.place(A2, 8.5, 10.0); // a friend within 1" of A
    a.place(B, 11.5, 10.0); // the enemy A disengages from
    a.activate(A);
    a.apply(Command::Disengage {
        fighter: A,
        to: [10.0, 0.0, 12.5],
    })
    .unwrap();
    assert_eq!(a.pending(), Pending::Reaction { side: Side::B });
    let offer = a.engine().reaction.clone().unwrap();
    assert_eq!(offer.kind, Some(ReactionKind::StrikeThemDown));
    assert_eq!(offer.fighters, vec![B]);
    let r = a.rejected(Command::React {
        fighter: A2,
        reaction: ReactionKind::StrikeThemDown,
    });
    assert_eq!(r.rule, "REA-1");
}

#[test]
fn cmb4_no_reaction_without_an_enemy_action_on_offer() {
    let mut a = Arena::new();
    a.place(A, 10.0, 10.0);
    a.place(B, 11.5, 10.0);
    // Between activations: nobody is activated.
    {
        let mut e = a.engine();
        e.pending = Pending::Turn { side: Side::B };
        e.turn = Side::B;
    }
    let r = a.rejected(Command::React {
        fighter: B,
        reaction: ReactionKind::Counter,
    });
    assert_eq!(r.rule, "CMB-1", "{r}");
    // During an enemy activation, but before any action that allows a reaction.
    a.activate(A);
    let r = a.rejected(Command::React {
        fighter: B,
        reaction: ReactionKind::Counter,
    });
    assert_eq!(r.rule, "CMB-2", "{r}");
    // A move is no action to react to (only REA-2..REA-4's triggers are).
    a.apply(mv(A, [10.2, 0.0, 10.0])).unwrap();
    assert_eq!(a.pending(), Pending::Action { fighter: A });
}

// ---------------------------------------------------------------------------------------------
// ATK-1: melee is max range <= 3"; the attack uses the weapon's characteristics
// ---------------------------------------------------------------------------------------------

#[test]
fn atk1_melee_is_a_max_range_of_3_or_less_missile_above_3() {
    assert!(weapon(1.0, 1, 1, (1, 1)).is_melee());
    assert!(weapon(3.0, 1, 1, (1, 1)).is_melee());
    assert!(!weapon(3.01, 1, 1, (1, 1)).is_melee());
    assert!(!weapon(12.0, 1, 1, (1, 1)).is_melee());
    // A minimum range does not change which it is.
    let mut w = weapon(3.0, 1, 1, (1, 1));
    w.min_range = 1.0;
    assert!(w.is_melee());
}

#[test]
fn atk1_a_3_inch_weapon_is_melee_in_play_and_a_3_5_inch_one_is_missile() {
    let mut a = Arena::new();
    a.profile(A, |p| {
        p.weapons = vec![weapon(3.0, 2, 4, (1, 2)), weapon(3.5, 2, 4, (1, 2))];
    });
    a.profile(B, |p| {
        p.toughness = 4;
        p.wounds = 30;
    });
    a.place(A, 10.0, 10.0);
    a.place(B, 13.5, 10.0); // 2.5" apart: within both ranges
    a.activate(A);
    // Onslaught: +1 Attacks for melee attacks.
    a.give_dice(Side::A, &[(5, 3)]);
    a.apply(Command::Ability {
        fighter: A,
        ability: "Onslaught".into(),
        dice: 5,
        target: None,
        place: None,
        choice: 0,
    })
    .unwrap();
    let n = a.log_len();
    a.apply(attack(A, B, 0)).unwrap();
    assert_eq!(
        a.pending(),
        Pending::Reaction { side: Side::B },
        "REA-2: a counter against the melee weapon"
    );
    a.dice(&[1, 1, 1]);
    a.apply(Command::DeclineReaction { side: Side::B }).unwrap();
    a.dice(&[1, 1]);
    a.apply(attack(A, B, 1)).unwrap();
    assert_eq!(a.dice_left(), 0);
    let rolls: Vec<usize> = a
        .attacks_since(n)
        .iter()
        .map(|e| match e {
            Event::Attack { rolls, .. } => rolls.len(),
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(
        rolls,
        vec![3, 2],
        "Onslaught adds to the 3\" weapon only; the 3.5\" one drew no counter"
    );
}

#[test]
fn atk1_the_attack_uses_the_chosen_weapons_attacks_strength_and_damage() {
    let mut a = Arena::new();
    a.rules(|r| r.reactions = false);
    let mut light = weapon(1.0, 2, 3, (1, 2));
    light.name = "Knife".into();
    let mut heavy = weapon(1.0, 4, 5, (3, 7));
    heavy.name = "Maul".into();
    a.profile(A, |p| p.weapons = vec![light, heavy]);
    a.profile(B, |p| {
        p.toughness = 4;
        p.wounds = 40;
    });
    a.place(A, 10.0, 10.0);
    a.place(B, 11.5, 10.0);
    a.activate(A);
    let n = a.log_len();
    // Maul: 4 attacks, S5 v T4 hits on 3+: two hits (3 damage each) and a critical (7).
    a.dice(&[3, 3, 6, 2]);
    a.apply(attack(A, B, 1)).unwrap();
    assert_eq!(a.damage(B), 2 * 3 + 7);
    // Knife: 2 attacks, S3 v T4 hits on 5+: the 4 misses, the 6 is a critical (2).
    a.dice(&[4, 6]);
    a.apply(attack(A, B, 0)).unwrap();
    assert_eq!(a.damage(B), 13 + 2);
    assert_eq!(a.dice_left(), 0);
    let got: Vec<(String, usize, u8, u32, u32)> = a
        .attacks_since(n)
        .into_iter()
        .map(|e| match e {
            Event::Attack {
                weapon,
                rolls,
                needed,
                hits,
                crits,
                ..
            } => (weapon, rolls.len(), needed, hits, crits),
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(
        got,
        vec![("Maul".into(), 4, 3, 2, 1), ("Knife".into(), 2, 5, 0, 1)]
    );
}

// ---------------------------------------------------------------------------------------------
// ABL-4: modifiers in order divide, multiply, add, subtract
// ---------------------------------------------------------------------------------------------

#[test]
fn abl4_modifiers_apply_add_then_subtract_with_a_minimum() {
    let mut a = Arena::new();
    let rules = a.world().resource::<Ruleset>().clone();
    assert_eq!(
        (
            rules.rush_move_bonus,
            rules.carrier_move_penalty,
            rules.carrier_min_move
        ),
        (1, 2, 3)
    );
    let mut f = a.fighter(A);
    let mut budget = |movement: u32, rush: u32, carrying: bool| {
        std::sync::Arc::make_mut(&mut f.profile).movement = movement;
        f.carrying = carrying.then_some(0);
        f.move_budget(&rules, rush)
    };
    assert_eq!(budget(4, 1, false), 5.0);
    assert_eq!(budget(4, 0, true), 3.0, "4 - 2 = 2, minimum 3");
    assert_eq!(budget(5, 1, true), 4.0, "5 + 1 - 2");
    // Add first: 3 + 1 = 4, then subtract: 4 - 2 = 2, minimum 3. (Subtracting first would
    // give max(3 - 2, 3) + 1 = 4.)
    assert_eq!(budget(3, 1, true), 3.0);
    assert_eq!(budget(6, 1, true), 5.0);
}

#[test]
fn abl4_a_rushing_carrier_with_move_3_moves_3_inches_not_4() {
    let mut a = Arena::new();
    a.profile(A, |p| p.movement = 3);
    a.place(A, 5.0, 5.0);
    a.place(B, 25.0, 15.0);
    carry(&mut a, 0, A);
    a.activate(A);
    a.give_dice(Side::A, &[(2, 2)]);
    a.apply(Command::Ability {
        fighter: A,
        ability: "Rush".into(),
        dice: 2,
        target: None,
        place: None,
        choice: 0,
    })
    .unwrap();
    let r = a.rejected(mv(A, [8.5, 0.0, 5.0]));
    assert_eq!(r.rule, "MOVE-1", "{r}");
    a.apply(mv(A, [8.0, 0.0, 5.0])).unwrap();
    assert_eq!(a.fighter(A).pos, Vec3::new(8.0, 0.0, 5.0));
}

// ---------------------------------------------------------------------------------------------
// VIC-2: a twist that stops fighters far apart from seeing each other
// ---------------------------------------------------------------------------------------------

/// A at (10, 10) with a 12" missile weapon; B `gap` inches away (1" bases); the twist:
/// fighters 4" or more apart can't see each other.
fn fog(gap: f32) -> Arena {
    let mut a = Arena::new();
    a.rules(|r| r.reactions = false);
    a.world().resource_mut::<BattleInfo>().twist = TwistCard {
        name: "Dense Fog".into(),
        effect: TwistEffect::Visibility { max_distance: 4.0 },
    };
    a.profile(A, |p| p.weapons = vec![weapon(12.0, 1, 4, (1, 2))]);
    a.place(A, 10.0, 10.0);
    a.place(B, 10.0 + 1.0 + gap, 10.0);
    a.activate(A);
    a
}

fn sees(a: &mut Arena, from: FighterId, to: FighterId) -> bool {
    let all = engine::fighters(a.world());
    let f = all.iter().find(|f| f.id == from).unwrap().clone();
    let t = all.iter().find(|f| f.id == to).unwrap().clone();
    can_see(a.world(), &all, &f, &t)
}

#[test]
fn vic2_just_under_4_inches_apart_fighters_see_each_other() {
    let mut a = fog(3.99);
    assert!(sees(&mut a, A, B));
    assert!(sees(&mut a, B, A));
    a.dice(&[1]);
    a.apply(attack(A, B, 0)).unwrap();
}

#[test]
fn vic2_just_over_4_inches_apart_fighters_cant_see_each_other() {
    let mut a = fog(4.01);
    assert!(!sees(&mut a, A, B));
    assert!(!sees(&mut a, B, A));
    let r = a.rejected(attack(A, B, 0));
    assert_eq!(r.rule, "GEN-3", "{r}");
    // Without the twist the same shot is fine.
    a.world().resource_mut::<BattleInfo>().twist.effect = TwistEffect::None;
    assert!(sees(&mut a, A, B));
}

#[test]
fn vic2_exactly_4_inches_apart_fighters_cant_see_each_other() {
    let mut a = fog(4.0);
    let all = engine::fighters(a.world());
    let (fa, fb) = (
        all.iter().find(|f| f.id == A).unwrap(),
        all.iter().find(|f| f.id == B).unwrap(),
    );
    let d = warcry_sim::battlefield::measure::distance(&fa.base(), &fb.base());
    assert!((d - 4.0).abs() < 1e-5, "{d}");
    assert!(!sees(&mut a, A, B), "4\" or more apart: not visible");
    let r = a.rejected(attack(A, B, 0));
    assert_eq!(r.rule, "GEN-3", "{r}");
}

// ---------------------------------------------------------------------------------------------
// MOVE-4: normal moves stay on the floor or platforms; low terrain is crossed freely
// ---------------------------------------------------------------------------------------------

fn strip(kind: TerrainKind) -> TerrainPiece {
    // 1" wide across the way, 6" long, 0.8" tall.
    TerrainPiece::on_floor("strip", kind, (7.0, 10.0), (1.0, 6.0), 0.8)
}

#[test]
fn move4_low_terrain_is_crossed_at_no_vertical_cost() {
    let mut a = Arena::new();
    a.add_terrain(strip(TerrainKind::LowTerrain));
    a.profile(A, |p| p.movement = 4);
    a.place(A, 5.0, 10.0);
    a.activate(A);
    let n = a.log_len();
    a.apply(mv(A, [9.0, 0.0, 10.0])).unwrap();
    assert_eq!(a.fighter(A).pos, Vec3::new(9.0, 0.0, 10.0));
    let (path, cost) = a
        .log_since(n)
        .into_iter()
        .find_map(|e| match e.event {
            Event::Move { path, cost, .. } => Some((path, cost)),
            _ => None,
        })
        .unwrap();
    assert!((cost - 4.0).abs() < 0.01, "straight across, 4\": {cost}");
    assert!(
        path.iter().all(|p| p[1] == 0.0),
        "the base centre stays on the floor: {path:?}"
    );
}

#[test]
fn move4_the_same_strip_as_an_obstacle_is_no_free_crossing() {
    let mut a = Arena::new();
    a.add_terrain(strip(TerrainKind::Obstacle));
    a.profile(A, |p| p.movement = 4);
    a.place(A, 5.0, 10.0);
    a.activate(A);
    let r = a.rejected(mv(A, [9.0, 0.0, 10.0]));
    assert_eq!(r.rule, "MOVE-1", "{r}");
}

#[test]
fn move4_a_move_cannot_end_with_the_base_centre_on_an_obstacle_top() {
    let mut a = Arena::new();
    a.add_terrain(TerrainPiece::on_floor(
        "rock",
        TerrainKind::Obstacle,
        (8.0, 10.0),
        (2.0, 2.0),
        1.5,
    ));
    a.profile(A, |p| p.movement = 8);
    a.place(A, 5.0, 10.0);
    a.activate(A);
    // Refused, or (MOVE-8) accepted with a fall: either way it doesn't stay on the top.
    let _ = a.apply(mv(A, [8.0, 1.5, 10.0]));
    let f = a.fighter(A);
    assert!(
        f.presence != Presence::Deployed || f.pos.y < 1e-3,
        "the base centre ends on the obstacle top: {}",
        f.pos
    );
    // A platform of the same size and height is a place to stand.
    let mut b = Arena::new();
    b.add_terrain(TerrainPiece::on_floor(
        "ledge",
        TerrainKind::Platform,
        (8.0, 10.0),
        (2.0, 2.0),
        1.5,
    ));
    b.profile(A, |p| p.movement = 8);
    b.place(A, 5.0, 10.0);
    b.activate(A);
    b.apply(mv(A, [8.0, 1.5, 10.0])).unwrap();
    assert_eq!(b.fighter(A).pos, Vec3::new(8.0, 1.5, 10.0));
}

// ---------------------------------------------------------------------------------------------
// VIC-1: objective points, attrition, treasure race
// ---------------------------------------------------------------------------------------------

#[test]
fn vic1_objective_control_scores_each_round_and_decides_the_battle() {
    let mut a = Arena::new();
    set_victory(
        &mut a,
        1,
        VictoryCondition::ObjectiveControl {
            points_per_objective: 2,
        },
    );
    a.objectives(&[(10.0, 10.0), (20.0, 10.0)]);
    a.place(A, 11.5, 10.0); // objective 0: 1 v 0
    a.place(A2, 21.5, 10.0); // objective 1: 1 v 1, nobody takes it
    a.place(B, 18.5, 10.0);
    // Side 1 is ahead on attrition: only the victory points count.
    a.engine().points_taken_down = [0, 300];
    let n = a.log_len();
    a.end_round(&[A, A2, B], A);
    assert_eq!(a.engine().control, vec![Some(Side::A), None]);
    assert_eq!(a.engine().score, [2, 0]);
    assert_eq!(ended(&mut a), Some(Outcome::Winner(Side::A)));
    let log = a.log_since(n);
    assert!(log.iter().any(|e| e.rules == vec!["VIC-1", "GEN-7"]
        && matches!(
            e.event,
            Event::Score {
                side: Side::A,
                points: 2,
                total: 2,
                ..
            }
        )));
}

#[test]
fn vic1_level_victory_points_decide_nothing() {
    let mut a = Arena::new();
    set_victory(
        &mut a,
        4,
        VictoryCondition::ObjectiveControl {
            points_per_objective: 1,
        },
    );
    a.engine().score = [3, 3];
    assert_eq!(leader_by_condition(a.world()), None);
    a.engine().score = [3, 4];
    assert_eq!(leader_by_condition(a.world()), Some(Side::B));
}

#[test]
fn vic1_attrition_the_side_that_took_down_more_points_wins() {
    let mut a = Arena::new();
    a.rules(|r| r.reactions = false);
    set_victory(&mut a, 1, VictoryCondition::Attrition);
    a.objectives(&[]);
    a.profile(A, |p| p.weapons = vec![weapon(1.0, 1, 4, (1, 2))]);
    a.profile(B, |p| p.wounds = 1);
    let points = a.fighter(B).profile.points;
    assert!(points > 0);
    a.place(A, 10.0, 10.0);
    a.place(B, 11.5, 10.0);
    a.place(B2, 25.0, 18.0);
    a.set(B2, Activation::Activated);
    // Side 1 is ahead on victory points: only the points taken down count.
    a.engine().score = [0, 9];
    a.activate(A);
    a.dice(&[4]);
    a.apply(attack(A, B, 0)).unwrap();
    assert_eq!(a.fighter(B).presence, Presence::TakenDown);
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    assert_eq!(a.engine().points_taken_down, [points, 0]);
    assert_eq!(ended(&mut a), Some(Outcome::Winner(Side::A)));
}

#[test]
fn vic1_treasure_race_most_carriers_on_the_battlefield_at_the_end_wins() {
    let mut a = Arena::new();
    set_victory(&mut a, 1, VictoryCondition::TreasureRace);
    a.objectives(&[]);
    a.place(A, 5.0, 5.0);
    a.place(B, 25.0, 15.0);
    a.place(B2, 25.0, 18.0);
    carry(&mut a, 0, A);
    carry(&mut a, 1, B);
    carry(&mut a, 2, B2);
    // A carrier off the battlefield doesn't count.
    carry(&mut a, 3, A2);
    carry(&mut a, 4, FighterId(4));
    // Side 0 is ahead on victory points and attrition: only the carriers count.
    {
        let mut e = a.engine();
        e.score = [9, 0];
        e.points_taken_down = [500, 0];
    }
    assert_eq!(
        leader_by_condition(a.world()),
        Some(Side::B),
        "2 v 1 carriers"
    );
    a.end_round(&[A, B, B2], A);
    assert_eq!(ended(&mut a), Some(Outcome::Winner(Side::B)));
}

#[test]
fn set5_the_priority_player_chooses_red_or_blue_and_deploys_on_that_colour() {
    let mut spec = default_spec();
    spec.mode = Mode::Standard;
    let mut app = battle_app(&spec);
    let world = app.world_mut();
    let priority = world.resource::<BattleInfo>().priority.unwrap();
    // Setup waits for the choice: nobody is deployed yet.
    assert_eq!(
        world.resource::<engine::Engine>().pending,
        Pending::Colour { side: priority }
    );
    assert!(
        engine::fighters(world)
            .iter()
            .all(|f| f.presence != Presence::Deployed)
    );
    // Only the priority player chooses.
    let other = priority.other();
    let err = engine::apply(
        world,
        &Command::ChooseColour {
            side: other,
            colour: Colour::Red,
        },
    )
    .unwrap_err();
    assert_eq!(err.rule, RuleId::Set5);
    // It takes blue: its groups go to the blue points, the other side's to the red ones.
    engine::apply(
        world,
        &Command::ChooseColour {
            side: priority,
            colour: Colour::Blue,
        },
    )
    .unwrap();
    let info = world.resource::<BattleInfo>();
    assert_eq!(info.side_of_colour(Colour::Blue), Some(priority));
    assert_eq!(info.side_of_colour(Colour::Red), Some(other));
    let (x, z) = point_of(world, Colour::Blue, GroupName::Dagger);
    let dagger = members(world, priority, GroupName::Dagger);
    let all = engine::fighters(world);
    for id in dagger {
        let f = all.iter().find(|f| f.id == id).unwrap();
        if f.presence == Presence::Deployed {
            let d = Vec2::new(f.pos.x - x, f.pos.z - z).length();
            assert!(d <= 3.0 + 1.0, "{} is {d}\" from its blue point", f.name);
        }
    }
    // Round 1 begins: initiative (INI-3).
    assert!(matches!(
        world.resource::<engine::Engine>().pending,
        Pending::WildDice { .. }
    ));
    let log = world.resource::<BattleLog>().to_text();
    assert!(log.contains("[SET-5]"), "{log}");
}
