//! Reading the community's JSON records field by field. A field that is missing, of the wrong
//! type or out of range is a problem at its JSON path (`$[3].weapons[1].strength`), every one
//! of them; a file that is not JSON is one problem at its line and column.

use std::fmt;
use std::ops::RangeInclusive;

use serde_json::{Map, Value};

use crate::model::validate::ValuePath;

/// One problem in a file: where (`12:5`, or a JSON path such as `$[3].movement`) and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonProblem {
    pub file: String,
    pub at: String,
    pub message: String,
}

impl fmt::Display for JsonProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.at, self.message)
    }
}

/// What reading the files found: errors (the record was left out) and warnings (the record
/// was converted, with a caveat).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Findings {
    pub errors: Vec<JsonProblem>,
    pub warnings: Vec<JsonProblem>,
}

impl Findings {
    pub(super) fn error(&mut self, file: &str, at: &str, message: impl Into<String>) {
        self.errors.push(problem(file, at, message));
    }

    pub(super) fn warn(&mut self, file: &str, at: &str, message: impl Into<String>) {
        self.warnings.push(problem(file, at, message));
    }
}

fn problem(file: &str, at: &str, message: impl Into<String>) -> JsonProblem {
    JsonProblem {
        file: file.to_string(),
        at: at.to_string(),
        message: message.into(),
    }
}

/// A file's JSON; `None` (and the problem, at its line and column) when it is not JSON.
pub(super) fn parse(text: &str, file: &str, findings: &mut Findings) -> Option<Value> {
    match serde_json::from_str(text) {
        Ok(v) => Some(v),
        Err(e) => {
            let at = format!("{}:{}", e.line(), e.column());
            let msg = format!("not valid JSON: {}", without_position(&e));
            findings.error(file, &at, msg);
            None
        }
    }
}

/// The records of a community file, parsed: the top-level array, or the `key` array of a
/// warband file (`{"fighters": [...], "abilities": [...]}`), with the JSON path of that array
/// (`$` or `$.fighters`). `None` (and the problem in `findings`) when it holds no such array.
pub(super) fn records_in(
    value: Value,
    file: &str,
    key: &str,
    findings: &mut Findings,
) -> Option<(Vec<Value>, String)> {
    match value {
        Value::Array(items) => Some((items, "$".to_string())),
        Value::Object(mut m) => match m.remove(key) {
            Some(Value::Array(items)) => Some((items, format!("$.{key}"))),
            _ => {
                findings.error(
                    file,
                    "$",
                    format!("expected a list of records, or an object with a `{key}` list"),
                );
                None
            }
        },
        other => {
            findings.error(
                file,
                "$",
                format!("expected a list of records, found {}", kind(&other)),
            );
            None
        }
    }
}

/// serde_json's message without the " at line 3 column 5" it appends (the position is given
/// in front, as everywhere else).
pub(super) fn without_position(e: &serde_json::Error) -> String {
    let s = e.to_string();
    match s.rfind(" at line ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// What a JSON value is, for people.
pub(super) fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "true or false",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// One record being read: its fields, its JSON path and the problems found so far.
pub(super) struct Record<'a> {
    obj: &'a Map<String, Value>,
    pub path: ValuePath,
    pub problems: Vec<(ValuePath, String)>,
}

impl<'a> Record<'a> {
    /// The record at `path`; `Err` with the problem when it is not an object.
    pub fn of(v: &'a Value, path: ValuePath) -> Result<Self, (ValuePath, String)> {
        match v {
            Value::Object(obj) => Ok(Record {
                obj,
                path,
                problems: Vec::new(),
            }),
            other => Err((path, format!("expected an object, found {}", kind(other)))),
        }
    }

    /// [`Record::of`], its problem (not an object) reported as an error of `file`.
    pub fn open(
        v: &'a Value,
        path: ValuePath,
        file: &str,
        findings: &mut Findings,
    ) -> Option<Self> {
        Record::of(v, path)
            .map_err(|(at, msg)| findings.error(file, &at, msg))
            .ok()
    }

    fn at(&self, key: &str) -> ValuePath {
        self.path.field(key)
    }

    fn wrong(&mut self, key: &str, message: String) {
        self.problems.push((self.at(key), message));
    }

    /// A text field that must be there and not be empty.
    pub fn text(&mut self, key: &str) -> Option<&'a str> {
        match self.obj.get(key) {
            Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim()),
            Some(Value::String(_)) => {
                self.wrong(key, "must not be empty".into());
                None
            }
            Some(other) => {
                self.wrong(key, format!("expected text, found {}", kind(other)));
                None
            }
            None => {
                self.wrong(key, "missing".into());
                None
            }
        }
    }

    /// A text field that may be missing or empty (then "").
    pub fn text_or_empty(&mut self, key: &str) -> &'a str {
        match self.obj.get(key) {
            Some(Value::String(s)) => s.trim(),
            None | Some(Value::Null) => "",
            Some(other) => {
                self.wrong(key, format!("expected text, found {}", kind(other)));
                ""
            }
        }
    }

    /// A whole number field within `range` (`what` names it for people).
    pub fn int(&mut self, key: &str, range: RangeInclusive<i64>, what: &str) -> Option<u32> {
        let v = self.obj.get(key);
        let n = match v {
            Some(Value::Number(n)) => n.as_i64(),
            None => {
                self.wrong(key, "missing".into());
                return None;
            }
            Some(other) => {
                self.wrong(
                    key,
                    format!("expected a whole number, found {}", kind(other)),
                );
                return None;
            }
        };
        match n {
            Some(n) if range.contains(&n) => u32::try_from(n).ok(),
            Some(n) => {
                self.wrong(
                    key,
                    format!("{what} {n} is outside {}..={}", range.start(), range.end()),
                );
                None
            }
            None => {
                let shown = v.map(|v| v.to_string()).unwrap_or_default();
                self.wrong(key, format!("expected a whole number, found {shown}"));
                None
            }
        }
    }

    /// A list of texts, lower-cased and trimmed (missing: none).
    pub fn texts(&mut self, key: &str) -> Vec<String> {
        match self.obj.get(key) {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(items)) => {
                let mut out = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    match item {
                        Value::String(s) if !s.trim().is_empty() => {
                            out.push(s.trim().to_lowercase())
                        }
                        other => self.problems.push((
                            self.at(key).index(i),
                            format!("expected a runemark's name, found {}", kind(other)),
                        )),
                    }
                }
                out
            }
            Some(other) => {
                self.wrong(key, format!("expected a list, found {}", kind(other)));
                Vec::new()
            }
        }
    }

    /// A list field that must be there, with the path of each item.
    pub fn list(&mut self, key: &str) -> Option<Vec<(String, &'a Value)>> {
        match self.obj.get(key) {
            Some(Value::Array(items)) => Some(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| (self.at(key).index(i).to_string(), v))
                    .collect(),
            ),
            Some(other) => {
                self.wrong(key, format!("expected a list, found {}", kind(other)));
                None
            }
            None => {
                self.wrong(key, "missing".into());
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_that_is_not_json_is_one_problem_at_its_line_and_column() {
        let mut f = Findings::default();
        assert!(parse("[{\"a\": 1},\n {\"b\": ", "x.json", &mut f).is_none());
        assert_eq!(f.errors.len(), 1);
        let p = &f.errors[0];
        assert_eq!(p.at, "2:7");
        assert!(
            p.to_string().starts_with("x.json:2:7: not valid JSON: EOF"),
            "{p}"
        );
        assert!(!p.message.contains(" at line "), "{p}");
    }

    #[test]
    fn every_wrong_field_of_a_record_is_named_by_its_json_path() {
        let v: Value = serde_json::from_str(
            r#"{"name": 5, "movement": -2, "wounds": 4.5, "runemarks": ["hero", 3]}"#,
        )
        .unwrap();
        let mut r = Record::of(&v, "$[7]".into()).unwrap();
        assert_eq!(r.text("name"), None);
        assert_eq!(r.int("movement", 1..=20, "Move"), None);
        assert_eq!(r.int("wounds", 1..=200, "Wounds"), None);
        assert_eq!(r.int("toughness", 1..=20, "Toughness"), None);
        assert_eq!(r.texts("runemarks"), vec!["hero".to_string()]);
        let at: Vec<&str> = r.problems.iter().map(|p| p.0.as_str()).collect();
        assert_eq!(
            at,
            [
                "$[7].name",
                "$[7].movement",
                "$[7].wounds",
                "$[7].toughness",
                "$[7].runemarks[1]"
            ]
        );
        assert_eq!(r.problems[1].1, "Move -2 is outside 1..=20");
        assert_eq!(r.problems[2].1, "expected a whole number, found 4.5");
        assert_eq!(r.problems[3].1, "missing");
    }
}
