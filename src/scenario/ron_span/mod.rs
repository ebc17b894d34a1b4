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
//!
//! The parts: `tree` the parsed values, `lexer` reading characters, comments, names, numbers
//! and strings, `parser` the RON grammar, `de` the serde deserializer over the tree and its
//! errors, `access` serde's views of lists, maps, structs and enums.

mod access;
mod de;
mod lexer;
mod parser;
#[cfg(test)]
mod tests;
mod tree;

pub use de::{DeError, Trace, from_node};
pub use parser::parse;
pub use tree::{Kind, Node, Pos, Problem};
