//! Semantic checks on typed scene data. Each problem names the path of the value it is about
//! (`pieces[2].size`); the loader turns that path into `line:col` in the file.

/// Collects problems by value path.
#[derive(Debug, Default)]
pub struct Validator {
    pub problems: Vec<(String, String)>,
}

impl Validator {
    pub fn error(&mut self, path: impl Into<String>, message: impl Into<String>) {
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
