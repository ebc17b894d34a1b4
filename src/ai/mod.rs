//! The solo-mode opponent (seed 002, rules/solo-mode.md).

pub mod simple;
pub mod solo;
