//! Base sizes of imported fighters: the community tabletop-simulator base-size file when given
//! (fighter names to sizes in millimetres: "32", "32mm", "35x60", "60 x 35mm"), else the first
//! rule by runemark of an editable RON table (`scenes/import/base_sizes.ron`).

use std::collections::HashMap;

use serde::Deserialize;
use serde_json::Value;

use super::reader::{Findings, kind};
use crate::model::formats::BaseSize;
use crate::model::validate::Validator;

/// The table shipped with the project (our own defaults, not anybody's data).
pub const DEFAULT_BASE_RULES_RON: &str = include_str!("../../../scenes/import/base_sizes.ron");

/// Base sizes by runemark, for fighters the base-size file does not name.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct BaseRules {
    pub by_runemark: Vec<(String, BaseSize)>,
    pub default: BaseSize,
}

impl BaseRules {
    /// The shipped table.
    pub fn shipped() -> Self {
        ron::from_str(DEFAULT_BASE_RULES_RON).expect("the shipped base-size table parses")
    }

    /// Every size a base (20..=170 mm), every runemark named.
    pub fn validate(&self, v: &mut Validator) {
        let sizes = self.by_runemark.iter().enumerate().map(|(i, (mark, b))| {
            if mark.trim().is_empty() {
                v.error(
                    format!("by_runemark[{i}].0"),
                    "a runemark must not be empty",
                );
            }
            (format!("by_runemark[{i}].1"), *b)
        });
        let sizes: Vec<(String, BaseSize)> = sizes.collect();
        for (at, b) in sizes
            .into_iter()
            .chain([("default".to_string(), self.default)])
        {
            let (l, w) = match b {
                BaseSize::Round(d) => (d, d),
                BaseSize::Oval(l, w) => (l, w),
            };
            v.in_range(&at, l, 20.0, 170.0, "base size (mm)");
            v.in_range(&at, w, 20.0, 170.0, "base size (mm)");
        }
    }

    fn for_runemarks(&self, runemarks: &[String]) -> BaseSize {
        self.by_runemark
            .iter()
            .find(|(mark, _)| runemarks.iter().any(|r| r.eq_ignore_ascii_case(mark)))
            .map_or(self.default, |(_, b)| *b)
    }
}

/// Where a fighter's base size came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BaseFrom {
    /// The base-size file, by the fighter's name.
    File,
    /// The rules by runemark.
    Rules,
}

/// The base sizes: by fighter name from the base-size file, else by the rules.
#[derive(Debug, Clone)]
pub struct Bases {
    by_name: HashMap<String, BaseSize>,
    /// The same, by the name's letters and digits alone ([`loose`]).
    by_loose_name: HashMap<String, BaseSize>,
    rules: BaseRules,
}

impl Bases {
    pub fn new(rules: BaseRules) -> Self {
        Bases {
            by_name: HashMap::new(),
            by_loose_name: HashMap::new(),
            rules,
        }
    }

    /// How many fighters the file names.
    pub fn named(&self) -> usize {
        self.by_name.len()
    }

    /// Reads a base-size file: an object from names to sizes (or to objects with a `base`,
    /// `baseSize`, `base_size` or `size`), or a list of objects with a `name` and one of
    /// those (or `base_size_x` and `base_size_y`), or an object of such lists (the tabletop
    /// simulator's file: one list per grand alliance, where a record with a name alone heads
    /// each faction's fighters). Entries it can't read are warnings; the rest are used.
    pub fn read_file(&mut self, text: &str, file: &str, findings: &mut Findings) {
        let value: Value = match serde_json::from_str(text) {
            Ok(v) => v,
            Err(e) => {
                let at = format!("{}:{}", e.line(), e.column());
                let msg = format!("not valid JSON: {}", super::reader::without_position(&e));
                findings.error(file, &at, msg);
                return;
            }
        };
        let entries: Vec<(String, Option<&str>, &Value)> = match &value {
            Value::Object(m) if m.values().all(Value::is_array) => m
                .iter()
                .flat_map(|(k, v)| {
                    let items = v.as_array().map_or(&[][..], Vec::as_slice);
                    items
                        .iter()
                        .enumerate()
                        .filter(|(_, item)| !is_faction_header(item))
                        .map(move |(i, item)| (format!("$.{k}[{i}]"), None, item))
                })
                .collect(),
            Value::Object(m) => m
                .iter()
                .map(|(k, v)| (format!("$.{k}"), Some(k.as_str()), v))
                .collect(),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(i, v)| (format!("$[{i}]"), None, v))
                .collect(),
            other => {
                let msg = format!("expected names with base sizes, found {}", kind(other));
                findings.error(file, "$", msg);
                return;
            }
        };
        for (at, key, v) in entries {
            match entry(key, v) {
                Some((name, size)) => match parse_size(&size) {
                    Some(b) => {
                        self.by_name.insert(normalise(name), b);
                        self.by_loose_name.insert(loose(name), b);
                    }
                    None => findings.warn(
                        file,
                        &at,
                        format!("`{size}` is not a base size (like 32, 32mm or 60x35)"),
                    ),
                },
                None => findings.warn(file, &at, "expected a name and a base size"),
            }
        }
    }

    /// The base of fighter `name` with `runemarks`, and where it came from.
    pub fn base_for(&self, name: &str, runemarks: &[String]) -> (BaseSize, BaseFrom) {
        let named = self.by_name.get(&normalise(name));
        match named.or_else(|| self.by_loose_name.get(&loose(name))) {
            Some(b) => (*b, BaseFrom::File),
            None => (self.rules.for_runemarks(runemarks), BaseFrom::Rules),
        }
    }
}

/// A record with a name and nothing else: the heading of a faction's fighters.
fn is_faction_header(item: &Value) -> bool {
    item.as_object()
        .is_some_and(|m| m.len() == 1 && m.get("name").is_some_and(Value::is_string))
}

/// The name and the size text of one entry of a base-size file.
fn entry<'a>(key: Option<&'a str>, v: &'a Value) -> Option<(&'a str, String)> {
    let size_of = |v: &'a Value| -> Option<String> {
        match v {
            Value::String(s) => Some(s.clone()),
            Value::Object(m) => {
                let one = ["base", "baseSize", "base_size", "size"]
                    .iter()
                    .find_map(|k| m.get(*k).and_then(Value::as_str));
                let text = |k: &str| {
                    m.get(k).and_then(|v| match v {
                        Value::String(s) => Some(s.clone()),
                        Value::Number(n) => Some(n.to_string()),
                        _ => None,
                    })
                };
                one.map(str::to_string)
                    .or_else(|| Some(format!("{}x{}", text("base_size_x")?, text("base_size_y")?)))
            }
            _ => None,
        }
    };
    match key {
        Some(name) => Some((name, size_of(v)?)),
        None => {
            let name = v.get("name").and_then(Value::as_str)?;
            Some((name, size_of(v)?))
        }
    }
}

/// `"32"`, `"32mm"`, `"32 mm"`: round; `"35x60"`, `"60 x 35mm"`: oval, the longer side its
/// length. Sizes outside 20..=170 mm are not bases.
pub fn parse_size(s: &str) -> Option<BaseSize> {
    let s = s.trim().to_lowercase();
    let s = s.strip_suffix("mm").unwrap_or(&s).trim();
    let nums: Vec<f32> = s
        .split(['x', '×'])
        .map(|p| p.trim().parse::<f32>().ok())
        .collect::<Option<_>>()?;
    // The sizes a fighter profile accepts (20-170 mm).
    let ok = |n: f32| (20.0..=170.0).contains(&n);
    match nums[..] {
        [d] if ok(d) => Some(BaseSize::Round(d)),
        [a, b] if ok(a) && ok(b) && a == b => Some(BaseSize::Round(a)),
        [a, b] if ok(a) && ok(b) => Some(BaseSize::Oval(a.max(b), a.min(b))),
        _ => None,
    }
}

/// A name by its letters and digits alone, accents folded and a "[retired]" note dropped:
/// "Vindictor-Prime" and "Vindictor Prime", "Krowch't" and "Krowcht" are one name.
fn loose(name: &str) -> String {
    let name = name.to_lowercase().replace("[retired]", "");
    name.chars()
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ä' | 'ã' => 'a',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'ó' | 'ò' | 'ô' | 'ö' | 'õ' => 'o',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'ñ' => 'n',
            c => c,
        })
        .filter(char::is_ascii_alphanumeric)
        .collect()
}

/// Names compared as people read them: case, spacing and curly apostrophes aside.
fn normalise(name: &str) -> String {
    name.replace(['’', '‘'], "'")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_as_the_community_writes_them() {
        assert_eq!(parse_size("32"), Some(BaseSize::Round(32.0)));
        assert_eq!(parse_size("32mm"), Some(BaseSize::Round(32.0)));
        assert_eq!(parse_size(" 40 mm "), Some(BaseSize::Round(40.0)));
        assert_eq!(parse_size("35x60"), Some(BaseSize::Oval(60.0, 35.0)));
        assert_eq!(parse_size("60 x 35mm"), Some(BaseSize::Oval(60.0, 35.0)));
        assert_eq!(parse_size("big"), None);
        assert_eq!(parse_size("5"), None);
        assert_eq!(parse_size("32x"), None);
    }

    #[test]
    fn a_fighter_named_in_the_file_gets_its_base_the_others_the_rules() {
        let mut bases = Bases::new(BaseRules::shipped());
        let mut f = Findings::default();
        let file = r#"{"Cabalist": "28", "Shrike Talon": {"baseSize": "40mm"}, "Bad": "huge"}"#;
        bases.read_file(file, "bases.json", &mut f);
        assert_eq!(f.warnings.len(), 1);
        assert_eq!(f.warnings[0].at, "$.Bad");
        assert_eq!(
            bases.base_for("cabalist", &[]),
            (BaseSize::Round(28.0), BaseFrom::File)
        );
        assert_eq!(
            bases.base_for("Shrike  Talon", &[]).0,
            BaseSize::Round(40.0)
        );
        let beast = bases.base_for("Nobody", &["beast".to_string()]);
        assert_eq!(beast, (BaseSize::Oval(60.0, 35.0), BaseFrom::Rules));
        assert_eq!(
            bases.base_for("Nobody", &[]).0,
            BaseRules::shipped().default
        );
    }

    /// The tabletop simulator's file: one list per grand alliance, a faction's name heading
    /// its fighters, sizes as `base_size_x` and `base_size_y` (names of our own).
    #[test]
    fn the_tabletop_simulators_lists_by_grand_alliance_read_without_warnings() {
        let mut bases = Bases::new(BaseRules::shipped());
        let mut f = Findings::default();
        let file = r#"{"ORDER": [{"name": "Lantern Wardens"},
            {"name": "Glass Hound", "base_size_x": "35", "base_size_y": "60"},
            {"name": "Warden-Prime", "base_size_x": "32", "base_size_y": "32"}],
            "CHAOS": [{"name": "Ash Cult"}, {"name": "Cinder Priest", "base_size_x": 40,
            "base_size_y": 40}, {"name": "Broken", "base_size_x": "big"}]}"#;
        bases.read_file(file, "baseSizes.json", &mut f);
        assert_eq!(f.warnings.len(), 1, "{:?}", f.warnings);
        assert_eq!(f.warnings[0].at, "$.CHAOS[2]");
        assert_eq!(bases.named(), 3);
        let glass = bases.base_for("Glass Hound", &[]);
        assert_eq!(glass, (BaseSize::Oval(60.0, 35.0), BaseFrom::File));
        assert_eq!(
            bases.base_for("Cinder Priest", &[]).0,
            BaseSize::Round(40.0)
        );
        // The community's spelling of a name may differ in its hyphens and accents.
        let prime = bases.base_for("Warden Prime [retired]", &[]);
        assert_eq!(prime, (BaseSize::Round(32.0), BaseFrom::File));
        assert_eq!(bases.base_for("Lantern Wardens", &[]).1, BaseFrom::Rules);
    }

    #[test]
    fn a_list_of_named_entries_reads_too() {
        let mut bases = Bases::new(BaseRules::shipped());
        let mut f = Findings::default();
        bases.read_file(
            r#"[{"name": "Ogor", "base": "50"}, {"size": "25"}]"#,
            "b.json",
            &mut f,
        );
        assert_eq!(bases.base_for("Ogor", &[]).0, BaseSize::Round(50.0));
        assert_eq!(f.warnings.len(), 1);
        assert_eq!(f.warnings[0].at, "$[1]");
    }
}
