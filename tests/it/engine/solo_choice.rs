//! Issue 30: the solo AI's choices around abilities as data (SOLO-C1) and the bonus actions
//! they give (CMB-2, ABL-5), as the random warbands of the whole community set met them.

use super::faction::with_ability;
use warcry_sim::model::effects::{Amount, Effect, FriendPick, Restriction, Stat};
use warcry_sim::model::ids::FighterId;
use warcry_sim::rules::command::Command;

const A: FighterId = FighterId(2);
const A2: FighterId = FighterId(3);
const B: FighterId = FighterId(10);

/// What the solo AI would do now.
fn advice(a: &mut super::arena::Arena) -> Command {
    warcry_sim::ai::solo::advise(a.world()).unwrap().command
}

/// SOLO-C1: a double that raises A's Move and Rush (a double too) would both do something
/// before a move: the rules leave the tie open; the fighter's own ability is used, not the
/// universal one (the README's reading). Before, Rush, listed first, was always taken.
#[test]
fn solo_c1_the_fighters_own_ability_before_a_universal_one_paid_alike() {
    let stride = Effect::Boost {
        stat: Stat::Move,
        by: Amount::Fixed(1),
        melee_only: false,
        missile_only: false,
    };
    let mut a = with_ability(vec![stride], 3);
    a.place(B, 10.0, 30.0);
    let c = advice(&mut a);
    assert!(
        matches!(&c, Command::Ability { ability, .. } if ability == "Test Gift"),
        "{c:?}"
    );
}

/// CMB-2, ABL-5: "a bonus move action of up to 2" that finishes closer to the closest enemy it
/// can see", with both of A's actions left: the AI's move is one the engine takes (as the
/// bonus: 2" at most, closer to B), not its full 4" move read as the bonus and refused.
#[test]
fn cmb2_abl5_the_ais_move_fits_the_bonus_move_it_would_be_read_as() {
    let closer = Effect::BonusMoveCloser {
        max: Some(Amount::Fixed(2)),
    };
    let mut a = with_ability(vec![closer], 3);
    a.profile(A, |p| p.movement = 4);
    a.place(B, 10.0, 30.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let before = a.fighter(A).pos;
    let c = advice(&mut a);
    a.apply(c.clone())
        .unwrap_or_else(|e| panic!("{c:?}: {}", e.reason));
    let moved = a.fighter(A).pos.distance(before);
    assert!(moved > 0.5 && moved <= 2.0 + 1e-3, "{moved}");
}

/// CMB-2, ABL-5: a friend's bonus move of up to 6" waits, but A2, barred from moving, has none
/// to make;
/// A (Move 3) moves itself, declining it: its move is planned with its own 3", not the
/// friend's 6".
#[test]
fn cmb2_abl5_a_friends_bonus_move_does_not_lengthen_the_active_fighters_move() {
    let friend = Effect::FriendBonusMove {
        pick: FriendPick::new(4.0, false, Default::default()),
        or_attack: false,
        max: None,
    };
    let mut a = with_ability(vec![friend], 3);
    a.profile(A, |p| p.movement = 3);
    a.profile(A2, |p| p.movement = 6);
    a.place(A2, 10.0, 8.0);
    a.place(B, 10.0, 30.0);
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    a.engine().bar(A2, Restriction::Move);
    let c = advice(&mut a);
    assert!(matches!(c, Command::Move { fighter: A, .. }), "{c:?}");
    a.apply(c.clone())
        .unwrap_or_else(|e| panic!("{c:?}: {}", e.reason));
}

/// SOLO-C1: "allocate 3 damage points to a friendly fighter within 3"; remove the value of
/// damage from this fighter": the AI (hurt) names the friend that survives it (A3, unhurt), not
/// the nearer one it would take down (A2, 2 wounds left); with only that one near, it doesn't
/// use the ability at all.
#[test]
fn solo_c1_an_ability_never_takes_the_ais_own_friend_down() {
    use warcry_sim::model::components::Damage;
    const A3: FighterId = FighterId(4);
    let siphon = vec![
        Effect::FriendDamage {
            pick: FriendPick::new(3.0, false, Default::default()),
            amount: Amount::Fixed(3),
        },
        Effect::Heal {
            amount: Amount::Value,
        },
    ];
    let setup = |a3: bool| {
        let mut a = with_ability(siphon.clone(), 3);
        a.set(A, Damage(6));
        a.profile(A2, |p| p.wounds = 8);
        a.set(A2, Damage(6));
        a.place(A2, 10.0, 11.5);
        a.place(A3, if a3 { 12.0 } else { 30.0 }, 10.0);
        a.place(B, 30.0, 30.0);
        a
    };
    let mut a = setup(true);
    let c = advice(&mut a);
    assert!(
        matches!(&c, Command::Ability { ability, target: Some(t), .. } if ability == "Test Gift" && *t == A3),
        "{c:?}"
    );
    let mut a = setup(false);
    let c = advice(&mut a);
    assert!(
        !matches!(&c, Command::Ability { ability, .. } if ability == "Test Gift"),
        "{c:?}"
    );
}

/// SOLO-C1: the solo AI doesn't gamble its own fighter: an ability dealing an enemy in reach
/// damage equal to a roll, that takes this fighter down on a 5+ (Sucking Proboscis), is left
/// unused; without that clause it is used on the enemy beside A.
#[test]
fn solo_c1_no_ability_whose_dice_may_take_its_own_fighter_down() {
    use warcry_sim::model::effects::Roll;
    let as_rolled = Effect::DamageOne {
        range: 1.0,
        amount: Amount::Fixed(0),
        roll: Some(Roll {
            dice: Amount::Fixed(1),
            bands: (1..=6)
                .map(|r| (r, r, Amount::Fixed(u32::from(r))))
                .collect(),
            ..Roll::default()
        }),
        only: None,
    };
    let down = Effect::OnRolled {
        least: 5,
        per_roll: false,
        then: vec![Effect::SelfTakenDown],
    };
    for (effects, used) in [
        (vec![as_rolled.clone(), down], false),
        (vec![as_rolled], true),
    ] {
        let mut a = with_ability(effects, 3);
        a.place(B, 11.5, 10.0);
        let c = advice(&mut a);
        let gift = matches!(&c, Command::Ability { ability, .. } if ability == "Test Gift");
        assert_eq!(gift, used, "{c:?}");
    }
}

/// SOLO-C1: an ability that gives up its own fighter ("then, this fighter is taken down") is
/// used only by a fighter with half its wounds or more gone: A, unhurt, keeps itself; hurt to
/// half, it trades itself for the damage to the enemy beside it.
#[test]
fn solo_c1_a_fighter_gives_itself_up_only_near_its_end() {
    use warcry_sim::model::components::Damage;
    let blast = vec![
        Effect::DamageEach {
            range: 3.0,
            amount: Amount::Fixed(3),
            roll: None,
            visible: false,
        },
        Effect::SelfTakenDown,
    ];
    for (damage, used) in [(0, false), (5, true)] {
        let mut a = with_ability(blast.clone(), 3);
        a.profile(A, |p| p.wounds = 10);
        a.set(A, Damage(damage));
        a.place(B, 11.5, 10.0);
        let c = advice(&mut a);
        let gift = matches!(&c, Command::Ability { ability, .. } if ability == "Test Gift");
        assert_eq!(gift, used, "damage {damage}: {c:?}");
    }
}
