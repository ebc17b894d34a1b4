//! Runemarks an effect names (ABL-5): "friendly fighters with the Hero runemark", "with both
//! the Kruleboyz and the Minion runemarks", "with the Elite or Hero runemarks". A fighter
//! bears a mark when it is one of its runemarks, its faction runemark or its subfaction's.

use std::collections::BTreeSet;
use std::sync::{Mutex, OnceLock};

use serde::{Deserialize, Serialize};

/// One runemark, lower-case. Interned, so that the effects naming it stay `Copy`: the marks
/// are few (those the cards name), each kept once for the life of the program.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Mark(&'static str);

impl Mark {
    pub fn new(name: &str) -> Mark {
        static KNOWN: OnceLock<Mutex<BTreeSet<&'static str>>> = OnceLock::new();
        let name = name.trim().to_lowercase();
        let mut known = KNOWN
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(&kept) = known.get(name.as_str()) {
            return Mark(kept);
        }
        let kept: &'static str = Box::leak(name.into_boxed_str());
        known.insert(kept);
        Mark(kept)
    }

    pub fn name(self) -> &'static str {
        self.0
    }
}

impl std::fmt::Debug for Mark {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

/// Which fighters bear the marks: every one of `all`, and one of `any` when it names some.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(try_from = "MarksWords", into = "MarksWords")]
pub struct Marks {
    pub all: [Option<Mark>; 2],
    pub any: [Option<Mark>; 2],
}

impl Marks {
    /// Marks of all of `all` and one of `any`; `None` when either names more than two.
    pub fn of(all: &[&str], any: &[&str]) -> Option<Marks> {
        Some(Marks {
            all: two(all)?,
            any: two(any)?,
        })
    }

    /// Are no marks asked for?
    pub fn is_none(&self) -> bool {
        self.all.iter().chain(&self.any).all(Option::is_none)
    }

    /// Does a fighter that bears exactly the marks `bears` says fit?
    pub fn fit(&self, bears: impl Fn(&str) -> bool) -> bool {
        let all = self.all.iter().flatten().all(|m| bears(m.name()));
        let mut any = self.any.iter().flatten().peekable();
        all && (any.peek().is_none() || any.any(|m| bears(m.name())))
    }

    /// One mark alone as a runemark (the way the files write one), else the marks as they are.
    pub fn split_one(self) -> (Option<String>, Marks) {
        match (self.all, self.any) {
            ([Some(m), None], [None, None]) => (Some(m.name().to_string()), Marks::default()),
            _ => (None, self),
        }
    }

    /// These marks and `runemark` besides (one more of `all`, when there is room).
    pub fn and(mut self, runemark: Option<&str>) -> Marks {
        if let (Some(m), Some(slot)) = (runemark, self.all.iter_mut().find(|s| s.is_none())) {
            *slot = Some(Mark::new(m));
        }
        self
    }

    /// In words after a fighter: " with the Hero runemark", " with the Kruleboyz and Minion
    /// runemarks", " named Spider Swarm", "" when none.
    pub fn with_words(&self) -> String {
        if self.is_none() {
            return String::new();
        }
        if let ([Some(m), None], [None, None]) = (self.all, self.any)
            && let Some(name) = m.name().strip_prefix(NAMED)
        {
            return format!(" named {}", title(name));
        }
        let words = self.words();
        let plural = if words.contains(" and ") { "s" } else { "" };
        format!(" with the {words} runemark{plural}")
    }

    /// In words: "Hero and Jaws of Itzl", "Elite or Hero", "" when none.
    pub fn words(&self) -> String {
        let all: Vec<&str> = self.all.iter().flatten().map(|m| m.name()).collect();
        let any: Vec<&str> = self.any.iter().flatten().map(|m| m.name()).collect();
        match (all.is_empty(), any.is_empty()) {
            (_, true) => all.join(" and "),
            (true, false) => any.join(" or "),
            (false, false) => format!("{} and {}", all.join(" and "), any.join(" or ")),
        }
    }
}

/// A mark naming one fighter by its name ("a friendly Spider Swarm"), not a runemark: the
/// name after this.
pub const NAMED: &str = "named ";

/// "spider swarm" as its card writes it: "Spider Swarm" ("Fjul-Grimnir").
fn title(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut start = true;
    for c in name.chars() {
        if start {
            out.extend(c.to_uppercase());
        } else {
            out.push(c);
        }
        start = c == ' ' || c == '-';
    }
    out
}

fn two(names: &[&str]) -> Option<[Option<Mark>; 2]> {
    match names {
        [] => Some([None, None]),
        [a] => Some([Some(Mark::new(a)), None]),
        [a, b] => Some([Some(Mark::new(a)), Some(Mark::new(b))]),
        _ => None,
    }
}

/// How the files write marks: `Marks(all: ["hero"], any: [])`.
#[derive(Serialize, Deserialize, Default)]
#[serde(rename = "Marks")]
struct MarksWords {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    all: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    any: Vec<String>,
}

impl TryFrom<MarksWords> for Marks {
    type Error = String;

    fn try_from(w: MarksWords) -> Result<Marks, String> {
        fn names(v: &[String]) -> Vec<&str> {
            v.iter().map(String::as_str).collect()
        }
        Marks::of(&names(&w.all), &names(&w.any))
            .ok_or_else(|| "marks name at most two runemarks in `all` and two in `any`".into())
    }
}

impl From<Marks> for MarksWords {
    fn from(m: Marks) -> MarksWords {
        let names =
            |v: &[Option<Mark>; 2]| v.iter().flatten().map(|m| m.name().to_string()).collect();
        MarksWords {
            all: names(&m.all),
            any: names(&m.any),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_is_kept_once_whatever_its_case() {
        assert_eq!(Mark::new("Hero"), Mark::new(" hero"));
        assert_eq!(Mark::new("Hero").name(), "hero");
    }

    #[test]
    fn marks_fit_fighters_bearing_all_and_one_of_either() {
        let m = Marks::of(&["kruleboyz"], &["fly", "beast"]).unwrap();
        let bears = |has: &'static [&'static str]| move |s: &str| has.contains(&s);
        assert!(m.fit(bears(&["kruleboyz", "beast"])));
        assert!(!m.fit(bears(&["kruleboyz"])));
        assert!(!m.fit(bears(&["fly"])));
        assert!(Marks::default().fit(bears(&[])));
        assert_eq!(m.words(), "kruleboyz and fly or beast");
        assert!(Marks::of(&["a", "b", "c"], &[]).is_none());
    }

    #[test]
    fn marks_are_written_as_lists_of_names() {
        let m = Marks::of(&["hero", "jaws of itzl"], &[]).unwrap();
        let text = ron::to_string(&m).unwrap();
        assert_eq!(text, "(all:[\"hero\",\"jaws of itzl\"])");
        assert_eq!(ron::from_str::<Marks>(&text).unwrap(), m);
        let three = ron::from_str::<Marks>("(all: [\"a\", \"b\", \"c\"])").unwrap_err();
        assert!(
            three.to_string().contains("at most two runemarks"),
            "{three}"
        );
    }
}
