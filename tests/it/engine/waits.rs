//! Issue 30, eleventh session (continued): what waits for the end of an activation or an
//! attack, raises spent by the next attack, answers to an attack or a disengage, run by the
//! engine with injected dice.

use super::eleventh::attacks_of;
use super::faction::{said_since, with_ability};
use warcry_sim::model::effects::{Amount, Effect, Stat};
use warcry_sim::model::ids::FighterId;

const A: FighterId = FighterId(2);
const B: FighterId = FighterId(10);

/// ABL-5, "at the end of this fighter's activation, heal ... up to the number of damage points
/// allocated to enemy fighters this activation": A (5 damage) deals B 2 damage with a hit,
/// then ends its activation: 2 removed (said), not before.
#[test]
fn abl5_healed_at_the_activations_end_as_far_as_it_dealt() {
    use warcry_sim::model::components::Damage;
    use warcry_sim::model::effects::AtItsEnd;
    use warcry_sim::rules::command::Command;
    let mut a = with_ability(vec![Effect::AtActivationEnd(AtItsEnd::HealAsDealt)], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.wounds = 20);
    a.set(A, Damage(5));
    a.profile(B, |p| {
        p.wounds = 20;
        p.toughness = 3;
    });
    a.place(B, 11.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.dice(&[4, 1]);
    a.attack_logged(A, B, 0);
    assert_eq!(
        (a.damage(B), a.damage(A)),
        (1, 5),
        "a hit of 1; nothing healed yet"
    );
    let n = a.log_len();
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    assert_eq!(a.damage(A), 4);
    let said = said_since(&mut a, n);
    assert!(
        said.iter().any(|l| l.contains("removes 1 damage")),
        "{said:?}"
    );
}

/// ABL-5, "at the end of this fighter's activation, allocate a number of damage points to this
/// fighter equal to the number of damage points allocated to this fighter": A with 4 damage
/// has 8 once its activation ends.
#[test]
fn abl5_its_damage_dealt_again_at_the_activations_end() {
    use warcry_sim::model::components::Damage;
    use warcry_sim::model::effects::AtItsEnd;
    use warcry_sim::rules::command::Command;
    let mut a = with_ability(vec![Effect::AtActivationEnd(AtItsEnd::DamageAgain)], 3);
    a.profile(A, |p| p.wounds = 20);
    a.set(A, Damage(4));
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert_eq!(a.damage(A), 4);
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    assert_eq!(a.damage(A), 8);
}

/// ABL-5, "until the end of this fighter's activation, if an attack action made by this
/// fighter scores any hits or critical hits, subtract 1 from the target fighter's Toughness
/// (to a minimum of 1) until the end of the battle round": an attack that misses leaves B's
/// Toughness at 4; the next, that hits twice, takes 1 off it, for the round.
#[test]
fn abl5_each_attack_that_scores_lowers_the_targets_toughness() {
    let lower = Effect::LowerAfterScoring {
        stat: Stat::Toughness,
        by: Amount::Fixed(1),
        min: 1,
    };
    let mut a = with_ability(vec![lower], 3);
    a.rules(|r| r.reactions = false);
    a.profile(B, |p| {
        p.toughness = 4;
        p.wounds = 30;
    });
    a.place(B, 11.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let toughness = |a: &mut super::arena::Arena| {
        let b = a.fighter(B);
        b.toughness_after(b.profile.toughness)
    };
    a.dice(&[1, 1]);
    a.attack_logged(A, B, 0);
    assert_eq!(toughness(&mut a), 4, "missed: not lowered");
    a.dice(&[6, 4]);
    a.attack_logged(A, B, 0);
    assert_eq!(
        toughness(&mut a),
        3,
        "one lowering for the attack that scored"
    );
    assert!(
        a.engine().activation.is_none(),
        "its two actions made: activation over"
    );
    assert_eq!(toughness(&mut a), 3, "until the end of the round");
}

/// ABL-5, "if the next attack action made by this fighter this activation targets an enemy
/// fighter with any damage points allocated to them, add 2 to the Attacks characteristic of
/// that attack action": on a hurt B it rolls 2 more dice; on an unhurt B2 first, none, and the
/// raise is spent (its attack on hurt B after rolls no more).
#[test]
fn abl5_a_raise_for_the_next_attack_only_if_it_is_on_a_hurt_enemy() {
    use warcry_sim::model::components::Damage;
    use warcry_sim::model::effects::TargetIs;
    const B2: FighterId = FighterId(11);
    let raise = Effect::NextIfTarget {
        target: TargetIs::Damaged(1),
        then: vec![Effect::NextBoost {
            stat: Stat::Attacks,
            by: Amount::Fixed(2),
            only: None,
        }],
    };
    for first_on_hurt in [true, false] {
        let mut a = with_ability(vec![raise.clone()], 3);
        a.rules(|r| r.reactions = false);
        for id in [B, B2] {
            a.profile(id, |p| {
                p.wounds = 30;
                p.toughness = 3;
            });
        }
        a.set(B, Damage(1));
        a.place(B, 11.5, 10.0);
        a.place(B2, 10.0, 11.5);
        let plain = attacks_of(&mut a, A, B);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        assert_eq!(attacks_of(&mut a, A, B), plain + 2);
        assert_eq!(attacks_of(&mut a, A, B2), plain, "B2 has no damage");
        if !first_on_hurt {
            a.dice(&[1; 8]);
            a.attack_logged(A, B2, 0);
            assert_eq!(attacks_of(&mut a, A, B), plain, "spent by the attack on B2");
        }
    }
}

/// ABL-5, "pick an enemy fighter that was allocated any damage points by this fighter's
/// missile attack actions this activation. That enemy fighter cannot use abilities for the
/// rest of the battle round": refused before A shoots; after its shot hurts B, B is barred
/// from abilities (its own refused with the rule).
#[test]
fn abl5_an_enemy_its_shots_hurt_is_barred_from_abilities() {
    use super::arena::{ability, weapon};
    use warcry_sim::model::effects::{PickOnly, Restriction};
    use warcry_sim::model::ids::Side;
    use warcry_sim::rules::abilities::DiceCost;
    let bar = Effect::Restrict {
        range: warcry_sim::model::effects::ANYWHERE,
        visible: false,
        actions: vec![Restriction::Abilities],
        only: Some(PickOnly::HurtByItsShots),
    };
    let mut a = with_ability(vec![bar], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.weapons.push(weapon(8.0, 2, 3, (1, 2))));
    a.profile(B, |p| {
        p.wounds = 30;
        p.toughness = 3;
        p.abilities = vec![ability(
            "Own Gift",
            DiceCost::Double,
            vec![Effect::BonusAttack],
        )];
    });
    a.place(B, 15.0, 10.0);
    assert!(
        a.use_ability(A, "Test Gift", 3, Some(B)).is_err(),
        "nothing shot yet"
    );
    a.dice(&[6, 1]);
    a.attack_logged(A, B, 1);
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    a.activate(B);
    a.give_dice(Side::B, &[(4, 2)]);
    let why = a.use_ability(B, "Own Gift", 4, None).unwrap_err();
    assert!(why.contains("abilities"), "{why}");
}

/// ABL-5, "until the end of the battle round, after each melee attack action that targets this
/// fighter, roll 3 dice. For each roll of 5+, allocate 3 damage points to the fighter that made
/// the attack action": B's melee attack on A (missing) is answered with 3 dice, 5 and 6 of
/// them dealing 6 to B, said in the log; B's missile attack on A is not.
#[test]
fn abl5_each_melee_attacker_is_rolled_against_for_the_round() {
    use super::arena::weapon;
    use warcry_sim::model::effects::Guard;
    let guard = Effect::RoundGuard {
        guard: Guard::Retaliate {
            dice: 3,
            least: 5,
            damage: 3,
        },
        aura: None,
    };
    let mut a = with_ability(vec![guard], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.wounds = 30);
    a.profile(B, |p| {
        p.wounds = 30;
        p.weapons = vec![weapon(1.0, 2, 3, (1, 2)), weapon(8.0, 2, 3, (1, 2))];
    });
    a.place(B, 11.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.activate(B);
    a.dice(&[1, 1, 5, 6, 2]);
    let n = a.log_len();
    a.attack_logged(B, A, 0);
    assert_eq!(a.damage(B), 6);
    let said = said_since(&mut a, n);
    assert!(said.iter().any(|l| l.contains("6 damage")), "{said:?}");
    a.dice(&[1, 1, 6, 6, 6]);
    a.attack_logged(B, A, 1);
    assert_eq!(a.damage(B), 6, "a missile attack is not answered");
}

/// REA-1, DIS-1, ABL-5, "a fighter can make this reaction after a visible enemy fighter within
/// 1\" of them makes a disengage action. Until the end of the battle round, add 1 to the
/// Attacks characteristic of melee attack actions made by friendly fighters that target that
/// enemy fighter": offered as A disengages from B; made, B's side's melee attacks on A roll a
/// dice more for the round (said in the log), A's own side's not touched.
#[test]
fn rea1_abl5_a_disengaging_enemy_exposed_to_the_friends_attacks() {
    use super::answers::{react, reacting};
    use warcry_sim::model::effects::{Exposers, Trigger};
    use warcry_sim::rules::command::Command;
    const B2: FighterId = FighterId(11);
    let expose = Effect::ExposePicked {
        range: 1.0,
        visible: true,
        stat: Stat::Attacks,
        by: Amount::Fixed(1),
        to: Some(Exposers {
            marks: Default::default(),
            melee_only: true,
        }),
        only: None,
    };
    let mut a = reacting(Trigger::EnemyDisengages, vec![expose]);
    a.place(A, 10.0, 10.0);
    a.place(B, 11.5, 10.0);
    a.place(B2, 16.0, 10.0);
    a.activate(A);
    a.apply(Command::Disengage {
        fighter: A,
        to: [10.0, 0.0, 12.5],
    })
    .unwrap();
    let offer = a.engine().reaction.clone().expect("offered");
    assert_eq!(offer.abilities, ["Test Reaction"]);
    let before = attacks_of(&mut a, B2, A);
    let n = a.log_len();
    react(&mut a);
    let said = said_since(&mut a, n);
    assert!(
        said.iter()
            .any(|l| l.contains("the melee attacks of friendly fighters on")),
        "{said:?}"
    );
    assert_eq!(attacks_of(&mut a, B2, A), before + 1);
}

/// ABL-5, "roll 3 dice. For each roll of 2+, allocate 1 damage point to that fighter. In
/// addition, for each roll of 6, roll an extra dice as above (and so on)": rolls 6, 1, 3 (2),
/// then the extra 6 (1), then its extra 4 (1): 4 damage, each roll said.
#[test]
fn abl5_sixes_are_rolled_again_and_so_on() {
    use warcry_sim::model::effects::Roll;
    let roll = Effect::DamageOne {
        range: 3.0,
        amount: Amount::Fixed(0),
        roll: Some(Roll {
            dice: Amount::Fixed(3),
            bands: vec![(2, 6, Amount::Fixed(1))],
            rolled: Vec::new(),
            upto_round: None,
        }),
        only: None,
    };
    let mut a = with_ability(vec![roll, Effect::RollAgainOn { face: 6 }], 3);
    a.profile(B, |p| p.wounds = 30);
    a.place(B, 11.5, 10.0);
    a.dice(&[6, 1, 3, 6, 4]);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    assert_eq!((a.damage(B), a.dice_left()), (4, 0));
    let said = said_since(&mut a, n);
    assert_eq!(
        said.iter().filter(|l| l.contains("damage to")).count(),
        3,
        "{said:?}"
    );
}
