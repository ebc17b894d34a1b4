//! A RON reader that keeps the line and column of every value.
//!
//! `ron::from_str` stops at the first problem and forgets where each value came from, so a
//! validation error found later ("Move must be positive") could not say `path:line:col`. This
//! module parses RON into a tree of [`Node`]s that carry their [`Pos`], then drives serde's
//! derived `Deserialize` impls over that tree. While doing so it:
//! - records every unknown struct field as a problem and skips it (instead of stopping),
//! - records the position of every value by its field path (`pieces[2].size`), so that the
//!   semantic validation that runs on the typed data can point at the exact value.
//!
//! Syntax errors still stop the parse (nothing after them can be trusted), and a value of the
//! wrong type stops the typed conversion of that file, but the problems found before are kept.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};

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

    fn describe(&self) -> &'static str {
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

// ---------------------------------------------------------------------------------------------
// Parser
// ---------------------------------------------------------------------------------------------

struct Parser<'a> {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
    _src: &'a str,
}

type PResult<T> = Result<T, Problem>;

/// Parses a whole RON document into a [`Node`] tree. Accepts (and ignores) `#![enable(...)]`
/// attributes at the top.
pub fn parse(src: &str) -> PResult<Node> {
    let mut p = Parser {
        chars: src.chars().collect(),
        i: 0,
        line: 1,
        col: 1,
        _src: src,
    };
    p.skip_ws()?;
    while p.peek() == Some('#') {
        p.skip_attribute()?;
        p.skip_ws()?;
    }
    let node = p.value()?;
    p.skip_ws()?;
    if let Some(c) = p.peek() {
        return Err(p.err(format!("unexpected `{c}` after the end of the document")));
    }
    Ok(node)
}

impl Parser<'_> {
    fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            col: self.col,
        }
    }

    fn err(&self, message: impl Into<String>) -> Problem {
        Problem {
            pos: self.pos(),
            message: message.into(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.get(self.i).copied()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn skip_ws(&mut self) -> PResult<()> {
        loop {
            match self.peek() {
                Some(c) if c.is_whitespace() => {
                    self.bump();
                }
                Some('/') if self.peek_at(1) == Some('/') => {
                    while let Some(c) = self.peek() {
                        if c == '\n' {
                            break;
                        }
                        self.bump();
                    }
                }
                Some('/') if self.peek_at(1) == Some('*') => {
                    let start = self.pos();
                    self.bump();
                    self.bump();
                    let mut depth = 1;
                    while depth > 0 {
                        match self.bump() {
                            None => {
                                return Err(Problem {
                                    pos: start,
                                    message: "unterminated block comment".into(),
                                });
                            }
                            Some('*') if self.peek() == Some('/') => {
                                self.bump();
                                depth -= 1;
                            }
                            Some('/') if self.peek() == Some('*') => {
                                self.bump();
                                depth += 1;
                            }
                            _ => {}
                        }
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    fn skip_attribute(&mut self) -> PResult<()> {
        // #![enable(...)]
        let start = self.pos();
        let mut depth = 0i32;
        while let Some(c) = self.bump() {
            match c {
                '[' => depth += 1,
                ']' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                _ => {}
            }
        }
        Err(Problem {
            pos: start,
            message: "unterminated attribute".into(),
        })
    }

    fn expect(&mut self, c: char, what: &str) -> PResult<()> {
        self.skip_ws()?;
        match self.peek() {
            Some(x) if x == c => {
                self.bump();
                Ok(())
            }
            Some(x) => Err(self.err(format!("expected {what}, found `{x}`"))),
            None => Err(self.err(format!("expected {what}, found the end of the file"))),
        }
    }

    fn value(&mut self) -> PResult<Node> {
        self.skip_ws()?;
        let pos = self.pos();
        let kind = match self.peek() {
            None => return Err(self.err("expected a value, found the end of the file")),
            Some('"') => Kind::Str(self.string()?),
            Some('r') if matches!(self.peek_at(1), Some('"') | Some('#')) => {
                Kind::Str(self.raw_string()?)
            }
            Some('\'') => Kind::Str(self.char_lit()?),
            Some('[') => {
                self.bump();
                let mut items = Vec::new();
                loop {
                    self.skip_ws()?;
                    if self.peek() == Some(']') {
                        self.bump();
                        break;
                    }
                    items.push(self.value()?);
                    if !self.comma_or_close(']', "`,` or `]`")? {
                        break;
                    }
                }
                Kind::List(items)
            }
            Some('{') => {
                self.bump();
                let mut entries = Vec::new();
                loop {
                    self.skip_ws()?;
                    if self.peek() == Some('}') {
                        self.bump();
                        break;
                    }
                    let k = self.value()?;
                    self.expect(':', "`:` after a map key")?;
                    let v = self.value()?;
                    entries.push((k, v));
                    if !self.comma_or_close('}', "`,` or `}`")? {
                        break;
                    }
                }
                Kind::Map(entries)
            }
            Some('(') => self.paren_body(None)?,
            Some(c) if c == '-' || c == '+' || c == '.' || c.is_ascii_digit() => self.number()?,
            Some(c) if c.is_alphabetic() || c == '_' => {
                let ident = self.ident();
                match ident.as_str() {
                    "true" => Kind::Bool(true),
                    "false" => Kind::Bool(false),
                    "inf" | "NaN" => {
                        return Err(Problem {
                            pos,
                            message: format!("`{ident}` is not an accepted number here"),
                        });
                    }
                    _ => {
                        self.skip_ws()?;
                        if self.peek() == Some('(') {
                            self.paren_body(Some(ident))?
                        } else {
                            Kind::Ident(ident)
                        }
                    }
                }
            }
            Some(c) => return Err(self.err(format!("expected a value, found `{c}`"))),
        };
        Ok(Node { pos, kind })
    }

    /// After an item: consumes `,` (returns true: more may follow) or the closing bracket
    /// (returns false).
    fn comma_or_close(&mut self, close: char, what: &str) -> PResult<bool> {
        self.skip_ws()?;
        match self.peek() {
            Some(',') => {
                self.bump();
                Ok(true)
            }
            Some(c) if c == close => {
                self.bump();
                Ok(false)
            }
            Some(c) => Err(self.err(format!("expected {what}, found `{c}`"))),
            None => Err(self.err(format!("expected {what}, found the end of the file"))),
        }
    }

    /// `( ... )` after an optional name: a struct if the first item is `ident:`, else a tuple.
    fn paren_body(&mut self, name: Option<String>) -> PResult<Kind> {
        self.expect('(', "`(`")?;
        self.skip_ws()?;
        if self.peek() == Some(')') {
            self.bump();
            return Ok(Kind::Tuple(name, Vec::new()));
        }
        if self.looks_like_field() {
            let mut fields = Vec::new();
            loop {
                self.skip_ws()?;
                if self.peek() == Some(')') {
                    self.bump();
                    break;
                }
                let fpos = self.pos();
                if !self.looks_like_field() {
                    return Err(self.err("expected a field name followed by `:`"));
                }
                let fname = self.ident();
                self.expect(':', "`:` after a field name")?;
                let v = self.value()?;
                fields.push((fname, fpos, v));
                if !self.comma_or_close(')', "`,` or `)`")? {
                    break;
                }
            }
            Ok(Kind::Struct(name, fields))
        } else {
            let mut items = Vec::new();
            loop {
                self.skip_ws()?;
                if self.peek() == Some(')') {
                    self.bump();
                    break;
                }
                items.push(self.value()?);
                if !self.comma_or_close(')', "`,` or `)`")? {
                    break;
                }
            }
            Ok(Kind::Tuple(name, items))
        }
    }

    fn looks_like_field(&self) -> bool {
        let mut k = 0;
        match self.peek_at(0) {
            Some(c) if c.is_alphabetic() || c == '_' => {}
            _ => return false,
        }
        while let Some(c) = self.peek_at(k) {
            if c.is_alphanumeric() || c == '_' {
                k += 1;
            } else {
                break;
            }
        }
        while let Some(c) = self.peek_at(k) {
            if c == ' ' || c == '\t' {
                k += 1;
            } else {
                break;
            }
        }
        self.peek_at(k) == Some(':') && self.peek_at(k + 1) != Some(':')
    }

    fn ident(&mut self) -> String {
        let mut s = String::new();
        while let Some(c) = self.peek() {
            if c.is_alphanumeric() || c == '_' {
                s.push(c);
                self.bump();
            } else {
                break;
            }
        }
        s
    }

    fn number(&mut self) -> PResult<Kind> {
        let start = self.pos();
        let mut s = String::new();
        if let Some(c @ ('-' | '+')) = self.peek() {
            s.push(c);
            self.bump();
        }
        let mut is_float = false;
        while let Some(c) = self.peek() {
            if c.is_ascii_digit() || c == '_' {
                if c != '_' {
                    s.push(c);
                }
                self.bump();
            } else if c == '.' && !is_float {
                is_float = true;
                s.push(c);
                self.bump();
            } else if (c == 'e' || c == 'E') && !s.is_empty() {
                is_float = true;
                s.push(c);
                self.bump();
                if let Some(sign @ ('-' | '+')) = self.peek() {
                    s.push(sign);
                    self.bump();
                }
            } else {
                break;
            }
        }
        if let Some(c) = self.peek()
            && (c.is_alphabetic() || c == '_')
        {
            return Err(self.err(format!("unexpected `{c}` in a number")));
        }
        let bad = || Problem {
            pos: start,
            message: format!("`{s}` is not a valid number"),
        };
        if is_float {
            s.parse::<f64>().map(Kind::Float).map_err(|_| bad())
        } else {
            s.parse::<i64>().map(Kind::Int).map_err(|_| bad())
        }
    }

    fn string(&mut self) -> PResult<String> {
        let start = self.pos();
        self.bump(); // opening quote
        let mut s = String::new();
        loop {
            match self.bump() {
                None => {
                    return Err(Problem {
                        pos: start,
                        message: "unterminated string".into(),
                    });
                }
                Some('"') => return Ok(s),
                Some('\\') => {
                    let epos = self.pos();
                    match self.bump() {
                        Some('n') => s.push('\n'),
                        Some('t') => s.push('\t'),
                        Some('r') => s.push('\r'),
                        Some('0') => s.push('\0'),
                        Some('\\') => s.push('\\'),
                        Some('"') => s.push('"'),
                        Some('\'') => s.push('\''),
                        Some('u') => {
                            let mut hex = String::new();
                            if self.peek() == Some('{') {
                                self.bump();
                                while let Some(c) = self.bump() {
                                    if c == '}' {
                                        break;
                                    }
                                    hex.push(c);
                                }
                            } else {
                                for _ in 0..4 {
                                    if let Some(c) = self.bump() {
                                        hex.push(c);
                                    }
                                }
                            }
                            match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                                Some(c) => s.push(c),
                                None => {
                                    return Err(Problem {
                                        pos: epos,
                                        message: format!("invalid unicode escape `{hex}`"),
                                    });
                                }
                            }
                        }
                        Some(c) => {
                            return Err(Problem {
                                pos: epos,
                                message: format!("unknown escape `\\{c}`"),
                            });
                        }
                        None => {
                            return Err(Problem {
                                pos: start,
                                message: "unterminated string".into(),
                            });
                        }
                    }
                }
                Some(c) => s.push(c),
            }
        }
    }

    fn raw_string(&mut self) -> PResult<String> {
        let start = self.pos();
        self.bump(); // r
        let mut hashes = 0;
        while self.peek() == Some('#') {
            hashes += 1;
            self.bump();
        }
        if self.bump() != Some('"') {
            return Err(Problem {
                pos: start,
                message: "malformed raw string".into(),
            });
        }
        let mut s = String::new();
        loop {
            match self.bump() {
                None => {
                    return Err(Problem {
                        pos: start,
                        message: "unterminated raw string".into(),
                    });
                }
                Some('"') => {
                    let mut k = 0;
                    while k < hashes && self.peek_at(k) == Some('#') {
                        k += 1;
                    }
                    if k == hashes {
                        for _ in 0..hashes {
                            self.bump();
                        }
                        return Ok(s);
                    }
                    s.push('"');
                }
                Some(c) => s.push(c),
            }
        }
    }

    fn char_lit(&mut self) -> PResult<String> {
        let start = self.pos();
        self.bump();
        let c = self.bump();
        if self.bump() != Some('\'') {
            return Err(Problem {
                pos: start,
                message: "malformed character literal".into(),
            });
        }
        Ok(c.map(String::from).unwrap_or_default())
    }
}

// ---------------------------------------------------------------------------------------------
// serde bridge
// ---------------------------------------------------------------------------------------------

/// A typed-conversion error, with the position of the value it is about.
#[derive(Debug, Clone)]
pub struct DeError {
    pub message: String,
    pub pos: Option<Pos>,
}

impl fmt::Display for DeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DeError {}

impl de::Error for DeError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        DeError {
            message: msg.to_string(),
            pos: None,
        }
    }
}

fn at(pos: Pos) -> impl Fn(DeError) -> DeError {
    move |mut e| {
        if e.pos.is_none() {
            e.pos = Some(pos);
        }
        e
    }
}

/// What the conversion learns besides the value: skipped unknown fields and value positions.
#[derive(Default)]
pub struct Trace {
    pub problems: RefCell<Vec<Problem>>,
    pub positions: RefCell<HashMap<String, Pos>>,
}

impl Trace {
    /// The position of the value at `path`, or of its closest recorded ancestor.
    pub fn pos_of(&self, path: &str) -> Pos {
        let map = self.positions.borrow();
        let mut p = path.to_string();
        loop {
            if let Some(pos) = map.get(&p) {
                return *pos;
            }
            let cut = p.rfind(['.', '[']);
            match cut {
                Some(i) => p.truncate(i),
                None => return map.get("").copied().unwrap_or(Pos { line: 1, col: 1 }),
            }
        }
    }
}

/// Converts a parsed tree into `T`, recording unknown fields in `trace` and skipping them.
pub fn from_node<'de, T: de::Deserialize<'de>>(node: &Node, trace: &Trace) -> Result<T, DeError> {
    T::deserialize(De {
        node,
        trace,
        path: String::new(),
    })
}

struct De<'a> {
    node: &'a Node,
    trace: &'a Trace,
    path: String,
}

impl<'a> De<'a> {
    fn child(&self, node: &'a Node, path: String) -> De<'a> {
        De {
            node,
            trace: self.trace,
            path,
        }
    }

    fn record(&self) {
        self.trace
            .positions
            .borrow_mut()
            .entry(self.path.clone())
            .or_insert(self.node.pos);
    }

    fn invalid(&self, expected: &str) -> DeError {
        DeError {
            message: format!("expected {expected}, found {}", self.node.describe()),
            pos: Some(self.node.pos),
        }
    }
}

fn join(path: &str, field: &str) -> String {
    if path.is_empty() {
        field.to_string()
    } else {
        format!("{path}.{field}")
    }
}

impl<'de> de::Deserializer<'de> for De<'_> {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.record();
        let pos = self.node.pos;
        match &self.node.kind {
            Kind::Ident(n) if n == "None" => visitor.visit_none(),
            Kind::Ident(n) => visitor.visit_str(n),
            Kind::Bool(b) => visitor.visit_bool(*b),
            Kind::Int(i) => visitor.visit_i64(*i),
            Kind::Float(f) => visitor.visit_f64(*f),
            Kind::Str(s) => visitor.visit_str(s),
            Kind::List(items) => visitor.visit_seq(Seq::new(&self, items)),
            Kind::Tuple(Some(n), items) if n == "Some" && items.len() == 1 => {
                visitor.visit_some(self.child(&items[0], self.path.clone()))
            }
            Kind::Tuple(_, items) if items.is_empty() => visitor.visit_unit(),
            Kind::Tuple(_, items) => visitor.visit_seq(Seq::new(&self, items)),
            Kind::Map(entries) => visitor.visit_map(MapAcc::new(&self, entries)),
            Kind::Struct(_, fields) => visitor.visit_map(StructAcc::new(&self, fields, None)),
        }
        .map_err(at(pos))
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.record();
        match &self.node.kind {
            Kind::Bool(b) => visitor.visit_bool(*b).map_err(at(self.node.pos)),
            _ => Err(self.invalid("`true` or `false`")),
        }
    }

    fn deserialize_i64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.record();
        match &self.node.kind {
            Kind::Int(i) => visitor.visit_i64(*i).map_err(at(self.node.pos)),
            Kind::Float(_) => Err(self.invalid("a whole number")),
            _ => Err(self.invalid("a number")),
        }
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.record();
        match &self.node.kind {
            Kind::Int(i) => visitor.visit_f64(*i as f64).map_err(at(self.node.pos)),
            Kind::Float(f) => visitor.visit_f64(*f).map_err(at(self.node.pos)),
            _ => Err(self.invalid("a number")),
        }
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.record();
        match &self.node.kind {
            Kind::Str(s) => visitor.visit_str(s).map_err(at(self.node.pos)),
            _ => Err(self.invalid("a string")),
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        match &self.node.kind {
            Kind::Ident(s) | Kind::Str(s) => visitor.visit_str(s).map_err(at(self.node.pos)),
            _ => Err(self.invalid("an identifier")),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.record();
        let pos = self.node.pos;
        match &self.node.kind {
            Kind::Ident(n) if n == "None" => visitor.visit_none(),
            Kind::Tuple(Some(n), items) if n == "Some" && items.len() == 1 => {
                visitor.visit_some(self.child(&items[0], self.path.clone()))
            }
            // Implicit `Some`: a bare value stands for `Some(value)`.
            _ => visitor.visit_some(self),
        }
        .map_err(at(pos))
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.record();
        match &self.node.kind {
            Kind::Tuple(_, items) if items.is_empty() => {
                visitor.visit_unit().map_err(at(self.node.pos))
            }
            _ => Err(self.invalid("`()`")),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.record();
        match &self.node.kind {
            Kind::Ident(_) => visitor.visit_unit().map_err(at(self.node.pos)),
            _ => self.deserialize_unit(visitor),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.record();
        let pos = self.node.pos;
        match &self.node.kind {
            Kind::Tuple(Some(n), items) if n == name && items.len() == 1 => {
                visitor.visit_newtype_struct(self.child(&items[0], self.path.clone()))
            }
            _ => visitor.visit_newtype_struct(self),
        }
        .map_err(at(pos))
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.record();
        match &self.node.kind {
            Kind::List(items) | Kind::Tuple(_, items) => visitor
                .visit_seq(Seq::new(&self, items))
                .map_err(at(self.node.pos)),
            _ => Err(self.invalid("a list `[...]`")),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.record();
        match &self.node.kind {
            Kind::List(items) | Kind::Tuple(_, items) => {
                if items.len() != len {
                    return Err(DeError {
                        message: format!("expected a tuple of {len} values, found {}", items.len()),
                        pos: Some(self.node.pos),
                    });
                }
                visitor
                    .visit_seq(Seq::new(&self, items))
                    .map_err(at(self.node.pos))
            }
            _ => Err(self.invalid(&format!("a tuple of {len} values"))),
        }
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.deserialize_tuple(len, visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        self.record();
        match &self.node.kind {
            Kind::Map(entries) => visitor
                .visit_map(MapAcc::new(&self, entries))
                .map_err(at(self.node.pos)),
            Kind::Struct(_, fields) => visitor
                .visit_map(StructAcc::new(&self, fields, None))
                .map_err(at(self.node.pos)),
            _ => Err(self.invalid("a map `{...}`")),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.record();
        match &self.node.kind {
            Kind::Struct(n, fs) => {
                if let Some(n) = n
                    && n != name
                {
                    return Err(DeError {
                        message: format!("expected `{name}(...)`, found `{n}(...)`"),
                        pos: Some(self.node.pos),
                    });
                }
                visitor
                    .visit_map(StructAcc::new(&self, fs, Some(fields)))
                    .map_err(at(self.node.pos))
            }
            Kind::Tuple(_, items) if items.is_empty() => visitor
                .visit_map(StructAcc::new(&self, &[], Some(fields)))
                .map_err(at(self.node.pos)),
            _ => Err(self.invalid(&format!("`{name}(...)` with named fields"))),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        self.record();
        let pos = self.node.pos;
        let (variant, body): (&str, Body) = match &self.node.kind {
            Kind::Ident(n) | Kind::Str(n) => (n.as_str(), Body::Unit),
            Kind::Tuple(Some(n), items) => (n.as_str(), Body::Tuple(items)),
            Kind::Struct(Some(n), fields) => (n.as_str(), Body::Struct(fields)),
            _ => {
                return Err(self.invalid(&format!("one of {}", list(variants))));
            }
        };
        if !variants.contains(&variant) {
            return Err(DeError {
                message: format!(
                    "unknown variant `{variant}`, expected one of {}",
                    list(variants)
                ),
                pos: Some(pos),
            });
        }
        visitor
            .visit_enum(Enum {
                de: &self,
                variant,
                body,
            })
            .map_err(at(pos))
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, DeError> {
        visitor.visit_unit()
    }

    fn deserialize_i8<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        self.deserialize_i64(v)
    }
    fn deserialize_i16<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        self.deserialize_i64(v)
    }
    fn deserialize_i32<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        self.deserialize_i64(v)
    }
    fn deserialize_u8<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        self.deserialize_i64(v)
    }
    fn deserialize_u16<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        self.deserialize_i64(v)
    }
    fn deserialize_u32<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        self.deserialize_i64(v)
    }
    fn deserialize_u64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        self.deserialize_i64(v)
    }
    fn deserialize_f32<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        self.deserialize_f64(v)
    }
    fn deserialize_char<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        self.deserialize_str(v)
    }
    fn deserialize_string<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        self.deserialize_str(v)
    }
    fn deserialize_bytes<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        self.deserialize_seq(v)
    }
    fn deserialize_byte_buf<V: Visitor<'de>>(self, v: V) -> Result<V::Value, DeError> {
        self.deserialize_seq(v)
    }
}

fn list(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

struct Seq<'a> {
    parent_path: String,
    trace: &'a Trace,
    items: &'a [Node],
    i: usize,
}

impl<'a> Seq<'a> {
    fn new(de: &De<'a>, items: &'a [Node]) -> Self {
        Seq {
            parent_path: de.path.clone(),
            trace: de.trace,
            items,
            i: 0,
        }
    }
}

impl<'de> de::SeqAccess<'de> for Seq<'_> {
    type Error = DeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, DeError> {
        let Some(node) = self.items.get(self.i) else {
            return Ok(None);
        };
        let path = format!("{}[{}]", self.parent_path, self.i);
        self.i += 1;
        seed.deserialize(De {
            node,
            trace: self.trace,
            path,
        })
        .map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len() - self.i)
    }
}

struct MapAcc<'a> {
    parent_path: String,
    trace: &'a Trace,
    entries: &'a [(Node, Node)],
    i: usize,
}

impl<'a> MapAcc<'a> {
    fn new(de: &De<'a>, entries: &'a [(Node, Node)]) -> Self {
        MapAcc {
            parent_path: de.path.clone(),
            trace: de.trace,
            entries,
            i: 0,
        }
    }

    fn key_text(node: &Node) -> String {
        match &node.kind {
            Kind::Str(s) | Kind::Ident(s) => s.clone(),
            Kind::Int(i) => i.to_string(),
            _ => "?".into(),
        }
    }
}

impl<'de> de::MapAccess<'de> for MapAcc<'_> {
    type Error = DeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, DeError> {
        let Some((k, _)) = self.entries.get(self.i) else {
            return Ok(None);
        };
        let path = format!("{}[{}]", self.parent_path, Self::key_text(k));
        seed.deserialize(De {
            node: k,
            trace: self.trace,
            path,
        })
        .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, DeError> {
        let (k, v) = &self.entries[self.i];
        self.i += 1;
        let path = format!("{}[{}]", self.parent_path, Self::key_text(k));
        seed.deserialize(De {
            node: v,
            trace: self.trace,
            path,
        })
    }
}

struct StructAcc<'a> {
    parent_path: String,
    trace: &'a Trace,
    fields: Vec<&'a (String, Pos, Node)>,
    i: usize,
}

impl<'a> StructAcc<'a> {
    /// With `known` set, fields not in it are recorded as problems and skipped, and repeated
    /// fields are recorded too (the first one is used).
    fn new(
        de: &De<'a>,
        fields: &'a [(String, Pos, Node)],
        known: Option<&'static [&'static str]>,
    ) -> Self {
        let mut kept: Vec<&'a (String, Pos, Node)> = Vec::new();
        for f in fields {
            if let Some(known) = known
                && !known.contains(&f.0.as_str())
            {
                de.trace.problems.borrow_mut().push(Problem {
                    pos: f.1,
                    message: format!("unknown field `{}`, expected one of {}", f.0, list(known)),
                });
                continue;
            }
            if kept.iter().any(|k| k.0 == f.0) {
                de.trace.problems.borrow_mut().push(Problem {
                    pos: f.1,
                    message: format!("field `{}` is given twice", f.0),
                });
                continue;
            }
            kept.push(f);
        }
        StructAcc {
            parent_path: de.path.clone(),
            trace: de.trace,
            fields: kept,
            i: 0,
        }
    }
}

impl<'de> de::MapAccess<'de> for StructAcc<'_> {
    type Error = DeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, DeError> {
        let Some((name, pos, _)) = self.fields.get(self.i).copied() else {
            return Ok(None);
        };
        seed.deserialize(name.as_str().into_deserializer())
            .map(Some)
            .map_err(|e: DeError| at(*pos)(e))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, DeError> {
        let (name, _, node) = self.fields[self.i];
        self.i += 1;
        seed.deserialize(De {
            node,
            trace: self.trace,
            path: join(&self.parent_path, name),
        })
    }
}

enum Body<'a> {
    Unit,
    Tuple(&'a [Node]),
    Struct(&'a [(String, Pos, Node)]),
}

struct Enum<'a, 'b> {
    de: &'b De<'a>,
    variant: &'b str,
    body: Body<'a>,
}

impl<'de, 'a, 'b> de::EnumAccess<'de> for Enum<'a, 'b> {
    type Error = DeError;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), DeError> {
        let v = seed.deserialize(self.variant.into_deserializer())?;
        Ok((v, self))
    }
}

impl<'de> de::VariantAccess<'de> for Enum<'_, '_> {
    type Error = DeError;

    fn unit_variant(self) -> Result<(), DeError> {
        match self.body {
            Body::Unit => Ok(()),
            Body::Tuple([]) => Ok(()),
            _ => Err(DeError {
                message: format!("variant `{}` takes no values", self.variant),
                pos: Some(self.de.node.pos),
            }),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, DeError> {
        match self.body {
            Body::Tuple(items) if items.len() == 1 => {
                seed.deserialize(self.de.child(&items[0], self.de.path.clone()))
            }
            _ => Err(DeError {
                message: format!(
                    "variant `{}` takes one value: `{}(...)`",
                    self.variant, self.variant
                ),
                pos: Some(self.de.node.pos),
            }),
        }
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, DeError> {
        match self.body {
            Body::Tuple(items) if items.len() == len => visitor.visit_seq(Seq::new(self.de, items)),
            _ => Err(DeError {
                message: format!("variant `{}` takes {len} values", self.variant),
                pos: Some(self.de.node.pos),
            }),
        }
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, DeError> {
        match self.body {
            Body::Struct(fs) => visitor.visit_map(StructAcc::new(self.de, fs, Some(fields))),
            Body::Tuple([]) => visitor.visit_map(StructAcc::new(self.de, &[], Some(fields))),
            _ => Err(DeError {
                message: format!(
                    "variant `{}` takes named fields: `{}({}: ...)`",
                    self.variant,
                    self.variant,
                    fields.first().copied().unwrap_or("..")
                ),
                pos: Some(self.de.node.pos),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Inner {
        a: f32,
        #[serde(default)]
        b: Option<u32>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    enum Shape {
        Round(f32),
        Oval(f32, f32),
        Flat,
        Named { w: f32 },
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Outer {
        name: String,
        items: Vec<Inner>,
        shapes: Vec<Shape>,
        pair: (f32, f32),
    }

    fn load<T: for<'de> Deserialize<'de>>(src: &str) -> (Result<T, DeError>, Trace) {
        let trace = Trace::default();
        let node = parse(src).expect("parses");
        (from_node(&node, &trace), trace)
    }

    #[test]
    fn parses_structs_enums_options_and_comments() {
        let src = r#"// header
            Outer(
                name: "x \"q\"", /* inline */
                items: [(a: 1), Inner(a: 2.5, b: Some(3)), (a: -1e1, b: 4)],
                shapes: [Round(25), Oval(60, 35.0), Flat, Named(w: 2)],
                pair: (1, 2),
            )"#;
        let (v, trace) = load::<Outer>(src);
        let v = v.unwrap();
        assert_eq!(v.name, "x \"q\"");
        assert_eq!(v.items[1], Inner { a: 2.5, b: Some(3) });
        assert_eq!(
            v.items[2],
            Inner {
                a: -10.0,
                b: Some(4)
            }
        );
        assert_eq!(v.shapes[1], Shape::Oval(60.0, 35.0));
        assert_eq!(v.shapes[3], Shape::Named { w: 2.0 });
        assert!(trace.problems.borrow().is_empty());
        assert_eq!(trace.pos_of("items[1].b"), Pos { line: 4, col: 50 });
        // An unrecorded path falls back to its closest ancestor.
        assert_eq!(trace.pos_of("items[1].zzz"), Pos { line: 4, col: 33 });
    }

    #[test]
    fn unknown_fields_are_all_reported_and_skipped() {
        let src = "Outer(name: \"n\", colour: 3, items: [(a: 1, c: 2)], shapes: [], pair: (0, 0))";
        let (v, trace) = load::<Outer>(src);
        assert!(v.is_ok());
        let problems = trace.problems.borrow();
        assert_eq!(problems.len(), 2);
        assert!(problems[0].message.contains("unknown field `colour`"));
        assert_eq!(problems[0].pos, Pos { line: 1, col: 18 });
        assert!(problems[1].message.contains("unknown field `c`"));
    }

    #[test]
    fn type_errors_point_at_the_value() {
        let src = "Outer(\n name: 5,\n items: [], shapes: [], pair: (0, 0))";
        let (v, _) = load::<Outer>(src);
        let e = v.unwrap_err();
        assert_eq!(e.pos, Some(Pos { line: 2, col: 8 }));
        assert!(e.message.contains("expected a string"), "{}", e.message);

        let (v, _) = load::<Outer>("Outer(name: \"\", items: [], shapes: [Square], pair: (0,0))");
        let e = v.unwrap_err();
        assert!(
            e.message.contains("unknown variant `Square`"),
            "{}",
            e.message
        );
        assert_eq!(e.pos, Some(Pos { line: 1, col: 37 }));

        let (v, _) = load::<Inner>("(b: 1)");
        assert!(v.unwrap_err().message.contains("missing field `a`"));

        let (v, _) = load::<Inner>("(a: 1, b: -2)");
        assert!(v.unwrap_err().message.contains("invalid value"));
    }

    #[test]
    fn syntax_errors_carry_their_position() {
        let e = parse("Outer(\n  name: \"x\"\n  items: [])").unwrap_err();
        assert_eq!(e.pos, Pos { line: 3, col: 3 });
        assert!(e.message.contains("expected `,` or `)`"), "{}", e.message);
        let e = parse("(a: \"open").unwrap_err();
        assert!(e.message.contains("unterminated string"));
        let e = parse("(a: 1) trailing").unwrap_err();
        assert!(e.message.contains("after the end"));
        let e = parse("(a: 1.2.3)").unwrap_err();
        assert_eq!(e.pos.line, 1);
        assert!(parse("").is_err());
        assert!(parse("#![enable(implicit_some)]\n(a: 1)").is_ok());
    }
}
