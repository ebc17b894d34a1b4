//! Ability records of the community data, and which fighters may use each (ABL-2): an
//! ability belongs to the fighters of its warband (the fighter's faction or subfaction) that
//! have every one of its runemarks; a universal ability to every fighter with its runemarks.

use serde_json::Value;

use super::fighters::ImportedFighter;
use super::reader::{Findings, Record};
use crate::model::abilities::{AbilityDef, AbilityEffect, DiceCost};
use crate::rules::effects::effects_of;

/// A converted ability and the warband it belongs to (`universal` for everybody's).
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedAbility {
    pub warband: String,
    pub def: AbilityDef,
    /// The first sentence of its wording no shape matched (as a shape), when it is not
    /// automated.
    pub unrecognised: Option<String>,
}

impl ImportedAbility {
    pub fn is_universal(&self) -> bool {
        self.warband.eq_ignore_ascii_case("universal")
    }

    /// ABL-2: may `f` use it? Its warband is the fighter's faction or subfaction (or it is
    /// universal), and the fighter has every one of its runemarks.
    pub fn belongs_to(&self, f: &ImportedFighter) -> bool {
        let warband = self.is_universal()
            || self.warband == f.warband
            || (!f.subfaction.is_empty() && self.warband == f.subfaction);
        warband && self.def.runemarks.iter().all(|m| f.profile.has_runemark(m))
    }
}

/// The universal abilities the engine runs itself (ABL-3, REA-2..4): not given to fighters
/// again from the data.
const BUILT_IN: &[&str] = &[
    "rush",
    "onslaught",
    "respite",
    "inspiring presence",
    "reckoning",
    "counter",
    "take cover",
    "strike them down",
];

/// Does the engine already give every fighter this universal ability?
pub fn built_in(a: &ImportedAbility) -> bool {
    a.is_universal() && BUILT_IN.contains(&a.def.name.to_lowercase().as_str())
}

/// Converts the ability record `v` at `path` of `file`; `None` (with its problems in
/// `findings`) when it can't be converted.
pub(super) fn convert(
    v: &Value,
    path: String,
    file: &str,
    findings: &mut Findings,
) -> Option<ImportedAbility> {
    let mut r = Record::open(v, path.into(), file, findings)?;
    let id = r.text("_id");
    let name = r.text("name");
    let warband = r.text("warband");
    let cost = r.text("cost");
    let text = r.text_or_empty("description");
    let runemarks = r.texts("runemarks");
    let cost = cost.and_then(|c| match cost_of(c) {
        Some(c) => Some(c),
        None => {
            r.problems.push((
                r.path.field("cost"),
                format!(
                    "unknown cost `{c}` (double, triple, quad, reaction, passive or battletrait)"
                ),
            ));
            None
        }
    });
    if !r.problems.is_empty() {
        for (at, msg) in r.problems {
            findings.error(file, &at, msg);
        }
        return None;
    }
    let (Some(id), Some(name), Some(warband), Some(cost)) = (id, name, warband, cost) else {
        return None;
    };
    // ABL-5: an ability paid with dice, or a reaction (REA-1), whose whole wording is
    // recognised runs as effects; passive rules and battle traits need what the vocabulary
    // lacks yet.
    let reaction = cost == DiceCost::Reaction;
    let (effect, unrecognised) = match (cost.dice().is_some() || reaction, effects_of(text)) {
        (true, Ok(effects)) => {
            let mut v = crate::model::validate::Validator::default();
            crate::model::effects::validate_ability(&effects, reaction, "", &mut v);
            match v.problems.first() {
                None => (AbilityEffect::Effects(effects), None),
                Some((_, why)) => (AbilityEffect::NotAutomated, Some(format!("({why})"))),
            }
        }
        (true, Err(shape)) => (AbilityEffect::NotAutomated, Some(shape)),
        // A passive rule that says what a word of the other cards means, as the engine does.
        (false, Ok(effects)) if effects == [crate::model::effects::Effect::CremationRule] => {
            (AbilityEffect::Effects(effects), None)
        }
        (false, _) => (AbilityEffect::NotAutomated, Some(format!("(a {cost})"))),
    };
    Some(ImportedAbility {
        warband: warband.to_string(),
        def: AbilityDef {
            id: Some(id.to_string()),
            name: name.to_string(),
            cost,
            runemarks,
            text: text.to_string(),
            effect,
        },
        unrecognised,
    })
}

impl ImportedAbility {
    /// Does the engine run it (a built-in universal ability, or effects as data)?
    pub fn automated(&self) -> bool {
        built_in(self) || self.def.effect != AbilityEffect::NotAutomated
    }
}

fn cost_of(s: &str) -> Option<DiceCost> {
    Some(
        match s.to_lowercase().replace([' ', '_', '-'], "").as_str() {
            "double" => DiceCost::Double,
            "triple" => DiceCost::Triple,
            "quad" => DiceCost::Quad,
            "reaction" => DiceCost::Reaction,
            "passive" => DiceCost::Passive,
            "battletrait" => DiceCost::BattleTrait,
            _ => return None,
        },
    )
}
