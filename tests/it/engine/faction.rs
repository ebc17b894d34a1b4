//! Issue 30: the effects the whole community set's cards needed, in our own words, run by
//! the engine with injected dice.

use super::arena::{Arena, ability, weapon};
use warcry_sim::model::components::Damage;
use warcry_sim::model::effects::{Amount, Effect};
use warcry_sim::model::ids::{FighterId, Side};
use warcry_sim::rules::abilities::DiceCost;
use warcry_sim::rules::options::{ActiveOptions, Decision, options};

const A: FighterId = FighterId(2);
const A2: FighterId = FighterId(3);
const A3: FighterId = FighterId(4);
const B: FighterId = FighterId(10);

/// A gives its fighter (A) one ability of `effects`, costing a double; A at (10, 10) is
/// activated with a double of `value`s to pay.
pub(super) fn with_ability(effects: Vec<Effect>, value: u8) -> Arena {
    let mut a = Arena::new();
    a.profile(A, |p| {
        p.abilities = vec![ability("Test Gift", DiceCost::Double, effects)];
        p.weapons = vec![weapon(1.0, 2, 3, (1, 2))];
    });
    a.place(A, 10.0, 10.0);
    a.activate(A);
    a.give_dice(Side::A, &[(value, 2)]);
    a
}

fn action_options(a: &mut Arena) -> ActiveOptions {
    let Decision::Action(act) = options(a.world()).decision else {
        panic!("an action to decide")
    };
    *act
}

/// The attack A would make on B with `weapon` now, as its exact odds see it.
pub(super) fn a_on_b(a: &mut Arena, weapon: usize) -> warcry_sim::rules::odds::AttackRoll {
    let w = a.world();
    let all = warcry_sim::rules::engine::fighters(w);
    let f = all.iter().find(|o| o.id == A).unwrap();
    let t = all.iter().find(|o| o.id == B).unwrap();
    warcry_sim::rules::actions::attack_roll(w, &all, f, t, weapon, false).unwrap()
}

pub(super) fn said_since(a: &mut Arena, n: usize) -> Vec<String> {
    a.log_since(n).iter().map(|e| a.text_of(e)).collect()
}

/// ABL-5, "remove up to D6 damage points allocated to each friendly fighter within 3" of this
/// fighter (roll for each)": a roll for each friend in reach and for the fighter itself;
/// nobody out of reach, no enemy. Refused when nobody it reaches has damage to remove.
#[test]
fn abl5_a_heal_rolled_for_each_friend_in_reach() {
    let mut a = with_ability(
        vec![Effect::HealEach {
            range: 3.0,
            visible: false,
            others: false,
            amount: Amount::Fixed(0),
            dice: Some(6),
            marks: Default::default(),
        }],
        3,
    );
    a.place(A2, 12.0, 10.0);
    a.place(A3, 20.0, 10.0);
    a.place(B, 10.0, 12.0);
    let refused = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(refused.contains("has damage to remove"), "{refused}");
    for id in [A, A2, A3, B] {
        a.set(id, Damage(5));
    }
    a.dice(&[2, 6]);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert_eq!(a.damage(A), 3, "itself: rolled 2");
    assert_eq!(a.damage(A2), 0, "rolled 6, 5 to remove");
    assert_eq!(
        (a.damage(A3), a.damage(B)),
        (5, 5),
        "out of reach; an enemy"
    );
    let said = said_since(&mut a, n);
    assert!(
        said.iter()
            .any(|l| l.contains("removes 5 damage from") && l.contains("(rolls 6)")),
        "{said:?}"
    );
    assert!(
        said.iter().any(|l| l.contains("from itself (rolls 2)")),
        "{said:?}"
    );
}

/// ABL-5, "remove a number of damage points from each other friendly fighter within 4" of this
/// fighter, up to the value of this ability": the fighter itself is not healed.
#[test]
fn abl5_a_heal_of_each_other_friend_by_the_value() {
    let mut a = with_ability(
        vec![Effect::HealEach {
            range: 4.0,
            visible: false,
            others: true,
            amount: Amount::Value,
            dice: None,
            marks: Default::default(),
        }],
        2,
    );
    a.place(A2, 13.0, 10.0);
    a.set(A, Damage(5));
    a.set(A2, Damage(5));
    a.use_ability(A, "Test Gift", 2, None).unwrap();
    assert_eq!((a.damage(A), a.damage(A2)), (5, 3));
}

/// ABL-5, conditions: "if they are not within 3" of any enemy fighters", "if they have 3 or
/// more damage points allocated to them", "if there is a friendly fighter with the hero
/// runemark within 4" of them", "if it is the first battle round": each refused with why
/// until it holds.
#[test]
fn abl5_conditions_refuse_with_why_until_they_hold() {
    use warcry_sim::model::effects::Condition;
    let requires = |c: Condition| {
        vec![
            Effect::Requires(c),
            Effect::Heal {
                amount: Amount::Fixed(1),
            },
        ]
    };
    let mut a = with_ability(
        requires(Condition::NoEnemyWithin {
            range: 3.0,
            visible: false,
        }),
        3,
    );
    a.set(A, Damage(2));
    a.place(B, 12.0, 10.0);
    let refused = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(
        refused.contains("there is an enemy within 3\""),
        "{refused}"
    );
    a.place(B, 14.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();

    let mut a = with_ability(requires(Condition::Damaged(3)), 3);
    a.set(A, Damage(2));
    let refused = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(refused.contains("not 3 or more"), "{refused}");
    a.set(A, Damage(3));
    a.use_ability(A, "Test Gift", 3, None).unwrap();

    let mut a = with_ability(
        requires(Condition::FriendWithin {
            range: 4.0,
            visible: false,
            runemark: Some("hero".into()),
            marks: Default::default(),
        }),
        3,
    );
    a.set(A, Damage(2));
    a.profile(A2, |p| p.runemarks = vec!["hero".into()]);
    a.place(A2, 16.0, 10.0);
    let refused = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(refused.contains("with the hero runemark"), "{refused}");
    a.place(A2, 13.0, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();

    let mut a = with_ability(requires(Condition::Round(2)), 3);
    a.set(A, Damage(2));
    let now = a.engine().round;
    let refused = a.use_ability(A, "Test Gift", 3, None).unwrap_err();
    assert!(
        refused.contains(&format!("it is battle round {now}, not 2")),
        "{refused}"
    );
    a.engine().round = 2;
    a.use_ability(A, "Test Gift", 3, None).unwrap();
}

/// A's guard for the round, then B (4 attacks, damage 2/4) attacks `target` rolling four 6s
/// (four critical hits); reactions off. The damage `target` takes.
pub(super) fn guarded_attack(
    guard: Vec<Effect>,
    target: FighterId,
    at: (f32, f32),
) -> (u32, Vec<String>) {
    let mut a = with_ability(guard, 3);
    a.rules(|r| r.reactions = false);
    for id in [A, A2] {
        a.profile(id, |p| p.wounds = 40);
    }
    a.profile(B, |p| p.weapons = vec![weapon(1.0, 4, 5, (2, 4))]);
    a.place(A2, 13.0, 10.0);
    a.place(B, at.0, at.1);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.activate(B);
    a.dice(&[6, 6, 6, 6]);
    let n = a.log_len();
    a.attack_logged(B, target, 0);
    let said = said_since(&mut a, n);
    (a.damage(target), said)
}

/// ABL-5, "until the end of the battle round, subtract 1 from the damage points allocated by
/// each hit and critical hit (to a minimum of 1) from attack actions that target this
/// fighter", and "... count each critical hit from attack actions that target this fighter
/// as a hit instead": four critical hits of 4 deal 16; guarded, 12; counted as hits, 8.
#[test]
fn abl5_a_guard_softens_the_attacks_on_this_fighter_for_the_round() {
    use warcry_sim::model::effects::Guard;
    let less = |by| Effect::RoundGuard {
        guard: Guard::LessDamage {
            by: Amount::Fixed(by),
            min: 1,
        },
        aura: None,
    };
    let crits = Effect::RoundGuard {
        guard: Guard::CritsAsHits,
        aura: None,
    };
    assert_eq!(guarded_attack(vec![less(0)], A, (11.5, 10.0)).0, 16);
    let (damage, said) = guarded_attack(vec![less(1)], A, (11.5, 10.0));
    assert_eq!(damage, 12, "{said:?}");
    assert!(
        said.iter().any(
            |l| l == "Orvi is guarded this round: each hit deals 1 damage, each critical hit 3"
        ),
        "{said:?}"
    );
    let (damage, said) = guarded_attack(vec![crits.clone()], A, (11.5, 10.0));
    assert_eq!(damage, 8, "{said:?}");
    assert!(
        said.iter().any(|l| l
            == "Orvi is guarded this round: 4 critical hits count as hits; each hit deals 2 damage"),
        "{said:?}"
    );
    // Both: a hit's 2, less 3, is held at the minimum of 1.
    assert_eq!(guarded_attack(vec![crits, less(3)], A, (11.5, 10.0)).0, 4);
}

/// ABL-5, "... from attack actions that target friendly fighters while they are within 4" of
/// this fighter": a friend 3" away is guarded; the same friend attacked beyond it is not.
#[test]
fn abl5_a_guard_aura_softens_the_attacks_on_friends_within_it() {
    use warcry_sim::model::effects::{Aura, Guard};
    let aura = |range| {
        vec![Effect::RoundGuard {
            guard: Guard::LessDamage {
                by: Amount::Fixed(2),
                min: 1,
            },
            aura: Some(Aura::within(range, false)),
        }]
    };
    assert_eq!(guarded_attack(aura(4.0), A2, (14.5, 10.0)).0, 8);
    assert_eq!(guarded_attack(aura(1.0), A2, (14.5, 10.0)).0, 16);
}

/// ABL-5, "this fighter makes a bonus move action and must finish closer to the closest
/// visible enemy fighter than they were at the start of that move action": a move away from
/// the closest enemy is refused with how near it had to come; the options offer only the
/// places closer; a move towards it is made.
#[test]
fn abl5_a_bonus_move_must_finish_closer_to_the_closest_visible_enemy() {
    use warcry_sim::rules::command::Command;
    let mut a = with_ability(vec![Effect::BonusMoveCloser { max: None }], 3);
    a.place(B, 16.0, 10.0);
    a.place(FighterId(11), 10.0, 30.0);
    a.engine().activation.as_mut().unwrap().actions_left = 0;
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let away = Command::Move {
        fighter: A,
        to: [7.0, 0.0, 10.0],
        pick_up: false,
        treasure: None,
        descend: None,
        via: Vec::new(),
        pick: None,
    };
    let why = a.rejected(away).to_string();
    assert!(
        why.contains("must finish closer to") && why.contains("5.0\""),
        "{why}"
    );
    let options = action_options(&mut a);
    assert!(!options.moves.is_empty());
    assert!(
        options.moves.iter().all(|(p, _)| p[0] > 10.0 - 1e-3),
        "only places nearer the enemy at x 16"
    );
    a.walk(A, [13.0, 0.0, 10.0]).unwrap();
    assert!(
        a.engine()
            .activation
            .clone()
            .is_none_or(|s| s.bonus.is_empty())
    );
}

/// ABL-5, "this fighter makes a bonus disengage action": with no action of its own left, an
/// engaged fighter disengages as its bonus; another action is refused while the bonus waits.
#[test]
fn abl5_a_bonus_disengage_is_taken_as_a_disengage() {
    use warcry_sim::rules::command::Command;
    let mut a = with_ability(vec![Effect::BonusDisengage], 3);
    a.rules(|r| r.reactions = false);
    a.place(B, 11.5, 10.0);
    a.engine().activation.as_mut().unwrap().actions_left = 0;
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let attack = Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    };
    let why = a.rejected(attack).to_string();
    assert!(why.contains("the bonus disengage comes first"), "{why}");
    let options = action_options(&mut a);
    let to = *options.disengage.first().expect("a disengage spot");
    a.apply(Command::Disengage { fighter: A, to }).unwrap();
    let at = a.fighter(A).pos;
    assert_eq!([at.x, at.z], [to[0], to[2]], "it disengaged to the spot");
    assert!(
        a.engine()
            .activation
            .clone()
            .is_none_or(|s| s.bonus.is_empty())
    );
}

/// REA-1, ABL-5, "for each hit roll from that attack action that hits, allocate 1 damage
/// point to the attacking fighter. For each critical hit, allocate 2 damage points to the
/// attacking fighter instead": A's four hit rolls (S4 v T4) of 4, 5, 6, 1 are two hits and a
/// critical: 1 + 1 + 2 to A.
#[test]
fn rea1_abl5_a_reaction_deals_damage_to_the_attacker_for_each_hit() {
    use super::lasting::{guard, guarded};
    let mut a = guarded(
        vec![Effect::DamageAttackerPerHit { hit: 1, crit: 2 }],
        (1, 2),
    );
    a.dice(&[4, 5, 6, 1]);
    guard(&mut a);
    assert_eq!(a.damage(A), 4);
}

/// REA-1, ABL-5, "if none of the hit rolls from that attack action result in a critical hit,
/// allocate 3 damage points to the attacking fighter", "if each hit roll from that attack
/// action results in a miss, ...": only when the rolls were so.
#[test]
fn rea1_abl5_a_reaction_deals_damage_to_the_attacker_when_the_rolls_were_so() {
    use super::lasting::{guard, guarded};
    use warcry_sim::model::effects::RollsWere;
    for (when, rolls, to_a) in [
        (RollsWere::NoCrits, [4, 5, 1, 1], 3),
        (RollsWere::NoCrits, [6, 5, 1, 1], 0),
        (RollsWere::AllMissed, [1, 2, 3, 1], 3),
        (RollsWere::AllMissed, [1, 2, 3, 4], 0),
    ] {
        let mut a = guarded(
            vec![Effect::DamageAttackerIf(
                warcry_sim::model::effects::AttackerIf {
                    when,
                    amount: 3,
                    heal: 0,
                },
            )],
            (1, 2),
        );
        a.dice(&rolls);
        guard(&mut a);
        assert_eq!(a.damage(A), to_a, "{when:?} {rolls:?}");
    }
}

fn near_friend() -> warcry_sim::model::effects::FriendPick {
    warcry_sim::model::effects::FriendPick::new(3.0, false, Default::default())
}

/// ABL-5, "pick a friendly fighter within 3" of this fighter. Until the end of the battle
/// round, add 2 to the Move characteristic of that fighter": the friend named (or refused
/// out of reach) moves 2" further when it activates this round.
#[test]
fn abl5_a_picked_friend_is_raised_for_the_round() {
    use warcry_sim::model::effects::Stat;
    let raise = Effect::FriendBoost {
        pick: near_friend(),
        stat: Stat::Move,
        by: Amount::Fixed(2),
        melee_only: false,
        next: false,
    };
    let mut a = with_ability(vec![raise], 3);
    a.place(A2, 12.0, 10.0);
    a.place(A3, 20.0, 10.0);
    let refused = a.use_ability(A, "Test Gift", 3, Some(A3)).unwrap_err();
    assert!(
        refused.contains("not another friendly fighter"),
        "{refused}"
    );
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    let said = said_since(&mut a, n);
    assert!(
        said.iter()
            .any(|l| l.contains("+2 Move until the end of the battle round")),
        "{said:?}"
    );
    a.activate(A2);
    let act = a.engine().activation.clone().unwrap();
    assert_eq!(a.engine().move_bonus(&act), 2);
}

/// ABL-5, "... until the end of the battle round, add 3 to the Strength characteristic of the
/// next melee attack action made by that fighter": the friend's next melee attack is S6, not
/// S3 (hits on 3s against T5); it is spent by that attack.
#[test]
fn abl5_a_picked_friends_next_melee_attack_is_raised_once() {
    use warcry_sim::model::effects::Stat;
    use warcry_sim::rules::log::Event;
    let raise = Effect::FriendBoost {
        pick: near_friend(),
        stat: Stat::Strength,
        by: Amount::Fixed(3),
        melee_only: true,
        next: true,
    };
    let mut a = with_ability(vec![raise], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A2, |p| p.weapons = vec![weapon(1.0, 2, 3, (1, 2))]);
    a.profile(B, |p| {
        p.toughness = 5;
        p.wounds = 40;
    });
    a.place(A2, 12.0, 10.0);
    a.place(B, 13.5, 10.0);
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    a.activate(A2);
    let strength = |e: Event| match e {
        Event::Attack { strength, .. } => strength,
        _ => 0,
    };
    a.dice(&[3, 3]);
    assert_eq!(strength(a.attack_logged(A2, B, 0)), 6);
    a.dice(&[3, 3]);
    assert_eq!(strength(a.attack_logged(A2, B, 0)), 3, "spent");
}

/// ABL-5, "pick a visible friendly fighter within 3" of this fighter. Remove up to D3 damage
/// points allocated to that fighter": a roll of 5 is 3 on a D3.
#[test]
fn abl5_a_picked_friend_is_healed_by_a_roll() {
    let heal = Effect::FriendHeal {
        pick: near_friend(),
        amount: Amount::Fixed(0),
        dice: Some(3),
        per_roll: None,
    };
    let mut a = with_ability(vec![heal], 3);
    a.place(A2, 12.0, 10.0);
    a.set(A2, Damage(5));
    a.dice(&[5]);
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    assert_eq!(a.damage(A2), 2);
}

/// Issue 30, ABL-5: "pick a friendly fighter within 3" of this fighter and roll a number of
/// dice equal to the value of this ability. For each roll of 4+, remove up to 3 damage points
/// allocated to that fighter": 3 dice showing 4, 2, 6 remove 6 of A2's 7; the log gives the
/// rolls.
#[test]
fn abl5_a_picked_friend_is_healed_for_each_roll() {
    let heal = Effect::FriendHeal {
        pick: near_friend(),
        amount: Amount::Fixed(3),
        dice: None,
        per_roll: Some((Amount::Value, 4)),
    };
    let mut a = with_ability(vec![heal], 3);
    a.place(A2, 12.0, 10.0);
    a.set(A2, Damage(7));
    a.dice(&[4, 2, 6]);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, Some(A2)).unwrap();
    assert_eq!(a.damage(A2), 1);
    let said = said_since(&mut a, n).join("\n");
    assert!(
        said.contains("removes 6 damage from") && said.contains("(rolls 4, 2, 6)"),
        "{said}"
    );
}

/// ABL-5, "roll a number of dice equal to the value of this ability. For each roll of 4+,
/// remove up to 2 damage points allocated to this fighter": 3 dice showing 5, 1, 4 remove 4.
#[test]
fn abl5_a_heal_by_the_rolls_of_the_value_in_dice() {
    let mut a = with_ability(
        vec![Effect::HealRolled {
            dice: Amount::Value,
            least: 4,
            each: 2,
        }],
        3,
    );
    a.set(A, Damage(6));
    a.dice(&[5, 1, 4]);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert_eq!(a.damage(A), 2);
    let said = said_since(&mut a, n);
    assert!(
        said.iter()
            .any(|l| l.ends_with("removes 4 damage (rolls 5, 1, 4)")),
        "{said:?}"
    );
}

/// ABL-5, "until the end of the battle round, enemy fighters within 3" of this fighter cannot
/// make reactions": B, within 3", is offered no reaction to A's melee attack; the next round
/// it is. The same for abilities: barred, B's ability is refused with why.
#[test]
fn abl5_enemies_in_reach_are_barred_from_reactions_or_abilities_for_the_round() {
    use warcry_sim::model::effects::Restriction;
    use warcry_sim::rules::command::Command;
    use warcry_sim::rules::engine::Pending;
    let bar = |what| {
        Effect::BarEach(warcry_sim::model::effects::Barring {
            range: 3.0,
            visible: false,
            actions: vec![what],
            while_within: false,
            on_activation: false,
            roll: None,
        })
    };
    let mut a = with_ability(vec![bar(Restriction::Reactions)], 3);
    a.place(B, 11.5, 10.0);
    let n = a.log_len();
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let said = said_since(&mut a, n);
    assert!(
        said.iter()
            .any(|l| l.contains("may not make reactions until the end")),
        "{said:?}"
    );
    a.dice(&[1, 1]);
    a.apply(Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    })
    .unwrap();
    assert!(
        !matches!(a.pending(), Pending::Reaction { .. }),
        "no reaction"
    );

    let mut a = with_ability(vec![bar(Restriction::Abilities)], 3);
    a.place(B, 11.5, 10.0);
    a.profile(B, |p| {
        p.abilities = vec![ability(
            "Test Gift",
            DiceCost::Double,
            vec![Effect::BonusAttack],
        )]
    });
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    a.activate(B);
    a.give_dice(Side::B, &[(3, 2)]);
    let refused = a.use_ability(B, "Test Gift", 3, None).unwrap_err();
    assert!(
        refused.contains("from abilities until the end"),
        "{refused}"
    );
}

/// ATK-3 with ABL-5, "until the end of this fighter's activation, melee attack actions made by
/// this fighter score a critical hit on a roll of 5+": rolls of 5, 5, 4 (S3 v T3) are two
/// critical hits and a hit; the attack's exact odds count a 5 as a critical hit too.
#[test]
fn atk3_abl5_attacks_score_critical_hits_on_a_lower_roll_this_activation() {
    use warcry_sim::model::effects::AttackKind;
    use warcry_sim::rules::log::Event;
    let mut a = with_ability(
        vec![Effect::CritOn {
            least: 5,
            only: Some(AttackKind::Melee),
            next: false,
        }],
        3,
    );
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| p.weapons = vec![weapon(1.0, 3, 3, (1, 4))]);
    a.profile(B, |p| {
        p.toughness = 3;
        p.wounds = 40;
    });
    a.place(B, 11.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let roll = a_on_b(&mut a, 0);
    assert_eq!(roll.crit_on, 5);
    a.dice(&[5, 5, 4]);
    let Event::Attack { hits, crits, .. } = a.attack_logged(A, B, 0) else {
        panic!("an attack")
    };
    assert_eq!((hits, crits), (1, 2));
    assert_eq!(a.damage(B), 9);
}

/// ABL-5, "this fighter makes a bonus attack action. In addition, add 2 to the Attacks
/// characteristic of that attack action": the bonus attack rolls 2 + 2 dice; the raise is
/// spent by it.
#[test]
fn abl5_a_bonus_attack_raised_by_the_same_ability() {
    use warcry_sim::model::effects::Stat;
    use warcry_sim::rules::log::Event;
    let mut a = with_ability(
        vec![
            Effect::BonusAttack,
            Effect::NextBoost {
                only: None,
                stat: Stat::Attacks,
                by: Amount::Fixed(2),
            },
        ],
        3,
    );
    a.rules(|r| r.reactions = false);
    a.profile(B, |p| p.wounds = 40);
    a.place(B, 11.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let rolls = |e: Event| match e {
        Event::Attack { rolls, .. } => rolls.len(),
        _ => 0,
    };
    a.dice(&[1, 1, 1, 1]);
    assert_eq!(
        rolls(a.attack_logged(A, B, 0)),
        4,
        "the bonus attack, raised"
    );
    a.dice(&[1, 1]);
    assert_eq!(
        rolls(a.attack_logged(A, B, 0)),
        2,
        "its own attack, as it was"
    );
}

/// ABL-5, "this fighter makes a bonus missile attack action": with no action of its own left,
/// its melee attack is refused while the bonus waits, and the action's options offer its
/// missile weapon only; the missile attack takes the bonus.
#[test]
fn abl5_a_bonus_missile_attack_takes_a_missile_weapon_only() {
    use warcry_sim::rules::command::Command;
    let mut a = with_ability(vec![Effect::BonusAttackOf { melee: false }], 3);
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| {
        p.weapons = vec![weapon(1.0, 2, 3, (1, 2)), weapon(8.0, 2, 3, (1, 2))];
    });
    a.profile(B, |p| p.wounds = 40);
    a.place(B, 11.5, 10.0);
    a.engine().activation.as_mut().unwrap().actions_left = 0;
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let options = action_options(&mut a);
    assert!(
        options.attacks.iter().all(|o| o.weapon == 1),
        "missile only"
    );
    let melee = Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    };
    let why = a.rejected(melee).to_string();
    assert!(
        why.contains("the bonus missile attack comes first"),
        "{why}"
    );
    a.dice(&[1, 1]);
    a.attack_logged(A, B, 1);
    assert!(
        a.engine()
            .activation
            .clone()
            .is_none_or(|s| s.bonus.is_empty())
    );
}

/// ABL-5, "this fighter makes a bonus move action or a bonus disengage action": an engaged
/// fighter with no action left may disengage as the bonus.
#[test]
fn abl5_a_bonus_move_or_disengage_may_be_a_disengage() {
    use warcry_sim::rules::command::Command;
    let mut a = with_ability(vec![Effect::BonusMoveOrDisengage], 3);
    a.rules(|r| r.reactions = false);
    a.place(B, 11.5, 10.0);
    a.engine().activation.as_mut().unwrap().actions_left = 0;
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let to = *action_options(&mut a).disengage.first().expect("a spot");
    a.apply(Command::Disengage { fighter: A, to }).unwrap();
    assert!(
        a.engine()
            .activation
            .clone()
            .is_none_or(|s| s.bonus.is_empty())
    );
}

/// ABL-5, "until the end of this fighter's activation, the next time this fighter finishes a
/// move action within 1" of an enemy fighter, pick a visible enemy fighter within 1" of this
/// fighter and roll a dice. On a roll of 2-5, allocate 1 damage point to that fighter. On a
/// roll of 6, allocate a number of damage points to that fighter equal to the value of this
/// ability.": the move that ends beside B rolls a 6: 4 damage.
#[test]
fn abl5_a_roll_against_the_enemy_the_next_move_finishes_near() {
    use warcry_sim::model::effects::{MoveTrigger, Roll};
    let mut a = with_ability(
        vec![Effect::AfterMove {
            trigger: MoveTrigger::NearEnemy(1.0),
            then: vec![Effect::DamageOne {
                range: 1.0,
                amount: Amount::Fixed(0),
                roll: Some(Roll {
                    dice: Amount::Fixed(1),
                    bands: vec![(2, 5, Amount::Fixed(1)), (6, 6, Amount::Value)],
                    rolled: Vec::new(),
                    upto_round: None,
                }),
                only: None,
            }],
        }],
        4,
    );
    a.place(B, 14.0, 10.0);
    a.use_ability(A, "Test Gift", 4, None).unwrap();
    a.dice(&[6]);
    a.walk(A, [12.6, 0.0, 10.3]).unwrap();
    assert_eq!(a.damage(B), 4);
}

/// ABL-5, "until the end of this fighter's activation, add 2 to the Attacks characteristic of
/// missile attack actions made by this fighter": its missile attack rolls 2 + 2 dice, its
/// melee attack 2.
#[test]
fn abl5_a_raise_of_missile_attacks_leaves_melee_alone() {
    use warcry_sim::model::effects::Stat;
    let mut a = with_ability(
        vec![Effect::Boost {
            stat: Stat::Attacks,
            by: Amount::Fixed(2),
            melee_only: false,
            missile_only: true,
        }],
        3,
    );
    a.profile(A, |p| {
        p.weapons = vec![weapon(1.0, 2, 3, (1, 2)), weapon(8.0, 2, 3, (1, 2))];
    });
    a.place(B, 11.5, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert_eq!(a.fighter(A).attacks_with(0), 2);
    assert_eq!(a_on_b(&mut a, 1).attacks, 4, "missile");
    assert_eq!(a_on_b(&mut a, 0).attacks, 2, "melee");
}

/// ABL-5, "this fighter makes a bonus attack action. In addition, add 2 to the Attacks
/// characteristic of that attack action", the bonus declined by a move of its own: the raise
/// lapses with the bonus (said in the log); its later attack is not raised.
#[test]
fn abl5_a_raise_for_the_bonus_attack_lapses_when_the_bonus_is_declined() {
    use warcry_sim::model::effects::Stat;
    use warcry_sim::rules::log::Event;
    let mut a = with_ability(
        vec![
            Effect::BonusAttack,
            Effect::NextBoost {
                only: None,
                stat: Stat::Attacks,
                by: Amount::Fixed(2),
            },
        ],
        3,
    );
    a.rules(|r| r.reactions = false);
    a.profile(A, |p| {
        p.weapons = vec![weapon(1.0, 2, 3, (1, 2)), weapon(8.0, 2, 3, (1, 2))];
    });
    a.profile(B, |p| p.wounds = 40);
    a.place(B, 14.0, 10.0);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    let n = a.log_len();
    a.walk(A, [12.5, 0.0, 10.0]).unwrap();
    let said = said_since(&mut a, n);
    assert!(said.iter().any(|l| l.contains("lapses")), "{said:?}");
    a.dice(&[1, 1]);
    let Event::Attack { rolls, .. } = a.attack_logged(A, B, 0) else {
        panic!("an attack")
    };
    assert_eq!(rolls.len(), 2, "not raised");
}

/// MOVE-7 with ABL-5, "until the end of this fighter's activation, this fighter can fly when
/// making move actions": the fighter moves as a flyer this activation, and not after it.
#[test]
fn move7_abl5_a_fighter_flies_for_its_activation() {
    use warcry_sim::model::ruleset::Ruleset;
    use warcry_sim::rules::command::Command;
    let mut a = with_ability(vec![Effect::FlyThisActivation], 3);
    let rules = a.world().resource::<Ruleset>().clone();
    assert!(!a.fighter(A).mover(&rules).can_fly);
    a.use_ability(A, "Test Gift", 3, None).unwrap();
    assert!(a.fighter(A).mover(&rules).can_fly, "it flies now");
    assert!(!a.fighter(A2).mover(&rules).can_fly, "its friends don't");
    a.apply(Command::EndActivation { fighter: A }).unwrap();
    assert!(
        !a.fighter(A).mover(&rules).can_fly,
        "not after its activation"
    );
}
