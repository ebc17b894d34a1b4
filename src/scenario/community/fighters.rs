//! Fighter records of the community data into fighter profiles: the characteristics, the
//! runemarks, each weapon (melee or missile by its range, ATK-1), the base.

use serde_json::Value;

use super::bases::{BaseFrom, Bases};
use super::reader::{Findings, Record};
use crate::model::formats::{FighterProfile, Weapon};
use crate::model::validate::{Validator, ValuePath};

/// A converted fighter: its profile and the warband and subfaction its abilities come from.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedFighter {
    pub profile: FighterProfile,
    /// The faction runemark (also `profile.faction`).
    pub warband: String,
    /// The subfaction (bladeborn) warband, or "".
    pub subfaction: String,
    /// Whether the base came from the base-size file or the rules by runemark.
    pub base_from: BaseFrom,
}

/// The grand alliances the data knows.
const ALLIANCES: [&str; 4] = ["chaos", "death", "destruction", "order"];

pub use crate::model::runemark::KNOWN_RUNEMARKS;

/// Converts the fighter record `v` at `path` of `file`; `None` (with its problems in
/// `findings`) when it can't be converted.
pub(super) fn convert(
    v: &Value,
    path: String,
    file: &str,
    bases: &Bases,
    findings: &mut Findings,
) -> Option<ImportedFighter> {
    let mut r = Record::open(v, path.into(), file, findings)?;
    let id = r.text("_id");
    let name = r.text("name");
    let warband = r.text("warband");
    let subfaction = r.text_or_empty("subfaction");
    let alliance = r.text("grand_alliance").map(str::to_lowercase);
    let movement = r.int("movement", 1..=20, "Move");
    let toughness = r.int("toughness", 1..=20, "Toughness");
    let wounds = r.int("wounds", 1..=100, "Wounds");
    let points = r.int("points", 0..=1000, "points");
    let runemarks = r.texts("runemarks");
    let weapons = r.list("weapons").map(|ws| {
        ws.iter()
            .filter_map(|(at, w)| weapon(w, at, &mut r.problems))
            .collect::<Vec<_>>()
    });
    let (Some(id), Some(name), Some(warband), Some(alliance)) = (id, name, warband, alliance)
    else {
        return report(r, file, findings);
    };
    let (Some(movement), Some(toughness), Some(wounds), Some(points), Some(weapons)) =
        (movement, toughness, wounds, points, weapons)
    else {
        return report(r, file, findings);
    };
    if !r.problems.is_empty() {
        return report(r, file, findings);
    }
    if weapons.is_empty() {
        findings.error(
            file,
            &format!("{}.weapons", r.path),
            "a fighter needs a weapon",
        );
        return None;
    }
    warn_unknown(file, &r.path, &alliance, &runemarks, findings);
    let (base, base_from) = bases.base_for(name, &runemarks);
    let runemarks = with_subfaction(runemarks, subfaction);
    let profile = FighterProfile {
        id: id.to_string(),
        name: name.to_string(),
        faction: warband.to_string(),
        grand_alliance: Some(alliance),
        movement,
        toughness,
        wounds,
        points,
        runemarks,
        base,
        height: None,
        weapons,
        abilities: Vec::new(),
    };
    // The checks every profile file gets (the base from the rules, the rest as read).
    let mut check = Validator::default();
    profile.validate(&r.path, &mut check);
    if !check.is_empty() {
        for (at, msg) in check.problems {
            findings.error(file, &at.replace(".damage", ".dmg_hit"), msg);
        }
        return None;
    }
    Some(ImportedFighter {
        profile,
        warband: warband.to_string(),
        subfaction: subfaction.to_string(),
        base_from,
    })
}

/// A subfaction is a runemark of its own on the cards ("friendly fighters with the Jaws of
/// Itzl runemark"): kept with the others, lower-case.
fn with_subfaction(mut runemarks: Vec<String>, subfaction: &str) -> Vec<String> {
    if !subfaction.is_empty() {
        runemarks.push(subfaction.to_lowercase());
    }
    runemarks
}

/// Warns of a grand alliance or runemarks no rule knows (they are kept).
fn warn_unknown(
    file: &str,
    path: &str,
    alliance: &str,
    runemarks: &[String],
    findings: &mut Findings,
) {
    if !ALLIANCES.contains(&alliance) {
        let msg = format!("unknown grand alliance `{alliance}` (kept)");
        findings.warn(file, &format!("{path}.grand_alliance"), msg);
    }
    for (i, mark) in runemarks.iter().enumerate() {
        if !KNOWN_RUNEMARKS.contains(&mark.as_str()) {
            let msg = format!("unknown runemark `{mark}` (kept, but no rule knows it)");
            findings.warn(file, &format!("{path}.runemarks[{i}]"), msg);
        }
    }
}

/// Reports a record's problems as errors: it is left out.
fn report(r: Record, file: &str, findings: &mut Findings) -> Option<ImportedFighter> {
    for (at, msg) in r.problems {
        findings.error(file, &at, msg);
    }
    None
}

/// One weapon profile; its problems go to `problems`.
fn weapon(v: &Value, at: &str, problems: &mut Vec<(ValuePath, String)>) -> Option<Weapon> {
    let mut w = match Record::of(v, at.into()) {
        Ok(w) => w,
        Err(p) => {
            problems.push(p);
            return None;
        }
    };
    let runemark = w.text("runemark").map(str::to_lowercase);
    let attacks = w.int("attacks", 1..=20, "Attacks");
    let strength = w.int("strength", 1..=20, "Strength");
    let hit = w.int("dmg_hit", 1..=50, "damage");
    let crit = w.int("dmg_crit", 1..=50, "critical damage");
    let min = w.int("min_range", 0..=36, "minimum range");
    let max = w.int("max_range", 1..=36, "range");
    problems.append(&mut w.problems);
    let (runemark, attacks, strength, hit, crit, min, max) =
        (runemark?, attacks?, strength?, hit?, crit?, min?, max?);
    Some(Weapon {
        name: weapon_name(&runemark),
        runemark: Some(runemark),
        min_range: min as f32,
        max_range: max as f32,
        attacks,
        strength,
        damage: (hit, crit),
    })
}

/// A weapon's name from its runemark, for people: `reach weapon` -> `Reach weapon`.
fn weapon_name(runemark: &str) -> String {
    let mut c = runemark.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => "Weapon".into(),
    }
}
