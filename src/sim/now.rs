//! The battle as it stands, in figures and a few words: the phase and whose decision it is,
//! each side's score and its initiative dice. The scoreboard, the tracker and the overlay feed
//! read the battle the same way.

use crate::model::components::Treasure;
use crate::model::ids::FighterId;
use crate::model::ids::Side;
use crate::rules::engine::{Engine, Outcome, Pending};
use crate::rules::initiative::SideDice;
use crate::rules::log::Names;

/// What one side's half of the board shows.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
pub struct SideScore {
    pub points: u32,
    pub objectives: usize,
    pub treasure: usize,
    pub initiative: bool,
}

/// Each side's score as the battle stands.
pub fn side_scores(
    eng: &Engine,
    treasure: &[Treasure],
    side_of: impl Fn(FighterId) -> Option<Side>,
) -> [SideScore; 2] {
    Side::BOTH.map(|s| SideScore {
        points: eng.score[s],
        objectives: eng.control.iter().filter(|c| **c == Some(s)).count(),
        treasure: treasure
            .iter()
            .filter(|t| t.carrier.and_then(&side_of) == Some(s))
            .count(),
        initiative: eng.initiative == Some(s),
    })
}

/// The phase and whose decision it is, in a few words.
pub fn phase_words(eng: &Engine, names: &Names) -> String {
    match eng.pending {
        Pending::Setup | Pending::Colour { .. } => "Setting up".into(),
        Pending::Deploy { side } => {
            format!("Setting up · {} places its fighters", names.side(side))
        }
        Pending::RollInitiative | Pending::WildDice { .. } | Pending::FirstTurn { .. } => {
            "Initiative".into()
        }
        Pending::Reserve => "Reserves arrive".into(),
        Pending::Arrive { side } => {
            format!("Reserves arrive · {} places them", names.side(side))
        }
        Pending::Turn { side } | Pending::Reaction { side } | Pending::PlaceTreasure { side } => {
            format!("Combat · {}'s turn", names.side(side))
        }
        Pending::Land { side } => {
            format!(
                "Combat · {} picks where a falling fighter lands",
                names.side(side)
            )
        }
        Pending::Action { fighter } => format!("Combat · {} acts", names.fighter(fighter)),
        Pending::EndOfRound => "End of the round".into(),
        Pending::Ended => match eng.outcome {
            Some(o) => outcome_words(o, names),
            None => "The battle is over".into(),
        },
    }
}

/// "Ashen Covenant wins", "A draw".
pub fn outcome_words(o: Outcome, names: &Names) -> String {
    match o {
        Outcome::Winner(s) => format!("{} wins", names.side(s)),
        Outcome::Draw => "A draw".into(),
    }
}

/// INI-1..INI-3: "2 singles · triple of 1s · double of 4s (wild) · 1 wild die to use".
pub fn dice_words(dice: &SideDice) -> String {
    let mut parts = vec![match dice.singles_count() {
        1 => "1 single".to_string(),
        n => format!("{n} singles"),
    }];
    parts.extend(dice.groups.iter().map(|g| {
        let wild = if g.wild { " (wild)" } else { "" };
        format!("{} of {}s{wild}", g.kind(), g.value)
    }));
    match dice.wild {
        0 => {}
        1 => parts.push("1 wild die to use".into()),
        n => parts.push(format!("{n} wild dice to use")),
    }
    if dice.saved > 0 {
        parts.push(format!("{} wild saved", dice.saved));
    }
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::initiative::DiceGroup;

    /// INI-1..INI-3: a side's dice in words: singles, ability dice (one a wild die made),
    /// wild dice still to use.
    #[test]
    fn ini3_dice_words_tell_singles_groups_and_wild_dice() {
        let mut d = SideDice::from_roll(&[1, 1, 1, 4, 4, 6]);
        assert_eq!(dice_words(&d), "1 single · triple of 1s · double of 4s");
        d.wild = 1;
        assert_eq!(
            dice_words(&d),
            "1 single · triple of 1s · double of 4s · 1 wild die to use"
        );
        d.wild = 0;
        d.groups[1] = DiceGroup {
            value: 4,
            size: 3,
            wild: true,
        };
        assert!(
            dice_words(&d).contains("triple of 4s (wild)"),
            "{}",
            dice_words(&d)
        );
    }
}
