//! The solo-mode opponent (seed 002, rules/solo-mode.md).

pub mod setup;
pub mod simple;
pub mod solo;
