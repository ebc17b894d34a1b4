//! Issue 30, fifteenth session: more of the long tail's effects run by the engine, in our
//! own words, with injected dice.

use super::arena::Arena;
use super::faction::{said_since, with_ability};
use warcry_sim::battlefield::measure::distance;
use warcry_sim::model::components::{Damage, Presence};
use warcry_sim::model::effects::{Amount, Effect, Marks, Placing};
use warcry_sim::model::ids::FighterId;
use warcry_sim::rules::command::Command;

const A: FighterId = FighterId(2);
const A2: FighterId = FighterId(3);
const B: FighterId = FighterId(10);

/// A's ability sets up a friend taken down (bearing `marks`) as `place` says.
fn revival(marks: Marks, place: Placing, heal: Option<Amount>, roll: Option<u8>) -> Arena {
    let mut a = with_ability(
        vec![Effect::Revive {
            marks,
            place,
            heal,
            roll,
        }],
        3,
    );
    a.profile(A2, |p| {
        p.wounds = 10;
        p.points = 100;
    });
    a.place(B, 16.0, 10.0);
    a
}

/// A2 fell at (30, 30) with 12 damage (more than its 10 wounds), its 100 points the enemy's.
fn a2_taken_down(a: &mut Arena) {
    a.place(A2, 30.0, 30.0);
    a.set(A2, Presence::TakenDown);
    a.set(A2, Damage(12));
    a.engine().points_taken_down = [0, 100];
}

/// ATK-5, ABL-5: "pick a friendly fighter that has been taken down ... set that fighter up
/// wholly within 2\" ... remove damage points equal to the value": A2 stands again, its far
/// side within 2" of A, with 10 - 3 damage (its wounds at most, less the value); its points
/// no longer count as taken down (attrition); the log says where and what is left.
#[test]
fn atk5_a_friend_taken_down_stands_again_wholly_within_reach() {
    let mut a = revival(
        Marks::default(),
        Placing::Wholly { within: 2.0 },
        Some(Amount::Value),
        None,
    );
    a2_taken_down(&mut a);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    let (f, t) = (a.fighter(A), a.fighter(A2));
    assert!(t.on_board(), "{:?}", t.presence);
    assert_eq!(t.damage, 7);
    let far_side = distance(&f.base(), &t.base()) + 2.0 * t.profile.base.max_radius();
    assert!(far_side <= 2.0 + 1e-3, "{far_side}");
    assert_eq!(a.engine().points_taken_down, [0, 0]);
    let said = said_since(&mut a, n).join("\n");
    assert!(
        said.contains("is set up again") && said.contains("no longer taken down: 3 wounds left"),
        "{said}"
    );
}

/// ABL-5: the pick must be a friend taken down bearing the marks: with none down it is
/// refused, so is a friend standing, an enemy taken down, a friend without the runemark.
#[test]
fn abl5_only_a_friend_taken_down_with_the_marks_is_picked() {
    let minion = Marks::of(&["minion"], &[]).unwrap();
    let mut a = revival(minion, Placing::Wholly { within: 3.0 }, None, None);
    let none = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(none.contains("no friendly fighter"), "{none}");
    a.place(A2, 12.0, 12.0);
    let standing = a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap_err();
    assert!(standing.contains("taken down"), "{standing}");
    a2_taken_down(&mut a);
    let unmarked = a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap_err();
    assert!(unmarked.contains("minion"), "{unmarked}");
    a.set(B, Presence::TakenDown);
    let enemy = a.use_ability(A, "Test Gift", 3, Some(B)).unwrap_err();
    assert!(enemy.contains("taken down"), "{enemy}");
    a.profile(A2, |p| p.runemarks.push("Minion".into()));
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    assert_eq!(a.fighter(A2).damage, 0, "no damage left");
}

/// ABL-5: the place its player picks must let the base stand wholly within reach: 5" away is
/// refused with why, and nothing changes; a place beside the fighter is taken.
#[test]
fn abl5_a_revived_friend_goes_where_its_player_picks_within_reach() {
    let mut a = revival(
        Marks::default(),
        Placing::Wholly { within: 3.0 },
        None,
        None,
    );
    a2_taken_down(&mut a);
    let at = |x: f32, z: f32| Command::Ability {
        fighter: A,
        ability: "Test Gift".into(),
        dice: 3,
        target: Some(A2),
        place: Some([x, 0.0, z]),
        choice: 0,
    };
    let far = a.rejected(at(10.0, 15.0));
    assert!(
        far.reason.contains("wholly within 3\" of the fighter"),
        "{}",
        far.reason
    );
    a.apply(at(10.0, 12.0)).unwrap();
    let t = a.fighter(A2);
    assert!(t.on_board() && (t.pos.z - 12.0).abs() < 0.3, "{:?}", t.pos);
}

/// ABL-5: "roll a number of dice equal to the value ... on any rolls of 4+: set up that
/// fighter ... more than 5\" from all enemy fighters ... remove a damage point for each 4+":
/// no 4+ leaves it taken down, said so; two 4+s set it up far from the enemy with 2 removed.
#[test]
fn abl5_a_revival_on_rolls_needs_a_success_and_heals_one_for_each() {
    let arena = || {
        let mut a = revival(
            Marks::default(),
            Placing::PickedAnywhere { away: 5.0 },
            None,
            Some(4),
        );
        a2_taken_down(&mut a);
        a
    };
    let mut a = arena();
    a.dice(&[1, 3, 2]);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    let said = said_since(&mut a, n).join("\n");
    assert!(
        said.contains("rolls 1, 3, 2: no roll of 4+") && said.contains("stays taken down"),
        "{said}"
    );
    assert!(a.fighter(A2).is_down());
    let mut a = arena();
    a.dice(&[4, 6, 1]);
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    let (t, b) = (a.fighter(A2), a.fighter(B));
    assert!(t.on_board());
    assert_eq!(t.damage, 8, "10, less one for each of the two 4+");
    assert!(distance(&t.base(), &b.base()) > 5.0);
}

/// ABL-5, ATK-5, INI-3: "allocate D3 damage points to each enemy fighter within 3\" ... and
/// gain 1 wild dice. Then, remove this fighter from the battlefield (this fighter is taken
/// down)": a D3 for each enemy in reach (a 6 is 3, a 1 is 1), none beyond; a wild dice saved;
/// the fighter taken down.
#[test]
fn abl5_a_blast_for_each_enemy_then_the_fighter_is_gone() {
    use warcry_sim::model::effects::Roll;
    use warcry_sim::model::ids::Side;
    let mut a = with_ability(
        vec![
            Effect::DamageEach {
                range: 3.0,
                amount: Amount::Fixed(0),
                roll: Some(Roll::plain(3)),
                visible: false,
            },
            Effect::SaveWildDice {
                dice: Amount::Fixed(1),
                least: 0,
            },
            Effect::SelfTakenDown,
        ],
        3,
    );
    const B2: FighterId = FighterId(11);
    const B3: FighterId = FighterId(12);
    a.place(B, 11.5, 10.0);
    a.place(B2, 10.0, 12.5);
    a.place(B3, 16.0, 10.0);
    let saved = a.engine().dice[Side::A].saved;
    a.dice(&[6, 1]);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert_eq!((a.damage(B), a.damage(B2), a.damage(B3)), (3, 1, 0));
    assert_eq!(a.engine().dice[Side::A].saved, saved + 1);
    assert!(a.fighter(A).is_down());
    let said = said_since(&mut a, n).join("\n");
    assert!(said.contains("is taken down"), "{said}");
}

/// ABL-5: "only if they are within 6\" of a visible friendly NAME and it is the third battle
/// round or later": refused in round 2 (said why), refused with no friend of that name near,
/// allowed in round 3 beside it.
#[test]
fn abl5_a_named_friend_near_and_a_round_or_later() {
    use warcry_sim::model::effects::Condition;
    let named = Marks::of(&["named cave crawler"], &[]).unwrap();
    let (runemark, marks) = named.split_one();
    let mut a = with_ability(
        vec![
            Effect::Requires(Condition::FriendWithin {
                range: 6.0,
                visible: true,
                runemark,
                marks,
            }),
            Effect::Requires(Condition::RoundFrom(3)),
            Effect::BonusMove { max: None },
        ],
        3,
    );
    a.place(A2, 12.0, 10.0);
    a.engine().round = 2;
    let early = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    a.engine().round = 3;
    let nobody = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(nobody.contains("named Cave Crawler"), "{nobody}");
    a.profile(A2, |p| p.name = "Cave Crawler".into());
    a.engine().round = 2;
    let early_named = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(
        early_named.contains("battle round 2, not yet 3"),
        "{early} / {early_named}"
    );
    a.engine().round = 3;
    a.use_ability(A, "Test Gift", 3, None).unwrap();
}

/// A's weapons: an axe (0) and a sword (1), melee, 2 Attacks each; a spear (2), 3".
fn armed(a: &mut Arena) {
    use super::arena::weapon;
    let marked =
        |w: warcry_sim::model::formats::Weapon, mark: &str| warcry_sim::model::formats::Weapon {
            runemark: Some(mark.into()),
            ..w
        };
    a.profile(A, |p| {
        p.weapons = vec![
            marked(weapon(1.0, 2, 3, (1, 2)), "axe"),
            marked(weapon(1.0, 2, 3, (1, 2)), "sword"),
            marked(weapon(3.0, 2, 3, (1, 2)), "spear"),
        ]
    });
}

fn axe() -> Marks {
    Marks::of(&["axe"], &[]).unwrap()
}

/// ABL-5: "add 2 to the Attacks characteristic of attack actions made by this fighter that
/// have the Axe runemark": A's axe attack rolls 4 dice, its sword attack 2, as the exact odds
/// and the attack itself see them.
#[test]
fn abl5_a_raise_for_attacks_with_an_axe_only() {
    use warcry_sim::model::effects::Stat;
    let raise = Effect::WithWeapon {
        marks: axe(),
        then: vec![Effect::Boost {
            stat: Stat::Attacks,
            by: Amount::Fixed(2),
            melee_only: false,
            missile_only: false,
        }],
    };
    let mut a = with_ability(vec![raise], 3);
    armed(&mut a);
    a.place(B, 11.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert_eq!(super::faction::a_on_b(&mut a, 0).attacks, 4, "the axe");
    assert_eq!(super::faction::a_on_b(&mut a, 1).attacks, 2, "the sword");
    assert_eq!(super::faction::a_on_b(&mut a, 2).attacks, 2, "the spear");
}

/// ABL-5: "a bonus attack action ... if that bonus attack action has the Axe runemark, add 1
/// to its Attacks": made with the sword, the bonus attack is not raised, and rolls 2 dice.
#[test]
fn abl5_a_bonus_attack_raised_only_with_such_a_weapon() {
    use warcry_sim::model::effects::Stat;
    let raise = Effect::WithWeapon {
        marks: axe(),
        then: vec![Effect::NextBoost {
            stat: Stat::Attacks,
            by: Amount::Fixed(1),
            only: None,
        }],
    };
    let mut a = with_ability(vec![Effect::BonusAttack, raise], 3);
    armed(&mut a);
    a.place(B, 11.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert_eq!(super::faction::a_on_b(&mut a, 0).attacks, 3, "the axe");
    assert_eq!(super::faction::a_on_b(&mut a, 1).attacks, 2, "the sword");
}

/// ABL-5: "after the next attack action that has the Spear or Ranged Weapon runemark ..., if
/// it scored 1 or more hits, allocate damage points equal to the value to the target": an
/// attack with the sword leaves it waiting; the spear attack that hits sets it off.
#[test]
fn abl5_damage_after_the_next_attack_with_a_spear() {
    let wait = Effect::WithWeapon {
        marks: Marks::of(&[], &["spear", "ranged weapon"]).unwrap(),
        then: vec![Effect::DamageAfterNextAttack {
            amount: Amount::Value,
            only: None,
            around: None,
        }],
    };
    let mut a = with_ability(vec![wait], 4);
    a.rules(|r| r.reactions = false);
    armed(&mut a);
    a.profile(B, |p| p.wounds = 40);
    a.place(B, 11.5, 10.0);
    a.use_ability(A, "Test Gift", 4, None).unwrap();
    a.dice(&[5, 5]);
    a.attack_logged(A, B, 1);
    assert_eq!(a.damage(B), 2, "two sword hits, nothing more");
    a.dice(&[5, 1]);
    a.attack_logged(A, B, 2);
    assert_eq!(a.damage(B), 2 + 1 + 4, "a spear hit, then the value");
}

/// ABL-5: "add 1 to the Attacks characteristic of attack actions that have the Dagger
/// runemark made by friendly fighters with the Minion runemark while they are within 6\"": a
/// minion beside A rolls 3 dice with its dagger, 2 with its sword.
#[test]
fn abl5_an_aura_raises_attacks_with_daggers_only() {
    use super::arena::weapon;
    use warcry_sim::model::effects::{Aura, Stat};
    let minion = Marks::of(&["minion"], &[]).unwrap();
    let aura = Effect::WithWeapon {
        marks: Marks::of(&["dagger"], &[]).unwrap(),
        then: vec![Effect::RoundBoost {
            stat: Stat::Attacks,
            by: Amount::Fixed(1),
            melee_only: false,
            aura: Some(Aura {
                marks: minion,
                ..Aura::within(6.0, false)
            }),
            missile_only: false,
        }],
    };
    let mut a = with_ability(vec![aura], 3);
    a.profile(A2, |p| {
        p.runemarks.push("Minion".into());
        p.weapons = vec![
            warcry_sim::model::formats::Weapon {
                runemark: Some("dagger".into()),
                ..weapon(1.0, 2, 3, (1, 2))
            },
            warcry_sim::model::formats::Weapon {
                runemark: Some("sword".into()),
                ..weapon(1.0, 2, 3, (1, 2))
            },
        ];
    });
    a.place(A2, 12.0, 10.0);
    a.place(B, 13.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let attacks = |a: &mut Arena, weapon: usize| {
        let w = a.world();
        let all = warcry_sim::rules::engine::fighters(w);
        let f = all.iter().find(|o| o.id == A2).unwrap();
        let t = all.iter().find(|o| o.id == B).unwrap();
        warcry_sim::rules::actions::attack_roll(w, &all, f, t, weapon, false)
            .unwrap()
            .attacks
    };
    assert_eq!((attacks(&mut a, 0), attacks(&mut a, 1)), (3, 2));
}

/// ABL-5: "if this fighter has a weapon with the Ranged Weapon runemark on their fighter
/// profile, a bonus move of 3\". Otherwise, +1 Attacks for its melee attacks": a fighter with
/// a ranged weapon gets the bonus move, one without the raise.
#[test]
fn abl5_armed_with_a_ranged_weapon_or_otherwise() {
    use warcry_sim::model::effects::{Condition, Stat};
    let card = vec![Effect::When {
        when: Condition::ArmedWith(Marks::of(&["ranged weapon"], &[]).unwrap()),
        then: vec![Effect::BonusMove {
            max: Some(Amount::Fixed(3)),
        }],
        otherwise: vec![Effect::Boost {
            stat: Stat::Attacks,
            by: Amount::Fixed(1),
            melee_only: true,
            missile_only: false,
        }],
    }];
    for (mark, bonus) in [("ranged", true), ("sword", false)] {
        let mut a = with_ability(card.clone(), 3);
        a.profile(A, |p| p.weapons[0].runemark = Some(mark.into()));
        a.place(B, 11.5, 10.0);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        let waits = !a.engine().activation.as_ref().unwrap().bonus.is_empty();
        assert_eq!(waits, bonus, "{mark}");
        let raised = super::faction::a_on_b(&mut a, 0).attacks;
        assert_eq!(raised, if bonus { 2 } else { 3 }, "{mark}");
    }
}
