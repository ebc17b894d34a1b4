//! A warband may name the community fighter data (`fighters.json`) as a profile file: it is
//! imported as it is read, with the community's other files beside it (`abilities.json`,
//! `universal_abilities.json`, `base_sizes.json`, and the user's `ability_effects.ron`) when
//! they are there. Records the warband does not take are not its problem: only the errors of a
//! whole file and of the records whose ids it names are reported.

use super::source::relative_to;
use super::{Loaded, Problems, SceneSource};
use crate::model::formats::{FighterProfile, Warband};
use crate::scenario::community::{
    AbilityOverrides, BESIDE, BaseRules, JsonProblem, Source, Sources, import_with,
};

/// Is `file` community JSON rather than a RON profile file?
pub(super) fn is_json(file: &str) -> bool {
    file.to_ascii_lowercase().ends_with(".json")
}

/// The profiles of the community file `pf`, named at `profiles[i]` of the warband `l`;
/// `None` when the file can't be read or parsed (reported).
pub(super) fn load_json_profiles(
    src: &dyn SceneSource,
    l: &Loaded<Warband>,
    i: usize,
    pf: &str,
    problems: &mut Problems,
) -> Option<Vec<FighterProfile>> {
    let at = format!("profiles[{i}]");
    let text = match src.read(pf) {
        Ok(t) => t,
        Err(e) => {
            l.add_at(
                &at,
                format!("community fighter file `{pf}` cannot be read: {e}"),
                problems,
            );
            return None;
        }
    };
    let beside: Vec<(String, Option<String>)> = BESIDE
        .iter()
        .map(|name| {
            let path = relative_to(pf, name);
            let text = src.read(&path).ok();
            (path, text)
        })
        .collect();
    let source = |k: usize| {
        let (file, text) = &beside[k];
        text.as_deref().map(|text| Source { file, text })
    };
    let overrides = match &beside[3] {
        (file, Some(text)) => match crate::scenario::parse_ron(std::path::Path::new(file), text) {
            Ok(o) => {
                let o: AbilityOverrides = o;
                for p in o.problems() {
                    l.add_at(&at, format!("{file}: {p}"), problems);
                }
                o
            }
            Err(e) => {
                l.add_at(&at, e, problems);
                AbilityOverrides::default()
            }
        },
        _ => AbilityOverrides::default(),
    };
    let imported = import_with(
        &Sources {
            fighters: Source {
                file: pf,
                text: &text,
            },
            abilities: source(0),
            universal: source(1),
            bases: source(2),
        },
        BaseRules::shipped(),
        &overrides,
    );
    let named = named_records(&text, &l.value);
    let mut unreadable = false;
    for e in &imported.findings.errors {
        // A problem with a whole file (its position, or `$`) rather than one record of it.
        let whole_file = e.at == "$" || !e.at.starts_with('$');
        let named_record = e.file == pf && named.iter().any(|p| in_record(e, p));
        if whole_file || named_record {
            unreadable |= whole_file && e.file == pf;
            l.add_at(&at, e.to_string(), problems);
        }
    }
    (!unreadable).then(|| imported.fighters.into_iter().map(|x| x.profile).collect())
}

/// The JSON paths of the fighter records of the community file whose ids the warband names
/// (`$[3]`, or `$.fighters[3]` in a warband file).
fn named_records(text: &str, w: &Warband) -> Vec<String> {
    let (items, at) = match serde_json::from_str(text) {
        Ok(serde_json::Value::Array(items)) => (items, "$"),
        Ok(serde_json::Value::Object(mut m)) => match m.remove("fighters") {
            Some(serde_json::Value::Array(items)) => (items, "$.fighters"),
            _ => return Vec::new(),
        },
        _ => return Vec::new(),
    };
    items
        .iter()
        .enumerate()
        .filter(|(_, v)| {
            v.get("_id")
                .and_then(|id| id.as_str())
                .is_some_and(|id| w.fighters.iter().any(|f| f.profile == id.trim()))
        })
        .map(|(k, _)| format!("{at}[{k}]"))
        .collect()
}

fn in_record(e: &JsonProblem, path: &str) -> bool {
    e.at == path || e.at.starts_with(&format!("{path}."))
}
