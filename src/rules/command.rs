//! Commands: the one door through which humans, the AI and replays act on a battle. The
//! engine validates each one the same way for everyone and applies it or rejects it with the
//! rule it breaks.

use crate::model::RuleId;
use crate::model::ids::FighterId;
use crate::model::ids::Side;
use serde::{Deserialize, Serialize};

use crate::battlefield::nav::Descend;
use crate::model::formats::Colour;
use crate::rules::initiative::WildUse;
use crate::rules::log::Names;

/// A reaction (REA-2..REA-4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ReactionKind {
    /// REA-2: when targeted by a melee attack.
    Counter,
    /// REA-3: in cover and targeted by a missile attack, after the hit rolls.
    TakeCover,
    /// REA-4: a visible enemy within 1" disengages.
    StrikeThemDown,
}

impl std::fmt::Display for ReactionKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ReactionKind::Counter => "Counter",
            ReactionKind::TakeCover => "Take Cover",
            ReactionKind::StrikeThemDown => "Strike Them Down",
        })
    }
}

impl ReactionKind {
    pub fn rule(self) -> RuleId {
        match self {
            ReactionKind::Counter => RuleId::Rea2,
            ReactionKind::TakeCover => RuleId::Rea3,
            ReactionKind::StrikeThemDown => RuleId::Rea4,
        }
    }
}

/// Everything a side can decide. Fighters are named by their battle id (`Fighter::id`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Command {
    /// SET-5: the priority player chooses the colour of the deployment points it sets up on
    /// (the other side takes the other colour).
    ChooseColour { side: Side, colour: Colour },
    /// SET-6 by hand: move one of the side's fighters already set up to the legal place
    /// nearest `to`, within its group's deployment zone.
    SetUp { fighter: FighterId, to: [f32; 3] },
    /// SET-6 by hand: the side has set up its fighters.
    SetUpDone { side: Side },
    /// GEN-8: where the side of a taken-down carrier puts the treasure it dropped: on the floor
    /// or a platform within 1" horizontally of the carrier, level or lower, in its sight
    /// (`None`: where the carrier stood).
    PlaceTreasure { side: Side, at: Option<[f32; 3]> },
    /// MOVE-8: where the opponent of a falling fighter has it land: one of the places on the
    /// floor or a platform within 2" horizontally and lower (`None`: the one nearest the
    /// attacker, or where it hung).
    Land { side: Side, at: Option<[f32; 3]> },
    /// INI-3: how this side uses each of its wild dice this round.
    WildDice { side: Side, uses: Vec<WildUse> },
    /// CMB-1: the side with the initiative picks who takes the first turn.
    FirstTurn { side: Side, first: Side },
    /// CMB-1: activate a fighter that has not been activated (or is waiting, WAIT-1).
    Activate { fighter: FighterId },
    /// CMB-1: pass (only when no fighter can be activated).
    Pass { side: Side },
    /// MOVE-1..7: move the active fighter to a point (base centre, x, y, z) along the shortest
    /// legal path; `pick_up` takes a treasure it passes within 1" of (GEN-8).
    ///
    /// `descend` says how it gets down from higher surfaces (MOVE-5: climbing down is the
    /// mover's choice; none: the shortest way, jumping). `via` are waypoints the path goes
    /// through in order, each by its shortest way.
    Move {
        fighter: FighterId,
        to: [f32; 3],
        #[serde(default = "yes")]
        pick_up: bool,
        /// GEN-8: which treasure it picks up (0 is treasure 1) when it comes within 1" of
        /// more than one; none: the first it comes within 1" of.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        treasure: Option<usize>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        descend: Option<Descend>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        via: Vec<[f32; 3]>,
        /// ABL-5: the enemy an effect waiting for this move picks once it is set off ("pick
        /// a visible enemy fighter within 1\""); none: the nearest.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pick: Option<FighterId>,
    },
    /// ATK-1..6: attack `target` with the weapon at index `weapon` of the profile.
    Attack {
        fighter: FighterId,
        target: FighterId,
        weapon: usize,
    },
    /// DIS-1: move up to 3" to a point more than 1" from every enemy.
    Disengage { fighter: FighterId, to: [f32; 3] },
    /// WAIT-1.
    Wait { fighter: FighterId },
    /// GEN-8: drop the carried treasure at `at` (on the floor or a platform within 1"
    /// horizontally, visible to the fighter, level with it or lower); none: where it stands.
    DropTreasure {
        fighter: FighterId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<[f32; 3]>,
    },
    /// ABL-1..5: use an ability, paying with the ability dice showing `dice`.
    Ability {
        fighter: FighterId,
        ability: String,
        dice: u8,
        #[serde(default)]
        target: Option<FighterId>,
        /// ABL-5: where an ability that sets a fighter up puts it (none: the place nearest
        /// where it stood).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<[f32; 3]>,
        /// ABL-5: which way an ability that offers two is used (0: the first the card says,
        /// 1: the other, such as the one paid with saved wild dice).
        #[serde(default, skip_serializing_if = "first_way")]
        choice: u8,
    },
    /// End the active fighter's activation, forgoing what is left (CMB-2, CMB-3).
    EndActivation { fighter: FighterId },
    /// CMB-2, ABL-5: the active fighter lets the first waiting bonus action go (its own, or a
    /// friend's the ability offered).
    PassBonus { fighter: FighterId },
    /// REA-1..4: react with this fighter to the enemy action on offer.
    React {
        fighter: FighterId,
        reaction: ReactionKind,
    },
    /// REA-1, ABL-5: react with this fighter's reaction ability (one of the offer's) to the
    /// enemy action on offer.
    ///
    /// An answer to an enemy's move may name the friend the ability picks (`pick`), where its
    /// bonus move ends (`to`) and whom its attack targets (`target`); none: the first friend
    /// that can, the nearest place that does what the card asks, the fighter that moved.
    ReactWith {
        fighter: FighterId,
        ability: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pick: Option<FighterId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<[f32; 3]>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<FighterId>,
    },
    /// Let the reaction on offer go by.
    DeclineReaction { side: Side },
    /// ABL-5: part of a not-automated ability the active fighter used, resolved by hand:
    /// damage to, or healing of, `target` (logged as such).
    ByHand {
        fighter: FighterId,
        target: FighterId,
        change: HandChange,
    },
    /// Why a side decides what it does next (the solo AI's explanations, SOLO-A..C): logged
    /// with its rule IDs, changes nothing, and is kept in replays so they show it too. (Older
    /// replays; the AI now sends [`Command::Decided`].)
    Explain {
        side: Side,
        rules: Vec<String>,
        text: String,
    },
    /// A command with the reasons for it (the solo AI's decisions, SOLO-A..C): one `apply`.
    /// When the rules accept `command`, the reasons are logged (with their rule IDs) just
    /// before what it does; when they reject it, nothing is logged.
    Decided {
        side: Side,
        rules: Vec<String>,
        text: String,
        command: Box<Command>,
    },
}

/// ABL-5: what a player applies by hand for a not-automated ability.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum HandChange {
    Damage(u32),
    Heal(u32),
    /// A move of the fighter of up to `inches` to `to`, by the shortest way (MOVE-1, MOVE-5:
    /// climbing and jumping as a move does), wherever enemies stand.
    Move {
        inches: u32,
        to: [f32; 3],
    },
}

fn yes() -> bool {
    true
}

fn first_way(choice: &u8) -> bool {
    *choice == 0
}

impl Command {
    /// REA-1, ABL-5: `fighter` makes its reaction ability `ability`, naming nothing more.
    pub fn react_with(fighter: FighterId, ability: &str) -> Command {
        Command::ReactWith {
            fighter,
            ability: ability.to_string(),
            pick: None,
            to: None,
            target: None,
        }
    }

    /// The command in words, fighters and sides by number (`fighter 3`); see
    /// [`Command::describe_with`] for their names.
    pub fn describe(&self) -> String {
        self.describe_with(&Names::default())
    }

    /// The command in words, fighters, sides and places by their names: `Skafi moves,
    /// ending by objective 2`.
    /// The commands of setup, initiative and a dropped treasure, in words.
    fn describe_outside_activations(&self, n: &Names) -> String {
        let at = |p: &[f32; 3]| n.place(p);
        let s = |side: &Side| n.side(*side);
        match self {
            Command::ChooseColour { side, colour } => format!("{} takes {colour}", s(side)),
            Command::SetUp { fighter, to } => {
                format!("{} is set up {}", n.fighter(*fighter), at(to))
            }
            Command::SetUpDone { side } => format!("{} has set up its fighters", s(side)),
            Command::PlaceTreasure { side, at: spot } => match spot {
                Some(p) => format!("{} places the dropped treasure {}", s(side), at(p)),
                None => format!("{} leaves the dropped treasure where it fell", s(side)),
            },
            Command::Land { side, at: spot } => match spot {
                Some(p) => format!("{} has the falling fighter land {}", s(side), at(p)),
                None => format!(
                    "{} lets the falling fighter land where the rules pick",
                    s(side)
                ),
            },
            Command::WildDice { side, uses } => format!(
                "{} uses its wild dice ({})",
                s(side),
                crate::rules::initiative::uses_text(uses)
            ),
            Command::FirstTurn { side, first } => {
                format!("{} gives the first turn to {}", s(side), s(first))
            }
            // Only `describe_with`'s arm for these calls this.
            _ => String::new(),
        }
    }

    pub fn describe_with(&self, n: &Names) -> String {
        let at = |p: &[f32; 3]| n.place(p);
        let f = |id: &FighterId| n.fighter(*id);
        let s = |side: &Side| n.side(*side);
        match self {
            Command::ChooseColour { .. }
            | Command::SetUp { .. }
            | Command::SetUpDone { .. }
            | Command::PlaceTreasure { .. }
            | Command::Land { .. }
            | Command::WildDice { .. }
            | Command::FirstTurn { .. } => self.describe_outside_activations(n),
            Command::Activate { fighter } => format!("activate {}", f(fighter)),
            Command::Pass { side } => format!("{} passes", s(side)),
            Command::Move {
                fighter,
                to,
                treasure,
                ..
            } => {
                let picks = treasure.map(|t| format!(", picking up treasure {}", t + 1));
                format!(
                    "{} moves, ending {}{}",
                    f(fighter),
                    at(to),
                    picks.unwrap_or_default()
                )
            }
            Command::Attack {
                fighter,
                target,
                weapon,
            } => format!(
                "{} attacks {} with weapon {}",
                f(fighter),
                f(target),
                weapon + 1
            ),
            Command::Disengage { fighter, to } => {
                format!("{} disengages, ending {}", f(fighter), at(to))
            }
            Command::Wait { fighter } => format!("{} waits", f(fighter)),
            Command::DropTreasure { fighter, .. } => {
                format!("{} drops its treasure", f(fighter))
            }
            Command::Ability {
                fighter,
                ability,
                dice,
                ..
            } => format!("{} uses {ability} with its {dice}s", f(fighter)),
            Command::EndActivation { fighter } => {
                format!("{} ends its activation", f(fighter))
            }
            Command::PassBonus { fighter } => {
                format!("{} lets the waiting bonus action go", f(fighter))
            }
            Command::React { fighter, reaction } => format!("{} reacts: {reaction}", f(fighter)),
            Command::ReactWith {
                fighter,
                ability,
                pick,
                ..
            } => match pick {
                Some(p) if p != fighter => {
                    format!("{} reacts: {ability}, with {}", f(fighter), f(p))
                }
                _ => format!("{} reacts: {ability}", f(fighter)),
            },
            Command::DeclineReaction { side } => format!("{} lets the reaction go", s(side)),
            Command::ByHand {
                fighter,
                target,
                change,
            } => by_hand_words(&f(fighter), &f(target), change, n),
            Command::Explain { side, .. } => format!("{} explains its next decision", s(side)),
            Command::Decided { command, .. } => command.describe_with(n),
        }
    }
}

/// A command the rules forbid: the rule it breaks and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("rejected ({rule}): {reason}")]
pub struct Rejected {
    pub rule: RuleId,
    pub reason: String,
}

impl Rejected {
    pub fn new(rule: RuleId, reason: impl Into<String>) -> Self {
        Rejected {
            rule,
            reason: reason.into(),
        }
    }
}

/// A change by hand (ABL-5) in words: "Ka resolves by hand: 2 damage to Orvi".
fn by_hand_words(fighter: &str, target: &str, change: &HandChange, n: &Names) -> String {
    let what = match change {
        HandChange::Damage(d) => format!("{d} damage to {target}"),
        HandChange::Heal(h) => format!("{target} heals {h}"),
        HandChange::Move { inches, to } => {
            format!("{target} moves up to {inches}\", ending {}", n.place(to))
        }
    };
    format!("{fighter} resolves by hand: {what}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> Names {
        Names {
            fighters: vec!["Skafi".into(), "Zealot Ka".into()],
            sides: ["Ironclad Vanguard".into(), "Ashen Covenant".into()],
            ..Default::default()
        }
    }

    /// A refused command is shown to a person: fighters and sides by name, not by number.
    #[test]
    fn describe_with_names_fighters_and_sides() {
        let attack = Command::Attack {
            fighter: FighterId(0),
            target: FighterId(1),
            weapon: 0,
        };
        assert_eq!(
            attack.describe_with(&names()),
            "Skafi attacks Zealot Ka with weapon 1"
        );
        let first = Command::FirstTurn {
            side: Side::B,
            first: Side::A,
        };
        assert_eq!(
            first.describe_with(&names()),
            "Ashen Covenant gives the first turn to Ironclad Vanguard"
        );
        // Without names: numbers, as before.
        assert_eq!(
            attack.describe(),
            "fighter 0 attacks fighter 1 with weapon 1"
        );
    }
}
