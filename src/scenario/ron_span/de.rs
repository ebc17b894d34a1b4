//! The serde bridge: a `Deserializer` over the parsed tree that records the position of every
//! value by its field path, and the errors of the typed conversion.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

use serde::de::{self, Visitor};

use super::access::{Body, Enum, MapAcc, Seq, StructAcc};
use super::tree::{Kind, Node, Pos, Problem};

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

pub(super) fn at(pos: Pos) -> impl Fn(DeError) -> DeError {
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

pub(super) struct De<'a> {
    pub(super) node: &'a Node,
    pub(super) trace: &'a Trace,
    pub(super) path: String,
}

impl<'a> De<'a> {
    pub(super) fn child(&self, node: &'a Node, path: String) -> De<'a> {
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

pub(super) fn join(path: &str, field: &str) -> String {
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

pub(super) fn list(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}
