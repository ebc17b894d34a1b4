//! Which warband, which fighter: small types instead of bare numbers, so a side can't be
//! passed where a fighter is meant. Both are written as their plain number in every file
//! (battles, replays, saves) and in the world hash.

use std::fmt;
use std::ops::{Index, IndexMut};

use bevy::prelude::Component;
use serde::{Deserialize, Serialize};

/// Which warband: 0 is player A and 1 player B, in battle-file order.
#[derive(
    Component,
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    Serialize,
    Deserialize,
)]
#[serde(try_from = "u8", into = "u8")]
pub struct Side(pub u8);

impl Side {
    /// Player A, first in the battle file.
    pub const A: Side = Side(0);
    /// Player B.
    pub const B: Side = Side(1);
    /// Both sides, A first.
    pub const BOTH: [Side; 2] = [Side::A, Side::B];

    /// The opponent.
    pub fn other(self) -> Side {
        Side(1 - self.0.min(1))
    }

    /// "player A" or "player B", for people when the warband has no name.
    pub fn player(self) -> &'static str {
        if self == Side::A {
            "player A"
        } else {
            "player B"
        }
    }

    /// Where this side's entry is in a pair or a list in side order.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The side at `i` in side order (0 or 1; anything else is B).
    pub fn from_index(i: usize) -> Side {
        Side(i.min(1) as u8)
    }
}

/// A side read from a file: 0 or 1, nothing else.
impl TryFrom<u8> for Side {
    type Error = String;
    fn try_from(n: u8) -> Result<Side, String> {
        match n {
            0 | 1 => Ok(Side(n)),
            _ => Err(format!("there are two sides, 0 and 1, not {n}")),
        }
    }
}

impl From<Side> for u8 {
    fn from(s: Side) -> u8 {
        s.0
    }
}

/// The plain number, as files and the world hash write it (a person reads the warband's name).
impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<T> Index<Side> for [T; 2] {
    type Output = T;
    fn index(&self, s: Side) -> &T {
        &self[s.index()]
    }
}

impl<T> IndexMut<Side> for [T; 2] {
    fn index_mut(&mut self, s: Side) -> &mut T {
        &mut self[s.index()]
    }
}

impl<T> Index<Side> for Vec<T> {
    type Output = T;
    fn index(&self, s: Side) -> &T {
        &self[s.index()]
    }
}

impl<T> IndexMut<Side> for Vec<T> {
    fn index_mut(&mut self, s: Side) -> &mut T {
        &mut self[s.index()]
    }
}

/// Which fighter: numbered in battle-file order, side A's first (`scenario::spawn`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct FighterId(pub u32);

impl FighterId {
    /// Where this fighter is in a list in id order.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The plain number, as files and the world hash write it (a person reads the fighter's name).
impl fmt::Display for FighterId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_side_is_its_number_in_files_and_the_other_is_the_opponent() {
        assert_eq!(ron::to_string(&Side::B).unwrap(), "1");
        assert_eq!(ron::from_str::<Side>("0").unwrap(), Side::A);
        assert_eq!(Side::A.other(), Side::B);
        assert_eq!(Side::B.other(), Side::A);
        let mut score = [3u32, 5];
        score[Side::B] += 1;
        assert_eq!((score[Side::A], score[Side::B]), (3, 6));
        assert_eq!(Side::B.to_string(), "1");
        let bad = ron::from_str::<Side>("2").unwrap_err().to_string();
        assert!(bad.contains("there are two sides, 0 and 1, not 2"), "{bad}");
    }
}
