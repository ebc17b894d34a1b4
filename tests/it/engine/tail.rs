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
