//! Who an event is about: the fighters it names, so a view can show one fighter's story (the
//! log filtered by fighter) without knowing every kind of event.

use super::{Event, Spot};
use crate::model::ids::FighterId;

impl Event {
    /// The battle ids of the fighters this event names, each once, in the order it names them.
    pub fn fighters(&self) -> Vec<FighterId> {
        let mut ids = match self {
            Event::Deploy { fighters, .. } => fighters
                .iter()
                .filter(|p| p.spot != Spot::NoRoom)
                .map(|p| p.fighter)
                .collect(),
            Event::Activate { fighter, .. }
            | Event::SetUpByHand { fighter, .. }
            | Event::Move { fighter, .. }
            | Event::Disengage { fighter, .. }
            | Event::NoDisengage { fighter, .. }
            | Event::Wait { fighter, .. }
            | Event::EndActivation { fighter }
            | Event::Damage { fighter, .. }
            | Event::TakenDown { fighter }
            | Event::Treasure { fighter, .. }
            | Event::Ability { fighter, .. }
            | Event::Reaction { fighter, .. }
            | Event::AbilityReaction { fighter, .. }
            | Event::ImpactRoll { fighter, .. }
            | Event::KnockOffRoll { fighter, .. }
            | Event::WalledPlatform { fighter, .. }
            | Event::StillClimbing { fighter }
            | Event::Fall { fighter, .. }
            | Event::NoAttackToMake { fighter }
            | Event::NoBonusAttack { fighter } => vec![*fighter],
            Event::TreasurePlaced { carrier, .. } => vec![*carrier],
            Event::ByHand {
                fighter, target, ..
            } => vec![*fighter, *target],
            Event::Effect { fighter, outcome } => {
                let mut ids = vec![*fighter];
                match outcome {
                    super::EffectOutcome::Damage { fighters, .. }
                    | super::EffectOutcome::FriendBonuses { fighters, .. } => ids.extend(fighters),
                    super::EffectOutcome::Barred { fighter, .. }
                    | super::EffectOutcome::Exposed { fighter, .. }
                    | super::EffectOutcome::FriendAttack { fighter } => ids.push(*fighter),
                    _ => {}
                }
                ids
            }
            Event::Attack {
                attacker, target, ..
            } => vec![*attacker, *target],
            Event::Counter {
                fighter, attacker, ..
            } => vec![*fighter, *attacker],
            Event::StrikeThemDown {
                striker, target, ..
            } => vec![*striker, *target],
            Event::PriorityRoll { .. }
            | Event::SoloGroups { .. }
            | Event::Colours { .. }
            | Event::Reserve { .. }
            | Event::InitiativeRoll { .. }
            | Event::WildDice { .. }
            | Event::RollOff { .. }
            | Event::Initiative { .. }
            | Event::FirstTurn { .. }
            | Event::Pass { .. }
            | Event::Control { .. }
            | Event::Score { .. }
            | Event::ExtraRound
            | Event::PlayOn
            | Event::End { .. }
            | Event::Decision { .. } => Vec::new(),
        };
        ids.dedup();
        ids
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_attack_is_about_both_fighters_and_a_score_about_none() {
        let attack = Event::Attack {
            attacker: FighterId(3),
            target: FighterId(7),
            weapon: "Axe".into(),
            strength: 4,
            toughness: 4,
            cover: None,
            rolls: vec![2, 5],
            needed: 4,
            hits: 1,
            crits: 0,
            take_cover: None,
            damage: 1,
            profile: (2, 4),
            wounds_before: 8,
        };
        assert_eq!(attack.fighters(), vec![FighterId(3), FighterId(7)]);
        let score = Event::Score {
            side: crate::model::ids::Side::A,
            objectives: 1,
            points: 1,
            total: 3,
        };
        assert!(score.fighters().is_empty());
        let wait = Event::Wait {
            fighter: FighterId(2),
            activates_again: true,
        };
        assert_eq!(wait.fighters(), vec![FighterId(2)]);
    }
}
