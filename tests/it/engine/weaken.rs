//! ABL-5: abilities against an enemy with a runemark (a monster) that last: a roll whose
//! successes lower its Move until the end of the battle, a taunt binding its attacks for the
//! round, and an attack whose critical hits lower its Attacks. Our own abilities in the shapes
//! the universal ones take, with injected dice.

use super::arena::{Arena, ability, weapon};
use warcry_sim::model::RuleId;
use warcry_sim::model::effects::{Amount, Effect, OnSuccess, Restriction, Stat};
use warcry_sim::model::ids::FighterId;
use warcry_sim::model::ids::Side;
use warcry_sim::model::ruleset::Ruleset;
use warcry_sim::rules::abilities::DiceCost;
use warcry_sim::rules::command::Command;

const A: FighterId = FighterId(2);
const A2: FighterId = FighterId(3);
const B: FighterId = FighterId(10);
const B2: FighterId = FighterId(11);

/// A (a 1" weapon and an 8" one) with a double of `effects` at (10, 10), activated with a
/// double of `value`s; B a monster (Move 8, a weapon of 4 Attacks) 1.5" away. Reactions off.
fn against_a_monster(effects: Vec<Effect>, value: u8) -> Arena {
    let mut a = Arena::new();
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| {
        p.abilities = vec![ability("Test Snare", DiceCost::Double, effects)];
        p.weapons = vec![weapon(1.0, 2, 3, (1, 2)), weapon(8.0, 2, 3, (1, 2))];
        p.wounds = 30;
    });
    a.profile(B, |p| {
        p.runemarks = vec!["monster".into()];
        p.movement = 8;
        p.wounds = 40;
        p.weapons = vec![weapon(1.0, 4, 5, (2, 4))];
    });
    a.place(A, 10.0, 10.0);
    a.place(B, 11.5, 10.0);
    a.activate(A);
    a.give_dice(Side::A, &[(value, 2)]);
    a
}

fn use_it(a: &mut Arena, value: u8, target: Option<FighterId>) -> Result<(), String> {
    a.use_ability(A, "Test Snare", value, target)
}

#[test]
fn abl5_each_success_lowers_a_monsters_move_to_a_minimum_for_the_battle() {
    let mut a = against_a_monster(
        vec![Effect::RollAgainst {
            range: 1.0,
            visible: false,
            runemark: Some("monster".into()),
            dice: Amount::Value,
            least: 4,
            then: OnSuccess::Weaken {
                stat: Stat::Move,
                min: 6,
            },
        }],
        4,
    );
    // B2 is no monster: it can't be picked.
    a.place(B2, 10.0, 11.5);
    let refused = use_it(&mut a, 4, Some(B2)).unwrap_err();
    assert!(refused.ends_with("[ABL-5]"), "{refused}");
    // Four dice, three successes: 8 - 3 would be 5, but no lower than 6.
    a.dice(&[4, 6, 5, 1]);
    use_it(&mut a, 4, Some(B)).unwrap();
    let rules = a.world().resource::<Ruleset>().clone();
    assert_eq!(a.fighter(B).move_budget(&rules, 0), 6.0);
    // It lasts past the round.
    a.end_round(&[A, B, B2], A);
    assert_eq!(a.fighter(B).move_budget(&rules, 0), 6.0);
}

/// ABL-4 (divide, multiply, add, subtract): a lasting subtraction comes after the bonuses.
/// B's Move 4 is lowered by 2 (to a minimum of 3); with Rush's +1 it moves 4 + 1 - 2 = 3, not
/// the 4 of a profile lowered first (3) and raised after.
#[test]
fn abl4_abl5_a_lasting_subtraction_is_made_after_the_bonuses() {
    let mut a = against_a_monster(
        vec![Effect::RollAgainst {
            range: 1.0,
            visible: false,
            runemark: Some("monster".into()),
            dice: Amount::Fixed(2),
            least: 4,
            then: OnSuccess::Weaken {
                stat: Stat::Move,
                min: 3,
            },
        }],
        4,
    );
    a.profile(B, |p| p.movement = 4);
    a.dice(&[4, 6]);
    use_it(&mut a, 4, Some(B)).unwrap();
    let rules = a.world().resource::<Ruleset>().clone();
    assert_eq!(a.fighter(B).move_budget(&rules, 0), 3.0);
    assert_eq!(a.fighter(B).move_budget(&rules, rules.rush_move_bonus), 3.0);
}

/// Issue 30: "roll a dice; on a roll of 4+, until the end of the battle round, that fighter
/// cannot make move actions or disengage actions": a 4 bars the monster's moves for the
/// round, a 3 does nothing.
#[test]
fn abl5_a_success_bars_the_picked_enemys_moves_for_the_round() {
    let snare = || {
        vec![Effect::RollAgainst {
            range: 6.0,
            visible: true,
            runemark: None,
            dice: Amount::Fixed(1),
            least: 4,
            then: OnSuccess::Bar(vec![Restriction::Move, Restriction::Disengage]),
        }]
    };
    for (roll, barred) in [(4, true), (3, false)] {
        let mut a = against_a_monster(snare(), 3);
        a.dice(&[roll]);
        let n = a.log_len();
        use_it(&mut a, 3, Some(B)).unwrap();
        let e = a.engine();
        assert_eq!(e.is_barred(B, Restriction::Move), barred, "roll {roll}");
        assert_eq!(
            e.is_barred(B, Restriction::Disengage),
            barred,
            "roll {roll}"
        );
        let said: Vec<String> = a.log_since(n).iter().map(|e| a.text_of(e)).collect();
        let line = said.join(" / ");
        if barred {
            assert!(
                line.contains("may not move or disengage until the end of the round"),
                "{line}"
            );
        } else {
            assert!(line.contains("no success"), "{line}");
        }
    }
}

/// Issue 30: "until the end of the battle round, subtract 2 from the Attacks characteristic
/// (to a minimum of 1) of attack actions made by enemy fighters while they are within 3" of
/// this fighter": the monster 1.5" away makes 2 Attacks, not 4, while it stays within 3"; out
/// of the aura, or the next round, its 4.
#[test]
fn abl5_an_aura_lowers_the_attacks_of_enemies_within_it_for_the_round() {
    let aura = Effect::EnemyAura {
        stat: Stat::Attacks,
        by: Amount::Fixed(2),
        min: 1,
        range: 3.0,
        whose: Default::default(),
    };
    let mut a = against_a_monster(vec![aura], 3);
    assert_eq!(a.fighter(B).attacks_with(0), 4);
    use_it(&mut a, 3, None).unwrap();
    assert_eq!(a.fighter(B).attacks_with(0), 2, "within 3\"");
    assert_eq!(a.fighter(A).attacks_with(0), 2, "a friend is not lowered");
    a.place(B, 14.5, 10.0);
    assert_eq!(a.fighter(B).attacks_with(0), 4, "out of the aura");
    a.place(B, 11.5, 10.0);
    a.end_round(&[A, A2, B], B);
    assert_eq!(a.fighter(B).attacks_with(0), 4, "the next round");
}

#[test]
fn abl5_a_taunted_monster_attacks_only_the_taunter_this_round() {
    let mut a = against_a_monster(
        vec![Effect::RollAgainst {
            range: 6.0,
            visible: true,
            runemark: Some("monster".into()),
            dice: Amount::Fixed(2),
            least: 4,
            then: OnSuccess::Taunt,
        }],
        3,
    );
    a.place(A2, 12.0, 11.4);
    a.dice(&[2, 5]);
    use_it(&mut a, 3, Some(B)).unwrap();
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.activate(B);
    let other = a.rejected(Command::Attack {
        fighter: B,
        target: A2,
        weapon: 0,
    });
    assert_eq!(other.rule, RuleId::Abl5, "{}", other.reason);
    a.apply(Command::Attack {
        fighter: B,
        target: A,
        weapon: 0,
    })
    .unwrap();
    // Next round it may choose again.
    a.end_round(&[A, A2, B], B);
    assert_eq!(a.engine().taunter_of(B), None);
}

#[test]
fn abl5_a_critical_hit_on_a_monster_lowers_its_attacks_for_the_battle() {
    let weaken = vec![Effect::CritsWeaken {
        runemark: Some("monster".into()),
        stat: Stat::Attacks,
        by: 1,
        min: 1,
    }];
    // With no enemy monster on the battlefield it has nothing to wait for.
    let mut a = against_a_monster(weaken.clone(), 3);
    a.profile(B, |p| p.runemarks.clear());
    let refused = use_it(&mut a, 3, None).unwrap_err();
    assert!(refused.contains("no enemy monster"), "{refused}");
    let mut a = against_a_monster(weaken.clone(), 3);
    use_it(&mut a, 3, None).unwrap();
    a.dice(&[6, 2]);
    a.apply(Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    })
    .unwrap();
    assert_eq!(a.fighter(B).attacks_with(0), 3);
    // Without a critical hit the next attack on it spends the chance for nothing.
    let mut a = against_a_monster(weaken, 3);
    use_it(&mut a, 3, None).unwrap();
    a.dice(&[5, 2]);
    a.apply(Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    })
    .unwrap();
    a.dice(&[6, 6]);
    a.apply(Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    })
    .unwrap();
    assert_eq!(a.fighter(B).attacks_with(0), 4);
}

#[test]
fn abl5_an_enemy_is_set_up_near_the_fighter_then_takes_damage_by_roll() {
    use warcry_sim::model::effects::Roll;
    let mut a = against_a_monster(
        vec![
            Effect::SetUpNear {
                range: 6.0,
                visible: true,
                within: 1.0,
            },
            Effect::DamageOne {
                range: 6.0,
                amount: Amount::Fixed(0),
                roll: Some(Roll {
                    dice: Amount::Value,
                    bands: vec![(5, 6, Amount::Fixed(1))],
                    rolled: Vec::new(),
                    upto_round: None,
                }),
                only: None,
            },
        ],
        3,
    );
    // B2 5" away is dragged next to A: within 1" of it, and hurt by each 5+.
    a.place(B2, 15.0, 10.0);
    a.place(B, 10.0, 15.0);
    a.dice(&[5, 6, 2]);
    use_it(&mut a, 3, Some(B2)).unwrap();
    let (fa, fb) = (a.fighter(A), a.fighter(B2));
    let gap = warcry_sim::battlefield::measure::distance(&fa.base(), &fb.base());
    assert!(gap <= 1.0 + 1e-3, "{gap}");
    assert_eq!(a.damage(B2), 2);
}

/// ABL-5, "set them up within N" of this fighter": where is the player's pick; the default
/// stays the place nearest where the enemy stood.
#[test]
fn abl5_the_player_picks_where_an_enemy_is_set_up() {
    use warcry_sim::rules::effects::set_up_spots;
    let snare = || {
        let mut a = against_a_monster(
            vec![Effect::SetUpNear {
                range: 6.0,
                visible: true,
                within: 1.0,
            }],
            3,
        );
        a.place(B2, 15.0, 10.0);
        a.place(B, 10.0, 15.0);
        a
    };
    let mut a = snare();
    let (fa, fb) = (a.fighter(A), a.fighter(B2));
    let spots = set_up_spots(
        a.world(),
        &fa,
        &fb,
        warcry_sim::model::effects::Placing::Near { within: 1.0 },
    );
    // West of A, the far side from where B2 stood: not the default.
    let west = *spots
        .iter()
        .min_by(|p, q| p.x.total_cmp(&q.x))
        .expect("room round A");
    assert!(west.x < 9.5, "{west}");
    let with_place = |a: &mut Arena, at: [f32; 3]| {
        a.apply(Command::Ability {
            fighter: A,
            ability: "Test Snare".into(),
            dice: 3,
            target: Some(B2),
            place: Some(at),
            choice: 0,
        })
    };
    // A place more than 1" from A is refused, before anything is paid.
    let r = with_place(&mut a, [20.0, 0.0, 10.0]).unwrap_err();
    assert_eq!(r.rule, "ABL-5", "{r}");
    assert!(r.reason.contains("can't be set up there"), "{r}");
    assert_eq!(
        a.engine().dice[0].groups.len(),
        1,
        "the double is still held"
    );
    with_place(&mut a, west.to_array()).unwrap();
    assert_eq!(a.fighter(B2).pos, west);
    // Without a place: the one nearest where it stood (east of A).
    let mut a = snare();
    use_it(&mut a, 3, Some(B2)).unwrap();
    assert!(a.fighter(B2).pos.x > 10.5, "{}", a.fighter(B2).pos);
}
