//! Issue 30, fourth session: what a reaction does before the hit rolls (REA-1, ABL-5): fewer
//! attack dice, a higher Toughness for the attack, damage removed as it reacts or when no
//! critical hit is scored; run by the engine with injected dice.

use super::lasting::{guard, guarded};
use warcry_sim::model::components::Damage;
use warcry_sim::model::effects::{Amount, Effect, RollsWere};
use warcry_sim::model::ids::FighterId;

const A: FighterId = FighterId(2);
const B: FighterId = FighterId(10);

/// Issue 30, REA-1: "subtract 1 from the Attacks characteristic of that attack action, to a
/// minimum of 1" (Baffling Parlay): A's 4 attacks roll 3 dice; three hits deal 3, the fourth
/// die is left unrolled.
#[test]
fn rea1_abl5_a_reaction_takes_dice_off_the_attack() {
    let mut a = guarded(vec![Effect::FewerAttackDice { by: 1, min: 1 }], (1, 2));
    a.dice(&[4, 4, 4, 4]);
    guard(&mut a);
    assert_eq!(a.damage(B), 3);
    assert_eq!(a.dice_left(), 1, "3 dice rolled, not 4");
}

/// Issue 30, REA-1: "to a minimum of 1": an attack of 1 die keeps it.
#[test]
fn rea1_abl5_fewer_attack_dice_stop_at_the_minimum() {
    let mut a = guarded(vec![Effect::FewerAttackDice { by: 2, min: 3 }], (1, 2));
    a.dice(&[4, 4, 4, 4]);
    guard(&mut a);
    assert_eq!(a.damage(B), 3, "4 - 2 is 2, raised to the minimum of 3");
}

/// Issue 30, REA-1, ATK-3: "add 1 to this fighter's Toughness characteristic during that
/// attack action" (Lofty Disdain): S4 against T5 hits on 5+, so of 4, 4, 5, 6 only the 5
/// hits (1) and the 6 is critical (2); at T4 the 4s would hit too (5).
#[test]
fn rea1_atk3_abl5_a_reaction_raises_toughness_for_the_attack() {
    let mut a = guarded(vec![Effect::ToughnessThisAttack { by: 1 }], (1, 2));
    a.dice(&[4, 4, 5, 6]);
    guard(&mut a);
    assert_eq!(a.damage(B), 3);
    let after = a.fighter(B);
    assert_eq!(after.profile.toughness, 4, "only during that attack");
}

/// Issue 30, REA-1: "remove 3 damage points allocated to this fighter" (Boon of Fortitude):
/// removed as it reacts, before the attack's damage (5 - 3, then 2 from two hits).
#[test]
fn rea1_abl5_a_reaction_removes_damage_as_it_is_made() {
    let mut a = guarded(
        vec![Effect::Heal {
            amount: Amount::Fixed(3),
        }],
        (1, 2),
    );
    a.set(B, Damage(5));
    a.dice(&[4, 4, 1, 1]);
    guard(&mut a);
    assert_eq!(a.damage(B), 2 + 2);
}

/// Issue 30, REA-1: "if none of the hit rolls from that attack action result in a critical
/// hit, allocate 3 damage points to the attacking fighter, and remove up to 3 damage points
/// allocated to this fighter" (Quick Bite): with no 6 the attacker takes 3 and 3 come off
/// the target before the two hits land; with a 6, neither.
#[test]
fn rea1_abl5_no_critical_hit_hurts_the_attacker_and_heals_the_target() {
    let quick_bite = || {
        vec![Effect::DamageAttackerIf(
            warcry_sim::model::effects::AttackerIf {
                when: RollsWere::NoCrits,
                amount: 3,
                heal: 3,
            },
        )]
    };
    let mut a = guarded(quick_bite(), (1, 2));
    a.set(B, Damage(5));
    a.dice(&[4, 4, 1, 1]);
    guard(&mut a);
    assert_eq!(a.damage(A), 3);
    assert_eq!(a.damage(B), 5 - 3 + 2);

    let mut a = guarded(quick_bite(), (1, 2));
    a.set(B, Damage(5));
    a.dice(&[4, 6, 1, 1]);
    guard(&mut a);
    assert_eq!(a.damage(A), 0);
    assert_eq!(a.damage(B), 5 + 1 + 2);
}

/// A (4 attacks, S4, 1/2) attacks B (T4, `wounds`), whose reaction "Test Departure" is made
/// when that melee attack's damage would take it down (`answer`); B bears `runemarks`.
fn lethal(answer: Vec<Effect>, wounds: u32, runemarks: &[&str]) -> super::arena::Arena {
    lethal_in(super::arena::Arena::new(), answer, wounds, runemarks)
}

fn lethal_in(
    mut a: super::arena::Arena,
    answer: Vec<Effect>,
    wounds: u32,
    runemarks: &[&str],
) -> super::arena::Arena {
    use super::arena::{ability, weapon};
    use warcry_sim::model::effects::Trigger;
    use warcry_sim::rules::abilities::DiceCost;
    use warcry_sim::rules::command::Command;
    let mut effects = vec![Effect::Reaction(Trigger::LethalMelee)];
    effects.extend(answer);
    a.profile(A, |p| {
        p.weapons = vec![weapon(1.0, 4, 4, (1, 2))];
        p.wounds = 30;
    });
    a.profile(B, |p| {
        p.abilities = vec![ability("Test Departure", DiceCost::Reaction, effects)];
        p.toughness = 4;
        p.wounds = wounds;
        p.runemarks = runemarks.iter().map(|m| m.to_string()).collect();
    });
    a.place(A, 10.0, 10.0);
    a.place(B, 11.5, 10.0);
    a.activate(A);
    a.apply(Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    })
    .unwrap();
    a
}

fn let_go(a: &mut super::arena::Arena) {
    use warcry_sim::model::ids::Side;
    use warcry_sim::rules::command::Command;
    a.apply(Command::DeclineReaction { side: Side::B }).unwrap();
}

fn depart() -> warcry_sim::rules::command::Command {
    warcry_sim::rules::command::Command::react_with(B, "Test Departure")
}

/// Issue 30, REA-1: "when they are targeted by a melee attack action, after the damage is
/// totalled but before it is allocated, if it is enough for this fighter to be taken down ...
/// allocate D6 damage points to their attacker" (Thunderous Departure): B (3 wounds) let the
/// Counter go; four hits total 4, enough: only the reaction ability is on offer (Counter is
/// refused), and its 5 goes to A before B is taken down.
#[test]
fn rea1_abl5_a_reaction_to_lethal_damage_strikes_the_attacker_first() {
    use warcry_sim::model::RuleId;
    use warcry_sim::model::ids::Side;
    use warcry_sim::rules::command::{Command, ReactionKind};
    use warcry_sim::rules::engine::Pending;
    let mut a = lethal(vec![Effect::DamageAttackerDice { sides: 6 }], 3, &[]);
    a.dice(&[4, 4, 4, 4]);
    let_go(&mut a);
    assert_eq!(a.pending(), Pending::Reaction { side: Side::B });
    let offer = a.engine().reaction.clone().expect("an offer");
    assert_eq!(offer.kind, None);
    assert_eq!(offer.abilities, ["Test Departure"]);
    assert_eq!(a.damage(B), 0, "not yet allocated");
    let counter = a.rejected(Command::React {
        fighter: B,
        reaction: ReactionKind::Counter,
    });
    assert_eq!(counter.rule, RuleId::Rea2);
    a.dice(&[5]);
    a.apply(depart()).unwrap();
    assert_eq!(a.damage(A), 5);
    assert!(!a.fighter(B).on_board(), "then B is taken down");
}

/// Issue 30, REA-1: no reaction to the total when it is not enough to take the fighter down
/// (2 of 3 wounds), nor after the fighter reacted to this attack already (one reaction per
/// enemy action: its Counter).
#[test]
fn rea1_abl5_no_reaction_to_a_total_that_leaves_it_standing_or_after_a_counter() {
    use warcry_sim::rules::command::{Command, ReactionKind};
    use warcry_sim::rules::engine::Pending;
    let mut a = lethal(vec![Effect::DamageAttackerDice { sides: 6 }], 3, &[]);
    a.dice(&[4, 4, 2, 2]);
    let_go(&mut a);
    assert!(!matches!(a.pending(), Pending::Reaction { .. }));
    assert_eq!(a.damage(B), 2);

    let mut a = lethal(vec![Effect::DamageAttackerDice { sides: 6 }], 3, &[]);
    a.dice(&[4, 4, 4, 4]);
    a.apply(Command::React {
        fighter: B,
        reaction: ReactionKind::Counter,
    })
    .unwrap();
    assert!(!matches!(a.pending(), Pending::Reaction { .. }));
    assert!(!a.fighter(B).on_board());
    assert_eq!(a.damage(A), 0);
}

/// Issue 30, ABL-5: "fighters with the Beast runemark or both the Scout and Fly runemarks
/// cannot make this reaction": a beast, or a fighter with both, is offered nothing; one with
/// Fly alone is.
#[test]
fn abl5_runemarks_that_cannot_make_a_reaction() {
    use warcry_sim::model::effects::{Condition, Marks};
    use warcry_sim::rules::engine::Pending;
    let bars = || {
        vec![
            Effect::DamageAttackerDice { sides: 3 },
            Effect::Requires(Condition::NotMarked(Marks::of(&[], &["beast"]).unwrap())),
            Effect::Requires(Condition::NotMarked(
                Marks::of(&["scout", "fly"], &[]).unwrap(),
            )),
        ]
    };
    for (marks, offered) in [
        (&["beast"][..], false),
        (&["scout", "fly"][..], false),
        (&["fly"][..], true),
    ] {
        let mut a = lethal(bars(), 3, marks);
        a.dice(&[4, 4, 4, 4]);
        let_go(&mut a);
        let on_offer = matches!(a.pending(), Pending::Reaction { .. });
        assert_eq!(on_offer, offered, "{marks:?}");
    }
}

/// Issue 30, REA-1: "roll a dice. On a roll of 4+, allocate 3 damage points to their
/// attacker" (Spiteful Demise): a 3 deals nothing, a 4 deals 3.
#[test]
fn rea1_abl5_a_reaction_to_lethal_damage_on_a_roll() {
    for (roll, dealt) in [(3, 0), (4, 3)] {
        let mut a = lethal(
            vec![Effect::DamageAttackerOnRoll {
                least: 4,
                amount: 3,
            }],
            3,
            &[],
        );
        a.dice(&[4, 4, 4, 4, roll]);
        let_go(&mut a);
        a.apply(depart()).unwrap();
        assert_eq!(a.damage(A), dealt, "a roll of {roll}");
    }
}

/// Issue 30, REA-1: the automated warband lets the Counter go when the attack can take the
/// fighter down and a reaction ability waits for that moment, then makes it.
#[test]
fn rea1_the_solo_ai_keeps_its_reaction_for_lethal_damage() {
    use warcry_sim::ai::solo;
    use warcry_sim::model::ids::Side;
    use warcry_sim::rules::command::Command;
    let departure = || vec![Effect::DamageAttackerDice { sides: 6 }];
    let mut a = lethal_in(super::arena::Arena::solo(), departure(), 3, &[]);
    let d = solo::decide(a.world()).expect("a decision");
    assert_eq!(d.command, Command::DeclineReaction { side: Side::B });
    assert!(d.why.contains("Test Departure"), "{}", d.why);
    a.dice(&[4, 4, 4, 4]);
    a.apply(d.command).unwrap();
    let d = solo::decide(a.world()).expect("a decision");
    assert_eq!(d.command, depart());

    // Against 30 wounds no attack of 4 dice can take it down: it counters.
    let mut a = lethal_in(super::arena::Arena::solo(), departure(), 30, &[]);
    let d = solo::decide(a.world()).expect("a decision");
    assert!(
        matches!(d.command, Command::React { .. }),
        "{:?}",
        d.command
    );
}

/// B (T4, 30 wounds) with the reaction "Test Reaction" made at `trigger`, doing `answer`.
pub(super) fn reacting(
    trigger: warcry_sim::model::effects::Trigger,
    answer: Vec<Effect>,
) -> super::arena::Arena {
    use super::arena::{Arena, ability, weapon};
    use warcry_sim::rules::abilities::DiceCost;
    let mut effects = vec![Effect::Reaction(trigger)];
    effects.extend(answer);
    let mut a = Arena::new();
    a.profile(A, |p| {
        p.weapons = vec![weapon(1.0, 4, 4, (1, 2)), weapon(12.0, 4, 4, (1, 2))];
        p.wounds = 30;
    });
    a.profile(B, |p| {
        p.abilities = vec![ability("Test Reaction", DiceCost::Reaction, effects)];
        p.toughness = 4;
        p.wounds = 30;
    });
    a
}

pub(super) fn react(a: &mut super::arena::Arena) {
    a.apply(warcry_sim::rules::command::Command::react_with(
        B,
        "Test Reaction",
    ))
    .unwrap();
}

/// Issue 30, REA-1: "after they are targeted by a missile attack action but before the hit
/// rolls are made ... after the hit rolls have been made, roll a dice for each critical hit.
/// On a roll of 4+, that critical hit becomes a hit instead" (Blinding Brilliance): offered
/// with no core reaction out of cover; rolls 6, 6, 4, 1 then 4 and 2: one critical hit turns,
/// 2 x 1 + 1 x 2 = 4 (not 5).
#[test]
fn rea1_abl5_a_reaction_to_a_missile_attack_saves_critical_hits_on_a_roll() {
    use warcry_sim::model::effects::Trigger;
    use warcry_sim::rules::command::Command;
    let mut a = reacting(
        Trigger::TargetedByMissile,
        vec![Effect::CritsSaved { least: 4 }],
    );
    a.place(A, 10.0, 10.0);
    a.place(B, 18.0, 10.0);
    a.activate(A);
    let shoot = Command::Attack {
        fighter: A,
        target: B,
        weapon: 1,
    };
    a.apply(shoot).unwrap();
    let offer = a.engine().reaction.clone().expect("offered");
    assert_eq!(
        (offer.kind, offer.abilities.clone()),
        (None, vec!["Test Reaction".to_string()])
    );
    a.dice(&[6, 6, 4, 1, 4, 2]);
    react(&mut a);
    assert_eq!(a.damage(B), 4);
    assert_eq!(a.dice_left(), 0);
}

/// Issue 30, REA-1: a reaction "when they are targeted by an attack action" is offered beside
/// Counter for a melee attack; one for a missile attack is not offered against a melee one.
#[test]
fn rea1_abl5_reactions_to_any_attack_or_to_missile_attacks_only() {
    use warcry_sim::model::effects::{Amount, Trigger};
    use warcry_sim::rules::command::{Command, ReactionKind};
    use warcry_sim::rules::engine::Pending;
    let less = || {
        vec![Effect::LessDamagePerHit {
            by: Amount::Fixed(1),
            crits: false,
        }]
    };
    let hit = Command::Attack {
        fighter: A,
        target: B,
        weapon: 0,
    };
    let mut a = reacting(Trigger::TargetedByAttack, less());
    a.place(A, 10.0, 10.0);
    a.place(B, 11.5, 10.0);
    a.activate(A);
    a.apply(hit.clone()).unwrap();
    let offer = a.engine().reaction.clone().expect("offered");
    assert_eq!(offer.kind, Some(ReactionKind::Counter));
    assert_eq!(offer.abilities, ["Test Reaction"]);

    let mut a = reacting(Trigger::TargetedByMissile, less());
    a.place(A, 10.0, 10.0);
    a.place(B, 11.5, 10.0);
    a.activate(A);
    a.apply(hit).unwrap();
    let offer = a.engine().reaction.clone().expect("Counter is offered");
    assert!(offer.abilities.is_empty());

    // A missile attack on a fighter out of cover with no reaction for it: no offer at all.
    let mut a = reacting(Trigger::TargetedByMelee, less());
    a.place(A, 10.0, 10.0);
    a.place(B, 18.0, 10.0);
    a.activate(A);
    a.dice(&[1, 1, 1, 1]);
    a.apply(Command::Attack {
        fighter: A,
        target: B,
        weapon: 1,
    })
    .unwrap();
    assert!(!matches!(a.pending(), Pending::Reaction { .. }));
}

/// Issue 30, REA-1, REA-4: "when a visible enemy fighter within 1" of them makes a disengage
/// action but before that fighter moves away. Roll a dice. On a roll of 3+, allocate D6 damage
/// points to that enemy fighter" (Cut-throat Strike): offered beside Strike Them Down; a 3
/// then a 5 deal 5 to A; a 2 deals nothing.
#[test]
fn rea1_rea4_abl5_a_reaction_strikes_a_disengaging_enemy_on_a_roll() {
    use warcry_sim::model::effects::Trigger;
    use warcry_sim::rules::command::{Command, ReactionKind};
    for (rolls, dealt) in [(&[3, 5][..], 5), (&[2][..], 0)] {
        let strike = vec![Effect::StrikeOnRoll { least: 3, sides: 6 }];
        let mut a = reacting(Trigger::EnemyDisengages, strike);
        a.place(A, 10.0, 10.0);
        a.place(B, 11.5, 10.0);
        a.activate(A);
        a.apply(Command::Disengage {
            fighter: A,
            to: [10.0, 0.0, 12.5],
        })
        .unwrap();
        let offer = a.engine().reaction.clone().expect("offered");
        assert_eq!(offer.kind, Some(ReactionKind::StrikeThemDown));
        assert_eq!(offer.abilities, ["Test Reaction"]);
        a.dice(rolls);
        react(&mut a);
        assert_eq!(a.damage(A), dealt, "rolls {rolls:?}");
        assert_eq!(a.dice_left(), 0);
    }
}

/// Issue 30, REA-1, DIS-1: "after a visible enemy fighter within 1" of this fighter makes a
/// disengage action, allocate D3 damage points to that fighter" (within 1", so before it
/// moves away): one dice only, a 5 dealing 3.
#[test]
fn rea1_dis1_abl5_a_reaction_deals_a_dice_of_damage_to_a_disengaging_enemy() {
    use warcry_sim::model::effects::Trigger;
    use warcry_sim::rules::command::Command;
    let strike = vec![Effect::StrikeOnRoll { least: 1, sides: 3 }];
    let mut a = reacting(Trigger::EnemyDisengages, strike);
    a.place(A, 10.0, 10.0);
    a.place(B, 11.5, 10.0);
    a.activate(A);
    a.apply(Command::Disengage {
        fighter: A,
        to: [10.0, 0.0, 12.5],
    })
    .unwrap();
    a.dice(&[5]);
    react(&mut a);
    assert_eq!((a.damage(A), a.dice_left()), (3, 0));
}

/// Issue 30, REA-1: "remove D3 damage points allocated to this fighter" as it reacts: a D3 of 5
/// (3), before the attack's damage (5 - 3, then 2 from two hits).
#[test]
fn rea1_abl5_a_reaction_removes_a_d3_of_damage_as_it_is_made() {
    let mut a = guarded(vec![Effect::HealDice { sides: 3 }], (1, 2));
    a.set(B, Damage(5));
    a.dice(&[5, 4, 4, 1, 1]);
    guard(&mut a);
    assert_eq!(a.damage(B), 5 - 3 + 2);
}

/// Issue 30, REA-1, ABL-5: "... if it is enough for this fighter to be taken down. Cremate this
/// fighter. Then, this fighter is taken down": B reacts to the lethal total; a Pyre token is
/// left where B stands and B is taken down by its own reaction (the attack's damage then
/// reaches nobody: A's attack took no one down).
#[test]
fn rea1_abl5_a_fighter_cremates_itself_rather_than_fall_to_the_attack() {
    use warcry_sim::model::effects::{Token, TokenAt};
    let cremate = vec![
        Effect::PlaceToken(Token::Pyre, TokenAt::Here),
        Effect::SelfTakenDown,
    ];
    let mut a = lethal(cremate, 3, &[]);
    a.dice(&[4, 4, 4, 4]);
    let_go(&mut a);
    let n = a.log_len();
    a.apply(depart()).unwrap();
    assert!(a.fighter(B).is_down());
    let tokens = a.engine().tokens.clone();
    assert_eq!(tokens.len(), 1);
    assert_eq!((tokens[0].token, tokens[0].fell), (Token::Pyre, B));
    assert!((tokens[0].at[0] - 11.5).abs() < 1e-3);
    let said = super::faction::said_since(&mut a, n).join("\n");
    assert!(said.contains("leaves a Pyre token where"), "{said}");
    let took = a.engine().activation.as_ref().map(|s| s.downed.clone());
    assert_eq!(took, Some(Vec::new()), "B took itself down");
}
