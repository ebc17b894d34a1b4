//! The parsed document: a tree of values, each with its position in the file.

use std::fmt;

/// 1-based line and column (in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Pos {
    pub line: usize,
    pub col: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.line, self.col)
    }
}

/// One problem in a file, before the file path is attached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub pos: Pos,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// A bare identifier: an enum unit variant, `None`, or a unit struct name.
    Ident(String),
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    List(Vec<Node>),
    Map(Vec<(Node, Node)>),
    /// `(a, b)` or `Name(a, b)`; `()` is an empty tuple; `Some(x)` is a tuple named `Some`.
    Tuple(Option<String>, Vec<Node>),
    /// `(field: value, ...)` or `Name(field: value, ...)`; fields keep their own positions.
    Struct(Option<String>, Vec<(String, Pos, Node)>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub pos: Pos,
    pub kind: Kind,
}

impl Node {
    /// The name of a named struct or tuple (`TerrainCard(...)`), if any.
    pub fn type_name(&self) -> Option<&str> {
        match &self.kind {
            Kind::Struct(Some(n), _) | Kind::Tuple(Some(n), _) => Some(n),
            Kind::Ident(n) => Some(n),
            _ => None,
        }
    }

    pub(super) fn describe(&self) -> &'static str {
        match &self.kind {
            Kind::Ident(_) => "an identifier",
            Kind::Bool(_) => "a boolean",
            Kind::Int(_) => "an integer",
            Kind::Float(_) => "a number",
            Kind::Str(_) => "a string",
            Kind::List(_) => "a list",
            Kind::Map(_) => "a map",
            Kind::Tuple(..) => "a tuple",
            Kind::Struct(..) => "a struct",
        }
    }
}
