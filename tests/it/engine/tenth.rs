//! Issue 30, tenth session: more of the long tail's effects run by the engine, in our own
//! words, with injected dice.

use super::faction::{said_since, with_ability};
use warcry_sim::model::effects::Effect;
use warcry_sim::model::ids::FighterId;
use warcry_sim::model::ruleset::Ruleset;
use warcry_sim::rules::command::Command;

const A: FighterId = FighterId(2);
const A2: FighterId = FighterId(3);
const A3: FighterId = FighterId(4);
const B: FighterId = FighterId(10);
const B2: FighterId = FighterId(11);

/// MOVE-7 with ABL-5, "they can fly ...; however, they cannot move vertically upwards more
/// than 3\"": the fighter moves as a flyer that rises at most 3" this activation, and walks
/// again after it.
#[test]
fn move7_abl5_a_flight_for_the_activation_rises_at_most_what_the_card_says() {
    let mut a = with_ability(vec![Effect::FlyRisingAtMost { up: 3 }], 3);
    let rules = a.world().resource::<Ruleset>().clone();
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let m = a.fighter(A).mover(&rules);
    assert!(m.can_fly, "it flies now");
    assert_eq!(m.fly_rise, Some(3.0));
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    let m = a.fighter(A).mover(&rules);
    assert!(
        !m.can_fly && m.fly_rise.is_none(),
        "not after its activation"
    );
}

/// Places A2 beside B (engaged), A 4.5" from B; A's "Test Gift" used, its activation ended
/// and B's begun; reactions off (Strike Them Down is not what is tested).
fn toll_set_up(toll: Effect, b_wounds: u32) -> super::arena::Arena {
    let mut a = with_ability(vec![toll], 3);
    a.rules(|r| r.reactions = false);
    a.profile(B, |p| p.wounds = b_wounds);
    a.place(A2, 14.0, 10.0);
    a.place(B, 15.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.activate(B);
    a
}

const AWAY: Command = Command::Disengage {
    fighter: B,
    to: [18.0, 0.0, 10.0],
};

/// DIS-1 with ABL-5, "until the end of the battle round, each time an enemy fighter within 6"
/// of this fighter makes a disengage action but before that fighter moves away, allocate D6
/// damage points to that fighter": a 4 deals B 4 before it moves away (the log says the toll
/// before the disengage); a B with 4 wounds is taken down by it and does not move.
#[test]
fn dis1_abl5_a_toll_on_disengaging_falls_before_the_enemy_moves_away() {
    let toll = Effect::DisengageToll {
        range: 6.0,
        sides: 6,
        before: true,
    };
    for (wounds, moves) in [(30, true), (4, false)] {
        let mut a = toll_set_up(toll.clone(), wounds);
        let n = a.log_len();
        a.dice(&[4]);
        a.apply(AWAY).unwrap();
        assert_eq!(a.dice_left(), 0);
        assert_eq!(a.damage(B).min(wounds), 4, "{wounds} wounds");
        assert_eq!(a.fighter(B).on_board(), moves);
        assert_eq!(a.fighter(B).pos.x == 18.0, moves, "{wounds} wounds");
        let said = said_since(&mut a, n);
        let toll_at = said
            .iter()
            .position(|l| l.contains("4 damage"))
            .expect("toll said");
        let moved_at = said.iter().position(|l| l.contains("disengage"));
        assert!(moved_at.is_none_or(|m| m > toll_at), "{said:?}");
    }
}

/// DIS-1 with ABL-5, "until the end of the battle round, after an enemy fighter makes a
/// disengage action that began within 3" of this fighter, allocate D6 damage points to that
/// fighter": B starting 4.5" from A pays nothing; starting 2" from it, B moves away and then
/// takes the 5 rolled.
#[test]
fn dis1_abl5_a_toll_after_disengaging_reaches_those_that_began_near() {
    let toll = Effect::DisengageToll {
        range: 3.0,
        sides: 6,
        before: false,
    };
    let mut a = toll_set_up(toll.clone(), 30);
    a.apply(AWAY).unwrap();
    assert_eq!(a.damage(B), 0, "began 4.5\" away");
    let mut a = toll_set_up(toll, 30);
    a.place(A2, 11.5, 12.0);
    a.place(B, 12.5, 11.0);
    a.dice(&[5]);
    let n = a.log_len();
    a.apply(Command::Disengage {
        fighter: B,
        to: [14.5, 0.0, 9.0],
    })
    .unwrap();
    assert_eq!((a.damage(B), a.dice_left()), (5, 0));
    assert!(a.fighter(B).pos.x > 14.0, "it moved");
    let said = said_since(&mut a, n);
    let toll_at = said
        .iter()
        .position(|l| l.contains("5 damage"))
        .expect("said");
    let moved_at = said
        .iter()
        .position(|l| l.contains("disengage"))
        .expect("said");
    assert!(moved_at < toll_at, "{said:?}");
}

/// ABL-5, "roll a number of dice equal to the value of this ability. Until the end of this
/// fighter's activation, for each roll of 1, subtract 1 from this fighter's Move (to a minimum
/// of 1), then for each roll of 2+, add 1": Move 4 with 1, 4, 6 is 5; with five 1s and a 2 it
/// is 2 (4 - 5, to 1, then + 1: the card's order, not ABL-4's, which would give 1); the log
/// says the Move and the rolls; the next activation it is 4 again.
#[test]
fn abl5_move_by_rolls_subtracts_then_adds() {
    use warcry_sim::model::effects::Amount;
    let stagger = Effect::MoveByRolls {
        dice: Amount::Value,
        down_to: 1,
    };
    for (rolls, now) in [(&[1, 4, 6][..], 5), (&[1, 1, 1, 1, 1, 2][..], 2)] {
        let value = rolls.len() as u8;
        let mut a = with_ability(vec![stagger.clone()], value);
        a.profile(A, |p| p.movement = 4);
        let rules = a.world().resource::<Ruleset>().clone();
        a.dice(rolls);
        let n = a.log_len();
        a.use_ability(A, "Test Gift", value, None).unwrap();
        assert_eq!(a.dice_left(), 0);
        let act = a.engine().activation.clone().unwrap();
        let bonus = a.engine().move_bonus(&act);
        assert_eq!(
            a.fighter(A).move_budget(&rules, bonus),
            now as f32,
            "{rolls:?}"
        );
        let said = said_since(&mut a, n).join("\n");
        assert!(said.contains(&format!("Move is {now}\"")), "{said}");
        a.apply(Command::EndActivation { fighter: A }).unwrap();
        assert_eq!(
            a.fighter(A).move_budget(&rules, 0),
            4.0,
            "after the activation"
        );
    }
}

/// ABL-5, "a fighter can only be targeted once per battle round by this ability": B, picked by
/// A's Test Gift, can't be picked by A2's this round (the refusal names B and the ability);
/// B2 can; the next round B can be again.
#[test]
fn abl5_each_fighter_is_picked_once_per_round_by_the_ability() {
    use warcry_sim::model::effects::{Amount, Condition, Stat};
    use warcry_sim::model::ids::Side;
    let gift = vec![
        Effect::LowerPicked(warcry_sim::model::effects::PickedLowering {
            range: 12.0,
            visible: false,
            stat: Stat::Strength,
            by: Amount::Fixed(1),
            min: 1,
            activation: false,
            melee_only: false,
            how: warcry_sim::model::effects::Lowering::By,
            spares_me: false,
        }),
        Effect::Requires(Condition::OncePerRoundPerTarget),
    ];
    let mut a = with_ability(gift.clone(), 3);
    a.profile(A2, |p| p.abilities = a_copy(&gift));
    a.place(A2, 12.0, 10.0);
    a.place(B, 14.0, 10.0);
    a.place(B2, 14.0, 13.0);
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.activate(A2);
    a.give_dice(Side::A, &[(3, 2)]);
    let why = a.use_ability(A2, "Test Gift", 3, Some(B)).unwrap_err();
    let b = a.fighter(B).name.to_string();
    assert!(
        why.contains(&format!(
            "{b} has been picked by Test Gift already this round"
        )),
        "{why}"
    );
    assert!(why.contains("ABL-5"), "{why}");
    a.use_ability(A2, "Test Gift", 3, Some(B2)).unwrap();
    a.apply(Command::EndActivation { fighter: A2 }).unwrap();
    a.end_round(&[B, B2], B);
    a.activate(A);
    a.give_dice(Side::A, &[(3, 2)]);
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
}

/// ABL-5, "a fighter can only use this ability once per battle": A's second use, in a later
/// round, is refused; A2 may still use its own.
#[test]
fn abl5_a_fighter_uses_a_once_per_battle_ability_once() {
    use warcry_sim::model::effects::Condition;
    use warcry_sim::model::ids::Side;
    let gift = vec![
        Effect::Requires(Condition::OncePerBattle),
        Effect::BonusMove { max: None },
    ];
    let mut a = with_ability(gift.clone(), 3);
    a.profile(A2, |p| p.abilities = a_copy(&gift));
    a.place(A2, 12.0, 10.0);
    a.place(B, 25.0, 20.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.end_round(&[A2, B], B);
    a.activate(A);
    a.give_dice(Side::A, &[(3, 2)]);
    let why = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    let name = a.fighter(A).name.to_string();
    assert!(
        why.contains(&format!("{name} has used Test Gift already this battle")),
        "{why}"
    );
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.activate(A2);
    a.give_dice(Side::A, &[(3, 2)]);
    a.use_ability(A2, "Test Gift", 3, None).unwrap();
}

fn a_copy(effects: &[Effect]) -> Vec<warcry_sim::rules::abilities::AbilityDef> {
    use warcry_sim::rules::abilities::DiceCost;
    vec![super::arena::ability(
        "Test Gift",
        DiceCost::Double,
        effects.to_vec(),
    )]
}

/// ABL-5, "allocate a number of damage points to that enemy fighter equal to twice the number
/// of friendly fighters with the Hero runemark within 3" of them": A and A2 (Heroes) within 3"
/// of B, A3 (no Hero) too: 4 damage (A3 and B's own side not counted).
#[test]
fn abl5_damage_counts_the_marked_friends_round_the_enemy() {
    use warcry_sim::model::effects::{ANYWHERE, Marks};
    let count = Effect::DamagePerFriendNear {
        range: ANYWHERE,
        per: 2,
        marks: Marks::of(&["hero"], &[]).unwrap(),
        near: 3.0,
    };
    let mut a = with_ability(vec![count], 3);
    for (id, marks) in [
        (A, vec!["hero"]),
        (A2, vec!["hero"]),
        (FighterId(4), vec![]),
    ] {
        a.profile(id, |p| {
            p.runemarks = marks.iter().map(|m| m.to_string()).collect()
        });
    }
    a.place(B, 11.5, 10.0);
    a.place(A2, 13.0, 10.0);
    a.place(FighterId(4), 11.5, 11.5);
    a.place(B2, 25.0, 18.0);
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    assert_eq!(a.damage(B), 4);
}

/// GEN-1 with ABL-5, "a fighter can only use this ability if they are within 1" of an
/// obstacle": refused with a 3"-tall wall 2" from A's base (the reason says so), allowed once
/// the wall stands 0.5" from it; a platform as near does not count.
#[test]
fn abl5_an_ability_used_only_near_an_obstacle() {
    use warcry_sim::model::effects::Condition;
    use warcry_sim::model::formats::{TerrainKind, TerrainPiece};
    let gift = vec![
        Effect::Requires(Condition::NearObstacle(1.0)),
        Effect::BonusMove { max: None },
    ];
    // A's 25 mm base reaches 0.49" from its centre at (10, 10).
    let wall = |kind, x: f32| TerrainPiece::on_floor("wall", kind, (x, 10.0), (1.0, 6.0), 3.0);
    let mut a = with_ability(gift.clone(), 3);
    a.add_terrain(wall(TerrainKind::Obstacle, 10.49 + 2.0 + 0.5));
    let why = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(why.contains("is not within 1\" of an obstacle"), "{why}");
    let mut a = with_ability(gift.clone(), 3);
    a.add_terrain(wall(TerrainKind::Platform, 10.49 + 0.5 + 0.5));
    assert!(
        a.use_ability(A, "Test Gift", 3, None).is_err(),
        "a platform"
    );
    let mut a = with_ability(gift, 3);
    a.add_terrain(wall(TerrainKind::Obstacle, 10.49 + 0.5 + 0.5));
    a.use_ability(A, "Test Gift", 3, None).unwrap();
}

/// The bonus actions waiting in the activation.
fn bonuses(a: &mut super::arena::Arena) -> Vec<warcry_sim::rules::engine::Bonus> {
    a.engine()
        .activation
        .clone()
        .map(|s| s.bonus)
        .unwrap_or_default()
}

/// CMB-2 with ABL-5, "pick up to 1 visible friendly fighter within 6" of this fighter; those
/// fighters can each make a bonus move action of up to 3"": A2 (nearest) and A3 wait in turn;
/// the player lets A2's go (CMB-2: offered, not owed) and moves A3, at most 3"; then none is
/// left. Moving A2 instead, A3's goes with it, and the log says so.
#[test]
fn cmb2_abl5_the_player_picks_friends_by_letting_bonuses_go() {
    use warcry_sim::model::effects::{Amount, Aura};
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
    let set_up = || {
        let mut a = with_ability(vec![picked.clone()], 3);
        a.place(A2, 10.0, 12.0);
        a.place(A3, 14.0, 10.0);
        a.place(B, 30.0, 20.0);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        a
    };
    let mut a = set_up();
    let queue = bonuses(&mut a);
    assert_eq!(queue.len(), 2, "{queue:?}");
    assert_eq!(
        queue[0],
        Bonus::FriendMove {
            fighter: A2,
            max: 3.0,
            closer: false,
        }
    );
    let n = a.log_len();
    a.apply(Command::PassBonus { fighter: A }).unwrap();
    assert!(a.walk(A3, [14.0, 0.0, 13.6]).is_err(), "farther than 3\"");
    a.walk(A3, [14.0, 0.0, 12.5]).unwrap();
    assert!(bonuses(&mut a).is_empty());
    let said = said_since(&mut a, n).join("\n");
    assert!(said.contains("lets the bonus"), "{said}");
    let mut a = set_up();
    let n = a.log_len();
    a.walk(A2, [10.0, 0.0, 14.0]).unwrap();
    assert!(bonuses(&mut a).is_empty(), "A3's went with A2's move");
    let said = said_since(&mut a, n).join("\n");
    assert!(said.contains("have made their bonus actions"), "{said}");
}

/// ABL-5, "a fighter can only use this ability if an enemy fighter has been taken down this
/// battle round": refused before B is taken down (said so), allowed after.
#[test]
fn abl5_an_ability_used_once_an_enemy_was_taken_down_this_round() {
    use warcry_sim::model::effects::Condition;
    let gift = vec![
        Effect::Requires(Condition::EnemyTakenDownThisRound),
        Effect::BonusMove { max: None },
    ];
    let mut a = with_ability(gift, 3);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| {
        p.weapons = vec![super::arena::weapon(1.0, 4, 5, (10, 10))]
    });
    a.profile(B, |p| p.wounds = 5);
    a.place(B, 11.5, 10.0);
    let why = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(
        why.contains("no enemy fighter has been taken down this battle round"),
        "{why}"
    );
    a.dice(&[6, 6, 6, 6]);
    a.apply(Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    })
    .unwrap();
    assert!(!a.fighter(B).on_board(), "B is down");
    a.use_ability(A, "Test Gift", 3, None).unwrap();
}

/// ABL-5, "add 2 to the damage points allocated to enemy fighters by each hit and critical hit
/// from the next melee attack action made by this fighter in this activation that targets an
/// enemy fighter that has activated this battle round": on B (not activated) a hit deals 1;
/// the raise waits and B2 (activated) takes 1 + 2 from its hit.
#[test]
fn abl5_a_raise_for_the_next_attack_on_an_enemy_that_has_activated() {
    use warcry_sim::model::components::Activation;
    use warcry_sim::model::effects::{Amount, AttackKind, Stat, TargetIs};
    let raise = |stat| Effect::NextBoost {
        stat,
        by: Amount::Fixed(2),
        only: Some(AttackKind::Melee),
    };
    let boost = Effect::TargetBoost {
        target: TargetIs::Activated,
        then: vec![raise(Stat::Damage), raise(Stat::CritDamage)],
    };
    let mut a = with_ability(vec![boost], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| {
        p.weapons = vec![super::arena::weapon(1.0, 1, 4, (1, 2))]
    });
    for id in [B, B2] {
        a.profile(id, |p| (p.wounds, p.toughness) = (30, 4));
    }
    a.place(B, 11.5, 10.0);
    a.place(B2, 10.0, 11.5);
    a.set(B2, Activation::Activated);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.dice(&[4]);
    a.apply(Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    })
    .unwrap();
    assert_eq!(a.damage(B), 1, "B has not activated: no raise");
    a.dice(&[4]);
    a.apply(Command::Attack {
        fighter: A,
        target: B2,
        weapon: 0,
    })
    .unwrap();
    assert_eq!(a.damage(B2), 3, "the raise waited for B2");
}

/// ABL-5, "allocate a number of damage points equal to the value of this ability to this
/// fighter and to all visible fighters within 3" of this fighter": at value 4, A, A2 (a friend)
/// and B take 4; B2, 6" away, nothing.
#[test]
fn abl5_damage_to_this_fighter_and_every_fighter_round_it() {
    use warcry_sim::model::effects::Amount;
    let flask = Effect::DamageAll {
        range: 3.0,
        amount: Amount::Value,
    };
    let mut a = with_ability(vec![flask], 4);
    for id in [A, A2, B, B2] {
        a.profile(id, |p| p.wounds = 20);
    }
    a.place(A2, 12.0, 10.0);
    a.place(B, 10.0, 12.0);
    a.place(B2, 17.0, 10.0);
    a.use_ability(A, "Test Gift", 4, None).unwrap();
    let dealt: Vec<u32> = [A, A2, B, B2].iter().map(|id| a.damage(*id)).collect();
    assert_eq!(dealt, [4, 4, 4, 0]);
}

/// ABL-5, "a fighter can only use this ability if another friendly fighter with the Minion
/// runemark has made an attack action in this battle round": refused while none has (said
/// so), and while only A itself has; allowed once A2 (a Minion) has attacked.
#[test]
fn abl5_an_ability_used_once_a_marked_friend_has_attacked_this_round() {
    use warcry_sim::model::effects::{Condition, Marks};
    let gift = vec![
        Effect::Requires(Condition::FriendAttackedThisRound(
            Marks::of(&["minion"], &[]).unwrap(),
        )),
        Effect::BonusMove { max: None },
    ];
    let mut a = with_ability(gift, 3);
    a.rules(|r| r.reactions = false);
    for id in [A, A2] {
        a.profile(id, |p| p.runemarks = vec!["minion".into()]);
        a.profile(id, |p| {
            p.weapons = vec![super::arena::weapon(1.0, 1, 3, (1, 1))]
        });
    }
    a.profile(B, |p| p.wounds = 30);
    a.place(B, 11.5, 10.0);
    a.place(A2, 13.0, 10.0);
    let why = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(
        why.contains("has made an attack action this battle round"),
        "{why}"
    );
    a.dice(&[1]);
    let own = Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    };
    a.apply(own).unwrap();
    assert!(
        a.use_ability(A, "Test Gift", 3, None).is_err(),
        "its own attack"
    );
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.activate(A2);
    a.dice(&[1]);
    a.apply(Command::Attack {
        fighter: A2,
        target: B,
        weapon: 0,
    })
    .unwrap();
    a.apply(Command::EndActivation { fighter: A2 }).unwrap();
    a.set(A, warcry_sim::model::components::Activation::Ready);
    a.activate(A);
    a.give_dice(warcry_sim::model::ids::Side::A, &[(3, 2)]);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
}

/// ABL-5, "pick a friendly fighter within 12" of this fighter. Remove that fighter from the
/// battlefield and then immediately set them up anywhere on the battlefield within 6" of this
/// fighter": A2, 10" away, is set up at the place its player names, 3" from A; a place 9" from
/// A is refused (the reason says where it may go).
#[test]
fn abl5_a_friend_is_set_up_again_near_this_fighter() {
    use warcry_sim::model::effects::FriendPick;
    let gift = Effect::FriendSetUp {
        pick: FriendPick::new(12.0, false, Default::default()),
        within: 6.0,
        wholly: false,
    };
    let mut a = with_ability(vec![gift], 3);
    a.place(A2, 20.0, 10.0);
    a.place(B, 30.0, 20.0);
    let far = Command::Ability {
        fighter: A,
        ability: "Test Gift".into(),
        dice: 3,
        target: Some(A2),
        place: Some([10.0, 0.0, 19.0]),
        choice: 0,
    };
    let why = a.rejected(far).reason;
    assert!(why.contains("can't be set up there"), "{why}");
    a.apply(Command::Ability {
        fighter: A,
        ability: "Test Gift".into(),
        dice: 3,
        target: Some(A2),
        place: Some([10.0, 0.0, 13.0]),
        choice: 0,
    })
    .unwrap();
    let at = a.fighter(A2).pos;
    assert!(
        (at.x - 10.0).abs() < 0.3 && (at.z - 13.0).abs() < 0.3,
        "{at:?}"
    );
}

/// ABL-5, "choose a friendly fighter ... within 3" of this fighter. Remove that fighter from
/// the battlefield and then immediately set them up anywhere on the battlefield more than 4"
/// from all enemy fighters": A2 is set up at the place named, far across the battlefield; a
/// place 2" from B is refused.
#[test]
fn abl5_a_friend_is_set_up_again_anywhere_away_from_enemies() {
    use warcry_sim::model::effects::FriendPick;
    let gift = Effect::FriendRelocate {
        pick: FriendPick::new(3.0, false, Default::default()),
        away: 4.0,
    };
    let mut a = with_ability(vec![gift], 3);
    a.place(A2, 12.0, 10.0);
    a.place(B, 20.0, 10.0);
    let at = |x: f32, z: f32| Command::Ability {
        fighter: A,
        ability: "Test Gift".into(),
        dice: 3,
        target: Some(A2),
        place: Some([x, 0.0, z]),
        choice: 0,
    };
    let why = a.rejected(at(22.5, 10.0)).reason;
    assert!(why.contains("more than 4\" from every enemy"), "{why}");
    a.apply(at(25.0, 3.0)).unwrap();
    let p = a.fighter(A2).pos;
    assert!((p.x - 25.0).abs() < 0.3 && (p.z - 3.0).abs() < 0.3, "{p:?}");
}

/// ABL-5, "at the end of the battle round, allocate a number of damage points equal to half
/// the value of this ability (rounded up) to each visible enemy fighter within 1" of this
/// fighter": used at 5, nothing happens until the round ends; then B, within 1" of A, takes 3
/// and B2, 6" away, nothing; the next round nothing more.
#[test]
fn abl5_damage_to_the_enemies_round_it_at_the_end_of_the_round() {
    use warcry_sim::model::effects::Amount;
    let lash = Effect::DamageAtRoundEnd {
        range: 1.0,
        amount: Amount::HalfValueUp,
        visible: true,
    };
    let mut a = with_ability(vec![lash], 5);
    for id in [B, B2] {
        a.profile(id, |p| p.wounds = 20);
    }
    a.place(B, 11.5, 10.0);
    a.place(B2, 16.0, 10.0);
    a.use_ability(A, "Test Gift", 5, None).unwrap();
    assert_eq!(a.damage(B), 0, "not yet");
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.end_round(&[B, B2], B);
    assert_eq!((a.damage(B), a.damage(B2)), (3, 0));
    a.end_round(&[A, B, B2], B);
    assert_eq!(a.damage(B), 3, "only the round it was used");
}
