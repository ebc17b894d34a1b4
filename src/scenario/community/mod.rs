//! The community fighter data (`warcry_data` JSON: fighters, abilities, universal abilities,
//! and the tabletop-simulator base sizes), read at run time: the project ships none of it.
//! Every record that converts is kept with its community id; every one that doesn't is an
//! error at its JSON path, and the rest still convert.
//!
//! The parts: `reader` (fields and their JSON paths), `fighters`, `abilities` (and which
//! fighters may use each, ABL-2), `bases`.

mod abilities;
mod bases;
mod fighters;
mod files;
mod reader;

use std::collections::HashMap;

pub use crate::rules::effects::effects_of;
pub use abilities::{ImportedAbility, built_in};
pub use bases::{BaseFrom, BaseRules, Bases, DEFAULT_BASE_RULES_RON, parse_size};
pub use fighters::{ImportedFighter, KNOWN_RUNEMARKS};
pub use files::{BESIDE, ImportPaths, import_paths};
pub use reader::{Findings, JsonProblem};

use crate::model::abilities::AbilityEffect;
use crate::model::formats::FighterProfiles;

/// One file's name (as reported) and text.
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    pub file: &'a str,
    pub text: &'a str,
}

/// The files of one import: the fighters, and optionally the faction abilities, the
/// universal abilities and the base sizes.
#[derive(Debug, Clone, Copy)]
pub struct Sources<'a> {
    pub fighters: Source<'a>,
    pub abilities: Option<Source<'a>>,
    pub universal: Option<Source<'a>>,
    pub bases: Option<Source<'a>>,
}

/// What the user says an ability does, by its community id, over what the importer read
/// from its wording (`ability_effects.ron`: `AbilityOverrides({"f73c77a3": Effects([...])})`).
#[derive(Debug, Clone, Default, PartialEq, serde::Deserialize)]
pub struct AbilityOverrides(pub std::collections::BTreeMap<String, AbilityEffect>);

impl AbilityOverrides {
    /// The effects whose numbers no card prints, as `id: problem`.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        for (id, e) in &self.0 {
            if let AbilityEffect::Effects(effects) = e {
                let mut v = crate::model::validate::Validator::default();
                for e in effects {
                    e.validate(id, &mut v);
                }
                out.extend(v.problems.into_iter().map(|(at, m)| format!("{at}: {m}")));
            }
        }
        out
    }

    /// Puts the user's effects on the abilities they name.
    pub fn apply(&self, abilities: &mut [ImportedAbility]) {
        for a in abilities {
            if let Some(e) = a.def.id.as_ref().and_then(|id| self.0.get(id)) {
                a.def.effect = e.clone();
                a.unrecognised = (*e == AbilityEffect::NotAutomated)
                    .then(|| "(not automated by the overrides file)".to_string());
            }
        }
    }
}

/// What an import read and converted.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counts {
    pub fighters_read: usize,
    pub fighters: usize,
    pub abilities_read: usize,
    pub abilities: usize,
    /// Fighters whose base the base-size file gave (the others: the rules by runemark).
    pub bases_from_file: usize,
    /// Abilities the engine runs (built in, or effects as data: ABL-5).
    pub abilities_automated: usize,
}

impl Counts {
    /// The share of the abilities that are automated, in percent.
    pub fn automated_percent(&self) -> f64 {
        100.0 * self.abilities_automated as f64 / self.abilities.max(1) as f64
    }
}

/// The result of an import: the fighters (each with the abilities it may use), every
/// converted ability, the problems and the counts.
#[derive(Debug, Clone)]
pub struct Imported {
    pub fighters: Vec<ImportedFighter>,
    pub abilities: Vec<ImportedAbility>,
    pub findings: Findings,
    pub counts: Counts,
}

/// Converts the community files; `rules` gives the bases the base-size file doesn't.
pub fn import(sources: &Sources, rules: BaseRules) -> Imported {
    import_with(sources, rules, &AbilityOverrides::default())
}

/// [`import`] with the user's ability effects over those read from the wording.
pub fn import_with(sources: &Sources, rules: BaseRules, overrides: &AbilityOverrides) -> Imported {
    let mut findings = Findings::default();
    let mut bases = Bases::new(rules);
    if let Some(b) = sources.bases {
        bases.read_file(b.text, b.file, &mut findings);
    }
    let mut counts = Counts::default();
    let mut fighters = Vec::new();
    let f = sources.fighters;
    let mut parsed = reader::parse(f.text, f.file, &mut findings);
    // A warband file holds its abilities beside its fighters: read once, taken out here.
    let within = match (&mut parsed, sources.abilities) {
        (Some(serde_json::Value::Object(m)), None) => m
            .remove("abilities")
            .filter(serde_json::Value::is_array)
            .map(|a| {
                serde_json::Value::Object([("abilities".to_string(), a)].into_iter().collect())
            }),
        _ => None,
    };
    for (path, v) in each_record(
        parsed,
        f.file,
        "fighters",
        &mut findings,
        &mut counts.fighters_read,
    ) {
        if let Some(x) = fighters::convert(&v, path.clone(), f.file, &bases, &mut findings) {
            fighters.push((path, x));
        }
    }
    let fighters = first_of_each_id(fighters, f.file, &mut findings, fighter_id);
    let mut abilities = Vec::new();
    let files = [
        within.map(|v| (Some(v), f.file)),
        sources
            .abilities
            .map(|a| (reader::parse(a.text, a.file, &mut findings), a.file)),
        sources
            .universal
            .map(|a| (reader::parse(a.text, a.file, &mut findings), a.file)),
    ];
    for (value, file) in files.into_iter().flatten() {
        let mut read = 0;
        let mut these = Vec::new();
        for (path, v) in each_record(value, file, "abilities", &mut findings, &mut read) {
            if let Some(x) = abilities::convert(&v, path.clone(), file, &mut findings) {
                these.push((path, x));
            }
        }
        counts.abilities_read += read;
        abilities.extend(first_of_each_id(these, file, &mut findings, ability_id));
    }
    overrides.apply(&mut abilities);
    let fighters: Vec<ImportedFighter> = fighters
        .into_iter()
        .map(|mut x| {
            x.profile.abilities = abilities
                .iter()
                .filter(|a| !built_in(a) && a.belongs_to(&x))
                .map(|a| a.def.clone())
                .collect();
            x
        })
        .collect();
    counts.fighters = fighters.len();
    counts.abilities = abilities.len();
    counts.abilities_automated = abilities.iter().filter(|a| a.automated()).count();
    counts.bases_from_file = fighters
        .iter()
        .filter(|x| x.base_from == BaseFrom::File)
        .count();
    Imported {
        fighters,
        abilities,
        findings,
        counts,
    }
}

fn fighter_id(x: &ImportedFighter) -> &str {
    &x.profile.id
}

fn ability_id(a: &ImportedAbility) -> &str {
    a.def.id.as_deref().unwrap_or_default()
}

/// The records of one parsed file with their JSON paths; `read` counts them.
fn each_record(
    value: Option<serde_json::Value>,
    file: &str,
    key: &str,
    findings: &mut Findings,
    read: &mut usize,
) -> Vec<(String, serde_json::Value)> {
    let Some((items, at)) = value.and_then(|v| reader::records_in(v, file, key, findings)) else {
        return Vec::new();
    };
    *read = items.len();
    items
        .into_iter()
        .enumerate()
        .map(|(i, v)| (format!("{at}[{i}]"), v))
        .collect()
}

/// The records with ids not seen before; a later record with an id already used is an error
/// naming the first.
fn first_of_each_id<T>(
    records: Vec<(String, T)>,
    file: &str,
    findings: &mut Findings,
    id: impl Fn(&T) -> &str,
) -> Vec<T> {
    let mut first: HashMap<String, String> = HashMap::new();
    let mut out = Vec::new();
    for (path, x) in records {
        match first.get(id(&x)) {
            Some(at) => findings.error(
                file,
                &format!("{path}._id"),
                format!(
                    "id `{}` is already used by the record at {at}: left out",
                    id(&x)
                ),
            ),
            None => {
                first.insert(id(&x).to_string(), path);
                out.push(x);
            }
        }
    }
    out
}

impl Imported {
    /// The sentence shapes that kept abilities from being automated, most common first (ties
    /// by shape), with how many abilities each kept back.
    pub fn unrecognised_shapes(&self) -> Vec<(String, usize)> {
        let mut count: std::collections::BTreeMap<&str, usize> = Default::default();
        for a in self.abilities.iter().filter(|a| !a.automated()) {
            if let Some(s) = &a.unrecognised {
                *count.entry(s).or_default() += 1;
            }
        }
        let mut v: Vec<(String, usize)> =
            count.into_iter().map(|(s, n)| (s.to_string(), n)).collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        v
    }

    /// The fighters by faction (faction runemark), factions in name order, fighters in the
    /// order of the file.
    pub fn by_faction(&self) -> Vec<(String, FighterProfiles)> {
        let mut factions: Vec<String> = self.fighters.iter().map(|x| x.warband.clone()).collect();
        factions.sort();
        factions.dedup();
        factions
            .into_iter()
            .map(|w| {
                let fighters = self
                    .fighters
                    .iter()
                    .filter(|x| x.warband == w)
                    .map(|x| x.profile.clone())
                    .collect();
                (w, FighterProfiles { fighters })
            })
            .collect()
    }

    /// The fighters as one profile file's contents.
    pub fn profiles(&self) -> FighterProfiles {
        FighterProfiles {
            fighters: self.fighters.iter().map(|x| x.profile.clone()).collect(),
        }
    }
}

/// A fighter-profile file's text (RON), with a line saying where it came from.
pub fn profiles_to_ron(profiles: &FighterProfiles, from: &str) -> String {
    let config = ron::ser::PrettyConfig::default().struct_names(true);
    let body = ron::ser::to_string_pretty(profiles, config).expect("profiles serialize");
    format!("// Imported from {from} by `warcry-sim import-fighters`.\n{body}\n")
}

/// A file name for a faction's profiles: `Corvus Cabal` -> `corvus_cabal.ron`.
pub fn faction_file_name(faction: &str) -> String {
    let slug = crate::scenario::slug(faction, '_');
    format!("{}.ron", if slug.is_empty() { "faction" } else { &slug })
}
