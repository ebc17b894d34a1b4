//! The shapes read late in the third session of issue 30: picks within the value in
//! inches, damage raised for the round, a reaction's damage for misses; in words of our own.

use super::super::effects_of;
use crate::model::effects::{Amount, Aura, Effect, Stat};

/// Issue 30: a pick within the value of the ability in inches.
#[test]
fn abl5_a_pick_within_the_value_in_inches() {
    use crate::model::effects::{OnSuccess, Restriction, VALUE_RANGE};
    assert_eq!(
        effects_of(
            "Pick an enemy fighter within a number of inches of this fighter equal to the value \
             of this ability and roll a dice. On a roll of 3+, until the end of the battle round, \
             that fighter cannot make move actions or disengage actions."
        ),
        Ok(vec![Effect::RollAgainst {
            range: VALUE_RANGE,
            visible: false,
            runemark: None,
            dice: Amount::Fixed(1),
            least: 3,
            then: OnSuccess::Bar(vec![Restriction::Move, Restriction::Disengage])
        }])
    );
    // A range of the value is the value's inches once the dice are known.
    let lower = |range| {
        Effect::LowerPicked(crate::model::effects::PickedLowering {
            range,
            visible: false,
            stat: Stat::Attacks,
            by: Amount::HalfValueUp,
            min: 1,
            activation: false,
            melee_only: false,
            how: crate::model::effects::Lowering::By,
            spares_me: false,
        })
    };
    assert_eq!(lower(VALUE_RANGE).at_value(4), lower(4.0));
}

/// Issue 30: damage raised for the round, of this fighter's attacks or of its friends'.
#[test]
fn abl5_damage_raised_for_the_round() {
    assert_eq!(
        effects_of(
            "Until the end of the battle round, add half the value of this ability (rounding up) \
             to the damage points allocated to enemy fighters by each critical hit from melee \
             attack actions made by friendly fighters while they are within 3\" of this fighter."
        ),
        Ok(vec![Effect::RoundBoost {
            stat: Stat::CritDamage,
            by: Amount::HalfValueUp,
            melee_only: true,
            aura: Some(Aura::within(3.0, false)),
            missile_only: false,
        }])
    );
    let round = |stat| Effect::RoundBoost {
        stat,
        by: Amount::Fixed(1),
        melee_only: stat != Stat::Toughness,
        aura: None,
        missile_only: false,
    };
    assert_eq!(
        effects_of(
            "Until the end of the battle round, add 1 to the Toughness characteristic of this \
             fighter and add 1 to the damage points allocated to enemy fighters by each hit and \
             critical hit from melee attack actions made by this fighter."
        ),
        Ok(vec![
            round(Stat::Toughness),
            round(Stat::Damage),
            round(Stat::CritDamage)
        ])
    );
}

/// Issue 30, REA-1: a reaction's damage for each miss, and more damage from critical hits.
#[test]
fn abl5_a_reaction_for_misses_and_critical_hits() {
    assert_eq!(
        effects_of(
            "A fighter can make this reaction after they are targeted by a melee attack action but \
             before the hit rolls are made. For each hit roll from that attack action that \
             misses, allocate 2 damage points to the attacking fighter. For each critical hit \
             from that attack action, allocate 1 additional damage point to this fighter."
        ),
        Ok(vec![
            Effect::Reaction(crate::model::effects::Trigger::TargetedByMelee),
            Effect::DamageAttackerPerMiss { amount: 2 },
            Effect::MoreCritDamage { by: 1 }
        ])
    );
}

/// Issue 30, fourth session: a reaction's answers before the hit rolls: fewer attack dice, a
/// higher Toughness for the attack, damage removed as it reacts or when no critical hit is
/// scored.
#[test]
fn rea1_abl5_answers_before_the_hit_rolls() {
    use crate::model::effects::{RollsWere, Trigger};
    let trigger = "A fighter can make this reaction after they are targeted by a melee attack \
                   action but before the hit rolls are made. ";
    let read = |rest: &str| effects_of(&format!("{trigger}{rest}"));
    let with = |e: Effect| Ok(vec![Effect::Reaction(Trigger::TargetedByMelee), e]);
    assert_eq!(
        read(
            "Subtract 2 from the Attacks characteristic of that attack action, to a minimum of 1."
        ),
        with(Effect::FewerAttackDice { by: 2, min: 1 })
    );
    assert_eq!(
        read("Add 2 to this fighter's Toughness characteristic during that attack action."),
        with(Effect::ToughnessThisAttack { by: 2 })
    );
    assert_eq!(
        read("Remove 2 damage points allocated to this fighter."),
        with(Effect::Heal {
            amount: Amount::Fixed(2)
        })
    );
    assert_eq!(
        read(
            "If none of the hit rolls from that attack action result in a critical hit, allocate \
             2 damage points to the attacking fighter, and remove up to 4 damage points \
             allocated to this fighter."
        ),
        with(Effect::DamageAttackerIf(
            crate::model::effects::AttackerIf {
                when: RollsWere::NoCrits,
                amount: 2,
                heal: 4
            }
        ))
    );
    // A heal that depends on the value can't be a reaction's: it is paid with no dice.
    let valued = read(
        "Remove a number of damage points allocated to this fighter equal to the value of this \
         ability.",
    )
    .unwrap();
    let mut v = crate::model::validate::Validator::default();
    crate::model::effects::validate_ability(&valued, true, "", &mut v);
    assert!(!v.is_empty());
}

/// Issue 30, fourth session: a reaction when a melee attack's damage, totalled, would take the
/// fighter down: a dice of damage to the attacker, or damage on a roll; the runemarks that
/// can't make it, even when the card names them last.
#[test]
fn rea1_abl5_a_reaction_to_lethal_damage() {
    use crate::model::effects::{Condition, Marks, Trigger};
    let trigger = "A fighter can make this reaction when they are targeted by a melee attack \
                   action, after the damage is totalled but before it is allocated to this \
                   fighter, if it is enough for this fighter to be taken down. ";
    let read = |rest: &str| effects_of(&format!("{trigger}{rest}"));
    let lethal = Effect::Reaction(Trigger::LethalMelee);
    assert_eq!(
        read(
            "Allocate D3 damage points to their attacker. Fighters with the Beast runemark or \
             both the Scout and Fly runemarks cannot make this reaction."
        ),
        Ok(vec![
            lethal.clone(),
            Effect::DamageAttackerDice { sides: 3 },
            Effect::Requires(Condition::NotMarked(Marks::of(&[], &["beast"]).unwrap())),
            Effect::Requires(Condition::NotMarked(
                Marks::of(&["scout", "fly"], &[]).unwrap()
            )),
        ])
    );
    assert_eq!(
        read("Roll a dice. On a roll of 5+, allocate 4 damage points to their attacker."),
        Ok(vec![
            lethal.clone(),
            Effect::DamageAttackerOnRoll {
                least: 5,
                amount: 4
            }
        ])
    );
    assert_eq!(
        effects_of(&format!(
            "Fighters with the Beast runemark cannot make this reaction. {trigger}Allocate D6 \
             damage points to their attacker."
        )),
        Ok(vec![
            lethal,
            Effect::Requires(Condition::NotMarked(Marks::of(&[], &["beast"]).unwrap())),
            Effect::DamageAttackerDice { sides: 6 },
        ])
    );
}

/// Issue 30, fourth session: reactions to any attack or to missile attacks, and to an enemy
/// disengaging.
#[test]
fn rea1_abl5_reactions_at_the_other_moments() {
    use crate::model::effects::Trigger;
    assert_eq!(
        effects_of(
            "A fighter can make this reaction when they are targeted by an attack action but \
             before the hit rolls are made. Subtract 2 from the damage points allocated to this \
             fighter by each hit from that attack action (to a minimum of 1)."
        ),
        Ok(vec![
            Effect::Reaction(Trigger::TargetedByAttack),
            Effect::LessDamagePerHit {
                by: Amount::Fixed(2),
                crits: false
            }
        ])
    );
    assert_eq!(
        effects_of(
            "A fighter can make this reaction after they are targeted by a missile attack \
             action but before the hit rolls are made. After the hit rolls have been made, roll \
             a dice for each critical hit. On a roll of 5+, that critical hit becomes a hit \
             instead."
        ),
        Ok(vec![
            Effect::Reaction(Trigger::TargetedByMissile),
            Effect::CritsSaved { least: 5 }
        ])
    );
    assert_eq!(
        effects_of(
            "A fighter can make this reaction when a visible enemy fighter within 1\" of them \
             makes a disengage action but before that fighter moves away. Roll a dice. On a 3+, \
             allocate D3 damage points to that enemy fighter."
        ),
        Ok(vec![
            Effect::Reaction(Trigger::EnemyDisengages),
            Effect::StrikeOnRoll { least: 3, sides: 3 }
        ])
    );
}

/// Issue 30, ABL-5: a friend that has yet to activate, activated next, in each wording of the
/// pick: marks before or after the range, "that is within", no range at all.
#[test]
fn abl5_a_friend_that_has_yet_to_activate_activated_next() {
    use crate::model::effects::{ANYWHERE, FriendPick, Marks};
    let next = "You can activate that fighter immediately after this fighter's activation ends.";
    let marks = |m: &[&str]| Marks::of(m, &[]).unwrap();
    for (pick, want) in [
        (
            "Pick a visible friendly fighter with both the Otter runemark and the Scout runemark \
             that is within 6\" of this fighter and that has not activated yet this battle round.",
            FriendPick::new(6.0, true, marks(&["otter", "scout"])),
        ),
        (
            "Pick a visible friendly fighter within 4\" of this fighter that has both the Otter \
             and the Scout runemarks and has not activated yet this battle round.",
            FriendPick::new(4.0, true, marks(&["otter", "scout"])),
        ),
        (
            "Pick a friendly fighter with both the Otter and Scout runemarks and has not \
             activated yet this battle round.",
            FriendPick::new(ANYWHERE, false, marks(&["otter", "scout"])),
        ),
    ] {
        assert_eq!(
            effects_of(&format!("{pick} {next}")),
            Ok(vec![Effect::ActivateNext {
                pick: want,
                impact: false
            }]),
            "{pick}"
        );
    }
    // "That fighter suffers impact damage." between the two.
    assert_eq!(
        effects_of(&format!(
            "Pick a visible friendly fighter within 3\" of this fighter that has not activated \
             yet this battle round. That fighter suffers impact damage. {next}"
        )),
        Ok(vec![Effect::ActivateNext {
            pick: FriendPick::new(3.0, true, Marks::default()),
            impact: true
        }])
    );
    // Without the activation it is some other ability.
    assert!(
        effects_of(
            "Pick a visible friendly fighter within 6\" of this fighter that has not \
                    activated yet this battle round."
        )
        .is_err()
    );
}

/// Issue 30, CMB-2: bonus actions each time this fighter's attack takes an enemy down, in both
/// wordings; "a further bonus move action or bonus attack action" is a bonus move or attack.
#[test]
fn cmb2_bonus_actions_after_an_enemy_is_taken_down() {
    let after = |then| {
        Ok(vec![Effect::AfterTakedown {
            then: vec![then],
            melee: false,
        }])
    };
    assert_eq!(
        effects_of(
            "In addition, until the end of this fighter's activation, after an enemy fighter is \
             taken down by an attack action made by this fighter, this fighter can make a bonus \
             move action."
        ),
        after(Effect::BonusMove { max: None })
    );
    assert_eq!(
        effects_of(
            "Each time a fighter is taken down by an attack action made by this fighter this \
             activation, this fighter can make a further bonus move action or bonus attack \
             action."
        ),
        after(Effect::BonusMoveOrAttack)
    );
}

/// Issue 30, ABL-1: auras on the value of abilities used in them: lowered for enemies it can
/// see, raised for friends by the value of this ability.
#[test]
fn abl1_auras_on_the_value_of_abilities() {
    assert_eq!(
        effects_of(
            "Until the end of the battle round, subtract 2 from the value of abilities (to a \
             minimum of 1) used by visible enemy fighters while they are within 8\" of this \
             fighter."
        ),
        Ok(vec![Effect::ValueAura {
            range: 8.0,
            enemies: true,
            by: Amount::Fixed(2),
            bound: 1
        }])
    );
    assert_eq!(
        effects_of(
            "Until the end of the battle round, add the value of this ability to the value of \
             other abilities (to a maximum of 6) used by friendly fighters within 10\" of this \
             fighter."
        ),
        Ok(vec![Effect::ValueAura {
            range: 10.0,
            enemies: false,
            by: Amount::Value,
            bound: 6
        }])
    );
}

/// Issue 30, MOVE-6: a pull towards this fighter, of a picked enemy or of the next attack's
/// target; without the leave to go from enemies within 1" it is not read (MOVE-3 would hold).
#[test]
fn move6_an_enemy_pulled_towards_this_fighter() {
    let pulled = "makes a bonus move action directly towards this fighter, as if they were \
                  jumping, a number of inches equal to the value of this ability.";
    let leave = "When doing so, they can move away from enemy fighters within 1\" at the start \
                 of that move action.";
    assert_eq!(
        effects_of(&format!(
            "Pick a visible enemy fighter within 7\" of this fighter. That enemy fighter \
             {pulled} {leave}"
        )),
        Ok(vec![Effect::PullPicked {
            range: 7.0,
            visible: true,
            inches: Amount::Value
        }])
    );
    let shot = format!(
        "This fighter makes a bonus attack action. After that attack action, the target of that \
         attack action {pulled}"
    );
    assert_eq!(
        effects_of(&format!("{shot} {leave}")),
        Ok(vec![
            Effect::BonusAttack,
            Effect::PullAfterNextAttack {
                inches: Amount::Value,
                held: false,
            }
        ])
    );
    // Without the leave, the move is a move action like any other (MOVE-3 holds).
    assert_eq!(
        effects_of(&shot),
        Ok(vec![
            Effect::BonusAttack,
            Effect::PullAfterNextAttack {
                inches: Amount::Value,
                held: true,
            }
        ])
    );
}

/// Issue 30, ABL-5: raises of its attacks against some targets only: "that target an enemy
/// fighter with a Wounds characteristic of N or more", "that targets an enemy fighter more than
/// N" away", "allocated to enemy fighters with the Fly runemark".
#[test]
fn abl5_raises_against_some_targets_only() {
    use crate::model::effects::TargetIs;
    let target = |target, then| Ok(vec![Effect::TargetBoost { target, then }]);
    assert_eq!(
        effects_of(
            "Until the end of this fighter's activation, add 2 to the Strength characteristic of \
             melee attack actions made by this fighter that target an enemy fighter with a \
             Wounds characteristic of 18 or more."
        ),
        target(
            TargetIs::WoundsAtLeast(18),
            vec![Effect::Boost {
                stat: Stat::Strength,
                by: Amount::Fixed(2),
                melee_only: true,
                missile_only: false
            }]
        )
    );
    assert_eq!(
        effects_of(
            "Add 1 to the Attacks characteristic of the next attack action made by this fighter \
             that targets an enemy fighter more than 4\" away in this activation."
        ),
        target(
            TargetIs::FartherThan(4.0),
            vec![Effect::NextBoost {
                stat: Stat::Attacks,
                by: Amount::Fixed(1),
                only: None
            }]
        )
    );
    let hurt = effects_of(
        "Until the end of this fighter's activation, add 1 to the Attacks characteristic of \
         melee attack actions made by this fighter that target an enemy fighter that has 4 or \
         more damage points allocated to them.",
    );
    assert!(
        matches!(&hurt, Ok(e) if matches!(&e[..], [Effect::TargetBoost { target: TargetIs::Damaged(4), .. }])),
        "{hurt:?}"
    );
    let fly = effects_of(
        "Until the end of this fighter's activation, add 2 to the damage points allocated to \
         enemy fighters with the Fly runemark by each hit and critical hit from attack actions \
         made by this fighter.",
    );
    assert!(
        matches!(&fly, Ok(e) if matches!(&e[..], [Effect::TargetBoost { target: TargetIs::Flies, then }] if then.len() == 2)),
        "{fly:?}"
    );
}

/// Issue 30, ABL-5: what befalls the target of the next attack, after it: barred for the round
/// (on a critical hit, when the card says so), its Move lowered.
#[test]
fn abl5_the_target_of_the_next_attack_barred_or_slowed() {
    use crate::model::effects::Restriction;
    let bar = |crits| Effect::BarAfterNextAttack {
        crits,
        actions: vec![Restriction::Move, Restriction::Disengage],
    };
    assert_eq!(
        effects_of(
            "This fighter makes a bonus attack action. In addition, if that attack action scores \
             any critical hits, the target fighter cannot make move actions or disengage actions \
             for the rest of the battle round."
        ),
        Ok(vec![Effect::BonusAttack, bar(true)])
    );
    assert_eq!(
        effects_of(
            "Add 2 to the Strength characteristic of the next attack action made by this fighter \
             in this activation. In addition, until the end of the battle round, the target \
             fighter cannot make move or disengage actions."
        ),
        Ok(vec![
            Effect::NextBoost {
                stat: Stat::Strength,
                by: Amount::Fixed(2),
                only: None
            },
            bar(false)
        ])
    );
    assert_eq!(
        effects_of(
            "The next time this fighter makes an attack action in this activation, subtract 2 \
             from the Move characteristic of the target fighter (to a minimum of 1) until the \
             end of the battle round."
        ),
        Ok(vec![Effect::LowerAfterNextAttack(
            crate::model::effects::TargetLowering {
                stat: Stat::Move,
                by: Amount::Fixed(2),
                min: 1,
                crits: false,
                least: 0,
                battle: false,
            }
        )])
    );
}

/// Issue 30, ABL-5: a dice for each enemy in reach, barring those that roll high enough.
#[test]
fn abl5_a_dice_for_each_enemy_in_reach_bars_it() {
    use crate::model::effects::{Restriction, VALUE_RANGE};
    assert_eq!(
        effects_of(
            "Roll a dice for each enemy fighter within a number of inches of this fighter equal \
             to the value of this ability. On a roll of 5+, until the end of the battle round, \
             the fighter being rolled for cannot make move actions or disengage actions."
        ),
        Ok(vec![Effect::BarEach(crate::model::effects::Barring {
            range: VALUE_RANGE,
            visible: false,
            actions: vec![Restriction::Move, Restriction::Disengage],
            while_within: false,
            on_activation: false,
            roll: Some(5)
        })])
    );
    assert_eq!(
        effects_of(
            "Roll a dice for each visible enemy fighter within 4\" of this fighter. On a roll of \
             6, that fighter cannot activate this battle round."
        ),
        Ok(vec![Effect::BarEach(crate::model::effects::Barring {
            range: 4.0,
            visible: true,
            actions: vec![Restriction::Activate],
            while_within: false,
            on_activation: false,
            roll: Some(6)
        })])
    );
}

/// Issue 30, ABL-5: a dice for a picked enemy and each fighter round it that it can see, with
/// bands said of "the fighter being rolled for".
#[test]
fn abl5_a_dice_for_a_picked_enemy_and_each_fighter_round_it() {
    use crate::model::effects::Roll;
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 7\" of this fighter and roll a dice for that \
             fighter and each other fighter within 2\" of that fighter and visible to that \
             fighter. On a roll of 2-5, allocate a number of damage points to the fighter being \
             rolled for equal to the value of this ability. On a 6, allocate a number of damage \
             points to the fighter being rolled for equal to double the value of this ability."
        ),
        Ok(vec![Effect::DamageAround {
            range: 7.0,
            around: 2.0,
            roll: Roll {
                dice: Amount::Fixed(1),
                bands: vec![(2, 5, Amount::Value), (6, 6, Amount::DoubleValue)],
                rolled: Vec::new(),
                upto_round: None
            }
        }])
    );
}

/// Issue 30, ABL-5: dice against a picked enemy's Toughness, in both wordings.
#[test]
fn abl5_dice_against_a_picked_enemys_toughness() {
    let versus = |visible, range, beat, each| {
        Ok(vec![Effect::DamageVsToughness {
            range,
            visible,
            dice: Amount::Value,
            beat,
            each,
        }])
    };
    assert_eq!(
        effects_of(
            "Pick an enemy fighter within 5\" of this fighter and roll a number of dice equal to \
             the value of this ability. For each roll that equals or exceeds that enemy \
             fighter's Toughness characteristic, allocate 2 damage points to that enemy fighter."
        ),
        versus(false, 5.0, false, 2)
    );
    assert_eq!(
        effects_of(
            "Pick a visible enemy fighter within 2\" of this fighter and roll a number of dice \
             equal to the value of this ability. For each roll that exceeds the Toughness \
             characteristic of that fighter, allocate 4 damage points to them."
        ),
        versus(true, 2.0, true, 4)
    );
}
