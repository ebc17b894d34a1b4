//! serde's views of the tree's compound values: the items of a list or tuple, the entries of
//! a map, the fields of a struct (unknown and repeated ones recorded and skipped) and the
//! variant of an enum.

use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};

use super::de::{De, DeError, Trace, at, join, list};
use super::tree::{Kind, Node, Pos, Problem};

pub(super) struct Seq<'a> {
    parent_path: String,
    trace: &'a Trace,
    items: &'a [Node],
    i: usize,
}

impl<'a> Seq<'a> {
    pub(super) fn new(de: &De<'a>, items: &'a [Node]) -> Self {
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

pub(super) struct MapAcc<'a> {
    parent_path: String,
    trace: &'a Trace,
    entries: &'a [(Node, Node)],
    i: usize,
}

impl<'a> MapAcc<'a> {
    pub(super) fn new(de: &De<'a>, entries: &'a [(Node, Node)]) -> Self {
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

pub(super) struct StructAcc<'a> {
    parent_path: String,
    trace: &'a Trace,
    fields: Vec<&'a (String, Pos, Node)>,
    i: usize,
}

impl<'a> StructAcc<'a> {
    /// With `known` set, fields not in it are recorded as problems and skipped, and repeated
    /// fields are recorded too (the first one is used).
    pub(super) fn new(
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

pub(super) enum Body<'a> {
    Unit,
    Tuple(&'a [Node]),
    Struct(&'a [(String, Pos, Node)]),
}

pub(super) struct Enum<'a, 'b> {
    pub(super) de: &'b De<'a>,
    pub(super) variant: &'b str,
    pub(super) body: Body<'a>,
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
            // RON's unwrapped newtype: `Variant(field: ..)` is `Variant((field: ..))`, as the
            // files say it that were written before a variant kept its fields in a struct.
            Body::Struct(fields) => {
                let kind = Kind::Struct(None, fields.to_vec());
                let node = Node {
                    pos: self.de.node.pos,
                    kind,
                };
                let de = De {
                    node: &node,
                    trace: self.de.trace,
                    path: self.de.path.clone(),
                };
                seed.deserialize(de)
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
