//! Issue 30, sixteenth session: more of the long tail's effects run by the engine, in our
//! own words, with injected dice.

use super::lasting::{guard, guarded};
use warcry_sim::model::effects::{Amount, Condition, Effect, Marks};
use warcry_sim::model::ids::FighterId;

const B: FighterId = FighterId(10);
const B2: FighterId = FighterId(11);

/// B's reaction counts one critical hit as a hit, or two when B is a Hero within 4" of
/// another friend bearing the Vanguard runemark.
fn shield(hero: bool, friend_at: f32) -> super::arena::Arena {
    let when = Condition::Both(
        Box::new(Condition::Marked(Marks::of(&["hero"], &[]).unwrap())),
        Box::new(Condition::FriendWithin {
            range: 4.0,
            visible: false,
            runemark: None,
            marks: Marks::of(&["vanguard"], &[]).unwrap(),
        }),
    );
    let answer = vec![Effect::When {
        when,
        then: vec![Effect::CritsAsHits {
            up_to: Amount::Fixed(2),
        }],
        otherwise: vec![Effect::CritsAsHits {
            up_to: Amount::Fixed(1),
        }],
    }];
    let mut a = guarded(answer, (1, 3));
    if hero {
        a.profile(B, |p| p.runemarks.push("hero".into()));
    }
    a.profile(B2, |p| p.runemarks = vec!["vanguard".into()]);
    a.place(B2, 11.5 + friend_at, 10.0);
    a
}

/// REA-1, ABL-5: the answer that depends on the reacting fighter is the one that holds as it
/// reacts: two criticals as hits for the Hero beside its friend, one otherwise.
#[test]
fn rea1_abl5_a_reaction_answers_more_when_the_fighter_is_a_hero_beside_its_friend() {
    // Three critical hits (3 each) and a hit (1).
    for (hero, at, damage) in [(true, 2.0, 1 + 2 + 3), (false, 2.0, 1 + 1 + 3 + 3)] {
        let mut a = shield(hero, at);
        a.dice(&[6, 6, 6, 4]);
        guard(&mut a);
        assert_eq!(a.damage(B), damage, "hero {hero}, friend {at}\" away");
    }
    // The Hero with its friend too far away: one.
    let mut a = shield(true, 6.0);
    a.dice(&[6, 6, 6, 4]);
    guard(&mut a);
    assert_eq!(a.damage(B), 1 + 1 + 3 + 3);
}

/// ABL-1, ABL-5: the potent vial. Refused until A has taken an enemy down with a melee attack
/// (a missile takedown is not enough); then, for the rest of the battle, an ability A pays
/// with a double of 2s has a value of 6: its "damage equal to the value" deals 6.
#[test]
fn abl5_after_a_melee_takedown_a_potent_vial_makes_every_value_six() {
    use super::arena::{ability, weapon};
    use warcry_sim::model::components::Damage;
    use warcry_sim::model::ids::Side;
    use warcry_sim::rules::abilities::DiceCost;
    const A: FighterId = FighterId(2);
    let mut a = super::faction::with_ability(
        vec![
            Effect::Requires(Condition::TookDownInMelee),
            Effect::PotentVial,
        ],
        3,
    );
    let blast = vec![Effect::DamageOne {
        range: 8.0,
        amount: Amount::Value,
        roll: None,
        only: None,
    }];
    a.profile(A, |p| {
        p.abilities
            .push(ability("Test Blast", DiceCost::Double, blast));
        // A bow (missile, 3"-8") and a sword.
        p.weapons = vec![weapon(1.0, 2, 3, (1, 2)), weapon(8.0, 2, 3, (1, 2))];
        p.weapons[1].min_range = 3.0;
    });
    a.rules(|r| r.reactions = false);
    let refused = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(refused.contains("with a melee attack action"), "{refused}");
    // B2 shot down from 5" away: still refused.
    a.profile(B2, |p| p.wounds = 2);
    a.set(B2, Damage(1));
    a.place(B2, 15.5, 10.0);
    a.dice(&[5, 1]);
    a.attack_logged(A, B2, 1);
    assert!(a.fighter(B2).is_down());
    let refused = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(refused.contains("with a melee attack action"), "{refused}");
    // B cut down beside A: the vial.
    a.profile(B, |p| p.wounds = 2);
    a.set(B, Damage(1));
    a.place(B, 11.5, 10.0);
    a.dice(&[5, 1]);
    a.attack_logged(A, B, 0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    // Later in the battle (another activation), a double of 2s deals 6.
    const B3: FighterId = FighterId(12);
    a.place(B3, 14.0, 10.0);
    a.activate(A);
    a.give_dice(Side::A, &[(2, 2)]);
    a.use_ability(A, "Test Blast", 2, Some(B3)).unwrap();
    assert_eq!(a.damage(B3), 6);
}
