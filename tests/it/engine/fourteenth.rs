//! Issue 30, fourteenth session: more of the long tail's effects run by the engine, in our
//! own words, with injected dice.

use super::arena::Arena;
use super::faction::{said_since, with_ability};
use warcry_sim::model::effects::{Amount, Effect, Roll, Stat};
use warcry_sim::model::ids::FighterId;
use warcry_sim::model::ruleset::Ruleset;
use warcry_sim::rules::command::Command;

const A: FighterId = FighterId(2);
const B: FighterId = FighterId(10);

/// The picked enemy's `stat` halved for the round, or (`by` > 0) lowered by `by`, to 1.
fn lowered(stat: Stat, by: u32) -> Effect {
    Effect::LowerPicked(warcry_sim::model::effects::PickedLowering {
        range: 8.0,
        visible: true,
        stat,
        by: Amount::Fixed(by),
        min: if by > 0 { 1 } else { 0 },
        activation: false,
        melee_only: false,
        how: if by == 0 {
            warcry_sim::model::effects::Lowering::Halve
        } else {
            warcry_sim::model::effects::Lowering::By
        },
        spares_me: false,
    })
}

/// B's Toughness against A's first weapon, as the attack's exact odds see it.
fn toughness(a: &mut Arena) -> u32 {
    super::faction::a_on_b(a, 0).toughness
}

/// B's Move now.
fn move_of_b(a: &mut Arena) -> f32 {
    let rules = a.world().resource::<Ruleset>().clone();
    a.fighter(B).move_budget(&rules, 0)
}

/// ABL-4 (divide, multiply, add, subtract), ABL-5: "halve the Toughness characteristic of
/// that fighter (rounding up)" and "subtract 1 from ..." on B's Toughness 6: halved first,
/// 3, then 1 less, 2 (subtracting first would leave 3); the log says each.
#[test]
fn abl4_a_toughness_is_halved_before_it_is_lowered() {
    let gift = vec![lowered(Stat::Toughness, 0), lowered(Stat::Toughness, 1)];
    let mut a = with_ability(gift, 3);
    a.profile(B, |p| p.toughness = 6);
    a.place(B, 10.0, 11.5);
    assert_eq!(toughness(&mut a), 6);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    assert_eq!(toughness(&mut a), 2);
    let said = said_since(&mut a, n).join("\n");
    assert!(
        said.contains("Toughness is 3, lowered until the end of the round")
            && said.contains("Toughness is 2, lowered until the end of the round"),
        "{said}"
    );
}

/// ABL-5: "roll 2 dice. For each roll of 5+, allocate 1 damage point to that fighter. In
/// addition, if either dice rolls a 6, ... halve the Move characteristic of that fighter
/// (rounding up)": rolls of 6 and 2 deal 1 and halve B's Move 5 to 3; rolls of 5 and 4 deal 1
/// and leave it 5.
#[test]
fn abl5_a_6_on_either_dice_halves_the_enemys_move() {
    let gift = || {
        vec![
            Effect::DamageOne {
                range: 8.0,
                amount: Amount::Fixed(0),
                roll: Some(Roll {
                    dice: Amount::Fixed(2),
                    bands: vec![(5, 6, Amount::Fixed(1))],
                    ..Roll::default()
                }),
                only: None,
            },
            Effect::OnRolled {
                least: 6,
                per_roll: false,
                then: vec![lowered(Stat::Move, 0)],
            },
        ]
    };
    for (rolls, after) in [([6, 2], 3.0), ([5, 4], 5.0)] {
        let mut a = with_ability(gift(), 3);
        a.profile(B, |p| {
            p.movement = 5;
            p.wounds = 20;
        });
        a.place(B, 10.0, 14.0);
        a.dice(&rolls);
        let n = a.log_len();
        a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
        assert_eq!(a.damage(B), 1, "{rolls:?}");
        assert_eq!(move_of_b(&mut a), after, "{rolls:?}");
        let said = said_since(&mut a, n).join("\n");
        assert_eq!(said.contains("Move is 3"), after == 3.0, "{said}");
    }
}

/// ABL-5: "set this fighter up ... more than 5" from all enemy fighters. You can subtract the
/// value of this ability from that 5"": used with 3s, a place 3" from B (more than 2") is
/// taken; used with 1s, the same place (not more than 4") is refused with why.
#[test]
fn abl5_set_up_away_from_enemies_by_less_the_value() {
    let relocate = Effect::Relocate {
        away: Some(5.0),
        floor_only: false,
        less_value: true,
    };
    let at = |value: u8| Command::Ability {
        fighter: A,
        ability: "Test Gift".into(),
        dice: value,
        target: None,
        place: Some([20.0, 0.0, 14.0]),
        choice: 0,
    };
    let gap = |a: &mut Arena| {
        let b = a.fighter(B).base();
        warcry_sim::battlefield::measure::distance(&a.fighter(A).base(), &b)
    };
    let mut a = with_ability(vec![relocate.clone()], 3);
    a.place(B, 20.0, 10.0);
    a.apply(at(3)).unwrap();
    let now = a.fighter(A).pos;
    assert!(
        (now.x - 20.0).abs() < 0.3 && (now.z - 14.0).abs() < 0.3,
        "{now:?}"
    );
    let g = gap(&mut a);
    assert!(g > 2.0 && g <= 4.0, "{g}");

    let mut a = with_ability(vec![relocate], 1);
    a.place(B, 20.0, 10.0);
    let why = a.rejected(at(1)).to_string();
    assert!(why.contains("more than 4\" from every enemy"), "{why}");
}

/// ABL-5: "this fighter can only use this ability if they are not empty-handed" + a roll of
/// damage + "after using this ability, this fighter is said to be empty-handed": thrown once,
/// the fighter is empty-handed (logged), and the throw is refused with why until "if this
/// fighter is empty-handed, they are no longer empty-handed" (within 1" of an obstacle), which
/// is refused while it holds something.
#[test]
fn abl5_an_empty_handed_fighter_throws_again_only_once_it_picks_something_up() {
    use warcry_sim::model::effects::{Condition, Roll};
    use warcry_sim::model::formats::{TerrainKind, TerrainPiece};
    use warcry_sim::rules::state::Lasting;
    let throw = vec![
        Effect::Requires(Condition::EmptyHanded(false)),
        Effect::DamageOne {
            range: 15.0,
            amount: Amount::Fixed(0),
            roll: Some(Roll {
                dice: Amount::Value,
                bands: vec![(4, 6, Amount::Fixed(5))],
                ..Roll::default()
            }),
            only: None,
        },
        Effect::EmptyHanded(true),
    ];
    let mut a = with_ability(throw.clone(), 2);
    a.profile(B, |p| p.wounds = 30);
    a.place(B, 10.0, 20.0);
    a.dice(&[5, 1]);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 2, Some(B)).unwrap();
    assert_eq!(a.damage(B), 5);
    assert!(a.engine().has(A, Lasting::EmptyHanded));
    let said = said_since(&mut a, n).join("\n");
    assert!(said.contains("is empty-handed now"), "{said}");

    let mut a = with_ability(throw, 2);
    a.place(B, 10.0, 20.0);
    a.engine().set_empty_handed(A, true);
    let why = a.use_ability(A, "Test Gift", 2, Some(B)).unwrap_err();
    assert!(why.contains("is empty-handed"), "{why}");

    let pick_up = vec![
        Effect::Requires(Condition::NearObstacle(1.0)),
        Effect::Requires(Condition::EmptyHanded(true)),
        Effect::EmptyHanded(false),
    ];
    let wall = TerrainPiece::on_floor("wall", TerrainKind::Obstacle, (11.5, 10.0), (1.0, 6.0), 3.0);
    let mut a = with_ability(pick_up, 2);
    a.add_terrain(wall);
    let why = a.use_ability(A, "Test Gift", 2, None).unwrap_err();
    assert!(why.contains("is not empty-handed"), "{why}");
    a.engine().set_empty_handed(A, true);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 2, None).unwrap();
    assert!(!a.engine().has(A, Lasting::EmptyHanded));
    let said = said_since(&mut a, n).join("\n");
    assert!(said.contains("is no longer empty-handed"), "{said}");
}

/// ABL-5, CMB-2: "pick a visible friendly fighter ... that has not activated this battle
/// round. This fighter and that fighter can each make a bonus move action up to the value of
/// this ability. You can activate that fighter immediately after this fighter's activation
/// ends": one pick for both (a friend that has activated is refused); with 3s, A's bonus move
/// of up to 3" waits, then A2's of up to 3" (not its Move of 5"); A2 goes next.
#[test]
fn abl5_cmb2_this_fighter_and_the_friend_move_up_to_the_value_then_it_goes_next() {
    use warcry_sim::model::components::Activation;
    use warcry_sim::model::effects::{FriendPick, Marks};
    use warcry_sim::rules::engine::{Bonus, Pending};
    const A2: FighterId = FighterId(3);
    const A3: FighterId = FighterId(4);
    let pick = FriendPick::new(6.0, true, Marks::default());
    let larder = vec![
        Effect::ActivateNext {
            pick: pick.clone(),
            impact: false,
        },
        Effect::BonusMove {
            max: Some(Amount::Value),
        },
        Effect::FriendBonusMove {
            pick,
            or_attack: false,
            max: Some(Amount::Value),
        },
    ];
    let mut a = with_ability(larder, 3);
    a.profile(A2, |p| p.movement = 5);
    a.place(A2, 13.0, 10.0);
    a.place(A3, 10.0, 13.0);
    a.place(B, 30.0, 30.0);
    a.set(A3, Activation::Activated);
    let refused = a.use_ability(A, "Test Gift", 3, Some(A3)).unwrap_err();
    assert!(refused.contains("that has yet to activate"), "{refused}");
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    let waiting = a.engine().activation.clone().map(|s| s.bonus).unwrap();
    assert_eq!(
        waiting,
        [
            Bonus::Move {
                max: 3.0,
                fly: false,
            },
            Bonus::FriendMove {
                fighter: A2,
                max: 3.0,
                closer: false,
            }
        ]
    );
    a.walk(A, [12.0, 0.0, 12.0]).unwrap();
    a.walk(A2, [15.0, 0.0, 10.0]).unwrap();
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    assert_eq!(a.pending(), Pending::Action { fighter: A2 });
}

/// The roll an attack needed to hit.
fn needed(e: &warcry_sim::rules::log::Event) -> u8 {
    match e {
        warcry_sim::rules::log::Event::Attack { needed, .. } => *needed,
        e => panic!("not an attack: {e:?}"),
    }
}

/// ATK-3, ABL-5: "this fighter makes a bonus melee attack action. Subtract 5 from the Toughness
/// characteristic of the target of that attack action, to a minimum of 1, for that attack
/// action": Strength 3 against B's Toughness 4 (less 5, to 1) hits on 3+ in the bonus attack,
/// its odds say Toughness 1; the attack after it needs 5+ again. Let go, the bonus attack takes
/// the lowering with it.
#[test]
fn atk3_abl5_the_bonus_attacks_target_has_less_toughness_for_that_attack() {
    use super::arena::weapon;
    let blessing = vec![
        Effect::BonusAttackOf { melee: true },
        Effect::TargetToughnessLess { by: 5, min: 1 },
    ];
    let arena = || {
        let mut a = with_ability(blessing.clone(), 3);
        a.rules(|r| r.reactions = false);
        a.profile(A, |p| p.weapons = vec![weapon(1.0, 2, 3, (1, 2))]);
        a.profile(B, |p| {
            p.toughness = 4;
            p.wounds = 40;
        });
        a.place(B, 11.5, 10.0);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        a
    };
    let mut a = arena();
    assert_eq!(toughness(&mut a), 1);
    a.dice(&[3, 3]);
    assert_eq!(needed(&a.attack_logged(A, B, 0)), 3);
    assert_eq!(toughness(&mut a), 4);
    a.dice(&[3, 3]);
    assert_eq!(needed(&a.attack_logged(A, B, 0)), 5);

    let mut a = arena();
    a.apply(Command::PassBonus { fighter: A }).unwrap();
    assert_eq!(toughness(&mut a), 4, "gone with the bonus attack");
}

/// ABL-4, ABL-5: "roll a die. Until the end of the battle round, subtract the value of the
/// roll from the Toughness characteristic of that fighter (to a minimum of 1)": a roll of 4
/// leaves B's Toughness 5 at 1, and the log gives the roll.
#[test]
fn abl4_a_picked_enemys_toughness_lowered_by_a_roll() {
    use warcry_sim::model::effects::Lowering;
    let enfeeble = Effect::LowerPicked(warcry_sim::model::effects::PickedLowering {
        range: 12.0,
        visible: false,
        stat: Stat::Toughness,
        by: Amount::Fixed(0),
        min: 1,
        activation: false,
        melee_only: false,
        how: Lowering::Roll,
        spares_me: false,
    });
    let mut a = with_ability(vec![enfeeble], 3);
    a.profile(B, |p| p.toughness = 5);
    a.place(B, 10.0, 11.5);
    a.dice(&[4]);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    assert_eq!(toughness(&mut a), 1);
    let said = said_since(&mut a, n).join("\n");
    assert!(
        said.contains("(rolls 4)") && said.contains("Toughness is 1, lowered"),
        "{said}"
    );
}

/// ATK-2, ABL-5: "this fighter makes a bonus missile attack action. The Range characteristic
/// for that attack action is double the value of this ability": with 6s the bonus attack of an
/// 8" weapon reaches B 10" away (Range 12"); the attack after it does not. With 3s (Range 6")
/// it can't reach B 7" away, so no bonus attack is offered (logged), and A's next attack has
/// its weapon's 8" again.
#[test]
fn atk2_abl5_the_bonus_attacks_range_is_twice_the_value() {
    use super::arena::weapon;
    let barrels = vec![
        Effect::BonusAttackOf { melee: false },
        Effect::RangeIs {
            inches: Amount::DoubleValue,
        },
    ];
    let shot = Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    };
    let arena = |value| {
        let mut a = with_ability(barrels.clone(), value);
        a.rules(|r| r.reactions = false);
        a.profile(A, |p| p.weapons = vec![weapon(8.0, 2, 3, (1, 2))]);
        a.profile(B, |p| p.wounds = 40);
        // Bases 25 mm: 11" between the centres is 10" between the bases.
        a.place(B, 10.0, if value == 6 { 21.0 } else { 18.0 });
        a.use_ability(A, "Test Gift", value, None).unwrap();
        a
    };
    let mut a = arena(6);
    a.dice(&[1, 1]);
    a.attack_logged(A, B, 0);
    let why = a.rejected(shot.clone()).to_string();
    assert!(why.contains("10\" away, beyond the 8\" range"), "{why}");

    let mut a = arena(3);
    let said = said_since(&mut a, 0).join("\n");
    assert!(
        said.contains("no attack it can make, no bonus attack"),
        "{said}"
    );
    let w = a.world();
    let all = warcry_sim::rules::engine::fighters(w);
    let f = all.iter().find(|o| o.id == A).unwrap();
    assert!(
        warcry_sim::rules::actions::attack_allowed(w, &all, f, B, 0),
        "the weapon's 8\" again, the 6\" gone with the bonus"
    );
}

/// ABL-5, dice games against the picked enemy, each with injected dice: rising rolls 3, 5, 4
/// deal 2 x 2 (the 4 does not beat the 5); a first roll of 1 deals nothing. With 4s, four dice
/// 2, 3, 3, 5 make a run of 2 (2, 3; the second 3 set aside): 2 x 3; 1, 3, 5, 1 make none. With
/// 3s, six dice 3, 3, 1, 6, 2, 5 deal 3 + 3 + 1 + 1 + 1 + 1. The log gives the rolls.
#[test]
fn abl5_dice_games_deal_what_their_dice_say() {
    use warcry_sim::model::effects::Game;
    let play = |game: Game, value: u8, dice: &[u8]| {
        let e = Effect::DiceGame {
            range: 3.0,
            visible: true,
            game,
        };
        let mut a = with_ability(vec![e], value);
        a.profile(B, |p| p.wounds = 40);
        a.place(B, 10.0, 11.5);
        a.dice(dice);
        let n = a.log_len();
        a.use_ability(A, "Test Gift", value, Some(B)).unwrap();
        (a.damage(B), said_since(&mut a, n).join("\n"))
    };
    let rising = Game::Rising { least: 2, each: 2 };
    let (damage, said) = play(rising, 3, &[3, 5, 4]);
    assert_eq!(damage, 4);
    assert!(said.contains("3, 5, 4"), "{said}");
    assert_eq!(play(rising, 3, &[1]).0, 0);
    let run = Game::Run {
        dice: Amount::ValueAtLeast(2),
        each: 3,
    };
    assert_eq!(play(run, 4, &[2, 3, 3, 5]).0, 6);
    assert_eq!(play(run, 4, &[1, 3, 5, 1]).0, 0);
    assert_eq!(play(Game::Match { dice: 6 }, 3, &[3, 3, 1, 6, 2, 5]).0, 10);
}

/// ABL-5: "roll a D6 for each damage point allocated to that target. For each roll of 3+,
/// allocate 1 damage point to the target. Add 1 to each roll if this fighter has the Hero
/// runemark": B with 3 damage takes 3 dice, 2, 3, 1: 1 more damage; a Hero's rolls count 3,
/// 4, 2: 2 more.
#[test]
fn abl5_a_dice_for_each_damage_point_and_one_more_for_a_hero() {
    use warcry_sim::model::components::Damage;
    use warcry_sim::model::effects::Game;
    let game = Effect::DiceGame {
        range: 1.0,
        visible: true,
        game: Game::PerDamage {
            least: 3,
            each: 1,
            hero_plus: true,
        },
    };
    for (hero, more) in [(false, 1), (true, 2)] {
        let mut a = with_ability(vec![game.clone()], 3);
        if hero {
            a.profile(A, |p| p.runemarks.push("hero".into()));
        }
        a.profile(B, |p| p.wounds = 40);
        a.place(B, 10.0, 11.5);
        a.set(B, Damage(3));
        a.dice(&[2, 3, 1]);
        a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
        assert_eq!(a.damage(B), 3 + more, "hero: {hero}");
    }
}

/// ABL-5: "pick a visible enemy fighter within 6" ... roll a number of dice equal to the value.
/// For each 4+, allocate 3 damage points to that fighter. Then, do the same for each other
/// visible enemy fighter within 2" of that enemy fighter but instead roll a number of dice
/// equal to half the value (rounding up)": with 4s, B's rolls 4, 1, 5, 2 deal 6; B2 beside it
/// rolls 6, 3: 3; B3 farther off is not rolled for.
#[test]
fn abl5_the_same_roll_with_fewer_dice_for_each_enemy_round_the_picked_one() {
    use warcry_sim::model::effects::Roll;
    const B3: FighterId = FighterId(12);
    let flames = vec![
        Effect::DamageOne {
            range: 6.0,
            amount: Amount::Fixed(0),
            roll: Some(Roll {
                dice: Amount::Value,
                bands: vec![(4, 6, Amount::Fixed(3))],
                ..Roll::default()
            }),
            only: None,
        },
        Effect::DamageNearTarget {
            around: 2.0,
            dice: Some(Amount::HalfValueUp),
        },
    ];
    let mut a = with_ability(flames, 4);
    for id in [B, FighterId(11), B3] {
        a.profile(id, |p| p.wounds = 40);
    }
    a.place(B, 10.0, 14.0);
    a.place(FighterId(11), 12.0, 14.0);
    a.place(B3, 20.0, 14.0);
    a.dice(&[4, 1, 5, 2, 6, 3]);
    a.use_ability(A, "Test Gift", 4, Some(B)).unwrap();
    assert_eq!(a.damage(B), 6);
    assert_eq!(a.damage(FighterId(11)), 3);
    assert_eq!(a.damage(B3), 0);
}

/// ABL-5: "until the end of the battle round, each time this fighter is allocated a damage
/// point by a melee attack action made by an enemy fighter, roll a dice. On a 3+ allocate 1
/// damage point to that enemy fighter": B's melee attack deals A 2 (two hits of 1); A rolls a
/// dice for each, 4 and 1: B takes 1, said in the log. A miss rolls nothing.
#[test]
fn abl5_a_dice_for_each_damage_point_a_melee_attack_allocates() {
    use super::arena::weapon;
    use warcry_sim::model::effects::Guard;
    let guard = Effect::RoundGuard {
        guard: Guard::Retaliate {
            dice: 0,
            least: 3,
            damage: 1,
        },
        aura: None,
    };
    let mut a = with_ability(vec![guard], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| {
        p.wounds = 30;
        p.toughness = 3;
    });
    a.profile(B, |p| {
        p.wounds = 30;
        p.weapons = vec![weapon(1.0, 2, 3, (1, 2))];
    });
    a.place(B, 11.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.activate(B);
    a.dice(&[4, 5, 4, 1]);
    let n = a.log_len();
    a.attack_logged(B, A, 0);
    assert_eq!((a.damage(A), a.damage(B)), (2, 1));
    let said = said_since(&mut a, n).join("\n");
    assert!(said.contains("4, 1"), "{said}");
    a.dice(&[1, 1]);
    a.attack_logged(B, A, 0);
    assert_eq!((a.damage(A), a.damage(B)), (2, 1), "a miss: no dice");
}

/// ABL-5: "this fighter makes a bonus attack action. In addition, if either this fighter or
/// the target of the attack has any damage points allocated to them, add 1 to the Attacks
/// characteristic of that bonus attack action. If both ..., add 3 ... instead": A's bonus
/// attack of 2 dice rolls 2 with neither hurt, 3 with one of them hurt, 5 with both.
#[test]
fn abl5_the_bonus_attack_rolls_more_when_either_or_both_are_hurt() {
    use super::arena::weapon;
    use warcry_sim::model::components::Damage;
    use warcry_sim::model::effects::{Condition, Stat, TargetIs};
    let more = |by| Effect::NextBoost {
        stat: Stat::Attacks,
        by: Amount::Fixed(by),
        only: None,
    };
    let if_hurt = |by| Effect::NextIfTarget {
        target: TargetIs::Damaged(1),
        then: vec![more(by)],
    };
    let cavalcade = vec![
        Effect::BonusAttack,
        Effect::When {
            when: Condition::Damaged(1),
            then: vec![more(1), if_hurt(2)],
            otherwise: vec![if_hurt(1)],
        },
    ];
    for (a_hurt, b_hurt, dice) in [
        (false, false, 2),
        (false, true, 3),
        (true, false, 3),
        (true, true, 5),
    ] {
        let mut a = with_ability(cavalcade.clone(), 3);
        a.rules(|r| r.reactions = false);
        a.profile(A, |p| p.weapons = vec![weapon(1.0, 2, 3, (1, 2))]);
        a.profile(B, |p| p.wounds = 40);
        a.place(B, 11.5, 10.0);
        a.set(A, Damage(u32::from(a_hurt)));
        a.set(B, Damage(u32::from(b_hurt)));
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        a.dice(&[1; 5]);
        let rolled = match a.attack_logged(A, B, 0) {
            warcry_sim::rules::log::Event::Attack { rolls, .. } => rolls.len(),
            e => panic!("not an attack: {e:?}"),
        };
        assert_eq!(rolled, dice, "A hurt {a_hurt}, B hurt {b_hurt}");
    }
}

/// REA-1, WAIT-1, ABL-5: "if 1 of the dice scores a 6, that fighter makes 1 fewer action in
/// this battle round ... reduced to 0 actions ... cannot be activated": B, yet to activate,
/// has 1 action left after a 6 (said in the log); with one already spent on a reaction, none,
/// and can't be activated; a roll with no 6 takes nothing; B2, waiting with its one action,
/// can't be activated after a 6.
#[test]
fn rea1_wait1_an_enemy_gives_up_actions_of_the_round() {
    use warcry_sim::model::components::Activation;
    use warcry_sim::model::effects::OnSuccess;
    const B2: FighterId = FighterId(11);
    let bolas = Effect::RollAgainst {
        range: 8.0,
        visible: true,
        runemark: None,
        dice: Amount::Fixed(2),
        least: 6,
        then: OnSuccess::FewerActions,
    };
    let throw = |a: &mut Arena, t: FighterId, dice: &[u8]| {
        a.dice(dice);
        let n = a.log_len();
        a.use_ability(A, "Test Gift", 3, Some(t)).unwrap();
        said_since(a, n).join("\n")
    };
    let fresh = || {
        let mut a = with_ability(vec![bolas.clone()], 3);
        a.place(B, 10.0, 14.0);
        a.place(B2, 14.0, 14.0);
        a
    };
    let mut a = fresh();
    let said = throw(&mut a, B, &[6, 2]);
    assert!(
        said.contains("makes 1 fewer action this round: 1 is left"),
        "{said}"
    );
    assert!(a.fighter(B).can_activate());
    let mut a = fresh();
    a.set(B, warcry_sim::model::components::Reactions(1));
    let said = throw(&mut a, B, &[3, 6]);
    assert!(said.contains("has no action left this round"), "{said}");
    assert!(!a.fighter(B).can_activate());
    let mut a = fresh();
    throw(&mut a, B, &[5, 4]);
    assert_eq!(a.fighter(B).reactions, 0, "no 6, nothing taken");
    let mut a = fresh();
    a.set(B2, Activation::Waiting);
    throw(&mut a, B2, &[6, 6]);
    assert!(!a.fighter(B2).can_activate());
}

/// REA-1, ABL-5: "after this fighter's next melee attack action in this activation, if at
/// least 1 hit roll ... results in a hit, the target forfeits 1 of their actions in this battle
/// round. If the target has already activated or if they have no more actions to forfeit,
/// allocate 3 damage points to the target instead": B, yet to activate, hit, gives up an action
/// (1 left); a miss takes nothing; B, activated, takes 3 instead.
#[test]
fn rea1_abl5_the_target_of_the_next_melee_attack_gives_up_an_action_or_takes_3() {
    use super::arena::weapon;
    use warcry_sim::model::components::Activation;
    let grip = vec![Effect::ForfeitAfterNextAttack { instead: 3 }];
    let arena = || {
        let mut a = with_ability(grip.clone(), 3);
        a.rules(|r| r.reactions = false);
        a.profile(A, |p| p.weapons = vec![weapon(1.0, 2, 3, (1, 2))]);
        a.profile(B, |p| {
            p.toughness = 3;
            p.wounds = 40;
        });
        a.place(B, 11.5, 10.0);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        a
    };
    let mut a = arena();
    a.dice(&[4, 1]);
    let n = a.log_len();
    a.attack_logged(A, B, 0);
    assert_eq!((a.fighter(B).reactions, a.damage(B)), (1, 1));
    let said = said_since(&mut a, n).join("\n");
    assert!(
        said.contains("makes 1 fewer action this round: 1 is left"),
        "{said}"
    );

    let mut a = arena();
    a.dice(&[1, 2]);
    a.attack_logged(A, B, 0);
    assert_eq!(a.fighter(B).reactions, 0, "a miss");

    let mut a = arena();
    a.set(B, Activation::Activated);
    a.dice(&[4, 1]);
    a.attack_logged(A, B, 0);
    assert_eq!(a.damage(B), 1 + 3);
}
