//! The battle log's sentences for setting up and the initiative phase (SET, SOLO-S, INI),
//! split from `render` to keep each file a size a reader can hold.

use crate::model::dice::{dice_text, roll_off_text};
use crate::model::ids::Side;
use crate::rules::initiative::{groups_text, uses_text};
use crate::rules::log::{Event, Names, Placed, Spot};
use crate::rules::solo_setup::{Flank, SoloStep};
use bevy::prelude::*;

/// "1 single", "3 singles".
pub(super) fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Two-sided roll-offs for people: `2 v 2, then 5 v 3`.
fn rolls_text(rolls: &[(u8, u8)]) -> String {
    rolls
        .iter()
        .map(|(a, b)| format!("{a} v {b}"))
        .collect::<Vec<_>>()
        .join(", then ")
}

pub(super) fn setup_text(e: &Event, n: &Names) -> String {
    match e {
        Event::PriorityRoll { rolls, winner } => format!(
            "Priority roll: {} v {}: {}; {} is the priority player",
            n.side(Side::A),
            n.side(Side::B),
            rolls_text(rolls),
            n.side(*winner)
        ),
        Event::SoloGroups { step } => solo_text(step, n),
        Event::Colours { red, blue } => {
            format!(
                "{} deploys red, {} deploys blue",
                n.side(*red),
                n.side(*blue)
            )
        }
        Event::Deploy {
            side,
            group,
            colour,
            point: (x, z),
            along_line,
            arriving,
            fighters,
        } => format!(
            "{} {} {group} at its {colour} point, {}{}: {}",
            n.side(*side),
            if *arriving {
                "brings in reserve"
            } else {
                "sets up"
            },
            n.place(&[*x, 0.0, *z]),
            if *along_line {
                " along its deployment line"
            } else {
                ""
            },
            fighters
                .iter()
                .map(|p| placed_text(p, n))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        Event::SetUpByHand { fighter, at } => {
            format!("{} is set up by hand {}", n.fighter(*fighter), n.place(at))
        }
        Event::Reserve {
            side,
            group,
            fighters,
            round,
        } => format!(
            "{} {group} ({fighters} fighters) is a reserve arriving in round {round}",
            n.side(*side)
        ),
        _ => unreachable!("not a setup event"),
    }
}

fn placed_text(p: &Placed, n: &Names) -> String {
    let name = n.fighter(p.fighter);
    match &p.spot {
        Spot::Within(at) => format!("{name} {}", n.place(at)),
        Spot::Closest(at) => format!(
            "{name} {} (no room within range: as close as possible)",
            n.place(at)
        ),
        Spot::NoRoom => {
            format!("{name} finds no room anywhere on the battlefield and stays off it")
        }
    }
}

fn flanks_text(flanks: &[Flank]) -> String {
    flanks
        .iter()
        .map(|f| f.to_string())
        .collect::<Vec<_>>()
        .join(" and ")
}

fn solo_text(step: &SoloStep, n: &Names) -> String {
    match step {
        SoloStep::Seeds {
            fighters: [l, m, r],
        } => format!(
            "seeds: {} left, {} middle, {} right",
            n.fighter(*l),
            n.fighter(*m),
            n.fighter(*r)
        ),
        SoloStep::Roll {
            fighter,
            roll,
            flank,
        } => format!("{} rolls {roll} -> {flank} group", n.fighter(*fighter)),
        SoloStep::Tie {
            flanks,
            largest,
            rounds,
        } => {
            let rolls = roll_off_text(rounds, |f| flanks[f].to_string());
            if *largest {
                format!(
                    "groups {} tie for largest; roll-off {rolls}",
                    flanks_text(flanks)
                )
            } else {
                format!(
                    "{} tie for fewest fighters; roll-off {rolls}",
                    flanks_text(flanks)
                )
            }
        }
        SoloStep::Excess {
            from,
            held,
            of,
            moved,
            to,
        } => format!(
            "{from} group has more than half ({held} of {of}): {} ({}) move to the {to} group",
            count(moved.len(), "fighter", "fighters"),
            moved
                .iter()
                .map(|f| n.fighter(*f))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        SoloStep::Named {
            flank,
            fighters,
            group,
        } => format!("{flank} group ({fighters} fighters) is {group}"),
    }
}

pub(super) fn initiative_text(e: &Event, n: &Names) -> String {
    match e {
        Event::InitiativeRoll {
            side,
            dice,
            singles,
            groups,
            wild,
        } => format!(
            "{} rolls {}: {}, ability dice {}; {} to declare",
            n.side(*side),
            dice_text(dice),
            count(*singles as usize, "single", "singles"),
            groups_text(groups),
            count(*wild as usize, "wild die", "wild dice")
        ),
        Event::WildDice {
            side,
            uses,
            singles,
            groups,
            saved,
        } => format!(
            "{} uses wild dice ({}): {}, ability dice {}, {saved} saved",
            n.side(*side),
            uses_text(uses),
            count(*singles as usize, "single", "singles"),
            groups_text(groups)
        ),
        Event::RollOff {
            rolls,
            winner,
            singles: [s0, s1],
            after_wild,
        } => match after_wild {
            false => format!("Singles tied {s0} v {s1}: roll-off {}", rolls_text(rolls)),
            true => format!(
                "Singles now tied {s0} v {s1}: roll-off {}; {} has the initiative",
                rolls_text(rolls),
                n.side(*winner)
            ),
        },
        Event::Initiative {
            side,
            seized,
            solo,
            singles: [s0, s1],
        } => {
            let who = n.side(*side);
            if *seized {
                format!("{who} now has more singles ({s0} v {s1}) and seizes the initiative")
            } else if *solo {
                format!("{who} has the initiative ({s0} v {s1} singles) and activates first")
            } else {
                format!("{who} has the initiative")
            }
        }
        Event::FirstTurn { side } => format!("{} takes the first turn", n.side(*side)),
        Event::Pass { side } => {
            format!("{} has no fighter to activate and passes", n.side(*side))
        }
        _ => unreachable!("not an initiative event"),
    }
}
