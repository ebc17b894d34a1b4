//! The log's sentences, rendered from an [`Event`]'s data and the battle's [`Names`].

use super::setup::{count, initiative_text, setup_text};
use crate::battlefield::nav::StepKind;
use crate::model::dice::dice_text;
use crate::rules::command::HandChange;
use crate::rules::initiative::DiceGroup;
use crate::rules::log::{AbilityOutcome, EffectOutcome, EndReason, Event, ImpactCause, Names};
use crate::rules::state::Outcome;
use bevy::prelude::*;

impl Event {
    /// The event as a sentence for people, naming fighters and sides by `names`.
    pub fn render(&self, names: &Names) -> String {
        use crate::rules::log::Event::*;
        match self {
            PriorityRoll { .. }
            | SoloGroups { .. }
            | Colours { .. }
            | Deploy { .. }
            | SetUpByHand { .. }
            | Reserve { .. } => setup_text(self, names),
            InitiativeRoll { .. }
            | WildDice { .. }
            | RollOff { .. }
            | Initiative { .. }
            | FirstTurn { .. }
            | Pass { .. } => initiative_text(self, names),
            Activate { .. }
            | Move { .. }
            | Disengage { .. }
            | NoDisengage { .. }
            | Wait { .. }
            | EndActivation { .. }
            | Treasure { .. }
            | TreasurePlaced { .. }
            | Ability { .. }
            | Effect { .. }
            | NoAttackToMake { .. }
            | ByHand { .. }
            | NoBonusAttack { .. } => action_text(self, names),
            Attack { .. }
            | Counter { .. }
            | Reaction { .. }
            | AbilityReaction { .. }
            | StrikeThemDown { .. }
            | Damage { .. }
            | TakenDown { .. } => combat_text(self, names),
            ImpactRoll { .. }
            | KnockOffRoll { .. }
            | WalledPlatform { .. }
            | StillClimbing { .. }
            | Fall { .. } => fall_text(self, names),
            Control { .. } | Score { .. } | ExtraRound | PlayOn | End { .. } | Decision { .. } => {
                end_text(self, names)
            }
        }
    }
}

fn action_text(e: &Event, n: &Names) -> String {
    match e {
        Event::Activate {
            fighter,
            side,
            actions,
            after_wait,
        } => format!(
            "{} activates {} ({actions} action{}{})",
            n.side(*side),
            n.fighter(*fighter),
            if *actions == 1 { "" } else { "s" },
            if *after_wait { ", after waiting" } else { "" }
        ),
        Event::Move { .. } => move_text(e, n),
        Event::Disengage {
            fighter,
            path,
            cost,
        } => format!(
            "{} disengages {cost:.1}\", ending {}",
            n.fighter(*fighter),
            path.last().map(|p| n.place(p)).unwrap_or_default()
        ),
        Event::NoDisengage {
            fighter, reason, ..
        } => format!("{} can no longer disengage: {reason}", n.fighter(*fighter)),
        Event::Wait {
            fighter,
            activates_again,
        } => match activates_again {
            true => format!(
                "{} waits: it may be activated once more this phase with 1 action",
                n.fighter(*fighter)
            ),
            false => format!("{} waits: its activation ends", n.fighter(*fighter)),
        },
        Event::EndActivation { fighter } => {
            format!("{} ends its activation", n.fighter(*fighter))
        }
        Event::Treasure { .. } | Event::TreasurePlaced { .. } => treasure_text(e, n),
        Event::Ability { .. } => ability_text(e, n),
        Event::Effect { fighter, outcome } => effect_text(n.fighter(*fighter), outcome, n),
        Event::ByHand {
            fighter,
            target,
            change,
        } => by_hand_text(&n.fighter(*fighter), &n.fighter(*target), change, n),
        Event::NoAttackToMake { fighter } => format!(
            "{}: no attack it can make, no bonus attack",
            n.fighter(*fighter)
        ),
        Event::NoBonusAttack { fighter } => format!(
            "{}: no enemy within 1\", no bonus attack",
            n.fighter(*fighter)
        ),
        _ => unreachable!("not an action event"),
    }
}

/// A treasure picked up, dropped or placed (TRE-*).
fn treasure_text(e: &Event, n: &Names) -> String {
    match e {
        Event::Treasure {
            fighter,
            treasure,
            picked_up: true,
            ..
        } => format!("{} picks up treasure {}", n.fighter(*fighter), treasure + 1),
        Event::Treasure {
            fighter,
            treasure,
            at,
            ..
        } => format!(
            "{} drops treasure {} {}",
            n.fighter(*fighter),
            treasure + 1,
            n.place(at)
        ),
        Event::TreasurePlaced {
            carrier,
            treasure,
            at,
        } => format!(
            "{}'s side places treasure {} {}",
            n.fighter(*carrier),
            treasure + 1,
            n.place(at)
        ),
        _ => String::new(),
    }
}

/// A change the player made by hand for an ability the engine doesn't run (ABL-5).
fn by_hand_text(fighter: &str, target: &str, change: &HandChange, n: &Names) -> String {
    let what = match change {
        HandChange::Damage(d) => format!("{d} damage to {target}"),
        HandChange::Heal(h) => format!("{target} heals {h} damage"),
        HandChange::Move { inches, to } => {
            format!("{target} moves up to {inches}\", ending {}", n.place(to))
        }
    };
    format!("by hand, for {fighter}'s ability: {what}")
}

fn move_text(e: &Event, n: &Names) -> String {
    let Event::Move {
        fighter,
        path,
        steps,
        cost,
    } = e
    else {
        unreachable!("not a move")
    };
    let kinds: Vec<String> = steps
        .iter()
        .filter(|s| **s != StepKind::Walk)
        .map(|s| s.to_string())
        .collect();
    format!(
        "{} moves {cost:.1}\", ending {}{}",
        n.fighter(*fighter),
        path.last().map(|p| n.place(p)).unwrap_or_default(),
        if kinds.is_empty() {
            String::new()
        } else {
            format!(" ({})", kinds.join(", "))
        }
    )
}

/// ABL-5: what one data effect did, for people.
fn effect_text(who: String, o: &EffectOutcome, n: &Names) -> String {
    // Short names: each outcome is named here once.
    use super::effects as fx;
    use EffectOutcome as O;
    match o {
        O::BonusMove { .. }
        | O::BonusAttack
        | O::BonusDisengage
        | O::BonusMoveCloser { .. }
        | O::BonusMoveOrDisengage { .. }
        | O::BonusMoveOrAttack { .. } => fx::bonus_text(&who, o),
        O::Boost { .. } | O::Counted { .. } => fx::boost_text(&who, o),
        O::Damage { .. } => fx::damage_text(&who, o, n),
        O::Relocated { .. } => super::against::relocated_text(&who, o, n),
        O::Revived { .. } | O::Spared { .. } => super::against::revived_text(&who, o, n),
        O::AtPoint { .. } | O::GangedUp { .. } => super::against::point_text(&who, o, n),
        O::TokenPlaced { .. } | O::TokenRoundEnd { .. } => super::against::token_text(&who, o, n),
        O::Exposed { .. }
        | O::Lowered { .. }
        | O::WeakenedUnless { .. }
        | O::Trapped { .. }
        | O::ReactionDamageBarred { .. } => fx::friend_bonus_text(&who, o, n),
        O::Oathed
        | O::Favoured
        | O::EmptyHanded(_)
        | O::WildDiceSaved { .. }
        | O::EnemyWildDiceDiscarded { .. }
        | O::OwnWildDiceDiscarded { .. }
        | O::HitsAsCrits { .. }
        | O::MissesAsCrits { .. }
        | O::MoreCrits { .. }
        | O::DiceRolled { .. }
        | O::MoveRolled { .. }
        | O::FewerDice { .. }
        | O::FewerDiceInAura { .. } => super::dice::dice_text(&who, o),
        O::HealedRolled { .. }
        | O::Healed { .. }
        | O::HealedFriend { .. }
        | O::HealedFriendRolled { .. } => fx::healed_text(&who, o, n),
        O::FriendRaised { .. }
        | O::FriendCounts { .. }
        | O::StartRaised { .. }
        | O::ActivatesNext { .. }
        | O::Pulled { .. }
        | O::PullHeld { .. }
        | O::ValueChanged { .. } => fx::friend_raised_text(&who, o, n),
        O::Lasts { .. }
        | O::Lapsed { .. }
        | O::BoostLapsed { .. }
        | O::BonusMoveBarred { .. }
        | O::BonusDeclined { .. }
        | O::NoFriendInReach
        | O::SetUp { .. }
        | O::RolledAgainst { .. }
        | O::RollAfterAttack { .. }
        | O::CritWeakened { .. } => fx::lasting_text(&who, o, n).unwrap_or_default(),
        O::FriendBonuses { .. } | O::BonusPassed { .. } | O::PicksMade { .. } => {
            fx::picks_text(&who, o, n)
        }
        O::BonusLapsed { .. }
        | O::NoDisengage
        | O::Rolled { .. }
        | O::DamageDice { .. }
        | O::FriendAttack { .. }
        | O::BonusAttackOn { .. }
        | O::BonusAttackWith { .. } => fx::friend_bonus_text(&who, o, n),
        O::CritsCounted { .. }
        | O::HitDamage { .. }
        | O::Guarded { .. }
        | O::BarredEach { .. }
        | O::Barred { .. } => answers_text(&who, o, n),
    }
}

/// What answered an attack, or guarded or barred a fighter.
fn answers_text(who: &str, o: &EffectOutcome, n: &Names) -> String {
    match o {
        EffectOutcome::CritsCounted { .. } | EffectOutcome::HitDamage { .. } => {
            super::effects::answer_text(who, o)
        }
        EffectOutcome::Guarded { .. } => super::effects::guarded_text(who, o),
        _ => super::effects::barred_text(who, o, n),
    }
}

/// "Grak counts 2 hits (a miss) as critical hits".
fn ability_text(e: &Event, n: &Names) -> String {
    let Event::Ability {
        fighter,
        ability,
        value,
        size,
        effect,
        ..
    } = e
    else {
        unreachable!("not an ability")
    };
    let what = match effect {
        AbilityOutcome::Rush { moves } => format!("+{moves} Move"),
        AbilityOutcome::Onslaught { attacks } => {
            format!("+{attacks} Attacks for melee attacks")
        }
        AbilityOutcome::Reckoning { max_move } => {
            format!("bonus move up to {max_move}\", then a bonus attack if within 1\"")
        }
        AbilityOutcome::InspiringPresence { next } => match next {
            Some(id) => format!("{} is activated next", n.fighter(*id)),
            None => "no friend is activated next".into(),
        },
        AbilityOutcome::Respite { healed } => format!("removes {healed} damage"),
        AbilityOutcome::Effects { effects, value } => {
            crate::rules::effects::describe(effects, Some(*value))
        }
        AbilityOutcome::NotAutomated { text } => {
            format!("not automated: resolve by hand (ABL-5): {text}")
        }
    };
    let group = DiceGroup {
        value: *value,
        size: *size,
        wild: false,
    };
    format!(
        "{} uses {ability} with a {} of {value}s (value {value}): {what}",
        n.fighter(*fighter),
        group.kind()
    )
}

/// REA-1: "Grak reacts: Counter (costs one of its actions this round)".
fn reaction_text(who: String, reaction: &str, activated: bool) -> String {
    format!(
        "{who} reacts: {reaction} (costs one of its actions this round{})",
        if activated {
            "; it counts as activated"
        } else {
            ""
        }
    )
}

fn combat_text(e: &Event, n: &Names) -> String {
    match e {
        Event::Attack { .. } => attack_text(e, n),
        Event::Counter {
            fighter,
            attacker,
            damage,
        } => format!(
            "{}'s counter: {damage} damage to {}",
            n.fighter(*fighter),
            n.fighter(*attacker)
        ),
        Event::Reaction {
            fighter,
            reaction,
            activated,
        } => reaction_text(n.fighter(*fighter), &reaction.to_string(), *activated),
        Event::AbilityReaction {
            fighter,
            ability,
            activated,
        } => reaction_text(n.fighter(*fighter), ability, *activated),
        Event::StrikeThemDown {
            striker,
            target,
            roll,
            damage,
        } => {
            let (s, t) = (n.fighter(*striker), n.fighter(*target));
            match damage {
                Some(d) => {
                    format!("{s} strikes {t} down as it disengages: {roll} (4+), D6 damage {d}")
                }
                None => format!("{s} strikes at {t} as it disengages: {roll}, no damage"),
            }
        }
        Event::Damage {
            fighter,
            amount,
            total,
            wounds,
        } => format!(
            // Wounds as everywhere else in the game: left of all (the tracker's "2/10 W").
            "{} suffers {amount} damage: {}/{wounds} W left",
            n.fighter(*fighter),
            wounds.saturating_sub(*total)
        ),
        Event::TakenDown { fighter } => format!("{} is taken down", n.fighter(*fighter)),
        _ => unreachable!("not a combat event"),
    }
}

fn attack_text(e: &Event, n: &Names) -> String {
    let Event::Attack {
        attacker,
        target,
        weapon,
        strength,
        toughness,
        cover,
        rolls,
        needed,
        hits,
        crits,
        take_cover,
        damage,
        ..
    } = e
    else {
        unreachable!("not an attack")
    };
    let cover = cover
        .as_ref()
        .map(|c| format!(", cover {c}"))
        .unwrap_or_default();
    let saves = take_cover
        .as_ref()
        .map(|t| {
            format!(
                "; take cover rolls {}: {} become hits",
                dice_text(&t.saves),
                count(t.turned as usize, "critical", "criticals")
            )
        })
        .unwrap_or_default();
    format!(
        "{} attacks {} with {weapon} (S{strength} v T{toughness}{cover}): rolls {}, {needed}+ to hit: {}, {}{saves}: {damage} damage",
        n.fighter(*attacker),
        n.fighter(*target),
        dice_text(rolls),
        count(*hits as usize, "hit", "hits"),
        count(*crits as usize, "critical", "criticals")
    )
}

fn fall_text(e: &Event, n: &Names) -> String {
    match e {
        Event::ImpactRoll {
            fighter,
            roll,
            damage,
            cause,
        } => {
            let why = match cause {
                ImpactCause::JumpDown { height } => format!("jumping down {height:.1}\""),
                ImpactCause::DeadlyTerrain => "moving onto deadly terrain".into(),
                ImpactCause::DisengageDeadly => "disengaging across deadly terrain".into(),
                ImpactCause::Ability => "an ability".into(),
            };
            format!(
                "Impact roll for {} ({why}): {roll} -> {damage} damage",
                n.fighter(*fighter)
            )
        }
        Event::KnockOffRoll {
            fighter,
            roll,
            falls,
        } => format!(
            "{} is within 1/2\" of a platform edge: rolls {roll}{}",
            n.fighter(*fighter),
            if *falls { " and falls" } else { ", stays" }
        ),
        Event::WalledPlatform { fighter, platform } => format!(
            "{} stands on the walled platform `{platform}`: it can't be knocked off",
            n.fighter(*fighter)
        ),
        Event::StillClimbing { fighter } => format!(
            "{} is still climbing as its activation ends and falls",
            n.fighter(*fighter)
        ),
        Event::Fall {
            fighter,
            drop,
            landing,
            impacts,
        } => {
            let name = n.fighter(*fighter);
            let Some(at) = landing else {
                return format!("{name} falls with nowhere to land");
            };
            let rolls: Vec<String> = impacts
                .iter()
                .map(|(die, dmg)| format!("{die} ({dmg} damage)"))
                .collect();
            let impact = if rolls.is_empty() {
                String::new()
            } else {
                format!("; impact roll {}", rolls.join(", "))
            };
            format!("{name} falls {drop:.1}\", landing {}{impact}", n.place(at))
        }
        _ => unreachable!("not a fall event"),
    }
}

fn end_text(e: &Event, n: &Names) -> String {
    match e {
        Event::Control {
            objective,
            side,
            fighters,
        } => format!(
            "{} takes control of objective {} ({} v {} fighters within 3\")",
            n.side(*side),
            objective + 1,
            fighters[*side],
            fighters[side.other()]
        ),
        Event::Score {
            side,
            objectives,
            points,
            total,
        } => format!(
            "{} holds {}: +{points} victory points ({total} in all)",
            n.side(*side),
            count(*objectives as usize, "objective", "objectives")
        ),
        Event::ExtraRound => "Nobody met the victory condition: one more round".into(),
        Event::PlayOn => "Still undecided: play on until only one warband has fighters left".into(),
        Event::End { outcome, reason } => {
            let why = match reason {
                EndReason::LastWarband => "the only warband left",
                EndReason::VictoryCondition => "the victory condition",
                EndReason::NobodyMetCondition => "nobody met the victory condition",
                EndReason::RoundLimit => "the ruleset's round limit for playing on was reached",
            };
            match outcome {
                Outcome::Winner(s) => format!("{} wins: {why}", n.side(*s)),
                Outcome::Draw => format!("The battle is a draw: {why}"),
            }
        }
        Event::Decision { text, .. } => text.clone(),
        _ => unreachable!("not an end-of-round event"),
    }
}
