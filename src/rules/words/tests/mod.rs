//! Every kind of event rendered from hand-built data: setup and initiative here, the combat
//! phase and the end of the battle in [`battle`].

use crate::model::formats::{Colour, GroupName};
use crate::model::ids::{FighterId, Side};
use crate::rules::initiative::{DiceGroup, WildUse};
use crate::rules::log::*;
use crate::rules::solo_setup::{Flank, SoloStep};

mod battle;

/// Fighters 0..3 and two sides.
fn names() -> Names {
    Names {
        fighters: ["Zealot Ka", "Thane Brokka", "Skafi", "Smoke Wing"]
            .map(String::from)
            .to_vec(),
        sides: ["Ironclad Vanguard".into(), "Ashen Covenant".into()],
        ..Default::default()
    }
}

fn text(e: Event) -> String {
    e.render(&names())
}

fn group(value: u8, size: u8) -> DiceGroup {
    DiceGroup {
        value,
        size,
        wild: false,
    }
}

#[test]
fn unknown_fighters_and_sides_are_named_by_number() {
    let n = Names::default();
    assert_eq!(n.fighter(FighterId(7)), "fighter 7");
    assert_eq!(n.side(Side::B), "player B");
}

#[test]
fn priority_roll_renders_every_roll_and_the_winner_set_2_gen_4() {
    let e = Event::PriorityRoll {
        rolls: vec![(1, 1), (2, 5)],
        winner: Side::B,
    };
    assert_eq!(
        text(e),
        "Priority roll: Ironclad Vanguard v Ashen Covenant: 1 v 1, then 2 v 5; Ashen Covenant is the priority player"
    );
}

fn solo(step: SoloStep) -> String {
    text(Event::SoloGroups { step })
}

#[test]
fn solo_groups_render_seeds_rolls_and_names_solo_s2() {
    let seeds = SoloStep::Seeds {
        fighters: [FighterId(3), FighterId(0), FighterId(2)],
    };
    assert_eq!(
        solo(seeds),
        "seeds: Smoke Wing left, Zealot Ka middle, Skafi right"
    );
    let roll = SoloStep::Roll {
        fighter: FighterId(1),
        roll: 4,
        flank: Flank::Middle,
    };
    assert_eq!(solo(roll), "Thane Brokka rolls 4 -> middle group");
    let named = SoloStep::Named {
        flank: Flank::Right,
        fighters: 2,
        group: GroupName::Hammer,
    };
    assert_eq!(solo(named), "right group (2 fighters) is Hammer");
}

#[test]
fn solo_groups_render_ties_and_excess_solo_s2_gen_4() {
    let fewest = SoloStep::Tie {
        flanks: vec![Flank::Left, Flank::Right],
        largest: false,
        rounds: vec![vec![(0, 4), (1, 4)], vec![(0, 3), (1, 2)]],
    };
    assert_eq!(
        solo(fewest),
        "left and right tie for fewest fighters; roll-off left 4, right 4, then left 3, right 2"
    );
    let largest = SoloStep::Tie {
        flanks: vec![Flank::Left, Flank::Middle],
        largest: true,
        rounds: vec![vec![(0, 3), (1, 6)]],
    };
    assert_eq!(
        solo(largest),
        "groups left and middle tie for largest; roll-off left 3, middle 6"
    );
    let excess = SoloStep::Excess {
        from: Flank::Left,
        held: 6,
        of: 8,
        moved: vec![FighterId(2), FighterId(3)],
        to: Flank::Right,
    };
    assert_eq!(
        solo(excess),
        "left group has more than half (6 of 8): 2 fighters (Skafi, Smoke Wing) move to the right group"
    );
}

#[test]
fn colours_render_who_deploys_red_and_blue_set_5() {
    let e = Event::Colours {
        red: Side::B,
        blue: Side::A,
    };
    assert_eq!(
        text(e),
        "Ashen Covenant deploys red, Ironclad Vanguard deploys blue"
    );
}

#[test]
fn deploy_renders_every_fighter_where_it_stands_set_6_res_2() {
    let e = Event::Deploy {
        side: Side::A,
        group: GroupName::Dagger,
        colour: Colour::Blue,
        point: (27.0, 8.0),
        along_line: false,
        arriving: false,
        fighters: vec![
            Placed {
                fighter: FighterId(2),
                spot: Spot::Within([27.0, 0.0, 8.0]),
            },
            Placed {
                fighter: FighterId(1),
                spot: Spot::Closest([26.25, 0.0, 7.0]),
            },
            Placed {
                fighter: FighterId(0),
                spot: Spot::NoRoom,
            },
        ],
    };
    assert_eq!(
        text(e),
        "Ironclad Vanguard sets up Dagger at its blue point, at (27.00, 0.00, 8.00): \
         Skafi at (27.00, 0.00, 8.00); \
         Thane Brokka at (26.25, 0.00, 7.00) (no room within range: as close as possible); \
         Zealot Ka finds no room anywhere on the battlefield and stays off it"
    );
}

#[test]
fn deploy_of_a_reserve_along_its_line_res_1() {
    let e = Event::Deploy {
        side: Side::B,
        group: GroupName::Shield,
        colour: Colour::Red,
        point: (3.0, 14.5),
        along_line: true,
        arriving: true,
        fighters: vec![Placed {
            fighter: FighterId(3),
            spot: Spot::Within([3.0, 0.0, 14.5]),
        }],
    };
    assert_eq!(
        text(e),
        "Ashen Covenant brings in reserve Shield at its red point, at (3.00, 0.00, 14.50) along its deployment line: Smoke Wing at (3.00, 0.00, 14.50)"
    );
}

#[test]
fn reserve_renders_the_round_it_arrives_set_6_res_1() {
    let e = Event::Reserve {
        side: Side::A,
        group: GroupName::Shield,
        fighters: 3,
        round: 2,
    };
    assert_eq!(
        text(e),
        "Ironclad Vanguard Shield (3 fighters) is a reserve arriving in round 2"
    );
}

#[test]
fn initiative_roll_renders_dice_singles_and_groups_ini_1_ini_2() {
    let e = Event::InitiativeRoll {
        side: Side::A,
        dice: vec![3, 2, 5, 3, 4, 4],
        singles: 2,
        groups: vec![group(3, 2), group(4, 2)],
        wild: 1,
    };
    assert_eq!(
        text(e),
        "Ironclad Vanguard rolls 3, 2, 5, 3, 4, 4: 2 singles, ability dice double of 3s, double of 4s; 1 wild die to declare"
    );
    let none = Event::InitiativeRoll {
        side: Side::B,
        dice: vec![1, 2, 3, 4, 5, 6],
        singles: 6,
        groups: vec![],
        wild: 0,
    };
    assert!(text(none).contains("ability dice none;"));
}

#[test]
fn wild_dice_render_their_uses_ini_3() {
    let e = Event::WildDice {
        side: Side::B,
        uses: vec![WildUse::Upgrade { value: 3 }, WildUse::Save],
        singles: 2,
        groups: vec![group(2, 2), group(3, 3)],
        saved: 1,
    };
    assert_eq!(
        text(e),
        "Ashen Covenant uses wild dice (upgrade the 3s, saved): 2 singles, ability dice double of 2s, triple of 3s, 1 saved"
    );
}

#[test]
fn roll_off_renders_tied_singles_ini_1_and_after_wild_dice_ini_4() {
    let before = Event::RollOff {
        rolls: vec![(5, 2)],
        winner: Side::A,
        singles: [2, 2],
        after_wild: false,
    };
    assert_eq!(text(before), "Singles tied 2 v 2: roll-off 5 v 2");
    let after = Event::RollOff {
        rolls: vec![(3, 3), (1, 4)],
        winner: Side::B,
        singles: [3, 3],
        after_wild: true,
    };
    assert_eq!(
        text(after),
        "Singles now tied 3 v 3: roll-off 3 v 3, then 1 v 4; Ashen Covenant has the initiative"
    );
}

#[test]
fn initiative_renders_held_seized_ini_4_and_solo_solo_i4() {
    let held = Event::Initiative {
        side: Side::A,
        seized: false,
        solo: false,
        singles: [3, 1],
    };
    assert_eq!(text(held), "Ironclad Vanguard has the initiative");
    let seized = Event::Initiative {
        side: Side::B,
        seized: true,
        solo: false,
        singles: [1, 3],
    };
    assert_eq!(
        text(seized),
        "Ashen Covenant now has more singles (1 v 3) and seizes the initiative"
    );
    let solo = Event::Initiative {
        side: Side::A,
        seized: false,
        solo: true,
        singles: [2, 2],
    };
    assert_eq!(
        text(solo),
        "Ironclad Vanguard has the initiative (2 v 2 singles) and activates first"
    );
}

#[test]
fn first_turn_and_pass_render_the_side_cmb_1() {
    assert_eq!(
        text(Event::FirstTurn { side: Side::B }),
        "Ashen Covenant takes the first turn"
    );
    assert_eq!(
        text(Event::Pass { side: Side::A }),
        "Ironclad Vanguard has no fighter to activate and passes"
    );
}
