//! Part of the condition family (ABL-5): what a fighter's runemarks raise of its ability ("if
//! this fighter has the Frenzied runemark, add 4 to the value of this ability, to a maximum of
//! 7"; "... increase the range of this ability by the value of this ability").

use crate::model::effects::{Effect, MarkedRaise};
use crate::rules::state::FighterView;

use super::card::{amount_prefix, fill, marks_of};

/// In words: "(with the Frenzied runemark: its value 4 more, to at most 7)".
pub(super) fn describe(e: &Effect, value: Option<u8>) -> String {
    let Effect::MarkedRaise { marks, raise } = e else {
        return String::new();
    };
    let what = match raise {
        MarkedRaise::Value { add, max } => format!("its value {add} more, to at most {max}"),
        MarkedRaise::Range(by) => format!("its range {} more", super::inches_text(by, value)),
    };
    format!(
        "(for a fighter with the {} runemark: {what})",
        marks.words()
    )
}

/// The value `v` of an ability of `effects` used by `f`, raised by its runemarks.
pub(super) fn value(f: &FighterView, effects: &[Effect], v: u32) -> u32 {
    effects.iter().fold(v, |v, e| match e {
        Effect::MarkedRaise {
            marks,
            raise: MarkedRaise::Value { add, max },
        } if marks.fit(|m| f.profile.bears(m)) => (v + add).min((*max).max(v)),
        _ => v,
    })
}

/// The effects of an ability `f` uses at `value`, their auras reaching as far as its
/// runemarks make them (borrowed as they are when its runemarks reach no farther).
pub(super) fn ranged<'a>(
    f: &FighterView,
    effects: &'a [Effect],
    value: u8,
) -> std::borrow::Cow<'a, [Effect]> {
    let farther: f32 = effects
        .iter()
        .map(|e| match e {
            Effect::MarkedRaise {
                marks,
                raise: MarkedRaise::Range(by),
            } if marks.fit(|m| f.profile.bears(m)) => by.of(value) as f32,
            _ => 0.0,
        })
        .sum();
    if farther <= 0.0 {
        return std::borrow::Cow::Borrowed(effects);
    }
    let mut out = effects.to_vec();
    for e in &mut out {
        match e {
            Effect::RoundBoost { aura: Some(a), .. } | Effect::RoundGuard { aura: Some(a), .. } => {
                a.range += farther
            }
            Effect::EnemyAura { range, .. } | Effect::ValueAura { range, .. } => *range += farther,
            _ => {}
        }
    }
    std::borrow::Cow::Owned(out)
}

// The card's wording.

/// "If this fighter has the MARK runemark, add A to the value of this ability, to a maximum
/// of M", "... increase the range of this ability by a number of inches equal to the value of
/// this ability" ("by N\"").
pub(super) fn sentence(s: &str) -> Option<Vec<Effect>> {
    let rest = s.strip_prefix("if this fighter has the ")?;
    let (mark, rest) = rest.split_once(" runemark, ")?;
    let marks = marks_of(mark)?;
    let raise = if let Some(r) = rest.strip_prefix("add ") {
        let v = fill(r, "{n} to the value of this ability, to a maximum of {n}")?;
        MarkedRaise::Value {
            add: v[0],
            max: v[1],
        }
    } else {
        let r = rest.strip_prefix("increase the range of this ability by ")?;
        let by = match r {
            "a number of inches equal to the value of this ability" => {
                crate::model::effects::Amount::Value
            }
            _ => {
                let (by, r) = amount_prefix(r)?;
                (r == "\"").then_some(by)?
            }
        };
        MarkedRaise::Range(by)
    };
    Some(vec![Effect::MarkedRaise { marks, raise }])
}
