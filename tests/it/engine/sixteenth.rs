//! Issue 30, sixteenth session: more of the long tail's effects run by the engine, in our
//! own words, with injected dice.

use super::arena::Arena;
use super::lasting::{guard, guarded};
use warcry_sim::model::effects::{Amount, Condition, Effect, Marks, PointDamage};
use warcry_sim::model::ids::FighterId;
use warcry_sim::rules::command::Command;

const B: FighterId = FighterId(10);
const B2: FighterId = FighterId(11);
const B3: FighterId = FighterId(12);

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
    a.place(B3, 14.0, 10.0);
    a.activate(A);
    a.give_dice(Side::A, &[(2, 2)]);
    a.use_ability(A, "Test Blast", 2, Some(B3)).unwrap();
    assert_eq!(a.damage(B3), 6);
}

/// CMB-2, ABL-5: each other hurt friend with the runemark in reach, not a Beast, may make a
/// bonus move or attack: A2 (hurt) does; A3 (unhurt) and A4 (hurt, a Beast) do not, nor A.
#[test]
fn cmb2_abl5_only_the_hurt_friends_with_the_runemark_get_a_bonus_action() {
    use warcry_sim::model::components::Damage;
    use warcry_sim::model::effects::Aura;
    use warcry_sim::rules::engine::Bonus;
    const A: FighterId = FighterId(2);
    const A2: FighterId = FighterId(3);
    const A3: FighterId = FighterId(4);
    const A4: FighterId = FighterId(5);
    let aura = Aura {
        range: 6.0,
        others: true,
        marks: Marks::of(&["vanguard"], &[]).unwrap(),
        not: Marks::of(&["beast"], &[]).unwrap(),
        hurt: true,
        ..Aura::default()
    };
    let each = Effect::EachFriendBonusMove {
        aura,
        or_attack: true,
        closer: false,
    };
    let mut a = super::faction::with_ability(vec![each], 3);
    a.set(A, Damage(2));
    for (id, x, hurt, marks) in [
        (A2, 12.0, 1, vec!["vanguard"]),
        (A3, 13.0, 0, vec!["vanguard"]),
        (A4, 14.0, 3, vec!["vanguard", "beast"]),
    ] {
        a.profile(id, |p| {
            p.runemarks = marks.iter().map(|m| m.to_string()).collect()
        });
        a.place(id, x, 12.0);
        a.set(id, Damage(hurt));
    }
    a.place(B, 30.0, 30.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let queue = a.engine().activation.as_ref().unwrap().bonus.clone();
    assert!(
        matches!(queue[..], [Bonus::FriendMoveOrAttack { fighter: A2, .. }]),
        "{queue:?}"
    );
}

/// A's ability: damage to every enemy within 3" of a point it can see within 12" (`roll`:
/// rolled); B at (20, 10), B2 at (21, 12), B3 at (26, 10).
fn at_point(amount: Amount, roll: Option<warcry_sim::model::effects::Roll>) -> Arena {
    let e = Effect::DamageAtPoint(PointDamage {
        within: 12.0,
        around: 3.0,
        amount,
        roll,
    });
    let mut a = super::faction::with_ability(vec![e], 4);
    a.rules(|r| r.reactions = false);
    for (id, x, z) in [(B, 20.0, 10.0), (B2, 21.0, 12.0), (B3, 26.0, 10.0)] {
        a.profile(id, |p| p.wounds = 30);
        a.place(id, x, z);
    }
    a
}

fn at(a: &mut Arena, x: f32, z: f32) -> Result<(), warcry_sim::rules::command::Rejected> {
    a.apply(Command::Ability {
        fighter: FighterId(2),
        ability: "Test Gift".into(),
        dice: 4,
        target: None,
        place: Some([x, 0.0, z]),
        choice: 0,
    })
}

/// ABL-5: the point its player picks: one farther than 12" or hidden behind a wall is
/// refused (said why); at (20.5, 11) the two enemies within 3" take half the value (2) each,
/// the third none, and the log names the point's place and who was near it.
#[test]
fn abl5_the_enemies_near_the_point_picked_take_the_damage() {
    use warcry_sim::model::formats::{TerrainKind, TerrainPiece};
    let mut a = at_point(Amount::HalfValueUp, None);
    let far = at(&mut a, 25.0, 25.0).unwrap_err();
    assert!(
        far.reason.contains("it can see within 12\""),
        "{}",
        far.reason
    );
    a.add_terrain(TerrainPiece::on_floor(
        "wall",
        TerrainKind::Obstacle,
        (13.0, 6.0),
        (0.5, 6.0),
        6.0,
    ));
    let hidden = at(&mut a, 16.0, 4.5).unwrap_err();
    assert!(hidden.reason.contains("not a point"), "{}", hidden.reason);
    let n = a.log_len();
    at(&mut a, 20.5, 11.0).unwrap();
    assert_eq!((a.damage(B), a.damage(B2), a.damage(B3)), (2, 2, 0));
    let said = super::faction::said_since(&mut a, n).join("\n");
    assert!(
        said.contains("picks a point") && said.contains("near it:"),
        "{said}"
    );
}

/// ABL-5, SOLO-C1: with no point picked, the one reaching the most enemies (midway between B
/// and B2); the roll's D3 for each 4+ is rolled for each enemy: dice 4 (value), rolls 4, 2,
/// 6, 1 (two successes), then B 1 and B2 3, then B 6 and B2 2: B 1 + 3, B2 2 + 1.
#[test]
fn abl5_a_point_roll_deals_a_d3_to_each_enemy_for_each_success() {
    use warcry_sim::model::effects::Roll;
    let roll = Roll {
        dice: Amount::Value,
        bands: Vec::new(),
        rolled: vec![(4, 6, 3)],
        upto_round: None,
    };
    let mut a = at_point(Amount::Fixed(0), Some(roll));
    a.dice(&[4, 2, 6, 1, 1, 3, 6, 2]);
    a.use_ability(FighterId(2), "Test Gift", 4, None).unwrap();
    assert_eq!((a.damage(B), a.damage(B2), a.damage(B3)), (4, 3, 0));
    assert_eq!(a.dice_left(), 0);
}

/// REA-1, ABL-5: a dice for each critical hit once the damage is totalled: two criticals, the
/// dice 5 and 2, deal 3 to the attacker (said with its rolls); the attack's own damage is
/// allocated as it was (a hit 1, two criticals 3 each).
#[test]
fn rea1_abl5_each_critical_hit_may_strike_back_at_the_attacker() {
    const A: FighterId = FighterId(2);
    let answer = vec![Effect::DamageAttackerPerCrit {
        least: 3,
        amount: 3,
    }];
    let mut a = guarded(answer, (1, 3));
    let n = a.log_len();
    a.dice(&[6, 6, 4, 1, 5, 2]);
    guard(&mut a);
    assert_eq!(a.damage(A), 3);
    assert_eq!(a.damage(B), 1 + 3 + 3);
    assert_eq!(a.dice_left(), 0);
    let said = super::faction::said_since(&mut a, n).join("\n");
    assert!(
        said.contains("rolls 5, 2") || said.contains("5, 2"),
        "{said}"
    );
}

/// REA-1, ABL-5: B's reaction: each hit roll of 1 deals 3 to the attacker, or, B being Agile,
/// 3 to each enemy within 1" of B: two 1s deal 6 to A, and to A2 beside B only when B is
/// Agile; A3, 4" away, never.
#[test]
fn rea1_abl5_an_agile_fighter_strikes_every_enemy_near_it_for_each_roll_of_one() {
    const A: FighterId = FighterId(2);
    const A2: FighterId = FighterId(3);
    const A3: FighterId = FighterId(4);
    for (agile, a2) in [(false, 0), (true, 6)] {
        let answer = vec![Effect::When {
            when: Condition::Marked(Marks::of(&["agile"], &[]).unwrap()),
            then: vec![Effect::DamageAroundPerRoll {
                face: 1,
                amount: 3,
                range: 1.0,
            }],
            otherwise: vec![Effect::DamageAttackerPerRoll {
                least: 1,
                most: 1,
                amount: Amount::Fixed(3),
            }],
        }];
        let mut a = guarded(answer, (1, 3));
        if agile {
            a.profile(B, |p| p.runemarks.push("agile".into()));
        }
        a.place(A2, 11.5, 11.5);
        a.place(A3, 11.5, 15.5);
        a.dice(&[1, 1, 5, 6]);
        guard(&mut a);
        assert_eq!(
            (a.damage(A), a.damage(A2), a.damage(A3)),
            (6, a2, 0),
            "agile {agile}"
        );
        assert_eq!(a.damage(B), 1 + 3);
    }
}

/// ABL-5: A holds the Monster B: an enemy without the runemark can't be picked; then B's
/// moves may not end farther from A (refused, said why; its move places leave those out),
/// while a move that ends nearer is made.
#[test]
fn abl5_a_held_monster_moves_only_nearer_the_fighter_holding_it() {
    use warcry_sim::model::effects::{PickOnly, Restriction};
    const A: FighterId = FighterId(2);
    let hold = Effect::Restrict {
        range: 6.0,
        visible: true,
        actions: vec![Restriction::MoveAway],
        only: Some(PickOnly::Marked(Marks::of(&["monster"], &[]).unwrap())),
    };
    let mut a = super::faction::with_ability(vec![hold], 3);
    a.place(B, 14.0, 10.0);
    a.place(B2, 10.0, 14.0);
    a.profile(B, |p| p.runemarks = vec!["monster".into()]);
    let wrong = a.use_ability(A, "Test Gift", 3, Some(B2)).unwrap_err();
    assert!(wrong.contains("monster"), "{wrong}");
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    a.activate(B);
    let away = a.walk(B, [17.0, 0.0, 10.0]).unwrap_err();
    assert!(
        away.reason.contains("no move may end farther from"),
        "{}",
        away.reason
    );
    let all = warcry_sim::rules::engine::fighters(a.world());
    let b = all.iter().find(|o| o.id == B).unwrap().clone();
    let places = warcry_sim::rules::options::move_places(a.world(), &all, &b, 4.0, None);
    assert!(
        places
            .iter()
            .all(|(p, _)| (p[0] - 10.0).hypot(p[2] - 10.0) <= 4.0 + 0.05)
    );
    a.walk(B, [13.0, 0.0, 11.0]).unwrap();
}

/// ABL-5: A's aura for the round: B, beginning its activation 2" from A, may not disengage
/// nor end a move farther from A (said as it activates); B2, beginning 8" away, moves freely.
#[test]
fn abl5_an_enemy_beginning_its_activation_near_the_fighter_is_held_for_the_round() {
    use warcry_sim::model::effects::Restriction;
    const A: FighterId = FighterId(2);
    let aura = Effect::BarEach(warcry_sim::model::effects::Barring {
        range: 3.0,
        visible: false,
        actions: vec![Restriction::Disengage, Restriction::MoveAway],
        while_within: false,
        on_activation: true,
        roll: None,
    });
    let mut a = super::faction::with_ability(vec![aura], 3);
    a.place(B, 13.0, 10.0);
    a.place(B2, 10.0, 18.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let n = a.log_len();
    a.activate(B);
    let said = super::faction::said_since(&mut a, n).join("\n");
    assert!(
        said.contains("may not disengage or end a move farther from Orvi"),
        "{said}"
    );
    let away = a.walk(B, [16.0, 0.0, 10.0]).unwrap_err();
    assert!(
        away.reason.contains("no move may end farther from"),
        "{}",
        away.reason
    );
    a.activate(B2);
    a.walk(B2, [10.0, 0.0, 21.0]).unwrap();
}

/// ABL-5: on a 3+, B makes 1 fewer action in its next activation (said), and only that one; a
/// roll of 2 does nothing.
#[test]
fn abl5_an_enemy_makes_one_fewer_action_in_its_next_activation() {
    use warcry_sim::model::effects::OnSuccess;
    const A: FighterId = FighterId(2);
    let roll = Effect::RollAgainst {
        range: 3.0,
        visible: false,
        runemark: None,
        dice: Amount::Fixed(1),
        least: 3,
        then: OnSuccess::FewerNextActivation,
    };
    let mut a = super::faction::with_ability(vec![roll], 3);
    a.place(B, 12.5, 10.0);
    a.place(B2, 12.5, 11.5);
    a.give_dice(warcry_sim::model::ids::Side::A, &[(3, 2), (3, 2)]);
    a.dice(&[2]);
    a.use_ability(A, "Test Gift", 3, Some(B2)).unwrap();
    a.dice(&[5]);
    let n = a.log_len();
    a.activate(A);
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    let said = super::faction::said_since(&mut a, n).join("\n");
    assert!(
        said.contains("1 fewer action in its next activation"),
        "{said}"
    );
    a.activate(B);
    assert_eq!(a.engine().activation.as_ref().unwrap().actions_left, 1);
    a.activate(B2);
    assert_eq!(a.engine().activation.as_ref().unwrap().actions_left, 2);
    a.activate(B);
    assert_eq!(
        a.engine().activation.as_ref().unwrap().actions_left,
        2,
        "spent"
    );
}

/// ABL-5: the stance: refused after a disengage (said why); used before any move, it bars
/// A's moves and disengages for the rest of the activation (said so), not in its next one.
#[test]
fn abl5_a_stance_bars_moving_for_the_rest_of_the_activation_only() {
    use warcry_sim::model::effects::Restriction;
    const A: FighterId = FighterId(2);
    let stance = vec![
        Effect::Requires(Condition::NoMoveNorDisengage),
        Effect::BarSelf(vec![Restriction::Move, Restriction::Disengage]),
    ];
    let mut a = super::faction::with_ability(stance, 3);
    a.rules(|r| r.reactions = false);
    a.place(B, 11.5, 10.0);
    a.apply(Command::Disengage {
        fighter: A,
        to: [7.0, 0.0, 10.0],
    })
    .unwrap();
    let refused = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(refused.contains("move or disengage action"), "{refused}");
    a.activate(A);
    a.give_dice(warcry_sim::model::ids::Side::A, &[(3, 2)]);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let barred = a.walk(A, [6.0, 0.0, 10.0]).unwrap_err();
    assert!(
        barred.reason.contains("until the end of its activation"),
        "{}",
        barred.reason
    );
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    a.set(A, warcry_sim::model::components::Activation::Ready);
    a.activate(A);
    a.walk(A, [6.0, 0.0, 10.0]).unwrap();
}

/// CMB-2, ABL-5: each friend with the runemark within 3" of the enemy picked may attack it,
/// and only it: A2 (2" from B, marked) gets the bonus; A3 (marked, 6" away) and A4 (beside B,
/// unmarked) do not; A2's attack on B2 is refused, on B made.
#[test]
fn cmb2_abl5_the_friends_round_an_enemy_may_attack_it_and_only_it() {
    use warcry_sim::model::effects::GangUp;
    use warcry_sim::rules::engine::Bonus;
    const A: FighterId = FighterId(2);
    const A2: FighterId = FighterId(3);
    const A3: FighterId = FighterId(4);
    const A4: FighterId = FighterId(5);
    let gang = Effect::GangUp(GangUp {
        range: 1.0,
        visible: false,
        marks: Marks::of(&["vanguard"], &[]).unwrap(),
        around: 3.0,
    });
    let mut a = super::faction::with_ability(vec![gang], 3);
    a.rules(|r| r.reactions = false);
    a.place(B, 11.5, 10.0);
    for (id, x, z, marked) in [
        (A2, 11.5, 11.5, true),
        (A3, 11.5, 17.0, true),
        (A4, 13.0, 10.0, false),
    ] {
        let marks = if marked {
            vec!["vanguard".to_string()]
        } else {
            Vec::new()
        };
        a.profile(id, |p| {
            p.runemarks = marks;
            p.weapons = vec![super::arena::weapon(1.0, 2, 3, (1, 2))];
        });
        a.place(id, x, z);
    }
    a.place(B2, 12.8, 12.3);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, Some(B)).unwrap();
    let said = super::faction::said_since(&mut a, n).join("\n");
    assert!(said.contains("may each make a bonus attack on"), "{said}");
    let queue = a.engine().activation.as_ref().unwrap().bonus.clone();
    assert_eq!(
        queue,
        [Bonus::FriendAttack {
            fighter: A2,
            melee: false,
            at: Some(B),
            weapons: None,
        }]
    );
    let attack = |t| Command::Attack {
        fighter: A2,
        target: t,
        weapon: 0,
    };
    let wrong = a.rejected(attack(B2));
    assert!(wrong.reason.contains("comes first"), "{}", wrong.reason);
    a.dice(&[4, 4]);
    a.apply(attack(B)).unwrap();
    assert!(a.damage(B) > 0);
}

/// CMB-2, ABL-5: a friend's bonus attack "that has a Bow Weapon runemark": A2's sword attack
/// on B beside it is refused while the bonus waits; its bow attack on B is made.
#[test]
fn cmb2_abl5_a_friends_bonus_attack_takes_only_a_weapon_of_the_runemark() {
    use warcry_sim::rules::engine::Bonus;
    const A: FighterId = FighterId(2);
    const A2: FighterId = FighterId(3);
    let shot = Effect::FriendBonusAttack {
        range: 2.0,
        visible: false,
        runemark: None,
        marks: Marks::default(),
        melee: false,
        weapon: Marks::of(&["bow weapon"], &[]).unwrap(),
    };
    let mut a = super::faction::with_ability(vec![shot], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A2, |p| {
        let mut sword = super::arena::weapon(1.0, 2, 3, (1, 2));
        sword.runemark = Some("sword".into());
        let mut bow = super::arena::weapon(8.0, 2, 3, (1, 2));
        bow.runemark = Some("bow".into());
        p.weapons = vec![sword, bow];
    });
    a.place(A2, 11.5, 10.0);
    a.place(B, 13.0, 10.0);
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    let queue = a.engine().activation.as_ref().unwrap().bonus.clone();
    assert!(
        matches!(
            queue[..],
            [Bonus::FriendAttack {
                fighter: A2,
                weapons: Some(0b10),
                ..
            }]
        ),
        "{queue:?}"
    );
    let attack = |t, weapon| Command::Attack {
        fighter: A2,
        target: t,
        weapon,
    };
    let sword = a.rejected(attack(B, 0));
    assert!(sword.reason.contains("comes first"), "{}", sword.reason);
    a.dice(&[4, 4]);
    a.apply(attack(B, 1)).unwrap();
    assert!(a.damage(B) > 0);
}
