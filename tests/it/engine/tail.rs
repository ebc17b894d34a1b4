//! Issue 30, ninth session: more of the long tail's effects run by the engine, in our own
//! words, with injected dice.

use super::faction::{a_on_b, said_since, with_ability};
use warcry_sim::model::effects::{Amount, Aura, Effect, Marks, Stat};
use warcry_sim::model::ids::{FighterId, Side};

const A: FighterId = FighterId(2);
const A2: FighterId = FighterId(3);
const B: FighterId = FighterId(10);
const B2: FighterId = FighterId(11);

/// INI-3, ABL-5: "roll 3 dice; for each 4+, your opponent discards one of their saved wild
/// dice": rolls of 5, 4 and 1 take 2 of the other side's 3; with 1 saved, it loses that one.
#[test]
fn ini3_abl5_the_other_side_discards_saved_wild_dice() {
    let discard = Effect::DiscardEnemyWildDice {
        dice: Amount::Fixed(3),
        least: 4,
    };
    for (saved, left) in [(3, 1), (1, 0)] {
        let mut a = with_ability(vec![discard.clone()], 3);
        a.place(B, 30.0, 30.0);
        a.engine().dice[Side::B].saved = saved;
        a.engine().dice[Side::A].saved = 2;
        let n = a.log_len();
        a.dice(&[5, 4, 1]);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        assert_eq!(a.engine().dice[Side::B].saved, left, "{saved} saved");
        assert_eq!(
            a.engine().dice[Side::A].saved,
            2,
            "its own side keeps its dice"
        );
        let said = said_since(&mut a, n);
        let gone = saved - left;
        assert!(
            said.iter()
                .any(|l| l.contains(&format!("the other side discards {gone} of its saved"))),
            "{said:?}"
        );
    }
}

/// ABL-5: "add 1 to the Strength of melee attacks made by this fighter and by visible friends
/// with the Tidecallers runemark within 6"": A (a Tidecaller itself) is raised once, not
/// twice; A2, a Tidecaller 3" away, is raised too.
#[test]
fn abl5_this_fighter_and_its_marked_friends_are_raised_once() {
    let raise = |aura| Effect::RoundBoost {
        stat: Stat::Strength,
        by: Amount::Fixed(1),
        melee_only: true,
        aura,
        missile_only: false,
    };
    let aura = Aura {
        range: 6.0,
        visible: true,
        others: true,
        marks: Marks::of(&["tidecallers"], &[]).unwrap(),
        not: Marks::default(),
        tough: 0,
        hurt: false,
        ..Aura::default()
    };
    let mut a = with_ability(vec![raise(None), raise(Some(aura))], 3);
    for id in [A, A2] {
        a.profile(id, |p| p.runemarks.push("tidecallers".into()));
    }
    a.place(A2, 10.0, 13.0);
    a.place(B, 11.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert_eq!(a_on_b(&mut a, 0).strength, 4, "3 and 1, once");
    let w = a.world();
    let all = warcry_sim::rules::engine::fighters(w);
    let f = all.iter().find(|o| o.id == A2).unwrap();
    let t = all.iter().find(|o| o.id == B).unwrap();
    let weapon = (f.profile.weapons.iter())
        .position(|w| w.is_melee())
        .unwrap();
    let roll = warcry_sim::rules::actions::attack_roll(w, &all, f, t, weapon, false);
    assert_eq!(
        roll.map(|r| r.strength),
        Some(f.profile.weapons[weapon].strength + 1)
    );
}

/// CMB-2, ABL-5: "a bonus attack action that targets that fighter" (the enemy picked within
/// 2"): with no action of its own left, A's bonus attack on B2 is refused (the bonus attack on
/// B comes first), the options offer B alone, and the attack on B is the bonus.
#[test]
fn cmb2_abl5_a_bonus_attack_on_the_enemy_picked_only() {
    use warcry_sim::rules::command::Command;
    use warcry_sim::rules::options::{Decision, options};
    let at = Effect::BonusAttackAt {
        range: 2.0,
        visible: false,
        runemark: None,
        only: None,
        melee: false,
    };
    let mut a = with_ability(vec![at], 3);
    a.rules(|r| r.reactions = false);
    for id in [B, B2] {
        a.profile(id, |p| p.wounds = 30);
    }
    a.place(B, 11.5, 10.0);
    a.place(B2, 10.0, 11.5);
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    a.engine().activation.as_mut().unwrap().actions_left = 0;
    let Decision::Action(opts) = options(a.world()).decision else {
        panic!("an action")
    };
    assert!(
        opts.attacks.iter().all(|o| o.target == B),
        "{:?}",
        opts.attacks
    );
    let on_b2 = Command::Attack {
        fighter: A,
        target: B2,
        weapon: 0,
    };
    assert!(a.rejected(on_b2).reason.contains("bonus attack on"));
    a.dice(&[4, 4]);
    a.attack_logged(A, B, 0);
    assert_eq!(a.damage(B), 2);
}

/// CMB-2, ABL-5: "a bonus attack action with its spear": refused to a fighter with no spear;
/// with one, its sword can't take the bonus, its spear does.
#[test]
fn cmb2_abl5_a_bonus_attack_with_one_weapon() {
    use super::arena::weapon;
    use warcry_sim::rules::command::Command;
    let with = Effect::BonusAttackWith {
        runemark: "spear".into(),
    };
    let mut a = with_ability(vec![with.clone()], 3);
    a.place(B, 11.5, 10.0);
    let no = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(no.starts_with("Orvi has no spear"), "{no}");

    let mut a = with_ability(vec![with], 3);
    a.rules(|r| r.reactions = false);
    let armed = |m: &str| {
        let mut w = weapon(1.0, 2, 3, (1, 2));
        w.runemark = Some(m.into());
        w
    };
    a.profile(A, |p| p.weapons = vec![armed("sword"), armed("spear")]);
    a.profile(B, |p| p.wounds = 30);
    a.place(B, 11.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.engine().activation.as_mut().unwrap().actions_left = 0;
    let sword = Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    };
    assert!(a.rejected(sword).reason.contains("bonus attack with"));
    a.dice(&[4, 4]);
    a.attack_logged(A, B, 1);
    assert_eq!(a.damage(B), 2);
}

/// ABL-5: "while targeting an enemy fighter with a Wounds characteristic of 25 or more, count
/// each hit as a critical hit": hits of 4 and 5 (against Toughness 4) deal the critical
/// damage on B (Wounds 30), the hit's on B2 (Wounds 10); the odds read the same.
#[test]
fn abl5_every_hit_a_critical_hit_against_a_big_enemy_only() {
    use super::arena::weapon;
    use warcry_sim::model::effects::TargetIs;
    let big = Effect::TargetBoost {
        target: TargetIs::WoundsAtLeast(25),
        then: vec![Effect::HitsAsCrits { only: None }],
    };
    let mut a = with_ability(vec![big], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.weapons = vec![weapon(1.0, 2, 4, (1, 3))]);
    for (id, wounds) in [(B, 30), (B2, 10)] {
        a.profile(id, |p| {
            p.wounds = wounds;
            p.toughness = 4;
        });
    }
    a.place(B, 11.5, 10.0);
    a.place(B2, 10.0, 11.5);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert!(a_on_b(&mut a, 0).hits_as_crits >= 2);
    a.dice(&[4, 5]);
    a.attack_logged(A, B, 0);
    a.dice(&[4, 5]);
    a.attack_logged(A, B2, 0);
    assert_eq!((a.damage(B), a.damage(B2)), (6, 2));
}

/// ABL-5: "the next attack action scores a critical hit on a 5+ if the target already has 5 or
/// more damage points allocated to them": on B, hurt 5, a 5 is a critical hit; the next attack
/// after it (spent) is plain again.
#[test]
fn abl5_a_lower_critical_roll_against_a_hurt_enemy_for_the_next_attack() {
    use super::arena::weapon;
    use warcry_sim::model::components::Damage;
    use warcry_sim::model::effects::TargetIs;
    let cruel = Effect::TargetBoost {
        target: TargetIs::Damaged(5),
        then: vec![Effect::CritOn {
            least: 5,
            only: None,
            next: true,
        }],
    };
    let mut a = with_ability(vec![cruel], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.weapons = vec![weapon(1.0, 1, 4, (1, 3))]);
    a.profile(B, |p| {
        p.wounds = 30;
        p.toughness = 4;
    });
    a.set(B, Damage(5));
    a.place(B, 11.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert_eq!(a_on_b(&mut a, 0).crit_on, 5);
    a.dice(&[5]);
    a.attack_logged(A, B, 0);
    assert_eq!(a.damage(B), 5 + 3);
    assert_eq!(a_on_b(&mut a, 0).crit_on, 6, "spent");
    a.dice(&[5]);
    a.attack_logged(A, B, 0);
    assert_eq!(a.damage(B), 8 + 1);
}

/// CMB-2, ABL-5: "pick a visible friendly fighter within 4"; that fighter makes a bonus melee
/// attack action": A2's missile weapon can't take the bonus (refused, nothing changes), its
/// melee weapon does.
#[test]
fn cmb2_abl5_a_friends_bonus_melee_attack() {
    use super::arena::weapon;
    use warcry_sim::rules::command::Command;
    let whip = Effect::FriendBonusAttack {
        range: 4.0,
        visible: true,
        runemark: None,
        marks: Marks::default(),
        melee: true,
        weapon: Default::default(),
    };
    let mut a = with_ability(vec![whip], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A2, |p| {
        p.weapons = vec![weapon(10.0, 2, 3, (1, 2)), weapon(1.0, 2, 3, (1, 2))];
    });
    a.profile(B, |p| p.wounds = 30);
    a.place(A2, 10.0, 12.0);
    a.place(B, 11.5, 12.0);
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    let shot = Command::Attack {
        fighter: A2,
        target: B,
        weapon: 0,
    };
    assert!(a.rejected(shot).reason.contains("melee attack of"));
    a.dice(&[4, 4]);
    a.attack_logged(A2, B, 1);
    assert_eq!(a.damage(B), 2);
}

/// ABL-5: "remove up to the value of damage from each friendly fighter with both the Ironclad
/// and the Destroyer runemarks within 6"": A2 (both) is healed, A3 (Ironclad only) is not, nor
/// is A itself (not a Destroyer).
#[test]
fn abl5_a_heal_of_each_marked_friend_in_reach() {
    use warcry_sim::model::components::Damage;
    const A3: FighterId = FighterId(4);
    let heal = Effect::HealEach {
        range: 6.0,
        visible: false,
        others: false,
        amount: Amount::Value,
        dice: None,
        marks: Marks::of(&["ironclad", "destroyer"], &[]).unwrap(),
    };
    let mut a = with_ability(vec![heal], 3);
    a.profile(A2, |p| {
        p.runemarks.extend(["ironclad".into(), "destroyer".into()])
    });
    a.profile(A3, |p| p.runemarks.push("ironclad".into()));
    a.place(A2, 10.0, 13.0);
    a.place(A3, 13.0, 10.0);
    a.place(B, 30.0, 30.0);
    for id in [A, A2, A3] {
        a.set(id, Damage(5));
    }
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert_eq!((a.damage(A), a.damage(A2), a.damage(A3)), (5, 2, 5));
}
