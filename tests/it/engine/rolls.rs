//! Issue 30, twelfth session: what an ability's dice do to the enemy it picks, and besides
//! (a bar, a bonus attack, damage for each 6, this fighter healed or taken down), in our own
//! words, with injected dice.

use super::faction::with_ability;
use warcry_sim::model::effects::Effect;
use warcry_sim::model::ids::FighterId;

const A: FighterId = FighterId(2);
const B: FighterId = FighterId(10);

/// May `id` move now, as far as abilities' restrictions go?
fn may_move(a: &mut super::arena::Arena, id: FighterId) -> bool {
    use warcry_sim::model::effects::Restriction;
    let f = a.fighter(id);
    warcry_sim::rules::effects::not_barred(a.world(), &f, Restriction::Move).is_ok()
}

/// The picked enemy's roll, and what the same roll does besides (ABL-5):
/// - Hooked Net: "on a 3+, allocate a number of damage points to that fighter equal to the
///   roll, and that fighter cannot make move actions or disengage actions ...": a 4 deals 4
///   and bars B; a 2 does neither;
/// - Sucking Proboscis: "allocate ... equal to the roll. If you allocate 5 or more ..., this
///   fighter is taken down": a 5 deals 5 and takes A down; a 4 deals 4 and A stands.
#[test]
fn abl5_damage_as_rolled_and_what_a_high_roll_does_besides() {
    use warcry_sim::model::components::Presence;
    use warcry_sim::model::effects::{Amount, Restriction, Roll};
    let as_rolled = |least: u8| Effect::DamageOne {
        range: 1.0,
        amount: Amount::Fixed(0),
        roll: Some(Roll {
            dice: Amount::Fixed(1),
            bands: (least..=6)
                .map(|r| (r, r, Amount::Fixed(u32::from(r))))
                .collect(),
            rolled: Vec::new(),
            upto_round: None,
        }),
        only: None,
    };
    let besides = |least, then| Effect::OnRolled {
        least,
        per_roll: false,
        then: vec![then],
    };
    let net = vec![
        as_rolled(3),
        besides(
            3,
            Effect::Restrict {
                range: 1.0,
                visible: true,
                actions: vec![Restriction::Move, Restriction::Disengage],
                only: None,
            },
        ),
    ];
    let proboscis = vec![as_rolled(1), besides(5, Effect::SelfTakenDown)];
    for (effects, roll, damage, barred, down) in [
        (&net, 4, 4, true, false),
        (&net, 2, 0, false, false),
        (&proboscis, 5, 5, false, true),
        (&proboscis, 4, 4, false, false),
    ] {
        let mut a = with_ability(effects.clone(), 3);
        a.profile(B, |p| p.wounds = 30);
        a.place(B, 11.5, 10.0);
        a.dice(&[roll]);
        a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
        assert_eq!(a.damage(B), damage, "roll {roll}");
        assert_eq!(!may_move(&mut a, B), barred, "roll {roll}");
        let gone = a.fighter(A).presence == Presence::TakenDown;
        assert_eq!(gone, down, "roll {roll}");
    }
}

/// The roll against a picked enemy, and what a 6 of the same dice does besides (ABL-5):
/// - Da Grab an' Bash: "on a roll of 3+, ... that fighter cannot make move actions ... In
///   addition, on a roll of 6, this fighter can make a bonus attack action that targets that
///   enemy fighter": a 6 bars B and gives the bonus attack on B; a 4 bars it alone;
/// - Bloodwrack Stare (2 dice, within the value): "in addition, for each roll of 6, allocate
///   ... equal to the value": 6 and 6 deal 2 x 4; 3 and 1 bar B and deal nothing.
#[test]
fn abl5_a_roll_against_an_enemy_and_what_its_sixes_do_besides() {
    use warcry_sim::model::effects::{Amount, OnSuccess, Restriction, VALUE_RANGE};
    use warcry_sim::rules::engine::Bonus;
    let against = |range, dice| Effect::RollAgainst {
        range,
        visible: true,
        runemark: None,
        dice: Amount::Fixed(dice),
        least: 3,
        then: OnSuccess::Bar(vec![Restriction::Move, Restriction::Disengage]),
    };
    let six = |per_roll, then| Effect::OnRolled {
        least: 6,
        per_roll,
        then: vec![then],
    };
    let attack_b = Effect::BonusAttackAt {
        range: 1.0,
        visible: true,
        runemark: None,
        only: None,
        melee: false,
    };
    let grab = vec![against(1.0, 1), six(false, attack_b)];
    let stare_damage = Effect::DamageOne {
        range: VALUE_RANGE,
        amount: Amount::Value,
        roll: None,
        only: None,
    };
    let stare = vec![against(VALUE_RANGE, 2), six(true, stare_damage)];
    for (effects, rolls, damage, bonus) in [
        (&grab, vec![6], 0, true),
        (&grab, vec![4], 0, false),
        (&stare, vec![6, 6], 8, false),
        (&stare, vec![3, 1], 0, false),
    ] {
        let mut a = with_ability(effects.clone(), 4);
        a.profile(B, |p| p.wounds = 30);
        a.place(B, 11.5, 10.0);
        a.dice(&rolls);
        a.use_ability(A, "Test Gift", 4, Some(B)).unwrap();
        assert_eq!(a.damage(B), damage, "{rolls:?}");
        assert!(!may_move(&mut a, B), "{rolls:?}: barred on a 3+");
        let waiting = a.engine().activation.clone().unwrap().bonus;
        let on_b = waiting.contains(&Bonus::AttackAt {
            target: B,
            melee: false,
        });
        assert_eq!(on_b, bonus, "{rolls:?}: {waiting:?}");
    }
}

/// ABL-5 (Bone Krusha, Lodge-fire Blaze): what a roll deals "instead" when the enemy picked is
/// within 3\" or has 25 or more Wounds: rolls of 2, 5 and 1 deal B (2" away) 5 + 5, B2 (8"
/// away) 3 + 3, whether the player names it or it is picked for being nearest; a big B2 (25
/// Wounds) takes the other reading's damage on 3+.
#[test]
fn abl5_a_roll_deals_more_on_an_enemy_near_or_big() {
    use warcry_sim::model::effects::{Amount, Condition, Roll};
    const B2: FighterId = FighterId(11);
    let roll = |least, k| Effect::DamageOne {
        range: 12.0,
        amount: Amount::Fixed(0),
        roll: Some(Roll {
            dice: Amount::Fixed(3),
            bands: vec![(least, 6, Amount::Fixed(k))],
            rolled: Vec::new(),
            upto_round: None,
        }),
        only: None,
    };
    let krusha = Effect::When {
        when: Condition::TargetWithin(3.0),
        then: vec![roll(2, 5)],
        otherwise: vec![roll(2, 3)],
    };
    let blaze = Effect::When {
        when: Condition::TargetWoundsAtLeast(25),
        then: vec![roll(3, 4)],
        otherwise: vec![roll(4, 1)],
    };
    for (effect, target, (b, b2)) in [
        (&krusha, Some(B), (10, 0)),
        (&krusha, Some(B2), (0, 6)),
        (&krusha, None, (10, 0)),
        (&blaze, Some(B2), (0, 4)),
        (&blaze, Some(B), (1, 0)),
    ] {
        let mut a = with_ability(vec![effect.clone()], 3);
        a.profile(B, |p| p.wounds = 20);
        a.profile(B2, |p| p.wounds = 25);
        a.place(B, 12.0, 10.0);
        a.place(B2, 15.0, 16.0);
        a.dice(&[2, 5, 1]);
        a.use_ability(A, "Test Gift", 3, target).unwrap();
        assert_eq!((a.damage(B), a.damage(B2)), (b, b2), "{target:?}");
    }
}

/// ABL-5 (Soul-eater): "roll a dice for each enemy fighter within 6\" of this fighter. On a
/// roll of 4+, allocate 3 damage points to the fighter being rolled for and remove 3 damage
/// points allocated to this fighter": A (6 damage) rolls 5 for B and 2 for B2: B takes 3, A
/// heals 3; rolls of 4 and 6 hurt both and heal A of 6.
#[test]
fn abl5_each_enemy_rolled_for_and_each_success_heals_this_fighter() {
    use warcry_sim::model::components::Damage;
    use warcry_sim::model::effects::{Amount, Roll};
    const B2: FighterId = FighterId(11);
    let each = Effect::DamageEach {
        range: 6.0,
        amount: Amount::Fixed(0),
        roll: Some(Roll {
            dice: Amount::Fixed(1),
            bands: vec![(4, 6, Amount::Fixed(3))],
            rolled: Vec::new(),
            upto_round: None,
        }),
        visible: false,
    };
    let healed = Effect::OnRolled {
        least: 4,
        per_roll: true,
        then: vec![Effect::Heal {
            amount: Amount::Fixed(3),
        }],
    };
    for (rolls, (b, b2), left) in [([5, 2], (3, 0), 3), ([4, 6], (3, 3), 0)] {
        let mut a = with_ability(vec![each.clone(), healed.clone()], 3);
        a.profile(A, |p| p.wounds = 20);
        a.set(A, Damage(6));
        for id in [B, B2] {
            a.profile(id, |p| p.wounds = 20);
        }
        a.place(B, 11.5, 10.0);
        a.place(B2, 10.0, 13.0);
        a.dice(&rolls);
        a.use_ability(A, "Test Gift", 3, None).unwrap();
        assert_eq!((a.damage(B), a.damage(B2)), (b, b2), "{rolls:?}");
        assert_eq!(a.damage(A), left, "{rolls:?}");
    }
}

/// ABL-5 (Volcano's Call): "pick a visible enemy fighter on the battlefield floor within 12\"
/// of this fighter and roll a number of dice equal to the value ... 4-5: 1 damage, 6: 2": B2,
/// standing 3" up, can't be picked (the refusal says why); B on the floor takes 1 + 2 from
/// rolls of 4, 6 and 1.
#[test]
fn abl5_a_pick_of_an_enemy_on_the_battlefield_floor_only() {
    use warcry_sim::model::effects::{Amount, PickOnly, Roll};
    const B2: FighterId = FighterId(11);
    let call = Effect::DamageOne {
        range: 12.0,
        amount: Amount::Fixed(0),
        roll: Some(Roll {
            dice: Amount::Value,
            bands: vec![(4, 5, Amount::Fixed(1)), (6, 6, Amount::Fixed(2))],
            rolled: Vec::new(),
            upto_round: None,
        }),
        only: Some(PickOnly::OnFloor),
    };
    let mut a = with_ability(vec![call], 3);
    a.place(B, 14.0, 10.0);
    a.place_at(B2, bevy::math::Vec3::new(10.0, 3.0, 15.0));
    let why = a.use_ability(A, "Test Gift", 3, Some(B2)).unwrap_err();
    assert!(why.contains("on the battlefield floor"), "{why}");
    a.dice(&[4, 6, 1]);
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    assert_eq!(a.damage(B), 3);
}

/// ABL-5 (Sentenced to Eternal Torment): "pick a visible enemy fighter. Roll a dice for that
/// fighter. If the roll is equal to or less than the number of the current battle round,
/// allocate 6 damage points to that fighter": in round 1 a 1 deals 6 and a 2 nothing; in round
/// 3 a 3 deals 6 and a 4 nothing; B stands 20" away, anywhere it can be seen.
#[test]
fn abl5_a_roll_that_deals_damage_up_to_the_battle_rounds_number() {
    use warcry_sim::model::effects::{Amount, Roll};
    let sentence = Effect::DamageOne {
        range: warcry_sim::model::effects::ANYWHERE,
        amount: Amount::Fixed(0),
        roll: Some(Roll {
            dice: Amount::Fixed(1),
            upto_round: Some(Amount::Fixed(6)),
            ..Roll::default()
        }),
        only: None,
    };
    for (round, roll, damage) in [(1, 1, 6), (1, 2, 0), (3, 3, 6), (3, 4, 0)] {
        let mut a = with_ability(vec![sentence.clone()], 3);
        a.profile(B, |p| p.wounds = 30);
        a.place(B, 30.0, 10.0);
        a.engine().round = round;
        a.dice(&[roll]);
        a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
        assert_eq!(a.damage(B), damage, "round {round}, roll {roll}");
    }
}
