//! Issue 30, fourth session: effects that last the battle round or the battle, and picks that
//! mark an enemy, in our own words, run by the engine with injected dice.

use super::arena::weapon;
use super::faction::with_ability;
use warcry_sim::model::RuleId;
use warcry_sim::model::effects::{Aura, Effect, Guard, Marks};
use warcry_sim::model::ids::FighterId;
use warcry_sim::rules::command::Command;

const A: FighterId = FighterId(2);
const A2: FighterId = FighterId(3);
const B: FighterId = FighterId(10);

/// Issue 30: "until the end of the battle round, friendly fighters with the Hero runemark
/// cannot be targeted while they are within 4" of this fighter": B can't attack A2 (a hero,
/// 3" from A), refused by ABL-5; without the Hero runemark A2 can be attacked.
#[test]
fn abl5_heroes_near_this_fighter_cannot_be_targeted() {
    for (marks, refused) in [(vec!["hero".to_string()], true), (Vec::new(), false)] {
        let mut aura = Aura::within(4.0, false);
        aura.marks = Marks::of(&[], &["hero"]).unwrap();
        let guard = vec![Effect::RoundGuard {
            guard: Guard::Untargetable,
            aura: Some(aura),
        }];
        let mut a = with_ability(guard, 3);
        a.rules(|r| r.reactions = false);
        a.profile(A2, |p| p.runemarks = marks);
        a.profile(B, |p| p.weapons = vec![weapon(1.0, 4, 5, (2, 4))]);
        a.place(A2, 13.0, 10.0);
        a.place(B, 14.5, 10.0);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        a.activate(B);
        let attack = Command::Attack {
            fighter: B,
            target: A2,
            weapon: 0,
        };
        if refused {
            let r = a.rejected(attack);
            assert_eq!(r.rule, RuleId::Abl5, "{}", r.reason);
            assert!(r.reason.contains("can't be targeted"), "{}", r.reason);
        } else {
            a.apply(attack).unwrap();
        }
    }
}

/// Issue 30, ATK-3: "in the next melee attack action made by this fighter, critical hits are
/// scored on a 5+ for that attack action": 5, 5, 4 (S3 v T3) are two critical hits and a hit
/// in the first attack, the exact odds agreeing; the second attack's 5s are hits again.
#[test]
fn atk3_abl5_the_next_attack_scores_critical_hits_on_a_lower_roll() {
    use warcry_sim::model::effects::AttackKind;
    use warcry_sim::rules::actions::attack_roll;
    use warcry_sim::rules::engine::fighters;
    use warcry_sim::rules::log::Event;
    let next = Effect::CritOn {
        least: 5,
        only: Some(AttackKind::Melee),
        next: true,
    };
    let mut a = with_ability(vec![next], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.weapons = vec![weapon(1.0, 3, 3, (1, 4))]);
    a.profile(B, |p| {
        p.toughness = 3;
        p.wounds = 40;
    });
    a.place(B, 11.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let crit_on = |a: &mut super::arena::Arena| {
        let all = fighters(a.world());
        let of = |id| all.iter().find(|f| f.id == id).unwrap();
        attack_roll(a.world(), &all, of(A), of(B), 0, false)
            .unwrap()
            .crit_on
    };
    assert_eq!(crit_on(&mut a), 5);
    a.dice(&[5, 5, 4]);
    let Event::Attack { hits, crits, .. } = a.attack_logged(A, B, 0) else {
        panic!("an attack")
    };
    assert_eq!((hits, crits), (1, 2));
    assert_eq!(crit_on(&mut a), 6, "spent by that attack");
    a.dice(&[5, 5, 4]);
    let Event::Attack { hits, crits, .. } = a.attack_logged(A, B, 0) else {
        panic!("an attack")
    };
    assert_eq!((hits, crits), (3, 0));
}

/// Issue 30, CMB-1: "pick a visible enemy fighter within 6" of this fighter. That fighter
/// cannot activate or make reactions in this battle round": B counts as activated, so side B
/// has no fighter left to activate, and B can make no reaction.
#[test]
fn cmb1_abl5_a_picked_enemy_cannot_activate_this_round() {
    use warcry_sim::model::components::Activation;
    use warcry_sim::model::effects::Restriction;
    use warcry_sim::model::ids::Side;
    use warcry_sim::rules::engine::activatable;
    let bar = Effect::Restrict {
        range: 6.0,
        visible: true,
        actions: vec![Restriction::Activate, Restriction::Reactions],
        only: None,
    };
    let mut a = with_ability(vec![bar], 3);
    a.place(B, 14.0, 10.0);
    assert_eq!(activatable(a.world(), Side::B), [B]);
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    assert_eq!(a.fighter(B).activation, Activation::Activated);
    assert!(activatable(a.world(), Side::B).is_empty());
    assert!(!a.fighter(B).can_react());
}

/// Issue 30, GEN-3: "allocate ... to each enemy fighter within 3" of this fighter" reaches
/// enemies this fighter can't see; "each visible enemy" does not (B2 behind a tall wall).
#[test]
fn gen3_abl5_damage_to_each_enemy_in_reach_seen_or_not() {
    use warcry_sim::model::effects::Amount;
    use warcry_sim::model::formats::{TerrainKind, TerrainPiece};
    const B2: FighterId = FighterId(11);
    for (visible, hurt) in [(true, 0), (false, 2)] {
        let each = Effect::DamageEach {
            range: 3.0,
            amount: Amount::Value,
            roll: None,
            visible,
        };
        let mut a = with_ability(vec![each], 2);
        let wall =
            TerrainPiece::on_floor("wall", TerrainKind::Obstacle, (8.5, 10.0), (0.4, 6.0), 6.0);
        a.add_terrain(wall);
        a.place(B, 12.0, 10.0);
        a.place(B2, 7.2, 10.0);
        a.use_ability(A, "Test Gift", 2, None).unwrap();
        assert_eq!((a.damage(B), a.damage(B2)), (2, hurt), "visible: {visible}");
    }
}

/// Issue 30: "pick an enemy fighter within 12" of this fighter. Until the end of the battle
/// round, add 1 to the Attacks characteristic of attack actions that target that fighter":
/// A's 2-attack weapon rolls 3 dice at B (the exact odds agree), said in the log; "... add 3
/// to the damage points allocated by each critical hit for attacks that target that fighter":
/// a critical hit of 2 deals 5.
#[test]
fn abl5_a_picked_enemy_is_exposed_to_the_attacks_on_it() {
    use warcry_sim::model::effects::{Amount, Stat};
    use warcry_sim::rules::actions::attack_roll;
    use warcry_sim::rules::engine::fighters;
    use warcry_sim::rules::log::Event;
    for (stat, by, dice, damage) in [
        (Stat::Attacks, 1, vec![4, 4, 4], 3),
        (Stat::CritDamage, 3, vec![6, 1], 5),
    ] {
        let expose = Effect::ExposePicked {
            range: 12.0,
            visible: false,
            stat,
            by: Amount::Fixed(by),
            to: None,
            only: None,
        };
        let mut a = with_ability(vec![expose], 3);
        a.rules(|r| r.reactions = false);
        a.profile(B, |p| {
            p.toughness = 3;
            p.wounds = 30;
        });
        a.place(B, 11.5, 10.0);
        let n = a.log_len();
        a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
        let said: Vec<String> = a.log_since(n).iter().map(|e| a.text_of(e)).collect();
        assert!(
            said.iter().any(|l| l.contains("the attacks on")),
            "{said:?}"
        );
        let all = fighters(a.world());
        let of = |id| all.iter().find(|f| f.id == id).unwrap();
        let roll = attack_roll(a.world(), &all, of(A), of(B), 0, false).unwrap();
        assert_eq!(roll.attacks, 2 + u32::from(stat == Stat::Attacks));
        a.dice(&dice);
        let Event::Attack { rolls, .. } = a.attack_logged(A, B, 0) else {
            panic!("an attack")
        };
        assert_eq!(rolls, dice);
        assert_eq!(a.damage(B), damage, "{stat:?}");
    }
}

/// Issue 30: "until the end of the battle, add 1 to the Attacks characteristic of melee attack
/// actions made by this fighter": A's melee weapon rolls 3 dice, its missile weapon still 2,
/// and the raise is still there in the next battle round.
#[test]
fn abl5_a_raise_that_lasts_the_battle() {
    use warcry_sim::model::effects::{Amount, Stat};
    use warcry_sim::rules::actions::attack_roll;
    use warcry_sim::rules::engine::fighters;
    let raise = Effect::BattleBoost {
        stat: Stat::Attacks,
        by: Amount::Fixed(1),
        melee_only: true,
    };
    let mut a = with_ability(vec![raise], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| {
        p.weapons = vec![weapon(1.0, 2, 3, (1, 2)), weapon(8.0, 2, 3, (1, 2))]
    });
    a.place(B, 11.5, 10.0);
    let attacks = |a: &mut super::arena::Arena, weapon: usize| {
        let all = fighters(a.world());
        let of = |id| all.iter().find(|f| f.id == id).unwrap();
        attack_roll(a.world(), &all, of(A), of(B), weapon, false)
            .unwrap()
            .attacks
    };
    assert_eq!((attacks(&mut a, 0), attacks(&mut a, 1)), (2, 2));
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert_eq!((attacks(&mut a, 0), attacks(&mut a, 1)), (3, 2));
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.end_round(&[A, B], B);
    assert_eq!(attacks(&mut a, 0), 3, "the next battle round");
}

/// Issue 30, ABL-5: "roll 2 dice. For each roll of 4-5, allocate D3 damage points to that
/// fighter. For each roll of 6, allocate D6 damage points": rolls 5 and 6, then a D3 of 4
/// (2 damage) and a D6 of 3: 5 damage, said in the log with the rolls and the D3 and D6.
#[test]
fn abl5_bands_of_rolled_damage_roll_a_d3_and_a_d6() {
    use warcry_sim::model::effects::{Amount, Roll};
    let claws = Effect::DamageOne {
        range: 1.0,
        amount: Amount::Fixed(0),
        roll: Some(Roll {
            dice: Amount::Fixed(2),
            bands: Vec::new(),
            rolled: vec![(4, 5, 3), (6, 6, 6)],
            upto_round: None,
        }),
        only: None,
    };
    let mut a = with_ability(vec![claws], 3);
    a.rules(|r| r.reactions = false);
    a.profile(B, |p| p.wounds = 30);
    a.place(B, 11.5, 10.0);
    a.dice(&[5, 6, 4, 3]);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    assert_eq!(a.damage(B), 5);
    assert_eq!(a.dice_left(), 0);
    let said: Vec<String> = a.log_since(n).iter().map(|e| a.text_of(e)).collect();
    assert!(
        said.iter().any(|l| l.contains("deals 5 damage")),
        "{said:?}"
    );
    assert!(
        said.iter()
            .any(|l| l.contains("rolls the damage: a D3 of 2, a D6 of 3")),
        "{said:?}"
    );
}

/// Issue 30: "a fighter can only use this ability if they are within 4" of a friendly fighter
/// with the Scout runemark and the Sapper runemark": refused (ABL-5, naming both) with a
/// scout alone near, used once A2 bears both.
#[test]
fn abl5_only_near_a_friend_bearing_both_runemarks() {
    use warcry_sim::model::effects::{Condition, Marks};
    let near = Effect::Requires(Condition::FriendWithin {
        range: 4.0,
        visible: false,
        runemark: None,
        marks: Marks::of(&["scout", "sapper"], &[]).unwrap(),
    });
    let mut a = with_ability(vec![near, Effect::BonusAttack], 3);
    a.profile(A2, |p| p.runemarks = vec!["scout".into()]);
    a.place(A2, 12.0, 10.0);
    let refused = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(refused.contains("scout and sapper runemarks"), "{refused}");
    assert!(refused.ends_with("[ABL-5]"), "{refused}");
    a.profile(A2, |p| p.runemarks = vec!["scout".into(), "sapper".into()]);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
}

/// Issue 30: "a fighter can only use this ability if they are within 1" of 2 or more enemy
/// fighters": with B alone near, refused (ABL-5, saying how many are near); with B2 near too,
/// used.
#[test]
fn abl5_only_within_reach_of_two_or_more_enemies() {
    use warcry_sim::model::effects::Condition;
    const B2: FighterId = FighterId(11);
    let two = Effect::Requires(Condition::EnemiesWithin {
        range: 1.0,
        count: 2,
    });
    let mut a = with_ability(vec![two, Effect::BonusAttack], 3);
    a.place(B, 11.5, 10.0);
    a.place(B2, 30.0, 30.0);
    let refused = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(
        refused.contains("1 enemy fighter is within 1\""),
        "{refused}"
    );
    assert!(refused.ends_with("[ABL-5]"), "{refused}");
    a.place(B2, 10.0, 11.5);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
}

/// Issue 30, CMB-2: "until the end of this fighter's activation, after an enemy fighter is
/// taken down by an attack action made by this fighter, this fighter can make a bonus move
/// action": nothing waits after an attack that leaves B standing; one bonus move waits after
/// the attack that takes B down.
#[test]
fn cmb2_abl5_a_bonus_move_each_time_its_attack_takes_an_enemy_down() {
    use warcry_sim::rules::engine::Bonus;
    let after = Effect::AfterTakedown {
        then: vec![Effect::BonusMove { max: None }],
        melee: false,
    };
    let mut a = with_ability(vec![after], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.weapons = vec![weapon(1.0, 2, 5, (1, 1))]);
    a.place(B, 11.5, 10.0);
    a.profile(B, |p| p.wounds = 3);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let attack = Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    };
    let bonus = |a: &mut super::arena::Arena| a.engine().activation.clone().unwrap().bonus;
    a.dice(&[6, 6]);
    a.apply(attack.clone()).unwrap();
    assert_eq!(a.damage(B), 2);
    assert!(bonus(&mut a).is_empty(), "B still stands");
    a.dice(&[6, 1]);
    let n = a.log_len();
    a.apply(attack).unwrap();
    assert!(!a.fighter(B).on_board(), "B is taken down");
    let max = a.fighter(A).profile.movement as f32;
    assert_eq!(bonus(&mut a), vec![Bonus::Move { max, fly: false }]);
    let said = super::faction::said_since(&mut a, n).join("\n");
    assert!(said.contains("bonus move"), "{said}");
}

/// Issue 30, ABL-5: "until the end of the battle round, enemy fighters cannot use reactions or
/// abilities while they are within 7" of this fighter": B, 5" from A, is barred (in words
/// naming A and the range); B2, 9" away, is not until it comes within 7"; A's friend A2, beside
/// A, never is.
#[test]
fn abl5_enemies_barred_from_abilities_while_within_the_aura() {
    use warcry_sim::model::effects::Restriction;
    use warcry_sim::rules::effects::{may_react, not_barred};
    const B2: FighterId = FighterId(11);
    let toll = Effect::BarEach(warcry_sim::model::effects::Barring {
        range: 7.0,
        visible: false,
        actions: vec![Restriction::Reactions, Restriction::Abilities],
        while_within: true,
        on_activation: false,
        roll: None,
    });
    let mut a = with_ability(vec![toll], 3);
    a.place(A2, 11.5, 10.0);
    a.place(B, 15.0, 10.0);
    a.place(B2, 19.0, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let barred = |a: &mut super::arena::Arena, id| {
        let f = a.fighter(id);
        let w = a.world();
        (
            not_barred(w, &f, Restriction::Abilities).map_err(|e| e.reason),
            may_react(w, &f),
        )
    };
    let (b, b_reacts) = barred(&mut a, B);
    let why = b.unwrap_err();
    assert!(why.contains("while it is within 7\""), "{why}");
    assert!(!b_reacts);
    assert_eq!(barred(&mut a, B2), (Ok(()), true));
    assert_eq!(barred(&mut a, A2), (Ok(()), true));
    a.place(B2, 16.5, 10.0);
    assert!(barred(&mut a, B2).0.is_err(), "within 7\" now");
}

/// Issue 30, ABL-1, ABL-5: "until the end of the battle round, add the value of this ability
/// to the value of other abilities (to a maximum of 6) used by friendly fighters within 12" of
/// this fighter": A uses it with 3s; A2, 5" away, then uses an ability dealing damage equal to
/// its value with 2s: 5 damage (2 + 3), said in the log; with 4s it is 6, not 7. An enemy's
/// "subtract 1 from the value of abilities (to a minimum of 1) used by visible enemy fighters
/// while they are within 9"" then lowers it by 1.
#[test]
fn abl1_abl5_an_aura_raises_or_lowers_the_value_of_abilities_used_in_it() {
    use super::arena::ability;
    use warcry_sim::model::effects::Amount;
    use warcry_sim::model::ids::Side;
    use warcry_sim::rules::abilities::DiceCost;
    use warcry_sim::rules::effects::value_after_auras;
    let master = Effect::ValueAura {
        range: 12.0,
        enemies: false,
        by: Amount::Value,
        bound: 6,
    };
    let mut a = with_ability(vec![master], 3);
    let strike = Effect::DamageEach {
        range: 3.0,
        amount: Amount::Value,
        roll: None,
        visible: false,
    };
    a.profile(A2, |p| {
        p.abilities = vec![ability("Test Strike", DiceCost::Double, vec![strike])];
    });
    a.place(A2, 15.0, 10.0);
    a.place(B, 17.0, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.activate(A2);
    a.give_dice(Side::A, &[(2, 2)]);
    let n = a.log_len();
    a.use_ability(A2, "Test Strike", 2, None).unwrap();
    assert_eq!(a.damage(B), 5);
    let said = super::faction::said_since(&mut a, n).join("\n");
    assert!(said.contains("makes the value of"), "{said}");
    let value = |a: &mut super::arena::Arena, id, v| {
        let all = warcry_sim::rules::engine::fighters(a.world());
        let f = all.iter().find(|o| o.id == id).unwrap().clone();
        value_after_auras(a.world(), &all, &f, None, v).0
    };
    assert_eq!(value(&mut a, A2, 4), 6, "to a maximum of 6");
    assert_eq!(value(&mut a, B, 4), 4, "not for an enemy");
    // B's own lantern lowers A2's values by 1 while A2 is within 9" and seen.
    let lantern = Effect::ValueAura {
        range: 9.0,
        enemies: true,
        by: Amount::Fixed(1),
        bound: 1,
    };
    a.profile(B, |p| {
        p.abilities = vec![ability("Test Lantern", DiceCost::Double, vec![lantern])];
    });
    a.activate(B);
    a.give_dice(Side::B, &[(3, 2)]);
    a.use_ability(B, "Test Lantern", 3, None).unwrap();
    assert_eq!(value(&mut a, A2, 4), 5, "4 + 3 to 6, less 1");
    assert_eq!(value(&mut a, A2, 1), 3, "1 + 3, less 1");
}

/// Issue 30, ABL-5: "add 3 to the Attacks characteristic of the next attack action made by this
/// fighter that targets an enemy fighter more than 3" away in this activation": A's attack on
/// B, 2" away, rolls its own 2 dice and leaves the raise waiting; the next, on B2 5" away,
/// rolls 5 and spends it.
#[test]
fn abl5_a_raise_for_the_next_attack_on_a_target_farther_than_3_inches() {
    use warcry_sim::model::effects::{Amount, Stat, TargetIs};
    use warcry_sim::rules::log::Event;
    const B2: FighterId = FighterId(11);
    let far = Effect::TargetBoost {
        target: TargetIs::FartherThan(3.0),
        then: vec![Effect::NextBoost {
            stat: Stat::Attacks,
            by: Amount::Fixed(3),
            only: None,
        }],
    };
    let mut a = with_ability(vec![far], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.weapons = vec![weapon(8.0, 2, 3, (1, 2))]);
    for id in [B, B2] {
        a.profile(id, |p| p.wounds = 30);
    }
    a.place(B, 13.0, 10.0);
    a.place(B2, 10.0, 16.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let dice = |e: Event| match e {
        Event::Attack { rolls, .. } => rolls.len(),
        _ => 0,
    };
    a.dice(&[1; 8]);
    // B: 3" apart centre to centre, about 2" base to base.
    let near = a.attack_logged(A, B, 0);
    assert_eq!(dice(near), 2, "not more than 3\" away: no raise");
    a.dice(&[1; 8]);
    let far = a.attack_logged(A, B2, 0);
    assert_eq!(dice(far), 5, "the raise waited for this attack");
}

/// Issue 30, ABL-5: "roll a dice for each enemy fighter within 6" of this fighter. On a roll of
/// 4+, until the end of the battle round, the fighter being rolled for cannot make disengage
/// actions": B rolls 5 and is barred, B2 rolls 2 and is not, each roll said in the log; the
/// enemy 9" away is not rolled for.
#[test]
fn abl5_a_dice_for_each_enemy_in_reach_bars_on_its_roll() {
    use warcry_sim::model::effects::Restriction;
    use warcry_sim::rules::effects::not_barred;
    const B2: FighterId = FighterId(11);
    const B3: FighterId = FighterId(12);
    let roar = Effect::BarEach(warcry_sim::model::effects::Barring {
        range: 6.0,
        visible: false,
        actions: vec![Restriction::Disengage],
        while_within: false,
        on_activation: false,
        roll: Some(4),
    });
    let mut a = with_ability(vec![roar], 3);
    a.place(B, 13.0, 10.0);
    a.place(B2, 10.0, 14.0);
    a.place(B3, 19.0, 10.0);
    a.dice(&[5, 2, 6]);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let barred = |a: &mut super::arena::Arena, id| {
        let f = a.fighter(id);
        not_barred(a.world(), &f, Restriction::Disengage).is_err()
    };
    assert!(barred(&mut a, B), "rolled 5");
    assert!(!barred(&mut a, B2), "rolled 2");
    assert!(!barred(&mut a, B3), "out of reach, not rolled for");
    let said = super::faction::said_since(&mut a, n).join("\n");
    assert_eq!(said.matches("rolls").count(), 2, "{said}");
}
