//! Issue 30, fifteenth session (continued): tokens where an enemy fell, friends' bonus moves,
//! a fighter spared once, an ability after a jump down; in our own words, with injected dice.

use super::arena::Arena;
use super::faction::{said_since, with_ability};
use warcry_sim::model::components::Damage;
use warcry_sim::model::effects::{Amount, Effect};
use warcry_sim::model::ids::FighterId;
use warcry_sim::rules::command::Command;

const A: FighterId = FighterId(2);
const A2: FighterId = FighterId(3);
const B: FighterId = FighterId(10);

/// A takes B down with an attack (B: 1 wound left), B at (11.5, 10).
fn b_taken_down(a: &mut Arena) {
    a.rules(|r| r.reactions = false);
    a.profile(B, |p| p.wounds = 2);
    a.set(B, Damage(1));
    a.place(B, 11.5, 10.0);
    a.dice(&[5, 1]);
    a.attack_logged(A, B, 0);
    assert!(a.fighter(B).is_down());
}

/// ABL-5: "can only use this ability when their attack action takes down an enemy fighter.
/// Cremate that enemy fighter": refused before A takes anyone down; once B falls, a Pyre token
/// where B fell (said so); at the end of the round the enemy within 1" of it takes 3, the one
/// farther and A's own friend beside it nothing; a second cremation of B leaves no second.
#[test]
fn abl5_a_pyre_where_the_enemy_fell_burns_enemies_near_it_each_round() {
    use warcry_sim::model::effects::{Condition, Token};
    const B2: FighterId = FighterId(11);
    const B3: FighterId = FighterId(12);
    let mut a = with_ability(
        vec![
            Effect::Requires(Condition::TookDownThisActivation),
            Effect::PlaceToken(Token::Pyre, warcry_sim::model::effects::TokenAt::Fell),
        ],
        3,
    );
    a.give_dice(warcry_sim::model::ids::Side::A, &[(3, 2), (4, 2)]);
    let early = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(early.contains("taken down"), "{early}");
    b_taken_down(&mut a);
    a.place(B2, 11.5, 11.4);
    a.place(B3, 11.5, 13.5);
    a.place(A2, 13.2, 10.0);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let said = said_since(&mut a, n).join("\n");
    assert!(said.contains("leaves a Pyre token where"), "{said}");
    let tokens = a.engine().tokens.clone();
    assert_eq!(tokens.len(), 1);
    assert!((tokens[0].at[0] - 11.5).abs() < 1e-3 && (tokens[0].at[2] - 10.0).abs() < 1e-3);
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    let n = a.log_len();
    a.end_round(&[B2, B3, A2], B3);
    assert_eq!((a.damage(B2), a.damage(B3), a.damage(A2)), (3, 0, 0));
    let said = said_since(&mut a, n).join("\n");
    assert!(
        said.contains("end of the round: 3 damage to")
            && said.contains("within 1\" of a Pyre token"),
        "{said}"
    );
}

/// ABL-5: "place a banquet token at the centre of the space occupied by that fighter ...
/// remove up to 3 damage points allocated to each friendly fighter within 6\" of ...": at
/// the end of the round A (5 damage) keeps 2, A2 (1 damage) none, the enemy B2 near it 4.
#[test]
fn abl5_a_banquet_where_the_enemy_fell_heals_friends_near_it() {
    use warcry_sim::model::effects::{Condition, Token};
    const B2: FighterId = FighterId(11);
    let mut a = with_ability(
        vec![
            Effect::Requires(Condition::TookDownThisActivation),
            Effect::PlaceToken(Token::Banquet, warcry_sim::model::effects::TokenAt::Fell),
        ],
        3,
    );
    b_taken_down(&mut a);
    a.set(A, Damage(5));
    a.place(A2, 13.0, 10.0);
    a.set(A2, Damage(1));
    a.place(B2, 12.0, 12.0);
    a.set(B2, Damage(4));
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.end_round(&[A2, B2], B2);
    assert_eq!((a.damage(A), a.damage(A2), a.damage(B2)), (2, 0, 4));
}

/// CMB-2, ABL-5: "those fighters can each make a bonus move action of up to 3\"": a friend
/// whose Move is 2 still moves up to 3" (the card's length, as a bonus move of this fighter's
/// own of up to 3" is), not its Move. Found by the hand check of Black-hearted Conqueror.
#[test]
fn cmb2_abl5_a_friends_bonus_move_of_up_to_n_is_that_long_whatever_its_move() {
    use warcry_sim::model::effects::Aura;
    use warcry_sim::rules::engine::Bonus;
    let picked = Effect::PickedFriendsBonus {
        aura: Aura {
            others: true,
            ..Aura::within(6.0, true)
        },
        up_to: Amount::Fixed(1),
        or_attack: false,
        max: Some(Amount::Fixed(3)),
    };
    let mut a = with_ability(vec![picked], 3);
    a.profile(A2, |p| p.movement = 2);
    a.place(A2, 10.0, 12.0);
    a.place(B, 30.0, 20.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let waiting = a.engine().activation.clone().map(|s| s.bonus).unwrap();
    assert_eq!(
        waiting,
        [Bonus::FriendMove {
            fighter: A2,
            max: 3.0,
            closer: false,
        }]
    );
    a.walk(A2, [10.0, 0.0, 14.8]).unwrap();
}

/// ABL-5, ATK-5: "the next time this battle round that this fighter is taken down, all
/// remaining damage points ... are ignored, then remove 1 damage point": B's lethal attack
/// leaves A standing with 1 wound (said so); the next lethal one takes it down.
#[test]
fn atk5_abl5_spared_once_with_a_wound_left() {
    let mut a = with_ability(
        vec![Effect::Survive {
            remove: 1,
            dice: None,
        }],
        3,
    );
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.wounds = 6);
    a.set(A, Damage(5));
    a.place(B, 11.5, 10.0);
    a.profile(B, |p| {
        p.weapons = vec![super::arena::weapon(1.0, 2, 4, (2, 4))]
    });
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.activate(B);
    a.dice(&[5, 1]);
    let n = a.log_len();
    a.attack_logged(B, A, 0);
    let f = a.fighter(A);
    assert!(f.on_board());
    assert_eq!(f.damage, 5, "6 wounds, 1 left");
    let said = said_since(&mut a, n).join("\n");
    assert!(
        said.contains("is not taken down") && said.contains("1 wound left"),
        "{said}"
    );
    a.dice(&[5, 1]);
    a.attack_logged(B, A, 0);
    assert!(a.fighter(A).is_down(), "spared once only");
}

/// A on a `height`" ledge with an ability usable only after jumping 2" or more down this
/// activation: 3 dice against an enemy within 1" (unseen), each 4+ dealing 3.
fn smash_from(height: f32) -> Arena {
    use warcry_sim::model::effects::{Condition, OnSuccess};
    use warcry_sim::model::formats::{TerrainKind, TerrainPiece};
    let mut a = with_ability(
        vec![
            Effect::Requires(Condition::JumpedDown(2.0)),
            Effect::RollAgainst {
                range: 1.0,
                visible: false,
                runemark: None,
                dice: Amount::Fixed(3),
                least: 4,
                then: OnSuccess::Damage(3),
            },
        ],
        3,
    );
    a.add_terrain(TerrainPiece::on_floor(
        "ledge",
        TerrainKind::Platform,
        (10.0, 10.0),
        (4.0, 4.0),
        height,
    ));
    a.place_at(A, bevy::prelude::Vec3::new(11.3, height, 10.0));
    a.place(B, 14.6, 10.0);
    a.profile(A, |p| p.movement = 8);
    a.profile(B, |p| p.wounds = 30);
    a
}

/// ABL-5, MOVE-6: "only if this fighter has jumped and then moved 2\" or more vertically
/// downwards during this activation. Pick an enemy fighter within 1\" ... for each roll of 4+,
/// allocate 3 damage points": refused before A jumps (said why), and after a 1" jump; after a
/// 3" jump down beside B, two 4+ deal 6.
#[test]
fn abl5_move6_usable_after_jumping_down_far_enough() {
    let mut a = smash_from(3.0);
    let before = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(before.contains("jumped 2\" or more down"), "{before}");
    a.walk(A, [13.1, 0.0, 10.0]).unwrap();
    a.dice(&[4, 6, 1]);
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    assert_eq!(a.damage(B), 6);
    let mut low = smash_from(1.0);
    low.walk(A, [13.1, 0.0, 10.0]).unwrap();
    assert!(low.use_ability(A, "Test Gift", 3, Some(B)).is_err());
}

/// MOVE-7, ABL-5: "until the end of the battle round, friendly fighters with the Beast
/// runemark can fly when making move actions": A2 (a Beast) flies over a 4" wall it could not
/// climb over within its Move; A3 (no Beast) still can't; the next round neither flies.
#[test]
fn move7_abl5_friends_with_a_runemark_fly_for_the_round() {
    use warcry_sim::model::effects::Marks;
    use warcry_sim::model::formats::{TerrainKind, TerrainPiece};
    let beast = Marks::of(&["beast"], &[]).unwrap();
    let mut a = with_ability(vec![Effect::FlyThisRound { marks: beast }], 3);
    a.add_terrain(TerrainPiece::on_floor(
        "wall",
        TerrainKind::Obstacle,
        (20.0, 10.0),
        (0.5, 12.0),
        4.0,
    ));
    a.profile(A2, |p| {
        p.runemarks.push("Beast".into());
        p.movement = 4;
    });
    a.profile(FighterId(4), |p| p.movement = 4);
    a.place(A2, 18.5, 8.0);
    a.place(FighterId(4), 18.5, 12.0);
    a.place(B, 30.0, 30.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let flies = |a: &mut Arena, id: FighterId| {
        let rules = a
            .world()
            .resource::<warcry_sim::model::ruleset::Ruleset>()
            .clone();
        a.fighter(id).mover(&rules).can_fly
    };
    assert!(flies(&mut a, A2));
    assert!(!flies(&mut a, FighterId(4)));
    assert!(!flies(&mut a, B), "an enemy does not");
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.activate(A2);
    a.walk(A2, [21.5, 0.0, 8.0]).unwrap();
    a.apply(Command::EndActivation { fighter: A2 }).unwrap();
    a.end_round(&[FighterId(4), B], B);
    assert!(!flies(&mut a, A2), "the round's flight is over");
}

/// ABL-5: "until the end of this fighter's activation, when their attack action takes down an
/// enemy fighter, cremate that enemy fighter": the attack that takes B down leaves a Pyre token
/// where B fell, said so.
#[test]
fn abl5_each_enemy_an_attack_takes_down_is_cremated() {
    use warcry_sim::model::effects::{Token, TokenAt};
    let each = Effect::AfterTakedown {
        then: vec![Effect::PlaceToken(Token::Pyre, TokenAt::Fell)],
        melee: false,
    };
    let mut a = with_ability(vec![each], 3);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let n = a.log_len();
    b_taken_down(&mut a);
    let tokens = a.engine().tokens.clone();
    assert_eq!(tokens.len(), 1);
    assert_eq!((tokens[0].token, tokens[0].fell), (Token::Pyre, B));
    let said = said_since(&mut a, n).join("\n");
    assert!(said.contains("leaves a Pyre token where"), "{said}");
}
