//! Semantic checks on typed scene data. Each problem names the path of the value it is about
//! (`pieces[2].size`); the loader turns that path into `line:col` in the file.

use std::fmt;

/// Where a value is in a file, by its field path: `pieces[2].size` in a scene file,
/// `$[3].weapons[1].strength` in community JSON. The one type every reader and check uses to
/// say where a problem is; a reader turns it into `line:col` where it knows the positions.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ValuePath(String);

impl ValuePath {
    /// The path of field `name` inside this value.
    pub fn field(&self, name: &str) -> ValuePath {
        match self.0.is_empty() {
            true => ValuePath(name.to_string()),
            false => ValuePath(format!("{}.{name}", self.0)),
        }
    }

    /// The path of item `i` of this list.
    pub fn index(&self, i: usize) -> ValuePath {
        ValuePath(format!("{}[{i}]", self.0))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for ValuePath {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ValuePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for ValuePath {
    fn from(s: &str) -> Self {
        ValuePath(s.to_string())
    }
}

impl From<String> for ValuePath {
    fn from(s: String) -> Self {
        ValuePath(s)
    }
}

impl From<&String> for ValuePath {
    fn from(s: &String) -> Self {
        ValuePath(s.clone())
    }
}

/// Collects problems by value path.
#[derive(Debug, Default)]
pub struct Validator {
    pub problems: Vec<(ValuePath, String)>,
}

impl Validator {
    pub fn error(&mut self, path: impl Into<ValuePath>, message: impl Into<String>) {
        self.problems.push((path.into(), message.into()));
    }

    pub fn positive(&mut self, path: &str, value: f32) {
        if !(value > 0.0 && value.is_finite()) {
            self.error(path, format!("must be a positive number, found {value}"));
        }
    }

    pub fn non_negative(&mut self, path: &str, value: f32) {
        if !(value >= 0.0 && value.is_finite()) {
            self.error(path, format!("must be zero or more, found {value}"));
        }
    }

    pub fn in_range(&mut self, path: &str, value: f32, min: f32, max: f32, what: &str) {
        if !(value >= min && value <= max) {
            self.error(path, format!("{what} {value} is outside {min}..={max}"));
        }
    }

    pub fn is_empty(&self) -> bool {
        self.problems.is_empty()
    }
}
