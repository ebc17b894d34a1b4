//! The combat phase and the end of the battle, rendered from hand-built data.

use super::{names, text};
use crate::battlefield::nav::StepKind::{Climb, Fly, Jump, Walk};
use crate::battlefield::sight::Cover;
use crate::model::RuleId;
use crate::model::ids::{FighterId, Side};
use crate::rules::command::ReactionKind;
use crate::rules::log::*;
use crate::rules::state::Outcome;

#[test]
fn activate_renders_actions_cmb_1_and_after_waiting_wait_1() {
    let two = Event::Activate {
        fighter: FighterId(1),
        side: Side::A,
        actions: 2,
        after_wait: false,
    };
    assert_eq!(
        text(two),
        "Ironclad Vanguard activates Thane Brokka (2 actions)"
    );
    let one = Event::Activate {
        fighter: FighterId(0),
        side: Side::B,
        actions: 1,
        after_wait: true,
    };
    assert_eq!(
        text(one),
        "Ashen Covenant activates Zealot Ka (1 action, after waiting)"
    );
}

#[test]
fn move_event_renders_cost_end_and_step_kinds_move_1_move_5() {
    let walk = Event::Move {
        fighter: FighterId(3),
        path: vec![[3.0, 0.0, 14.0], [8.0, 0.0, 17.5]],
        steps: vec![Walk],
        cost: 6.1032777,
    };
    assert_eq!(
        text(walk),
        "Smoke Wing moves 6.1\", ending at (8.00, 0.00, 17.50)"
    );
    let climb = Event::Move {
        fighter: FighterId(1),
        path: vec![[0.0; 3], [1.0, 0.0, 0.0], [1.0, 3.0, 0.0], [2.0, 0.0, 0.0]],
        steps: vec![Walk, Climb, Jump],
        cost: 5.0,
    };
    assert_eq!(
        text(climb),
        "Thane Brokka moves 5.0\", ending at (2.00, 0.00, 0.00) (climb, jump)"
    );
}

#[test]
fn move_event_renders_flight_move_7() {
    let fly = Event::Move {
        fighter: FighterId(3),
        path: vec![[0.0; 3], [4.0, 0.0, 0.0]],
        steps: vec![Fly],
        cost: 4.0,
    };
    assert_eq!(
        text(fly),
        "Smoke Wing moves 4.0\", ending at (4.00, 0.00, 0.00) (fly)"
    );
}

#[test]
fn disengage_renders_cost_and_end_dis_1() {
    let e = Event::Disengage {
        fighter: FighterId(0),
        path: vec![[11.0, 0.0, 10.0], [12.0, 0.0, 10.0]],
        cost: 1.0,
    };
    assert_eq!(
        text(e),
        "Zealot Ka disengages 1.0\", ending at (12.00, 0.00, 10.00)"
    );
    let refused = Event::NoDisengage {
        fighter: FighterId(0),
        rule: RuleId::Dis1,
        reason: "Zealot Ka is not within 1\" of an enemy".into(),
    };
    assert_eq!(
        text(refused),
        "Zealot Ka can no longer disengage: Zealot Ka is not within 1\" of an enemy"
    );
}

#[test]
fn wait_renders_whether_it_activates_again_wait_1() {
    let first = Event::Wait {
        fighter: FighterId(2),
        activates_again: true,
    };
    assert_eq!(
        text(first),
        "Skafi waits: it may be activated once more this phase with 1 action"
    );
    let last = Event::Wait {
        fighter: FighterId(2),
        activates_again: false,
    };
    assert_eq!(text(last), "Skafi waits: its activation ends");
}

#[test]
fn end_activation_renders_the_fighter_cmb_2() {
    assert_eq!(
        text(Event::EndActivation {
            fighter: FighterId(3)
        }),
        "Smoke Wing ends its activation"
    );
}

fn attack(cover: Option<Cover>, take_cover: Option<TakeCover>) -> Event {
    Event::Attack {
        attacker: FighterId(3),
        target: FighterId(2),
        weapon: "Hooked Spear".into(),
        strength: 3,
        toughness: 5,
        cover,
        rolls: vec![6, 3, 2],
        needed: 5,
        hits: 0,
        crits: 1,
        take_cover,
        damage: 4,
        profile: (2, 4),
        wounds_before: 8,
    }
}

#[test]
fn attack_renders_rolls_hits_and_damage_atk_3() {
    assert_eq!(
        text(attack(None, None)),
        "Smoke Wing attacks Skafi with Hooked Spear (S3 v T5): rolls 6, 3, 2, 5+ to hit: 0 hits, 1 critical: 4 damage"
    );
}

#[test]
fn attack_renders_cover_atk_4_and_take_cover_rea_3() {
    let saves = TakeCover {
        saves: vec![2],
        turned: 0,
    };
    assert_eq!(
        text(attack(Some(Cover::Obstacle("wall".into())), Some(saves))),
        "Smoke Wing attacks Skafi with Hooked Spear (S3 v T5, cover behind the wall): rolls 6, 3, 2, 5+ to hit: 0 hits, 1 critical; take cover rolls 2: 0 criticals become hits: 4 damage"
    );
    assert!(
        text(attack(Some(Cover::HigherPlatform(3.0)), None))
            .contains("(S3 v T5, cover on a platform 3\" higher)")
    );
}

#[test]
fn counter_renders_damage_to_the_attacker_rea_2() {
    let e = Event::Counter {
        fighter: FighterId(2),
        attacker: FighterId(3),
        damage: 1,
    };
    assert_eq!(text(e), "Skafi's counter: 1 damage to Smoke Wing");
}

#[test]
fn damage_and_taken_down_render_wounds_atk_5() {
    let e = Event::Damage {
        fighter: FighterId(3),
        amount: 1,
        total: 1,
        wounds: 8,
    };
    assert_eq!(text(e), "Smoke Wing suffers 1 damage: 7/8 W left");
    assert_eq!(
        text(Event::TakenDown {
            fighter: FighterId(0)
        }),
        "Zealot Ka is taken down"
    );
}

#[test]
fn treasure_renders_picked_up_and_dropped_gen_8() {
    let pick = Event::Treasure {
        fighter: FighterId(1),
        treasure: 0,
        picked_up: true,
        at: [15.0, 0.0, 11.0],
    };
    assert_eq!(text(pick), "Thane Brokka picks up treasure 1");
    let drop = Event::Treasure {
        fighter: FighterId(1),
        treasure: 1,
        picked_up: false,
        at: [10.5, 0.0, 4.25],
    };
    assert_eq!(
        text(drop),
        "Thane Brokka drops treasure 2 at (10.50, 0.00, 4.25)"
    );
}

#[test]
fn treasure_placed_names_the_fallen_carriers_side_gen_8() {
    let placed = Event::TreasurePlaced {
        carrier: FighterId(1),
        treasure: 0,
        at: [7.3, 0.0, 5.5],
    };
    assert_eq!(
        text(placed),
        "Thane Brokka's side places treasure 1 at (7.30, 0.00, 5.50)"
    );
}

fn ability(name: &str, value: u8, size: u8, effect: AbilityOutcome) -> String {
    text(Event::Ability {
        fighter: FighterId(1),
        ability: name.into(),
        value,
        size,
        automated: !matches!(effect, AbilityOutcome::NotAutomated { .. }),
        effect,
    })
}

#[test]
fn ability_renders_its_dice_and_effect_abl_1_abl_3() {
    let rush = ability("Rush", 4, 2, AbilityOutcome::Rush { moves: 1 });
    assert_eq!(
        rush,
        "Thane Brokka uses Rush with a double of 4s (value 4): +1 Move"
    );
    let onslaught = ability("Onslaught", 2, 2, AbilityOutcome::Onslaught { attacks: 1 });
    assert!(onslaught.ends_with(": +1 Attacks for melee attacks"));
    let respite = ability("Respite", 5, 3, AbilityOutcome::Respite { healed: 3 });
    assert_eq!(
        respite,
        "Thane Brokka uses Respite with a triple of 5s (value 5): removes 3 damage"
    );
    let reckoning = ability("Reckoning", 3, 4, AbilityOutcome::Reckoning { max_move: 3 });
    assert_eq!(
        reckoning,
        "Thane Brokka uses Reckoning with a quad of 3s (value 3): bonus move up to 3\", then a bonus attack if within 1\""
    );
    let inspiring = AbilityOutcome::InspiringPresence {
        next: Some(FighterId(2)),
    };
    assert!(
        ability("Inspiring Presence", 1, 4, inspiring).ends_with(": Skafi is activated next"),
        "a fighter is named, not numbered"
    );
}

#[test]
fn ability_not_automated_renders_its_text_abl_5() {
    let text = AbilityOutcome::NotAutomated {
        text: "Heal a friend.".into(),
    };
    assert_eq!(
        ability("Forge Blessing", 1, 2, text),
        "Thane Brokka uses Forge Blessing with a double of 1s (value 1): not automated: resolve by hand (ABL-5): Heal a friend."
    );
}

#[test]
fn reaction_renders_its_cost_rea_1() {
    let e = Event::Reaction {
        fighter: FighterId(2),
        reaction: ReactionKind::Counter,
        activated: false,
    };
    assert_eq!(
        text(e),
        "Skafi reacts: Counter (costs one of its actions this round)"
    );
    let e = Event::Reaction {
        fighter: FighterId(2),
        reaction: ReactionKind::TakeCover,
        activated: true,
    };
    assert_eq!(
        text(e),
        "Skafi reacts: Take Cover (costs one of its actions this round; it counts as activated)"
    );
}

#[test]
fn strike_them_down_renders_hit_and_miss_rea_4() {
    let hit = Event::StrikeThemDown {
        striker: FighterId(2),
        target: FighterId(0),
        roll: 5,
        damage: Some(3),
    };
    assert_eq!(
        text(hit),
        "Skafi strikes Zealot Ka down as it disengages: 5 (4+), D6 damage 3"
    );
    let miss = Event::StrikeThemDown {
        striker: FighterId(2),
        target: FighterId(0),
        roll: 2,
        damage: None,
    };
    assert_eq!(
        text(miss),
        "Skafi strikes at Zealot Ka as it disengages: 2, no damage"
    );
}

fn impact(cause: ImpactCause) -> String {
    text(Event::ImpactRoll {
        fighter: FighterId(1),
        roll: 5,
        damage: 1,
        cause,
    })
}

#[test]
fn impact_roll_renders_its_cause_move_9_move_6_move_10() {
    assert_eq!(
        impact(ImpactCause::JumpDown { height: 3.0 }),
        "Impact roll for Thane Brokka (jumping down 3.0\"): 5 -> 1 damage"
    );
    assert_eq!(
        impact(ImpactCause::DeadlyTerrain),
        "Impact roll for Thane Brokka (moving onto deadly terrain): 5 -> 1 damage"
    );
    assert_eq!(
        impact(ImpactCause::DisengageDeadly),
        "Impact roll for Thane Brokka (disengaging across deadly terrain): 5 -> 1 damage"
    );
}

#[test]
fn knock_off_roll_and_walled_platform_atk_6() {
    let stays = Event::KnockOffRoll {
        fighter: FighterId(2),
        roll: 4,
        falls: false,
    };
    assert_eq!(
        text(stays),
        "Skafi is within 1/2\" of a platform edge: rolls 4, stays"
    );
    let falls = Event::KnockOffRoll {
        fighter: FighterId(2),
        roll: 1,
        falls: true,
    };
    assert!(text(falls).ends_with("rolls 1 and falls"));
    let walled = Event::WalledPlatform {
        fighter: FighterId(2),
        platform: "keep".into(),
    };
    assert_eq!(
        text(walled),
        "Skafi stands on the walled platform `keep`: it can't be knocked off"
    );
}

#[test]
fn still_climbing_and_falls_render_move_8_move_9() {
    assert_eq!(
        text(Event::StillClimbing {
            fighter: FighterId(0)
        }),
        "Zealot Ka is still climbing as its activation ends and falls"
    );
    let fall = Event::Fall {
        fighter: FighterId(0),
        drop: 3.04,
        landing: Some([11.5, 0.0, 10.0]),
        impacts: vec![(6, 3)],
    };
    assert_eq!(
        text(fall),
        "Zealot Ka falls 3.0\", landing at (11.50, 0.00, 10.00); impact roll 6 (3 damage)"
    );
    let soft = Event::Fall {
        fighter: FighterId(0),
        drop: 1.0,
        landing: Some([1.0, 0.0, 1.0]),
        impacts: vec![],
    };
    assert_eq!(
        text(soft),
        "Zealot Ka falls 1.0\", landing at (1.00, 0.00, 1.00)"
    );
    let nowhere = Event::Fall {
        fighter: FighterId(0),
        drop: 0.0,
        landing: None,
        impacts: vec![],
    };
    assert_eq!(text(nowhere), "Zealot Ka falls with nowhere to land");
}

#[test]
fn no_bonus_attack_renders_abl_3() {
    assert_eq!(
        text(Event::NoBonusAttack {
            fighter: FighterId(1)
        }),
        "Thane Brokka: no enemy within 1\", no bonus attack"
    );
}

#[test]
fn control_renders_the_count_within_3_inches_gen_7() {
    let e = Event::Control {
        objective: 2,
        side: Side::B,
        fighters: [0, 1],
    };
    assert_eq!(
        text(e),
        "Ashen Covenant takes control of objective 3 (1 v 0 fighters within 3\")"
    );
}

#[test]
fn score_renders_points_and_total_vic_1() {
    let e = Event::Score {
        side: Side::A,
        objectives: 2,
        points: 2,
        total: 5,
    };
    assert_eq!(
        text(e),
        "Ironclad Vanguard holds 2 objectives: +2 victory points (5 in all)"
    );
}

#[test]
fn extra_round_and_play_on_set_8() {
    assert_eq!(
        text(Event::ExtraRound),
        "Nobody met the victory condition: one more round"
    );
    assert_eq!(
        text(Event::PlayOn),
        "Still undecided: play on until only one warband has fighters left"
    );
}

#[test]
fn end_renders_the_winner_vic_1_and_draws_set_8() {
    let won = Event::End {
        outcome: Outcome::Winner(Side::B),
        reason: EndReason::VictoryCondition,
    };
    assert_eq!(text(won), "Ashen Covenant wins: the victory condition");
    let last = Event::End {
        outcome: Outcome::Winner(Side::A),
        reason: EndReason::LastWarband,
    };
    assert_eq!(text(last), "Ironclad Vanguard wins: the only warband left");
    let draw = Event::End {
        outcome: Outcome::Draw,
        reason: EndReason::NobodyMetCondition,
    };
    assert_eq!(
        text(draw),
        "The battle is a draw: nobody met the victory condition"
    );
    let limit = Event::End {
        outcome: Outcome::Draw,
        reason: EndReason::RoundLimit,
    };
    assert_eq!(
        text(limit),
        "The battle is a draw: the ruleset's round limit for playing on was reached"
    );
}

#[test]
fn decision_renders_its_own_words_solo_a() {
    let e = Event::Decision {
        side: Side::B,
        text: "target: the nearest enemy".into(),
    };
    assert_eq!(text(e), "target: the nearest enemy");
}

#[test]
fn the_log_renders_lines_and_json_entries_with_names() {
    let mut log = BattleLog::new(names());
    log.event(1, &[RuleId::Cmb1], Event::FirstTurn { side: Side::A });
    assert_eq!(
        log.to_text(),
        "R1 [CMB-1] Ironclad Vanguard takes the first turn\n"
    );
    let json = serde_json::to_value(log.rendered()).unwrap();
    assert_eq!(json[0]["event"]["kind"], "first_turn");
    assert_eq!(json[0]["text"], "Ironclad Vanguard takes the first turn");
}
