//! Plain data at the bottom of the module graph: types that depend on nothing else in the crate
//! (no bevy systems, no rules logic) and that every other module may use.

pub mod rule_id;

pub use rule_id::RuleId;
