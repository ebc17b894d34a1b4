//! Dice rolled for a damage effect (ABL-5), and bands of rolls in words.

use serde::{Deserialize, Serialize};

use super::Amount;

/// Dice rolled for a damage effect: `dice` of them; each deals the amount of the band its
/// roll lies in, or a roll of a dice of the sides its `rolled` band names ("D3 damage
/// points"); a roll in no band deals nothing.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Roll {
    pub dice: Amount,
    /// (least roll, greatest roll, damage).
    pub bands: Vec<(u8, u8, Amount)>,
    /// (least roll, greatest roll, the sides of the dice whose roll is the damage: 3 or 6).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rolled: Vec<(u8, u8, u8)>,
    /// A roll equal to or less than the number of the battle round deals this.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upto_round: Option<Amount>,
}

impl Roll {
    /// The roll as it stands in battle round `round`: a band of the rolls up to the round's
    /// number, when it has one.
    pub fn in_round(&self, round: u32) -> std::borrow::Cow<'_, Roll> {
        let Some(a) = self.upto_round else {
            return std::borrow::Cow::Borrowed(self);
        };
        let mut r = self.clone();
        let most = u8::try_from(round.min(6)).unwrap_or(6);
        if most >= 1 {
            r.bands.insert(0, (1, most, a));
        }
        r.upto_round = None;
        std::borrow::Cow::Owned(r)
    }

    /// The damage one die showing `roll` deals; `d(sides)` rolls a D3 or D6 for a band of
    /// rolled damage.
    /// A D`sides` roll of damage alone ("allocate D3 damage points"): one dice, its roll as
    /// a D`sides`.
    pub fn plain(sides: u8) -> Roll {
        Roll {
            dice: super::Amount::Fixed(1),
            rolled: vec![(1, 6, sides)],
            ..Roll::default()
        }
    }

    /// The sides of a roll made by [`Roll::plain`].
    pub fn plain_sides(&self) -> Option<u8> {
        match (
            self.dice,
            &self.bands[..],
            &self.rolled[..],
            self.upto_round,
        ) {
            (super::Amount::Fixed(1), [], [(1, 6, sides)], None) => Some(*sides),
            _ => None,
        }
    }

    pub fn damage(&self, roll: u8, value: u8, d: &mut impl FnMut(u8) -> u32) -> u32 {
        let within = |least: u8, most: u8| (least..=most).contains(&roll);
        if let Some((_, _, sides)) = self.rolled.iter().find(|(l, m, _)| within(*l, *m)) {
            return d(*sides);
        }
        self.bands
            .iter()
            .find(|(least, most, _)| within(*least, *most))
            .map_or(0, |(_, _, a)| a.of(value))
    }
}

/// A band of rolls for people: `5+`, `2-4`, `6`.
pub fn band_text(least: u8, most: u8) -> String {
    match (least, most) {
        (l, 6) if l < 6 => format!("{l}+"),
        (l, m) if l == m => l.to_string(),
        (l, m) => format!("{l}-{m}"),
    }
}
