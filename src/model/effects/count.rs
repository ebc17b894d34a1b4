//! What an effect counts (ABL-5): "for each other friendly fighter within 3\" of this fighter",
//! "count the number of fighters that have been taken down during this battle round".

use serde::{Deserialize, Serialize};

use super::{Effect, Marks, Stat};

/// What an effect counts to know how much it raises.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Count {
    /// The other friendly fighters within `range` inches of this one (that it sees, when
    /// `visible`; bearing `marks`; with exactly this fighter's runemarks, when `same`).
    Friends {
        range: f32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        visible: bool,
        #[serde(default, skip_serializing_if = "Marks::is_none")]
        marks: Marks,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        same: bool,
    },
    /// The fighters (of both sides) taken down this battle round.
    DownThisRound,
    /// The friendly fighters bearing `marks` and none of `not` taken down this battle.
    FriendsDown { marks: Marks, not: Marks },
    /// The friendly fighters bearing `marks` (this one too) within `range` inches of the
    /// target, counted as each attack the raises are for is made.
    NearTarget { range: f32, marks: Marks },
    /// Once, while a friendly fighter bearing `marks` is within `range` inches of the target
    /// (`target`: the attacker too), or of this fighter (another one), as each attack the
    /// raises are for is made.
    WhileNear {
        range: f32,
        marks: Marks,
        target: bool,
        /// Only a friend in danger counts: within 1" of an enemy, or with damage allocated.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        endangered: bool,
    },
}

impl Count {
    /// In words, after "for each" (or a number, when `plural`): "other friendly fighter with
    /// the same runemarks within 3\"", "fighters taken down this round".
    pub fn words(&self, plural: bool) -> String {
        let s = if plural { "s" } else { "" };
        match self {
            Count::Friends {
                range,
                visible,
                marks,
                same,
            } => format!(
                "other {}friendly fighter{s}{}{} within {range}\"",
                if *visible { "visible " } else { "" },
                marks.with_words(),
                if *same {
                    " with the same runemarks"
                } else {
                    ""
                }
            ),
            Count::DownThisRound => format!("fighter{s} taken down this round"),
            Count::WhileNear {
                range,
                marks,
                target,
                endangered,
            } => {
                format!(
                    "{} within {range}\" of {}{}friendly fighter{}",
                    if *target { "the target is" } else { "it is" },
                    if *target { "a " } else { "another " },
                    if *endangered { "endangered " } else { "" },
                    marks.with_words()
                ) + if *endangered {
                    " (one within 1\" of an enemy or with damage allocated)"
                } else {
                    ""
                }
            }
            Count::NearTarget { range, marks } => format!(
                "friendly fighter{s}{} within {range}\" of the target (this one too, as it \
                 attacks)",
                marks.with_words()
            ),
            Count::FriendsDown { marks, not } => format!(
                "friendly fighter{s}{}{} taken down",
                marks.with_words(),
                if not.is_none() {
                    String::new()
                } else {
                    format!(" (not{})", not.with_words())
                }
            ),
        }
    }

    /// Is it counted as each attack is made, not as the ability is used?
    pub fn at_attack(&self) -> bool {
        matches!(self, Count::NearTarget { .. } | Count::WhileNear { .. })
    }

    /// Are its numbers ones a card could print?
    pub fn ok(&self) -> bool {
        match self {
            Count::Friends { range, .. }
            | Count::NearTarget { range, .. }
            | Count::WhileNear { range, .. } => super::validate::range_ok(*range),
            Count::DownThisRound | Count::FriendsDown { .. } => true,
        }
    }
}

/// A counted raise's effects: raises of characteristics by fixed numbers (each multiplied by
/// the count), a card could print.
pub(super) fn counted_ok(count: &Count, then: &[Effect]) -> bool {
    let fixed = |by: &super::Amount| matches!(by, super::Amount::Fixed(1..=3));
    count.ok()
        && !then.is_empty()
        && then.iter().all(|t| match t {
            // Counted at each attack: raises of the attack only.
            Effect::NextBoost { stat, by, .. } | Effect::Boost { stat, by, .. }
                if count.at_attack() =>
            {
                fixed(by) && stat.of_attacks()
            }
            _ if count.at_attack() => false,
            Effect::Boost { stat, by, .. } | Effect::NextBoost { stat, by, .. } => {
                fixed(by) && (stat.of_attacks() || *stat == Stat::Move)
            }
            Effect::RoundBoost {
                stat,
                by,
                aura: None,
                ..
            } => fixed(by) && *stat != Stat::Toughness,
            _ => false,
        })
}
