//! A number an effect uses (ABL-1, ABL-5).

use serde::{Deserialize, Serialize};

/// A number an effect uses: fixed, or from the ability's value (the face of the dice spent,
/// ABL-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Amount {
    Fixed(u32),
    /// The value of the ability.
    Value,
    /// Half the value, rounded up.
    HalfValueUp,
    /// Twice the value.
    DoubleValue,
    /// The value, but at least this ("the value of this ability (minimum 2)").
    ValueAtLeast(u32),
}

impl Amount {
    /// The number for an ability used with dice showing `value`.
    pub fn of(self, value: u8) -> u32 {
        match self {
            Amount::Fixed(n) => n,
            Amount::Value => u32::from(value),
            Amount::HalfValueUp => u32::from(value).div_ceil(2),
            Amount::DoubleValue => 2 * u32::from(value),
            Amount::ValueAtLeast(n) => u32::from(value).max(n),
        }
    }
}

impl std::fmt::Display for Amount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Amount::Fixed(n) => write!(f, "{n}"),
            Amount::Value => f.write_str("the value"),
            Amount::HalfValueUp => f.write_str("half the value (rounded up)"),
            Amount::DoubleValue => f.write_str("twice the value"),
            Amount::ValueAtLeast(n) => write!(f, "the value (at least {n})"),
        }
    }
}

impl Default for Amount {
    fn default() -> Self {
        Amount::Fixed(0)
    }
}
